"""Where maps really differ: positions up to rotation and reflection (compare's
``differences``), checked against a computation written here from the exported
strategies alone, and a map against a copy of itself turned 90 degrees."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ttt_maps.cli.app import app
from ttt_maps.compare.differences import Comparison
from ttt_maps.compare.picture import compare_scene
from ttt_maps.compare.summary import compare_summary, differing
from ttt_maps.game.geometry import Geometry
from ttt_maps.trees.strategy import Strategy, build_strategy

runner = CliRunner()
Cell = tuple[int, int]


# -- an independent computation, from the exported moves ------------------------------


def symmetries(rows: int, cols: int) -> list[Callable[[int, int], Cell]]:
    """The board's rotations and reflections as maps of (row, column)."""
    R, C = rows - 1, cols - 1
    out: list[Callable[[int, int], Cell]] = [
        lambda r, c: (r, c),
        lambda r, c: (r, C - c),
        lambda r, c: (R - r, c),
        lambda r, c: (R - r, C - c),
    ]
    if rows == cols:
        out += [
            lambda r, c: (c, r),
            lambda r, c: (c, R - r),
            lambda r, c: (C - c, r),
            lambda r, c: (C - c, R - r),
        ]
    return out


def moved(board: str, f: Callable[[int, int], Cell], cols: int) -> str:
    """``board`` with what stands at (r, c) put at f(r, c)."""
    out = [""] * len(board)
    for i, mark in enumerate(board):
        r, c = f(*divmod(i, cols))
        out[r * cols + c] = mark
    return "".join(out)


def play(board: str, cell: int) -> str:
    assert board[cell] == "."
    mark = "x" if board.count("x") == board.count("o") else "o"
    return board[:cell] + mark + board[cell + 1 :]


def expected_classes(first: Strategy, other: Strategy) -> list[str]:
    """The positions where the maps differ, each as the smallest of its images."""
    doc = json.loads(first.to_json())
    g = Geometry.parse(doc["geometry"])
    syms = symmetries(g.rows, g.cols)

    def canon(board: str) -> str:
        return min(moved(board, f, g.cols) for f in syms)

    def plays(s: Strategy) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for board, cell in json.loads(s.to_json())["moves"].items():
            out.setdefault(canon(board), set()).add(canon(play(board, cell)))
        return out

    a, b = plays(first), plays(other)
    return sorted(k for k in a.keys() & b.keys() if a[k] != b[k])


@cache
def tree(player: str, policy: str, board: str = "3x3") -> Strategy:
    return build_strategy(player, policy, geometry=Geometry.parse(board))


PAIRS = [
    ("xkcd", "yorgey"),
    ("xkcd", "default"),
    ("yorgey", "default"),
    ("default", "compact"),
    ("fast,center", "fast,edge,last"),
    ("fast,trap", "fast,novice"),
]


@pytest.mark.parametrize("player", ["x", "o"])
@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_differences_are_the_independent_computation(player: str, first: str, second: str) -> None:
    check_differences(tree(player, first), tree(player, second))


def test_differences_on_a_3x4_board() -> None:
    a, b = tree("o", "fast,center", "3x4k3"), tree("o", "fast,edge", "3x4k3")
    assert len(check_differences(a, b)) > 10


def test_differences_from_a_position() -> None:
    a = build_strategy("o", "xkcd", "x...o...x")
    b = build_strategy("o", "yorgey", "x...o...x")
    check_differences(a, b)


def check_differences(a: Strategy, b: Strategy) -> list[dict[str, Any]]:
    """``compare --json``'s list for ``b`` against ``a``: the independent classes, and
    every entry what it says it is."""
    g = a.geometry
    syms = symmetries(g.rows, g.cols)

    def canon(board: str) -> str:
        return min(moved(board, f, g.cols) for f in syms)

    found = Comparison(a, b)
    entries = [d.as_dict() for d in found.differences]
    want = expected_classes(a, b)
    assert sorted(canon(e["board"]) for e in entries) == want
    mine = json.loads(a.to_json())["moves"]
    theirs = json.loads(b.to_json())["moves"]
    for e in entries:
        board = e["board"]
        assert mine[board] == e["reference_move"]  # as the reference map has it
        assert theirs[e["board_in_map"]] == e["move_in_map"]  # as the other map has it
        assert canon(e["board_in_map"]) == canon(board)
        # the other map's move, turned into the reference's frame, is the same move there
        after = play(board, e["move"])
        assert canon(after) == canon(play(e["board_in_map"], e["move_in_map"]))
        assert canon(after) != canon(play(board, e["reference_move"]))
    numbers = [e["move_number"] for e in entries]
    assert numbers == sorted(numbers)
    return entries


# -- a map and its copy turned 90 degrees ---------------------------------------------


def turned_copy(original: Strategy, folder: Path) -> Strategy:
    """The map rebuilt from an opening book that is the original turned 90 degrees."""
    g = original.geometry
    quarter = symmetries(g.rows, g.cols)[5]  # (r, c) -> (c, R - r): a quarter turn
    book = {}
    for board, cell in json.loads(original.to_json())["moves"].items():
        marked = moved(board[:cell] + "#" + board[cell + 1 :], quarter, g.cols)
        book[moved(board, quarter, g.cols)] = marked.index("#")
    path = folder / f"turned-{original.player}.json"
    path.write_text(json.dumps(book), encoding="utf-8")
    return build_strategy(original.player, f"book:{path},fast")


@pytest.mark.parametrize(("player", "policy"), [("x", "default"), ("o", "xkcd")])
def test_a_map_turned_90_degrees_has_no_differences(
    player: str, policy: str, tmp_path: Path
) -> None:
    original = tree(player, policy)
    copy = turned_copy(original, tmp_path)
    assert copy.facts == original.facts
    assert differing(original, copy)  # cell by cell, it differs almost everywhere
    assert Comparison(original, copy).differences == ()
    rows = compare_summary([original, copy])
    assert [r.differs for r in rows] == [0, 0]
    assert rows[1].differs_literally == len(differing(original, copy)) > 0
    scene = compare_scene([original, copy])
    assert not [g for g in scene.boards() if "ttt-differs" in g.classes]
    texts = " ".join(t.text for t in scene.walk() if hasattr(t, "text"))
    assert "plays the same, up to rotation and reflection" in texts


# -- the command ------------------------------------------------------------------------


def test_json_lists_the_differences() -> None:
    result = runner.invoke(app, ["compare", "xkcd", "yorgey", "default", "--player", "o", "--json"])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    rows = {r["policy"]: r for r in doc["policies"]}
    assert rows["xkcd"]["differences"] == [] and rows["xkcd"]["differs"] == 0
    for name in ("yorgey", "default"):
        found = Comparison(tree("o", "xkcd"), tree("o", name))
        assert rows[name]["differences"] == [d.as_dict() for d in found.differences]
        assert rows[name]["differs"] == len(found.differences) > 0
        assert rows[name]["differs_literally"] == len(differing(tree("o", "xkcd"), tree("o", name)))


def test_yorgey_opens_as_the_comic_does_up_to_symmetry() -> None:
    """X opens bottom-right under yorgey, top-left in the comic: the same move, turned."""
    result = runner.invoke(app, ["compare", "xkcd", "yorgey", "--json"])
    doc = json.loads(result.stdout)
    yorgey = doc["policies"][1]
    assert yorgey["differs_literally"] == 1  # the opening, and then no board in common
    assert all(d["board"] != "........." for d in yorgey["differences"])
    first = yorgey["differences"][0]
    assert first["move_number"] == 3 and first["board"].count(".") == 7
