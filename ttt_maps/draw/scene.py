"""The scene: backend-free drawing primitives in map units (their colours: ``themes``).

Layout produces a ``Scene``; every backend (SVG, PDF/PNG, HTML) is a loop over
its items. Nothing here knows tic-tac-toe rules and nothing here knows
SVG, PDF or cairo. Boards are ``Group``s so a backend can keep the nesting
(SVG ``<g class="ttt-board">``) that the viewer zooms into.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Literal

from ttt_maps import language
from ttt_maps.draw.themes import LIGHT, PickRole, Theme
from ttt_maps.values import FrozenValue, Value

#: Characters no drawing and no file's metadata should hold: C0 and C1 controls
#: (escape sequences, bells), and the line and paragraph separators.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
#: What is not a character at all: lone surrogates (bytes that were not UTF-8) and the
#: noncharacters (U+FDD0 to U+FDEF, and the last two code points of every plane), which
#: neither UTF-8 text for cairo nor XML may hold.
_NOT_CHARACTERS = re.compile(
    "[\ud800-\udfff\ufdd0-\ufdef"
    + "".join(
        f"{chr(plane * 0x10000 + 0xFFFE)}{chr(plane * 0x10000 + 0xFFFF)}" for plane in range(17)
    )
    + "]"
)
_BREAK = re.compile("[\t\n\r\x0b\x0c\u2028\u2029]+")


def plain_text(text: str) -> str:
    """``text`` as one line that every format can hold: line breaks and tabs become a
    space, what is not a character the replacement character, other control characters
    go."""
    if text.isprintable():
        return text
    text = _BREAK.sub(" ", text)
    return _UNPRINTABLE.sub("", _NOT_CHARACTERS.sub("\ufffd", text))


class Box(Value):
    """An axis-aligned rectangle: top-left corner, width, height."""

    __match_args__ = ("x", "y", "w", "h")
    __slots__ = __match_args__
    x: float
    y: float
    w: float
    h: float

    def __init__(self, x: float, y: float, w: float, h: float) -> None:
        self.x = x
        self.y = y
        self.w = w
        self.h = h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def inset(self, d: float) -> Box:
        """The box shrunk by ``d`` on every side."""
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)


MarkRole = Literal["played", "chosen", "final", "alt", PickRole]
LineRole = Literal["grid", "win"]
#: ``move-*``: a cell of the whole game's map, tinted by its move's outcome for the mover.
RectRole = Literal[
    "tint-win", "tint-draw", "move-win", "move-loss", "differs", "background", PickRole
]
#: ``count``: the replies a folded map's drawn cell stands for; ``pointer``: the
#: letter of that drawn cell in each cell it stands for.
TextRole = Literal["title", "subtitle", "heading", "footer", "legend", "count", "pointer", PickRole]


class Mark(Value):
    """An X or O drawn to fill ``box`` (a cell).

    ``played``: an earlier mark, black. ``chosen``: the player's move, red,
    the largest red symbol at its level. ``final``: the opponent's reply that
    ends the game, black at cell size. ``alt``: another equally good move,
    faint. ``pick-N``: the move of the Nth of several policies drawn together.
    ``hand``: which hand draws it (``draw/hand.py``), 0 for a ruled glyph.
    """

    __match_args__ = ("symbol", "cell", "box", "role", "width", "classes", "hand")
    __slots__ = __match_args__
    symbol: Literal["x", "o"]
    cell: int
    box: Box
    role: MarkRole
    width: float
    classes: tuple[str, ...]
    hand: int

    def __init__(
        self,
        symbol: Literal["x", "o"],
        cell: int,
        box: Box,
        role: MarkRole,
        width: float,
        classes: tuple[str, ...] = (),
        hand: int = 0,
    ) -> None:
        self.symbol = symbol
        self.cell = cell
        self.box = box
        self.role = role
        self.width = width
        self.classes = classes
        self.hand = hand


class Line(Value):
    """A polyline: a grid stroke or a win line. ``curved``: a line drawn by hand, its
    points a start and then three per cubic Bezier curve (two handles, an end)."""

    __match_args__ = ("points", "width", "role", "curved")
    __slots__ = __match_args__
    points: tuple[tuple[float, float], ...]
    width: float
    role: LineRole
    curved: bool

    def __init__(
        self,
        points: tuple[tuple[float, float], ...],
        width: float,
        role: LineRole,
        curved: bool = False,
    ) -> None:
        self.points = points
        self.width = width
        self.role = role
        self.curved = curved


class Rect(Value):
    """A filled rectangle: a tint behind a sub-map, a highlight, a background."""

    __match_args__ = ("box", "role", "radius")
    __slots__ = __match_args__
    box: Box
    role: RectRole
    radius: float

    def __init__(self, box: Box, role: RectRole, radius: float = 0.0) -> None:
        self.box = box
        self.role = role
        self.radius = radius


class Text(Value):
    """One line of text; ``y`` is the baseline."""

    __match_args__ = ("x", "y", "text", "size", "role", "anchor", "bold")
    __slots__ = __match_args__
    x: float
    y: float
    text: str
    size: float
    role: TextRole
    anchor: Literal["start", "middle", "end"]
    bold: bool

    def __init__(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        role: TextRole,
        anchor: Literal["start", "middle", "end"] = "middle",
        bold: bool = False,
    ) -> None:
        self.x = x
        self.y = y
        self.text = plain_text(text)
        self.size = size
        self.role = role
        self.anchor = anchor
        self.bold = bold

    def start(self, advance: float) -> float:
        """Where the line begins, given its width: ``x`` is its start, middle or end."""
        if self.anchor == "start":
            return self.x
        return self.x - (advance / 2 if self.anchor == "middle" else advance)


class Group(Value):
    """A board (or any block) and what is drawn inside it, in drawing order.

    ``board`` is the position's board string when the group is a board;
    ``path`` is the moves from the map's root as (mark, cell) pairs, for
    breadcrumbs; ``classes`` and ``data`` go to the SVG as they are;
    ``title`` is the group's tooltip (a board's red move's reason), and a
    ``label`` its accessible name as a labelled group. Slotted and immutable
    by convention, like the leaves.
    """

    __match_args__ = ("box", "items", "board", "level", "path", "classes", "data", "title")
    __slots__ = (*__match_args__, "label")
    box: Box
    items: tuple[Item, ...]
    board: str | None
    level: int
    path: tuple[tuple[str, int], ...]
    classes: tuple[str, ...]
    data: tuple[tuple[str, str], ...]
    title: str
    #: What the group shows, in words, for a screen reader (derived: not compared).
    label: str

    def __init__(
        self,
        box: Box,
        items: tuple[Item, ...],
        board: str | None = None,
        level: int = 0,
        path: tuple[tuple[str, int], ...] = (),
        classes: tuple[str, ...] = (),
        data: tuple[tuple[str, str], ...] = (),
        title: str = "",
        label: str = "",
    ) -> None:
        self.label = label
        self.box = box
        self.items = items
        self.board = board
        self.level = level
        self.path = path
        self.classes = classes
        self.data = data
        self.title = plain_text(title)


Item = Mark | Line | Rect | Text | Group


class Link(Value):
    """A place on a page that takes the reader to an ``Anchor`` (a PDF's internal link)."""

    __match_args__ = ("box", "target")
    __slots__ = __match_args__
    box: Box
    target: str

    def __init__(self, box: Box, target: str) -> None:
        self.box = box
        self.target = target


class Anchor(Value):
    """A named place a ``Link`` goes to, at height ``y`` of the scene; with a ``title``
    it is a bookmark of the outline, under the bookmark ``group`` when one is named."""

    __match_args__ = ("name", "y", "title", "group")
    __slots__ = __match_args__
    name: str
    y: float
    title: str
    group: str

    def __init__(self, name: str, y: float, title: str = "", group: str = "") -> None:
        self.name = name
        self.y = y
        self.title = plain_text(title)
        self.group = plain_text(group)


class Scene(FrozenValue):
    """Everything to draw, in map units, with its size, theme and text.

    ``meta`` (the file's keywords) is not compared. ``pages`` > 1: the scene is
    that many pages of equal height, stacked top to bottom (a long sheet), and a
    PDF prints each on its own page; its ``links`` go to its ``anchors`` (a PDF
    makes them internal links and an outline, other formats leave them).
    ``lang``: the language its words are in (every format says it), by default
    the one in force when it is made, as its words are. A frozen value, as the
    dataclass it was (``replace`` makes a changed copy).
    """

    __match_args__ = ("width", "height", "items", "theme", "title", "desc")
    width: float
    height: float
    items: tuple[Item, ...]
    theme: Theme
    title: str
    desc: str
    meta: dict[str, str]
    pages: int
    links: tuple[Link, ...]
    anchors: tuple[Anchor, ...]
    lang: str

    def __init__(
        self,
        width: float,
        height: float,
        items: tuple[Item, ...],
        theme: Theme = LIGHT,
        title: str = "",
        desc: str = "",
        meta: dict[str, str] | None = None,
        pages: int = 1,
        links: tuple[Link, ...] = (),
        anchors: tuple[Anchor, ...] = (),
        lang: str | None = None,
    ) -> None:
        # Metadata (every format's title, description, keywords) holds no control
        # characters: a policy's book name or a title may bring them.
        kept = {} if meta is None else {plain_text(k): plain_text(v) for k, v in meta.items()}
        self.__dict__.update(
            width=width, height=height, items=items, theme=theme,
            title=plain_text(title), desc=plain_text(desc), meta=kept, pages=pages,
            links=links, anchors=anchors, lang=lang or language.current(),
        )  # fmt: skip

    def replace(self, **changes: Any) -> Scene:
        """A copy with some fields changed."""
        return Scene(**{**self.__dict__, **changes})

    def walk(self) -> Iterator[Item]:
        """Every item, groups before their contents."""
        stack = [iter(self.items)]
        while stack:
            for item in stack[-1]:
                yield item
                if isinstance(item, Group):
                    stack.append(iter(item.items))
                    break  # its contents now; this level resumes after them
            else:
                stack.pop()

    def boards(self) -> list[Group]:
        """Every board group, in drawing order."""
        return [i for i in self.walk() if isinstance(i, Group) and i.board is not None]
