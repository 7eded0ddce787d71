"""Maps in MyST Markdown: the Sphinx directive as a ```` ```{ttt-map} ```` fence.

``examples/myst`` (myst-parser, as Jupyter Book builds it) must build with
``-W``; its page holds the maps inline (options as ``:key:`` lines or as YAML)
and one as an image, and a bad option is an error naming the Markdown file
and line.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("myst_parser", reason="myst-parser is a dev extra: pip install -e '.[dev]'")

from sphinx.application import Sphinx
from sphinx.cmd.build import main as sphinx_main
from sphinx.util.docutils import docutils_namespace

#: Slow (left out by make check): every test builds a MyST site.
pytestmark = pytest.mark.slow

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "myst"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("myst")
    assert sphinx_main(["-M", "html", str(EXAMPLE), str(out), "-W", "-q"]) == 0
    return out / "html"


def test_the_example_draws_each_fence(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    svgs = [ET.fromstring(m) for m in re.findall(r"<svg\b.*?</svg>", html, re.S)]
    assert [s.get("id") for s in svgs] == ["ttt-index-0", "ttt-index-1"]
    cut = svgs[1]
    boards = [len(svg.findall(f".//{SVG}g[@data-board]")) for svg in svgs]
    assert boards[0] > boards[1] > 1
    assert 'aria-label="The complete map of optimal moves for X, who opens' in html
    # The YAML options: from a position, two levels, tinted, 360 px wide.
    levels = {
        int(g.get("class", "").split("ttt-level-")[1].split()[0])
        for g in cut.findall(f".//{SVG}g[@data-board]")
    }
    tints = [e for e in cut.iter() if "ttt-tint-" in e.get("class", "")]
    assert max(levels) == 2 and tints
    assert 'style="width:360px;max-width:100%"' in html
    images = re.findall(r'<img src="(_images/ttt-map-[0-9a-f]{16}\.svg)" alt="([^"]+)"', html)
    assert [alt for _, alt in images] == ["The complete map of optimal moves for O."]
    assert ET.parse(site / images[0][0]).getroot().findall(f".//{SVG}g[@data-board]")


def test_a_bad_option_names_the_markdown_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "conf.py").write_text(
        'extensions = ["myst_parser", "ttt_maps.sphinx"]\n', encoding="utf-8"
    )
    page = "# Bad\n\nText.\n\n```{ttt-map}\n:player: x\n:policy: nope\n```\n"
    (tmp_path / "index.md").write_text(page, encoding="utf-8")
    warnings = io.StringIO()
    with docutils_namespace():
        app = Sphinx(
            str(tmp_path),
            str(tmp_path),
            str(tmp_path / "_b"),
            str(tmp_path / "_d"),
            "html",
            status=None,
            warning=warnings,
            freshenv=True,
        )
        app.build()
    text = warnings.getvalue()
    assert re.search(
        r"index\.md:\d+: ERROR: ttt-map: bad :policy: option: policy key 'nope'", text
    ), text
    line = int(re.search(r"index\.md:(\d+):", text).group(1))  # type: ignore[union-attr]
    assert 5 <= line <= 8  # the fence, or the option's own line (newer myst-parser)
