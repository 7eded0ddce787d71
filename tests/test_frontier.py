"""The frontier: bigger boards drawn and played within the search budget, on every rule.

The facts of 4x5, 5x4 and 5x5 with four in a row and of misère 4x4 with three: their
maps drawn less deep by default, the proof's moves chosen once per class of positions,
a game's holding moves said to be such, the budget calibrated per rules, and what a
person waiting is told.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import ttt_maps
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import Geometry
from ttt_maps.policy.chains import parse_policy
from ttt_maps.settings import Settings, using
from ttt_maps.solve.budget import TooBigToSolve

ROOT = Path(__file__).resolve().parent.parent
COLD = Settings(cache=False)


@pytest.fixture(autouse=True)
def _default_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TTT_MAPS_SEARCH_LIMIT", raising=False)


def test_a_board_too_big_to_draw_whole_is_drawn_two_levels_deep_by_default() -> None:
    """The O map of 4x5, four in a row, would draw about 300,000 boards: with no depth it
    is drawn two levels deep (the grid of X's 20 openings, O's answer to each and every
    reply of X's after it: 1 + 20 + 20 x 18 boards), within the default budget, and says
    which limit cut it; asked for deeper than fits, it is refused."""
    tree = ttt_maps.strategy("o", board="4x5k4", settings=COLD)
    assert (tree.depth, tree.limit, tree.levels) == (2, 50_000, (1, 20, 360))
    assert tree.policy.name == "fast,lines,first"
    with pytest.raises(UsageError, match=r"to depth 6, would draw about [\d,]+ boards by level"):
        ttt_maps.strategy("o", board="4x5k4", depth=6, settings=COLD)
    assert ttt_maps.strategy("o", board="4x5k4", depth=2, settings=COLD).limit is None


def test_lines_plays_the_turned_move_in_a_turned_position() -> None:
    """``lines`` (what ``default`` closes with past 16 cells) chooses once per class of
    positions: in a rotation or reflection of a position it plays the turned move, the
    first cell on the most lines among the optimal moves, in every move's value."""
    g = Geometry.parse("4x5k4")
    with using(Settings(cache=False, search_limit=10**9)):
        policy = parse_policy("default", g)
        solver = policy.solver
        rng = random.Random(7)
        checked = 0
        while checked < 12:
            key = 0
            for _ in range(rng.randint(2, 7)):
                if not solver.goes_on(key):
                    break
                key = rng.choice(solver.children(key))[1]
            if not solver.goes_on(key):
                continue
            move = policy.choose_key(key)
            best = solver.best_cells(key)
            through = g.lines_through
            assert move in best and through[move] == max(through[c] for c in best)
            for perm in g.symmetries:
                turned = (
                    g.transform(key & g.full, perm) | g.transform(key >> g.size, perm) << g.size
                )
                assert policy.choose_key(turned) == perm[move], (solver.board(key), perm)
            checked += 1


def test_check_takes_a_move_that_holds_and_refuses_one_that_loses() -> None:
    """A game log may say a move of the map's side only holds (``"by": "hold"``: the map's
    own move was past the search budget): ``check`` takes it as such, without asking the
    map's move, and refuses the log when that move loses where its side could hold."""

    def log(moves: list[tuple[str, int, str]]) -> str:
        board = list("." * 9)
        positions = ["".join(board)]
        for mark, cell, _ in moves:
            board[cell] = mark
            positions.append("".join(board))
        doc = {
            "format": "ttt-maps/game@1", "geometry": "3x3k3", "map": "o",
            "policy": "fast,novice,first", "level": "perfect", "start": "." * 9,
            "moves": [{"mark": m, "cell": c, "by": b} for m, c, b in moves],
            "positions": positions, "result": "unfinished",
        }  # fmt: skip
        return json.dumps(doc)

    held = ttt_maps.check(log([("x", 4, "player"), ("o", 2, "hold")]))
    assert held.perfect and "[hold]" in held.lines[1]
    with pytest.raises(UsageError, match=r'move 2: "by": "hold", but the move loses where O'):
        ttt_maps.check(log([("x", 4, "player"), ("o", 1, "hold")]))
    with pytest.raises(UsageError, match=r"move 2: \"by\": 'map', but the map's move here is"):
        ttt_maps.check(log([("x", 4, "player"), ("o", 2, "map")]))


def test_a_check_past_the_budget_the_user_chose_names_the_default_when_it_answers() -> None:
    """A saved 4x4 game audited within 10 positions: refused, and the refusal says the
    default budget answers (tried before it is said), in each surface's words."""
    game = ttt_maps.new_game("o", board="4x4")
    while not game.over:
        if game.map_to_move:
            game.reply()
        else:
            game.play(game.positions()[-1].moves()[0])
    log = game.to_json()
    assert ttt_maps.check(log, settings=Settings(cache=False)).kind == "game"  # answered
    with pytest.raises(TooBigToSolve) as refused:
        ttt_maps.check(log, settings=Settings(search_limit=10, cache=False))
    said = str(refused.value)
    assert said.startswith("the 4x4 board, four in a row, is not solved within the search")
    took = r"\((under a second|about \d+ s)\)"
    assert re.search(f"; the default budget answers {took}: leave out search_limit=$", said)
    assert re.search(f"answers {took}: leave out --search-limit$", refused.value.worded())


def test_a_game_says_when_its_move_only_holds() -> None:
    """Said in words, a holding move is not the map's: the person is told why."""
    game = ttt_maps.new_game("o", board="3x3")
    game.play(4)
    move = game.reply()._replace(by="hold")
    said = game.describe(move)
    assert said.startswith(game.describe(move._replace(by="map")) + ", ")
    assert said.endswith("within the search budget")


def test_the_docs_build_says_it_fetches_pyodide_past_quiet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """The first docs build fetches Pyodide from npm, which takes minutes: it says so on
    stderr in a plain line, which ``sphinx-build -q`` does not hide and ``-W`` does not
    count as a warning (the npm here fails at once)."""
    pytest.importorskip("sphinx")
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        import ttt_playground
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))
    npm = tmp_path / "bin" / "npm"
    npm.parent.mkdir()
    npm.write_text("#!/bin/sh\necho 'npm: offline' >&2\nexit 1\n")
    npm.chmod(0o755)
    monkeypatch.setenv("PATH", f"{npm.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("TTT_MAPS_DOCS_CACHE", str(tmp_path / "cache"))
    with pytest.raises(Exception, match="npm could not fetch pyodide"):
        ttt_playground.pyodide_folder()
    err = capfd.readouterr().err
    assert f"fetching Pyodide {ttt_playground.PYODIDE} from npm" in err


@pytest.mark.slow
def test_misere_4x4_three_in_a_row_is_answered_by_default() -> None:
    """The budget calibrated under misère, where a position costs a third of one with
    pairings: misère 4x4, three in a row, is lost by X, answered with no option (the
    budget calibrated on normal rules refused it)."""
    doc = ttt_maps.solve_position(board="4x4k3", rules="misere", settings=COLD)
    assert doc["outcome"]["text"] == "loss in 15 moves"


@pytest.mark.slow
@pytest.mark.parametrize(("player", "boards"), [("x", 553), ("o", 601)])
def test_maps_of_5x5_four_in_a_row_are_drawn_by_default(player: str, boards: int) -> None:
    """Both maps of 5x5, four in a row (a draw), two levels deep within the default budget,
    cold: the proof's moves (``lines``) need no search of their own."""
    tree = ttt_maps.strategy(player, board="5x5k4", settings=COLD)
    assert (tree.depth, tree.facts.boards) == (2, boards)


@pytest.mark.slow
def test_the_maps_answer_is_the_same_cold_cached_and_on_a_terminal(tmp_path: Path) -> None:
    """Issue 50's walk: O's answer to X at 5 on 5x5, four in a row, is the same move
    played from a pipe with no cache, with the cache (as the first run left it), and
    with ``--interactive``."""
    env = {**os.environ, "TTT_MAPS_CACHE_DIR": str(tmp_path / "cache")}
    base = [sys.executable, "-m", "ttt_maps", "play", "--board", "5x5k4", "--player", "o"]
    answers = []
    for extra in (["--no-cache"], [], []):
        proc = subprocess.run(
            [*base, *extra], input="5\n", capture_output=True, text=True, env=env,
            timeout=300, check=False,
        )  # fmt: skip
        assert proc.returncode == 2 and "standard input ended" in proc.stderr  # one move given
        answers.append(proc.stdout.splitlines()[2])
    assert answers == ["position: .....x......o............"] * 3
    proc = subprocess.run(
        [*base, "--interactive", "--no-cache"], input="5\nq\n", capture_output=True,
        text=True, env=env, timeout=300, check=False,
    )  # fmt: skip
    assert "O plays the cell in row 3, column 3 (12)." in proc.stdout, proc.stdout
