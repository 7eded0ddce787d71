"""The ``ttt-maps`` command line.

A shell over the Python API: each command parses its arguments, calls
``ttt_maps.api``, and prints or writes what comes back. Errors a user can
cause are ``UsageError``s; ``run.TTTGroup.main`` turns them (and click's own
usage errors) into exit 2 with one line on stderr, ``ttt-maps: error:
<message>``. Anything else is a bug: exit 1 with a traceback. The API is
imported inside the commands so that ``ttt-maps --help`` starts fast.

Each command is one module holding its typer signature and its body, and is
registered here in the order ``--help`` lists them. Adding a command: write a
module, register it below, raise ``UsageError`` for bad input, and use
``output.write_output`` for files.
"""

from typing import Annotated

import typer

from ttt_maps.cli import (
    cache,
    check,
    compare,
    docs,
    export,
    play,
    policies,
    render,
    solve,
    stats,
    table,
)
from ttt_maps.cli.run import PROG, new_app

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


for command in (
    render.render,
    solve.solve,
    stats.stats,
    export.export,
    check.check,
    policies.policies,
    compare.compare,
    table.table,
    cache.cache,
    play.play,
    docs.docs,
):
    app.command()(command)
