"""Playing against a map: every line of play against it, the scripted protocol as a real
process, levels that stray, and game logs audited by ``check``."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from ttt_maps.play.game import Game
from ttt_maps.solve.registry import solver_for

POLICIES = ["yorgey", "default", "fast,corner"]


def every_game(game: Game) -> list[str]:
    """The result of every game the person can play from here (the map's moves fixed)."""
    if game.over:
        return [game.result]
    if game.map_to_move:
        game.reply()
        return every_game(game)
    results = []
    mark = len(game.moves)
    for cell in game.board.moves():
        game.play(cell)
        results += every_game(game)
        game.rewind(mark)
    return results


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("side", ["x", "o"])
def test_every_line_against_a_perfect_map_ends_no_worse_than_the_empty_boards_value(
    side: str, policy: str
) -> None:
    """The empty board is a draw: the map never loses, whatever the person plays."""
    game = Game(side, policy)
    assert solver_for(game.geometry).outcome(game.board).result == 0
    results = every_game(game)
    other = "o" if side == "x" else "x"
    assert len(results) > 50 and f"{other} wins" not in results
    assert f"{side} wins" in results and all(r in ("x wins", "o wins", "draw") for r in results)


def play(*args: str, moves: str, tmp: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ttt_maps", "play", *args],
        input=moves,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp,
    )


def test_the_scripted_protocol_as_another_program_sees_it(tmp_path: Path) -> None:
    proc = play(
        "--player",
        "x",
        "--policy",
        "yorgey",
        "--save",
        "g.json",
        moves="4\n2\n3\n1\n",
        tmp=tmp_path,
    )
    assert proc.returncode == 0 and proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert lines[0] == "position: ........."
    assert all(line.startswith("position: ") for line in lines[:-1])
    assert lines[-1] in ("result: x wins", "result: draw")
    boards = [line.split()[1] for line in lines[:-1]]
    # One move between consecutive positions; the map (X) moved first, in its corner.
    steps = [sum(a != b for a, b in zip(p, q, strict=True)) for p, q in pairwise(boards)]
    assert steps == [1] * (len(boards) - 1)
    assert boards[1] == "........x"
    log = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert log["format"] == "ttt-maps/game@1" and log["positions"] == boards
    assert [m["by"] for m in log["moves"]][:2] == ["map", "player"]
    assert f"result: {log['result']}" == lines[-1]


def test_a_process_can_play_move_by_move() -> None:
    """The position is flushed before each read, so a program can answer what it sees."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "ttt_maps", "play", "--player", "o"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin and proc.stdout
    seen = []
    while True:
        line = proc.stdout.readline()
        seen.append(line.strip())
        if line.startswith("result: ") or not line:
            break
        board = line.split()[1]
        if board.count("x") == board.count("o"):  # X to move: we are X
            # The last position may end the game: the map has exited, the pipe is closed.
            with contextlib.suppress(BrokenPipeError):
                proc.stdin.write(f"{board.index('.')}\n")
                proc.stdin.flush()
    assert proc.wait(timeout=60) == 0
    assert seen[-1] in ("result: o wins", "result: draw")


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("4\n4\n", "There is a mark in the centre already (cell 4)."),
        ("9\n", "cell 9: the board's cells are 0 to 8"),
        ("centre\n", "move 'centre': expected a cell number"),
        ("4\n", "standard input ended before the game did"),
    ],
)
def test_bad_scripted_moves_exit_2_with_one_line(moves: str, message: str) -> None:
    proc = play("--player", "o", moves=moves)
    assert proc.returncode == 2
    assert proc.stderr == f"ttt-maps: error: {message}\n"


@pytest.mark.parametrize("flag", ["--interactive", "-i"])
def test_interactive_keeps_the_terminal_words_when_input_is_piped(flag: str) -> None:
    """A scripted demo (``printf '?\\n1\\nw\\n' | ttt-maps play --interactive``): the hints
    with their reasons, the mistake named, ``w``, each typed line shown after its prompt;
    the same input without the option is the line protocol, which refuses ``?``."""
    proc = play(flag, moves="?\n1\nw\nq\n")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    said = " ".join(proc.stdout.split())
    for line in (
        "X plays the top-left corner (0). A draw with best play",
        "O to move> ? Your best moves (O), by the solved game: centre (4).",
        "4: O takes the centre, on 4 lines, and holds the draw.",
        "O to move> 1 That loses: X answers 3,",
        "O to move> w X played 3: X threatens 6 (0-3-6);",
        "Among the equally good moves, fast,novice,first chose it:",
        "O to move> q",
    ):
        assert line in said, line
    assert "position:" not in proc.stdout and "result:" not in proc.stdout
    plain = play(moves="?\n1\nw\n")
    assert plain.returncode == 2
    assert plain.stderr == "ttt-maps: error: move '?': expected a cell number\n"


def test_interactive_input_that_ends_or_runs_long_is_no_error() -> None:
    """Piped input may end mid-game (the game stops, as ``q`` stops it) or hold a line
    longer than any move (named as a bad move, the next line read after it)."""
    ended = play("-i", moves="4\n")
    assert ended.returncode == 0 and ended.stderr == ""
    long = play("-i", "--player", "o", moves="7" * 5000 + "\n4\nq\n")
    assert long.returncode == 0, long.stderr
    assert long.stdout.count("X to move>") == 3, long.stdout  # the long line, 4, q
    said = "".join(long.stdout.split())
    assert "7" * 1024 + ":theboard'scellsare0to8" in said and "7" * 1025 not in said
    assert "X to move> 4\nO plays" in long.stdout


def test_random_1_strays_and_loses_a_game_perfect_never_does() -> None:
    """The same scripted person (always the lowest free cell) against each level."""

    def outcome(level: str, seed: int) -> str:
        game = Game("x", "default", level=level, seed=seed)
        while not game.over:
            if game.map_to_move:
                game.reply()
            else:
                game.play(game.board.moves()[0])
        assert all(m.by == "map" for m in game.moves if m.mark == "x") == (level == "perfect")
        return game.result

    assert {outcome("perfect", s) for s in range(10)} <= {"x wins", "draw"}
    assert "o wins" in {outcome("random:1", s) for s in range(20)}


def check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ttt_maps", "check", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_saved_game_is_audited_by_check(tmp_path: Path) -> None:
    game = Game("x", "yorgey")
    game.reply()  # X's corner (yorgey: bottom-right)
    game.play(0)  # a corner against X's corner opening loses for O
    while not game.over:
        if game.map_to_move:
            game.reply()
        else:
            game.play(game.hints()[0])
    path = tmp_path / "g.json"
    path.write_text(game.to_json(), encoding="utf-8")
    proc = check(str(path))
    assert proc.returncode == 1
    assert "move 2 (O top-left corner (0)) lost the draw" in proc.stdout
    doc = json.loads(check("--json", str(path)).stdout)
    assert doc["kind"] == "game"
    assert doc["mistakes"] == ["move 2 (O top-left corner (0)) lost the draw"]
    # A log whose moves were edited no longer replays.
    log = json.loads(path.read_text(encoding="utf-8"))
    log["moves"][1]["cell"] = log["moves"][0]["cell"]
    path.write_text(json.dumps(log), encoding="utf-8")
    proc = check(str(path))
    assert proc.returncode == 2 and "move 2: cell" in proc.stderr and "not free" in proc.stderr


#: What a piped line may hold that a terminal must never be sent as it is: an escape
#: sequence (CSI, OSC), a bell, a backspace, a NUL, and bytes that are not UTF-8.
HOSTILE = "\x1b[2J\x1b]0;pwned\x07\x08\x00\x9b" + "\udcff"


def test_what_interactive_play_reads_is_echoed_escaped() -> None:
    """A piped line is shown after its prompt as a terminal would show it, with every
    character that does not print written as its escape."""
    proc = subprocess.run(
        [sys.executable, "-m", "ttt_maps", "play", "-i"],
        input=("4" + HOSTILE + "\nq\n").encode("utf-8", "surrogateescape"),
        capture_output=True, timeout=120, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert not any(c in out for c in (b"\x1b", b"\x07", b"\x08", b"\x00", b"\xc2\x9b", b"\xff"))
    assert b"4\\x1b[2J\\x1b]0;pwned\\x07\\x08\\x00\\x9b\\udcff" in out


def test_a_no_break_space_prints_as_it_is() -> None:
    """The French no-break spaces (before a colon, inside a percentage) print as spaces in
    ``w``'s answer and in an error of a move typed wrong: they are not control
    characters to escape, and an error folded onto one line keeps them."""
    proc = play("-i", "--player", "o", "--lang", "fr", moves="4\nw\nzz\nq\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout + proc.stderr
    assert "\\x" not in out and "\\u" not in out, out
    assert "O a joué en 0\u00a0: O prend un coin" in out, out
    assert "'zz'\u00a0: tapez un numéro de case" in out, out
    # Nor does a line wrap there: no line starts with the colon, semicolon or percent
    # sign a no-break space holds to the word before it, whatever the width.
    for columns in ("60", "80", "100"):
        wrapped = subprocess.run(
            [sys.executable, "-m", "ttt_maps", "play", "-i", "--lang", "fr"],
            input="4\n?\nw\n8\nq\n", capture_output=True, text=True, timeout=120,
            check=False, env={**os.environ, "COLUMNS": columns},
        )  # fmt: skip
        assert wrapped.returncode == 0, wrapped.stderr
        lines = wrapped.stdout.splitlines()
        assert not [line for line in lines if re.match(r"\s*[:;%»]", line)], wrapped.stdout


def test_a_book_s_file_name_is_printed_escaped(tmp_path: Path) -> None:
    """A policy names its opening book as typed: the opening line and ``w`` show it
    escaped, never as raw control characters."""
    book = tmp_path / "b\x1b[31m.json"
    book.write_text('{".........": 0}')
    proc = play("-i", "--policy", f"book:{book.name},fast", moves="w\nq\n", tmp=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "\x1b" not in proc.stdout
    said = " ".join(proc.stdout.split())
    assert "against the map for X (book:" in said and "b\\x1b[31m.json" in said
    assert "chose it: book:" in said or "X played 0" in said


def test_the_opening_line_says_the_level_in_words() -> None:
    """The level is said as what the map's side does, never as the option's value: the
    reader of any language meets no ``perfect`` or ``random:0.3``; a novice of misère
    plays its own way."""
    from ttt_maps.cli.play import opening
    from ttt_maps.game.geometry import STANDARD
    from ttt_maps.language import speaking

    def said(level: str, lang: str = "en", misere: bool = False) -> str:
        g = STANDARD.with_rules("misere") if misere else STANDARD
        with speaking(lang):
            return opening(Game("x", geometry=g, level=level))

    assert said("perfect").endswith("(fast,novice,first), which plays perfectly.")
    assert said("novice").endswith("it wins if it can, else blocks, else plays anywhere.")
    assert said("novice", misere=True).endswith("else avoids completing one of its own, else "
                                                "plays anywhere.")  # fmt: skip
    assert said("random:0.3").endswith("which plays a random move 30% of the time.")
    assert said("random:0.125").endswith("a random move 12.5% of the time.")
    assert said("random:0.3", "fr").endswith("qui joue un coup au hasard dans 30\u00a0% des cas.")
    for lang in ("fr", "de", "es", "ru"):
        for level in ("perfect", "novice", "random:0.3"):
            for misere in (False, True):
                text = said(level, lang, misere)
                assert not re.search(r"perfect|novice\b(?!,)|random|level", text), text


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es", "ru"])
def test_a_line_play_cannot_read_names_every_key_it_takes(lang: str) -> None:
    """What was typed and could not be read is answered with everything that can be typed:
    a cell, a row and a column, and each key the game takes (u, ?, w and q), in every
    language."""
    proc = play("-i", "--lang", lang, moves="zz\nu\n?\nw\nq\n")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    line = next(line for line in proc.stdout.splitlines() if "'zz'" in line)
    keys = set(re.findall(r"(?<![\w'])([uwq?])(?![\w'])", line.split("'zz'", 1)[1]))
    assert keys == {"u", "?", "w", "q"}, line
