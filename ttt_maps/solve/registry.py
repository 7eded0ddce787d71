"""One shared solver per board and settings, started from its cached bounds on bigger boards.

Everything that asks about positions gets its solver here, so a request solves
each position once whoever asks; at its end ``keep_all`` writes what took long
into the cache. (The solver itself knows nothing of the cache: the cache reads
and writes solvers' bounds.) Small boards are solved whole by a ``Solver``,
the same whatever the settings; only bigger ones load the alpha-beta search
and the cache, and there each combination of cache and search limit
(``ttt_maps.settings``) has its own solver, so a request without the cache
never reads or writes bounds that another request loaded.
"""

from __future__ import annotations

import threading

from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.settings import current
from ttt_maps.solve import cache
from ttt_maps.solve.deepmisere import MisereDeepSolver
from ttt_maps.solve.misere import MisereSolver
from ttt_maps.solve.proofs import proven
from ttt_maps.solve.proven import ProvenSolver
from ttt_maps.solve.search import DeepSolver
from ttt_maps.solve.solver import SMALL_BOARD, Solver

_SOLVERS: dict[tuple[Geometry, bool, int | None], Solver] = {}
_LOCK = threading.Lock()


def solver_for(geometry: Geometry = STANDARD) -> Solver:
    """The shared solver of a geometry under the settings in force (starting from its
    cached bounds, on bigger boards when the cache is on)."""
    key: tuple[Geometry, bool, int | None]
    if geometry.size <= SMALL_BOARD:
        key = (geometry, True, None)
    else:
        settings = current()
        key = (geometry, settings.cache, settings.search_limit)
    hit = _SOLVERS.get(key)
    if hit is None:
        with _LOCK:
            hit = _SOLVERS.get(key)
            if hit is None:
                hit = _SOLVERS[key] = _new_solver(geometry, key[1], key[2])
    return hit


def cold_solver(geometry: Geometry, limit: int) -> Solver:
    """A solver of its own, starting from nothing (no cache), searching at most ``limit``
    positions on a bigger board: what a cold run with ``--search-limit`` would do."""
    return _new_solver(geometry, False, limit)


def _new_solver(geometry: Geometry, cache_on: bool, limit: int | None) -> Solver:
    """A board's solver under its rules: small boards solved whole, bigger ones searched
    (from the cached bounds, with the cache on; first from a shipped proof, where there is
    one: ``solve.proven``)."""
    if geometry.size <= SMALL_BOARD:
        if geometry.misere:
            return MisereSolver(geometry)
        return Solver(geometry)

    deep: DeepSolver
    if geometry.misere:
        deep = MisereDeepSolver(geometry, limit=limit, cache=cache_on)
    elif proven(geometry):  # a shipped proof answers what it knows before any search
        deep = ProvenSolver(geometry, limit=limit, cache=cache_on)
    else:
        deep = DeepSolver(geometry, limit=limit, cache=cache_on)
    cache.load(deep)
    return deep


def fresh_budgets() -> None:
    """Give each bigger board's solver of the settings in force a new request's budget
    (``DeepSolver.fresh_budget``)."""
    settings = current()
    for (_, on, limit), solver in list(_SOLVERS.items()):
        fresh = getattr(solver, "fresh_budget", None)
        if fresh is not None and on == settings.cache and limit == settings.search_limit:
            fresh()


def keep_all() -> None:
    """Keep what the solvers of the settings in force found, where that took long
    (``cache.keep``); nothing without the cache."""
    settings = current()
    if not settings.cache:
        return
    mine = [
        s
        for (_, on, limit), s in list(_SOLVERS.items())
        if not s.whole and on and limit == settings.search_limit
    ]
    if not mine:
        return  # small boards only: nothing to keep, nothing more to import

    for solver in mine:
        if isinstance(solver, DeepSolver):
            cache.keep(solver)
