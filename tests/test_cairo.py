"""The PDF/PNG backend: page sizes, metadata, determinism, pixel caps, and what is drawn."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import textwrap

import pytest
from PIL import Image

from ttt_maps.errors import UsageError
from ttt_maps.layout import map_scene
from ttt_maps.render.cairo import (
    PIXEL_CAP,
    PageSize,
    parse_size,
    scene_to_pdf,
    scene_to_png,
)
from ttt_maps.scene import DARK, Box, Group, Mark, Rect, Scene, Text
from ttt_maps.strategy import build_strategy

MM = 72 / 25.4
TRICKY_TITLE = 'Map <X> & "O\'s" (draft) \\ café ✓'


@pytest.fixture(scope="module")
def tiny() -> Scene:
    """X to move on xx.oo....: one board, the red X in cell 2 wins along the top row."""
    return map_scene(build_strategy("x", root="xx.oo...."))


@pytest.fixture(scope="module")
def x_map() -> Scene:
    return map_scene(build_strategy("x"))


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


def png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


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
        "A5",
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


# -- PDF -------------------------------------------------------------------------


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


def test_pdf_metadata_title_creator_and_fixed_date(
    tiny: Scene, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    scene = Scene(tiny.width, tiny.height, tiny.items, title=TRICKY_TITLE, desc="A map.")
    pdf = scene_to_pdf(scene)
    assert pdf_string(pdf, "Title") == TRICKY_TITLE
    assert pdf_string(pdf, "Creator").startswith("ttt-maps ")
    assert pdf_string(pdf, "Subject") == "A map."
    assert "20000101000000" in pdf_string(pdf, "CreationDate")
    # no wall-clock time anywhere (a random /ID shows in the fresh-process test)
    stamps = re.findall(rb"(?<!\d)(?:19|20)\d{12}(?!\d)", pdf)
    assert stamps and all(s.startswith(b"20000101") for s in stamps)


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
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(UsageError, match="SOURCE_DATE_EPOCH"):
        scene_to_pdf(tiny)


def test_pdf_and_png_are_byte_identical_across_renders(x_map: Scene) -> None:
    size = parse_size("A3")
    assert scene_to_pdf(x_map, size=size) == scene_to_pdf(x_map, size=size)
    assert scene_to_png(x_map, width_px=400) == scene_to_png(x_map, width_px=400)


def test_pdf_with_text_is_identical_in_a_fresh_process() -> None:
    code = textwrap.dedent(
        """
        import sys
        from ttt_maps.render.cairo import scene_to_pdf
        from ttt_maps.scene import Scene, Text
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
    assert b"DejaVuSans" in runs[0]


def test_importing_the_backend_does_not_import_cairo() -> None:
    code = "import sys, ttt_maps.render.cairo; assert 'cairo' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_margin_leaving_no_room_is_a_usage_error(tiny: Scene) -> None:
    with pytest.raises(UsageError, match="margin"):
        scene_to_pdf(tiny, size=parse_size("100x100mm"), margin_mm=60)
    with pytest.raises(UsageError, match="margin"):
        scene_to_pdf(tiny, size=parse_size("A4"), margin_mm=-1)


# -- PNG ------------------------------------------------------------------------


def test_png_width_and_default_width(tiny: Scene) -> None:
    assert png(scene_to_png(tiny, width_px=321)).size == (321, 321)
    assert png(scene_to_png(tiny)).size == (2000, 2000)


def test_png_records_dpi(tiny: Scene) -> None:
    image = png(scene_to_png(tiny, width_px=300, dpi=300))
    assert image.size == (300, 300)
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.5)


def test_png_dpi_with_size_gives_the_page_in_pixels(tiny: Scene) -> None:
    image = png(scene_to_png(tiny, dpi=50, size=parse_size("A4")))
    assert image.size == (round(210 * MM * 50 / 72), round(297 * MM * 50 / 72))
    assert image.info["dpi"] == pytest.approx((50, 50), abs=0.5)


def test_png_dpi_alone_draws_a_unit_as_a_point(tiny: Scene) -> None:
    image = png(scene_to_png(tiny, dpi=36))
    assert image.size == (round(tiny.width / 2), round(tiny.height / 2))


def test_png_width_with_size_keeps_the_page_shape(tiny: Scene) -> None:
    image = png(scene_to_png(tiny, width_px=420, size=parse_size("A2")))
    assert image.size == (420, 594)
    assert image.info["dpi"] == pytest.approx((420 / (420 / 25.4),) * 2, abs=0.5)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"dpi": 2400, "size": "A0"},
        {"width_px": 40000},
        {"width_px": 10001},
    ],
)
def test_png_over_the_pixel_cap_points_at_svg_and_pdf(
    tiny: Scene, kwargs: dict[str, object]
) -> None:
    if "size" in kwargs:
        kwargs = {**kwargs, "size": parse_size(str(kwargs["size"]))}
    with pytest.raises(UsageError) as err:
        scene_to_png(tiny, **kwargs)  # type: ignore[arg-type]
    message = str(err.value)
    assert re.search(r"\d+ x \d+ pixels", message)
    assert "SVG" in message and "PDF" in message
    assert PIXEL_CAP >= 10_000_000


@pytest.mark.parametrize(
    "kwargs",
    [{"width_px": 0}, {"width_px": -3}, {"dpi": 0.0}, {"dpi": float("nan")}, {"dpi": -72.0}],
)
def test_png_bad_width_or_dpi_is_a_usage_error(tiny: Scene, kwargs: dict[str, float]) -> None:
    with pytest.raises(UsageError):
        scene_to_png(tiny, **kwargs)  # type: ignore[arg-type]


def test_png_width_and_dpi_with_a_size_conflict(tiny: Scene) -> None:
    with pytest.raises(UsageError, match="not both"):
        scene_to_png(tiny, width_px=500, dpi=100, size=parse_size("A4"))


# -- what is drawn ----------------------------------------------------------------


def rgb_at(image: Image.Image, scene: Scene, x: float, y: float) -> tuple[int, int, int]:
    scale = image.size[0] / scene.width
    pixel = image.getpixel((int(x * scale), int(y * scale)))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def is_red(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return r > 180 and g < 90 and b < 90


def is_dark(rgb: tuple[int, int, int]) -> bool:
    return max(rgb) < 80


def test_chosen_mark_is_red_and_played_marks_are_black(tiny: Scene) -> None:
    image = png(scene_to_png(tiny, width_px=1000)).convert("RGB")
    marks = [i for i in tiny.walk() if isinstance(i, Mark)]
    chosen = next(m for m in marks if m.role == "chosen")
    b = chosen.box
    # a quarter of the way down each diagonal: on the stroke, clear of the win line
    assert is_red(rgb_at(image, tiny, b.x + b.w / 4, b.y + b.h / 4))
    assert is_red(rgb_at(image, tiny, b.x + 3 * b.w / 4, b.y + b.h / 4))
    for mark in marks:
        if mark.role == "played":
            m = mark.box
            if mark.symbol == "x":
                x, y = m.x + m.w / 4, m.y + m.h / 4
            else:  # the O's leftmost point, on its ring
                x, y = m.x, m.cy
            assert is_dark(rgb_at(image, tiny, x, y)), mark
    assert rgb_at(image, tiny, 5, 5) == (255, 255, 255)
    # the centre of an O is empty
    o = next(m for m in marks if m.symbol == "o")
    assert rgb_at(image, tiny, o.box.cx, o.box.cy) == (255, 255, 255)


def test_dark_theme_fills_the_whole_page(tiny: Scene) -> None:
    dark = Scene(tiny.width, tiny.height, tiny.items, theme=DARK)
    image = png(scene_to_png(dark, dpi=20, size=parse_size("A4"))).convert("RGB")
    assert image.getpixel((0, 0)) == (0x15, 0x17, 0x1A)
    assert image.getpixel((image.size[0] - 1, image.size[1] - 1)) == (0x15, 0x17, 0x1A)


def test_scene_is_centred_on_the_page(tiny: Scene) -> None:
    framed = Scene(100, 100, (Rect(Box(0, 0, 100, 100), "differs"),))
    image = png(scene_to_png(framed, dpi=30, size=parse_size("A4"))).convert("RGB")
    w, h = image.size
    mask = Image.eval(image.convert("L"), lambda v: 255 if v < 250 else 0)
    left, top, right, bottom = mask.getbbox() or (0, 0, 0, 0)
    assert abs(left - (w - right)) <= 1
    assert abs(top - (h - bottom)) <= 1
    assert left == pytest.approx(10 * MM * 30 / 72, abs=1.5)  # fitted to the width margin


@pytest.mark.parametrize("anchor", ["start", "middle", "end"])
def test_text_anchor(anchor: str) -> None:
    scene = Scene(400, 100, (Text(200, 70, "HHHH", 40, "title", anchor, bold=True),))  # type: ignore[arg-type]
    image = png(scene_to_png(scene, width_px=400)).convert("L")
    mask = Image.eval(image, lambda v: 255 if v < 128 else 0)
    left, top, right, bottom = mask.getbbox() or (0, 0, 0, 0)
    assert bottom <= 71 and top > 20
    if anchor == "start":
        assert 199 <= left < 215
    elif anchor == "end":
        assert 185 < right <= 201
    else:
        assert abs((left + right) / 2 - 200) <= 3


def test_groups_draw_in_order_later_items_on_top() -> None:
    red = Mark("x", 0, Box(10, 10, 80, 80), "chosen", 30)
    cover = Rect(Box(0, 0, 100, 100), "differs")
    box = Box(0, 0, 100, 100)
    scene = Scene(100, 100, (Group(box, (red,)), Group(box, (cover,))))
    image = png(scene_to_png(scene, width_px=100)).convert("RGB")
    assert image.getpixel((50, 50)) == (0xFF, 0xE9, 0xA8)


def test_whole_x_map_draws_as_pdf_and_png(x_map: Scene) -> None:
    pdf = scene_to_pdf(x_map, size=parse_size("A2"))
    assert len(pdf) > 5_000
    image = png(scene_to_png(x_map, width_px=500)).convert("RGB")
    colours = image.getcolors(1 << 24) or []
    assert any(isinstance(c, tuple) and is_red((c[0], c[1], c[2])) for _, c in colours)
