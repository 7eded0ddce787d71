"""The search budget of bigger boards: how many positions one request may search.

A request (a command, an API call) may search ``search_limit`` positions in
all, every question together; by default a count calibrated per board and per
rules to about ``BUDGET_SECONDS`` of search on one core of an ordinary machine
(``default_limit``). A count, not a time, so that a board is answered or
refused alike on a fast machine and a slow one; a machine busy with other work
takes longer over the same count. ``--search-limit N``
(``Settings.search_limit``, or ``$TTT_MAPS_SEARCH_LIMIT``) sets it to N
positions. A search past it is refused with ``TooBigToSolve``.
"""

from __future__ import annotations

from ttt_maps.errors import Limit
from ttt_maps.game.geometry import Geometry
from ttt_maps.io.environment import whole_number

#: About how long one request may search by default, in seconds of one core.
BUDGET_SECONDS = 10

#: What a position searched costs, in microseconds of one core, per board and rules:
#: ``scripts/calibrate.py``, each board searched cold in a process of its own as a
#: request searches it (the empty board's value, every first move's, the X and O maps
#: two levels deep) up to 1.5 million positions, on a 2-core machine of the kind the
#: project is built on. A pairing tried counts as a position (``search.PAIRING_COST``),
#: which is why four in a row costs more a position than misère, where none is tried.
#: A board and its turn (4x5, 5x4) cost alike; both are named by the wider one.
MEASURED: dict[str, float] = {
    "4x4k3": 4.3,
    "4x4k4": 2.5,
    "4x5k4": 2.3,
    "5x5k4": 4.0,
    "5x6k4": 4.4,
    "6x6k4": 6.8,
    "5x5k3": 5.4,
    "6x6k3": 6.6,
    "7x7k3": 7.1,
    "8x8k5": 10.8,
    "10x10k5": 17.0,
    "4x4k3-misere": 1.5,
    "4x4k4-misere": 1.7,
    "4x5k4-misere": 1.7,
    "5x5k4-misere": 2.0,
    "5x6k4-misere": 1.6,
    "6x6k4-misere": 2.1,
    "5x5k3-misere": 1.6,
    "6x6k3-misere": 2.2,
    "7x7k3-misere": 3.7,
    "8x8k5-misere": 3.1,
    "10x10k5-misere": 9.0,
}
#: Elsewhere, per rules (normal, misère): ``a + b * lines`` microseconds a position, the
#: line through the figures above that ``scripts/calibrate.py`` fits (relative errors).
FITTED: dict[bool, tuple[float, float]] = {False: (1.8, 0.065), True: (1.12, 0.019)}


class TooBigToSolve(Limit):
    """A request whose search passed its budget; the stages above may add the depth of
    a map that is solved within it (``depth``, and what that depth ``draws``)."""

    #: What tells this refusal from other usage errors (``counts.facts`` words it).
    unsolved = True

    def __init__(self, template: str, /, draws: str = "", **options: object) -> None:
        super().__init__(template, **options)
        self.draws = draws


def cost(geometry: Geometry) -> float:
    """Microseconds of one core a position searched costs on a board under its rules:
    measured (``MEASURED``), else fitted (``FITTED``)."""
    g = geometry
    wider = g if g.rows <= g.cols else Geometry(g.cols, g.rows, g.k, g.misere)
    found: float | None = MEASURED.get(wider.name)
    if found is not None:
        return found
    a, b = FITTED[g.misere]
    return a + b * len(g.lines)


def default_limit(geometry: Geometry) -> int:
    """The positions a request may search by default on a board: ``BUDGET_SECONDS``'
    worth at its ``cost``, to three significant digits (a number a person can reason
    about, and type)."""
    n = int(BUDGET_SECONDS * 1_000_000 / cost(geometry))
    step = 10 ** max(len(str(n)) - 3, 0)
    return int(n // step * step)


def search_limit(given: int | None, geometry: Geometry) -> tuple[int, bool]:
    """The positions one request may search, and whether the user chose that
    (``given``: ``--search-limit``; else ``$TTT_MAPS_SEARCH_LIMIT``: ASCII digits, 0 for
    the default)."""
    if given is not None:
        return given, True

    given = whole_number("TTT_MAPS_SEARCH_LIMIT", 0, meaning="a number of positions")
    return (given, True) if given > 0 else (default_limit(geometry), False)
