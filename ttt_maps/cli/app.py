"""The ``ttt-maps`` command line: its commands, in the order ``--help`` lists them.

A shell over the Python API: each command parses its arguments, calls
``ttt_maps.api`` (or the engine it shares), and prints or writes what comes back.
Errors a user can cause are ``UsageError``s; ``run.TTTGroup`` turns them (and
typer's own usage errors) into exit 2 with one line on stderr, ``ttt-maps: error:
<message>``. Anything else is a bug: exit 1 with a traceback.

Each command is one module of the same name holding its body and its help (the
body's docstring); its options are the options table's (``engine.options``).
Adding a command: list its options in ``engine.options.COMMANDS``, write its
module, and add it here.
"""

import typer

from ttt_maps._version import __version__
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
from ttt_maps.cli.run import TTTGroup
from ttt_maps.errors import PROG

app = typer.Typer(
    name=PROG,
    cls=TTTGroup,
    help="""Complete maps of optimal tic-tac-toe play, in the style of xkcd 832.

    Boards are written row-major with x, o and '.' (e.g. x...o....); cells are
    numbered 0..8 from the top left.
    """,
    pretty_exceptions_enable=False,
    no_args_is_help=True,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ttt-maps {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Complete maps of optimal tic-tac-toe play, in the style of xkcd 832."""


for module in (render, solve, stats, export, check, policies, compare, table, cache, play, docs):
    name = module.__name__.rsplit(".", 1)[1]
    app.command(name)(getattr(module, name))
