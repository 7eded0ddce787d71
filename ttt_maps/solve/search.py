"""How bigger boards are searched: alpha-beta over a table of bounds, within a limit.

Boards of more than ``SMALL_BOARD`` cells get a ``DeepSolver``: it searches
with fail-soft alpha-beta over bounds (``_search``), as far as each question
needs, with shallow positions stored once per symmetry class, the move that
cut tried first, and draws settled early by pairings (``game.pairing``: with
four or more in a row, a side that can pair off every line the other could
still make cannot lose). It gives up (``TooBigToSolve``) past
``SEARCH_LIMIT`` positions for one question, and a board far bigger than
that past a budget for the whole run (``TRIAL_WORK``): tried, then refused
in a second or two. Its table is what the user's cache keeps
(``ttt_maps.solve.cache``). Only bigger boards import this module;
``Solver`` (``ttt_maps.solve.solver``) asks the questions and searches small
boards whole.

Scores are plain ints, larger is better for the side to move. Inside the
search a score is *absolute*: it names the ply at which the game ends
(``far - P`` for a win at ply ``P``, ``P - far`` for a loss, ``0`` a draw,
where ``far`` is more than any game lasts), so a child's score is its
parent's negated, and alpha-beta windows pass down unchanged. The table keeps
a lower and an upper bound per position, which is all that alpha-beta needs
and lets one table serve exact scores and cheap win/draw/loss questions alike.
"""

from __future__ import annotations

from collections.abc import Callable

from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.pairing import has_pairing, open_lines
from ttt_maps.solve.solver import Solver

#: Positions with at most this many marks are stored under their symmetry
#: class's key, so a search meets each class once; deeper, the cost of finding
#: the class is more than the transpositions it would catch.
SYMMETRIC_PLIES = 6
#: Positions one question (a value, or a win/draw/loss) may search before the
#: board is given up as too big: 4x4 maps need under 1.5 million. A count, not
#: a time, so a board is refused the same way on every machine;
#: ``--search-limit`` (the settings' ``search_limit``) or ``$TTT_MAPS_SEARCH_LIMIT`` changes it.
#: A refused search is not kept in the cache.
SEARCH_LIMIT = 4_000_000
#: A board whose positions are bounded (every placement of the marks,
#: ``counting.placements``) past this many times the search limit is tried
#: within a budget (``TRIAL_WORK``), unless a limit was given: what settles
#: quickly (5x5, 7x7 with three in a row: a win found in a few hundred
#: positions; 4x5 with four: a draw) is answered, the rest refused in a
#: second or two. Boards of up to 16 cells (4x4: at most 10.2 million
#: placements) are searched up to the limit for each question.
BOUND_FACTOR = 4
#: What a board past the bound may search in one run, all questions together,
#: before it is refused: positions times the board's lines, as a position
#: costs about what its lines take to read: 705,000 positions on 4x5 with
#: four in a row, 100,000 on 7x7 with three, 62,000 on 10x10 with five
#: (``PAIRING_WORK``: pairings tried count too). A count, not a time, so a
#: board is answered or refused the same way on a fast machine and a slow one.
TRIAL_WORK = 12_000_000
#: The positions a pairing tried counts as (``game.pairing``): about the
#: work of three positions' search.
PAIRING_WORK = 3


class TooBigToSolve(UsageError):
    """A board too big to solve: past the bound before searching, or past the search
    limit while searching."""


class DeepSolver(Solver):
    """A bigger board's solver: the questions answered by alpha-beta over bounds."""

    whole = False

    def __init__(self, geometry: Geometry, limit: int | None = None, cache: bool = True) -> None:
        """``limit``: positions one question may search, however big the board (as
        ``--search-limit``); None takes ``$TTT_MAPS_SEARCH_LIMIT`` or the default, and
        tries a board past the bound within ``trial_budget`` positions in all."""
        super().__init__(geometry)
        #: Whether the user's cache may hold this solver's table (``--no-cache``: not).
        self.cache = cache
        self._span = bound_span(self._size)
        self.table: dict[int, int] = {}
        #: Positions searched by this process that were kept in the cache.
        self.kept = 0
        self.search_limit, self.patient = _search_limit(limit)
        #: Positions searched in all when the run must stop (a board past the bound).
        self.budget: int | None = None
        self._stop_at = self.search_limit
        self._sized = self.patient  # a limit was given: no bound before searching
        self.refused = False
        self._open: dict[int, bool] = {}
        self._lines, self._k = geometry.lines, geometry.k
        #: Pairings are looked for with four or more in a row: lines of three
        #: seldom hold pairs enough, and their games are won before they would.
        self._pairs = geometry.k >= 4
        self._exposed: dict[int, tuple[int, ...]] = {}
        #: The move that raised alpha or cut, by position: tried first next time.
        self._cuts: dict[int, int] = {}
        self._pairings: dict[tuple[int, ...], bool] = {}
        symmetric = len(geometry.symmetries) > 1
        self._symmetric_plies = SYMMETRIC_PLIES if symmetric else -1
        self._canonical: Callable[[int], int] = _itself
        if symmetric:
            from ttt_maps.game.symmetry import canonicaliser

            self._canonical = canonicaliser(geometry)
        # Cells through which more lines run are tried first: they decide games sooner.
        through = [sum(line >> c & 1 for line in geometry.lines) for c in range(self._size)]
        self._order = tuple(1 << c for c in sorted(range(self._size), key=lambda c: -through[c]))

    def score(self, key: int) -> int:
        """The exact score of a legal position for its side to move (``Solver.score``)."""
        hit = self._scores.get(key)
        if hit is None:
            far = self._far
            value = self._bounded(key, -far - 1, far + 1)
            plies = key.bit_count()
            hit = value + plies if value > 0 else value - plies if value < 0 else 0
            self._scores[key] = hit
        return hit

    def result(self, key: int) -> int:
        """Win (1), draw (0) or loss (-1) for the side to move: cheaper than ``score``,
        as the search only has to settle the sign."""
        hit = self._results.get(key)
        if hit is None:
            value = self._bounded(key, -1, 1)
            hit = self._results[key] = 1 if value > 0 else -1 if value < 0 else 0
        return hit

    def move_results(self, key: int) -> dict[int, int]:
        """``Solver.move_results``. Most moves are settled by the opening checks of
        ``_search`` (a line made, a win left open, two threats); those are done here,
        for all moves at once, and only the rest are searched."""
        hit = self._move_results.get(key)
        if hit is not None:
            return hit
        hit = {}
        size, full = self._size, self._full
        x, o = key & full, key >> size
        mine, theirs = (x, o) if x.bit_count() == o.bit_count() else (o, x)
        shift = 0 if mine == x else size
        threats = self.threats
        if threats(theirs) < 0:
            self._move_results[key] = hit
            return hit  # the game is over
        free = full & ~(x | o)
        their_wins = threats(theirs) & free
        memo = self._threats
        rest = free
        while rest:
            bit = rest & -rest
            rest ^= bit
            made = memo.get(mine | bit)
            if made is None:
                made = threats(mine | bit)
            left = free ^ bit
            if made < 0:
                result = -1  # this move makes a line
            elif their_wins & left:
                result = 1  # the opponent completes a line next
            elif made & left & (made & left) - 1:
                result = -1  # two threats: the opponent blocks one at most
            elif not left:
                result = 0  # the board is full
            else:
                result = self.result(key | bit << shift)
            hit[bit.bit_length() - 1] = result
        self._move_results[key] = hit
        return hit

    def check_size(self) -> None:
        """Bound the board's positions before its first search (``BOUND_FACTOR``): far
        past the search limit, the whole run may search ``trial_budget`` positions,
        unless the user gave a limit."""
        if self._sized:
            return
        from ttt_maps.game.counting import placements

        if placements(self.geometry) > BOUND_FACTOR * self.search_limit:
            self.budget = trial_budget(self.geometry)
        self._sized = True

    def fresh_budget(self) -> None:
        """Start a new request's budget: a board past the bound may search another
        ``trial_budget`` positions from here (a docs build or a notebook asks many
        questions in one process; each request gets the budget a command gets)."""
        if self.budget is not None:
            self.budget = self.searched + trial_budget(self.geometry)

    def _can_win(self, theirs: int) -> bool:
        """Is a line still free of the opponent's marks ``theirs``? (Memoised.)"""
        hit = self._open.get(theirs)
        if hit is None:
            hit = self._open[theirs] = self.geometry.has_line(self._full & ~theirs)
        return hit

    def _defends(self, defender: int, free: int) -> bool:
        """Has ``defender`` a pairing that keeps the other side from ever completing a
        line (``ttt_maps.game.pairing``)? (Memoised by the lines left to cover: a memo
        by position would outgrow the table, as each position asks after every move.)"""
        exposed = self._exposed.get(defender)
        if exposed is None:
            exposed = self._exposed[defender] = tuple(
                line for line in self._lines if not line & defender
            )
        needs = open_lines(exposed, free, self._k)
        if needs is None:
            return False
        hit = self._pairings.get(needs)
        if hit is None:
            hit, tries = has_pairing(needs)
            self._pairings[needs] = hit
            self.searched += PAIRING_WORK * tries  # counted as positions of work
        return hit

    def _defends_after(self, defender: int, free: int) -> bool:
        """``_defends``, now or after one of the defender's moves: one on a line the
        other side could still make (a move elsewhere leaves the same lines to cover)."""
        if self._defends(defender, free):
            return True
        rest = 0
        for line in self._exposed[defender]:
            rest |= line
        rest &= free
        while rest:
            bit = rest & -rest
            rest ^= bit
            if self._defends(defender | bit, free ^ bit):
                return True
        return False

    def _too_big(self) -> TooBigToSolve:
        """The refusal of a search past its limit or the run's budget (and what it
        searched is not kept: it answers nothing)."""
        self.refused = True
        over_budget = self._stop_at == self.budget
        searched = trial_budget(self.geometry) if over_budget else self.search_limit
        return TooBigToSolve(
            f"{self.geometry.describe()}, is too big to solve here: {searched:,} positions "
            "searched without an answer (--search-limit N searches up to N positions for "
            "each answer)"
        )

    def _bounded(self, key: int, alpha: int, beta: int) -> int:
        """The absolute score if it lies inside (alpha, beta), else a bound beyond it.
        (The search for one answer may visit ``search_limit`` positions.)"""
        if not self._sized:
            self.check_size()
        self._stop_at = self.searched + self.search_limit
        if self.budget is not None and self.budget < self._stop_at:
            self._stop_at = self.budget
        size = self._size
        x, o = key & self._full, key >> size
        if x.bit_count() == o.bit_count():
            return self._search(key, x, o, 0, alpha, beta)
        return self._search(key, o, x, size, alpha, beta)

    def _search(self, key: int, mine: int, last: int, shift: int, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta on absolute scores.

        ``mine`` and ``last`` are the masks of the side to move and of the side
        that just moved; ``shift`` puts a mover's bit in place in a key. Before
        any search: a mover who can complete a line wins now; one facing two
        open lines loses next ply; facing one, only the block needs searching
        (any other move loses next ply). A side whose every line holds an
        opposing mark cannot win, which bounds the score by a draw; the
        earliest possible end bounds it too. Every cut keeps the score exact.
        """
        self.searched += 1
        if self.searched > self._stop_at:
            raise self._too_big()
        far = self._far
        free = self._full & ~(mine | last)
        plies = self._size - free.bit_count()
        threats = self._threats
        theirs = threats.get(last)
        if theirs is None:
            theirs = self.threats(last)
        if theirs < 0:
            return plies - far  # the last move made a line: lost now
        if not free:
            return 0
        ours = threats.get(mine)
        if ours is None:
            ours = self.threats(mine)
        if ours & free:
            return far - plies - 1
        forced = theirs & free
        if forced & (forced - 1):
            return plies + 2 - far
        # No win before the mover's next move but one; no loss before the
        # opponent's next but one, and none at all once the board fills first.
        high = far - plies - 3
        low = min(plies + 4 - far, 0)
        opened = self._open
        if not (opened[last] if last in opened else self._can_win(last)):
            high = 0
        if not (opened[mine] if mine in opened else self._can_win(mine)):
            low = 0
            if not high:
                return 0  # neither side can complete a line
        table, span = self.table, self._span
        slot = self._canonical(key) if plies <= self._symmetric_plies else key
        entry = table.get(slot)
        if entry is not None:
            known_low, known_high = divmod(entry, span)
            if known_low - far > low:
                low = known_low - far
            if known_high - far < high:
                high = known_high - far
            if low >= high:
                return low
        # A pairing bounds the score by a draw: tried where that would cut.
        pairs = self._pairs
        if pairs and high > 0 and (alpha >= 0 or low >= 0) and self._defends(last, free):
            high = 0  # the opponent pairs off every line the mover could make
        if pairs and low < 0 and (beta <= 0 or high <= 0) and self._defends_after(mine, free):
            low = 0  # the mover pairs off the opponent's lines, now or after one move
        if low >= high:
            table[slot] = (low + far) * span + high + far
            return low
        if low >= beta:
            return low
        if high <= alpha:
            return high
        a = alpha if alpha > low else low
        b = beta if beta < high else high
        best = -far - 1
        size = self._size
        moves = self._order
        if forced:
            moves = (forced,)
        else:
            hint = self._cuts.get(key)
            if hint is not None:
                moves = (hint, *moves)  # the move that cut here before, first
        cut = 0
        for bit in moves:
            if not free & bit:
                continue
            free ^= bit  # each move once, the hint included
            s = -self._search(key | bit << shift, last, mine | bit, size - shift, -b, -a)
            if s > best:
                best = s
                if s > a:
                    a = s
                    cut = bit
                    if a >= b:
                        break
        if cut and not forced:
            self._cuts[key] = cut
        if best <= alpha or best <= low:
            high = best  # every move failed low: an upper bound
        elif best >= beta or best >= high:
            low = best
        else:
            low = high = best
        table[slot] = (low + far) * span + high + far
        return best


def bound_span(size: int) -> int:
    """How many scores a bound can take on a board of ``size`` cells: a table value
    packs a lower and an upper bound, so it is below ``bound_span(size) ** 2``."""
    return 2 * (size + 2) + 1


def trial_budget(geometry: Geometry) -> int:
    """The positions a board past the bound may search in one run (``TRIAL_WORK``)."""
    return TRIAL_WORK // len(geometry.lines)


def _search_limit(given: int | None) -> tuple[int, bool]:
    """The positions one question may search, and whether the user chose that
    (``given``: ``--search-limit``; else ``$TTT_MAPS_SEARCH_LIMIT``: ASCII digits, 0 for
    the default)."""
    if given is not None:
        return given, True
    from ttt_maps.io.environment import whole_number

    given = whole_number("TTT_MAPS_SEARCH_LIMIT", 0, meaning="a number of positions")
    return (given, True) if given > 0 else (SEARCH_LIMIT, False)


def _itself(key: int) -> int:
    return key
