"""``render --picture``: a light and a dark SVG of each drawing, for a README's ``<picture>``.

GitHub (and any browser) shows the ``<source media="(prefers-color-scheme: dark)">``
file to a reader in dark mode and the ``<img>`` to everyone else, so a map
drawn twice looks right on either page. The light file keeps the usual name
(it is also what a renderer without ``<picture>`` shows); the dark one is
``NAME-dark.svg`` beside it. The HTML to paste is printed after the files.
"""

from __future__ import annotations

import unicodedata
from html import escape
from pathlib import Path

from ttt_maps.io.paths import url_of


def picture_html(light: Path, dark: Path, alt: str, details: str = "") -> str:
    """The ``<picture>`` to paste into a README next to the two files; ``details`` is
    the ``aria-details`` attribute of a long description below it.

    Each path is a URL that names exactly the file written (``url_of``), and
    the text is plain printable ASCII or Unicode, so the snippet can go to a
    terminal as it is and into a page unchanged.
    """
    return (
        "<picture>\n"
        f'  <source media="(prefers-color-scheme: dark)" srcset="{url_of(dark)}" />\n'
        f'  <img src="{url_of(light)}" alt="{_attribute(alt)}"{details} />\n'
        "</picture>"
    )


def _attribute(text: str) -> str:
    """An HTML attribute value that prints as it is: a newline or a tab is a character
    reference, and a control character (an escape sequence's ESC), which a page may not
    hold at all, is the replacement character."""

    def one(c: str) -> str:
        if c.isprintable():
            return c
        if c not in "\t\n\r" and unicodedata.category(c) in ("Cc", "Cs"):
            return "\ufffd"
        return f"&#x{ord(c):x};"

    return "".join(one(c) for c in escape(text))
