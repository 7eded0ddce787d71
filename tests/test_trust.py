"""The surfaces added since the last hostile pass, probed with real processes and files:
the ``<picture>`` snippet's names, file names ttt-maps derives (never through a link),
one file named twice, tables whose every claim ``check`` replays, text read as
markup, odd streams and environments, and docs builders that are not HTML."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import shutil
import subprocess
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from urllib.parse import unquote_to_bytes

import pytest
from cli_checks import EXE, one_error_line, ttt

from ttt_maps.cli.picture import picture_html

pytestmark = pytest.mark.skipif(not EXE.exists(), reason="ttt-maps is not installed next to python")


# -- 1. the <picture> snippet names exactly the files written ----------------------------

#: Names a file system allows that mean something else in HTML, in a URL or on a terminal.
HOSTILE_NAMES = [
    "my map.svg",
    "javascript:alert(1).svg",
    "a#b%c?d.svg",
    "x, 2x.svg",
    "line\nbreak.svg",
    "\x1b[31mred\x07.svg",
    'q"uo<te>&.svg',
    "carte é.svg",
    os.fsdecode(b"latin-1 \xe9t\xe9.svg"),  # not UTF-8: a byte the name holds as it is
    "".join(chr(c) for c in range(1, 128) if chr(c) != "/") + ".svg",
]


def snippet_files(html: str) -> tuple[bytes, bytes]:
    """The files a browser would fetch for the dark and the light image, as bytes."""
    picture = ET.fromstring(html)
    source, img = list(picture)
    srcset, src = source.get("srcset", ""), img.get("src", "")
    for url in (srcset, src):
        assert not re.search(r"[\s,]", url), url  # a srcset splits at spaces and commas
        assert not re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", url), url  # no scheme
        assert "#" not in url and "?" not in url, url
    return unquote_to_bytes(srcset), unquote_to_bytes(src)


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_the_snippet_names_each_file_as_written(name: str) -> None:
    light = Path("maps") / name
    dark = light.with_name(light.stem + "-dark.svg")
    html = picture_html(light, dark, "A map \x1b[2J\nfor X")
    assert all(line.isprintable() for line in html.splitlines()), html
    urls = snippet_files(html)
    assert urls == (b"./" + os.fsencode(dark), b"./" + os.fsencode(light))
    assert ET.fromstring(html)[1].get("alt") == "A map \ufffd[2J\nfor X"


def test_render_prints_a_snippet_a_terminal_and_a_browser_can_take(tmp_path: Path) -> None:
    name = "my \x1b]0;owned\x07map javascript:x.svg"
    proc = ttt("render", "--player", "x", "--picture", "-o", name, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    assert "\x1b" not in out and "\x07" not in out
    dark, light = snippet_files(out[out.index("<picture>") :])
    assert (tmp_path / os.fsdecode(light)).is_file() and (tmp_path / os.fsdecode(dark)).is_file()
    assert sorted(os.listdir(tmp_path)) == sorted([name, name[:-4] + "-dark.svg"])


@pytest.mark.parametrize("system", ["light", "dark"])
def test_the_pasted_snippet_shows_the_right_file_in_chromium(
    system: str, tmp_path: Path, chromium: Any
) -> None:
    """The snippet, pasted into a page beside the files, loads the light or the dark one."""
    name = "my map #1, javascript:x%20.svg"
    proc = ttt("render", "--player", "x", "--depth", "1", "--picture", "-o", name, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    (tmp_path / "page.html").write_text(f"<html><body>{out[out.index('<picture>') :]}")
    page = chromium.new_page(color_scheme=system)
    try:
        page.goto((tmp_path / "page.html").as_uri())
        page.wait_for_load_state("load")
        loaded = page.evaluate(
            "() => [document.images[0].currentSrc, document.images[0].naturalWidth]"
        )
    finally:
        page.close()
    wanted = name if system == "light" else name[:-4] + "-dark.svg"
    assert loaded[1] > 0 and unquote_to_bytes(loaded[0].rsplit("/", 1)[1]) == wanted.encode()


def test_every_written_line_escapes_the_name(tmp_path: Path) -> None:
    """The lines saying what was written never send a name's control characters."""
    name = "\x1b]0;owned\x07t"
    for args in (["table", "--player", "x", "-o", f"{name}.json"],
                 ["export", "--player", "x", "-o", f"{name}.json"],
                 ["render", "--player", "x", "--depth", "1", "-o", f"{name}.svg"],
                 ["compare", "xkcd", "yorgey", "-o", f"{name}.svg"]):  # fmt: skip
        proc = ttt(*args, cwd=tmp_path)
        assert proc.returncode == 0, (args, proc.stderr)
        assert b"\x1b" not in proc.stdout and b"\x07" not in proc.stdout, (args, proc.stdout)
        assert b"\\x1b]0;owned\\x07t" in proc.stdout, (args, proc.stdout)


# -- 2. a name ttt-maps derives never follows a link ------------------------------------------


@pytest.mark.parametrize(
    ("args", "link"),
    [
        (["--player", "x", "--picture", "-o", "out/m.svg"], "out/m-dark.svg"),
        (["--player", "x", "-o", "out/m", "--format", "svg", "--format", "pdf"], "out/m.pdf"),
        (["--player", "x", "--format", "svg"], "output/x-map.svg"),
        (["--player", "x", "--format", "svg", "--board", "3x4k3", "--depth", "1"],
         "output/x-map-3x4k3.svg"),
    ],
)  # fmt: skip
def test_a_derived_name_that_is_a_link_is_refused(
    args: list[str], link: str, tmp_path: Path
) -> None:
    victim = tmp_path / "elsewhere.txt"
    victim.write_text("precious\n")
    (tmp_path / link).parent.mkdir()
    (tmp_path / link).symlink_to(victim)
    one_error_line(ttt("render", *args, cwd=tmp_path), repr(link), "symbolic link")
    assert victim.read_text() == "precious\n"
    folder = (tmp_path / link).parent
    assert os.listdir(folder) == [Path(link).name]  # nothing written beside it either


def test_a_derived_name_that_is_a_pipe_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "m-dark.svg")
    one_error_line(ttt("render", "--player", "x", "--picture", "-o", "m.svg", cwd=tmp_path), "pipe")


def test_a_named_link_is_still_followed(tmp_path: Path) -> None:
    """What the user names is written as a shell's ``>`` would: through the link."""
    target = tmp_path / "real.svg"
    (tmp_path / "named.svg").symlink_to(target)
    proc = ttt("render", "--player", "x", "-o", "named.svg", "--depth", "1", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "named.svg").is_symlink() and target.read_bytes().startswith(b"<svg")


# -- 3. one file named twice --------------------------------------------------------------


def compare_twice(tmp_path: Path, sheet: str) -> None:
    (tmp_path / "c.svg").write_text("old")
    proc = ttt("compare", "xkcd", "yorgey", "-o", "c.svg", "--sheet", sheet, cwd=tmp_path)
    one_error_line(proc, "--sheet", "is the same file as -o 'c.svg'")
    assert (tmp_path / "c.svg").read_text() == "old"


def test_compare_refuses_one_file_by_two_spellings(tmp_path: Path) -> None:
    compare_twice(tmp_path, "./c.svg")
    compare_twice(tmp_path, f"{tmp_path}/../{tmp_path.name}/c.svg")


def test_compare_refuses_one_file_through_a_link_or_a_hard_link(tmp_path: Path) -> None:
    (tmp_path / "soft.svg").symlink_to("c.svg")
    compare_twice(tmp_path, "soft.svg")
    (tmp_path / "c.svg").write_text("old")
    os.link(tmp_path / "c.svg", tmp_path / "hard.svg")
    compare_twice(tmp_path, "hard.svg")
    (tmp_path / "dangling.svg").symlink_to("new.svg")
    proc = ttt("compare", "xkcd", "yorgey", "-o", "new.svg", "--sheet", "dangling.svg",
               cwd=tmp_path)  # fmt: skip
    one_error_line(proc, "same file")
    assert not (tmp_path / "new.svg").exists()


def test_compare_refuses_standard_output_twice(tmp_path: Path) -> None:
    (tmp_path / "out.svg").symlink_to("/dev/stdout")
    proc = ttt("compare", "xkcd", "yorgey", "-o", "-", "--format", "svg", "--sheet", "out.svg",
               cwd=tmp_path)  # fmt: skip
    one_error_line(proc, "same file")
    assert proc.stdout == b""


def test_the_bin_takes_any_number_of_outputs(tmp_path: Path) -> None:
    (tmp_path / "bin.svg").symlink_to(os.devnull)
    proc = ttt("compare", "xkcd", "yorgey", "-o", os.devnull, "--format", "svg",
               "--sheet", "bin.svg", "--json", cwd=tmp_path)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)


def test_render_refuses_a_light_file_that_is_its_dark_one(tmp_path: Path) -> None:
    (tmp_path / "a.svg").symlink_to("a-dark.svg")
    one_error_line(ttt("render", "--player", "x", "--picture", "-o", "a.svg", cwd=tmp_path),
                   "same file")  # fmt: skip
    assert sorted(os.listdir(tmp_path)) == ["a.svg"]


def test_an_output_over_the_book_it_reads_is_refused(tmp_path: Path) -> None:
    book = tmp_path / "b.json"
    book.write_text('{".........": 4}')
    (tmp_path / "link.json").symlink_to(book)
    proc = ttt("export", "--player", "x", "--policy", "book:b.json,fast", "-o", "./link.json",
               cwd=tmp_path)  # fmt: skip
    one_error_line(proc, "the file --policy reads")
    proc = ttt("play", "--player", "o", "--policy", "book:b.json", "--save", "b.json",
               input=b"4\n", cwd=tmp_path)  # fmt: skip
    one_error_line(proc, "the file --policy reads")
    assert proc.stdout == b"" and book.read_text() == '{".........": 4}'


# -- 4. check replays every claim of a table --------------------------------------------------


@pytest.fixture(scope="module")
def table_x() -> dict[str, Any]:
    proc = ttt("table", "--player", "x", "--json")
    assert proc.returncode == 0, proc.stderr
    doc: dict[str, Any] = json.loads(proc.stdout)
    assert doc["minimal"] is True and len(doc["moves"]) == 22
    return doc


def check_table(tmp_path: Path, text: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    path = tmp_path / "table.json"
    path.write_text(text)
    return ttt("check", path, env={**os.environ, **env})


def test_a_true_table_is_certified(tmp_path: Path, table_x: dict[str, Any]) -> None:
    proc = check_table(tmp_path, json.dumps(table_x))
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.decode().startswith("perfect table for X: 22 positions")


def test_a_position_listed_twice_with_two_moves_is_refused(
    tmp_path: Path, table_x: dict[str, Any]
) -> None:
    text = json.dumps(table_x).replace('".........": 4', '".........": 4, ".........": 0')
    one_error_line(check_table(tmp_path, text), "'.........' is given twice")
    respelt = dict(table_x, moves={**table_x["moves"], "O...X....": 0})  # o...x.... plays 8
    one_error_line(check_table(tmp_path, json.dumps(respelt)), "listed twice", "8 and 0")


def test_a_class_listed_twice_with_another_move_is_an_error(
    tmp_path: Path, table_x: dict[str, Any]
) -> None:
    turned = dict(table_x, moves={**table_x["moves"], "....x...o": 2})  # o...x.... turned
    proc = check_table(tmp_path, json.dumps(turned))
    assert proc.returncode == 1
    assert "error: conflict at ....x...o" in proc.stdout.decode()


def test_a_strategy_file_listing_a_board_twice_is_refused(tmp_path: Path) -> None:
    """Any JSON we read: a key given twice would silently keep the last one."""
    proc = ttt("export", "--player", "x")
    doc = json.loads(proc.stdout)
    board = next(b for b in doc["moves"] if "o" in b)
    cell = doc["moves"][board]
    path = tmp_path / "s.json"
    path.write_text(
        json.dumps(doc).replace(f'"{board}": {cell}', f'"{board}": {cell}, "{board}": 0')
    )
    one_error_line(ttt("check", path), f"{board!r} is given twice")
    doc["moves"][board.upper()] = (cell + 1) % 9
    path.write_text(json.dumps(doc))
    one_error_line(ttt("check", path), f"board {board} is listed twice")


@pytest.mark.parametrize("cell", [-1, 9, 99, 10**17])
def test_a_cell_off_the_board_is_refused(
    cell: int, tmp_path: Path, table_x: dict[str, Any]
) -> None:
    bad = dict(table_x, moves={**table_x["moves"], "o...x....": cell})
    one_error_line(check_table(tmp_path, json.dumps(bad)), f"cell {cell}", "0 to 8")


def test_a_false_minimal_claim_is_refused(tmp_path: Path, table_x: dict[str, Any]) -> None:
    extra = dict(table_x, moves={**table_x["moves"], "xo.......": 4})  # no game meets it
    proc = check_table(tmp_path, json.dumps(extra))
    out = proc.stdout.decode()
    assert proc.returncode == 1, out
    assert 'error: not minimal at .........: the file claims "minimal": true' in out
    proc = check_table(tmp_path, json.dumps(dict(extra, minimal=False)))
    assert proc.returncode == 0 and "1 warning" in proc.stdout.decode()


def test_a_minimal_claim_too_long_to_prove_is_said_to_be_unchecked(
    tmp_path: Path, table_x: dict[str, Any]
) -> None:
    proc = check_table(tmp_path, json.dumps(table_x), TTT_MAPS_TABLE_LIMIT="10")
    out = proc.stdout.decode()
    assert proc.returncode == 0
    assert 'the claim "minimal": true was not checked' in out
    proc = ttt("check", "--json", tmp_path / "table.json",
               env={**os.environ, "TTT_MAPS_TABLE_LIMIT": "10"})  # fmt: skip
    assert "not checked" in json.loads(proc.stdout)["unchecked"]


def test_a_larger_perfect_table_claiming_minimal_is_refused(tmp_path: Path) -> None:
    """A perfect table that lists only what its play meets, but more than it must: the
    o table's size claimed for a table of the map's own moves."""
    from ttt_maps.audit.table import audit_table, minimal_claim
    from ttt_maps.game.position import Position
    from ttt_maps.game.symmetry import canonicaliser
    from ttt_maps.tables.entries import Entry, Table
    from ttt_maps.trees.strategy import build_strategy

    tree = json.loads(build_strategy("x", "yorgey").to_json())
    canonical = canonicaliser(Position.empty().geometry)
    entries: dict[int, Entry] = {}
    for text, cell in tree["moves"].items():
        board = Position.parse(text)
        entries.setdefault(canonical(board.key), Entry(board, cell))
    table = Table(Position.empty().geometry, "x", tuple(entries.values()), minimal=True)
    lookup, met, todo = table.lookup(), set(), [Position.empty()]
    while todo:  # keep only the classes the table's own play meets
        board = todo.pop()
        if board.is_over:
            continue
        if board.to_move == "x":
            met.add(canonical(board.key))
            cell = lookup(board)
            assert cell is not None
            todo.append(board.play(cell))
        else:
            todo += [board.play(c) for c in board.moves()]
    kept = tuple(e for key, e in entries.items() if key in met)
    table = table._replace(entries=kept)
    problems = audit_table(table)
    assert not problems and table.size > 22, (problems[:2], table.size)
    refuted, unchecked = minimal_claim(table, problems)
    assert not unchecked and len(refuted) == 1
    assert f"a perfect table of 22 positions exists, not {table.size}" in refuted[0].message


# -- 5. nothing typed is read as markup ---------------------------------------------------------


def on_terminal(args: list[str], lines: list[str], env: dict[str, str] | None = None) -> str:
    """Run ttt-maps on a pseudo-terminal, typing ``lines`` one by one; all it printed."""
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.execve(str(EXE), [str(EXE), *args], {**os.environ, "TERM": "xterm", **(env or {})})
    out = b""
    todo = list(lines)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.3)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        elif todo and out.rstrip().endswith(b">"):
            os.write(fd, (todo.pop(0) + "\n").encode())
            out += b"\n"
    os.close(fd)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, out.decode(errors="replace")
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.decode("utf-8", "replace"))


def test_play_shows_what_was_typed_and_the_policy_as_text(tmp_path: Path) -> None:
    book = tmp_path / "[bold]b :fire:.json"
    book.write_text('{".........": 4}')
    out = on_terminal(["play", "--player", "x", "--policy", f"book:{book},fast"],
                      ["[/x]", "[bold]zz", "q"])  # fmt: skip
    assert "Traceback" not in out and "MarkupError" not in out
    assert "'[/x]': type a cell number" in out
    assert "'[bold]zz': type a cell number" in out
    assert "[bold]b :fire:.json" in " ".join(out.split())  # wrapped at the width


def test_compare_shows_a_policy_named_like_markup(tmp_path: Path) -> None:
    book = tmp_path / "[red]b.json"
    book.write_text('{".........": 4}')
    proc = ttt("compare", f"book:{book},fast", "yorgey")
    assert proc.returncode == 0, proc.stderr
    assert f"book:{book},fast" in proc.stdout.decode()


# -- 6. odd streams and environments -----------------------------------------------------------


def test_play_with_standard_input_closed() -> None:
    proc = subprocess.run(["bash", "-c", f"exec {EXE} play --player x <&-"],
                          capture_output=True, timeout=60, check=False)  # fmt: skip
    one_error_line(proc, "standard input is closed")


def test_a_usage_error_with_standard_error_closed_exits_2() -> None:
    for args in ("render --player q", "render --no-such-option", "check /nonexistent"):
        proc = subprocess.run(["bash", "-c", f"exec {EXE} {args} 2>&-"],
                              capture_output=True, timeout=60, check=False)  # fmt: skip
        assert proc.returncode == 2, (args, proc.returncode)


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        ({"_TTT_MAPS_COMPLETE": "complete_bash", "COMP_WORDS": "ttt-maps r", "COMP_CWORD": "x"},
         "COMP_CWORD 'x'"),
        ({"_TTT_MAPS_COMPLETE": "complete_bash", "COMP_WORDS": "ttt-maps r", "COMP_CWORD": "-1"},
         "COMP_CWORD '-1'"),
        ({"_TTT_MAPS_COMPLETE": "complete_bash", "COMP_CWORD": "1"}, "COMP_WORDS"),
        ({"_TTT_MAPS_COMPLETE": "nonsense"}, "_TTT_MAPS_COMPLETE 'nonsense'"),
    ],
)  # fmt: skip
def test_broken_completion_variables_are_one_line(env: dict[str, str], needle: str) -> None:
    one_error_line(ttt(env={**os.environ, **env}), needle)


def test_completion_still_completes() -> None:
    env = {"_TTT_MAPS_COMPLETE": "complete_bash", "COMP_WORDS": "ttt-maps ren", "COMP_CWORD": "1"}
    proc = ttt(env={**os.environ, **env})
    assert proc.returncode == 0 and b"render" in proc.stdout


def facts_of_solve(out: str) -> None:
    """Everything ``solve x...o....`` says, whatever the width: each move and each policy."""
    flat = " ".join(out.split())
    for cell in (1, 2, 3, 5, 6, 7, 8):
        assert re.search(rf"\b{cell}\b[^0-9]*\bdraw\b", flat), (cell, out)
    for chain in ("fast,last,first", "book:xkcd,center,corner,first", "fast,novice,first"):
        assert chain in flat, out
    assert "…" not in out and "..." not in out, out


@pytest.mark.parametrize("columns", ["0", "1", "20", "200"])
def test_a_narrow_pipe_loses_nothing(columns: str) -> None:
    proc = ttt("solve", "x...o....", env={**os.environ, "COLUMNS": columns})
    assert proc.returncode == 0
    out = proc.stdout.decode()
    facts_of_solve(out)
    assert max(len(line) for line in out.splitlines()) > 20  # lines are not cut to the width


def test_a_narrow_terminal_loses_nothing() -> None:
    out = on_terminal(["solve", "x...o...."], [], env={"COLUMNS": "20", "LINES": "50"})
    facts_of_solve(out)


@pytest.mark.slow
@pytest.mark.parametrize("columns", ["1", "30", "45", "80"])
def test_no_table_is_cut_at_any_width(columns: str) -> None:
    """A table whose words fit is drawn, wrapped between words; one whose words do not
    is written as plain lines: never a cell cut short with an ellipsis."""
    for args in (["policies"], ["stats"], ["solve", "x...o...."], ["compare", "xkcd", "yorgey"]):
        proc = ttt(*args, env={**os.environ, "COLUMNS": columns})
        assert proc.returncode == 0 and "…" not in proc.stdout.decode(), (args, columns)


def test_a_narrow_pipe_keeps_the_comparison() -> None:
    proc = ttt("compare", "xkcd", "yorgey", env={**os.environ, "COLUMNS": "30"})
    out = " ".join(proc.stdout.decode().split())
    # pin: the figures of today's table, which must survive a narrow pipe
    assert "policy: xkcd; positions: 131" in out and "novice: 0.958" in out, out


# -- 7. docs builders that are not HTML ---------------------------------------------------------

HOSTILE_ALT = ["A map", ".so /etc/hostname", "'\\\" comment", "@bye \\fB bold @{x}", ".TH X"]


@pytest.fixture(scope="module")
def hostile_docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A page with the alternative text in reStructuredText, and one in MyST Markdown."""
    pytest.importorskip("myst_parser", reason="myst-parser is a dev extra")
    src = tmp_path_factory.mktemp("docs")
    (src / "conf.py").write_text(
        'extensions = ["myst_parser", "ttt_maps.sphinx"]\nproject = "T"\n'
        'man_pages = [("index", "tmap", "T", [], 1)]\n'
        'texinfo_documents = [("index", "tmap", "T", "me", "tmap", "d", "Misc")]\n'
    )
    alt = "\n      ".join(HOSTILE_ALT)
    (src / "index.rst").write_text(
        f"T\n=\n\n.. ttt-map::\n   :player: x\n   :depth: 1\n   :alt: {alt}\n\n"
        ".. toctree::\n\n   myst\n"
    )
    block = "\n".join(f"  {line}" for line in ["MyST map", *HOSTILE_ALT[1:]])
    (src / "myst.md").write_text(
        f"# M\n\n```{{ttt-map}}\n---\nplayer: o\ndepth: 1\nalt: |\n{block}\n---\n```\n"
    )
    return src


def sphinx_build(src: Path, builder: str) -> Path:
    from sphinx.cmd.build import build_main

    out = src / "_build" / builder
    assert build_main(["-E", "-q", "-b", builder, str(src), str(out)]) == 0
    return out


@pytest.mark.slow
def test_the_manual_page_shows_the_alt_text_and_runs_none_of_it(hostile_docs: Path) -> None:
    man = shutil.which("man")
    if man is None or shutil.which("groff") is None:
        pytest.skip("man and groff are not installed (scripts/system-deps.sh --browser)")
    page = sphinx_build(hostile_docs, "man") / "tmap.1"
    proc = subprocess.run([man, "-l", str(page)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "MANPAGER": "cat", "MANWIDTH": "200"},
                          check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    shown = " ".join(proc.stdout.replace("\u2010", "-").split())
    for first in ("A map", "MyST map"):
        said = f"[{first} .so /etc/hostname '\\\" comment @bye \\fB bold @{{x}} .TH X]"
        assert said in shown, shown
    assert proc.stderr == "", proc.stderr


@pytest.mark.slow
def test_texinfo_and_text_take_the_alt_text_as_text(hostile_docs: Path) -> None:
    texi = (sphinx_build(hostile_docs, "texinfo") / "tmap.texi").read_text()
    assert texi.count("@@bye \\fB bold @@@{x@}") == 2 and "\n@bye \\fB" not in texi
    text = (sphinx_build(hostile_docs, "text") / "index.txt").read_text()
    assert "@bye \\fB bold @{x}" in text and ".so /etc/hostname" in text


# -- words at the edges of the width, and numbers of any length --------------------------

#: Commands whose output is tables and text, as a person runs them.
WIDE_COMMANDS = [
    ["solve", "x...o...."],
    ["solve", "--board", "3x4k3", "x..........."],
    ["compare", "xkcd", "yorgey", "fast,novice"],
]


def words_of(text: str) -> set[str]:
    """The words a reader finds, whether a table or ``column: value`` lines hold them."""
    return {w.strip(":;") for w in re.findall(r"[^\s\u2500-\u257f]+", text)} - {""}


@pytest.mark.slow
@pytest.mark.parametrize("args", WIDE_COMMANDS, ids=" ".join)
def test_every_word_survives_every_width(args: list[str]) -> None:
    """At widths from 1 to 130 columns the output holds exactly the words it holds at 200:
    none cut with an ellipsis, folded in two, or lost. (Every third width where tables
    start to wrap: rich cut the chain column of ``solve`` at 45 to 74 columns.)"""
    from typer.testing import CliRunner

    from ttt_maps.cli.app import app

    runner = CliRunner()

    def at(width: int) -> str:
        result = runner.invoke(app, args, env={"COLUMNS": str(width)})
        assert result.exit_code == 0, result.stderr
        return str(result.stdout)

    words = words_of(at(200))
    for width in (1, 3, 8, 15, 25, *range(35, 90, 3), 100, 130):
        out = at(width)
        assert "…" not in out, (width, out)
        assert words_of(out) == words, (width, words_of(out) ^ words, out)


def test_a_one_column_pipe_prints_each_line_whole() -> None:
    proc = ttt("solve", "x...o....", env={**os.environ, "COLUMNS": "1"})
    lines = proc.stdout.decode().splitlines()
    assert "x to move: draw" in lines and " x │ 1 │ 2" in lines
    assert not [line for line in lines if len(line.strip()) == 1], lines


@pytest.mark.parametrize("digits", [19, 25, 400])
def test_a_search_limit_may_be_as_large_as_you_like(digits: int) -> None:
    limit = "9" * digits
    proc = ttt("solve", "--search-limit", limit, "x...o....")
    assert proc.returncode == 0 and b"x to move: draw" in proc.stdout, proc.stderr
    proc = ttt("solve", "x...o....", env={**os.environ, "TTT_MAPS_SEARCH_LIMIT": limit})
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--size", f"{'9' * 25}x{'9' * 25}mm"], "each side must be between 1 mm and 5 m"),
        (["--size", "A4", "--margin", "9" * 30], "expected 0 to 1000 millimetres"),
        (["--size", "A4", "--dpi", "1e999"], "--dpi '1e999': too large a number"),
        (["--size", "A4", "--dpi", "9" * 30], "expected a number from 1 to 10000"),
        (["--width", "9" * 30], "expected a whole number of pixels, from 1 to 32767"),
    ],
)
def test_a_huge_number_is_refused_for_its_size(tmp_path: Path, args: list[str], says: str) -> None:
    proc = ttt("render", "--player", "x", *args, "-o", tmp_path / "x.png")
    one_error_line(proc, says)
    assert not list(tmp_path.iterdir())
