"""The whole game on one map (``--whole``): every move, tinted by its outcome.

Counts and tints are checked against a plain solver written here (boards as
strings, its own lines and symmetries), not against the package's.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from cli_checks import assert_usage_error
from test_fold import EMPTY, orbits, over, play, value
from typer.testing import CliRunner

from ttt_maps import api
from ttt_maps.cli.app import app
from ttt_maps.draw.scene import Group, Rect, Scene
from ttt_maps.draw.themes import LIGHT, PRINT, THEMES
from ttt_maps.draw.wholemap import whole_scene
from ttt_maps.trees.whole import build_whole, count_whole

#: Slow (left out by make check): every test draws the whole game.
pytestmark = pytest.mark.slow

SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


@cache
def boards(b: str, fold: bool) -> int:
    """Boards with a move to make from ``b``: every move, or one per set of equivalent ones."""
    if over(b):
        return 0
    moves = [o[0] for o in orbits(b)] if fold else [c for c in range(9) if b[c] == "."]
    return 1 + sum(boards(play(b, m), fold) for m in moves)


def mover_outcome(b: str, cell: int) -> int:
    """Win 1, draw 0, loss -1 for the player who plays ``cell`` at ``b``."""
    return -value(play(b, cell))


@pytest.fixture(scope="module")
def game() -> Any:
    return build_whole()


@pytest.fixture(scope="module")
def scene(game: Any) -> Scene:
    return whole_scene(game)


def test_counts_match_an_independent_count(game: Any) -> None:
    assert boards(EMPTY, True) == 31_694 and boards(EMPTY, False) == 294_778
    assert sum(game.levels) == game.facts.boards == boards(EMPTY, True)
    assert count_whole(fold=False) == boards(EMPTY, False)
    assert count_whole(fold=True) == boards(EMPTY, True)
    doc = json.loads(runner.invoke(app, ["stats", "--whole", "--json"]).stdout)
    assert (doc["boards"], doc["unfolded_boards"]) == (31_694, 294_778)
    assert doc["wins"] + doc["draws"] + doc["losses"] == doc["moves"] == game.facts.moves


def board_groups(scene: Scene) -> list[Group]:
    return [g for g in scene.walk() if isinstance(g, Group) and g.board is not None]


def test_every_board_is_drawn_with_every_move_tinted_by_its_outcome(scene: Scene) -> None:
    groups = board_groups(scene)
    assert len(groups) == boards(EMPTY, True)
    roles = {1: "move-win", -1: "move-loss"}
    tally = {"move-win": 0, "move-loss": 0}
    for g in groups:
        b = g.board or ""
        side = g.box.w / 3
        tints = {}
        for item in g.items:
            if isinstance(item, Rect):
                col = round((item.box.x - g.box.x) / side)
                row = round((item.box.y - g.box.y) / side)
                tints[3 * row + col] = item.role
                tally[item.role] += 1
        expected = {
            c: roles[mover_outcome(b, c)]
            for c in range(9)
            if b[c] == "." and mover_outcome(b, c) != 0
        }
        assert tints == expected, b
    # Each tint is as common as the moves that win or lose, folded cells included.
    assert sum(tally.values()) > 40_000


def test_the_svg_draws_the_tints_the_legend_and_the_boards(tmp_path: Path) -> None:
    game = build_whole(depth=3)
    svg = api.render(game, "svg")
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{SVG}g") if g.get("data-board")]
    assert len(groups) == sum(game.levels) == sum(boards_to(EMPTY, 3))
    assert groups[0].get("data-whole") == "1"
    # Tints recur at the same places of many boards: drawn from <defs> by <use>.
    classes = [e.get("class") for e in root.iter() if e.tag in (f"{SVG}rect", f"{SVG}use")]
    wins = sum(
        1
        for g in board_groups(whole_scene(game))
        for i in g.items
        if isinstance(i, Rect) and i.role == "move-win"
    )
    assert classes.count("ttt-move-win") == wins + 1  # and the legend's swatch
    text = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))
    for words in ("Every move of tic-tac-toe", "a win", "a draw", "a loss", "Folded by symmetry"):
        assert words in text


def boards_to(b: str, depth: int, fold: bool = True) -> list[int]:
    """Boards per level down to ``depth``."""
    levels = [0] * (depth + 1)

    @cache
    def moves(pos: str) -> list[int]:
        return [o[0] for o in orbits(pos)] if fold else [c for c in range(9) if pos[c] == "."]

    def visit(pos: str, level: int) -> None:
        if over(pos) or level > depth:
            return
        levels[level] += 1
        for m in moves(pos):
            visit(play(pos, m), level + 1)

    visit(b, 0)
    return levels


def luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_tints_and_letters_stay_apart_in_greyscale(theme: str) -> None:
    t = THEMES[theme]
    greys = sorted(luminance(c) for c in (t.move_win, t.move_loss, t.background))
    assert min(b - a for a, b in itertools.pairwise(greys)) > 0.04
    if t in (LIGHT, PRINT):
        assert min(b - a for a, b in itertools.pairwise(greys)) > 0.15
        # A folded cell's grey letter reads on the page and on either tint.
        for ground in (t.move_win, t.move_loss, t.background):
            high, low = sorted((luminance(ground), luminance(t.letter)), reverse=True)
            assert (high + 0.05) / (low + 0.05) > 1.4, ground


def test_an_a0_pdf(tmp_path: Path, game: Any) -> None:
    out = tmp_path / "whole.pdf"
    api.save(game, out, size="A0")
    for tool in ("pdfinfo", "pdftotext", "qpdf"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (make browser)")
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    assert re.search(r"Page size: +2383.94 x 3370.39 pts \(A0\)", info), info
    assert subprocess.run(["qpdf", "--check", str(out)], capture_output=True).returncode == 0
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    assert "Every move of tic-tac-toe" in text and "31,694 boards" in text


def test_render_whole_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "w.svg"
    result = runner.invoke(app, ["render", "--whole", "--depth", "2", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    drawn = [g for g in ET.parse(out).iter(f"{SVG}g") if g.get("data-board")]
    assert len(drawn) == sum(boards_to(EMPTY, 2))
    # Unfolded, the map passes 50,000 boards: the deepest level that fits is named.
    unfolded = boards_to(EMPTY, 6, fold=False)
    fits = max(d for d in range(7) if sum(unfolded[: d + 1]) <= 50_000)
    for args, needle in (
        (["--player", "x"], "--whole draws every move"),
        (["--outcomes"], "--outcomes applies to a player's map"),
        (["--policy", "yorgey"], "--policy applies to a player's map"),
        (["--no-fold"], f"--depth {fits} draws {sum(unfolded[: fits + 1]):,}"),
    ):
        result = runner.invoke(app, ["render", "--whole", *args, "-o", str(out)])
        assert_usage_error(result, needle)


def test_api_refuses_map_options_for_the_whole_game() -> None:
    from ttt_maps.errors import UsageError

    with pytest.raises(UsageError, match="applies to a player's map"):
        api.render(build_whole(depth=1), "svg", outcomes=True)
