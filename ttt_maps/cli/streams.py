"""The command line's standard streams and signals: failures in one line, never a traceback.

- Standard output is a file like any other: a full disk, a file-size limit,
  a closed descriptor or a broken pipe ends the run with exit 2 and one line
  (a broken pipe quietly, as ``head`` expects), including the last flush.
- A terminal or pipe that cannot take UTF-8 (``PYTHONIOENCODING=ascii``, an
  old locale) gets our few non-ASCII characters spelled in ASCII
  (``·`` -> ``.``, ``│`` -> ``|``); files we write stay UTF-8.
- Ctrl-C, ``kill`` and a hang-up raise ``Stopped`` so every clean-up runs
  (a half-written temporary file is removed); the exit status is 128 + the
  signal's number, as shells report it. A signal the parent told us to
  ignore (``nohup``) stays ignored.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import signal
import sys

from rich.console import Console

from ttt_maps.errors import Stopped

#: The signals that end a run cleanly.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
#: Write errors that mean the output, not the program, failed.
OUTPUT_ERRNOS = frozenset(
    {errno.EPIPE, errno.ENOSPC, errno.EFBIG, errno.EBADF, errno.EIO, errno.EDQUOT}
)
#: ASCII stand-ins for the non-ASCII characters our texts use.
ASCII = {
    "·": ".",
    "│": "|",
    "─": "-",
    "┼": "+",
    "┃": "|",
    "━": "-",
    "✓": "*",
    "…": "...",
    "→": "->",
    "←": "<-",
    "—": "--",
    "\u2013": "-",
    "\u00d7": "x",
    "≤": "<=",
    "≥": ">=",
    "≈": "~",
    "\u2018": "'",
    "\u2019": "'",
    "“": '"',
    "”": '"',
    "•": "*",
    "█": "#",
    "░": ".",
    "▏": "|",
    "╸": "-",
    "╺": "-",
    "é": "e",
    "è": "e",
    "ê": "e",
    "ö": "o",
    "ü": "u",
}
_HANDLER = "ttt-maps-ascii"


def _degrade(error: UnicodeError) -> tuple[str, int]:
    """A codec error handler: what a stream cannot encode, in ASCII (``?`` if nothing fits)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(ASCII.get(ch, "?") for ch in text), error.end


class _Closed(io.RawIOBase):
    """Stands in for a standard stream that was closed before we started (``>&-``)."""

    def writable(self) -> bool:
        return True

    def write(self, data: object) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


def prepare() -> None:
    """Make the standard streams and the stop signals behave as the module says."""
    codecs.register_error(_HANDLER, _degrade)
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            stream = io.TextIOWrapper(io.BufferedWriter(_Closed()), encoding="utf-8")
            setattr(sys, name, stream)
        elif isinstance(stream, io.TextIOWrapper) and not _is_utf8(stream.encoding):
            stream.reconfigure(errors=_HANDLER)
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _stop)


def _is_utf8(encoding: str) -> bool:
    try:
        return codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False


def _stop(signum: int, _frame: object) -> None:
    raise Stopped(signum)


def stopped_line(signum: int) -> str:
    """What to say when a stop signal ended the run."""
    if signum == signal.SIGINT:
        return "interrupted"
    return f"stopped by {signal.Signals(signum).name}"


def is_output_error(exc: OSError) -> bool:
    """Whether an error is the output failing (a full disk, a broken pipe), not a bug."""
    return exc.errno in OUTPUT_ERRNOS and exc.filename is None


def output_error_line(exc: OSError) -> str | None:
    """The one line for a failed standard output; ``None`` for a broken pipe (say nothing)."""
    if exc.errno == errno.EPIPE:
        return None
    return f"cannot write to standard output ({exc.strerror or os.strerror(exc.errno or 0)})"


def flush_all() -> OSError | None:
    """Flush standard output and error; the error standard output gave, if any.

    A failure of standard error is ignored: there is nowhere left to say it.
    """
    failed: OSError | None = None
    try:
        sys.stdout.flush()
    except OSError as exc:
        failed = exc
    except ValueError:  # closed by the command itself
        pass
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    return failed


def rich_reports_broken_pipes() -> None:
    """Make rich raise a broken pipe like any other write, instead of its own exit 1.

    rich's documented hook: by default it points standard output at
    /dev/null and exits 1, which would hide the failure from ``main``.
    Called wherever rich is about to write (tables, ``--help``).
    """

    Console.on_broken_pipe = _raise_broken_pipe  # type: ignore[method-assign,assignment]


def _raise_broken_pipe(_console: object) -> None:
    raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))
