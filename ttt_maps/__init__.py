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
"""

from ttt_maps._version import __version__
from ttt_maps.api import (
    Board,  # the old name of a position, which users keep
    Geometry,
    Position,
    Poster,
    Settings,
    Strategy,
    WholeGame,
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
    tie_break,
    whole,
)
from ttt_maps.errors import UsageError
from ttt_maps.integrations.notebook import viewer
from ttt_maps.integrations.widget import widget

__all__ = [
    "Board",
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
    "tie_break",
    "viewer",
    "whole",
    "widget",
]
