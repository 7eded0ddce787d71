"""Maps in MkDocs: the ``ttt-maps`` plugin and its ```` ```ttt-map ```` fence.

``examples/mkdocs`` (Material theme) must build with ``mkdocs build --strict``
as the docs say; its pages hold the maps inline with distinct id prefixes
(and one as an image file), a fence shown inside another fence is left as it
is, and ``theme: auto`` follows Material's palette switch in a browser. A bad
option stops the build with one line naming the page, the line and the option.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mkdocs", reason="MkDocs is a dev extra: pip install -e '.[dev]'")

from ttt_maps.draw.themes import DARK, LIGHT

#: Slow (left out by make check): every test builds an MkDocs site.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "mkdocs"
SVG = "{http://www.w3.org/2000/svg}"


def mkdocs(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``mkdocs ARGS`` from this environment, as a user runs it."""
    program = Path(sys.executable).with_name("mkdocs")
    return subprocess.run(
        [str(program), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )


def maps_in(html: str) -> list[ET.Element]:
    """The maps inlined in a page: the SVGs with our id prefix (Material's icons are SVG too)."""
    found = re.findall(r'<div class="ttt-map"[^>]*>\s*(<svg\b.*?</svg>)', html, re.S)
    return [ET.fromstring(svg) for svg in found]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example built exactly as the docs' command builds it (only the folder moved)."""
    text = (ROOT / "docs" / "integrations.md").read_text(encoding="utf-8")
    lines = [line.split(" # ")[0].strip() for line in text.splitlines()]
    commands = [line for line in lines if line.startswith("mkdocs build ")]
    assert commands and all("--strict" in c for c in commands)
    out = tmp_path_factory.mktemp("site")
    words = [str(out) if w.startswith("/tmp/") else w for w in shlex.split(commands[0])]
    run = mkdocs(*words[1:])
    assert run.returncode == 0, run.stderr[-3000:]
    return out


def test_example_inlines_maps_with_distinct_prefixes(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    svgs = maps_in(html)
    assert [s.get("id") for s in svgs] == ["ttt-index-0", "ttt-index-1"]
    for svg in svgs:
        prefix = svg.get("id")
        ids = [e.get("id") for e in svg.iter() if e.get("id")]
        assert all(i == prefix or i.startswith(f"{prefix}-") for i in ids)
        assert svg.findall(f".//{SVG}g[@data-board]") and svg.findall(f".//{SVG}use[@data-cell]")
    assert 'aria-label="The complete map of optimal moves for X, who opens' in html
    # The second map is cut at depth 2, tinted, 360 px wide.
    levels = {
        g.get("class", "").split("ttt-level-")[1].split()[0]
        for g in svgs[1].findall(f".//{SVG}g[@data-board]")
    }
    assert max(map(int, levels)) == 2
    assert tints(svgs[1]) and not tints(svgs[0])
    assert 'style="width:360px;max-width:100%"' in html
    assert "TTTMAPFIGURE" not in html


def test_example_writes_the_image_mode_map_as_a_file(site: Path) -> None:
    """``mode: image`` with ``theme: auto``: a file per scheme, and the page links the
    style sheet that shows the one for Material's palette."""
    html = (site / "index.html").read_text(encoding="utf-8")
    sources = re.findall(r'<img src="([^"]+)" alt="([^"]+)" class="ttt-map ttt-map-(\w+)', html)
    assert [(alt, scheme) for _, alt, scheme in sources] == [
        ("The complete map of optimal moves for O.", "light"),
        ("The complete map of optimal moves for O.", "dark"),
    ]
    for src, _, _ in sources:
        svg = ET.parse(site / src).getroot()
        assert svg.tag == f"{SVG}svg" and len(svg.findall(f".//{SVG}g[@data-board]")) > 800
    sheet = re.search(r'<link rel="stylesheet" href="([^"]*ttt-map-schemes.css)">', html)
    assert sheet and "ttt-map-dark" in (site / sheet.group(1)).read_text(encoding="utf-8")
    other = (site / "syntax" / "index.html").read_text(encoding="utf-8")
    assert "ttt-map-schemes.css" not in other  # only where a page shows such a map


def test_an_auto_image_follows_materials_switch(site: Path, chromium: Any) -> None:
    """The image-mode map shows the picture for the page's palette, on either system
    and after the header's switch: one picture, light on ``default``, dark on ``slate``."""
    shown = """() => [...document.querySelectorAll('img.ttt-map')]
        .filter((i) => getComputedStyle(i).display !== 'none').map((i) => i.className)"""
    for system in ("light", "dark"):
        page = chromium.new_page(color_scheme=system)
        try:
            page.goto((site / "index.html").as_uri())
            for _ in range(2):
                scheme = page.evaluate("() => document.body.dataset.mdColorScheme")
                want = "ttt-map-light" if scheme == "default" else "ttt-map-dark"
                classes = page.evaluate(shown)
                assert len(classes) == 1 and want in classes[0].split(), (system, scheme)
                page.click("label.md-header__button[for^=__palette]:visible")
        finally:
            page.close()


def test_a_fence_inside_a_fence_is_shown_as_written(site: Path) -> None:
    html = (site / "syntax" / "index.html").read_text(encoding="utf-8")
    assert not maps_in(html) and "```ttt-map" in html and "TTTMAPFIGURE" not in html


def test_auto_follows_the_reader_and_materials_switch(site: Path, chromium: Any) -> None:
    """On a light and a dark system, and after the header's switch: the map's ink is
    the page's scheme, whatever the system says, on the page's own background."""
    for system in ("light", "dark"):
        page = chromium.new_page(color_scheme=system)
        try:
            page.goto((site / "index.html").as_uri())
            seen = []
            for _ in range(2):
                scheme = page.evaluate("() => document.body.dataset.mdColorScheme")
                fill, ink = page.evaluate(
                    "() => ['.ttt-background', '.ttt-board'].map((s) => getComputedStyle("
                    "document.querySelector('#ttt-index-0 ' + s))).map((c, i) => "
                    "i ? c.stroke : c.fill)"
                )
                seen.append((scheme, (fill, ink)))
                page.click("label.md-header__button[for^=__palette]:visible")
        finally:
            page.close()
        first = "default" if system == "light" else "slate"
        assert [s for s, _ in seen] == [first, {"default": "slate", "slate": "default"}[first]]
        for scheme, drawn in seen:
            assert drawn == ("none", rgb((LIGHT if scheme == "default" else DARK).ink)), system


def tints(svg: ET.Element) -> list[ET.Element]:
    """The drawn outcome tints (the style sheet names the classes in every map)."""
    return [e for e in svg.iter() if "ttt-tint-" in e.get("class", "")]


def first_move(svg: ET.Element) -> str:
    """The cell of a map's first red move: the one its top board draws itself."""
    top = next(g for g in svg.iter(f"{SVG}g") if "ttt-level-0" in g.get("class", ""))
    own = [*top, *(e for g in top if g.tag == f"{SVG}g" and not g.get("class") for e in g)]
    return next(str(e.get("data-cell")) for e in own if e.get("data-cell"))


def rgb(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


# -- bad fences stop the build -------------------------------------------------------------

BAD = {  # the fence's lines -> what the one error line must say
    "player: z": "bad player option",
    "policy: nope": "bad policy option: policy key 'nope' is unknown",
    "depth: -1": "bad depth option",
    "theme: neon": "bad theme option",
    "board: 3by3": "bad board option",
    "from: xxx": "bad from option",
    "width: wide": "bad width option",
    "mode: pdf": "bad mode option",
    "outcomes: maybe": "bad outcomes option",
    "colour: red": "unknown option 'colour'",
    "player x": "expected 'option: value'",
    "policy: book:missing.json": "no such file",
}


def bad_project(tmp_path: Path, fence: str) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: bad\nplugins:\n  - ttt-maps\n", encoding="utf-8"
    )
    page = "---\ntitle: Front matter\n---\n\n# Bad\n\nSome text.\n\n```ttt-map\ntitle: A map\n"
    (docs / "index.md").write_text(page + fence + "\n```\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("fence", list(BAD))
def test_a_bad_option_stops_the_build_naming_page_line_and_option(
    fence: str, tmp_path: Path
) -> None:
    run = mkdocs("build", cwd=bad_project(tmp_path, fence))
    assert run.returncode != 0
    errors = [line for line in run.stderr.splitlines() if "ttt-map:" in line]
    # Line 11 of the file: the front matter MkDocs took off is counted.
    assert errors and "index.md:11: ttt-map: " in errors[0] and BAD[fence] in errors[0], errors
    assert "Traceback" not in run.stderr


def test_a_description_from_a_finished_game_stops_the_build(tmp_path: Path) -> None:
    fence = "player: x\nfrom: xxxoo....\ndescription: true"
    run = mkdocs("build", cwd=bad_project(tmp_path, fence))
    assert run.returncode != 0 and "Traceback" not in run.stderr
    errors = [line for line in run.stderr.splitlines() if "ttt-map:" in line]
    assert errors and "index.md:13: ttt-map: bad description option: " in errors[0], errors
    assert "the game is over (X wins); X has no move to choose" in errors[0]


def test_an_unclosed_fence_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nplugins:\n  - ttt-maps\n", "utf-8")
    (tmp_path / "docs" / "index.md").write_text("# T\n\n```ttt-map\nplayer: o\n", "utf-8")
    run = mkdocs("build", cwd=tmp_path)
    assert run.returncode != 0 and "index.md:3: ttt-map: the fence is never closed" in run.stderr


def test_a_book_is_read_beside_its_page(tmp_path: Path) -> None:
    """``book:PATH`` beside the page, ``/PATH`` from the docs folder; flags as words."""
    docs = tmp_path / "docs"
    (docs / "guide").mkdir(parents=True)
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nplugins:\n  - ttt-maps\n", "utf-8")
    (docs / "index.md").write_text("# Home\n", "utf-8")
    (docs / "guide" / "open.json").write_text('{".........": 8}', "utf-8")
    (docs / "top.json").write_text('{".........": 2}', "utf-8")
    fences = "".join(
        f"```ttt-map\npolicy: book:{book}\ndepth: 1\noutcomes: {flag}\n```\n\n"
        for book, flag in (("open.json", "true"), ("/top.json", "no"))
    )
    (docs / "guide" / "page.md").write_text("# Page\n\n" + fences, "utf-8")
    run = mkdocs("build", "--strict", "-d", str(tmp_path / "out"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "out" / "guide" / "page" / "index.html").read_text("utf-8")
    svgs = maps_in(html)
    assert [first_move(svg) for svg in svgs] == ["8", "2"]
    assert [bool(tints(svg)) for svg in svgs] == [True, False]


def test_the_description_is_the_strategy_in_words_under_the_map(site: Path) -> None:
    """``description``: a collapsed <details> after the map, named by its aria-details, with a
    section per position where X chooses and every reply linked to a section that exists."""
    html = (site / "index.html").read_text(encoding="utf-8")
    named = re.findall(r'<div class="ttt-map"[^>]*aria-details="([^"]+)"', html)
    assert named == ["ttt-index-0-words"], "only the map that asks for it"
    m = re.search(
        r'<details class="ttt-map-words" id="ttt-index-0-words">(.*?)</details>', html, re.S
    )
    assert m and "<summary>The strategy in words</summary>" in m[1]
    sections = re.findall(r'<section id="(ttt-index-0-words-x-s\d+)">', m[1])
    links = set(re.findall(r'href="#(ttt-index-0-words-x-s\d+)"', m[1]))
    # fact: the referee's count, test_claims.test_the_maps_counts_are_the_referees
    assert len(sections) == 109 == len(set(sections))
    assert links <= set(sections) and len(links) == 108  # all but the first are reached


def test_axe_finds_nothing_of_ours_on_the_docs_page(site: Path, chromium: Any) -> None:
    """axe-core on the example page, with the description open: no violation in our parts
    (Material's own footer text is the theme's, not ours)."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    page = chromium.new_page()
    try:
        page.goto((site / "index.html").as_uri())
        page.click("details.ttt-map-words > summary")
        result = axe.Axe().run(page)
        ours = [
            (v["id"], n["html"][:80])
            for v in result.response["violations"]
            for n in v["nodes"]
            if "md-copyright" not in n["html"] and "md-footer" not in " ".join(n["target"])
        ]
        assert ours == []
    finally:
        page.close()


def test_maps_speak_the_sites_language_unless_they_say_their_own(tmp_path: Path) -> None:
    """The theme's language (Material's ``language``, MkDocs' own ``locale``) draws the
    maps in it; a fence's ``lang:`` wins."""
    docs = tmp_path / "docs"
    docs.mkdir()
    fences = "```ttt-map\ndepth: 1\n```\n\n```ttt-map\ndepth: 1\nlang: es\n```\n"
    (docs / "index.md").write_text("# Page\n\n" + fences, "utf-8")
    config = "site_name: x\ntheme:\n  name: mkdocs\n  locale: de\nplugins:\n  - ttt-maps\n"
    (tmp_path / "mkdocs.yml").write_text(config, "utf-8")
    run = mkdocs("build", "--strict", "-d", str(tmp_path / "out"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "out" / "index.html").read_text("utf-8")
    assert [svg.get("lang") for svg in maps_in(html)] == ["de", "es"]
    assert "Karte für X" in html
