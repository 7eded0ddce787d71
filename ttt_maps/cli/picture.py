"""``render --picture``: a light and a dark SVG of each drawing, for a README's ``<picture>``.

GitHub (and any browser) shows the ``<source media="(prefers-color-scheme: dark)">``
file to a reader in dark mode and the ``<img>`` to everyone else, so a map
drawn twice looks right on either page. The light file keeps the usual name
(it is also what a renderer without ``<picture>`` shows); the dark one is
``NAME-dark.svg`` beside it. The HTML to paste is printed after the files.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from ttt_maps.errors import UsageError

if TYPE_CHECKING:
    from ttt_maps.draw.themes import Theme

#: The themes a picture's light file may be drawn in (its dark one is always dark).
LIGHT_THEMES = ("light", "print", "xkcd")


def dark_path(path: Path) -> Path:
    """Where the dark copy of ``path`` goes: ``x-map.svg`` -> ``x-map-dark.svg``, beside it."""
    return path.with_name(f"{path.stem}-dark{path.suffix}")


def check_picture(formats: Sequence[str], output: str | None, theme: Theme) -> None:
    """A picture is two SVG files drawn light and dark: anything else is a usage error."""
    others = sorted({f.strip().lower() for f in formats} - {"svg"})
    if others:
        raise UsageError(f"--picture writes SVG files for a web page, not {', '.join(others)}")
    if output == "-":
        raise UsageError("--picture writes two files; give -o FILE.svg, not -o -")
    if theme.name not in LIGHT_THEMES:
        raise UsageError(
            f"--picture draws a light and a dark file; --theme {theme.name} is not a light "
            f"theme (choose {', '.join(LIGHT_THEMES)} for the light one)"
        )


def picture_html(light: Path, dark: Path, alt: str) -> str:
    """The ``<picture>`` to paste into a README next to the two files.

    Each path is a URL that names exactly the file written (``url_of``), and
    the text is plain printable ASCII or Unicode, so the snippet can go to a
    terminal as it is and into a page unchanged.
    """
    from ttt_maps.io.names import url_of

    return (
        "<picture>\n"
        f'  <source media="(prefers-color-scheme: dark)" srcset="{url_of(dark)}" />\n'
        f'  <img src="{url_of(light)}" alt="{_attribute(alt)}" />\n'
        "</picture>"
    )


def _attribute(text: str) -> str:
    """An HTML attribute value that prints as it is: a newline or a tab is a character
    reference, and a control character (an escape sequence's ESC), which a page may not
    hold at all, is the replacement character."""
    import unicodedata

    def one(c: str) -> str:
        if c.isprintable():
            return c
        if c not in "\t\n\r" and unicodedata.category(c) in ("Cc", "Cs"):
            return "\ufffd"
        return f"&#x{ord(c):x};"

    return "".join(one(c) for c in escape(text))
