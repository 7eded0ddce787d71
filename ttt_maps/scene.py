"""The scene: backend-free drawing primitives in map units, and the themes.

Layout produces a ``Scene``; every backend (SVG, PDF/PNG, HTML) is a loop over
its items. Nothing here knows tic-tac-toe rules and nothing here knows
svgwrite or cairo. Boards are ``Group``s so a backend can keep the nesting
(SVG ``<g class="ttt-board">``) that the viewer zooms into.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Literal

from ttt_maps.errors import UsageError


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: top-left corner, width, height."""

    x: float
    y: float
    w: float
    h: float

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


@dataclass(frozen=True)
class Mark:
    """An X or O drawn to fill ``box`` (a cell).

    ``played``: an earlier mark, black. ``chosen``: the player's move, red,
    the largest red symbol at its level. ``final``: the opponent's reply that
    ends the game, black at cell size. ``alt``: another equally good move,
    faint.
    """

    symbol: Literal["x", "o"]
    cell: int
    box: Box
    role: MarkRole
    width: float
    classes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Line:
    """A polyline: a grid stroke or a win line."""

    points: tuple[tuple[float, float], ...]
    width: float
    role: LineRole


@dataclass(frozen=True)
class Rect:
    """A filled rectangle: a tint behind a sub-map, a highlight, a background."""

    box: Box
    role: RectRole
    radius: float = 0.0


@dataclass(frozen=True)
class Text:
    """One line of text; ``y`` is the baseline."""

    x: float
    y: float
    text: str
    size: float
    role: TextRole
    anchor: Literal["start", "middle", "end"] = "middle"
    bold: bool = False


@dataclass(frozen=True)
class Group:
    """A board (or any block) and what is drawn inside it, in drawing order.

    ``board`` is the position's board string when the group is a board;
    ``path`` is the moves from the map's root as (mark, cell) pairs, for
    breadcrumbs; ``classes`` and ``data`` go to the SVG as they are.
    """

    box: Box
    items: tuple[Item, ...]
    board: str | None = None
    level: int = 0
    path: tuple[tuple[str, int], ...] = ()
    classes: tuple[str, ...] = ()
    data: tuple[tuple[str, str], ...] = ()


Item = Mark | Line | Rect | Text | Group


@dataclass(frozen=True)
class Theme:
    """Colours and font of a scene; proportions belong to the layout."""

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
    font: str = "DejaVu Sans"
    css_font: str = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"


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

THEMES: dict[str, Theme] = {t.name: t for t in (LIGHT, DARK, PRINT, XKCD)}


def get_theme(name: str | Theme) -> Theme:
    """A theme by name (``light``, ``dark``, ``print``, ``xkcd``)."""
    if isinstance(name, Theme):
        return name
    theme = THEMES.get(name.strip().lower())
    if theme is None:
        raise UsageError(f"theme {name!r} is unknown; choose one of {', '.join(THEMES)}")
    return theme


def dark_variant(theme: Theme) -> Theme:
    """The palette a viewer in dark mode sees (SVG ``prefers-color-scheme``)."""
    if theme.name == "dark":
        return theme
    return replace(DARK, name=f"{theme.name}-dark", font=theme.font, css_font=theme.css_font)


@dataclass(frozen=True)
class Scene:
    """Everything to draw, in map units, with its size, theme and text."""

    width: float
    height: float
    items: tuple[Item, ...]
    theme: Theme = LIGHT
    title: str = ""
    desc: str = ""
    meta: dict[str, str] = field(default_factory=dict, compare=False)

    def walk(self) -> Iterator[Item]:
        """Every item, groups before their contents."""
        stack: list[Item] = list(reversed(self.items))
        while stack:
            item = stack.pop()
            yield item
            if isinstance(item, Group):
                stack.extend(reversed(item.items))

    def boards(self) -> list[Group]:
        """Every board group, in drawing order."""
        return [i for i in self.walk() if isinstance(i, Group) and i.board is not None]
