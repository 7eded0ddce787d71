"""The solved game under misère rules, where whoever completes a line loses.

``MisereSolver`` answers the same questions as ``Solver`` (scores, outcomes,
distances: win as early and lose as late as possible, as under normal rules)
on a small board searched whole; only the search's rules differ. A finished
position with a line is won by the side to move, and a move that completes
the mover's own line is never worth searching while another move is free: it
loses at once, and every other move loses later if at all.
"""

from __future__ import annotations

from ttt_maps.solve.solver import Solver


class MisereSolver(Solver):
    """A small board's solved game under misère rules, searched whole."""

    def _negamax(self, key: int, mine: int, last: int, shift: int) -> int:
        """``Solver._negamax`` under misère: the last move's line wins for the side to
        move; a mover whose every free cell completes its own line loses next ply;
        otherwise only the moves that complete no line of its own are searched."""
        self.searched += 1
        size, far = self._size, self._far
        free = self._full & ~(mine | last)
        threats = self._threats
        theirs = threats.get(last)
        if theirs is None:
            theirs = self.threats(last)
        if theirs < 0:
            score = far  # the last move made a line: won, 0 plies to go
        elif not free:
            score = 0
        else:
            ours = threats.get(mine)
            if ours is None:
                ours = self.threats(mine)
            moves = free & ~ours
            if not moves:
                score = 1 - far  # every move completes a line: lost next ply
            else:
                scores = self._scores
                worst = far
                while moves:
                    bit = moves & -moves
                    moves ^= bit
                    child = key | bit << shift
                    s = scores.get(child)
                    if s is None:
                        s = self._negamax(child, last, mine | bit, size - shift)
                    if s < worst:
                        worst = s
                score = 1 - worst if worst > 0 else -1 - worst if worst < 0 else 0
        self._scores[key] = score
        return score
