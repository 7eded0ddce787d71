"""For print shops: embedded font subsets, checked PDFs, pages that fit, big PNGs, honest options.

The PDFs are read back with poppler (``pdffonts``, ``pdftotext``, ``pdftocairo``)
and checked with ``qpdf --check``; a test whose tool is missing skips, saying
how to get it.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_checks import assert_usage_error
from conftest import need_tool
from PIL import Image, ImageChops
from typer.testing import CliRunner

import ttt_maps
from ttt_maps.backends.cairo import PIXEL_CAP, scene_to_png
from ttt_maps.backends.page import parse_size
from ttt_maps.backends.pdf.writer import scene_to_pdf
from ttt_maps.cli.app import app
from ttt_maps.draw.scene import Scene, Text
from ttt_maps.draw.themes import DARK
from ttt_maps.engine.build import scene_of

MM = 72 / 25.4
runner = CliRunner()


def pdf_of(**kwargs: object) -> Callable[[], bytes]:
    return lambda: ttt_maps.render(ttt_maps.poster(policy="yorgey"), "pdf", **kwargs)  # type: ignore[arg-type]


def titled_map() -> bytes:
    return ttt_maps.render(ttt_maps.strategy("x", "yorgey"), "pdf", title="Café 'noughts' — X")


def greek_title() -> bytes:
    """Greek is not in the shipped fonts: drawn from the system's, found by search."""
    return ttt_maps.render(ttt_maps.strategy("x", "yorgey"), "pdf", title="Τρίλιζα X")


PDFS: dict[str, Callable[[], bytes]] = {
    "poster": pdf_of(),
    "dark poster": pdf_of(theme="dark", size="A3"),
    "titled map": titled_map,
    "text as paths": pdf_of(text_as_paths=True),
    "greek title": greek_title,
}


def fonts(pdf: bytes, tmp_path: Path) -> list[list[str]]:
    """``pdffonts``'s table: name, type words..., encoding, emb, sub, uni, object, id."""
    tool = need_tool("pdffonts", "poppler-utils")
    path = tmp_path / "f.pdf"
    path.write_bytes(pdf)
    out = subprocess.run([tool, str(path)], capture_output=True, text=True, check=True).stdout
    return [line.split() for line in out.splitlines()[2:]]


def pdftotext(pdf: bytes) -> str:
    tool = need_tool("pdftotext", "poppler-utils")
    run = subprocess.run([tool, "-enc", "UTF-8", "-", "-"], input=pdf, capture_output=True)
    return run.stdout.decode("utf-8")


def poppler_png(pdf: bytes, tmp_path: Path, width: int) -> Image.Image:
    tool = need_tool("pdftocairo", "poppler-utils")
    (tmp_path / "in.pdf").write_bytes(pdf)
    args = ["-png", "-singlefile", "-scale-to-x", str(width), "-scale-to-y", "-1"]
    subprocess.run([tool, *args, str(tmp_path / "in.pdf"), str(tmp_path / "out")], check=True)
    return Image.open(tmp_path / "out.png").convert("RGB")


def media_box(pdf: bytes) -> list[float]:
    m = re.search(rb"/MediaBox\s*\[\s*([-\d.\s]+)\]", pdf)
    assert m, "no MediaBox"
    return [float(v) for v in m.group(1).split()]


# -- fonts -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", [n for n in PDFS if n != "text as paths"])
def test_every_font_is_an_embedded_truetype_subset(name: str, tmp_path: Path) -> None:
    """What print shops' preflight asks: every font embedded, subset, no Type 3."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # every character here has a font
        pdf = PDFS[name]()
    table = fonts(pdf, tmp_path)
    assert table, "no fonts listed"
    for row in table:
        assert row[1:3] == ["CID", "TrueType"], row
        emb, sub, uni = row[-5:-2]
        assert (emb, sub, uni) == ("yes", "yes", "yes"), row
        assert re.fullmatch(r"[A-Z]{6}\+DejaVuSans(-Bold)?", row[0]), row
    assert b"/Type3" not in pdf


def test_text_as_paths_has_no_fonts_and_draws_the_same(tmp_path: Path) -> None:
    plain, paths = PDFS["poster"](), PDFS["text as paths"]()
    assert fonts(paths, tmp_path) == [] and b"/Font" not in paths
    a, b = poppler_png(plain, tmp_path, 1200), poppler_png(paths, tmp_path, 1200)
    histogram = ImageChops.difference(a, b).convert("L").histogram()
    far = sum(histogram[96:]) / (a.width * a.height)
    assert far < 0.005, f"{far:.3%} of the pixels differ"  # hinting; the text is 4 % of them


@pytest.mark.parametrize("name", list(PDFS))
def test_qpdf_finds_nothing_wrong(name: str, tmp_path: Path) -> None:
    tool = need_tool("qpdf", "qpdf")
    path = tmp_path / "check.pdf"
    path.write_bytes(PDFS[name]())
    run = subprocess.run([tool, "--check", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "No syntax or stream encoding errors" in run.stdout


def test_words_are_found_and_copied() -> None:
    text = pdftotext(PDFS["poster"]())
    assert "Complete map of optimal tic-tac-toe moves" in text
    assert "Map for X" in text and "Map for O" in text
    assert "Café 'noughts' — X" in pdftotext(PDFS["titled map"]())
    assert "Τρίλιζα X" in pdftotext(PDFS["greek title"]())


def test_pdf_and_png_letter_alike(tmp_path: Path) -> None:
    """Both draw the shipped font's glyphs at the same places: the title matches closely."""
    scene = scene_of(ttt_maps.strategy("x", "yorgey"), title="Wave, Tokyo & Ärger")
    ours = Image.open(io.BytesIO(scene_to_png(scene, width_px=1200))).convert("RGB")
    theirs = poppler_png(scene_to_pdf(scene), tmp_path, 1200)
    band = (0, 0, 1200, 140)  # the title
    histogram = ImageChops.difference(ours.crop(band), theirs.crop(band)).convert("L").histogram()
    pixels = 1200 * 140
    assert sum(v * n for v, n in enumerate(histogram)) / pixels < 2.0
    assert sum(histogram[96:]) / pixels < 0.005


def test_no_system_fonts_draws_the_same_bytes(tmp_path: Path) -> None:
    """The fonts ship with the package: without any system font, nothing changes."""
    config = tmp_path / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f"<cachedir>{tmp_path}/cache</cachedir></fontconfig>",
        encoding="utf-8",
    )
    outputs = {}
    for label, extra in (("system", {}), ("none", {"FONTCONFIG_FILE": str(config)})):
        for fmt in ("pdf", "png"):
            out = tmp_path / f"{label}.{fmt}"
            size = ["--width", "800"] if fmt == "png" else []
            subprocess.run(
                [sys.executable, "-m", "ttt_maps", "render", "--player", "both", "-q",
                 "--policy", "yorgey", "-o", str(out), *size],
                check=True, env={**os.environ, **extra},
            )  # fmt: skip
            outputs[label, fmt] = out.read_bytes()
    assert outputs["none", "pdf"] == outputs["system", "pdf"]
    assert outputs["none", "png"] == outputs["system", "png"]


def test_a_character_no_font_has_is_named_in_one_warning(tmp_path: Path) -> None:
    title = "Map \U000f0001\U000f0002"  # private use: no font has these
    with pytest.warns(UserWarning, match=r"U\+F0001.*U\+F0002.*boxes"):
        pdf = ttt_maps.render(ttt_maps.strategy("x", "yorgey"), "pdf", title=title)
    assert pdf.startswith(b"%PDF-")
    result = subprocess.run(
        [sys.executable, "-m", "ttt_maps", "render", "--player", "x", "--title", title,
         "-o", str(tmp_path / "m.png"), "-q"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ttt-maps: warning: no installed font")
    assert "U+F0001" in lines[0] and "U+F0002" in lines[0]


# -- pages -------------------------------------------------------------------------------


def test_a_page_takes_the_drawing_orientation() -> None:
    """The landscape poster on --size A1 fills a landscape A1; -portrait keeps it upright.
    A measured page turns alike (24x36in holds the poster as 36 by 24 inches)."""
    poster = ttt_maps.poster(policy="yorgey")
    box = media_box(ttt_maps.render(poster, "pdf", size="A1"))
    assert box[2:] == pytest.approx((841 * MM, 594 * MM), abs=0.01)
    scene = scene_of(poster)
    filled = min((841 - 20) / scene.width, (594 - 20) / scene.height) * scene.width / 841
    assert filled > 0.9  # of the page's width
    upright = media_box(ttt_maps.render(poster, "pdf", size="A1-portrait"))
    assert upright[2:] == pytest.approx((594 * MM, 841 * MM), abs=0.01)
    square = media_box(ttt_maps.render(ttt_maps.strategy("x", "yorgey"), "pdf", size="A1"))
    assert square[2:] == pytest.approx((594 * MM, 841 * MM), abs=0.01)
    measured = media_box(ttt_maps.render(poster, "pdf", size="300x400mm"))
    assert measured[2:] == pytest.approx((400 * MM, 300 * MM), abs=0.01)
    inches = media_box(ttt_maps.render(poster, "pdf", size="24x36in"))
    assert inches[2:] == pytest.approx((36 * 72, 24 * 72), abs=0.01)
    kept = media_box(ttt_maps.render(poster, "pdf", size="300x400mm-portrait"))
    assert kept[2:] == pytest.approx((300 * MM, 400 * MM), abs=0.01)


def test_png_with_a_page_is_300_dpi_unless_told() -> None:
    scene = Scene(100, 100, (Text(50, 50, "x", 10, "title"),))
    png = Image.open(io.BytesIO(scene_to_png(scene, size=parse_size("A5"))))
    assert png.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert png.size == (round(148 / 25.4 * 300), round(210 / 25.4 * 300))
    coarse = Image.open(io.BytesIO(scene_to_png(scene, size=parse_size("A5"), dpi=72)))
    assert coarse.info["dpi"] == pytest.approx((72, 72), abs=0.01)


def test_bands_draw_the_same_picture() -> None:
    """Drawn in bands of a few rows or in one, the PNG is the same image (cairo may
    round a handful of edge pixels one level differently)."""
    scene = scene_of(ttt_maps.strategy("o", "yorgey"))
    whole = Image.open(io.BytesIO(scene_to_png(scene, width_px=900))).convert("RGB")
    banded = Image.open(io.BytesIO(scene_to_png(scene, width_px=900, band_rows=37)))
    histogram = ImageChops.difference(whole, banded.convert("RGB")).convert("L").histogram()
    assert sum(histogram[2:]) == 0  # never more than one level
    assert sum(histogram[1:]) < 0.0001 * 900 * 900


@pytest.mark.slow
def test_a0_at_300_dpi_is_drawn() -> None:
    """Every print size up to A0 at 300 dpi (139 megapixels), in bands."""
    scene = Scene(100, 70, (Text(50, 40, "A0", 20, "title"),))
    png = scene_to_png(scene, size=parse_size("A0"))
    Image.MAX_IMAGE_PIXELS = None  # a print-size image is no decompression bomb
    image = Image.open(io.BytesIO(png))  # reads the header only
    assert image.size == (14043, 9933) and image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert image.size[0] * image.size[1] < PIXEL_CAP


def test_dark_png_page_is_dark_to_the_edges() -> None:
    scene = Scene(100, 100, (), theme=DARK)
    image = Image.open(io.BytesIO(scene_to_png(scene, size=parse_size("A6"), dpi=50)))
    assert image.convert("RGB").getpixel((0, 0)) == (0x15, 0x17, 0x1A)


# -- options that say what they do ---------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["-o", "m.pdf", "--dpi", "300"], ["--dpi", "PDF"]),
        (["-o", "m.pdf", "--width", "900"], ["--width", "PDF"]),
        (["-o", "m.svg", "--size", "A4"], ["--size", "SVG"]),
        (["-o", "m.html", "--size", "A4"], ["--size", "HTML"]),
        (["-o", "m.pdf", "--margin", "5"], ["--margin", "page size"]),
        (["-o", "m.png", "--width", "900", "--dpi", "300"], ["--width", "--dpi"]),
        (["-o", "m.svg", "--text-as-paths"], ["--text-as-paths", "SVG"]),
        (["-o", "m.png", "--text-as-paths"], ["--text-as-paths", "PNG"]),
        (["-o", "m.pdf", "--id-prefix", "a"], ["--id-prefix", "PDF"]),
        (["-o", "m.png", "--dpi", "0.5"], ["--dpi", "from 1"]),
        (["-o", "m.png", "--width", "40000"], ["--width", "32767"]),
        (["-o", "m.pdf", "--size", "A4", "--margin", "5000"], ["--margin", "1000"]),
    ],
)
def test_options_that_do_not_apply_are_refused(
    args: list[str], needles: list[str], tmp_path: Path
) -> None:
    args = [a if not a.startswith("m.") else str(tmp_path / a) for a in args]
    result = runner.invoke(app, ["render", "--player", "x", *args])
    assert_usage_error(result, *needles)
    assert list(tmp_path.iterdir()) == []


def test_options_apply_to_the_files_they_fit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default job writes SVG and PDF: --size is the PDFs' page, the SVGs ignore it."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["render", "--player", "x", "--size", "A5", "-q"])
    assert result.exit_code == 0, result.stderr
    pdf = (tmp_path / "output" / "x-map.pdf").read_bytes()
    assert media_box(pdf)[2:] == pytest.approx((148 * MM, 210 * MM), abs=0.01)
    with pytest.raises(ttt_maps.UsageError, match="size="):
        ttt_maps.render(ttt_maps.strategy("x"), "svg", size="A4")


@pytest.mark.parametrize("fmt", ["svg", "pdf", "png"])
def test_title_is_drawn_on_a_single_map(fmt: str, tmp_path: Path) -> None:
    tree = ttt_maps.strategy("x", "yorgey")
    plain, titled = scene_of(tree), scene_of(tree, title="Our class's map")
    assert titled.height > plain.height and titled.width == plain.width
    data = ttt_maps.render(tree, fmt, title="Our class's map")
    if fmt == "svg":
        assert ">Our class&#x27;s map</text>" in str(data) or ">Our class's map</text>" in str(data)
    elif fmt == "pdf":
        assert "Our class's map" in pdftotext(bytes(data))  # type: ignore[arg-type]
    else:
        image = Image.open(io.BytesIO(bytes(data))).convert("L")  # type: ignore[arg-type]
        top = image.crop((0, 0, image.width, image.height // 12))
        assert top.getextrema()[0] < 60  # dark letters above the map


@pytest.mark.parametrize("theme", ["light", "xkcd"])
@pytest.mark.parametrize("kind", ["map", "poster"])
def test_every_line_of_text_fits_its_drawing_as_it_is_set(kind: str, theme: str) -> None:
    """A long title, set bold, is shrunk to the room it has, measured as it is drawn
    (bold measures wider than regular): no line runs past the drawing's edges."""
    from ttt_maps.draw.themes import get_theme
    from ttt_maps.draw.typeface import width

    title = "Our class's complete map of optimal moves, with every reply " * 3
    tree = ttt_maps.strategy("x", "yorgey", depth=1)
    obj = tree if kind == "map" else ttt_maps.poster("yorgey", depth=1)
    scene = scene_of(obj, None, get_theme(theme), title)
    texts = [item for item in scene.walk() if isinstance(item, Text)]
    assert any(t.bold and title.strip() in t.text for t in texts)
    for t in texts:
        drawn = width(t.text, t.size, t.bold, scene.theme.typeface)
        left = t.start(drawn)
        assert left >= 0 and left + drawn <= scene.width + 1e-6, (t.text, left, drawn, scene.width)
