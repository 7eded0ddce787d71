"""The ``ttt-maps`` command line.

Thin on purpose: each command parses its arguments, calls the stages, and
prints. Errors a user can cause are ``UsageError``s; ``cliapp.TTTGroup.main``
turns them (and click's own usage errors) into exit 2 with one line on stderr,
``ttt-maps: error: <message>``. Anything else is a bug: exit 1 with a
traceback. Heavy modules are imported inside the commands so that
``ttt-maps --help`` starts fast.

Adding a command: write a function under ``@app.command()``, raise
``UsageError`` (or call ``cliapp.fail``) for bad input, and use ``write_output`` for
files.
"""

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ttt_maps.cli.options import (
    BoardArg,
    BoardOpt,
    ChainOpt,
    FromOpt,
    JsonOpt,
    NoCacheOpt,
    NoProgressOpt,
    PolicyOpt,
    ThemeOpt,
    opt,
)
from ttt_maps.cli.output import console, print_json, write_output
from ttt_maps.cli.run import PROG, new_app

if TYPE_CHECKING:
    from ttt_maps.game.geometry import Geometry

app = new_app()



def _version(value: bool) -> None:
    if value:
        from ttt_maps._version import __version__

        typer.echo(f"{PROG} {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Complete maps of optimal tic-tac-toe play, in the style of xkcd 832.

    Boards are written row-major with x, o and '.' (e.g. x...o....); cells are
    numbered 0..8 from the top left.
    """


# -- render (body: ttt_maps/cli/render.py) ---------------------------------------


def _runtime(board: str, no_cache: bool = False, progress: bool = True) -> "Geometry":
    """The board of a command, and its cache and progress settings (see ttt_maps.solve.cache)."""
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.io import progress as bars
    from ttt_maps.solve import cache

    if no_cache:
        cache.disable()
    bars.enable(progress)
    return Geometry.parse(board)


@app.command()
def render(
    player: Annotated[
        str | None,
        opt(
            "--player",
            metavar="x|o|both",
            help="x, o or both (the poster). Default: all "
            "three into output/, or the poster with -o.",
        ),
    ] = None,
    formats: Annotated[
        list[str] | None,
        opt(
            "--format",
            "-f",
            metavar="svg|pdf|png|html",
            help="Output format (repeatable). Default: svg and pdf, or from -o's suffix.",
        ),
    ] = None,
    output: Annotated[
        str | None,
        opt(
            "--output",
            "-o",
            metavar="FILE",
            help="Write this file (written atomically). Default: output/{x-map,o-map,poster}.",
        ),
    ] = None,
    size: Annotated[
        str | None,
        opt(
            "--size",
            metavar="PAGE",
            help="PDF/PNG page: A6..A0, letter, tabloid or WxH(mm|in|pt|px); a named page "
            "turns to fit the drawing unless -landscape or -portrait is added (A1-landscape).",
        ),
    ] = None,
    width: Annotated[
        int | None,
        opt("--width", metavar="PX", help="PNG width in pixels (SVG: the width it declares)."),
    ] = None,
    dpi: Annotated[
        float | None,
        opt(
            "--dpi",
            metavar="DPI",
            help="PNG resolution; a PNG with --size and no --width is drawn at 300 dpi.",
        ),
    ] = None,
    margin: Annotated[
        float | None,
        opt("--margin", metavar="MM", help="Margin around the drawing with --size (10 mm)."),
    ] = None,
    text_as_paths: Annotated[
        bool,
        typer.Option(
            "--text-as-paths", help="PDF: draw the text as outlines instead of embedding its font."
        ),
    ] = False,
    title: Annotated[
        str | None, opt("--title", metavar="TEXT", help="A title drawn above the map.")
    ] = None,
    id_prefix: Annotated[
        str | None,
        opt("--id-prefix", metavar="TEXT", help="Prefix for SVG ids (default: from the content)."),
    ] = None,
    policy: ChainOpt = "default",
    start: FromOpt = None,
    depth: Annotated[
        int | None, opt("--depth", metavar="D", help="Cut the nesting at D levels.")
    ] = None,
    theme: ThemeOpt = "light",
    alternatives: Annotated[
        bool, typer.Option("--alternatives", help="Draw other optimal moves faint.")
    ] = False,
    outcomes: Annotated[
        bool, typer.Option("--outcomes", help="Tint each sub-map by its outcome (win/draw).")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing on success.")] = False,
    board: BoardOpt = "3x3",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
) -> None:
    """Draw the maps: with no options, both maps and the poster into output/ as SVG and PDF.

    An option that applies to none of the files being written (--dpi for a
    PDF, --size for an SVG, --margin without --size) is an error; with several
    formats, each file takes the options that apply to it.
    """
    from ttt_maps.cli.render import render_command

    render_command(
        geometry=_runtime(board, no_cache, not (quiet or no_progress)),
        player=player,
        formats=formats or (),
        output=output,
        size=size,
        width=width,
        dpi=dpi,
        margin=margin,
        title=title,
        id_prefix=id_prefix,
        text_as_paths=text_as_paths,
        policy=policy,
        start=start,
        depth=depth,
        theme=theme,
        alternatives=alternatives,
        outcomes=outcomes,
        echo=None if quiet else typer.echo,
    )


# -- solve (body: ttt_maps/cli/solve.py) -----------------------------------



@app.command()
def solve(
    board: BoardArg,
    policy: PolicyOpt = None,
    as_json: JsonOpt = False,
    geometry: BoardOpt = "3x3",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
) -> None:
    """The value of a position, every legal move's outcome, and each policy's choice."""
    from ttt_maps.cli.solve import solve_command
    from ttt_maps.game.board import Board

    pos = Board.parse(board, _runtime(geometry, no_cache, not no_progress))
    solve_command(pos, policy, as_json)



# -- stats -------------------------------------------------------------------


@app.command()
def stats(
    as_json: JsonOpt = False,
    board: BoardOpt = "3x3",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
) -> None:
    """The solved game's counts (games, positions, who wins) and each preset's map size."""
    from ttt_maps.solve import cache
    from ttt_maps.strategies.stats import collect, print_stats

    data = collect(_runtime(board, no_cache, not no_progress))
    cache.keep_all()
    if as_json:
        print_json(data.as_dict())
        return
    print_stats(data, console())


# -- export / check (body: ttt_maps/cli/check.py) ---------------------------


@app.command()
def export(
    player: Annotated[
        str,
        typer.Option("--player", metavar="x|o", help="Whose strategy: x or o.", show_default=False),
    ],
    policy: ChainOpt = "default",
    start: FromOpt = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write to FILE (atomically) instead of stdout.",
            show_default=False,
        ),
    ] = None,
    board: BoardOpt = "3x3",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
) -> None:
    """A strategy as ttt-maps/strategy@1 JSON: the chosen move at every position."""
    from ttt_maps.game.board import parse_mark
    from ttt_maps.strategies.tree import build_strategy

    geometry = _runtime(board, no_cache, not no_progress)
    mark = parse_mark(player)
    if output is not None and output != "-":
        from ttt_maps.io.files import check_target

        check_target(output)  # fail before the work, not after
    write_output(output or "-", build_strategy(mark, policy, start, geometry).to_json())


@app.command()
def check(
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE",
            help="A ttt-maps/strategy@1 JSON file ('-': standard input).",
            show_default=False,
        ),
    ],
    as_json: JsonOpt = False,
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
) -> None:
    """Audit a strategy file, or a game saved by 'ttt-maps play --save', against the
    solved game (exit 0 only when perfect: every move keeps its player's best result);
    the board is the file's "geometry"."""
    from ttt_maps.cli.check import check_command

    _runtime("3x3", no_cache, not no_progress)
    check_command(file, as_json)



# -- policies ----------------------------------------------------------------


@app.command()
def policies(board: BoardOpt = "3x3") -> None:
    """The tie-break policy keys and presets, one line each (on --board's board)."""
    from rich.markup import escape
    from rich.table import Table

    from ttt_maps.game.geometry import Geometry
    from ttt_maps.strategies.policy import PRESETS, describe_policies

    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("name")
    table.add_column("kind")
    table.add_column("prefers")
    for name, text in describe_policies(Geometry.parse(board)):
        table.add_row(escape(name), "preset" if name in PRESETS else "key", escape(text))
    out = console()
    out.print(table)
    out.print(
        "Chain keys with commas, e.g. --policy fast,novice; 'first' always closes a chain.",
        style="dim",
        markup=False,
    )


# -- compare -------------------------------------------------------------------


@app.command()
def compare(
    chains: Annotated[
        list[str],
        typer.Argument(
            metavar="POLICY",
            help="Two or more policy chains or presets; the first is the reference.",
            show_default=False,
        ),
    ],
    player: Annotated[
        str, typer.Option("--player", metavar="x|o", help="Whose maps: x or o.")
    ] = "x",
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the maps side by side to FILE (.svg, .pdf or .png).",
            show_default=False,
        ),
    ] = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            metavar="svg|pdf|png",
            help="Image format (default: from FILE's suffix).",
            show_default=False,
        ),
    ] = None,
    start: FromOpt = None,
    as_json: JsonOpt = False,
    theme: ThemeOpt = "light",
    diff_png: Annotated[
        str | None,
        typer.Option(
            "--diff-png",
            metavar="FILE",
            help="Write a PNG of the first map, greyed, with pixels that differ in the "
            "second map in magenta.",
            show_default=False,
        ),
    ] = None,
    board: BoardOpt = "3x3",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
) -> None:
    """Maps under several tie-break policies side by side, and a table of what differs."""
    from ttt_maps.cli.compare import compare_command

    compare_command(
        chains,
        geometry=_runtime(board, no_cache, not no_progress),
        player=player,
        output=output,
        fmt=fmt,
        start=start,
        as_json=as_json,
        theme=theme,
        diff=diff_png,
    )


# -- cache (body: ttt_maps/cli/cache.py) -------------------------------------


@app.command()
def cache(
    action: Annotated[
        str,
        typer.Argument(metavar="info|clear", help="info: list the tables; clear: delete them."),
    ] = "info",
) -> None:
    """The solved tables kept for bigger boards (in the user's cache folder)."""
    from ttt_maps.cli.cache import cache_command

    cache_command(action, typer.echo)


# -- play (body: ttt_maps/cli/play.py) ---------------------------------------------


@app.command()
def play(
    player: Annotated[
        str,
        opt(
            "--player", metavar="x|o", help="The map the computer follows; you play the other side."
        ),
    ] = "x",
    policy: ChainOpt = "default",
    start: FromOpt = None,
    board: BoardOpt = "3x3",
    level: Annotated[
        str,
        opt(
            "--level",
            metavar="LEVEL",
            help="perfect (the map itself: never loses), novice (wins or blocks, else any "
            "move) or random:P (strays from the map with probability P).",
        ),
    ] = "perfect",
    seed: Annotated[int, opt("--seed", metavar="N", help="Seed for the levels that stray.")] = 0,
    save: Annotated[
        str | None,
        opt(
            "--save", metavar="FILE", help="Save the game as JSON (audit it with 'ttt-maps check')."
        ),
    ] = None,
    no_cache: NoCacheOpt = False,
) -> None:
    """Play against a map: the computer plays its red moves, you the other side.

    On a terminal: type a cell number or a row and a column; u undoes, ? shows the
    map's best moves for you, q quits. Otherwise one cell number per line is read
    from standard input; 'position: BOARD' lines and a last 'result: ...' line are
    printed, so another program can play.
    """
    from ttt_maps.cli.play import interactive, is_terminal, scripted
    from ttt_maps.errors import UsageError
    from ttt_maps.game.board import Board, parse_mark
    from ttt_maps.strategies.game import Game

    geometry = _runtime(board, no_cache, False)
    if save is not None:
        from ttt_maps.io.files import check_target

        check_target(save)
    if not 0 <= seed < 10**18:
        raise UsageError(f"--seed {seed}: expected 0 to {10**18 - 1}")
    root = Board.parse(start, geometry) if start is not None else None
    game = Game(parse_mark(player), policy, root, geometry, level, seed)
    if is_terminal():
        interactive(game)
    else:
        scripted(game, sys.stdin, sys.stdout)
    if save is not None:
        write_output(save, game.to_json())
