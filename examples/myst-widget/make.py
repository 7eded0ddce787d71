"""Write what the example page's {anywidget} directives load: the widget's ES module
and two viewer pages (X's map, and X's map under three policies, linked).

Run: python examples/myst-widget/make.py, then myst build --html in this folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

import ttt_maps
from ttt_maps.integrations.widget.assets import MODULE, asset
from ttt_maps.io.files import write_atomic

HERE = Path(__file__).resolve().parent
POLICIES = ("xkcd", "fast,novice", "compact")


def main(folder: Path = HERE) -> None:
    write_atomic(folder / "ttt-maps-widget.mjs", asset(MODULE))
    one = ttt_maps.widget(ttt_maps.strategy("x", policy="fast,novice"))
    write_atomic(folder / "x-map.html", one.page)
    linked = ttt_maps.widget(
        *(ttt_maps.strategy("x", policy=p) for p in POLICIES), labels=list(POLICIES)
    )
    write_atomic(folder / "x-policies.html", linked.page)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
