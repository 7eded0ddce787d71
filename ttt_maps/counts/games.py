"""Counting positions without visiting them: the 4x4 board's ten million in a second.

A position is reachable exactly when it is legal (``position.illegal_reason``): the counts
are right, the side that did not move last holds no line, and the side that
did either holds none or holds lines that all share one cell (its last
move). So the count splits by the X set: for each X set, the O sets inside
the free cells of the right size that hold no line (X moved last) or that
are fine as a last mover's set (O moved last). Those numbers, for every
free-cell set at once, come from one subset-sum transform per property,
over 2**cells integers that each pack a count per set size. Counts up to
rotation and reflection follow from Burnside's lemma: the number of classes
is the mean, over the board's symmetries, of the positions each one leaves
unchanged, and those are few enough to enumerate.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from operator import add

from ttt_maps.game.geometry import Geometry

#: Boards with more cells are not counted (2**cells integers would not fit).
MAX_CELLS = 20


@dataclass(frozen=True)
class PositionCounts:
    """Positions reachable in play from the empty board (the empty board included)."""

    reachable: int
    reachable_classes: int
    terminal: int
    terminal_classes: int


class _Masks:
    """Per set of cells: does it hold a line, and could it be the last mover's set?"""

    def __init__(self, g: Geometry) -> None:
        full = g.full
        self.line = bytearray(1 << g.size)
        common = [full] * (1 << g.size)  # the cells every line of the set shares
        for line in g.lines:
            rest = full & ~line
            sub = rest
            while True:  # every superset of the line
                m = line | sub
                self.line[m] = 1
                common[m] &= line
                if not sub:
                    break
                sub = (sub - 1) & rest
        # No line, or lines that one last move completed together.
        self.last_ok = bytearray(not has or common[m] != 0 for m, has in enumerate(self.line))

    def legal(self, x: int, o: int) -> tuple[bool, bool]:
        """(legal, over) for a position given by its two sets."""
        nx, no = x.bit_count(), o.bit_count()
        if nx == no + 1:
            ok = not self.line[o] and bool(self.last_ok[x])
            return ok, ok and bool(self.line[x])
        if nx == no:
            ok = not self.line[x] and bool(self.last_ok[o])
            return ok, ok and bool(self.line[o])
        return False, False


def count_positions(geometry: Geometry) -> PositionCounts | None:
    """Reachable and terminal positions, plain and up to rotation and reflection
    (None for boards of more than ``MAX_CELLS`` cells)."""
    n = geometry.size
    if n > MAX_CELLS:
        return None
    masks = _Masks(geometry)
    width = n + 1  # bits per packed count: C(n, k) < 2**(n + 1)
    digit = (1 << width) - 1
    no_line = _subset_sums(
        [0 if has else 1 << width * m.bit_count() for m, has in enumerate(masks.line)], n
    )
    last = _subset_sums(
        [1 << width * m.bit_count() if ok else 0 for m, ok in enumerate(masks.last_ok)], n
    )
    full = geometry.full
    reachable = terminal = 0
    for x in range(1 << n):
        nx, free = x.bit_count(), full & ~x
        if nx and masks.last_ok[x]:  # X moved last: O's sets of nx - 1 cells, no line
            count = no_line[free] >> width * (nx - 1) & digit
            reachable += count
            if masks.line[x] or 2 * nx - 1 == n:  # X made a line, or filled the board
                terminal += count
        if not masks.line[x]:  # O moved last: O's sets of nx cells, fine as a last move
            fine = last[free] >> width * nx & digit
            clean = no_line[free] >> width * nx & digit
            reachable += fine
            terminal += fine - clean  # O made a line
            if 2 * nx == n:
                terminal += clean  # the board is full
    fixed = [_fixed(geometry, perm, masks) for perm in geometry.symmetries[1:]]
    classes = (reachable + sum(f[0] for f in fixed)) // len(geometry.symmetries)
    terminal_classes = (terminal + sum(f[1] for f in fixed)) // len(geometry.symmetries)
    return PositionCounts(reachable, classes, terminal, terminal_classes)


def _subset_sums(values: list[int], n: int) -> list[int]:
    """``out[m]`` = the sum of ``values[s]`` over every subset ``s`` of ``m``.

    One pass per bit, adding each set without the bit to the same set with
    it: along strided slices where the bit is low (few, long slices) and along
    blocks where it is high, so Python loops over slices, not elements.
    """
    out = list(values)
    size = 1 << n
    for i in range(n):
        bit = 1 << i
        step = bit << 1
        if bit <= size // step:
            for r in range(bit):
                out[bit + r :: step] = map(add, out[bit + r :: step], out[r::step])
        else:
            for start in range(0, size, step):
                high = slice(start + bit, start + step)
                out[high] = map(add, out[high], out[start : start + bit])
    return out


def _fixed(g: Geometry, perm: tuple[int, ...], masks: _Masks) -> tuple[int, int]:
    """(legal, terminal) positions that the symmetry ``perm`` leaves unchanged: each
    cycle of cells holds one mark throughout, so enumerate marks per cycle."""
    seen: set[int] = set()
    cycles: list[int] = []
    for start in range(g.size):
        if start in seen:
            continue
        cycle, c = 0, start
        while c not in seen:
            seen.add(c)
            cycle |= 1 << c
            c = perm[c]
        cycles.append(cycle)
    legal = over = 0
    for marks in itertools.product((0, 1, 2), repeat=len(cycles)):
        x = o = 0
        for cycle, mark in zip(cycles, marks, strict=True):
            if mark == 1:
                x |= cycle
            elif mark == 2:
                o |= cycle
        ok, done = masks.legal(x, o)
        legal += ok
        over += ok and (done or x | o == g.full)
    return legal, over
