"""``ttt-maps solve``: a position's value, every move's outcome, each policy's choice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ttt_maps.cli.output import board_grid, console, print_json, show_table

if TYPE_CHECKING:
    from ttt_maps.game.board import Board
    from ttt_maps.solve.solver import Solver
    from ttt_maps.strategies.policy import Policy


def solve_command(pos: Board, policy: list[str] | None, as_json: bool) -> None:
    """Print what ``solve`` reports on ``pos``: a table, or JSON."""
    from ttt_maps.solve.registry import keep_all, solver_for
    from ttt_maps.strategies.chains import parse_policy, presets_for

    names = list(dict.fromkeys([*presets_for(pos.geometry), *(policy or [])]))
    policies = [(name, parse_policy(name, pos.geometry)) for name in names]
    doc = solve_doc(pos, policies, solver_for(pos.geometry))
    keep_all()
    if as_json:
        print_json(doc)
        return
    out = console()
    out.print(board_grid(pos))
    out.print()
    if doc["over"]:
        winner = doc["winner"]
        out.print(f"game over: {winner} won" if winner else "game over: draw (the board is full)")
        return
    mover = doc["to_move"]
    out.print(f"{mover} to move: {doc['outcome']['text']}", markup=False)

    from rich.markup import escape
    from rich.table import Table

    from ttt_maps.errors import shown

    chosen: dict[int, list[str]] = {}
    for p in doc["policies"]:
        chosen.setdefault(p["move"], []).append(p["name"])
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("cell", justify="right")
    table.add_column(f"outcome for {mover}")
    table.add_column("best", justify="center")
    table.add_column("chosen by")
    for m in doc["moves"]:
        table.add_row(
            str(m["cell"]),
            m["text"],
            "✓" if m["optimal"] else "",
            escape(", ".join(shown(name) for name in chosen.get(m["cell"], []))),
        )
    out.print()
    show_table(out, table)
    ptable = Table(box=None, pad_edge=False, header_style="bold")
    ptable.add_column("policy")
    ptable.add_column("chain")
    ptable.add_column("move", justify="right")
    for p in doc["policies"]:
        ptable.add_row(escape(shown(p["name"])), escape(shown(p["chain"])), str(p["move"]))
    out.print()
    show_table(out, ptable)


def solve_doc(pos: Board, policies: list[tuple[str, Policy]], solver: Solver) -> dict[str, Any]:
    """Everything ``solve`` reports, as JSON-ready data."""
    doc: dict[str, Any] = {"board": str(pos), "geometry": pos.geometry.name}
    if pos.is_over:
        doc.update(over=True, winner=pos.winner(), to_move=None, outcome=None, moves=[])
        doc["policies"] = []
        return doc
    value = solver.outcome(pos)
    best = set(solver.best_moves(pos))
    moves = [
        {
            "cell": cell,
            "result": out.label,
            "distance": out.distance,
            "text": str(out),
            "optimal": cell in best,
        }
        for cell, out in solver.move_outcomes(pos).items()
    ]
    doc.update(
        over=False,
        winner=None,
        to_move=pos.to_move,
        outcome={"result": value.label, "distance": value.distance, "text": str(value)},
        moves=moves,
        policies=[{"name": n, "chain": p.name, "move": p.choose(pos)} for n, p in policies],
    )
    return doc
