"""Boards past 3x3: the counts and values the literature gives, every policy against a
plain minimax written here, rectangular maps, and the cache of solved positions."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from ttt_maps import api
from ttt_maps.backends.svg.writer import scene_to_svg
from ttt_maps.counts.games import count_positions
from ttt_maps.draw.compose import map_scene
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Position
from ttt_maps.policy.chains import KEY_HELP, presets_for
from ttt_maps.solve.registry import solver_for

SVG = "{http://www.w3.org/2000/svg}"
ROWS, COLS, K = 3, 4, 3
G34 = Geometry.parse("3x4k3")


# -- an independent 3x4 board, three in a row ----------------------------------


def _lines() -> list[int]:
    """Every three-in-a-row of the 3x4 board as a bit mask, from first principles."""
    out = []
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(K)]
                if all(0 <= rr < ROWS and 0 <= cc < COLS for rr, cc in cells):
                    out.append(sum(1 << (rr * COLS + cc) for rr, cc in cells))
    return out


LINES = _lines()
FULL = (1 << ROWS * COLS) - 1


def won(mask: int) -> bool:
    return any(line & mask == line for line in LINES)


@cache
def value(mine: int, theirs: int) -> int:
    """+1, 0, -1 for the side to move (holding ``mine``), by plain minimax."""
    if won(theirs):
        return -1
    free = FULL & ~(mine | theirs)
    if not free:
        return 0
    best = -1
    for cell in range(ROWS * COLS):
        if free >> cell & 1:
            best = max(best, -value(theirs, mine | 1 << cell))
            if best == 1:
                break
    return best


def board_value(board: Position) -> int:
    """The minimax value for the side to move on a ``Board`` of the 3x4 board."""
    mine, theirs = (board.x, board.o) if board.to_move == "x" else (board.o, board.x)
    return value(mine, theirs)


def reachable() -> int:
    """Positions reachable in play from the empty board, counted by walking them all."""
    seen: set[tuple[int, int]] = set()
    stack = [(0, 0)]
    while stack:
        x, o = stack.pop()
        if (x, o) in seen:
            continue
        seen.add((x, o))
        last = o if bin(x).count("1") == bin(o).count("1") else x
        free = FULL & ~(x | o)
        if won(last) or not free:
            continue
        x_moves = bin(x).count("1") == bin(o).count("1")
        for cell in range(ROWS * COLS):
            if free >> cell & 1:
                stack.append((x | 1 << cell, o) if x_moves else (x, o | 1 << cell))
    return len(seen)


# -- the facts ------------------------------------------------------------------


def test_3x4_counts_and_value_agree_with_the_literature_and_plain_minimax() -> None:
    assert reachable() == 111_973
    assert count_positions(G34).reachable == 111_973
    empty = Position.empty(G34)
    assert value(0, 0) == 1 and solver_for(G34).outcome(empty).result == 1
    # Every opening wins for X except the two end cells of the middle row.
    losing = {c for c in range(12) if value(0, 1 << c) != -1}
    assert losing == {4, 7}
    solver = solver_for(G34)
    assert {c for c, o in solver.move_outcomes(empty).items() if o.result != 1} == {4, 7}


@pytest.mark.parametrize(
    ("name", "positions", "classes", "result"),
    [("4x4k3", 6_036_001, 756_387, 1), ("4x4k4", 9_722_011, None, 0)],
)
def test_4x4_counts_and_values(
    name: str,
    positions: int,
    classes: int | None,
    result: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """6,036,001 positions (756,387 up to symmetry), a first-player win with three in a
    row; 9,722,011 and a draw with four."""
    monkeypatch.setenv("TTT_MAPS_CACHE_DIR", str(tmp_path))
    g = Geometry.parse(name)
    counts = count_positions(g)
    assert counts is not None and counts.reachable == positions
    if classes is not None:
        assert counts.reachable_classes == classes
    assert solver_for(g).outcome(Position.empty(g)).result == result


# -- every policy on 3x4, against the minimax above ------------------------------

#: Every key and preset there is on 3x4 (a random key with a seed; books and the rule
#: player are 3x3 things).
POLICIES = [
    *(k for k in KEY_HELP if k not in ("rules", "book:PATH", "random:SEED")),
    "random:7",
    *presets_for(G34),
]


@pytest.mark.parametrize("player", ["x", "o"])
@pytest.mark.parametrize("policy", POLICIES)
def test_every_policy_plays_optimally_on_3x4(policy: str, player: str) -> None:
    tree = api.strategy(player, policy, geometry=G34)
    root_value = board_value(tree.root.board)  # for X, who moves first
    mine = root_value if player == "x" else -root_value
    leaves = 0
    for node in tree.root.walk():
        if node.chooses:
            cell, child = node.children[0]
            assert child.board == node.board.play(cell)
            # The chosen move keeps the position's value for the chooser.
            assert -board_value(child.board) == board_value(node.board), (node.board, cell)
        elif not node.children:
            leaves += 1
            assert not node.cut
            winner = node.board.winner()
            result = 0 if winner is None else (1 if winner == player else -1)
            assert result >= mine, (policy, player, str(node.board))
        else:
            # Every opponent reply is in the map.
            assert sorted(c for c, _ in node.children) == sorted(node.board.moves())
    assert leaves > 0


# -- rectangular maps ----------------------------------------------------------------


def chosen_cells(svg: ET.Element) -> dict[str, int]:
    """Board -> the cell of its own red mark (not a sub-board's), from a drawn map."""

    def own_marks(el: ET.Element) -> list[ET.Element]:
        out = []
        for child in el:
            if child.get("data-board") is not None:
                continue  # a sub-board's marks are its own
            if "ttt-chosen" in (child.get("class") or "") and child.get("data-cell") is not None:
                out.append(child)
            out += own_marks(child)
        return out

    cells: dict[str, int] = {}
    for group in svg.iter(f"{SVG}g"):
        board = group.get("data-board")
        if board is not None:
            (mark,) = own_marks(group) or [None]
            if mark is not None:
                cells[board] = int(mark.get("data-cell") or -1)
    return cells


@pytest.mark.parametrize("player", ["x", "o"])
def test_a_3x4_map_is_4_by_3_and_draws_the_exported_moves(player: str) -> None:
    tree = api.strategy(player, geometry=G34)
    svg = ET.fromstring(scene_to_svg(map_scene(tree, title="")))
    _, _, w, h = map(float, (svg.get("viewBox") or "").split())
    assert w / h == pytest.approx(4 / 3, rel=0.01)
    exported = json.loads(tree.to_json())  # what `ttt-maps export` writes
    assert exported["geometry"] == "3x4k3"
    drawn = chosen_cells(svg)
    assert drawn and drawn == {b: c for b, c in exported["moves"].items() if b in drawn}
    assert set(drawn) == set(exported["moves"])


# -- the cache of solved positions --------------------------------------------------------


def ttt(*args: str, cache_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TTT_MAPS_CACHE_DIR": str(cache_dir), "TTT_MAPS_CACHE_MIN_SEARCH": "1"}
    return subprocess.run(
        [sys.executable, "-m", "ttt_maps", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


SOLVE = ("solve", "--board", "4x4", "x.......o.......")


def table_is_whole(cache_dir: Path) -> bool:
    info = ttt("cache", "info", cache_dir=cache_dir)
    assert info.returncode == 0, info.stderr
    return "positions" in info.stdout and "rebuilt" not in info.stdout


@pytest.fixture(scope="module")
def solved() -> str:
    """What the command prints without any cache."""
    proc = subprocess.run(
        [sys.executable, "-m", "ttt_maps", *SOLVE, "--no-cache"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return proc.stdout


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["corrupt", "truncated", "foreign", "empty"])
def test_a_bad_cache_file_is_rebuilt_never_trusted(
    damage: str, tmp_path: Path, solved: str
) -> None:
    first = ttt(*SOLVE, cache_dir=tmp_path)
    assert first.returncode == 0 and first.stdout == solved, first.stderr
    (table,) = tmp_path.glob("table-4x4k4-*.bin")
    data = table.read_bytes()
    if damage == "corrupt":  # the header checks out, the entries do not
        middle = len(data) // 2
        table.write_bytes(
            data[:middle]
            + bytes(b ^ 0x5A for b in data[middle : middle + 64])
            + data[middle + 64 :]
        )
    elif damage == "truncated":
        table.write_bytes(data[: len(data) // 3])
    elif damage == "foreign":  # another board's table under this board's name
        ttt("solve", "--board", "4x4k3", "x.......o.......", cache_dir=tmp_path)
        (other,) = tmp_path.glob("table-4x4k3-*.bin")
        table.write_bytes(other.read_bytes())
    else:
        table.write_bytes(b"")
    assert not table_is_whole(tmp_path)
    again = ttt(*SOLVE, cache_dir=tmp_path)
    assert again.returncode == 0 and again.stderr == ""
    assert again.stdout == solved
    assert table_is_whole(tmp_path)


@pytest.mark.slow
def test_two_first_runs_at_once_leave_one_whole_table(tmp_path: Path, solved: str) -> None:
    env = {**os.environ, "TTT_MAPS_CACHE_DIR": str(tmp_path), "TTT_MAPS_CACHE_MIN_SEARCH": "1"}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "ttt_maps", *SOLVE],
            env=env,
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for _ in range(3)
    ]
    for proc in procs:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0 and err == "" and out == solved
    assert [p.name for p in tmp_path.iterdir()] == [f"table-4x4k4-v{_version()}.bin"]
    assert table_is_whole(tmp_path)
    assert ttt(*SOLVE, cache_dir=tmp_path).stdout == solved


def _version() -> int:
    from ttt_maps.solve.solver import SOLVER_VERSION

    return SOLVER_VERSION


def test_no_cache_leaves_the_folder_alone(tmp_path: Path) -> None:
    proc = ttt(*SOLVE, "--no-cache", cache_dir=tmp_path / "kept")
    assert proc.returncode == 0
    assert not (tmp_path / "kept").exists()


# -- maps too big to draw, boards too big to solve ---------------------------------------


@pytest.mark.parametrize(
    ("limit", "how"),
    [
        (1_000, "about"),  # estimated at more than three times the limit: before solving
        (5_000, "more than"),  # estimated near it: counted level by level, then refused
    ],
)
def test_a_map_past_the_limit_is_refused_with_the_depth_that_fits(limit: int, how: str) -> None:
    """Asked for deeper than fits, a map is refused with the depth that does; asked for
    with no depth, it is drawn that deep (at most two levels when the estimate refused it
    before solving: deeper would need searches past the budget on bigger boards), and
    the tree says which limit cut it."""
    with pytest.raises(UsageError) as caught:
        api.strategy("o", geometry="4x4k3", max_boards=limit, depth=8)
    message = str(caught.value)
    match = re.fullmatch(
        r"the O map of the 4x4 board, three in a row, to depth 8, would draw (more than|about) "
        r"([\d,]+) boards (?:by level \d+ \(estimated before solving; |\()at most "
        + f"{limit:,}"
        + r" are drawn\); depth=(\d+) draws (at most )?([\d,]+)",
        message,
    )
    assert match, message
    assert match.group(1) == how
    depth, drawn = int(match.group(3)), int(match.group(5).replace(",", ""))
    assert int(match.group(2).replace(",", "")) > limit >= drawn
    cut = api.strategy("o", geometry="4x4k3", depth=depth, max_boards=limit)
    if match.group(4):  # a bound: every reply going on
        assert cut.facts.boards <= drawn
    else:
        assert cut.facts.boards == drawn
    shallower = api.strategy("o", geometry="4x4k3", max_boards=limit)
    assert shallower.limit == limit and cut.limit is None
    assert shallower.depth == (min(depth, 2) if how == "about" else depth)
    assert shallower.facts.boards == sum(cut.levels[: shallower.depth + 1]) <= limit


@pytest.mark.slow
def test_the_command_refuses_a_map_too_big_in_one_line(tmp_path: Path) -> None:
    """The O map of 4x4, four in a row, asked for six levels deep: estimated past the
    limit and refused, with the depth that fits; nothing is written. Asked for with no
    depth, it is drawn two levels deep, and stderr says so in one line."""
    out = tmp_path / "o.svg"
    args = ("render", "--board", "4x4", "--player", "o", "-o", str(out))
    proc = ttt(*args, "--depth", "6", cache_dir=tmp_path)
    assert proc.returncode == 2
    assert re.fullmatch(
        r"ttt-maps: error: the O map of the 4x4 board, four in a row, to depth 6, would draw "
        r"about [\d,]+ boards by level 6 \(estimated before solving; at most 50,000 are "
        r"drawn\); --depth 4 draws at most 29,809\n",
        proc.stderr,
    ), proc.stderr
    assert not out.exists()
    # The depth was tried within the search budget, and what that solved is kept.
    assert [p.name for p in tmp_path.iterdir()] in ([], ["table-4x4k4-v1.bin"])
    proc = ttt(*args, cache_dir=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == (
        "The O map of the 4x4 board, four in a row, is too big to draw whole (at most 50,000 "
        "boards are drawn): it is drawn 2 levels deep, 241 boards; --depth asks for another "
        "depth.\n"
    )
    assert out.read_text(encoding="utf-8").count('class="ttt-board ') == 241


@pytest.mark.slow
def test_the_4x4_three_in_a_row_o_map_is_drawn_whole(tmp_path: Path) -> None:
    out = tmp_path / "o.svg"
    proc = ttt("render", "--board", "4x4k3", "--player", "o", "-o", str(out), cache_dir=tmp_path)
    assert proc.returncode == 0, proc.stderr
    svg = out.read_text(encoding="utf-8")
    assert svg.count('class="ttt-board ') == api.strategy("o", geometry="4x4k3").facts.boards


def test_a_board_too_big_to_solve_is_refused_in_one_line(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "TTT_MAPS_CACHE_DIR": str(tmp_path),
        "TTT_MAPS_SEARCH_LIMIT": "50000",
        "TTT_MAPS_CACHE_MIN_SEARCH": "1",  # a search that answered would be kept
    }
    out = tmp_path / "x.svg"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "ttt_maps",
            "render",
            "--board",
            "7x7k4",  # 6x6 is answered by its shipped proof
            "--player",
            "x",
            "--depth",
            "1",  # a map that fits: the search is what gives up
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2
    assert re.fullmatch(
        r"ttt-maps: error: the 7x7 board, four in a row, is not solved within the search "
        r"budget: 50,000 positions searched in \d+ s without an answer; not even the first "
        r"level of the X map is solved within it\n",
        proc.stderr,
    ), proc.stderr
    assert not out.exists() and [p.name for p in tmp_path.iterdir()] == []  # nothing kept


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["render", "--board", "7x7k4", "--depth", "1", "-o", "x.svg"],
        ["solve", "--board", "10x10k5", "." * 100],
    ],
)
def test_a_board_the_budget_does_not_settle_is_refused_in_one_line(
    tmp_path: Path, args: list[str]
) -> None:
    """A bigger board is searched within the default budget of positions, then refused
    (a map with the depth that was solved within it)."""
    proc = ttt(*[str(tmp_path / a) if a == "x.svg" else a for a in args], cache_dir=tmp_path)
    assert proc.returncode == 2
    assert re.fullmatch(
        r"ttt-maps: error: the \d+x\d+ board, \w+ in a row, is not solved within the search "
        r"budget: [\d,]+ positions searched in \d+ s without an answer"
        r"(; not even the first level of the [XO] map is solved within it)?\n",
        proc.stderr,
    ), proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing written, nothing kept


def test_a_board_settled_within_the_budget_is_drawn_and_a_limit_goes_further(
    tmp_path: Path,
) -> None:
    """3x6, three in a row: answered and drawn with no option. --search-limit N searches up
    to N positions in all: less than the budget refuses sooner."""
    out = tmp_path / "x.svg"
    proc = ttt("render", "--board", "3x6k3", "--player", "x", "-o", str(out), cache_dir=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert out.read_text(encoding="utf-8").count('class="ttt-board ') > 10
    proc = ttt("stats", "--board", "5x5k4", "--search-limit", "20000", cache_dir=tmp_path)
    assert proc.returncode == 2
    assert re.search(r"20,000 positions searched in \d+ s without an answer", proc.stderr)
