"""The xkcd look: drawn by hand, lettered in Humor Sans, in every format.

The SVGs are parsed here with a path reader of the test's own (moves, lines and
cubic curves, absolute and relative), so the wobble is measured on what a
renderer draws: each board's grid in the xkcd SVG against the same board's
ruled grid in the light SVG. The lettering is checked with outside readers:
``pdffonts`` and ``pdftotext`` for PDFs, and for PNGs FreeType (through
Pillow) drawing the shipped Humor Sans and DejaVu Sans itself.
"""

from __future__ import annotations

import io
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from conftest import need_tool
from PIL import Image, ImageChops, ImageDraw, ImageFont

import ttt_maps
from ttt_maps.backends.cairo import scene_to_png
from ttt_maps.backends.pdf.writer import scene_to_pdf
from ttt_maps.backends.svg.writer import scene_to_svg
from ttt_maps.draw.compose import map_scene, poster_scene
from ttt_maps.draw.scene import Scene, Text
from ttt_maps.draw.themes import XKCD, get_theme
from ttt_maps.draw.typeface import layout
from ttt_maps.language import speaking
from ttt_maps.trees.strategy import build_strategy

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
FONTS = Path(ttt_maps.__file__).parent / "draw" / "fonts"
#: How far a line drawn by hand may stray from the ruled line, as a share of its length:
#: a board's grid lines stay within 1 % of its side, a thirtieth of a cell.
STRAY = 0.01
Point = tuple[float, float]
#: A stroke of a path: whether it curves, and its points.
Stroke = tuple[bool, list[Point]]


@cache
def scene(player: str, theme: str) -> Scene:
    return map_scene(build_strategy(player), theme=theme)


@cache
def svg(player: str, theme: str) -> ET.Element:
    return ET.fromstring(scene_to_svg(scene(player, theme)))


# -- a path reader and a look at the boards ------------------------------------------------

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_COMMAND = re.compile(r"([MmLlHhVvCcZz])([^MmLlHhVvCcZz]*)")


def subpaths(d: str, dx: float = 0.0, dy: float = 0.0) -> list[Stroke]:
    """Each stroke of path data ``d`` moved by (dx, dy): whether it curves, and its
    points (curves' handles included: a curve stays inside its handles' hull)."""
    out: list[Stroke] = []
    x = y = 0.0
    for command, args in _COMMAND.findall(d):
        v = [float(n) for n in _NUMBER.findall(args)]
        relative = command.islower()
        kind = command.upper()
        if kind == "Z":
            continue
        if kind in "HV":
            for n in v:
                if kind == "H":
                    x = x + n if relative else n
                else:
                    y = y + n if relative else n
                out[-1][1].append((x, y))
            continue
        size = 6 if kind == "C" else 2
        for i in range(0, len(v), size):
            group = v[i : i + size]
            pairs = [(group[j] + (x if relative else 0), group[j + 1] + (y if relative else 0))
                     for j in range(0, size, 2)]  # fmt: skip
            if kind == "M" and i == 0:
                out.append((False, []))
            elif kind == "C":
                out[-1] = (True, out[-1][1])
            out[-1][1].extend(pairs)
            x, y = pairs[-1]
    return [(curved, [(px + dx, py + dy) for px, py in points]) for curved, points in out]


def translation(element: ET.Element) -> Point:
    m = re.fullmatch(r"translate\((\S+?)[ ,]?(-?[\d.]+)\)", element.get("transform", ""))
    return (float(m.group(1)), float(m.group(2))) if m else (0.0, 0.0)


def board_lines(root: ET.Element, kind: str) -> Iterator[tuple[ET.Element, list[Stroke]]]:
    """Each board and the strokes of its own ``kind`` lines (``ttt-grid``, ``ttt-win``)
    where they are drawn, with whether they curve, in drawing order."""
    defs = {e.get("id"): e for e in root.iter() if e.get("id")}
    for board in root.iter(f"{SVG}g"):
        if "ttt-board" not in (board.get("class") or "").split():
            continue
        strokes = []
        for holder in board.findall(f"{SVG}g"):
            dx, dy = translation(holder)
            for e in holder:
                target = e
                if e.tag == f"{SVG}use":
                    target = defs[(e.get(XLINK) or "#")[1:]]
                    if target.tag != f"{SVG}path":
                        continue
                classes = f"{e.get('class') or ''} {target.get('class') or ''}".split()
                if kind in classes:
                    strokes += subpaths(target.get("d", ""), dx, dy)
        yield board, strokes


def straying(drawn: list[Point], ruled: list[Point]) -> float:
    """How far the points of a drawn stroke stray from the ruled stroke (its start and
    end), along it or across it, as a share of its length."""
    (ax, ay), (bx, by) = ruled[0], ruled[-1]
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    worst = 0.0
    for px, py in drawn:
        along = (px - ax) * ux + (py - ay) * uy
        across = abs(-(px - ax) * uy + (py - ay) * ux)
        beyond = max(0.0, -along, along - length)
        worst = max(worst, across, beyond)
    return worst / length


# -- same bytes ---------------------------------------------------------------------------


def test_the_hand_draws_the_same_bytes_every_time(tmp_path: Path) -> None:
    """In one process and in two others with other hash seeds: the wobble comes from what
    is drawn, not from the clock, the process or Python's string hashing."""
    x = scene("x", "xkcd")
    here = {"svg": scene_to_svg(x).encode(), "pdf": scene_to_pdf(x),
            "png": scene_to_png(x, width_px=600)}  # fmt: skip
    assert here["svg"] == scene_to_svg(scene("x", "xkcd")).encode()
    assert here["pdf"] == scene_to_pdf(x)
    assert here["png"] == scene_to_png(x, width_px=600)
    runs = []
    for seed in ("1", "2"):
        out = tmp_path / seed
        out.mkdir()
        env = {**os.environ, "PYTHONHASHSEED": seed}
        args = ["render", "--player", "x", "--theme", "xkcd", "-q", "--width", "600"]
        formats = ["-f", "svg", "-f", "pdf", "-f", "png"]
        subprocess.run([sys.executable, "-m", "ttt_maps", *args, *formats, "-o", str(out / "x")],
                       check=True, env=env)  # fmt: skip
        runs.append({f: (out / f"x.{f}").read_bytes() for f in ("svg", "pdf", "png")})
    assert runs[0] == runs[1]
    assert runs[0]["pdf"] == here["pdf"]


# -- the wobble -----------------------------------------------------------------------------


@pytest.mark.parametrize("theme", ["light", "dark", "print", "auto"])
def test_only_the_xkcd_theme_wobbles(theme: str) -> None:
    """Other themes rule their lines and draw the plain X and circle; xkcd curves its
    grids and draws its marks from glyphs of its own."""
    ruled = svg("x", theme)
    for kind in ("ttt-grid", "ttt-win"):
        assert not any(curved for _, strokes in board_lines(ruled, kind) for curved, _ in strokes)
    assert sorted(glyph_names(ruled)) == ["o", "x"]
    drawn = svg("x", "xkcd")
    curved = [c for _, strokes in board_lines(drawn, "ttt-grid") for c, _ in strokes]
    assert curved and sum(curved) > len(curved) / 2
    hands = {name: e for name, e in glyph_names(drawn).items() if name not in ("x", "o")}
    assert {name[0] for name in hands} == {"x", "o"}
    assert all("c" in e.get("d", "").lower() for e in hands.values())


def glyph_names(root: ET.Element) -> dict[str, ET.Element]:
    """The marks' glyphs in ``<defs>`` by name (their id after the prefix): ``x``, ``o``,
    and a hand's ``x-3``."""
    return {
        e.get("id", "").split("-", 1)[1]: e
        for e in root.iter()
        if (e.get("class") or "").startswith("ttt-mark ttt-")
    }


@pytest.mark.parametrize("player", ["x", "o"])
def test_every_line_drawn_by_hand_stays_near_its_ruled_line(player: str) -> None:
    """Board by board, each grid and win line of the xkcd map against the light map's:
    within ``STRAY`` of its length, so the nested grids read as they do ruled; and the
    hand is seen (the biggest boards' lines stray by more than a tenth of that)."""
    worst = 0.0
    pairs = zip(board_lines(svg(player, "xkcd"), "ttt-grid"),
                board_lines(svg(player, "light"), "ttt-grid"), strict=True)  # fmt: skip
    wins = zip(board_lines(svg(player, "xkcd"), "ttt-win"),
               board_lines(svg(player, "light"), "ttt-win"), strict=True)  # fmt: skip
    for (board, drawn), (same, ruled) in [*pairs, *wins]:
        assert board.get("data-board") == same.get("data-board")
        assert len(drawn) == len(ruled)
        for (_, hand), (_, rule) in zip(drawn, ruled, strict=True):
            stray = straying(hand, rule)
            assert stray <= STRAY, (board.get("data-board"), stray)
            worst = max(worst, stray)
    assert worst > STRAY / 10


def test_the_smallest_boards_are_ruled() -> None:
    """Where the layout's floor thickens the lines (the O map's deepest boards), they are
    drawn straight: a wobble thinner than the line would only blur it. Boards big enough
    to show it are all drawn by hand."""
    levels: dict[int, set[bool]] = {}
    for board, strokes in board_lines(svg("o", "xkcd"), "ttt-grid"):
        level = int(re.search(r"ttt-level-(\d+)", board.get("class", "")).group(1))  # type: ignore[union-attr]
        levels.setdefault(level, set()).update(curved for curved, _ in strokes)
    deepest = max(levels)
    assert levels[deepest] == {False}
    assert all(levels[level] == {True} for level in range(3))


def test_hand_drawn_marks_stay_in_their_cells() -> None:
    """Each glyph of the hand (a unit box) strays at most a tenth past its box: the box
    is inset by a fifth of the cell, so a mark never touches the grid."""
    glyphs = [
        e for e in svg("o", "xkcd").iter(f"{SVG}path") if "ttt-mark" in (e.get("class") or "")
    ]
    assert len(glyphs) >= 4
    for glyph in glyphs:
        points = [p for _, stroke in subpaths(glyph.get("d", "")) for p in stroke]
        assert all(-0.1 <= v <= 1.1 for p in points for v in p), glyph.get("id")


# -- the lettering ----------------------------------------------------------------------------


def test_the_svg_needs_no_font_and_nothing_outside() -> None:
    """Letters are outlines drawn once and placed; the words stay readable to a screen
    reader; the style asks for no font; every reference is inside the file."""
    poster = scene_to_svg(poster_scene(build_strategy("x"), build_strategy("o"), theme="xkcd"))
    root = ET.fromstring(poster)
    assert not list(root.iter(f"{SVG}text"))
    assert "font-family" not in poster and "xkcd Script" not in poster
    words = [
        g.get("aria-label") for g in root.iter(f"{SVG}g") if "ttt-text" in (g.get("class") or "")
    ]
    assert "Complete map of optimal tic-tac-toe moves" in words
    assert "Map for X" in words and "Map for O" in words
    for e in root.iter():
        for key, value in e.attrib.items():
            if key in (XLINK, "href"):
                assert value.startswith("#"), value
            assert "url(" not in value or value.startswith("url(#"), value
    assert "@import" not in poster and "url(" not in poster.split("<defs>")[0]


def test_the_pdf_embeds_humor_sans(tmp_path: Path) -> None:
    """What print shops' preflight asks of the comic's lettering: embedded TrueType
    subsets, no Type 3; a character Humor Sans lacks (the times sign) comes from DejaVu
    Sans, an accented letter is Humor Sans's own letter and accent; the words are
    found by search."""
    title = "Misère map \u00d7 2"  # the times sign
    pdf = ttt_maps.render(ttt_maps.poster(), "pdf", theme="xkcd", title=title)
    path = tmp_path / "p.pdf"
    path.write_bytes(pdf)
    out = subprocess.run([need_tool("pdffonts", "poppler-utils"), str(path)],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    rows = [line.split() for line in out.splitlines()[2:]]
    names = sorted(re.sub(r"^[A-Z]{6}\+", "", row[0]) for row in rows)
    assert names == ["DejaVuSans", "HumorSans"]
    for row in rows:
        assert row[1:3] == ["CID", "TrueType"] and row[-5:-2] == ["yes", "yes", "yes"], row
    assert b"/Type3" not in pdf
    pdftotext = need_tool("pdftotext", "poppler-utils")
    text = subprocess.run([pdftotext, "-enc", "UTF-8", str(path), "-"],
                          capture_output=True, check=True).stdout.decode()  # fmt: skip
    assert title in text and "Map for X" in text
    # Without the times sign, no DejaVu Sans at all: the accent is Humor Sans's.
    accented = Scene(400, 100, (Text(200, 60, "Misère", 40, "title"),), theme=XKCD)
    path.write_bytes(scene_to_pdf(accented))
    out = subprocess.run([need_tool("pdffonts", "poppler-utils"), str(path)],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    assert [re.sub(r"^[A-Z]{6}\+", "", line.split()[0]) for line in out.splitlines()[2:]] == [
        "HumorSans"
    ]
    text = subprocess.run([pdftotext, "-enc", "UTF-8", str(path), "-"],
                          capture_output=True, check=True).stdout.decode()  # fmt: skip
    assert "Misère" in text


def freetype(word: str, font: Path, size: float, shape: tuple[int, int], at: Point) -> Image.Image:
    """``word`` drawn by FreeType (Pillow) from a font file, its baseline starting at ``at``."""
    image = Image.new("L", shape, 255)
    ImageDraw.Draw(image).text(
        at, word, font=ImageFont.truetype(str(font), size), fill=0, anchor="ls"
    )
    return image


def test_png_text_is_humor_sans() -> None:
    """The PNG's word against FreeType's drawing of it in Humor Sans and in DejaVu Sans:
    it is Humor Sans's (set a fifth larger than its size, as the typeface says)."""
    word, size = "Map for X", 60.0
    lettered = Scene(500, 100, (Text(20, 75, word, size, "heading", "start"),), theme=XKCD)
    ours = Image.open(io.BytesIO(scene_to_png(lettered, width_px=500))).convert("L")
    humor = freetype(word, FONTS / "Humor-Sans.ttf", size * 1.2, ours.size, (20, 75))
    dejavu = freetype(word, FONTS / "DejaVuSans-Latin.ttf", size, ours.size, (20, 75))

    def mean(a: Image.Image, b: Image.Image) -> float:
        histogram = ImageChops.difference(a, b).histogram()
        return sum(v * n for v, n in enumerate(histogram)) / (a.width * a.height)

    # FreeType hints what it draws (edges a pixel apart); the other typeface is far off.
    assert mean(ours, humor) < mean(ours, dejavu) / 2, (mean(ours, humor), mean(ours, dejavu))
    light = Scene(500, 100, lettered.items, theme=get_theme("light"))
    ruled = Image.open(io.BytesIO(scene_to_png(light, width_px=500))).convert("L")
    assert mean(ruled, dejavu) < mean(ruled, humor) / 2


# -- one hand for every script ----------------------------------------------------------


def hands(text: str, bold: bool = False) -> set[str]:
    """The faces a line is lettered in, in the comic's hand."""
    glyphs, _ = layout(text, bold, "humor")
    return {g.face for g in glyphs if not g.char.isspace()}


def test_a_line_is_lettered_in_one_hand() -> None:
    """Humor Sans has no ä, ß, ç, å and no Cyrillic: a line with one of them is set whole in
    Shantell Sans, never letter by letter in two hands; a drawing in another language than
    English is lettered in Shantell Sans throughout; only a symbol neither hand has (an
    arrow) comes from DejaVu Sans."""
    assert hands("COMPLETE MAP OF OPTIMAL MOVES") == {"HumorSans"}
    assert hands("Misère") == {"HumorSans"}  # an accent Humor Sans makes of its own
    for line in ("VOLLSTÄNDIGE KARTE", "Größe", "Ça va", "Åland", "Карта для X"):
        assert hands(line) == {"ShantellSans"}, line
    with speaking("de"):
        assert hands("Karte für X") == hands("Karte X") == {"ShantellSans"}
    with speaking("ru"):
        assert hands("X \u2192 O") == {"ShantellSans", "DejaVuSans"}
        assert {g.face for g in layout("X \u2192 O", False, "humor")[0] if g.char == "\u2192"} == {
            "DejaVuSans"
        }


@pytest.mark.parametrize(("lang", "title"), [("de", "Vollständige Karte"), ("ru", "Полная карта")])
def test_a_drawing_in_another_language_embeds_its_hand(
    tmp_path: Path, lang: str, title: str
) -> None:
    """A German or Russian poster's PDF embeds Shantell Sans alone, as a TrueType subset
    whose words search finds; the language of the drawing decides, not the one in force."""
    with speaking(lang):
        pdf = ttt_maps.render(ttt_maps.poster(), "pdf", theme="xkcd")
    path = tmp_path / "p.pdf"
    path.write_bytes(pdf)
    out = subprocess.run([need_tool("pdffonts", "poppler-utils"), str(path)],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [re.sub(r"^[A-Z]{6}\+", "", row[0]) for row in rows] == ["ShantellSans"]
    assert rows[0][1:3] == ["CID", "TrueType"] and rows[0][-5:-2] == ["yes", "yes", "yes"]
    text = subprocess.run([need_tool("pdftotext", "poppler-utils"), "-enc", "UTF-8", str(path),
                           "-"], capture_output=True, check=True).stdout.decode()  # fmt: skip
    assert title in text


def test_png_text_in_german_is_shantell_sans() -> None:
    """A German word in a PNG is Shantell Sans's (set at 0.95 of its size), not DejaVu
    Sans's nor Humor Sans's with a stray letter."""
    word, size = "Größe für X", 60.0
    lettered = Scene(
        500, 100, (Text(20, 75, word, size, "heading", "start"),), theme=XKCD, lang="de"
    )
    ours = Image.open(io.BytesIO(scene_to_png(lettered, width_px=500))).convert("L")
    hand = freetype(word, FONTS / "ShantellSans-Cut.ttf", size * 0.95, ours.size, (20, 75))
    dejavu = freetype(word, FONTS / "DejaVuSans-Latin.ttf", size, ours.size, (20, 75))

    def mean(a: Image.Image, b: Image.Image) -> float:
        histogram = ImageChops.difference(a, b).histogram()
        return sum(v * n for v, n in enumerate(histogram)) / (a.width * a.height)

    assert mean(ours, hand) < mean(ours, dejavu) / 2, (mean(ours, hand), mean(ours, dejavu))
