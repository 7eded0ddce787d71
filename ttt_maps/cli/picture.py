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
    from ttt_maps.strategies.tree import Strategy

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


def picture_html(light: Path, dark: Path, alt: str, details: str = "") -> str:
    """The ``<picture>`` to paste into a README next to the two files (paths as written);
    ``details`` is the ``aria-details`` attribute of a long description below it."""
    return (
        "<picture>\n"
        f'  <source media="(prefers-color-scheme: dark)" srcset="{escape(dark.as_posix())}" />\n'
        f'  <img src="{escape(light.as_posix())}" alt="{escape(alt)}"{details} />\n'
        "</picture>"
    )


def picture_words(trees: Sequence[Strategy], light: Path) -> tuple[str, str]:
    """The strategy in words for a README under the picture: ``aria-details`` for its
    ``<img>`` and a collapsed ``<details>`` holding each map's gamebook in Markdown."""
    from ttt_maps.strategies.bookwriters import to_markdown
    from ttt_maps.strategies.gamebook import build_book

    ident = f"{light.stem}-words"
    parts = [f'<details id="{escape(ident)}">', "<summary>The strategy in words</summary>", ""]
    for tree in trees:
        parts += [to_markdown(build_book(tree), f"{light.stem}-{tree.player}-", level=3), ""]
    parts.append("</details>")
    return f' aria-details="{escape(ident)}"', "\n".join(parts)
