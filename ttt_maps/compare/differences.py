"""Where two maps really differ: positions, up to rotation and reflection, where
the two policies' moves lead to positions that are not images of each other.

Compared cell by cell, yorgey's map for X differs from the comic's on every
board, because it opens bottom-right instead of top-left: the same opening,
turned. So positions are compared up to the board's symmetries. A position
(a symmetry class) that both maps reach with their player to move is a
*difference* when the moves the maps play there lead to different classes.
A policy need not play alike at two boards of one class (``first`` picks the
lowest cell, wherever the board is turned), so what a map plays at a class is
the set of classes its moves there lead to; two maps differ at a class when
those sets differ.

Each difference is told in the reference map's frame: the position as the
reference draws it, its move, and the other map's move turned into that
frame; with what each choice leads to (boards drawn below, fastest finish,
score against a novice).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ttt_maps.game.position import Position
from ttt_maps.game.symmetry import canonicaliser
from ttt_maps.language import ENGLISH, speaking
from ttt_maps.solve.solver import Outcome
from ttt_maps.trees.nodes import Node
from ttt_maps.trees.strategy import Strategy


@dataclass(frozen=True)
class Choice:
    """What one map plays at one board, and what that leads to.

    ``boards``: boards the map draws below this one (after the move);
    ``outcome``: the finish the move leads to for the map's player, with
    the plies to it from this board; ``novice``: the map's expected score
    from here against the novice (win 1, draw 0.5).
    """

    board: Position
    move: int
    boards: int
    outcome: Outcome
    novice: float


@dataclass(frozen=True)
class Difference:
    """One position where two maps play differently, in the reference map's frame.

    ``board`` is the position as the reference map draws it; ``move`` is the
    other map's move turned into that frame (``other.board`` and
    ``other.move`` are as the other map draws them).
    """

    key: int  # the position's class (its canonical key)
    board: Position
    reference_move: int
    move: int
    reference: Choice
    other: Choice

    @property
    def number(self) -> int:
        """The move being chosen: 1 for X's first move."""
        return self.board.count + 1

    @property
    def change(self) -> tuple[int, float, int]:
        """How much the choice changes: boards below, novice score, plies to the finish."""
        r, o = self.reference, self.other
        return (
            abs(r.boards - o.boards),
            round(abs(r.novice - o.novice), 9),
            abs(r.outcome.distance - o.outcome.distance),
        )

    def as_dict(self) -> dict[str, Any]:
        """The difference in ``compare --json``; its outcomes are values, not words: said
        in English whatever the reader's language."""
        r, o = self.reference, self.other
        with speaking(ENGLISH):
            return self._fields(r, o)

    def _fields(self, r: Choice, o: Choice) -> dict[str, Any]:
        return {
            "board": str(self.board),
            "move_number": self.number,
            "reference_move": self.reference_move,
            "move": self.move,
            "reference_boards_below": r.boards,
            "boards_below": o.boards,
            "reference_outcome": str(r.outcome),
            "outcome": str(o.outcome),
            "reference_novice": round(r.novice, 6),
            "novice": round(o.novice, 6),
            "board_in_map": str(o.board),
            "move_in_map": o.move,
        }


class Positions:
    """A map's boards where its player chooses, grouped by symmetry class."""

    def __init__(self, strategy: Strategy) -> None:
        self.strategy = strategy
        self.canonical: Callable[[int], int] = canonicaliser(strategy.geometry)
        nodes: dict[int, Node] = {}
        for node in _walk(strategy.root):
            if node.chooses:
                nodes.setdefault(node.board.key, node)
        ordered = sorted(nodes.values(), key=lambda n: (n.board.count, str(n.board)))
        #: class key -> the map's nodes in that class, in board order
        self.classes: dict[int, list[Node]] = {}
        for node in ordered:
            self.classes.setdefault(self.canonical(node.board.key), []).append(node)
        self._below: dict[int, int] = {}

    def after(self, node: Node) -> int:
        """The class of the position the map's move at ``node`` leads to."""
        return self.canonical(node.children[0][1].board.key)

    def plays(self, key: int) -> frozenset[int]:
        """The classes the map's moves at one class lead to."""
        return frozenset(self.after(n) for n in self.classes[key])

    def choice(self, node: Node) -> Choice:
        s = self.strategy
        policy, solver = s.policy, s.policy.solver
        after = node.children[0][1]
        return Choice(
            board=node.board,
            move=node.children[0][0],
            boards=self.boards_below(after),
            outcome=solver.outcome_of(after.board.key).after_move(),
            novice=policy.expected_at(node.board.key, s.player),
        )

    def boards_below(self, node: Node) -> int:
        """Boards the map draws at and below ``node`` (a position reached two ways, twice)."""
        hit = self._below.get(id(node))
        if hit is None:
            hit = int(node.chooses) + sum(self.boards_below(c) for _, c in node.children)
            self._below[id(node)] = hit
        return hit


def _walk(root: Node) -> list[Node]:
    """Every node of a tree once (trees share subtrees), depth first."""
    seen: set[int] = set()
    out: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        out.append(node)
        stack.extend(child for _, child in reversed(node.children))
    return out


def turned_move(frame: Position, board: Position, move: int) -> int:
    """``move``, played on ``board``, as the same move on ``frame`` (a turned ``board``).

    Of the symmetries that take ``frame`` to ``board``, the first in the
    geometry's order (the identity first) is used.
    """
    for perm in frame.geometry.symmetries:
        if frame.transformed(perm) == board:
            return perm.index(move)
    raise ValueError(f"{board} is not a rotation or reflection of {frame}")


class Comparison:
    """Two maps for the same player from the same root, compared up to symmetry."""

    def __init__(self, reference: Strategy | Positions, other: Strategy | Positions) -> None:
        self.ref = reference if isinstance(reference, Positions) else Positions(reference)
        self.oth = other if isinstance(other, Positions) else Positions(other)

    @cached_property
    def keys(self) -> tuple[int, ...]:
        """The classes where the maps differ, in the reference's board order."""
        ref, oth = self.ref, self.oth
        both = [k for k in ref.classes if k in oth.classes]
        return tuple(k for k in both if ref.plays(k) != oth.plays(k))

    def pair(self, key: int) -> tuple[Node, Node]:
        """A reference board and an other-map board of one differing class whose moves
        lead to different classes: a reference move the other map never plays there
        if there is one, else an other-map move the reference never plays."""
        ref, oth = self.ref.classes[key], self.oth.classes[key]
        theirs, mine = self.oth.plays(key), self.ref.plays(key)
        first = next((n for n in ref if self.ref.after(n) not in theirs), None)
        if first is not None:
            return first, oth[0]
        second = next(n for n in oth if self.oth.after(n) not in mine)
        return ref[0], second

    @cached_property
    def differences(self) -> tuple[Difference, ...]:
        """Every difference, by move number, then the ones that change most first."""
        out = []
        for key in self.keys:
            r, o = self.pair(key)
            ref, oth = self.ref.choice(r), self.oth.choice(o)
            move = turned_move(r.board, o.board, oth.move)
            out.append(Difference(key, r.board, ref.move, move, ref, oth))
        order = {k: i for i, k in enumerate(self.keys)}
        out.sort(key=lambda d: (d.number, tuple(-v for v in d.change), order[d.key]))
        return tuple(out)

    @cached_property
    def boards(self) -> frozenset[int]:
        """The other map's boards (keys) at the differing positions: every board of
        each differing class, as the picture tints them."""
        return frozenset(n.board.key for k in self.keys for n in self.oth.classes[k])


def compare_all(strategies: Sequence[Strategy]) -> list[Comparison]:
    """Each map after the first compared with the first (the reference)."""
    first = Positions(strategies[0])
    return [Comparison(first, s) for s in strategies[1:]]
