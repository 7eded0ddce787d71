"""The widget's scripts, shipped with the package: its ES module and what it adds to a page."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

#: The widget's ES module (also for MyST's ``{anywidget}``) and the script it adds to a page.
MODULE, BRIDGE = "widget.js", "bridge.js"


@cache
def asset(name: str) -> str:
    """A file of the widget (read once per process)."""
    return files("ttt_maps.integrations.widget").joinpath(name).read_text(encoding="utf-8")
