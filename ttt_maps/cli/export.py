"""``ttt-maps export``: a strategy as ``ttt-maps/strategy@1`` JSON."""

from typing import Annotated

import typer

from ttt_maps.cli import complete
from ttt_maps.cli.options import (
    BoardOpt,
    ChainOpt,
    FromOpt,
    NoCacheOpt,
    NoProgressOpt,
    RulesOpt,
    SearchLimitOpt,
    runtime,
)
from ttt_maps.cli.output import write_output, written_line


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
    explain: Annotated[
        bool,
        typer.Option("--explain", help='Give each move its reason ("why"; check verifies them).'),
    ] = False,
    rules: RulesOpt = "normal",
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
    from ttt_maps.api import strategy

    geometry, how = runtime(board, no_cache, not no_progress, search_limit, rules)
    if output is not None and output != "-":
        from ttt_maps.api import book_files
        from ttt_maps.io.files import check_target
        from ttt_maps.io.names import check_not_read

        check_target(output)  # fail before the work, not after
        check_not_read(("-o", output), [("--policy", b) for b in book_files(policy)])
    tree = strategy(player, policy, start, geometry=geometry, fold=fold, settings=how)
    data = tree.to_json(explain)
    write_output(output or "-", data)
    if output is not None and output != "-":
        typer.echo(written_line(output, len(data.encode("utf-8"))))
