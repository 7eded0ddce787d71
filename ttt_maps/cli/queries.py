"""The commands that answer questions: ``solve``, ``stats``, ``export``, ``check``,
``policies``, ``play`` and ``cache`` (bodies in the module of each name).

Each is a plain function whose signature typer reads; ``app`` registers them.
Heavy modules are imported inside the commands so that ``ttt-maps --help``
starts fast.
"""

import sys
from typing import Annotated

import typer

from ttt_maps.cli import complete
from ttt_maps.cli.options import (
    BoardArg,
    BoardOpt,
    ChainOpt,
    FoldOpt,
    FromOpt,
    JsonOpt,
    NoCacheOpt,
    NoProgressOpt,
    PolicyOpt,
    SearchLimitOpt,
    opt,
    runtime,
    settings,
)
from ttt_maps.cli.output import console, print_json, write_output, written_line


def solve(
    board: BoardArg = None,
    policy: PolicyOpt = None,
    as_json: JsonOpt = False,
    geometry: BoardOpt = "3x3",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
    search_limit: SearchLimitOpt = None,
) -> None:
    """The value of a position, every legal move's outcome, and each policy's choice."""
    from ttt_maps.cli.solve import solve_command
    from ttt_maps.game.board import Board

    g = runtime(geometry, no_cache, not no_progress, search_limit)
    pos = Board.empty(g) if board is None else Board.parse(board, g)
    solve_command(pos, policy, as_json)


def stats(
    as_json: JsonOpt = False,
    board: BoardOpt = "3x3",
    fold: Annotated[
        bool,
        typer.Option(
            "--fold",
            help="Map sizes folded by symmetry, compact's among them, and the fewest boards "
            "a map can draw.",
        ),
    ] = False,
    whole: Annotated[
        bool,
        typer.Option(
            "--whole", help="The whole game's map instead: its boards, folded and not, and moves."
        ),
    ] = False,
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
    search_limit: SearchLimitOpt = None,
) -> None:
    """The solved game's counts (games, positions, who wins) and each preset's map size."""
    from ttt_maps.solve.registry import keep_all

    geometry = runtime(board, no_cache, not no_progress, search_limit)
    if whole:
        from ttt_maps.cli.stats import print_whole
        from ttt_maps.strategies.whole import whole_stats

        counts = whole_stats(geometry)
        keep_all()
        if as_json:
            print_json(counts.as_dict())
        else:
            print_whole(counts, console())
        return
    from ttt_maps.cli.stats import print_stats
    from ttt_maps.strategies.stats import collect

    data = collect(geometry, fold=fold)
    keep_all()
    if as_json:
        print_json(data.as_dict())
        return
    print_stats(data, console())


def export(
    player: Annotated[
        str,
        typer.Option(
            "--player",
            metavar="x|o",
            help="Whose strategy: x or o.",
            show_default=False,
            autocompletion=complete.player,
        ),
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
    fold: Annotated[
        bool,
        typer.Option(
            "--fold",
            help='The folded map\'s strategy: only the positions it draws, marked "folded" '
            "(the others are played as a listed rotation or reflection of them).",
        ),
    ] = False,
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
    search_limit: SearchLimitOpt = None,
) -> None:
    """A strategy as ttt-maps/strategy@1 JSON: the chosen move at every position."""
    from ttt_maps.game.board import parse_mark
    from ttt_maps.strategies.tree import build_strategy

    geometry = runtime(board, no_cache, not no_progress, search_limit)
    mark = parse_mark(player)
    if output is not None and output != "-":
        from ttt_maps.io.files import check_target

        check_target(output)  # fail before the work, not after
    data = build_strategy(mark, policy, start, geometry, fold=fold).to_json()
    write_output(output or "-", data)
    if output is not None and output != "-":
        typer.echo(written_line(output, len(data.encode("utf-8"))))


def check(
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE",
            help="A strategy, table or game JSON file ('-': standard input).",
            show_default=False,
        ),
    ],
    as_json: JsonOpt = False,
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
    search_limit: SearchLimitOpt = None,
) -> None:
    """Audit a strategy file, a table from 'ttt-maps table', or a game saved by
    'ttt-maps play --save', against the solved game: exit 0 when perfect (every move
    keeps its player's best result), 1 when not, 2 when the file cannot be read; the
    board is the file's "geometry"."""
    from ttt_maps.cli.check import check_command

    settings(no_cache, not no_progress, search_limit)
    check_command(file, as_json)


def policies(board: BoardOpt = "3x3") -> None:
    """The tie-break policy keys and presets, one line each (on --board's board)."""
    from rich.markup import escape
    from rich.table import Table

    from ttt_maps.game.geometry import Geometry
    from ttt_maps.strategies.chains import PRESETS, describe_policies

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


def cache(
    action: Annotated[
        str,
        typer.Argument(
            metavar="info|clear",
            help="info: list the tables; clear: delete them.",
            autocompletion=complete.cache_actions,
        ),
    ] = "info",
) -> None:
    """The solved tables kept for bigger boards (in the user's cache folder)."""
    from ttt_maps.cli.cache import cache_command

    cache_command(action, typer.echo)


def play(
    player: Annotated[
        str,
        typer.Option(
            "--player",
            metavar="x|o",
            help="The map the computer follows; you play the other side.",
            autocompletion=complete.player,
        ),
    ] = "x",
    policy: ChainOpt = "default",
    start: FromOpt = None,
    board: BoardOpt = "3x3",
    level: Annotated[
        str,
        typer.Option(
            "--level",
            metavar="LEVEL",
            help="perfect (the map itself: never loses), novice (wins or blocks, else any "
            "move) or random:P (strays from the map with probability P).",
            autocompletion=complete.levels,
        ),
    ] = "perfect",
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", help="Seed for the levels that stray.")
    ] = 0,
    save: Annotated[
        str | None,
        opt(
            "--save", metavar="FILE", help="Save the game as JSON (audit it with 'ttt-maps check')."
        ),
    ] = None,
    fold: FoldOpt = False,
    no_cache: NoCacheOpt = False,
    search_limit: SearchLimitOpt = None,
) -> None:
    """Play against a map: the computer plays its red moves, you the other side.

    On a terminal: type a cell number (counted from 0, as the empty cells show) or a
    row and a column (counted from 1: 2 2 is the centre); u undoes, ? shows your
    best moves by the solved game, q quits. Otherwise one cell number per line is read
    from standard input; 'position: BOARD' lines and a last 'result: ...' line are
    printed, so another program can play.
    """
    from ttt_maps.cli.play import interactive, is_terminal, scripted
    from ttt_maps.errors import UsageError
    from ttt_maps.game.board import Board, parse_mark
    from ttt_maps.strategies.match import Game

    geometry = runtime(board, no_cache, False, search_limit)
    if save is not None:
        from ttt_maps.io.files import check_target

        check_target(save)
    if not 0 <= seed < 10**18:
        raise UsageError(f"--seed {seed}: expected 0 to {10**18 - 1}")
    root = Board.parse(start, geometry) if start is not None else None
    game = Game(parse_mark(player), policy, root, geometry, level, seed, fold)
    if is_terminal():
        interactive(game)
    else:
        scripted(game, sys.stdin, sys.stdout)
    if save is not None:
        write_output(save, game.to_json())
