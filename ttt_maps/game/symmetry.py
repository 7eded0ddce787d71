"""Symmetry classes of positions: a fast ``key -> canonical key`` per geometry.

Rotating or reflecting a position changes neither its value nor how many
games pass through it, so the solver stores shallow positions once per class
and ``stats`` counts classes. The canonical key is the smallest key among a
position's images (the key of ``Position.canonical()``). A symmetry moves the X
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
def _tables(geometry: Geometry) -> tuple[tuple[list[int], ...], ...]:
    """Per symmetry (identity first), the image of each byte of a key, chunk by chunk."""
    size = geometry.size
    bits = 2 * size
    chunks = range(0, bits, _CHUNK)
    tables: list[tuple[list[int], ...]] = []
    for perm in geometry.symmetries:
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
    return tuple(tables)


def _image(per_chunk: tuple[list[int], ...], key: int) -> int:
    value, rest, mask = 0, key, (1 << _CHUNK) - 1
    for table in per_chunk:
        value |= table[rest & mask]
        rest >>= _CHUNK
    return value


@lru_cache(maxsize=8)
def canonicaliser(geometry: Geometry) -> Callable[[int], int]:
    """``key -> canonical key`` for one geometry."""
    tables = _tables(geometry)[1:]  # the identity maps every key to itself

    def canonical(key: int) -> int:
        best = key
        for per_chunk in tables:
            value = _image(per_chunk, key)
            if value < best:
                best = value
        return best

    return canonical


def images(geometry: Geometry, key: int) -> tuple[int, ...]:
    """A position's image under each symmetry of its board, in ``geometry.symmetries`` order."""
    return tuple(_image(per_chunk, key) for per_chunk in _tables(geometry))


def stabiliser(geometry: Geometry, key: int) -> tuple[int, ...]:
    """The symmetries (as indices into ``geometry.symmetries``) that leave a position as it is."""
    return tuple(i for i, image in enumerate(images(geometry, key)) if image == key)


#: The symmetries of a square board by name, each as (row, col) -> (row, col) on an
#: R x C board: identity, mirror left-right, mirror top-bottom, half turn, mirror in the
#: main diagonal, quarter turn clockwise, quarter turn anticlockwise, mirror in the
#: other diagonal. A rectangle has the first four.
_NAMED: tuple[tuple[str, Callable[[int, int, int, int], tuple[int, int]]], ...] = (
    ("id", lambda r, c, R, C: (r, c)),
    ("h", lambda r, c, R, C: (r, C - c)),
    ("v", lambda r, c, R, C: (R - r, c)),
    ("r180", lambda r, c, R, C: (R - r, C - c)),
    ("d", lambda r, c, R, C: (c, r)),
    ("r90", lambda r, c, R, C: (c, R - r)),
    ("r270", lambda r, c, R, C: (C - c, r)),
    ("a", lambda r, c, R, C: (C - c, R - r)),
)


@lru_cache(maxsize=8)
def turn_names(geometry: Geometry) -> tuple[str, ...]:
    """Short names of ``geometry.symmetries``, in order: ``id``, ``h`` (mirror left-right),
    ``v`` (top-bottom), ``r180``, ``d`` (main diagonal), ``r90`` (a quarter turn
    clockwise), ``r270``, ``a`` (the other diagonal). Drawings and the viewer use them."""
    rows, cols = geometry.rows, geometry.cols
    named: dict[tuple[int, ...], str] = {}
    for name, f in _NAMED:
        if rows != cols and name in ("d", "r90", "r270", "a"):
            continue
        perm = []
        for cell in range(geometry.size):
            r, c = f(*divmod(cell, cols), rows - 1, cols - 1)
            perm.append(r * cols + c)
        named.setdefault(tuple(perm), name)
    return tuple(named[perm] for perm in geometry.symmetries)


def inverse(geometry: Geometry, index: int) -> int:
    """The index of the symmetry that undoes symmetry ``index``."""
    perm = geometry.symmetries[index]
    back = [0] * len(perm)
    for cell, image in enumerate(perm):
        back[image] = cell
    return geometry.symmetries.index(tuple(back))


def stabiliser_size(geometry: Geometry, key: int) -> int:
    """How many symmetries map a position to itself (its class has
    ``len(symmetries) // stabiliser_size`` members)."""
    g = geometry
    x, o = key & g.full, key >> g.size
    return sum(g.transform(x, p) == x and g.transform(o, p) == o for p in g.symmetries)
