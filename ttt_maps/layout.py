"""Layout: a strategy tree becomes nested grids, following xkcd 832 (SPEC section 6).

Two mutually recursive functions, as in the seed's Haskell program:
``_choice_board`` (the player's turn: earlier marks in black, the chosen move
in red at cell size, a sub-map in every other empty cell) and
``_reply_grid`` (the opponent's turn at the root: a sub-map in every empty
cell). Sizes are in map units; line widths shrink with the level down to a
floor tied to the whole map, so the deepest grids stay visible.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttt_maps.board import Board, other
from ttt_maps.errors import UsageError
from ttt_maps.scene import Box, Group, Item, Line, Mark, Rect, Scene, Theme, get_theme
from ttt_maps.solver import solver_for
from ttt_maps.strategy import Node, Strategy

#: Side of a whole map in map units.
MAP_SIZE = 1000.0
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
#: No stroke thinner than this share of the whole map.
FLOOR = 0.00025


@dataclass(frozen=True)
class MapOptions:
    """How to draw one map; ``differs`` holds board keys to highlight (compare)."""

    depth: int | None = None
    alternatives: bool = False
    outcomes: bool = False
    differs: frozenset[int] = frozenset()


class _Layout:
    """One map being laid out: the tree's player, the options and the floor width."""

    def __init__(self, strategy: Strategy, size: float, opts: MapOptions) -> None:
        self.player = strategy.player
        self.opponent = other(strategy.player)
        self.opts = opts
        self.floor = size * FLOOR
        self.solver = solver_for(strategy.geometry)
        self.geometry = strategy.geometry
        # Every board at a level has the same side: cell offsets and glyph sizes
        # are worked out once per side, then shifted to each board's corner.
        self._offsets: dict[float, tuple[tuple[float, float], ...]] = {}
        self._glyphs: dict[float, tuple[float, float, float]] = {}

    def offsets(self, w: float) -> tuple[tuple[float, float], ...]:
        """(dx, dy) of every cell's corner in a board of side ``w``."""
        hit = self._offsets.get(w)
        if hit is None:
            g = self.geometry
            side = w / g.cols
            hit = tuple((c * side, r * side) for r, c in map(g.rc, range(g.size)))
            self._offsets[w] = hit
        return hit

    # -- pieces of a board --------------------------------------------------

    def cell_box(self, board: Board, box: Box, cell: int) -> Box:
        dx, dy = self.offsets(box.w)[cell]
        side = box.w / board.geometry.cols
        return Box(box.x + dx, box.y + dy, side, side)

    def grid(self, board: Board, box: Box) -> list[Item]:
        """The ``#`` of the board: inner lines only, as in the comic."""
        g = board.geometry
        width = max(box.w * GRID_WIDTH, self.floor)
        side = box.w / g.cols
        lines: list[Item] = []
        for c in range(1, g.cols):
            x = box.x + c * side
            lines.append(Line(((x, box.y), (x, box.y + box.h)), width, "grid"))
        for r in range(1, g.rows):
            y = box.y + r * side
            lines.append(Line(((box.x, y), (box.x + box.w, y)), width, "grid"))
        return lines

    def mark(
        self, symbol: str, cell: int, cell_box: Box, role: str, classes: tuple[str, ...] = ()
    ) -> Mark:
        return self.mark_in(symbol, cell, cell_box.x, cell_box.y, cell_box.w, role, classes)

    def mark_in(
        self,
        symbol: str,
        cell: int,
        x: float,
        y: float,
        side: float,
        role: str,
        classes: tuple[str, ...] = (),
    ) -> Mark:
        """A mark in the cell at (x, y); ``played`` calls this without a cell ``Box``."""
        glyph = self._glyphs.get(side)
        if glyph is None:
            pad = side * GLYPH_PAD
            glyph = (pad, side - 2 * pad, max(side * MARK_WIDTH, self.floor * 1.2))
            self._glyphs[side] = glyph
        pad, inner, width = glyph
        return Mark(
            "x" if symbol == "x" else "o",
            cell,
            Box(x + pad, y + pad, inner, inner),
            role,  # type: ignore[arg-type]
            width,
            classes,
        )

    def played(self, board: Board, box: Box) -> list[Item]:
        marks = board.x
        offsets = self.offsets(box.w)
        side = box.w / self.geometry.cols
        out: list[Item] = []
        for c in self.geometry.cells_of(marks | board.o):
            dx, dy = offsets[c]
            symbol = "x" if marks >> c & 1 else "o"
            out.append(self.mark_in(symbol, c, box.x + dx, box.y + dy, side, "played"))
        return out

    def win_lines(self, board: Board, box: Box) -> list[Item]:
        """A stroke through each line the winner holds, overshooting the end cells a little."""
        if board.winner() is None:
            return []
        out: list[Item] = []
        for cells in board.winning_lines():
            a = self.cell_box(board, box, cells[0])
            b = self.cell_box(board, box, cells[-1])
            dx, dy = b.cx - a.cx, b.cy - a.cy
            length = (dx * dx + dy * dy) ** 0.5 or 1.0
            over = a.w * 0.32 / length
            start = (a.cx - dx * over, a.cy - dy * over)
            end = (b.cx + dx * over, b.cy + dy * over)
            out.append(Line((start, end), max(a.w * WIN_WIDTH, self.floor * 1.5), "win"))
        return out

    # -- the two recursive halves --------------------------------------------

    def choice_board(
        self, node: Node, box: Box, level: int, path: tuple[tuple[str, int], ...]
    ) -> Group:
        """The player's turn: the red move and a sub-map for every other reply."""
        board = node.board
        cell, after = node.children[0]
        differs = board.key in self.opts.differs
        items: list[Item] = []
        if differs:
            items.append(Rect(box, "differs"))
        cut = self.opts.depth is not None and level >= self.opts.depth
        if self.opts.alternatives:
            items += self.alternatives(board, box, cell, blank=cut or after.board.is_over)
        items += self.grid(board, box)
        items += self.played(board, box)
        here = (*path, (self.player, cell))
        if not cut:
            items += self.replies(after, box, level, here)
        # The win line goes under the red move, so the move stays the boldest thing.
        items += self.win_lines(after.board, box)
        chosen_box = self.cell_box(board, box, cell)
        chosen_classes = ("ttt-differs",) if differs else ()
        items.append(self.mark(self.player, cell, chosen_box, "chosen", chosen_classes))
        return self.board_group(node, box, level, path, items, differs)

    def alternatives(self, board: Board, box: Box, chosen: int, blank: bool) -> list[Item]:
        """The other optimal moves, faint, drawn before the sub-maps.

        In a cell left empty (the game is over, or the map is cut there) the
        mark fills the cell. A cell that holds a sub-map gets a small mark in
        its free top-left corner instead: a cell-sized one behind the sub-map
        reads as part of the sub-map.
        """
        out: list[Item] = []
        for alt in self.solver.best_moves(board):
            if alt == chosen:
                continue
            cb = self.cell_box(board, box, alt)
            if not blank:
                gap = cb.w * NEST_PAD
                cb = Box(cb.x + gap / 4, cb.y + gap / 4, gap * ALT_BADGE, gap * ALT_BADGE)
            out.append(self.mark(self.player, alt, cb, "alt"))
        return out

    def reply_grid(
        self, node: Node, box: Box, level: int, path: tuple[tuple[str, int], ...]
    ) -> Group:
        """The opponent's turn at the root: every empty cell holds that reply's sub-map."""
        items: list[Item] = [*self.grid(node.board, box), *self.played(node.board, box)]
        items += self.replies(node, box, level, path)
        return self.board_group(node, box, level, path, items, False)

    def replies(
        self, node: Node, box: Box, level: int, path: tuple[tuple[str, int], ...]
    ) -> list[Item]:
        """For each reply: its sub-map, or a black mark at cell size when it ends the game."""
        out: list[Item] = []
        wins: list[Item] = []
        for reply, child in node.children:
            cb = self.cell_box(node.board, box, reply)
            if not child.children:
                out.append(self.mark(self.opponent, reply, cb, "final"))
                wins += self.win_lines(child.board, box)
            else:
                inner = cb.inset(cb.w * NEST_PAD)
                out.append(
                    self.choice_board(child, inner, level + 1, (*path, (self.opponent, reply)))
                )
        return out + wins

    def board_group(
        self,
        node: Node,
        box: Box,
        level: int,
        path: tuple[tuple[str, int], ...],
        items: list[Item],
        differs: bool,
    ) -> Group:
        classes = ["ttt-board", f"ttt-level-{level}"]
        if differs:
            classes.append("ttt-differs")
        if self.opts.outcomes and level > 0:
            result = self.solver.outcome(node.board).result
            mine = result if node.board.to_move == self.player else -result
            kind = "win" if mine > 0 else "draw" if mine == 0 else "loss"
            classes.append(f"ttt-outcome-{kind}")
            if kind in ("win", "draw"):
                items.insert(0, Rect(box, "tint-win" if kind == "win" else "tint-draw"))
        return Group(
            box=box,
            items=tuple(items),
            board=str(node.board),
            level=level,
            path=path,
            classes=tuple(classes),
            data=(("board", str(node.board)),),
        )

    def finished_board(self, node: Node, box: Box) -> Group:
        """A finished root: the board itself, with its win line."""
        items = [
            *self.grid(node.board, box),
            *self.played(node.board, box),
            *self.win_lines(node.board, box),
        ]
        return self.board_group(node, box, 0, (), items, False)


def layout_map(strategy: Strategy, box: Box | None = None, opts: MapOptions | None = None) -> Group:
    """One map as a board group filling ``box`` (a square)."""
    box = box or Box(0.0, 0.0, MAP_SIZE, MAP_SIZE)
    opts = opts or MapOptions()
    if opts.depth is not None and opts.depth < 0:
        raise UsageError(f"--depth {opts.depth}: must be 0 or more")
    lay = _Layout(strategy, box.w, opts)
    root = strategy.root
    if root.chooses:
        return lay.choice_board(root, box, 0, ())
    if root.children:
        if opts.depth == 0:
            raise UsageError(
                "--depth 0: this map starts at the opponent's turn, use --depth 1 or more"
            )
        return lay.reply_grid(root, box, 0, ())
    return lay.finished_board(root, box)


def describe(strategy: Strategy) -> str:
    """The ``<desc>`` of a map: how to read it and what it holds."""
    f = strategy.facts
    who = strategy.player.upper()
    return (
        f"Complete map of optimal tic-tac-toe moves for {who} from {strategy.root.board}, "
        f"policy {strategy.policy.name}. Your move is given by the position of the largest "
        f"red symbol on the grid. When your opponent picks a move, zoom in on the region of "
        f"the grid where they went. Repeat. {f.choices} positions where {who} chooses, "
        f"{f.wins} won and {f.draws} drawn finishes."
    )


def map_scene(
    strategy: Strategy,
    opts: MapOptions | None = None,
    theme: Theme | str = "light",
    title: str | None = None,
) -> Scene:
    """A single map with a quiet margin around it."""
    margin = MAP_SIZE * 0.035
    group = layout_map(strategy, Box(margin, margin, MAP_SIZE, MAP_SIZE), opts)
    side = MAP_SIZE + 2 * margin
    who = strategy.player.upper()
    return Scene(
        width=side,
        height=side,
        items=(group,),
        theme=get_theme(theme),
        title=title or f"Map for {who}: complete map of optimal tic-tac-toe moves",
        desc=describe(strategy),
        meta={"policy": strategy.policy.name, "player": strategy.player},
    )
