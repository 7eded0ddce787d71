"""The solved game: outcome and distance for any legal position, searched on demand.

Values are for the side to move: ``+1`` win, ``0`` draw, ``-1`` loss under
perfect play. The distance counts plies to the end when the winner wins as fast
as possible and the loser holds out as long as possible (a drawn game always
runs to the full board). One ``Solver`` per geometry, shared through
``ttt_maps.solve.solvers.solver_for``; it searches only what a question needs
and remembers what it learnt in a table, which bigger boards keep in the
user's cache (``ttt_maps.solve.cache``).

Scores are plain ints, larger is better for the side to move, in the order
of ``Outcome.rank``. The public *score* (``score``, ``move_scores``) is
relative to the position: ``far - d`` for a win in ``d`` plies, ``d - far``
for a loss in ``d``, ``0`` for a draw, where ``far`` is more than any game
lasts. How positions are searched, and the absolute scores inside the search,
are in ``ttt_maps.solve.search``.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from ttt_maps.errors import UsageError
from ttt_maps.game.board import Board, Mark, illegal_reason
from ttt_maps.solve.search import Children, Search

Result = Literal[-1, 0, 1]
_LABELS = {1: "win", 0: "draw", -1: "loss"}

#: The meaning of a table entry; cached tables of another version are rebuilt.
SOLVER_VERSION = 1


class Outcome(NamedTuple):
    """A game-theoretic value for one side: result and distance in plies.

    A named tuple (not a dataclass): cheap to make, and it orders as
    ``(result, distance)`` like the frozen dataclass it replaced.
    """

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


class Solver(Search):
    """The questions asked of one geometry's solved game (the search is ``Search``'s).

    Keyed methods (``score``, ``result``, ``children``...) take legal positions
    as ``Board.key`` ints, unchecked; the Board methods check. ``searched``
    counts the positions the search has visited (for progress and the cache).
    """

    # -- positions as keys ---------------------------------------------------

    def children(self, key: int) -> Children:
        """(cell, key after it) for each legal move, ascending; none once the game
        is over. (Memoised: policies and trees ask about the same positions often.)"""
        hit = self._children.get(key)
        if hit is None:
            size, full = self._size, self._full
            x, o = key & full, key >> size
            x_moves = x.bit_count() == o.bit_count()
            if self.threats(o if x_moves else x) < 0:  # the last move made a line
                hit = ()
            else:
                free = full & ~(x | o)
                shift = 0 if x_moves else size
                hit = tuple([(c, key | 1 << (c + shift)) for c in range(size) if free >> c & 1])
            self._children[key] = hit
        return hit

    def play(self, key: int, cell: int) -> int:
        """The key after the side to move plays ``cell`` (no checks)."""
        return key | 1 << (cell if key.bit_count() % 2 == 0 else cell + self._size)

    def board(self, key: int) -> Board:
        """The ``Board`` of a key, for the few callers that need one."""
        return Board(key & self._full, key >> self._size, self.geometry)

    def score(self, key: int) -> int:
        """The exact score of a legal position for its side to move (module docstring)."""
        hit = self._scores.get(key)
        if hit is None:
            if self.whole:
                return self._whole_search(key)
            far = self._far
            value = self._bounded(key, -far - 1, far + 1)
            plies = key.bit_count()
            hit = value + plies if value > 0 else value - plies if value < 0 else 0
            self._scores[key] = hit
        return hit

    def result(self, key: int) -> int:
        """Win (1), draw (0) or loss (-1) for the side to move: cheaper than ``score``
        on a big board, as the search only has to settle the sign."""
        hit = self._results.get(key)
        if hit is None:
            value = self.score(key) if self.whole else self._bounded(key, -1, 1)
            hit = self._results[key] = 1 if value > 0 else -1 if value < 0 else 0
        return hit

    def outcome_of(self, key: int) -> Outcome:
        """``outcome`` of a legal position given by its key."""
        score = self.score(key)
        if score > 0:
            return Outcome(1, self._far - score)
        if score < 0:
            return Outcome(-1, score + self._far)
        return Outcome(0, self._size - key.bit_count())

    def move_scores(self, key: int) -> dict[int, int]:
        """Each legal move and the exact score after it: the opponent's, so the lower
        the better for the mover."""
        return {cell: self.score(child) for cell, child in self.children(key)}

    def move_results(self, key: int) -> dict[int, int]:
        """Each legal move and the opponent's result after it (-1, 0, 1): the lower,
        the better for the mover. (Memoised, do not mutate: every policy starts here.)

        Most moves are settled by the opening checks of ``_search`` (a line made,
        a win left open, two threats); those are done here, for all moves at
        once, and only the rest are searched.
        """
        hit = self._move_results.get(key)
        if hit is not None:
            return hit
        if self.whole:  # every score is a lookup away
            scores, score = self._scores, self.score
            hit = {}
            for cell, child in self.children(key):
                s = scores[child] if child in scores else score(child)
                hit[cell] = 1 if s > 0 else -1 if s < 0 else 0
            self._move_results[key] = hit
            return hit
        hit = {}
        size, full = self._size, self._full
        x, o = key & full, key >> size
        mine, theirs = (x, o) if x.bit_count() == o.bit_count() else (o, x)
        shift = 0 if mine == x else size
        threats = self.threats
        if threats(theirs) < 0:
            self._move_results[key] = hit
            return hit  # the game is over
        free = full & ~(x | o)
        their_wins = threats(theirs) & free
        rest = free
        while rest:
            bit = rest & -rest
            rest ^= bit
            made = threats(mine | bit)
            left = free ^ bit
            if made < 0:
                result = -1  # this move makes a line
            elif their_wins & left:
                result = 1  # the opponent completes a line next
            elif made & left & (made & left) - 1:
                result = -1  # two threats: the opponent blocks one at most
            elif not left:
                result = 0  # the board is full
            else:
                result = self.result(key | bit << shift)
            hit[bit.bit_length() - 1] = result
        self._move_results[key] = hit
        return hit

    def best_cells(self, key: int) -> list[int]:
        """``best_moves`` of a legal position given by its key."""
        results = self.move_results(key)
        if not results:
            return []
        lowest = min(results.values())
        return [cell for cell, r in results.items() if r == lowest]

    # -- the public view ----------------------------------------------------

    def outcome(self, board: Board) -> Outcome:
        """Value of a legal position for its side to move."""
        self.check(board)
        return self.outcome_of(board.key)

    def move_outcomes(self, board: Board) -> dict[int, Outcome]:
        """Each legal move and what it leads to, for the player making it."""
        self.check(board)
        return {m: self.outcome_of(child).after_move() for m, child in self.children(board.key)}

    def best_moves(self, board: Board) -> list[int]:
        """The moves that keep the position's result (win, draw or loss), ascending."""
        self.check(board)
        return self.best_cells(board.key)

    def check(self, board: Board) -> None:
        """Raise unless ``board`` is a legal position of this solver's geometry."""
        if board.geometry != self.geometry:
            raise ValueError(f"solver for {self.geometry.name} given a {board.geometry.name} board")
        if board.key in self._children:
            return  # reached from a legal root, so legal
        reason = illegal_reason(self.geometry, board.x, board.o)
        if reason:
            raise UsageError(f"board {board}: illegal position: {reason}")


def mover(key: int) -> Mark:
    """Side to move in a legal position: X when the marks are even."""
    return "x" if key.bit_count() % 2 == 0 else "o"
