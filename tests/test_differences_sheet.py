"""The differences sheet: one small board per position where the maps play
differently, each policy's move in its colour and letter, readable at A4 in SVG,
PDF and PNG; and ``--diff-png``, now the sheet under its old name."""

from __future__ import annotations

import io
import json
import subprocess
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from conftest import need_tool
from PIL import Image
from test_differences import expected_classes, moved, play, symmetries
from typer.testing import CliRunner

from ttt_maps.cli.app import app
from ttt_maps.compare.differences_sheet import differences_sheet_file, differences_sheet_scene
from ttt_maps.draw.themes import LIGHT, PICKS, rgb
from ttt_maps.trees.strategy import Strategy, build_strategy

SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()
POLICIES = ("xkcd", "yorgey", "default")


@cache
def trees(player: str) -> tuple[Strategy, ...]:
    return tuple(build_strategy(player, p) for p in POLICIES)


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def canon(board: str) -> str:
    return min(moved(board, f, 3) for f in symmetries(3, 3))


def plays(s: Strategy) -> dict[str, set[str]]:
    """Each position (smallest image) the map's player chooses at, and where the map's
    moves there lead (smallest images), from the exported strategy."""
    out: dict[str, set[str]] = {}
    for board, cell in json.loads(s.to_json())["moves"].items():
        out.setdefault(canon(board), set()).add(canon(play(board, cell)))
    return out


@pytest.mark.parametrize("player", ["x", "o"])
def test_one_board_per_difference_with_each_policys_move(player: str) -> None:
    maps = trees(player)
    svg = ET.fromstring(
        differences_sheet_file(differences_sheet_scene(maps, labels=POLICIES), "svg")
    )
    cards = [g for g in svg.iter(f"{SVG}g") if "ttt-difference" in classes(g)]
    want = set()
    for other in maps[1:]:
        want |= set(expected_classes(maps[0], other))
    boards = [g.get("data-board", "") for g in cards]
    assert sorted(canon(b) for b in boards) == sorted(want)  # one card per position
    numbers = [int(g.get("data-move-number", "0")) for g in cards]
    assert numbers == sorted(numbers)
    assert all(b.count(".") == 9 - n + 1 for b, n in zip(boards, numbers, strict=True))
    where = [plays(s) for s in maps]
    reference = json.loads(maps[0].to_json())["moves"]
    for card, board in zip(cards, boards, strict=True):
        uses = card.iter(f"{SVG}use")
        marks = [m for m in uses if any(c.startswith("ttt-pick") for c in classes(m))]
        letters = {t.text for t in card.iter(f"{SVG}text") if t.get("font-weight") == "bold"}
        for i in range(len(maps)):
            mine = [m for m in marks if f"ttt-policy-{i}" in classes(m)]
            if canon(board) not in where[i]:  # this map never gets here
                assert not mine
                continue
            assert len(mine) == 1 and f"ttt-{PICKS[i]}" in classes(mine[0])
            cell = int(mine[0].get("data-cell", "-1"))
            assert board[cell] == "."
            if i == 0:
                assert cell == reference[board]  # drawn as the reference draws it
            assert canon(play(board, cell)) in where[i][canon(board)]
            assert "ABC"[i] in letters


def test_the_first_two_colours_differ_in_greyscale() -> None:
    """Letters tell the policies apart anywhere; the colours of the first two also
    differ in lightness, so a greyscale print keeps them apart."""

    def grey(colour: str) -> float:
        r, g, b = rgb(colour)
        return 0.299 * r + 0.587 * g + 0.114 * b

    a, b = LIGHT.picks[:2]
    assert abs(grey(a) - grey(b)) > 0.15
    assert len(set(LIGHT.picks)) == len(PICKS)


def test_maps_that_play_the_same_have_an_empty_sheet() -> None:
    same = (build_strategy("x", "fast,first"), build_strategy("x", "fast,last"))
    scene = differences_sheet_scene(same)
    svg = ET.fromstring(differences_sheet_file(scene, "svg"))
    assert not [g for g in svg.iter(f"{SVG}g") if "ttt-difference" in classes(g)]
    assert "None: the maps play the same" in "".join(svg.itertext())


def test_a_one_page_sheet_is_as_tall_as_it_shows_on_screen_and_a4_in_print(
    tmp_path: Path,
) -> None:
    """The SVG and PNG end below the last board (a few differences are not a page of
    white); the PDF prints them on an A4 page."""
    one = (build_strategy("x", "default"), build_strategy("x", "yorgey"))  # one difference
    scene = differences_sheet_scene(one)
    cards = [i for i in scene.items if getattr(i, "classes", ()) == ("ttt-difference",)]
    last = max(c.box.y + c.box.h for c in cards)
    assert len(cards) == 1 and scene.pages == 1
    assert last < scene.height <= last + 200 < 2970 * 0.6
    svg = ET.fromstring(differences_sheet_file(scene, "svg"))
    assert (svg.get("width"), svg.get("height")) == ("210mm", f"{scene.height / 10:g}mm")
    png = Image.open(io.BytesIO(differences_sheet_file(scene, "png")))
    assert png.size == (1654, round(scene.height / 254 * 200))  # A4's width at 200 dpi
    assert round(png.info["dpi"][0]) == 200
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(differences_sheet_file(scene, "pdf"))
    info = subprocess.run(
        [need_tool("pdfinfo", "poppler-utils"), str(pdf)], capture_output=True, text=True
    ).stdout
    assert "pts (A4)" in info
    text = subprocess.run(
        [need_tool("pdftotext", "poppler-utils"), str(pdf), "-"], capture_output=True, text=True
    ).stdout
    assert "Where the maps for X differ" in text and "3rd move of the game (X's 2nd)" in text
    fonts = subprocess.run(
        [need_tool("pdffonts", "poppler-utils"), str(pdf)], capture_output=True, text=True
    ).stdout
    assert "Type 3" not in fonts


def test_a_sheet_too_long_for_a4_goes_on_over_a4_pages(tmp_path: Path) -> None:
    from ttt_maps.game.geometry import Geometry

    g = Geometry.parse("3x4k3")
    maps = [build_strategy("o", p, geometry=g) for p in ("fast,center", "fast,edge")]
    scene = differences_sheet_scene(maps)
    cards = [i for i in scene.items if getattr(i, "classes", ()) == ("ttt-difference",)]
    assert len(cards) == len(expected_classes(*maps)) == 53  # fact: this module's own count
    assert min(c.box.w for c in cards) >= 280  # 28 mm: readable, not shrunk to fit
    # Whole A4 pages, stacked, and no board cut by the edge of a page.
    assert scene.pages >= 2 and scene.height == scene.pages * 2970
    assert all(c.box.y // 2970 == (c.box.y + c.box.h) // 2970 for c in cards)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(differences_sheet_file(scene, "pdf"))
    info = subprocess.run(
        [need_tool("pdfinfo", "poppler-utils"), str(pdf)], capture_output=True, text=True
    ).stdout
    assert f"Pages:           {scene.pages}" in info and "pts (A4)" in info
    check = subprocess.run([need_tool("qpdf", "qpdf"), "--check", str(pdf)], capture_output=True)
    assert check.returncode == 0, check.stdout
    pages = [
        subprocess.run(
            [need_tool("pdftotext", "poppler-utils"), "-f", str(n), "-l", str(n), str(pdf), "-"],
            capture_output=True,
            text=True,
        ).stdout
        for n in range(1, scene.pages + 1)
    ]
    assert "Where the maps for O differ" in pages[0]
    for n, text in enumerate(pages, 1):
        assert f"Page {n} of {scene.pages}" in text
        # every board's figures are on the page it is drawn on: one "boards" header each
        drawn = [c for c in cards if c.box.y // 2970 == n - 1]
        assert text.count("boards") - text.count("boards drawn") == len(drawn) > 0
    assert any("continued" in text for text in pages[1:])


# -- the command ------------------------------------------------------------------------


def test_cli_writes_the_sheet(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    result = runner.invoke(app, ["compare", "xkcd", "yorgey", "--sheet", str(out)])
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF")
    # The table, then the file and its size, as render says what it wrote.
    assert result.stdout.splitlines()[-1] == f"{out}  {out.stat().st_size / 1000:.1f} kB"


def test_diff_png_writes_the_sheet_with_a_one_line_hint(tmp_path: Path) -> None:
    out = tmp_path / "diff.png"
    result = runner.invoke(app, ["compare", "xkcd", "yorgey", "--diff-png", str(out)])
    assert result.exit_code == 0, result.stderr
    width, height = Image.open(out).size
    assert width == 1654 and 1000 < height < 2339  # A4's width at 200 dpi; as tall as it shows
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "--sheet" in lines[0]
