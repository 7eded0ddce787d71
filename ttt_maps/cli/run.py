"""How the ``ttt-maps`` command line runs, apart from its commands.

Every way a run can end is decided here: usage errors (ours and typer's) become
one ``ttt-maps: error:`` line and exit 2; a failed standard output exits 2
(quietly for a broken pipe); a stop signal exits 128 + its number; warnings are
one stderr line. The commands themselves are in ``ttt_maps.cli.app``.
"""

from __future__ import annotations

import contextlib
import contextvars
import gc
import os
import sys
import warnings
from collections.abc import Iterator, Sequence
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

from ttt_maps.cli import streams
from ttt_maps.cli.complete import check_request, one_line_helps
from ttt_maps.errors import Limit, OutputFailed, Stopped, UsageError, error_line

# -- errors ------------------------------------------------------------------


def report(message: str) -> None:
    """Print one error line on stderr (with stderr closed there is nowhere to say it,
    and the exit code says it alone)."""
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(error_line(message) + "\n")
        sys.stderr.flush()


def _is_typer_error(exc: BaseException) -> bool:
    """Whether an exception is one of typer's usage errors (a bad option, a missing
    argument...): what they all have, a message and an exit code."""
    return callable(getattr(exc, "format_message", None)) and isinstance(
        getattr(exc, "exit_code", None), int
    )


class TTTGroup(TyperGroup):
    """A typer group whose errors are one line on stderr and an exit code."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if "_TTT_MAPS_COMPLETE" in os.environ:
            check_request(os.environ)  # a broken request is one line, not a traceback
            one_line_helps()
        run = super().main
        if not standalone_mode:
            return run(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            rv = run(args, prog_name, complete_var, False, windows_expand_args, **extra)
            code = rv if isinstance(rv, int) else 0
        except Limit as exc:  # a limit reached through the API: said in the command's words
            report(exc.worded())
            code = 2
        except UsageError as exc:
            report(str(exc))
            code = 2
        except typer.Abort:
            sys.stderr.write("Aborted!\n")
            code = 1
        except Exception as exc:
            if not _is_typer_error(exc):
                raise
            code = self._typer_error(exc)
        sys.exit(code)

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        """Parse the arguments (``--help`` prints here); see ``invoke``."""
        with _output_failures():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: Any) -> Any:
        """Run the command, a failed standard output reported by ``main``, not typer.

        (typer would turn a broken pipe into its own exit 1 and swallow a later
        flush; ``main`` below reports it as exit 2.)
        """
        with _output_failures():
            # A context of its own: the command's settings (``settings.using``) end with it.
            return contextvars.copy_context().run(super().invoke, ctx)

    def _typer_error(self, exc: Any) -> int:
        if type(exc).__name__ == "NoArgsIsHelpError":
            exc.show()  # the help page is the message
            return int(exc.exit_code)
        message = exc.format_message()
        ctx = getattr(exc, "ctx", None)
        if ctx is not None and type(exc).__name__ != "ClickException":
            message = f"{message} (see '{ctx.command_path} --help')"
        report(message)
        return int(exc.exit_code)


@contextlib.contextmanager
def _output_failures() -> Iterator[None]:
    """Turn a failed standard output into ``OutputFailed``, past typer's own handling."""
    try:
        yield
    except OSError as exc:
        if streams.is_output_error(exc):
            raise OutputFailed(exc) from None
        raise


def run(app: typer.Typer) -> None:
    """Run the command line and end the process; usage errors exit 2 with one line.

    Failures that are not bugs end the same way (``ttt_maps.cli.streams``): a
    failed standard output exits 2 (quietly for a broken pipe), a stop
    signal 128 + its number after the clean-up has run.
    """
    gc.disable()  # a run's trees, scenes and strings hold no cycles to collect
    warnings.showwarning = _warning_line
    streams.prepare()
    try:
        try:
            app()
            code: object = 0
        except SystemExit as exc:
            code = exc.code
        except UsageError as exc:  # raised outside a command (should not happen)
            report(str(exc))
            code = 2
        except OutputFailed as exc:
            code = _output_failed(exc.error)
        code = _flush(code)
    except Stopped as exc:
        with contextlib.suppress(OSError, ValueError, Stopped):
            sys.stderr.write(f"ttt-maps: {streams.stopped_line(exc.signum)}\n")
            sys.stderr.flush()
        os._exit(128 + exc.signum)
    exit_now(code)


def _output_failed(error: OSError) -> int:
    """Exit 2 for a failed standard output, with one line unless the pipe is just closed."""
    line = streams.output_error_line(error)
    if line is not None:
        with contextlib.suppress(OSError, ValueError):
            report(line)
    return 2


def _flush(code: object) -> object:
    """Flush what is still buffered; output lost at this point fails the run too."""
    failed = streams.flush_all()
    if failed is None:
        return code
    return _output_failed(failed) if code in (0, None) else code


def _warning_line(message: Warning | str, *_: object, **__: object) -> None:
    """A warning (a character no font can draw...) as one stderr line, as errors are."""
    sys.stderr.write(error_line(str(message), "warning") + "\n")


def exit_now(code: object) -> NoReturn:
    """End the process as ``sys.exit(code)`` would, once the output is flushed: now,
    rather than free every object one by one (files are closed already; ``write_atomic``
    closes and renames its own)."""
    status = 1
    if code is None or isinstance(code, int):
        status = code or 0
    else:  # sys.exit("message"): the message goes to stderr, the status is 1
        with contextlib.suppress(OSError, ValueError):
            print(code, file=sys.stderr, flush=True)
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    os._exit(status)
