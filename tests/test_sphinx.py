"""Maps in documentation (SPEC section 9): the Sphinx directive and Jupyter.

The example project in ``examples/sphinx`` must build with ``-W`` (warnings
are errors); its pages hold the maps' SVG with distinct id prefixes. Bad
directive options are errors that name the option.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("sphinx", reason="Sphinx is a dev extra: pip install -e '.[dev]'")

from sphinx.application import Sphinx
from sphinx.cmd.build import build_main

from ttt_maps import api

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "sphinx"
SVG = "{http://www.w3.org/2000/svg}"


def build(src: Path, out: Path, *extra: str) -> int:
    """``sphinx-build -b html`` in this process, fresh environment, quiet."""
    doctrees = str(out / ".dt")
    return build_main(["-E", "-q", "-b", "html", *extra, str(src), str(out), "-d", doctrees])


def inline_svgs(html: str) -> list[ET.Element]:
    return [ET.fromstring(m) for m in re.findall(r"<svg\b.*?</svg>", html, re.S)]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    assert build(EXAMPLE, out, "-W") == 0, "the example project must build with -W"
    return out


def test_example_inlines_maps_with_distinct_prefixes(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    svgs = inline_svgs(html)
    assert [s.get("id") for s in svgs] == ["ttt-index-0", "ttt-index-1"]
    for svg in svgs:
        prefix = svg.get("id")
        ids = [e.get("id") for e in svg.iter() if e.get("id")]
        assert ids and all(i == prefix or i.startswith(f"{prefix}-") for i in ids)
        assert svg.findall(f".//{SVG}g[@data-board]")
        assert svg.findall(f".//{SVG}use[@data-cell]")
    # The first map's alt text labels it; the second is cut at depth 2.
    assert 'aria-label="The complete map of optimal moves for X' in html
    assert max(int(g.get("class", "").split("ttt-level-")[1].split()[0])
               for g in svgs[1].findall(f".//{SVG}g[@data-board]")) == 2


def test_example_writes_image_files(site: Path) -> None:
    for page, count in (("index.html", 1), ("poster.html", 1)):
        html = (site / page).read_text(encoding="utf-8")
        sources = re.findall(r'<img src="(_images/ttt-map-[0-9a-f]{16}\.svg)" alt="([^"]+)"', html)
        assert len(sources) == count, page
        for src, alt in sources:
            svg = ET.parse(site / src).getroot()
            assert svg.tag == f"{SVG}svg" and svg.findall(f".//{SVG}g[@data-board]")
            assert alt
    poster = (site / "poster.html").read_text(encoding="utf-8")
    assert "Complete map of optimal tic-tac-toe moves: the map for X" in poster


def test_example_build_is_reproducible(site: Path, tmp_path: Path) -> None:
    assert build(EXAMPLE, tmp_path, "-W") == 0
    for page in ("index.html", "poster.html"):
        assert (tmp_path / page).read_bytes() == (site / page).read_bytes()
    images = sorted(p.name for p in (site / "_images").iterdir())
    assert images == sorted(p.name for p in (tmp_path / "_images").iterdir())


BAD = {
    "player": "z",
    "policy": "nope",
    "from": "xxx",
    "depth": "-1",
    "theme": "neon",
    "mode": "pdf",
    "width": "wide",
}


@pytest.fixture(scope="module")
def bad_build(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """One page with one bad directive per option; the warnings, by option."""
    src = tmp_path_factory.mktemp("bad")
    (src / "conf.py").write_text('extensions = ["ttt_maps.sphinx"]\n', encoding="utf-8")
    lines = ["Bad options", "===========", ""]
    where = {}
    for name, value in BAD.items():
        where[name] = len(lines) + 1
        lines += [".. ttt-map::", f"   :{name}: {value}", ""]
    (src / "index.rst").write_text("\n".join(lines), encoding="utf-8")
    warnings = io.StringIO()
    app = Sphinx(str(src), str(src), str(src / "_build"), str(src / "_build" / ".dt"), "html",
                 status=None, warning=warnings, freshenv=True)
    app.build()
    text = warnings.getvalue()
    out = {}
    for name, line in where.items():
        found = re.search(rf"index\.rst:{line}: ERROR: (.*?)(?=\n\S+index\.rst:|\Z)", text, re.S)
        assert found, f"no error for :{name}: at line {line} in:\n{text}"
        out[name] = found.group(1)
    return out


@pytest.mark.parametrize("option", list(BAD))
def test_bad_option_is_an_error_naming_it(bad_build: dict[str, str], option: str) -> None:
    message = bad_build[option]
    assert f'option: "{option}"' in message or f":{option}:" in message, message


def test_bad_option_fails_a_strict_build(tmp_path: Path) -> None:
    (tmp_path / "conf.py").write_text('extensions = ["ttt_maps.sphinx"]\n', encoding="utf-8")
    (tmp_path / "index.rst").write_text("T\n=\n\n.. ttt-map::\n   :player: z\n", encoding="utf-8")
    assert build(tmp_path, tmp_path / "_build", "-W") != 0


def test_jupyter_shows_maps_as_svg() -> None:
    """A strategy and a poster display themselves as their SVG in a notebook."""
    for obj in (api.strategy("x"), api.poster()):
        svg = obj._repr_svg_()
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg" and root.findall(f".//{SVG}g[@data-board]")
        assert obj._repr_svg_() is svg  # rendered once per object
