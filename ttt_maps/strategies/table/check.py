"""A strategy table audited against the solved game (``ttt-maps check`` of a table).

A table is perfect when every position its player meets from the empty board,
whatever the opponent plays and with the player's moves looked up in it, is
listed up to rotation and reflection, and every move looked up keeps the
position's value. How fast a win comes is not asked: a table may win slowly
to stay small. Entries the play never reaches, and a class listed twice with
the same move, are warnings; a class listed twice with different moves is an
error, as a player could not tell which to play.
"""

from __future__ import annotations

from ttt_maps.game.board import Board
from ttt_maps.game.symmetry import canonicaliser
from ttt_maps.strategies.audit import Problem, audit
from ttt_maps.strategies.table.entries import Entry, Table


def audit_table(table: Table) -> list[Problem]:
    """What keeps ``table`` from playing perfectly (errors), and what it lists in vain."""
    g = table.geometry
    canonical = canonicaliser(g)
    problems = _listed_twice(table)
    lookup = table.lookup()
    reached: set[int] = set()

    def picks(board: Board) -> list[int]:
        reached.add(canonical(board.key))
        cell = lookup(board)
        return [] if cell is None else [cell]

    told: set[tuple[str, int]] = set()
    for problem in audit(Board.empty(g), table.player, picks):
        if problem.kind == "slower":
            continue  # a table keeps the value; the speed of a win is not asked
        seen = (problem.kind, canonical(problem.board.key))
        if seen in told:
            continue  # the same position turned: one finding per class
        told.add(seen)
        if problem.kind == "missing":
            problem = problem._replace(
                message="neither this position nor a rotation or reflection of it is listed"
            )
        problems.append(problem)
    unused = [e for e in table.entries if canonical(e.board.key) not in reached]
    if unused:
        count = len(unused)
        problems.append(
            Problem(
                "unreached",
                unused[0].board,
                f"{count} listed position{'s' * (count != 1)} never met in play from the "
                "empty board",
                fatal=False,
            )
        )
    return problems


def _listed_twice(table: Table) -> list[Problem]:
    """Classes listed more than once: a warning when the moves agree up to symmetry."""
    canonical = canonicaliser(table.geometry)
    first: dict[int, Entry] = {}
    problems: list[Problem] = []
    lookup = table.lookup()
    for entry in table.entries:
        key = canonical(entry.board.key)
        if key not in first:
            first[key] = entry
            continue
        board, cell = entry.board, entry.cell
        theirs = lookup(board)
        legal = board.moves()
        same = (
            theirs is not None
            and cell in legal
            and theirs in legal
            and canonical(board.play(cell).key) == canonical(board.play(theirs).key)
        )
        where = f"the same position as {first[key].board} turned"
        if same:
            problems.append(Problem("listed twice", board, f"{where}, with the same move", False))
        else:
            problems.append(
                Problem("conflict", board, f"{where}, with another move ({cell}, not {theirs})")
            )
    return problems
