"""A board's lines from first principles, for the tests' own referees: no package code,
so a test that checks the package against them checks it against something else."""

from __future__ import annotations

from functools import cache


@cache
def lines_of(rows: int, cols: int, k: int) -> tuple[tuple[int, ...], ...]:
    """Every k in a row of a rows x cols board, as cell numbers (row-major)."""
    out = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + dr * i, c + dc * i) for i in range(k)]
                if all(0 <= y < rows and 0 <= x < cols for y, x in cells):
                    out.append(tuple(y * cols + x for y, x in cells))
    return tuple(out)
