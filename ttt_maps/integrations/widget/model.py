"""The widget's class: a viewer page and where its reader is, synced with the front end."""

from __future__ import annotations

import anywidget
import traitlets

from ttt_maps.engine.options import VIEWER_HEIGHT
from ttt_maps.integrations.widget.assets import MODULE, asset


class MapWidget(anywidget.AnyWidget):
    """A ttt-maps viewer page in a notebook cell (made by ``ttt_maps.widget``).

    ``page`` is the viewer's HTML, ``height`` the cell's height in pixels,
    ``label`` the frame's accessible name, ``linked`` whether the page is
    linked viewers (their panes reach into one another); ``position`` is set by the front
    end: the board the reader zoomed to and the moves from the map's root (for
    linked viewers, the leading pane and every pane's position).
    """

    _esm = asset(MODULE)
    page = traitlets.Unicode("").tag(sync=True)
    height = traitlets.Int(VIEWER_HEIGHT).tag(sync=True)
    label = traitlets.Unicode("ttt-maps viewer").tag(sync=True)
    linked = traitlets.Bool(False).tag(sync=True)
    position = traitlets.Dict().tag(sync=True)

    def __repr__(self) -> str:
        return f"<ttt-maps widget: {self.label}>"
