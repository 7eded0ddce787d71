"""The ``ttt-maps`` command line.

A shell over the Python API: each command parses its arguments, calls
``ttt_maps.api``, and prints or writes what comes back. Errors a user can
cause are ``UsageError``s; ``run.TTTGroup.main`` turns them (and click's own
usage errors) into exit 2 with one line on stderr, ``ttt-maps: error:
<message>``. Anything else is a bug: exit 1 with a traceback. The API is
imported inside the commands so that ``ttt-maps --help`` starts fast.

Each command is one module of the same name holding its typer signature (a
function of that name) and its body; ``COMMANDS`` lists them in the order
``--help`` does. A run that names its command imports only that command's
module (``command_app``); other command lines, completion and ``app`` take them
all, and the usual help pages need none of them (``help``). Adding a command:
declare it in ``engine.options.COMMANDS``, write its module, raise
``UsageError`` for bad input, and use ``output.write_output`` for files.
"""

import importlib
from collections.abc import Sequence
from typing import Any

import typer

from ttt_maps.cli.options import root
from ttt_maps.cli.run import new_app
from ttt_maps.engine.options import COMMANDS as DECLARED_COMMANDS

#: The commands, each a module of this package with a function of its name, in the
#: order they are declared (``engine.options.COMMANDS``) and ``--help`` lists them.
COMMANDS = tuple(DECLARED_COMMANDS)


def command_app(name: str | None = None) -> typer.Typer:
    """The app with every command, or with ``name``'s alone (its module only is imported:
    a run pays for the command it runs, not for the other ten)."""
    app = new_app(add_completion=name is None)
    app.callback()(root)
    for command in (name,) if name else COMMANDS:
        module = importlib.import_module(f"ttt_maps.cli.{command}")
        app.command()(getattr(module, command))
    return app


def app_for(args: Sequence[str]) -> typer.Typer:
    """The app a command line needs: the named command's alone, else every command
    (``--help``, ``--version``, shell completion, a misspelled command)."""
    import os

    if args and args[0] in COMMANDS and "_TTT_MAPS_COMPLETE" not in os.environ:
        return command_app(args[0])
    return command_app()


def __getattr__(name: str) -> Any:
    """``app``: the whole command line (tests and tools that drive it in-process)."""
    if name == "app":
        full = globals()["app"] = command_app()
        return full
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
