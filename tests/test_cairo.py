"""The PNG backend (cairo): sizes, DPI, pixel caps, determinism, and what is drawn."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest
from PIL import Image

import ttt_maps
from ttt_maps.backends.cairo import PIXEL_CAP, scene_to_png
from ttt_maps.backends.page import parse_size
from ttt_maps.draw.compose import map_scene
from ttt_maps.draw.scene import Box, Group, Mark, Rect, Scene, Text
from ttt_maps.draw.themes import DARK
from ttt_maps.errors import UsageError
from ttt_maps.trees.strategy import build_strategy

MM = 72 / 25.4


@pytest.fixture(scope="module")
def tiny() -> Scene:
    """X to move on xx.oo....: one board, the red X in cell 2 wins along the top row."""
    return map_scene(build_strategy("x", root="xx.oo...."))


@pytest.fixture(scope="module")
def x_map() -> Scene:
    return map_scene(build_strategy("x"))


def png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


# -- PNG ------------------------------------------------------------------------


def test_png_is_byte_identical_across_renders(x_map: Scene) -> None:
    assert scene_to_png(x_map, width_px=400) == scene_to_png(x_map, width_px=400)


def test_importing_the_backend_does_not_import_cairo() -> None:
    code = "import sys, ttt_maps.backends.cairo; assert 'cairo' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


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
        {"width_px": 16000},  # 256 megapixels on a square page
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
    [{"width": 0}, {"width": -3}, {"dpi": 0.0}, {"dpi": float("nan")}, {"dpi": -72.0}],
)
def test_png_bad_width_or_dpi_is_a_usage_error(kwargs: dict[str, float]) -> None:
    """Refused where they enter, by name, before anything is drawn."""
    tree = ttt_maps.strategy("x", depth=0)
    with pytest.raises(UsageError, match=rf"^{next(iter(kwargs))}="):
        ttt_maps.render(tree, "png", **kwargs)  # type: ignore[call-overload]


def test_png_width_and_dpi_with_a_size_conflict() -> None:
    tree = ttt_maps.strategy("x", depth=0)
    with pytest.raises(UsageError, match=r"^width= and dpi= both set the PNG's size"):
        ttt_maps.render(tree, "png", width=500, dpi=100, size="A4")


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


def test_whole_x_map_draws_as_png(x_map: Scene) -> None:
    image = png(scene_to_png(x_map, width_px=500)).convert("RGB")
    colours = image.getcolors(1 << 24) or []
    assert any(isinstance(c, tuple) and is_red((c[0], c[1], c[2])) for _, c in colours)
