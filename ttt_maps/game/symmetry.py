"""Symmetry classes of positions: a fast ``key -> canonical key`` per geometry.

Rotating or reflecting a position changes neither its value nor how many
games pass through it, so the solver stores shallow positions once per class
and ``stats`` counts classes. The canonical key is the smallest key among a
position's images (the key of ``Board.canonical()``). A symmetry moves the X
and O bits of a key alike, so it is applied a byte of the key at a time
through small tables (256 entries per byte and symmetry, cheap to build for
any board).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ttt_maps.game.geometry import Geometry

#: Bits of a key looked up at once.
_CHUNK = 8


@lru_cache(maxsize=8)
def canonicaliser(geometry: Geometry) -> Callable[[int], int]:
    """``key -> canonical key`` for one geometry."""
    size = geometry.size
    bits = 2 * size
    chunks = range(0, bits, _CHUNK)
    tables: list[tuple[list[int], ...]] = []
    for perm in geometry.symmetries[1:]:  # the identity maps every key to itself
        image = [perm[b] if b < size else perm[b - size] + size for b in range(bits)]
        per_chunk = []
        for start in chunks:
            table = [0] * (1 << _CHUNK)
            for v in range(1, 1 << _CHUNK):
                low = (v & -v).bit_length() - 1
                bit = start + low
                table[v] = table[v & (v - 1)] | (1 << image[bit] if bit < bits else 0)
            per_chunk.append(table)
        tables.append(tuple(per_chunk))
    mask = (1 << _CHUNK) - 1

    def canonical(key: int) -> int:
        best = key
        for per_chunk in tables:
            value, rest = 0, key
            for table in per_chunk:
                value |= table[rest & mask]
                rest >>= _CHUNK
            if value < best:
                best = value
        return best

    return canonical


def stabiliser_size(geometry: Geometry, key: int) -> int:
    """How many symmetries map a position to itself (its class has
    ``len(symmetries) // stabiliser_size`` members)."""
    g = geometry
    x, o = key & g.full, key >> g.size
    return sum(g.transform(x, p) == x and g.transform(o, p) == o for p in g.symmetries)
