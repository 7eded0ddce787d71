"""The whole game as one map (``--whole``): every move, each cell tinted by its outcome.

Every board has a move to make, for whoever is to move there; each empty
cell holds the board after that move (or the move itself, black at cell size,
when it ends the game: no win line, as a board's two winning moves would draw
two crossing lines), and is tinted by the move's outcome under perfect
play after it, for the player who makes it: a win or a loss, in two
lightnesses far apart and far from the page, so the map still reads in
greyscale (``Theme.move_*``); a draw is left as the page is, which also keeps
the file smaller by a rect per drawn move. A legend under the map says so.
It is folded as a folded map is (``fold_marks``).

Nine plies nest nine boards deep, so the deepest boards are a hundred times
smaller than on a player's map: their strokes are held to the map's floor
only up to a few times their own board's grid stroke (a grid thicker than
its board is a smudge), and the PDF or SVG is zoomed to read them.
"""

from __future__ import annotations

from ttt_maps.draw.cells import GRID_WIDTH, Side
from ttt_maps.draw.compose import CAP, DESCENT, FOOTER_SIZE, SUBTITLE_SIZE, TITLE_SIZE
from ttt_maps.draw.fold_marks import stands_for
from ttt_maps.draw.layout import MAP_SIZE, Layout, MapOptions, map_box
from ttt_maps.draw.scene import Box, Group, Item, Line, Rect, RectRole, Scene, Text
from ttt_maps.draw.themes import Theme, get_theme
from ttt_maps.draw.titles import FOLDED, Titles, rules_line, titled
from ttt_maps.draw.typeface import fitted, width
from ttt_maps.io import progress
from ttt_maps.language import N_, tr, tr_n
from ttt_maps.trees.nodes import Node
from ttt_maps.trees.whole import WholeGame, mover_outcome

SUBTITLE = N_(
    "Each board holds every move of the player to move; zoom into a cell to follow that move."
)
#: The map's title when none is given.
HEADING = Titles(
    N_("Every move of tic-tac-toe"),
    N_("Every move of misère tic-tac-toe"),
    N_("Every move of tic-tac-toe on {board}"),
    N_("Every move of misère tic-tac-toe on {board}"),
)
#: The tint of a move by its outcome for the mover (a draw has none), and the legend's words.
TINTS: dict[int, RectRole] = {1: "move-win", -1: "move-loss"}
LEGEND_LEAD = N_("Each cell is tinted by the outcome of its move for the player who makes it:")
LEGEND: tuple[tuple[RectRole | None, str], ...] = (
    ("move-win", N_("a win")),
    (None, N_("a draw")),
    ("move-loss", N_("a loss, with perfect play after the move")),
)
#: Strokes are held above the map's floor, but never above this multiple of their
#: own board's grid stroke.
FLOOR_CAP = 2.0


class _WholeLayout(Layout):
    """The whole game's boards: every move, tinted; moves past a cut show three dots."""

    def side(self, w: float) -> Side:
        hit = self._sides.get(w)
        if hit is None:
            floor = min(self.floor, w * GRID_WIDTH * FLOOR_CAP)
            hit = self._sides[w] = Side(self.geometry, w, floor)
        return hit

    def board(
        self, node: Node, box: Box, level: int, path: tuple[tuple[str, int], ...], fold: str = ""
    ) -> Group:
        """A board with every move: tints, then grid and marks, then each move's board."""
        s = self.side(box.w)
        mover = node.board.to_move
        drawn = dict(node.children)
        cells = [(cell, child) for cell, child in node.children]
        cells += [(f.cell, drawn[f.rep]) for f in node.folds]
        items: list[Item] = [
            self.tint(s, box, cell, TINTS[outcome])
            for cell, child in cells
            if (outcome := mover_outcome(child)) in TINTS
        ]
        self.grid(s, box, items)
        self.played(s, node.board, box, items)
        folds = stands_for(node.folds, self.turns) if node.folds else {}
        for cell, child in node.children:
            if child.cut:
                self.ellipsis(s, box, cell, items)
            elif not child.children:  # its tint says if it wins: no line (two would cross)
                items.append(self.cell_mark(s, mover, cell, box, "final"))
            else:
                x, y = box.x + s.dx[cell] + s.sub_dx, box.y + s.dy[cell] + s.sub_dy
                sub = Box(x, y, s.sub_w, s.sub_h)
                moves = (*path, (mover, cell))
                items.append(self.board(child, sub, level + 1, moves, folds.get(cell, "")))
        if node.folds:
            self.folded(s, node, box, mover, items, [])
        self.drawn += 1
        text = str(node.board)
        data: tuple[tuple[str, str], ...] = (("board", text),)
        if fold:
            data += (("fold", fold),)
        if level == 0:  # the viewer tells the whole game from a player's map by it
            data += (("whole", "1"),)
        return Group(box, tuple(items), text, level, path, self.classes(level, False, None), data)

    def tint(self, s: Side, box: Box, cell: int, role: RectRole) -> Rect:
        """A cell filled by the outcome of its move for the mover."""
        side = 2 * s.half
        return Rect(Box(box.x + s.dx[cell], box.y + s.dy[cell], side, side), role)


def layout_whole(game: WholeGame, box: Box | None = None) -> Group:
    """The whole game's map as a board group filling ``box`` (``map_box``'s shape)."""
    box = box or map_box(game.geometry)
    root = game.root
    lay = _WholeLayout(game.geometry, root.board.to_move, box.w, MapOptions())
    total = sum(game.levels)
    with progress.stage("drawing the whole game", count=lambda: lay.drawn, total=lambda: total):
        if root.children:
            return lay.board(root, box, 0, ())
        return lay.finished_board(root, box)


def whole_scene(game: WholeGame, theme: Theme | str = "light", title: str | None = None) -> Scene:
    """The whole game's map under its title, with the legend of its tints and its counts."""
    theme = get_theme(theme)
    face = theme.typeface
    g = game.geometry
    margin = MAP_SIZE * 0.035
    side = MAP_SIZE + 2 * margin
    room = MAP_SIZE
    heading = title or titled(g, HEADING)
    subtitle = tr(SUBTITLE)
    y = margin + CAP * TITLE_SIZE
    items: list[Item] = [
        Text(
            side / 2, y, heading, fitted(heading, TITLE_SIZE, room, face, True), "title", bold=True
        )
    ]
    y += (DESCENT + 0.45) * TITLE_SIZE + CAP * SUBTITLE_SIZE
    items.append(
        Text(side / 2, y, subtitle, fitted(subtitle, SUBTITLE_SIZE, room, face), "subtitle")
    )
    y += (DESCENT + 0.7) * SUBTITLE_SIZE
    box = map_box(g, margin, y)
    items.append(layout_whole(game, box))
    y = box.y + box.h + 1.4 * FOOTER_SIZE
    items += _legend(margin, y, face)
    y += 3.3 * FOOTER_SIZE
    facts = facts_line(game)
    notes = ((tr(FOLDED),) if game.folded else ()) + ((rules_line(g),) if g.misere else ())
    for line in (facts, *notes):
        y += 1.45 * FOOTER_SIZE
        items.append(
            Text(margin, y, line, fitted(line, FOOTER_SIZE, room, face), "footer", "start")
        )
    f = game.facts
    return Scene(
        width=side,
        height=round(y + DESCENT * FOOTER_SIZE + margin, 2),
        items=tuple(items),
        theme=theme,
        title=heading,
        desc=" ".join(
            [
                tr(
                    "{title}: every legal move from {start}, nested as xkcd 832 nests a map.",
                    title=heading,
                    start=_start(game),
                ),
                subtitle,
                tr(
                    "Cells are tinted by the outcome of their move for the player who makes it, "
                    "with perfect play after it: {wins}, {draws}, {losses}.",
                    wins=tr_n("{n} win", "{n} wins", f.wins),
                    draws=tr_n("{n} draw", "{n} draws", f.draws),
                    losses=tr_n("{n} loss", "{n} losses", f.losses),
                ),
                facts,
                *notes,
            ]
        ),
        meta={"player": "both", "board": g.name, "policy": "every move"},
    )


def _start(game: WholeGame) -> str:
    """Where the drawing starts, in words."""
    return tr("the empty board") if game.root.board.count == 0 else str(game.root.board)


def facts_line(game: WholeGame) -> str:
    """The footer's first line: how many boards, and where the map is cut."""
    f = game.facts
    if game.root.board.count == 0:
        text = tr_n(
            "Drawn by ttt-maps: {n} board with a move to make",
            "Drawn by ttt-maps: {n} boards with a move to make",
            f.boards,
        )
    else:
        text = tr_n(
            "Drawn by ttt-maps from {start}: {n} board with a move to make",
            "Drawn by ttt-maps from {start}: {n} boards with a move to make",
            f.boards,
            start=str(game.root.board),
        )
    sentences = [tr("{text}.", text=text)]
    if game.folded:
        sentences.append(tr("The map is folded by symmetry."))
    if game.depth is not None:
        sentences.append(
            tr(
                "The map is cut at depth {depth}: three dots mark where the game goes on.",
                depth=game.depth,
            )
        )
    return " ".join(sentences)


def _legend(x: float, top: float, face: str) -> list[Item]:
    """Swatches and their words on one line from ``x``, the first line's cap top at ``top``,
    set in ``face``."""
    size = FOOTER_SIZE
    swatch = size * 1.15
    baseline = top + CAP * size
    lead = tr(LEGEND_LEAD)
    out: list[Item] = [
        Text(x, baseline, lead, fitted(lead, size, MAP_SIZE, face), "legend", "start")
    ]
    baseline += 1.7 * size
    for role, message in LEGEND:
        words = tr(message)
        y = baseline - CAP * size / 2 - swatch / 2
        if role is None:  # untinted: the page, framed
            corners = ((x, y), (x + swatch, y), (x + swatch, y + swatch), (x, y + swatch), (x, y))
            out.append(Line(corners, swatch * 0.06, "grid"))
        else:
            out.append(Rect(Box(x, y, swatch, swatch), role, radius=swatch * 0.18))
        x += swatch + 0.4 * size
        out.append(Text(x, baseline, words, size, "legend", "start"))
        x += width(words, size, typeface=face) + 1.1 * size
    return out
