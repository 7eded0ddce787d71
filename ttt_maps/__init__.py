"""Complete maps of optimal tic-tac-toe play, in the style of xkcd 832.

```python
import ttt_maps
tree = ttt_maps.strategy("x", policy="fast,novice")   # from the empty board
svg = ttt_maps.render(tree, format="svg")              # str; pdf/png -> bytes
ttt_maps.save(tree, "x-map.pdf", size="A2")
ttt_maps.save(ttt_maps.poster(), "poster.pdf")         # both maps, like the comic
```

Importing the package loads nothing else: the API functions, the solver,
layout and backends load on first use, so ``import ttt_maps`` (and the
``ttt-maps`` command, which imports this package first) stays fast.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

#: API functions that share their name with a submodule (render/, strategy.py, poster.py).
_SHADOWED = frozenset({"poster", "render", "strategy"})


class _Package(ModuleType):
    """The package module: ``ttt_maps.render``, ``.strategy`` and ``.poster`` stay functions.

    Python binds a submodule as an attribute of its package when it is first
    imported, which would replace the function of the same name depending on
    import order. Those submodules are imported by their full names with
    ``from``: ``from ttt_maps.strategy import build_strategy``,
    ``from ttt_maps.render import svg`` (not ``import ttt_maps.render.svg as
    svg``, which looks the name up on the package).
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _SHADOWED and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

if TYPE_CHECKING:
    from ttt_maps.api import Poster, poster, render, save, strategy
    from ttt_maps.board import Board
    from ttt_maps.errors import UsageError
    from ttt_maps.geometry import Geometry
    from ttt_maps.strategy import Strategy

__all__ = [
    "Board",
    "Geometry",
    "Poster",
    "Strategy",
    "UsageError",
    "__version__",
    "poster",
    "render",
    "save",
    "strategy",
]

_HOMES = {
    "Board": "ttt_maps.board",
    "Geometry": "ttt_maps.geometry",
    "Poster": "ttt_maps.api",
    "Strategy": "ttt_maps.strategy",
    "UsageError": "ttt_maps.errors",
    "poster": "ttt_maps.api",
    "render": "ttt_maps.api",
    "save": "ttt_maps.api",
    "strategy": "ttt_maps.api",
}


def __getattr__(name: str) -> Any:
    """Import a public name from its module the first time it is used."""
    if name == "__version__":
        from ttt_maps._version import __version__ as value
    elif name in _HOMES:
        value = getattr(import_module(_HOMES[name]), name)
    else:
        raise AttributeError(f"module 'ttt_maps' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
