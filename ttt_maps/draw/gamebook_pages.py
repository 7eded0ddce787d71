"""A gamebook's pages (``gamebooks.book``): a booklet, A5 unless asked otherwise.

The first page names the player, the policy and the board and says how to
read on; then each section in order, never split across pages: its number
and the move of the game, the position drawn small with the move in red
(as the cheat sheet draws an entry), its notation, the move in words, and one
line per opponent reply whose "go to" is a link to its section. Every
section is a bookmark under its move number. Sizes are points: the scene is
the page, and a PDF prints it at one unit per point.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ttt_maps.draw.cheat_sheet import _board
from ttt_maps.draw.scene import Anchor, Box, Item, Link, Scene, Text
from ttt_maps.draw.themes import Theme, get_theme
from ttt_maps.draw.typeface import width as text_width
from ttt_maps.gamebooks.book import Gamebook, Reply, Section, build_gamebook, mover
from ttt_maps.gamebooks.text import (
    front_matter,
    heading,
    move_line,
    opening_words,
    preface,
    reply_line,
    to_markdown,
    to_text,
)
from ttt_maps.language import tr
from ttt_maps.tables.entries import Entry
from ttt_maps.trees.strategy import Strategy

#: Margins, the drawn board's side and type sizes, in points.
MARGIN = 42.0
BOARD = 58.0
GUTTER = 12.0
TITLE = 17.0
HEAD = 12.5
BODY = 9.0
SMALL = 7.5
LEADING = 1.35
#: DejaVu Sans cap height (em).
CAP = 0.73


#: An A5 page in points: the booklet's page, scaled to fit another ``size``.
A5 = (148 * 72 / 25.4, 210 * 72 / 25.4)


def gamebook_of(
    tree: Strategy,
    fmt: str,
    render: Callable[..., bytes],
    *,
    theme: Theme | str = "light",
    size: Any = None,
    text_as_paths: bool = False,
) -> str | bytes:
    """A strategy's gamebook as ``md`` or ``txt`` text, or ``pdf`` bytes drawn by
    ``render`` (``backends.render_scene``): A5 pages, or scaled to fit ``size``."""
    gamebook = build_gamebook(tree)
    if fmt == "md":
        return front_matter() + to_markdown(gamebook)
    if fmt == "txt":
        return to_text(gamebook)
    scene = gamebook_scene(gamebook, theme)
    return render(scene, "pdf", size=size, margin_mm=0.0, text_as_paths=text_as_paths)


class _Pages:
    """Blocks set down the pages, each kept whole on one page."""

    def __init__(self, width: float, height: float, face: str) -> None:
        self.width, self.height = width, height
        self.face = face  # the typeface the words are set in
        self.items: list[Item] = []
        self.links: list[Link] = []
        self.anchors: list[Anchor] = []
        self.page = 0
        self.y = MARGIN

    @property
    def room(self) -> float:
        return self.width - 2 * MARGIN

    def fit(self, need: float) -> float:
        """The top of a block of height ``need``: here, or at the top of the next page."""
        bottom = self.page * self.height + self.height - MARGIN - 1.6 * SMALL
        if self.page * self.height + self.y + need > bottom and self.y > MARGIN:
            self.page += 1
            self.y = MARGIN
        return self.page * self.height + self.y

    def lines(
        self, text: str, x: float, top: float, room: float, size: float, bold: bool = False
    ) -> float:
        """``text`` wrapped into ``room`` from ``top``; returns the height used."""
        rows = wrap(text, size, room, bold, self.face)
        for i, row in enumerate(rows):
            base = top + CAP * size + i * LEADING * size
            self.items.append(Text(x, base, row, size, "subtitle", "start", bold))
        return len(rows) * LEADING * size


def wrap(
    text: str, size: float, room: float, bold: bool = False, face: str = "dejavu"
) -> list[str]:
    """Words set in ``face`` in lines no wider than ``room``."""
    rows: list[str] = []
    line = ""
    for word in text.split(" "):
        if not word:
            continue
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, size, bold, face) > room:
            rows.append(line)
            line = word
        else:
            line = trial
    return [*rows, line] if line else rows


def gamebook_scene(
    gamebook: Gamebook, theme: Theme | str = "light", page: tuple[float, float] = A5
) -> Scene:
    """The gamebook's pages as one scene of ``page`` (width, height in points)."""
    w, h = page
    theme = get_theme(theme)
    pages = _Pages(w, h, theme.typeface)
    who, _ = mover(gamebook)
    top = pages.fit(0)
    used = pages.lines(heading(gamebook), MARGIN, top, pages.room, TITLE, bold=True)
    pages.y += used + TITLE * 0.6
    for para in preface(gamebook):
        pages.y += pages.lines(para, MARGIN, pages.fit(0), pages.room, BODY) + BODY * 0.8
    if gamebook.opening:
        line = opening_words(gamebook, str(gamebook.root))
        pages.y += pages.lines(line, MARGIN, pages.fit(0), pages.room, BODY, bold=True) + 2
        for reply in gamebook.opening:
            _reply(pages, gamebook, reply, MARGIN, pages.room)
    pages.y += HEAD
    for section in gamebook.sections:
        _section(pages, gamebook, section, who)
    count = pages.page + 1
    for number in range(count):
        base = number * h + h - MARGIN * 0.55
        label = f"{number + 1}"
        pages.items.append(Text(w / 2, base, label, SMALL, "footer"))
    return Scene(
        width=round(w, 2),
        height=round(h * count, 2),
        items=tuple(pages.items),
        theme=theme,
        title=heading(gamebook),
        desc=" ".join(preface(gamebook)),
        meta={
            "policy": gamebook.policy,
            "player": gamebook.player,
            "board": gamebook.geometry.name,
        },
        pages=count,
        links=tuple(pages.links),
        anchors=tuple(pages.anchors),
    )


def _section_height(pages: _Pages, gamebook: Gamebook, section: Section) -> float:
    text_room = pages.room - BOARD - GUTTER
    need = HEAD * LEADING + 4
    body = (
        len(
            wrap(move_line(gamebook, section, str(section.move)), BODY, text_room, True, pages.face)
        )
        * LEADING
        * BODY
        + 3
    )
    for reply in section.replies:
        body += len(wrap(_reply_words(gamebook, reply), BODY, text_room, False, pages.face)) * (
            LEADING * BODY
        )
    return need + max(BOARD + SMALL * 2.2, body) + HEAD * 0.9


def _section(pages: _Pages, gamebook: Gamebook, section: Section, who: str) -> None:
    top = pages.fit(_section_height(pages, gamebook, section))
    name = f"s{section.number}"
    move = tr("Move {number}", number=section.move_number)
    pages.anchors.append(Anchor(name, top, f"§{section.number}", move))
    title = f"§{section.number}"
    pages.items.append(Text(MARGIN, top + CAP * HEAD, title, HEAD, "heading", "start", True))
    note = tr("move {number}, {player} to play", number=section.move_number, player=who)
    pages.items.append(Text(pages.width - MARGIN, top + CAP * HEAD, note, SMALL, "footer", "end"))
    y = top + HEAD * LEADING + 4
    box = Box(MARGIN, y, BOARD, BOARD * gamebook.geometry.rows / gamebook.geometry.cols)
    pages.items.append(_board(Entry(section.board, section.move), box))
    pages.items.append(
        Text(MARGIN + BOARD / 2, y + box.h + SMALL * 1.5, str(section.board), SMALL, "footer")
    )
    x = MARGIN + BOARD + GUTTER
    room = pages.room - BOARD - GUTTER
    pages.y = y - pages.page * pages.height
    pages.y += (
        pages.lines(move_line(gamebook, section, str(section.move)), x, y, room, BODY, bold=True)
        + 3
    )
    for reply in section.replies:
        _reply(pages, gamebook, reply, x, room)
    end = max(pages.page * pages.height + pages.y, y + box.h + SMALL * 2.2)
    pages.y = end - pages.page * pages.height + HEAD * 0.9


def _reply(pages: _Pages, gamebook: Gamebook, reply: Reply, x: float, room: float) -> None:
    top = pages.page * pages.height + pages.y
    used = pages.lines(_reply_words(gamebook, reply), x, top, room, BODY)
    if reply.target is not None:
        pages.links.append(Link(Box(x, top, room, used), f"s{reply.target}"))
    pages.y += used


def _reply_words(gamebook: Gamebook, reply: Reply) -> str:
    return reply_line(gamebook, reply, f"§{reply.target}")
