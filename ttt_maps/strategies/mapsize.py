"""How big a map is, known before it is drawn.

A map draws one board for each of its player's turns along every line of
play, so a position reached by two move orders is drawn twice. The boards
are counted level by level (a level is one more of the player's moves,
as the map nests them), from the positions of each level and how many lines
of play reach each one, with the policy's choice made once per position.
Counting stops as soon as the map passes the limit, so a map far too big to
draw is refused in the time it takes to count what fits, with the depth
that does fit.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING

from ttt_maps.errors import UsageError

if TYPE_CHECKING:
    from ttt_maps.game.board import Board, Mark
    from ttt_maps.strategies.policy import Policy

#: The most boards a map may draw: the O map of 4x4, three in a row, has about
#: 15,000; past this, files and drawing times grow beyond what helps a reader.
MAX_BOARDS = 50_000


class MapTooLarge(UsageError):
    """A map past the limit: says how big, and which depth fits."""


class Plan:
    """The player's choice at every position the map draws, and the boards per level.

    ``levels[n]`` counts the boards drawn at level ``n`` (the root is level
    0); ``offset`` is 1 when the map starts at the opponent's turn (its root
    is a grid of the opponent's replies, and the player's first boards are at
    level 1), else 0.
    """

    def __init__(self, choices: dict[int, int], levels: list[int], offset: int) -> None:
        self.choices = choices
        self.levels = levels
        self.offset = offset

    @property
    def boards(self) -> int:
        return sum(self.levels)


def plan_map(
    policy: Policy,
    player: Mark,
    root: Board,
    depth: int | None = None,
    max_boards: int | None = None,
) -> Plan:
    """Choose the player's move at every position of the map, level by level.

    ``depth`` stops after that level (its boards show the chosen move only);
    past ``max_boards`` boards, ``MapTooLarge`` is raised.
    """
    solver = policy.solver
    children, play, choose = solver.children, solver.play, policy.choose_key
    start = root.key
    choices: dict[int, int] = {}
    levels: list[int] = []
    frontier: dict[int, int]
    if not children(start):
        return Plan(choices, [1], 0)  # a finished game: the board itself
    if (start.bit_count() % 2 == 0) == (player == "x"):
        offset, frontier = 0, {start: 1}
    else:
        if depth == 0:
            raise UsageError(
                "--depth 0: this map starts at the opponent's turn, use --depth 1 or more"
            )
        offset, levels = 1, [1]
        frontier = {after: 1 for _, after in children(start) if children(after)}
    watch: AbstractContextManager[None] = nullcontext()  # a small board takes milliseconds
    if not solver.whole:
        from ttt_maps.io import progress

        watch = progress.stage(
            f"choosing {player.upper()}'s moves on {root.geometry.describe()}",
            count=lambda: len(choices),
            searched=lambda: solver.searched,
        )
    try:
        with watch:
            while frontier:
                level = len(levels)
                levels.append(sum(frontier.values()))
                if max_boards is not None and sum(levels) > max_boards:
                    raise _too_large(player, root, levels, max_boards, depth)
                last = depth is not None and level >= depth
                following: dict[int, int] = {}
                for key, paths in frontier.items():
                    cell = choices[key] = choose(key)
                    if last:
                        continue
                    for _, reply in children(play(key, cell)):
                        if children(reply):
                            following[reply] = following.get(reply, 0) + paths
                frontier = following
    finally:
        if not solver.whole:  # what was solved is kept, even for a map refused
            from ttt_maps.solve.solvers import keep_all

            keep_all()
    return Plan(choices, levels, offset)


def _too_large(
    player: Mark, root: Board, levels: list[int], limit: int, depth: int | None
) -> MapTooLarge:
    """The error for a map past ``limit`` boards, counted up to the level that passed it."""
    offset = 1 if root.to_move != player else 0  # the first level that may end a map
    fits, drawn = offset, sum(levels[: offset + 1])
    for level in range(offset, len(levels) - 1):
        if sum(levels[: level + 1]) <= limit:
            fits, drawn = level, sum(levels[: level + 1])
    where = "" if root.count == 0 else f" from {root}"
    asked = "" if depth is None else f" to depth {depth}"
    return MapTooLarge(
        f"the {player.upper()} map of {root.geometry.describe()}{where}{asked}, would draw "
        f"more than {sum(levels):,} boards (at most {limit:,} are drawn); "
        f"--depth {fits} draws {drawn:,}"
    )


def check_drawable(
    levels: tuple[int, ...], player: Mark, root: Board, depth: int | None, limit: int
) -> int:
    """The boards a map cut at ``depth`` draws, from the boards per level of its tree
    (``Strategy.levels``); ``MapTooLarge`` past ``limit``."""
    drawn = list(levels if depth is None else levels[: depth + 1])
    if sum(drawn) <= limit:
        return sum(drawn)
    while len(drawn) > 1 and sum(drawn[:-1]) > limit:
        drawn.pop()  # keep only the first level that passes the limit
    raise _too_large(player, root, drawn, limit, depth)
