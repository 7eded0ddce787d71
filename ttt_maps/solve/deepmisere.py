"""Bigger boards under misère rules: ``DeepSolver``'s alpha-beta with misère's cuts.

The bounds, the search limit, the symmetry classes and the cache are
``DeepSolver``'s (``ttt_maps.solve.search``); what a position is worth
before any search changes with the rules. A line just made wins for the side
to move; a mover whose every free cell completes its own line loses next
ply, and one with another move never searches the moves that do (they lose
at once). A side can lose only while some line is free of the other's
marks, which bounds the score by a draw when none is.
"""

from __future__ import annotations

from ttt_maps.solve.search import DeepSolver


class MisereDeepSolver(DeepSolver):
    """A bigger board's solved game under misère rules."""

    _win_ply = 0  # a line made by the last move: the mover has already won

    def move_results(self, key: int) -> dict[int, int]:
        """``Solver.move_results``: a move that completes a line loses at once (the
        opponent's result is a win); the others are searched."""
        hit = self._move_results.get(key)
        if hit is not None:
            return hit
        hit = {}
        size, full = self._size, self._full
        x, o = key & full, key >> size
        mine, theirs = (x, o) if x.bit_count() == o.bit_count() else (o, x)
        shift = 0 if mine == x else size
        if self.threats(theirs) < 0:
            self._move_results[key] = hit
            return hit  # the game is over
        free = full & ~(x | o)
        completes = self.threats(mine)
        rest = free
        while rest:
            bit = rest & -rest
            rest ^= bit
            if completes & bit:
                result = 1  # this move makes a line: the opponent has won
            elif not free ^ bit:
                result = 0  # the board is full
            else:
                result = self.result(key | bit << shift)
            hit[bit.bit_length() - 1] = result
        self._move_results[key] = hit
        return hit

    def _search(self, key: int, mine: int, last: int, shift: int, alpha: int, beta: int) -> int:
        """``DeepSolver._search`` (fail-soft alpha-beta on absolute scores) under misère."""
        self.searched += 1
        if self.searched > self._stop_at:
            self._checkpoint()
        far = self._far
        free = self._full & ~(mine | last)
        plies = self._size - free.bit_count()
        threats = self._threats
        theirs = threats.get(last)
        if theirs is None:
            theirs = self.threats(last)
        if theirs < 0:
            return far - plies  # the last move made a line: the mover has won
        if not free:
            return 0
        ours = threats.get(mine)
        if ours is None:
            ours = self.threats(mine)
        safe = free & ~ours
        if not safe:
            return plies + 1 - far  # every move completes a line: lost next ply
        # The opponent can complete a line on its next move at the earliest, the
        # mover (safe moves only) on the move after; neither once no line is free
        # of the other's marks.
        high = far - plies - 2
        low = min(plies + 3 - far, 0)
        opened = self._open
        if not (opened[mine] if mine in opened else self._can_win(mine)):
            high = 0
        if not (opened[last] if last in opened else self._can_win(last)):
            low = 0
            if not high:
                return 0
        bounds, span = self.bounds, self._span
        slot = self._canonical(key) if plies <= self._symmetric_plies else key
        entry = bounds.get(slot)
        if entry is not None:
            known_low, known_high = divmod(entry, span)
            if known_low - far > low:
                low = known_low - far
            if known_high - far < high:
                high = known_high - far
            if low >= high:
                return low
        if low >= beta:
            return low
        if high <= alpha:
            return high
        a = alpha if alpha > low else low
        b = beta if beta < high else high
        best = -far - 1
        size = self._size
        for bit in self._order:
            if not safe & bit:
                continue
            s = -self._search(key | bit << shift, last, mine | bit, size - shift, -b, -a)
            if s > best:
                best = s
                if s > a:
                    a = s
                    if a >= b:
                        break
        if best <= alpha or best <= low:
            high = best
        elif best >= beta or best >= high:
            low = best
        else:
            low = high = best
        bounds[slot] = (low + far) * span + high + far
        return best
