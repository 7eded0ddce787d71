"""The minimal strategy table, found by exact search and proven minimal (the problem, and
the graph of classes and options it is posed on, are ``tablegraph``'s).

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
``ttt_maps.tables.cpsat`` proves the same with CP-SAT.
"""

from __future__ import annotations

import importlib.util
import time

from ttt_maps.errors import UsageError, literal
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Mark
from ttt_maps.io.progress import stage
from ttt_maps.solve.budget import default_limit
from ttt_maps.solve.registry import cold_solver, solver_for
from ttt_maps.tables.cpsat import prove_cp_sat
from ttt_maps.tables.entries import Table
from ttt_maps.tables.graph import (
    Graph,
    Option,
    OverBudget,
    Proof,
    TableTooBig,
    build_graph,
    table_limit,
    table_of,
    too_big,
)

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
        partial: dict[frozenset[int], _Picks] = {frozenset(): (None,) * len(ordered)}
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
        raise TableTooBig(too_big(graph.player, graph.geometry, why)) from None
    if found >= len(start):  # nothing beats the greedy table: it is the smallest
        return Proof(len(start), start, prover.steps)
    return Proof(found, prover.chosen(graph.roots), prover.steps)


PROVERS = ("auto", "search", "cp-sat")
#: Steps ``auto`` gives the exact search before it hands a table to CP-SAT: 3x3's
#: tables take a few hundred (milliseconds, where loading OR-Tools alone takes a
#: third of a second); 3x4's take millions, which CP-SAT proves in under a second.
AUTO_STEPS = 20_000


def minimal_table(
    player: Mark,
    geometry: Geometry = STANDARD,
    *,
    prover: str = "auto",
    opening: int | None = None,
) -> Table:
    """The smallest table that plays perfectly for ``player`` from the empty board,
    proven by the branch and bound here (``search``), by CP-SAT (``cp-sat``), or
    (``auto``) by the search when it is quick, else by CP-SAT when it is installed."""
    name = prover.strip().lower()
    if name not in PROVERS:
        raise UsageError(f"prover {prover!r} is unknown; choose {' or '.join(PROVERS)}")
    try:
        graph = build_graph(player, geometry, opening=opening)
    except OverBudget as exc:
        raise _what_answers(exc, player, geometry, name, opening) from None
    return _proven(graph, name)


def _proven(graph: Graph, name: str) -> Table:
    """The graph's table, proven by the prover ``name`` (``minimal_table``)."""
    if name == "auto":
        if importlib.util.find_spec("ortools") is None or table_limit() <= AUTO_STEPS:
            name = "search"  # no CP-SAT, or a limit that leaves the search no slower
        else:
            try:
                return table_of(graph, prove(graph, AUTO_STEPS), "search")
            except TableTooBig:
                name = "cp-sat"
    if name == "cp-sat":
        return table_of(graph, prove_cp_sat(graph), name)
    return table_of(graph, prove(graph), name)


def _what_answers(
    exc: OverBudget, player: Mark, geometry: Geometry, prover: str, opening: int | None
) -> TableTooBig:
    """A graph past a search budget, with what would answer: below the default budget,
    the same table found cold within the default one, whose work is the
    ``--search-limit`` named, or why that does not answer either."""
    limit = getattr(solver_for(geometry), "search_limit", 0)
    default = default_limit(geometry)
    said = literal(exc)
    if limit >= default:
        return TableTooBig(f"{said}; no {{search_limit}} is known to answer", search_limit=None)
    solver = cold_solver(geometry, default)
    started = time.monotonic()
    try:
        graph = build_graph(player, geometry, opening=opening, solver=solver)
        _proven(graph, prover)
    except OverBudget:
        return TableTooBig(
            f"{said}; nor within the default budget of {default:,} positions, and no "
            "{search_limit} is known to answer",
            search_limit=None,
        )
    except TableTooBig as beyond:  # past the classes a proof finishes over, or its steps
        return TableTooBig(f"{said}; {literal(str(beyond).split(': ', 1)[1])}")
    seconds = time.monotonic() - started
    # The limit as it is typed: digits alone, however the message groups other numbers.
    return TableTooBig(
        f"{said}; {{search_limit}} answers (about {seconds:.0f} s)",
        search_limit=_rounded_up(graph.work),
    )


def _rounded_up(n: int) -> int:
    """``n`` rounded up to two significant digits (a limit as a person would type it)."""
    step = int(10 ** max(len(str(n)) - 2, 0))
    return -(-n // step) * step
