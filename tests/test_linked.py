"""Linked viewers (``compare -o cmp.html``): the maps side by side in viewer panes
that follow one another's zoom up to rotation and reflection, turned to match,
and say where they part ways. Tested in Chromium and Firefox, as the viewer is
(test_html.py, firefox.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ttt_maps.cli.app import app
from ttt_maps.compare.panes import linked_page
from ttt_maps.trees.strategy import build_strategy

#: Slow (left out by make check): every test opens linked viewers in Chromium or Firefox.
pytestmark = pytest.mark.slow

VIEWPORT = {"width": 1400, "height": 800}
HALF_TURN = [8, 7, 6, 5, 4, 3, 2, 1, 0]


@pytest.fixture(scope="module")
def page_text() -> str:
    return linked_page([build_strategy("x", "xkcd"), build_strategy("x", "yorgey")],
                       labels=["xkcd", "yorgey"])  # fmt: skip


def link_data(page: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="tttl-data">(.*?)</script>', page)
    assert match
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def test_one_self_contained_page_with_a_viewer_per_map(page_text: str) -> None:
    assert page_text.startswith("<!DOCTYPE html>")
    assert "<script src" not in page_text and "<link" not in page_text
    urls = set(re.findall(r"https?://[^\s\"'<>)&]+", page_text))
    assert urls <= {"http://www.w3.org/" + n for n in ("2000/svg", "1999/xlink", "2001/xml-events")}
    frames = re.findall(r'<iframe title="([^"]*)" srcdoc="([^"]*)"', page_text)
    assert [t for t, _ in frames] == [
        "Map for X under xkcd (the reference)",
        "Map for X under yorgey (10 positions differ)",
    ]
    for _, doc in frames:
        assert "window.tttPane" in doc and "&lt;svg" in doc
    data = link_data(page_text)
    assert data["names"] == ["xkcd", "yorgey"] and data["player"] == "x"
    assert len(data["perms"]) == 8 and data["perms"][0] == list(range(9))
    assert data["start"][1] == data["perms"].index(HALF_TURN)  # yorgey opens bottom-right
    assert data["turns"][data["start"][1]] == "turned 180°"
    again = linked_page([build_strategy("x", "xkcd"), build_strategy("x", "yorgey")],
                        labels=["xkcd", "yorgey"])  # fmt: skip
    assert again == page_text


def test_cli_writes_linked_viewers(tmp_path: Path) -> None:
    out = tmp_path / "cmp.html"
    args = ["compare", "xkcd", "default", "--player", "o", "-o", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert text.count("<iframe ") == 2 and link_data(text)["player"] == "o"


# -- in the browsers -------------------------------------------------------------------------


@pytest.fixture(scope="module", params=["chromium", "firefox"])
def browser(request: pytest.FixtureRequest) -> Any:
    return request.getfixturevalue(request.param)


@pytest.fixture(scope="module")
def page_file(page_text: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("linked") / "cmp.html"
    path.write_text(page_text, encoding="utf-8")
    return path


PANE = "document.querySelectorAll('iframe')[{i}].contentWindow"


def states(page: Any) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = page.evaluate("window.tttLink.states()")
    return got


def wait_synced(page: Any, syncs: int) -> None:
    page.wait_for_function(f"window.tttLink && window.tttLink.syncs() >= {syncs}")
    for i in range(2):
        page.wait_for_function(f"!{PANE.format(i=i)}.tttViewer.busy()")


def sub_map_on_screen(page: Any, pane: int, board: str) -> tuple[float, float]:
    """The page coordinates of the middle of a zoomable sub-map in one pane."""
    at = page.evaluate(
        """([i, b]) => {
          const frame = document.querySelectorAll('iframe')[i];
          const f = frame.getBoundingClientRect();
          const g = [...frame.contentDocument.querySelectorAll('.tttv-stage g[tabindex="0"]')]
            .find((e) => e.dataset.board === b);
          if (!g) return null;
          const r = g.getBoundingClientRect();
          return [f.x + r.x + r.width / 2, f.y + r.y + r.height / 2];
        }""",
        [pane, board],
    )
    assert at, f"no sub-map {board} in pane {pane}"
    return float(at[0]), float(at[1])


def red_move_cell(page: Any, pane: int) -> int:
    """The cell of the current board, as the reader sees it, that holds its red move."""
    cell: int = page.evaluate(
        """(i) => {
          const w = document.querySelectorAll('iframe')[i].contentWindow;
          const d = w.document;
          const board = w.tttViewer.current().board;
          const g = [...d.querySelectorAll('g.ttt-board')].find((e) => e.dataset.board === board);
          const mark = [...g.querySelectorAll('.ttt-chosen')]
            .find((m) => m.closest('g.ttt-board') === g);
          const b = g.getBoundingClientRect();
          const m = mark.getBoundingClientRect();
          const col = Math.floor(((m.x + m.width / 2 - b.x) / b.width) * 3);
          const row = Math.floor(((m.y + m.height / 2 - b.y) / b.height) * 3);
          return row * 3 + col;
        }""",
        pane,
    )
    return cell


def test_a_zoom_in_one_pane_is_followed_turned_to_match(browser: Any, page_file: Path) -> None:
    page = browser.new_page(viewport=VIEWPORT, reduced_motion="reduce")
    try:
        page.goto(page_file.as_uri())
        page.wait_for_function("document.body.dataset.ready === '1'")
        wait_synced(page, 1)
        start = states(page)
        # yorgey opens bottom-right: its pane is turned half round so it opens top-left too.
        assert start[1]["turn"] == HALF_TURN and start[0]["turn"] == list(range(9))
        assert start[0]["move"] == start[1]["move"] == 0
        assert red_move_cell(page, 1) == 0
        assert "same move as xkcd" in start[1]["note"]

        # O answers in the centre, in the xkcd pane: yorgey's follows, and they part ways.
        page.mouse.click(*sub_map_on_screen(page, 0, "x...o...."))
        wait_synced(page, 2)
        xkcd, yorgey = states(page)
        assert xkcd["shown"] == yorgey["shown"] == "x...o...."
        assert yorgey["board"] == "....o...x"  # its own position, drawn turned
        assert (xkcd["move"], yorgey["move"]) == (8, 1)
        assert red_move_cell(page, 0) == 8 and red_move_cell(page, 1) == 1
        assert yorgey["note"].startswith(
            "Parts ways with xkcd here: this map plays the top edge, xkcd the bottom-right corner"
        )
        assert "yorgey plays the top edge here" in xkcd["note"]
        pane = PANE.format(i=1)
        crumbs = page.evaluate(f"{pane}.document.querySelector('.tttv-crumbs').innerText")
        assert (
            "X plays the top-left" in crumbs and "O plays the centre" in crumbs
        )  # named as drawn, turned

        # Zooming out in one pane takes the other out too.
        page.evaluate(f"{PANE.format(i=0)}.tttViewer.zoomOut()")
        wait_synced(page, 3)
        assert [s["shown"] for s in states(page)] == [".........", "........."]

        # Now lead from the yorgey pane: O in its (drawn) bottom-right corner.
        page.mouse.click(*sub_map_on_screen(page, 1, "o.......x"))
        wait_synced(page, 4)
        xkcd, yorgey = states(page)
        assert page.evaluate("window.tttLink.leader()") == 1
        assert yorgey["shown"] == xkcd["shown"] == "x.......o"
        assert xkcd["board"] == "x.......o"
    finally:
        page.close()


# -- reasons in a turned pane: the cells as drawn ------------------------------------------


@pytest.fixture(scope="module")
def explained_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from ttt_maps.draw.layout import MapOptions

    maps = [build_strategy("o", p) for p in ("xkcd", "yorgey")]
    page = linked_page(maps, labels=["xkcd", "yorgey"], opts=MapOptions(explain=True))
    path = tmp_path_factory.mktemp("linked-why") / "cmp.html"
    path.write_text(page, encoding="utf-8")
    return path


def test_a_turned_pane_says_its_reasons_with_the_cells_as_drawn(
    chromium: Any, explained_file: Path
) -> None:
    """``compare xkcd yorgey --player o -o cmp.html --explain``: yorgey's pane is turned
    half round to match, and the reason it says names the cells as the reader sees
    them (blocking the line drawn at the top, not yorgey's own bottom row), with no note
    on another numbering; where its ``last`` key chose, it says so without numbers."""
    from ttt_maps.reasons.facts import plain, turned_template

    yorgey = build_strategy("o", "yorgey").noted(explain=True)
    said = {str(n.board): n.why for n in yorgey.root.walk() if n.why}
    page = chromium.new_page(viewport=VIEWPORT, reduced_motion="reduce")

    def turned_says() -> str:
        state = states(page)[1]
        assert state["turn"] == HALF_TURN
        status = str(page.evaluate(f"{PANE.format(i=1)}.document.body.dataset.status"))
        expected = plain(turned_template(said[state["board"]], HALF_TURN))
        assert status.endswith(expected), (status, expected)
        assert "numbered as before" not in status and "the highest of" not in status
        return status

    try:
        page.goto(explained_file.as_uri())
        page.wait_for_function("document.body.dataset.ready === '1'")
        wait_synced(page, 1)
        page.mouse.click(*sub_map_on_screen(page, 0, ".......x."))  # yorgey's own .x.......
        wait_synced(page, 2)
        assert "last: of 8, 6, 4 and 1, the last in the map's own cell order" in turned_says()
        page.evaluate(f"{PANE.format(i=0)}.tttViewer.zoomOut()")
        wait_synced(page, 3)
        page.mouse.click(*sub_map_on_screen(page, 0, "x........"))
        wait_synced(page, 4)
        page.mouse.click(*sub_map_on_screen(page, 0, "xx..o...."))
        wait_synced(page, 5)
        # Blocking the line drawn at the top, where yorgey's own board has it at the bottom.
        assert "O blocks X's line 0-1-2 at 2" in turned_says()
    finally:
        page.close()


# -- a big map: a pane follows without drawing all its waiting boards ------------------------


@pytest.fixture(scope="module")
def big_pair(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """Linked viewers of two O maps on the 3x4 board (over 3,000 boards each): their deep
    boards wait in the page as text, as a single viewer's do."""
    from ttt_maps.game.geometry import Geometry

    g = Geometry.parse("3x4k3")
    maps = [build_strategy("o", p, geometry=g) for p in ("fast,trap", "default")]
    path = tmp_path_factory.mktemp("linked-big") / "cmp.html"
    path.write_text(linked_page(maps, labels=["fast,trap", "default"]), encoding="utf-8")
    return path, maps[1].facts.boards


def test_a_big_maps_pane_follows_without_drawing_all_its_boards(
    chromium: Any, big_pair: tuple[Path, int]
) -> None:
    path, boards = big_pair
    page = chromium.new_page(viewport=VIEWPORT, reduced_motion="reduce")
    try:
        page.goto(path.as_uri())
        page.wait_for_function("document.body.dataset.ready === '1'")
        wait_synced(page, 1)
        # Three zooms in the first pane, down among the boards that wait as text.
        zooms = ["......x.....", ".....oxx....", "o....oxxx..."]
        for syncs, board in enumerate(zooms, 2):
            page.mouse.click(*sub_map_on_screen(page, 0, board))
            wait_synced(page, syncs)
            lead, follow = states(page)
            assert lead["shown"] == follow["shown"] == board
            assert follow["note"] == "Same position and the same move as fast,trap."
        # The follower found each position by reading the waiting text: drawing every
        # board to look for it (as it once did) takes seconds a step on bigger maps.
        drawn = page.evaluate(f"{PANE.format(i=1)}.tttViewer.boards()")
        assert drawn < boards / 4
    finally:
        page.close()


# -- three panes: the maps line up, the address keeps the zoom ----------------------------


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three X maps whose notes and moves-so-far differ in length."""
    names = ["xkcd", "yorgey", "default"]
    path = tmp_path_factory.mktemp("linked-three") / "cmp.html"
    maps = [build_strategy("x", p) for p in names]
    path.write_text(linked_page(maps, labels=names), encoding="utf-8")
    return path


#: Each pane's current board: its top on the page in pixels, and whether the veil shows.
BOARDS = """() => [...document.querySelectorAll('iframe')].map((f) => {
  const w = f.contentWindow, d = f.contentDocument, board = w.tttViewer.current().board;
  const g = [...d.querySelectorAll('g.ttt-board')].find((e) => e.dataset.board === board);
  const r = g.getBoundingClientRect();
  const veil = d.querySelector('.tttv-veil');
  return { top: f.getBoundingClientRect().top + r.top, veiled: veil.getAttribute('visibility') };
})"""


def test_linked_maps_line_up_and_the_address_keeps_the_zoom(chromium: Any, three: Path) -> None:
    page = chromium.new_page(viewport=VIEWPORT, reduced_motion="reduce")
    try:
        page.goto(three.as_uri())
        page.wait_for_function("document.body.dataset.ready === '1'")
        wait_synced(page, 1)
        for syncs, board in enumerate(["x...o....", "x.o.o...x"], 2):
            page.mouse.click(*sub_map_on_screen(page, 0, board))
            wait_synced(page, syncs)
            drawn = page.evaluate(BOARDS)
            tops = [b["top"] for b in drawn]
            assert max(tops) - min(tops) < 2, (board, tops)
            # Zoomed in, everything but the board is veiled: no cut-off neighbours.
            assert {b["veiled"] for b in drawn} == {"visible"}
        # Their notes differ in length (one line, three), their moves so far too.
        notes = [s["note"] for s in states(page)]
        assert len({len(n) for n in notes}) == 3
        address, seen = page.url, [s["shown"] for s in states(page)]
        assert "#pane=0&map=x&moves=0,4,8,2" in address
    finally:
        page.close()
    again = chromium.new_page(viewport=VIEWPORT, reduced_motion="reduce")
    try:
        again.goto(address)
        again.wait_for_function("document.body.dataset.ready === '1'")
        wait_synced(again, 1)
        assert [s["shown"] for s in states(again)] == seen
        assert again.evaluate("window.tttLink.leader()") == 0
        tops = [b["top"] for b in again.evaluate(BOARDS)]
        assert max(tops) - min(tops) < 2
    finally:
        again.close()
