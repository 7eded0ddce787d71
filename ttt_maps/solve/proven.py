"""A bigger board whose value a shipped proof gives: the proof first, the search after.

On 6x5, 5x6 and 6x6 with four in a row (normal rules) the search does not settle
the empty board within a request's budget, but ``solve.proofs`` knows it: X
wins, in the proof's number of plies. A ``ProvenSolver`` answers from the proof
wherever the proof speaks, and searches (within the budget, as any bigger board)
everywhere else:

* the empty board, and every first move (the first-move certificates);
* a position one of X's proven strategies reaches (the main one, or the one
  from a winning first move's certificate): X to move wins in the shortest
  strategy's length, and the moves known to win there are the ones after which
  a strategy still wins (the strategy's own move, at least); O to move loses,
  each reply in the length a strategy needs after it, so that O's best reply is
  the one that holds out longest against X's proven strategies.

A move of X's off the strategy leads where the proof says nothing: such positions
are searched, and refused past the budget as before.
"""

from __future__ import annotations

from collections.abc import Iterable

from ttt_maps.solve.proofs import fastest, first_moves, strategies
from ttt_maps.solve.search import DeepSolver


class ProvenSolver(DeepSolver):
    """``DeepSolver`` with a shipped proof consulted before any search."""

    def proven_score(self, key: int) -> int | None:
        """The score (``Solver.score``) the proof gives a position, or None where it
        gives none."""
        far, plies = self._far, key.bit_count()
        if plies == 0:
            return far - fastest(self.geometry)
        if plies == 1:
            value, length = first_moves(self.geometry)[key.bit_length() - 1]
            return value * (length - 1 - far) if value else 0
        if plies % 2 == 0:
            won = self._won(key)
            return None if won is None else far - won
        if self.geometry.has_line(key & self._full):
            return -far  # X has just completed a line: O has lost, no move to go
        held = self._held(key)
        return None if held is None else held - far

    def _won(self, key: int) -> int | None:
        """Plies to X's win with X to move, by the shortest of the shipped strategies
        that win from here (the main one, or one of a first move's); None if none does."""
        lengths = [won for p in strategies(self.geometry) if (won := p.length(key)) is not None]
        return min(lengths, default=None)

    def _held(self, key: int) -> int | None:
        """Plies to X's win with O to move and holding out longest, X winning by the
        strategies; None where some reply leaves them all."""
        longest = 0
        for _, child in self.children(key):
            if self.geometry.has_line(child >> self._size):
                return None  # O completes a line
            won = self._won(child)
            if won is None:
                return None
            longest = max(longest, won + 1)
        return longest or None

    def score(self, key: int) -> int:
        """``DeepSolver.score``, from the proof where it knows the position."""
        known = self.proven_score(key)
        return super().score(key) if known is None else known

    def result(self, key: int) -> int:
        """``DeepSolver.result``, from the proof where it knows the position."""
        known = self.proven_score(key)
        if known is None:
            return super().result(key)
        return 1 if known > 0 else -1 if known < 0 else 0

    def move_results(self, key: int) -> dict[int, int]:
        """``DeepSolver.move_results``; where X's strategy reaches past the first move,
        only the moves known to win (the others lead where the proof says nothing, and
        no map or game needs them: a winning move is enough)."""
        if key.bit_count() % 2 or not key or self.proven_score(key) is None:
            return super().move_results(key)
        hit = self._move_results.get(key)
        if hit is None:
            hit = {}
            for cell, child in self.children(key):
                known = self.proven_score(child)
                if known is not None and known < 0:
                    hit[cell] = -1
            self._move_results[key] = hit
        return hit

    def first_optimal(self, key: int, cells: Iterable[int], fastest: bool | None) -> int | None:
        """``DeepSolver.first_optimal``; in a position the proof knows X wins, the first
        of ``cells`` known to win (as fast as the position allows, with ``fastest``)."""
        known = self.proven_score(key)
        if known is None or known <= 0 or key.bit_count() % 2:
            return super().first_optimal(key, cells, fastest)
        if fastest is None:
            return None
        winning = self.move_results(key)
        for cell in cells:
            if cell in winning:
                after = self.proven_score(self.play(key, cell))
                if not fastest or after == -known - 1:
                    return cell
        return None

    def follows(self, key: int) -> bool:
        """``Solver.follows``: not after a first move whose value only its own
        certificates give (they prove the value, the package plays only X's main proof)."""
        if key.bit_count() != 1:
            return True
        return self._held(key) is not None

    def holding_move(self, key: int) -> int:
        """``DeepSolver.holding_move``; X's move of the strategy where it reaches."""
        if key and not key.bit_count() % 2:
            won = self._won(key)
            for p in strategies(self.geometry) if won is not None else ():
                if p.length(key) == won:
                    move = p.move(key)
                    if move is not None:
                        return move
        return super().holding_move(key)
