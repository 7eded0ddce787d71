"""The gamebook as files: the PDF booklet read back (links, outline, fonts, pages), and
``render`` writing each format by its suffix, refusing what does not apply."""

from __future__ import annotations

import json
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from cli_checks import assert_usage_error
from conftest import need_tool
from typer.testing import CliRunner

import ttt_maps.api as api
from ttt_maps.cli.app import app

runner = CliRunner()
A5 = (419.53, 595.28)


def words_by_page(pdf: Path) -> list[list[tuple[str, float, float, float, float]]]:
    """Every word with its box (left, top, right, bottom from the page's top), per page."""
    tool = need_tool("pdftotext", "poppler-utils")
    xhtml = subprocess.run([tool, "-bbox", str(pdf), "-"], capture_output=True, check=True)
    root = ET.fromstring(xhtml.stdout)
    ns = "{http://www.w3.org/1999/xhtml}"
    return [
        [
            (w.text or "", *(float(w.get(k, 0)) for k in ("xMin", "yMin", "xMax", "yMax")))
            for w in page.iter(f"{ns}word")
        ]
        for page in root.iter(f"{ns}page")
    ]


def pdf_objects(pdf: Path) -> dict[str, dict[str, object]]:
    tool = need_tool("qpdf", "qpdf")
    out = subprocess.run([tool, "--json=2", "--json-key=qpdf", "--json-key=outlines", str(pdf)],
                         capture_output=True, check=True)  # fmt: skip
    doc = json.loads(out.stdout)
    objects = {k[4:]: v.get("value") for k, v in doc["qpdf"][1].items() if k.startswith("obj:")}
    objects["outlines"] = doc["outlines"]
    return objects


@pytest.fixture(scope="module")
def x_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("book") / "x.pdf"
    data = api.gamebook(api.strategy("x"), "pdf")
    assert isinstance(data, bytes)
    path.write_bytes(data)
    return path


def test_every_link_of_the_pdf_lands_on_its_section(x_book: Path) -> None:
    objects = pdf_objects(x_book)
    pages = [k for k, v in objects.items() if isinstance(v, dict) and v.get("/Type") == "/Page"]
    words = words_by_page(x_book)
    assert len(pages) == len(words) > 20
    links = 0
    for index, ref in enumerate(pages):
        page = objects[ref]
        assert isinstance(page, dict)
        w, h = page["/MediaBox"][2:]  # type: ignore[index]
        assert (round(w, 2), round(h, 2)) == A5
        for annot in page.get("/Annots", []):  # type: ignore[union-attr]
            link = objects[annot]
            assert isinstance(link, dict) and link["/Subtype"] == "/Link"
            left, bottom, right, top = link["/Rect"]  # type: ignore[misc]
            inside = [
                t
                for t, x0, y0, x1, y1 in words[index]
                if left <= (x0 + x1) / 2 <= right and bottom <= h - (y0 + y1) / 2 <= top
            ]
            target = re.search(r"§(\d+)", " ".join(inside))
            assert target, inside
            dest_page, _, _, dest_y, _ = link["/Dest"]  # type: ignore[misc]
            there = words[pages.index(dest_page)]
            heading = [y0 for t, _, y0, _, _ in there if t == f"§{target[1]}"]
            # The section's heading is the first line below where the link goes.
            assert any(abs(y0 - (h - dest_y)) < 6 for y0 in heading), (target[1], dest_y, heading)
            links += 1
    markdown = api.gamebook(api.strategy("x"), "md")
    assert links == len(re.findall(r"\]\(#s\d+\)", str(markdown)))


def test_the_outline_groups_every_section_by_move_and_fonts_are_embedded(x_book: Path) -> None:
    outlines = pdf_objects(x_book)["outlines"]
    assert isinstance(outlines, list)
    assert [o["title"] for o in outlines] == ["Move 1", "Move 3", "Move 5", "Move 7", "Move 9"]
    sections = [kid["title"] for o in outlines for kid in o["kids"]]
    # 109 positions for X (fact: the referee's count,
    # test_claims.test_the_maps_counts_are_the_referees)
    assert sections == [f"§{n}" for n in range(1, 110)]
    fonts = subprocess.run([need_tool("pdffonts", "poppler-utils"), str(x_book)],
                           capture_output=True, text=True, check=True).stdout  # fmt: skip
    rows = fonts.splitlines()[2:]
    assert rows and all(" yes yes " in row for row in rows), fonts
    assert "Type 3" not in fonts


def test_render_writes_each_format_by_its_suffix(tmp_path: Path) -> None:
    for name in ("o.md", "o.txt"):
        result = runner.invoke(app, ["render", "--player", "o", "-o", str(tmp_path / name)])
        assert result.exit_code == 0, result.stderr
    # The file says its language in front matter, then the book.
    assert (tmp_path / "o.md").read_text().startswith("---\nlang: en\n---\n\n# O's strategy")
    assert "Section 1. Move 2." in (tmp_path / "o.txt").read_text()
    pdf = tmp_path / "x.pdf"
    result = runner.invoke(app, ["render", "--player", "x", "--gamebook", str(pdf)])
    assert result.exit_code == 0 and pdf.read_bytes().startswith(b"%PDF")
    again = api.gamebook(api.strategy("x"), "pdf")
    assert pdf.read_bytes() == again, "the same book gives the same bytes"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["-o", "book.md"], "add --player x or --player o"),
        (["--player", "both", "--gamebook", "book.txt"], "one player's strategy"),
        (["--player", "x", "--gamebook", "book.doc"], "name a .md"),
        (["--player", "x", "-o", "book.md", "--depth", "2"], "--depth does not apply"),
        (["--player", "x", "-o", "book.txt", "--size", "A4"], "--size does not apply"),
        (["--player", "x", "--gamebook", "a.md", "-o", "b.svg"], "writes the gamebook or"),
    ],
)
def test_a_gamebook_refuses_what_does_not_apply(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], needle: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "book.md").write_text("mine")
    assert_usage_error(runner.invoke(app, ["render", *args]), needle)
    assert (tmp_path / "book.md").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.md"]


def test_a_picture_can_carry_the_strategy_in_words(tmp_path: Path) -> None:
    """``--picture --description``: the poster's <img> names a <details> holding both books,
    their anchors kept apart, every link resolving."""
    light = tmp_path / "poster.svg"
    result = runner.invoke(app, ["render", "--picture", "--description", "-o", str(light)])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    (ident,) = re.findall(r'<img [^>]*aria-details="([^"]+)"', out)
    assert f'<details id="{ident}">' in out and out.rstrip().endswith("</details>")
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', out))
    links = set(re.findall(r"\]\(#([^)]+)\)", out))
    assert links <= anchors
    assert {a.split("-s")[0] for a in anchors} == {"poster-x", "poster-o"}
    # fact: the referee's count, test_claims.test_the_maps_counts_are_the_referees
    assert len(anchors) == 109 + 453


@pytest.mark.parametrize(
    "args",
    [
        ["--gamebook", "book.md"],
        ["--gamebook", "book.txt"],
        ["--gamebook", "book.pdf"],
        ["-o", "book.md"],
        ["--picture", "--description", "-o", "map.svg"],
    ],
)
def test_a_finished_position_has_no_book_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["render", "--player", "x", "--from", "xxxoo....", *args])
    assert_usage_error(result, "xxxoo....: the game is over (X wins); X has no move to choose")
    assert list(tmp_path.iterdir()) == []


def test_a_description_needs_a_picture() -> None:
    assert_usage_error(runner.invoke(app, ["render", "--description"]), "use it with --picture")


def test_the_api_names_what_does_not_apply() -> None:
    import ttt_maps

    tree = ttt_maps.strategy("x")
    with pytest.raises(ttt_maps.UsageError, match="choose md, txt or pdf"):
        ttt_maps.gamebook(tree, "doc")
    with pytest.raises(ttt_maps.UsageError, match="apply to a PDF gamebook"):
        ttt_maps.gamebook(tree, "md", size="A4")
    with pytest.raises(ttt_maps.UsageError, match="one player's strategy"):
        ttt_maps.gamebook(ttt_maps.poster(), "md")  # type: ignore[arg-type]
    pdf = ttt_maps.gamebook(tree, "pdf", size="A4")
    assert isinstance(pdf, bytes) and b"/MediaBox [0 0 595.2756 841.8898]" in pdf


def test_markup_in_a_policy_s_name_is_shown_as_text_in_markdown(tmp_path: Path) -> None:
    """A book's file name is the user's text: in the Markdown gamebook every character
    that could start markup is a character reference, so a Markdown renderer shows it as
    written and makes no tag, link or emphasis of it."""
    import markdown

    import ttt_maps

    book = tmp_path / "<b>*x*_[y](z)`.json"
    book.write_text('{".........": 4}', encoding="utf-8")
    tree = ttt_maps.strategy("x", f"book:{book},fast")
    md = str(ttt_maps.gamebook(tree, "md"))
    assert "<b>" not in md and "&#60;b&#62;&#42;x&#42;&#95;&#91;y&#93;(z)&#96;.json" in md
    html = markdown.markdown(md)
    assert "<b>" not in html and "<em>" not in html and '<a href="z"' not in html
    assert "&#60;b&#62;&#42;x&#42;" in html  # shown by a browser as the characters
