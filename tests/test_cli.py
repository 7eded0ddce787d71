"""The ``ttt-maps`` command line (SPEC section 8): solve, stats, export, check,
policies, --version; exit codes 0/1/2 and one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_checks import assert_usage_error as check_usage_error
from typer.testing import CliRunner

from ttt_maps._version import __version__
from ttt_maps.cli.app import app
from ttt_maps.errors import UsageError
from ttt_maps.io.files import write_atomic
from ttt_maps.trees.strategy import build_strategy

runner = CliRunner()
EXE = Path(sys.executable).parent / "ttt-maps"


def assert_usage_error(result: Any, *needles: str) -> str:
    """Exit 2 and one stderr line, with nothing on stdout."""
    return check_usage_error(result, *needles, stdout_empty=True)


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


# -- global --------------------------------------------------------------------


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"ttt-maps {__version__}"


def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for command in ("solve", "stats", "export", "check", "policies"):
        assert command in result.stdout
    assert "--install-completion" in result.stdout  # shell completion stays on


@pytest.mark.parametrize(
    "command", ["render", "solve", "stats", "export", "check", "policies", "compare", "play"]
)
def test_help_everywhere(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Usage" in result.stdout
    # A flag takes no value, so its help shows none (typer 0.29 would print "<bool>").
    assert "<bool>" not in result.stdout and "--help " in result.stdout


def test_no_arguments_shows_help() -> None:
    result = run()
    assert "solve" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["slove", "x........"], "slove"),
        (["solve", "x", "o"], "o"),
        (["solve", "x........", "--bogus"], "--bogus"),
        (["export"], "--player"),
        (["--bogus"], "--bogus"),
    ],
)
def test_click_usage_errors_are_one_line(args: list[str], needle: str) -> None:
    assert_usage_error(run(*args), needle)


# -- solve ---------------------------------------------------------------------


def test_solve_with_no_board_solves_the_empty_board() -> None:
    result = run("solve")
    assert result.exit_code == 0, result.stderr
    assert "x to move: draw" in result.stdout and " 0 │ 1 │ 2" in result.stdout


def test_solve_text() -> None:
    result = run("solve", "x...o....")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "x to move: draw" in out
    assert " x │ 1 │ 2" in out  # the board, empty cells numbered
    for cell in (1, 2, 3, 5, 6, 7, 8):
        assert f"\n{cell:>4}  draw" in out or f"{cell}  draw" in out
    for name in ("yorgey", "xkcd", "default", "fast,last,first"):
        assert name in out
    assert result.stderr == ""


def test_solve_shows_losses_and_wins() -> None:
    out = run("solve", "x.......o").stdout
    assert "x to move: win in" in out
    assert "draw" in out
    out = run("solve", "....x...o").stdout  # ....x...o: o took a corner; x to move
    assert "x to move:" in out
    out = run("solve", "x...o...x").stdout  # o must take an edge
    assert "o to move: draw" in out
    assert "loss in" in out


def test_solve_json() -> None:
    result = run("solve", "x...o....", "--json", "--policy", "fast,first", "-p", "yorgey")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["board"] == "x...o...."
    assert doc["to_move"] == "x"
    assert doc["over"] is False
    assert doc["outcome"]["result"] == "draw"
    assert [m["cell"] for m in doc["moves"]] == [1, 2, 3, 5, 6, 7, 8]
    assert all(m["result"] == "draw" and m["optimal"] for m in doc["moves"])
    names = [p["name"] for p in doc["policies"]]
    assert names == ["yorgey", "xkcd", "default", "fast,first"]
    by_name = {p["name"]: p for p in doc["policies"]}
    assert by_name["yorgey"]["move"] == 8
    assert by_name["fast,first"]["chain"] == "fast,first"
    assert by_name["fast,first"]["move"] == 1


def test_solve_json_lists_losing_moves() -> None:
    doc = json.loads(run("solve", "x...o...x", "--json").stdout)
    results = {m["cell"]: (m["result"], m["optimal"]) for m in doc["moves"]}
    assert results[1] == ("draw", True)
    assert results[2] == ("loss", False)
    assert all(p["move"] in (1, 3, 5, 7) for p in doc["policies"])


def test_solve_accepts_other_notations() -> None:
    a = json.loads(run("solve", "X../.O./...", "--json").stdout)
    b = json.loads(run("solve", "x-- -o- ___", "--json").stdout)
    assert a["board"] == b["board"] == "x...o...."


@pytest.mark.parametrize(
    ("board", "text", "winner"),
    [("xxxoo....", "x won", "x"), ("xx.ooo.x.", "o won", "o"), ("xoxxoxoxo", "draw", None)],
)
def test_solve_finished_boards(board: str, text: str, winner: str | None) -> None:
    result = run("solve", board)
    assert result.exit_code == 0
    assert text in result.stdout
    doc = json.loads(run("solve", board, "--json").stdout)
    assert doc["over"] is True
    assert doc["winner"] == winner
    assert doc["moves"] == []


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["solve", "x..a....."], ["'a'", "position 4"]),
        (["solve", "x......."], ["8 cells"]),
        (["solve", ".........."], ["more than 9"]),
        (["solve", "xx......."], ["illegal position"]),
        (["solve", "xxxoo.o.."], ["illegal position", "o moved after"]),
        (["solve", "x........", "--policy", "bogus"], ["'bogus'"]),
        (["solve", "x........", "--policy", "random:abc"], ["random:abc"]),
        (["solve", "x........", "--policy", "fast,,last"], ["fast,,last"]),
        (["solve", "x........", "--policy", ""], ["policy"]),
        (["solve", "x........", "--policy", "book:/no/such/book.json"], ["/no/such/book.json"]),
    ],
)
def test_solve_bad_input(args: list[str], needles: list[str]) -> None:
    assert_usage_error(run(*args), *needles)


def test_solve_malformed_book(tmp_path: Path) -> None:
    book = tmp_path / "book.json"
    book.write_text('{".........": ', encoding="utf-8")
    assert_usage_error(run("solve", ".........", "-p", f"book:{book}"), str(book), "JSON")
    book.write_text('{"x........": 0}', encoding="utf-8")
    assert_usage_error(run("solve", ".........", "-p", f"book:{book}"), "cell 0")


def test_solve_with_a_book(tmp_path: Path) -> None:
    book = tmp_path / "book.json"
    book.write_text('{"x...o....": 5}', encoding="utf-8")
    doc = json.loads(run("solve", "x...o....", "--json", "-p", f"book:{book}").stdout)
    assert doc["policies"][-1] == {
        "name": f"book:{book}",
        "chain": f"book:{book},first",
        "move": 5,
        "why": {"key": f"book:{book}", "text": f"book:{book}: the opening book's move"},
    }


# -- stats ---------------------------------------------------------------------


def test_stats_json() -> None:
    result = run("stats", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["sequences_to_full_board"] == 362_880
    assert doc["games"] == {"total": 255_168, "x_wins": 131_184, "o_wins": 77_904, "draws": 46_080}
    assert doc["positions"] == {
        "reachable": 5_478,
        "reachable_up_to_symmetry": 765,
        "terminal": 958,
        "terminal_up_to_symmetry": 138,
    }
    assert doc["empty_board"]["result"] == "draw"
    maps = {(m["policy"], m["player"]): m for m in doc["maps"]}
    assert set(maps) == {(p, pl) for p in ("yorgey", "xkcd", "default", "compact") for pl in "xo"}
    x, o = maps["yorgey", "x"], maps["yorgey", "o"]
    # fact: the seed program's maps, and the referee's count (test_claims)
    assert (x["choices"], x["wins"], x["draws"]) == (91, 71, 2)
    assert (o["choices"], o["wins"], o["draws"]) == (768, 386, 183)
    assert all(m["losses"] == 0 and m["boards"] >= m["choices"] for m in doc["maps"])


def test_stats_text() -> None:
    result = run("stats")
    assert result.exit_code == 0
    for number in ("362,880", "255,168", "131,184", "77,904", "46,080", "5,478", "765", "958"):
        assert number in result.stdout
    assert "yorgey" in result.stdout and "default" in result.stdout


# -- export --------------------------------------------------------------------


def test_export_to_stdout() -> None:
    result = run("export", "--player", "x", "--policy", "yorgey")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == build_strategy("x", "yorgey").to_json()


def test_export_from_a_position() -> None:
    result = run("export", "--player", "O", "--from", "x........")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["root"] == "x........"
    assert doc["player"] == "o"
    assert doc["policy"] == "fast,novice,first"
    assert doc["moves"]["x........"] == 4


def test_export_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    result = run("export", "--player", "x", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert out.read_text(encoding="utf-8") == build_strategy("x", "default").to_json()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]
    # It says what it wrote, as render does: the file and its size.
    size = out.stat().st_size
    assert size > 1000 and result.stdout == f"{out}  {size / 1000:.1f} kB\n"


def test_compare_says_what_it_wrote_as_render_does(tmp_path: Path) -> None:
    maps, sheet = tmp_path / "cmp.svg", tmp_path / "diff.pdf"
    args = ["xkcd", "yorgey", "--player", "x", "-o", str(maps), "--sheet", str(sheet)]
    result = run("compare", *args)
    assert result.exit_code == 0, result.stderr
    # After the table: each file and its size, in the order given.
    tail = result.stdout.splitlines()[-2:]
    assert tail == [f"{p}  {p.stat().st_size / 1000:.1f} kB" for p in (maps, sheet)]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--player", "z"], "'z'"),
        (["--player", "x", "--policy", "nope"], "'nope'"),
        (["--player", "x", "--from", "xx......."], "illegal position"),
    ],
)
def test_export_bad_input(args: list[str], needle: str) -> None:
    assert_usage_error(run("export", *args), needle)


def test_export_to_a_directory_fails_cleanly(tmp_path: Path) -> None:
    assert_usage_error(run("export", "--player", "x", "-o", str(tmp_path)), "directory")
    assert list(tmp_path.iterdir()) == []


def test_export_to_an_unwritable_path_leaves_existing_files_alone(tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("keep me", encoding="utf-8")
    assert_usage_error(run("export", "--player", "x", "-o", str(blocker / "x.json")), "file.txt")
    missing = tmp_path / "no" / "such" / "dir" / "x.json"
    assert_usage_error(run("export", "--player", "x", "-o", str(missing)), "does not exist")
    assert blocker.read_text(encoding="utf-8") == "keep me"
    assert [p.name for p in tmp_path.iterdir()] == ["file.txt"]


def test_failed_export_leaves_an_existing_file_untouched(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    out.write_text("old", encoding="utf-8")
    assert_usage_error(run("export", "--player", "x", "--policy", "bogus", "-o", str(out)))
    assert out.read_text(encoding="utf-8") == "old"


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_export_into_a_read_only_directory(tmp_path: Path) -> None:  # pragma: no cover
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        assert_usage_error(run("export", "--player", "x", "-o", str(locked / "x.json")))
    finally:
        locked.chmod(0o700)


# -- write_atomic ----------------------------------------------------------------


def test_write_atomic_text_and_bytes(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    assert write_atomic(target, "héllo\n") == target
    assert target.read_bytes() == "héllo\n".encode()
    write_atomic(str(target), b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_write_atomic_keeps_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("x", encoding="utf-8")
    target.chmod(0o640)
    write_atomic(target, "y")
    assert target.stat().st_mode & 0o777 == 0o640
    fresh = tmp_path / "fresh.txt"
    write_atomic(fresh, "z")
    assert fresh.stat().st_mode & 0o777 != 0o600  # not mkstemp's private mode


def test_write_atomic_failure_removes_the_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")

    def broken_rename(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "rename", broken_rename)
    with pytest.raises(UsageError, match="No space left"):
        write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_write_atomic_interrupted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.txt"

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "new")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["", "."])
def test_write_atomic_rejects_non_file_names(tmp_path: Path, name: str) -> None:
    with pytest.raises(UsageError):
        write_atomic(name, "x")


# -- check -----------------------------------------------------------------------


def export_file(tmp_path: Path, player: str = "x", policy: str = "yorgey") -> Path:
    path = tmp_path / f"{player}.json"
    path.write_text(build_strategy(player, policy).to_json(), encoding="utf-8")
    return path


@pytest.mark.parametrize("player", ["x", "o"])
def test_check_a_perfect_strategy(tmp_path: Path, player: str) -> None:
    path = export_file(tmp_path, player)
    result = run("check", str(path))
    assert result.exit_code == 0, result.stdout + result.stderr
    n = len(json.loads(path.read_text(encoding="utf-8"))["moves"])
    expected = (
        f"perfect strategy for {player} from the empty board: {n} positions where {player} chooses"
    )
    assert result.stdout.strip() == expected


def test_check_warnings_still_pass(tmp_path: Path) -> None:
    path = export_file(tmp_path, "x", "first")
    result = run("check", str(path))
    assert result.exit_code == 0
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith("warning: slower at ")
    assert lines[-1].startswith("perfect strategy for x from the empty board: ")
    assert "warnings" in lines[-1]


def test_check_an_imperfect_strategy(tmp_path: Path) -> None:
    path = export_file(tmp_path, "o")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["moves"]["x........"] = 1  # an edge reply to a corner opening loses
    del doc["moves"]["....x...."]
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = run("check", str(path))
    assert result.exit_code == 1
    lines = result.stdout.strip().splitlines()
    assert any(
        line.startswith("error: non-optimal at x........: cell 1 gives a loss") for line in lines
    )
    assert "error: missing at ....x....: no move for o here" in lines
    assert lines[-1].startswith("2 errors")
    assert result.stderr == ""
    # The README's exit statuses say so: a new user scripting check reads them there.
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    statuses = " ".join(readme.split("Exit status:", 1)[1].split("\n\n", 1)[0].split())
    assert "`ttt-maps check` also exits 1 when the file it audits is not perfect" in statuses


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "nope"}', "format"),
        (None, "not UTF-8"),
    ],
)
def test_check_malformed_files(tmp_path: Path, content: str | None, needle: str) -> None:
    path = tmp_path / "s.json"
    if content is None:
        path.write_bytes(b"\xff\xfe{")
    else:
        path.write_text(content, encoding="utf-8")
    assert_usage_error(run("check", str(path)), str(path), needle)


def test_check_missing_file_or_directory(tmp_path: Path) -> None:
    assert_usage_error(run("check", str(tmp_path / "nope.json")), "no such file")
    assert_usage_error(run("check", str(tmp_path)), "directory")


# -- policies ----------------------------------------------------------------------


def test_policies() -> None:
    result = run("policies")
    assert result.exit_code == 0
    for name in ("fast", "trap", "novice", "compact", "random:SEED", "book:PATH", "rules"):
        assert name in result.stdout
    for preset in ("yorgey", "xkcd", "default"):
        assert preset in result.stdout
    assert "fast,last,first" in result.stdout


# -- the installed command, end to end --------------------------------------------


def command(*args: str, module: bool = False) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "ttt_maps", *args] if module else [str(EXE), *args]
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.skipif(not EXE.exists(), reason="ttt-maps is not installed next to python")
def test_installed_command_solve() -> None:
    proc = command("solve", "x...o....")
    assert proc.returncode == 0, proc.stderr
    assert "x to move: draw" in proc.stdout
    assert proc.stderr == ""


@pytest.mark.skipif(not EXE.exists(), reason="ttt-maps is not installed next to python")
def test_installed_command_stats_json() -> None:
    proc = command("stats", "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["games"]["total"] == 255_168
    assert doc["positions"]["reachable"] == 5_478


@pytest.mark.skipif(not EXE.exists(), reason="ttt-maps is not installed next to python")
def test_installed_command_errors_are_one_line(tmp_path: Path) -> None:
    proc = command("solve", "xx.......")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1
    assert proc.stderr.startswith("ttt-maps: error: position 'xx.......': illegal position")
    proc = command("check", str(tmp_path / "missing.json"))
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"ttt-maps: error: '{tmp_path / 'missing.json'}': no such file"


@pytest.mark.skipif(not EXE.exists(), reason="ttt-maps is not installed next to python")
def test_installed_command_export_and_check(tmp_path: Path) -> None:
    out = tmp_path / "o.json"
    proc = command("export", "--player", "o", "--policy", "yorgey", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    proc = command("check", str(out))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("perfect strategy for o from the empty board: ")


def test_python_dash_m() -> None:
    proc = command("--version", module=True)
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"ttt-maps {__version__}"


#: What the drawing path never imports: the command line's own libraries (the playground
#: draws in the browser with the package alone) and the raster path's.
NOT_FOR_DRAWING = ("typer", "rich", "click", "pydantic", "cairo", "PIL", "platformdirs")


@pytest.mark.parametrize(
    "code",
    [
        "import ttt_maps; ttt_maps.render(ttt_maps.strategy('o'), 'svg')",
        "from ttt_maps.integrations import playground; "
        "playground.answer('map', 'player=o&board=3x4k3&depth=1')",
    ],
)
def test_the_drawing_path_imports_nothing_of_the_command_line(code: str) -> None:
    seen = f"sorted({{m.split('.')[0] for m in sys.modules}} & {set(NOT_FOR_DRAWING)!r})"
    script = f"import sys\n{code}\nprint({seen})"
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert proc.stdout.strip().splitlines()[-1] == "[]"


def test_unexpected_errors_exit_1(monkeypatch: pytest.MonkeyPatch) -> None:
    import ttt_maps.api

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(ttt_maps.api, "collect", broken)
    result = run("stats")
    assert result.exit_code == 1
    assert isinstance(result.exception, RuntimeError)


@pytest.mark.parametrize(
    ("code", "status", "stderr"), [("None", 0, ""), ("3", 3, ""), ("'boom'", 1, "boom\n")]
)
def test_the_fast_exit_keeps_sys_exit_meaning_and_flushes(
    code: str, status: int, stderr: str
) -> None:
    """``main`` ends with ``os._exit``: statuses and unflushed output must survive it."""
    script = (
        "import sys; from ttt_maps.cli.run import exit_now; "
        f"sys.stdout.write('kept'); exit_now({code})"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (status, "kept", stderr)


@pytest.mark.skipif(not EXE.exists(), reason="ttt-maps is not installed next to python")
def test_installed_command_render_writes_a_whole_pdf(tmp_path: Path) -> None:
    proc = command("render", "--player", "o", "--policy", "yorgey", "-o", str(tmp_path / "o.pdf"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(str(tmp_path / "o.pdf"))
    data = (tmp_path / "o.pdf").read_bytes()
    assert data.startswith(b"%PDF-") and data.endswith(b"%%EOF\n")


# -- words a new user reads --------------------------------------------------------------


def test_a_misspelled_policy_gets_a_did_you_mean() -> None:
    assert_usage_error(run("solve", "-p", "yorgy"), "'yorgy' is unknown; did you mean 'yorgey'?")


def test_compare_refuses_a_policy_given_twice() -> None:
    assert_usage_error(run("compare", "xkcd", "XKCD"), "'XKCD' is given twice")


def test_stats_lists_compact_folded_or_not() -> None:
    for extra in ([], ["--fold"]):
        doc = json.loads(run("stats", "--json", *extra).stdout)
        rows = {(m["policy"], m["player"]): m for m in doc["maps"]}
        assert {("compact", "x"), ("compact", "o")} <= set(rows), extra
    # Unfolded, compact draws the fewest boards with a move: 91 for X and 600 for O (fact:
    # test_fold's own count of the fewest over every optimal strategy).
    doc = json.loads(run("stats", "--json").stdout)
    compact = {m["player"]: m["choices"] for m in doc["maps"] if m["policy"] == "compact"}
    assert compact == {"x": 91, "o": 600}


def test_a_refused_whole_game_counts_as_stats_does() -> None:
    stats = run("stats", "--whole", "--json")
    assert stats.exit_code == 0, stats.stderr
    line = assert_usage_error(run("render", "--whole", "--no-fold", "-o", "never.svg"))
    assert "would draw 294,778 boards" in line and "294778" in stats.stdout


def test_table_names_the_file_it_wrote_and_its_size(tmp_path: Path) -> None:
    out = tmp_path / "o-table.svg"
    result = run("table", "--player", "o", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    size = f"{out.stat().st_size / 1000:.1f} kB"
    assert result.stdout.startswith(f"{out}  {size}: ") and " positions for O" in result.stdout
    assert "--search-limit" in run("table", "--help").stdout


@pytest.mark.parametrize("columns", [30, 48, 64, 80, 100])
def test_solve_fits_its_tables_to_the_terminal_without_cutting_a_word(columns: int) -> None:
    """At every width every word of the reasons is printed whole: a table whose lines
    all fit the terminal, or, where a word would not fit its column, plain lines of
    ``column: value`` pairs that the terminal wraps itself."""
    import ttt_maps

    result = CliRunner().invoke(app, ["solve", "xo.......", "--lang", "en"],
                                env={"COLUMNS": str(columns)})  # fmt: skip
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    plain = [line for line in lines if line.startswith(("cell: ", "policy: "))]
    tables = [line for line in lines if line not in plain]
    assert all(len(line) <= columns for line in tables), [ln for ln in tables if len(ln) > columns]
    printed = set(result.stdout.replace(";", " ").split())
    doc = ttt_maps.solve_position("xo.......")
    for move in doc["moves"]:
        for word in move["why"]["brief"].split():
            assert word in printed, (word, columns)
    assert "…" not in result.stdout


@pytest.mark.parametrize("given", [["gamebook"], ["svg", "bmp"]])
def test_a_format_refused_is_named_as_typed(given: list[str], tmp_path: Path) -> None:
    """``--format`` may be given more than once; the refusal names the one it does not
    take, as it was typed, not the list the options were read into."""
    args = [a for name in given for a in ("--format", name)]
    result = runner.invoke(app, ["render", *args, "-o", str(tmp_path / "map")])
    line = check_usage_error(result, f"--format '{given[-1]}': choose svg, pdf, png or html")
    assert "[" not in line
