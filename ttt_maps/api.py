"""The Python API (SPEC section 9): build a strategy, render it, save it.

```python
import ttt_maps
tree = ttt_maps.strategy("x", policy="fast,novice")
svg = ttt_maps.render(tree)                      # str; pdf/png -> bytes
ttt_maps.save(tree, "x-map.pdf", size="A2")
ttt_maps.save(ttt_maps.poster(policy="yorgey"), "poster.svg")
ttt_maps.save(ttt_maps.whole(), "every-move.pdf", size="A0")
```

Everything the ``render`` command does goes through here or through the same
stages (``scene_of``, ``render_scene``), so the CLI and the API cannot drift.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeAlias, overload

from ttt_maps.errors import UsageError

if TYPE_CHECKING:
    from ttt_maps.backends.page import PageSize
    from ttt_maps.draw.layout import MapOptions
    from ttt_maps.draw.scene import Scene
    from ttt_maps.draw.themes import Theme
    from ttt_maps.game.board import Board
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.strategies.policy import Policy
    from ttt_maps.strategies.table.entries import Table
    from ttt_maps.strategies.tree import Strategy
    from ttt_maps.strategies.whole import WholeGame


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
        """Jupyter shows a poster as its SVG."""
        if "svg" not in self._svg_cache:
            self._svg_cache["svg"] = render(self, format="svg")
        return self._svg_cache["svg"]


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
    minimises the folded map).
    """
    from ttt_maps.strategies.tree import build_strategy

    pol, geo = _policy(policy, root, geometry)
    _show_strategies()
    limit = _limit(max_boards)
    return build_strategy(player, pol, root, geo, depth=depth, max_boards=limit, fold=fold)


def poster(
    policy: str | Policy = "default",
    root: str | Board | None = None,
    *,
    geometry: str | Geometry | None = None,
    depth: int | None = None,
    max_boards: int | None = None,
    fold: bool = False,
) -> Poster:
    """Both maps under one policy, ready for ``render``/``save`` (the CLI's ``--player both``);
    the keywords as for ``strategy``."""
    from ttt_maps.strategies.tree import build_strategy

    # One Policy object for both maps: its memo of choices serves X and O alike.
    pol, geo = _policy(policy, root, geometry)
    limit = _limit(max_boards)
    x, o = (
        build_strategy(p, pol, root, geo, depth=depth, max_boards=limit, fold=fold) for p in "xo"
    )
    _show_strategies()
    return Poster(x, o)


def table(player: str, *, geometry: str | Geometry | None = None, prover: str = "auto") -> Table:
    """The minimal strategy table of ``player``: the fewest positions, up to rotation,
    reflection and move order, each with its move, that play perfectly by lookup from
    the empty board, proven minimal: by default by exact search where that is quick,
    else by CP-SAT where the ``cp-sat`` extra is installed (``prover="search"`` or
    ``"cp-sat"`` chooses). ``render``/``save`` draw it as a one-page cheat sheet."""
    from ttt_maps.game.board import parse_mark
    from ttt_maps.game.geometry import STANDARD, Geometry
    from ttt_maps.strategies.table.exact import minimal_table

    geo = Geometry.parse(geometry) if isinstance(geometry, str) else geometry or STANDARD
    return minimal_table(parse_mark(player), geo, prover=prover)


def whole(
    root: str | Board | None = None,
    *,
    geometry: str | Geometry | None = None,
    fold: bool = True,
    depth: int | None = None,
    max_boards: int | None = None,
) -> WholeGame:
    """Every legal move from ``root`` (default: the empty board), for whoever is to move,
    ready for ``render``/``save``: the whole game on one map, each move tinted by its
    outcome for the player who makes it. Folded by symmetry unless ``fold=False`` (the
    3x3 game folded draws 31,694 boards; unfolded it is past the limit: give a
    ``depth``); the other keywords as for ``strategy``."""
    from ttt_maps.strategies.whole import build_whole

    _, geo = _policy("default", root, geometry)
    return build_whole(root, geo, fold=fold, depth=depth, max_boards=_limit(max_boards))


def _show_strategies() -> None:
    """Let strategies show themselves as their map in a notebook (``Strategy._repr_svg_``):
    trees come before drawing in the flow, so the API lends them its renderer."""
    from ttt_maps.strategies.tree import show_with

    show_with(_map_svg)


def _map_svg(tree: Strategy) -> str:
    return render(tree, format="svg")


def _limit(max_boards: int | None) -> int:
    from ttt_maps.strategies.mapsize import MAX_BOARDS

    return MAX_BOARDS if max_boards is None else max_boards


def _policy(
    policy: str | Policy, root: str | Board | None, geometry: str | Geometry | None
) -> tuple[Policy, Geometry]:
    """The parsed policy and the geometry: given, else the root's, else the policy's, else 3x3."""
    from ttt_maps.game.board import Board
    from ttt_maps.game.geometry import STANDARD, Geometry
    from ttt_maps.strategies.chains import parse_policy

    if isinstance(geometry, str):
        geo = Geometry.parse(geometry)
    elif geometry is not None:
        geo = geometry
    elif isinstance(root, Board):
        geo = root.geometry
    elif not isinstance(policy, str):
        geo = policy.geometry
    else:
        geo = STANDARD
    return (parse_policy(policy, geo) if isinstance(policy, str) else policy), geo


def map_options(
    depth: int | None = None, alternatives: bool = False, outcomes: bool = False
) -> MapOptions:
    """Layout options, checked (a negative depth is a usage error)."""
    from ttt_maps.draw.layout import MapOptions

    if depth is not None and (isinstance(depth, bool) or depth < 0):
        raise UsageError(f"depth {depth!r}: expected a whole number, 0 or more")
    return MapOptions(depth=depth, alternatives=alternatives, outcomes=outcomes)


def scene_of(
    obj: Renderable | Scene,
    opts: MapOptions | None = None,
    theme: str | Theme = "light",
    title: str | None = None,
) -> Scene:
    """The scene for a strategy (its map), a poster, an (x, o) pair, the whole game
    (``whole``: map options other than the defaults do not apply to it) or a table (its
    cheat sheet); a Scene passes through."""
    from ttt_maps.draw.scene import Scene
    from ttt_maps.strategies.table.entries import Table
    from ttt_maps.strategies.tree import Strategy
    from ttt_maps.strategies.whole import WholeGame

    if isinstance(obj, Scene):
        return obj
    if isinstance(obj, Table):
        from ttt_maps.draw.cheatsheet import sheet_scene

        return sheet_scene(obj, theme, title)
    if isinstance(obj, WholeGame):
        from ttt_maps.draw.wholemap import whole_scene

        if opts is not None and any(opts):
            raise UsageError(
                "depth, alternatives and outcomes apply to a player's map; the whole "
                "game tints every move by its outcome already (cut it with whole(depth=))"
            )
        return whole_scene(obj, theme, title)
    if isinstance(obj, Strategy):
        from ttt_maps.draw.compose import map_scene

        return map_scene(obj, opts, theme, title)
    pair = _as_poster(obj)
    from ttt_maps.draw.compose import poster_scene

    return poster_scene(pair.x, pair.o, opts, theme, title)


def _is_table(obj: object) -> bool:
    from ttt_maps.strategies.table.entries import Table

    return isinstance(obj, Table)


def _as_poster(obj: object) -> Poster:
    from ttt_maps.strategies.tree import Strategy

    if isinstance(obj, Poster):
        return obj
    if isinstance(obj, tuple) and len(obj) == 2 and all(isinstance(s, Strategy) for s in obj):
        return Poster(obj[0], obj[1])
    raise UsageError(
        f"cannot render a {type(obj).__name__}; give a Strategy (ttt_maps.strategy), "
        "a Poster (ttt_maps.poster), the whole game (ttt_maps.whole) or a pair of "
        "strategies (x, o)"
    )


@overload
def render(
    obj: Renderable | Scene,
    format: Literal["svg", "html"] = "svg",
    *,
    depth: int | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
    theme: str | Theme = "light",
    title: str | None = None,
    size: str | PageSize | None = None,
    width: int | None = None,
    dpi: float | None = None,
    margin: float | None = None,
    id_prefix: str | None = None,
    text_as_paths: bool = False,
) -> str: ...


@overload
def render(
    obj: Renderable | Scene,
    format: Literal["pdf", "png"],
    *,
    depth: int | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
    theme: str | Theme = "light",
    title: str | None = None,
    size: str | PageSize | None = None,
    width: int | None = None,
    dpi: float | None = None,
    margin: float | None = None,
    id_prefix: str | None = None,
    text_as_paths: bool = False,
) -> bytes: ...


@overload
def render(
    obj: Renderable | Scene,
    format: str,
    *,
    depth: int | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
    theme: str | Theme = "light",
    title: str | None = None,
    size: str | PageSize | None = None,
    width: int | None = None,
    dpi: float | None = None,
    margin: float | None = None,
    id_prefix: str | None = None,
    text_as_paths: bool = False,
) -> str | bytes: ...


def render(
    obj: Renderable | Scene,
    format: str = "svg",
    *,
    depth: int | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
    theme: str | Theme = "light",
    title: str | None = None,
    size: str | PageSize | None = None,
    width: int | None = None,
    dpi: float | None = None,
    margin: float | None = None,
    id_prefix: str | None = None,
    text_as_paths: bool = False,
) -> str | bytes:
    """A map, poster or table (its cheat sheet: an A4 page unless ``size`` says otherwise)
    as SVG/HTML text or PDF/PNG bytes.

    ``depth`` cuts the nesting, ``alternatives`` draws other optimal moves
    faint, ``outcomes`` tints sub-maps; ``title`` is drawn above the map (or
    the poster); ``size`` (``"A2"``, ``"24x36in"``), ``margin`` (mm, 10 by
    default) and ``dpi`` place PDF/PNG on a page (a PNG page is drawn at
    300 dpi unless a ``dpi`` or ``width`` is given); ``width`` is the PNG's
    (or the embedded SVG's) width in pixels; ``text_as_paths`` draws a PDF's
    text as outlines. An option that does not apply to the format is a
    ``UsageError``, never silently ignored.
    """
    from ttt_maps.backends import Output, check_format

    fmt = check_format(format)
    if size is None and fmt in ("pdf", "png") and _is_table(obj):
        size = "A4"  # a cheat sheet is a page
    out = Output(size, width, dpi, margin, id_prefix, text_as_paths).checked([fmt], flag="")
    scene = scene_of(obj, map_options(depth, alternatives, outcomes), theme, title)
    data = out.draw(scene, fmt)
    return data.decode("utf-8") if fmt in ("svg", "html") else data


def save(
    obj: Renderable | Scene,
    path: str | os.PathLike[str],
    *,
    format: str | None = None,
    depth: int | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
    theme: str | Theme = "light",
    title: str | None = None,
    size: str | PageSize | None = None,
    width: int | None = None,
    dpi: float | None = None,
    margin: float | None = None,
    id_prefix: str | None = None,
    text_as_paths: bool = False,
) -> Path:
    """Render and write a file atomically; the format comes from the suffix unless given.

    A failed write leaves any existing file as it was. Returns the path.
    """
    from ttt_maps.backends import check_format, format_from_path
    from ttt_maps.io.files import check_target, write_atomic

    fmt = resolve_format(path, format) if format is not None else format_from_path(path)
    fmt = check_format(fmt)
    check_target(path)  # a bad path fails before the drawing, not after
    data = render(
        obj,
        fmt,
        depth=depth,
        alternatives=alternatives,
        outcomes=outcomes,
        theme=theme,
        title=title,
        size=size,
        width=width,
        dpi=dpi,
        margin=margin,
        id_prefix=id_prefix,
        text_as_paths=text_as_paths,
    )
    return write_atomic(path, data)


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
