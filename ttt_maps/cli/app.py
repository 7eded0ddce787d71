"""The ``ttt-maps`` command line.

Thin on purpose: each command parses its arguments, calls the stages, and
prints. Errors a user can cause are ``UsageError``s; ``run.TTTGroup.main``
turns them (and click's own usage errors) into exit 2 with one line on stderr,
``ttt-maps: error: <message>``. Anything else is a bug: exit 1 with a
traceback. Heavy modules are imported inside the commands so that
``ttt-maps --help`` starts fast.

The commands are declared in ``drawing`` and ``queries`` and registered
here, in the order ``--help`` lists them. Adding a command: write a function
there, register it below, raise ``UsageError`` (or call ``run.fail``) for bad
input, and use ``output.write_output`` for files.
"""

from typing import Annotated

import typer

from ttt_maps.cli import drawing, queries
from ttt_maps.cli.docs import docs
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
    drawing.render,
    queries.solve,
    queries.stats,
    queries.export,
    queries.check,
    queries.policies,
    drawing.compare,
    drawing.table,
    queries.cache,
    queries.play,
    docs,
):
    app.command()(command)
