"""The solved game: outcome and distance for any legal position, searched on demand.

Values are for the side to move: ``+1`` win, ``0`` draw, ``-1`` loss under
perfect play. The distance counts plies to the end when the winner wins as fast
as possible and the loser holds out as long as possible (a drawn game always
runs to the full board). One solver per geometry, shared through
``ttt_maps.solve.registry.solver_for``; it searches only what a question needs
and remembers what it learnt.

A ``Solver`` searches a small board (up to ``SMALL_BOARD`` cells) whole: every
position below a question, exactly, so later questions are lookups (3x3 in a
few milliseconds). Bigger boards get a ``DeepSolver``
(``ttt_maps.solve.search``: alpha-beta over bounds, a search limit, a table
the user's cache keeps), which only they import.

Scores are plain ints, larger is better for the side to move, in the order
of ``Outcome.rank``. The public *score* (``score``, ``move_scores``) is
relative to the position: ``far - d`` for a win in ``d`` plies, ``d - far``
for a loss in ``d``, ``0`` for a draw, where ``far`` is more than any game
lasts.
"""

from __future__ import annotations

from typing import NamedTuple

from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Mark, Position, illegal_reason
from ttt_maps.language import tr, tr_ctx_n, tr_n

_LABELS = {1: "win", 0: "draw", -1: "loss"}

#: (cell, key after the move) for each legal move of a position, ascending.
Children = tuple[tuple[int, int], ...]

#: Boards of up to this many cells are solved whole (3x3 in a few milliseconds).
SMALL_BOARD = 12

#: The meaning of a table entry; cached tables of another version are rebuilt.
SOLVER_VERSION = 1


def plies(n: int, *, after_in: bool = False) -> str:
    """A distance in plies (one player's move each) as every surface says it: ``1 move``,
    ``5 moves``; a reader meets one word, move, for a ply. ``after_in``: as said after
    "in" (``wins in 5 moves``), a case of its own in German."""
    if after_in:
        return tr_ctx_n("after in", "{n} move", "{n} moves", n, n=str(n))
    return tr_n("{n} move", "{n} moves", n, n=str(n))


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
            return tr("draw")
        if self.result > 0:
            return tr("win in {plies}", plies=plies(self.distance, after_in=True))
        return tr("loss in {plies}", plies=plies(self.distance, after_in=True))


class Solver:
    """The questions asked of one geometry's solved game, searched whole.

    Keyed methods (``score``, ``result``, ``children``...) take legal positions
    as ``Position.key`` ints, unchecked; the Position methods check. ``searched``
    counts the positions the search has visited (for progress and the cache).
    """

    #: Every position below a question is searched, so every score is exact.
    whole = True

    def __init__(self, geometry: Geometry = STANDARD) -> None:
        self.geometry = geometry
        size = geometry.size
        self._size = size
        self._full = geometry.full
        #: More plies than any game lasts, so wins, draws and losses never meet.
        self._far = size + 2
        #: Positions searched by this process.
        self.searched = 0
        self._children: dict[int, Children] = {}
        # What the policies asked, by the position's own key: most questions recur.
        self._scores: dict[int, int] = {}
        self._results: dict[int, int] = {}
        self._move_results: dict[int, dict[int, int]] = {}
        self._threats: dict[int, int] = {}
        #: Each cell and its bit, for the moves of a position.
        self._bits = tuple((c, 1 << c) for c in range(size))

    def threats(self, mask: int) -> int:
        """The cells that would complete a line for ``mask`` (``Geometry.completions``),
        or -1 once it holds one: both facts in one memo, the search's hot path."""
        hit = self._threats.get(mask)
        if hit is None:
            g = self.geometry
            hit = -1 if g.has_line(mask) else g.completions(mask)
            self._threats[mask] = hit
        return hit

    # -- positions as keys ---------------------------------------------------

    def children(self, key: int) -> Children:
        """(cell, key after it) for each legal move, ascending; none once the game
        is over. (Memoised: policies and trees ask about the same positions often.)"""
        hit = self._children.get(key)
        if hit is None:
            size, full = self._size, self._full
            x, o = key & full, key >> size
            x_moves = x.bit_count() == o.bit_count()
            last = o if x_moves else x
            made = self._threats.get(last)
            if made is None:
                made = self.threats(last)
            if made < 0:  # the last move made a line
                hit = ()
            else:
                free = full & ~(x | o)
                shift = 0 if x_moves else size
                hit = tuple([(c, key | bit << shift) for c, bit in self._bits if free & bit])
            self._children[key] = hit
        return hit

    def goes_on(self, key: int) -> bool:
        """Whether a legal position has a move left (no line made, a free cell): exactly
        when ``children`` is not empty, without building them (maps ask it of thousands
        of positions whose moves they never list)."""
        size, full = self._size, self._full
        x, o = key & full, key >> size
        if x | o == full:
            return False
        last = o if x.bit_count() == o.bit_count() else x
        made = self._threats.get(last)
        if made is None:
            made = self.threats(last)
        return made >= 0

    def play(self, key: int, cell: int) -> int:
        """The key after the side to move plays ``cell`` (no checks)."""
        return key | 1 << (cell if key.bit_count() % 2 == 0 else cell + self._size)

    def board(self, key: int) -> Position:
        """The ``Position`` of a key, for the few callers that need one."""
        return Position(key & self._full, key >> self._size, self.geometry)

    def score(self, key: int) -> int:
        """The exact score of a legal position for its side to move (module docstring)."""
        hit = self._scores.get(key)
        return self._whole_search(key) if hit is None else hit

    def result(self, key: int) -> int:
        """Win (1), draw (0) or loss (-1) for the side to move."""
        hit = self._results.get(key)
        if hit is None:
            value = self.score(key)
            hit = self._results[key] = 1 if value > 0 else -1 if value < 0 else 0
        return hit

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
        the better for the mover. (Memoised, do not mutate: every policy starts here.)"""
        hit = self._move_results.get(key)
        if hit is None:
            scores, score = self._scores, self.score
            hit = {}
            for cell, child in self.children(key):
                s = scores[child] if child in scores else score(child)
                hit[cell] = 1 if s > 0 else -1 if s < 0 else 0
            self._move_results[key] = hit
        return hit

    def best_cells(self, key: int) -> list[int]:
        """``best_moves`` of a legal position given by its key."""
        results = self.move_results(key)
        if not results:
            return []
        lowest = min(results.values())
        return [cell for cell, r in results.items() if r == lowest]

    def follows(self, key: int) -> bool:
        """Whether best play from a legal position can be followed move by move (as a
        mistake's refutation is): always, but where a shipped proof gives a position's
        value and not its moves (``ProvenSolver``)."""
        return True

    # -- the whole search: every position below a question, exactly ----------

    def _whole_search(self, key: int) -> int:
        """``score`` on a memo miss: the position and everything below it that decides it."""
        x, o = key & self._full, key >> self._size
        if x.bit_count() == o.bit_count():
            return self._negamax(key, x, o, 0)
        return self._negamax(key, o, x, self._size)

    def _negamax(self, key: int, mine: int, last: int, shift: int) -> int:
        """The exact relative score of an unsolved position, and of every position below
        it that decides it. ``mine`` and ``last`` are the masks of the side to move and
        of the side that just moved; ``shift`` puts a mover's bit in place in a key.
        Before any search: a mover who can complete a line wins now; one facing two
        open lines loses next ply; facing one, only the block needs searching (any
        other move loses next ply). No window: every reply is searched, so every
        score stored is exact and later questions are lookups."""
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

    # -- the public view ----------------------------------------------------

    def outcome(self, board: Position) -> Outcome:
        """Value of a legal position for its side to move."""
        self.check(board)
        return self.outcome_of(board.key)

    def move_outcomes(self, board: Position) -> dict[int, Outcome]:
        """Each legal move and what it leads to, for the player making it."""
        self.check(board)
        return {m: self.outcome_of(child).after_move() for m, child in self.children(board.key)}

    def best_moves(self, board: Position) -> list[int]:
        """The moves that keep the position's result (win, draw or loss), ascending."""
        self.check(board)
        return self.best_cells(board.key)

    def check(self, board: Position) -> None:
        """Raise unless ``board`` is a legal position of this solver's geometry."""
        if board.geometry != self.geometry:
            raise ValueError(f"solver for {self.geometry.name} given a {board.geometry.name} board")
        if board.key in self._children:
            return  # reached from a legal root, so legal
        reason = illegal_reason(self.geometry, board.x, board.o)
        if reason:
            raise UsageError(f"board {board}: illegal position: {reason}")


def mover(key: int) -> Mark:
    """Side to move in a legal position: X when the marks are even."""
    return "x" if key.bit_count() % 2 == 0 else "o"
