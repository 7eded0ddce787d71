"""Trees and scenes, built in one place for every surface: a player's strategy, the
poster's pair, the whole game, and the scene of any of them (or of a table's
cheat sheet)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ttt_maps.draw.cheat_sheet import cheat_sheet_scene
from ttt_maps.draw.compose import map_scene, poster_scene
from ttt_maps.draw.layout import MapOptions
from ttt_maps.draw.scene import Scene
from ttt_maps.draw.themes import THEMES, Theme
from ttt_maps.draw.wholemap import whole_scene
from ttt_maps.engine.request import Request
from ttt_maps.errors import UsageError
from ttt_maps.language import speaking
from ttt_maps.settings import Settings, using
from ttt_maps.solve.registry import fresh_budgets, keep_all
from ttt_maps.tables.entries import Table
from ttt_maps.trees.strategy import Notes, Strategy, build_strategy
from ttt_maps.trees.whole import WholeGame, build_whole


@contextmanager
def running(settings: Settings | None, lang: str | None = None) -> Iterator[None]:
    """Do a request's work under ``settings`` and in ``lang`` (``None``: the language in
    force), with a fresh search budget for the bigger boards; when it succeeds, keep in
    the cache what took long to solve (with the cache on)."""
    with using(settings), speaking(lang):
        fresh_budgets()
        yield
        keep_all()


def trees(players: tuple[str, ...], request: Request) -> dict[str, Strategy]:
    """Each player's strategy tree as ``request`` asks for it (one ``Policy`` object, so
    its memo of choices serves both), recording what its map options (alternatives,
    outcomes, explain) will draw."""
    opts = request.map_options
    notes = Notes(opts.alternatives, opts.outcomes, opts.explain)
    return {
        p: build_strategy(
            p,
            request.policy,
            request.start,
            request.geometry,
            depth=request.depth,
            max_boards=request.max_boards,
            fold=request.folded,
            notes=notes,
        )
        for p in players
    }


def whole_game(request: Request) -> WholeGame:
    """Every legal move from the request's start, for whoever is to move (``--whole``)."""
    return build_whole(
        request.start, request.geometry, fold=request.folded, depth=request.depth,
        max_boards=request.max_boards,
    )  # fmt: skip


def scene_of(
    obj: object,
    opts: MapOptions | None = None,
    theme: Theme = THEMES["light"],
    title: str | None = None,
) -> Scene:
    """The scene for a strategy (its map), a poster or an (x, o) pair, the whole game
    or a table (its cheat sheet); a Scene passes through. The options were checked for
    what is drawn where they were given."""
    if isinstance(obj, Scene):
        return obj
    if isinstance(obj, Table):
        return cheat_sheet_scene(obj, theme, title, bool(opts and opts.explain))
    if isinstance(obj, WholeGame):
        return whole_scene(obj, theme, title)
    if isinstance(obj, Strategy):
        return map_scene(obj, opts, theme, title)
    x, o = pair_of(obj)
    return poster_scene(x, o, opts, theme, title)


def pair_of(obj: object) -> tuple[Strategy, Strategy]:
    """X's and O's strategies of a poster (anything with ``x`` and ``o`` trees) or a pair."""
    x, o = getattr(obj, "x", None), getattr(obj, "o", None)
    if isinstance(x, Strategy) and isinstance(o, Strategy):
        return x, o
    if isinstance(obj, tuple) and len(obj) == 2 and all(isinstance(s, Strategy) for s in obj):
        if (obj[0].player, obj[1].player) != ("x", "o"):
            raise UsageError(
                f"a poster takes X's strategy then O's, not {obj[0].player} and {obj[1].player}"
            )
        return obj[0], obj[1]
    raise UsageError(
        f"cannot render a {type(obj).__name__}; give a Strategy (ttt_maps.strategy), "
        "a Poster (ttt_maps.poster), the whole game (ttt_maps.whole) or a pair of "
        "strategies (x, o)"
    )


def subject(request: Request) -> object:
    """What one request draws, built: a player's strategy, the (x, o) pair of the poster
    (``player`` both, or none), or the whole game."""
    if request.kind == "whole":
        return whole_game(request)
    players = ("x", "o") if request.player in (None, "both") else (str(request.player),)
    built = trees(players, request)
    return built[players[0]] if len(players) == 1 else (built["x"], built["o"])
