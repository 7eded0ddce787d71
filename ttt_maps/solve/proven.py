"""A bigger board whose value a shipped proof gives: the proof first, the search after.

On 6x5, 5x6 and 6x6 with four in a row (normal rules) the search does not settle
the empty board within a request's budget, but ``solve.proofs`` knows it: X
wins, in the proof's number of plies. A ``ProvenSolver`` answers from the proof
wherever the proof speaks, and searches (within the budget, as any bigger board)
everywhere else:

* the empty board, and every first move (the first-move certificates);
* a position one of the proven strategies reaches (X's main one, or a first
  move's: X's where it wins, O's where X's first move loses): the winner to
  move wins in the shortest strategy's length, and the moves known to win there
  are the ones after which a strategy still wins (the strategy's own move, at
  least); the loser to move loses, each reply in the length a strategy needs
  after it, so that its best reply is the one that holds out longest against
  the winner's proven strategy;
* after a first move that draws, O's reply that keeps the draw (the first
  move's hold-out certificates).

A move off the strategies leads where the proofs say nothing: such positions are
searched, and refused past the budget as before.
"""

from __future__ import annotations

from collections.abc import Iterable

from ttt_maps.solve.proofs import drawing_replies, fastest, first_moves, strategies
from ttt_maps.solve.search import DeepSolver


class ProvenSolver(DeepSolver):
    """``DeepSolver`` with a shipped proof consulted before any search."""

    def proven_score(self, key: int) -> int | None:
        """The score (``Solver.score``) the proofs give a position, or None where they
        give none."""
        far, plies = self._far, key.bit_count()
        if plies == 0:
            return far - fastest(self.geometry)
        if plies == 1:
            value, length = first_moves(self.geometry)[key.bit_length() - 1]
            return value * (length - 1 - far) if value else 0
        n, full = self._size, self._full
        if self.geometry.has_line(key & full if plies % 2 else key >> n):
            return -far  # the last move completed a line: lost, no move to go
        won = self._wins(key)
        if won is not None:
            return far - won
        lost = self._loses(key)
        if lost is not None:
            return lost - far
        if (
            plies == 2
            and drawing_replies(self.geometry).get((key & full).bit_length() - 1)
            == (key >> n).bit_length() - 1
        ):
            return 0  # O's reply that keeps a drawn first move drawn
        return None

    def _wins(self, key: int) -> int | None:
        """Plies to the win of the side to move, by the shortest of its shipped
        strategies that win from here; None if none does."""
        mover = "x" if key.bit_count() % 2 == 0 else "o"
        lengths = [
            won
            for p in strategies(self.geometry)
            if p.winner == mover and (won := p.length(key)) is not None
        ]
        return min(lengths, default=None)

    def _loses(self, key: int) -> int | None:
        """Plies to the other side's win, the side to move holding out longest, where
        every reply leaves a position the other side's strategies win; None otherwise."""
        longest = 0
        for _, child in self.children(key):
            if self.geometry.has_line(child >> self._size if key.bit_count() % 2 else child):
                return None  # the reply completes a line
            won = self._wins(child)
            if won is None:
                return None
            longest = max(longest, won + 1)
        return longest or None

    def score(self, key: int) -> int:
        """``DeepSolver.score``, from the proofs where they know the position."""
        known = self.proven_score(key)
        return super().score(key) if known is None else known

    def result(self, key: int) -> int:
        """``DeepSolver.result``, from the proofs where they know the position."""
        known = self.proven_score(key)
        if known is None:
            return super().result(key)
        return 1 if known > 0 else -1 if known < 0 else 0

    def move_results(self, key: int) -> dict[int, int]:
        """``DeepSolver.move_results``; where the proofs know the side to move wins or
        draws past the empty board, only the moves known to keep that (the others lead
        where the proofs say nothing, and no map or game needs them: a winning move, or
        a drawing one, is enough)."""
        known = self.proven_score(key)
        if not key or known is None or known < 0:
            return super().move_results(key)  # every move's value is known, or searched
        hit = self._move_results.get(key)
        if hit is None:
            hit = {}
            for cell, child in self.children(key):
                after = self.proven_score(child)
                if after is not None and (after < 0 if known > 0 else after == 0):
                    hit[cell] = -1 if after < 0 else 0
            self._move_results[key] = hit
        return hit

    def first_optimal(self, key: int, cells: Iterable[int], fastest: bool | None) -> int | None:
        """``DeepSolver.first_optimal``; where the proofs know the side to move wins or
        draws, the first of ``cells`` known to keep that (a win as fast as the position
        allows, with ``fastest``)."""
        known = self.proven_score(key)
        if known is None or known < 0:
            return super().first_optimal(key, cells, fastest)
        if known > 0 and fastest is None:
            return None
        keeps = -1 if known > 0 else 0
        results = self.move_results(key)
        for cell in cells:
            if results.get(cell) == keeps:
                after = self.proven_score(self.play(key, cell))
                if not known or not fastest or after == -known - 1:
                    return cell
        return None

    def follows(self, key: int) -> bool:
        """``Solver.follows``: not after a first move that draws, whose line of play the
        proofs do not give (only O's first reply, and that neither side can win)."""
        return key.bit_count() != 1 or self.proven_score(key) != 0

    def holding_move(self, key: int) -> int:
        """``DeepSolver.holding_move``; where the proofs know the side to move wins or
        draws, their best move."""
        known = self.proven_score(key)
        if key and known is not None and known >= 0:
            keeping = self.move_results(key)
            if keeping:
                return min(keeping, key=lambda c: (self.score(self.play(key, c)), c))
        return super().holding_move(key)
