"""The PDF writer and page sizes: structure, metadata, determinism, and what a reader sees.

The writer is ours, so besides reading its bytes these tests hand the files
to poppler (pdftocairo, pdftotext; installed with the test tools by
``scripts/system-deps.sh --browser``) and compare what it draws with the PNG
backend's picture of the same scene.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import textwrap
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import ttt_maps
from ttt_maps.backends.cairo import scene_to_png
from ttt_maps.backends.page import PageSize, parse_size
from ttt_maps.backends.pdf.writer import scene_to_pdf
from ttt_maps.draw.compose import map_scene, poster_scene
from ttt_maps.draw.layout import MapOptions
from ttt_maps.draw.scene import Mark, Scene, Text
from ttt_maps.draw.themes import DARK
from ttt_maps.errors import UsageError
from ttt_maps.trees.strategy import build_strategy

MM = 72 / 25.4
TRICKY_TITLE = 'Map <X> & "O\'s" (draft) \\ café ✓'
POPPLER = shutil.which("pdftocairo") is not None and shutil.which("pdftotext") is not None
needs_poppler = pytest.mark.skipif(not POPPLER, reason="poppler-utils not installed")


@pytest.fixture(scope="module")
def tiny() -> Scene:
    """X to move on xx.oo....: one board, the red X in cell 2 wins along the top row."""
    return map_scene(build_strategy("x", root="xx.oo...."))


@pytest.fixture(scope="module")
def o_map() -> Scene:
    return map_scene(build_strategy("o", "yorgey"))


def media_box(pdf: bytes) -> list[float]:
    m = re.search(rb"/MediaBox\s*\[\s*([-\d.\s]+)\]", pdf)
    assert m, "no MediaBox"
    return [float(v) for v in m.group(1).split()]


def pdf_string(pdf: bytes, key: str) -> str:
    """The value of ``/Key`` in the info dictionary: a literal or a UTF-16 hex string."""
    m = re.search(rb"/" + key.encode() + rb"\s*(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))", pdf)
    assert m, f"no /{key}"
    raw = m.group(1)
    if raw.startswith(b"<"):
        data = bytes.fromhex(raw[1:-1].decode())
        return data[2:].decode("utf-16-be") if data.startswith(b"\xfe\xff") else data.decode()
    body = raw[1:-1]
    out = re.sub(rb"\\([()\\])", rb"\1", body)
    return out.decode("latin-1")


def page_content(pdf: bytes) -> str:
    """The page's content stream, inflated."""
    contents = re.search(rb"/Contents (\d+) 0 R", pdf)
    assert contents
    obj = re.search(rb"\n%s 0 obj\n<<.*?>>\nstream\n" % contents.group(1), pdf, re.S)
    assert obj
    return zlib.decompressobj().decompress(pdf[obj.end() :]).decode("latin-1")


def poppler_png(pdf: bytes, tmp_path: Path, width: int) -> Image.Image:
    path = tmp_path / "in.pdf"
    path.write_bytes(pdf)
    subprocess.run(
        [
            "pdftocairo",
            "-png",
            "-singlefile",
            "-scale-to-x",
            str(width),
            "-scale-to-y",
            "-1",
            str(path),
            str(tmp_path / "out"),
        ],
        check=True,
    )
    image = Image.open(tmp_path / "out.png")
    image.load()
    return image.convert("RGB")


def pdftotext(pdf: bytes) -> str:
    out = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", "-", "-"], input=pdf, capture_output=True, check=True
    )
    return out.stdout.decode("utf-8")


# -- page sizes ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "w_pt", "h_pt"),
    [
        ("A4", 210 * MM, 297 * MM),
        ("a3", 297 * MM, 420 * MM),
        ("A2", 420 * MM, 594 * MM),
        ("A1", 594 * MM, 841 * MM),
        ("A0", 841 * MM, 1189 * MM),
        ("Letter", 612, 792),
        ("TABLOID", 792, 1224),
        ("24x36in", 1728, 2592),
        ("600x400mm", 600 * MM, 400 * MM),
        ("1920x1080px", 1440, 810),
        ("100 x 200 pt", 100, 200),
        ("8.5x11IN", 612, 792),
        ("A4-landscape", 297 * MM, 210 * MM),
        ("a3:landscape", 420 * MM, 297 * MM),
        ("36x24in-portrait", 1728, 2592),
    ],
)
def test_parse_size_accepts_named_and_measured_sizes(text: str, w_pt: float, h_pt: float) -> None:
    size = parse_size(text)
    assert isinstance(size, PageSize)
    assert size.width_pt == pytest.approx(w_pt, abs=0.01)
    assert size.height_pt == pytest.approx(h_pt, abs=0.01)


def test_parse_size_names_are_canonical() -> None:
    assert parse_size(" a2 ").name == "A2"
    assert parse_size("24X36IN").name == "24x36in"
    assert parse_size("a4 landscape").name == "A4-landscape"
    assert parse_size("36x24in-portrait").name == "24x36in"
    assert parse_size("8.50x11in:landscape").name == "11x8.5in"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "A7",
        "B4",
        "24x36",
        "24x36cm",
        "24in",
        "x36in",
        "0x100mm",
        "100x0mm",
        "-5x10mm",
        "6000x100mm",
        "1e3x2e3mm",
        "A4-sideways",
        "24x36in;rm -rf",
    ],
)
def test_parse_size_rejects_bad_sizes_naming_value_and_forms(text: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_size(text)
    message = str(err.value)
    assert repr(text) in message
    assert "A4" in message and "mm" in message
    assert "\n" not in message


# -- the file ---------------------------------------------------------------------


def test_pdf_is_one_page_at_the_requested_size(tiny: Scene) -> None:
    pdf = scene_to_pdf(tiny, size=parse_size("A2"))
    assert pdf.startswith(b"%PDF-")
    assert pdf.rstrip().endswith(b"%%EOF")
    assert re.search(rb"/Count\s+1\b", pdf)
    x0, y0, x1, y1 = media_box(pdf)
    assert (x0, y0) == (0, 0)
    assert x1 == pytest.approx(420 * MM, abs=0.01)
    assert y1 == pytest.approx(594 * MM, abs=0.01)


def test_pdf_without_size_is_the_scene_at_one_point_per_unit(tiny: Scene) -> None:
    assert media_box(scene_to_pdf(tiny))[2:] == pytest.approx([tiny.width, tiny.height], abs=0.01)


def test_pdf_metadata_title_creator_and_no_date(
    tiny: Scene, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    scene = Scene(tiny.width, tiny.height, tiny.items, title=TRICKY_TITLE, desc="A map.")
    pdf = scene_to_pdf(scene)
    assert pdf_string(pdf, "Title") == TRICKY_TITLE
    assert pdf_string(pdf, "Creator").startswith("ttt-maps ")
    assert pdf_string(pdf, "Subject") == "A map."
    # Without SOURCE_DATE_EPOCH no date at all: none that is not the file's.
    assert b"/CreationDate" not in pdf and b"/ModDate" not in pdf
    assert not re.findall(rb"(?<!\d)(?:19|20)\d{12}(?!\d)", pdf)


def test_pdf_ascii_title_with_parentheses_round_trips(tiny: Scene) -> None:
    title = 'Map (for X) \\ <policy> & "first"'
    scene = Scene(tiny.width, tiny.height, tiny.items, title=title)
    assert pdf_string(scene_to_pdf(scene), "Title") == title


@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="poppler-utils not installed")
def test_pdfinfo_reads_title_and_size(tiny: Scene) -> None:
    scene = Scene(tiny.width, tiny.height, tiny.items, title=TRICKY_TITLE)
    pdf = scene_to_pdf(scene, size=parse_size("letter"))
    info = subprocess.run(
        ["pdfinfo", "-enc", "UTF-8", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode("utf-8")
    assert re.search(r"^Title:\s+(.*)$", info, re.M).group(1) == TRICKY_TITLE  # type: ignore[union-attr]
    assert "612 x 792 pts (letter)" in info
    assert re.search(r"^Creator:\s+ttt-maps ", info, re.M)


def test_source_date_epoch_sets_the_date(tiny: Scene, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    pdf = scene_to_pdf(tiny)
    assert "20231114221320" in pdf_string(pdf, "CreationDate")
    for bad in ("yesterday", "99999999999999"):  # not a number; past the year 9999
        monkeypatch.setenv("SOURCE_DATE_EPOCH", bad)
        with pytest.raises(UsageError, match="SOURCE_DATE_EPOCH"):
            scene_to_pdf(tiny)


def test_pdf_is_byte_identical_across_renders(o_map: Scene) -> None:
    size = parse_size("A3")
    assert scene_to_pdf(o_map, size=size) == scene_to_pdf(o_map, size=size)


def test_pdf_with_text_is_identical_in_a_fresh_process() -> None:
    code = textwrap.dedent(
        """
        import sys
        from ttt_maps.backends.pdf.writer import scene_to_pdf
        from ttt_maps.draw.scene import Scene, Text
        scene = Scene(300, 100, (Text(150, 60, "Map for X ✓", 20, "title", bold=True),
                                 Text(10, 90, "policy: fast", 10, "footer", "start")), title="T")
        sys.stdout.buffer.write(scene_to_pdf(scene))
        """
    )
    runs = [
        subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert b"/Subtype /CIDFontType2" in runs[0] and b"/ToUnicode" in runs[0]
    assert b"/Type3" not in runs[0]


def test_a_map_without_text_is_written_without_cairo() -> None:
    code = (
        "import sys; from ttt_maps.backends.pdf.writer import scene_to_pdf; "
        "from ttt_maps.draw.compose import map_scene; "
        "from ttt_maps.trees.strategy import build_strategy; "
        "scene_to_pdf(map_scene(build_strategy('x'))); assert 'cairo' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_margin_leaving_no_room_is_a_usage_error() -> None:
    tree = ttt_maps.strategy("x", depth=0)
    with pytest.raises(UsageError, match=r"^margin=60 leaves no room on a 100x100mm page"):
        ttt_maps.render(tree, "pdf", size="100x100mm", margin=60)
    with pytest.raises(UsageError, match=r"^margin=-1: expected 0 to 1000 millimetres"):
        ttt_maps.render(tree, "pdf", size="A4", margin=-1)


# -- what a reader sees ---------------------------------------------------------------


def test_cross_reference_table_points_at_every_object(o_map: Scene) -> None:
    pdf = scene_to_pdf(o_map)
    start = int(re.findall(rb"startxref\n(\d+)\n%%EOF", pdf)[-1])
    head = re.match(rb"xref\n0 (\d+)\n", pdf[start:])
    assert head
    count = int(head.group(1))
    rows = pdf[start + head.end() :].split(b"\n")[:count]
    assert rows[0].startswith(b"0000000000 65535 f")
    for number, row in enumerate(rows[1:], 1):
        assert pdf[int(row[:10]) :].startswith(b"%d 0 obj\n" % number)
    for ref in set(re.findall(rb"(\d+) 0 R", pdf)):
        assert 1 <= int(ref) < count
    for obj in re.finditer(rb"/Length (\d+) [^>]*>>\nstream\n", pdf):
        assert pdf[obj.end() + int(obj.group(1)) :].startswith(b"\nendstream")


def test_every_o_is_a_placed_ring_and_every_x_two_strokes(o_map: Scene) -> None:
    pdf = scene_to_pdf(o_map)
    content = page_content(pdf)
    marks = [i for i in o_map.walk() if isinstance(i, Mark)]
    assert content.count(" Do Q") == sum(m.symbol == "o" for m in marks)
    # rings differ only by their stroke-to-radius ratio: one form per level, a few more at the floor
    assert 1 <= pdf.count(b"/Subtype /Form") <= 12
    crosses = re.findall(r"\d+ \d+ m \d+ \d+ l \d+ \d+ m \d+ \d+ l\n", content)
    assert len(crosses) == sum(m.symbol == "x" for m in marks)


@needs_poppler
@pytest.mark.parametrize(
    ("which", "mean_max"), [("x map", 1.0), ("o map to depth 2", 0.5), ("dark poster", 2.0)]
)
def test_poppler_draws_what_the_png_backend_draws(
    which: str, mean_max: float, tmp_path: Path
) -> None:
    """poppler's cairo output of our PDF against our PNG: the same picture.

    At 1600 px the strokes are wide enough that both rasterise them alike;
    what differs is antialiasing and text hinting. Moving the picture by
    3 px makes the mean difference about 15.
    """
    if which == "x map":
        scene = map_scene(build_strategy("x", "yorgey"))
    elif which == "o map to depth 2":
        scene = map_scene(build_strategy("o", "yorgey"), MapOptions(depth=2))
    else:
        x, o = build_strategy("x", "xkcd"), build_strategy("o", "xkcd")
        scene = poster_scene(x, o, MapOptions(depth=1), theme=DARK)
    width = 1600
    theirs = poppler_png(scene_to_pdf(scene), tmp_path, width)
    ours = Image.open(io.BytesIO(scene_to_png(scene, width_px=width))).convert("RGB")
    assert abs(theirs.size[1] - ours.size[1]) <= 1  # pages of fractional pixels round either way
    box = (0, 0, width, min(theirs.size[1], ours.size[1]))
    theirs, ours = theirs.crop(box), ours.crop(box)
    histogram = ImageChops.difference(theirs, ours).convert("L").histogram()
    pixels = ours.size[0] * ours.size[1]
    mean = sum(v * n for v, n in enumerate(histogram)) / pixels
    far = sum(histogram[96:]) / pixels
    assert mean < mean_max, f"mean difference {mean:.2f}"
    assert far < 0.01, f"{far:.2%} of pixels differ by more than 96"


@needs_poppler
def test_pdf_text_is_searchable_and_copyable() -> None:
    scene = Scene(
        600,
        200,
        (
            Text(300, 60, TRICKY_TITLE, 30, "title", bold=True),
            Text(20, 150, "Tie-break policy: fast,novice", 14, "footer", "start"),
        ),
    )
    text = pdftotext(scene_to_pdf(scene))
    assert TRICKY_TITLE in text
    assert "Tie-break policy: fast,novice" in text


@needs_poppler
def test_dark_theme_fills_the_whole_page(tiny: Scene, tmp_path: Path) -> None:
    dark = Scene(tiny.width, tiny.height, tiny.items, theme=DARK)
    image = poppler_png(scene_to_pdf(dark, size=parse_size("A4")), tmp_path, 200)
    w, h = image.size  # the last row and column may be cut by the page edge mid-pixel
    for corner in ((0, 0), (w - 2, 0), (0, h - 2), (w - 2, h - 2)):
        assert image.getpixel(corner) == (0x15, 0x17, 0x1A)
