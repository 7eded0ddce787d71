"""Files named only when whole (``ttt_maps.io.atomic``), on real files: the unnamed file of
Linux, the hidden temporary name where there is none, and the links inside a folder.
(The signals and ``kill -9`` on a real process are in test_faults.py.)"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ttt_maps.io import atomic


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[int]:
    fd = os.open(tmp_path, os.O_RDONLY)
    yield fd
    os.close(fd)


def names(path: Path) -> list[str]:
    return sorted(p.name for p in path.iterdir())


def spy_on_opens(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names ``os.open`` is asked to open from now on."""
    seen: list[str] = []
    real = os.open

    def spying(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        seen.append(os.fspath(path))
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", spying)
    return seen


@pytest.mark.skipif(not hasattr(os, "O_TMPFILE"), reason="no O_TMPFILE on this platform")
def test_on_linux_the_new_file_never_has_a_name_of_its_own(
    tmp_path: Path, folder: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = spy_on_opens(monkeypatch)
    atomic.replace_in(folder, "map.svg", b"<svg/>", 0o640)
    assert seen == ["."]  # the folder itself, with O_TMPFILE: no name was ever opened
    assert names(tmp_path) == ["map.svg"]
    assert (tmp_path / "map.svg").read_bytes() == b"<svg/>"
    assert (tmp_path / "map.svg").stat().st_mode & 0o777 == 0o640


def test_without_o_tmpfile_a_hidden_name_is_used_and_removed(
    tmp_path: Path, folder: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(os, "O_TMPFILE", raising=False)
    seen = spy_on_opens(monkeypatch)
    (tmp_path / "map.svg").write_bytes(b"old")
    atomic.replace_in(folder, "map.svg", b"new", 0o644)
    (hidden,) = seen
    assert hidden.startswith(".map.svg.ttt-") and hidden.endswith(".tmp")
    assert names(tmp_path) == ["map.svg"]
    assert (tmp_path / "map.svg").read_bytes() == b"new"


def test_a_kernel_that_will_not_link_gets_the_file_written_again(
    tmp_path: Path, folder: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``O_TMPFILE`` works but neither ``/proc/self/fd`` nor ``AT_EMPTY_PATH`` links."""
    monkeypatch.setattr(atomic, "_link", lambda fd, folder, name: False)
    atomic.replace_in(folder, "map.svg", b"new", 0o644)
    assert names(tmp_path) == ["map.svg"]
    assert (tmp_path / "map.svg").read_bytes() == b"new"


def test_a_failed_rename_leaves_the_old_file_and_nothing_else(
    tmp_path: Path, folder: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "map.svg").write_bytes(b"old")

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "rename", full)
    with pytest.raises(OSError, match="No space"):
        atomic.replace_in(folder, "map.svg", b"new", 0o644)
    assert names(tmp_path) == ["map.svg"]
    assert (tmp_path / "map.svg").read_bytes() == b"old"


def test_a_link_in_the_folder_is_replaced_never_written_through(
    tmp_path: Path, folder: int
) -> None:
    (tmp_path / "precious.txt").write_text("keep")
    (tmp_path / "table.bin").symlink_to("precious.txt")
    atomic.replace_in(folder, "table.bin", b"table", 0o644)
    assert (tmp_path / "precious.txt").read_text() == "keep"
    assert not (tmp_path / "table.bin").is_symlink()
    assert (tmp_path / "table.bin").read_bytes() == b"table"


@pytest.mark.parametrize("tmpfile", [True, False], ids=["O_TMPFILE", "hidden name"])
def test_create_in_never_replaces(
    tmp_path: Path, folder: int, monkeypatch: pytest.MonkeyPatch, tmpfile: bool
) -> None:
    if not tmpfile:
        monkeypatch.delattr(os, "O_TMPFILE", raising=False)
    atomic.create_in(folder, "key", b"first", 0o600)
    with pytest.raises(FileExistsError):
        atomic.create_in(folder, "key", b"second", 0o600)
    assert (tmp_path / "key").read_bytes() == b"first"
    assert names(tmp_path) == ["key"]
    assert (tmp_path / "key").stat().st_mode & 0o777 == 0o600


def test_the_hidden_name_fits_the_folders_limit(tmp_path: Path, folder: int) -> None:
    limit = os.pathconf(tmp_path, "PC_NAME_MAX")
    name = atomic.temporary_name("m" * limit, folder)
    assert len(name.encode()) <= limit and name.startswith(".mmm") and name.endswith(".tmp")
