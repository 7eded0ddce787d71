"""Complete maps of optimal tic-tac-toe play, in the style of xkcd 832.

```python
import ttt_maps
tree = ttt_maps.strategy("x", policy="fast,novice")   # from the empty board
svg = ttt_maps.render(tree, format="svg")              # str; pdf/png -> bytes
ttt_maps.save(tree, "x-map.pdf", size="A2")
ttt_maps.save(ttt_maps.poster(), "poster.pdf")         # both maps, like the comic
ttt_maps.save(ttt_maps.table("o"), "o-table.pdf", size="A4")  # the minimal table
text = ttt_maps.gamebook(tree, "md")                  # the strategy in words (txt, pdf)
```

Importing the package loads nothing else: the API functions, the solver,
layout and backends load on first use, so ``import ttt_maps`` (and the
``ttt-maps`` command, which imports this package first) stays fast.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ttt_maps.api import (
        Poster,
        Settings,
        check,
        compare_policies,
        explain,
        gamebook,
        new_game,
        policies,
        poster,
        render,
        save,
        solve_position,
        stats,
        strategy,
        table,
        whole,
    )
    from ttt_maps.errors import UsageError
    from ttt_maps.game.board import Board  # the old name, which users keep
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.game.position import Position
    from ttt_maps.integrations.notebook import viewer
    from ttt_maps.integrations.widget import widget
    from ttt_maps.trees.strategy import Strategy
    from ttt_maps.trees.whole import WholeGame

__all__ = [
    "Board",  # the old name, which users keep
    "Geometry",
    "Position",
    "Poster",
    "Settings",
    "Strategy",
    "UsageError",
    "WholeGame",
    "__version__",
    "check",
    "compare_policies",
    "explain",
    "gamebook",
    "new_game",
    "policies",
    "poster",
    "render",
    "save",
    "solve_position",
    "stats",
    "strategy",
    "table",
    "viewer",
    "whole",
    "widget",
]

_HOMES = {
    "Board": "ttt_maps.game.board",  # the old name, which users keep
    "Position": "ttt_maps.game.position",
    "Geometry": "ttt_maps.game.geometry",
    "Poster": "ttt_maps.api",
    "Settings": "ttt_maps.api",
    "check": "ttt_maps.api",
    "compare_policies": "ttt_maps.api",
    "explain": "ttt_maps.api",
    "new_game": "ttt_maps.api",
    "policies": "ttt_maps.api",
    "solve_position": "ttt_maps.api",
    "stats": "ttt_maps.api",
    "Strategy": "ttt_maps.trees.strategy",
    "UsageError": "ttt_maps.errors",
    "gamebook": "ttt_maps.api",
    "poster": "ttt_maps.api",
    "render": "ttt_maps.api",
    "save": "ttt_maps.api",
    "strategy": "ttt_maps.api",
    "table": "ttt_maps.api",
    "viewer": "ttt_maps.integrations.notebook",
    "WholeGame": "ttt_maps.trees.whole",
    "whole": "ttt_maps.api",
    "widget": "ttt_maps.integrations.widget",
}


def __getattr__(name: str) -> Any:
    """Import a public name from its module the first time it is used."""
    if name == "__version__":
        # lazy: the package's names load when first used
        from ttt_maps._version import __version__ as value
    elif name in _HOMES:
        value = getattr(import_module(_HOMES[name]), name)
    else:
        raise AttributeError(f"module 'ttt_maps' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
