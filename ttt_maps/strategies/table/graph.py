"""The minimal strategy table as a problem: the classes a player meets, the options at each.

The question: the fewest positions a player must know, up to rotation,
reflection and move order, each with one move, so that looking them up plays
perfectly from the empty board. Perfect means every move keeps the
position's value (a won game stays won, a drawn one drawn); how fast a win
comes does not matter, so the table may win slowly to meet fewer positions.

The positions are *classes*: a board and its rotations and reflections,
named by their canonical key. At a class where the player moves, each move
that keeps the value is an *option*, and an option *needs* the classes the
player meets next, after every reply of the opponent (a finished game needs
nothing). A table is a set of classes holding the start, with an option
chosen at each whose needs are in the set. Options that need a superset of
what another option needs are never better and are dropped.

The provers (``tablesearch``'s branch and bound, ``tablesat``'s CP-SAT) take
the graph built here and return a ``Proof``; ``table_of`` makes it a table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Mark, Position
from ttt_maps.game.symmetry import canonicaliser
from ttt_maps.io.environment import whole_number
from ttt_maps.solve.registry import solver_for
from ttt_maps.strategies.table.entries import Entry, Table

#: The work one proof may do before the board is given up as too big: a step
#: is one next layer listed or one test of whether a layer holds another
#: (about 0.4 microseconds each here). 3x3 takes a few hundred; X's table on
#: the 3x4 board, three in a row, 57 million (about 20 s). A count, not a
#: time, so a board is refused the same way on every machine;
#: ``$TTT_MAPS_TABLE_LIMIT`` changes it (the tests use it).
TABLE_LIMIT = 80_000_000
#: Classes of positions explored before the proof starts, at most (the 3x4
#: board, three in a row: 3,638 for X, 8,837 for O; each costs the solver's
#: questions about it).
GRAPH_LIMIT = 100_000


class Option(NamedTuple):
    """A move at a class (on its canonical board) and the classes the player meets next."""

    needs: frozenset[int]
    cell: int


class Graph(NamedTuple):
    """The classes a perfect player can meet, and the options at each."""

    geometry: Geometry
    player: Mark
    roots: frozenset[int]
    options: dict[int, tuple[Option, ...]]
    steps: int


class Proof(NamedTuple):
    """A smallest table, proven: the option chosen at each class it holds, its size, and
    the work the proof took (``steps``, the graph's classes included)."""

    size: int
    chosen: dict[int, Option]
    steps: int


class TableTooBig(UsageError):
    """A board whose minimal table could not be proven within the step limit."""


def table_limit() -> int:
    """The steps a proof may take: ``TABLE_LIMIT``, or ``$TTT_MAPS_TABLE_LIMIT``."""
    return whole_number("TTT_MAPS_TABLE_LIMIT", TABLE_LIMIT, meaning="a number of steps")


def build_graph(
    player: Mark,
    geometry: Geometry = STANDARD,
    *,
    finished: bool = False,
    opening: int | None = None,
    limit: int | None = None,
) -> Graph:
    """Every class the player meets under some perfect play, with its options.

    ``finished`` also counts the finished positions the player meets (the
    full board O faces after X's last move), as Lomont's vertices do;
    ``opening`` makes X's first move that cell (his corner, edge and centre
    tables). Past ``limit`` classes the board is refused.
    """
    solver = solver_for(geometry)
    canonical = canonicaliser(geometry)
    children = solver.children
    limit = GRAPH_LIMIT if limit is None else limit
    if player == "x":
        roots = frozenset({canonical(0)})
    else:
        roots = frozenset(canonical(key) for _, key in children(0))
    if opening is not None and (player != "x" or opening not in range(geometry.size)):
        raise UsageError(f"opening {opening}: X's first move, a cell from 0 to {geometry.size - 1}")
    options: dict[int, tuple[Option, ...]] = {}
    todo = sorted(roots)
    while todo:
        key = todo.pop()
        if key in options:
            continue
        if len(options) >= limit:
            raise TableTooBig(
                too_big(player, geometry, f"more than {limit:,} classes of positions to explore")
            )
        cells = [opening] if key == 0 and opening is not None else solver.best_cells(key)
        found: dict[frozenset[int], int] = {}
        for cell in cells:
            after = solver.play(key, cell)
            needs = frozenset(
                canonical(reply) for _, reply in children(after) if finished or children(reply)
            )
            found.setdefault(needs, cell)
        options[key] = _undominated(found.items()) if found else (Option(frozenset(), -1),)
        todo.extend(sorted(c for o in options[key] for c in o.needs if c not in options))
    return Graph(geometry, player, roots, options, len(options))


def _undominated(found: Iterable[tuple[frozenset[int], int]]) -> tuple[Option, ...]:
    """The options whose needs hold no other option's, fewest needs first."""
    kept: list[Option] = []
    for needs, cell in sorted(found, key=lambda item: (len(item[0]), sorted(item[0]))):
        if not any(k.needs <= needs for k in kept):
            kept.append(Option(needs, cell))
    return tuple(kept)


def too_big(player: Mark, geometry: Geometry, why: str) -> str:
    where = geometry.describe()
    return f"{player.upper()}'s minimal table on {where}, cannot be proven here: {why}"


def table_of(graph: Graph, proof: Proof, prover: str) -> Table:
    """The proven table: each class as its canonical board with its move, in play order."""
    g = graph.geometry
    entries = [
        Entry(Position(key & g.full, key >> g.size, g), option.cell)
        for key, option in proof.chosen.items()
        if option.cell >= 0
    ]
    entries.sort(key=lambda e: (e.board.count, e.board.key))
    return Table(g, graph.player, tuple(entries), True, prover, proof.steps)
