"""Misère rules, where whoever completes a line loses: the solver against a minimax
written here, the maps that follow from it, the cache and every command's option.

The minimax below knows nothing of the package: boards are strings, lines are
listed from rows, columns and diagonals, and a position's value is the result
for the side to move with the distance rule of the normal game (win in the
fewest plies, lose in the most).
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from cli_checks import assert_usage_error
from first_principles import lines_of
from typer.testing import CliRunner

from ttt_maps.cli.app import app
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Position
from ttt_maps.play.game import Game
from ttt_maps.policy.chains import parse_policy
from ttt_maps.solve.registry import solver_for
from ttt_maps.trees.strategy import build_strategy

runner = CliRunner()
MISERE = Geometry.parse("3x3", "misere")
MISERE_3X4 = Geometry.parse("3x4k3", "misere")

# -- misère tic-tac-toe, written again here ----------------------------------------


def made_line(board: str, mark: str, lines: tuple[tuple[int, ...], ...]) -> bool:
    return any(all(board[c] == mark for c in line) for line in lines)


@cache
def minimax(board: str, rows: int, cols: int, k: int) -> tuple[int, int]:
    """(result, plies to the end) for the side to move, under misère."""
    lines = lines_of(rows, cols, k)
    mover = "x" if board.count("x") == board.count("o") else "o"
    last = "o" if mover == "x" else "x"
    if made_line(board, last, lines):
        return (1, 0)  # the last move completed a line: its maker lost
    if "." not in board:
        return (0, 0)
    best: tuple[int, int] | None = None
    for cell, ch in enumerate(board):
        if ch == ".":
            r, d = minimax(board[:cell] + mover + board[cell + 1 :], rows, cols, k)
            mine = (-r, d + 1)
            if best is None or _rank(mine) > _rank(best):
                best = mine
    assert best is not None
    return best


def _rank(value: tuple[int, int]) -> tuple[int, int]:
    result, plies = value
    return (result, -plies if result > 0 else plies if result < 0 else 0)


def reachable(rows: int, cols: int, k: int) -> set[str]:
    lines, seen = lines_of(rows, cols, k), set()
    todo = ["." * rows * cols]
    while todo:
        board = todo.pop()
        if board in seen:
            continue
        seen.add(board)
        if any(made_line(board, m, lines) for m in "xo") or "." not in board:
            continue
        mover = "x" if board.count("x") == board.count("o") else "o"
        todo.extend(board[:c] + mover + board[c + 1 :] for c, ch in enumerate(board) if ch == ".")
    return seen


# -- the solved game ---------------------------------------------------------------


def test_every_3x3_position_has_the_minimax_value() -> None:
    solver = solver_for(MISERE)
    boards = reachable(3, 3, 3)
    assert len(boards) == 5478
    for text in boards:
        outcome = solver.outcome(Position.parse(text, MISERE))
        assert (outcome.result, outcome.distance) == minimax(text, 3, 3, 3), text


def test_3x3_is_a_draw_and_only_the_centre_opening_holds_it() -> None:
    empty = Position.empty(MISERE)
    solver = solver_for(MISERE)
    assert solver.outcome(empty).result == 0
    holding = [c for c, out in solver.move_outcomes(empty).items() if out.result >= 0]
    assert holding == list(MISERE.centers) == [4]
    assert minimax("." * 9, 3, 3, 3)[0] == 0
    assert [c for c in range(9) if minimax("." * c + "x" + "." * (8 - c), 3, 3, 3)[0] <= 0] == [4]


def test_a_sample_of_3x4k3_positions_has_the_minimax_value() -> None:
    solver = solver_for(MISERE_3X4)
    rng = random.Random(31)
    checked = 0
    for _ in range(60):
        board = Position.empty(MISERE_3X4)
        while not board.is_over:
            if board.count >= 4:
                out = solver.outcome(board)
                assert (out.result, out.distance) == minimax(str(board), 3, 4, 3), board
                checked += 1
            board = board.play(rng.choice(board.moves()))
    assert checked > 300


def test_the_deep_search_agrees_with_the_minimax_on_4x4k3_positions() -> None:
    """The search for bigger boards under misère (``MisereDeepSolver``), from cold, on
    positions of 4x4k3 with seven to ten marks: every position's value and distance, and
    every move's result, are this module's minimax."""
    from ttt_maps.solve.deepmisere import MisereDeepSolver

    g = Geometry.parse("4x4k3", "misere")
    rng = random.Random(43)
    checked = 0
    while checked < 16:
        board = Position.empty(g)
        for _ in range(rng.choice([7, 8, 9, 10, 13, 14])):
            if board.is_over:
                break
            board = board.play(rng.choice(board.moves()))
        if board.is_over:
            continue
        solver = MisereDeepSolver(g, cache=False)
        text = str(board)
        out = solver.outcome(board)
        assert (out.result, out.distance) == minimax(text, 4, 4, 3), text
        me = board.to_move
        results = solver.move_results(board.key)
        assert sorted(results) == board.moves(), text
        for cell, result in results.items():
            theirs = minimax(_put(text, cell, me), 4, 4, 3)[0]
            assert result == theirs, (text, cell)  # the opponent's result after the move
        checked += 1
    # Early on, when neither side has a line one move away: every move has its result.
    early = Position.parse("x.../..o./..../....", g)
    assert sorted(MisereDeepSolver(g, cache=False).move_results(early.key)) == early.moves()
    # The last free cell, which completes no line (four in a row, where a board can fill
    # without one): the game is drawn.
    g4 = Geometry.parse("4x4k4", "misere")
    last = Position.parse(".xxo/xxox/oxox/xooo", g4)
    assert not last.is_over and minimax(str(last), 4, 4, 4) == (0, 1)
    assert MisereDeepSolver(g4, cache=False).move_results(last.key) == {0: 0}
    # A finished game: the line's maker lost, so the side to move has won, now.
    lost = Position.parse("xxx./oo../..../....", g)
    solver = MisereDeepSolver(g, cache=False)
    out = solver.outcome_of(lost.key)
    assert (out.result, out.distance) == (1, 0) == minimax(str(lost), 4, 4, 3)
    assert solver.move_results(lost.key) == {}


@pytest.mark.slow
@pytest.mark.parametrize("size", ["3x4k3", "4x3k3"])
def test_the_second_player_wins_3x4k3_by_minimax(size: str) -> None:
    g = Geometry.parse(size, "misere")
    assert minimax("." * g.size, g.rows, g.cols, g.k)[0] == -1
    assert solver_for(g).outcome(Position.empty(g)).result == -1


@pytest.mark.slow
def test_the_second_player_wins_4x4k3() -> None:
    g = Geometry.parse("4x4k3", "misere")
    assert solver_for(g).result(Position.empty(g).key) == -1


def test_normal_and_misere_are_different_games() -> None:
    normal = Geometry.parse("3x3")
    assert normal != MISERE and MISERE.with_rules("normal") == normal
    assert MISERE.name == "3x3k3-misere" and Geometry.parse(MISERE.name) == MISERE
    assert solver_for(MISERE) is not solver_for(normal)
    won = Position.parse("xxx/oo./...", MISERE)
    assert won.winner() == "o" and won.line_maker() == "x"
    assert Position.parse("xxx/oo./...").winner() == "x"


# -- maps that follow the solved game ------------------------------------------------


def finishes(strategy_root: object) -> list[Position]:
    from ttt_maps.trees.nodes import Node

    assert isinstance(strategy_root, Node)
    return [n.board for n in strategy_root.walk() if not n.children and not n.cut]


def lines_lost_by(player: str, boards: list[Position]) -> int:
    return sum(b.winner() not in (None, player) for b in boards)


@pytest.mark.parametrize(
    "policy", ["yorgey", "default", "fast,trap", "compact", "center,corner", "random:3", "novice"]
)
@pytest.mark.parametrize("player", ["x", "o"])
def test_every_3x3_map_never_loses(policy: str, player: str) -> None:
    tree = build_strategy(player, policy, None, MISERE)  # type: ignore[arg-type]
    ends = finishes(tree.root)
    assert ends and lines_lost_by(player, ends) == 0
    assert tree.facts.losses == 0
    for board in ends:  # every finish as the minimax scores it for the map's player
        result, _ = minimax(str(board), 3, 3, 3)
        mover_won = result > 0
        assert result == 0 or (mover_won == (board.to_move == player)), board


@pytest.mark.parametrize("policy", ["yorgey", "default"])
def test_3x4k3_maps_keep_the_solved_value(policy: str) -> None:
    o_map = build_strategy("o", policy, None, MISERE_3X4)
    assert lines_lost_by("o", finishes(o_map.root)) == 0
    assert o_map.facts.draws == 0  # the second player wins every game
    solver = solver_for(MISERE_3X4)
    x_map = build_strategy("x", policy, None, MISERE_3X4)
    for node in x_map.root.walk():
        if node.chooses:
            assert node.move in solver.best_moves(node.board), node.board


def test_novice_under_misere_avoids_its_own_line_and_forces_the_opponents() -> None:
    from ttt_maps.policy.policy import novice_replies

    solver = solver_for(MISERE)
    # O to move: cell 2 would complete O's top row; any other cell is what a novice plays.
    board = Position.parse("oo./xx./x..", MISERE)
    picked = novice_replies(solver, board.key, solver.children(board.key))
    cells = sorted(c for c, after in solver.children(board.key) if after in picked)
    assert 2 not in cells and cells
    # O to move, cells 2 and 6 free: taking 6 leaves X only cell 2, which completes X's row.
    board = Position.parse("xx./oox/.ox", MISERE)
    picked = novice_replies(solver, board.key, solver.children(board.key))
    assert [c for c, after in solver.children(board.key) if after in picked] == [6]


def test_the_comic_and_the_rule_player_are_refused_in_one_line() -> None:
    for chain in ("xkcd", "rules", "book:xkcd"):
        result = runner.invoke(app, ["solve", ".........", "--rules", "misere", "-p", chain])
        assert_usage_error(result, "normal 3x3 game only", "misère")
    assert parse_policy("fast,novice", MISERE).name == "fast,novice,first"


# -- the cache keeps the rules apart --------------------------------------------------


def test_a_table_kept_under_one_rules_is_never_read_under_the_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ttt_maps.solve import cache
    from ttt_maps.solve.deepmisere import MisereDeepSolver
    from ttt_maps.solve.search import DeepSolver

    monkeypatch.setenv("TTT_MAPS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("TTT_MAPS_KEY_FILE", str(tmp_path / "key" / "table-key"))
    monkeypatch.setenv("TTT_MAPS_CACHE_MIN_SEARCH", "1")
    normal, misere = Geometry.parse("4x4k3"), Geometry.parse("4x4k3", "misere")
    middle = "xo.x/o.x./.o../...."
    solved = MisereDeepSolver(misere)
    truth = solved.outcome(Position.parse(middle, misere))
    kept = cache.keep(solved)
    assert kept is not None and kept.name == cache.file_name(misere) != cache.file_name(normal)
    assert cache.load(DeepSolver(normal)) == 0  # another file: none under normal rules yet
    assert cache.load(MisereDeepSolver(misere)) == len(solved.bounds) > 0
    # The misère table under the normal name: its header names the other rules.
    (kept.parent / cache.file_name(normal)).write_bytes(kept.read_bytes())
    assert cache.load(DeepSolver(normal)) == 0
    # O holds two open twos there: under normal rules X loses in two plies, not wins.
    assert DeepSolver(normal).outcome(Position.parse(middle, normal)) == (-1, 2)
    assert (truth.result, truth.distance) == minimax(middle.replace("/", ""), 4, 4, 3)


# -- every surface ------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "x........"],
        ["stats"],
        ["export", "--player", "x"],
        ["compare", "yorgey", "default", "--json"],
        ["table", "--player", "x", "--json"],
        ["policies"],
    ],
)
def test_every_command_takes_the_rules_and_refuses_bad_ones(args: list[str]) -> None:
    result = runner.invoke(app, [*args, "--rules", "misere"])
    assert result.exit_code == 0, result.stderr
    assert_usage_error(runner.invoke(app, [*args, "--rules", "loser"]), "rules 'loser'")


def test_solve_and_export_record_the_rules() -> None:
    doc = json.loads(
        runner.invoke(app, ["solve", "x........", "--rules", "misere", "--json"]).stdout
    )
    assert doc["rules"] == "misere" and doc["geometry"] == "3x3k3-misere"
    exported = runner.invoke(app, ["export", "--player", "o", "--rules", "misere"]).stdout
    assert json.loads(exported)["rules"] == "misere"


def test_check_refuses_a_strategy_of_the_other_rules(tmp_path: Path) -> None:
    normal = tmp_path / "normal.json"
    normal.write_text(runner.invoke(app, ["export", "--player", "x"]).stdout)
    result = runner.invoke(app, ["check", str(normal), "--rules", "misere"])
    assert_usage_error(result, "written for normal rules", "--rules normal")
    misere = tmp_path / "misere.json"
    misere.write_text(runner.invoke(app, ["export", "--player", "x", "--rules", "misere"]).stdout)
    assert runner.invoke(app, ["check", str(misere), "--rules", "misere"]).exit_code == 0
    assert runner.invoke(app, ["check", str(misere)]).exit_code == 0
    # Audited under normal rules, the misère strategy is not the file's: refused too.
    assert_usage_error(
        runner.invoke(app, ["check", str(misere), "--rules", "normal"]), "written for misere"
    )


@pytest.mark.parametrize("side", ["x", "o"])
def test_play_against_a_misere_map_never_beats_it(side: str) -> None:
    rng = random.Random(side)
    for _ in range(40):
        game = Game(side, "default", None, MISERE)  # type: ignore[arg-type]
        while not game.over:
            if game.map_to_move:
                game.reply()
            else:
                game.play(rng.choice(game.board.moves()))
        assert game.board.winner() in (None, side), game.board
    person = [m.cell for m in game.moves if m.by == "player"]
    result = runner.invoke(
        app,
        ["play", "--player", side, "--rules", "misere"],
        input="".join(f"{c}\n" for c in person),
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-1] == f"result: {game.result}"


def test_render_names_the_rules_in_files_and_titles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["render", "--rules", "misere", "-f", "svg"])
    assert result.exit_code == 0, result.stderr
    names = sorted(p.name for p in (tmp_path / "output").iterdir())
    assert names == ["o-map-misere.svg", "poster-misere.svg", "x-map-misere.svg"]
    poster = ET.parse(tmp_path / "output" / "poster-misere.svg").getroot()
    texts = " ".join(t.text or "" for t in poster.iter("{http://www.w3.org/2000/svg}text"))
    assert "misère tic-tac-toe" in texts and "three in a row loses" in texts
    result = runner.invoke(
        app,
        [
            "render",
            "--rules",
            "misere",
            "--board",
            "3x4k3",
            "--player",
            "x",
            "-f",
            "svg",
            "--depth",
            "1",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "output" / "x-map-3x4k3-misere.svg").is_file()


@pytest.mark.parametrize("extra", [["--fold"], ["--whole"], ["--alternatives", "--outcomes"]])
def test_render_takes_fold_whole_and_tints_under_misere(tmp_path: Path, extra: list[str]) -> None:
    out = tmp_path / "map.svg"
    args = ["render", "--rules", "misere", "--player", "x", "-o", str(out), *extra]
    if extra == ["--whole"]:
        args[3:5] = ["--depth", "2"]  # the whole game, two levels deep
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    root = ET.parse(out).getroot()
    assert root.findtext("{http://www.w3.org/2000/svg}title", "").find("misère") >= 0


# -- the API and the docs tools -------------------------------------------------------


def test_the_api_takes_rules() -> None:
    import ttt_maps
    from ttt_maps import api

    tree = ttt_maps.strategy("x", rules="misere")
    assert tree.geometry == MISERE and tree.root.children[0][0] == 4
    assert api.poster(rules="misere").x.geometry == MISERE
    assert api.whole(rules="misere", depth=1).geometry == MISERE
    assert api.table("x", rules="misere").geometry == MISERE
    svg = ttt_maps.render(tree, format="svg")
    assert "misère tic-tac-toe" in svg
    with pytest.raises(ttt_maps.UsageError, match="rules='loser'"):
        ttt_maps.strategy("x", rules="loser")
    with pytest.raises(ttt_maps.UsageError, match="not the 3x3 board, misère"):
        ttt_maps.strategy("x", root=Position.empty(), rules="misere")


def test_a_docs_recipe_takes_rules() -> None:
    from ttt_maps.integrations.recipe import directive_options, scene_of

    options = {"rules": directive_options()["rules"]("Misère"), "player": "o", "depth": 1}
    scene = scene_of(options, str)
    assert scene.meta["board"] == "3x3k3-misere" and "misère" in scene.title
    with pytest.raises(ValueError, match="normal or misere"):
        directive_options()["rules"]("loser")


PAGE = "{fence}\n{key}player: o\n{key}rules: misere\n{key}depth: 1\n```\n"


def _misere_titles(html: str) -> list[str]:
    return re.findall(r"<title\b[^>]*>([^<]*misère[^<]*)</title>", html)


@pytest.mark.slow
def test_sphinx_and_myst_build_a_misere_map(tmp_path: Path) -> None:
    pytest.importorskip("myst_parser")
    from sphinx.cmd.build import build_main

    (tmp_path / "conf.py").write_text(
        'extensions = ["myst_parser", "ttt_maps.sphinx"]\n', encoding="utf-8"
    )
    (tmp_path / "index.rst").write_text(
        "Maps\n====\n\n.. ttt-map::\n   :rules: misere\n   :depth: 1\n\n.. toctree::\n\n   page\n",
        encoding="utf-8",
    )
    (tmp_path / "page.md").write_text(
        "# Page\n\n" + PAGE.format(fence="```{ttt-map}", key=":"), encoding="utf-8"
    )
    out = tmp_path / "_b"
    assert build_main(["-E", "-q", "-W", "-b", "html", str(tmp_path), str(out)]) == 0
    for page in ("index.html", "page.html"):
        assert _misere_titles((out / page).read_text(encoding="utf-8")), page


@pytest.mark.slow
def test_mkdocs_builds_a_misere_map(tmp_path: Path) -> None:
    import subprocess
    import sys

    pytest.importorskip("mkdocs")
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nplugins:\n  - ttt-maps\n", "utf-8")
    page = "# Home\n\n" + PAGE.format(fence="```ttt-map", key="")
    (tmp_path / "docs" / "index.md").write_text(page, "utf-8")
    program = Path(sys.executable).with_name("mkdocs")
    run = subprocess.run(
        [str(program), "build", "--strict"], cwd=tmp_path, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert _misere_titles((tmp_path / "site" / "index.html").read_text(encoding="utf-8"))


def test_stats_counts_the_misere_games() -> None:
    lines = lines_of(3, 3, 3)
    counts = {"x": 0, "o": 0, "draw": 0}

    def play(board: str) -> None:
        mover = "x" if board.count("x") == board.count("o") else "o"
        for cell, ch in enumerate(board):
            if ch == ".":
                after = board[:cell] + mover + board[cell + 1 :]
                if made_line(after, mover, lines):
                    counts["o" if mover == "x" else "x"] += 1  # its maker lost
                elif "." not in after:
                    counts["draw"] += 1
                else:
                    play(after)

    play("." * 9)
    result = runner.invoke(app, ["stats", "--rules", "misere", "--json"])
    doc = json.loads(result.stdout)
    assert doc["rules"] == "misere" and doc["empty_board"]["result"] == "draw"
    games = doc["games"]
    assert (games["x_wins"], games["o_wins"], games["draws"]) == (
        counts["x"],
        counts["o"],
        counts["draw"],
    )
    assert games["total"] == 255168 and doc["positions"]["reachable"] == 5478
    sizes = {(m["policy"], m["player"]): m for m in doc["maps"]}
    assert sizes["default", "o"]["losses"] == sizes["default", "x"]["losses"] == 0


# -- reasons under misère, checked with this module's own lines and minimax -----------


def test_every_misere_reason_on_3x3_is_true() -> None:
    """Every legal move of every 3x3 misère position, against this module's own minimax:
    a ``mistake`` or ``quick-loss`` loses value (a worse result, or in a lost position a
    quicker loss) and every other code keeps it, but ``complete``, which completes the
    mover's line and so loses at once; ``force-complete`` leaves the opponent only
    completing cells, ``avoid`` stays off every completing cell of the mover's, and a
    mistake's refutation is best play for as long as the game lasts. (Each reason's
    sentence is read back and checked in ``test_claims``.)"""
    from ttt_maps.reasons.explain import explain_key

    g = Geometry.parse("3x3", "misere")
    solver, lines = solver_for(g), lines_of(3, 3, 3)
    seen: dict[str, int] = {}
    for board in reachable(3, 3, 3):
        if any(made_line(board, m, lines) for m in "xo") or "." not in board:
            continue
        me = "x" if board.count("x") == board.count("o") else "o"
        them = "o" if me == "x" else "x"
        key = Position.parse(board, g).key
        was = minimax(board, 3, 3, 3)
        completing = {
            c for c in range(9) if board[c] == "." and made_line(_put(board, c, me), me, lines)
        }
        for cell in (c for c in range(9) if board[c] == "."):
            why = explain_key(solver, key, cell)
            seen[why.code] = seen.get(why.code, 0) + 1
            after = _put(board, cell, me)
            result, distance = minimax(after, 3, 3, 3)
            now = (-result, distance + 1)  # the mover's value after the move
            worse = now[0] < was[0] or (was[0] < 0 and now[1] < was[1])
            if cell in completing:  # a loss at once, said as such, never as a win
                assert now == (-1, 1), (board, cell, why)
                assert why.code in ("complete", "mistake", "quick-loss"), (board, cell, why)
                assert "win" not in why.code and "wins" not in why.text, (board, cell, why)
                assert why.text.startswith(_thrown_away(board, completing)), (board, cell, why)
            if why.code == "complete":
                assert cell in completing and now == (-1, 1), (board, cell, why)
                assert tuple(why.line) in lines
                assert set(why.line) <= {c for c, ch in enumerate(after) if ch == me}
                continue
            assert worse == (why.code in ("mistake", "quick-loss")), (board, cell, why, was, now)
            if worse:
                assert (why.code == "quick-loss") == (was[0] < 0), (board, cell, why)
                best = minimax(after, 3, 3, 3)  # the opponent's, to move
                got = minimax(_put(after, why.refutation[0], them), 3, 3, 3)
                assert (-got[0], got[1] + 1) == best, (board, cell, why)  # a best reply
                assert len(why.refutation) == best[1], (board, cell, why)
                continue
            assert now[0] == was[0], (board, cell, why, was, now)  # the value kept
            if why.code == "force-complete":
                free = [c for c, ch in enumerate(after) if ch == "."]
                assert free and all(made_line(_put(after, c, them), them, lines) for c in free)
            elif why.code == "avoid":
                assert completing and set(why.threats) == completing
            else:
                assert why.code in ("keep-win", "hold", "resist"), (board, cell, why)
                assert not completing or why.code != "hold", (board, cell, why)
    assert {"complete", "force-complete", "avoid", "mistake", "quick-loss"} <= set(seen), seen


@pytest.mark.parametrize(
    ("board", "cell", "code", "text"),
    [
        (".....xoox", 2, "complete", "That loses at once, not in 5 moves: X completes 2-5-8."),
        (".....xoox", 0, "avoid", "X stays off 2 (2-5-8), where X would complete a line and lose."),
        (
            "....xxoox",
            1,
            "force-complete",
            "O leaves X only cells that complete a line of X's (0, 2 and 3): X must lose.",
        ),
    ],
)
def test_each_misere_reason_has_a_position(board: str, cell: int, code: str, text: str) -> None:
    from ttt_maps.api import explain

    why = explain(board, cell, geometry=Geometry.parse("3x3", "misere"))
    assert (why.code, why.text) == (code, text)


def _thrown_away(board: str, completing: set[int]) -> str:
    """How a reason must begin for a move that completes the mover's own line: forced
    when every free cell does, else what it threw away, as a mistake says it."""
    me = "X" if board.count("x") == board.count("o") else "O"
    if completing == {c for c, ch in enumerate(board) if ch == "."}:
        return f"{me} must complete a line, as every free cell does"
    result, plies = minimax(board, 3, 3, 3)
    if result < 0:
        return f"That loses at once, not in {plies} moves: {me} completes "
    return f"That gives away the {'win' if result > 0 else 'draw'}: {me} completes "


def _put(board: str, cell: int, mark: str) -> str:
    return board[:cell] + mark + board[cell + 1 :]


# -- play and check under misère say who completes the line ----------------------------


@pytest.mark.parametrize(("side", "root"), [("x", None), ("o", None), ("x", "x........")])
def test_the_verdict_under_misere_names_the_loser_s_own_move(side: str, root: str | None) -> None:
    """Under misère the last ply of a lost game is the loser's own: the person to move
    who loses in 1 ply has only cells that complete its own lines (never "to X's next
    move"), a longer loss ends with the person's own Nth move, and a win with the map's.
    Every position a person can reach, checked with this module's minimax."""
    from test_play_terminal import own_moves

    me, them = side.upper(), ("o" if side == "x" else "x").upper()
    kinds = set()
    start = Position.parse(root, MISERE) if root else None
    for board, text in _verdicts(Game(side, "default", start, MISERE)):  # type: ignore[arg-type]
        result, plies = minimax(board, 3, 3, 3)
        assert f"to {me}'s" not in text, text
        if result < 0 and plies == 1:
            free = [c for c, ch in enumerate(board) if ch == "."]
            made = [
                made_line(_put(board, c, them.lower()), them.lower(), lines_of(3, 3, 3))
                for c in free
            ]
            assert all(made), board
            assert text == f"{them} loses in 1 move: every free cell completes a line of {them}'s"
        elif result < 0:
            assert text.startswith(f"{them} loses in {plies} moves, forced to complete a line")
            assert own_moves(text) == (plies + 1) // 2, (board, text)
        elif result > 0:
            assert text.startswith(f"{them} can win in {plies} moves: {me} must complete a line")
            assert own_moves(text) == plies // 2, (board, text)
        else:
            assert text == "A draw with best play", (board, text)
        kinds.add((result, plies == 1))
    assert kinds >= ({(1, False), (-1, True), (-1, False)} if root else {(0, False), (-1, True)})


def _verdicts(game: Game) -> list[tuple[str, str]]:
    """Each board a person can be shown a verdict at, against the map, with the verdict."""
    out: list[tuple[str, str]] = []

    def walk() -> None:
        if game.over:
            return
        mark = len(game.moves)
        if game.map_to_move:
            game.reply()
            walk()
        else:
            out.append((str(game.board), game.verdict()))
            for cell in game.board.moves():
                game.play(cell)
                walk()
                game.rewind(mark)
        game.rewind(mark)

    walk()
    return out


def test_interactive_play_names_a_completed_line_and_a_forced_loss() -> None:
    """The lesson's two games as O against X's misère map, typed through a pipe: 0, 1, 3
    leaves O only cells of its own lines, and 0, 1, 2 completes O's line, which is named
    as the draw it gave away before the result."""
    args = ["play", "--player", "x", "--rules", "misere", "--interactive"]
    forced = runner.invoke(app, args, input="0\n1\n3\n?\n")
    assert forced.exit_code == 0, forced.stderr
    said = " ".join(forced.stdout.split())
    assert (
        "X plays the right edge (5). O loses in 1 move: every free cell completes a line of O's"
        in said
    )
    assert "to X's next move" not in said
    assert "2: O must complete a line, as every free cell does: 0-1-2 loses." in said
    assert "6: O must complete a line, as every free cell does: 0-3-6 loses." in said
    own = runner.invoke(app, args, input="0\n1\n2\n")
    assert own.exit_code == 0, own.stderr
    said = " ".join(own.stdout.split())
    assert "O to move> 2 That gives away the draw: O completes 0-1-2 and loses." in said
    assert said.endswith("X wins")


def test_check_names_a_completed_own_line_as_the_move_that_lost(tmp_path: Path) -> None:
    """A saved misère game where O completes its own line: check says O's move lost the
    draw (and exits 1), not that O won."""
    log = tmp_path / "game.json"
    result = runner.invoke(
        app,
        ["play", "--player", "x", "--rules", "misere", "--save", str(log)],
        input="0\n1\n2\n",
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "result: x wins"
    checked = runner.invoke(app, ["check", str(log)])
    assert "O top-right corner (2) [player]: O completes a line: X wins" in checked.stdout
    assert "O wins" not in checked.stdout
    assert "move 6 (O top-right corner (2)) lost the draw" in checked.stdout
    assert checked.exit_code == 1, checked.stdout
