"""What a policy is: a chain of keys that keeps narrowing the optimal moves.

A ``Policy`` holds its parsed keys (``ttt_maps.policy.keys``; chains are
parsed from text in ``ttt_maps.policy.chains``), applies them left to
right among the moves that reach the best outcome, and memoises its choices.
Keys that look ahead (``novice``, ``compact``) assume the rest of the map is
drawn with the same policy, so a ``Policy`` memoises their values too. A
folded map (``Policy.folded``) counts its boards folded, so ``compact``
minimises the folded map. A chain that looks ahead and whose keys weigh nothing
that a rotation or reflection changes (``symmetric_part``) works once per class
of positions and closes on each position's own cells: the same moves, a quarter
of the work on the 4x4 board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Mark, Position
from ttt_maps.game.symmetry import Imager, Images, imager
from ttt_maps.solve.folding import folder_for
from ttt_maps.solve.registry import solver_for
from ttt_maps.solve.solver import Children, Solver

#: ``default`` where ``novice`` would look through too much: its look-ahead
#: covers the whole rest of the map, so it keeps to boards whose maps can be
#: drawn whole (measured: the 4x4 board with four in a row passes the
#: look-ahead limit at its first move). ``trap`` looks one reply ahead.
DEFAULT_BIG = "fast,trap"
#: ``default`` past ``TRAP_DRAWN_CELLS`` cells, where ``trap`` keeps every drawing move:
#: there the tie among equally good moves is broken by ``lines``, the order the search
#: tries moves in, so the move chosen is the one the proof of the position's value
#: found (a pairing's answer, a first move stolen from the empty board's draw), and a
#: map of 5x5 with four in a row is drawn within the search budget.
DEFAULT_LINES = "fast,lines"

#: Positions ``novice`` or ``compact`` may evaluate before they are refused (a count,
#: not a time, so the same chain always gives the same answer). Where the chain works
#: once per class of positions, each evaluation stands for its class.
LOOKAHEAD_LIMIT = 500_000
#: Boards past this many cells set no traps in a drawn position: there every reply
#: that holds is a draw to prove, hundreds of searches for one choice (5x5 with four
#: in a row: minutes), where a won or lost position's replies settle quickly.
TRAP_DRAWN_CELLS = 16


Filter = Callable[["Policy", int, list[int]], list[int]]
"""A key's filter: (policy, position as its ``Position.key``, moves) -> the moves it
keeps, a non-empty subset of ``moves`` in their order.

Keys see the position as a key, not a ``Position``, so the look-aheads build no
objects; ``policy.solver.board(key)`` gives a Position to the few that need one.
"""


class Key(NamedTuple):
    """One link of a chain: its text as written and the filter it applies."""

    text: str
    apply: Filter


class Policy:
    """A parsed chain with its memoised choices and look-ahead values.

    The work happens on positions as ``Position.key`` ints (``choose_key``,
    ``expected_at``, ``boards_below``); the Position methods check and delegate.
    """

    def __init__(self, keys: list[Key], geometry: Geometry = STANDARD, fold: bool = False) -> None:
        self.keys = keys
        self.geometry = geometry
        self.solver: Solver = solver_for(geometry)
        #: Whether the maps drawn with it are folded by symmetry (``compact`` counts so).
        self.fold = fold
        if fold:  # only folded maps load the folding
            self._replies = folder_for(geometry).replies
        else:
            self._replies = self.solver.children
        self._choice: dict[int, int] = {}
        self._expected: dict[Mark, dict[int, float]] = {"x": {}, "o": {}}
        self._boards: dict[int, int] = {}
        self._twin: Policy | None = None
        self.limit = LOOKAHEAD_LIMIT
        #: How the chain ranks the optimal moves where it tells them apart by their cells
        #: alone, so that a bigger board's search finds its choice without every move's
        #: value (``_ranked``).
        self._rank = ranked_chain(keys, geometry)
        self._first_optimal = getattr(self.solver, "first_optimal", None)
        #: A chain closed by ``lines`` chooses once per class of positions, on the class's
        #: standard turn (``turned_first``): the turns of a position get the turned move.
        self._turner = (
            imager(geometry)
            if any(k.text == "lines" for k in keys) and len(geometry.symmetries) > 1
            else None
        )
        #: Where the chain looks ahead and treats symmetric positions alike
        #: (``symmetric_part``): the keys before the closing ``first`` or ``last``, and
        #: whether that is ``first``. Choices and look-ahead values are then worked out
        #: once per class of positions (``_by_class``; 79,535 look-ahead positions of
        #: the 4x4 O map with three in a row are 17,391 classes).
        self._classed = symmetric_part(keys, geometry)
        self._imager = imager(geometry) if self._classed is not None else None
        # A look-ahead value is one per class only where the chain maximises it: then
        # whichever move ``first`` or ``last`` closes on, the value below is the same.
        weighed = {k.text for k in self._classed[0]} if self._classed is not None else set()
        self._expect_classes: Imager | Alone = (
            self._imager if self._imager is not None and "novice" in weighed else Alone()
        )
        self._boards_classes = self._imager if "compact" in weighed else None
        #: Per class (its canonical key), the moves the keys before the closing one keep,
        #: as cells of the canonical position.
        self._tied: dict[int, tuple[int, ...]] = {}

    def folded(self) -> Policy:
        """The same chain for folded maps (made once; its memos are its own)."""
        if self.fold:
            return self
        if self._twin is None:
            self._twin = Policy(self.keys, self.geometry, fold=True)
            self._twin.limit = self.limit
        return self._twin

    @property
    def name(self) -> str:
        """The chain as text, ``first`` included."""
        return ",".join(k.text for k in self.keys)

    def __repr__(self) -> str:
        return f"Policy({self.name!r})"

    # -- choosing -----------------------------------------------------------

    def choose(self, board: Position) -> int:
        """The move this policy draws for the side to move (the game is not over)."""
        hit = self._choice.get(board.key)
        if hit is None:
            self.solver.check(board)
            hit = self.choose_key(board.key)
        return hit

    def choose_key(self, pos: int) -> int:
        """``choose`` for a legal position given by its key."""
        hit = self._choice.get(pos)
        if hit is None:
            ranked = self._ranked(pos)
            if ranked is not None:
                hit = self._choice[pos] = ranked
                return hit
            if self._imager is not None:
                hit = self._choice[pos] = self._by_class(pos, self._imager.of(pos))
                return hit
            hit = self._choice[pos] = self._kept(pos, self.keys)[0]
        return hit

    def _kept(self, pos: int, keys: list[Key]) -> list[int]:
        """The optimal moves ``keys`` keep: ``_steps`` without keeping the steps (the hot
        path)."""
        moves = self._optimal(pos)
        for key in keys:
            if len(moves) == 1:
                break  # every key keeps a non-empty subset: a lone move is the choice
            moves = key.apply(self, pos, moves)
        return moves

    def _by_class(self, pos: int, images: Images) -> int:
        """``choose_key`` through the position's class: the keys run once per class (on
        the first position met of it), and the closing ``first`` or ``last`` on this
        position's own cells, so each position gets the move it would get alone."""
        assert self._classed is not None and self._imager is not None
        keys, lowest = self._classed
        canon = min(images)
        turn = images.index(canon)
        tied = self._tied.get(canon)
        if tied is None:
            ahead = self.geometry.symmetries[turn]  # a cell here -> its cell in the class's
            tied = self._tied[canon] = tuple(ahead[m] for m in self._kept(pos, keys))
        back = self._imager.back[turn]
        cells = [back[c] for c in tied]
        return min(cells) if lowest else max(cells)

    def candidates(self, board: Position) -> list[list[int]]:
        """The optimal moves, then what is left after each key (for ``solve``)."""
        self.solver.check(board)
        return self._steps(board.key)

    def _ranked(self, pos: int) -> int | None:
        """The choice on a bigger board where the chain ranks the optimal moves by their
        cells (``ranked_chain``): the first optimal move in that order, each tested on
        its own (``DeepSolver.first_optimal``); None where that does not apply (a lost
        position, a chain that looks further, a small board). A chain closed by ``lines``
        ranks the cells of the class's standard turn, and the move found there is
        turned back: the turns of one position cost one search."""
        if self._rank is None or self._first_optimal is None:
            return None
        rank, fastest = self._rank
        turner, turn = self._turner, 0
        if turner is not None:
            images = turner.of(pos)
            pos = min(images)
            turn = images.index(pos)
        cells = sorted((cell for cell, _ in self.solver.children(pos)), key=rank)
        found: int | None = self._first_optimal(pos, cells, fastest)
        if found is None or turner is None:
            return found
        return turner.back[turn][found]

    def turned_first(self, pos: int, cells: list[int]) -> int:
        """Of ``cells`` of a position, the one that comes first on the position turned to
        its class's standard turn (the smallest of its images): how ``lines`` breaks a tie,
        so that the turns of a position get the turned move."""
        turner = self._turner
        if turner is None:
            return min(cells)
        images = turner.of(pos)
        turn = self.geometry.symmetries[images.index(min(images))]
        return min(cells, key=lambda c: turn[c])

    def _optimal(self, pos: int) -> list[int]:
        """The moves that keep the game's value, where every chain starts."""
        moves = self.solver.best_cells(pos)
        if not moves:
            board = self.solver.board(pos)
            raise UsageError(f"board {board}: the game is over, there is no move to choose")
        return moves

    def _steps(self, pos: int) -> list[list[int]]:
        moves = self._optimal(pos)
        steps = [moves]
        for key in self.keys:
            moves = key.apply(self, pos, moves)
            steps.append(moves)
        return steps

    # -- look-ahead values, the rest of the map drawn with this policy -------

    def expected(self, board: Position, me: Mark) -> float:
        """Expected score for ``me`` (1 / 0.5 / 0) against the novice opponent."""
        return self.expected_at(board.key, me)

    def expected_at(self, pos: int, me: Mark) -> float:
        """``expected`` of a legal position given by its key."""
        memo = self._expected[me]
        images = self._expect_classes.of(pos)
        slot = min(images)
        hit = memo.get(slot)
        return self._expect(pos, images, slot, me, memo) if hit is None else hit

    def _expect(
        self, pos: int, images: Images, slot: int, me: Mark, memo: dict[int, float]
    ) -> float:
        """``expected_at`` on a memo miss; asks ``memo`` before each call (the hot path).

        ``memo`` holds a value per class of positions, under ``slot``, the smallest of a
        position's ``images`` (each position is its own class unless
        ``_expect_classes``); a child's images come from this position's and the move.
        The look-ahead visits several times the positions the map draws, so it works on
        masks (``_novice_cells``) rather than asking for each position's children, which
        would build and keep a tuple of moves for every one.
        """
        solver, after = self.solver, self._expect_classes.after
        g = solver.geometry
        size = g.size
        x, o = pos & g.full, pos >> size
        x_moves = x.bit_count() == o.bit_count()
        mine, last = (x, o) if x_moves else (o, x)
        free = g.full & ~(x | o)
        made = solver.threats(last)
        if made < 0 or not free:  # the game is over: a line made, or the board full
            won = (x_moves != (me == "x")) != g.misere  # under misère the line's maker lost
            value = 0.5 if made >= 0 else 1.0 if won else 0.0
        elif x_moves == (me == "x"):
            bit = self.choose_key(pos) + (0 if x_moves else size)
            child = after(images, bit)
            below = min(child)
            known = memo.get(below)
            value = self._expect(pos | 1 << bit, child, below, me, memo) if known is None else known
        else:
            if g.misere:
                novice = novice_replies(solver, pos, solver.children(pos))
            else:
                cells = _novice_cells(solver, mine, last, free)
                novice = _after(pos, cells, 0 if x_moves else size)
            total = 0.0
            for reply in novice:
                child = after(images, (reply ^ pos).bit_length() - 1)
                below = min(child)
                known = memo.get(below)
                total += self._expect(reply, child, below, me, memo) if known is None else known
            value = total / len(novice)
        memo[slot] = value
        if len(memo) > self.limit:
            raise self._too_far("novice")
        return value

    def _too_far(self, key: str) -> UsageError:
        g = self.geometry
        return UsageError(
            f"policy key {key} looks ahead through the whole rest of the map, and on "
            f"{g.describe()} that passes {self.limit:,} positions; use a chain without it, "
            f"e.g. {DEFAULT_BIG} (the default there)"
        )

    def boards_below(self, pos: int) -> int:
        """Boards the map draws below a legal position where the opponent of the
        player this policy chooses for is to move (folded, for a folded policy)."""
        classes = self._boards_classes
        slot = pos if classes is None else classes.canonical(pos)  # see ``_boards_classes``
        hit = self._boards.get(slot)
        if hit is None:
            solver = self.solver
            hit = 0
            for _, child in self._replies(pos):
                if solver.children(child):  # the game goes on: a board with a choice
                    hit += 1 + self.boards_below(solver.play(child, self.choose_key(child)))
            self._boards[slot] = hit
            if len(self._boards) > self.limit:
                raise self._too_far("compact")
        return hit


class Alone:
    """``Imager``'s part that the look-ahead uses, for chains whose values are not one
    per class: every position is its own class."""

    @staticmethod
    def of(key: int) -> Images:
        return [key]

    @staticmethod
    def after(images: Images, bit: int) -> Images:
        return [images[0] | 1 << bit]


#: How a chain ranks optimal moves by their cells, and whether a won position's moves
#: are ranked among the fastest wins (``fast`` first), all wins (no ``fast``), or not
#: ranked at all (None: ``fast`` after a key that ranks).
Ranking = tuple[Callable[[int], tuple[int, ...]], bool | None]


def ranked_chain(keys: list[Key], geometry: Geometry) -> Ranking | None:
    """How a chain chooses among the optimal moves of a drawn or won position, when each
    of its keys keeps every drawing or winning move (``fast`` in a drawn position:
    they score alike; ``trap``, past ``TRAP_DRAWN_CELLS`` cells in a drawn one), keeps
    the fastest wins before any other key ranks (``fast``), or only prefers cells
    (``center``, ``corner``, ``edge``, then ``first`` or ``last``): its choice is the
    first optimal move in that order. None when a key looks further (``novice``,
    ``compact``, ``rules``, ``random``, ``book``)."""
    prefer = {"center": geometry.centers, "corner": geometry.corners, "edge": geometry.edges}
    ranks: list[Callable[[int], int]] = []
    fastest: bool | None = False
    for key in keys:
        if key.text == "fast":
            fastest = None if ranks else True  # after a rank: a win's speed ranks second
        elif key.text == "trap" and geometry.size > TRAP_DRAWN_CELLS:
            continue
        elif key.text in prefer:
            ranks.append(_outside(prefer[key.text]))
        elif key.text == "lines":
            ranks.append(_most(geometry.lines_through))
            ranks.append(int)  # on the standard turn (``Policy._ranked``)
            break  # ``lines`` closes a chain, as ``first`` does
        elif key.text in ("first", "last"):
            ranks.append(int if key.text == "first" else int.__neg__)
            break  # one move is left: the keys after it choose nothing
        else:
            return None
    return (lambda m: tuple([rank(m) for rank in ranks])), fastest


#: Keys that choose alike in symmetric positions: what they weigh (the game's value,
#: how fast, traps, the novice's odds, boards below, cell kinds) turns with the board.
#: ``first`` and ``last`` pick by cell number, which does not: they close a chain.
SYMMETRIC_KEYS = frozenset(
    {"fast", "trap", "novice", "compact", "center", "corner", "edge", "lines"}
)
#: Keys whose values look through the rest of the map.
LOOKING_AHEAD = frozenset({"novice", "compact"})


def symmetric_part(keys: list[Key], geometry: Geometry) -> tuple[list[Key], bool] | None:
    """The keys of a chain before its closing ``first`` or ``last``, and whether it is
    ``first``, when they all choose alike in symmetric positions (``SYMMETRIC_KEYS``)
    on a board with symmetries and one of them looks ahead (``novice``, ``compact``):
    the chain's choice is then those keys' moves worked out once per class of
    positions, closed on each position's own cells. None otherwise: a book, a random
    key or the rules; or keys that weigh one position's moves only, which cost less
    than finding a class (a 3x3 X map under ``fast,last``: 3.5 M instructions more
    with classes)."""
    if len(geometry.symmetries) < 2 or not any(k.text in LOOKING_AHEAD for k in keys):
        return None
    for i, key in enumerate(keys):
        if key.text in ("first", "last"):
            return keys[:i], key.text == "first"
        if key.text not in SYMMETRIC_KEYS:
            return None
    return None  # a chain always closes with ``first`` (``parse_policy``)


def _most(through: tuple[int, ...]) -> Callable[[int], int]:
    """A rank that puts the cells on the most lines first."""
    return lambda m: -through[m]


def _outside(cells: frozenset[int]) -> Callable[[int], int]:
    """A rank that puts ``cells`` first."""
    return lambda m: m not in cells


def novice_replies(solver: Solver, pos: int, replies: Children) -> list[int]:
    """The positions a novice picks from uniformly: after a win, else a block, else any
    move; under misère, after a move that leaves the opponent only moves completing
    a line, else one that completes none of the novice's own, else any move.

    ``replies`` are the position's children, ascending, as ``Solver.children`` gives them.
    """
    g = solver.geometry
    x, o = pos & g.full, pos >> g.size
    mine, theirs = (x, o) if pos.bit_count() % 2 == 0 else (o, x)
    free = g.full & ~(x | o)
    if g.misere:
        return _misere_novice(solver, mine, theirs, free, replies)
    cells = _novice_cells(solver, mine, theirs, free)
    return [after for cell, after in replies if cells >> cell & 1]


def _novice_cells(solver: Solver, mine: int, theirs: int, free: int) -> int:
    """The cells a novice (not under misère) picks from, as a mask: a win, else a block,
    else any free cell. Neither side holds a line yet, so ``threats`` are the cells
    completing one."""
    return solver.threats(mine) & free or solver.threats(theirs) & free or free


def _after(pos: int, cells: int, shift: int) -> list[int]:
    """The positions after each move to one of ``cells``, ascending (``shift``: 0 when X
    moves, the board's size when O does), as ``Solver.children`` orders them."""
    found = []
    while cells:
        bit = cells & -cells
        cells ^= bit
        found.append(pos | bit << shift)
    return found


def _misere_novice(
    solver: Solver, mine: int, theirs: int, free: int, replies: Children
) -> list[int]:
    """``novice_replies`` under misère: force the opponent into a line, else avoid one's own."""
    own = solver.threats(mine) & free
    facing = solver.threats(theirs)
    safe = [(cell, after) for cell, after in replies if not own >> cell & 1]
    forcing = [
        after for cell, after in safe if (left := free & ~(1 << cell)) and facing & left == left
    ]
    return forcing or [after for _, after in safe] or [after for _, after in replies]
