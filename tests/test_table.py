"""The minimal strategy table (``ttt-maps table``): its size, validity and minimality.

Checked against code written here, not the package's: a plain minimax of
3x3 tic-tac-toe and its eight symmetries play every game a table allows, and
an exhaustive search over small made-up problems checks that the branch and
bound finds the true minimum. The sizes are Chris Lomont's ("Minimal Size Tic
Tac Toe Trees", 2024) under his definition: 22 for X (corner opening 30,
edge 51), 75 for O counting the finished full boards O meets; counting only
positions where O has a move to make, 72.
"""

from __future__ import annotations

import itertools
import json
import random
import shutil
import subprocess
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from cli_checks import assert_usage_error
from typer.testing import CliRunner

from ttt_maps.audit.table import audit_table
from ttt_maps.cli.app import app
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Position
from ttt_maps.solve.registry import cold_solver
from ttt_maps.tables import graph as table_graph
from ttt_maps.tables.entries import Table, table_from_json
from ttt_maps.tables.exact import minimal_table, prove
from ttt_maps.tables.graph import Graph, Option, OverBudget, TableTooBig, build_graph

runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"

# -- tic-tac-toe, written again here ---------------------------------------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
# The eight symmetries as cell maps: rotations of the square and their mirror images.
_TURN = (6, 3, 0, 7, 4, 1, 8, 5, 2)
_MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6)


def _symmetries() -> list[tuple[int, ...]]:
    out, perm = [], tuple(range(9))
    for _ in range(4):
        out.append(perm)
        out.append(tuple(_MIRROR[p] for p in perm))
        perm = tuple(_TURN[p] for p in perm)
    return out


SYMMETRIES = _symmetries()


def winner(board: str) -> str | None:
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def to_move(board: str) -> str:
    return "x" if board.count("x") == board.count("o") else "o"


@cache
def value(board: str) -> int:
    """+1 when the side to move wins, 0 a draw, -1 a loss (plain minimax)."""
    if winner(board) is not None:
        return -1
    if "." not in board:
        return 0
    return max(-value(play(board, c)) for c in range(9) if board[c] == ".")


def play(board: str, cell: int) -> str:
    return board[:cell] + to_move(board) + board[cell + 1 :]


def turned(board: str, perm: tuple[int, ...]) -> str:
    out = ["."] * 9
    for cell, mark in enumerate(board):
        out[perm[cell]] = mark
    return "".join(out)


def images(moves: dict[str, int]) -> dict[str, int]:
    """Every rotation and reflection of every listed board, with its move turned alike."""
    out: dict[str, int] = {}
    for listed, cell in moves.items():
        for perm in SYMMETRIES:
            out.setdefault(turned(listed, perm), perm[cell])
    return out


def plays_perfectly(moves: dict[str, int], player: str) -> bool:
    """Every game from the empty board, the opponent playing anything and the player
    looking its moves up, keeps the player's value at every move."""
    todo, seen, table = ["........."], set(), images(moves)
    while todo:
        board = todo.pop()
        if board in seen or winner(board) or "." not in board:
            continue
        seen.add(board)
        if to_move(board) != player:
            todo += [play(board, c) for c in range(9) if board[c] == "."]
            continue
        cell = table.get(board)
        if cell is None or board[cell] != ".":
            return False
        if -value(play(board, cell)) != value(board):
            return False
        todo.append(play(board, cell))
    return True


# -- the sizes -------------------------------------------------------------------


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    return {p: minimal_table(p) for p in "xo"}


def test_sizes_and_the_proof(tables: dict[str, Table]) -> None:
    """The whole proof runs here (it takes milliseconds): X 22, O 72."""
    assert (tables["x"].size, tables["o"].size) == (22, 72)
    assert all(t.minimal and t.prover == "search" for t in tables.values())


@pytest.mark.parametrize(("opening", "size"), [(4, 22), (0, 30), (1, 51)])
def test_lomonts_openings(opening: int, size: int) -> None:
    """Lomont's computer-first tables: centre 22, corner 30, edge 51."""
    assert minimal_table("x", opening=opening).size == size


def test_lomonts_o_count_includes_the_full_boards() -> None:
    """Lomont counted the finished positions O meets (a full board after X's last
    move) as table vertices: 75 by that count. Counting positions with a move, 72."""
    graph = build_graph("o", finished=True)
    assert prove(graph).size == 75
    assert prove(build_graph("o")).size == 72


def test_the_tables_play_perfectly(tables: dict[str, Table]) -> None:
    for player, table in tables.items():
        moves = {str(e.board): e.cell for e in table.entries}
        assert plays_perfectly(moves, player)
        assert audit_table(table) == []


@pytest.mark.slow
def test_removing_any_entry_breaks_the_table(tables: dict[str, Table]) -> None:
    for player, table in tables.items():
        for i in range(table.size):
            entries = table.entries[:i] + table.entries[i + 1 :]
            moves = {str(e.board): e.cell for e in entries}
            assert not plays_perfectly(moves, player), (player, str(table.entries[i].board))
            problems = audit_table(table._replace(entries=entries))
            assert any(p.fatal and p.kind == "missing" for p in problems)


def test_one_board_per_class(tables: dict[str, Table]) -> None:
    for table in tables.values():
        classes = [min(turned(str(e.board), p) for p in SYMMETRIES) for e in table.entries]
        assert len(set(classes)) == len(classes)


def test_cp_sat_proves_the_same_sizes(tables: dict[str, Table]) -> None:
    pytest.importorskip("ortools")
    for player, table in tables.items():
        other = minimal_table(player, prover="cp-sat")
        assert other.size == table.size
        assert plays_perfectly({str(e.board): e.cell for e in other.entries}, player)


def test_the_default_prover_hands_a_long_proof_to_cp_sat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """auto: the exact search while it is quick; past its steps CP-SAT where installed,
    else the search to the end. The size is the same either way."""
    import importlib.util

    from ttt_maps.tables import exact

    monkeypatch.setattr(exact, "AUTO_STEPS", 1)  # every proof counts as long
    if importlib.util.find_spec("ortools") is not None:
        table = minimal_table("x")
        assert (table.size, table.prover) == (22, "cp-sat")
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "ortools" else real(name)
    )
    table = minimal_table("x")
    assert (table.size, table.prover) == (22, "search")


@pytest.mark.slow
def test_3x4_by_default_in_about_a_second() -> None:
    pytest.importorskip("ortools")
    table = minimal_table("x", Geometry.parse("3x4k3"))
    # pin: the package's own proof; no outside count for 3x4 is known to us
    assert (table.size, table.prover) == (46, "cp-sat")
    assert table.steps < 100_000


# -- the branch and bound against exhaustive search, on made-up problems ---------


def made_up(seed: int) -> Graph:
    """A random layered problem: a few classes per layer, each with 1-3 options needing
    classes of the next layer."""
    rng = random.Random(seed)
    layers = [[0]]
    for depth in range(1, rng.randint(3, 5)):
        layers.append([depth * 100 + i for i in range(rng.randint(2, 6))])
    options: dict[int, tuple[Option, ...]] = {}
    for here, below in itertools.zip_longest(layers, layers[1:], fillvalue=[]):
        for key in here:
            count = rng.randint(1, 3) if below else 1
            opts = {
                frozenset(rng.sample(below, rng.randint(0, min(3, len(below))))): cell
                for cell in range(count)
            }
            options[key] = tuple(Option(needs, cell) for needs, cell in opts.items())
    return Graph(Position().geometry, "x", frozenset({0}), options, 0)


def fewest(graph: Graph) -> int:
    """Every choice of option at every class, and the classes the start then reaches."""
    keys = sorted(graph.options)
    best = len(keys)
    for choice in itertools.product(*(range(len(graph.options[k])) for k in keys)):
        picked = dict(zip(keys, choice, strict=True))
        reached, todo = set(), [0]
        while todo:
            key = todo.pop()
            if key not in reached:
                reached.add(key)
                todo += graph.options[key][picked[key]].needs
        best = min(best, len(reached))
    return best


@pytest.mark.parametrize("seed", range(40))
def test_branch_and_bound_is_exact(seed: int) -> None:
    graph = made_up(seed)
    proof = prove(graph)
    assert proof.size == fewest(graph)
    # The table it returns is closed: every class it holds has what its option needs.
    assert all(o.needs <= proof.chosen.keys() for o in proof.chosen.values())
    assert len(proof.chosen) == proof.size


# -- the command -----------------------------------------------------------------


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def test_json(tmp_path: Path) -> None:
    result = run("table", "--player", "x", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert sorted(doc) == ["format", "geometry", "minimal", "moves", "player"]
    assert (doc["format"], doc["geometry"], doc["player"], doc["minimal"]) == (
        "ttt-maps/table@1",
        "3x3k3",
        "x",
        True,
    )
    assert len(doc["moves"]) == 22 and plays_perfectly(doc["moves"], "x")
    path = tmp_path / "x.json"
    path.write_text(result.stdout)
    checked = run("check", str(path))
    assert checked.exit_code == 0, checked.stdout
    assert "perfect table for X: 22 positions" in checked.stdout


def test_check_finds_a_hole_and_a_bad_move(tmp_path: Path, tables: dict[str, Table]) -> None:
    doc = tables["o"].as_dict() | {"minimal": False}  # a false claim is a finding of its own
    moves = doc["moves"]
    first_reply = next(b for b in moves if b.count("x") == 2)
    del moves[first_reply]
    moves["....x...."] = 1  # an edge against the centre loses
    path = tmp_path / "o.json"
    path.write_text(json.dumps(doc))
    result = run("check", str(path), "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    kinds = {p["kind"] for p in report["problems"] if p["fatal"]}
    assert kinds == {"non-optimal"} and report["kind"] == "table"
    moves["....x...."] = 0
    path.write_text(json.dumps(doc))
    report = json.loads(run("check", str(path), "--json").stdout)
    assert [p["board"] for p in report["problems"] if p["fatal"]] == [
        turned_like(first_reply, report)
    ]


def turned_like(board: str, report: dict[str, Any]) -> str:
    """The member of ``board``'s class that the report names as missing."""
    missing = next(p["board"] for p in report["problems"] if p["kind"] == "missing")
    assert any(turned(board, p) == missing for p in SYMMETRIES)
    return str(missing)


def test_a_conflicting_entry_is_an_error(tmp_path: Path, tables: dict[str, Table]) -> None:
    doc = tables["x"].as_dict()
    board, cell = "o...x....", doc["moves"]["o...x...."]
    mirrored = turned(board, SYMMETRIES[1])
    other = next(c for c in range(9) if mirrored[c] == "." and c != SYMMETRIES[1][cell])
    doc["moves"][mirrored] = other
    path = tmp_path / "x.json"
    path.write_text(json.dumps(doc))
    result = run("check", str(path))
    assert result.exit_code == 1
    assert "conflict at" in result.stdout


def test_cheat_sheet_svg(tmp_path: Path, tables: dict[str, Table]) -> None:
    path = tmp_path / "o.svg"
    result = run("table", "--player", "o", "-o", str(path))
    assert result.exit_code == 0, result.stderr
    assert "72 positions for O, proven minimal" in result.stdout
    root = ET.parse(path).getroot()
    entries = [g for g in root.iter(f"{SVG}g") if "ttt-table-entry" in g.get("class", "")]
    listed = {str(e.board): e.cell for e in tables["o"].entries}
    assert {g.get("data-board"): int(g.get("data-move", "-1")) for g in entries} == listed
    for group in entries:
        chosen = [u for u in group.iter() if "ttt-chosen" in u.get("class", "")]
        assert [int(c.get("data-cell", "-1")) for c in chosen] == [int(group.get("data-move", ""))]
    text = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))
    assert "72 positions · proven minimal" in text
    assert "O's 4th move" in text
    assert path.read_bytes() == (run("table", "--player", "o", "-o", "-", "-f", "svg").stdout_bytes)


def test_cheat_sheet_pdf_is_a4(tmp_path: Path) -> None:
    for tool in ("pdftotext", "pdfinfo", "pdffonts"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (apt-get install poppler-utils)")
    path = tmp_path / "x.pdf"
    assert run("table", "--player", "x", "-o", str(path)).exit_code == 0
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    assert "pts (A4)" in info.stdout
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "22 positions · proven minimal by exact search" in text
    assert "X's 1st move" in text and "X's 5th move" in text
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
    assert "Type 3" not in fonts.stdout


def test_cheat_sheet_png_is_a4_at_300_dpi(tmp_path: Path) -> None:
    from PIL import Image

    path = tmp_path / "x.png"
    assert run("table", "--player", "x", "-o", str(path)).exit_code == 0
    with Image.open(path) as image:
        assert image.size == (2480, 3508)


def test_the_list(tables: dict[str, Table]) -> None:
    result = run("table", "--player", "x")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "X's 1st move:" and lines[1].split() == [".........", "4"]
    assert sum(1 for line in lines if line.startswith("  ")) == 22


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--player", "z"], "player 'z'"),
        (["--player", "x", "-o", "t.txt"], "table writes svg, pdf, png, json"),
        (["--player", "x", "-o", "t.svg", "--size", "A3"], "--size does not apply"),
        (["--player", "x", "--prover", "z3"], "--prover 'z3'"),
        (["--player", "x", "--json", "-o", "t.json"], "--json prints the table"),
        (["--player", "x", "--format", "pdf"], "give -o FILE"),
    ],
)
def test_usage_errors(args: list[str], needle: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["table", *args])
    assert_usage_error(result, needle)
    assert not (tmp_path / "t.txt").exists()


def test_too_long_to_prove_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTT_MAPS_TABLE_LIMIT", "50")
    result = run("table", "--player", "o")
    line = assert_usage_error(result, "cannot be proven here", "50 steps searched")
    assert "the best table found has" in line


def test_a_bigger_board_is_listed_within_the_search_budget() -> None:
    """Past 12 cells, the positions a table needs are found within the request's search
    budget, like every command's: a small one refuses at once, naming it."""
    g = Geometry.parse("4x4k3")
    with pytest.raises(OverBudget, match="within the search budget of 2,000 positions"):
        build_graph("x", g, solver=cold_solver(g, 2000))


@pytest.mark.slow
def test_listing_the_classes_counts_against_the_budget() -> None:
    """Naming classes is work of the budget too, not only the solver's search: once every
    position is solved, the graph's own work is a budget that answers, and half of it,
    which the solver alone never reaches, does not."""
    g = Geometry.parse("4x4k3")
    solver = cold_solver(g, 10**9)
    listing = build_graph("x", g, solver=solver).work - solver.searched
    assert listing > 0
    solver.started = solver.searched  # type: ignore[attr-defined]
    solver.search_limit = listing  # type: ignore[attr-defined]
    assert build_graph("x", g, solver=solver).work == listing
    solver.search_limit = listing // 2  # type: ignore[attr-defined]
    with pytest.raises(OverBudget, match="classes of positions listed"):
        build_graph("x", g, solver=solver)


def test_more_classes_than_a_proof_finishes_over_is_refused_whatever_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(table_graph, "PROVABLE_CLASSES", 50)
    with pytest.raises(TableTooBig, match="so no --search-limit would answer"):
        build_graph("o")


def test_bad_table_files(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    cases = [
        ({"format": "ttt-maps/table@1", "geometry": "3x3k3", "moves": {}}, "'player'"),
        (
            {"format": "ttt-maps/table@1", "geometry": "3x3", "player": "x", "moves": {"xx": 1}},
            "2 cells",
        ),
        (
            {
                "format": "ttt-maps/table@1",
                "geometry": "3x3",
                "player": "x",
                "moves": {},
                "minimal": "yes",
            },
            '"minimal"',
        ),
    ]
    for doc, needle in cases:
        path.write_text(json.dumps(doc))
        assert_usage_error(run("check", str(path)), needle)
    with pytest.raises(Exception, match="format"):
        table_from_json({"format": "ttt-maps/strategy@1"}, "t.json")


def test_python_api(tmp_path: Path) -> None:
    import ttt_maps

    table = ttt_maps.table("x")
    assert table.size == 22 and table.minimal
    root = ET.fromstring(ttt_maps.render(table))
    groups = [g for g in root.iter(f"{SVG}g") if "ttt-table-entry" in g.get("class", "")]
    assert len(groups) == 22
    pdf = ttt_maps.save(table, tmp_path / "x.pdf")
    if shutil.which("pdfinfo") is not None:
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
        assert "pts (A4)" in info.stdout
    with pytest.raises(ttt_maps.UsageError, match="prover"):
        ttt_maps.table("x", prover="z3")


def test_help() -> None:
    result = run("table", "--help")
    assert result.exit_code == 0
    assert "--prover" in result.stdout and "cheat sheet" in result.stdout
    assert "table" in run("--help").stdout


def test_the_search_limit_a_refusal_names_answers_as_it_is_typed() -> None:
    """The limit a refusal suggests is written as it is typed (digits, no grouping
    commas), and pasted as printed, it answers."""
    import re

    args = ["table", "--player", "x", "--board", "4x4k3", "--no-cache"]
    refused = CliRunner().invoke(app, [*args, "--search-limit", "1000"])
    assert refused.exit_code == 2, refused.stdout
    found = re.search(r"; (--search-limit [0-9]+) answers \(about \d+ s\)$", refused.stderr.strip())
    assert found, refused.stderr
    answered = CliRunner().invoke(app, [*args, *found.group(1).split()])
    assert answered.exit_code == 0, answered.stderr
    assert "positions for X, proven minimal" in answered.stdout
