"""Pairing strategies: a proof that one side can never complete a line.

Split some free cells into pairs so that every line the attacker could still
complete (one free of the defender's marks) holds a whole pair. Whenever the
attacker takes a cell of a pair, the defender takes the other one; then
every such line keeps a defender's mark, and the attacker completes none,
whoever moves first (a defender's extra mark never helps the attacker). On
boards with four in a row this settles most drawn positions after a few
moves, where a search would go on to the full board (Hales and Jewett's
pairing strategies; Uiterwijk and van den Herik use them for m,n,k games).
"""

from __future__ import annotations

from collections.abc import Sequence

#: Pairings tried before one search gives up (and the position is searched
#: as usual): a count, so the answer is the same on every machine.
PAIRING_TRIES = 64
#: Positions with more lines left to cover than this are not tried: on the
#: boards where pairings decide (four in a row, up to 5x5) fewer lines
#: remain by then, and on bigger ones the attempt costs more than it saves.
PAIRING_LINES = 24


def open_lines(exposed: Sequence[int], free: int, k: int) -> tuple[int, ...] | None:
    """The free cells of each line in ``exposed`` (those free of the defender's
    marks), ascending; None when no pairing can be had: a line with fewer
    than two free cells (made, or a threat), or more lines than pairs of
    free cells can hold (a pair lies on at most ``k - 1`` lines)."""
    if len(exposed) > PAIRING_LINES or len(exposed) > (k - 1) * (free.bit_count() // 2):
        return None
    found = set()
    for line in exposed:
        cells = line & free
        if cells & (cells - 1) == 0:
            return None
        found.add(cells)
    return tuple(sorted(found))


def has_pairing(needs: Sequence[int]) -> tuple[bool, int]:
    """Can disjoint pairs of cells be chosen so that each mask of ``needs`` holds one?
    And how many partial pairings were tried (the work, for a search's count).
    A bounded search: False may also mean that none was found in time."""
    tries = [PAIRING_TRIES]
    found = _cover(list(needs), 0, tries)
    return found, PAIRING_TRIES - max(tries[0], 0)


def _cover(needs: list[int], used: int, tries: list[int]) -> bool:
    if not needs:
        return True
    tries[0] -= 1
    if tries[0] < 0:
        return False
    # Lines that share at most one usable cell need pairs of their own.
    apart: list[int] = []
    cells = 0
    for need in needs:
        room = need & ~used
        if room & (room - 1) == 0:
            return False
        if all((room & other).bit_count() < 2 for other in apart):
            apart.append(room)
            cells |= room
    if 2 * len(apart) > cells.bit_count():
        return False
    # The line with the fewest usable cells first: it has the fewest pairs to try.
    line = min(needs, key=lambda need: (need & ~used).bit_count())
    room = line & ~used
    first = room
    while first:
        a = first & -first
        first ^= a
        rest = first
        while rest:
            b = rest & -rest
            rest ^= b
            pair = a | b
            left = [need for need in needs if need & pair != pair]
            if _cover(left, used | pair, tries):
                return True
    return False
