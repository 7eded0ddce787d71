"""A referee for the solver: plain negamax over every move, no package code.

No pruning, no pairings, no symmetry, no table of bounds: each position's
exact score is the best of its children's, one ply further. It scores as the
package does (for the side to move: ``far - d`` for a win in ``d`` plies,
``d - far`` for a loss in ``d``, 0 for a draw, ``far`` = cells + 2), so a test
compares numbers. Fast enough for 3x3 and 3x4k3 from the empty board, and for
4x4 boards from five marks on.
"""

from __future__ import annotations

from first_principles import lines_of


class Referee:
    """Exact scores of one rows x cols board with k in a row, remembered per position."""

    def __init__(self, rows: int, cols: int, k: int) -> None:
        self.lines = [sum(1 << c for c in line) for line in lines_of(rows, cols, k)]
        self.size = rows * cols
        self.full = (1 << self.size) - 1
        self.far = self.size + 2
        self.memo: dict[tuple[int, int], int] = {}

    def has_line(self, marks: int) -> bool:
        return any(line & marks == line for line in self.lines)

    def score(self, x: int, o: int) -> int:
        """The exact score for the side to move (X when the counts are equal)."""
        hit = self.memo.get((x, o))
        if hit is not None:
            return hit
        x_moves = x.bit_count() == o.bit_count()
        last = o if x_moves else x
        if self.has_line(last):
            value = -self.far  # the last move made a line: lost, no plies to go
        elif x | o == self.full:
            value = 0
        else:
            value = -self.far - 1
            for cell in range(self.size):
                bit = 1 << cell
                if (x | o) & bit:
                    continue
                child = self.score(x | bit, o) if x_moves else self.score(x, o | bit)
                mine = -child
                mine = mine - 1 if mine > 0 else mine + 1 if mine < 0 else 0
                value = max(value, mine)
        self.memo[(x, o)] = value
        return value
