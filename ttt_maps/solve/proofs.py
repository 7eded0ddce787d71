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
strategy wins by then) and each first move's value and length (``first-*``),
whose win certificates are strategies too (X's after a winning first move, O's
after a losing one), and whose hold-out certificates give O's reply that keeps a
drawn first move drawn.
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
    """A side's proven winning strategy on one board (X's, or O's after a first move):
    its move, and how long a win takes with it.

    Keys are ``Position.key`` ints of the board played on; a position the strategy
    does not reach has no move (None), and then nothing is known of it here. Inside,
    a position is keyed as the certificate keys it: the winner's stones first.
    """

    def __init__(self, geometry: Geometry, name: str = "") -> None:
        """``name``: the certificate's file under ``proofs/`` (default: the main one, X
        wins from the empty board; ``6x5/first-6.x-win.xz``: X wins after its first
        move there; ``6x5/first-0.o-win.xz``: O wins after it)."""
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
        #: The winner: X (1) or O (2).
        self.winner = "x" if data[12] == 1 else "o"
        width, count = data[7], int.from_bytes(data[8:12], "little")
        start = 14 + data[13]
        end = start + width * count
        keys = (int.from_bytes(data[i : i + width], "little") for i in range(start, end, width))
        self._moves = dict(zip(keys, data[end : end + count], strict=True))
        self._lengths: dict[int, int | None] = {}

    def _ours(self, key: int) -> int:
        """A position's key with the winner's stones first (O's, for O's strategy)."""
        if self.winner == "x":
            return key
        n = self._size
        return key >> n | (key & self.geometry.full) << n

    def _images(self, key: int) -> Images:
        """A position (winner first) on the certificate's board, in each of its frames."""
        n, to_paper = self._size, self._to_paper
        paper = 0
        for cell in range(n):
            if key >> cell & 1:
                paper |= 1 << to_paper[cell]
            if key >> (cell + n) & 1:
                paper |= 1 << (to_paper[cell] + n)
        return self._imager.of(paper)

    def _after(self, images: Images, cell: int, loser: bool) -> Images:
        return self._imager.after(images, self._to_paper[cell] + (self._size if loser else 0))

    def move(self, key: int) -> int | None:
        """The winner's move with the winner to move: a line completed, the other side's
        one threat blocked, else the stored move turned back onto the board; None where
        the strategy does not reach (two threats to block, or a position not stored)."""
        ours = self._ours(key)
        return self._move(ours, self._images(ours))

    def length(self, key: int) -> int | None:
        """Plies to the winner's win with the winner to move, the winner playing ``move``
        and the other side holding out as long as it can; None where the strategy does
        not reach."""
        ours = self._ours(key)
        return self._length(ours, self._images(ours))

    def held(self, key: int) -> int | None:
        """Plies to the winner's win with the other side to move, holding out as long as
        it can against the strategy; None where the strategy does not reach."""
        return max(self.replies(key).values(), default=None)

    def replies(self, key: int) -> dict[int, int]:
        """With the other side to move, each of its replies and the plies to the winner's
        win after it (the reply included); empty where the strategy does not reach (a
        reply it does not answer, or a game it does not win)."""
        ours = self._ours(key)
        return self._replies(ours, self._images(ours))

    def _move(self, key: int, images: Images) -> int | None:
        g, n = self.geometry, self._size
        mine, theirs = key & g.full, key >> n
        free = g.full & ~(mine | theirs)
        wins = g.completions(mine) & free
        if wins:
            return (wins & -wins).bit_length() - 1
        blocks = g.completions(theirs) & free
        if blocks:
            return blocks.bit_length() - 1 if not blocks & (blocks - 1) else None
        canon = min(images)
        stored = self._moves.get(canon)
        if stored is None or stored >= n:
            return None
        cell = self._from_paper[self._imager.back[images.index(canon)][stored]]
        return cell if free >> cell & 1 else None

    def _length(self, key: int, images: Images) -> int | None:
        canon = min(images)
        if canon in self._lengths:
            return self._lengths[canon]
        found: int | None = None
        cell = self._move(key, images)
        if cell is not None:
            if self.geometry.has_line((key & self.geometry.full) | 1 << cell):
                found = 1
            else:
                held = self._replies(key | 1 << cell, self._after(images, cell, False))
                found = max(held.values()) + 1 if held else None
        self._lengths[canon] = found
        return found

    def _replies(self, key: int, images: Images) -> dict[int, int]:
        g, n = self.geometry, self._size
        mine, theirs = key & g.full, key >> n
        free = g.full & ~(mine | theirs)
        if g.has_line(mine) or not free:
            return {}
        out: dict[int, int] = {}
        for cell in range(n):
            if not free >> cell & 1:
                continue
            if g.has_line(theirs | 1 << cell) or free == 1 << cell:
                return {}
            length = self._length(key | 1 << (cell + n), self._after(images, cell, True))
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
    """Every winning strategy shipped for the board: the main proof, then one for each
    class of first moves that a side wins after (X's or O's; read once a process)."""
    folder = _name(geometry)
    found = [proof(geometry)]
    for name in sorted(os.listdir(os.path.join(FOLDER, folder))):
        match = _FIRST.fullmatch(name)
        if match is not None and match[3] == "win":
            found.append(Proof(geometry, f"{folder}/{name}"))
    return tuple(found)


@cache
def drawing_replies(geometry: Geometry) -> dict[int, int]:
    """O's reply that keeps the draw after each first move of X's that draws, by X's
    cell: the move the first move's ``x-hold`` certificate stores for O (X never
    completes a line after it; the ``o-hold`` certificate shows that O never does
    after any reply)."""
    g = geometry
    rows, cols = max(g.rows, g.cols), min(g.rows, g.cols)
    paper = Geometry(rows, cols, 4)
    turner = imager(paper)
    folder = os.path.join(FOLDER, _name(g))
    found: dict[int, int] = {}
    for name in sorted(os.listdir(folder)):
        match = _FIRST.fullmatch(name)
        if match is None or match.group(2, 3) != ("x", "hold"):
            continue
        data = _read(os.path.join(folder, name))
        width, count = data[7], int.from_bytes(data[8:12], "little")
        start = 19 + data[18]
        end = start + width * count
        keys = (int.from_bytes(data[i : i + width], "little") for i in range(start, end, width))
        stored = dict(zip(keys, data[end : end + count], strict=True))
        for perm in paper.symmetries:
            first = perm[int(match[1])]
            images = turner.of(1 << first)
            canon = min(images)
            found[first] = turner.back[images.index(canon)][stored[canon]]
    if g.rows != rows:  # played transposed, as ``first_moves``
        turn = [(c % cols) * rows + c // cols for c in range(g.size)]
        found = {turn[c]: turn[r] for c, r in found.items()}
    return found


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
