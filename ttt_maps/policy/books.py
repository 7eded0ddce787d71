"""Opening books: the moves a ``book:`` key follows, read from JSON or built in.

An opening book maps positions to cells (``{"board": cell}``); the ``xkcd``
opening book is the comic's known first two plies.
"""

from __future__ import annotations

from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Position, parse_moves
from ttt_maps.io.files import parse_json, read_text


def xkcd_opening_book() -> dict[int, int]:
    """The comic's known first two plies (3x3 only; ``parse_policy`` refuses it elsewhere)."""
    empty = Position.empty()
    book = {empty.key: 0}
    corner = empty.play(0)
    for reply, answer in {1: 4, 2: 6, 3: 4, 4: 8, 5: 4, 6: 2, 7: 4, 8: 2}.items():
        book[corner.play(reply).key] = answer
    for opening in empty.moves():
        book[empty.play(opening).key] = 0 if opening == 4 else 4
    return book


def load_opening_book(
    path: str, geometry: Geometry = STANDARD, *, where: str = ""
) -> dict[int, int]:
    """Read a JSON opening book ``{"board": cell}``; errors name the bad part.

    ``where`` names the opening book in messages (by default ``policy key book:PATH``).
    """

    where = where or f"policy key book:{path}"
    raw = parse_json(read_text(path, "a JSON opening book", where=where), where)
    if not isinstance(raw, dict):
        raise UsageError(f'{where}: expected a JSON object {{"board": cell}}')
    return parse_moves(raw, geometry, where, legal_only=True)
