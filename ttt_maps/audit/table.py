"""A strategy table audited against the solved game (``ttt-maps check`` of a table).

A table is perfect when every position its player meets from the empty board,
whatever the opponent plays and with the player's moves looked up in it, is
listed up to rotation and reflection, and every move looked up keeps the
position's value. How fast a win comes is not asked: a table may win slowly
to stay small. Entries the play never reaches, and a class listed twice with
the same move, are warnings; a class listed twice with different moves is an
error, as a player could not tell which to play. A file's claim to be
minimal is proven again (``minimal_claim``), or said to be unchecked where
the proof would take too long.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttt_maps.audit.strategy import Problem, audit
from ttt_maps.game.position import Position
from ttt_maps.game.symmetry import canonicaliser
from ttt_maps.tables.entries import Entry, Table
from ttt_maps.tables.exact import minimal_table
from ttt_maps.tables.graph import TableTooBig


def audit_table(table: Table) -> list[Problem]:
    """What keeps ``table`` from playing perfectly (errors), and what it lists in vain."""
    g = table.geometry
    canonical = canonicaliser(g)
    problems = _listed_twice(table)
    lookup = table.lookup()
    reached: set[int] = set()

    def picks(board: Position) -> list[int]:
        reached.add(canonical(board.key))
        cell = lookup(board)
        return [] if cell is None else [cell]

    told: set[tuple[str, int]] = set()
    for problem in audit(Position.empty(g), table.player, picks):
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


def minimal_claim(table: Table, problems: Sequence[Problem]) -> tuple[list[Problem], str]:
    """The file's ``"minimal": true`` replayed: a refuting problem, or a note saying why
    it was not checked (both empty when the claim holds or is not made).

    A minimal table is perfect and lists nothing twice or in vain, and no
    perfect table is smaller: the last is proven by the same search as
    ``ttt-maps table``, within its step limit.
    """
    if not table.minimal:
        return [], ""
    where = table.entries[0].board if table.entries else Position.empty(table.geometry)
    if problems:
        why = (
            "it is not perfect" if any(p.fatal for p in problems) else "it lists more than it needs"
        )
        return [Problem("not minimal", where, f'the file claims "minimal": true, but {why}')], ""
    try:
        smallest = minimal_table(table.player, table.geometry).size
    except TableTooBig as exc:
        return [], f'the claim "minimal": true was not checked: {exc}'
    if table.size <= smallest:
        return [], ""
    message = (
        f'the file claims "minimal": true, but a perfect table of {smallest} positions '
        f"exists, not {table.size}"
    )
    return [Problem("not minimal", where, message)], ""


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
