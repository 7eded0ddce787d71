"""The ``ttt-maps`` command line: the last stage, which calls all the others.

``app`` declares the commands and their options (``options`` makes them
from the declarations); ``help`` prints their help pages without typer;
``run`` decides how a run ends (one error line, exit codes, signals, broken
pipes); ``output`` and ``streams`` are what commands print and write; each
other module is one command's body. Nothing outside this package imports it.
"""


def main() -> None:
    """Console entry point (``ttt-maps``): a help page without typer (``help``), else
    only the named command is built (``run``).

    The cyclic garbage collector is off from the first import (``run`` says
    why): imports make no garbage, and typer's alone would be scanned a few
    times over (about 2 ms of every run).
    """
    import gc

    gc.disable()
    import sys

    args = sys.argv[1:]
    if not args or args[-1] == "--help":
        from ttt_maps.cli.help import answer

        answer(args)  # ends the run when it can answer, without importing typer
    from ttt_maps.cli.app import app_for
    from ttt_maps.cli.run import run

    run(app_for(args))
