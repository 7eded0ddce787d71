"""Layout: a strategy tree becomes nested grids, following the rules of xkcd 832.

Two mutually recursive functions, as in Brent Yorgey's Haskell program that first drew
such maps:
``_choice_board`` (the player's turn: earlier marks in black, the chosen move
in red at cell size, a sub-map in every other empty cell) and
``_reply_grid`` (the opponent's turn at the root: a sub-map in every empty
cell). Sizes are in map units; line widths shrink with the level down to a
floor tied to the whole map, so the deepest grids stay visible.

Cells are square, so the map of a board of R rows and C columns is C wide
to R high, and a sub-map keeps that shape, centred in its cell. Where the
map is cut (``--depth``), each cell whose sub-map was left out holds a small
ellipsis, three square dots drawn as grid strokes, so every backend draws it
and a cut map never looks finished. A folded tree's marks (letters and tags)
are ``fold_marks``'.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Literal, NamedTuple

from ttt_maps.draw.cells import Side
from ttt_maps.draw.fold_marks import LETTERS, pointer, stands_for, tag
from ttt_maps.draw.labels import board_label
from ttt_maps.draw.scene import Box, Group, Item, Line, Mark, MarkRole, Rect
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Mark as Player
from ttt_maps.game.position import Position, other
from ttt_maps.game.symmetry import turn_names
from ttt_maps.io import progress
from ttt_maps.reasons.facts import plain
from ttt_maps.trees.nodes import Node
from ttt_maps.trees.strategy import Strategy

#: Side of a whole map in map units.
MAP_SIZE = 1000.0
#: No stroke thinner than this share of the whole map.
FLOOR = 0.00025
#: Maps of up to this many boards are laid out in well under the second a
#: progress bar waits for (the 3x3 O map's 768 in about 20 ms): no bar.
QUIET_BOARDS = 5_000


class MapOptions(NamedTuple):
    """How to draw one map; ``differs`` holds board keys to highlight (compare).

    A named tuple, not a dataclass: it is made on every run, and a dataclass
    costs a millisecond or two to define at import (``_replace`` makes a
    changed copy).
    """

    depth: int | None = None
    alternatives: bool = False
    outcomes: bool = False
    differs: frozenset[int] = frozenset()
    explain: bool = False


def _nothing() -> None:
    """No one to tell (a small map)."""


class Layout:
    """One map being laid out: the tree's player, the options and per-side geometry.

    Everything drawn comes from the tree: its moves, and for ``alternatives``
    and ``outcomes`` what its nodes record (``Strategy.noted``). The hot loops
    work on bitmasks, cell offsets and floats; the only objects built are the
    scene items themselves.
    """

    def __init__(self, geometry: Geometry, player: Player, size: float, opts: MapOptions) -> None:
        self.player = player
        self.opponent = other(player)
        self.opts = opts
        self.depth = opts.depth
        self.floor = size * FLOOR
        self.geometry = geometry
        self.turns = turn_names(self.geometry)
        self._sides: dict[float, Side] = {}
        # Occupied cells of a mask, and the (first, last) cells of the lines a mask holds.
        self._cells: dict[int, tuple[int, ...]] = {}
        self._ends: dict[int, tuple[tuple[int, int], ...]] = {}
        self._classes: dict[tuple[int, bool, str | None], tuple[str, ...]] = {}
        # Boards' accessible names by what they say: a few hundred for thousands of boards.
        self._labels: dict[tuple[Player, tuple[str, int] | None, int | None], str] = {}
        #: Boards laid out so far (for progress), and what tells a listener how far it
        #: is (``io.progress.tick``, set for a big map), every 256 boards.
        self.drawn = 0
        self.tick: Callable[[], None] = _nothing

    def side(self, w: float) -> Side:
        hit = self._sides.get(w)
        if hit is None:
            hit = self._sides[w] = Side(self.geometry, w, self.floor)
        return hit

    def line_ends(self, mask: int) -> tuple[tuple[int, int], ...]:
        """End cells of every line within ``mask``, in the geometry's line order."""
        hit = self._ends.get(mask)
        if hit is None:
            g = self.geometry
            pairs = zip(g.lines, g.line_cells, strict=True)
            hit = tuple((cells[0], cells[-1]) for line, cells in pairs if line & mask == line)
            self._ends[mask] = hit
        return hit

    # -- pieces of a board --------------------------------------------------

    def grid(self, s: Side, box: Box, out: list[Item]) -> None:
        """The ``#`` of the board: inner lines only, as in the comic."""
        x0, y0 = box.x, box.y
        x1, y1 = x0 + box.w, y0 + s.h
        width = s.grid_width
        for cut in s.cuts_x:
            x = x0 + cut
            out.append(Line(((x, y0), (x, y1)), width, "grid"))
        for cut in s.cuts_y:
            y = y0 + cut
            out.append(Line(((x0, y), (x1, y)), width, "grid"))

    def cell_mark(
        self,
        s: Side,
        symbol: Literal["x", "o"],
        cell: int,
        box: Box,
        role: MarkRole,
        classes: tuple[str, ...] = (),
    ) -> Mark:
        """A mark filling one cell of the board in ``box``."""
        x, y, pad, glyph = box.x + s.dx[cell], box.y + s.dy[cell], s.pad, s.glyph
        return Mark(symbol, cell, Box(x + pad, y + pad, glyph, glyph), role, s.mark_width, classes)

    def played(self, s: Side, board: Position, box: Box, out: list[Item]) -> None:
        """The marks already on the board, black (the hot path: thousands of them)."""
        xs = board.x
        taken = xs | board.o
        cells = self._cells.get(taken)
        if cells is None:
            cells = self._cells[taken] = tuple(self.geometry.cells_of(taken))
        bx, by, dxs, dys = box.x, box.y, s.dx, s.dy
        pad, glyph, width = s.pad, s.glyph, s.mark_width
        for c in cells:
            x, y = bx + dxs[c], by + dys[c]
            box_c = Box(x + pad, y + pad, glyph, glyph)
            out.append(Mark("x" if xs >> c & 1 else "o", c, box_c, "played", width))

    def win_lines(self, s: Side, board: Position, box: Box, out: list[Item]) -> None:
        """A stroke through each line the winner holds, overshooting the end cells a little."""
        ends = self.line_ends(board.x) or self.line_ends(board.o)
        bx, by, dxs, dys, half = box.x, box.y, s.dx, s.dy, s.half
        for first, last in ends:
            ax, ay = bx + dxs[first] + half, by + dys[first] + half
            zx, zy = bx + dxs[last] + half, by + dys[last] + half
            dx, dy = zx - ax, zy - ay
            over = s.over / ((dx * dx + dy * dy) ** 0.5 or 1.0)
            points = ((ax - dx * over, ay - dy * over), (zx + dx * over, zy + dy * over))
            out.append(Line(points, s.win_width, "win"))

    # -- the two recursive halves --------------------------------------------

    def choice_board(
        self, node: Node, box: Box, level: int, path: tuple[tuple[str, int], ...], fold: str = ""
    ) -> Group:
        """The player's turn: the red move and a sub-map for every other reply
        (``fold``: the cells this sub-map also stands for, turned)."""
        board = node.board
        cell, after = node.children[0]
        s = self.side(box.w)
        differs = bool(self.opts.differs) and board.key in self.opts.differs
        items: list[Item] = [Rect(box, "differs")] if differs else []
        cut = after.cut or (self.depth is not None and level >= self.depth)
        if self.opts.alternatives:
            self.alternatives(s, node, box, cell, after.board.is_over, items)
        self.grid(s, box, items)
        self.played(s, board, box, items)
        if cut:
            self.cut_replies(s, after, box, items)
        else:
            self.replies(s, after, box, level, (*path, (self.player, cell)), items)
        # The win line goes under the red move, so the move stays the boldest thing.
        # A position with replies is not over, so only a leaf can hold one.
        if not after.children and not after.cut:
            self.win_lines(s, after.board, box, items)
        chosen_classes = ("ttt-differs",) if differs else ()
        items.append(self.cell_mark(s, self.player, cell, box, "chosen", chosen_classes))
        return self.board_group(node, box, level, path, items, differs, cut, fold)

    def alternatives(
        self, s: Side, node: Node, box: Box, chosen: int, blank: bool, out: list[Item]
    ) -> None:
        """The other optimal moves, faint, drawn before the sub-maps.

        In a cell left empty (the game is over, or the map is cut there) the
        mark fills the cell. A cell that holds a sub-map gets a small mark in
        its free top-left corner instead: a cell-sized one behind the sub-map
        reads as part of the sub-map.
        """
        for alt in node.best:
            if alt == chosen:
                continue
            if blank:
                out.append(self.cell_mark(s, self.player, alt, box, "alt"))
                continue
            x = box.x + s.dx[alt] + s.badge_shift
            y = box.y + s.dy[alt] + s.badge_shift
            pad, glyph = s.badge_pad, s.badge_glyph
            badge = Box(x + pad, y + pad, glyph, glyph)
            out.append(Mark(self.player, alt, badge, "alt", s.badge_width))

    def reply_grid(
        self, node: Node, box: Box, level: int, path: tuple[tuple[str, int], ...]
    ) -> Group:
        """The opponent's turn at the root: every empty cell holds that reply's sub-map."""
        s = self.side(box.w)
        items: list[Item] = []
        self.grid(s, box, items)
        self.played(s, node.board, box, items)
        self.replies(s, node, box, level, path, items)
        return self.board_group(node, box, level, path, items, False)

    def replies(
        self,
        s: Side,
        node: Node,
        box: Box,
        level: int,
        path: tuple[tuple[str, int], ...],
        out: list[Item],
    ) -> None:
        """For each reply: its sub-map, or a black mark at cell size when it ends the game."""
        wins: list[Item] = []
        opponent = self.opponent
        sub_dx, sub_dy, sub_w, sub_h = s.sub_dx, s.sub_dy, s.sub_w, s.sub_h
        folds = stands_for(node.folds, self.turns) if node.folds else {}
        for reply, child in node.children:
            if not child.children:
                out.append(self.cell_mark(s, opponent, reply, box, "final"))
                self.win_lines(s, child.board, box, wins)
            else:
                x, y = box.x + s.dx[reply] + sub_dx, box.y + s.dy[reply] + sub_dy
                sub = Box(x, y, sub_w, sub_h)
                moves = (*path, (opponent, reply))
                fold = folds.get(reply, "")
                out.append(self.choice_board(child, sub, level + 1, moves, fold))
        if node.folds:
            self.folded(s, node, box, opponent, out, wins)
        out += wins

    def folded(
        self, s: Side, node: Node, box: Box, mover: Player, out: list[Item], wins: list[Item]
    ) -> None:
        """A folded position's marks (``fold_marks``): the letter of its drawn cell in each
        folded cell, the letter and count on each drawn cell; a move of ``mover`` that
        ends the game is drawn in every cell."""
        drawn = dict(node.children)
        stands: dict[int, int] = {}
        for fold in node.folds:
            rep = drawn[fold.rep]
            if rep.children or rep.cut:
                stands[fold.rep] = stands.get(fold.rep, 1) + 1
            else:
                out.append(self.cell_mark(s, mover, fold.cell, box, "final"))
                turn = self.geometry.symmetries[fold.turn]
                self.win_lines(s, rep.board.transformed(turn), box, wins)
        letters = dict(zip(sorted(stands), LETTERS, strict=False))
        for fold in node.folds:
            if fold.rep in letters:
                out.append(pointer(s, box, fold.cell, letters[fold.rep]))
        for cell, replies in sorted(stands.items()):
            out.append(tag(s, box, cell, letters[cell], replies))

    def cut_replies(self, s: Side, after: Node, box: Box, out: list[Item]) -> None:
        """Where the map is cut: a reply that ends the game is still its black mark,
        and every cell whose sub-map was left out holds an ellipsis."""
        wins: list[Item] = []
        for reply, child in after.children:
            if child.children or child.cut:
                self.ellipsis(s, box, reply, out)
            else:
                out.append(self.cell_mark(s, self.opponent, reply, box, "final"))
                self.win_lines(s, child.board, box, wins)
        if after.folds:
            self.folded(s, after, box, self.opponent, out, wins)
        out += wins

    def ellipsis(self, s: Side, box: Box, cell: int, out: list[Item]) -> None:
        """Three dots across a cell whose sub-map the map leaves out."""
        y = box.y + s.dy[cell] + s.half
        half = s.dot / 2
        for dx in s.dot_xs:
            x = box.x + s.dx[cell] + dx
            out.append(Line(((x - half, y), (x + half, y)), s.dot, "grid"))

    def board_group(
        self,
        node: Node,
        box: Box,
        level: int,
        path: tuple[tuple[str, int], ...],
        items: list[Item],
        differs: bool,
        cut: bool = False,
        fold: str = "",
    ) -> Group:
        """A board's group: its classes, and data-board (data-cut where the map stops,
        data-fold where it stands for other cells: ``fold_marks.stands_for``)."""
        kind = None
        if self.opts.outcomes and level > 0:
            result = node.result
            assert result is not None, "outcomes are drawn from a tree noted with them"
            mine = result if node.board.to_move == self.player else -result
            kind = "win" if mine > 0 else "draw" if mine == 0 else "loss"
            if kind != "loss":
                items.insert(0, Rect(box, "tint-win" if kind == "win" else "tint-draw"))
        self.drawn += 1
        if not self.drawn & 255:
            self.tick()
        text = str(node.board)
        classes = self.classes(level, differs, kind)
        data: tuple[tuple[str, str], ...] = (("board", text),)
        if cut:
            data += (("cut", "1"),)
        if fold:
            data += (("fold", fold),)
        why = ""
        if self.opts.explain and node.why:
            why = plain(node.why)
        said = (node.board.to_move, path[-1] if path else None, node.move)
        label = self._labels.get(said)
        if label is None:
            label = self._labels[said] = board_label(node, path)
        return Group(box, tuple(items), text, level, path, classes, data, why, label)

    def classes(self, level: int, differs: bool, outcome: str | None) -> tuple[str, ...]:
        """A board group's classes (one tuple per kind of board, shared by all of them)."""
        key = (level, differs, outcome)
        hit = self._classes.get(key)
        if hit is None:
            names = ["ttt-board", f"ttt-level-{level}"]
            if differs:
                names.append("ttt-differs")
            if outcome is not None:
                names.append(f"ttt-outcome-{outcome}")
            hit = self._classes[key] = tuple(names)
        return hit

    def finished_board(self, node: Node, box: Box) -> Group:
        """A finished root: the board itself, with its win line."""
        s = self.side(box.w)
        items: list[Item] = []
        self.grid(s, box, items)
        self.played(s, node.board, box, items)
        self.win_lines(s, node.board, box, items)
        return self.board_group(node, box, 0, (), items, False)


def map_box(geometry: Geometry, x: float = 0.0, y: float = 0.0) -> Box:
    """The box of a whole map at (x, y): ``MAP_SIZE`` wide, as high as the board's shape."""
    return Box(x, y, MAP_SIZE, MAP_SIZE * (geometry.rows / geometry.cols))


def layout_map(strategy: Strategy, box: Box | None = None, opts: MapOptions | None = None) -> Group:
    """One map as a board group filling ``box`` (``map_box``'s shape).

    The map's size was checked once, when its tree was built (``size.plan_map``,
    within the limit the caller gave): a tree holds no more than it may draw, and a
    map cut at a depth draws less.
    """
    box = box or map_box(strategy.geometry)
    opts = opts or MapOptions()
    levels = strategy.levels
    total = sum(levels if opts.depth is None else levels[: opts.depth + 1])
    # What is drawn beyond the moves, the tree records (once, if it does not yet).
    strategy = strategy.noted(opts.alternatives, opts.outcomes, opts.explain)
    root = strategy.root
    lay = Layout(strategy.geometry, strategy.player, box.w, opts)
    watch: AbstractContextManager[None] = nullcontext()
    if total > QUIET_BOARDS:
        label = f"drawing the {strategy.player.upper()} map"
        watch = progress.stage(label, count=lambda: lay.drawn, total=lambda: total)
        lay.tick = progress.tick
    with watch:
        if root.chooses:
            return lay.choice_board(root, box, 0, ())
        if root.children:
            return lay.reply_grid(root, box, 0, ())
        return lay.finished_board(root, box)
