#!/usr/bin/env python3
"""Independent checker of a win certificate for R x C tic-tac-toe with 4 in a row.

Standard library only; shares no code with the prover.  Usage:

    python3 check_proof.py CERT [--board=RxC] [--transpose] [--main]

CERT is a certificate (raw, or compressed with xz/lzma; format in README.md).  It says
which side it proves to win (the attacker: X for the main certificate) after which
opening moves (none for the main certificate).  --board=RxC insists on the board checked
(default: the one in the header).  --transpose plays the game on the transposed board
(C x R) and looks every position up through the transposition, so a 6x5 certificate
proves 5x6 (cell r*5+c on 6x5 <-> cell c*6+r on 5x6).  --main insists on the main claim:
X wins from the empty board (attacker X, no opening).

What is checked, after the opening, at each position where the attacker is to move:
  * if the attacker can complete a line at once, the branch is won (nothing looked up);
  * else, if the defender could complete a line at two or more cells, the proof FAILS; at
    exactly one cell, the attacker must block there (nothing looked up);
  * else the position must be in the certificate under one of the board's symmetries; the
    stored move is mapped back through that symmetry and must be an empty cell;
  * after the attacker's move: if it completed a line the branch is won; if the board is
    full it is a draw and the proof FAILS; otherwise EVERY empty cell is tried as the
    defender's reply: if the reply completes a line, or fills the board, the proof FAILS;
    else the position after it is checked the same way (each distinct position once).
It prints the positions checked, the longest branch in plies and the time taken.
"""

import lzma
import sys
import time


def read_certificate(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] == b"\xfd7zXZ\x00":
        data = lzma.decompress(data)
    if data[:4] != b"TPF1":
        raise ValueError("not a win certificate (bad magic)")
    rows, cols, k, width = data[4], data[5], data[6], data[7]
    count = int.from_bytes(data[8:12], "little")
    attacker, length = data[12], data[13]
    opening = list(data[14 : 14 + length])
    start = 14 + length
    keys_end = start + width * count
    if attacker not in (1, 2) or len(data) != keys_end + count:
        raise ValueError("certificate length does not match its header")
    keys = [int.from_bytes(data[i : i + width], "little") for i in range(start, keys_end, width)]
    table = dict(zip(keys, data[keys_end:], strict=False))
    if len(table) != count:
        raise ValueError("duplicate positions in the certificate")
    return rows, cols, k, "XO"[attacker - 1], opening, table


def board_lines(rows, cols, k):
    """Every line of k cells, as a bit mask over the cells r*cols+c."""
    lines = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    lines.append(sum(1 << (rr * cols + cc) for rr, cc in cells))
    return lines


def symmetries(rows, cols):
    """The board's symmetries as cell permutations, p[cell] = image of cell."""
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (c, cols - 1 - r),
            lambda r, c: (rows - 1 - c, r),
            lambda r, c: (rows - 1 - c, cols - 1 - r),
        ]
    return [
        [f(r, c)[0] * cols + f(r, c)[1] for r in range(rows) for c in range(cols)] for f in maps
    ]


class ProofFailed(Exception):
    pass


class Checker:
    def __init__(self, rows, cols, k, table, transpose=False):
        # the game is played on grows x gcols; the certificate is written for rows x cols
        self.grows, self.gcols = (cols, rows) if transpose else (rows, cols)
        n = self.n = rows * cols
        self.full = (1 << n) - 1
        self.lines = board_lines(self.grows, self.gcols, k)
        self.through = [[line for line in self.lines if line >> c & 1] for c in range(n)]
        # to_cert[c]: the certificate-board cell of game cell c
        if transpose:
            self.to_cert = [(c % self.gcols) * cols + c // self.gcols for c in range(n)]
        else:
            self.to_cert = list(range(n))
        # one frame per symmetry of the certificate's board: game cell -> certificate cell
        self.frames = [[p[self.to_cert[c]] for c in range(n)] for p in symmetries(rows, cols)]
        self.back = []
        for f in self.frames:
            inv = [0] * n
            for c, fc in enumerate(f):
                inv[fc] = c
            self.back.append(inv)
        # key in frame s = attacker's cells + defender's cells * 2^n, built up cell by cell
        self.abit = [[1 << f[c] for c in range(n)] for f in self.frames]
        self.dbit = [[1 << (f[c] + n) for c in range(n)] for f in self.frames]
        self.table = table
        self.memo = {}
        self.used = set()
        self.forced = 0

    def completes(self, me, opp):
        """Empty cells where the side with stones `me` would complete a line."""
        cells = 0
        for line in self.lines:
            if not line & opp:
                rest = line & ~me
                if rest and rest & (rest - 1) == 0:
                    cells |= rest
        return cells

    def has_line(self, stones, cell):
        return any(line & stones == line for line in self.through[cell])

    def keys_of(self, a, d):
        return [
            sum(self.abit[s][c] for c in range(self.n) if a >> c & 1)
            + sum(self.dbit[s][c] for c in range(self.n) if d >> c & 1)
            for s in range(len(self.frames))
        ]

    def attacker_to_move(self, a, d, keys):
        """Longest branch (plies) of the certified strategy from here; raises ProofFailed."""
        key = min(keys)
        if key in self.memo:
            return self.memo[key]
        empty = self.full & ~(a | d)
        if self.completes(a, d) & empty:
            self.memo[key] = 1
            return 1
        blocks = self.completes(d, a) & empty
        if blocks:
            if blocks & (blocks - 1):
                raise ProofFailed("the defender threatens two cells: " + self.show(a, d))
            move = blocks.bit_length() - 1
            self.forced += 1
        else:
            if key not in self.table:
                raise ProofFailed("position not in the certificate: " + self.show(a, d))
            stored = self.table[key]
            if stored >= self.n:
                raise ProofFailed(f"stored move {stored} is off the board")
            move = self.back[keys.index(key)][stored]
            self.used.add(key)
            if not empty >> move & 1:
                raise ProofFailed("stored move on a taken cell: " + self.show(a, d))
        a |= 1 << move
        if self.has_line(a, move):
            self.memo[key] = 1
            return 1
        longest = 1 + self.defender_to_move(
            a, d, [k | self.abit[s][move] for s, k in enumerate(keys)]
        )
        self.memo[key] = longest
        return longest

    def defender_to_move(self, a, d, keys):
        """Every reply of the defender; longest branch from here."""
        empty = self.full & ~(a | d)
        if not empty:
            raise ProofFailed("board full, a draw: " + self.show(a, d))
        longest = 0
        rest = empty
        while rest:
            reply = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            d2 = d | 1 << reply
            if self.has_line(d2, reply):
                raise ProofFailed("the defender completes a line: " + self.show(a, d2))
            if not empty & ~(1 << reply):
                raise ProofFailed("board full, a draw: " + self.show(a, d2))
            keys2 = [k | self.dbit[s][reply] for s, k in enumerate(keys)]
            longest = max(longest, 1 + self.attacker_to_move(a, d2, keys2))
        return longest

    def show(self, a, d):
        return "/".join(
            "".join(
                "A"
                if a >> (r * self.gcols + c) & 1
                else "D"
                if d >> (r * self.gcols + c) & 1
                else "."
                for c in range(self.gcols)
            )
            for r in range(self.grows)
        )


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    opts = [a for a in argv if a.startswith("--")]
    if len(args) != 1:
        print(__doc__)
        return 2
    transpose = "--transpose" in opts
    want = None
    for opt in opts:
        if opt.startswith("--board="):
            want = tuple(int(v) for v in opt[8:].split("x"))
        elif opt not in ("--transpose", "--main"):
            print("unknown option", opt)
            return 2
    start = time.perf_counter()
    try:
        rows, cols, k, attacker, opening, table = read_certificate(args[0])
    except (OSError, ValueError, lzma.LZMAError) as err:
        print("FAIL: cannot read the certificate:", err)
        return 1
    game = (cols, rows) if transpose else (rows, cols)
    if want and want != game:
        print(f"FAIL: the certificate is for {game[0]}x{game[1]}, not {want[0]}x{want[1]}")
        return 1
    if k != 4:
        print(f"FAIL: the certificate is for {k} in a row, not 4")
        return 1
    if "--main" in opts and (attacker != "X" or opening):
        print("FAIL: not a certificate that X wins from the empty board")
        return 1
    checker = Checker(rows, cols, k, table, transpose)
    sys.setrecursionlimit(10000)
    # the opening, X first; its cells are numbered on the certificate's board
    stones = {"X": 0, "O": 0}
    for i, cell in enumerate(opening):
        if cell >= checker.n:
            print("FAIL: opening move off the board")
            return 1
        cell = checker.to_cert.index(cell)
        side = "XO"[i % 2]
        if (stones["X"] | stones["O"]) >> cell & 1 or checker.has_line(
            stones[side] | 1 << cell, cell
        ):
            print("FAIL: the opening is not a game in progress")
            return 1
        stones[side] |= 1 << cell
    a, d = stones[attacker], stones["OX"[attacker == "O"]]
    to_move = "XO"[len(opening) % 2]
    keys = checker.keys_of(a, d)
    try:
        if to_move == attacker:
            longest = checker.attacker_to_move(a, d, keys)
        else:
            longest = checker.defender_to_move(a, d, keys)
    except ProofFailed as err:
        print("FAIL:", err)
        return 1
    elapsed = time.perf_counter() - start
    after = " after {}".format(",".join(map(str, opening))) if opening else ""
    print(
        f"OK: {attacker} wins {game[0]}x{game[1]} with 4 in a row{after}; certificate of "
        f"{len(table)} positions ({len(checker.used)} used); {len(checker.memo)} positions "
        f"checked ({checker.forced} forced blocks); longest branch {longest} plies "
        f"({longest + len(opening)} from the empty board); {elapsed:.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
