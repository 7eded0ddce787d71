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
sys.path.insert(0, str(ROOT / "docs" / "_ext"))  # the docs' own directives

from ttt_maps._version import __version__  # noqa: E402

project = "ttt-maps"
author = "the ttt-maps developers"
copyright = "2026, the ttt-maps developers"
version = release = __version__
extensions = ["myst_parser", "sphinx.ext.autodoc", "ttt_maps.sphinx", "ttt_options"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "_generated"]
myst_heading_anchors = 3
autodoc_member_order = "bysource"
autodoc_typehints = "description"
html_title = f"ttt-maps {release}"
html_theme = "alabaster"
templates_path = ["_templates"]  # sidebar headings in order, the footer in a landmark
html_static_path = ["_static"]
html_css_files = ["docs.css"]
html_js_files = ["docs.js"]
html_theme_options = {
    "description": "Complete maps of optimal tic-tac-toe",
    "github_button": False,
    "page_width": "1100px",
}
html_sidebars = {"**": ["about.html", "searchfield.html", "navigation.html", "relations.html"]}
pygments_style = "vs"  # every colour of its code passes AA contrast
html_show_sourcelink = False

#: Pictures the directive does not draw, made by the Python API before the pages are read.
GENERATED = Path(__file__).resolve().parent / "_generated"


def draw_pictures(app: Any) -> None:
    """The minimal table's cheat sheet for X, for the page on the minimal table."""
    import ttt_maps

    GENERATED.mkdir(exist_ok=True)
    ttt_maps.save(ttt_maps.table("x"), GENERATED / "x-table.svg")


def setup(app: Any) -> None:
    app.connect("builder-inited", draw_pictures)
