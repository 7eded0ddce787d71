"""Maps for a GitHub README: ``render --picture`` writes a light and a dark SVG and prints
the ``<picture>`` that shows the one the reader's mode asks for.

Also the question the docs answer: does a ``--theme auto`` SVG switch by itself
inside an ``<img>``? Drawn by Chromium (and Firefox, when installed) with each
colour scheme emulated: it follows the page's ``color-scheme``, or the system
where the page sets none.
"""

from __future__ import annotations

import io
import re
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from cli_checks import assert_usage_error
from conftest import screenshot
from PIL import Image
from typer.testing import CliRunner

from ttt_maps.cli.app import app
from ttt_maps.draw.themes import DARK, LIGHT, PRINT

#: Slow (left out by make check): every test draws SVGs in browsers.
pytestmark = pytest.mark.slow

runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str) -> Any:
    return runner.invoke(app, ["render", *args])


def background(svg: Path) -> str:
    """The fill the SVG's style sheet gives its background."""
    root = ET.parse(svg).getroot()
    css = "".join(s.text or "" for s in root.iter(f"{SVG}style"))
    found = re.search(r"#[\w-]+ \.ttt-background\{fill:(#[0-9a-f]{6})\}", css)
    assert found, css[:400]
    return found.group(1)


def boards(svg: Path) -> list[str]:
    root = ET.parse(svg).getroot()
    return [str(g.get("data-board")) for g in root.iter(f"{SVG}g") if g.get("data-board")]


def test_picture_writes_a_light_and_a_dark_file_and_the_html(tmp_path: Path) -> None:
    light, dark = tmp_path / "x-map.svg", tmp_path / "x-map-dark.svg"
    result = run("--player", "x", "--picture", "-o", str(light))
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x-map-dark.svg", "x-map.svg"]
    assert (background(light), background(dark)) == (LIGHT.background, DARK.background)
    assert boards(light) == boards(dark) and len(boards(light)) == 123  # pin: today's map
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{light}  ") and lines[1].startswith(f"{dark}  ")
    html = result.stdout[result.stdout.index("<picture>") :]
    picture = ET.fromstring(html)
    source, img = list(picture)
    assert source.attrib == {"media": "(prefers-color-scheme: dark)", "srcset": dark.as_posix()}
    assert img.get("src") == light.as_posix()
    assert img.get("alt") == "Map for X: complete map of optimal tic-tac-toe moves"


def test_picture_without_o_pairs_every_default_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default job, only SVG, each drawing light and dark; another board in the names;
    the light theme may be print (the dark one stays dark)."""
    monkeypatch.chdir(tmp_path)
    result = run("--picture", "--board", "3x4k3", "--player", "x", "--theme", "print")
    assert result.exit_code == 0, result.stderr
    out = tmp_path / "output"
    assert sorted(p.name for p in out.iterdir()) == ["x-map-3x4k3-dark.svg", "x-map-3x4k3.svg"]
    assert background(out / "x-map-3x4k3.svg") == PRINT.background
    assert background(out / "x-map-3x4k3-dark.svg") == DARK.background
    assert result.stdout.count("<picture>") == 1


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["-o", "x.pdf"], "not pdf"),
        (["-o", "x", "-f", "png"], "not png"),
        (["-o", "-", "-f", "svg"], "two files"),
        (["-o", "x.svg", "--theme", "dark"], "--theme dark"),
        (["-o", "x.svg", "--theme", "auto"], "--theme auto"),
    ],
)
def test_picture_refuses_what_it_cannot_pair(
    args: list[str], needle: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert_usage_error(run("--player", "x", "--picture", *args), needle, stdout_empty=True)
    assert list(tmp_path.iterdir()) == []


# -- in a browser ------------------------------------------------------------------------

#: Pages that show a map as an image: (name, HTML, the page's own colour scheme or None).
IMG = '<img src="auto.svg" width="120">'
PAGES = {
    "img": (f"<html><body style='margin:0'>{IMG}</body></html>", None),
    "img, page light": (f"<html style='color-scheme:light'><body style='margin:0'>{IMG}", "light"),
    "img, page dark": (f"<html style='color-scheme:dark'><body style='margin:0'>{IMG}", "dark"),
    "picture": (
        "<html><body style='margin:0'><picture><source media='(prefers-color-scheme: dark)' "
        "srcset='pair-dark.svg'><img src='pair.svg' width='120'></picture></body></html>",
        None,
    ),
}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("img")
    for args in (["--theme", "auto", "-o", "auto.svg"], ["--picture", "-o", "pair.svg"]):
        result = run(
            "--player",
            "x",
            "--depth",
            "1",
            "-q",
            *[str(folder / a) if a.endswith(".svg") else a for a in args],
        )
        assert result.exit_code == 0, result.stderr
    for n, (html, _) in enumerate(PAGES.values()):
        (folder / f"page{n}.html").write_text(html, encoding="utf-8")
    return folder


def expected(page: str, system: str) -> str:
    """The background each page should show: its own scheme, else the system's."""
    scheme = PAGES[page][1] or system
    return DARK.background if scheme == "dark" else LIGHT.background


def corner(png: bytes) -> str:
    r, g, b = Image.open(io.BytesIO(png)).convert("RGB").getpixel((4, 4))
    return f"#{r:02x}{g:02x}{b:02x}"


@pytest.mark.parametrize("system", ["light", "dark"])
def test_an_auto_map_in_an_img_follows_the_page_in_chromium(
    system: str, pages: Path, chromium: Any
) -> None:
    for n, name in enumerate(PAGES):
        page = chromium.new_page(color_scheme=system, viewport={"width": 140, "height": 140})
        try:
            page.goto((pages / f"page{n}.html").as_uri())
            page.wait_for_timeout(100)
            assert corner(screenshot(page)) == expected(name, system), (name, system)
        finally:
            page.close()


@pytest.mark.parametrize("system", ["light", "dark"])
def test_an_auto_map_in_an_img_follows_the_page_in_firefox(
    system: str, pages: Path, firefox: Any
) -> None:
    for n, name in enumerate(PAGES):
        page = firefox.new_page({"width": 140, "height": 140}, color_scheme=system)
        try:
            page.goto((pages / f"page{n}.html").as_uri())
            page.wait_for_function("document.images[0].complete")
            time.sleep(0.2)
            shot = page.screenshot({"x": 0, "y": 0, "width": 20, "height": 20})
            assert corner(shot) == expected(name, system), (name, system)
        finally:
            page.close()
