"""Every refusal says what would answer, and what it says works.

For every board that ``make bench`` times (``scripts/bench.py``), the commands a
new user tries first: each player's map and the empty board's value, and X's
minimal table on the boards past 12 cells (where it is found within the search
budget; smaller boards are solved whole, with no budget to refuse by; O's table
refuses the same way and costs as much again to try).
A refusal is one line; each ``--depth`` or ``--search-limit`` it names is run
as the same command with that option, cold, and must succeed. They are run
within a small search limit, so that the search gives up on most bigger
boards and the suggestions are many and quick to check (the search budget is
a count of positions, so a smaller one refuses the same way, sooner); one
test runs the default budget.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from ttt_maps.solve.solver import SMALL_BOARD

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
#: The search limit the maps are tried within: small, so that refusals are quick.
LIMIT = "40000"
SUGGESTION = re.compile(r"--(depth|search-limit) ([0-9][0-9,]*)")


def bench_boards() -> list[str]:
    """The boards ``scripts/bench.py`` runs commands on (3x3 when it names none)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import bench
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    boards = {"3x3"}
    for case in bench.CASES:
        if "--board" in case.args:
            boards.add(case.args[case.args.index("--board") + 1])
    return sorted(boards)


def cells(board: str) -> int:
    rows, cols = board.split("k")[0].split("x")
    return int(rows) * int(cols)


def ttt(args: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TTT_MAPS_CACHE_DIR": str(tmp / "cache")}
    env.pop("TTT_MAPS_SEARCH_LIMIT", None)
    return subprocess.run(
        [sys.executable, "-m", "ttt_maps", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )


def with_option(args: list[str], option: str, value: str) -> list[str]:
    """``args`` with ``--option value`` set (replaced where it was given)."""
    flag = f"--{option}"
    if flag in args:
        at = args.index(flag)
        return [*args[: at + 1], value, *args[at + 2 :]]
    return [*args, flag, value]


def check_suggestions(args: list[str], tmp: Path) -> list[str]:
    """Run ``args``; when refused, run each suggestion it prints and return them."""
    first = ttt(args, tmp)
    if first.returncode == 0:
        return []
    assert first.returncode == 2, first.stderr
    assert first.stderr.count("\n") == 1 and "Traceback" not in first.stderr, first.stderr
    found = SUGGESTION.findall(first.stderr)
    for option, value in found:
        again = with_option(args, option, value.replace(",", ""))
        proc = ttt(again, tmp)
        assert proc.returncode == 0, (
            f"{shlex.join(args)}\n  refused: {first.stderr}"
            f"  suggested {shlex.join(again)}\n  which failed: {proc.stderr}"
        )
    return [f"--{option} {value}" for option, value in found]


@pytest.mark.parametrize("board", bench_boards())
def test_every_suggestion_a_refusal_makes_works(board: str, tmp_path: Path) -> None:
    cold = ["--board", board, "--no-cache"]
    made = []
    for player in ("x", "o"):
        render = ["render", *cold, "--player", player, "--search-limit", LIMIT]
        made += check_suggestions([*render, "-o", str(tmp_path / f"{player}.svg")], tmp_path)
    made += check_suggestions(["solve", *cold, "--search-limit", LIMIT], tmp_path)
    print(board, made)


@pytest.mark.parametrize("board", [b for b in bench_boards() if cells(b) > SMALL_BOARD])
def test_every_suggestion_a_table_refusal_makes_works(board: str, tmp_path: Path) -> None:
    args = ["table", "--board", board, "--player", "x", "--no-cache", "--search-limit", LIMIT]
    made = check_suggestions([*args, "-o", str(tmp_path / "x.json")], tmp_path)
    if board == "4x4k3":  # X's table is found within the default budget, so a limit is named
        assert any(m.startswith("--search-limit ") for m in made), made
    print(board, made)


def test_a_map_refused_as_too_big_names_a_depth_solved_within_the_default_budget(
    tmp_path: Path,
) -> None:
    """With the default budget: the O map of 4x4, four in a row, asked for six levels
    deep, is refused as too big to draw, with a depth that draws within the limit of
    boards and whose moves were chosen within the search budget before the refusal was
    written; that depth answers."""
    args = ["render", "--board", "4x4", "--player", "o", "--depth", "6", "--no-cache"]
    made = check_suggestions([*args, "-o", str(tmp_path / "o.svg")], tmp_path)
    assert made == ["--depth 4"]
