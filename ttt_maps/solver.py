"""The solved game: outcome and distance for every reachable position.

Values are for the side to move: ``+1`` win, ``0`` draw, ``-1`` loss under
perfect play. The distance counts plies to the end when the winner wins as fast
as possible and the loser holds out as long as possible (a drawn game always
runs to the full board). One ``Solver`` per geometry, shared through
``solver_for``; its table fills lazily, one position at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from ttt_maps.board import Board, illegal_reason
from ttt_maps.errors import UsageError
from ttt_maps.geometry import STANDARD, Geometry

Result = Literal[-1, 0, 1]
_LABELS = {1: "win", 0: "draw", -1: "loss"}
#: More plies than any game lasts: keeps wins, draws and losses apart in ``_value``.
_FAR = 1 << 30


@dataclass(frozen=True, order=True)
class Outcome:
    """A game-theoretic value for one side: result and distance in plies."""

    result: int
    distance: int

    @property
    def label(self) -> str:
        """``win``, ``draw`` or ``loss``."""
        return _LABELS[self.result]

    @property
    def rank(self) -> tuple[int, int]:
        """Sort key, larger is better: win soon > win late > draw > lose late > lose soon."""
        if self.result > 0:
            return (1, -self.distance)
        if self.result < 0:
            return (-1, self.distance)
        return (0, 0)

    def after_move(self) -> Outcome:
        """A child's outcome (for its side to move) as seen by the player who moved into it."""
        return Outcome(-self.result, self.distance + 1)

    def __str__(self) -> str:
        if self.result == 0:
            return "draw"
        return f"{self.label} in {self.distance}"


class Solver:
    """Exhaustive negamax with a transposition table, for one geometry."""

    def __init__(self, geometry: Geometry = STANDARD) -> None:
        self.geometry = geometry
        self._table: dict[int, tuple[int, int]] = {}
        self._move_table: dict[int, dict[int, Outcome]] = {}
        self._shift = geometry.size
        self._full = geometry.full
        self._has_line = geometry.has_line

    # -- the search ---------------------------------------------------------

    def _value(self, x: int, o: int, x_to_move: bool) -> tuple[int, int]:
        """(result, distance) for the side to move; (x, o) is legal and not yet ruled on."""
        key = x | o << self._shift
        hit = self._table.get(key)
        if hit is not None:
            return hit
        if self._has_line(o if x_to_move else x):
            value = (-1, 0)
        else:
            free = self._full & ~(x | o)
            value = (0, 0)
            # ``Outcome.rank`` as one int (cheaper than a tuple in this hot loop):
            # a win scores _FAR - distance, a loss distance - _FAR, a draw 0.
            best = -2 * _FAR
            while free:
                bit = free & -free
                free ^= bit
                if x_to_move:
                    r, d = self._value(x | bit, o, False)
                else:
                    r, d = self._value(x, o | bit, True)
                d += 1
                score = 0 if r == 0 else d - _FAR if r > 0 else _FAR - d
                if score > best:
                    best, value = score, (-r, d)
        self._table[key] = value
        return value

    def solve_all(self) -> int:
        """Fill the table from the empty board; returns the number of positions."""
        self._value(0, 0, True)
        return len(self._table)

    def table(self) -> dict[int, tuple[int, int]]:
        """Every position solved so far, keyed by ``Board.key``."""
        return self._table

    # -- the public view ----------------------------------------------------

    def outcome(self, board: Board) -> Outcome:
        """Value of a legal position for its side to move."""
        self._check(board)
        r, d = self._value(board.x, board.o, board.to_move == "x")
        return Outcome(r, d)

    def move_outcomes(self, board: Board) -> dict[int, Outcome]:
        """Each legal move and what it leads to, for the player making it (do not mutate)."""
        hit = self._move_table.get(board.key)
        if hit is None:
            self._check(board)
            # Straight to the table: a legal board's children need no Board or check.
            x, o, x_moves = board.x, board.o, board.to_move == "x"
            hit = {}
            for m in board.moves():
                bit = 1 << m
                r, d = self._value(x | bit, o, False) if x_moves else self._value(x, o | bit, True)
                hit[m] = Outcome(-r, d + 1)
            self._move_table[board.key] = hit
        return hit

    def best_moves(self, board: Board) -> list[int]:
        """The moves that keep the position's result (win, draw or loss), ascending."""
        outs = self.move_outcomes(board)
        if not outs:
            return []
        best = max(o.result for o in outs.values())
        return [m for m, o in outs.items() if o.result == best]

    def _check(self, board: Board) -> None:
        if board.geometry != self.geometry:
            raise ValueError(f"solver for {self.geometry.name} given a {board.geometry.name} board")
        if board.key in self._table:
            return  # reached from a legal root, so legal
        reason = illegal_reason(self.geometry, board.x, board.o)
        if reason:
            raise UsageError(f"board {board}: illegal position: {reason}")


@cache
def solver_for(geometry: Geometry = STANDARD) -> Solver:
    """The shared solver of a geometry."""
    return Solver(geometry)
