"""Solved tables of the bigger boards, kept between runs in the user's cache folder.

A board of up to 12 cells is solved whole in milliseconds and never cached.
On a bigger board the solver's table (a lower and an upper bound of the
score per position) costs real time to build, so once a run has searched
more than ``WORTH_KEEPING`` positions (about a second) the table is written
to ``<cache folder>/table-<geometry>-v<solver version>.bin`` and later runs
start from it. The folder is the platform's user cache folder
(``platformdirs``) or ``$TTT_MAPS_CACHE_DIR``; ``--no-cache`` (``disable``)
leaves it alone. ``$TTT_MAPS_CACHE_MIN_SEARCH`` changes the threshold (the
tests use it).

A file is trusted only after its header (magic, geometry, solver version,
entry count), its length and a checksum of its entries check out; anything
else (a truncated, corrupt or foreign file) is ignored and rebuilt, never
an error. Files are written atomically (``files.write_atomic``), so two runs
filling the cache at once leave one whole file, never a mixture.
"""

from __future__ import annotations

import os
import struct
import sys
from array import array
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.solve.search import DeepSolver

#: Positions a run must have searched before its table is worth keeping (~1 s).
WORTH_KEEPING = 300_000
ENV_DIR = "TTT_MAPS_CACHE_DIR"
ENV_MIN = "TTT_MAPS_CACHE_MIN_SEARCH"
#: The file header: magic, geometry name, solver version, entry count, checksum.
_HEADER = struct.Struct("<8s16sIQI")
_MAGIC = b"TTTMAPS\x01"
#: Keys are stored as 8 bytes, values (packed bounds) as 2: boards of up to 32 cells.
_MAX_CELLS = 32
_ENTRY = 8 + 2


class _Switch:
    on = True


def disable() -> None:
    """Neither read nor write the cache in this process (``--no-cache``)."""
    _Switch.on = False


def folder() -> Path:
    """Where the tables live: ``$TTT_MAPS_CACHE_DIR`` or the user cache folder."""
    given = os.environ.get(ENV_DIR)
    if given:
        return Path(given)
    import platformdirs

    return Path(platformdirs.user_cache_dir("ttt-maps", appauthor=False))


def path_for(geometry: Geometry) -> Path:
    """The file of one geometry's table, for this solver version."""
    from ttt_maps.solve.solver import SOLVER_VERSION

    return folder() / f"table-{geometry.name}-v{SOLVER_VERSION}.bin"


def usable(solver: DeepSolver) -> bool:
    """Is this solver's table one the cache keeps?"""
    return _Switch.on and solver.geometry.size <= _MAX_CELLS


def load(solver: DeepSolver) -> int:
    """Merge the cached table into ``solver.table``; returns the entries read (0 if none
    or the file did not check out)."""
    if not usable(solver):
        return 0
    try:
        data = path_for(solver.geometry).read_bytes()
    except OSError:
        return 0
    entries = _decode(data, solver.geometry)
    if entries is None:
        return 0
    keys, values = entries
    solver.table.update(zip(keys, values, strict=True))
    return len(keys)


def keep(solver: DeepSolver) -> Path | None:
    """Write the solver's table if this run searched enough to make it worth keeping;
    returns the file written. Best effort: a folder that cannot be written is skipped."""
    threshold = _threshold()
    if solver.refused or not usable(solver):
        return None
    if solver.searched < threshold or solver.searched <= solver.kept:
        return None
    from ttt_maps.errors import UsageError
    from ttt_maps.io.files import write_atomic

    path = path_for(solver.geometry)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, _encode(solver))
    except (OSError, UsageError):
        return None
    solver.kept = solver.searched
    return path


def _threshold() -> int:
    text = os.environ.get(ENV_MIN, "")
    return int(text) if text.isdigit() else WORTH_KEEPING


def _encode(solver: DeepSolver) -> bytes:
    import zlib

    from ttt_maps.solve.solver import SOLVER_VERSION

    items = sorted(solver.table.items())
    keys = array("Q", [k for k, _ in items])
    values = array("H", [v for _, v in items])
    if sys.byteorder == "big":  # pragma: no cover - the file is little-endian everywhere
        keys.byteswap()
        values.byteswap()
    payload = keys.tobytes() + values.tobytes()
    name = solver.geometry.name.encode("ascii")
    header = _HEADER.pack(_MAGIC, name, SOLVER_VERSION, len(items), zlib.crc32(payload))
    return header + payload


def _decode(data: bytes, geometry: Geometry) -> tuple[array[int], array[int]] | None:
    """The keys and values of a cache file, or None unless every check passes."""
    import zlib

    from ttt_maps.solve.solver import SOLVER_VERSION

    if len(data) < _HEADER.size:
        return None
    magic, name, version, count, crc = _HEADER.unpack_from(data)
    if (
        magic != _MAGIC
        or name.rstrip(b"\0") != geometry.name.encode("ascii")
        or version != SOLVER_VERSION
        or len(data) != _HEADER.size + count * _ENTRY
    ):
        return None
    payload = memoryview(data)[_HEADER.size :]
    if zlib.crc32(payload) != crc:
        return None
    keys, values = array("Q"), array("H")
    keys.frombytes(payload[: count * 8])
    values.frombytes(payload[count * 8 :])
    if sys.byteorder == "big":  # pragma: no cover
        keys.byteswap()
        values.byteswap()
    return keys, values


class CacheFile(NamedTuple):
    """One table in the cache folder, as ``ttt-maps cache info`` lists it."""

    path: Path
    size: int
    geometry: str
    entries: int | None  # None: not a table this version of ttt-maps can read


def files() -> list[CacheFile]:
    """The tables in the cache folder, by name."""
    from ttt_maps.errors import UsageError
    from ttt_maps.game.geometry import Geometry

    found: list[CacheFile] = []
    try:
        paths = sorted(folder().glob("table-*.bin"))
    except OSError:
        return found
    for path in paths:
        try:
            data = path.read_bytes()
        except OSError:
            continue
        name = path.name.split("-")[1] if path.name.count("-") >= 2 else "?"
        try:
            decoded = _decode(data, Geometry.parse(name))
        except UsageError:  # a name that is not a geometry: not a table of ours
            decoded = None
        entries = None if decoded is None else len(decoded[0])
        found.append(CacheFile(path, len(data), name, entries))
    return found


def clear() -> list[Path]:
    """Remove every table from the cache folder, and the temporary files of runs
    that were stopped while writing one; returns what was removed."""
    try:
        paths = sorted(folder().glob("table-*.bin")) + sorted(folder().glob(".table-*.tmp"))
    except OSError:
        return []
    removed = []
    for path in paths:
        try:
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed
