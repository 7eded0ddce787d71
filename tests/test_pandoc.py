"""Maps in pandoc, Quarto and R Markdown: the ``ttt-map.lua`` filter and ``ttt-maps docs``.

The filter runs in a real pandoc 3 (the ``pypandoc-binary`` wheel ships one):
a ``ttt-map`` block becomes inline SVG in HTML, a PDF figure in LaTeX and a
PNG packed into docx and epub; a bad option stops the build with one line
naming the file, the line and the problem, and writes nothing. ``ttt-maps
docs quarto`` writes an extension whose manifest follows Quarto's schema for
``_extension.yml`` (title, author, version, quarto-required, contributes).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import pytest

from ttt_maps.errors import UsageError
from ttt_maps.integrations.pandoc import ENGINE, FILTER, filter_source, install, manifest
from ttt_maps.integrations.pandoc.fence import Where, draw, fences, locate, place_for

ROOT = Path(__file__).resolve().parent.parent
LUA = ROOT / "ttt_maps" / "integrations" / "pandoc" / FILTER
SVG = "{http://www.w3.org/2000/svg}"

DOC = """\
---
title: Two maps
---

# X's map

```ttt-map
player: x
policy: fast,novice
alt: The complete map of optimal moves for X
```

Some text.

``` {.ttt-map}
player: o
depth: 2
width: 60%
```
"""


def pandoc_program() -> str:
    pypandoc = pytest.importorskip("pypandoc", reason="pandoc comes with the dev extra")
    try:
        path: str = pypandoc.get_pandoc_path()
    except OSError:
        pytest.skip("no pandoc")
    return path


def pandoc(folder: Path, *args: str, lua: Path = LUA) -> subprocess.CompletedProcess[str]:
    """``pandoc ARGS -L ttt-map.lua`` in ``folder``, with this tree's ttt-maps."""
    env = {
        **os.environ,
        "TTT_MAPS_PYTHON": sys.executable,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.run(
        [pandoc_program(), *args, "-L", str(lua)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


# -- reading blocks, without pandoc ------------------------------------------------------


def test_fences_are_found_with_their_lines_in_every_spelling() -> None:
    text = (
        "a\n```ttt-map\nplayer: x\n```\n"
        "~~~~ {.ttt-map #m width=3}\nplayer: o\n~~~~\n"
        "  ```{.other}\n  player: x\n  ```\n"
        "```python\nx = 1\n```\n"
        "  ```ttt-map\n  depth: 1\n  ```\n"
        "```ttt-mapper\nplayer: x\n```\n"
    )
    assert fences(text) == [(2, "player: x"), (5, "player: o"), (14, "depth: 1")]


def test_a_block_is_located_by_its_text_and_its_place_among_equals(tmp_path: Path) -> None:
    text = "".join(f"```ttt-map\nplayer: {p}\n```\n\n" for p in "oxx")
    doc = tmp_path / "doc.md"
    assert locate("player: x", [str(doc)], 0) == Where(str(doc), None)  # not there
    doc.write_text(text, encoding="utf-8")
    assert locate("player: x", [str(doc)], 0) == Where(str(doc), 5)
    assert locate("player: x\n", [str(doc)], 1) == Where(str(doc), 9)
    assert locate("player: both", [str(doc)], 0) == Where(str(doc), None)
    assert locate("player: x", [], 0) == locate("player: x", ["-"], 0) == Where("<stdin>", None)


@pytest.mark.parametrize(
    ("to", "place"),
    [
        ("html", "inline"),
        ("html5+smart", "inline"),
        ("revealjs", "inline"),
        ("latex", "file"),
        ("beamer", "file"),
        ("docx", "media"),
        ("epub3", "media"),
        ("odt", "media"),
        ("pptx", "media"),
    ],
)
def test_each_format_holds_the_map_its_own_way(to: str, place: str) -> None:
    assert place_for(to) == place


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        (
            "player: x\npolicy: sneaky",
            12,
            "doc.md:14: ttt-map: bad policy option: policy key 'sneaky' is unknown",
        ),
        ("player: x\n\ndepht: 2", 3, "doc.md:6: ttt-map: unknown option 'depht'; known: player"),
        ("player: x\nplayer: o", 1, "doc.md:3: ttt-map: option 'player' is given twice"),
        ("player: y", 1, "doc.md:2: ttt-map: bad player option: 'y': choose x, o or both"),
        ("just words", 1, "doc.md:2: ttt-map: expected 'option: value'"),
        ("from: xxxx.....", 7, "doc.md:8: ttt-map: bad from option: 'xxxx.....': illegal"),
        ("whole\nplayer: o", 7, "doc.md:9: ttt-map: bad player option: 'o': whole draws every"),
    ],
)
def test_a_bad_option_names_the_file_and_the_line(text: str, line: int, says: str) -> None:
    with pytest.raises(UsageError) as caught:
        draw(text, "html", Where("doc.md", line), "ttt-doc-0")
    assert str(caught.value).startswith(says)
    assert "\n" not in str(caught.value)


def test_a_block_whose_line_is_unknown_still_names_the_file() -> None:
    with pytest.raises(UsageError, match=r"^doc\.md: ttt-map: bad depth option"):
        draw("depth: many", "html", Where("doc.md", None), "p")


def test_html_gets_the_svg_inline_and_other_formats_an_image() -> None:
    html = draw("player: o\ndepth: 1\nalt: O's map", "html", Where("d.md", 1), "ttt-d-0")
    assert html.place == "inline" and html.name == ""
    div = html.payload.decode("utf-8")
    assert div.startswith('<div class="ttt-map" role="img" aria-label="O&#x27;s map">')
    svg = ET.fromstring(div.split("\n", 1)[1].rsplit("\n", 1)[0])
    assert svg.get("id") == "ttt-d-0" and svg.findall(f".//{SVG}g[@data-board]")
    pdf = draw("player: o\ndepth: 1", "latex", Where("d.md", 1), "ttt-d-0")
    assert pdf.place == "file" and pdf.payload.startswith(b"%PDF-")
    assert re.fullmatch(r"ttt-map-[0-9a-f]{16}\.pdf", pdf.name)
    png = draw("player: o\ndepth: 1\nwidth: 50%", "docx", Where("d.md", 1), "ttt-d-0")
    assert png.place == "media" and png.payload.startswith(b"\x89PNG") and png.width == "50%"
    image = draw("player: o\ndepth: 1\nmode: image", "html", Where("d.md", 1), "ttt-d-0")
    assert image.place == "file" and image.name.endswith(".svg")
    assert draw("player: o\ndepth: 1", "latex", Where("d.md", 1), "x").payload == pdf.payload


def test_an_auto_map_as_an_image_is_drawn_light_on_the_pages_background() -> None:
    """A pandoc page has no light or dark switch: ``mode: image`` with ``theme: auto`` is
    the light map on a transparent background, never one that follows the reader's
    system (a dark box on a light page)."""
    from ttt_maps.draw.themes import LIGHT

    image = draw("player: o\ndepth: 1\nmode: image\ntheme: auto", "html", Where("d.md", 1), "p")
    svg = image.payload.decode("utf-8")
    assert image.name.endswith(".svg") and "prefers-color-scheme" not in svg
    assert ".ttt-background{fill:none}" in svg and f"stroke:{LIGHT.chosen}" in svg


# -- the filter in pandoc ----------------------------------------------------------------


@pytest.mark.slow
def test_html_inlines_each_map_with_its_own_prefix(tmp_path: Path) -> None:
    (tmp_path / "doc.md").write_text(DOC, encoding="utf-8")
    run = pandoc(tmp_path, "doc.md", "-s", "-o", "doc.html")
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "doc.html").read_text(encoding="utf-8")
    found = re.findall(r'<div class="ttt-map"([^>]*)>\s*(<svg\b.*?</svg>)', html, re.S)
    assert len(found) == 2
    (label, first), (style, second) = found
    assert 'aria-label="The complete map of optimal moves for X"' in label
    assert 'style="width:60%;max-width:100%"' in style
    svgs = [ET.fromstring(first), ET.fromstring(second)]
    assert [s.get("id") for s in svgs] == ["ttt-doc-0", "ttt-doc-1"]
    levels = [
        int(g.get("class", "").split("ttt-level-")[1].split()[0])
        for g in svgs[1].findall(f".//{SVG}g[@data-board]")
    ]
    assert max(levels) == 2
    # The same document gives the same page.
    again = pandoc(tmp_path, "doc.md", "-s", "-o", "again.html")
    assert again.returncode == 0 and (tmp_path / "again.html").read_text() == html


@pytest.mark.slow
def test_docx_and_epub_pack_a_png_of_each_map(tmp_path: Path) -> None:
    from PIL import Image

    (tmp_path / "doc.md").write_text(DOC, encoding="utf-8")
    for name, media in (("doc.docx", "word/media/"), ("doc.epub", "EPUB/media/")):
        run = pandoc(tmp_path, "doc.md", "-o", name)
        assert run.returncode == 0, run.stderr
        with zipfile.ZipFile(tmp_path / name) as z:
            pngs = [n for n in z.namelist() if n.startswith(media) and n.endswith(".png")]
            assert len(pngs) == 2, z.namelist()
            for png in pngs:
                with Image.open(BytesIO(z.read(png))) as im:
                    assert im.width == 1800 and im.height > 1000
            text = b"".join(z.read(n) for n in z.namelist() if n.endswith((".xml", ".xhtml")))
        assert b"The complete map of optimal moves for X" in text
    assert not (tmp_path / "ttt-maps-figures").exists()  # packed into the file, not beside it


@pytest.mark.slow
def test_latex_links_a_pdf_figure_written_whole(tmp_path: Path) -> None:
    (tmp_path / "doc.md").write_text(DOC, encoding="utf-8")
    run = pandoc(tmp_path, "doc.md", "-s", "-o", "doc.tex")
    assert run.returncode == 0, run.stderr
    tex = (tmp_path / "doc.tex").read_text(encoding="utf-8")
    linked = re.findall(r"\\includegraphics\[([^\]]*)\]\{(ttt-maps-figures/[^}]+)\}", tex)
    assert len(linked) == 2
    assert "alt={The complete map of optimal moves for X}" in linked[0][0]
    assert "width=0.6\\linewidth" in linked[1][0]
    for _, path in linked:
        assert (tmp_path / path).read_bytes().startswith(b"%PDF-")
    assert sorted(p.name for p in (tmp_path / "ttt-maps-figures").iterdir()) == sorted(
        Path(p).name for _, p in linked
    )
    # The document's metadata can name the folder.
    (tmp_path / "mine.md").write_text(
        DOC.replace("title: Two maps", "title: Two maps\nttt-maps:\n  figures: figs"), "utf-8"
    )
    run = pandoc(tmp_path, "mine.md", "-s", "-o", "mine.tex")
    assert run.returncode == 0, run.stderr
    tex = (tmp_path / "mine.tex").read_text(encoding="utf-8")
    assert tex.count("{figs/ttt-map-") == 2 and len(list((tmp_path / "figs").iterdir())) == 2


@pytest.mark.slow
def test_a_pdf_through_latex_holds_the_maps_as_vector_figures(tmp_path: Path) -> None:
    if not shutil.which("pdflatex"):
        pytest.skip("no TeX engine (apt-get install texlive-latex-recommended lmodern)")
    (tmp_path / "doc.md").write_text(DOC, encoding="utf-8")
    run = pandoc(tmp_path, "doc.md", "-o", "doc.pdf")
    assert run.returncode == 0, run.stderr
    pdf = (tmp_path / "doc.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-")
    # Each map is a page of its own figure PDF, drawn in as a form: no bitmap.
    assert pdf.count(b"/Subtype /Form") + pdf.count(b"/Subtype/Form") >= 2
    if shutil.which("pdfimages"):
        listed = subprocess.run(
            ["pdfimages", "-list", str(tmp_path / "doc.pdf")], capture_output=True, text=True
        )
        assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 2  # the header


@pytest.mark.slow
@pytest.mark.parametrize("sourcepos", [False, True])
def test_a_bad_option_stops_the_build_with_one_line(tmp_path: Path, sourcepos: bool) -> None:
    bad = DOC.replace("depth: 2", "depth: 2\npolicy: sneaky")
    (tmp_path / "bad.md").write_text(bad, encoding="utf-8")
    (tmp_path / "bad.html").write_text("before", encoding="utf-8")
    reader = ["-f", "commonmark_x+sourcepos+yaml_metadata_block"] if sourcepos else []
    run = pandoc(tmp_path, *reader, "bad.md", "-o", "bad.html")
    assert run.returncode == 2
    lines = [line for line in run.stderr.splitlines() if "ttt-map" in line]
    assert len(lines) == 1 and "Traceback" not in run.stderr
    assert lines[0].startswith("ttt-maps: error: bad.md:18: ttt-map: bad policy option: ")
    assert (tmp_path / "bad.html").read_text() == "before"


@pytest.mark.slow
def test_a_missing_python_is_named(tmp_path: Path) -> None:
    (tmp_path / "doc.md").write_text(DOC, encoding="utf-8")
    env = {**os.environ, "TTT_MAPS_PYTHON": str(tmp_path / "no-python")}
    run = subprocess.run(
        [pandoc_program(), "doc.md", "-L", str(LUA), "-o", "doc.html"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert run.returncode == 1 and not (tmp_path / "doc.html").exists()
    assert "ttt-map: could not draw with " in run.stderr and "TTT_MAPS_PYTHON" in run.stderr


# -- writing the filter into a project ---------------------------------------------------


def test_quarto_extension_follows_quartos_schema(tmp_path: Path) -> None:
    yaml = pytest.importorskip("yaml")
    written = install("quarto", tmp_path, python="/opt/py/bin/python3")
    home = tmp_path / "_extensions" / "ttt-maps"
    assert sorted(written) == sorted([home / "_extension.yml", home / FILTER])
    data = yaml.safe_load((home / "_extension.yml").read_text(encoding="utf-8"))
    # Quarto's schema (src/resources/schema/extension.yml): these keys, a semver version,
    # contributes.filters an array of paths beside the manifest.
    assert set(data) <= {"title", "author", "version", "quarto-required", "contributes"}
    assert isinstance(data["title"], str) and isinstance(data["author"], str)
    assert re.fullmatch(r"\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?", str(data["version"]))
    assert re.fullmatch(r"[<>=^~ ]*\d+(\.\d+)*", data["quarto-required"])
    assert set(data["contributes"]) == {"filters"}
    assert all((home / f).is_file() for f in data["contributes"]["filters"])
    lua = (home / FILTER).read_text(encoding="utf-8")
    assert 'local WRITTEN_BY = "/opt/py/bin/python3"' in lua
    assert lua.replace('"/opt/py/bin/python3"', "nil") == filter_source()


def test_install_never_replaces_a_file_it_did_not_write(tmp_path: Path) -> None:
    both = [tmp_path / FILTER, tmp_path / ENGINE]
    assert install("pandoc", tmp_path, python="py") == both
    assert install("pandoc", tmp_path, python="py") == []  # the same: left alone
    assert install("pandoc", tmp_path, python="py3") == both  # ours: updated
    assert 'local WRITTEN_BY = "py3"' in (tmp_path / ENGINE).read_text(encoding="utf-8")
    (tmp_path / FILTER).write_text("-- someone else's filter\n", encoding="utf-8")
    home = tmp_path / "_extensions" / "ttt-maps"
    home.mkdir(parents=True)
    (home / "_extension.yml").write_text("title: mine\n", encoding="utf-8")
    for kind in ("pandoc", "quarto"):
        with pytest.raises(UsageError, match=r"is not as ttt-maps wrote it .*use --force"):
            install(kind, tmp_path)
    assert not (home / FILTER).exists()  # nothing written unless all can be
    assert (tmp_path / FILTER).read_text() == "-- someone else's filter\n"
    install("quarto", tmp_path, force=True)
    assert (home / "_extension.yml").read_text() == manifest()
    with pytest.raises(UsageError, match="no such folder"):
        install("pandoc", tmp_path / "nowhere")


@pytest.mark.slow
def test_the_docs_command_writes_and_refuses(tmp_path: Path) -> None:
    def ttt(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "ttt_maps", *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )

    made = ttt("docs", "quarto")
    assert made.returncode == 0 and "_extensions/ttt-maps/_extension.yml" in made.stdout
    (tmp_path / FILTER).write_text("mine", encoding="utf-8")
    for args, says in (
        (("docs", "pandoc"), f"{FILTER}: exists and is not as ttt-maps wrote it"),
        (("docs", "rmarkdown"), "tool 'rmarkdown': choose pandoc or quarto"),
        (("docs", "pandoc", "nowhere"), "nowhere: no such folder"),
    ):
        run = ttt(*args)
        assert run.returncode == 2 and run.stderr.count("\n") == 1 and says in run.stderr
    assert (tmp_path / FILTER).read_text() == "mine"
    assert ttt("docs", "pandoc", "--force").returncode == 0
    # The filter written into the project draws the Quarto example as Quarto runs it.
    (tmp_path / "maps.qmd").write_bytes((ROOT / "examples" / "quarto" / "maps.qmd").read_bytes())
    lua = tmp_path / "_extensions" / "ttt-maps" / FILTER
    run = pandoc(tmp_path, "-f", "markdown", "maps.qmd", "-o", "maps.html", lua=lua)
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "maps.html").read_text(encoding="utf-8")
    assert html.count('<svg aria-labelledby="ttt-maps-') == 2


# -- the filter's own writes, and the Python it remembers --------------------------------


def figure_names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


@pytest.mark.slow
def test_a_link_planted_at_a_figures_name_is_never_written_through(tmp_path: Path) -> None:
    (tmp_path / "doc.md").write_text(DOC, encoding="utf-8")
    assert pandoc(tmp_path, "doc.md", "-o", "doc.tex").returncode == 0
    figures = tmp_path / "ttt-maps-figures"
    names = figure_names(figures)
    for name in names:
        (figures / name).unlink()
    outside = tmp_path / "outside"
    outside.mkdir()
    for name in names:  # the old temporary name, and the figure's own
        (outside / f"{name}.part").write_text("keep", encoding="utf-8")
        (figures / f"{name}.part").symlink_to(outside / f"{name}.part")
        (figures / name).symlink_to(outside / name)
    run = pandoc(tmp_path, "doc.md", "-o", "doc.tex")
    assert run.returncode == 0, run.stderr
    for name in names:
        assert not (figures / name).is_symlink() and (figures / name).read_bytes()[:5] == b"%PDF-"
        assert (outside / f"{name}.part").read_text(encoding="utf-8") == "keep"
        assert not (outside / name).exists()
    # Nothing is left behind but the figures and the planted links.
    assert figure_names(figures) == sorted([*names, *(f"{n}.part" for n in names)])


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A real file system of 16 kB, too small for a map's PDF (root only: it is mounted)."""
    folder = tmp_path / "full"
    folder.mkdir()
    mount = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", str(folder)], capture_output=True
    )
    if mount.returncode != 0:
        pytest.skip("cannot mount a small file system here (needs root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


@pytest.mark.slow
def test_a_full_disk_stops_the_build_with_one_line(tmp_path: Path, full_disk: Path) -> None:
    doc = DOC.replace("title: Two maps", "title: Two maps\nttt-maps:\n  figures: full")
    (tmp_path / "doc.md").write_text(doc, encoding="utf-8")
    run = pandoc(tmp_path, "doc.md", "-s", "-o", "doc.tex")
    assert run.returncode == 1
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ttt-map: could not write full/ttt-map-")
    assert lines[0].endswith(".pdf: No space left on device"), lines
    assert not (tmp_path / "doc.tex").exists()  # no document that includes half a figure
    assert figure_names(full_disk) == []  # and no half figure, no temporary folder


@pytest.mark.slow
def test_a_figures_folder_that_cannot_be_made_stops_the_build(tmp_path: Path) -> None:
    doc = DOC.replace("title: Two maps", 'title: Two maps\nttt-maps:\n  figures: "a\\efile"')
    (tmp_path / "doc.md").write_text(doc, encoding="utf-8")
    (tmp_path / "a\x1bfile").write_text("mine", encoding="utf-8")
    run = pandoc(tmp_path, "doc.md", "-s", "-o", "doc.tex")
    assert run.returncode == 1 and not (tmp_path / "doc.tex").exists()
    assert run.stderr.startswith("ttt-map: could not make the folder a\\027file: ")
    assert run.stderr.count("\n") == 1 and "\x1b" not in run.stderr


def venv_under(folder: Path) -> Path:
    """This Python reached through ``folder`` (a link to its venv, or to the program)."""
    here = Path(sys.executable)
    if sys.prefix != sys.base_prefix:  # a venv finds itself from the program's path
        folder.symlink_to(sys.prefix, target_is_directory=True)
        return folder / here.parent.relative_to(sys.prefix) / here.name
    (folder / "bin").mkdir(parents=True)
    (folder / "bin" / "python3").symlink_to(here)
    return folder / "bin" / "python3"


@pytest.mark.slow
def test_the_filter_runs_from_a_python_under_an_accented_folder(tmp_path: Path) -> None:
    python = venv_under(tmp_path / "vé ü")
    project = tmp_path / "projet"
    project.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "TTT_MAPS_PYTHON"}
    env["PYTHONPATH"] = str(ROOT)
    made = subprocess.run(
        [str(python), "-m", "ttt_maps", "docs", "pandoc"],
        cwd=project, capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    for name in (FILTER, ENGINE):
        lua = (project / name).read_text(encoding="utf-8")
        assert "v\\195\\169 \\195\\188" in lua and "\\u00e9" not in lua
    # The engine is Lua that loads (pandoc-ext/diagram requires it as a module).
    (project / "load.lua").write_text(f'io.write(dofile("{ENGINE}").name)', encoding="utf-8")
    loaded = subprocess.run(
        [pandoc_program(), "lua", "load.lua"], cwd=project, capture_output=True, timeout=60
    )
    assert loaded.returncode == 0 and loaded.stdout == b"ttt-map", loaded.stderr
    (project / "doc.md").write_text(DOC, encoding="utf-8")
    for extra in ({}, {"TTT_MAPS_PYTHON": str(python)}):
        run = subprocess.run(
            [pandoc_program(), "doc.md", "-L", FILTER, "-o", "doc.html"],
            cwd=project, capture_output=True, text=True, env={**env, **extra}, timeout=300,
        )  # fmt: skip
        assert run.returncode == 0, run.stderr
        assert (project / "doc.html").read_text(encoding="utf-8").count("<svg") == 2


def test_a_python_path_is_a_lua_string_read_back_byte_for_byte(tmp_path: Path) -> None:
    from ttt_maps.integrations.pandoc import lua_string

    paths = ['/opt/vé/bin/python', 'C:\\Py "3"\\python.exe', "a\nb\x1b[2J\x7f",
             os.fsdecode(b"/latin-1/\xe9t\xe9/python")]  # fmt: skip
    for path in paths:
        literal = lua_string(path)
        assert literal.isascii() and literal.isprintable()
    script = tmp_path / "read.lua"
    script.write_text(
        "".join(f"io.write({lua_string(p)}, '\\0')\n" for p in paths), encoding="ascii"
    )
    run = subprocess.run([pandoc_program(), "lua", str(script)], capture_output=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split(b"\0")[:-1] == [os.fsencode(p) for p in paths]


def test_docs_keeps_a_filter_a_person_edited(tmp_path: Path) -> None:
    install("pandoc", tmp_path, python="py")
    lua = tmp_path / FILTER
    edited = lua.read_text(encoding="utf-8").replace("ttt-maps-figures", "my-figures")
    lua.write_text(edited, encoding="utf-8")  # the first line still says ttt-maps:
    assert edited.splitlines()[0].startswith("-- ttt-maps:")
    with pytest.raises(UsageError, match=r"is not as ttt-maps wrote it .* kept: use --force"):
        install("pandoc", tmp_path, python="py3")
    assert lua.read_text(encoding="utf-8") == edited
    assert 'WRITTEN_BY = "py"' in (tmp_path / ENGINE).read_text(encoding="utf-8")
    # One written for another Python, or by another version of ttt-maps, is replaced.
    assert install("pandoc", tmp_path, python="py3", force=True) == [lua, tmp_path / ENGINE]
    assert install("pandoc", tmp_path, python="/other/python") == [lua, tmp_path / ENGINE]


def test_every_text_docs_writes_is_one_it_will_replace_after_an_upgrade() -> None:
    """A new version of a shipped file lists its digest, so the next version of ttt-maps
    still knows the file as its own."""
    from ttt_maps.integrations.pandoc import WRITTEN, digest, filter_text

    for python in (None, "/opt/vé/bin/python3", 'C:\\a "b"'):
        for name in (FILTER, ENGINE):
            assert digest(filter_text(python, name)) in WRITTEN, name
    assert digest(manifest()) in WRITTEN
    assert digest(manifest().replace("version: ", "version: 99.1.2-dev+x")) in WRITTEN


def test_a_filter_an_older_ttt_maps_wrote_is_replaced(tmp_path: Path) -> None:
    """Each version of the filter in the project's history, as it was written then (its
    Python as a JSON string), is taken as ttt-maps' own."""
    import json

    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("no history of the project here")
    for name in (FILTER, ENGINE):
        path = f"ttt_maps/integrations/pandoc/{name}"
        log = subprocess.run(
            [git, "log", "--format=%H", "--", path], cwd=ROOT, capture_output=True, text=True
        )
        commits = log.stdout.split()
        if not commits:
            pytest.skip("a shallow clone")
        for commit in commits:
            shown = subprocess.run([git, "show", f"{commit}:{path}"], cwd=ROOT, capture_output=True)
            old = shown.stdout.decode("utf-8").replace(
                "local WRITTEN_BY = nil", f"local WRITTEN_BY = {json.dumps('/old/vé/python')}", 1
            )
            (tmp_path / name).write_text(old, encoding="utf-8")
            assert tmp_path / name in install("pandoc", tmp_path, python="py"), commit


def test_docs_never_writes_through_a_link(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    project = tmp_path / "project"
    project.mkdir()
    install("pandoc", elsewhere, python="py")
    (project / FILTER).symlink_to(elsewhere / FILTER)
    with pytest.raises(UsageError, match="is not a plain file; move it away first"):
        install("pandoc", project, python="py3", force=True)
    (project / FILTER).unlink()
    (project / "_extensions").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(UsageError, match="_extensions: is not a plain folder"):
        install("quarto", project, python="py3", force=True)
    assert sorted(p.name for p in elsewhere.iterdir()) == sorted([FILTER, ENGINE])
    assert 'WRITTEN_BY = "py"' in (elsewhere / FILTER).read_text(encoding="utf-8")


@pytest.mark.slow
def test_no_message_of_docs_holds_a_terminal_escape(tmp_path: Path) -> None:
    from cli_checks import EXE

    if not EXE.exists():
        pytest.skip("ttt-maps is not installed next to python")
    folder = "\x1b]0;owned\x07\x1b[31mred"
    (tmp_path / folder).mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(2):  # written, then there already
        run = subprocess.run([str(EXE), "docs", "pandoc", folder], cwd=tmp_path,
                             capture_output=True, env=env, timeout=60)  # fmt: skip
        assert run.returncode == 0
        assert b"\x1b" not in run.stdout + run.stderr and b"\x07" not in run.stdout
    assert b"there already, unchanged" in run.stdout
    (tmp_path / folder / FILTER).write_text("mine", encoding="utf-8")
    run = subprocess.run([str(EXE), "docs", "pandoc", folder], cwd=tmp_path,
                         capture_output=True, env=env, timeout=60)  # fmt: skip
    assert run.returncode == 2 and b"\x1b" not in run.stderr and b"kept" in run.stderr


def svg_language(html: str) -> list[str | None]:
    """The ``lang`` of each inline map of a page."""
    return [ET.fromstring(svg).get("lang") for svg in re.findall(r"<svg\b.*?</svg>", html, re.S)]


def test_a_block_speaks_the_documents_language_unless_it_says_its_own() -> None:
    """The document's ``lang`` metadata (a locale, as pandoc and Quarto take it) sets the
    maps' words; a block's ``lang:`` wins; a language ttt-maps does not speak in the
    metadata is English, in a block an error naming the line."""
    where = Where("doc.md", 1)
    block = "player: x\ndepth: 1"
    for lang, says in (("fr-FR", "fr"), ("it", "en"), (None, "en")):
        drawn = draw(block, "html", where, "p", lang=lang)
        assert svg_language(drawn.payload.decode()) == [says], lang
    german = draw(block + "\nlang: de", "html", where, "p", lang="fr").payload.decode()
    assert svg_language(german) == ["de"] and "Karte für X" in german
    with pytest.raises(UsageError) as caught:
        draw(block + "\nlang: it", "html", where, "p", lang="fr")
    assert str(caught.value).startswith("doc.md:4: ttt-map: bad lang option: 'it': not a language")


@pytest.mark.slow
def test_the_filter_passes_the_documents_language(tmp_path: Path) -> None:
    (tmp_path / "doc.md").write_text("---\nlang: ru-RU\n---\n\n" + DOC, encoding="utf-8")
    run = pandoc(tmp_path, "doc.md", "-s", "-o", "doc.html")
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "doc.html").read_text(encoding="utf-8")
    assert svg_language(html) == ["ru", "ru"] and "Карта для X" in html


@pytest.mark.parametrize("forced", [False, True], ids=["kept", "force"])
def test_what_stands_at_the_filter_s_name_in_a_relative_folder_is_never_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forced: bool
) -> None:
    """A link (to a file, or dangling), a pipe and a folder at the filter's own name, in a
    folder named relative to the working one: each refused in one line; nothing is
    written through the link, nothing made outside the folder, the pipe never read."""
    monkeypatch.chdir(tmp_path)
    Path("docs").mkdir()
    target = tmp_path / "theirs.lua"
    target.write_text("theirs", encoding="utf-8")
    at = Path("docs") / FILTER
    dangling = tmp_path / "nowhere.lua"
    for plant in (
        lambda: at.symlink_to(target),
        lambda: at.symlink_to(dangling),
        lambda: os.mkfifo(at),
        lambda: at.mkdir(),
    ):
        plant()
        with pytest.raises(UsageError, match=r"^docs/ttt-map\.lua: is not a plain file"):
            install("pandoc", "docs", python="py", force=forced)
        assert target.read_text(encoding="utf-8") == "theirs" and not dangling.exists()
        assert not (Path("docs") / ENGINE).exists()  # nothing written unless all can be
        at.rmdir() if at.is_dir() and not at.is_symlink() else at.unlink()


def test_docs_keeps_a_filter_whose_python_line_a_person_edited(tmp_path: Path) -> None:
    """The WRITTEN_BY line says which Python ttt-maps wrote in: another Python's is still
    ttt-maps' own, but a line a person changed otherwise is theirs, and kept."""
    install("pandoc", tmp_path, python="py")
    lua = tmp_path / FILTER
    text = lua.read_text(encoding="utf-8")
    for edit in ('local WRITTEN_BY = "py" -- mine', 'local WRITTEN_BY = os.getenv("PY")'):
        lua.write_text(text.replace('local WRITTEN_BY = "py"', edit, 1), encoding="utf-8")
        with pytest.raises(UsageError, match=r"is not as ttt-maps wrote it"):
            install("pandoc", tmp_path, python="py3")
        assert edit in lua.read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_document_language_that_looks_like_an_option_draws_in_english(tmp_path: Path) -> None:
    """The filter passes the document's ``lang`` as one word (``--lang=-x``): a value that
    begins with a dash is a language ttt-maps does not speak, so the maps are English."""
    (tmp_path / "doc.md").write_text('---\nlang: "-x"\n---\n\n' + DOC, encoding="utf-8")
    run = pandoc(tmp_path, "doc.md", "-s", "-o", "doc.html")
    assert run.returncode == 0, run.stderr
    assert svg_language((tmp_path / "doc.html").read_text(encoding="utf-8")) == ["en", "en"]


def test_the_block_drawer_takes_a_language_that_begins_with_a_dash(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    import io
    import sys

    from ttt_maps.integrations.pandoc.__main__ import main

    stdin = io.TextIOWrapper(io.BytesIO(b"player: x\ndepth: 1\n"))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["--to", "html", "--prefix", "p", "--line", "1", "--lang=-x"]) == 0
    assert svg_language(capsysbinary.readouterr().out.decode("utf-8")) == ["en"]
