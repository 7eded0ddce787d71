"""``render --picture``: a light and a dark SVG of each drawing, for a README's ``<picture>``.

GitHub (and any browser) shows the ``<source media="(prefers-color-scheme: dark)">``
file to a reader in dark mode and the ``<img>`` to everyone else, so a map
drawn twice looks right on either page. The light file keeps the usual name
(it is also what a renderer without ``<picture>`` shows); the dark one is
``NAME-dark.svg`` beside it. The HTML to paste is printed after the files.
"""

from __future__ import annotations

from html import escape
from pathlib import Path


def picture_html(light: Path, dark: Path, alt: str, details: str = "") -> str:
    """The ``<picture>`` to paste into a README next to the two files (paths as written);
    ``details`` is the ``aria-details`` attribute of a long description below it."""
    return (
        "<picture>\n"
        f'  <source media="(prefers-color-scheme: dark)" srcset="{escape(dark.as_posix())}" />\n'
        f'  <img src="{escape(light.as_posix())}" alt="{escape(alt)}"{details} />\n'
        "</picture>"
    )
