"""The scene: backend-free drawing primitives in map units, and the themes.

Layout produces a ``Scene``; every backend (SVG, PDF/PNG, HTML) is a loop over
its items. Nothing here knows tic-tac-toe rules and nothing here knows
SVG, PDF or cairo. Boards are ``Group``s so a backend can keep the nesting
(SVG ``<g class="ttt-board">``) that the viewer zooms into.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, NamedTuple

from ttt_maps.errors import UsageError
from ttt_maps.values import FrozenValue, Value


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


MarkRole = Literal["played", "chosen", "final", "alt"]
LineRole = Literal["grid", "win"]
RectRole = Literal["tint-win", "tint-draw", "differs", "background"]
TextRole = Literal["title", "subtitle", "heading", "footer", "legend"]


class Mark(Value):
    """An X or O drawn to fill ``box`` (a cell).

    ``played``: an earlier mark, black. ``chosen``: the player's move, red,
    the largest red symbol at its level. ``final``: the opponent's reply that
    ends the game, black at cell size. ``alt``: another equally good move,
    faint.
    """

    __match_args__ = ("symbol", "cell", "box", "role", "width", "classes")
    __slots__ = __match_args__
    symbol: Literal["x", "o"]
    cell: int
    box: Box
    role: MarkRole
    width: float
    classes: tuple[str, ...]

    def __init__(
        self,
        symbol: Literal["x", "o"],
        cell: int,
        box: Box,
        role: MarkRole,
        width: float,
        classes: tuple[str, ...] = (),
    ) -> None:
        self.symbol = symbol
        self.cell = cell
        self.box = box
        self.role = role
        self.width = width
        self.classes = classes


class Line(Value):
    """A polyline: a grid stroke or a win line."""

    __match_args__ = ("points", "width", "role")
    __slots__ = __match_args__
    points: tuple[tuple[float, float], ...]
    width: float
    role: LineRole

    def __init__(
        self, points: tuple[tuple[float, float], ...], width: float, role: LineRole
    ) -> None:
        self.points = points
        self.width = width
        self.role = role


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
        self.text = text
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
    breadcrumbs; ``classes`` and ``data`` go to the SVG as they are. Slotted
    and immutable by convention, like the leaves.
    """

    __match_args__ = ("box", "items", "board", "level", "path", "classes", "data")
    __slots__ = __match_args__
    box: Box
    items: tuple[Item, ...]
    board: str | None
    level: int
    path: tuple[tuple[str, int], ...]
    classes: tuple[str, ...]
    data: tuple[tuple[str, str], ...]

    def __init__(
        self,
        box: Box,
        items: tuple[Item, ...],
        board: str | None = None,
        level: int = 0,
        path: tuple[tuple[str, int], ...] = (),
        classes: tuple[str, ...] = (),
        data: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.box = box
        self.items = items
        self.board = board
        self.level = level
        self.path = path
        self.classes = classes
        self.data = data


Item = Mark | Line | Rect | Text | Group


class Theme(NamedTuple):
    """Colours of a scene, and the fonts an SVG asks for; proportions belong to the layout.

    PDF and PNG letter with the font shipped with the package (``typeface.py``).
    A named tuple, not a dataclass: defining one costs every start-up a millisecond.
    """

    name: str
    background: str
    ink: str
    chosen: str
    win: str
    grid: str
    faint: str
    tint_win: str
    tint_draw: str
    differs: str
    text: str
    muted: str
    css_font: str = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"

    def replace(self, **changes: Any) -> Theme:
        """A copy with some fields changed."""
        return self._replace(**changes)

    def role_colours(self) -> dict[str, str]:
        """The colour of every mark, line, rect and text role (the role names never clash)."""
        return {
            "played": self.ink,
            "final": self.ink,
            "chosen": self.chosen,
            "alt": self.faint,
            "grid": self.grid,
            "win": self.win,
            "tint-win": self.tint_win,
            "tint-draw": self.tint_draw,
            "differs": self.differs,
            "background": self.background,
            "title": self.text,
            "subtitle": self.text,
            "heading": self.text,
            "footer": self.muted,
            "legend": self.muted,
        }


LIGHT = Theme(
    name="light",
    background="#ffffff",
    ink="#1a1a1a",
    chosen="#e0201b",
    win="#1a1a1a",
    grid="#1a1a1a",
    faint="#b8b8b8",
    tint_win="#fde6e4",
    tint_draw="#e7eef8",
    differs="#ffe9a8",
    text="#1a1a1a",
    muted="#5c5c5c",
)

DARK = Theme(
    name="dark",
    background="#15171a",
    ink="#e8e6e3",
    chosen="#ff5b4f",
    win="#e8e6e3",
    grid="#c9c6c1",
    faint="#5a5d63",
    tint_win="#3d2322",
    tint_draw="#1f2a3a",
    differs="#4a3f12",
    text="#e8e6e3",
    muted="#a5a29d",
)

PRINT = Theme(
    name="print",
    background="#ffffff",
    ink="#000000",
    chosen="#d40000",
    win="#000000",
    grid="#000000",
    faint="#a6a6a6",
    tint_win="#fbe3e1",
    tint_draw="#e4ebf5",
    differs="#fff0b3",
    text="#000000",
    muted="#404040",
)

XKCD = Theme(
    name="xkcd",
    background="#ffffff",
    ink="#000000",
    chosen="#ff0000",
    win="#ff0000",
    grid="#000000",
    faint="#bbbbbb",
    tint_win="#ffe5e5",
    tint_draw="#e5ecff",
    differs="#fff2a8",
    text="#000000",
    muted="#333333",
    css_font=(
        "'Humor Sans', 'xkcd Script', 'Comic Neue', 'Comic Sans MS', 'DejaVu Sans', sans-serif"
    ),
)

#: Light, and dark where the reader's system or page is (SVG and HTML only:
#: a PDF or PNG cannot switch, so it is drawn light).
AUTO = LIGHT.replace(name="auto")

THEMES: dict[str, Theme] = {t.name: t for t in (LIGHT, DARK, PRINT, XKCD, AUTO)}


def rgb(colour: str) -> tuple[float, float, float]:
    """A theme colour, ``#rgb`` or ``#rrggbb``, as 0..1 channels (for cairo and PDF)."""
    hexa = colour.lstrip("#")
    if len(hexa) == 3:
        hexa = "".join(c * 2 for c in hexa)
    if len(hexa) != 6:
        raise ValueError(f"colour {colour!r}: expected #rgb or #rrggbb")
    return (int(hexa[0:2], 16) / 255, int(hexa[2:4], 16) / 255, int(hexa[4:6], 16) / 255)


def get_theme(name: str | Theme) -> Theme:
    """A theme by name (``light``, ``dark``, ``print``, ``xkcd``, ``auto``)."""
    if isinstance(name, Theme):
        return name
    theme = THEMES.get(name.strip().lower())
    if theme is None:
        raise UsageError(f"theme {name!r} is unknown; choose one of {', '.join(THEMES)}")
    return theme


def dark_variant(theme: Theme) -> Theme:
    """The palette an ``auto`` map shows in dark mode (its fonts kept)."""
    if theme.name == "dark":
        return theme
    return DARK.replace(name=f"{theme.name}-dark", css_font=theme.css_font)


class Scene(FrozenValue):
    """Everything to draw, in map units, with its size, theme and text.

    ``meta`` (the file's keywords) is not compared. A frozen value, as the
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

    def __init__(
        self,
        width: float,
        height: float,
        items: tuple[Item, ...],
        theme: Theme = LIGHT,
        title: str = "",
        desc: str = "",
        meta: dict[str, str] | None = None,
    ) -> None:
        self.__dict__.update(
            width=width, height=height, items=items, theme=theme, title=title, desc=desc,
            meta={} if meta is None else meta,
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
