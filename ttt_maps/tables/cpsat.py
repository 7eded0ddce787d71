"""The minimal strategy table proven by CP-SAT (Google OR-Tools), a second prover.

The same graph as ``ttt_maps.tables.graph`` becomes a 0-1 model: a
variable per class (is it in the table?) and per option (is it the one
chosen?); the start is in the table; a class in the table chooses an option;
a chosen option puts everything it needs in the table; the number of classes
in the table is minimised. CP-SAT's answer is proven optimal when it says
OPTIMAL. One worker and a fixed seed keep the answer the same run after run.
OR-Tools is an optional extra: ``pip install 'ttt-maps[cp-sat]'``.
"""

from __future__ import annotations

import threading
from typing import Any

from ttt_maps.errors import UsageError
from ttt_maps.tables.graph import Graph, Option, Proof, TableTooBig, table_limit

#: CP-SAT's deterministic time per step of the limit (its "deterministic
#: seconds" are a count of work, about a second each): the same limit then
#: refuses a board the same way with either prover.
WORK_PER_STEP = 1e-5


def _solved(solver: Any, model: Any) -> Any:
    """``solver.Solve(model)`` in a thread of its own, the main thread waiting: a stop
    signal (Ctrl-C, SIGTERM) is heard at once, stops the search and goes on up, where
    a long proof in the main thread would hold it until the proof ends."""
    status: list[Any] = []
    worker = threading.Thread(target=lambda: status.append(solver.Solve(model)), daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.1)
    except BaseException:
        solver.StopSearch()
        worker.join()
        raise
    return status[0]


def prove_cp_sat(graph: Graph, limit: int | None = None) -> Proof:
    """The smallest table of ``graph``, proven optimal by CP-SAT."""
    try:
        # lazy: OR-Tools is optional (ttt-maps[cp-sat])
        from ortools.sat.python import cp_model
    except ImportError:
        raise UsageError(
            "the cp-sat prover needs Google OR-Tools: pip install 'ttt-maps[cp-sat]'"
        ) from None
    limit = table_limit() if limit is None else limit
    model: Any = cp_model.CpModel()
    keys = sorted(graph.options)
    held = {key: model.NewBoolVar(f"c{key}") for key in keys}
    picks: dict[int, list[tuple[Any, Option]]] = {}
    for key in graph.roots:
        model.Add(held[key] == 1)
    for key in keys:
        picks[key] = []
        for i, option in enumerate(graph.options[key]):
            pick = model.NewBoolVar(f"p{key}_{i}")
            picks[key].append((pick, option))
            for need in sorted(option.needs):
                model.AddImplication(pick, held[need])
        model.AddBoolOr([pick for pick, _ in picks[key]]).OnlyEnforceIf(held[key])
    model.Minimize(sum(held[key] for key in keys))
    solver: Any = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.catch_sigint_signal = False  # Ctrl-C is ours: it stops the search
    solver.parameters.max_deterministic_time = limit * WORK_PER_STEP
    status = _solved(solver, model)
    if status != cp_model.OPTIMAL:
        found = (
            f"; the best table found has {round(solver.ObjectiveValue()):,} positions"
            if status == cp_model.FEASIBLE
            else ""
        )
        raise TableTooBig(
            f"the minimal table for {graph.player.upper()} on {graph.geometry.describe()} is "
            f"too big to prove here: CP-SAT stopped after {solver.WallTime():.0f} s"
            f"{found}, at least {round(solver.BestObjectiveBound()):,} are needed"
        )
    chosen: dict[int, Option] = {}
    layer = sorted(graph.roots)
    while layer:  # the classes the table's own play reaches, each with its chosen option
        below: set[int] = set()
        for key in layer:
            option = next(o for pick, o in picks[key] if solver.Value(pick))
            chosen[key] = option
            below |= option.needs
        layer = sorted(below - chosen.keys())
    size = round(solver.ObjectiveValue())
    return Proof(size, chosen, graph.steps + int(solver.NumBranches()))
