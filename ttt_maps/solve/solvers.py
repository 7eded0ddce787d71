"""One shared solver per board, started from its cached table on bigger boards.

Everything that asks about positions gets its solver here, so a run solves
each position once whoever asks; at the end of a command ``keep_all`` writes
what took long into the cache. (The solver itself knows nothing of the
cache: the cache reads and writes solvers' tables.)
"""

from __future__ import annotations

from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.solve import cache
from ttt_maps.solve.solver import Solver

_SOLVERS: dict[Geometry, Solver] = {}


def solver_for(geometry: Geometry = STANDARD) -> Solver:
    """The shared solver of a geometry (starting from its cached table, on bigger boards)."""
    hit = _SOLVERS.get(geometry)
    if hit is None:
        hit = _SOLVERS[geometry] = Solver(geometry)
        if not hit.whole:
            cache.load(hit)
    return hit


def keep_all() -> None:
    """Keep what every solver of this run found, where that took long (``cache.keep``)."""
    for solver in _SOLVERS.values():
        cache.keep(solver)
