"""Comparing tie-break policies: the table, the side-by-side image's tints,
--alternatives, --outcomes and the command (where maps differ up to symmetry:
test_differences.py; the sheet: test_differences_sheet.py; linked viewers: test_linked.py)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from cli_checks import assert_usage_error
from typer.testing import CliRunner

from ttt_maps.api import render, strategy
from ttt_maps.backends.svg.writer import scene_to_svg
from ttt_maps.cli.app import app
from ttt_maps.compare.differences import Comparison
from ttt_maps.compare.picture import compare_scene
from ttt_maps.compare.summary import compare_summary, differing, traps
from ttt_maps.compare.turns import best_turn, turned_key
from ttt_maps.errors import UsageError
from ttt_maps.game.position import Position
from ttt_maps.solve.registry import solver_for
from ttt_maps.trees.strategy import Strategy, build_strategy

SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


@cache
def tree(player: str, policy: str) -> Strategy:
    return build_strategy(player, policy)


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def boards(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if "ttt-board" in classes(g)]


def own(group: ET.Element) -> list[ET.Element]:
    """What a board draws itself: its descendants outside its sub-maps."""
    out: list[ET.Element] = []
    for child in group:
        if child.tag == f"{SVG}g" and "ttt-board" in classes(child):
            continue
        out.append(child)
        if child.tag == f"{SVG}g":
            out += own(child)
    return out


def chosen_mark(group: ET.Element) -> ET.Element | None:
    """The red mark drawn by this board itself (not by a sub-map)."""
    for child in own(group):
        if "ttt-chosen" in classes(child):
            return child
    return None


def maps(svg: str) -> list[ET.Element]:
    """The top-level map groups of a comparison image, left to right."""
    return [g for g in boards(ET.fromstring(svg)) if "ttt-level-0" in classes(g)]


# -- differing positions and the table ------------------------------------------


def test_a_policy_compared_with_itself_differs_nowhere() -> None:
    a, b = tree("x", "yorgey"), build_strategy("x", "yorgey")
    assert differing(a, b) == {}
    rows = compare_summary([a, b])
    assert [r.differs for r in rows] == [0, 0]
    scene = compare_scene([a, b])
    assert not [g for g in scene.boards() if "ttt-differs" in g.classes]
    svg = scene_to_svg(scene)
    assert not [g for g in boards(ET.fromstring(svg)) if "ttt-differs" in classes(g)]
    assert "ttt-chosen ttt-differs" not in svg


def test_yorgey_is_drawn_turned_to_open_where_the_comic_does() -> None:
    """Cell by cell yorgey's X map differs at the root; up to symmetry it opens as the
    comic does, so it is drawn turned half round, opening top-left, and not tinted there."""
    yorgey, xkcd = tree("x", "yorgey"), tree("x", "xkcd")
    assert differing(yorgey, xkcd) == {Position.empty(): (8, 0)}
    svg = scene_to_svg(compare_scene([xkcd, yorgey]))
    first, second = maps(svg)
    for root in (first, second):
        assert "ttt-differs" not in classes(root)
        mark = chosen_mark(root)
        assert mark is not None and mark.get("data-cell") == "0"
    assert "turned 180° to match" in "".join(ET.fromstring(svg).itertext())


@pytest.mark.parametrize("player", ["x", "o"])
def test_table_counts_are_the_strategy_facts(player: str) -> None:
    names = ["yorgey", "xkcd", "default"]
    trees = [tree(player, n) for n in names]
    rows = compare_summary(trees, labels=names)
    for row, name, t in zip(rows, names, trees, strict=True):
        f = t.facts
        assert row.label == name
        assert row.chain == t.policy.name
        got = (row.choices, row.boards, row.depth, row.wins, row.draws, row.losses)
        assert got == (f.choices, f.boards, f.depth, f.wins, f.draws, f.losses)
        assert row.differs == len(Comparison(trees[0], t).differences)
        assert row.differs_literally == len(differing(trees[0], t))
        assert row.expected == t.policy.expected(Position.empty(), player)
        assert 0 <= row.expected <= 1
        assert row.losses == 0
    assert rows[0].differs == 0
    if player == "x":  # SPEC section 4: the seed's X map
        # fact: the seed program's maps, and the referee's count (test_claims)
        assert (rows[0].choices, rows[0].wins, rows[0].draws) == (91, 71, 2)
        assert (rows[1].differs, rows[1].differs_literally) == (10, 1)
    else:
        assert (rows[0].choices, rows[0].wins, rows[0].draws) == (768, 386, 183)


def test_traps_count_losing_replies_over_the_tree() -> None:
    # O to move; X threatens cells 6 and 8 at once: each of O's 4 replies loses.
    fork = build_strategy("x", "yorgey", "xox.x..o.")
    assert not fork.root.chooses and len(fork.root.children) == 4
    assert traps(fork) == 4
    # O to move must block at cell 2; the other five replies lose at once.
    t = build_strategy("x", "yorgey", "xx..o....")
    solver = solver_for(Position.empty().geometry)
    below = sum(
        traps(build_strategy("x", "yorgey", child.board))
        for _, child in t.root.children
        if not child.board.is_over
    )
    assert traps(t) == 5 + below
    assert sum(solver.outcome(c.board).result > 0 for _, c in t.root.children) == 5


def test_maps_must_share_player_and_root_where_they_enter() -> None:
    """The widget takes maps of its own: it names itself in the refusal."""
    import ttt_maps

    with pytest.raises(UsageError, match=r"^widget: every map must be for the same player"):
        ttt_maps.widget(tree("x", "yorgey"), tree("o", "yorgey"))
    misere = ttt_maps.strategy("x", "yorgey", rules="misere")
    with pytest.raises(UsageError, match=r"^widget: the maps must be of one game"):
        ttt_maps.widget(tree("x", "yorgey"), misere)


# -- the image: highlights are exactly the differing positions --------------------


@pytest.mark.parametrize(
    ("player", "first", "second"),
    [("x", "xkcd", "default"), ("o", "xkcd", "yorgey"), ("o", "yorgey", "default")],
)
def test_tinted_boards_are_the_differing_positions(player: str, first: str, second: str) -> None:
    """Tinted: every board of the second map (as drawn, turned to match) at a position
    where it plays differently up to symmetry; nothing in the reference."""
    a, b = tree(player, first), tree(player, second)
    found = Comparison(a, b)
    assert found.differences  # these presets do disagree somewhere
    turn = best_turn(a, b)
    want = {turned_key(b.geometry, k, turn) for k in found.boards}
    svg = scene_to_svg(compare_scene([a, b], labels=[first, second]))
    left, right = maps(svg)
    assert not [g for g in boards(left) if "ttt-differs" in classes(g)]
    assert not [m for m in left.iter(f"{SVG}use") if "ttt-differs" in classes(m)]
    tinted = set()
    for g in boards(right):
        mark = chosen_mark(g)
        if "ttt-differs" in classes(g):
            assert mark is not None and "ttt-differs" in classes(mark)
            tinted.add(Position.parse(g.get("data-board", "")).key)
        elif mark is not None:
            assert "ttt-differs" not in classes(mark)
    assert tinted == want
    # Each differing position (up to symmetry) is tinted somewhere.
    canon = {Position.parse(g.get("data-board", "")).canonical() for g in boards(right)
             if "ttt-differs" in classes(g)}  # fmt: skip
    assert len(canon) == len(found.differences)


def test_comparison_image_is_deterministic() -> None:
    trees = [tree("x", "xkcd"), tree("x", "yorgey"), tree("x", "default")]
    one = scene_to_svg(compare_scene(trees, labels=["xkcd", "yorgey", "default"]))
    two = scene_to_svg(compare_scene(trees, labels=["xkcd", "yorgey", "default"]))
    assert one == two
    assert len(maps(one)) == 3
    texts = "".join(ET.fromstring(one).itertext())
    for name in ("xkcd", "yorgey", "default", "fast,last,first", "plays differently from here"):
        assert name in texts


# -- --alternatives and --outcomes ---------------------------------------------


@pytest.mark.parametrize(("player", "policy"), [("x", "default"), ("o", "yorgey")])
def test_alternatives_are_exactly_the_other_optimal_moves(player: str, policy: str) -> None:
    solver = solver_for(Position.empty().geometry)
    svg = render(tree(player, policy), alternatives=True)
    checked = 0
    for g in boards(ET.fromstring(svg)):
        alts = {int(m.get("data-cell", "-1")) for m in own(g) if "ttt-alt" in classes(m)}
        mark = chosen_mark(g)
        if mark is None:  # the opponent's turn at the root
            assert not alts
            continue
        board = Position.parse(g.get("data-board", ""))
        chosen = int(mark.get("data-cell", "-1"))
        assert alts == set(solver.best_moves(board)) - {chosen}
        checked += 1
    assert checked == tree(player, policy).facts.choices
    plain = ET.fromstring(render(tree(player, policy)))
    assert not [m for m in plain.iter() if "ttt-alt" in classes(m)]


@pytest.mark.parametrize(("player", "policy"), [("x", "default"), ("o", "xkcd")])
def test_outcomes_tint_exactly_the_forced_wins(player: str, policy: str) -> None:
    solver = solver_for(Position.empty().geometry)
    svg = render(tree(player, policy), outcomes=True)
    wins = draws = 0
    for g in boards(ET.fromstring(svg)):
        board = Position.parse(g.get("data-board", ""))
        cls = classes(g)
        tints = {c for el in own(g) if el.tag == f"{SVG}rect" for c in classes(el)}
        if "ttt-level-0" in cls:
            assert not any(c.startswith("ttt-outcome") for c in cls)
            continue
        value = solver.outcome(board).result
        mine = value if board.to_move == player else -value
        assert ("ttt-outcome-win" in cls) == (mine > 0), board
        assert ("ttt-tint-win" in tints) == (mine > 0), board
        assert ("ttt-outcome-draw" in cls) == (mine == 0), board
        wins += mine > 0
        draws += mine == 0
    assert wins and draws
    plain = ET.fromstring(render(tree(player, policy)))
    assert not [g for g in boards(plain) if any(c.startswith("ttt-outcome") for c in classes(g))]


# -- the command ----------------------------------------------------------------------


def run(*args: str) -> Any:
    return runner.invoke(app, ["compare", *args])


def test_cli_json_table(tmp_path: Path) -> None:
    result = run("xkcd", "yorgey", "default", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["player"] == "x" and doc["reference"] == "xkcd"
    rows = {r["policy"]: r for r in doc["policies"]}
    # pin: the differences counted today (test_differences checks each one)
    assert rows["yorgey"]["differs"] == 10 and rows["yorgey"]["differs_literally"] == 1
    assert len(rows["yorgey"]["differences"]) == 10
    assert rows["xkcd"]["differs"] == 0 and rows["xkcd"]["differences"] == []
    for name in ("xkcd", "yorgey", "default"):
        f = tree("x", name).facts
        assert rows[name]["choices"] == f.choices and rows[name]["boards"] == f.boards


def test_cli_prints_a_table_and_writes_the_image(tmp_path: Path) -> None:
    out = tmp_path / "cmp.svg"
    result = run("yorgey", "fast,last", "--player", "o", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert "yorgey" in result.stdout and "differs" in result.stdout
    assert len(maps(out.read_text(encoding="utf-8"))) == 2


def test_cli_png_from_a_position(tmp_path: Path) -> None:
    out = tmp_path / "cmp.img"
    result = run("xkcd", "yorgey", "--from", "x...o....", "-o", str(out), "--format", "png")
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["xkcd", "nonsense"], "nonsense"),
        (["xkcd"], "at least two"),
        (["xkcd", "yorgey", "-o", "/no/such/dir/c.svg"], "/no/such/dir"),
        (["xkcd", "yorgey", "-o", "c.txt"], ".txt"),
        (["xkcd", "yorgey", "--sheet", "/no/such/dir/d.png"], "/no/such/dir"),
        (["xkcd", "yorgey", "--sheet", "d.html"], ".html"),
        (["xkcd", "yorgey", "--sheet", "d.pdf", "-o", "d.pdf"], "same file"),
        (["xkcd", "yorgey", "-o", "-", "--sheet", "-"], "standard output"),
        (["xkcd", "yorgey", "--format", "svg"], "-o"),
        (["xkcd", "yorgey", "--player", "z"], "'z'"),
        (["xkcd", "yorgey", "--from", "xxx......"], "xxx"),
    ],
)
def test_cli_usage_errors(args: list[str], needle: str) -> None:
    assert_usage_error(run(*args), needle)


def test_cli_needs_policies() -> None:
    result = run()
    assert result.exit_code == 2
    assert len([line for line in result.stderr.splitlines() if line.strip()]) == 1


def test_committed_comparison_is_fresh() -> None:
    """output/compare-x.svg is what examples/compare_policies.py draws today (``make posters``)."""
    import runpy

    root = Path(__file__).resolve().parent.parent
    example = runpy.run_path(str(root / "examples" / "compare_policies.py"))
    trees = [strategy("x", p) for p in example["POLICIES"]]
    fresh = render(compare_scene(trees, labels=example["POLICIES"]), format="svg")
    committed = root / "output" / "compare-x.svg"
    assert committed.read_text(encoding="utf-8") == fresh, (
        "output/compare-x.svg is stale: run `make posters`"
    )


def test_a_png_of_the_maps_or_the_sheet_takes_a_width_or_a_dpi(tmp_path: Path) -> None:
    """--width and --dpi size the PNG that -o or --sheet writes, as render's do; for an
    SVG alone they are refused by name."""
    from PIL import Image

    maps, sheet = tmp_path / "maps.png", tmp_path / "sheet.png"
    result = CliRunner().invoke(
        app, ["compare", "yorgey", "xkcd", "-o", str(maps), "--width", "900"]
    )
    assert result.exit_code == 0, result.stderr
    assert Image.open(maps).width == 900
    result = CliRunner().invoke(
        app, ["compare", "yorgey", "xkcd", "--sheet", str(sheet), "--dpi", "72"]
    )
    assert result.exit_code == 0, result.stderr
    assert Image.open(sheet).width == 595  # A4 at 72 dpi
    svg = tmp_path / "maps.svg"
    assert_usage_error(
        CliRunner().invoke(app, ["compare", "yorgey", "xkcd", "-o", str(svg), "--dpi", "72"]),
        "--dpi does not apply when writing SVG: it is for PNG",
    )
    assert not svg.exists()
