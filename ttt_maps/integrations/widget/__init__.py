"""The interactive viewer as a notebook widget: ``ttt_maps.widget(tree)``.

Built on anywidget (``pip install 'ttt-maps[notebook]'``), so it works in
JupyterLab, Notebook 7, VS Code, Colab and marimo, and its ES module
(``widget.js``) runs in MyST's ``{anywidget}`` directive too. The widget
shows the page ``ttt-maps render -f html`` writes, or for several maps the
linked viewers of ``ttt-maps compare -f html``, in a frame sandboxed to
scripts: zoom, breadcrumbs and play are the page's own, nothing is fetched,
and the page cannot touch the notebook (linked viewers keep their origin, as
their panes must reach one another). A small script added to the page
(``bridge.js``) tells the widget where the reader is, which Python reads as
``position``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ttt_maps import api
from ttt_maps.api import Renderable
from ttt_maps.compare.panes import linked_page
from ttt_maps.compare.summary import unlike
from ttt_maps.draw.layout import MapOptions
from ttt_maps.draw.themes import Theme, get_theme
from ttt_maps.engine.options import VIEWER_HEIGHT, checked
from ttt_maps.errors import UsageError
from ttt_maps.integrations.widget.assets import BRIDGE, asset
from ttt_maps.language import speaking
from ttt_maps.trees.strategy import Strategy

if TYPE_CHECKING:  # anywidget is optional: the model is imported when a widget is made
    from ttt_maps.integrations.widget.model import MapWidget


def with_bridge(page: str) -> str:
    """The viewer page with the script that tells the widget where the reader is."""
    script = f"<script>\n{asset(BRIDGE).strip()}\n</script>\n"
    head, sep, tail = page.rpartition("</body>")
    if not sep:
        raise ValueError("a viewer page ends with </body>")
    return f"{head}{script}{sep}{tail}"


def page_of(
    maps: Sequence[Renderable],
    *,
    theme: str | Theme = "light",
    title: str | None = None,
    depth: int | None = None,
    explain: bool = False,
    labels: list[str] | None = None,
) -> str:
    """The page the widget shows: one map's viewer, or several maps' linked viewers."""
    if not maps:
        raise UsageError("widget: give a map to show (ttt_maps.strategy(...) or a poster)")
    if len(maps) == 1:
        if labels is not None:
            raise UsageError("widget: labels name the maps of a comparison; give two or more")
        page = api.render(maps[0], "html", theme=theme, title=title, depth=depth, explain=explain)
        return with_bridge(page)

    strategies = [m for m in maps if isinstance(m, Strategy)]
    if len(strategies) != len(maps):
        raise UsageError("widget: a comparison links players' maps (ttt_maps.strategy(...))")
    problem = unlike(strategies)
    if problem is not None:
        raise UsageError(f"widget: {problem}")
    if title is not None:
        raise UsageError("widget: a comparison names itself; title is for one map")
    if labels is not None and len(labels) != len(maps):
        raise UsageError(f"labels={labels!r}: give one name per map ({len(maps)})")
    opts = MapOptions(depth, explain=explain)
    page = linked_page(strategies, labels=labels, theme=get_theme(theme).name, opts=opts)
    return with_bridge(page)


@checked
def widget(
    *maps: Renderable,
    theme: str | Theme = "light",
    title: str | None = None,
    depth: int | None = None,
    explain: bool = False,
    labels: list[str] | None = None,
    height: int = VIEWER_HEIGHT,
    lang: str | None = None,
) -> MapWidget:
    """The interactive viewer of a map, or linked viewers of several, as a notebook widget.

    Click where the opponent went to zoom in, or press Play to play against
    the map. Several maps of one player (the same game under different
    policies) zoom together, named by ``labels``. ``height`` is the widget's height
    in pixels; ``theme``, ``depth``, ``title``, ``explain`` and ``lang`` as for
    ``render``; the widget's ``position`` is where the reader is.
    """
    with speaking(lang):
        page = page_of(maps, theme=theme, title=title, depth=depth, explain=explain,
                       labels=labels)  # fmt: skip
    label = title or ("ttt-maps linked viewers" if len(maps) > 1 else "ttt-maps viewer")
    try:
        # lazy: anywidget is optional (ttt-maps[notebook])
        from ttt_maps.integrations.widget.model import MapWidget
    except ImportError:
        raise UsageError(
            "the notebook widget needs anywidget: pip install 'ttt-maps[notebook]'"
        ) from None
    widget = MapWidget(page=page, height=height, label=label, linked=len(maps) > 1)
    widget.position = start_position(maps)  # until the page says where its reader is
    return widget


def start_position(maps: Sequence[Renderable]) -> dict[str, object]:
    """Where a reader starts, as the page says a position: the map's first board and no
    moves yet (for linked viewers, the first pane leading and each pane's start)."""
    roots = [m.root.board for m in maps if isinstance(m, Strategy)]
    roots += [m.x.root.board for m in maps if isinstance(m, api.Poster)]
    starts: list[dict[str, object]] = [{"board": str(board), "moves": []} for board in roots]
    if len(maps) > 1:
        return {"leader": 0, "panes": starts}
    return starts[0] if starts else {}


def myst_model(widget: MapWidget) -> str:
    """The JSON body of a MyST ``{anywidget}`` directive that shows the same viewer."""
    model = {
        "page": widget.page,
        "height": widget.height,
        "label": widget.label,
        "linked": widget.linked,
    }
    return json.dumps(model, ensure_ascii=False, sort_keys=True)
