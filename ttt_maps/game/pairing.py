"""Pairing strategies: a proof that one side can never complete a line.

Split some free cells into pairs so that every line the attacker could still
complete (one free of the defender's marks) holds a whole pair. Whenever the
attacker takes a cell of a pair, the defender takes the other one; then
every such line keeps a defender's mark, and the attacker completes none,
whoever moves first (a defender's extra mark never helps the attacker). On
boards with four in a row this settles most drawn positions after a few
moves, where a search would go on to the full board.

A ``Pairer`` holds one board's lines as bits of an int (line ``i`` is bit
``i``), so the lines left to cover are one int, and the pairs tried for one
set of lines are remembered for every position that leaves the same lines
and the same free cells on them.
"""

from __future__ import annotations

from ttt_maps.game.geometry import Geometry

#: Partial pairings one question may try before it gives up (and the position
#: is searched as usual): a count, so the answer is the same on every machine.
PAIRING_TRIES = 64
#: Positions with more lines left to cover than this are not tried: on the
#: boards where pairings decide (four in a row, up to 6x6) fewer lines remain
#: by then, and on bigger ones the attempt costs more than it saves.
PAIRING_LINES = 40


class Pairer:
    """Pairings on one board: ``covers`` answers, ``tries`` counts the work done."""

    def __init__(self, geometry: Geometry) -> None:
        lines = geometry.lines
        self.lines = lines
        #: The lines through each cell, as line bits.
        self.through = tuple(
            sum(1 << i for i, line in enumerate(lines) if line >> c & 1)
            for c in range(geometry.size)
        )
        self.all_lines = (1 << len(lines)) - 1
        #: Partial pairings tried, in all (the search counts them as work).
        self.tries = 0
        self._memo: dict[int, int] = {}
        self._pairs: dict[int, int] = {}
        self._cells: dict[int, int] = {}
        self._shift = len(lines)
        #: The most lines one pair lies on (two cells make one direction: at most k - 1
        #: lines along it, and no more than the board's length allows; 2 on 5x5 with four
        #: in a row), so that a pairing of too few pairs is refused before it is sought.
        through = self.through
        self.most = max(
            ((t & u).bit_count() for i, t in enumerate(through) for u in through[i + 1 :]),
            default=0,
        )

    def exposed(self, defender: int) -> int:
        """The lines (as line bits) that hold none of ``defender``'s marks."""
        blocked = 0
        through = self.through
        while defender:
            bit = defender & -defender
            defender ^= bit
            blocked |= through[bit.bit_length() - 1]
        return self.all_lines & ~blocked

    def cells(self, live: int) -> int:
        """The cells of the lines ``live``. (Memoised: asked at every step.)"""
        hit = self._cells.get(live)
        if hit is None:
            hit, lines, rest = 0, self.lines, live
            while rest:
                bit = rest & -rest
                rest ^= bit
                hit |= lines[bit.bit_length() - 1]
            self._cells[live] = hit
        return hit

    def covers(self, live: int, free: int) -> bool:
        """Can disjoint pairs of the cells ``free`` be chosen so that each line of ``live``
        (line bits) holds one? False also when none was found within ``PAIRING_TRIES``."""
        return self.pairing(live, free) >= 0

    def pairing(self, live: int, free: int) -> int:
        """The cells of a pairing that covers the lines ``live`` (line bits) with cells of
        ``free`` (``covers``), or -1 when none was found."""
        if not live:
            return 0
        free &= self.cells(live)
        hit = self._memo.get(free << self._shift | live)
        if hit is not None:
            return hit
        count = live.bit_count()
        if count > PAIRING_LINES or count > self.most * (free.bit_count() // 2):
            return -1  # too many lines for the pairs there is room for
        left = [PAIRING_TRIES]
        found = self._cover(live, free, left)
        self.tries += PAIRING_TRIES - max(left[0], 0)
        return found

    def _cover(self, live: int, free: int, left: list[int]) -> int:
        key = free << self._shift | live
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        left[0] -= 1
        if left[0] < 0:
            return -1  # given up: not remembered, another try may go further
        lines = self.lines
        # The line with the fewest free cells: the fewest pairs to try.
        room, fewest = 0, 99
        rest = live
        while rest:
            bit = rest & -rest
            rest ^= bit
            cells = lines[bit.bit_length() - 1] & free
            n = cells.bit_count()
            if n < fewest:
                if n < 2:
                    self._memo[key] = -1
                    return -1
                room, fewest = cells, n
        found = -1
        first = room
        while first and found < 0:
            a = first & -first
            first ^= a
            rest = first
            while rest:
                b = rest & -rest
                rest ^= b
                pair = a | b
                on = self._pairs.get(pair)
                if on is None:
                    on = self._pairs[pair] = self._lines_through(pair)
                after = live & ~on
                used = self._cover(after, free & ~pair & self.cells(after), left) if after else 0
                if used >= 0:
                    found = used | pair
                    break
        if found >= 0 or left[0] >= 0:
            self._memo[key] = found
        return found

    def _lines_through(self, pair: int) -> int:
        """The lines that hold both cells of ``pair``."""
        a = pair & -pair
        b = pair ^ a
        return self.through[a.bit_length() - 1] & self.through[b.bit_length() - 1]
