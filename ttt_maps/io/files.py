"""Reading and writing files so that nothing is lost and nothing is destroyed.

Writing, as coreutils' ``install`` and ``sed -i --follow-symlinks`` do:

- a regular file (new or old) is written to a new file beside it that has
  no name yet, flushed to disk, and renamed over it in one step, so a failed
  or interrupted run (an error, a full disk, Ctrl-C, ``kill``, a hang-up)
  leaves the old file as it was and no temporary file behind
  (``ttt_maps.io.atomic``);
- a symbolic link is followed: the file it points to is replaced that way
  and the link stays; a dangling link gets its target created, as a shell's
  ``>`` would;
- a pipe, a terminal, ``/dev/null`` or another character device is written
  into, never replaced; block devices, sockets and folders are refused;
- ``-`` is standard output.

On Linux the new file has no name until it is complete, so even ``kill -9``
leaves nothing; elsewhere it is ``.NAME.ttt-XXXXXXXX.tmp``: hidden,
recognisable, and harmless if a power cut or ``kill -9`` leaves it behind.

Reading: a file we read (a strategy to check, an opening book) must be a
regular file or a pipe (``book:<(...)``; ``-`` is standard input), of at
most ``MAX_READ`` bytes, and
JSON in it must be plain data (no NaN, no numbers of thousands of digits,
no nesting past ``MAX_DEPTH``). Every problem a user can cause is a
``UsageError`` with one line that names the file.
"""

from __future__ import annotations

import errno
import json
import os
import select
import stat
import sys
from pathlib import Path
from typing import Any

from ttt_maps.errors import UsageError, quote
from ttt_maps.io.atomic import replace_in

#: The most we read from one file or from standard input.
MAX_READ = 32 * 1024 * 1024
#: How deeply JSON we read may nest (ours nests two levels).
MAX_DEPTH = 32
# -- writing -------------------------------------------------------------------------


def check_target(path: str | os.PathLike[str], *, derived_from: str = "") -> Path:
    """Where ``path`` will be written (links followed), checked before any work is done.

    Raises ``UsageError`` when the folder is missing or not writable, or the
    target is a folder or something we must not write (a block device, a
    socket). ``-`` (standard output) is always fine. A name ttt-maps made up
    (``derived_from`` says how: ``a name made from -o 'm.svg'``) is written only as a
    file of its own: a link or anything but a regular file there is refused.
    """
    text = os.fspath(path)
    if text == "-":
        return Path("-")
    if text == "" or Path(text).name in ("", ".", ".."):
        raise UsageError(f"output path {quote(text)}: expected a file name")
    if derived_from:
        _check_own(text, derived_from)
    try:
        target = _follow(Path(text))
    except OSError as exc:  # a name too long, a folder we may not look into
        raise UsageError(f"output {quote(text)}: {exc.strerror}") from None
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise UsageError(f"output {quote(text)}: {exc.strerror}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise UsageError(f"output {quote(text)} is a directory; give a file name inside it")
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):
        raise UsageError(
            f"output {quote(text)} is a {_kind(mode)}; write to a file, a pipe or a terminal"
        )
    if mode is None or stat.S_ISREG(mode):
        parent = target.parent
        if not os.path.exists(parent):
            raise UsageError(f"output {quote(text)}: directory {quote(str(parent))} does not exist")
        if not os.path.isdir(parent):
            raise UsageError(f"output {quote(text)}: {quote(str(parent))} is not a directory")
        if not os.access(parent, os.W_OK | os.X_OK):
            raise UsageError(
                f"output {quote(text)}: no permission to write in {quote(str(parent))}"
            )
    if mode is not None and not os.access(target, os.W_OK):
        raise UsageError(f"output {quote(text)}: the existing file is not writable")
    return target


def write_atomic(
    path: str | os.PathLike[str], data: bytes | str, *, derived_from: str = ""
) -> Path:
    """Write ``data`` (text as UTF-8) to ``path`` safely (see the module); returns the path.

    ``-`` writes to standard output. A name ttt-maps made up (``derived_from``,
    as for ``check_target``) is never written through a link: the file is
    put in place under that very name.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if os.fspath(path) == "-":
        write_stdout(payload)
        return Path("-")
    if derived_from:
        check_target(path, derived_from=derived_from)
        _replace(Path(path), payload, os.fspath(path))
        return Path(path)
    target = check_target(path)
    if os.path.exists(target) and not os.path.isfile(target):
        _write_into(target, payload, os.fspath(path))
        return Path(path)
    _replace(target, payload, os.fspath(path))
    return Path(path)


def write_stdout(data: bytes) -> None:
    """Write bytes to standard output and flush; a failure is an ``OSError`` for the caller.

    The command line turns it into exit 2 (``cli.run``); a broken
    pipe stays quiet, as ``head`` expects.
    """
    stream = sys.stdout
    if stream is None:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))
    stream.flush()
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
        stream.buffer.write(data)
        stream.buffer.flush()
        return
    # os.write, not the buffered writer: a pipe closed half-way through a
    # big write can end it short with no error, and the rest must not be lost
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _check_own(text: str, derived_from: str) -> None:
    """A made-up name must be free or a regular file: nothing foreign is replaced."""
    try:
        mode = os.lstat(text).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise UsageError(f"output {quote(text)}: {exc.strerror}") from None
    if stat.S_ISREG(mode):
        return
    what = "a symbolic link" if stat.S_ISLNK(mode) else f"a {_kind(mode)}"
    if stat.S_ISDIR(mode):
        what = "a directory"
    raise UsageError(
        f"output {quote(text)}, {derived_from}, is {what}, which ttt-maps does not write "
        "through or replace; remove it or choose another name"
    )


def _follow(path: Path) -> Path:
    """The file a chain of links ends at (a dangling link's target, made absolute)."""
    seen = 0
    while path.is_symlink():
        seen += 1
        if seen > 40:
            raise UsageError(f"output {quote(str(path))}: too many levels of symbolic links")
        link = Path(os.readlink(path))
        path = link if link.is_absolute() else path.parent / link
    return path


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISCHR(mode):
        return "character device"
    if stat.S_ISBLK(mode):
        return "block device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "special file"


def _write_into(target: Path, payload: bytes, shown: str) -> None:
    """A pipe or character device: written into as it is (it cannot be replaced)."""
    try:
        fd = os.open(target, os.O_WRONLY | os.O_NOCTTY | os.O_APPEND)
    except OSError as exc:
        raise UsageError(f"output {quote(shown)}: cannot open it ({exc.strerror})") from None
    try:
        view = memoryview(payload)
        while view:
            view = view[os.write(fd, view) :]
    except OSError as exc:
        raise UsageError(f"output {quote(shown)}: cannot write ({exc.strerror})") from None
    finally:
        os.close(fd)


def _replace(target: Path, payload: bytes, shown: str) -> None:
    """A regular file: made whole without a name beside it, then renamed over it
    (``atomic.replace_in``)."""

    mode = _mode_for(target)
    try:
        folder = os.open(target.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as exc:
        raise UsageError(f"output {quote(shown)}: cannot write ({exc.strerror})") from None
    try:
        replace_in(folder, target.name, payload, mode)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise UsageError(f"output {quote(shown)}: cannot write ({reason})") from None
    finally:
        os.close(folder)


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; new files get the usual 0o666 & ~umask."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


# -- reading ---------------------------------------------------------------------------


def read_text(path: str, what: str, *, where: str = "") -> str:
    """A UTF-8 text file (``-``: standard input) of at most ``MAX_READ`` bytes.

    ``what`` says what the file should be ("a strategy file"), ``where``
    names it in messages (default: the path, quoted).
    """
    shown = where or ("standard input" if path == "-" else quote(path))
    if path == "-":
        if sys.stdin is None:
            raise UsageError("standard input is closed; give a file name")
        data = sys.stdin.buffer.read(MAX_READ + 1)
    else:
        data = _read_file(path, shown, what)
    if len(data) > MAX_READ:
        raise UsageError(f"{shown}: larger than {MAX_READ // (1024 * 1024)} MB; is it {what}?")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{shown}: not UTF-8 text; expected {what}") from None


def _read_file(path: str, shown: str, what: str) -> bytes:
    """At most ``MAX_READ + 1`` bytes of a regular file or a pipe; nothing else is read
    (a device such as ``/dev/zero`` never ends, a terminal waits for a person)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOCTTY | os.O_CLOEXEC | os.O_NONBLOCK)
    except FileNotFoundError:
        raise UsageError(f"{shown}: no such file") from None
    except OSError as exc:
        raise UsageError(f"{shown}: cannot read it ({exc.strerror})") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISFIFO(mode):  # book:<(...), or a named pipe: read as cat reads it
            return _read_pipe(fd)
        if stat.S_ISDIR(mode):
            raise UsageError(f"{shown}: is a directory, expected {what}")
        if not stat.S_ISREG(mode):
            raise UsageError(f"{shown}: is a {_kind(mode)}, not a file or a pipe; expected {what}")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(MAX_READ + 1)
    except OSError as exc:
        raise UsageError(f"{shown}: cannot read it ({exc.strerror})") from None
    finally:
        os.close(fd)


def _read_pipe(fd: int) -> bytes:
    """Everything a pipe's writers send, to its end, up to ``MAX_READ + 1`` bytes.

    The pipe was opened without waiting (a named pipe with no writer yet must
    not hang the open), so each read waits for data, or for the end, first:
    a writer that has not come yet is waited for, as ``cat`` waits.
    """
    parts: list[bytes] = []
    total = 0
    while total <= MAX_READ:
        select.select([fd], [], [])
        try:
            chunk = os.read(fd, min(1 << 16, MAX_READ + 1 - total))
        except BlockingIOError:
            continue
        if not chunk:
            break
        parts.append(chunk)
        total += len(chunk)
    return b"".join(parts)


def parse_json(text: str, where: str) -> Any:
    """Plain JSON data, or a ``UsageError`` naming ``where`` and what is wrong with it."""

    def constant(name: str) -> Any:
        raise ValueError(f"{name} is not a number JSON allows")

    def number(digits: str) -> float:
        value = float(digits)
        if value in (float("inf"), float("-inf")):
            raise ValueError(f"the number {digits[:20]} is too large")
        return value

    def integer(digits: str) -> int:
        if len(digits.lstrip("-")) > 18:
            raise ValueError(f"the number {digits[:20]}... is far too long")
        return int(digits)

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        for key, value in pairs:  # json.loads would keep only the last of two
            if key in doc:
                raise ValueError(f"{quote(key)} is given twice in one object")
            doc[key] = value
        return doc

    try:
        data = json.loads(
            text,
            parse_constant=constant,
            parse_int=integer,
            parse_float=number,
            object_pairs_hook=unique,
        )
    except json.JSONDecodeError as exc:
        raise UsageError(f"{where}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise UsageError(f"{where}: the JSON nests too deeply") from None
    except ValueError as exc:
        raise UsageError(f"{where}: {exc}") from None
    if _depth(data) > MAX_DEPTH:
        raise UsageError(f"{where}: the JSON nests more than {MAX_DEPTH} levels deep")
    return data


def _depth(data: Any) -> int:
    """How deeply lists and objects nest in ``data`` (0 for a plain value)."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        item, level = todo.pop()
        if not isinstance(item, (dict, list)):
            continue
        deepest = max(deepest, level)
        children = item.values() if isinstance(item, dict) else item
        todo += [(child, level + 1) for child in children]
    return deepest


def json_field(doc: dict[str, Any], name: str, kind: type, source: str) -> Any:
    """A field of a parsed JSON object that must be there with a ``kind`` value."""
    value = doc.get(name)
    if not isinstance(value, kind):
        raise UsageError(f"{source}: field {name!r} is missing or not a {kind.__name__}")
    return value


def json_flag(doc: dict[str, Any], name: str, source: str) -> bool:
    """A true/false field of a parsed JSON object; false when it is left out."""
    value = doc.get(name, False)
    if not isinstance(value, bool):
        raise UsageError(f'{source}: "{name}" must be true or false, not {quote(value)}')
    return value
