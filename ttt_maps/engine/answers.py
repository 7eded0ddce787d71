"""The API's questions besides drawing, every command's work for notebooks as for the
command line: a position solved, the counts, the policies, a comparison, an audit, a
game, the cache. ``ttt_maps.api`` exports them; board strings and names are read here
as the API takes them, then the engine's modules answer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ttt_maps.errors import UsageError
from ttt_maps.settings import Settings

if TYPE_CHECKING:
    from ttt_maps.engine.checking import Report
    from ttt_maps.engine.comparing import Compared
    from ttt_maps.engine.questions import CacheInfo
    from ttt_maps.game.board import Board
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.strategies.explain import Why
    from ttt_maps.strategies.match import Game
    from ttt_maps.strategies.policy import Policy
    from ttt_maps.strategies.stats import Stats
    from ttt_maps.strategies.tiebreak import TieBreak
    from ttt_maps.strategies.tree import Strategy
    from ttt_maps.strategies.whole import WholeStats


def solve_position(
    board: str | Board = "",
    policies: Sequence[str] = (),
    *,
    geometry: str | Geometry | None = None,
    settings: Settings | None = None,
) -> dict[str, Any]:
    """A position solved: its outcome, every legal move's outcome (the best marked) and
    the move each preset and each of ``policies`` chooses, as JSON-ready data (what
    ``ttt-maps solve --json`` prints). ``board`` defaults to the empty board."""
    from ttt_maps.engine.questions import solve_position as solved

    return solved(_board(board, geometry), policies, settings)


def stats(
    *,
    geometry: str | Geometry | None = None,
    fold: bool = False,
    whole: bool = False,
    settings: Settings | None = None,
) -> Stats | WholeStats:
    """The solved game's counts (games, positions, who wins) and each preset's map size
    (``fold``: folded maps, and the fewest boards a map can draw); with ``whole``, the
    whole game's map instead. ``as_dict()`` gives what ``stats --json`` prints."""
    from ttt_maps.engine.questions import game_stats, whole_stats

    geo = _geometry(geometry)
    return whole_stats(geo, settings) if whole else game_stats(geo, fold, settings)


def policies(geometry: str | Geometry | None = None) -> list[tuple[str, str, str]]:
    """Every tie-break key and preset: (name, ``key`` or ``preset``, what it prefers)."""
    from ttt_maps.engine.questions import policy_list

    return policy_list(_geometry(geometry))


def compare_policies(
    policies: Sequence[str],
    player: str = "x",
    root: str | Board | None = None,
    *,
    geometry: str | Geometry | None = None,
    fold: bool = False,
    settings: Settings | None = None,
) -> Compared:
    """Several policies' maps for ``player`` compared: ``rows`` (the table), ``found``
    (where each differs from the first, up to rotation and reflection), ``maps(fmt)``
    (side by side, or linked viewers as html), ``sheet(fmt)`` and ``as_json()``."""
    from ttt_maps.engine.comparing import compare_policies as compared

    geo = _geometry(geometry)
    return compared(policies, player, root, geo, fold=fold, settings=settings)


def check(
    text: str,
    *,
    source: str = "the file",
    rules: str | None = None,
    settings: Settings | None = None,
) -> Report:
    """Audit a strategy, a minimal table or a saved game (the text of its JSON file)
    against the solved game: ``perfect`` only when every move keeps its player's best
    result; ``lines``, ``summary`` and ``doc`` (what ``check --json`` prints). With
    ``rules``, a file written for other rules is refused."""
    from ttt_maps.engine.checking import audit_text

    return audit_text(text, source, rules, settings)


def new_game(
    player: str = "x",
    policy: str = "default",
    root: str | Board | None = None,
    *,
    geometry: str | Geometry | None = None,
    level: str = "perfect",
    seed: int = 0,
    fold: bool = False,
    settings: Settings | None = None,
) -> Game:
    """A game against ``player``'s map: the map plays its red moves (``level`` says how
    often it strays, seeded by ``seed``), the caller the other side (``Game.play``)."""
    from ttt_maps.engine.questions import new_game as started

    geo = _geometry(geometry)
    return started(player, policy, root, geo, level=level, seed=seed, fold=fold, settings=settings)


def cache_info() -> CacheInfo:
    """The user's cache folder of solved tables (bigger boards) and what is in it."""
    from ttt_maps.engine.questions import cache_info as info

    return info()


def clear_cache() -> tuple[list[str], list[str]]:
    """Remove the solved tables ttt-maps kept; the names removed and those left alone."""
    from ttt_maps.engine.questions import clear_cache as clear

    return clear()


def choices(what: str) -> list[tuple[str, str]]:
    """The names an option takes, each with a few words: ``formats``, ``themes``,
    ``pages``, ``presets`` and ``keys``."""
    if what == "formats":
        from ttt_maps.backends import FORMATS

        return [(f, "") for f in FORMATS]
    if what == "themes":
        from ttt_maps.draw.themes import THEMES

        return [(name, "") for name in THEMES]
    if what == "pages":
        from ttt_maps.backends.page import NAMED_PAGES

        return [(name, "") for name in NAMED_PAGES]
    from ttt_maps.strategies.chains import KEY_HELP, PRESETS

    if what == "presets":
        return [(name, f"{chain}, {text}") for name, (chain, text) in PRESETS.items()]
    if what == "keys":
        return list(KEY_HELP.items())
    raise UsageError(f"no list of {what!r}")


def _geometry(geometry: str | Geometry | None) -> Geometry:
    from ttt_maps.game.geometry import STANDARD, Geometry

    return Geometry.parse(geometry) if isinstance(geometry, str) else geometry or STANDARD


def _board(board: str | Board | None, geometry: str | Geometry | None = None) -> Board:
    """A position: a Board as it is, else parsed on ``geometry`` (the empty board when
    none is given)."""
    from ttt_maps.game.board import Board

    if isinstance(board, Board):
        return board
    geo = _geometry(geometry)
    return Board.parse(board, geo) if board else Board.empty(geo)


def provers() -> tuple[str, ...]:
    """How a minimal table can be proven: ``auto`` (the quicker installed), ``search``
    (exact), ``cp-sat`` (OR-Tools)."""
    from ttt_maps.strategies.table.exact import PROVERS

    return tuple(PROVERS)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``...: a move's number in words, as the sheets say it."""
    from ttt_maps.draw.cheatsheet import ordinal as said

    return said(n)


def format_from_path(path: str) -> str:
    """The format a file name asks for by its suffix (``map.pdf`` -> ``pdf``)."""
    from ttt_maps.backends import format_from_path as suffix_format

    return suffix_format(path)


def novice_ways(misere: bool = False) -> str:
    """How the novice opponent plays, in words (under misère rules, or normal)."""
    from ttt_maps.strategies.chains import NOVICE_WAYS

    return NOVICE_WAYS[misere]


def explain(board: str | Board, cell: int, *, geometry: str | Geometry | None = None) -> Why:
    """Why playing ``cell`` on ``board`` is good or bad: a win, a block, a fork, a forcing
    line, a mistake with its refutation... (``Why``: code, text, line, threats)."""
    from ttt_maps.strategies.explain import explain as reason

    return reason(_board(board, geometry), cell)


def tie_break(
    policy: str | Policy, board: str | Board, *, geometry: str | Geometry | None = None
) -> TieBreak:
    """Which key of ``policy``'s chain chose its move on ``board`` among the equally good
    ones, and by what figure."""
    from ttt_maps.strategies.chains import parse_policy
    from ttt_maps.strategies.tiebreak import tie_break as chosen

    pos = _board(board, geometry)
    return chosen(parse_policy(policy, pos.geometry) if isinstance(policy, str) else policy, pos)


def picture_words(trees: Sequence[Strategy], stem: str) -> tuple[str, str]:
    """The strategy in words for a README under a ``<picture>`` of files named ``stem``:
    the ``aria-details`` attribute for its ``<img>``, and a collapsed ``<details>``
    holding each map's gamebook in Markdown."""
    from html import escape

    from ttt_maps.strategies.bookwriters import to_markdown
    from ttt_maps.strategies.gamebook import build_book

    ident = f"{stem}-words"
    parts = [f'<details id="{escape(ident)}">', "<summary>The strategy in words</summary>", ""]
    for tree in trees:
        parts += [to_markdown(build_book(tree), f"{stem}-{tree.player}-", level=3), ""]
    parts.append("</details>")
    return f' aria-details="{escape(ident)}"', "\n".join(parts)


def book_files(policy: str) -> list[str]:
    """The opening book files a policy chain reads (``book:PATH``), as written."""
    from ttt_maps.strategies.chains import book_files as books

    return list(books(policy))
