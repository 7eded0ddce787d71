"""A position solved and explained: every move's outcome and reason, and each policy's
choice with the key that made it.

What ``ttt-maps solve`` prints and ``ttt_maps.solve`` returns, as JSON-ready data.
"""

from __future__ import annotations

from typing import Any

from ttt_maps.game.position import Position
from ttt_maps.policy.policy import Policy
from ttt_maps.policy.tiebreak import tie_break
from ttt_maps.reasons.explain import explain_moves
from ttt_maps.solve.solver import Solver


def position_doc(
    pos: Position, policies: list[tuple[str, Policy]], solver: Solver
) -> dict[str, Any]:
    """Everything ``solve`` reports on ``pos``, for the given policies."""
    doc: dict[str, Any] = {
        "board": str(pos),
        "geometry": pos.geometry.name,
        **pos.geometry.rules_field,
    }
    if pos.is_over:
        doc.update(over=True, winner=pos.winner(), to_move=None, outcome=None, moves=[])
        doc["policies"] = []
        return doc
    value = solver.outcome(pos)
    best = set(solver.best_moves(pos))
    reasons = explain_moves(pos)
    moves = [
        {
            "cell": cell,
            "result": out.label,
            "distance": out.distance,
            "text": str(out),
            "optimal": cell in best,
            "why": reasons[cell].to_json(),
        }
        for cell, out in solver.move_outcomes(pos).items()
    ]
    doc.update(
        over=False,
        winner=None,
        to_move=pos.to_move,
        outcome={"result": value.label, "distance": value.distance, "text": str(value)},
        moves=moves,
        policies=[
            {"name": n, "chain": p.name, "move": p.choose(pos), "why": tie_break(p, pos).to_json()}
            for n, p in policies
        ],
    )
    return doc
