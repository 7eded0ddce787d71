"""How the ``ttt-maps`` command line runs, apart from its commands.

Every way a run can end is decided here: usage errors (ours and click's)
become one ``ttt-maps: error:`` line and exit 2; a failed standard output
exits 2 (quietly for a broken pipe); a stop signal exits 128 + its number;
warnings are one stderr line. Also the start-up shortcuts: only the named
command is built, and typer's pydantic conversion is skipped for plain
options. The commands themselves are in ``ttt_maps.cli.app``.
"""

from __future__ import annotations

import contextlib
import contextvars
import gc
import importlib
import math
import os
import re
import sys
import typing
import warnings
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup
from typer.main import get_command_name

from ttt_maps.cli.complete import check_request, one_line_helps
from ttt_maps.errors import OutputFailed, Stopped, UsageError, escaped, quote

PROG = "ttt-maps"


def _click_exceptions() -> ModuleType:
    """click's exceptions: vendored inside newer typer, a dependency of older ones."""
    try:
        return importlib.import_module("typer._click.exceptions")
    except ImportError:  # pragma: no cover - typer on top of click
        return importlib.import_module("click.exceptions")


_click = _click_exceptions()
_click_core = importlib.import_module(_click.__name__.rsplit(".", 1)[0] + ".core")

PROG = "ttt-maps"


# -- errors ------------------------------------------------------------------


def error_line(message: str) -> str:
    """The one stderr line for a usage error (newlines folded)."""
    text = " ".join(part.strip() for part in str(message).splitlines() if part.strip())
    return f"{PROG}: error: {escaped(text) or 'bad usage'}"


def report(message: str) -> None:
    """Print one error line on stderr (with stderr closed there is nowhere to say it,
    and the exit code says it alone)."""
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(error_line(message) + "\n")
        sys.stderr.flush()


def fail(message: str, code: int = 2) -> NoReturn:
    """Stop a command: one line on stderr, exit ``code`` (2: bad input or usage)."""
    report(message)
    raise typer.Exit(code)


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
        run = super().main
        if not standalone_mode:
            return run(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            rv = run(args, prog_name, complete_var, False, windows_expand_args, **extra)
            code = rv if isinstance(rv, int) else 0
        except UsageError as exc:
            report(str(exc))
            code = 2
        except _click.ClickException as exc:
            code = self._click_error(exc)
        except typer.Abort:
            sys.stderr.write("Aborted!\n")
            code = 1
        sys.exit(code)

    def _main_shell_completion(self, *args: Any, **kwargs: Any) -> Any:
        """Answer the shell's completion request (typer's classes, one line per candidate)."""
        check_request(os.environ)
        one_line_helps()
        return super()._main_shell_completion(*args, **kwargs)

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        """Parse the arguments (``--help`` prints here); see ``invoke``."""
        for command in [self, *self.commands.values()]:
            help_option = command.get_help_option(_click_core.Context(command))
            for param in [*command.params, help_option]:
                _plain_values(param)
                if param is not None and getattr(param, "is_flag", False) and param.metavar is None:
                    param.metavar = ""  # typer 0.29 shows a flag as taking a "<bool>"
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

    def _click_error(self, exc: Any) -> int:
        if type(exc).__name__ == "NoArgsIsHelpError":
            # The help text is the message (rich mode has printed it already).
            if self.rich_markup_mode is None:
                exc.show()
            return int(exc.exit_code)
        message = exc.format_message()
        ctx = getattr(exc, "ctx", None)
        if isinstance(exc, _click.UsageError) and ctx is not None:
            message = f"{message} (see '{ctx.command_path} --help')"
        report(message)
        return int(exc.exit_code)


#: How numbers are written on the command line: ASCII digits, a sign, one decimal point
#: (and an exponent for a decimal). ``int`` and ``float`` alone would also take other
#: scripts' digits (``٣``), underscores (``1_000``), ``nan`` and ``inf``. A number may
#: have as many digits as the user likes (each option says how large it may be), up to
#: ``_MOST_DIGITS``, past which Python will not read a whole number.
_NUMBERS = {
    int: re.compile(r"[+-]?[0-9]+\Z"),
    float: re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\Z"),
}
_MOST_DIGITS = 4000


class _PlainValue:
    """Turns an option's text into the ``str``, ``int`` or ``float`` it is declared as.

    typer 0.29 and later convert every option through pydantic, which costs
    about 0.1 s of every run to import; our options are plain strings and
    numbers, so they get this converter instead, through the hook those
    versions read (``_runtime_param``, left unset until first use). Other
    typer versions do not have the hook and convert as they always did.
    """

    def __init__(self, kind: type) -> None:
        self.kind = kind

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:
            return () if param.multiple or param.nargs == -1 else None
        if isinstance(value, (list, tuple)):
            return [self._one(v, param, ctx) for v in value]
        return self._one(value, param, ctx)

    def _one(self, value: Any, param: Any, ctx: Any) -> Any:
        if type(value) is self.kind:
            return value
        word = {int: "an integer", float: "a number", bool: "a flag"}.get(self.kind, "text")
        if self.kind is bool:  # a flag is never given a value
            raise _click.BadParameter(f"{quote(value)}: {param.name} is {word}", ctx, param)
        pattern = _NUMBERS.get(self.kind)
        text = str(value).strip()
        if pattern is not None and not pattern.match(text):
            raise _click.BadParameter(f"{quote(value)} is not {word} (digits 0-9)", ctx, param)
        too_large = len(text) > _MOST_DIGITS or (
            self.kind is float and not math.isfinite(float(text))
        )
        if pattern is not None and too_large:
            raise _click.BadParameter(f"{quote(value)} is too large a number", ctx, param)
        try:
            out = self.kind(value)
        except (TypeError, ValueError):
            raise _click.BadParameter(f"{quote(value)} is not {word}", ctx, param) from None
        return out


def _plain_values(param: Any) -> None:
    """Give a plain option the converter above, where typer has the hook for it."""
    if getattr(param, "_runtime_param", False) is not None:
        return  # another typer version, or converted already
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    kind = typing.get_args(annotation)[0] if typing.get_origin(annotation) is list else annotation
    if kind in (str, int, float, bool):
        param._runtime_param = _PlainValue(kind)


@contextlib.contextmanager
def _output_failures() -> Iterator[None]:
    """Turn a failed standard output into ``OutputFailed``, past typer's own handling."""
    # lazy: --version runs without it
    from ttt_maps.cli.streams import is_output_error

    try:
        yield
    except OSError as exc:
        if is_output_error(exc):
            raise OutputFailed(exc) from None
        raise


def new_app(*, add_completion: bool = True) -> typer.Typer:
    """The typer app every command registers on (see ``one_command_app``).

    Help is click's plain text (``rich_markup_mode=None``): typer's rich help
    imports about a hundred modules of rich, markdown and pretty-printing,
    which made ``--help`` twice as slow as drawing a map.
    """
    return typer.Typer(
        name=PROG,
        cls=TTTGroup,
        pretty_exceptions_enable=False,
        no_args_is_help=True,
        rich_markup_mode=None,
        add_completion=add_completion,
    )


def run(app: typer.Typer) -> None:
    """Run the command line and end the process; usage errors exit 2 with one line.

    Failures that are not bugs end the same way (``ttt_maps.cli.streams``): a
    failed standard output exits 2 (quietly for a broken pipe), a stop
    signal 128 + its number after the clean-up has run.

    A command is short and everything it builds dies with it, so the run
    skips two kinds of clean-up that only cost time: the cyclic garbage
    collector is off (the trees, scenes and strings hold no cycles; peak
    memory is the same either way), and the process ends with ``os._exit``
    once the output is flushed, instead of freeing every object one by one
    (about 20 ms of the O map's PDF run; mypy ends the same way). Files are
    closed before this point: ``write_atomic`` closes and renames its own.
    """
    # lazy: --version runs without it
    from ttt_maps.cli import streams

    gc.disable()
    warnings.showwarning = _warning_line
    streams.prepare()
    try:
        try:
            one_command_app(app, sys.argv[1:])()
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
            sys.stderr.write(f"{PROG}: {streams.stopped_line(exc.signum)}\n")
            sys.stderr.flush()
        os._exit(128 + exc.signum)
    exit_now(code)


def _output_failed(error: OSError) -> int:
    """Exit 2 for a failed standard output, with one line unless the pipe is just closed."""
    # lazy: --version runs without it
    from ttt_maps.cli.streams import output_error_line

    line = output_error_line(error)
    if line is not None:
        with contextlib.suppress(OSError, ValueError):
            report(line)
    return 2


def _flush(code: object) -> object:
    """Flush what is still buffered; output lost at this point fails the run too."""
    # lazy: --version runs without it
    from ttt_maps.cli.streams import flush_all

    failed = flush_all()
    if failed is None:
        return code
    return _output_failed(failed) if code in (0, None) else code


def _warning_line(message: Warning | str, *_: object, **__: object) -> None:
    """A warning (a character no font can draw...) as one stderr line, as errors are."""
    text = escaped(" ".join(str(message).split()))
    sys.stderr.write(f"{PROG}: warning: {text}\n")


def exit_now(code: object) -> None:
    """End the process now, as ``sys.exit(code)`` would (the output is flushed already)."""
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # sys.exit("message"): the message goes to stderr, the status is 1
        with contextlib.suppress(OSError, ValueError):
            print(code, file=sys.stderr, flush=True)
        status = 1
    os._exit(status)


def one_command_app(app: typer.Typer, args: Sequence[str]) -> typer.Typer:
    """The app to run: for ``ttt-maps COMMAND ...``, one with only that command.

    typer turns every command's signature into click options on each run;
    when the first argument names a command, the other commands and the
    completion options (which are only read before a command name) cannot
    take part, so building them is skipped (~2 ms of every start-up). Any
    other argument list, and shell completion (which reads the words from the
    environment), runs the whole app.
    """
    if not args or "_TTT_MAPS_COMPLETE" in os.environ:
        return app
    for info in app.registered_commands:
        if info.callback is None:
            continue
        if (info.name or get_command_name(info.callback.__name__)) == args[0]:
            one = new_app(add_completion=False)
            one.registered_callback = app.registered_callback
            one.registered_commands = [info]
            return one
    return app
