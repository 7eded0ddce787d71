"""The shipped proofs checked again, by code that shares nothing with what plays them.

``ttt_maps.solve.proofs`` plays X's strategy from certificates (``solve/proofs/``);
this module reads the same files with its own reader, board lines, symmetries and
keys (standard library only, nothing of the game or the search), so that a mistake
in one is not repeated in the other. Two kinds of certificate (format in
``scripts/proofs/README.md``):

* a win certificate (``TPF1``): the winner's move at every position its strategy
  reaches where it cannot complete a line at once nor must block the other side's
  one threat (those moves are derived here too); every reply of the other side is
  tried, so the strategy wins whatever it meets. Its longest branch is the win's
  length;
* a hold-out certificate (``TPH1``): the other side's answers, and pairings (pairs
  of empty cells, one in every line still open to the attacker: each cell the
  attacker takes is answered by its pair's other cell), so that the attacker
  completes no line, ever or by a ply limit.

A board's claim is the value of the empty board (X wins, in exactly the win's
length: the hold-out shows X cannot win two plies sooner) and of every first move,
each backed by such a pair of files.
"""

from __future__ import annotations

import itertools
import lzma
import os
import re
import time
from collections.abc import Callable
from typing import NamedTuple

#: Where the package keeps its proofs.
FOLDER = os.path.join(os.path.dirname(os.path.dirname(__file__)), "solve", "proofs")
#: The boards with a shipped proof: the certificate's (rows, columns), and the boards
#: played on it (5x6 is the 6x5 board transposed).
SHIPPED = {(6, 5): "6x5", (5, 6): "6x5", (6, 6): "6x6"}
_FIRST = re.compile(r"first-(\d+)\.([xo])-(win|lb|hold)\.xz")
_XZ = b"\xfd7zXZ\x00"


class ProofFailed(Exception):
    """A certificate that does not prove what it claims (the message says where)."""


class Checked(NamedTuple):
    """What a board's proof check found: the sentence a person reads, and its figures."""

    ok: bool
    sentence: str
    problems: list[str]
    files: int
    positions: int
    seconds: float


def unpack(data: bytes) -> bytes:
    """A certificate's raw bytes, from the ``.xz`` file or raw."""
    if data[:6] != _XZ:
        return data
    try:
        return lzma.decompress(data)
    except lzma.LZMAError as err:
        raise ProofFailed(f"not a readable .xz file ({err})") from None


def _lines(rows: int, cols: int, k: int) -> list[int]:
    """Every line of k cells on a board, as a mask of cells r*cols+c."""
    found = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                run = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= y < rows and 0 <= x < cols for y, x in run):
                    found.append(sum(1 << (y * cols + x) for y, x in run))
    return found


def _symmetries(rows: int, cols: int) -> list[list[int]]:
    """The board's symmetries: p[cell] is the cell it goes to."""
    maps: list[Callable[[int, int], tuple[int, int]]] = [
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
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return [[f(r, c)[0] * cols + f(r, c)[1] for r, c in cells] for f in maps]


class _Board:
    """The game played on the certificate's board, or on its transpose (``turned``):
    lines, threats, and each position's keys in the certificate's frames."""

    def __init__(self, rows: int, cols: int, k: int, turned: bool) -> None:
        self.rows, self.cols = (cols, rows) if turned else (rows, cols)
        n = self.n = rows * cols
        self.full = (1 << n) - 1
        self.lines = _lines(self.rows, self.cols, k)
        self.through = [[line for line in self.lines if line >> c & 1] for c in range(n)]
        #: The certificate's cell for each cell played on.
        self.to_paper = list(range(n))
        if turned:
            self.to_paper = [(c % self.cols) * cols + c // self.cols for c in range(n)]
        self.frames = [[p[self.to_paper[c]] for c in range(n)] for p in _symmetries(rows, cols)]
        self.back = [sorted(range(n), key=f.__getitem__) for f in self.frames]
        self.paper_lines = _lines(rows, cols, k)

    def completes(self, mine: int, theirs: int) -> int:
        """The empty cells where ``mine`` would complete a line."""
        cells = 0
        for line in self.lines:
            if not line & theirs:
                rest = line & ~mine
                if rest and not rest & (rest - 1):
                    cells |= rest
        return cells

    def made(self, stones: int, cell: int) -> bool:
        return any(line & stones == line for line in self.through[cell])

    def keys(self, attacker: int, other: int) -> list[int]:
        """The position's key in each frame: attacker's cells + other's cells * 2^n."""
        n = self.n
        return [
            sum(1 << f[c] for c in range(n) if attacker >> c & 1)
            + sum(1 << (f[c] + n) for c in range(n) if other >> c & 1)
            for f in self.frames
        ]

    def opening(self, cells: list[int]) -> tuple[int, int]:
        """X's and O's stones after the opening (cells of the certificate's board)."""
        x = o = 0
        for i, paper in enumerate(cells):
            if paper >= self.n:
                raise ProofFailed("an opening move is off the board")
            cell = self.to_paper.index(paper)
            side = o if i % 2 else x
            if (x | o) >> cell & 1 or self.made(side | 1 << cell, cell):
                raise ProofFailed("the opening is not a game in progress")
            if i % 2:
                o |= 1 << cell
            else:
                x |= 1 << cell
        return x, o

    def show(self, a: int, d: int) -> str:
        rows = []
        for r in range(self.rows):
            cells = (r * self.cols + c for c in range(self.cols))
            rows.append("".join("A" if a >> c & 1 else "D" if d >> c & 1 else "." for c in cells))
        return "/".join(rows)


class Win(NamedTuple):
    """A win certificate read: its board, winner, opening and moves by key."""

    rows: int
    cols: int
    k: int
    winner: str
    opening: list[int]
    moves: dict[int, int]


def read_win(data: bytes) -> Win:
    """A win certificate's contents (``ProofFailed`` for a file that is none)."""
    data = unpack(data)
    if data[:4] != b"TPF1":
        raise ProofFailed("not a win certificate")
    if len(data) < 14:
        raise ProofFailed("it is cut short")
    width, count, side, length = data[7], int.from_bytes(data[8:12], "little"), data[12], data[13]
    start = 14 + length
    end = start + width * count
    if side not in (1, 2) or len(data) != end + count:
        raise ProofFailed("its length does not match its header (cut short or padded)")
    keys = [int.from_bytes(data[i : i + width], "little") for i in range(start, end, width)]
    if any(a >= b for a, b in itertools.pairwise(keys)):
        raise ProofFailed("its positions are not in ascending order")
    moves = dict(zip(keys, data[end:], strict=True))
    return Win(data[4], data[5], data[6], "XO"[side - 1], list(data[14:start]), moves)


class WinCheck:
    """Every branch of a win certificate's strategy, each position once: its longest
    branch in plies, or ``ProofFailed``."""

    def __init__(self, cert: Win, turned: bool) -> None:
        self.board = _Board(cert.rows, cert.cols, cert.k, turned)
        self.moves = cert.moves
        self.memo: dict[int, int] = {}
        self.used: set[int] = set()
        n = self.board.n
        self._a = [[1 << f[c] for c in range(n)] for f in self.board.frames]
        self._d = [[1 << (f[c] + n) for c in range(n)] for f in self.board.frames]

    def attacker(self, a: int, d: int, keys: list[int]) -> int:
        """The longest branch from a position with the winner to move."""
        key = min(keys)
        if key in self.memo:
            return self.memo[key]
        b = self.board
        empty = b.full & ~(a | d)
        if b.completes(a, d) & empty:
            self.memo[key] = 1
            return 1
        blocks = b.completes(d, a) & empty
        if blocks & (blocks - 1):
            raise ProofFailed(f"the loser threatens two lines at {b.show(a, d)}")
        if blocks:
            move = blocks.bit_length() - 1
        else:
            stored = self.moves.get(key)
            if stored is None:
                raise ProofFailed(f"a position the strategy reaches is missing: {b.show(a, d)}")
            if stored >= b.n:
                raise ProofFailed(f"a stored move is off the board at {b.show(a, d)}")
            move = b.back[keys.index(key)][stored]
            self.used.add(key)
            if not empty >> move & 1:
                raise ProofFailed(f"a stored move is on a taken cell at {b.show(a, d)}")
        a |= 1 << move
        longest = 1
        if not b.made(a, move):
            longest += self.defender(a, d, [k | self._a[s][move] for s, k in enumerate(keys)])
        self.memo[key] = longest
        return longest

    def defender(self, a: int, d: int, keys: list[int]) -> int:
        """The longest branch from a position with the loser to move: every reply."""
        b = self.board
        empty = b.full & ~(a | d)
        if not empty:
            raise ProofFailed(f"the board fills up, a draw: {b.show(a, d)}")
        longest = 0
        rest = empty
        while rest:
            reply = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            after = d | 1 << reply
            if b.made(after, reply):
                raise ProofFailed(f"the loser completes a line: {b.show(a, after)}")
            if empty == 1 << reply:
                raise ProofFailed(f"the board fills up, a draw: {b.show(a, after)}")
            moved = [k | self._d[s][reply] for s, k in enumerate(keys)]
            longest = max(longest, 1 + self.attacker(a, after, moved))
        return longest


def check_win(data: bytes, turned: bool = False) -> tuple[Win, int, int]:
    """A win certificate checked: its contents, the longest branch in plies from the
    empty board, and the positions checked (``ProofFailed`` when it proves nothing)."""
    cert = read_win(data)
    check = WinCheck(cert, turned)
    x, o = check.board.opening(cert.opening)
    a, d = (x, o) if cert.winner == "X" else (o, x)
    keys = check.board.keys(a, d)
    if "XO"[len(cert.opening) % 2] == cert.winner:
        longest = check.attacker(a, d, keys)
    else:
        longest = check.defender(a, d, keys)
    if len(check.used) != len(cert.moves):
        raise ProofFailed(f"{len(cert.moves) - len(check.used)} stored positions are never met")
    return cert, longest + len(cert.opening), len(check.memo)


class Hold(NamedTuple):
    """A hold-out certificate read: the side held, the ply limit (None: ever), the
    opening, the holder's moves and the pairings, by key."""

    rows: int
    cols: int
    k: int
    held: str
    limit: int | None
    opening: list[int]
    moves: dict[int, int]
    pairings: dict[int, list[tuple[int, int]]]


def read_hold(data: bytes) -> Hold:
    """A hold-out certificate's contents (``ProofFailed`` for a file that is none)."""
    data = unpack(data)
    if data[:4] != b"TPH1":
        raise ProofFailed("not a hold-out certificate")
    if len(data) < 19:
        raise ProofFailed("it is cut short")
    width = data[7]
    counts = int.from_bytes(data[8:12], "little"), int.from_bytes(data[12:16], "little")
    side, limit, length = data[16], data[17], data[18]
    at = 19 + length
    try:
        keys = [int.from_bytes(data[at + i * width : at + (i + 1) * width], "little")
                for i in range(counts[0])]  # fmt: skip
        at += width * counts[0]
        moves = dict(zip(keys, data[at : at + counts[0]], strict=True))
        at += counts[0]
        paired = [int.from_bytes(data[at + i * width : at + (i + 1) * width], "little")
                  for i in range(counts[1])]  # fmt: skip
        at += width * counts[1]
        pairings = {}
        for key in paired:
            q = data[at]
            pairings[key] = [(data[at + 1 + 2 * i], data[at + 2 + 2 * i]) for i in range(q)]
            at += 1 + 2 * q
    except (IndexError, ValueError):
        raise ProofFailed("it is cut short") from None
    if at != len(data) or side not in (1, 2) or len(moves) != counts[0]:
        raise ProofFailed("its length does not match its header (cut short or padded)")
    return Hold(data[4], data[5], data[6], "XO"[side - 1], None if limit == 255 else limit,
                list(data[19 : 19 + length]), moves, pairings)  # fmt: skip


class HoldCheck:
    """Every line of play of a hold-out certificate: the attacker completes no line
    (by the ply limit), or ``ProofFailed``."""

    def __init__(self, cert: Hold, turned: bool) -> None:
        self.board = _Board(cert.rows, cert.cols, cert.k, turned)
        self.cert = cert
        self.limit = 10**6 if cert.limit is None else cert.limit
        self.seen: set[int] = set()

    def _key(self, a: int, h: int) -> tuple[int, int]:
        keys = self.board.keys(a, h)
        key = min(keys)
        return key, keys.index(key)

    def _pairing_holds(self, key: int, pairs: list[tuple[int, int]]) -> bool:
        """In the certificate's frame: disjoint pairs of empty cells, one whole pair in
        every line free of the holder's stones."""
        n = self.board.n
        a, h = key & self.board.full, key >> n
        cells = [c for pair in pairs for c in pair]
        if len(set(cells)) != len(cells) or any(c >= n or (a | h) >> c & 1 for c in cells):
            return False
        masks = [1 << p | 1 << q for p, q in pairs]
        return all(any(ln & m == m for m in masks) for ln in self.board.paper_lines if not ln & h)

    def attacker(self, a: int, h: int) -> None:
        b = self.board
        plies = (a | h).bit_count()
        empty = b.full & ~(a | h)
        if plies + 1 > self.limit or not empty:
            return
        if b.completes(a, h) & empty:
            raise ProofFailed(f"the side held completes a line next: {b.show(a, h)}")
        if plies + 3 > self.limit:
            return
        key, _ = self._key(a, h)
        if key in self.seen:
            return
        self.seen.add(key)
        pairs = self.cert.pairings.get(key)
        if pairs is not None:
            if not self._pairing_holds(key, pairs):
                raise ProofFailed(f"a stored pairing does not hold at {b.show(a, h)}")
            return
        rest = empty
        while rest:
            cell = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            self.holder(a | 1 << cell, h)

    def holder(self, a: int, h: int) -> None:
        b = self.board
        plies = (a | h).bit_count()
        empty = b.full & ~(a | h)
        if plies + 2 > self.limit or not empty or b.completes(h, a) & empty:
            return
        threats = b.completes(a, h) & empty
        if threats & (threats - 1):
            raise ProofFailed(f"the side held threatens two lines at {b.show(a, h)}")
        if threats:
            move = threats.bit_length() - 1
        elif plies + 4 > self.limit:
            return
        else:
            key, frame = self._key(a, h)
            stored = self.cert.moves.get(key)
            if stored is None:
                raise ProofFailed(f"a position the holder meets is missing: {b.show(a, h)}")
            if stored >= b.n or not empty >> b.back[frame][stored] & 1:
                raise ProofFailed(f"a stored move is off the board or taken at {b.show(a, h)}")
            move = b.back[frame][stored]
        if not b.made(h | 1 << move, move):
            self.attacker(a, h | 1 << move)


def check_hold(data: bytes, turned: bool = False) -> tuple[Hold, int]:
    """A hold-out certificate checked: its contents and the positions checked."""
    cert = read_hold(data)
    check = HoldCheck(cert, turned)
    x, o = check.board.opening(cert.opening)
    a, h = (x, o) if cert.held == "X" else (o, x)
    if "XO"[len(cert.opening) % 2] == cert.held:
        check.attacker(a, h)
    else:
        check.holder(a, h)
    return cert, len(check.seen)


def shipped(rows: int, cols: int, k: int, misere: bool) -> bool:
    """Whether the package ships a proof for the board under its rules."""
    return not misere and k == 4 and (rows, cols) in SHIPPED


def _load(name: str) -> bytes:
    try:
        with open(os.path.join(FOLDER, name), "rb") as file:
            return file.read()
    except OSError as err:
        raise ProofFailed(f"cannot be read ({err.strerror})") from None


class _Tally:
    """The files and positions checked so far, and what failed."""

    def __init__(self) -> None:
        self.files = 0
        self.positions = 0
        self.problems: list[str] = []


def check_board(rows: int, cols: int, read: Callable[[str], bytes] = _load) -> Checked:
    """The shipped proof of a board checked whole: the empty board's value and length,
    and every first move's (``read`` gives a file's bytes by its name under the proofs'
    folder; tests hand in broken ones)."""
    started = time.perf_counter()
    paper = SHIPPED[(rows, cols)]
    turned = (rows, cols) != (int(paper[0]), int(paper[2]))
    tally = _Tally()
    length = _claim(tally, read, f"{paper}.win.xz", f"{paper}.lb.xz", None, "X", turned)
    table = _first_moves(tally, read, paper, turned, rows, cols)
    seconds = time.perf_counter() - started
    board = f"{rows}x{cols}"
    if tally.problems:
        sentence = f"the proof for {board} with four in a row does not hold: " + tally.problems[0]
    else:
        sentence = (
            f"the proof holds: X wins {board} with four in a row in {length} moves and cannot "
            f"win sooner, and the value of each of the {table} kinds of first move is proven "
            f"too; {tally.files} certificates, {tally.positions:,} positions checked in "
            f"{seconds:.1f} s"
        )
    return Checked(not tally.problems, sentence, tally.problems, tally.files, tally.positions,
                   seconds)  # fmt: skip


def _claim(
    tally: _Tally,
    read: Callable[[str], bytes],
    win: str,
    bound: str,
    first: int | None,
    side: str,
    turned: bool,
) -> int:
    """A win and its length, checked: ``side`` wins (after the first move ``first``) in
    the win certificate's longest branch, and the hold-out shows it cannot win two
    plies sooner. The length, or 0 with a problem told."""
    opening = [] if first is None else [first]
    try:
        cert, longest, positions = check_win(read(win), turned)
        tally.files += 1
        tally.positions += positions
        if cert.winner != side or cert.opening != opening or cert.k != 4:
            raise ProofFailed(f"it proves another claim ({cert.winner} wins after {cert.opening})")
        held, positions = check_hold(read(bound), turned)
        tally.files += 1
        tally.positions += positions
        if held.held != side or held.opening != opening or held.limit != longest - 2:
            raise ProofFailed(f"{bound} does not show that {side} cannot win by ply {longest - 2}")
    except ProofFailed as err:
        tally.problems.append(f"{win}: {err}")
        return 0
    return longest


def _first_moves(
    tally: _Tally, read: Callable[[str], bytes], paper: str, turned: bool, rows: int, cols: int
) -> int:
    """Every class of first moves checked; how many classes there are, or a problem
    told when one is missing or wrong."""
    names: dict[int, dict[str, str]] = {}
    for name in sorted(os.listdir(os.path.join(FOLDER, paper))):
        match = _FIRST.fullmatch(name)
        if match:
            names.setdefault(int(match[1]), {})[f"{match[2]}-{match[3]}"] = f"{paper}/{name}"
    sym = _symmetries(int(paper[0]), int(paper[2]))
    covered = {p[cell] for cell in names for p in sym}
    if covered != set(range(rows * cols)):
        tally.problems.append(f"{paper}/: the first moves' files leave cells without a value")
    for cell, files in names.items():
        if "x-win" in files and "x-lb" in files:
            _claim(tally, read, files["x-win"], files["x-lb"], cell, "X", turned)
        elif "o-win" in files and "o-lb" in files:
            _claim(tally, read, files["o-win"], files["o-lb"], cell, "O", turned)
        elif "x-hold" in files and "o-hold" in files:
            for side in "xo":
                try:
                    held, positions = check_hold(read(files[f"{side}-hold"]), turned)
                    tally.files += 1
                    tally.positions += positions
                    drawn = held.limit is None and held.opening == [cell]
                    if held.held != side.upper() or not drawn:
                        raise ProofFailed("it does not show a draw after this first move")
                except ProofFailed as err:
                    tally.problems.append(f"{files[side + '-hold']}: {err}")
        else:
            tally.problems.append(f"{paper}/first-{cell}: no pair of certificates for its value")
    return len(names)
