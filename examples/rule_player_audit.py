"""Audit the human-style rule player of seeds/002 against the solved game.

The rule player tries, in order: win; block; the opening rules (fewer than
four marks); fork; threat; anything. Where its rule leaves a choice (it
shuffles a list of cells), every allowed cell is followed, so "perfect" here
means perfect whatever it picks. This uses the same audit as
``ttt-maps check``.

Run: python examples/rule_player_audit.py
"""

from __future__ import annotations

from collections.abc import Callable

from ttt_maps.audit.strategy import audit
from ttt_maps.game.position import Mark, Position
from ttt_maps.game.rules import rule_moves
from ttt_maps.solve.registry import solver_for

Rules = Callable[[Position], tuple[str, set[int]]]


def without_opening(board: Position) -> tuple[str, set[int]]:
    """A weaker player for contrast: no opening rules, any cell in the first plies."""
    rule, cells = rule_moves(board)
    if rule == "opening":
        return "opening (dropped: any cell)", set(board.moves())
    return rule, cells


def describe(player: Mark, rules: Rules = rule_moves, title: str = "the rule player") -> list[str]:
    """What the audit says about a rule player as ``player``."""
    root = Position.empty()
    solver = solver_for(root.geometry)
    visited: set[Position] = set()

    def picks(board: Position) -> set[int]:
        visited.add(board)
        return rules(board)[1]

    problems = audit(root, player, picks)
    errors = [p for p in problems if p.fatal]
    warnings = [p for p in problems if not p.fatal]
    lines = [f"== {title} as {player} (from the empty board) =="]
    lines.append(f"positions where {player} chooses: {len(visited)}")
    if not errors:
        lines.append(
            f"{player} is perfect for every pick: it never lets the value of the game slip"
        )
    else:
        lines.append(
            f"{player} is NOT perfect: {len(errors)} position(s) where some pick loses value"
        )
        first = errors[0]
        board = first.board
        rule, allowed = rules(board)
        best = solver.best_moves(board)
        outcomes = solver.move_outcomes(board)
        bad = sorted(c for c in allowed if c not in best)
        lines.append(f"first error, at {board} ({player} to move, {solver.outcome(board)}):")
        lines.extend("    " + row for row in board.grid().splitlines())
        lines.append(f"  rule that fired: {rule} (allows cells {sorted(allowed)})")
        by_outcome: dict[str, list[int]] = {}
        for cell in bad:
            by_outcome.setdefault(str(outcomes[cell]), []).append(cell)
        for outcome, cells in by_outcome.items():
            lines.append(f"  bad cells: {', '.join(map(str, cells))} ({outcome} for {player})")
        lines.append(f"  optimal cells: {best} ({outcomes[best[0]].label})")
    if warnings:
        lines.append(f"warnings (slower wins than possible): {len(warnings)}, e.g.")
        lines.append(f"  {warnings[0]}")
    return lines


def main() -> None:
    players: tuple[Mark, Mark] = ("x", "o")
    for player in players:
        print("\n".join(describe(player)))
        print()
    # For contrast: what the audit reports when a rule is missing.
    for player in players:
        print("\n".join(describe(player, without_opening, "without the opening rules")))
        print()


if __name__ == "__main__":
    main()
