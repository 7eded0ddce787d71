"""A file put in place in one step, whole, or not at all.

``replace_in`` writes the bytes into a file that has no name yet, flushes
them to disk, and only then gives the file its name (a rename over the old
one). On Linux the nameless file is a real one: ``O_TMPFILE`` makes a file
in the folder that no name points to, and ``linkat`` links the finished file
into the folder, so a run killed while it writes (``kill -9``, a power cut)
leaves nothing behind. The link is made through ``/proc/self/fd`` or, where
the kernel refuses that, with ``AT_EMPTY_PATH``; each is tried in turn.
Where neither the file system nor the platform can do it, the bytes go to a
hidden temporary name, ``.NAME.ttt-XXXXXXXX.tmp``, which such a kill can
leave behind: harmless, and ignored by later runs.

Everything happens inside one folder, given as an open descriptor, so no
name on the way is looked up twice and no link in the folder is followed: a
name that is a symbolic link is replaced as a link, never written through.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import time

from ttt_maps.io.environment import whole_number

#: ``linkat`` flag: link the file an open descriptor refers to (Linux).
_AT_EMPTY_PATH = 0x1000


def replace_in(folder: int, name: str, payload: bytes, mode: int) -> None:
    """Give ``folder``/``name`` the bytes ``payload`` and the permissions ``mode``, in one step.

    ``folder`` is a descriptor of an open folder. Raises ``OSError`` (the
    folder is left as it was); a stop signal on the way removes what was made.
    """
    _put(folder, name, payload, mode, replace=True)


def create_in(folder: int, name: str, payload: bytes, mode: int) -> None:
    """As ``replace_in``, for a name that must not exist yet (``FileExistsError`` if it
    does: another run made it first)."""
    _put(folder, name, payload, mode, replace=False)


def _put(folder: int, name: str, payload: bytes, mode: int, *, replace: bool) -> None:
    fd = _nameless(folder)
    temporary = None  # a hidden name of ours, removed unless renamed into place
    placed = paused = False
    try:
        if fd is not None:
            _fill(fd, payload, mode)
            _pause_for_tests()
            paused = True
            if replace:
                temporary = temporary_name(name, folder)
                if not _link(fd, folder, temporary):
                    temporary = None
            else:
                placed = _link(fd, folder, name)
            if not placed and temporary is None:  # the kernel would not link it
                os.close(fd)
                fd = None
        if fd is None:
            temporary, fd = _named(folder, name)
            _fill(fd, payload, mode)
            if not paused:
                _pause_for_tests()
        if replace and temporary is not None:
            os.rename(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
            temporary = None
        elif not placed and temporary is not None:
            os.link(temporary, name, src_dir_fd=folder, dst_dir_fd=folder, follow_symlinks=False)
    finally:
        if fd is not None:
            os.close(fd)
        if temporary is not None:
            _remove(folder, temporary)
    with contextlib.suppress(OSError):
        os.fsync(folder)  # make the new name durable where the platform allows it


def temporary_name(name: str, folder: int) -> str:
    """``.NAME.ttt-XXXXXXXX.tmp``, NAME cut short so the whole fits the folder's name limit."""
    suffix = f".ttt-{os.urandom(4).hex()}.tmp"  # what secrets.token_hex(4) does
    try:
        limit = os.fpathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        limit = 255
    room = max(0, limit - len(suffix.encode()) - 1)
    cut = name.encode("utf-8", "surrogateescape")[:room]
    return "." + cut.decode("utf-8", "ignore") + suffix


def _nameless(folder: int) -> int | None:
    """A new file without a name in ``folder`` (``O_TMPFILE``), or None where there is none."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag:
        return None
    try:
        return os.open(".", flag | os.O_WRONLY | os.O_CLOEXEC, 0o600, dir_fd=folder)
    except OSError:  # not on this file system (or an old kernel): use a hidden name
        return None


def _named(folder: int, name: str) -> tuple[str, int]:
    """A new file under a fresh hidden temporary name, never through a link."""
    for _ in range(100):
        temporary = temporary_name(name, folder)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0)
        try:
            return temporary, os.open(temporary, flags, 0o600, dir_fd=folder)
        except FileExistsError:
            continue
    raise OSError(errno.EEXIST, "no free temporary name")


def _fill(fd: int, payload: bytes, mode: int) -> None:
    """Write everything, set the permissions, flush to disk."""
    view = memoryview(payload)
    while view:
        view = view[os.write(fd, view) :]
    os.fchmod(fd, mode)
    os.fsync(fd)


def _link(fd: int, folder: int, name: str) -> bool:
    """Give the nameless file ``fd`` the name ``name`` in ``folder``: False if the kernel
    will not, ``FileExistsError`` if the name is taken."""
    try:
        os.link(f"/proc/self/fd/{fd}", name, dst_dir_fd=folder, follow_symlinks=True)
        return True
    except FileExistsError:
        raise
    except OSError:
        pass  # no /proc, or a kernel that refuses links across its mounts
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        done: int = libc.linkat(fd, b"", folder, os.fsencode(name), _AT_EMPTY_PATH)
    except (OSError, AttributeError):
        return False
    if done != 0 and ctypes.get_errno() == errno.EEXIST:
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), name)
    return done == 0


def _remove(folder: int, name: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(name, dir_fd=folder)


def _pause_for_tests() -> None:
    """Wait ``TTT_MAPS_WRITE_PAUSE`` seconds with the bytes written, before the file is named.

    Only the fault tests set it: it holds a real process at the moment a
    signal would hurt most, so they can send one there.
    """
    if "TTT_MAPS_WRITE_PAUSE" not in os.environ:
        return  # every other run: no need to load the parser of numbers

    pause = whole_number("TTT_MAPS_WRITE_PAUSE", 0, meaning="whole seconds")
    if pause:
        time.sleep(pause)
