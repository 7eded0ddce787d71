"""The known facts of the game (SPEC section 3), computed, and map sizes.

Everything here is a pure function of a ``Geometry`` (and the shared solver),
so the same code counts a 3x3 game and, slowly, bigger ones. Games are move
sequences; they are counted by a depth-first search over positions that
memoises, per position, how many sequences continue from it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any

from ttt_maps.board import Board, Mark
from ttt_maps.geometry import STANDARD, Geometry
from ttt_maps.solver import Outcome, solver_for

#: The presets ``stats`` reports map sizes for, in this order.
PRESET_ORDER = ("yorgey", "xkcd", "default")


@dataclass(frozen=True)
class GameCounts:
    """Move sequences from the empty board.

    ``x_wins``/``o_wins``/``draws`` count games that stop at the first line;
    ``full_board`` counts sequences that fill the board, ignoring lines.
    """

    x_wins: int
    o_wins: int
    draws: int
    full_board: int

    @property
    def games(self) -> int:
        """Every game when play stops at a win."""
        return self.x_wins + self.o_wins + self.draws


def count_games(geometry: Geometry = STANDARD) -> GameCounts:
    """Count move sequences by DFS, memoised per position."""
    full, shift = geometry.full, geometry.size
    through = _lines_through(geometry)
    memo: dict[int, tuple[int, int, int, int]] = {}

    def visit(x: int, o: int, x_to_move: bool) -> tuple[int, int, int, int]:
        key = x | o << shift
        hit = memo.get(key)
        if hit is not None:
            return hit
        xw = ow = dr = fb = 0
        free = full & ~(x | o)
        if not free:
            fb = dr = 1
        while free:
            bit = free & -free
            free ^= bit
            if x_to_move:
                nx = x | bit
                if any(line & nx == line for line in through[bit]):
                    # X wins here; what follows only fills the board.
                    xw += 1
                    fb += visit(nx, o, False)[3]
                    continue
                cx, co, cd, cf = visit(nx, o, False)
            else:
                no = o | bit
                if any(line & no == line for line in through[bit]):
                    ow += 1
                    fb += visit(x, no, True)[3]
                    continue
                cx, co, cd, cf = visit(x, no, True)
            xw, ow, dr, fb = xw + cx, ow + co, dr + cd, fb + cf
        value = (xw, ow, dr, fb)
        memo[key] = value
        return value

    return GameCounts(*visit(0, 0, True))


def _lines_through(geometry: Geometry) -> dict[int, tuple[int, ...]]:
    """Cell bit -> the win lines through that cell."""
    return {
        1 << c: tuple(line for line in geometry.lines if line >> c & 1)
        for c in range(geometry.size)
    }


@dataclass(frozen=True)
class PositionCounts:
    """Positions reachable in play from the empty board (the empty board included)."""

    reachable: int
    reachable_classes: int
    terminal: int
    terminal_classes: int


def reachable_positions(geometry: Geometry = STANDARD) -> dict[int, bool]:
    """Every position reachable from the empty board: ``Board.key`` -> terminal?"""
    lines, full, shift = geometry.lines, geometry.full, geometry.size
    seen: dict[int, bool] = {}
    stack: list[tuple[int, int, bool]] = [(0, 0, True)]
    while stack:
        x, o, x_to_move = stack.pop()
        key = x | o << shift
        if key in seen:
            continue
        last = o if x_to_move else x
        free = full & ~(x | o)
        over = not free or any(line & last == line for line in lines)
        seen[key] = over
        if over:
            continue
        while free:
            bit = free & -free
            free ^= bit
            stack.append((x | bit, o, False) if x_to_move else (x, o | bit, True))
    return seen


def canonical_key(geometry: Geometry, key: int) -> int:
    """The smallest key among the images of a position under the board's symmetries
    (the key of ``Board.canonical()``)."""
    return _canonicaliser(geometry)(key)


_TABLE_LIMIT = 16


@lru_cache(maxsize=4)
def _canonicaliser(geometry: Geometry) -> Callable[[int], int]:
    """A fast ``key -> canonical key`` for one geometry: per symmetry, a table of
    the image of every set of cells (2**size entries, up to 16 cells)."""
    size, full = geometry.size, geometry.full
    if size > _TABLE_LIMIT:
        return lambda key: Board(key & full, key >> size, geometry).canonical().key
    tables: list[list[int]] = []
    for perm in geometry.symmetries:
        table = [0] * (1 << size)
        for v in range(1, 1 << size):
            low = (v & -v).bit_length() - 1
            table[v] = table[v & (v - 1)] | 1 << perm[low]
        tables.append(table)

    def canonical(key: int) -> int:
        x, o = key & full, key >> size
        return min([t[x] | t[o] << size for t in tables])

    return canonical


def count_positions(geometry: Geometry = STANDARD) -> PositionCounts:
    """Reachable and terminal positions, plain and up to rotation and reflection."""
    seen = reachable_positions(geometry)
    canonical = _canonicaliser(geometry)
    classes = {canonical(k): over for k, over in seen.items()}
    return PositionCounts(
        reachable=len(seen),
        reachable_classes=len(classes),
        terminal=sum(seen.values()),
        terminal_classes=sum(classes.values()),
    )


@dataclass(frozen=True)
class MapSize:
    """How big one player's map is under one policy (``Strategy.facts``)."""

    policy: str
    chain: str
    player: Mark
    choices: int
    positions: int
    wins: int
    draws: int
    losses: int
    boards: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def map_sizes(
    policies: Iterable[str] = PRESET_ORDER,
    geometry: Geometry = STANDARD,
    root: Board | None = None,
) -> list[MapSize]:
    """Map sizes for X and O under each policy (one parsed policy serves both players)."""
    from ttt_maps.policy import parse_policy
    from ttt_maps.tree import build_strategy

    out: list[MapSize] = []
    for name in policies:
        policy = parse_policy(name, geometry)
        for player in ("x", "o"):
            f = build_strategy(player, policy, root).facts
            out.append(
                MapSize(
                    policy=name,
                    chain=policy.name,
                    player=player,
                    choices=f.choices,
                    positions=f.positions,
                    wins=f.wins,
                    draws=f.draws,
                    losses=f.losses,
                    boards=f.boards,
                )
            )
    return out


@dataclass(frozen=True)
class Stats:
    """Everything ``ttt-maps stats`` prints."""

    geometry: Geometry
    games: GameCounts
    positions: PositionCounts
    empty: Outcome
    maps: list[MapSize]

    def as_dict(self) -> dict[str, Any]:
        g, p = self.games, self.positions
        return {
            "geometry": self.geometry.name,
            "sequences_to_full_board": g.full_board,
            "games": {
                "total": g.games,
                "x_wins": g.x_wins,
                "o_wins": g.o_wins,
                "draws": g.draws,
            },
            "positions": {
                "reachable": p.reachable,
                "reachable_up_to_symmetry": p.reachable_classes,
                "terminal": p.terminal,
                "terminal_up_to_symmetry": p.terminal_classes,
            },
            "empty_board": {"result": self.empty.label, "distance": self.empty.distance},
            "maps": [m.as_dict() for m in self.maps],
        }


def collect(geometry: Geometry = STANDARD, policies: Iterable[str] = PRESET_ORDER) -> Stats:
    """All the counts, the empty board's value and the map sizes."""
    empty = solver_for(geometry).outcome(Board.empty(geometry))
    return Stats(
        geometry,
        count_games(geometry),
        count_positions(geometry),
        empty,
        map_sizes(policies, geometry),
    )
