"""Input as an attacker or an unlucky user gives it, with real processes and real files:
false game logs, odd digits and bytes in every option and variable, control characters
that must not reach a terminal or a file's metadata, names too long, books from pipes,
endless lines, and the progress bar on a pseudo-terminal."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from cli_checks import EXE, one_error_line, ttt

import ttt_maps

pytestmark = pytest.mark.skipif(not EXE.exists(), reason="ttt-maps is not installed next to python")


# -- check believes nothing a game log claims ------------------------------------------------


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A real game: O plays the first free cell against the map for X, and loses."""
    path = tmp_path_factory.mktemp("game") / "game.json"
    proc = subprocess.Popen(
        [str(EXE), "play", "--player", "x", "--save", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("result:"):
            break
        board = line.split(": ")[1].strip()
        if board.count("x") > board.count("o"):
            proc.stdin.write(f"{board.index('.')}\n")
            proc.stdin.flush()
    assert proc.wait(timeout=120) == 0
    log: dict[str, Any] = json.loads(path.read_text())
    assert log["result"] == "x wins" and len(log["moves"]) == 5
    return log


def check_log(tmp_path: Path, log: dict[str, Any]) -> subprocess.CompletedProcess[bytes]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log))
    return ttt("check", path)


def test_a_true_log_is_audited(tmp_path: Path, game_log: dict[str, Any]) -> None:
    proc = check_log(tmp_path, game_log)
    assert proc.returncode == 1  # O's first free cell lost the draw
    assert proc.stdout.decode().splitlines()[-1].startswith("5 moves, x wins: move 2 (O top")


def _cut(log: dict[str, Any], moves: int, result: str) -> dict[str, Any]:
    return {**log, "moves": log["moves"][:moves], "positions": log["positions"][: moves + 1],
            "result": result}  # fmt: skip


FALSE_CLAIMS: list[tuple[str, Any, str]] = [
    ("a win after three moves", lambda g: _cut(g, 3, "x wins"), "'unfinished'"),
    ("a win with no moves", lambda g: _cut(g, 0, "x wins"), "'unfinished'"),
    ("a draw that was a win", lambda g: {**g, "result": "draw"}, '"result"'),
    ("no result", lambda g: {k: v for k, v in g.items() if k != "result"}, '"result"'),
    ("a position", lambda g: {**g, "positions": [*g["positions"][:2], "........."]}, "position 2"),
    ("no positions", lambda g: {k: v for k, v in g.items() if k != "positions"}, "positions"),
    ("a cell that is true", lambda g: _move(g, 1, cell=True), '"cell" is true'),
    ("a cell that is 1.0", lambda g: _move(g, 1, cell=1.0), '"cell" is 1.0'),
    ("the wrong mark", lambda g: _move(g, 0, mark="o"), "X's turn"),
    ("no mark", lambda g: _move(g, 0, mark=None), '"mark"'),
    ("a map move called the player's", lambda g: _move(g, 0, by="player"), "the map's (X)"),
    ("a player's move called the map's", lambda g: _move(g, 1, by="map"), "the person's"),
    ("a perfect map that strays", lambda g: _move(g, 0, by="stray"), "never strays"),
    ("a map move the map never makes", lambda g: _swap_first_move(g), "the map's move here"),
    ("a map of nobody", lambda g: {**g, "map": "z"}, "'map'"),
    ("an unknown level", lambda g: {**g, "level": "godlike"}, "'level'"),
    ("a policy that is not one", lambda g: {**g, "policy": "nonsense"}, '"policy"'),
]


def _move(log: dict[str, Any], n: int, **change: Any) -> dict[str, Any]:
    moves = [dict(m) for m in log["moves"]]
    moves[n].update(change)
    return {**log, "moves": moves}


def _swap_first_move(log: dict[str, Any]) -> dict[str, Any]:
    """X's first move moved to the centre, the positions and result made to agree."""
    first = log["moves"][0]["cell"]
    cell = 4 if first != 4 else 0
    board = ["."] * 9
    board[cell] = "x"
    return {**log, "moves": [{**log["moves"][0], "cell": cell}], "result": "unfinished",
            "positions": [log["start"], "".join(board)]}  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "change", "needle"), FALSE_CLAIMS, ids=[c[0] for c in FALSE_CLAIMS]
)
def test_a_false_claim_in_a_log_is_refused(
    tmp_path: Path, game_log: dict[str, Any], claim: str, change: Any, needle: str
) -> None:
    one_error_line(check_log(tmp_path, change(game_log)), "game.json", needle)


def test_odd_text_in_a_log_is_escaped(tmp_path: Path, game_log: dict[str, Any]) -> None:
    """A lone surrogate and an escape sequence in the result, and in the file's name."""
    path = tmp_path / "g\x1b[2J\x07.json"
    path.write_text(json.dumps({**game_log, "result": "\udcff\x1b[31m"}))
    err = one_error_line(ttt("check", path), '"result"', "\\udcff\\u001b[31m", "g\\x1b[2J\\x07")
    assert "\udcff" not in err


def test_a_file_name_check_prints_is_escaped(tmp_path: Path) -> None:
    (tmp_path / "x\x1b]0;owned\x07.json").write_text('{"format": "ttt-maps/strategy@1"')
    proc = ttt("check", "x\x1b]0;owned\x07.json", cwd=tmp_path)
    one_error_line(proc, "'x\\x1b]0;owned\\x07.json'", "not valid JSON")
    proc = ttt("check", "missing\x1b[2J.json", cwd=tmp_path)
    one_error_line(proc, "'missing\\x1b[2J.json'")


def test_a_policy_book_named_in_a_log_is_never_opened(
    tmp_path: Path, game_log: dict[str, Any]
) -> None:
    fifo = tmp_path / "book.json"
    os.mkfifo(fifo)  # opening it to read would wait for ever
    proc = check_log(tmp_path, {**game_log, "policy": f"book:{fifo}"})
    assert proc.returncode == 1, proc.stderr
    assert b"not compared with its policy" in proc.stdout


# -- numbers: ASCII digits, everywhere ---------------------------------------------------------


#: A superscript two, an Arabic-Indic three, an underscore, a full-width three.
ODD_NUMBERS = ["\u00b2", "\u0663", "1_0", "\uff13"]


@pytest.mark.parametrize("odd", ODD_NUMBERS)
@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("render", "--player", "x", "-o", "m.svg", "--depth", "{}"), "--depth"),
        (("render", "--player", "x", "-o", "m.png", "--width", "1{}"), "--width"),
        (("render", "--player", "x", "-o", "m.png", "--dpi", "1{}"), "--dpi"),
        (("render", "--player", "x", "-o", "m.pdf", "--size", "A4", "--margin", "{}"), "--margin"),
        (("render", "--player", "x", "-o", "m.pdf", "--size", "{}x3in"), "--size"),
        (("render", "--player", "x", "-o", "m.svg", "--board", "{}x3"), "board"),
        (("solve", ".........", "-p", "random:{}"), "random"),
        (("play", "--player", "x", "--level", "random:0.{}"), "--level"),
        (("play", "--player", "x", "--seed", "{}"), "--seed"),
    ],
)
def test_odd_digits_in_options(
    tmp_path: Path, args: tuple[str, ...], needle: str, odd: str
) -> None:
    proc = ttt(*[a.replace("{}", odd) for a in args], cwd=tmp_path, input=b"")
    one_error_line(proc, needle)
    assert list(tmp_path.iterdir()) == []


def test_the_kelvin_sign_is_not_a_k() -> None:
    one_error_line(ttt("solve", "--board", "4x4\u212a3", "................"), "board")


@pytest.mark.parametrize("odd", [*ODD_NUMBERS, "-1", "12abc", "1e9"])
@pytest.mark.parametrize(
    ("variable", "args"),
    [
        ("SOURCE_DATE_EPOCH", ("render", "--player", "x", "-o", "m.pdf")),
        ("TTT_MAPS_SEARCH_LIMIT", ("render", "--player", "x", "-o", "m.svg")),
        ("TTT_MAPS_CACHE_MIN_SEARCH", ("solve", "x...o....")),
        ("TTT_MAPS_WRITE_PAUSE", ("export", "--player", "x", "-o", "x.json")),
    ],
)
def test_odd_numbers_in_variables(
    tmp_path: Path, variable: str, args: tuple[str, ...], odd: str
) -> None:
    proc = ttt(*args, cwd=tmp_path, env={**os.environ, variable: odd})
    one_error_line(proc, f"environment variable {variable}=")
    assert list(tmp_path.iterdir()) == []


def test_play_takes_ascii_digits_only() -> None:
    proc = ttt("play", "--player", "x", input="٣\n".encode())
    one_error_line(proc, "expected a cell number")


def test_play_caps_a_line() -> None:
    """50 MB without a line break: refused at the cap, not read into memory."""
    with open("/dev/zero", "rb") as zero:
        proc = ttt("play", "--player", "x", stdin=zero, timeout=60)
    one_error_line(proc, "a line of more than 1024 characters")


# -- titles and metadata -------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["svg", "pdf", "png", "html"])
def test_a_title_that_is_not_utf8_is_refused(tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"m.{fmt}"
    proc = ttt("render", "--player", "x", "--title", os.fsdecode(b"Caf\xe9"), "-o", out)
    one_error_line(proc, "--title 'Caf\\udce9': byte 0xe9 is not UTF-8")
    assert list(tmp_path.iterdir()) == []


#: Code points that are no characters at all: Unicode's noncharacters, which neither
#: cairo's UTF-8 nor XML may hold.
NONCHARACTERS = ("\ufffe", "\uffff", "\ufdd0", "\U0010ffff")


@pytest.mark.parametrize("theme", ["light", "xkcd"])
@pytest.mark.parametrize("fmt", ["svg", "pdf", "png", "html"])
def test_a_title_with_noncharacters_draws_with_the_replacement_character(
    tmp_path: Path, fmt: str, theme: str
) -> None:
    out = tmp_path / f"m.{fmt}"
    title = "A " + "".join(NONCHARACTERS) + " map"
    proc = ttt("render", "--player", "x", "--depth", "1", "--theme", theme, "--title", title,
               "-o", out)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    texts = metadata(out)
    assert any("A \ufffd\ufffd\ufffd\ufffd map" in t for t in texts), texts
    assert not any(c in t for t in texts for c in NONCHARACTERS)


def metadata(path: Path) -> list[str]:
    """The texts a file's metadata holds: title, description, keywords."""
    data = path.read_bytes()
    if path.suffix in (".svg", ".html"):
        text = data.decode("utf-8")
        found = re.findall(r"<(?:title|desc)\b[^>]*>([^<]*)</(?:title|desc)>", text)
        return [*found, *re.findall(r'<meta name="[^"]*" content="([^"]*)"', text)]
    if path.suffix == ".png":
        from PIL import Image

        with Image.open(path) as image:
            return [str(v) for k, v in image.info.items() if isinstance(v, str)]
    strings = re.findall(rb"/(?:Title|Subject|Keywords|Creator|Producer) (\([^)]*\)|<[^>]*>)", data)
    out = []
    for s in strings:
        if s.startswith(b"<"):
            out.append(bytes.fromhex(s[1:-1].decode()).decode("utf-16"))
        else:
            out.append(s[1:-1].decode("latin-1"))
    return out


@pytest.mark.parametrize("fmt", ["svg", "pdf", "png", "html"])
def test_control_characters_never_reach_metadata(tmp_path: Path, fmt: str) -> None:
    """From the title and from a book's file name, which the policy's name carries."""
    book = tmp_path / "b\x1b[31m\x07.json"
    book.write_text("{}")
    out = tmp_path / f"m.{fmt}"
    title = "Our \x1b[31mred\x07 map\tfor\nX\x9b"
    proc = ttt("render", "--player", "x", "--title", title, "-p", f"book:{book}", "-o", out)
    assert proc.returncode == 0, proc.stderr
    texts = metadata(out)
    assert any("Our [31mred map for X" in t for t in texts), texts
    if fmt != "png":  # a PNG holds the title only
        assert any("b[31m.json" in t for t in texts), texts
    for t in texts:
        assert not re.search("[\x00-\x1f\x7f-\x9f]", t), t
    if fmt == "pdf" and shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(out)], capture_output=True, check=True).stdout
        assert b"Our [31mred map for X" in info and b"\x1b" not in info


def test_the_listing_of_written_files_is_escaped(tmp_path: Path) -> None:
    out = tmp_path / "m\x1b[2J.svg"
    proc = ttt("render", "--player", "x", "-o", out)
    assert proc.returncode == 0
    assert b"\x1b" not in proc.stdout and b"m\\x1b[2J.svg" in proc.stdout


# -- names, pipes ---------------------------------------------------------------------------


def test_a_300_byte_name_is_one_line(tmp_path: Path) -> None:
    out = tmp_path / ("m" * 296 + ".svg")
    one_error_line(ttt("render", "--player", "x", "-o", out), "File name too long")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_a_book_from_a_pipe() -> None:
    """``book:<(...)``: process substitution gives a pipe, read to its end."""
    book = """<(sleep 1; echo '{".........": 2}')"""
    script = f'exec "{EXE}" solve --json ......... -p book:{book}'
    proc = subprocess.run(["bash", "-c", script], capture_output=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    (chosen,) = [p for p in json.loads(proc.stdout)["policies"] if p["name"].startswith("book:")]
    assert chosen["move"] == 2


def test_endless_pipe_as_a_book_is_capped() -> None:
    script = f'exec "{EXE}" solve ......... -p book:<(yes)'
    proc = subprocess.run(["bash", "-c", script], capture_output=True, timeout=120, check=False)
    one_error_line(proc, "larger than 32 MB")


# -- the progress bar on a terminal --------------------------------------------------------


def on_a_terminal(code: str) -> tuple[int, str]:
    """Run Python ``code`` with a pseudo-terminal as its stdin, stdout and stderr;
    (exit status, everything it wrote)."""
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.execv(sys.executable, [sys.executable, "-c", code])
    out = b""
    while True:
        ready, _, _ = select.select([fd], [], [], 120)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), out.decode("utf-8", "replace")


@pytest.mark.slow
def test_the_progress_bar_draws_on_a_terminal_and_never_raises() -> None:
    """A bar with a total (the layout's), a spinner with positions (the moves'), and a
    counter that fails while the bar reads it: drawn, then gone, and no traceback."""
    code = textwrap.dedent(
        """
        import sys, time
        from ttt_maps.io import progress
        progress.DELAY, progress.REFRESH = 0.05, 0.02
        from ttt_maps.settings import Settings, using
        request = using(Settings(progress=True))  # for the rest of the run
        request.__enter__()
        assert sys.stderr.isatty()
        done = [0]
        def count():
            done[0] += 1
            return done[0]
        with progress.stage("drawing the map", count, total=lambda: 1000):
            time.sleep(0.5)
        with progress.stage("choosing moves", count, searched=lambda: 12345):
            time.sleep(0.5)
        def broken():
            raise RuntimeError("dictionary changed size during iteration")
        with progress.stage("a counter that fails", broken, total=lambda: None):
            time.sleep(0.5)
        print("work done")
        """
    )
    status, out = on_a_terminal(code)
    assert status == 0, out
    assert "Traceback" not in out and "Error" not in out, out
    assert "drawing the map" in out and " / 1,000" in out and "12,345 positions searched" in out
    assert out.rstrip().endswith("work done")


@pytest.mark.slow
def test_stats_table_check_and_play_show_their_bars_on_a_terminal(tmp_path: Path) -> None:
    """Each command a person may wait on shows what it is doing on a terminal: ``stats``
    its steps, ``table`` the positions it finds, ``check`` the moves it replays, ``play``
    the search of its reply (its game's start here, which proves the board's value)."""
    log = tmp_path / "game.json"
    game = ttt_maps.new_game("o", board="4x5k4")
    for cell in (0, 19, 3, 16, 9, 10, 5, 14, 1, 18):
        if game.over:
            break
        if game.map_to_move:
            game.reply()
        if not game.over and game.board.mark_at(cell) is None:
            game.play(cell)
    log.write_text(game.to_json(), encoding="utf-8")
    runs = {
        "Counting the game on the 3x4 board, three in a row": ["stats", "--board", "3x4k3"],
        "Finding the positions X meets on the 3x4 board, three in a row": [
            "table", "--board", "3x4k3", "--player", "x", "-o", str(tmp_path / "t.json")
        ],
        "Checking the game on the 4x5 board, four in a row": ["check", "--no-cache", str(log)],
        "positions searched on the 5x5 board, four in a row": [
            "play", "--board", "5x5k4", "--player", "o", "--no-cache", "--interactive"
        ],
    }  # fmt: skip
    for said, args in runs.items():
        code = (
            "import io, sys; from ttt_maps.io import progress; progress.DELAY = 0.01\n"
            "sys.stdin = io.StringIO('q\\n')  # play's person quits at once\n"
            "from ttt_maps.cli import main\n"
            f"sys.argv = ['ttt-maps', *{args!r}]\n"
            "main()\n"
        )
        status, text = on_a_terminal(code)
        assert status in (0, 1) and "Traceback" not in text, text  # check: 1, a move lost
        assert said in text, (said, text[-2000:])


@pytest.mark.slow
def test_a_long_render_on_a_terminal_shows_its_bar_and_succeeds(tmp_path: Path) -> None:
    """The command itself, on a terminal: a map whose solving passes the bar's delay (a
    bigger board: a 3x3 map takes milliseconds and shows no bar)."""
    out = tmp_path / "o.svg"
    args = ["render", "--board", "4x4k3", "--player", "o", "--depth", "1", "-o", str(out)]
    code = (
        "import sys; from ttt_maps.io import progress; progress.DELAY = 0.01\n"
        "from ttt_maps.cli import main\n"
        f"sys.argv = ['ttt-maps', *{args!r}]\n"
        "main()\n"
    )
    status, text = on_a_terminal(code)
    assert status == 0, text
    assert "Traceback" not in text and "choosing O's moves" in text
    assert out.is_file()
