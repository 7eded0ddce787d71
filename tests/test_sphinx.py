"""Maps in documentation: the Sphinx directive in every builder, and Jupyter.

The example project in ``examples/sphinx`` must build with ``-W`` (warnings
are errors) in every builder, as the docs run it; its pages hold the maps' SVG with
distinct id prefixes, its LaTeX includes vector PDFs of them (compiled when
``latexmk`` is there), and text shows their alternative text. Bad directive
options and files are errors that name the option and the line.
"""

from __future__ import annotations

import io
import json
import pickle
import re
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("sphinx", reason="Sphinx is a dev extra: pip install -e '.[dev]'")

from sphinx.application import Sphinx
from sphinx.cmd.build import build_main
from sphinx.cmd.build import main as sphinx_main
from sphinx.util.docutils import docutils_namespace

from ttt_maps import api

#: Slow (left out by make check): every test builds a Sphinx site.
pytestmark = pytest.mark.slow

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "sphinx"
SVG = "{http://www.w3.org/2000/svg}"


def build(src: Path, out: Path, *extra: str, builder: str = "html") -> int:
    """``sphinx-build -b BUILDER`` in this process, fresh environment, quiet."""
    doctrees = str(out.parent / f"{out.name}.doctrees")
    return build_main(["-E", "-q", "-b", builder, *extra, str(src), str(out), "-d", doctrees])


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
    assert (
        max(
            int(g.get("class", "").split("ttt-level-")[1].split()[0])
            for g in svgs[1].findall(f".//{SVG}g[@data-board]")
        )
        == 2
    )


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
    "board": "3by3",
}
#: Bad books, as (option value, what the message must say); the files are made below.
BAD_BOOKS = {
    "book:missing.json": "no such file",
    "book:folder": "is a directory",
    "book:broken.json": "not valid JSON",
    "book:list.json": "expected a JSON object",
    "book:illegal.json": "not a legal move",
}


@pytest.fixture(scope="module")
def bad_build(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """One page with one bad directive per option; the warnings, by option."""
    src = tmp_path_factory.mktemp("bad")
    (src / "conf.py").write_text('extensions = ["ttt_maps.sphinx"]\n', encoding="utf-8")
    (src / "folder").mkdir()
    (src / "broken.json").write_text("{", encoding="utf-8")
    (src / "list.json").write_text("[1, 2]", encoding="utf-8")
    (src / "illegal.json").write_text('{".........": 9}', encoding="utf-8")
    lines = ["Bad options", "===========", ""]
    where = {}
    for name, value in [*BAD.items(), *(("policy", book) for book in BAD_BOOKS)]:
        where[value if name == "policy" and value in BAD_BOOKS else name] = len(lines) + 1
        lines += [".. ttt-map::", f"   :{name}: {value}", ""]
    (src / "index.rst").write_text("\n".join(lines), encoding="utf-8")
    warnings = io.StringIO()
    with docutils_namespace():  # registers nothing for the builds after this one
        app = Sphinx(
            str(src),
            str(src),
            str(src / "_build"),
            str(src / "_build" / ".dt"),
            "html",
            status=None,
            warning=warnings,
            freshenv=True,
        )
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


@pytest.mark.parametrize("book", list(BAD_BOOKS))
def test_bad_book_is_an_error_naming_the_option_and_file(
    bad_build: dict[str, str], book: str
) -> None:
    message = bad_build[book]
    assert ":policy:" in message and book in message and BAD_BOOKS[book] in message, message
    assert "Traceback" not in message


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


# -- every builder -------------------------------------------------------------------


@pytest.mark.parametrize("builder", ["latex", "epub", "text"])
def test_example_builds_in_every_builder(builder: str, tmp_path: Path) -> None:
    out = tmp_path / builder
    assert build(EXAMPLE, out, "-W", builder=builder) == 0
    if builder == "latex":
        tex = next(out.glob("*.tex")).read_text(encoding="utf-8")
        include = r"\\sphinxincludegraphics\[[^]]*\]\{\{(ttt-map-[0-9a-f]{16})\}\.pdf\}"
        figures = re.findall(include, tex)
        assert len(figures) == 4
        for name in figures:
            pdf = (out / f"{name}.pdf").read_bytes()
            assert pdf.startswith(b"%PDF-") and b"/MediaBox" in pdf
    elif builder == "epub":
        with zipfile.ZipFile(next(out.glob("*.epub"))) as book:
            names = book.namelist()
            svgs = [n for n in names if n.endswith(".svg")]
            assert len(svgs) == 4
            opf = book.read(next(n for n in names if n.endswith(".opf"))).decode()
            for name in svgs:
                assert f'_images/{Path(name).name}" media-type="image/svg+xml"' in opf
            page = book.read("index.xhtml").decode()
            assert page.count('<img src="_images/ttt-map-') == 3
    else:
        text = (out / "index.txt").read_text(encoding="utf-8")
        assert "[The complete map of optimal moves for X, who opens in the top-left" in text
        assert "[The complete map of optimal moves for O.]" in text


def test_latex_output_compiles(tmp_path: Path) -> None:
    """The LaTeX the example makes compiles to a PDF (with a TeX installation)."""
    latexmk = shutil.which("latexmk")
    if latexmk is None:
        pytest.skip(
            "latexmk is not installed (a TeX installation: apt-get install latexmk "
            "texlive-latex-recommended texlive-fonts-recommended)"
        )
    out = tmp_path / "latex"
    assert build(EXAMPLE, out, "-W", builder="latex") == 0
    run = subprocess.run(
        [latexmk, "-pdf", "-interaction=nonstopmode", "-halt-on-error"],
        cwd=out,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-2000:]
    assert list(out.glob("*.pdf"))


#: Every builder of Sphinx and of the extensions it ships, as the docs run them
#: (``sphinx-build -M BUILDER examples/sphinx BUILD -W``), by what each makes of a map.
INLINE = ("html", "dirhtml", "singlehtml", "htmlhelp", "qthelp", "devhelp", "applehelp")
SERIALIZED = {"pickle": "*.fpickle", "json": "*.fjson"}
ALT_TEXT = {
    "text": "*.txt",
    "man": "*.1",
    "texinfo": "*.texi",
    "xml": "*.xml",
    "pseudoxml": "*.pseudoxml",
}
NO_MAPS = ("gettext", "changes", "linkcheck", "dummy")  # they write no page's pictures
EXTENSIONS = ("doctest", "coverage")  # builders of sphinx.ext.doctest and sphinx.ext.coverage
BUILDERS = [*INLINE, *SERIALIZED, "epub", "latex", *ALT_TEXT, *NO_MAPS, *EXTENSIONS]


@pytest.fixture(scope="module")
def make_mode(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build folder for every builder, doctrees shared, as ``sphinx-build -M`` keeps it."""
    return tmp_path_factory.mktemp("make-mode")


def test_every_builder_sphinx_has_is_tested(tmp_path: Path) -> None:
    (tmp_path / "conf.py").write_text('extensions = ["ttt_maps.sphinx"]\n', encoding="utf-8")
    (tmp_path / "index.rst").write_text("T\n=\n", encoding="utf-8")
    with docutils_namespace():
        app = Sphinx(
            str(tmp_path),
            str(tmp_path),
            str(tmp_path / "_b"),
            str(tmp_path / "_d"),
            "dummy",
            status=None,
            warning=io.StringIO(),
        )
        registered = set(app.registry.builders)
    assert registered <= set(BUILDERS), registered - set(BUILDERS)


@pytest.mark.parametrize("builder", BUILDERS)
def test_every_builder_passes_with_warnings_as_errors(builder: str, make_mode: Path) -> None:
    extra = ["-D", f"extensions=ttt_maps.sphinx,sphinx.ext.{builder}"] * (builder in EXTENSIONS)
    args = ["-M", builder, str(EXAMPLE), str(make_mode), "-W", "-q", *extra]
    assert sphinx_main(args) == 0, builder
    out = make_mode / builder
    if builder in INLINE:
        pages = [p.read_text(encoding="utf-8") for p in out.rglob("*.html")]
        assert sum(len(inline_svgs(page)) for page in pages) >= 2, builder
    elif builder in SERIALIZED:
        files = list(out.rglob(SERIALIZED[builder]))
        load = pickle.loads if builder == "pickle" else json.loads
        bodies = [load(f.read_bytes()).get("body", "") for f in files]
        assert sum(len(inline_svgs(body)) for body in bodies) >= 2, builder
    elif builder == "epub":
        with zipfile.ZipFile(next(out.glob("*.epub"))) as book:
            assert len([n for n in book.namelist() if n.endswith(".svg")]) == 4
    elif builder == "latex":
        assert len(list(out.glob("ttt-map-*.pdf"))) == 4
    elif builder in ALT_TEXT:
        text = "".join(f.read_text(encoding="utf-8") for f in out.rglob(ALT_TEXT[builder]))
        assert "The complete map of optimal moves for O." in text, builder


def readme_commands(program: str) -> list[str]:
    """The command lines of ``program`` that the README and the docs pages show, as
    written (comments cut)."""
    root = EXAMPLE.parent.parent
    text = "".join(
        p.read_text(encoding="utf-8") for p in [root / "README.md", *root.glob("docs/*.md")]
    )
    lines = [line.split(" # ")[0].strip() for line in text.splitlines()]
    return [line for line in lines if line.startswith(f"{program} ")]


def test_the_readme_sphinx_commands_work_as_written(tmp_path: Path) -> None:
    """Each ``sphinx-build`` line of the README and the docs, run in the checkout, only its
    /tmp folder moved here (``latexpdf`` needs a TeX installation)."""
    commands = readme_commands("sphinx-build")
    assert len(commands) >= 3 and any("examples/myst" in c for c in commands)
    program = Path(sys.executable).with_name("sphinx-build")
    for command in commands:
        if " latexpdf " in command and shutil.which("latexmk") is None:
            continue
        words = [str(tmp_path) if w.startswith("/tmp/") else w for w in shlex.split(command)]
        run = subprocess.run(
            [str(program), *words[1:]],
            cwd=EXAMPLE.parent.parent,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert run.returncode == 0, f"{command}\n{run.stderr[-2000:]}"


# -- files the directive reads ------------------------------------------------------------


def first_move(svg: ET.Element) -> str:
    """The cell of a map's first red move: the one its top board draws itself."""
    top = next(g for g in svg.iter(f"{SVG}g") if "ttt-level-0" in g.get("class", ""))
    own = [*top, *(e for g in top if g.tag == f"{SVG}g" and not g.get("class") for e in g)]
    return next(str(e.get("data-cell")) for e in own if e.get("data-cell"))


def test_a_book_is_read_beside_its_document_and_rebuilds_the_page(tmp_path: Path) -> None:
    """``book:PATH`` is relative to the document (``/PATH`` to the source folder), not
    to the folder sphinx-build runs in; editing the book rebuilds the page."""
    src = tmp_path / "src"
    (src / "guide").mkdir(parents=True)
    (src / "conf.py").write_text('extensions = ["ttt_maps.sphinx"]\n', encoding="utf-8")
    home = "Home\n====\n\n.. toctree::\n\n   guide/page\n"
    (src / "index.rst").write_text(home, encoding="utf-8")
    page = "Page\n====\n\n.. ttt-map::\n   :policy: book:{}\n   :depth: 1\n\n"
    text = page.format("open.json") + page.format("/top.json")
    (src / "guide" / "page.rst").write_text(text, encoding="utf-8")
    (src / "guide" / "open.json").write_text(json.dumps({".........": 8}), encoding="utf-8")
    (src / "top.json").write_text(json.dumps({".........": 2}), encoding="utf-8")
    out = tmp_path / "out"
    args = ["-W", "-q", "-b", "html", "-d", str(tmp_path / "dt"), str(src), str(out)]
    assert build_main(args) == 0
    html = (out / "guide" / "page.html").read_text(encoding="utf-8")
    assert [first_move(svg) for svg in inline_svgs(html)] == ["8", "2"]
    (src / "guide" / "open.json").write_text(json.dumps({".........": 6}), encoding="utf-8")
    assert build_main(args) == 0  # not -E: only what changed is read again
    html = (out / "guide" / "page.html").read_text(encoding="utf-8")
    assert [first_move(svg) for svg in inline_svgs(html)] == ["6", "2"]
    assert str(tmp_path) not in html  # the policy names the book as written


def test_a_description_sets_the_strategy_in_words_under_the_map(tmp_path: Path) -> None:
    """``:description:`` adds the gamebook under the map, collapsed, named by aria-details
    (the poster describes both maps); a whole-game map refuses it."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["ttt_maps.sphinx"]\n', encoding="utf-8")
    page = "Maps\n====\n\n.. ttt-map::\n   :player: both\n   :policy: yorgey\n   :description:\n"
    (src / "index.rst").write_text(page, encoding="utf-8")
    out = tmp_path / "out"
    assert build(src, out, "-W") == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    (words,) = re.findall(r'<div class="ttt-map"[^>]*aria-details="([^"]+)"', html)
    m = re.search(rf'<details class="ttt-map-words" id="{words}">(.*?)</details>', html, re.S)
    assert m
    # fact: the referee's count, test_claims.test_the_maps_counts_are_the_referees
    for player, count in (("x", 81), ("o", 426)):
        sections = re.findall(rf'<section id="{words}-{player}-s\d+">', m[1])
        assert len(sections) == count
    whole = "Maps\n====\n\n.. ttt-map::\n   :whole:\n   :depth: 1\n   :description:\n"
    (src / "index.rst").write_text(whole, encoding="utf-8")
    assert build(src, tmp_path / "bad", "-W") != 0


def test_maps_speak_the_projects_language_unless_they_say_their_own(tmp_path: Path) -> None:
    """``language = "fr"`` in conf.py draws the maps in French, in the HTML and in the
    LaTeX figures; ``:lang:`` wins; a language Sphinx has and ttt-maps does not (Italian)
    is English, without a warning."""
    src = tmp_path / "src"
    src.mkdir()
    page = "Page\n====\n\n.. ttt-map::\n   :depth: 1\n\n.. ttt-map::\n   :depth: 1\n   :lang: ru\n"
    (src / "index.rst").write_text(page, encoding="utf-8")
    for language, first in (("fr", "fr"), ("it", "en")):
        conf = f'extensions = ["ttt_maps.sphinx"]\nlanguage = "{language}"\n'
        (src / "conf.py").write_text(conf, encoding="utf-8")
        out = tmp_path / f"out-{language}"
        assert build(src, out, "-W") == 0
        svgs = inline_svgs((out / "index.html").read_text(encoding="utf-8"))
        assert [svg.get("lang") for svg in svgs] == [first, "ru"], language
    assert build(src, tmp_path / "latex", "-W", "-D", "language=fr", builder="latex") == 0
    pdfs = sorted((tmp_path / "latex").glob("ttt-map-*.pdf"))
    assert len(pdfs) == 2
    assert sorted(b"/Lang (fr)" in p.read_bytes() for p in pdfs) == [False, True]
