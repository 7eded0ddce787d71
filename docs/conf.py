"""ttt-maps' own documentation: ``make docs`` builds it with warnings as errors.

Its pages are MyST Markdown, and their maps are drawn while it builds by the
``ttt-map`` directive of ``ttt_maps.sphinx``, so the docs are the first user
of the integration. The API page comes from the docstrings.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout's ttt_maps, installed or not
sys.path.insert(0, str(ROOT / "docs" / "_ext"))  # the docs' own: options table, playground

from ttt_maps._version import __version__  # noqa: E402

project = "ttt-maps"
author = "the ttt-maps developers"
copyright = "2026, the ttt-maps developers"
version = release = __version__
extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "ttt_maps.sphinx",
    "ttt_options",
    "ttt_playground",
]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "_generated", "_ext"]
myst_heading_anchors = 3
autodoc_member_order = "bysource"
autodoc_typehints = "description"
html_title = f"ttt-maps {release}"
# furo: a light/dark switch, which every map on the site follows (they are drawn in
# "auto": each directive says :theme: auto; the playground tells its viewers).
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["docs.css"]
html_js_files = ["docs.js"]
pygments_style = "vs"  # every colour of its code passes AA contrast, light and dark
pygments_dark_style = "github-dark"
html_show_sourcelink = False

#: Pictures the directive does not draw, made by the Python API before the pages are read.
GENERATED = Path(__file__).resolve().parent / "_generated"


def draw_pictures(app: Any) -> None:
    """The minimal table's cheat sheet for X, for the page on the minimal table (in
    ``auto``: as an image it follows the reader's system, as the site's switch does when
    left on auto)."""
    import ttt_maps

    GENERATED.mkdir(exist_ok=True)
    ttt_maps.save(ttt_maps.table("x"), GENERATED / "x-table.svg", theme="auto")


def setup(app: Any) -> None:
    app.connect("builder-inited", draw_pictures)
