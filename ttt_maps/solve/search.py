"""How the solver searches: the table of bounds, and the two searches that fill it.

Boards of up to ``SMALL_BOARD`` cells are searched whole (``_negamax``: every
position below a question, exactly; 3x3 in a few milliseconds). Bigger ones
are searched with fail-soft alpha-beta over bounds (``_search``), as far as
each question needs, with shallow positions stored once per symmetry class,
and given up (``TooBigToSolve``) past ``SEARCH_LIMIT`` positions for one
question. ``Solver`` (``ttt_maps.solve.solver``) asks the questions.

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
from ttt_maps.game.geometry import STANDARD, Geometry

Children = tuple[tuple[int, int], ...]

#: Positions with at most this many marks are stored under their symmetry
#: class's key, so a search meets each class once; deeper, the cost of finding
#: the class is more than the transpositions it would catch.
SYMMETRIC_PLIES = 6
#: Boards of up to this many cells are solved whole (3x3 in a few milliseconds).
SMALL_BOARD = 12
#: Positions one question (a value, or a win/draw/loss) may search before the
#: board is given up as too big: 4x4 maps need under 1.5 million; the 5x5
#: board is refused after 10 s and 450 MB here. A count, not a time, so a
#: board is refused the same way on every machine; ``$TTT_MAPS_SEARCH_LIMIT``
#: changes it (the tests use it). A refused search is not kept in the cache.
SEARCH_LIMIT = 4_000_000


class TooBigToSolve(UsageError):
    """A board whose search passed ``SEARCH_LIMIT`` positions without an answer."""


class Search:
    """The state of one geometry's search: its table, its caches, and the searches."""

    def __init__(self, geometry: Geometry = STANDARD) -> None:
        self.geometry = geometry
        size = geometry.size
        self._size = size
        self._full = geometry.full
        #: More plies than any game lasts, so wins, draws and losses never meet.
        self._far = size + 2
        self._span = bound_span(size)
        self.table: dict[int, int] = {}
        #: Positions searched by this process, and how many of them were kept in the cache.
        self.searched = 0
        self.kept = 0
        self.search_limit = _search_limit()
        self._stop_at = self.search_limit
        self.refused = False
        self._children: dict[int, Children] = {}
        # What the policies asked, by the position's own key: most questions recur.
        self._scores: dict[int, int] = {}
        self._results: dict[int, int] = {}
        self._move_results: dict[int, dict[int, int]] = {}
        self._threats: dict[int, int] = {}
        self._open: dict[int, bool] = {}
        #: Small boards are solved whole and exactly (every question is then a
        #: lookup); bigger ones are searched with alpha-beta, as far as each
        #: question needs, with shallow positions stored once per symmetry class.
        self.whole = size <= SMALL_BOARD
        symmetric = not self.whole and len(geometry.symmetries) > 1
        self._symmetric_plies = SYMMETRIC_PLIES if symmetric else -1
        self._canonical: Callable[[int], int] = _itself
        if symmetric:
            from ttt_maps.game.symmetry import canonicaliser

            self._canonical = canonicaliser(geometry)
        # Cells through which more lines run are tried first: they decide games sooner.
        through = [sum(line >> c & 1 for line in geometry.lines) for c in range(size)]
        self._order = tuple(1 << c for c in sorted(range(size), key=lambda c: -through[c]))

    def threats(self, mask: int) -> int:
        """The cells that would complete a line for ``mask`` (``Geometry.completions``),
        or -1 once it holds one: both facts in one memo, the search's hot path."""
        hit = self._threats.get(mask)
        if hit is None:
            g = self.geometry
            hit = -1 if g.has_line(mask) else g.completions(mask)
            self._threats[mask] = hit
        return hit

    def _can_win(self, theirs: int) -> bool:
        """Is a line still free of the opponent's marks ``theirs``? (Memoised.)"""
        hit = self._open.get(theirs)
        if hit is None:
            hit = self._open[theirs] = self.geometry.has_line(self._full & ~theirs)
        return hit

    # -- small boards: every position below a question, exactly ----------------

    def _whole_search(self, key: int) -> int:
        """``score`` on a small board: the position and everything below it that decides it."""
        x, o = key & self._full, key >> self._size
        if x.bit_count() == o.bit_count():
            return self._negamax(key, x, o, 0)
        return self._negamax(key, o, x, self._size)

    def _negamax(self, key: int, mine: int, last: int, shift: int) -> int:
        """The exact relative score of an unsolved position, and of every position below
        it that decides it, with the opening checks of ``_search`` (``mine``, ``last``
        and ``shift`` as there). No window: every reply is searched, so every score
        stored is exact and later questions are lookups."""
        self.searched += 1
        size, far = self._size, self._far
        free = self._full & ~(mine | last)
        threats = self._threats
        theirs = threats.get(last)
        if theirs is None:
            theirs = self.threats(last)
        if theirs < 0:
            score = -far  # the last move made a line: lost, 0 plies to go
        elif not free:
            score = 0
        else:
            ours = threats.get(mine)
            if ours is None:
                ours = self.threats(mine)
            forced = theirs & free
            if ours & free:
                score = far - 1
            elif forced & (forced - 1):
                score = 2 - far
            else:
                moves = forced or free
                scores = self._scores
                worst = far  # the opponent's best reply: the lowest score for them
                while moves:
                    bit = moves & -moves
                    moves ^= bit
                    child = key | bit << shift
                    s = scores.get(child)
                    if s is None:
                        s = self._negamax(child, last, mine | bit, size - shift)
                    if s < worst:
                        worst = s
                # One ply further from the end, seen from the other side.
                score = 1 - worst if worst > 0 else -1 - worst if worst < 0 else 0
        self._scores[key] = score
        return score

    # -- bigger boards: alpha-beta over bounds ----------------------------------

    def _bounded(self, key: int, alpha: int, beta: int) -> int:
        """The absolute score if it lies inside (alpha, beta), else a bound beyond it.
        (The search for one answer may visit ``search_limit`` positions.)"""
        self._stop_at = self.searched + self.search_limit
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
            self.refused = True  # what it searched is not kept: it answers nothing
            raise TooBigToSolve(
                f"{self.geometry.describe()}, is too big to solve here: "
                f"{self.search_limit:,} positions searched without an answer "
                "(boards of up to 16 cells take seconds)"
            )
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
        if low >= beta:
            return low
        if high <= alpha:
            return high
        a = alpha if alpha > low else low
        b = beta if beta < high else high
        best = -far - 1
        size = self._size
        for bit in (forced,) if forced else self._order:
            if not free & bit:
                continue
            s = -self._search(key | bit << shift, last, mine | bit, size - shift, -b, -a)
            if s > best:
                best = s
                if s > a:
                    a = s
                    if a >= b:
                        break
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


def _search_limit() -> int:
    from ttt_maps.io.environment import whole_number

    return whole_number("TTT_MAPS_SEARCH_LIMIT", SEARCH_LIMIT, meaning="a number of positions")


def _itself(key: int) -> int:
    return key
