"""The solved bounds of the bigger boards, kept between runs in the user's cache folder.

The command line and the docs call them the solved positions; the files keep
their names (``table-<board>-v<version>.bin``).

A board of up to 12 cells is solved whole in milliseconds and never cached.
On a bigger board the solver's bounds (a lower and an upper bound of the
score per position) cost real time to find, so once a run has searched
more than ``WORTH_KEEPING`` positions (about a second) they are written
to ``<cache folder>/table-<board>-v<solver version>.bin`` (the board's name
carries its rules, ``4x4k3-misere``, in the file name and in the header) and later runs
start from it. The folder is the platform's user cache folder
(``platformdirs``) or ``$TTT_MAPS_CACHE_DIR``; ``--no-cache`` (``disable``)
leaves it alone. ``$TTT_MAPS_CACHE_MIN_SEARCH`` changes the threshold (the
tests use it).

The folder is untrusted input. A bounds file is read only from a regular file
that is not a link, never past the length its header states, and believed
only when its MAC shows that this user's ttt-maps wrote it
(``ttt_maps.solve.bounds_file``); anything else is ignored and rebuilt, never an
error. A bounds file is written only inside the folder, never through a link, and
never over a file that is not one of ours; ``clear`` removes only our
bounds files and our temporary files. Writes are atomic (``io.atomic``): two runs
filling the cache at once leave one whole file, never a mixture.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import Geometry
from ttt_maps.io.atomic import replace_in
from ttt_maps.io.environment import whole_number
from ttt_maps.solve import bounds_file
from ttt_maps.solve.search import bound_span
from ttt_maps.solve.solver import SOLVER_VERSION

if TYPE_CHECKING:
    from ttt_maps.solve.search import DeepSolver

#: Positions a run must have searched before its bounds are worth keeping (~1 s).
WORTH_KEEPING = 300_000
ENV_DIR = "TTT_MAPS_CACHE_DIR"
ENV_MIN = "TTT_MAPS_CACHE_MIN_SEARCH"
#: The names ``info`` lists: bounds files' names, and our temporary files' (``io.atomic``).
_TABLE_NAME = re.compile(r"table-.*\.bin\Z", re.DOTALL)
_OUR_NAME = re.compile(r"table-([0-9]+x[0-9]+k[0-9]+(?:-misere)?)-v[0-9]+\.bin\Z")
_OUR_TEMPORARY = re.compile(
    r"\.table-[0-9]+x[0-9]+k[0-9]+(?:-misere)?-v[0-9]+\.bin\.ttt-[0-9a-f]{8}\.tmp\Z"
)
#: Reading a file of the folder: never through a link, never waiting on a pipe.
_READ = os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0)
_FOLDER = os.O_RDONLY | os.O_CLOEXEC | getattr(os, "O_DIRECTORY", 0)
#: States of a file that ``clear`` removes: our header, or our temporary name.
OURS = frozenset({"table", "other version", "damaged", "no key", "bad key", "temporary"})


def folder() -> Path:
    """Where the bounds files live: ``$TTT_MAPS_CACHE_DIR`` or the user cache folder."""
    given = os.environ.get(ENV_DIR)
    if given:
        return Path(given)
    # lazy: the playground (Pyodide, no platformdirs) gives $TTT_MAPS_CACHE_DIR
    import platformdirs

    return Path(platformdirs.user_cache_dir("ttt-maps", appauthor=False))


def file_name(geometry: Geometry) -> str:
    """The name of one board's table, for this solver version."""
    return f"table-{geometry.name}-v{SOLVER_VERSION}.bin"


def usable(solver: DeepSolver) -> bool:
    """Are this solver's bounds ones the cache keeps?"""
    return solver.cache and solver.geometry.size <= bounds_file.MAX_CELLS


def load(solver: DeepSolver) -> int:
    """Merge the cached bounds into ``solver.bounds``; returns the entries read (0 if none,
    or the file is not a bounds file this user's ttt-maps wrote)."""
    if not usable(solver):
        return 0
    found = _examine(file_name(solver.geometry), solver.geometry)
    if found.bounds is None:
        return 0
    solver.bounds.update(zip(found.bounds.keys, found.bounds.values, strict=True))
    return len(found.bounds.keys)


def keep(solver: DeepSolver) -> Path | None:
    """Write the solver's bounds if this run searched enough to make it worth keeping;
    returns the file written. Best effort: a folder that cannot be written, a name
    taken by a file that is not ours, or a key that cannot be used, and nothing is kept."""
    threshold = whole_number(ENV_MIN, WORTH_KEEPING, meaning="a number of positions")
    if solver.refused or not usable(solver) or len(solver.bounds) > bounds_file.MAX_ENTRIES:
        return None
    if solver.searched < threshold or solver.searched <= solver.kept:
        return None

    name = file_name(solver.geometry)
    where = folder()
    try:
        where.mkdir(parents=True, exist_ok=True)
        dir_fd = os.open(where, _FOLDER)
    except OSError:
        return None
    try:
        if _state_of_name(dir_fd, name) not in ("missing", "ours", "empty"):
            return None  # never over a link, or a file that is not ours
        key = bounds_file.make_key(bounds_file.key_path(where))
        data = bounds_file.encode(solver.geometry.name, SOLVER_VERSION, solver.bounds, key)
        replace_in(dir_fd, name, data, 0o666 & ~_umask())
    except (OSError, bounds_file.KeyProblem):
        return None
    finally:
        os.close(dir_fd)
    solver.kept = solver.searched
    return where / name


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# -- what is in the folder ------------------------------------------------------------


class CacheFile(NamedTuple):
    """One file in the cache folder, as ``ttt-maps cache info`` lists it.

    ``state`` is ``table`` (believed: ``entries`` positions), ``temporary`` (a
    run stopped while writing it), ``other version`` or ``damaged`` (our
    header, not believed), ``no key`` or ``bad key`` (not checked: the key is
    missing, or cannot be used),
    or what else is there: ``foreign`` (a file without our header), ``link``,
    ``pipe``, ``folder``, ``device``, ``unreadable``, ``empty`` (a bounds file may
    replace it).
    """

    name: str
    size: int
    geometry: str
    entries: int | None
    state: str


class _Found(NamedTuple):
    bounds: bounds_file.SolvedBounds | None
    size: int
    state: str


def files() -> list[CacheFile]:
    """The files in the cache folder named like bounds files, and our temporary files, by name."""
    try:
        names = sorted(os.listdir(folder()))
    except OSError:
        return []
    found: list[CacheFile] = []
    for name in names:
        if _OUR_TEMPORARY.match(name):
            try:
                info = os.lstat(folder() / name)
            except OSError:
                continue
            state = "temporary" if stat.S_ISREG(info.st_mode) else _special(info.st_mode)
            found.append(CacheFile(name, info.st_size, "?", None, state))
            continue
        if not _TABLE_NAME.match(name):
            continue
        ours = _OUR_NAME.match(name)
        board = ours.group(1) if ours else "?"
        try:
            geometry = Geometry.parse(board) if ours else None
        except UsageError:
            geometry = None
        seen = _examine(name, geometry)
        entries = None if seen.bounds is None else len(seen.bounds.keys)
        found.append(CacheFile(name, seen.size, board, entries, seen.state))
    return found


def clear() -> tuple[list[str], list[str]]:
    """Remove our bounds files (files with our header) and the temporary files of stopped
    runs; returns (the names removed, the names left: files that are not ours)."""
    removed: list[str] = []
    left: list[str] = []
    listed = files()
    if not listed:
        return removed, left
    try:
        dir_fd = os.open(folder(), _FOLDER)
    except OSError:
        return removed, [entry.name for entry in listed]
    try:
        for entry in listed:
            # looked at again just before: a file swapped in since is left alone
            if entry.state not in OURS or _state_of_name(dir_fd, entry.name) != "ours":
                left.append(entry.name)
                continue
            try:
                os.unlink(entry.name, dir_fd=dir_fd)
            except OSError:
                left.append(entry.name)
                continue
            removed.append(entry.name)
    finally:
        os.close(dir_fd)
    return removed, left


class CacheInfo(NamedTuple):
    """The cache folder as ``cache info`` tells it: where, whether it is a folder, the
    key that signs the bounds files (or why it cannot be used), each file in it, and the
    states of files that ttt-maps wrote (``clear`` removes those)."""

    folder: Path
    made: bool
    is_folder: bool
    key_problem: str | None
    key_file: Path | None
    files: list[CacheFile]
    ours: frozenset[str]


def info() -> CacheInfo:
    """What is in the user's cache folder of solved bounds."""
    where, key = folder(), key_file()
    return CacheInfo(
        where,
        os.path.lexists(where),
        os.path.isdir(where),
        key_problem(),
        key if os.path.lexists(key) else None,
        files(),
        OURS,
    )


def key_file() -> Path:
    """The file of the key that signs the bounds files (``bounds_file.key_path``)."""
    return bounds_file.key_path(folder())


def key_problem() -> str | None:
    """Why the key that signs the bounds files cannot be used, or None (also when there is none
    yet: the first bounds file kept makes it)."""
    try:
        bounds_file.read_key(key_file())
    except bounds_file.KeyProblem as exc:
        return str(exc)
    return None


def _state_of_name(dir_fd: int, name: str) -> str:
    """``missing``; ``ours``: a regular file (not a link) with our header, or with the
    name of our temporary files; ``empty``: a regular file with nothing in it; or
    ``other``: anything else."""
    try:
        info = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return "missing"
    except OSError:
        return "other"
    if not stat.S_ISREG(info.st_mode):
        return "other"
    if _OUR_TEMPORARY.match(name):
        return "ours"
    if info.st_size == 0:
        return "empty"
    try:
        fd = os.open(name, _READ, dir_fd=dir_fd)
    except OSError:
        return "other"
    try:
        head = _read_at_most(fd, len(bounds_file.FAMILY))
    except OSError:
        head = b""
    finally:
        os.close(fd)
    return "ours" if head == bounds_file.FAMILY else "other"


def _examine(name: str, geometry: Geometry | None) -> _Found:
    """Read one file of the folder as a table, as far as it is safe to (``CacheFile``
    names the states): never through a link, never from a pipe or a device, never
    past the length its header states."""
    try:
        fd = os.open(folder() / name, _READ)
    except FileNotFoundError:
        return _Found(None, 0, "missing")
    except OSError:
        try:
            info = os.lstat(folder() / name)
        except OSError:
            return _Found(None, 0, "unreadable")
        return _Found(None, info.st_size, _special(info.st_mode))
    length = 0
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return _Found(None, 0, _special(info.st_mode))
        length = info.st_size
        head = _read_at_most(fd, bounds_file.HEADER.size)
        if not head:
            return _Found(None, length, "empty")
        if not head.startswith(bounds_file.FAMILY):
            return _Found(None, length, "foreign")
        size = bounds_file.expected_size(head)
        if size != length or geometry is None:
            return _Found(None, length, "damaged" if geometry else "other version")
        key = bounds_file.read_key(key_file())
        if key is None:
            return _Found(None, length, "no key")
        data = head + _read_at_most(fd, size - len(head))
        bounds = bounds_file.decode(
            data, geometry.name, SOLVER_VERSION, key, bound_span(geometry.size)
        )
        return _Found(bounds, length, "table")
    except bounds_file.NotBelieved as exc:
        return _Found(None, length, exc.state)
    except bounds_file.KeyProblem:
        return _Found(None, length, "bad key")
    except OSError:
        return _Found(None, length, "unreadable")
    finally:
        os.close(fd)


def _read_at_most(fd: int, count: int) -> bytes:
    """``count`` bytes, fewer only where the file ends: never more."""
    parts, left = [], count
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)


def _special(mode: int) -> str:
    """What a file that is not a bounds file is: ``link``, ``pipe``, ``folder``, ``device``..."""
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "unreadable"
