"""The ``ttt-maps`` command line: the last stage, which calls all the others.

``app`` holds the commands, one module each (its body, and its options made
from the options table by ``options``); ``run`` decides how a run ends (one
error line, exit codes, signals, broken pipes); ``output`` and ``streams`` are
what commands print and write. Nothing outside this package imports it.
"""

from ttt_maps.cli.app import app
from ttt_maps.cli.run import run


def main() -> None:
    """Console entry point (``ttt-maps``)."""
    run(app)
