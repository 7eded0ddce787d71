"""The minimal strategy table, found by exact search and proven minimal.

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

How it is proven. Every class a table needs after its player's n-th move
has the same number of marks, so a table is built layer by layer: the
classes of one layer and their chosen options decide the next layer, and
nothing else does. The fewest classes below a layer is a function of that
layer's set of classes alone, which only grows with the set; so the search
(``_Prover.cost``) takes a layer, lists the next layers its choices can make,
keeps only those that hold no other one, and recurses, remembering each
layer's answer. It starts from a greedy table as the bound to beat and cuts a
branch when the classes it must hold already reach the bound: those of its
layer, plus the classes every option of a class needs, and so on down.
Every cut drops only tables that cannot be smaller, so the answer is exact;
``ttt_maps.strategies.tablesat`` proves the same with CP-SAT.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import NamedTuple

from ttt_maps.errors import UsageError
from ttt_maps.game.board import Board, Mark
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.symmetry import canonicaliser
from ttt_maps.io.progress import stage
from ttt_maps.solve.solvers import solver_for
from ttt_maps.strategies.table import Entry, Table

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
    """A smallest table: the option chosen at each class it holds, and its size.

    ``lower`` is what the proof showed no table can go below (the size, once
    proven); ``steps`` the work done, graph included.
    """

    size: int
    chosen: dict[int, Option]
    lower: int
    steps: int


class TableTooBig(UsageError):
    """A board whose minimal table could not be proven within the step limit."""


def table_limit() -> int:
    """The steps a proof may take: ``TABLE_LIMIT``, or ``$TTT_MAPS_TABLE_LIMIT``."""
    text = os.environ.get("TTT_MAPS_TABLE_LIMIT", "")
    return int(text) if text.isdigit() else TABLE_LIMIT


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
                _too_big(player, geometry, f"more than {limit:,} classes of positions to explore")
            )
        cells = [opening] if key == 0 and opening is not None else solver.best_cells(key)
        found: dict[frozenset[int], int] = {}
        for cell in cells:
            after = solver.play(key, cell)
            needs = frozenset(
                canonical(reply)
                for _, reply in children(after)
                if finished or children(reply)
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


def _too_big(player: Mark, geometry: Geometry, why: str) -> str:
    where = geometry.describe()
    return f"{player.upper()}'s minimal table on {where}, cannot be proven here: {why}"


_Picks = tuple[Option | None, ...]


class _Stop(Exception):
    """The step limit was reached."""


class _Prover:
    """The layered branch and bound of the module docstring, with its memory."""

    def __init__(self, graph: Graph, limit: int) -> None:
        self.options = graph.options
        self.forced = {
            key: frozenset.intersection(*(o.needs for o in opts))
            for key, opts in graph.options.items()
        }
        self.steps = graph.steps
        self.stop_at = graph.steps + limit
        self.exact: dict[frozenset[int], tuple[int, tuple[Option, ...], frozenset[int]]] = {}
        self.lower: dict[frozenset[int], int] = {}
        self._bounds: dict[frozenset[int], int] = {}

    def bound(self, layer: frozenset[int]) -> int:
        """Classes any table holding ``layer`` holds: it, and what every option needs below."""
        if not layer:
            return 0
        hit = self._bounds.get(layer)
        if hit is None:
            below = frozenset().union(*(self.forced[k] for k in layer))
            hit = self._bounds[layer] = len(layer) + self.bound(below)
        return hit

    def cost(self, layer: frozenset[int], beat: int) -> int:
        """The fewest classes from ``layer`` down when that is below ``beat``; otherwise
        a number at least ``beat`` that no table from ``layer`` goes below."""
        if not layer:
            return 0
        if layer in self.exact:
            return self.exact[layer][0]
        low = max(self.lower.get(layer, 0), self.bound(layer))
        if low >= beat:
            return low
        here = len(layer)
        best = beat
        found: tuple[int, tuple[Option, ...], frozenset[int]] | None = None
        nexts = self.next_layers(layer, beat - here)
        for below, picks in sorted(nexts.items(), key=lambda item: self.bound(item[0])):
            if here + self.bound(below) >= best:
                continue
            total = here + self.cost(below, best - here)
            if total < best:
                best, found = total, (total, picks, below)
        if found is None:
            self.lower[layer] = beat
            return beat
        self.exact[layer] = found
        return best

    def next_layers(
        self, layer: frozenset[int], room: int
    ) -> dict[frozenset[int], tuple[Option, ...]]:
        """The next layers ``layer``'s choices can make within ``room`` classes, none
        holding another, each with the options (in ``layer``'s sorted order) making it."""
        ordered = sorted(layer)
        at = {key: i for i, key in enumerate(ordered)}
        partial: dict[frozenset[int], _Picks] = {
            frozenset(): (None,) * len(ordered)
        }
        for key in sorted(ordered, key=lambda k: (len(self.options[k]), k)):
            grown: dict[frozenset[int], _Picks] = {}
            for union, picks in partial.items():
                for option in self.options[key]:
                    self.steps += 1
                    if self.steps > self.stop_at:
                        raise _Stop
                    bigger = union | option.needs
                    if bigger not in grown and self.bound(bigger) < room:
                        chosen = list(picks)
                        chosen[at[key]] = option
                        grown[bigger] = tuple(chosen)
            partial = self.least(grown)
        return {u: tuple(p for p in picks if p is not None) for u, picks in partial.items()}

    def least(self, grown: dict[frozenset[int], _Picks]) -> dict[frozenset[int], _Picks]:
        """The sets of ``grown`` that hold no other one. A set held by another holds
        that one's smallest class, so only the sets filed under its classes are tried."""
        if frozenset() in grown:
            return {frozenset(): grown[frozenset()]}
        kept: dict[frozenset[int], _Picks] = {}
        filed: dict[int, list[frozenset[int]]] = {}
        for union in sorted(grown, key=len):
            for cell in union:
                for other in filed.get(cell, ()):
                    self.steps += 1
                    if other <= union:
                        break
                else:
                    continue
                break
            else:
                kept[union] = grown[union]
                filed.setdefault(min(union), []).append(union)
            if self.steps > self.stop_at:
                raise _Stop
        return kept

    def chosen(self, roots: frozenset[int]) -> dict[int, Option]:
        """The options of the smallest table found, layer by layer from the roots."""
        out: dict[int, Option] = {}
        layer = roots
        while layer:
            _, picks, below = self.exact[layer]
            out.update(zip(sorted(layer), picks, strict=True))
            layer = below
        return out


def greedy(graph: Graph) -> dict[int, Option]:
    """A good table fast: each class of a layer takes the option adding the fewest
    classes to what the layer already needs; a lone first class tries each of its
    options so (X's opening)."""
    firsts: list[dict[int, Option]] = [{}]
    if len(graph.roots) == 1:
        (root,) = graph.roots
        firsts = [{root: option} for option in graph.options[root]]
    return min((_greedy(graph, first) for first in firsts), key=len)


def _greedy(graph: Graph, chosen: dict[int, Option]) -> dict[int, Option]:
    chosen = dict(chosen)
    layer = graph.roots
    while layer:
        below: frozenset[int] = frozenset()
        for key in sorted(layer):
            option = chosen.get(key) or min(graph.options[key], key=lambda o: len(o.needs - below))
            chosen[key] = option
            below |= option.needs
        layer = below
    return chosen


def prove(graph: Graph, limit: int | None = None) -> Proof:
    """The smallest table of a graph, proven by the layered branch and bound."""
    limit = table_limit() if limit is None else limit
    start = greedy(graph)
    prover = _Prover(graph, limit)
    try:
        with stage("Proving the minimal table (steps)", lambda: prover.steps):
            found = prover.cost(graph.roots, len(start))
    except _Stop:
        why = f"{limit:,} steps searched; the best table found has {len(start):,} positions"
        low = prover.bound(graph.roots)
        if low > len(graph.roots):
            why += f", at least {low:,} are needed"
        raise TableTooBig(_too_big(graph.player, graph.geometry, why)) from None
    if found >= len(start):  # nothing beats the greedy table: it is the smallest
        return Proof(len(start), start, len(start), prover.steps)
    return Proof(found, prover.chosen(graph.roots), found, prover.steps)


def table_of(graph: Graph, proof: Proof, prover: str) -> Table:
    """The proven table: each class as its canonical board with its move, in play order."""
    g = graph.geometry
    entries = [
        Entry(Board(key & g.full, key >> g.size, g), option.cell)
        for key, option in proof.chosen.items()
        if option.cell >= 0
    ]
    entries.sort(key=lambda e: (e.board.count, e.board.key))
    return Table(g, graph.player, tuple(entries), True, prover, proof.steps)


PROVERS = ("search", "cp-sat")


def minimal_table(
    player: Mark,
    geometry: Geometry = STANDARD,
    *,
    prover: str = "search",
    opening: int | None = None,
) -> Table:
    """The smallest table that plays perfectly for ``player`` from the empty board,
    proven by the branch and bound here (``search``) or by CP-SAT (``cp-sat``)."""
    name = prover.strip().lower()
    if name not in PROVERS:
        raise UsageError(f"prover {prover!r} is unknown; choose {' or '.join(PROVERS)}")
    graph = build_graph(player, geometry, opening=opening)
    if name == "cp-sat":
        from ttt_maps.strategies.tablesat import prove_cp_sat

        return table_of(graph, prove_cp_sat(graph), name)
    return table_of(graph, prove(graph), name)
