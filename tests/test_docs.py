"""ttt-maps' own documentation site (docs/), built as ``make docs`` builds it.

The build passes with warnings as errors; every link and image inside the
site leads to a page and an anchor that exist; the maps on its pages are
drawn by the directive; the API page documents every public name; and the
pages pass axe-core in Chromium with no violation.
"""

from __future__ import annotations

import html.parser
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

import ttt_maps

#: Slow (left out by make check): every test builds the documentation site.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SVG = "{http://www.w3.org/2000/svg}"


class Links(html.parser.HTMLParser):
    """The ids a page defines and the addresses its links and images point at."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "a" and found.get("href"):
            self.targets.append(str(found["href"]))
        if tag in ("img", "script") and found.get("src"):
            self.targets.append(str(found["src"]))
        if tag == "link" and found.get("href"):
            self.targets.append(str(found["href"]))


def read_links(page: Path) -> Links:
    links = Links()
    links.feed(page.read_text(encoding="utf-8"))
    return links


def pages(site: Path) -> list[Path]:
    return sorted(site.glob("*.html"))


@pytest.fixture(scope="module")
def site(docs_site: Path) -> Path:
    """The site as ``make docs`` builds it (``conftest.docs_site``: one build per run)."""
    return docs_site


def test_every_guide_is_a_page(site: Path) -> None:
    names = {p.stem for p in pages(site)}
    guides = {
        "index",
        "getting-started",
        "reading",
        "posters",
        "integrations",
        "comparing",
        "policies",
        "folded",
        "table",
        "whole",
        "bigger",
        "play",
        "command-line",
        "api",
        "reference",
        "design",
        "changelog",
    }
    assert guides <= names, guides - names
    index = read_links(site / "index.html")
    linked = {urlsplit(t).path.removesuffix(".html") for t in index.targets}
    assert guides - {"index"} <= linked, guides - linked


def test_every_internal_link_resolves(site: Path) -> None:
    """Each link, image, script and style sheet inside the site, anchors included."""
    ids: dict[Path, set[str]] = {}
    broken = []
    checked = 0
    for page in pages(site):
        for target in read_links(page).targets:
            parts = urlsplit(target)
            if parts.scheme or parts.netloc or target.startswith("mailto:"):
                continue  # the outside world: not followed here (no network)
            path = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if path.is_dir():
                path = path / "index.html"
            checked += 1
            if not path.is_file() or not path.is_relative_to(site.resolve()):
                broken.append(f"{page.name}: {target}")
                continue
            if parts.fragment and path.suffix == ".html":
                if path not in ids:
                    ids[path] = read_links(path).ids
                if unquote(parts.fragment) not in ids[path]:
                    broken.append(f"{page.name}: {target} (no such anchor)")
    assert checked > 200
    assert broken == []


def inline_maps(page: Path) -> list[ET.Element]:
    text = page.read_text(encoding="utf-8")
    found = re.findall(r'<div class="ttt-map"[^>]*>\s*(<svg\b.*?</svg>)', text, re.S)
    return [ET.fromstring(svg) for svg in found]


def test_the_pages_maps_are_drawn_by_the_directive(site: Path) -> None:
    counts = {p.stem: len(inline_maps(p)) for p in pages(site)}
    assert counts["index"] == 1 and counts["reading"] == 2 and counts["policies"] == 2
    assert counts["folded"] == 1 and counts["whole"] == 1 and counts["bigger"] == 2
    # The second map of the bigger boards is X's proven win on 6x5: X's move and O's 29
    # replies, each holding X's answer (drawn from the shipped proof, with no search).
    won = inline_maps(site / "bigger.html")[1]
    assert len(won.findall(f".//{SVG}g[@data-board]")) == 30
    svg = inline_maps(site / "index.html")[0]
    assert svg.findall(f".//{SVG}g[@data-board]") and svg.get("role") == "graphics-document"
    folded = inline_maps(site / "folded.html")[0]
    assert folded.findall(f".//{SVG}g[@class='ttt-folded']")
    ids = [e.get("id") for p in pages(site) for s in inline_maps(p) for e in s.iter()]
    named = [i for i in ids if i]
    assert len(named) == len(set(named))  # two maps on one page never share an id


def test_the_api_page_documents_every_public_name(site: Path) -> None:
    documented = read_links(site / "api.html").ids
    public = {name for name in ttt_maps.__all__ if not name.startswith("_")}
    missing = {name for name in public if f"ttt_maps.{name}" not in documented}
    assert missing == set()


@pytest.mark.parametrize("name", ["index", "reading", "integrations", "api"])
def test_pages_pass_axe_core(site: Path, chromium: Any, name: str) -> None:
    axe = pytest.importorskip("axe_playwright_python", reason="pip install -e '.[dev]'")
    script = (Path(axe.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
    page = chromium.new_page()
    try:
        page.goto((site / f"{name}.html").as_uri())
        page.evaluate(script)
        result = page.evaluate(
            "axe.run(document, {runOnly: {type: 'tag', values: "
            "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})"
        )
    finally:
        page.close()
    assert result["passes"], "axe-core checked nothing"
    found = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
    assert found == []
