"""Maps drawn in ``auto`` inside real docs pages: they take the page's own light or
dark scheme (not the reader's system, where the page has no dark mode) and sit on
the page's own background. Read back in Chromium from Sphinx builds in four themes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sphinx", reason="Sphinx is a dev extra: pip install -e '.[dev]'")

from sphinx.cmd.build import build_main

from ttt_maps.draw.themes import DARK, LIGHT

#: Slow (left out by make check): every test builds docs pages and opens them in a browser.
pytestmark = pytest.mark.slow

#: Each theme, and how a script sets its scheme as the theme's own switch does.
THEMES = {
    "alabaster": None,  # no dark mode: the page and the map stay light
    "furo": "document.body.dataset.theme = '{scheme}'",
    "pydata_sphinx_theme": "document.documentElement.dataset.theme = '{scheme}'",
    "sphinx_book_theme": "document.documentElement.dataset.theme = '{scheme}'",
}

#: What the map and the page report: the map's background fill, its ink, its
#: grid, and the page's background behind it.
READ = """() => {
  const map = document.querySelector('div.ttt-map svg');
  const style = (s) => getComputedStyle(map.querySelector(s));
  let e = map.parentElement, back = 'rgba(0, 0, 0, 0)';
  while (e && (back === 'rgba(0, 0, 0, 0)' || back === 'transparent')) {
    back = getComputedStyle(e).backgroundColor; e = e.parentElement;
  }
  if (back === 'rgba(0, 0, 0, 0)') back = 'rgb(255, 255, 255)';
  return [style('.ttt-background').fill, style('.ttt-board').stroke,
          style('.ttt-chosen').stroke, back];
}"""


def luminance(css: str) -> float:
    """The lightness 0..1 of a computed ``rgb(r, g, b)`` colour (a plain mean is enough)."""
    r, g, b = (int(v) for v in css[css.index("(") + 1 : -1].split(",")[:3])
    return (r + g + b) / 765


def rgb(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One small page with one ``auto`` map, built in each theme."""
    built = {}
    for theme in THEMES:
        if theme != "alabaster":
            pytest.importorskip(theme, reason=f"{theme} is a dev extra: pip install -e '.[dev]'")
        src = tmp_path_factory.mktemp(f"src-{theme}")
        (src / "conf.py").write_text(
            f'extensions = ["ttt_maps.integrations.sphinx"]\nhtml_theme = "{theme}"\n'
            'project = "Maps"\n',
            encoding="utf-8",
        )
        (src / "index.rst").write_text(
            "Maps\n====\n\n.. ttt-map::\n   :player: x\n   :depth: 1\n   :theme: auto\n\n"
            ".. ttt-map::\n   :player: x\n   :depth: 1\n   :theme: auto\n   :mode: image\n",
            encoding="utf-8",
        )
        out = tmp_path_factory.mktemp(f"out-{theme}")
        assert build_main(["-E", "-q", "-b", "html", str(src), str(out)]) == 0
        built[theme] = out / "index.html"
    return built


@pytest.mark.parametrize("theme", list(THEMES))
def test_an_auto_map_takes_the_pages_scheme(
    theme: str, sites: dict[str, Path], chromium: Any
) -> None:
    switch = THEMES[theme]
    cases: list[tuple[str, str | None]] = [("light", None), ("dark", None)]
    if switch is not None:
        cases += [(system, scheme) for system in ("light", "dark") for scheme in ("light", "dark")]
    for system, scheme in cases:
        page = chromium.new_page(color_scheme=system)
        try:
            page.goto(sites[theme].as_uri())
            if scheme is not None:
                page.evaluate(f"() => {{ {switch.format(scheme=scheme)} }}")  # type: ignore[union-attr]
            fill, ink, chosen, back = page.evaluate(READ)
        finally:
            page.close()
        dark_page = luminance(back) < 0.5
        want = DARK if dark_page else LIGHT
        case = (theme, system, scheme, back)
        if switch is None:
            assert not dark_page, case  # a theme with no dark mode stays light
        elif scheme is not None:
            assert dark_page == (scheme == "dark"), case
        assert fill == "none", case  # the page's own background shows through
        assert (ink, chosen) == (rgb(want.ink), rgb(want.chosen)), case
        assert abs(luminance(ink) - luminance(back)) > 0.5, case


#: What an image-mode map shows: the class of the image on screen (of two, one per
#: scheme), its file, and the page's background behind it.
SHOWN = """() => {
  const shown = [...document.querySelectorAll('img.ttt-map')]
    .filter((i) => getComputedStyle(i).display !== 'none' && i.offsetWidth > 0);
  let e = shown.length ? shown[0].parentElement : null, back = 'rgba(0, 0, 0, 0)';
  while (e && (back === 'rgba(0, 0, 0, 0)' || back === 'transparent')) {
    back = getComputedStyle(e).backgroundColor; e = e.parentElement;
  }
  if (back === 'rgba(0, 0, 0, 0)') back = 'rgb(255, 255, 255)';
  return [shown.map((i) => i.className), shown.map((i) => i.getAttribute('src')), back];
}"""


def mean_lightness(png: bytes) -> float:
    """The mean lightness 0..1 of a screenshot."""
    from io import BytesIO

    from PIL import Image, ImageStat

    grey = Image.open(BytesIO(png)).convert("L")
    return float(ImageStat.Stat(grey).mean[0]) / 255


@pytest.mark.parametrize("theme", list(THEMES))
def test_an_auto_map_as_an_image_follows_the_pages_switch(
    theme: str, sites: dict[str, Path], chromium: Any
) -> None:
    """``:mode: image`` with ``:theme: auto``: one picture shows, the one for the page's
    own scheme (not the system's), and what it shows is as light or dark as the page
    around it (no black box on a light page); a page without a dark mode shows it light."""
    switch = THEMES[theme]
    cases: list[tuple[str, str | None]] = [("light", None), ("dark", None)]
    if switch is not None:
        cases += [(system, scheme) for system in ("light", "dark") for scheme in ("light", "dark")]
    folder = sites[theme].parent
    for system, scheme in cases:
        page = chromium.new_page(color_scheme=system, viewport={"width": 1200, "height": 900})
        try:
            page.goto(sites[theme].as_uri())
            if scheme is not None:
                page.evaluate(f"() => {{ {switch.format(scheme=scheme)} }}")  # type: ignore[union-attr]
            page.wait_for_function("[...document.images].every((i) => i.complete)")
            classes, sources, back = page.evaluate(SHOWN)
            picture = page.locator("img.ttt-map:visible").first.screenshot()
        finally:
            page.close()
        dark_page = luminance(back) < 0.5
        case = (theme, system, scheme, back, classes)
        assert len(classes) == 1, case
        assert ("ttt-map-dark" if dark_page else "ttt-map-light") in classes[0].split(), case
        if switch is None:
            assert not dark_page, case
        elif scheme is not None:
            assert dark_page == (scheme == "dark"), case
        svg = (folder / sources[0]).read_text(encoding="utf-8")
        assert ".ttt-background{fill:none}" in svg, case  # the page's background shows
        assert abs(mean_lightness(picture) - luminance(back)) < 0.2, case
