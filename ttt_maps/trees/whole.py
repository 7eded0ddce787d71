"""The whole game on one map (``--whole``): every legal move, for whoever is to move.

A strategy tree keeps one move of its player; this tree keeps them all, at
every level, until each game ends: every board of it has a move to make, and
each of its moves leads to a sub-board (or ends the game). Each position
records its value for the side to move (``Node.result``), so a drawing can
tint every move by its outcome for the player who makes it.

Unfolded, the 3x3 game draws 294,778 boards; folded by symmetry (the
default, as ``fold`` folds a strategy: equivalent moves once, by their
lowest cell) 31,694, under the 50,000 a map may draw. Sizes are counted
level by level before anything is built (``plan_whole``), as a strategy's
map is (``size``), and a game too big to draw is refused with the depth
that fits.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import NamedTuple

from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Position
from ttt_maps.game.symmetry import Fold
from ttt_maps.solve.folding import folder_for
from ttt_maps.solve.registry import solver_for
from ttt_maps.solve.solver import Children
from ttt_maps.trees.nodes import Node
from ttt_maps.trees.size import MapTooLarge


class WholeFacts(NamedTuple):
    """What the whole game's map draws, counted over its lines of play.

    ``boards``: boards with a move to make; ``moves``: the moves drawn in
    them (a folded cell is not one: it is drawn as another), of which
    ``wins``, ``draws`` and ``losses`` for the player who makes them under
    perfect play after; ``folded``: cells drawn as another cell, turned;
    ``positions``: different positions with a move to make.
    """

    boards: int
    positions: int
    moves: int
    wins: int
    draws: int
    losses: int
    folded: int


class WholeGame:
    """The tree of every move from a root, and the boards it draws per level."""

    def __init__(self, root: Node, levels: tuple[int, ...], folded: bool) -> None:
        self.root = root
        #: Boards the map draws at each level (its root is level 0).
        self.levels = levels
        self.folded = folded

    def __repr__(self) -> str:
        folded = ", folded" if self.folded else ""
        return f"WholeGame(root={str(self.root.board)!r}{folded})"

    @property
    def geometry(self) -> Geometry:
        return self.root.board.geometry

    @property
    def depth(self) -> int | None:
        """The level the map was cut at, or None when it runs to every game's end."""
        return len(self.levels) - 1 if any(n.cut for n in self._nodes()) else None

    def _nodes(self) -> list[Node]:
        seen: dict[int, Node] = {}
        stack = [self.root]
        while stack:
            node = stack.pop()
            if id(node) not in seen:
                seen[id(node)] = node
                stack.extend(child for _, child in node.children)
        return list(seen.values())

    @cached_property
    def facts(self) -> WholeFacts:
        memo: dict[int, tuple[int, int, int, int, int, int]] = {}
        positions: set[int] = set()

        def visit(node: Node) -> tuple[int, int, int, int, int, int]:
            hit = memo.get(id(node))
            if hit is None:
                boards = moves = wins = draws = losses = 0
                folded = len(node.folds)
                if node.children and not node.cut:
                    boards = 1
                    positions.add(node.board.key)
                    for _, child in node.children:
                        outcome = mover_outcome(child)
                        moves += 1
                        wins += outcome > 0
                        draws += outcome == 0
                        losses += outcome < 0
                        b, m, w, d, lo, f = visit(child)
                        boards, moves, wins, draws, losses = (
                            boards + b,
                            moves + m,
                            wins + w,
                            draws + d,
                            losses + lo,
                        )
                        folded += f
                hit = memo[id(node)] = (boards, moves, wins, draws, losses, folded)
            return hit

        boards, moves, wins, draws, losses, folded = visit(self.root)
        return WholeFacts(boards, len(positions), moves, wins, draws, losses, folded)


def mover_outcome(child: Node) -> int:
    """The outcome of the move into ``child`` for the player who made it: 1, 0 or -1."""
    assert child.result is not None, "the whole game's nodes record their value"
    return -child.result


def _moves(geometry: Geometry, fold: bool) -> Callable[[int], Children]:
    """Every move at a position (``Solver.children``), or its representatives when folded."""
    return folder_for(geometry).replies if fold else solver_for(geometry).children


def plan_whole(
    root: Position, fold: bool = True, depth: int | None = None, max_boards: int | None = None
) -> list[int]:
    """Boards per level of the whole game's map, counted over its lines of play.

    ``depth`` stops after that level; past ``max_boards`` boards
    ``MapTooLarge`` is raised, naming the depth that fits.
    """
    solver = solver_for(root.geometry)
    moves = _moves(root.geometry, fold)
    levels: list[int] = []
    frontier = {root.key: 1} if solver.children(root.key) else {}

    def step(frontier: dict[int, int]) -> dict[int, int]:
        following: dict[int, int] = {}
        for key, paths in frontier.items():
            for _, after in moves(key):
                if solver.children(after):
                    following[after] = following.get(after, 0) + paths
        return following

    while frontier:
        levels.append(sum(frontier.values()))
        if max_boards is not None and sum(levels) > max_boards:
            # Say how many it would draw, as `stats --whole` counts them, where that
            # is quick to count; else how many were counted before giving up.
            fits = len(levels)
            last = root.geometry.size + 1 if depth is None else depth + 1
            budget = _COUNT_ALL
            while frontier and len(frontier) <= budget and len(levels) < last:
                budget -= len(frontier)
                frontier = step(frontier)
                if frontier:
                    levels.append(sum(frontier.values()))
            exact = not frontier or len(levels) >= last
            raise _too_large(root, levels, fits, max_boards, fold, depth, exact=exact)
        if depth is not None and len(levels) > depth:
            break
        frontier = step(frontier)
    return levels or [1]


#: A refused whole game is counted to its end when that takes at most this many
#: positions' moves (3x3 unfolded takes about 5,500; a fraction of a second).
_COUNT_ALL = 20_000


def _too_large(
    root: Position,
    levels: list[int],
    counted: int,
    limit: int,
    fold: bool,
    depth: int | None,
    exact: bool,
) -> MapTooLarge:
    """``levels`` are the boards per level, exact to the end or the first ``counted``."""
    fits = max((n for n in range(counted) if sum(levels[: n + 1]) <= limit), default=0)
    where = "" if root.count == 0 else f" from {root}"
    asked = "" if depth is None else f", to depth {depth}"
    how = "folded" if fold else "unfolded"
    total = f"{sum(levels):,}" if exact else f"more than {sum(levels):,}"
    return MapTooLarge(
        f"the whole game on {root.geometry.describe()}{where}{asked}, {how}, would draw "
        f"{total} boards (at most {limit:,} are drawn)",
        fits,
        f"draws {sum(levels[: fits + 1]):,}",
    )


def build_whole(
    root: Position | str | None = None,
    geometry: Geometry = STANDARD,
    *,
    fold: bool = True,
    depth: int | None = None,
    max_boards: int | None = None,
) -> WholeGame:
    """The tree of every move from ``root`` (the empty board by default), folded unless
    ``fold`` is false; ``depth`` and ``max_boards`` as for ``strategy.build_strategy``."""
    start = (
        root
        if isinstance(root, Position)
        else (Position.parse(root, geometry) if root is not None else Position.empty(geometry))
    )
    g = start.geometry
    solver = solver_for(g)
    solver.check(start)
    levels = plan_whole(start, fold, depth, max_boards)
    folding = folder_for(g).fold
    last = None if depth is None else start.count + depth
    memo: dict[int, Node] = {}

    def grow(key: int, stop: bool) -> Node:
        node = memo.get(key)
        if node is None:
            board = Position(key & g.full, key >> g.size, g)
            moves = solver.children(key)
            if not moves:
                node = Node(board, (), False, result=-1 if board.winner() else 0)
            elif stop:
                node = Node(board, (), False, True, result=solver.result(key))
            else:
                folds: tuple[Fold, ...] = ()
                if fold:
                    moves, folds = folding(key)
                below = last is not None and key.bit_count() >= last
                kids = tuple([(cell, grow(after, below)) for cell, after in moves])
                node = Node(board, kids, False, result=solver.result(key), folds=folds)
            memo[key] = node
        return node

    return WholeGame(grow(start.key, False), tuple(levels), fold)


def count_whole(
    geometry: Geometry = STANDARD, fold: bool = False, limit: int = 250_000
) -> int | None:
    """Boards with a move to make on the whole game's map from the empty board, counted
    per position without building it; None where more than ``limit`` positions would be
    visited (the count needs every one)."""
    solver = solver_for(geometry)
    moves = _moves(geometry, fold)
    memo: dict[int, int] = {}

    def below(key: int) -> int:
        hit = memo.get(key)
        if hit is None:
            if len(memo) > limit:
                raise _Overflow
            hit = 0
            if solver.children(key):
                hit = 1 + sum(below(after) for _, after in moves(key))
            memo[key] = hit
        return hit

    try:
        return below(Position.empty(geometry).key)
    except _Overflow:
        return None


class _Overflow(Exception):
    """More positions than ``count_whole`` may visit."""


class WholeStats(NamedTuple):
    """``stats --whole``: the whole game's map from the empty board, folded and not.

    ``levels`` and ``facts`` are the folded map's (None past the limit, with
    ``note`` saying so); ``unfolded`` counts the unfolded map's boards with a
    move to make (None where too many positions would be visited).
    """

    geometry: Geometry
    levels: tuple[int, ...] | None
    facts: WholeFacts | None
    unfolded: int | None
    note: str | None

    def as_dict(self) -> dict[str, object]:
        f = self.facts
        return {
            "geometry": self.geometry.name,
            **self.geometry.rules_field,
            "boards": f.boards if f else None,
            "unfolded_boards": self.unfolded,
            "levels": list(self.levels) if self.levels else None,
            "positions": f.positions if f else None,
            "moves": f.moves if f else None,
            "wins": f.wins if f else None,
            "draws": f.draws if f else None,
            "losses": f.losses if f else None,
            "folded_cells": f.folded if f else None,
            **({"note": self.note} if self.note else {}),
        }


def whole_stats(geometry: Geometry = STANDARD, max_boards: int = 50_000) -> WholeStats:
    """The whole game's counts, where they can be had: the folded map built (within
    ``max_boards``), the unfolded one counted."""
    try:
        game = build_whole(None, geometry, max_boards=max_boards)
    except MapTooLarge as exc:
        return WholeStats(geometry, None, None, count_whole(geometry), str(exc))
    return WholeStats(geometry, game.levels, game.facts, count_whole(geometry), None)
