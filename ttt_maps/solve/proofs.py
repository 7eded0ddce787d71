"""The proofs shipped with the package: X wins 6x5, 5x6 and 6x6 with four in a row.

No search here settles these boards within a request's budget, so the package
ships what a prover found (``scripts/proofs/prover.c``) as certificates in
``solve/proofs/``: X's move at every position its winning strategy reaches
where the move is not forced, keyed by the position's class (the smallest key
among its images; format in ``scripts/proofs/README.md``). Where X can complete
a line, or must block O's one threat, the move is not stored but derived, here
as in the checker. 5x6 is played through the 6x5 certificate, transposed.

Besides X's strategy: the exact length of X's fastest win from the empty board
(the hold-out certificate's ply limit, plus two: X cannot win by then, and the
strategy wins by then) and each first move's value and length (``first-*``).
``ttt_maps.audit.proofs`` checks every file with code of its own.

The lengths below the empty board are those of the strategy against O's replies
that hold out longest; the prover chose at every stored position a fastest win,
so they are the positions' distances as far as the prover's searches are right
(only the empty board's length is certified both ways).
"""

from __future__ import annotations

import lzma
import os
import re
from functools import cache

from ttt_maps.game.geometry import Geometry
from ttt_maps.game.symmetry import Images, imager

#: The boards whose proofs are shipped: (rows, columns) of the certificate's own board.
PROVEN = ((6, 5), (6, 6))
#: Where the certificates are, beside this module.
FOLDER = os.path.join(os.path.dirname(__file__), "proofs")
#: A first move's file: ``first-CELL.SIDE-KIND.xz`` (``x-win``, ``o-lb``, ``x-hold`` ...).
_FIRST = re.compile(r"first-(\d+)\.([xo])-(win|lb|hold)\.xz")


def proven(geometry: Geometry) -> bool:
    """Whether a proof is shipped for the board under its rules (normal rules only)."""
    g = geometry
    return not g.misere and g.k == 4 and (max(g.rows, g.cols), min(g.rows, g.cols)) in PROVEN


def _name(geometry: Geometry) -> str:
    """The certificate's board, as its files name it: 5x6 is played on the 6x5 files."""
    return f"{max(geometry.rows, geometry.cols)}x{min(geometry.rows, geometry.cols)}"


def _read(path: str) -> bytes:
    with open(path, "rb") as file:
        return lzma.decompress(file.read())


class Proof:
    """X's proven strategy on one board: its move, and how long a win takes with it.

    Keys are ``Position.key`` ints of the board played on; a position the strategy
    does not reach has no move (None), and then nothing is known of it here.
    """

    def __init__(self, geometry: Geometry, name: str = "") -> None:
        """``name``: the certificate's file under ``proofs/`` (default: the main one, X
        wins from the empty board; ``6x5/first-6.x-win.xz``: X wins after its first
        move there)."""
        self.geometry = geometry
        g = geometry
        rows, cols = max(g.rows, g.cols), min(g.rows, g.cols)
        paper = Geometry(rows, cols, 4)
        self._size = n = g.size
        #: The cell of the certificate's board that each cell played on stands for.
        if g.rows == rows:
            self._to_paper = tuple(range(n))
        else:
            self._to_paper = tuple((c % g.cols) * cols + c // g.cols for c in range(n))
        self._from_paper = tuple(sorted(range(n), key=self._to_paper.__getitem__))
        self._imager = imager(paper)
        data = _read(os.path.join(FOLDER, name or f"{_name(g)}.win.xz"))
        width, count = data[7], int.from_bytes(data[8:12], "little")
        start = 14 + data[13]
        end = start + width * count
        keys = (int.from_bytes(data[i : i + width], "little") for i in range(start, end, width))
        self._moves = dict(zip(keys, data[end : end + count], strict=True))
        self._lengths: dict[int, int | None] = {}

    def images(self, key: int) -> Images:
        """A position's images on the certificate's board (the look-up's frames)."""
        n, to_paper = self._size, self._to_paper
        paper = 0
        for cell in range(n):
            if key >> cell & 1:
                paper |= 1 << to_paper[cell]
            if key >> (cell + n) & 1:
                paper |= 1 << (to_paper[cell] + n)
        return self._imager.of(paper)

    def _after(self, images: Images, cell: int, o: bool) -> Images:
        return self._imager.after(images, self._to_paper[cell] + (self._size if o else 0))

    def move(self, key: int, images: Images | None = None) -> int | None:
        """X's move in a position with X to move: a line completed, O's one threat
        blocked, else the stored move turned back onto the board; None where the
        strategy does not reach (O threatens two lines, or the position is not stored)."""
        g, n = self.geometry, self._size
        x, o = key & g.full, key >> n
        free = g.full & ~(x | o)
        wins = g.completions(x) & free
        if wins:
            return (wins & -wins).bit_length() - 1
        blocks = g.completions(o) & free
        if blocks:
            return blocks.bit_length() - 1 if not blocks & (blocks - 1) else None
        images = self.images(key) if images is None else images
        canon = min(images)
        stored = self._moves.get(canon)
        if stored is None or stored >= n:
            return None
        cell = self._from_paper[self._imager.back[images.index(canon)][stored]]
        return cell if free >> cell & 1 else None

    def length(self, key: int, images: Images | None = None) -> int | None:
        """Plies to X's win with X to move, X playing ``move`` and O holding out as long
        as it can; None where the strategy does not reach."""
        images = self.images(key) if images is None else images
        canon = min(images)
        if canon in self._lengths:
            return self._lengths[canon]
        found: int | None = None
        cell = self.move(key, images)
        if cell is not None:
            x = (key & self.geometry.full) | 1 << cell
            if self.geometry.has_line(x):
                found = 1
            else:
                held = self.held(key | 1 << cell, self._after(images, cell, False))
                found = None if held is None else held + 1
        self._lengths[canon] = found
        return found

    def held(self, key: int, images: Images | None = None) -> int | None:
        """Plies to X's win with O to move, O holding out as long as it can against the
        strategy; None where the strategy does not reach."""
        return max(self.replies(key, images).values(), default=None)

    def replies(self, key: int, images: Images | None = None) -> dict[int, int]:
        """With O to move, each reply and the plies to X's win after it (the reply
        included), the strategy playing X; empty where the strategy does not reach
        (a reply it does not answer, or a game it does not win)."""
        g, n = self.geometry, self._size
        images = self.images(key) if images is None else images
        x, o = key & g.full, key >> n
        free = g.full & ~(x | o)
        if g.has_line(x) or not free:
            return {}
        out: dict[int, int] = {}
        for cell in range(n):
            if not free >> cell & 1:
                continue
            after = o | 1 << cell
            if g.has_line(after) or free == 1 << cell:
                return {}
            length = self.length(key | 1 << (cell + n), self._after(images, cell, True))
            if length is None:
                return {}
            out[cell] = length + 1
        return out


@cache
def proof(geometry: Geometry) -> Proof:
    """The board's proof (read once a process); ``proven(geometry)`` must hold."""
    return Proof(geometry)


@cache
def strategies(geometry: Geometry) -> tuple[Proof, ...]:
    """Every winning strategy of X's shipped for the board: the main proof, then one for
    each class of first moves that X wins from (read once a process)."""
    folder = _name(geometry)
    found = [proof(geometry)]
    for name in sorted(os.listdir(os.path.join(FOLDER, folder))):
        match = _FIRST.fullmatch(name)
        if match is not None and match.group(2, 3) == ("x", "win"):
            found.append(Proof(geometry, f"{folder}/{name}"))
    return tuple(found)


@cache
def fastest(geometry: Geometry) -> int:
    """The plies of X's fastest win from the empty board: X cannot win by the hold-out
    certificate's ply limit, and the strategy wins two plies later (checked)."""
    return _read(os.path.join(FOLDER, f"{_name(geometry)}.lb.xz"))[17] + 2


@cache
def first_moves(geometry: Geometry) -> dict[int, tuple[int, int]]:
    """Each first move's value for X (1 win, 0 draw, -1 loss) and the plies from the empty
    board to the end with best play on both sides (0 for a draw): one pair of
    certificates per class of first moves, the other cells of the class alike."""
    folder = os.path.join(FOLDER, _name(geometry))
    g = geometry
    rows, cols = max(g.rows, g.cols), min(g.rows, g.cols)
    paper = Geometry(rows, cols, 4)
    found: dict[int, tuple[int, int]] = {}
    for name in sorted(os.listdir(folder)):
        match = _FIRST.fullmatch(name)
        if match is None or match[3] == "win":
            continue
        cell, side = int(match[1]), match[2]
        if match[3] == "hold":
            value = (0, 0)
        else:  # the winner cannot win by the hold-out's limit, and wins two plies later
            value = (1 if side == "x" else -1, _read(os.path.join(folder, name))[17] + 2)
        for perm in paper.symmetries:
            found[perm[cell]] = value
    if g.rows != rows:  # played transposed: cell r*cols+c of the paper is c*rows+r here
        found = {(c % cols) * rows + c // cols: v for c, v in found.items()}
    return found
