"""The Python API: build a strategy, render it, save it, and ask the solved game.

```python
import ttt_maps
tree = ttt_maps.strategy("x", policy="fast,novice")
svg = ttt_maps.render(tree)                      # str; pdf/png -> bytes
ttt_maps.save(tree, "x-map.pdf", size="A2")
ttt_maps.save(ttt_maps.poster(policy="yorgey"), "poster.svg")
ttt_maps.save(ttt_maps.whole(), "every-move.pdf", size="A0")
```

Every function takes the options as keywords, each declared once with the
command line's and the docs tools' (``engine.options.Options``): a value is
checked as it is everywhere, and refused as ``depth=-1: …``; an option that
does not apply to what a function makes is refused by name. How a request runs
(the cache, progress bars, the search limit) is a ``Settings`` value, taken as
``settings=`` by every function that does work. The command line is a shell
over these functions and the engine (``ttt_maps.engine``) they share.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, Unpack, overload

from ttt_maps.engine.build import running, scene_of, trees, whole_game
from ttt_maps.engine.options import DECLARED, Options, Use, python_use, read_python
from ttt_maps.engine.request import Drawing
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Position, parse_mark
from ttt_maps.language import current
from ttt_maps.settings import Settings
from ttt_maps.solve.registry import solver_for

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

if TYPE_CHECKING:  # what the functions return, for annotations (the command line's too)
    from ttt_maps.compare.summary import SummaryRow as SummaryRow
    from ttt_maps.counts.facts import Fewest as Fewest
    from ttt_maps.counts.facts import Stats as Stats
    from ttt_maps.draw.scene import Scene
    from ttt_maps.engine.checking import Report as Report
    from ttt_maps.engine.comparing import Compared as Compared
    from ttt_maps.play.game import Game as Game
    from ttt_maps.policy.policy import Policy
    from ttt_maps.policy.tiebreak import TieBreak as TieBreak
    from ttt_maps.reasons.explain import Why as Why
    from ttt_maps.solve.cache import CacheInfo as CacheInfo
    from ttt_maps.tables.entries import Table as Table
    from ttt_maps.trees.strategy import Strategy as Strategy
    from ttt_maps.trees.whole import WholeGame as WholeGame
    from ttt_maps.trees.whole import WholeStats as WholeStats


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


if TYPE_CHECKING:
    Renderable: TypeAlias = Strategy | Poster | Table | WholeGame | tuple[Strategy, Strategy]


@contextmanager
def request(
    caller: str,
    job: str,
    options: Mapping[str, Any],
    settings: Settings | None = None,
    *,
    step: str = "build",
    **subject: Any,
) -> Iterator[Drawing]:
    """The drawing a function's keywords ask for, checked in Python's words, for the
    call's work, which runs under ``settings`` and in the language ``lang=`` asks for.

    ``subject`` holds what the function takes by position (``strategy("x", "yorgey")``);
    an option of the other ``step`` (how a map is drawn, to a function that builds trees)
    is refused with the function to give it to."""
    given = dict(options)
    for name, value in subject.items():
        if value is None:
            continue
        if any(k in given for k in DECLARED[name].python or (name,)):
            raise TypeError(f"{caller}() got multiple values for argument {name!r}")
        given[name] = value
    checked = read_python(given, job, caller)
    for name in checked:
        if DECLARED[name].step not in (step, "both", ""):
            other = "render() or save()" if step == "build" else "strategy(), poster() or whole()"
            what = "how it is drawn" if step == "build" else "what is drawn"
            raise UsageError(
                f"{DECLARED[name].spelled(Use('python'))} sets {what}: give it to {other}"
            )
    with running(settings, checked.get("lang")):
        yield Drawing.read(checked, python_use(given, job), job=job)


def strategy(
    player: str,
    policy: str | Policy | None = None,
    start: str | Position | None = None,
    /,
    *,
    settings: Settings | None = None,
    **options: Unpack[Options],
) -> Strategy:
    """The strategy tree of ``player`` (``"x"``/``"o"``) from ``start`` (default: the
    empty board), ready for ``render``/``save``, shown as its map in a notebook.

    ``policy`` is a chain or preset (``"fast,novice"``, ``"yorgey"``) that picks among
    equally good moves; ``start`` a board string such as ``"x...o...."`` or a ``Position``.
    The other options as keywords: ``board`` (``"3x3"``, ``"4x4k3"``...; or the start's),
    ``rules`` (``"misere"``: whoever completes a line loses), ``depth`` (build only as
    deep as a map cut there), ``fold`` (replies that are rotations or reflections of
    each other once), ``max_boards`` (default 50,000: without ``depth`` a bigger map is
    drawn less deep, which ``Strategy.limit`` says; with one, it is refused with the depth
    that fits). ``settings`` says how to run.
    """
    with request(
        "strategy", "map", options, settings, player=player, policy=policy, start=start
    ) as drawing:
        tree = trees((drawing.player,), drawing)[drawing.player]
    _show_strategies()
    return tree


def poster(
    policy: str | Policy | None = None,
    start: str | Position | None = None,
    /,
    *,
    settings: Settings | None = None,
    **options: Unpack[Options],
) -> Poster:
    """Both maps under one policy, ready for ``render``/``save`` (the command line's
    ``--player both``); the options as for ``strategy``."""
    with request("poster", "poster", options, settings, policy=policy, start=start) as drawing:
        both = trees(("x", "o"), drawing)
    _show_strategies()
    return Poster(both["x"], both["o"])


def whole(
    start: str | Position | None = None,
    /,
    *,
    settings: Settings | None = None,
    **options: Unpack[Options],
) -> WholeGame:
    """Every legal move from ``start`` (default: the empty board), for whoever is to move,
    ready for ``render``/``save``: the whole game on one map, each move tinted by its
    outcome for the player who makes it. Folded by symmetry unless ``fold=False`` (the
    3x3 game folded draws 31,694 boards; unfolded it is past the limit: give a
    ``depth``); ``board``, ``rules``, ``depth`` and ``max_boards`` as for ``strategy``."""
    with request("whole", "whole", options, settings, start=start, whole=True) as drawing:
        return whole_game(drawing)


def table(player: str, /, *, settings: Settings | None = None, **options: Unpack[Options]) -> Table:
    """The minimal strategy table of ``player``: the fewest positions, up to rotation,
    reflection and move order, each with its move, that play perfectly by lookup from
    the empty board, proven minimal: by default by exact search where that is quick,
    else by CP-SAT where the ``cp-sat`` extra is installed (``prover="search"`` or
    ``"cp-sat"`` chooses). ``render``/``save`` draw it as a one-page cheat sheet."""
    # lazy: a cached map, `solve` and `stats` run without it
    from ttt_maps.tables.exact import minimal_table

    given: dict[str, Any] = dict(options)
    prover = DECLARED["prover"].read(given.pop("prover", "auto"), Use("python", "table"))
    with request("table", "table", given, settings, player=player) as drawing:
        return minimal_table(parse_mark(drawing.player), drawing.geometry, prover=prover)


def _show_strategies() -> None:
    """Let strategies show themselves as their map in a notebook (``Strategy._repr_svg_``):
    trees come before drawing in the flow, so the API lends them its renderer."""
    # lazy: `solve` and `table` run without it
    from ttt_maps.trees.strategy import show_with

    show_with(_map_svg)


def _map_svg(tree: Strategy) -> str:
    return render(tree, "svg")


def _job_of(obj: object) -> str:
    """What a renderable is, as an option's ``applies`` says it."""
    # lazy: `solve`, `stats` and `table` run without it
    from ttt_maps.draw.scene import Scene
    from ttt_maps.tables.entries import Table
    from ttt_maps.trees.strategy import Strategy
    from ttt_maps.trees.whole import WholeGame

    if isinstance(obj, Strategy):
        return "map"
    if isinstance(obj, WholeGame):
        return "whole"
    if isinstance(obj, Table):
        return "table"
    return "map" if isinstance(obj, Scene) else "poster"


@overload
def render(
    obj: Renderable | Scene, format: Literal["svg", "html"] = "svg", **options: Unpack[Options]
) -> str: ...


@overload
def render(
    obj: Renderable | Scene, format: Literal["pdf", "png"], **options: Unpack[Options]
) -> bytes: ...


@overload
def render(obj: Renderable | Scene, format: str, **options: Unpack[Options]) -> str | bytes: ...


def render(obj: Renderable | Scene, format: str = "svg", **options: Unpack[Options]) -> str | bytes:
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
    as outlines. An option that does not apply to the format is a
    ``UsageError``, never silently ignored.
    """
    job = _job_of(obj)
    fmt = DECLARED["format"].read(format, Use("python", job))
    if job == "table" and fmt in ("pdf", "png") and "size" not in options:
        options = {**options, "size": "A4"}  # a cheat sheet is a page
    with request("render", job, options, step="draw") as drawing:
        out = drawing.page([fmt], Use("python", job))
        scene = scene_of(obj, drawing.map_options, drawing.palette, drawing.title)
        data = out.draw(scene, fmt)
    return data.decode("utf-8") if fmt in ("svg", "html") else data


def save(
    obj: Renderable | Scene,
    path: str | os.PathLike[str],
    format: str | None = None,
    **options: Unpack[Options],
) -> Path:
    """Render and write a file atomically; the format comes from the suffix unless given;
    the options as for ``render``.

    A failed write leaves any existing file as it was. Returns the path.
    """
    # lazy: `solve`, `stats` and `table` run without it
    from ttt_maps.engine.outputs import file_format
    from ttt_maps.io.files import check_target, write_atomic

    if not isinstance(path, str | os.PathLike):
        raise UsageError(f"path={path!r}: expected a file name, e.g. 'x-map.svg'")
    if format is not None:
        format = DECLARED["format"].read(format, Use("python", _job_of(obj)))
    fmt = file_format(path, format)
    check_target(path)  # a bad path fails before the drawing, not after
    return write_atomic(path, render(obj, fmt, **options))


def gamebook(tree: Strategy, format: str = "md", **options: Unpack[Options]) -> str | bytes:
    """The strategy in words: ``md`` (Markdown), ``txt`` (plain text that reads well
    aloud) or ``pdf`` (an A5 booklet with links; ``size``, ``theme`` and
    ``text_as_paths`` set its pages)."""
    # lazy: `solve` and `stats` run without it
    from ttt_maps.backends import render_scene
    from ttt_maps.draw.gamebook_pages import gamebook_of

    use = Use("python", "gamebook")
    if not isinstance(format, str):
        raise DECLARED["format"].refused(format, "expected a format's name: md, txt or pdf", use)
    fmt = DECLARED["format"].read(format, use)
    checked = read_python(options, "gamebook", "gamebook")
    with running(None, checked.pop("lang", None)):
        return gamebook_of(tree, fmt, render_scene, **checked)


# -- the solved game, asked ------------------------------------------------------------


def _position(position: str | Position | None, checked: dict[str, Any]) -> Position:
    """A position given to a function: a Position as it is, else read on the board the
    options give (the empty board when none is given)."""
    use = Use("python", "solve")
    if isinstance(position, Position):
        if "board" in checked or "rules" in checked:
            Drawing.read({**checked, "start": position}, use, job="map")  # on that board?
        return position
    geometry = Drawing.read(checked, use, job="solve").geometry
    if not position:
        return Position.empty(geometry)
    option = DECLARED["position"]
    if not isinstance(position, str):
        raise option.refused(position, "expected a board string such as 'x...o....'", use)
    try:
        return Position.parse(position, geometry)
    except UsageError as exc:
        raise option.refused(position, exc.reason or str(exc), use) from None


def solve_position(
    position: str | Position = "",
    /,
    policies: Sequence[str] = (),
    *,
    settings: Settings | None = None,
    **options: Unpack[Options],
) -> dict[str, Any]:
    """A position solved: its outcome, every legal move's outcome (the best marked) and
    reason, and the move each preset and each of ``policies`` chooses, as JSON-ready
    data (what ``ttt-maps solve --json`` prints). ``position`` defaults to the empty
    board; ``board`` and ``rules`` as for ``strategy``."""
    # lazy: `table` runs without it
    from ttt_maps.engine.solving import position_doc
    from ttt_maps.policy.chains import parse_policy, presets_for

    checked = read_python(options, "solve", "solve_position")
    pos = _position(position, checked)
    policies = DECLARED["policies"].read(policies, Use("python", "solve"))
    with running(settings, checked.get("lang")):
        names = list(dict.fromkeys([*presets_for(pos.geometry), *policies]))
        chains = [(name, parse_policy(name, pos.geometry)) for name in names]
        return position_doc(pos, chains, solver_for(pos.geometry))


def stats(*, settings: Settings | None = None, **options: Unpack[Options]) -> Stats | WholeStats:
    """The solved game's counts (games, positions, who wins) and each preset's map size
    (``fold``: folded maps, and the fewest boards a map can draw); with ``whole``, the
    whole game's map instead. ``as_dict()`` gives what ``stats --json`` prints."""
    # lazy: a cached map, `solve` and `table` run without it
    from ttt_maps.counts.facts import collect
    from ttt_maps.trees.whole import whole_stats

    checked = read_python(options, "stats", "stats")
    geometry = Drawing.read(checked, Use("python"), job="stats").geometry
    with running(settings, checked.get("lang")):
        if checked.get("whole"):
            return whole_stats(geometry)
        return collect(geometry, fold=bool(checked.get("fold")))


def policies(**options: Unpack[Options]) -> list[tuple[str, str, str]]:
    """Every tie-break key and preset on the board: (name, ``key`` or ``preset``, what it
    prefers)."""
    # lazy: `table` runs without it
    from ttt_maps.policy.chains import PRESETS, describe_policies

    checked = read_python(options, "policies", "policies")
    geometry = Drawing.read(checked, Use("python"), job="policies").geometry
    with running(None, checked.get("lang")):
        return [
            (name, "preset" if name in PRESETS else "key", text)
            for name, text in describe_policies(geometry)
        ]


def compare_policies(
    policies: Sequence[str],
    /,
    *,
    settings: Settings | None = None,
    **options: Unpack[Options],
) -> Compared:
    """Several policies' maps for ``player`` (default x) compared: ``rows`` (the summary),
    ``found`` (where each differs from the first, up to rotation and reflection),
    ``maps(fmt)`` (side by side, or linked viewers as html), ``differences_sheet(fmt)`` and
    ``as_json()``."""
    # lazy: a cached map, `solve`, `stats` and `table` run without it
    from ttt_maps.engine.comparing import compare_policies as compared

    if isinstance(policies, str) or len(policies) < 2:
        raise UsageError(
            "compare_policies: give two or more policy chains, e.g. ['yorgey', 'xkcd']"
        )
    said = (("chains", "policies"),)
    policies = DECLARED["chains"].read(policies, Use("python", "compare", said))
    with request("compare_policies", "compare", options, settings) as drawing:
        return compared(policies, drawing, settings=settings)


def check(
    text: str,
    /,
    *,
    source: str = "the file",
    settings: Settings | None = None,
    **options: Unpack[Options],
) -> Report:
    """Audit a strategy, a minimal table or a saved game (the text of its JSON file)
    against the solved game: ``perfect`` only when every move keeps its player's best
    result; ``lines``, ``summary`` and ``doc`` (what ``check --json`` prints). With
    ``rules``, a file written for other rules is refused."""
    # lazy: a cached map, `solve`, `stats` and `table` run without it
    from ttt_maps.engine.checking import audit_text

    if not isinstance(text, str | bytes):
        raise UsageError(f"text={text!r}: expected the text of a strategy, table or game file")
    checked = read_python(options, "check", "check")
    return audit_text(text, source, checked.get("rules"), settings)


def new_game(
    player: str = "x",
    policy: str | Policy | None = None,
    start: str | Position | None = None,
    /,
    *,
    settings: Settings | None = None,
    **options: Unpack[Options],
) -> Game:
    """A game against ``player``'s map: the map plays its red moves (``level`` says how
    often it strays, seeded by ``seed``), the caller the other side (``Game.play``)."""
    # lazy: a cached map, `solve`, `stats` and `table` run without it
    from ttt_maps.play.game import Game

    given: dict[str, Any] = dict(options)
    level = DECLARED["level"].read(given.pop("level", "perfect"), Use("python", "play"))
    seed = DECLARED["seed"].read(given.pop("seed", 0), Use("python", "play"))
    with request(
        "new_game", "play", given, settings, player=player, policy=policy, start=start
    ) as drawing:
        return Game(
            drawing.player, drawing.policy, drawing.start, drawing.geometry, level, seed,
            drawing.folded,
        )  # fmt: skip


def explain(position: str | Position, cell: int, /, **options: Unpack[Options]) -> Why:
    """Why playing ``cell`` on ``position`` is good or bad: a win, a block, a fork, a
    forcing line, a mistake with its refutation... (``Why``: code, text, line, threats)."""
    # lazy: a cached map, `stats` and `table` run without it
    from ttt_maps.reasons.explain import explain as reason

    if isinstance(cell, bool) or not isinstance(cell, int):
        raise UsageError(f"cell={cell!r}: expected a cell number, e.g. 4")
    checked = read_python(options, "solve", "explain")
    with running(None, checked.get("lang")):
        return reason(_position(position, checked), cell)


def tie_break(
    policy: str | Policy, position: str | Position, /, **options: Unpack[Options]
) -> TieBreak:
    """Which key of ``policy``'s chain chose its move on ``position`` among the equally
    good ones, and by what figure."""
    # lazy: a cached map, `stats` and `table` run without it
    from ttt_maps.policy.tiebreak import tie_break as chosen

    checked = read_python(options, "solve", "tie_break")
    pos = _position(position, checked)
    given = read_python({"policy": policy}, "play", "tie_break")
    drawing = Drawing.read({**given, "board": pos.geometry}, Use("python"), job="play")
    return chosen(drawing.policy, pos)


def cache_info() -> CacheInfo:
    """The user's cache folder of solved bounds (bigger boards) and what is in it."""
    # lazy: a cached map, `solve`, `stats` and `table` run without it
    from ttt_maps.solve.cache import info

    return info()


def clear_cache() -> tuple[list[str], list[str]]:
    """Remove the solved bounds ttt-maps kept; the names removed and those left alone."""
    # lazy: a cached map, `solve`, `stats` and `table` run without it
    from ttt_maps.solve import cache

    removed, left = cache.clear()
    return list(removed), list(left)
