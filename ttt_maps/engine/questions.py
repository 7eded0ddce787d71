"""The questions the API answers besides drawing: a position solved move by move, the
game's counts, the policies, and games played against a map. Each takes its settings
and keeps what took long to solve (``running``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ttt_maps.engine.build import running
from ttt_maps.settings import Settings

if TYPE_CHECKING:
    from ttt_maps.game.board import Board
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.solve.cache import CacheFile
    from ttt_maps.strategies.match import Game
    from ttt_maps.strategies.stats import Stats
    from ttt_maps.strategies.whole import WholeStats


def solve_position(
    pos: Board, policies: Sequence[str] = (), settings: Settings | None = None
) -> dict[str, Any]:
    """Everything ``solve`` reports on ``pos``, as JSON-ready data: the outcome, every
    legal move's outcome (the best ones marked) and reason, and the move of each board's
    presets and each of ``policies`` with its tie-break reason."""
    from ttt_maps.solve.registry import solver_for
    from ttt_maps.strategies.chains import parse_policy, presets_for
    from ttt_maps.strategies.reasons import position_doc

    with running(settings):
        names = list(dict.fromkeys([*presets_for(pos.geometry), *policies]))
        chains = [(name, parse_policy(name, pos.geometry)) for name in names]
        return position_doc(pos, chains, solver_for(pos.geometry))


def game_stats(geometry: Geometry, fold: bool = False, settings: Settings | None = None) -> Stats:
    """The solved game's counts, the empty board's value and each preset's map size."""
    from ttt_maps.strategies.stats import collect

    with running(settings):
        return collect(geometry, fold=fold)


def whole_stats(geometry: Geometry, settings: Settings | None = None) -> WholeStats:
    """The whole game's map: its boards, folded and not, and its moves."""
    from ttt_maps.strategies.whole import whole_stats as counted

    with running(settings):
        return counted(geometry)


def policy_list(geometry: Geometry) -> list[tuple[str, str, str]]:
    """(name, ``key`` or ``preset``, one line) for every key and preset on a board."""
    from ttt_maps.strategies.chains import PRESETS, describe_policies

    return [
        (name, "preset" if name in PRESETS else "key", text)
        for name, text in describe_policies(geometry)
    ]


def new_game(
    player: str,
    policy: str,
    root: str | Board | None,
    geometry: Geometry,
    *,
    level: str = "perfect",
    seed: int = 0,
    fold: bool = False,
    settings: Settings | None = None,
) -> Game:
    """A game against ``player``'s map (a ``Game``: the map plays its red moves, the
    caller the other side); ``level`` and ``seed`` say how often the map strays."""
    from ttt_maps.errors import UsageError
    from ttt_maps.game.board import Board, parse_mark
    from ttt_maps.strategies.match import Game

    if not 0 <= seed < 10**18:
        raise UsageError(f"--seed {seed}: expected 0 to {10**18 - 1}")
    start = Board.parse(root, geometry) if isinstance(root, str) else root
    with running(settings):
        return Game(parse_mark(player), policy, start, geometry, level, seed, fold)


class CacheInfo(NamedTuple):
    """The cache folder as ``cache info`` tells it: where, whether it is a folder, the
    key that signs the tables (or why it cannot be used), each file in it, and the
    states of files that ttt-maps wrote (``clear_cache`` removes those)."""

    folder: Path
    made: bool
    is_folder: bool
    key_problem: str | None
    key_file: Path | None
    files: list[CacheFile]
    ours: frozenset[str]


def cache_info() -> CacheInfo:
    """What is in the user's cache folder of solved tables."""
    import os

    from ttt_maps.solve import cache

    where = cache.folder()
    key = cache.key_file()
    return CacheInfo(
        where,
        os.path.lexists(where),
        os.path.isdir(where),
        cache.key_problem(),
        key if os.path.lexists(key) else None,
        cache.files(),
        cache.OURS,
    )


def clear_cache() -> tuple[list[str], list[str]]:
    """Remove the tables ttt-maps wrote; the names removed, and those left alone."""
    from ttt_maps.solve import cache

    removed, left = cache.clear()
    return list(removed), list(left)
