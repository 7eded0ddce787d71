"""The themes: the colours of a drawing, its lettering, and how steady its hand is.

Every backend colours the scene's roles from one ``Theme``; an SVG or HTML
page drawn in ``auto`` switches to ``dark_variant`` where its reader is dark.
A theme with a ``Hand`` (``xkcd``) is drawn as the comic is, by hand
(``draw/hand.py``), and lettered in its own typeface (``draw/typeface.py``).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from ttt_maps.errors import bad_value

#: The colours of several policies drawn together (a sheet of their differences), in order.
PickRole = Literal["pick-1", "pick-2", "pick-3", "pick-4", "pick-5", "pick-6"]
PICKS: tuple[PickRole, ...] = ("pick-1", "pick-2", "pick-3", "pick-4", "pick-5", "pick-6")


class Hand(NamedTuple):
    """How a hand draws the lines and marks: matplotlib's sketch (``plt.xkcd()``), with
    lengths as shares of what is drawn, so a small board wobbles as a big one does.

    ``scale``: how far a stroke strays from its straight line, as a share of its length;
    ``length``: the wavelength of the wiggle, as a share of the stroke's length;
    ``randomness``: how much faster or slower than that the wiggle may run (a factor);
    ``variants``: how many hands draw the boards of one size (and each mark), so what
    recurs is still drawn once in an SVG (``<use>``).
    """

    scale: float = 0.0045
    length: float = 0.45
    randomness: float = 1.6
    variants: int = 6


class Theme(NamedTuple):
    """Colours of a scene, its lettering and its hand; proportions belong to the layout.

    ``typeface`` names the shipped lettering (``typeface.py``) every PDF and PNG,
    and an SVG drawn by ``hand``, is set in; ``css_font`` is what an SVG or page with
    real text asks the reader's fonts for. ``hand``: drawn steadily when None.
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
    #: One colour per policy drawn together (``PICKS``): told apart by readers
    #: who do not see red and green apart, and the first two in greyscale
    #: print; drawings that use them add a letter to each.
    picks: tuple[str, ...] = ("#d55e00", "#0b4f9c", "#009e73", "#a4457f", "#8a6d00", "#3d9bd6")
    #: The whole game's cells by their move's outcome for the mover (a draw is not
    #: tinted): lightnesses far apart and from the page's, so they read in greyscale.
    move_win: str = "#a9dba5"
    move_loss: str = "#e49a94"
    #: A folded cell's letter: lighter than the marks, darker than the tints, so it
    #: reads on the page and on either tint, in colour and in greyscale.
    letter: str = "#8c8c8c"
    typeface: str = "dejavu"
    hand: Hand | None = None

    def replace(self, **changes: Any) -> Theme:
        """A copy with some fields changed."""
        return self._replace(**changes)

    def role_colours(self) -> dict[str, str]:
        """The colour of every mark, line, rect and text role (the role names never clash)."""
        picks = dict(zip(PICKS, self.picks, strict=True))
        return picks | {
            "played": self.ink,
            "final": self.ink,
            "chosen": self.chosen,
            "alt": self.faint,
            "grid": self.grid,
            "win": self.win,
            "tint-win": self.tint_win,
            "tint-draw": self.tint_draw,
            "move-win": self.move_win,
            "move-loss": self.move_loss,
            "pointer": self.letter,
            "count": self.muted,
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
    picks=("#ff8a4c", "#7ab8ff", "#3fd1a2", "#e58cc6", "#e8c547", "#9ad7ff"),
    move_win="#2f6b3a",
    move_loss="#6e2f2c",
    letter="#8d9096",
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

#: The comic's look: black ink drawn by hand, its moves in the plain red of the
#: comic's flat colours (``#ff0000``), lettered in Humor Sans (shipped; an SVG
#: carries its letters as outlines, a viewer page the font itself).
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
    css_font="'Humor Sans', 'DejaVu Sans', sans-serif",
    typeface="humor",
    hand=Hand(),
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
        raise bad_value("theme", name, f"unknown; choose one of {', '.join(THEMES)}")
    return theme


def dark_variant(theme: Theme) -> Theme:
    """The palette an ``auto`` map shows in dark mode (its fonts, lettering and hand kept)."""
    if theme.name == "dark":
        return theme
    return DARK.replace(
        name=f"{theme.name}-dark", css_font=theme.css_font, typeface=theme.typeface, hand=theme.hand
    )
