"""The cache of solved tables is untrusted input: forged, linked, special and foreign files,
with real processes and real files; and the test suite never touches the user's cache.

Each test runs ``ttt-maps`` in a process of its own with a cache folder and a key of
its own (``TTT_MAPS_CACHE_DIR``, ``TTT_MAPS_KEY_FILE``) and compares its answers with
those of ``--no-cache``. The 4x4 board, three in a row, keeps a small table quickly
when ``TTT_MAPS_CACHE_MIN_SEARCH`` is 1.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from array import array
from pathlib import Path

import pytest
from conftest import CACHE_VARIABLES

from ttt_maps.solve import tables
from ttt_maps.solve.search import bound_span
from ttt_maps.solve.solver import SOLVER_VERSION

EXE = Path(sys.executable).parent / "ttt-maps"
pytestmark = pytest.mark.skipif(not EXE.exists(), reason="ttt-maps is not installed next to python")
TABLE = f"table-4x4k3-v{SOLVER_VERSION}.bin"
SOLVE = ("solve", "--board", "4x4k3", "................", "--json")


class Home:
    """A cache folder and a key of one test's own, and ``ttt-maps`` run with them."""

    def __init__(self, root: Path) -> None:
        self.cache = root / "cache"
        self.key = root / "data" / "table-key"
        self.env = {
            **os.environ,
            "TTT_MAPS_CACHE_DIR": str(self.cache),
            "TTT_MAPS_KEY_FILE": str(self.key),
            "TTT_MAPS_CACHE_MIN_SEARCH": "1",
        }

    def run(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(EXE), *args], capture_output=True, text=True, env=self.env, timeout=timeout
        )

    def ok(self, *args: str) -> str:
        proc = self.run(*args)
        assert proc.returncode == 0 and proc.stderr == "", proc.stderr
        return proc.stdout

    def info(self) -> str:
        return self.ok("cache", "info")


@pytest.fixture
def home(tmp_path: Path) -> Home:
    return Home(tmp_path)


@pytest.fixture(scope="module")
def truth() -> str:
    """What ``solve`` says with no cache at all."""
    proc = subprocess.run(
        [str(EXE), *SOLVE, "--no-cache"], capture_output=True, text=True, timeout=300, check=True
    )
    return proc.stdout


def forge(home: Home, key: bytes) -> None:
    """Replace the kept table by one in our format, with a right header, length and MAC
    under ``key``, and every value changed: each position a draw."""
    data = (home.cache / TABLE).read_bytes()
    count = tables.HEADER.unpack_from(data)[3]
    keys = array("Q")
    keys.frombytes(data[tables.HEADER.size : tables.HEADER.size + 8 * count])
    span, far = bound_span(16), 18
    draw = far * span + far  # low = high = 0
    (home.cache / TABLE).write_bytes(
        tables.encode("4x4k3", SOLVER_VERSION, dict.fromkeys(keys, draw), key)
    )


# -- forged tables ------------------------------------------------------------------------


def test_a_kept_table_gives_the_same_answers(home: Home, truth: str) -> None:
    assert home.ok(*SOLVE) == truth
    assert (home.cache / TABLE).is_file()
    assert stat.S_IMODE(home.key.stat().st_mode) == 0o600
    assert "positions" in home.info()
    assert home.ok(*SOLVE) == truth  # read back from the table


def test_a_forged_table_never_changes_an_answer(home: Home, truth: str) -> None:
    """A table forged with a right header, length and checksum, but not signed with this
    user's key, is not read: the answer stays right, the table is rebuilt."""
    home.ok(*SOLVE)
    forge(home, b"not the user's key, 32 bytes....")
    assert "fails its check" in home.info()
    assert home.ok(*SOLVE) == truth
    assert "positions" in home.info()  # rebuilt and signed again


def test_the_key_is_what_keeps_a_forgery_out(home: Home, truth: str) -> None:
    """The same forgery signed with the user's own key is believed (so the test above
    shows the key at work): who can read the key can sign a table."""
    home.ok(*SOLVE)
    forge(home, home.key.read_bytes())
    assert home.ok(*SOLVE) != truth


def test_a_bound_past_any_game_is_not_read_even_when_signed(home: Home, truth: str) -> None:
    """One value set to 65535 once gave "win in -1735": out of range, the table is damaged."""
    home.ok(*SOLVE)
    data = (home.cache / TABLE).read_bytes()
    count = tables.HEADER.unpack_from(data)[3]
    keys, values = array("Q"), array("H")
    keys.frombytes(data[tables.HEADER.size : tables.HEADER.size + 8 * count])
    values.frombytes(data[tables.HEADER.size + 8 * count :])
    values[0] = 65535
    table = dict(zip(keys, values, strict=True))
    key = home.key.read_bytes()
    (home.cache / TABLE).write_bytes(tables.encode("4x4k3", SOLVER_VERSION, table, key))
    assert "fails its check" in home.info()
    assert home.ok(*SOLVE) == truth


def test_a_table_of_the_old_format_is_not_read(home: Home, truth: str) -> None:
    """The format before the key: a right header and CRC, every value changed."""
    import struct
    import zlib

    home.ok(*SOLVE)
    data = (home.cache / TABLE).read_bytes()
    count = tables.HEADER.unpack_from(data)[3]
    payload = data[tables.HEADER.size : tables.HEADER.size + 8 * count] + b"\xff\xff" * count
    head = struct.pack("<8s16sIQI", b"TTTMAPS\x01", b"4x4k3", SOLVER_VERSION, count, 0)
    old = head[:-4] + struct.pack("<I", zlib.crc32(payload)) + payload
    (home.cache / TABLE).write_bytes(old)
    assert "another ttt-maps version" in home.info()
    assert home.ok(*SOLVE) == truth


def test_a_key_others_can_read_is_not_used(home: Home, truth: str) -> None:
    home.ok(*SOLVE)
    home.key.chmod(0o644)
    info = home.info()
    assert "can be read or written by other users" in info
    assert "not read: the key that signs tables cannot be used" in info
    before = (home.cache / TABLE).read_bytes()
    assert home.ok(*SOLVE) == truth
    assert (home.cache / TABLE).read_bytes() == before  # nothing kept with that key


# -- files that are not tables --------------------------------------------------------


def test_a_link_in_the_cache_is_never_written_through(home: Home, tmp_path: Path) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("the user's own file")
    home.cache.mkdir(parents=True)
    (home.cache / TABLE).symlink_to(precious)
    home.ok(*SOLVE)
    assert precious.read_text() == "the user's own file"
    assert (home.cache / TABLE).is_symlink()
    assert "a symbolic link: never followed" in home.info()


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_special_files_in_place_of_a_table(home: Home, truth: str, kind: str) -> None:
    """A pipe would hang a reader, ``/dev/zero`` would fill the memory: neither is read."""
    home.cache.mkdir(parents=True)
    path = home.cache / TABLE
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    proc = home.run(*SOLVE, timeout=120)
    assert proc.returncode == 0 and proc.stdout == truth, proc.stderr
    said = {"fifo": "a pipe", "dev-zero": "a symbolic link", "folder": "a folder"}[kind]
    info = home.run("cache", "info", timeout=60)
    assert said in info.stdout and "no 4x4k3 table is kept" in info.stdout
    assert home.run("cache", "clear", timeout=60).returncode == 0
    assert os.path.lexists(path)


def test_clear_removes_only_our_files(home: Home, tmp_path: Path) -> None:
    home.ok(*SOLVE)
    cache = home.cache
    (cache / "table-notes.bin").write_text("my notes")  # named like a table, not ours
    (cache / "notes.txt").write_text("not named like one")
    stale = cache / f".{TABLE}.ttt-0123abcd.tmp"  # what a stopped run may leave
    stale.write_bytes(b"half a table")
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    (cache / f".{TABLE}.ttt-89abcdef.tmp").symlink_to(precious)  # our name, not our file
    info = home.info()
    assert "not a ttt-maps table" in info and "left by a run stopped" in info
    out = home.ok("cache", "clear")
    assert out.startswith("removed 2 files from ") and "left 2 files" in out
    left = sorted(p.name for p in cache.iterdir())
    assert left == sorted([f".{TABLE}.ttt-89abcdef.tmp", "notes.txt", "table-notes.bin"])
    assert precious.read_text() == "keep me"


def test_a_cache_folder_that_is_a_file(home: Home, truth: str) -> None:
    home.cache.parent.mkdir(parents=True, exist_ok=True)
    home.cache.write_text("not a folder")
    assert home.ok(*SOLVE) == truth
    assert "(not a folder: nothing is kept)" in home.info()
    assert home.cache.read_text() == "not a folder"


def test_names_with_control_characters_are_escaped(home: Home) -> None:
    home.cache.mkdir(parents=True)
    (home.cache / "table-\x1b[2J\x07.bin").write_text("x")
    info = home.info()
    assert "\x1b" not in info and "\x07" not in info and "\\x1b[2J\\x07" in info


# -- the user's cache, during the tests ----------------------------------------------------


def suite_run(home: Path, *pytest_args: str) -> subprocess.CompletedProcess[str]:
    """Tests of this file, run as a suite in a fresh process by a user whose home is
    ``home`` (made empty) and who set none of the cache variables."""
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in CACHE_VARIABLES}
    env = {k: v for k, v in env.items() if not k.startswith(("XDG_", "PYTEST"))}
    env["HOME"] = str(home)
    tests = [f"{__file__}::{name}" for name in ("test_the_api_keeps_a_table_somewhere",)]
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *pytest_args, *tests],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).parent.parent,
        timeout=600,
    )


def test_the_api_keeps_a_table_somewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """A library user's run that keeps a table (run by itself, and by the test below)."""
    from ttt_maps import api
    from ttt_maps.solve import cache

    monkeypatch.setenv("TTT_MAPS_CACHE_MIN_SEARCH", "1")
    api.strategy("x", geometry="4x4k3", depth=2)
    assert (cache.folder() / TABLE).is_file()
    assert subprocess.run([str(EXE), *SOLVE], capture_output=True, check=False).returncode == 0


@pytest.mark.slow
def test_a_test_run_leaves_the_users_cache_untouched(tmp_path: Path) -> None:
    """The suite's conftest gives every test and every process a cache of its own: the
    user's cache folder and key do not appear. Without the conftest, they do."""
    isolated = suite_run(tmp_path / "home")
    assert isolated.returncode == 0, isolated.stdout[-2000:]
    assert list((tmp_path / "home").iterdir()) == []
    exposed = suite_run(tmp_path / "exposed", "--noconftest")
    assert exposed.returncode == 0, exposed.stdout[-2000:]
    assert (tmp_path / "exposed" / ".cache" / "ttt-maps" / TABLE).is_file()
    assert (tmp_path / "exposed" / ".cache" / "ttt-maps.key").is_file()
