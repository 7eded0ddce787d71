"""The cheat sheet of a strategy table: one page, boards grouped by move number.

Each board is a table entry as the player meets it (any rotation or
reflection of it counts), with the earlier marks in black and the move to
play in red, on a pale cell, like the largest red symbol of a map. Boards
are set in rows under a heading per move ("X's 3rd move"); their size is
the largest at which every group fits the page, so a short table gets big
boards and a long one stays on one page. The footer gives the table's size
and whether it is proven minimal; with ``explain``, each board has its move's
reason in a few words under it (read off the table). Sizes are in tenths of a millimetre of an
A4 page, which a PDF or PNG page scales to.
"""

from __future__ import annotations

import math

from ttt_maps.draw.cells import GLYPH_PAD, GRID_WIDTH, MARK_WIDTH, WIN_WIDTH
from ttt_maps.draw.scene import Box, Group, Item, Line, Mark, MarkRole, Rect, Scene, Text
from ttt_maps.draw.themes import Theme, get_theme
from ttt_maps.draw.titles import Titles, rules_line, titled
from ttt_maps.draw.typeface import fitted
from ttt_maps.draw.typeface import width as text_width
from ttt_maps.game.cell_names import move_heading
from ttt_maps.game.position import Mark as Player
from ttt_maps.language import N_, tr, tr_n
from ttt_maps.tables.entries import Entry, Table

#: The page (A4 portrait in tenths of a millimetre) and a quiet margin (a PDF or
#: PNG page adds its own).
PAGE_W = 2100.0
PAGE_H = 2970.0
MARGIN = 50.0
#: Type sizes (a tenth of a millimetre is 0.28 pt: 64 is an 18 pt title).
TITLE = 64.0
SUBTITLE = 30.0
HEADING = 36.0
FOOTER = 27.0
#: Space between boards as a share of a board's side, and the largest board.
GAP = 0.3
LARGEST = 420.0
#: The type size of a reason under a board, the room a row keeps for it, and the
#: step to a second line (a reason wider than its board is set on two).
CAPTION = 30.0
CAPTION_ROOM = 1.6 * CAPTION
CAPTION_LEADING = 1.2 * CAPTION
#: DejaVu Sans proportions (em): cap height and descender.
CAP = 0.73
DESCENT = 0.24

#: The cheat sheet's title when none is given.
HEADING_TITLES = Titles(
    N_("Minimal strategy table for {player}"),
    N_("Minimal strategy table for {player} for misère tic-tac-toe"),
    N_("Minimal strategy table for {player} on {board}"),
    N_("Minimal strategy table for {player} for misère tic-tac-toe on {board}"),
)


def cheat_sheet_scene(
    table: Table, theme: Theme | str = "light", title: str | None = None, explain: bool = False
) -> Scene:
    """The one-page cheat sheet of ``table`` (``explain``: a reason under each board)."""
    theme = get_theme(theme)
    face = theme.typeface
    g = table.geometry
    who = table.player.upper()
    heading = title or titled(g, HEADING_TITLES, player=who)
    room = PAGE_W - 2 * MARGIN
    items: list[Item] = []
    y = MARGIN + CAP * TITLE
    size = fitted(heading, TITLE, room, face, True)
    items.append(Text(PAGE_W / 2, y, heading, size, "title", bold=True))
    for line in _instructions(table):
        y += 1.5 * SUBTITLE if line else 0
        items.append(Text(PAGE_W / 2, y, line, fitted(line, SUBTITLE, room, face), "subtitle"))
    top = y + DESCENT * SUBTITLE + 1.2 * HEADING
    footer_y = PAGE_H - MARGIN - DESCENT * FOOTER
    groups = table.by_plies()
    aspect = g.rows / g.cols
    space = footer_y - 1.6 * FOOTER - top
    reasons = table.reasons() if explain else {}
    extra = CAPTION_ROOM if explain else 0.0
    side, columns = _board_size(groups, room, space, aspect, extra)
    if any(len(_caption(why, side, face)[0]) > 1 for why in reasons.values()):
        extra += CAPTION_LEADING
        side, columns = _board_size(groups, room, space, aspect, extra)
    gap = side * GAP
    high = side * aspect + extra
    # What the boards leave of the page goes between the groups, up to a heading's height.
    spare = space - _height(groups, columns, side, aspect, extra)
    between = 0.9 * HEADING + min(HEADING, spare / max(1, len(groups) - 1))
    y = top
    for plies, entries in groups:
        count = len(entries)
        label = move_heading(who, plies)
        items.append(Text(MARGIN, y + CAP * HEADING, label, HEADING, "heading", "start", True))
        note = tr_n("{n} position", "{n} positions", count)
        indent = MARGIN + text_width(label, HEADING, True, face) + 0.6 * HEADING
        items.append(Text(indent, y + CAP * HEADING, note, FOOTER, "legend", "start"))
        y += HEADING * 1.45
        for index, entry in enumerate(entries):
            row, col = divmod(index, columns)
            box = Box(MARGIN + col * (side + gap), y + row * (high + gap), side, side * aspect)
            items.append(_board(entry, box))
            if explain:
                lines, size = _caption(reasons[entry.board], side, face)
                at = box.y + box.h + 0.4 * CAPTION + CAP * CAPTION
                for n, line in enumerate(lines):
                    items.append(Text(box.cx, at + n * CAPTION_LEADING, line, size, "legend"))
        rows = math.ceil(count / columns)
        y += rows * high + (rows - 1) * gap + between
    drawn = tr("Drawn by ttt-maps")
    # The footer's two ends keep a gap between them (a wider lettering shrinks the first).
    left = room - text_width(drawn, FOOTER, False, face) - 2 * FOOTER
    items.append(
        Text(
            MARGIN,
            footer_y,
            _footer(table),
            fitted(_footer(table), FOOTER, left, face),
            "footer",
            "start",
        )
    )
    items.append(Text(PAGE_W - MARGIN, footer_y, drawn, FOOTER, "footer", "end"))
    return Scene(
        width=PAGE_W,
        height=PAGE_H,
        items=tuple(items),
        theme=theme,
        title=heading,
        desc=f"{heading}. {' '.join(_instructions(table))} {_footer(table)}.",
        meta={"player": table.player, "board": g.name, "policy": "minimal table"},
    )


def _instructions(table: Table) -> tuple[str, ...]:
    who = table.player.upper()
    opponent = "O" if who == "X" else "X"
    # TRANSLATORS: the first line of a sentence the next line ends ("and play the red move").
    first = (
        tr("Find the position on the board in front of you, turned or mirrored as need be,")
        if who == "X"
        else tr(
            "After each move of {opponent}, find the position, turned or mirrored as need be,",
            opponent=opponent,
        )
    )
    lines = (first, tr("and play the red move, turned the same way. That is perfect play."))
    return (*lines, rules_line(table.geometry)) if table.geometry.misere else lines


def _footer(table: Table) -> str:
    parts = [tr_n("{n} position", "{n} positions", table.size)]
    if table.minimal:
        if table.prover == "search":
            parts.append(tr("proven minimal by exact search"))
        elif table.prover == "cp-sat":
            parts.append(tr("proven minimal by CP-SAT"))
        else:
            parts.append(tr("proven minimal"))
    parts.append(tr("any rotation or reflection of a board counts as the board"))
    return " · ".join(parts)


def _caption(text: str, room: float, face: str) -> tuple[tuple[str, ...], float]:
    """A reason under a board ``room`` wide, in the lettering ``face``: one line at the
    caption size when it fits, else two, broken at the space that lets them be largest
    (after a comma when that is as good, else the most even), each no wider than the
    board."""
    if text_width(text, CAPTION, False, face) <= room:
        return (text,), CAPTION
    best: tuple[float, bool, int, tuple[str, ...]] = (
        fitted(text, CAPTION, room, face),
        False,
        -len(text),
        (text,),
    )
    for at, ch in enumerate(text):
        if ch == " ":
            head, tail = text[:at], text[at + 1 :]
            size = min(fitted(head, CAPTION, room, face), fitted(tail, CAPTION, room, face))
            even = -abs(len(head) - len(tail))
            best = max(best, (size, head.endswith(","), even, (head, tail)))
    return best[3], best[0]


def _board_size(
    groups: list[tuple[int, list[Entry]]],
    room_w: float,
    room_h: float,
    aspect: float,
    extra: float = 0.0,
) -> tuple[float, int]:
    """The largest board side (and the columns it gives) at which every group fits;
    ``extra``: the height each row adds under its boards."""
    best = (0.0, 1)
    for columns in range(1, 41):
        side = min(LARGEST, room_w / (columns + (columns - 1) * GAP))
        if _height(groups, columns, side, aspect, extra) <= room_h and side > best[0]:
            best = (side, columns)
    return best


def _height(
    groups: list[tuple[int, list[Entry]]],
    columns: int,
    side: float,
    aspect: float,
    extra: float = 0.0,
) -> float:
    """How high the groups stand, each under its heading, with the least space between."""
    height = -0.9 * HEADING
    for _, entries in groups:
        rows = math.ceil(len(entries) / columns)
        boards = (rows * aspect + (rows - 1) * GAP) * side + rows * extra
        height += 1.45 * HEADING + boards + 0.9 * HEADING
    return height


def _board(entry: Entry, box: Box) -> Group:
    """One entry: grid, earlier marks in black, the move in red on a pale cell."""
    board, cell = entry.board, entry.cell
    g = board.geometry
    side = box.w / g.cols
    items: list[Item] = []
    r, c = g.rc(cell)
    items.append(Rect(Box(box.x + c * side, box.y + r * side, side, side), "tint-win"))
    stroke = box.w * GRID_WIDTH * 2.2
    for k in range(1, g.cols):
        x = box.x + k * side
        items.append(Line(((x, box.y), (x, box.y + box.h)), stroke, "grid"))
    for k in range(1, g.rows):
        y = box.y + k * side
        items.append(Line(((box.x, y), (box.x + box.w, y)), stroke, "grid"))
    for at in range(g.size):
        mark = board.mark_at(at)
        if mark is not None:
            items.append(_mark(mark, at, box, g.cols, "played"))
    after = board.play(cell)
    for line in after.winning_lines():
        (ar, ac), (zr, zc) = g.rc(line[0]), g.rc(line[-1])
        points = (
            (box.x + (ac + 0.5) * side, box.y + (ar + 0.5) * side),
            (box.x + (zc + 0.5) * side, box.y + (zr + 0.5) * side),
        )
        items.append(Line(points, side * WIN_WIDTH * 0.8, "win"))
    items.append(_mark(board.to_move, cell, box, g.cols, "chosen"))
    text = str(board)
    return Group(
        box,
        tuple(items),
        text,
        0,
        classes=("ttt-board", "ttt-table-entry"),
        data=(("board", text), ("move", str(cell))),
    )


def _mark(symbol: Player, cell: int, box: Box, cols: int, role: MarkRole) -> Mark:
    """A mark filling its cell, as the maps draw one."""
    side = box.w / cols
    r, c = divmod(cell, cols)
    pad = side * GLYPH_PAD
    glyph = Box(box.x + c * side + pad, box.y + r * side + pad, side - 2 * pad, side - 2 * pad)
    return Mark(symbol, cell, glyph, role, side * MARK_WIDTH)
