"""The Python API: build a strategy, render it, save it, and ask the solved game.

```python
import ttt_maps
tree = ttt_maps.strategy("x", policy="fast,novice")
svg = ttt_maps.render(tree)                      # str; pdf/png -> bytes
ttt_maps.save(tree, "x-map.pdf", size="A2")
ttt_maps.save(ttt_maps.poster(policy="yorgey"), "poster.svg")
ttt_maps.save(ttt_maps.whole(), "every-move.pdf", size="A0")
```

Each function takes its options as keyword-only arguments, the same options
(and checks) as the command line's and the docs tools' (``engine.options``): a
value is checked as the function is called and refused as ``depth=-1: …``; a
keyword a function does not take is Python's own ``TypeError``. How a request
runs (the cache, progress bars, the search limit) is a ``Settings`` value,
``settings=``, for every function that does work. The command line is a shell
over these functions and the engine (``ttt_maps.engine``) they share.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, TypeAlias, overload

from ttt_maps.backends import render_scene
from ttt_maps.compare.summary import SummaryRow as SummaryRow
from ttt_maps.counts.facts import Fewest as Fewest
from ttt_maps.counts.facts import Stats as Stats
from ttt_maps.counts.facts import collect
from ttt_maps.draw.gamebook_pages import gamebook_of
from ttt_maps.draw.scene import Scene
from ttt_maps.draw.themes import Theme
from ttt_maps.engine.build import running, scene_of, trees, whole_game
from ttt_maps.engine.checking import Report as Report
from ttt_maps.engine.checking import audit_proof, audit_text
from ttt_maps.engine.comparing import Compared as Compared
from ttt_maps.engine.comparing import compare_policies as compared
from ttt_maps.engine.options import OPTIONS, Surface, checked
from ttt_maps.engine.outputs import file_format
from ttt_maps.engine.request import Request, refuse_depth_zero
from ttt_maps.engine.solving import position_doc
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Position, parse_mark
from ttt_maps.io.files import check_target, write_atomic
from ttt_maps.language import current, speaking
from ttt_maps.play.game import Game as Game
from ttt_maps.policy.chains import PRESETS, describe_policies, parse_policy, presets_for
from ttt_maps.policy.policy import Policy
from ttt_maps.policy.tiebreak import TieBreak as TieBreak
from ttt_maps.policy.tiebreak import tie_break as chosen
from ttt_maps.reasons.explain import Why as Why
from ttt_maps.reasons.explain import explain as reason
from ttt_maps.settings import Settings
from ttt_maps.solve.cache import CacheInfo as CacheInfo
from ttt_maps.solve.cache import clear, info
from ttt_maps.solve.registry import solver_for
from ttt_maps.tables.entries import Table as Table
from ttt_maps.tables.exact import minimal_table
from ttt_maps.trees.size import MAX_BOARDS
from ttt_maps.trees.strategy import Strategy as Strategy
from ttt_maps.trees.strategy import show_with
from ttt_maps.trees.whole import WholeGame as WholeGame
from ttt_maps.trees.whole import WholeStats as WholeStats
from ttt_maps.trees.whole import whole_stats

Board = Position  # the old name of a position, which users keep

__all__ = [
    "Board",  # the old name, which users keep
    "Geometry",
    "Position",
    "Poster",
    "Settings",
    "cache_info",
    "check",
    "clear_cache",
    "compare_policies",
    "explain",
    "gamebook",
    "new_game",
    "policies",
    "poster",
    "render",
    "save",
    "solve_position",
    "stats",
    "strategy",
    "table",
    "tie_break",
    "whole",
]

#: How a function's arguments are named in its refusals.
PYTHON = Surface("python")


class Poster:
    """Both players' maps, drawn side by side like the comic (``render`` draws the poster)."""

    __slots__ = ("_svg_cache", "o", "x")

    def __init__(self, x: Strategy, o: Strategy) -> None:
        if (x.player, o.player) != ("x", "o"):
            raise UsageError(f"a poster takes X's strategy then O's, not {x.player} and {o.player}")
        self.x, self.o = x, o
        self._svg_cache: dict[str, str] = {}

    def __repr__(self) -> str:
        policies = " / ".join(sorted({self.x.policy.name, self.o.policy.name}))
        roots = " / ".join(sorted({str(self.x.root.board), str(self.o.root.board)}))
        return f"Poster(policy={policies!r}, root={roots!r})"

    def _repr_svg_(self) -> str:
        """Jupyter shows a poster as its SVG (in the language in force)."""
        key = f"svg {current()}"
        if key not in self._svg_cache:
            self._svg_cache[key] = render(self, "svg")
        return self._svg_cache[key]


Renderable: TypeAlias = Strategy | Poster | Table | WholeGame | tuple[Strategy, Strategy]


def _said(**values: Any) -> dict[str, Any]:
    """The options a call set: those not left at nothing (``None``) or off."""
    return {
        name: value for name, value in values.items() if value is not None and value is not False
    }


def _map_svg(tree: Strategy) -> str:
    return render(tree, "svg")


# Strategies show themselves as their map in a notebook (``Strategy._repr_svg_``):
# trees come before drawing in the flow, so the API lends them its renderer.
show_with(_map_svg)


@checked
def strategy(
    player: str,
    policy: str | Policy = "default",
    start: str | Position | None = None,
    *,
    board: str | Geometry | None = None,
    rules: str | None = None,
    depth: int | None = None,
    fold: bool = False,
    max_boards: int = MAX_BOARDS,
    lang: str | None = None,
    settings: Settings | None = None,
) -> Strategy:
    """The strategy tree of ``player`` (``"x"``/``"o"``) from ``start`` (default: the
    empty board), ready for ``render``/``save``, shown as its map in a notebook.

    ``policy`` is a chain or preset (``"fast,novice"``, ``"yorgey"``) that picks among
    equally good moves; ``start`` a board string such as ``"x...o...."`` or a
    ``Position``; ``board`` the board (``"3x3"``, ``"4x4k3"``...; by default the start's,
    else 3x3); ``rules`` ``"misere"`` (whoever completes a line loses); ``depth`` builds
    only as deep as a map cut there; ``fold`` draws replies that are rotations or
    reflections of each other once; ``max_boards`` (default 50,000): without ``depth`` a
    bigger map is drawn less deep, which ``Strategy.limit`` says; with one, it is refused
    with the depth that fits. ``settings`` says how to run.
    """
    given = _said(player=player, policy=policy, start=start, board=board, rules=rules,
                  depth=depth, fold=fold, max_boards=max_boards, lang=lang)  # fmt: skip
    with running(settings, lang):
        request = Request(given, PYTHON, kind="map", settings=settings)
        return trees((player,), request)[player]


@checked
def poster(
    policy: str | Policy = "default",
    start: str | Position | None = None,
    *,
    board: str | Geometry | None = None,
    rules: str | None = None,
    depth: int | None = None,
    fold: bool = False,
    max_boards: int = MAX_BOARDS,
    lang: str | None = None,
    settings: Settings | None = None,
) -> Poster:
    """Both maps under one policy, ready for ``render``/``save`` (the command line's
    ``--player both``); the options as for ``strategy``."""
    given = _said(policy=policy, start=start, board=board, rules=rules, depth=depth, fold=fold,
                  max_boards=max_boards, lang=lang)  # fmt: skip
    with running(settings, lang):
        both = trees(("x", "o"), Request(given, PYTHON, kind="poster", settings=settings))
    return Poster(both["x"], both["o"])


@checked
def whole(
    start: str | Position | None = None,
    *,
    board: str | Geometry | None = None,
    rules: str | None = None,
    depth: int | None = None,
    fold: bool = True,
    max_boards: int = MAX_BOARDS,
    settings: Settings | None = None,
) -> WholeGame:
    """Every legal move from ``start`` (default: the empty board), for whoever is to move,
    ready for ``render``/``save``: the whole game on one map, each move tinted by its
    outcome for the player who makes it. Folded by symmetry unless ``fold=False`` (the
    3x3 game folded draws 31,694 boards; unfolded it is past the limit: give a
    ``depth``); ``board``, ``rules``, ``depth`` and ``max_boards`` as for ``strategy``."""
    given = _said(start=start, board=board, rules=rules, depth=depth, max_boards=max_boards)
    with running(settings):
        return whole_game(Request({**given, "fold": fold}, PYTHON, kind="whole"))


@checked
def table(
    player: str,
    /,
    *,
    board: str | Geometry | None = None,
    rules: str | None = None,
    prover: str = "auto",
    settings: Settings | None = None,
) -> Table:
    """The minimal strategy table of ``player``: the fewest positions, up to rotation,
    reflection and move order, each with its move, that play perfectly by lookup from
    the empty board, proven minimal: by default by exact search where that is quick,
    else by CP-SAT where the ``cp-sat`` extra is installed (``prover="search"`` or
    ``"cp-sat"`` chooses). ``render``/``save`` draw it as a one-page cheat sheet."""
    geometry = Request(_said(board=board, rules=rules), PYTHON, kind="game").geometry
    with running(settings):
        return minimal_table(parse_mark(player), geometry, prover=prover)


def _kind_of(obj: object) -> str:
    """What a renderable draws, as the options table names it."""
    if isinstance(obj, WholeGame):
        return "whole"
    if isinstance(obj, Table):
        return "table"
    return "map" if isinstance(obj, Strategy | Scene) else "poster"


def _players_of(obj: object) -> tuple[tuple[str, ...], Position | None]:
    """The players whose maps a renderable draws, and where they start."""
    if isinstance(obj, Strategy):
        return (obj.player,), obj.root.board
    if isinstance(obj, Poster):
        return ("x", "o"), obj.x.root.board
    return (), None


@overload
def render(
    obj: Renderable | Scene,
    format: Literal["svg", "html"] = "svg",
    *,
    theme: str | Theme = "light",
    title: str | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
    explain: bool = False,
    depth: int | None = None,
    size: str | None = None,
    width: int | None = None,
    dpi: float | None = None,
    margin: float | None = None,
    text_as_paths: bool = False,
    id_prefix: str | None = None,
    lang: str | None = None,
) -> str: ...


@overload
def render(
    obj: Renderable | Scene,
    format: Literal["pdf", "png"],
    *,
    theme: str | Theme = "light",
    title: str | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
    explain: bool = False,
    depth: int | None = None,
    size: str | None = None,
    width: int | None = None,
    dpi: float | None = None,
    margin: float | None = None,
    text_as_paths: bool = False,
    id_prefix: str | None = None,
    lang: str | None = None,
) -> bytes: ...


@overload
def render(
    obj: Renderable | Scene,
    format: str,
    *,
    theme: str | Theme = "light",
    title: str | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
    explain: bool = False,
    depth: int | None = None,
    size: str | None = None,
    width: int | None = None,
    dpi: float | None = None,
    margin: float | None = None,
    text_as_paths: bool = False,
    id_prefix: str | None = None,
    lang: str | None = None,
) -> str | bytes: ...


@checked
def render(
    obj: Renderable | Scene,
    format: str = "svg",
    *,
    theme: str | Theme = "light",
    title: str | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
    explain: bool = False,
    depth: int | None = None,
    size: str | None = None,
    width: int | None = None,
    dpi: float | None = None,
    margin: float | None = None,
    text_as_paths: bool = False,
    id_prefix: str | None = None,
    lang: str | None = None,
) -> str | bytes:
    """A map, poster, the whole game or a table (its cheat sheet: an A4 page unless
    ``size`` says otherwise) as SVG/HTML text or PDF/PNG bytes.

    ``depth`` cuts the nesting, ``alternatives`` draws other optimal moves
    faint, ``outcomes`` tints sub-maps, ``explain`` gives each red move its reason
    (SVG tooltip, the viewer's status line); ``theme`` names the colours
    (``light``, ``dark``, ``print``, ``xkcd``, ``auto``); ``title`` is drawn
    above the map (or the poster); ``size`` (``"A2"``, ``"24x36in"``),
    ``margin`` (mm, 10 by default) and ``dpi`` place PDF/PNG on a page (a PNG
    page is drawn at 300 dpi unless a ``dpi`` or ``width`` is given);
    ``width`` is the PNG's (or the embedded SVG's) width in pixels;
    ``id_prefix`` starts the SVG's ids; ``text_as_paths`` draws a PDF's text
    as outlines. An option that does not apply to what is drawn or to the format
    is a ``UsageError``, never silently ignored.
    """
    kind = _kind_of(obj)
    if kind == "table" and format in ("pdf", "png") and size is None:
        size = "A4"  # a cheat sheet is a page
    given = _said(theme=theme, title=title, alternatives=alternatives, outcomes=outcomes,
                  explain=explain, depth=depth, size=size, width=width, dpi=dpi, margin=margin,
                  text_as_paths=text_as_paths, id_prefix=id_prefix, lang=lang)  # fmt: skip
    players, start = _players_of(obj)
    with running(None, lang):
        request = Request(given, PYTHON, kind=kind)
        if start is not None:
            refuse_depth_zero(depth, players, start, start.geometry, PYTHON)
        out = request.output([format])
        scene = scene_of(obj, request.map_options, request.theme, request.title)
        data = out.draw(scene, format)
    return data.decode("utf-8") if format in ("svg", "html") else data


@checked
def save(
    obj: Renderable | Scene,
    path: str | os.PathLike[str],
    format: str | None = None,
    *,
    theme: str | Theme = "light",
    title: str | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
    explain: bool = False,
    depth: int | None = None,
    size: str | None = None,
    width: int | None = None,
    dpi: float | None = None,
    margin: float | None = None,
    text_as_paths: bool = False,
    id_prefix: str | None = None,
    lang: str | None = None,
) -> Path:
    """Render and write a file atomically; the format comes from the suffix unless given;
    the options as for ``render``.

    A failed write leaves any existing file as it was. Returns the path.
    """
    if not isinstance(path, str | os.PathLike):
        raise UsageError(f"path={path!r}: expected a file name, e.g. 'x-map.svg'")
    fmt = file_format(path, format)
    check_target(path)  # a bad path fails before the drawing, not after
    data = render(obj, fmt, theme=theme, title=title, alternatives=alternatives,
                  outcomes=outcomes, explain=explain, depth=depth, size=size, width=width,
                  dpi=dpi, margin=margin, text_as_paths=text_as_paths, id_prefix=id_prefix,
                  lang=lang)  # fmt: skip
    return write_atomic(path, data)


@checked
def gamebook(
    tree: Strategy,
    format: str = "md",
    *,
    theme: str | Theme = "light",
    size: str | None = None,
    text_as_paths: bool = False,
    lang: str | None = None,
) -> str | bytes:
    """The strategy in words: ``md`` (Markdown), ``txt`` (plain text that reads well
    aloud) or ``pdf`` (an A5 booklet with links; ``size``, ``theme`` and
    ``text_as_paths`` set its pages)."""
    if not isinstance(tree, Strategy):
        raise UsageError(f"a gamebook is one player's strategy, not a {type(tree).__name__}")
    if format != "pdf" and (size is not None or text_as_paths):
        raise UsageError(f"size and text_as_paths apply to a PDF gamebook, not to {format}")
    request = Request(_said(theme=theme, size=size), PYTHON, kind="gamebook")
    with running(None, lang):
        return gamebook_of(tree, format, render_scene, theme=request.theme, size=request.size,
                           text_as_paths=text_as_paths)  # fmt: skip


# -- the solved game, asked ------------------------------------------------------------


def _position(
    position: str | Position | None, board: str | Geometry | None, rules: str | None
) -> Position:
    """A position given to a function, on the board the options give (a ``Position`` on
    its own; the empty board when none is given); a bad one is refused as ``position=``."""
    if isinstance(position, Position):
        start = Request(_said(board=board, rules=rules, start=position), PYTHON, kind="game")
        return position if start.start is None else start.start
    geometry = Request(_said(board=board, rules=rules), PYTHON, kind="game").geometry
    if not position:
        return Position.empty(geometry)
    try:
        return Position.parse(position, geometry)
    except UsageError as exc:
        raise PYTHON.refused(OPTIONS["position"], position, exc.reason or str(exc)) from None


@checked
def solve_position(
    position: str | Position | None = None,
    /,
    policies: Sequence[str] = (),
    *,
    board: str | Geometry | None = None,
    rules: str | None = None,
    lang: str | None = None,
    settings: Settings | None = None,
) -> dict[str, Any]:
    """A position solved: its outcome, every legal move's outcome (the best marked) and
    reason, and the move each preset and each of ``policies`` chooses, as JSON-ready
    data (what ``ttt-maps solve --json`` prints). ``position`` defaults to the empty
    board; ``board`` and ``rules`` as for ``strategy``."""
    pos = _position(position, board, rules)
    with running(settings, lang):
        names = list(dict.fromkeys([*presets_for(pos.geometry), *policies]))
        chains = [(name, parse_policy(name, pos.geometry)) for name in names]
        return position_doc(pos, chains, solver_for(pos.geometry))


@checked
def stats(
    *,
    board: str | Geometry | None = None,
    rules: str | None = None,
    whole: bool = False,
    fold: bool = False,
    lang: str | None = None,
    settings: Settings | None = None,
) -> Stats | WholeStats:
    """The solved game's counts (games, positions, who wins) and each preset's map size
    (``fold``: folded maps, and the fewest boards a map can draw); with ``whole``, the
    whole game's map instead. ``as_dict()`` gives what ``stats --json`` prints."""
    geometry = Request(_said(board=board, rules=rules), PYTHON, kind="game").geometry
    with running(settings, lang):
        return whole_stats(geometry) if whole else collect(geometry, fold=fold)


@checked
def policies(
    *, board: str | Geometry | None = None, rules: str | None = None, lang: str | None = None
) -> list[tuple[str, str, str]]:
    """Every tie-break key and preset on the board: (name, ``key`` or ``preset``, what it
    prefers)."""
    geometry = Request(_said(board=board, rules=rules), PYTHON, kind="game").geometry
    with speaking(lang):
        return [
            (name, "preset" if name in PRESETS else "key", text)
            for name, text in describe_policies(geometry)
        ]


@checked
def compare_policies(
    policies: Sequence[str],
    /,
    *,
    player: str = "x",
    board: str | Geometry | None = None,
    rules: str | None = None,
    start: str | Position | None = None,
    fold: bool = False,
    depth: int | None = None,
    theme: str | Theme = "light",
    explain: bool = False,
    lang: str | None = None,
    settings: Settings | None = None,
) -> Compared:
    """Several policies' maps for ``player`` compared: ``rows`` (the summary), ``found``
    (where each differs from the first, up to rotation and reflection), ``maps(fmt)``
    (side by side, or linked viewers as html), ``differences_sheet(fmt)`` and
    ``as_json()``."""
    if len(policies) < 2:
        raise UsageError(
            "compare_policies: give two or more policy chains, e.g. ['yorgey', 'xkcd']"
        )
    given = _said(player=player, board=board, rules=rules, start=start, fold=fold, depth=depth,
                  explain=explain, lang=lang)  # fmt: skip
    with running(settings, lang):
        request = Request(given, PYTHON, kind="map", settings=settings)
        return compared(policies, request, settings=settings)


@checked
def check(
    text: str | None = None,
    /,
    *,
    source: str = "the file",
    rules: str | None = None,
    board: str | Geometry | None = None,
    settings: Settings | None = None,
) -> Report:
    """Audit a strategy, a minimal table or a saved game (the text of its JSON file)
    against the solved game: ``perfect`` only when every move keeps its player's best
    result; ``lines``, ``summary`` and ``doc`` (what ``check --json`` prints). With
    ``rules``, a file written for other rules is refused. Without a text, ``board``: the
    proof the package ships for that board (6x5, 5x6, 6x6 with four in a row), checked
    again by code of the audit's own."""
    if text is None and board is not None:
        geometry = Request(_said(board=board, rules=rules), PYTHON, kind="game").geometry
        with running(settings):
            return audit_proof(geometry)
    if board is not None:
        raise UsageError("check takes a file or a board, not both")
    if not isinstance(text, str | bytes):
        raise UsageError(f"text={text!r}: expected the text of a strategy, table or game file")
    return audit_text(text, source, rules, settings)


@checked
def new_game(
    player: str = "x",
    policy: str | Policy = "default",
    start: str | Position | None = None,
    *,
    board: str | Geometry | None = None,
    rules: str | None = None,
    fold: bool = False,
    level: str = "perfect",
    seed: int = 0,
    lang: str | None = None,
    settings: Settings | None = None,
) -> Game:
    """A game against ``player``'s map: the map plays its red moves (``level`` says how
    often it strays, seeded by ``seed``), the caller the other side (``Game.play``)."""
    given = _said(player=player, policy=policy, start=start, board=board, rules=rules,
                  fold=fold, lang=lang)  # fmt: skip
    with running(settings, lang):
        r = Request(given, PYTHON, kind="map", settings=settings)
        return Game(parse_mark(player), r.policy, r.start, r.geometry, level, seed, r.folded)


@checked
def explain(
    position: str | Position,
    cell: int,
    /,
    *,
    board: str | Geometry | None = None,
    rules: str | None = None,
    lang: str | None = None,
) -> Why:
    """Why playing ``cell`` on ``position`` is good or bad: a win, a block, a fork, a
    forcing line, a mistake with its refutation... (``Why``: code, text, line, threats)."""
    if isinstance(cell, bool) or not isinstance(cell, int):
        raise UsageError(f"cell={cell!r}: expected a cell number, e.g. 4")
    with running(None, lang):
        return reason(_position(position, board, rules), cell)


@checked
def tie_break(
    policy: str | Policy,
    position: str | Position,
    /,
    *,
    board: str | Geometry | None = None,
    rules: str | None = None,
) -> TieBreak:
    """Which key of ``policy``'s chain chose its move on ``position`` among the equally
    good ones, and by what figure."""
    request = Request(_said(board=board, rules=rules, start=position, policy=policy), PYTHON,
                      kind="map")  # fmt: skip
    return chosen(request.policy, request.start or Position.empty(request.geometry))


def cache_info() -> CacheInfo:
    """The user's cache folder of solved bounds (bigger boards) and what is in it."""
    return info()


def clear_cache() -> tuple[list[str], list[str]]:
    """Remove the solved bounds ttt-maps kept; the names removed and those left alone."""
    removed, left = clear()
    return list(removed), list(left)
