"""The maps in every common SVG renderer, pixel by pixel against our own PNG.

Chromium, Firefox, librsvg (``rsvg-convert``), Inkscape and CairoSVG each draw
the X map, the O map and the poster as the default job writes them, at the
size of the PNG our cairo backend draws; the two images must agree. The
limits sit between what renderers differ by anyway (anti-aliasing of the
tiniest boards: at most 0.25 % of the boards' pixels far off, in the
browsers; and text, which each lays out with its own hinting) and what a real
fault costs, measured on the maps as they were: Os drawn as octagons by a
renderer that clips a symbol's viewport (1.3-1.6 % far off), no marks at all
in one that ignores a plain ``href`` (mean 30-41, 15-23 %), or the drawing
moved by two pixels (mean 19-26, 11-15 %).
A renderer that is not installed skips, saying how to get it.

Also here: ``--theme auto`` inlined in pages of the common Sphinx themes and of
MkDocs' Material.
"""

from __future__ import annotations

import io
import subprocess
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from conftest import need_tool, screenshot
from PIL import Image, ImageChops

import ttt_maps
from ttt_maps.api import scene_of
from ttt_maps.backends.cairo import scene_to_png
from ttt_maps.backends.svg.writer import scene_to_svg
from ttt_maps.draw.compose import map_scene
from ttt_maps.draw.scene import Scene
from ttt_maps.draw.themes import DARK, LIGHT
from ttt_maps.trees.strategy import build_strategy

#: Slow (left out by make check): every test draws the maps in browsers and outside renderers.
pytestmark = pytest.mark.slow

#: Width in pixels each drawing is compared at (the xkcd map, captioned: drawn by hand,
#: its letters outlines, so held to the maps' limits, text and all).
WIDTHS = {"x": 900, "o": 900, "poster": 1500, "xkcd x": 900}
#: Pixels that differ by more than this (of 255, in any channel) are "far off".
FAR = 64
#: The mean difference and share of far-off pixels allowed over a map's boards,
#: and over a whole poster, whose text each renderer lays out its own way.
MAP_LIMITS = (8.0, 0.005)
POSTER_LIMITS = (5.0, 0.02)


class Drawing(NamedTuple):
    svg: Path
    png: Image.Image  # ours
    boards: list[tuple[int, int, int, int]]  # the pixel boxes of the maps' whole boards


@cache
def scene(name: str) -> Scene:
    if name == "poster":
        return scene_of(ttt_maps.poster())
    if name == "xkcd x":
        return map_scene(build_strategy("x"), theme="xkcd", title="Our map", caption=True)
    return scene_of(ttt_maps.strategy(name))


@pytest.fixture(scope="module")
def drawings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Drawing]:
    folder = tmp_path_factory.mktemp("renderers")
    out = {}
    for name, width in WIDTHS.items():
        s = scene(name)
        path = folder / f"{name.replace(' ', '-')}.svg"
        path.write_text(scene_to_svg(s), encoding="utf-8")
        png = Image.open(io.BytesIO(scene_to_png(s, width_px=width))).convert("RGB")
        k = png.width / s.width
        boxes = [
            (round(b.box.x * k), round(b.box.y * k), round(b.box.w * k), round(b.box.h * k))
            for b in s.boards()
            if b.level == 0
        ]
        out[name] = Drawing(path, png, boxes)
    return out


def opaque(data: bytes | Path) -> Image.Image:
    """An image as RGB on white (renderers leave what the SVG does not paint transparent)."""
    image = Image.open(io.BytesIO(data) if isinstance(data, bytes) else data)
    image = image.convert("RGBA")
    white = Image.new("RGBA", image.size, "white")
    white.alpha_composite(image)
    return white.convert("RGB")


def difference(ours: Image.Image, theirs: Image.Image) -> tuple[float, float]:
    """Mean difference (0-255, the largest of the channels) and the share of far-off pixels."""
    assert theirs.size == ours.size
    diff = ImageChops.difference(ours, theirs).split()
    worst = ImageChops.lighter(ImageChops.lighter(diff[0], diff[1]), diff[2])
    histogram = worst.histogram()
    pixels = sum(histogram)
    mean = sum(v * n for v, n in enumerate(histogram)) / pixels
    return mean, sum(histogram[FAR + 1 :]) / pixels


def check(name: str, drawing: Drawing, theirs: Image.Image) -> None:
    """Their picture against ours: over the maps' boards strictly, over all of it loosely."""
    where = []
    for x, y, w, h in drawing.boards:
        box = (x, y, x + w, y + h)
        mean, far = difference(drawing.png.crop(box), theirs.crop(box))
        where.append(f"boards: mean {mean:.2f}, {far:.3%} far off")
        assert mean <= MAP_LIMITS[0] and far <= MAP_LIMITS[1], f"{name}: {where[-1]}"
    mean, far = difference(drawing.png, theirs)
    limits = POSTER_LIMITS if name == "poster" else MAP_LIMITS
    assert mean <= limits[0] and far <= limits[1], f"{name}: mean {mean:.2f}, {far:.3%} far off"
    print(f"{name}: whole mean {mean:.2f}, {far:.3%} far off; {'; '.join(where)}")


Renderer = Callable[[Drawing, Path], Image.Image]


def rsvg(d: Drawing, tmp: Path) -> Image.Image:
    tool = need_tool("rsvg-convert", "librsvg2-bin")
    out = tmp / "rsvg.png"
    size = [str(v) for v in ("-w", d.png.width, "-h", d.png.height)]
    subprocess.run([tool, *size, "-o", str(out), str(d.svg)], check=True, timeout=120)
    return opaque(out)


def inkscape(d: Drawing, tmp: Path) -> Image.Image:
    tool = need_tool("inkscape", "inkscape")
    out = tmp / "inkscape.png"
    subprocess.run(
        [tool, str(d.svg), "--export-type=png", f"--export-filename={out}",
         f"--export-width={d.png.width}", f"--export-height={d.png.height}"],
        check=True, timeout=120, capture_output=True, env={"HOME": str(tmp), "PATH": "/usr/bin"},
    )  # fmt: skip
    return opaque(out)


def cairosvg(d: Drawing, tmp: Path) -> Image.Image:
    module = pytest.importorskip("cairosvg", reason="pip install -e '.[dev]' brings CairoSVG")
    png = module.svg2png(url=str(d.svg), output_width=d.png.width, output_height=d.png.height)
    return opaque(png)


def firefox(d: Drawing, tmp: Path) -> Image.Image:
    """Firefox draws an SVG file by itself: ``--screenshot`` needs no driver."""
    tool = need_tool("firefox-esr", "firefox-esr")
    out, profile = tmp / "firefox.png", tmp / "profile"
    profile.mkdir()
    subprocess.run(
        [tool, "--headless", "--no-remote", "--profile", str(profile),
         "--screenshot", str(out), f"--window-size={d.png.width},{d.png.height}", d.svg.as_uri()],
        check=True, timeout=120, capture_output=True, env={"HOME": str(tmp), "PATH": "/usr/bin"},
    )  # fmt: skip
    return opaque(out)


RENDERERS: dict[str, Renderer] = {
    "librsvg": rsvg,
    "inkscape": inkscape,
    "cairosvg": cairosvg,
    "firefox": firefox,
}


@pytest.mark.parametrize("name", list(WIDTHS))
@pytest.mark.parametrize("renderer", list(RENDERERS))
def test_renderer_draws_what_we_draw(
    renderer: str, name: str, drawings: dict[str, Drawing], tmp_path: Path
) -> None:
    check(name, drawings[name], RENDERERS[renderer](drawings[name], tmp_path))


@pytest.mark.parametrize("name", list(WIDTHS))
def test_chromium_draws_what_we_draw(
    name: str, drawings: dict[str, Drawing], chromium: Any
) -> None:
    d = drawings[name]
    page = chromium.new_page(viewport={"width": d.png.width, "height": d.png.height})
    try:
        page.goto(d.svg.as_uri())
        check(name, d, opaque(screenshot(page)))
    finally:
        page.close()


# -- light or dark, inlined in a docs page ---------------------------------------------

PAGES = {
    # furo switches on <body data-theme>, "auto" following the reader's system;
    # pydata-sphinx-theme on <html data-theme>; MkDocs' Material theme on
    # <body data-md-color-scheme>, "default" (light) or "slate" (dark).
    "furo": '<html><body data-theme="{theme}">{svg}</body></html>',
    "pydata": '<html data-theme="{theme}"><body>{svg}</body></html>',
    "material": '<html><body data-md-color-scheme="{theme}">{svg}</body></html>',
    # JupyterLab on <body data-jp-theme-light>, "true" or "false".
    "jupyter": '<html><body data-jp-theme-light="{theme}">{svg}</body></html>',
    # Alabaster and any plain page: no dark mode, so the map stays light.
    "plain": "<html><body>{svg}</body></html>",
}
#: How each site names its light and dark switch.
SWITCHES = {
    "material": {"light": "default", "dark": "slate"},
    "jupyter": {"light": "true", "dark": "false"},
}


@pytest.mark.parametrize("site", list(PAGES))
def test_auto_map_follows_the_docs_theme(site: str, chromium: Any, tmp_path: Path) -> None:
    svg = scene_to_svg(scene_of(ttt_maps.strategy("x"), theme="auto"), id_prefix="m")
    cases = [  # (page switch, reader's system) -> the map's colours
        ("light", "light", LIGHT),
        ("light", "dark", LIGHT),  # the page says light: stay light on a dark system
        ("dark", "light", DARK),
        ("dark", "dark", DARK),
    ]
    if site == "furo":
        cases += [("auto", "light", LIGHT), ("auto", "dark", DARK)]
    if site == "plain":
        cases = [("light", "light", LIGHT), ("light", "dark", LIGHT)]
    for switch, system, colours in cases:
        path = tmp_path / f"{site}-{switch}.html"
        name = SWITCHES.get(site, {}).get(switch, switch)
        path.write_text(PAGES[site].format(theme=name, svg=svg), encoding="utf-8")
        page = chromium.new_page(color_scheme=system)
        try:
            page.goto(path.as_uri())
            got = page.evaluate(
                """() => ['.ttt-chosen', '.ttt-board', '.ttt-background'].map((s) => {
                     const c = getComputedStyle(document.querySelector('#m ' + s));
                     return s === '.ttt-background' ? c.fill : c.stroke; })"""
            )
        finally:
            page.close()
        # On the page's own background: the map draws none of its own.
        want = [rgb(colours.chosen), rgb(colours.ink), "none"]
        assert got == want, (site, switch, system)


def rgb(colour: str) -> str:
    """``#rrggbb`` as the browser reports a computed colour."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"
