"""What every board of one size shares: cell offsets, grid and stroke widths, insets.

Layout works board by board; the numbers of a board depend only on its
width, so they are worked out once per size (``Side``) and each board adds
its corner to them. The proportions of a map, as shares of a cell or a board,
are here too.
"""

from __future__ import annotations

from ttt_maps.game.geometry import Geometry

#: Gap between a cell's edge and the sub-map inside it, as a share of the cell.
NEST_PAD = 0.075
#: Glyph inset inside its cell, as a share of the cell.
GLYPH_PAD = 0.19
#: Grid stroke as a share of the board's side.
GRID_WIDTH = 0.011
#: Mark stroke as a share of the cell's side.
MARK_WIDTH = 0.085
#: Win line stroke as a share of the cell's side.
WIN_WIDTH = 0.1
#: A faint alternative beside a sub-map: its box as a multiple of the nesting gap.
ALT_BADGE = 1.4
#: The dots of a cut cell's ellipsis: their side and spacing, as shares of the cell.
CUT_DOT = 0.07
CUT_GAP = 0.16


def glyph(side: float, floor: float) -> tuple[float, float, float]:
    """A glyph in a cell of ``side``: its inset, its box's side and its stroke width."""
    pad = side * GLYPH_PAD
    return pad, side - 2 * pad, max(side * MARK_WIDTH, floor * 1.2)


class Side:
    """What every board of one side shares, worked out once per level.

    Each board then adds its corner to these offsets. The sums keep the order
    of the plain computation (corner + cell offset, then + inset), so every
    number comes out bit for bit as it would one box at a time.
    """

    def __init__(self, g: Geometry, w: float, floor: float) -> None:
        side = w / g.cols
        self.h = side * g.rows
        # Cell corners, and where the inner grid lines cross the board.
        rcs = [g.rc(cell) for cell in range(g.size)]
        self.dx = tuple(c * side for _, c in rcs)
        self.dy = tuple(r * side for r, _ in rcs)
        self.cuts_x = tuple(c * side for c in range(1, g.cols))
        self.cuts_y = tuple(r * side for r in range(1, g.rows))
        self.grid_width = max(w * GRID_WIDTH, floor)
        # Win lines run between cell centres and overshoot by a share of the cell.
        self.half = side / 2
        self.over = side * 0.32
        self.win_width = max(side * WIN_WIDTH, floor * 1.5)
        # A mark filling a cell; a sub-map inset in a cell.
        self.pad, self.glyph, self.mark_width = glyph(side, floor)
        self.nest = side * NEST_PAD
        self.inner = side - 2 * self.nest
        # A sub-map keeps the board's shape, inside the inset cell and centred there.
        aspect = g.rows / g.cols
        self.sub_w = self.inner if aspect <= 1 else self.inner / aspect
        self.sub_h = self.inner * aspect if aspect <= 1 else self.inner
        self.sub_dx = self.nest + (self.inner - self.sub_w) / 2
        self.sub_dy = self.nest + (self.inner - self.sub_h) / 2
        # The ellipsis of a cut cell: three dots across the cell's middle.
        self.dot = max(side * CUT_DOT, floor)
        self.dot_xs = tuple(side / 2 + side * CUT_GAP * i for i in (-1, 0, 1))
        # A faint alternative in the free corner of a cell that holds a sub-map.
        self.badge_shift = self.nest / 4
        self.badge_pad, self.badge_glyph, self.badge_width = glyph(self.nest * ALT_BADGE, floor)
