"""The search budget of bigger boards: how many positions one request may search.

A request (a command, an API call) may search ``search_limit`` positions in
all, every question together; by default a count calibrated to about
``BUDGET_SECONDS`` of search on an ordinary machine, more positions on a
board of fewer lines. ``--search-limit N`` (``Settings.search_limit``, or
``$TTT_MAPS_SEARCH_LIMIT``) sets it to N positions. A search past it is
refused with ``TooBigToSolve``.
"""

from __future__ import annotations

from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import Geometry
from ttt_maps.io.environment import whole_number

#: About how long one request may search by default, in seconds.
BUDGET_SECONDS = 10
#: The work a request may do by default, in lines of positions read: a
#: position searched costs about what its lines take to read. Measured (CPU
#: time, one core) on 5x5, 6x6 and 7x7 with four in a row and 8x8 and 10x10
#: with five: 0.13 to 0.24 µs a line of a position, so about
#: ``WORK_PER_SECOND`` a second, and the default is about ``BUDGET_SECONDS``
#: (5 to 11 s on those boards). A count, not a time, so a board is answered
#: or refused alike on a fast machine and a slow one.
WORK_PER_SECOND = 6_000_000
SEARCH_WORK = BUDGET_SECONDS * WORK_PER_SECOND


class TooBigToSolve(UsageError):
    """A request whose search passed its budget."""

    #: What tells this refusal from other usage errors where the stages above add
    #: what would answer (``trees.size``), without importing this module.
    unsolved = True


def default_limit(geometry: Geometry) -> int:
    """The positions a request may search by default on a board (``SEARCH_WORK``)."""
    return SEARCH_WORK // max(len(geometry.lines), 1)


def search_limit(given: int | None, geometry: Geometry) -> tuple[int, bool]:
    """The positions one request may search, and whether the user chose that
    (``given``: ``--search-limit``; else ``$TTT_MAPS_SEARCH_LIMIT``: ASCII digits, 0 for
    the default)."""
    if given is not None:
        return given, True

    given = whole_number("TTT_MAPS_SEARCH_LIMIT", 0, meaning="a number of positions")
    return (given, True) if given > 0 else (default_limit(geometry), False)
