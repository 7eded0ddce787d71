"""How bigger boards are searched: alpha-beta over the bounds of each position, within a budget.

Boards of more than ``SMALL_BOARD`` cells get a ``DeepSolver``: it searches
with fail-soft alpha-beta over bounds (``_search``), as far as each question
needs, with shallow positions stored once per symmetry class, the move that
cut tried first, draws settled early by pairings (``game.pairing``: with
four or more in a row, a side that can pair off every line the other could
still make cannot lose), and a side with a mark more than a position whose
value is known doing at least as well (``_stolen_bound``). One request (a
command, an API call) may search ``search_limit`` positions in all, every
question together, then it is refused (``TooBigToSolve``): by default a
count calibrated to about ten seconds on an ordinary machine, the same for
every command (``ttt_maps.solve.budget``), so two commands that ask the same
question answer it alike. Its bounds are what the user's cache keeps
(``ttt_maps.solve.cache``). Only bigger boards import this module;
``Solver`` (``ttt_maps.solve.solver``) asks the questions and searches small
boards whole.

Scores are plain ints, larger is better for the side to move. Inside the
search a score is *absolute*: it names the ply at which the game ends
(``far - P`` for a win at ply ``P``, ``P - far`` for a loss, ``0`` a draw,
where ``far`` is more than any game lasts), so a child's score is its
parent's negated, and alpha-beta windows pass down unchanged. The solver keeps
a lower and an upper bound per position, which is all that alpha-beta needs
and lets the same bounds serve exact scores and cheap win/draw/loss questions.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from ttt_maps.game.geometry import Geometry
from ttt_maps.game.pairing import Pairer
from ttt_maps.game.symmetry import canonicaliser
from ttt_maps.io import progress
from ttt_maps.solve.budget import TooBigToSolve, search_limit
from ttt_maps.solve.solver import Solver

#: Positions with at most this many marks are stored under their symmetry
#: class's key, so a search meets each class once; deeper, the cost of finding
#: the class is more than the transpositions it would catch.
SYMMETRIC_PLIES = 6
#: A pairing tried (``game.pairing``) costs about as much as reading this many
#: lines of a position (4.5 µs): on a board of fewer lines it counts as more
#: than one position.
PAIRING_COST = 25


class DeepSolver(Solver):
    """A bigger board's solver: the questions answered by alpha-beta over bounds."""

    whole = False
    #: The first ply after a position at which its mover can win (one move on; under
    #: misère, a line the opponent has just made): then every other ply, and a loss
    #: at the plies between.
    _win_ply = 1

    def __init__(self, geometry: Geometry, limit: int | None = None, cache: bool = True) -> None:
        """``limit``: positions one request may search, however big the board (as
        ``--search-limit``); None takes ``$TTT_MAPS_SEARCH_LIMIT`` or the default
        (``default_limit``)."""
        super().__init__(geometry)
        #: Whether the user's cache may hold this solver's bounds (``--no-cache``: not).
        self.cache = cache
        self._span = bound_span(self._size)
        self.bounds: dict[int, int] = {}
        #: Positions searched by this process that were kept in the cache.
        self.kept = 0
        self.search_limit, self.patient = search_limit(limit, geometry)
        #: Where this request's budget started: positions searched, and when.
        self.started = 0
        self._clock: float | None = None
        #: Whether this request's questions may show a progress bar (``progress.shown``,
        #: asked once a request: the many quick questions of a map cost no bar's work).
        self._bars = False
        #: Where the budget ends, and where the search next stops to check it: the same,
        #: unless a listener is told of the search's progress every ``progress.TICK``.
        self._end = self._stop_at = self.search_limit
        self.refused = False
        self._open: dict[int, bool] = {}
        #: Pairings are looked for with four or more in a row: lines of three
        #: seldom hold pairs enough, and their games are won before they would.
        self._pairs = geometry.k >= 4
        self._pairer = Pairer(geometry)
        #: The positions a pairing tried counts as (``PAIRING_COST``).
        self._pairing_work = -(-PAIRING_COST // len(geometry.lines))
        self._exposed: dict[int, int] = {}
        #: The move that raised alpha or cut, by position: tried first next time.
        self._cuts: dict[int, int] = {}
        symmetric = len(geometry.symmetries) > 1
        self._symmetric_plies = SYMMETRIC_PLIES if symmetric else -1
        self._canonical: Callable[[int], int] = _itself
        if symmetric:
            self._canonical = canonicaliser(geometry)
        # Cells through which more lines run are tried first: they decide games sooner.
        self._order = tuple(1 << c for c in geometry.by_lines)

    def score(self, key: int) -> int:
        """The exact score of a legal position for its side to move (``Solver.score``).
        The result first: a draw needs nothing more. A win is then found as "a win by
        the mover's next move?", "by the one after?", and so on, each a search whose
        window ends at that ply, so that it looks no deeper than the win it asks for
        (the last move of such a search only needs the masks: ``_two_threats``); a
        loss alike, as "lost by then?"."""
        hit = self._scores.get(key)
        if hit is None:
            far = self._far
            result = self.result(key)
            plies = key.bit_count()
            value = 0
            if result > 0:
                # The probes try moves in the search's own order, not the move that
                # proved the win first, so that the first move found to win that fast
                # is the one ``first_optimal`` looks for.
                self._cuts.pop(key, None)
                ply = plies + self._win_ply
                while self._bounded(key, far - ply - 1, far - ply) < far - ply:
                    ply += 2
                value = far - ply
            elif result < 0:
                ply = plies + 1 - self._win_ply
                while self._bounded(key, ply - far, ply - far + 1) > ply - far:
                    ply += 2
                value = ply - far
            hit = value + plies if value > 0 else value - plies if value < 0 else 0
            self._scores[key] = hit
        return hit

    def result(self, key: int) -> int:
        """Win (1), draw (0) or loss (-1) for the side to move: cheaper than ``score``,
        as the search only has to settle the sign."""
        hit = self._results.get(key)
        if hit is None:
            # Two tests each with a window that ends at a draw, so that a pairing (a
            # bound at a draw) cuts wherever it holds: a win?, then a loss?
            if self._pairs:
                hit = 1 if self._bounded(key, 0, 1) > 0 else 0
                if not hit and self._bounded(key, -1, 0) < 0:
                    hit = -1
            else:  # no pairings to cut with: one search settles the sign
                value = self._bounded(key, -1, 1)
                hit = 1 if value > 0 else -1 if value < 0 else 0
            self._results[key] = hit
        return hit

    def move_results(self, key: int) -> dict[int, int]:
        """``Solver.move_results``. Most moves are settled by the opening checks of
        ``_search`` (a line made, a win left open, two threats); those are done here,
        for all moves at once, and only the rest are searched, after the position's
        own result (which bounds every move's, and lets ``_stolen_bound`` settle a
        first move)."""
        hit = self._move_results.get(key)
        if hit is not None:
            return hit
        if self._pairs:
            self.result(key)
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

    def first_optimal(self, key: int, cells: Iterable[int], fastest: bool | None) -> int | None:
        """The first of ``cells`` (free cells, in a chain's order) that keeps a drawn or
        won position's value, one test a move, where ``move_results`` settles every
        move's result first (a chain that only ranks the optimal moves needs no more).
        In a drawn position, a move the opponent cannot win after; in a won one, a move
        after which the opponent loses: as fast as the position allows (``fastest``),
        else at all (False). None in a lost position, or a won one with ``fastest`` None."""
        result = self.result(key)
        if result < 0 or (result > 0 and fastest is None):
            return None
        shift = 0 if key.bit_count() % 2 == 0 else self._size
        if result == 0:
            results = self._results
            for cell in cells:
                child = key | 1 << (cell + shift)
                known = results.get(child)
                if known is None and self._bounded(child, 0, 1) <= 0:
                    known = results[child] = 0  # not a win, nor a loss (the position is drawn)
                if known == 0:
                    return cell
            return None
        # The opponent's absolute score after the move: at most -value (a loss as soon as
        # the position's win), or below a draw.
        value = self.score(key) - key.bit_count() if fastest else 1
        for cell in cells:
            if self._bounded(key | 1 << (cell + shift), -value, 1 - value) <= -value:
                return cell
        return None

    def holding_move(self, key: int) -> int:
        """A move that keeps the side to move from losing (a win where one is known), for
        a game whose map's own choice, which needs every move's value, is past the budget:
        a line completed now; else a move known from what was searched to win, then one
        known not to lose; else the position's "can the mover lose?" proof is searched
        (one proof, its moves tried in the order that proved positions before) and the
        first move shown not to lose. In a lost position, the first move. (The game is not
        over.)"""
        size, full = self._size, self._full
        x, o = key & full, key >> size
        mine = x if x.bit_count() == o.bit_count() else o
        moves = self.children(key)
        hint = self._cuts.get(key)
        if hint is not None:  # the move that proved this position before, first
            proved = hint.bit_length() - 1
            moves = tuple(sorted(moves, key=lambda move: move[0] != proved))
        if not self.geometry.misere:
            for cell, _ in moves:
                if self.threats(mine | 1 << cell) < 0:
                    return cell  # completes a line
        held = -1
        for cell, child in moves:
            high = self._known_high(child)
            if high < 0:
                return cell  # known to win
            if high == 0 and held < 0:
                held = cell
        if held >= 0:
            return held
        if self._bounded(key, -1, 0) < 0:
            return moves[0][0]  # lost whatever is played
        hint = self._cuts.get(key)  # the search may have found the move that holds
        if hint is not None and self._known_high(key | hint << (0 if mine == x else size)) <= 0:
            return hint.bit_length() - 1
        return next(cell for cell, child in moves if self._bounded(child, 0, 1) <= 0)

    def _known_high(self, key: int) -> int:
        """The upper bound the table holds for a position, as an absolute score (more than
        any score when it holds none)."""
        slot = self._canonical(key) if key.bit_count() <= self._symmetric_plies else key
        entry = self.bounds.get(slot)
        return self._far + 1 if entry is None else entry % self._span - self._far

    def fresh_budget(self) -> None:
        """Start a new request's budget: ``search_limit`` more positions from here (a
        docs build or a notebook asks many questions in one process; each request gets
        the budget a command gets)."""
        self.started = self.searched
        self._clock = None
        self._end = self._stop_at = self.searched + self.search_limit
        self.refused = False

    def seconds(self) -> float:
        """How long this request has searched (0 before its first search)."""
        return 0.0 if self._clock is None else time.monotonic() - self._clock

    @contextmanager
    def watched(self) -> Iterator[None]:
        """Search the body with a progress bar of the budget on a terminal (``io.progress``:
        nothing when a bar is already shown, progress is off, or stderr is no terminal)."""
        with progress.stage(
            f"positions searched on {self.geometry.describe()}",
            count=lambda: self.searched - self.started,
            total=lambda: self.search_limit,
        ):
            yield

    def _can_win(self, theirs: int) -> bool:
        """Is a line still free of the opponent's marks ``theirs``? (Memoised.)"""
        hit = self._open.get(theirs)
        if hit is None:
            hit = self._open[theirs] = self.geometry.has_line(self._full & ~theirs)
        return hit

    def _defends(self, defender: int, free: int) -> bool:
        """Has ``defender`` a pairing that keeps the other side from ever completing a
        line (``ttt_maps.game.pairing``)?"""
        pairer = self._pairer
        exposed = self._exposed.get(defender)
        if exposed is None:
            exposed = self._exposed[defender] = pairer.exposed(defender)
        before = pairer.tries
        found = pairer.covers(exposed, free)
        self.searched += self._pairing_work * (pairer.tries - before)  # as positions
        return found

    def _defends_after(self, defender: int, free: int, forced: int) -> bool:
        """``_defends``, now or after one of the defender's moves: one on a line the
        other side could still make (a move elsewhere leaves the same lines to cover),
        or the block when the other side threatens to complete one (``forced``)."""
        if self._defends(defender, free):
            return True
        rest = forced or self._pairer.cells(self._exposed[defender]) & free
        while rest:
            bit = rest & -rest
            rest ^= bit
            if self._defends(defender | bit, free ^ bit):
                return True
        return False

    def _stolen_bound(self, o: int, x: int) -> bool:
        """With O to move, is some position known where the side to move cannot win and
        which is this one with X's marks and O's swapped, less one of X's? Then O cannot
        win here: X plays as that position's other side would, and its extra mark never
        helps O (strategy stealing). It settles every first move once the empty board
        is known to be drawn. Asked of shallow positions only, whose look-ups are stored
        by symmetry class."""
        bounds, canonical, size, far = self.bounds, self._canonical, self._size, self._far
        rest = x
        while rest:
            bit = rest & -rest
            rest ^= bit
            entry = bounds.get(canonical(o | (x ^ bit) << size))
            if entry is not None and entry % self._span - far <= 0:
                return True
        return False

    def _too_big(self) -> TooBigToSolve:
        """The refusal of a search past its budget (and what it searched is not kept: it
        answers nothing). Callers that know what would answer add it (``mapsize``)."""
        self.refused = True
        return TooBigToSolve(
            f"{self.geometry.describe()}, is not solved within the search budget: "
            f"{self.search_limit:,} positions searched in {self.seconds():.0f} s without an "
            "answer"
        )

    def _checkpoint(self) -> None:
        """The search has gone as far as ``_stop_at``: past the budget, the refusal;
        before it (a listener is told of the progress), a tick, and the next stop."""
        if self.searched > self._end:
            raise self._too_big()
        progress.tick()
        self._stop_at = min(self._end, self.searched + progress.TICK)

    def _bounded(self, key: int, alpha: int, beta: int) -> int:
        """The absolute score if it lies inside (alpha, beta), else a bound beyond it.
        (All of one request's questions together may visit ``search_limit`` positions.)"""
        size = self._size
        x, o = key & self._full, key >> size
        if self._clock is None:
            self._clock = time.monotonic()
            self._bars = progress_shown()
            if progress.listened():
                self._stop_at = min(self._end, self.searched + progress.TICK)
        if self._bars:
            with self.watched():
                return self._bounded_search(key, x, o, alpha, beta)
        return self._bounded_search(key, x, o, alpha, beta)

    def _bounded_search(self, key: int, x: int, o: int, alpha: int, beta: int) -> int:
        if x.bit_count() == o.bit_count():
            return self._search(key, x, o, 0, alpha, beta)
        return self._search(key, o, x, self._size, alpha, beta)

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
            self._checkpoint()
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
        bounds, span = self.bounds, self._span
        slot = self._canonical(key) if plies <= self._symmetric_plies else key
        entry = bounds.get(slot)
        if entry is not None:
            known_low, known_high = divmod(entry, span)
            if known_low - far > low:
                low = known_low - far
            if known_high - far < high:
                high = known_high - far
            if low >= high:
                return low
        # Where only a win by some ply counts (how fast is a win?), or only a loss by
        # some ply (how long does a loss last?): a line needs as many more moves as it
        # lacks marks, which may settle the question before any pairing is sought.
        if alpha > 0 and high > 0:
            soonest = far - plies - 2 * self._missing(mine, last) + 1
            if soonest < high:
                high = soonest if soonest > 0 else 0
        elif beta < 0 and low < 0 and not forced:
            latest = plies + 2 * self._missing(last, mine) - far
            if latest > low:
                low = latest if latest < 0 else 0
        if low >= beta or high <= alpha:
            return low if low >= beta else high
        # A pairing bounds the score by a draw: tried where that would cut.
        pairs = self._pairs
        if pairs and high > 0 and (alpha >= 0 or low >= 0) and self._defends(last, free):
            high = 0  # the opponent pairs off every line the mover could make
        if (
            pairs
            and low < 0
            and (beta == 0 or high <= 0)
            and self._defends_after(mine, free, forced)
        ):
            low = 0  # the mover pairs off the opponent's lines, now or after one move
        if (
            high > 0
            and shift
            and plies <= self._symmetric_plies
            and (alpha >= 0 or low >= 0)
            and self._stolen_bound(mine, last)
        ):
            high = 0  # X's extra mark: O does no better than the side to move in a drawn game
        if low >= high:
            bounds[slot] = (low + far) * span + high + far
            return low
        if low >= beta:
            return low
        if high <= alpha:
            return high
        a = alpha if alpha > low else low
        b = beta if beta < high else high
        if a > 0 and a >= far - plies - 5:
            # Only a win at the mover's next move (two threats made now, the opponent
            # unable to win first) scores above ``a``: found from the masks, no move
            # searched (a question of how fast a win is asks this at every leaf).
            return self._two_threats(key, mine, free, forced, slot, low, high)
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
        bounds[slot] = (low + far) * span + high + far
        return best

    def _missing(self, mine: int, theirs: int) -> int:
        """The fewest marks ``mine`` lacks on a line free of ``theirs`` (more than k when
        no such line is left)."""
        k = self.geometry.k
        fewest = k + 1
        for line in self.geometry.lines:
            if not line & theirs:
                lacks = k - (line & mine).bit_count()
                if lacks < fewest:
                    fewest = lacks
        return fewest

    def _two_threats(
        self, key: int, mine: int, free: int, forced: int, slot: int, low: int, high: int
    ) -> int:
        """``_search``'s score where only a win at the mover's next move counts: a move
        (the block, when the opponent threatens one line) that leaves two of the mover's
        lines one cell short wins then, as the opponent cannot both block and complete a
        line of its own (it has none one short left); without one, no win comes before
        the mover's next move but one."""
        far, plies = self._far, self._size - free.bit_count()
        threats = self.threats
        rest = forced or free
        won = 0
        while rest:
            bit = rest & -rest
            rest ^= bit
            made = threats(mine | bit) & (free ^ bit)
            if made & (made - 1):
                won = bit
                break
        if won:
            low = high = far - plies - 3
            if not forced:
                self._cuts[key] = won
        else:  # a win later, if any (or else a draw at best)
            high = min(high, max(far - plies - 5, 0))
        self.bounds[slot] = (low + far) * self._span + high + far
        return high


def progress_shown() -> bool:
    """Would progress be shown: a bar (progress asked for, stderr a terminal), or a
    listener told (``progress.listening``)? Asked once a request, so that the many quick
    questions of a map cost no bar's bookkeeping."""
    return progress.listened() or progress.shown()


def bound_span(size: int) -> int:
    """How many scores a bound can take on a board of ``size`` cells: a position's entry
    packs a lower and an upper bound, so it is below ``bound_span(size) ** 2``."""
    return 2 * (size + 2) + 1


def _itself(key: int) -> int:
    return key
