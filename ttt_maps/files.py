"""Writing output files atomically (SPEC section 7).

A file is written to a temporary file in the target's directory, flushed to
disk, and renamed over the target in one step, so a failed or interrupted run
never leaves a partial file and never damages an existing one. Problems a
user can cause (a missing directory, a directory given as the file, no
permission) are ``UsageError``s with one line that names the path.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ttt_maps.errors import UsageError


def check_target(path: str | os.PathLike[str]) -> Path:
    """Validate where a file is to be written; returns it as a ``Path``.

    Raises ``UsageError`` when the parent directory is missing or not a
    directory, the target is a directory, or either cannot be written.
    """
    target = Path(path)
    if str(path) == "" or target.name in ("", ".", ".."):
        raise UsageError(f"output path {str(path)!r}: expected a file name")
    parent = target.parent
    if target.is_dir():
        raise UsageError(f"output {str(target)!r} is a directory; give a file name inside it")
    if not parent.exists():
        raise UsageError(f"output {str(target)!r}: directory {str(parent)!r} does not exist")
    if not parent.is_dir():
        raise UsageError(f"output {str(target)!r}: {str(parent)!r} is not a directory")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UsageError(f"output {str(target)!r}: no permission to write in {str(parent)!r}")
    if target.exists() and not os.access(target, os.W_OK):
        raise UsageError(f"output {str(target)!r}: the existing file is not writable")
    return target


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` (text is UTF-8) to ``path`` atomically; returns the path.

    The temporary file lives in the same directory (so the final rename is
    atomic) and is removed on any failure, leaving an existing file untouched.
    """
    target = check_target(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    mode = _mode_for(target)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise UsageError(f"output {str(target)!r}: cannot write ({exc.strerror})") from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            reason = exc.strerror or str(exc)
            raise UsageError(f"output {str(target)!r}: cannot write ({reason})") from None
        raise
    _sync_dir(target.parent)
    return target


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; new files get the usual 0o666 & ~umask."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_dir(directory: Path) -> None:
    """Make the rename durable where the platform allows it (best effort)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
