"""The solved game: outcome and distance for any legal position, searched on demand.

Values are for the side to move: ``+1`` win, ``0`` draw, ``-1`` loss under
perfect play. The distance counts plies to the end when the winner wins as fast
as possible and the loser holds out as long as possible (a drawn game always
runs to the full board). One ``Solver`` per geometry, shared through
``solver_for``; it searches only what a question needs and remembers what it
learnt in a table, which bigger boards keep in the user's cache
(``ttt_maps.cache``).

Scores are plain ints, larger is better for the side to move, in the order
of ``Outcome.rank``. The public *score* (``score``, ``move_scores``) is
relative to the position: ``far - d`` for a win in ``d`` plies, ``d - far``
for a loss in ``d``, ``0`` for a draw, where ``far`` is more than any game
lasts. Inside the search a score is *absolute*: it names the ply at which the
game ends (``far - P`` for a win at ply ``P``, ``P - far`` for a loss), so a
child's score is its parent's negated, and alpha-beta windows pass down
unchanged. The table keeps a lower and an upper bound per position, which is
all that alpha-beta needs and lets one table serve exact scores (``score``)
and cheap win/draw/loss questions (``result``) alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple

from ttt_maps.board import Board, Mark, illegal_reason
from ttt_maps.errors import UsageError
from ttt_maps.geometry import STANDARD, Geometry

Result = Literal[-1, 0, 1]
_LABELS = {1: "win", 0: "draw", -1: "loss"}

#: The meaning of a table entry; cached tables of another version are rebuilt.
SOLVER_VERSION = 1
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


class Outcome(NamedTuple):
    """A game-theoretic value for one side: result and distance in plies.

    A named tuple (not a dataclass): cheap to make, and it orders as
    ``(result, distance)`` like the frozen dataclass it replaced.
    """

    result: int
    distance: int

    @property
    def label(self) -> str:
        """``win``, ``draw`` or ``loss``."""
        return _LABELS[self.result]

    @property
    def rank(self) -> tuple[int, int]:
        """Sort key, larger is better: win soon > win late > draw > lose late > lose soon."""
        if self.result > 0:
            return (1, -self.distance)
        if self.result < 0:
            return (-1, self.distance)
        return (0, 0)

    def after_move(self) -> Outcome:
        """A child's outcome (for its side to move) as seen by the player who moved into it."""
        return Outcome(-self.result, self.distance + 1)

    def __str__(self) -> str:
        if self.result == 0:
            return "draw"
        return f"{self.label} in {self.distance}"


Children = tuple[tuple[int, int], ...]


class Solver:
    """Alpha-beta search with a table of bounds, for one geometry.

    Keyed methods (``score``, ``result``, ``children``...) take legal positions
    as ``Board.key`` ints, unchecked; the Board methods check. ``searched``
    counts the positions the search has visited (for progress and the cache).
    """

    def __init__(self, geometry: Geometry = STANDARD) -> None:
        self.geometry = geometry
        size = geometry.size
        self._size = size
        self._full = geometry.full
        #: More plies than any game lasts, so wins, draws and losses never meet.
        self._far = size + 2
        self._span = 2 * self._far + 1
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
            from ttt_maps.symmetry import canonicaliser

            self._canonical = canonicaliser(geometry)
        # Cells through which more lines run are tried first: they decide games sooner.
        through = [sum(line >> c & 1 for line in geometry.lines) for c in range(size)]
        self._order = tuple(1 << c for c in sorted(range(size), key=lambda c: -through[c]))

    # -- positions as keys ---------------------------------------------------

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

    def children(self, key: int) -> Children:
        """(cell, key after it) for each legal move, ascending; none once the game
        is over. (Memoised: policies and trees ask about the same positions often.)"""
        hit = self._children.get(key)
        if hit is None:
            size, full = self._size, self._full
            x, o = key & full, key >> size
            x_moves = x.bit_count() == o.bit_count()
            if self.threats(o if x_moves else x) < 0:  # the last move made a line
                hit = ()
            else:
                free = full & ~(x | o)
                shift = 0 if x_moves else size
                hit = tuple([(c, key | 1 << (c + shift)) for c in range(size) if free >> c & 1])
            self._children[key] = hit
        return hit

    def play(self, key: int, cell: int) -> int:
        """The key after the side to move plays ``cell`` (no checks)."""
        return key | 1 << (cell if key.bit_count() % 2 == 0 else cell + self._size)

    def board(self, key: int) -> Board:
        """The ``Board`` of a key, for the few callers that need one."""
        return Board(key & self._full, key >> self._size, self.geometry)

    def score(self, key: int) -> int:
        """The exact score of a legal position for its side to move (module docstring)."""
        hit = self._scores.get(key)
        if hit is None:
            if self.whole:
                return self._whole_search(key)
            far = self._far
            value = self._bounded(key, -far - 1, far + 1)
            plies = key.bit_count()
            hit = value + plies if value > 0 else value - plies if value < 0 else 0
            self._scores[key] = hit
        return hit

    def result(self, key: int) -> int:
        """Win (1), draw (0) or loss (-1) for the side to move: cheaper than ``score``
        on a big board, as the search only has to settle the sign."""
        hit = self._results.get(key)
        if hit is None:
            value = self.score(key) if self.whole else self._bounded(key, -1, 1)
            hit = self._results[key] = 1 if value > 0 else -1 if value < 0 else 0
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

    def outcome_of(self, key: int) -> Outcome:
        """``outcome`` of a legal position given by its key."""
        score = self.score(key)
        if score > 0:
            return Outcome(1, self._far - score)
        if score < 0:
            return Outcome(-1, score + self._far)
        return Outcome(0, self._size - key.bit_count())

    def move_scores(self, key: int) -> dict[int, int]:
        """Each legal move and the exact score after it: the opponent's, so the lower
        the better for the mover."""
        return {cell: self.score(child) for cell, child in self.children(key)}

    def move_results(self, key: int) -> dict[int, int]:
        """Each legal move and the opponent's result after it (-1, 0, 1): the lower,
        the better for the mover. (Memoised, do not mutate: every policy starts here.)

        Most moves are settled by the opening checks of ``_search`` (a line made,
        a win left open, two threats); those are done here, for all moves at
        once, and only the rest are searched.
        """
        hit = self._move_results.get(key)
        if hit is not None:
            return hit
        if self.whole:  # every score is a lookup away
            scores, score = self._scores, self.score
            hit = {}
            for cell, child in self.children(key):
                s = scores[child] if child in scores else score(child)
                hit[cell] = 1 if s > 0 else -1 if s < 0 else 0
            self._move_results[key] = hit
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
        rest = free
        while rest:
            bit = rest & -rest
            rest ^= bit
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

    def best_cells(self, key: int) -> list[int]:
        """``best_moves`` of a legal position given by its key."""
        results = self.move_results(key)
        if not results:
            return []
        lowest = min(results.values())
        return [cell for cell, r in results.items() if r == lowest]

    # -- the public view ----------------------------------------------------

    def outcome(self, board: Board) -> Outcome:
        """Value of a legal position for its side to move."""
        self.check(board)
        return self.outcome_of(board.key)

    def move_outcomes(self, board: Board) -> dict[int, Outcome]:
        """Each legal move and what it leads to, for the player making it."""
        self.check(board)
        return {m: self.outcome_of(child).after_move() for m, child in self.children(board.key)}

    def best_moves(self, board: Board) -> list[int]:
        """The moves that keep the position's result (win, draw or loss), ascending."""
        self.check(board)
        return self.best_cells(board.key)

    def check(self, board: Board) -> None:
        """Raise unless ``board`` is a legal position of this solver's geometry."""
        if board.geometry != self.geometry:
            raise ValueError(f"solver for {self.geometry.name} given a {board.geometry.name} board")
        if board.key in self._children:
            return  # reached from a legal root, so legal
        reason = illegal_reason(self.geometry, board.x, board.o)
        if reason:
            raise UsageError(f"board {board}: illegal position: {reason}")


def _search_limit() -> int:
    import os

    text = os.environ.get("TTT_MAPS_SEARCH_LIMIT", "")
    return int(text) if text.isdigit() else SEARCH_LIMIT


def _itself(key: int) -> int:
    return key


def mover(key: int) -> Mark:
    """Side to move in a legal position: X when the marks are even."""
    return "x" if key.bit_count() % 2 == 0 else "o"


_SOLVERS: dict[Geometry, Solver] = {}


def solver_for(geometry: Geometry = STANDARD) -> Solver:
    """The shared solver of a geometry (starting from its cached table, on bigger boards)."""
    hit = _SOLVERS.get(geometry)
    if hit is None:
        hit = _SOLVERS[geometry] = Solver(geometry)
        if not hit.whole:
            from ttt_maps import cache

            cache.load(hit)
    return hit


def solvers() -> list[Solver]:
    """The solvers this process has made (for the cache, at the end of a command)."""
    return list(_SOLVERS.values())
