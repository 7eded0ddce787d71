"""The file a deep solver's bounds are kept in, and the key that proves we wrote it.

A bounds file holds a position's lower and upper bound per entry: a wrong one changes
answers, and nothing in the file itself can show that it is wrong. So a
bounds file is believed only if it carries a MAC (keyed BLAKE2b) made with this
user's own key, which lives beside the cache folder, never in it, readable by
this user alone (``key_path``); a bounds file copied from elsewhere, forged or
damaged fails the check and is rebuilt. (Checking every entry against the entries below
it, down to finished positions, would also catch a forgery, but costs more
than solving again: 7 s for the 367,000 entries of a 4x4 board's bounds that took
4.5 s to build. The MAC costs milliseconds.)

The file: a header (magic, board, solver version, entry count, MAC of the
rest of the header and the entries), then the keys (8 bytes each) and the
values (2 bytes each), little-endian. ``b"TTTMAPS"`` opens every bounds file
ttt-maps has ever written; the byte after it is the format.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
import struct
import sys
from array import array
from pathlib import Path
from typing import NamedTuple

from ttt_maps.io.atomic import create_in

#: Every table ttt-maps writes starts with this; the next byte is the format.
FAMILY = b"TTTMAPS"
MAGIC = FAMILY + b"\x02"
#: magic, board name, solver version, entry count, MAC.
HEADER = struct.Struct("<8s16sIQ32s")
#: Keys are stored as 8 bytes, values (packed bounds) as 2: boards of up to 32 cells.
MAX_CELLS = 32
ENTRY = 8 + 2
#: The most entries a bounds file may hold (168 MB): past it, nothing is kept or read.
MAX_ENTRIES = 1 << 24
KEY_SIZE = 32
ENV_KEY = "TTT_MAPS_KEY_FILE"


class SolvedBounds(NamedTuple):
    """A bounds file read back and believed: its keys and values."""

    keys: array[int]
    values: array[int]


class NotBelieved(Exception):
    """A file with our header that is not believed; ``state`` says why (``other
    version``: another format, board or solver version; ``damaged``: its length,
    MAC or values do not check out)."""

    def __init__(self, state: str) -> None:
        super().__init__(state)
        self.state = state


def encode(name: str, version: int, table: dict[int, int], key: bytes) -> bytes:
    """The bytes of a bounds file (``name``: the board's, ``version``: the solver's)."""
    items = sorted(table.items())
    keys = array("Q", [k for k, _ in items])
    values = array("H", [v for _, v in items])
    if sys.byteorder == "big":  # pragma: no cover - the file is little-endian everywhere
        keys.byteswap()
        values.byteswap()
    payload = keys.tobytes() + values.tobytes()
    head = MAGIC + name.encode("ascii").ljust(16, b"\0") + struct.pack("<IQ", version, len(items))
    return head + _mac(key, head, payload) + payload


def expected_size(header: bytes) -> int:
    """The length a file with this header must have (``NotBelieved`` unless the header
    is of this format and within ``MAX_ENTRIES``)."""
    if len(header) < HEADER.size or not header.startswith(MAGIC):
        raise NotBelieved("other version" if header.startswith(FAMILY) else "damaged")
    count = HEADER.unpack_from(header)[3]
    if count > MAX_ENTRIES:
        raise NotBelieved("damaged")
    return int(HEADER.size + count * ENTRY)


def decode(data: bytes, name: str, version: int, key: bytes, span: int) -> SolvedBounds:
    """The entries of a file, if every check passes (else ``NotBelieved``): the header
    (board, version, length), the MAC under ``key``, every value within ``span``."""
    _, board, found, count, mac = HEADER.unpack_from(data)
    if board.rstrip(b"\0") != name.encode("ascii") or found != version:
        raise NotBelieved("other version")
    if expected_size(data) != len(data):
        raise NotBelieved("damaged")
    payload = memoryview(data)[HEADER.size :]
    if not _same(mac, _mac(key, data[: HEADER.size - 32], payload)):
        raise NotBelieved("damaged")
    keys, values = array("Q"), array("H")
    keys.frombytes(payload[: count * 8])
    values.frombytes(payload[count * 8 :])
    if sys.byteorder == "big":  # pragma: no cover
        keys.byteswap()
        values.byteswap()
    if values and max(values) >= span * span:
        raise NotBelieved("damaged")  # a bound past the end of any game
    return SolvedBounds(keys, values)


def _mac(key: bytes, head: bytes, payload: bytes | memoryview) -> bytes:
    digest = hashlib.blake2b(key=key, digest_size=32, person=b"ttt-maps table")
    digest.update(head)
    digest.update(payload)
    return digest.digest()


def _same(a: bytes, b: bytes) -> bool:
    return hmac.compare_digest(a, b)


# -- the key -------------------------------------------------------------------


def key_path(cache_folder: Path) -> Path:
    """Where this user's key lives: ``$TTT_MAPS_KEY_FILE``, or beside the cache folder
    (``~/.cache/ttt-maps.key`` for ``~/.cache/ttt-maps``), never in it: whoever may
    write bounds files there must not be able to read the key that signs them."""
    given = os.environ.get(ENV_KEY)
    if given:
        return Path(given)
    folder = Path(os.path.abspath(cache_folder))
    return folder.with_name(folder.name + ".key") if folder.name else folder / "ttt-maps.key"


class KeyProblem(Exception):
    """Why the key cannot be used (the cache is then left alone)."""


def read_key(path: Path) -> bytes | None:
    """The user's key in ``path``; None if there is none yet; ``KeyProblem`` if the file
    is not one we can trust: a link, not a regular file, not this user's, open to others."""
    flags = os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise KeyProblem(f"the key {path} cannot be read ({exc.strerror})") from None
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise KeyProblem(f"the key {path} is not a regular file")
        if os.name == "posix" and found.st_uid != os.geteuid():
            raise KeyProblem(f"the key {path} belongs to another user")
        if os.name == "posix" and found.st_mode & 0o077:
            raise KeyProblem(f"the key {path} can be read or written by other users")
        key = os.read(fd, KEY_SIZE + 1)
    finally:
        os.close(fd)
    if len(key) != KEY_SIZE:
        raise KeyProblem(f"the key {path} is not {KEY_SIZE} bytes long")
    return key


def make_key(path: Path) -> bytes:
    """The user's key in ``path``, made now if there is none (readable by this user alone)."""
    key = read_key(path)
    if key is not None:
        return key

    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder = os.open(path.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        create_in(folder, path.name, secrets.token_bytes(KEY_SIZE), 0o600)
    except FileExistsError:
        pass  # another run made it first: use theirs
    finally:
        os.close(folder)
    made = read_key(path)
    if made is None:
        raise KeyProblem(f"the key {path} vanished as it was made")
    return made
