"""Symmetry classes of positions: a fast ``key -> canonical key`` per geometry.

Rotating or reflecting a position changes neither its value nor how many
games pass through it, so the solver stores shallow positions once per class
and ``stats`` counts classes. The canonical key is the smallest key among a
position's images (the key of ``Position.canonical()``). A symmetry moves the X
and O bits of a key alike, so a key's images under every symmetry are put
together a chunk of the key at a time through small tables (``Imager``: a
third or a quarter of a key of up to 32 bits, else a byte; cheap to build for
any board). Policies that look ahead and whose keys treat symmetric positions
alike choose once per class (``policy.policy``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import NamedTuple

from ttt_maps.game.geometry import Geometry, Permutation

#: Bits of a key looked up at once, past four look-ups a key (boards past 16 cells).
_CHUNK = 8

#: A position's images under each symmetry of its board, identity first.
Images = list[int]


class Fold(NamedTuple):
    """A reply drawn as another one, turned: ``cell`` is played as ``rep``.

    ``turn`` indexes ``geometry.symmetries``: a symmetry of the position the
    reply is played on that carries ``rep`` to ``cell``, so the sub-map drawn
    for ``rep``, turned by it, is the sub-map of ``cell`` (its inverse carries
    ``cell`` back to its representative).
    """

    cell: int
    rep: int
    turn: int


class Imager:
    """A board's symmetries applied to position keys, all of them at once.

    A symmetry moves the X and O bits of a key alike, so a key's images are
    put together a few bits at a time: each chunk of a key, looked up in its
    place's table, gives that chunk's image under every symmetry, and the
    images of a key are those rows or-ed together. ``after`` adds one move
    to known images (one OR per symmetry), the way a search that goes down
    a move at a time knows a position's class for little more than a
    look-up; ``back`` reads a cell of an image back on the position.
    """

    def __init__(self, geometry: Geometry) -> None:
        size = geometry.size
        bits = 2 * size
        #: Per symmetry, the image of each bit of a key, as that bit's value.
        self.bits: tuple[tuple[int, ...], ...] = tuple(
            tuple(1 << (perm[b] if b < size else perm[b - size] + size) for b in range(bits))
            for perm in geometry.symmetries
        )
        #: Per symmetry, the cell of the position that each cell of its image comes from.
        self.back: tuple[tuple[int, ...], ...] = tuple(_undone(p) for p in geometry.symmetries)
        # Keys of up to 32 bits in three or four chunks (3x3: three of 6 bits, whose
        # tables a map pays for: 64 entries each, not 256), longer ones in bytes.
        width = -(-bits // 3) if bits <= 24 else -(-bits // 4) if bits <= 32 else _CHUNK
        # Per symmetry, per chunk of a key, the image of each value of that chunk: a
        # table doubled bit by bit in list comprehensions.
        tables = [
            [_chunk_table(images[start : start + width]) for start in range(0, bits, width)]
            for images in self.bits
        ]
        empty = (0,) * len(tables)
        #: The key's images under each symmetry, in ``Geometry.symmetries`` order.
        self.of: Callable[[int], Images]
        #: The key's class: the smallest of its images.
        self.canonical: Callable[[int], int]
        if bits <= 32:  # every symmetry's image of a chunk in one row
            rows = [list(zip(*per_chunk, strict=True)) for per_chunk in zip(*tables, strict=True)]
            of = self.of = _unrolled(rows, width, empty)
            self.canonical = lambda key: min(of(key))
        else:  # longer keys: symmetry by symmetry, a byte at a time (faster past 4 bytes)
            self.of = lambda key: [_image(per_byte, key) for per_byte in tables]
            self.canonical = partial(_smallest_image, tables[1:])  # the identity: the key

    def after(self, images: Images, bit: int) -> Images:
        """The images once bit number ``bit`` of the key is set (a move: the cell, plus the
        board's size for O)."""
        return [image | b[bit] for image, b in zip(images, self.bits, strict=True)]


def _unrolled(
    rows: list[list[tuple[int, ...]]], width: int, empty: tuple[int, ...]
) -> Callable[[int], Images]:
    """``Imager.of`` for keys of three or four chunks of ``width`` bits (boards of up to
    16 cells), the rows or-ed in one comprehension: about half the time of a loop over
    the symmetries (measured on 4x4: 1.6 µs a key against 2.7)."""
    mask, two, three = (1 << width) - 1, 2 * width, 3 * width
    if len(rows) <= 3:
        r0, r1, r2 = rows + [[empty]] * (3 - len(rows))  # a chunk past the key is 0
        return lambda key: [
            a | b | c
            for a, b, c in zip(r0[key & mask], r1[key >> width & mask], r2[key >> two], strict=True)
        ]
    r0, r1, r2, r3 = rows

    def of(key: int) -> Images:
        return [
            a | b | c | d
            for a, b, c, d in zip(
                r0[key & mask],
                r1[key >> width & mask],
                r2[key >> two & mask],
                r3[key >> three],
                strict=True,
            )
        ]

    return of


def _chunk_table(images: tuple[int, ...]) -> list[int]:
    """The image of each value of a chunk whose bits have the images ``images``."""
    table = [0]
    for image in images:
        table += [value | image for value in table]
    return table


def _image(per_byte: list[list[int]], key: int) -> int:
    value = 0
    for table in per_byte:
        value |= table[key & 0xFF]
        key >>= _CHUNK
    return value


def _smallest_image(tables: list[list[list[int]]], key: int) -> int:
    best = key
    for per_byte in tables:
        value = _image(per_byte, key)
        if value < best:
            best = value
    return best


def _undone(perm: Permutation) -> tuple[int, ...]:
    back = [0] * len(perm)
    for cell, image in enumerate(perm):
        back[image] = cell
    return tuple(back)


@lru_cache(maxsize=8)
def imager(geometry: Geometry) -> Imager:
    """The board's ``Imager`` (made once per board)."""
    return Imager(geometry)


@lru_cache(maxsize=8)
def canonicaliser(geometry: Geometry) -> Callable[[int], int]:
    """``key -> canonical key`` for one geometry: the smallest of its images."""
    return imager(geometry).canonical


def images(geometry: Geometry, key: int) -> tuple[int, ...]:
    """A position's image under each symmetry of its board, in ``geometry.symmetries`` order."""
    return tuple(imager(geometry).of(key))


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
    return geometry.symmetries.index(_undone(geometry.symmetries[index]))
