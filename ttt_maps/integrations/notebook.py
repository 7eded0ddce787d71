"""The zoomable, playable viewer inline in a Jupyter notebook: ``ttt_maps.viewer(tree)``.

A strategy's own ``_repr_svg_`` stays the picture (it prints, exports and
diffs as SVG); the viewer is asked for by name. It is the same page
``ttt-maps render -f html`` writes, inside an iframe's ``srcdoc``: its styles
and script cannot touch the notebook's, two viewers on one page never meet,
and nothing is fetched. The iframe is sandboxed to scripts only.
"""

from __future__ import annotations

import hashlib
from html import escape

from ttt_maps.api import Poster, Renderable, render
from ttt_maps.draw.themes import Theme
from ttt_maps.engine.options import VIEWER_HEIGHT, checked
from ttt_maps.errors import UsageError
from ttt_maps.integrations.longdesc import details_html
from ttt_maps.trees.strategy import Strategy


class Viewer:
    """A viewer page that shows itself in a notebook (``_repr_html_``)."""

    def __init__(
        self, page: str, height: int, title: str, words: tuple[str, str] = ("", "")
    ) -> None:
        self.page = page
        self.height = height
        self.title = title
        #: The frame's ``aria-details`` and the long description after it, if asked for.
        self.words = words

    def _repr_html_(self) -> str:
        details, words = self.words
        return (
            f'<iframe class="ttt-maps-viewer" title="{escape(self.title)}"{details} '
            f'sandbox="allow-scripts" style="width:100%;height:{self.height}px;border:0" '
            f'srcdoc="{escape(self.page, quote=True)}"></iframe>{words}'
        )

    def __repr__(self) -> str:
        return f"<ttt-maps viewer: {self.title}>"


@checked
def viewer(
    obj: Renderable,
    /,
    *,
    theme: str | Theme = "light",
    title: str | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
    explain: bool = False,
    depth: int | None = None,
    description: bool = False,
    height: int = VIEWER_HEIGHT,
    lang: str | None = None,
) -> Viewer:
    """The interactive viewer of a strategy or poster, for a notebook cell.

    Click where the opponent went to zoom in, or press Play to play against the
    map; ``height`` is the frame's height in pixels; ``theme``, ``depth``, ``title``,
    ``alternatives``, ``outcomes`` and ``explain`` (each red move's reason) as for
    ``render``; ``description`` adds the strategy in words under it, folded away, for
    readers who cannot see the map.
    """
    page = render(obj, "html", theme=theme, title=title, alternatives=alternatives,
                  outcomes=outcomes, explain=explain, depth=depth, lang=lang)  # fmt: skip
    label = title or "ttt-maps viewer"
    return Viewer(page, height, label, _words(obj, page) if description else ("", ""))


def _words(obj: Renderable, page: str) -> tuple[str, str]:
    """The long description of a strategy or a poster's two, with an id from the page."""
    if isinstance(obj, Strategy):
        trees = [obj]
    elif isinstance(obj, Poster):
        trees = [obj.x, obj.o]
    else:
        raise UsageError("description: the strategy in words is a player's map's (or a poster's)")
    ident = f"ttt-words-{hashlib.sha256(page.encode('utf-8')).hexdigest()[:12]}"
    return f' aria-details="{ident}"', details_html(trees, ident)
