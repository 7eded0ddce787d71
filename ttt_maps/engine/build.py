"""Trees and scenes, built in one place for every surface: a player's strategy, the
poster's pair, the whole game, and the scene of any of them (or of a table's
cheat sheet)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ttt_maps.engine.options import check_settings
from ttt_maps.errors import UsageError
from ttt_maps.language import speaking
from ttt_maps.settings import Settings, using
from ttt_maps.solve.registry import fresh_budgets, keep_all

if TYPE_CHECKING:
    from ttt_maps.draw.layout import MapOptions
    from ttt_maps.draw.scene import Scene
    from ttt_maps.draw.themes import Theme
    from ttt_maps.engine.request import Drawing
    from ttt_maps.trees.strategy import Strategy
    from ttt_maps.trees.whole import WholeGame


@contextmanager
def running(settings: Settings | None, lang: str | None = None) -> Iterator[None]:
    """Do a request's work under ``settings`` and in ``lang`` (checked; ``None``: the
    language in force), with a fresh search budget for the bigger boards; when it
    succeeds, keep in the cache what took long to solve (with the cache on)."""
    if settings is not None:
        if not isinstance(settings, Settings):
            raise UsageError(f"settings={settings!r}: expected a ttt_maps.Settings(...)")
        check_settings(settings)
    with using(settings), speaking(lang):
        fresh_budgets()
        yield
        keep_all()


def trees(players: tuple[str, ...], drawing: Drawing) -> dict[str, Strategy]:
    """Each player's strategy tree as ``drawing`` asks for it (one ``Policy`` object, so
    its memo of choices serves both), recording what its map options (alternatives,
    outcomes, explain) will draw."""
    # lazy: `solve` and `table` run without it
    from ttt_maps.trees.size import MAX_BOARDS
    from ttt_maps.trees.strategy import Notes, build_strategy

    opts = drawing.map_options
    notes = Notes(opts.alternatives, opts.outcomes, opts.explain)
    cap = drawing.max_boards or MAX_BOARDS
    return {
        p: build_strategy(
            p,
            drawing.policy,
            drawing.start,
            drawing.geometry,
            depth=drawing.depth,
            max_boards=cap,
            fold=drawing.folded,
            notes=notes,
        )
        for p in players
    }


def whole_game(drawing: Drawing) -> WholeGame:
    """Every legal move from the drawing's start, for whoever is to move (``--whole``)."""
    # lazy: `solve` and `table` run without it
    from ttt_maps.trees.size import MAX_BOARDS
    from ttt_maps.trees.whole import build_whole

    return build_whole(
        drawing.start, drawing.geometry, fold=drawing.folded, depth=drawing.depth,
        max_boards=drawing.max_boards or MAX_BOARDS,
    )  # fmt: skip


def scene_of(
    obj: object,
    opts: MapOptions | None = None,
    theme: str | Theme = "light",
    title: str | None = None,
) -> Scene:
    """The scene for a strategy (its map), a poster or an (x, o) pair, the whole game
    (map options other than the defaults do not apply to it) or a table (its cheat
    sheet); a Scene passes through."""
    # lazy: `solve`, `stats` and `table` run without it
    from ttt_maps.draw.scene import Scene
    from ttt_maps.tables.entries import Table
    from ttt_maps.trees.strategy import Strategy
    from ttt_maps.trees.whole import WholeGame

    if isinstance(obj, Scene):
        return obj
    if isinstance(obj, Table):
        # lazy: a cached map, `solve`, `stats` and `table` run without it
        from ttt_maps.draw.cheat_sheet import cheat_sheet_scene

        return cheat_sheet_scene(obj, theme, title, bool(opts and opts.explain))
    if isinstance(obj, WholeGame):
        # lazy: a cached map, `solve`, `stats` and `table` run without it
        from ttt_maps.draw.wholemap import whole_scene

        if opts is not None and any(opts):
            raise UsageError(
                "depth, alternatives and outcomes apply to a player's map; the whole "
                "game tints every move by its outcome already (cut it with whole(depth=))"
            )
        return whole_scene(obj, theme, title)
    if isinstance(obj, Strategy):
        # lazy: `solve`, `stats` and `table` run without it
        from ttt_maps.draw.compose import map_scene

        return map_scene(obj, opts, theme, title)
    x, o = pair_of(obj)
    # lazy: `solve`, `stats` and `table` run without it
    from ttt_maps.draw.compose import poster_scene

    return poster_scene(x, o, opts, theme, title)


def pair_of(obj: object) -> tuple[Strategy, Strategy]:
    """X's and O's strategies of a poster (anything with ``x`` and ``o`` trees) or a pair."""
    # lazy: `solve` and `table` run without it
    from ttt_maps.trees.strategy import Strategy

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


def subject(drawing: Drawing) -> object:
    """What one drawing draws, built: a player's strategy, the (x, o) pair of the poster
    (``player`` both, or none), or the whole game."""
    if drawing.job == "whole":
        return whole_game(drawing)
    players = ("x", "o") if drawing.player in (None, "both") else (str(drawing.player),)
    built = trees(players, drawing)
    return built[players[0]] if len(players) == 1 else (built["x"], built["o"])
