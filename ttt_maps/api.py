"""The Python API: build a strategy, render it, save it.

```python
import ttt_maps
tree = ttt_maps.strategy("x", policy="fast,novice")
svg = ttt_maps.render(tree)                      # str; pdf/png -> bytes
ttt_maps.save(tree, "x-map.pdf", size="A2")
ttt_maps.save(ttt_maps.poster(policy="yorgey"), "poster.svg")
ttt_maps.save(ttt_maps.whole(), "every-move.pdf", size="A0")
```

The command line is a shell over these functions: what it draws is a
``Drawing`` (one checked value) written by ``write_files``, and how it runs
is a ``Settings`` value (cache, progress, search limit) that every function
doing work takes as ``settings=``. Trees, scenes and files are built in one
place, ``ttt_maps.engine``, for both.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, Unpack, overload

from ttt_maps.engine.build import running
from ttt_maps.engine.files import Written, write_files
from ttt_maps.engine.request import Drawing, DrawOptions
from ttt_maps.errors import UsageError
from ttt_maps.game.board import Board
from ttt_maps.game.geometry import Geometry
from ttt_maps.settings import Settings

__all__ = [
    "Board",
    "DrawOptions",
    "Drawing",
    "Geometry",
    "Poster",
    "Settings",
    "Written",
    "book_files",
    "cache_info",
    "check",
    "choices",
    "clear_cache",
    "compare_policies",
    "explain",
    "format_from_path",
    "gamebook",
    "map_options",
    "new_game",
    "novice_ways",
    "ordinal",
    "picture_words",
    "policies",
    "poster",
    "provers",
    "render",
    "resolve_format",
    "save",
    "scene_of",
    "solve_position",
    "stats",
    "strategy",
    "table",
    "tie_break",
    "whole",
    "write_files",
]

if TYPE_CHECKING:
    from ttt_maps.engine.answers import (
        book_files as book_files,
    )
    from ttt_maps.engine.answers import (
        cache_info as cache_info,
    )
    from ttt_maps.engine.answers import (
        check as check,
    )
    from ttt_maps.engine.answers import (
        choices as choices,
    )
    from ttt_maps.engine.answers import (
        clear_cache as clear_cache,
    )
    from ttt_maps.engine.answers import (
        compare_policies as compare_policies,
    )
    from ttt_maps.engine.answers import (
        explain as explain,
    )
    from ttt_maps.engine.answers import (
        format_from_path as format_from_path,
    )
    from ttt_maps.engine.answers import (
        new_game as new_game,
    )
    from ttt_maps.engine.answers import (
        novice_ways as novice_ways,
    )
    from ttt_maps.engine.answers import (
        ordinal as ordinal,
    )
    from ttt_maps.engine.answers import (
        picture_words as picture_words,
    )
    from ttt_maps.engine.answers import (
        policies as policies,
    )
    from ttt_maps.engine.answers import (
        provers as provers,
    )
    from ttt_maps.engine.answers import (
        solve_position as solve_position,
    )
    from ttt_maps.engine.answers import (
        stats as stats,
    )
    from ttt_maps.engine.answers import (
        tie_break as tie_break,
    )


if TYPE_CHECKING:
    from ttt_maps.compare.summary import Row as Row
    from ttt_maps.draw.layout import MapOptions
    from ttt_maps.draw.scene import Scene
    from ttt_maps.draw.themes import Theme
    from ttt_maps.engine.checking import Report as Report
    from ttt_maps.engine.comparing import Compared as Compared
    from ttt_maps.engine.questions import CacheInfo as CacheInfo
    from ttt_maps.strategies.match import Game as Game
    from ttt_maps.strategies.policy import Policy
    from ttt_maps.strategies.stats import Fewest as Fewest
    from ttt_maps.strategies.stats import Stats as Stats
    from ttt_maps.strategies.table.entries import Table as Table
    from ttt_maps.strategies.tree import Strategy
    from ttt_maps.strategies.whole import WholeGame
    from ttt_maps.strategies.whole import WholeStats as WholeStats


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
        from ttt_maps.language import current

        key = f"svg {current()}"
        if key not in self._svg_cache:
            self._svg_cache[key] = render(self, format="svg")
        return self._svg_cache[key]


if TYPE_CHECKING:
    Renderable: TypeAlias = Strategy | Poster | Table | WholeGame | tuple[Strategy, Strategy]


def strategy(
    player: str,
    policy: str | Policy = "default",
    root: str | Board | None = None,
    *,
    geometry: str | Geometry | None = None,
    depth: int | None = None,
    max_boards: int | None = None,
    fold: bool = False,
    rules: str | None = None,
    settings: Settings | None = None,
) -> Strategy:
    """The strategy tree of ``player`` (``"x"``/``"o"``) from ``root`` (default: the empty board).

    ``policy`` is a chain or preset (``"fast,novice"``, ``"yorgey"``) that
    picks among equally good moves; ``root`` is a board string such as
    ``"x...o...."`` or a ``Board``. ``geometry`` is the board: ``"3x3"``
    (the default, or the root's), ``"4x4"`` (four in a row), ``"4x4k3"``
    (three in a row), ``"3x4k3"``, ... or a ``Geometry``. ``depth`` builds
    the tree only as deep as a map cut at that depth; a map that would draw
    more than ``max_boards`` boards (default 50,000) is refused with a
    ``UsageError`` that names the depth that fits. ``fold`` draws replies that
    are rotations or reflections of each other once (and ``compact`` then
    minimises the folded map). ``rules="misere"`` plays the game where whoever
    completes a line loses (default: the geometry's rules, normal). ``settings``
    says how to run (the cache, progress, the search limit of bigger boards).
    """
    from ttt_maps.engine.build import policy_and_board, trees

    with running(settings):
        pol, geo = policy_and_board(policy, root, geometry, rules)
        _show_strategies()
        return trees((player,), pol, root, geo, depth=depth, limit=max_boards, fold=fold)[player]


def poster(
    policy: str | Policy = "default",
    root: str | Board | None = None,
    *,
    geometry: str | Geometry | None = None,
    depth: int | None = None,
    max_boards: int | None = None,
    fold: bool = False,
    rules: str | None = None,
    settings: Settings | None = None,
) -> Poster:
    """Both maps under one policy, ready for ``render``/``save`` (the CLI's ``--player both``);
    the keywords as for ``strategy``."""
    from ttt_maps.engine.build import policy_and_board, trees

    with running(settings):
        pol, geo = policy_and_board(policy, root, geometry, rules)
        both = trees(("x", "o"), pol, root, geo, depth=depth, limit=max_boards, fold=fold)
    _show_strategies()
    return Poster(both["x"], both["o"])


def table(
    player: str,
    *,
    geometry: str | Geometry | None = None,
    prover: str = "auto",
    rules: str | None = None,
    settings: Settings | None = None,
) -> Table:
    """The minimal strategy table of ``player``: the fewest positions, up to rotation,
    reflection and move order, each with its move, that play perfectly by lookup from
    the empty board, proven minimal: by default by exact search where that is quick,
    else by CP-SAT where the ``cp-sat`` extra is installed (``prover="search"`` or
    ``"cp-sat"`` chooses). ``render``/``save`` draw it as a one-page cheat sheet."""
    from ttt_maps.engine.build import policy_and_board
    from ttt_maps.game.board import parse_mark
    from ttt_maps.strategies.table.exact import minimal_table

    _, geo = policy_and_board("default", None, geometry, rules)
    with running(settings):
        return minimal_table(parse_mark(player), geo, prover=prover)


def whole(
    root: str | Board | None = None,
    *,
    geometry: str | Geometry | None = None,
    fold: bool = True,
    depth: int | None = None,
    max_boards: int | None = None,
    rules: str | None = None,
    settings: Settings | None = None,
) -> WholeGame:
    """Every legal move from ``root`` (default: the empty board), for whoever is to move,
    ready for ``render``/``save``: the whole game on one map, each move tinted by its
    outcome for the player who makes it. Folded by symmetry unless ``fold=False`` (the
    3x3 game folded draws 31,694 boards; unfolded it is past the limit: give a
    ``depth``); the other keywords as for ``strategy``."""
    from ttt_maps.engine.build import policy_and_board, whole_game

    with running(settings):
        _, geo = policy_and_board("default", root, geometry, rules)
        return whole_game(root, geo, fold=fold, depth=depth, limit=max_boards)


def _show_strategies() -> None:
    """Let strategies show themselves as their map in a notebook (``Strategy._repr_svg_``):
    trees come before drawing in the flow, so the API lends them its renderer."""
    from ttt_maps.strategies.tree import show_with

    show_with(_map_svg)


def _map_svg(tree: Strategy) -> str:
    return render(tree, format="svg")


def map_options(
    depth: int | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
    explain: bool = False,
) -> MapOptions:
    """Layout options, checked (a negative depth is a usage error)."""
    drawing = Drawing(depth=depth, alternatives=alternatives, outcomes=outcomes, explain=explain)
    return drawing.checked("").map_options


def scene_of(
    obj: Renderable | Scene,
    opts: MapOptions | None = None,
    theme: str | Theme = "light",
    title: str | None = None,
) -> Scene:
    """The scene for a strategy (its map), a poster, an (x, o) pair, the whole game
    (``whole``: map options other than the defaults do not apply to it) or a table (its
    cheat sheet); a Scene passes through."""
    from ttt_maps.engine.build import scene_of as build_scene

    return build_scene(obj, opts, theme, title)


def _is_table(obj: object) -> bool:
    from ttt_maps.strategies.table.entries import Table as Table

    return isinstance(obj, Table)


@overload
def render(
    obj: Renderable | Scene,
    format: Literal["svg", "html"] = "svg",
    **options: Unpack[DrawOptions],
) -> str: ...


@overload
def render(
    obj: Renderable | Scene, format: Literal["pdf", "png"], **options: Unpack[DrawOptions]
) -> bytes: ...


@overload
def render(obj: Renderable | Scene, format: str, **options: Unpack[DrawOptions]) -> str | bytes: ...


def render(
    obj: Renderable | Scene, format: str = "svg", **options: Unpack[DrawOptions]
) -> str | bytes:
    """A map, poster or table (its cheat sheet: an A4 page unless ``size`` says otherwise)
    as SVG/HTML text or PDF/PNG bytes.

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
    from ttt_maps.backends import check_format
    from ttt_maps.engine.build import scene_of as build_scene

    fmt = check_format(format)
    drawing = Drawing.of(options)
    if drawing.size is None and fmt in ("pdf", "png") and _is_table(obj):
        drawing = drawing._replace(size="A4")  # a cheat sheet is a page
    out = drawing.page([fmt], flag="")
    drawing = drawing.checked("")
    scene = build_scene(obj, drawing.map_options, drawing.palette, drawing.title)
    data = out.draw(scene, fmt)
    return data.decode("utf-8") if fmt in ("svg", "html") else data


def save(
    obj: Renderable | Scene,
    path: str | os.PathLike[str],
    *,
    format: str | None = None,
    **options: Unpack[DrawOptions],
) -> Path:
    """Render and write a file atomically; the format comes from the suffix unless given;
    the options as for ``render``.

    A failed write leaves any existing file as it was. Returns the path.
    """
    from ttt_maps.backends import check_format, format_from_path
    from ttt_maps.io.files import check_target, write_atomic

    fmt = resolve_format(path, format) if format is not None else format_from_path(path)
    fmt = check_format(fmt)
    check_target(path)  # a bad path fails before the drawing, not after
    return write_atomic(path, render(obj, fmt, **options))


def resolve_format(path: str | os.PathLike[str], fmt: str) -> str:
    """``fmt``, unless the file's suffix names a different format (a usage error)."""
    from ttt_maps.backends import SUFFIXES, check_format

    fmt = check_format(fmt)
    implied = SUFFIXES.get(Path(path).suffix.lower())
    if implied is not None and implied != fmt:
        raise UsageError(
            f"output {os.fspath(path)!r} is a .{implied} file name but the format is {fmt}; "
            "make them agree"
        )
    return fmt


def gamebook(tree: Strategy, format: str = "md", **options: Any) -> str | bytes:
    """The strategy in words: Markdown, plain text or a PDF booklet (``draw.bookpages``)."""
    from ttt_maps.backends import render_scene
    from ttt_maps.draw.bookpages import gamebook_of

    return gamebook_of(tree, format, render_scene, **options)


def __getattr__(name: str) -> Any:
    """A question besides drawing (the public names not defined here), imported from
    ``engine.answers`` the first time it is used: a map's run never needs them."""
    if name in __all__:
        from importlib import import_module

        value = getattr(import_module("ttt_maps.engine.answers"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
