"""The differences sheet: which move, where, and what it changes, on A4 pages.

One small board per position where the maps play differently (up to
rotation and reflection), drawn as the reference map draws it, with each
policy's move in that policy's colour and letter (A for the reference,
B, C... for the others), so the sheet reads in greyscale and to readers who
do not tell red from green. Under each board, per policy: the boards its
map draws below the move, the finish the move leads to, and the expected
score against a novice where the policies' scores differ. The boards are
grouped by move number; within a move, the ones that change the map most
come first.

Sizes are in tenths of a millimetre on an A4 page; a sheet with more
boards than fit at a readable size goes on over more A4 pages instead of
shrinking them: a row of boards never straddles two pages, a move's boards
that go on to the next page are headed "continued", and each page is
numbered. The PDF prints each as its own page; the SVG and PNG stack them.
A sheet that fits one page is as tall as what it shows in the SVG and PNG
(a few differences are not a page of white below them, on a screen), and an
A4 page in the PDF, for print.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttt_maps.backends import render_scene
from ttt_maps.backends.page import parse_size
from ttt_maps.backends.svg.writer import scene_to_svg
from ttt_maps.compare.cards import (
    Card,
    CardSize,
    difference_cards,
    draw_card,
    fit,
    letter,
    pick_role,
)
from ttt_maps.compare.differences import Comparison
from ttt_maps.compare.summary import compared
from ttt_maps.draw.scene import Box, Item, Line, Mark, Scene, Text
from ttt_maps.draw.themes import Theme, get_theme
from ttt_maps.draw.typeface import wrapped
from ttt_maps.game.position import Position
from ttt_maps.language import number as said_number
from ttt_maps.language import ordinal, tr, tr_n
from ttt_maps.trees.strategy import Strategy

#: The page: A4, in tenths of a millimetre, and its margin.
PAGE_W, PAGE_H, MARGIN = 2100.0, 2970.0, 120.0
#: Type sizes (tenths of a millimetre: 30 is about 8.5 pt).
TITLE, SUBTITLE, HEADING = 62.0, 30.0, 38.0
#: DejaVu Sans cap height and descender, in ems.
CAP, DESCENT = 0.73, 0.24
#: The narrowest card (its board is about 17 mm wide): a longer sheet rather than smaller.
MIN_CARD = 280.0
#: What a PNG of the sheet is drawn at.
PNG_DPI = 200.0


def _arrange(
    groups: dict[int, list[Card]], policies: int, rows: int, cols: int, top: float
) -> tuple[int, CardSize]:
    """Columns and cards as big as fit the rest of the page below ``top``; where even
    the smallest readable cards do not fit, as many columns of those (more pages)."""
    room = PAGE_W - 2 * MARGIN
    heading = HEADING * 2.2 * len(groups)
    best: tuple[int, CardSize] | None = None
    for columns in range(2, 9):
        m = CardSize((room - (columns - 1) * 70.0) / columns, policies, rows, cols)
        while m.w >= MIN_CARD:
            lines = sum(-(-len(v) // columns) for v in groups.values())
            if top + heading + lines * m.h <= PAGE_H - MARGIN * 0.6:
                if best is None or m.w > best[1].w:
                    best = (columns, m)
                break
            m = CardSize(m.w * 0.97, policies, rows, cols)
    if best is not None:
        return best
    columns = max(2, int((room + 70.0) // (MIN_CARD + 70.0)))
    return columns, CardSize((room - (columns - 1) * 70.0) / columns, policies, rows, cols)


def differences_sheet_scene(
    strategies: Sequence[Strategy],
    *,
    labels: Sequence[str] | None = None,
    theme: Theme | str = "light",
    comparisons: Sequence[Comparison] | None = None,
) -> Scene:
    """The differences sheet of maps for one player from one root; the first is the
    reference. ``comparisons`` are ``compare_all(strategies)`` when the caller has them."""
    names, found = compared(strategies, labels, comparisons)
    face = get_theme(theme).typeface
    cards = difference_cards(found)
    first = strategies[0]
    g, who = first.geometry, first.player.upper()
    room = PAGE_W - 2 * MARGIN
    items: list[Item] = []
    root = first.root.board
    if root == Position.empty(g):
        title = tr("Where the maps for {player} differ", player=who)
    else:
        title = tr("Where the maps for {player} from {board} differ", player=who, board=root)
    y = MARGIN + CAP * TITLE
    size = fit(title, TITLE, room, True, face)
    items.append(Text(MARGIN, y, title, size, "title", "start", True))
    intro = (
        tr(
            "Positions, up to rotation and reflection, where the policies' moves lead to "
            "different positions ({count}), drawn as {policy} draws them.",
            count=said_number(len(cards)),
            policy=names[0],
        ),
        tr(
            "In the order of the game's moves; within a move, the differences that change the "
            "map most come first. Under each board, per policy: boards drawn below the move, the "
            "finish it leads to, and the expected score against a novice where the scores "
            "differ."
        ),
    )
    for i, line in enumerate(intro):
        y += (0.9 if i == 0 else 0.0) * TITLE * 0.6 + SUBTITLE * 1.35
        lines = wrapped(line.split(" "), SUBTITLE, room, face)
        items += [
            Text(MARGIN, y + i * SUBTITLE * 1.3, t, SUBTITLE, "legend", "start")
            for i, t in enumerate(lines)
        ]
        y += (len(lines) - 1) * SUBTITLE * 1.3
    y += SUBTITLE * 0.8
    for i, (name, s) in enumerate(zip(names, strategies, strict=True)):
        y += SUBTITLE * 1.5
        items += _legend_row(i, name, s.policy.name, first.player, y, room)
    y += SUBTITLE * 1.2
    if not cards:
        y += HEADING * 1.4
        text = tr("None: the maps play the same, up to rotation and reflection.")
        items.append(Text(MARGIN, y, text, HEADING, "heading", "start", True))
        return _scene(items, y + MARGIN, theme, title, strategies, names, cards)
    n = len(strategies)
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(card.number, []).append(card)
    columns, m = _arrange(groups, n, g.rows, g.cols, y)
    step = m.w + (room - columns * m.w) / (columns - 1)
    page = 0  # the A4 page being filled: a row of boards that does not fit starts the next
    for number, group in groups.items():
        turn = ordinal((number + 1) // 2 if who == "X" else number // 2)
        count = tr_n("{n} position", "{n} positions", len(group))
        nth = ordinal(number)  # the game's move: one player's, as every surface counts them
        head = tr(
            "{nth} move of the game ({player}'s {ordinal}) · {positions}",
            nth=nth,
            player=who,
            ordinal=turn,
            positions=count,
        )
        again = tr("{nth} move of the game (continued)", nth=nth)
        row = 0  # rows of the group on this page, below its heading at ``y``
        for at in range(0, len(group), columns):
            # What must fit on this page: the heading before the first row, then each row.
            needs = (HEADING * 2.75 if at == 0 else HEADING * 0.55 + row * m.h) + m.h
            if y + needs > (page + 1) * PAGE_H - MARGIN * 0.6:
                page += 1
                y = _heading(items, head if at == 0 else again,
                             page * PAGE_H + MARGIN * 0.5)  # fmt: skip
                row = 0
            elif at == 0:
                y = _heading(items, head, y)
            for i, card in enumerate(group[at : at + columns]):
                top = y + HEADING * 0.55 + row * m.h
                items.append(draw_card(card, MARGIN + i * step, top, m, first.player))
            row += 1
        y += HEADING * 0.55 + row * m.h - m.gap * 0.5
    if page:
        _number_pages(items, page + 1)
    height = (page + 1) * PAGE_H if page else y + MARGIN
    return _scene(items, height, theme, title, strategies, names, cards, page + 1)


def _heading(items: list[Item], head: str, y: float) -> float:
    """A move's heading and rule below ``y``; its rows of boards start 0.55 headings
    below the ``y`` returned."""
    y += HEADING * 2.2
    items.append(Text(MARGIN, y - HEADING * 0.55, head, HEADING, "heading", "start", True))
    rule_y = y - HEADING * 0.25
    items.append(Line(((MARGIN, rule_y), (PAGE_W - MARGIN, rule_y)), 2.0, "grid"))
    return y


def _number_pages(items: list[Item], pages: int) -> None:
    """ "Page N of M" at the foot of each page of a sheet longer than one."""
    for page in range(pages):
        foot = (page + 1) * PAGE_H - MARGIN * 0.3
        text = tr("Page {page} of {pages}", page=page + 1, pages=pages)
        items.append(Text(PAGE_W - MARGIN, foot, text, SUBTITLE * 0.8, "legend", "end"))


def _scene(
    items: list[Item],
    height: float,
    theme: Theme | str,
    title: str,
    strategies: Sequence[Strategy],
    names: Sequence[str],
    cards: Sequence[Card],
    pages: int = 1,
) -> Scene:
    who = strategies[0].player.upper()
    policies = ", ".join(f"{letter(i)} {n}" for i, n in enumerate(names))
    return Scene(
        width=PAGE_W,
        height=round(height, 1),
        items=tuple(items),
        theme=get_theme(theme),
        title=title,
        desc=tr_n(
            "{n} position where the maps for {player} under {policies} play differently, up to "
            "rotation and reflection; each board shows every policy's move in its colour, "
            "marked with its letter.",
            "{n} positions where the maps for {player} under {policies} play differently, up to "
            "rotation and reflection; each board shows every policy's move in its colour, "
            "marked with its letter.",
            len(cards),
            player=who,
            policies=policies,
        ),
        meta={"player": strategies[0].player, "policy": " | ".join(names)},
        pages=pages,
    )


def _legend_row(
    index: int, name: str, chain: str, player: str, y: float, room: float
) -> list[Item]:
    """A policy's letter and mark in its colour, its name and its chain."""
    role = pick_role(index)
    side = SUBTITLE * 0.95
    mark_box = Box(MARGIN, y - side * 0.95, side, side)
    out: list[Item] = [
        Mark("x" if player == "x" else "o", -1, mark_box, role, side * 0.16),
        Text(MARGIN + side * 1.6, y, letter(index), SUBTITLE * 1.1, role, "start", True),
    ]
    x = MARGIN + side * 1.6 + SUBTITLE * 1.3
    text = name if name == chain else f"{name} = {chain}"
    label = tr("{policy}  (the reference)", policy=text) if index == 0 else text
    out.append(Text(x, y, label, fit(label, SUBTITLE, MARGIN + room - x), "subtitle", "start"))
    return out


def differences_sheet_file(
    scene: Scene, fmt: str, width: int | None = None, dpi: float | None = None
) -> bytes:
    """The sheet as a file: a PDF of A4 pages, an SVG that says it is that many
    millimetres (the pages one below the other), a PNG of it at ``PNG_DPI`` (or
    ``width`` pixels wide, or at ``dpi``). A sheet shorter than a page is that tall in
    the SVG and PNG, and on an A4 page in the PDF."""
    if fmt == "pdf" and scene.height < PAGE_H:
        scene = scene.replace(height=PAGE_H)  # the page below what it shows stays blank
    pages = scene.pages if fmt == "pdf" else 1  # a PNG is one image of them all
    mm = f"{PAGE_W / 10:g}x{scene.height / pages / 10:g}mm"
    if fmt == "svg":
        svg = scene_to_svg(scene, width=f"{PAGE_W / 10:g}mm", height=f"{scene.height / 10:g}mm")
        return svg.encode("utf-8")
    page = parse_size(mm)
    if fmt == "png" and width is None:
        dpi = dpi or PNG_DPI
    return render_scene(scene, fmt, size=page, margin_mm=0.0, width_px=width, dpi=dpi)
