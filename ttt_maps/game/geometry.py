"""Board geometry: the one place that knows how big the board is.

Everything that depends on the board's size -- the cells, the win lines as
bitmasks, the symmetry group, which cells are corners -- is derived here from
``(rows, cols, k)``. No other module may say 3, 9 or list the lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cached_property

from ttt_maps.errors import UsageError, bad_value
from ttt_maps.language import N_, tr
from ttt_maps.values import FrozenValue

#: Compiled on first use (``re`` caches it), not at every start-up.
#: ASCII only: digits 0-9, ``x`` and ``k`` in either case (not the Kelvin sign).
_GEOMETRY_PATTERN = r"^\s*([0-9]+)\s*x\s*([0-9]+)\s*(?:k\s*([0-9]+))?\s*\Z"
#: The largest side a board may have: cell numbers stay two digits, and
#: nothing bigger could be solved or drawn anyway.
MAX_SIDE = 10
#: The rules' names as a user types them; normal is the default.
RULES = ("normal", "misere")
#: How many marks complete a line, in words (more than ten are written as numbers); in
#: English as written here, in a reader's language through ``in_words``.
_WORDS = (
    N_("zero"),
    N_("one"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
)

Permutation = tuple[int, ...]


class Geometry(FrozenValue):
    """A rows x cols board where ``k`` marks in a row win -- or, under misère rules
    (``misere``), lose.

    The rules are part of the board's identity, so they travel wherever the board
    does: solvers, cache keys, trees, exports and file names. Immutable, compared
    and hashed by (rows, cols, k, misere) like the frozen dataclass it was; not
    one because the dataclass cost every start-up a millisecond to generate. The
    lines, symmetries and memos are derived from the fields.
    """

    __match_args__ = ("rows", "cols", "k", "misere")
    rows: int
    cols: int
    k: int
    misere: bool
    lines: tuple[int, ...]
    line_cells: tuple[tuple[int, ...], ...]
    symmetries: tuple[Permutation, ...]
    _line_memo: dict[int, bool]
    _completion_memo: dict[int, int]

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3, misere: bool = False) -> None:
        fields = self.__dict__  # past ``__setattr__``, which refuses every change
        fields.update(rows=rows, cols=cols, k=k, misere=misere)
        if rows < 1 or cols < 1 or k < 1:
            raise _bad_size(self.short_name, "rows, columns and k must be 1 or more")
        if max(rows, cols) > MAX_SIDE:
            raise _bad_size(self.short_name, f"at most {MAX_SIDE} rows and {MAX_SIDE} columns")
        if k > max(rows, cols):
            raise _bad_size(self.short_name, f"{k} in a row cannot fit on a {rows}x{cols} board")
        cells = _line_cells(rows, cols, k)
        fields["line_cells"] = cells
        fields["lines"] = tuple(sum(1 << c for c in line) for line in cells)
        fields["symmetries"] = _symmetries(rows, cols)
        fields["_line_memo"] = {}
        fields["_completion_memo"] = {}

    # -- naming -------------------------------------------------------------

    @property
    def name(self) -> str:
        """Canonical name, e.g. ``3x3k3`` or ``3x3k3-misere`` (files, exports and cache
        keys use it, so the rules are never lost)."""
        return f"{self.rows}x{self.cols}k{self.k}{self._rules_suffix}"

    @property
    def short_name(self) -> str:
        """The name a user types: ``3x3``, ``4x4`` (k=4), ``4x4k3``; k is left out
        when it is the shorter side, as ``parse`` assumes. Misère adds ``-misere``."""
        size = f"{self.rows}x{self.cols}"
        short = size if self.k == min(self.rows, self.cols) else f"{size}k{self.k}"
        return short + self._rules_suffix

    @property
    def rules(self) -> str:
        """``normal`` or ``misere``, as ``--rules`` spells them."""
        return RULES[self.misere]

    @property
    def rules_field(self) -> dict[str, str]:
        """``{"rules": "misere"}`` for a JSON document of a misère board, else nothing:
        normal documents stay as they always were."""
        return {"rules": "misere"} if self.misere else {}

    @property
    def file_suffix(self) -> str:
        """What a default file name adds for this board: nothing on the normal 3x3
        board, ``misere`` on its misère twin, else the name (``3x4k3-misere``)."""
        if self.with_rules("normal") == STANDARD:
            return "misere" if self.misere else ""
        return self.name

    @property
    def _rules_suffix(self) -> str:
        return "-misere" if self.misere else ""

    def with_rules(self, rules: str) -> Geometry:
        """The same board under ``rules`` (``normal`` or ``misere``)."""
        misere = parse_rules(rules)
        if misere == self.misere:
            return self
        return Geometry(self.rows, self.cols, self.k, misere)

    @property
    def size_name(self) -> str:
        """Rows by columns, ``3x4``: what a board string's length depends on."""
        return f"{self.rows}x{self.cols}"

    def describe(self) -> str:
        """The board for people: ``the 3x3 board, three in a row``, and under misère
        ``the 3x3 board, misère: three in a row loses``."""
        k = _WORDS[self.k] if self.k < len(_WORDS) else str(self.k)
        if self.misere:
            return f"the {self.size_name} board, misère: {k} in a row loses"
        return f"the {self.size_name} board, {k} in a row"

    def in_words(self) -> str:
        """``describe`` in the reader's language, for what a reader meets (titles, gamebooks,
        tables); error messages keep ``describe``."""
        said = {"size": self.size_name, "k": self.k_in_words()}
        if self.misere:
            return tr("the {size} board, misère: {k} in a row loses", **said)
        return tr("the {size} board, {k} in a row", **said)

    def k_in_words(self) -> str:
        """``three``: how many marks complete a line, in the reader's language."""
        return tr(_WORDS[self.k]) if self.k < len(_WORDS) else str(self.k)

    @property
    def k_words(self) -> str:
        """``three in a row``: what completes a line here, in words."""
        k = _WORDS[self.k] if self.k < len(_WORDS) else str(self.k)
        return f"{k} in a row"

    @classmethod
    def parse(cls, text: str, rules: str = "normal") -> Geometry:
        """Parse ``3x3``, ``4x4k3``, ``3x4k3``; k defaults to min(rows, cols). A name
        as files record it (``3x3k3-misere``) carries its rules, which must then
        agree with ``rules`` unless that is left normal."""
        base, dash, tail = text.rpartition("-")
        if dash and tail.strip().lower() in RULES:
            named = parse_rules(tail)
            if rules != "normal" and parse_rules(rules) != named:
                raise bad_value("board", text, f"the board names other rules than {rules}")
            return cls._parse_size(base, named)
        return cls._parse_size(text, parse_rules(rules))

    @classmethod
    def _parse_size(cls, text: str, misere: bool) -> Geometry:
        m = re.match(_GEOMETRY_PATTERN, text, re.IGNORECASE | re.ASCII)
        if not m:
            raise bad_value(
                "board", text, "expected ROWSxCOLS or ROWSxCOLSkK, e.g. 3x3, 4x4 or 4x4k3"
            )
        if max(len(part or "") for part in m.groups()) > 3:
            raise bad_value("board", text, f"rows, columns and k are at most {MAX_SIDE}")
        rows, cols = int(m.group(1)), int(m.group(2))
        k = int(m.group(3)) if m.group(3) else min(rows, cols)
        return cls(rows, cols, k, misere)

    # -- cells --------------------------------------------------------------

    @cached_property
    def size(self) -> int:
        """Number of cells (cached: the solver and boards ask for it constantly)."""
        return self.rows * self.cols

    @cached_property
    def full(self) -> int:
        """Bitmask with every cell set (cached, like ``size``)."""
        return (1 << self.size) - 1

    def rc(self, cell: int) -> tuple[int, int]:
        """(row, col) of a cell number."""
        return divmod(cell, self.cols)

    @property
    def corners(self) -> frozenset[int]:
        """The four corner cells (fewer on a one-row or one-column board)."""
        r, c = self.rows - 1, self.cols - 1
        return frozenset({0, c, r * self.cols, r * self.cols + c})

    @property
    def centers(self) -> frozenset[int]:
        """The middle cell, or the 2 or 4 middle cells when a side is even."""
        rs = {(self.rows - 1) // 2, self.rows // 2}
        cs = {(self.cols - 1) // 2, self.cols // 2}
        return frozenset(r * self.cols + c for r in rs for c in cs)

    @cached_property
    def lines_through(self) -> tuple[int, ...]:
        """How many lines run through each cell: the cells through more lines decide
        games sooner (the search tries them first, the ``lines`` key prefers them)."""
        return tuple(sum(line >> c & 1 for line in self.lines) for c in range(self.size))

    @cached_property
    def by_lines(self) -> tuple[int, ...]:
        """The cells, those through the most lines first, then by number: the order the
        search of a bigger board tries moves in."""
        through = self.lines_through
        return tuple(sorted(range(self.size), key=lambda c: -through[c]))

    @property
    def edges(self) -> frozenset[int]:
        """Every cell that is neither a corner nor a centre."""
        return frozenset(range(self.size)) - self.corners - self.centers

    def cells_of(self, mask: int) -> list[int]:
        """Cell numbers set in a bitmask, ascending."""
        return [c for c in range(self.size) if mask >> c & 1]

    def transform(self, mask: int, perm: Permutation) -> int:
        """Image of a bitmask under a symmetry (cell c goes to perm[c])."""
        out = 0
        for c in range(self.size):
            if mask >> c & 1:
                out |= 1 << perm[c]
        return out

    def has_line(self, mask: int) -> bool:
        """Does this set of cells contain a winning line? (Memoised: it is the hot path.)"""
        hit = self._line_memo.get(mask)
        if hit is None:
            hit = mask.bit_count() >= self.k and any(line & mask == line for line in self.lines)
            self._line_memo[mask] = hit
        return hit

    def completions(self, mask: int) -> int:
        """Cells (a bitmask) that would complete a line for this set of cells, taken or
        not; callers keep the free ones. (Memoised: the solver prunes on threats.)"""
        hit = self._completion_memo.get(mask)
        if hit is None:
            hit = 0
            for line in self.lines if mask.bit_count() >= self.k - 1 else ():
                missing = line & ~mask
                if missing and not missing & (missing - 1):
                    hit |= missing
            self._completion_memo[mask] = hit
        return hit


def _line_cells(rows: int, cols: int, k: int) -> tuple[tuple[int, ...], ...]:
    """Every run of k cells along a row, column or diagonal, in reading order."""
    runs: list[tuple[int, ...]] = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(rows):
            for c in range(cols):
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= end_r < rows and 0 <= end_c < cols:
                    runs.append(tuple((r + dr * i) * cols + c + dc * i for i in range(k)))
    return tuple(runs)


def _symmetries(rows: int, cols: int) -> tuple[Permutation, ...]:
    """The board's symmetry group as cell permutations, identity first.

    A square board has the 8 rotations and reflections of the dihedral group;
    a rectangle keeps only the identity, the two mirror images and the half turn.
    """

    def perm(f: Callable[[int, int], tuple[int, int]]) -> Permutation:
        return tuple(_cell(f(r, c), cols) for r in range(rows) for c in range(cols))

    R, C = rows - 1, cols - 1
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c),
        lambda r, c: (r, C - c),
        lambda r, c: (R - r, c),
        lambda r, c: (R - r, C - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (c, R - r),
            lambda r, c: (C - c, r),
            lambda r, c: (C - c, R - r),
        ]
    seen: dict[Permutation, None] = {}
    for f in maps:
        seen.setdefault(perm(f), None)
    return tuple(seen)


def _cell(rc: tuple[int, int], cols: int) -> int:
    return rc[0] * cols + rc[1]


def _bad_size(name: str, reason: str) -> UsageError:
    """A board whose numbers cannot make a game (``board 3x0: ...``)."""
    return UsageError(f"board {name}: {reason}", reason=reason)


def parse_rules(text: str) -> bool:
    """``normal`` or ``misere`` (also ``misère``, any case) as a misère flag."""
    low = text.strip().lower().replace("è", "e")
    if low not in RULES:
        raise bad_value("rules", text, "expected normal or misere (whoever completes a line loses)")
    return low == "misere"


STANDARD = Geometry()
