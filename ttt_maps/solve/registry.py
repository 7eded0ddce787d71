"""One shared solver per board, started from its cached table on bigger boards.

Everything that asks about positions gets its solver here, so a run solves
each position once whoever asks; at the end of a command ``keep_all`` writes
what took long into the cache. (The solver itself knows nothing of the
cache: the cache reads and writes solvers' tables.) Small boards are solved
whole by a ``Solver``; only bigger ones load the alpha-beta search and the
cache.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.solve.solver import SMALL_BOARD, Solver

if TYPE_CHECKING:
    from ttt_maps.solve.search import DeepSolver

_SOLVERS: dict[Geometry, Solver] = {}


def solver_for(geometry: Geometry = STANDARD) -> Solver:
    """The shared solver of a geometry (starting from its cached table, on bigger boards)."""
    hit = _SOLVERS.get(geometry)
    if hit is None:
        if geometry.size <= SMALL_BOARD:
            hit = _SOLVERS[geometry] = _small(geometry)
        else:
            from ttt_maps.solve import cache

            deep = _deep(geometry)
            cache.load(deep)
            hit = _SOLVERS[geometry] = deep
    return hit


def _small(geometry: Geometry) -> Solver:
    """A small board's solver under its rules."""
    if geometry.misere:
        from ttt_maps.solve.misere import MisereSolver

        return MisereSolver(geometry)
    return Solver(geometry)


def _deep(geometry: Geometry) -> DeepSolver:
    """A bigger board's solver under its rules."""
    if geometry.misere:
        from ttt_maps.solve.deepmisere import MisereDeepSolver

        return MisereDeepSolver(geometry)
    from ttt_maps.solve.search import DeepSolver

    return DeepSolver(geometry)


def keep_all() -> None:
    """Keep what every solver of this run found, where that took long (``cache.keep``)."""
    if all(solver.whole for solver in _SOLVERS.values()):
        return  # small boards only: nothing to keep, nothing more to import
    from ttt_maps.solve import cache
    from ttt_maps.solve.search import DeepSolver

    for solver in _SOLVERS.values():
        if isinstance(solver, DeepSolver):
            cache.keep(solver)
