"""A strategy table: the positions a player looks up, up to symmetry, each with its move.

A map lists every position its player can meet; a table lists one board per
class of positions that are rotations or reflections of each other, however
they were reached, and the player finds the current position's class and
turns the listed move with it. ``ttt_maps.tables.exact`` finds the
smallest table that plays perfectly; ``ttt_maps.audit.table``
audits one. Here: the table itself, looking a position up in it, and its
``ttt-maps/table@1`` JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from ttt_maps.errors import UsageError, quote
from ttt_maps.game.cell_names import move_heading
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Mark, Position, parse_mark, parse_moves
from ttt_maps.game.symmetry import canonicaliser
from ttt_maps.io.files import json_field, json_flag
from ttt_maps.reasons.explain import explain

FORMAT = "ttt-maps/table@1"


class Entry(NamedTuple):
    """One line of a table: a board (one member of its symmetry class) and the move there."""

    board: Position
    cell: int


class Table(NamedTuple):
    """A table for ``player``, from the empty board.

    ``entries`` are in the order a game meets them (by marks on the board,
    then by key). ``minimal`` says the search proved that no smaller table
    plays perfectly; ``prover`` names how (``search`` or ``cp-sat``), and
    ``steps`` how much work that took. A table read from a file has
    ``prover`` ``""``.
    """

    geometry: Geometry
    player: Mark
    entries: tuple[Entry, ...]
    minimal: bool = False
    prover: str = ""
    steps: int = 0

    @property
    def size(self) -> int:
        """The positions the player must know."""
        return len(self.entries)

    def lookup(self) -> Callable[[Position], int | None]:
        """A function giving the table's move on a board in any orientation (None when
        its class is not listed; the first entry when a file lists a class twice)."""
        g = self.geometry
        canonical = canonicaliser(g)
        index: dict[int, Entry] = {}
        for entry in self.entries:
            index.setdefault(canonical(entry.board.key), entry)

        def move(board: Position) -> int | None:
            entry = index.get(canonical(board.key))
            if entry is None:
                return None
            for perm in g.symmetries:
                if entry.board.transformed(perm) == board:
                    return perm[entry.cell]
            raise AssertionError("a class holds its members")  # pragma: no cover

        return move

    def reasons(self) -> dict[Position, str]:
        """Each entry's move in a few words (``facts.Why.brief``), for a cheat sheet."""

        return {e.board: explain(e.board, e.cell).brief for e in self.entries}

    def move_heading(self, plies: int) -> str:
        """``X's 2nd move``: what the player is at with ``plies`` marks on the board."""
        return move_heading(self.player, plies)

    def by_plies(self) -> list[tuple[int, list[Entry]]]:
        """The entries grouped by how many marks are on the board, fewest first."""
        groups: dict[int, list[Entry]] = {}
        for entry in self.entries:
            groups.setdefault(entry.board.count, []).append(entry)
        return sorted(groups.items())

    def as_dict(self) -> dict[str, Any]:
        """The ``ttt-maps/table@1`` document."""
        return {
            "format": FORMAT,
            "geometry": self.geometry.name,
            **self.geometry.rules_field,
            "player": self.player,
            "moves": {str(e.board): e.cell for e in self.entries},
            "minimal": self.minimal,
        }

    def to_json(self) -> str:
        """The table as indented ``ttt-maps/table@1`` JSON, entries in play order."""
        return json.dumps(self.as_dict(), indent=2) + "\n"


def is_table(doc: Any) -> bool:
    """Does parsed JSON say it is a table (so ``check`` audits it as one)?"""
    return isinstance(doc, dict) and doc.get("format") == FORMAT


def table_from_json(doc: Any, source: str) -> Table:
    """A table from parsed ``ttt-maps/table@1`` JSON; every problem is one ``UsageError``
    naming ``source`` and the field."""
    if not is_table(doc):
        got = doc.get("format") if isinstance(doc, dict) else None
        raise UsageError(f'{source}: "format" is {quote(got)}, expected {FORMAT!r}')
    geometry_text, player_text, raw = (
        json_field(doc, "geometry", str, source),
        json_field(doc, "player", str, source),
        json_field(doc, "moves", dict, source),
    )
    try:
        geometry = Geometry.parse(geometry_text, str(doc.get("rules", "normal")))
    except UsageError as exc:
        raise UsageError(f'{source}: "geometry": {exc}') from None
    try:
        player = parse_mark(player_text)
    except UsageError as exc:
        raise UsageError(f"{source}: {exc}") from None
    minimal = json_flag(doc, "minimal", source)
    moves = parse_moves(raw, geometry, f'{source}: in "moves"')
    size = geometry.size
    for key, cell in moves.items():  # a table's move is turned with its board: it must be a cell
        if not 0 <= cell < size:
            board = Position(key & geometry.full, key >> size, geometry)
            raise UsageError(
                f'{source}: in "moves": the move for {board} is cell {cell}, not a cell of the '
                f"board (0 to {size - 1})"
            )
    entries = tuple(
        Entry(Position(key & geometry.full, key >> size, geometry), cell)
        for key, cell in moves.items()
    )
    return Table(geometry, player, entries, minimal)
