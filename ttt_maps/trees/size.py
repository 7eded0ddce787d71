"""How big a map is, known before it is drawn.

A map draws one board for each of its player's turns along every line of
play, so a position reached by two move orders is drawn twice. The boards
are counted level by level (a level is one more of the player's moves,
as the map nests them), from the positions of each level and how many lines
of play reach each one, with the policy's choice made once per position.
Counting stops as soon as the map passes the limit, so a map far too big to
draw is cut (no depth asked for) or refused (asked for deeper) in the time it
takes to count what fits, with the depth that does fit.

Choosing needs the solved game, which on a big board is the slow part, so
the map is first estimated without it (``estimate``): the first levels are
known exactly (no game can end before them, so every choice draws as many
boards), and the rest are counted with a stand-in for the player that wins,
blocks and threatens as it can. A map past the limit on its exact levels,
or estimated at more than ``ESTIMATE_MARGIN`` times it, is drawn
``DEFAULT_DEPTH`` levels deep at once (or refused, asked for deeper); one
nearer the limit is counted exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from contextvars import ContextVar
from typing import TYPE_CHECKING

from ttt_maps.errors import Limit, literal
from ttt_maps.io import progress
from ttt_maps.solve.budget import TooBigToSolve
from ttt_maps.solve.folding import folder_for
from ttt_maps.solve.registry import keep_all

if TYPE_CHECKING:
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.game.position import Mark, Position
    from ttt_maps.policy.policy import Policy

#: The most boards a map may draw: the O map of 4x4, three in a row, has about
#: 15,000; past this, files and drawing times grow beyond what helps a reader.
MAX_BOARDS = 50_000
#: A map estimated at more than this many times the limit is refused before any
#: solving. Measured against the default policy's maps, the stand-in's were
#: 0.7 to 1.3 times as big on 3x3, 3x4, 3x5 and 4x4 with three in a row, and
#: 2.9 times on the X map of 2x8 (which wins faster than the stand-in does).
ESTIMATE_MARGIN = 3
#: The most positions the estimate looks at; past them it gives up and the map
#: is counted with the solver (only patient searches of big boards get there).
ESTIMATE_WORK = 100_000
#: How deep a map is drawn when no depth is asked for and the estimate says it is too
#: big to draw whole: deeper, its moves would need more searching than the budget
#: allows on the bigger boards (the X map of 5x5 with four in a row: 553 boards at
#: this depth, 11,113 at the next, each of its 10,560 last moves a search).
DEFAULT_DEPTH = 2


#: Whether a map is planned to be drawn: then one too big to draw whole is drawn less
#: deep when no depth was asked for, and a refused one is tried at the depth it
#: suggests (off inside ``sizes_only``: a caller that only reports the map as too big
#: needs neither).
_SUGGEST: ContextVar[bool] = ContextVar("ttt_maps_suggest_depth", default=True)


@contextmanager
def sizes_only() -> Iterator[None]:
    """Plan maps whose refusals are reported only as too big (``stats``): no map is drawn
    less deep than asked, and no depth that fits is tried against the search budget."""
    token = _SUGGEST.set(False)
    try:
        yield
    finally:
        _SUGGEST.reset(token)


def _nothing() -> None:
    """No one to tell (a small board)."""


class MapTooLarge(Limit):
    """A map past the limit: how big (``head``), the depth that fits (``depth``, said by
    each surface its own way: ``--depth 2``, ``depth=2``) and what it ``draws``."""

    def __init__(self, head: str, depth: int | None = None, draws: str = "") -> None:
        if depth is None:
            super().__init__(head)
        else:
            super().__init__(f"{literal(head)}; {{depth}} {literal(draws)}", depth=depth)
        self.head, self.depth = head, depth


class Plan:
    """The player's choice at every position the map draws, and the boards per level.

    ``levels[n]`` counts the boards drawn at level ``n`` (the root is level
    0); ``offset`` is 1 when the map starts at the opponent's turn (its root
    is a grid of the opponent's replies, and the player's first boards are at
    level 1), else 0.
    """

    def __init__(
        self,
        choices: dict[int, int],
        levels: list[int],
        offset: int,
        depth: int | None = None,
        limit: int | None = None,
    ) -> None:
        self.choices = choices
        self.levels = levels
        self.offset = offset
        #: The depth the map is cut at (None: it runs to every game's end).
        self.depth = depth
        #: The limit of boards that made the map less deep than asked (no depth was asked
        #: for and the whole map passes it), else None.
        self.limit = limit
        #: Whether the map stops where its deeper moves are not solved within the search
        #: budget (no depth was asked for).
        self.unsolved = False

    @property
    def boards(self) -> int:
        return sum(self.levels)


def plan_map(
    policy: Policy,
    player: Mark,
    root: Position,
    depth: int | None = None,
    max_boards: int | None = None,
) -> Plan:
    """Choose the player's move at every position of the map, level by level.

    ``depth`` stops after that level (its boards show the chosen move only);
    past ``max_boards`` boards, ``MapTooLarge`` is raised. Without a ``depth``, a
    map past ``max_boards`` is drawn less deep instead (``Plan.limit`` says so): as
    deep as fits when it was counted level by level, ``DEFAULT_DEPTH`` levels (or
    fewer, if that may not fit) when the estimate refused it before solving. A
    folded policy (``Policy.folded``) plans the folded map: one sub-map per set of
    equivalent replies.
    """
    solver = policy.solver
    goes_on, play, choose = solver.goes_on, solver.play, policy.choose_key
    replies = solver.children
    if policy.fold:
        replies = folder_for(root.geometry).replies
    start = root.key
    choices: dict[int, int] = {}
    levels: list[int] = []
    frontier: dict[int, int]
    if not goes_on(start):
        return Plan(choices, [1], 0)  # a finished game: the board itself
    if (start.bit_count() % 2 == 0) == (player == "x"):
        offset, frontier = 0, {start: 1}
    else:
        offset, levels = 1, [1]
        frontier = {after: 1 for _, after in replies(start) if goes_on(after)}
    if max_boards is not None and not policy.fold:  # the estimate counts unfolded maps
        try:
            refuse_from_estimate(player, root, depth, max_boards)
        except MapTooLarge as refused:
            if depth is None and _SUGGEST.get():
                cut = min(DEFAULT_DEPTH, DEFAULT_DEPTH if refused.depth is None else refused.depth)
                try:
                    plan = plan_map(policy, player, root, max(cut, offset), max_boards)
                except TooBigToSolve as exc:
                    plan = _as_deep_as_solved(exc, policy, player, root, max_boards)
                plan.limit = max_boards
                return plan
            if solver.whole or not _SUGGEST.get():
                raise
            # The depth that fits must also be solved within the budget: tried, as a
            # run with that --depth would.
            raise _solved_within(refused, policy, player, root, max_boards) from None
    watch: AbstractContextManager[None] = nullcontext()  # a small board takes milliseconds
    tick: Callable[[], None] = _nothing  # a listener is told how far the choosing is
    if not solver.whole:
        watch = progress.stage(
            f"choosing {player.upper()}'s moves on {root.geometry.describe()}",
            count=lambda: len(choices),
            searched=lambda: solver.searched,
        )
        tick = progress.tick
    limit: int | None = None
    try:
        with watch:
            if not solver.whole:
                # The root's value first: its proof settles most of what the first levels
                # ask (every opening of a drawn board, by strategy stealing), where asked
                # one position at a time each would be proven again from nothing.
                solver.result(start)
            while frontier:
                level = len(levels)
                levels.append(sum(frontier.values()))
                if max_boards is not None and sum(levels) > max_boards:
                    past = _too_large(player, root, levels, max_boards, depth)
                    if depth is not None or not _SUGGEST.get():
                        raise past
                    # No depth asked for: as deep as fits, every move of it chosen already.
                    depth, limit = past.depth, max_boards
                    del levels[(depth or 0) + 1 :]
                    break
                last = depth is not None and level >= depth
                following: dict[int, int] = {}
                for key, paths in frontier.items():
                    cell = choices[key] = choose(key)
                    tick()
                    if last:
                        continue
                    for _, reply in replies(play(key, cell)):
                        if goes_on(reply):
                            following[reply] = following.get(reply, 0) + paths
                frontier = following
    except TooBigToSolve as exc:
        solved = len(levels) - 2  # the level being chosen when the search gave up, less one
        if solver.whole:
            raise
        out = _with_depth(exc, player, solved, offset, sum(levels[: solved + 1]))
        if depth is not None or not _SUGGEST.get():
            raise out from None
        planned = _as_deep_as_solved(out, policy, player, root, max_boards)
    else:
        planned = Plan(choices, levels, offset, depth, limit)
    finally:
        if not solver.whole:  # what was solved is kept, even for a map refused
            keep_all()
    return planned


def _as_deep_as_solved(
    refused: TooBigToSolve, policy: Policy, player: Mark, root: Position, max_boards: int | None
) -> Plan:
    """A map asked for without a depth whose search ran out: drawn as deep as its moves
    were all chosen within the budget (chosen already, so planned again without a search),
    or the refusal when not even its first level was."""
    solved = refused.options.get("depth")
    if solved is None:
        raise refused
    plan = plan_map(policy, player, root, int(str(solved)), max_boards)
    plan.unsolved = True
    return plan


def _with_depth(
    exc: TooBigToSolve, player: Mark, solved: int, first: int, drawn: int
) -> TooBigToSolve:
    """A search refused while choosing a map's moves, with the depth whose moves were all
    chosen within the budget (``first``: the level of the player's first choice)."""
    if solved < first:
        return TooBigToSolve(
            f"{exc}; not even the first level of the {player.upper()} map is solved within it"
        )
    boards = "board" if drawn == 1 else "boards"
    draws = f"draws {drawn:,} {boards} of the {player.upper()} map and is solved within it"
    return TooBigToSolve(f"{literal(exc)}; {{depth}} {literal(draws)}", depth=solved, draws=draws)


def _solved_within(
    refused: MapTooLarge, policy: Policy, player: Mark, root: Position, max_boards: int
) -> MapTooLarge:
    """A map refused before solving, with a depth that draws within ``max_boards`` and
    is solved within the search budget: its suggested depth, or the levels of it that
    were solved when the search gave up."""
    try:
        plan_map(policy, player, root, refused.depth, max_boards)
    except TooBigToSolve as exc:
        if exc.options.get("depth") is not None:
            return MapTooLarge(refused.head, int(str(exc.options["depth"])), exc.draws)
        return MapTooLarge(
            f"{refused.head}, and not even its first level is solved within the search budget"
        )
    return refused


def _too_large(
    player: Mark, root: Position, levels: list[int], limit: int, depth: int | None
) -> MapTooLarge:
    """The error for a map past ``limit`` boards, counted up to the level that passed it."""
    offset = 1 if root.to_move != player else 0  # the first level that may end a map
    fits, drawn = offset, sum(levels[: offset + 1])
    for level in range(offset, len(levels) - 1):
        if sum(levels[: level + 1]) <= limit:
            fits, drawn = level, sum(levels[: level + 1])
    where = "" if root.count == 0 else f" from {root}"
    asked = "" if depth is None else f", to depth {depth}"
    head = (
        f"the {player.upper()} map of {root.geometry.describe()}{where}{asked}, would draw "
        f"more than {sum(levels):,} boards (at most {limit:,} are drawn)"
    )
    return MapTooLarge(head, fits, f"draws {drawn:,}")


# -- before solving: the exact first levels, then an estimate ---------------------------


class Estimate:
    """Boards per level of a map, found without the solver (``estimate``).

    ``levels`` as ``Plan.levels``; the first ``exact`` of them are exact for
    every choice the player could make, and ``bound`` bounds every level from
    above (every reply goes on).
    """

    def __init__(self) -> None:
        self.levels: list[int] = []
        self.exact = 0
        self.bound: list[int] = []


def estimate(
    player: Mark, root: Position, depth: int | None, stop: int, work: int = ESTIMATE_WORK
) -> Estimate | None:
    """The map's boards per level, without the solver, up to ``depth`` or until they pass
    ``stop``; None when that takes more than ``work`` positions.

    A level is exact while neither side can yet complete a line nor fill the
    board, counted from the marks alone. Past that, the player is a stand-in:
    it completes a line if it can, else blocks one, else takes the cell that
    leaves it most lines one short (then the cell most lines run through).
    """
    g = root.geometry
    full, lines = g.full, g.lines
    through = [sum(line >> c & 1 for line in lines) for c in range(g.size)]
    out = Estimate()
    mine, theirs = (root.x, root.o) if player == "x" else (root.o, root.x)
    frontier: dict[tuple[int, int], int]
    if root.to_move == player:
        frontier = {(mine, theirs): 1}
    else:  # the root is a grid of the opponent's replies
        out.levels, out.bound = [1], [1]
        free = full & ~(mine | theirs)
        frontier = {}
        for c in range(g.size):
            after = theirs | 1 << c
            if free >> c & 1 and not g.has_line(after) and free != 1 << c:
                frontier[mine, after] = 1
    if out.levels:
        out.exact = 1
    exact = True
    seen = 0
    while frontier:
        level = len(out.levels)
        out.levels.append(sum(frontier.values()))
        (mine, theirs), _ = next(iter(frontier.items()))
        free = full & ~(mine | theirs)
        n_free = free.bit_count()
        # At most every cell the player left free is a reply that goes on.
        out.bound.append(out.bound[-1] * (n_free + 1) if out.bound else 1)
        if exact:
            out.exact += 1
        if sum(out.levels) > stop or (depth is not None and level >= depth):
            return out
        # The next level is exact when no move of either side can end a game here.
        k = g.k
        exact = exact and mine.bit_count() < k - 1 and theirs.bit_count() < k - 1
        exact = exact and n_free >= 3
        following: dict[tuple[int, int], int] = {}
        for (mine, theirs), paths in frontier.items():
            seen += 1
            if seen > work:
                return None
            free = full & ~(mine | theirs)
            cell = _stand_in(g, mine, theirs, free, through)
            after = mine | cell
            if g.has_line(after):
                continue
            rest = free ^ cell
            while rest:
                bit = rest & -rest
                rest ^= bit
                reply = theirs | bit
                if (free ^ cell ^ bit) and not g.has_line(reply):
                    key = (after, reply)
                    following[key] = following.get(key, 0) + paths
        frontier = following
    return out


def _stand_in(g: Geometry, mine: int, theirs: int, free: int, through: list[int]) -> int:
    """The stand-in's move (a bit): win, block, else the most threats, then most lines."""
    win = g.completions(mine) & free
    if win:
        return win & -win
    block = g.completions(theirs) & free
    if block:
        return block & -block
    best, score = 0, -1
    rest = free
    while rest:
        bit = rest & -rest
        rest ^= bit
        value = (g.completions(mine | bit) & (free ^ bit)).bit_count() * 100 + through[
            bit.bit_length() - 1
        ]
        if value > score:
            best, score = bit, value
    return best


def _fits_anyway(player: Mark, root: Position, depth: int | None, limit: int) -> bool:
    """Does the map fit within ``limit`` boards even if no game ended before the board
    was full? (The estimate's bound, worked out from the number of free cells alone.)"""
    free = root.geometry.size - root.count
    bound = total = 1
    level = 0
    if root.to_move != player:  # level 1: every reply of the opponent
        bound, free, level = free, free - 1, 1
        total += bound
    while free >= 2 and total <= limit and (depth is None or level < depth):
        bound *= free - 1  # the player's move, then every reply
        free -= 2
        total += bound
        level += 1
    return total <= limit


def refuse_from_estimate(player: Mark, root: Position, depth: int | None, limit: int) -> None:
    """``MapTooLarge`` before any solving when the map's exact levels pass ``limit`` or the
    estimate passes ``ESTIMATE_MARGIN`` times it; else nothing (the map is counted).
    A map that fits even if every reply went on (any 3x3 map) is not estimated."""
    if _fits_anyway(player, root, depth, limit):
        return
    est = estimate(player, root, depth, ESTIMATE_MARGIN * limit)
    if est is None:
        return
    exact = est.levels[: est.exact]
    if sum(exact) > limit:
        raise _too_large(player, root, exact, limit, depth)
    if sum(est.levels) <= ESTIMATE_MARGIN * limit:
        return
    # The deepest cut that surely fits: exact levels, then the bound.
    offset = 1 if root.to_move != player else 0
    fits = offset
    for level in range(offset, len(est.levels)):
        sure = exact + est.bound[len(exact) : level + 1]
        if sum(sure) <= limit:
            fits = level
    drawn = sum(exact[: fits + 1]) + sum(est.bound[len(exact) : fits + 1])
    at_most = "" if fits < len(exact) else "at most "
    where = "" if root.count == 0 else f" from {root}"
    asked = "" if depth is None else f", to depth {depth}"
    head = (
        f"the {player.upper()} map of {root.geometry.describe()}{where}{asked}, would draw "
        f"about {sum(est.levels):,} boards by level {len(est.levels) - 1} (estimated before "
        f"solving; at most {limit:,} are drawn)"
    )
    raise MapTooLarge(head, fits, f"draws {at_most}{drawn:,}")
