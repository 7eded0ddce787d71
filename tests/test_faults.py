"""Faults and hostile input, with real processes, signals, pipes and file systems.

Each test runs the installed ``ttt-maps`` (or ``python -m ttt_maps``) and
checks what a careful user of coreutils expects: exit 2 and one stderr line
for anything the user or the system got wrong, nothing replaced that is not
a regular file, no temporary file left behind, the old file intact.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

EXE = Path(sys.executable).parent / "ttt-maps"
pytestmark = pytest.mark.skipif(not EXE.exists(), reason="ttt-maps is not installed next to python")

FAST = ("export", "--player", "x")  # a quick command that writes a file


def ttt(*args: str, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    """Run the installed command; bytes out, never raising on failure."""
    if "stdout" in kwargs:
        kwargs.setdefault("stderr", subprocess.PIPE)
    else:
        kwargs.setdefault("capture_output", True)
    kwargs.setdefault("timeout", 120)
    return subprocess.run([str(EXE), *args], check=False, **kwargs)  # type: ignore[call-overload, no-any-return]


def one_error_line(proc: subprocess.CompletedProcess[bytes], *needles: str) -> str:
    """The process failed with exit 2 and exactly one line, holding every needle."""
    err = proc.stderr.decode()
    assert proc.returncode == 2, (proc.returncode, err)
    assert err.count("\n") == 1 and err.startswith("ttt-maps: error: "), err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, err
    return err


def debris(folder: Path) -> list[str]:
    """Temporary files left in a folder."""
    return sorted(p.name for p in folder.iterdir() if ".ttt-" in p.name)


def writing(proc: subprocess.Popen[bytes], folder: Path) -> bool:
    """Is the process holding its new file open, done but not yet named? (On Linux
    the file has no name at all, ``O_TMPFILE``; elsewhere a hidden temporary one.)"""
    if debris(folder):
        return True
    try:
        links = [os.readlink(fd) for fd in Path(f"/proc/{proc.pid}/fd").iterdir()]
    except OSError:
        return False
    return any(link.startswith(f"{folder}/#") and link.endswith("(deleted)") for link in links)


# -- special files and links -------------------------------------------------------


def test_fifo_is_written_into_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    proc = ttt(*FAST, "-o", str(fifo))
    out, _ = reader.communicate(timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(out)["player"] == "x"
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert debris(tmp_path) == []


def test_dev_null_is_written_into_not_replaced() -> None:
    before = os.stat("/dev/null")
    proc = ttt(*FAST, "-o", "/dev/null")
    assert proc.returncode == 0, proc.stderr
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    assert after.st_ino == before.st_ino


@pytest.mark.skipif(os.geteuid() != 0, reason="making device nodes needs root")
def test_device_nodes_made_with_mknod(tmp_path: Path) -> None:
    """A character device (a copy of /dev/null) is written into; a block device is refused."""
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    block = tmp_path / "block"
    os.mknod(block, 0o600 | stat.S_IFBLK, os.makedev(7, 200))  # a loop device, unused
    assert ttt(*FAST, "-o", str(null)).returncode == 0
    assert stat.S_ISCHR(null.lstat().st_mode)
    one_error_line(ttt(*FAST, "-o", str(block)), "block device")
    assert stat.S_ISBLK(block.lstat().st_mode)
    assert debris(tmp_path) == []


def test_dev_full_is_a_full_disk_and_survives() -> None:
    proc = ttt("render", "--player", "o", "-f", "pdf", "-o", "/dev/full")
    one_error_line(proc, "/dev/full", "No space")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_symlink_is_followed_and_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to("real.json")
    assert ttt(*FAST, "-o", str(link)).returncode == 0
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert json.loads(real.read_text())["player"] == "x"
    assert debris(tmp_path) == []


def test_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    """As a shell's ``>`` does: the link stays, the file it names appears."""
    (tmp_path / "sub").mkdir()
    link = tmp_path / "link.json"
    link.symlink_to("sub/new.json")
    assert ttt(*FAST, "-o", str(link)).returncode == 0
    assert link.is_symlink()
    assert json.loads((tmp_path / "sub" / "new.json").read_text())["player"] == "x"


def test_symlink_loop_and_link_to_a_folder_are_errors(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to("loop")
    one_error_line(ttt(*FAST, "-o", str(loop)), "symbolic links")
    folder_link = tmp_path / "dir"
    folder_link.symlink_to(tmp_path)
    one_error_line(ttt(*FAST, "-o", str(folder_link)), "directory")
    assert loop.is_symlink() and folder_link.is_symlink()


def test_socket_is_refused(tmp_path: Path) -> None:
    import socket

    path = tmp_path / "sock"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))
        one_error_line(ttt(*FAST, "-o", str(path)), "socket")
        assert stat.S_ISSOCK(path.lstat().st_mode)


def test_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root may write any file")
    target = tmp_path / "ro.json"
    target.write_text("keep")
    target.chmod(0o444)
    one_error_line(ttt(*FAST, "-o", str(target)), "not writable")
    assert target.read_text() == "keep"


def test_permissions_of_an_existing_file_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "shared.json"
    target.write_text("old")
    target.chmod(0o640)
    assert ttt(*FAST, "-o", str(target)).returncode == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


# -- no debris -------------------------------------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_stop_signal_during_a_write_leaves_the_old_file(tmp_path: Path, signum: int) -> None:
    """The process is held between writing the temporary file and renaming it."""
    target = tmp_path / "map.pdf"
    target.write_bytes(b"old poster")
    env = {**os.environ, "TTT_MAPS_WRITE_PAUSE": "20"}
    proc = subprocess.Popen(
        [str(EXE), "render", "--player", "o", "-o", str(target)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while not writing(proc, tmp_path):  # the new file is written: the pause has begun
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert all(n.startswith(".map.pdf.ttt-") and n.endswith(".tmp") for n in debris(tmp_path))
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signum
    assert err.decode().count("\n") == 1 and "Traceback" not in err.decode()
    assert target.read_bytes() == b"old poster"
    assert debris(tmp_path) == []


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_signal_ends_a_long_proof_at_once(signum: int) -> None:
    """O's table on 3x4k3 is a proof CP-SAT does not finish in minutes; a stop signal
    in the middle of it ends the run within a second, in one line."""
    pytest.importorskip("ortools")
    proc = subprocess.Popen(
        [str(EXE), "table", "--player", "o", "--board", "3x4k3", "--prover", "cp-sat"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    time.sleep(6)  # the graph is listed in about half a second: the proof has begun
    assert proc.poll() is None
    asked = time.monotonic()
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=60)
    assert time.monotonic() - asked < 5
    assert proc.returncode == 128 + signum
    assert err.decode().count("\n") == 1 and "Traceback" not in err.decode()


def test_kill_9_mid_write_leaves_nothing(tmp_path: Path) -> None:
    """On Linux the new file has no name until it is whole: ``kill -9`` leaves the old
    file and nothing else."""
    if not hasattr(os, "O_TMPFILE"):
        pytest.skip("no O_TMPFILE on this platform: a hidden temporary file may be left")
    target = tmp_path / "x.json"
    target.write_text("old")
    env = {**os.environ, "TTT_MAPS_WRITE_PAUSE": "20"}
    proc = subprocess.Popen([str(EXE), *FAST, "-o", str(target)], env=env)
    deadline = time.monotonic() + 60
    while not writing(proc, tmp_path):
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.02)
    assert debris(tmp_path) == []  # written, flushed, and still without a name
    proc.kill()
    assert proc.wait(timeout=60) == -signal.SIGKILL
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]
    assert target.read_text() == "old"


def test_leftover_temporary_files_do_not_get_in_the_way(tmp_path: Path) -> None:
    """What ``kill -9`` or a power cut leaves where a new file needs a name (no
    ``O_TMPFILE``): hidden, and a later run writes anyway."""
    target = tmp_path / "x.json"
    left = ".x.json.ttt-0123abcd.tmp"
    (tmp_path / left).write_text("half a file")
    assert ttt(*FAST, "-o", str(target)).returncode == 0
    assert json.loads(target.read_text())["player"] == "x"
    assert debris(tmp_path) == [left]  # ours from before; nothing new


def test_longest_file_name_works(tmp_path: Path) -> None:
    limit = os.pathconf(tmp_path, "PC_NAME_MAX")
    name = "m" * (limit - len(".json")) + ".json"
    assert ttt(*FAST, "-o", str(tmp_path / name)).returncode == 0
    assert (tmp_path / name).exists() and debris(tmp_path) == []


# -- standard output --------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("render", "--player", "o", "-f", "svg", "-o", "-"),
        ("export", "--player", "o", "-o", "-"),
        ("compare", "fast", "yorgey", "-o", "-", "--format", "png"),
    ],
)
def test_dash_writes_standard_output(args: tuple[str, ...]) -> None:
    proc = ttt(*args)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    head = proc.stdout[:8]
    assert head.startswith((b"<svg", b"{", b"\x89PNG"))


def test_render_to_stdout_needs_one_format() -> None:
    one_error_line(ttt("render", "--player", "x", "-o", "-"), "--format")


def test_full_disk_on_standard_output() -> None:
    with open("/dev/full", "wb") as full:
        proc = ttt("render", "--player", "o", "-f", "svg", "-o", "-", stdout=full)
    one_error_line(proc, "standard output", "No space")


def test_small_output_to_a_full_disk_fails_at_the_last_flush() -> None:
    with open("/dev/full", "wb") as full:
        proc = ttt("solve", "x...o....", stdout=full)
    one_error_line(proc, "standard output")


@pytest.mark.parametrize("args", [("stats",), ("render", "--player", "x", "-f", "svg", "-o", "-")])
def test_closed_standard_output(args: tuple[str, ...]) -> None:
    proc = subprocess.run(
        [str(EXE), *args],
        stdout=None,
        stderr=subprocess.PIPE,
        check=False,
        timeout=120,
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    one_error_line(proc, "standard output", "Bad file descriptor")


@pytest.mark.parametrize(
    "args", [("render", "--player", "o", "-f", "svg", "-o", "-"), ("render", "--help")]
)
def test_broken_pipe_is_quiet_exit_2(args: tuple[str, ...]) -> None:
    proc = subprocess.Popen([str(EXE), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    proc.stdout.read(10)
    proc.stdout.close()
    _, err = proc.communicate(timeout=60)
    if proc.returncode == 0:  # the whole output fitted in the pipe before it closed
        assert len(args) == 2
        return
    assert proc.returncode == 2 and err == b""


def test_file_size_limit(tmp_path: Path) -> None:
    """``ulimit -f``: EFBIG for a file, and for standard output; the old file stays."""
    target = tmp_path / "o.pdf"
    target.write_bytes(b"old")
    shell = f'ulimit -f 8; exec "{EXE}" render --player o -o "{target}"'
    proc = subprocess.run(["sh", "-c", shell], capture_output=True, check=False, timeout=120)
    one_error_line(proc, "File too large")
    assert target.read_bytes() == b"old" and debris(tmp_path) == []
    out = tmp_path / "stdout.svg"
    shell = f'ulimit -f 8; exec "{EXE}" render --player o -f svg -o - > "{out}"'
    proc = subprocess.run(["sh", "-c", shell], capture_output=True, check=False, timeout=120)
    one_error_line(proc, "standard output", "File too large")


# -- input too big, too deep, or not a file -----------------------------------------------


def check_file(tmp_path: Path, content: str | bytes) -> subprocess.CompletedProcess[bytes]:
    path = tmp_path / "strategy.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return ttt("check", str(path))


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("[" * 100_000 + "]" * 100_000, "nests"),
        ("[" * 40 + "]" * 40, "nests more than"),
        ('{"format": ' + "9" * 5000 + "}", "far too long"),
        ('{"format": NaN}', "NaN"),
        ('{"format": -Infinity}', "Infinity"),
        ('{"format": 1e999}', "too large"),
        (b"\xff\xfe{}", "not UTF-8"),
        ("[1, 2, 3]", "expected a JSON object"),
        ('{"format": "ttt-maps/strategy@1", "geometry": 3}', "geometry"),
        ("{", "not valid JSON"),
    ],
)
def test_hostile_strategy_files(tmp_path: Path, content: str | bytes, needle: str) -> None:
    one_error_line(check_file(tmp_path, content), "strategy.json", needle)


@pytest.mark.parametrize(
    ("path", "needle"),
    [
        ("/dev/zero", "not a file or a pipe"),
        ("/dev/null", "not a file or a pipe"),
        (".", "directory"),
    ],
)
def test_reading_what_is_not_a_file(path: str, needle: str) -> None:
    one_error_line(ttt("check", path), needle)


def test_reading_a_fifo_waits_for_its_writer(tmp_path: Path) -> None:
    """A named pipe is read as ``cat`` reads it: from its writer, to the end."""
    fifo = tmp_path / "in"
    os.mkfifo(fifo)
    exported = ttt(*FAST).stdout
    proc = subprocess.Popen([str(EXE), "check", str(fifo)], stdout=subprocess.PIPE)
    with open(fifo, "wb") as writer:
        writer.write(exported)
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0 and out.startswith(b"perfect strategy for x")


def test_huge_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(40 * 1024 * 1024)  # sparse: no disk used
    one_error_line(ttt("check", str(path)), "larger than 32 MB")


def test_endless_standard_input_is_capped() -> None:
    with open("/dev/zero", "rb") as zero:
        proc = ttt("check", "-", stdin=zero)
    one_error_line(proc, "standard input", "larger than")


def test_check_reads_standard_input() -> None:
    exported = ttt(*FAST)
    proc = ttt("check", "-", "--json", input=exported.stdout)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["perfect"] is True


def test_hostile_book(tmp_path: Path) -> None:
    book = tmp_path / "book.json"
    book.write_text("[" * 50 + "]" * 50)
    one_error_line(ttt("solve", ".........", "-p", f"book:{book}"), "book", "nests")
    one_error_line(ttt("solve", ".........", "-p", "book:/dev/zero"), "not a file or a pipe")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("render", "--player", "x", "-o", "x.png", "--dpi", "0.0001"), "--dpi"),
        (("render", "--player", "x", "-o", "x.png", "--dpi", "nan"), "--dpi"),
        (("render", "--player", "x", "-o", "x.png", "--width", "999999999"), "--width"),
        (("render", "--player", "x", "-o", "x.png", "--width", "0"), "--width"),
        (("render", "--player", "x", "-o", "x.pdf", "--size", "0x0mm"), "--size"),
        (("render", "--player", "x", "-o", "x.pdf", "--size", "A4", "--margin", "1e9"), "--margin"),
        (("render", "--player", "x", "-o", "x.svg", "--depth", "-1"), "depth"),
        (("solve", ".........", "-p", "random:" + "9" * 5000), "18 digits"),
    ],
)
def test_numbers_that_would_break_the_drawing(
    tmp_path: Path, args: tuple[str, ...], needle: str
) -> None:
    one_error_line(ttt(*args, cwd=tmp_path), needle)
    assert list(tmp_path.iterdir()) == []


# -- error lines stay short; encodings ------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "x" * 10_000),
        ("render", "--player", "x", "--board", "9" * 10_000, "-o", "m.svg"),
        ("render", "--player", "x", "-p", "z" * 10_000, "-o", "m.svg"),
        ("render", "--player", "x" * 10_000),
        ("render", "--theme", "t" * 10_000),
    ],
)
def test_long_values_give_short_error_lines(tmp_path: Path, args: tuple[str, ...]) -> None:
    err = one_error_line(ttt(*args, cwd=tmp_path))
    assert len(err) < 300 and "…" in err


@pytest.mark.parametrize(
    "env",
    [{"PYTHONIOENCODING": "ascii"}, {"LANG": "C", "LC_ALL": "C"}, {"PYTHONIOENCODING": "latin-1"}],
)
@pytest.mark.parametrize(
    "args", [("solve", "x...o...."), ("stats",), ("policies",), ("compare", "fast", "yorgey")]
)
def test_other_encodings_degrade_text(env: dict[str, str], args: tuple[str, ...]) -> None:
    proc = ttt(*args, env={**os.environ, "PYTHONUTF8": "0", **env})
    assert proc.returncode == 0, proc.stderr
    assert b"Traceback" not in proc.stderr
    encoding = env.get("PYTHONIOENCODING", "utf-8")
    proc.stdout.decode(encoding)  # every byte is in the stream's encoding


def test_ascii_stand_ins() -> None:
    proc = ttt("solve", "x...o....", env={**os.environ, "PYTHONIOENCODING": "ascii"})
    out = proc.stdout.decode("ascii")
    assert " | " in out and "+" in out and "?" not in out


def test_errors_in_ascii_terminals_stay_one_line() -> None:
    proc = ttt("solve", "é" * 200, env={**os.environ, "PYTHONIOENCODING": "ascii"})
    err = one_error_line(proc)
    assert "..." in err


def test_files_stay_utf8_whatever_the_terminal(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LANG": "C", "LC_ALL": "C"}
    out = tmp_path / "t.svg"
    proc = ttt("render", "--player", "x", "--title", "Morpion · für alle", "-o", str(out), env=env)
    assert proc.returncode == 0, proc.stderr
    assert "Morpion · für alle" in out.read_text(encoding="utf-8")


# -- case -----------------------------------------------------------------------------------


def test_option_values_ignore_case(tmp_path: Path) -> None:
    proc = ttt(
        "render",
        "--player",
        "X",
        "-p",
        "FAST,Novice",
        "--theme",
        "Dark",
        "-f",
        "SVG",
        "--board",
        "3X3",
        "-o",
        str(tmp_path / "m"),
    )
    assert proc.returncode == 0, proc.stderr
    reference = ttt(
        "render",
        "--player",
        "x",
        "-p",
        "fast,novice",
        "--theme",
        "dark",
        "-o",
        str(tmp_path / "r.svg"),
    )
    assert reference.returncode == 0
    assert (tmp_path / "m").read_bytes() == (tmp_path / "r.svg").read_bytes()


def test_presets_ignore_case() -> None:
    proc = ttt("solve", ".........", "-p", "YORGEY", "--json")
    assert proc.returncode == 0, proc.stderr
    names = [p["name"] for p in json.loads(proc.stdout)["policies"]]
    assert "YORGEY" in names


@pytest.mark.skipif(shutil.which("sh") is None, reason="no sh")
def test_nohup_keeps_hangups_ignored(tmp_path: Path) -> None:
    """A signal the parent ignores stays ignored (``nohup`` must keep working)."""
    target = tmp_path / "x.json"
    env = {**os.environ, "TTT_MAPS_WRITE_PAUSE": "1"}
    proc = subprocess.Popen(
        ["sh", "-c", f'trap "" HUP; exec "{EXE}" export --player x -o "{target}"'], env=env
    )
    deadline = time.monotonic() + 60
    while not writing(proc, tmp_path):
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.02)
    proc.send_signal(signal.SIGHUP)
    assert proc.wait(timeout=60) == 0
    assert json.loads(target.read_text())["player"] == "x"
