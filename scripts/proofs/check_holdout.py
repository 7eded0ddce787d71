#!/usr/bin/env python3
"""Independent checker of a hold-out certificate for R x C tic-tac-toe with 4 in a row.

A hold-out certificate proves that one side (the attacker) does NOT win after an opening:
either never (a draw or a loss for it; with the matching win certificate of the other
side's hold-out, the value is exact), or not by a given ply D (a lower bound on the length
of its win).  It gives the other side's (the holder's) move where needed, and pairings
where the holder can stop the attacker for good.  Standard library only; shares no code
with the prover or with check_proof.py.  Usage:

    python3 check_holdout.py CERT [--transpose]

Checked, after the opening (p = stones on the board; the attacker's next stone is number
p+1 counted from the empty board):
  attacker to move: if p+1 > D, held.  If the attacker can complete a line, FAIL.  If p+3 > D,
    held (its next-but-one stone is too late).  If the position has a pairing in the
    certificate, the pairing is verified (disjoint pairs of empty cells such that every line
    without a holder's stone holds a whole pair: the holder answers each attacker move in a
    pair with the other cell of the pair, and the attacker never completes a line): held.
    Else EVERY empty cell is tried as the attacker's move.
  holder to move: if p+2 > D, held.  If the holder can complete a line, or the board is full,
    held.  If the attacker threatens two cells, FAIL; one cell: the holder blocks it (nothing
    looked up).  Else, if p+4 > D, held (the attacker has no threat, so its next stone cannot
    win and the one after is too late).  Else the stored move (mapped back through the
    symmetry that found the position) must be an empty cell, and play goes on.
"""

import lzma
import sys
import time


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] == b"\xfd7zXZ\x00":
        data = lzma.decompress(data)
    if data[:4] != b"TPH1":
        raise ValueError("not a hold-out certificate")
    rows, cols, k, width = data[4], data[5], data[6], data[7]
    nmoves = int.from_bytes(data[8:12], "little")
    npairs = int.from_bytes(data[12:16], "little")
    attacker, limit, length = data[16], data[17], data[18]
    opening = list(data[19 : 19 + length])
    pos = 19 + length

    def keys(count):
        nonlocal pos
        out = [
            int.from_bytes(data[i : i + width], "little")
            for i in range(pos, pos + width * count, width)
        ]
        pos += width * count
        return out

    move_keys = keys(nmoves)
    moves = dict(zip(move_keys, data[pos : pos + nmoves], strict=False))
    pos += nmoves
    pairings = {}
    for key in keys(npairs):
        m = data[pos]
        pairings[key] = [(data[pos + 1 + 2 * i], data[pos + 2 + 2 * i]) for i in range(m)]
        pos += 1 + 2 * m
    if (
        pos != len(data)
        or attacker not in (1, 2)
        or len(moves) != nmoves
        or len(pairings) != npairs
    ):
        raise ValueError("certificate does not match its header")
    return (
        rows,
        cols,
        k,
        "XO"[attacker - 1],
        (None if limit == 255 else limit),
        opening,
        moves,
        pairings,
    )


def lines_of(rows, cols, k):
    out = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= y < rows and 0 <= x < cols for y, x in cells):
                    out.append(sum(1 << (y * cols + x) for y, x in cells))
    return out


def symmetry_maps(rows, cols):
    fs = [
        lambda r, c: (r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        fs += [
            lambda r, c: (c, r),
            lambda r, c: (c, cols - 1 - r),
            lambda r, c: (rows - 1 - c, r),
            lambda r, c: (rows - 1 - c, cols - 1 - r),
        ]
    return [[f(r, c)[0] * cols + f(r, c)[1] for r in range(rows) for c in range(cols)] for f in fs]


class Fail(Exception):
    pass


class HoldChecker:
    def __init__(self, rows, cols, k, limit, moves, pairings, transpose):
        self.gr, self.gc = (cols, rows) if transpose else (rows, cols)
        n = self.n = rows * cols
        self.full = (1 << n) - 1
        self.limit = 10**6 if limit is None else limit
        self.lines = lines_of(self.gr, self.gc, k)  # game board
        self.cert_lines = lines_of(rows, cols, k)  # certificate board
        self.through = [[ln for ln in self.lines if ln >> c & 1] for c in range(n)]
        self.to_cert = (
            [(c % self.gc) * cols + c // self.gc for c in range(n)] if transpose else list(range(n))
        )
        self.frames = [[p[self.to_cert[c]] for c in range(n)] for p in symmetry_maps(rows, cols)]
        self.moves, self.pairings = moves, pairings
        self.seen = set()
        self.paired = set()
        self.used = set()

    def key(self, a, h):
        return min(
            sum(1 << f[c] for c in range(self.n) if a >> c & 1)
            + sum(1 << (f[c] + self.n) for c in range(self.n) if h >> c & 1)
            for f in self.frames
        )

    def frame_of(self, a, h, key):
        for f in self.frames:
            if key == (
                sum(1 << f[c] for c in range(self.n) if a >> c & 1)
                + sum(1 << (f[c] + self.n) for c in range(self.n) if h >> c & 1)
            ):
                return f

    def completes(self, me, opp):
        cells = 0
        for ln in self.lines:
            if not ln & opp:
                rest = ln & ~me
                if rest and rest & (rest - 1) == 0:
                    cells |= rest
        return cells

    def has_line(self, stones, cell):
        return any(ln & stones == ln for ln in self.through[cell])

    def pairing_holds(self, key, pairs):
        """Verified in the certificate's frame, where the key is the position itself."""
        a, h = key & self.full, key >> self.n
        cells = [c for pair in pairs for c in pair]
        if len(set(cells)) != len(cells) or any(c >= self.n or (a | h) >> c & 1 for c in cells):
            return False
        masks = [1 << p | 1 << q for p, q in pairs]
        return all(any(ln & m == m for m in masks) for ln in self.cert_lines if not ln & h)

    def attacker(self, a, h):
        p = bin(a | h).count("1")
        empty = self.full & ~(a | h)
        if p + 1 > self.limit or not empty:
            return
        if self.completes(a, h) & empty:
            raise Fail("the attacker completes a line next: " + self.show(a, h))
        if p + 3 > self.limit:
            return
        key = self.key(a, h)
        if key in self.seen:
            return
        self.seen.add(key)
        if key in self.pairings:
            if not self.pairing_holds(key, self.pairings[key]):
                raise Fail("a stored pairing does not hold: " + self.show(a, h))
            self.paired.add(key)
            return
        rest = empty
        while rest:
            c = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            self.holder(a | 1 << c, h)

    def holder(self, a, h):
        p = bin(a | h).count("1")
        empty = self.full & ~(a | h)
        if p + 2 > self.limit or not empty or self.completes(h, a) & empty:
            return
        threats = self.completes(a, h) & empty
        if threats & (threats - 1):
            raise Fail("the attacker threatens two cells: " + self.show(a, h))
        if threats:
            move = threats.bit_length() - 1
        elif p + 4 > self.limit:
            return
        else:
            key = self.key(a, h)
            if key not in self.moves:
                raise Fail("position not in the certificate: " + self.show(a, h))
            self.used.add(key)
            stored = self.moves[key]
            if stored >= self.n:
                raise Fail("stored move off the board")
            move = self.frame_of(a, h, key).index(stored)
            if not empty >> move & 1:
                raise Fail("stored move on a taken cell: " + self.show(a, h))
        if not self.has_line(h | 1 << move, move):
            self.attacker(a, h | 1 << move)

    def show(self, a, h):
        return "/".join(
            "".join(
                "A" if a >> (r * self.gc + c) & 1 else "H" if h >> (r * self.gc + c) & 1 else "."
                for c in range(self.gc)
            )
            for r in range(self.gr)
        )


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    transpose = "--transpose" in argv
    if len(args) != 1 or any(a.startswith("--") and a != "--transpose" for a in argv):
        print(__doc__)
        return 2
    t0 = time.perf_counter()
    try:
        rows, cols, k, attacker, limit, opening, moves, pairings = read(args[0])
    except (OSError, ValueError, IndexError, lzma.LZMAError) as err:
        print("FAIL: cannot read the certificate:", err)
        return 1
    if k != 4:
        print("FAIL: not 4 in a row")
        return 1
    hc = HoldChecker(rows, cols, k, limit, moves, pairings, transpose)
    sys.setrecursionlimit(10000)
    stones = {"X": 0, "O": 0}
    for i, cell in enumerate(opening):
        if cell >= hc.n:
            print("FAIL: opening move off the board")
            return 1
        cell = hc.to_cert.index(cell)
        side = "XO"[i % 2]
        if (stones["X"] | stones["O"]) >> cell & 1 or hc.has_line(stones[side] | 1 << cell, cell):
            print("FAIL: the opening is not a game in progress")
            return 1
        stones[side] |= 1 << cell
    a, h = stones[attacker], stones["OX"[attacker == "O"]]
    try:
        if "XO"[len(opening) % 2] == attacker:
            hc.attacker(a, h)
        else:
            hc.holder(a, h)
    except Fail as err:
        print("FAIL:", err)
        return 1
    board = f"{hc.gr}x{hc.gc}"
    after = " after " + ",".join(map(str, opening)) if opening else " from the empty board"
    claim = "never completes a line" if limit is None else f"completes no line by ply {limit}"
    print(
        f"OK: on {board}, {attacker}{after} {claim}; {len(moves)} holder moves + "
        f"{len(pairings)} pairings stored ({len(hc.used)} + {len(hc.paired)} used); "
        f"{len(hc.seen)} attacker-to-move positions checked; {time.perf_counter() - t0:.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
