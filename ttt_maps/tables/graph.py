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

On a bigger board the graph is built within the request's search budget, as
every command's search is (``ttt_maps.solve.budget``): the positions the
solver searches, and what naming the classes met costs (``listing_cost``). A board
whose classes pass ``PROVABLE_CLASSES`` is refused whatever the budget: no
proof here finishes over so many.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import NamedTuple

from ttt_maps.errors import Limit, UsageError, literal
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Mark, Position
from ttt_maps.game.symmetry import canonicaliser
from ttt_maps.io.environment import whole_number
from ttt_maps.io.progress import stage
from ttt_maps.language import tr
from ttt_maps.solve.budget import TooBigToSolve
from ttt_maps.solve.registry import solver_for
from ttt_maps.solve.solver import Solver
from ttt_maps.tables.entries import Entry, Table

#: The work one proof may do before the board is given up as too big: a step
#: is one next layer listed or one test of whether a layer holds another
#: (about 0.4 microseconds each here). 3x3 takes a few hundred; X's table on
#: the 3x4 board, three in a row, 57 million (about 20 s). A count, not a
#: time, so a board is refused the same way on every machine;
#: ``$TTT_MAPS_TABLE_LIMIT`` changes it (the tests use it).
TABLE_LIMIT = 80_000_000
#: Classes of positions past which a table is not proven here, whatever the budget:
#: both provers gave up at the step limit on every graph of more that was measured
#: (O's on 3x5 and 4x4 with three in a row, 132,161 and 146,777 classes; X's on 3x6
#: with three in a row, 191,084; both players' on 2x8 with three in a row and X's on
#: 3x5 with four, 381,388 to 482,230), and proved those of 18,971 and 31,893 classes
#: (X on 4x4 and 3x5, three in a row) in under half a second.
PROVABLE_CLASSES = 100_000
#: What naming one position's class costs (its canonical board, under every symmetry),
#: per cell of the board, in lines of positions read, the unit the search budget is
#: calibrated in (``solve.budget``): 0.3 to 0.56 µs a cell measured (CPU, X's graphs
#: on 3x6, 4x4, 4x5, 5x5, 6x6 and 7x7 with three in a row and 4x4 with four), about
#: three such units. The listing is most of a graph's time, and grows with the board's
#: cells, not with its lines, as the search does.
CELL_WORK = 3


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
    #: The search budget's positions the graph took (``listing_cost`` and the search).
    work: int = 0


class Proof(NamedTuple):
    """A smallest table, proven: the option chosen at each class it holds, its size, and
    the work the proof took (``steps``, the graph's classes included)."""

    size: int
    chosen: dict[int, Option]
    steps: int


class TableTooBig(Limit):
    """A board whose minimal table could not be proven within the step limit, or a
    search past its budget, with what would answer."""


class OverBudget(UsageError):
    """A graph not built within the request's search budget (``tables.exact``
    says what would answer)."""

    def __init__(self, message: str, classes: int) -> None:
        super().__init__(message)
        #: The classes listed when the budget ran out.
        self.classes = classes


def listing_cost(geometry: Geometry, named: int) -> int:
    """Positions of the search budget that naming ``named`` classes counts as
    (``CELL_WORK``)."""
    return -(-CELL_WORK * geometry.size * named // max(len(geometry.lines), 1))


def table_limit() -> int:
    """The steps a proof may take: ``TABLE_LIMIT``, or ``$TTT_MAPS_TABLE_LIMIT``."""
    return whole_number("TTT_MAPS_TABLE_LIMIT", TABLE_LIMIT, meaning="a number of steps")


def build_graph(
    player: Mark,
    geometry: Geometry = STANDARD,
    *,
    finished: bool = False,
    opening: int | None = None,
    solver: Solver | None = None,
) -> Graph:
    """Every class the player meets under some perfect play, with its options.

    ``finished`` also counts the finished positions the player meets (the
    full board O faces after X's last move), as Lomont's vertices do;
    ``opening`` makes X's first move that cell (his corner, edge and centre
    tables). ``solver``: the board's shared one by default. On a bigger board,
    past the solver's search budget ``OverBudget`` is raised (or the solver's
    own ``TooBigToSolve``); on any board, past ``PROVABLE_CLASSES`` classes
    found, ``TableTooBig``.
    """
    solver = solver_for(geometry) if solver is None else solver
    canonical = canonicaliser(geometry)
    children = solver.children
    # A bigger board's solver has a budget (a small board's is searched whole).
    budget: int | None = getattr(solver, "search_limit", None)
    started: int = getattr(solver, "started", 0)
    named = 0  # classes named (canonical boards made), what listing costs
    if player == "x":
        roots = frozenset({canonical(0)})
    else:
        roots = frozenset(canonical(key) for _, key in children(0))
    if opening is not None and (player != "x" or opening not in range(geometry.size)):
        raise UsageError(f"opening {opening}: X's first move, a cell from 0 to {geometry.size - 1}")
    options: dict[int, tuple[Option, ...]] = {}
    # Breadth first: a graph too big to prove is found so as soon as its first layers are.
    todo = deque(sorted(roots))
    met = set(roots)  # listed or waiting to be: the graph holds at least these
    with stage(
        tr("Finding the positions {player} meets on {board}", player=player.upper(),
           board=geometry.in_words()),
        count=lambda: len(options),
        total=lambda: len(met),
        searched=lambda: solver.searched,
    ):  # fmt: skip
        while todo:
            key = todo.popleft()
            if (
                budget is not None
                and listing_cost(geometry, named) + solver.searched - started > budget
            ):
                raise _over_budget(player, geometry, budget, len(options))
            try:
                cells = [opening] if key == 0 and opening is not None else solver.best_cells(key)
            except TooBigToSolve:
                raise _over_budget(player, geometry, budget or 0, len(options)) from None
            found: dict[frozenset[int], int] = {}
            for cell in cells:
                after = solver.play(key, cell)
                replies = [reply for _, reply in children(after) if finished or children(reply)]
                named += len(replies)
                needs = frozenset(canonical(reply) for reply in replies)
                found.setdefault(needs, cell)
            options[key] = _undominated(found.items()) if found else (Option(frozenset(), -1),)
            needed = sorted({c for o in options[key] for c in o.needs} - met)
            met.update(needed)
            if len(met) > PROVABLE_CLASSES:
                raise out_of_reach(player, geometry)
            todo.extend(needed)
    work = listing_cost(geometry, named) + solver.searched - started
    return Graph(geometry, player, roots, options, len(options), work)


def _over_budget(player: Mark, geometry: Geometry, budget: int, classes: int) -> OverBudget:
    """The refusal of a graph past the search budget, with how far it got."""
    why = (
        f"its positions are not all found within the search budget of {budget:,} positions "
        f"({classes:,} {'class' if classes == 1 else 'classes'} of positions listed)"
    )
    return OverBudget(too_big(player, geometry, why), classes)


def out_of_reach(player: Mark, geometry: Geometry) -> TableTooBig:
    """The refusal of a graph past ``PROVABLE_CLASSES``: no search budget would answer."""
    head = too_big(
        player,
        geometry,
        f"a perfect {player.upper()} meets more than {PROVABLE_CLASSES:,} classes of positions, "
        "more than any proof of a table here finishes over, so no",
    )
    return TableTooBig(f"{literal(head)} {{search_limit}} would answer", search_limit=None)


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
