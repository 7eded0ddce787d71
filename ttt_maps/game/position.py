"""Positions as two bitmasks, written as board strings (``x..o.....``: the cells
row-major, ``x``, ``o`` and ``.``; input also takes upper case, ``-`` or ``_`` for an
empty cell, and ``/`` or spaces between rows).

A ``Position`` is the X bitmask, the O bitmask and its geometry (the board's
size, line length and rules: ``Geometry``). Bit ``c`` is cell ``c`` (row-major,
0 top-left). Who is to move follows from the counts. ``Position`` is its old name,
still importable (``ttt_maps.game.position``, ``ttt_maps.Board``).
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from ttt_maps.errors import UsageError, bad_value, quote
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.values import FrozenValue

Mark = Literal["x", "o"]

_EMPTY_CHARS = frozenset(".-_")
_ROW_SEPARATORS = frozenset("/ \t\r\n")


def other(mark: Mark) -> Mark:
    """The opponent of a mark."""
    return "o" if mark == "x" else "x"


def parse_mark(text: str) -> Mark:
    """Accept ``x``/``o`` in either case."""
    low = text.strip().lower()
    if low == "x" or low == "o":
        return low  # type: ignore[return-value]
    raise bad_value("player", text, "expected x or o")


def illegal_reason(g: Geometry, x: int, o: int) -> str | None:
    """Why (x, o) cannot arise in a game, or None when it can: the counts (X moves first), no
    line for both players, a line only for the player who moved last, and nothing
    after the game ended."""
    nx, no = x.bit_count(), o.bit_count()
    if x & o:
        return "a cell holds both x and o"
    if not (nx == no or nx == no + 1):
        return f"{nx} x and {no} o: x moves first, so x must equal o or o + 1"
    x_line, o_line = g.has_line(x), g.has_line(o)
    if x_line and o_line:
        return "both players have a line"
    if x_line or o_line:
        last, mine = ("x", x) if x_line else ("o", o)
        if x_line and nx != no + 1:
            return "x has a line but o moved after it"
        if o_line and nx != no:
            return "o has a line but x moved after it"
        # The last move must have completed every line at once.
        if not any(not g.has_line(mine & ~(1 << c)) for c in g.cells_of(mine)):
            return f"{last} has lines that no single last move completes"
    return None


def _cells_in_words(g: Geometry) -> str:
    """``a 3x4 board has 12 cells``."""
    return f"a {g.size_name} board has {g.size} cells"


class Position(FrozenValue):
    """A legal-or-not position; construct legal ones with ``parse`` or ``play``.

    Immutable, compared and hashed by (x, o, geometry) like the frozen dataclass
    it was; not one because trees make thousands of boards and the
    dataclass's ``__init__`` cost half again as much.
    """

    __match_args__ = ("x", "o", "geometry")
    x: int
    o: int
    geometry: Geometry

    def __init__(self, x: int = 0, o: int = 0, geometry: Geometry = STANDARD) -> None:
        fields = self.__dict__  # past ``__setattr__``, which refuses every change
        fields["x"] = x
        fields["o"] = o
        fields["geometry"] = geometry

    # -- notation -----------------------------------------------------------

    @classmethod
    def parse(cls, text: str, geometry: Geometry = STANDARD, *, check: bool = True) -> Position:
        """Read a board string: ``x``/``o`` any case, ``.``, ``-`` or ``_`` empty,
        ``/`` or whitespace between rows. Raises ``UsageError`` naming the bad
        character and its position, or why the position is illegal."""
        x = o = 0
        cell = 0
        for pos, ch in enumerate(text, start=1):
            if ch in _ROW_SEPARATORS:
                continue
            low = ch.lower()
            if low not in ("x", "o") and ch not in _EMPTY_CHARS:
                raise bad_value(
                    "board",
                    text,
                    f"character {ch!r} at position {pos} is not x, o, '.', '-' or '_'",
                )
            if cell >= geometry.size:
                raise bad_value(
                    "board", text, f"more than {geometry.size} cells; {_cells_in_words(geometry)}"
                )
            if low == "x":
                x |= 1 << cell
            elif low == "o":
                o |= 1 << cell
            cell += 1
        if cell != geometry.size:
            raise bad_value("board", text, f"{cell} cells; {_cells_in_words(geometry)}")
        board = cls(x, o, geometry)
        if check:
            reason = illegal_reason(geometry, x, o)
            if reason:
                raise UsageError(
                    f"board {board}: illegal position: {reason}",
                    reason=f"illegal position: {reason}",
                )
        return board

    def __str__(self) -> str:
        return self.text

    @cached_property
    def text(self) -> str:
        """Canonical lower-case board string (cached: layout asks for it often)."""
        x, o = self.x, self.o
        return "".join(
            ["x" if x >> c & 1 else "o" if o >> c & 1 else "." for c in range(self.geometry.size)]
        )

    def grid(self) -> str:
        """Rows on separate lines, for humans."""
        s, cols = str(self), self.geometry.cols
        return "\n".join(s[i : i + cols] for i in range(0, len(s), cols))

    # -- state --------------------------------------------------------------

    @property
    def key(self) -> int:
        """One integer for dict keys: x bits, then o bits above them."""
        return self.x | self.o << self.geometry.size

    def mark_at(self, cell: int) -> Mark | None:
        """Which mark stands on a cell."""
        if self.x >> cell & 1:
            return "x"
        if self.o >> cell & 1:
            return "o"
        return None

    @property
    def count(self) -> int:
        """Marks on the board (plies played)."""
        return (self.x | self.o).bit_count()

    @property
    def to_move(self) -> Mark:
        """Side to move: X when the counts are equal."""
        return "x" if self.x.bit_count() == self.o.bit_count() else "o"

    @property
    def is_legal(self) -> bool:
        """Can this position arise in a game?"""
        return illegal_reason(self.geometry, self.x, self.o) is None

    def line_maker(self) -> Mark | None:
        """The player who completed a line, if any: the winner, or under misère the loser."""
        if self.geometry.has_line(self.x):
            return "x"
        if self.geometry.has_line(self.o):
            return "o"
        return None

    def winner(self) -> Mark | None:
        """The player who won, if anyone has: the line's maker, or under misère the other."""
        made = self.line_maker()
        if made is None or not self.geometry.misere:
            return made
        return other(made)

    def winning_lines(self) -> list[tuple[int, ...]]:
        """Cells of every line completed (usually one): the winner's, or under misère
        the loser's."""
        g = self.geometry
        mine = self.x if self.line_maker() == "x" else self.o
        pairs = zip(g.lines, g.line_cells, strict=True)
        return [cells for line, cells in pairs if line & mine == line]

    @property
    def is_full(self) -> bool:
        return (self.x | self.o) == self.geometry.full

    @property
    def is_over(self) -> bool:
        """Terminal: somebody won or the board is full."""
        g = self.geometry
        return (self.x | self.o) == g.full or g.has_line(self.x) or g.has_line(self.o)

    def moves(self) -> list[int]:
        """Legal moves, ascending; none once the game is over."""
        if self.is_over:
            return []
        return self.geometry.cells_of(self.geometry.full & ~(self.x | self.o))

    def play(self, cell: int) -> Position:
        """The position after the side to move plays ``cell``."""
        if not 0 <= cell < self.geometry.size:
            raise UsageError(f"board {self}: cell {cell} is outside 0..{self.geometry.size - 1}")
        if (self.x | self.o) >> cell & 1:
            raise UsageError(f"board {self}: cell {cell} is already taken")
        if self.is_over:
            raise UsageError(f"board {self}: the game is over")
        bit = 1 << cell
        x, o = self.x, self.o
        if x.bit_count() == o.bit_count():
            return Position(x | bit, o, self.geometry)
        return Position(x, o | bit, self.geometry)

    # -- symmetry -----------------------------------------------------------

    def transformed(self, perm: tuple[int, ...]) -> Position:
        """Image of this board under one symmetry of its geometry."""
        g = self.geometry
        return Position(g.transform(self.x, perm), g.transform(self.o, perm), g)

    def canonical(self) -> Position:
        """The representative of this board's symmetry class (smallest key)."""
        return min((self.transformed(p) for p in self.geometry.symmetries), key=lambda b: b.key)

    @classmethod
    def empty(cls, geometry: Geometry = STANDARD) -> Position:
        return cls(0, 0, geometry)


def parse_moves(
    raw: dict[str, object], geometry: Geometry, where: str, *, legal_only: bool = False
) -> dict[int, int]:
    """A JSON object ``{"board": cell}`` (a strategy's moves, an opening book) as
    position keys -> cells; every problem is one ``UsageError`` starting with ``where``.

    ``legal_only`` refuses a cell that is not a legal move on its board (an opening book);
    a strategy's illegal moves are left for its audit to report.
    """
    moves: dict[int, int] = {}
    for text, cell in raw.items():
        try:
            board = Position.parse(text, geometry)
        except UsageError as exc:
            raise UsageError(f"{where}: {exc}") from None
        if isinstance(cell, bool) or not isinstance(cell, int):
            raise UsageError(
                f"{where}: the move for {quote(text)} must be a cell number, not {quote(cell)}"
            )
        if legal_only and cell not in board.moves():
            raise UsageError(f"{where}: cell {cell} is not a legal move on board {board}")
        if moves.get(board.key, cell) != cell:
            raise UsageError(
                f"{where}: board {board} is listed twice, with moves {moves[board.key]} and {cell}"
            )
        moves[board.key] = cell
    return moves
