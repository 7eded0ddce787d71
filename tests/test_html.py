"""The HTML viewer (SPEC section 7, issue 5): one self-contained file, tested in
a real browser.

The browser tests run twice: in Debian's Chromium (``/usr/bin/chromium``, or
``$TTT_CHROMIUM``) through Python Playwright, and in Debian's Firefox ESR
(``/usr/bin/firefox-esr``) over WebDriver BiDi; headless, nothing is
downloaded. Without Chromium they skip, except under CI (``CI`` set), where a
missing Chromium is a failure; without Firefox they skip with the reason.
"""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import screenshot
from typer.testing import CliRunner

from ttt_maps import api
from ttt_maps.backends.html import EAGER_BOARDS, scene_to_html
from ttt_maps.backends.svg.writer import scene_to_svg
from ttt_maps.cli.app import app
from ttt_maps.draw.compose import map_scene
from ttt_maps.draw.themes import DARK, LIGHT
from ttt_maps.engine.build import scene_of
from ttt_maps.game.cell_names import NAMES_3X3, cell_to
from ttt_maps.trees.strategy import Node, build_strategy

SVG = "{http://www.w3.org/2000/svg}"
#: Cells as the viewer (and ``ttt-maps play``) names them.
NAMES = tuple(f"plays the {name}" for name in NAMES_3X3)  # as the viewer says a move
VIEWPORT = {"width": 1000, "height": 800}


def inline_svg(page: str) -> ET.Element:
    """The SVG inside a viewer page, parsed as XML."""
    match = re.search(r"<svg\b.*</svg>", page, re.S)
    assert match, "no inline <svg> in the page"
    return ET.fromstring(match.group(0))


def reply_path(node: Node, plies: int) -> tuple[list[int], Node]:
    """Moves from ``node`` following the first reply at each opponent turn."""
    moves: list[int] = []
    for _ in range(plies):
        cell, node = node.children[0]
        moves.append(cell)
    return moves, node


# -- the file itself -----------------------------------------------------------


@pytest.fixture(scope="module")
def x_page() -> str:
    return scene_to_html(map_scene(build_strategy("x")))


def test_page_is_self_contained(x_page: str) -> None:
    """No network: no external scripts, styles, fonts or images; the viewer is inline."""
    assert x_page.startswith("<!DOCTYPE html>")
    assert "<script src" not in x_page and "<link" not in x_page
    assert "@import" not in x_page and "url(" not in x_page
    # The only URLs are XML namespace names, which are never fetched.
    urls = set(re.findall(r"https?://[^\s\"'<>)]+", x_page))
    namespaces = {"http://www.w3.org/" + n for n in ("2000/svg", "1999/xlink", "2001/xml-events")}
    assert urls <= namespaces, urls
    assert "window.tttViewer" in x_page and ".tttv-stage" in x_page
    assert x_page.count("<script>") == 1


def test_page_holds_the_whole_map(x_page: str) -> None:
    svg = inline_svg(x_page)
    strategy = build_strategy("x")
    boards = svg.findall(f".//{SVG}g[@data-board]")
    assert len(boards) == strategy.facts.boards
    assert svg.get("width") == "100%" and svg.get("viewBox")
    assert "<title>Map for X: complete map of optimal tic-tac-toe moves</title>" in x_page


def test_page_is_deterministic() -> None:
    scene = map_scene(build_strategy("o"), theme="dark")
    assert scene_to_html(scene) == scene_to_html(scene)
    assert scene_to_html(scene, id_prefix="a") != scene_to_html(scene, id_prefix="b")


def test_title_is_escaped() -> None:
    scene = map_scene(build_strategy("x"), title="<X> & friends")
    page = scene_to_html(scene)
    assert "<title>&lt;X&gt; &amp; friends</title>" in page
    assert "<X> & friends" not in page


def test_dark_theme_page_has_no_light_block() -> None:
    page = scene_to_html(map_scene(build_strategy("x"), theme="dark"))
    assert 'content="dark"' in page and f"--tttv-bg:{DARK.background}" in page


def test_cli_writes_html(tmp_path: Path) -> None:
    """``render --format html`` and an ``.html`` name from -o both give the viewer."""
    runner = CliRunner()
    by_suffix = tmp_path / "x.html"
    by_format = tmp_path / "x-map"
    r1 = runner.invoke(app, ["render", "--player", "x", "-o", str(by_suffix), "-q"])
    assert r1.exit_code == 0, r1.output
    r2 = runner.invoke(
        app, ["render", "--player", "x", "--format", "html", "-o", str(by_format) + ".html", "-q"]
    )
    assert r2.exit_code == 0, r2.output
    page = by_suffix.read_text(encoding="utf-8")
    assert page == (tmp_path / "x-map.html").read_text(encoding="utf-8")
    assert "window.tttViewer" in page and inline_svg(page).findall(f".//{SVG}g[@data-board]")


def test_api_renders_html() -> None:
    page = api.render(api.poster(), "html")
    assert isinstance(page, str) and page.startswith("<!DOCTYPE html>")
    assert "Complete map of optimal tic-tac-toe moves" in page


# -- in the browser ---------------------------------------------------------------


@pytest.fixture(scope="module", params=["chromium", "firefox"])
def browser(request: pytest.FixtureRequest) -> Any:
    """Each browser the viewer must work in: Chromium through Playwright, Firefox over
    WebDriver BiDi (tests/firefox.py, the same page calls); see conftest.py."""
    return request.getfixturevalue(request.param)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The three viewer pages, written once."""
    folder = tmp_path_factory.mktemp("viewer")
    out = {}
    for name, obj in (("x", api.strategy("x")), ("o", api.strategy("o")), ("both", api.poster())):
        path = folder / f"{name}.html"
        api.save(obj, path)
        out[name] = path
    return out


def open_page(browser: Any, url: str, **options: Any) -> Any:
    """A new tab on ``url``, once the viewer is ready.

    ``reduced_motion="reduce"`` makes every zoom land at once: the heavy
    pages (O map, poster) use it to keep the suite fast; the X map flies.
    """
    page = browser.new_page(viewport=VIEWPORT, **options)
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === '1'")
    return page


def settle(page: Any) -> None:
    """Wait until the view has landed (flights are time-based, about half a second)."""
    page.wait_for_function("window.tttViewer && !window.tttViewer.busy()")


def current(page: Any) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate("window.tttViewer.current()")
    return state


def crumbs(page: Any) -> str:
    return " ".join(page.inner_text(".tttv-crumbs").split())


def cell_centre(page: Any, board: str) -> tuple[float, float]:
    """Screen centre of the zoomable sub-map (a tab stop of the current board) for ``board``."""
    box = page.evaluate(
        """(b) => { const e = [...document.querySelectorAll('.tttv-stage g[tabindex="0"]')]
              .find((g) => g.dataset.board === b);
            if (!e) return null; const r = e.getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2]; }""",
        board,
    )
    assert box, f"no zoomable sub-map for {board} on the current board"
    return float(box[0]), float(box[1])


def board_rect(page: Any, board: str) -> dict[str, float]:
    """The on-screen box of the shallowest board group showing ``board``."""
    rect: dict[str, float] = page.evaluate(
        """(b) => { const r = document.querySelector(`.tttv-stage g[data-board="${b}"]`)
              .getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; }""",
        board,
    )
    return rect


def test_click_where_o_went_zooms_in_and_esc_out(browser: Any, pages: dict[str, Path]) -> None:
    strategy = build_strategy("x")
    (opening, reply), level1 = reply_path(strategy.root, 2)
    page = open_page(browser, pages["x"].as_uri())
    try:
        assert current(page)["board"] == str(strategy.root.board)
        before = crumbs(page)
        page.mouse.click(*cell_centre(page, str(level1.board)))
        settle(page)
        state = current(page)
        assert state["board"] == str(level1.board) and state["moves"] == [opening, reply]
        assert page.evaluate("document.body.dataset.board") == str(level1.board)
        after = crumbs(page)
        assert after != before and f"X {NAMES[opening]} → O {NAMES[reply]}" in after
        assert page.url.endswith(f"#map=x&moves={opening},{reply}")
        # The sub-map now fills the stage (it was a ninth of it).
        rect = board_rect(page, str(level1.board))
        assert rect["h"] > 0.8 * page.evaluate("document.querySelector('.tttv-stage').clientHeight")

        page.keyboard.press("Escape")
        page.wait_for_function(f"window.tttViewer.current().board === '{strategy.root.board}'")
        settle(page)
        assert current(page)["level"] == 0 and crumbs(page) == before
        assert "#" not in page.url
    finally:
        page.close()


def test_back_button_zooms_out_and_forward_in(browser: Any, pages: dict[str, Path]) -> None:
    strategy = build_strategy("x")
    _, level1 = reply_path(strategy.root, 2)
    _, level2 = reply_path(level1, 2)
    page = open_page(browser, pages["x"].as_uri())
    try:
        for target in (level1, level2):
            page.mouse.click(*cell_centre(page, str(target.board)))
            settle(page)
        assert current(page)["board"] == str(level2.board)
        page.go_back()
        page.wait_for_function(f"window.tttViewer.current().board === '{level1.board}'")
        page.go_forward()
        page.wait_for_function(f"window.tttViewer.current().board === '{level2.board}'")
        # A breadcrumb jumps straight back to the whole map.
        page.click(".tttv-crumbs a >> nth=0")
        settle(page)
        assert current(page)["level"] == 0
    finally:
        page.close()


def test_fragment_opens_the_position(browser: Any, pages: dict[str, Path]) -> None:
    strategy = build_strategy("o")
    moves, node = reply_path(strategy.root, 5)
    assert node.chooses  # an O board at level 3
    fragment = "map=o&moves=" + ",".join(map(str, moves))
    page = open_page(browser, f"{pages['o'].as_uri()}#{fragment}", reduced_motion="reduce")
    try:
        settle(page)
        state = current(page)
        assert state["board"] == str(node.board) and state["level"] == 3
        assert page.url.endswith("#" + fragment)
        labels = crumbs(page)
        assert labels.startswith("Map for O")
        assert f"O {NAMES[moves[3]]} → X {NAMES[moves[4]]}" in labels
        rect = board_rect(page, str(node.board))
        assert rect["w"] > 500  # zoomed: a level-3 board is ~25 px in the whole map
    finally:
        page.close()
    # b=BOARD names a board instead of the moves (any board notation).
    _, level1 = reply_path(build_strategy("x").root, 2)
    board = str(level1.board)
    page = open_page(browser, f"{pages['x'].as_uri()}#b={board.upper().replace('.', '-')}")
    try:
        assert current(page)["board"] == board
    finally:
        page.close()


def test_keyboard_reaches_cells_and_enter_zooms(browser: Any, pages: dict[str, Path]) -> None:
    page = open_page(browser, pages["x"].as_uri())
    try:
        for _ in range(6):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.getAttribute('role') === 'button'"):
                break
        focused = page.evaluate("document.activeElement.dataset.board")
        assert focused, "Tab never reached a cell of the map"
        label = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert label.startswith("Zoom in: X ")
        # The focus ring is drawn around the focused sub-map.
        assert page.evaluate("document.querySelector('.tttv-ring').getAttribute('visibility')") == (
            "visible"
        )
        page.keyboard.press("Enter")
        settle(page)
        assert current(page)["board"] == focused
        # Focus moved into the new board; Escape returns it to the cell we came from.
        page.keyboard.press("Escape")
        page.wait_for_function("window.tttViewer.current().level === 0")
        assert page.evaluate("document.activeElement.dataset.board") == focused
    finally:
        page.close()


def test_poster_fragment_says_which_map(browser: Any, pages: dict[str, Path]) -> None:
    o = build_strategy("o")
    (cell,), level1 = reply_path(o.root, 1)
    page = open_page(browser, pages["both"].as_uri(), reduced_motion="reduce")
    try:
        assert current(page)["map"] == "" and current(page)["level"] is None
        o_root = page.evaluate(
            """() => { const r = document.querySelector('.ttt-player-o g.ttt-board')
                 .getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }"""
        )
        page.mouse.click(*o_root)
        settle(page)
        assert current(page)["map"] == "o" and current(page)["level"] == 0
        page.mouse.click(*cell_centre(page, str(level1.board)))
        settle(page)
        assert current(page)["board"] == str(level1.board)
        url = page.url
        assert url.endswith(f"#map=o&moves={cell}")
        assert crumbs(page).startswith(f"Both maps Map for O X {NAMES[cell]}")
        # The whole-map toggle goes out to the poster and back in again.
        page.click(".tttv-whole")
        settle(page)
        assert current(page)["level"] is None
        assert page.get_attribute(".tttv-whole", "aria-pressed") == "true"
        page.click(".tttv-whole")
        settle(page)
        assert current(page)["board"] == str(level1.board)
    finally:
        page.close()
    page = open_page(browser, url, reduced_motion="reduce")
    try:
        assert current(page)["map"] == "o" and current(page)["board"] == str(level1.board)
    finally:
        page.close()


POINTER = """([type, id, x, y]) => document.querySelector('.tttv-stage svg').dispatchEvent(
    new PointerEvent(type, {pointerId: id, pointerType: 'touch', isPrimary: id === 1,
                            clientX: x, clientY: y, button: 0, bubbles: true}))"""


def test_wheel_drag_and_pinch_move_the_view(browser: Any, pages: dict[str, Path]) -> None:
    """Free zoom and pan change the view, not the position; a tap still zooms in."""
    page = open_page(browser, pages["x"].as_uri())
    try:
        whole = page.evaluate("window.tttViewer.view()")
        page.mouse.move(500, 450)
        page.mouse.wheel(0, -300)
        settle(page)
        wheeled = page.evaluate("window.tttViewer.view()")
        assert wheeled["w"] < whole["w"] / 1.5
        page.mouse.down()
        page.mouse.move(400, 350, steps=4)
        page.mouse.up()
        settle(page)
        dragged = page.evaluate("window.tttViewer.view()")
        assert dragged["w"] == pytest.approx(wheeled["w"])
        assert dragged["x"] > wheeled["x"] and dragged["y"] > wheeled["y"]
        assert current(page)["level"] == 0  # panning is not a click
        page.evaluate("window.tttViewer.whole()")
        settle(page)
        # Two fingers spread from 200 px to 400 px apart: twice as close.
        page.evaluate(POINTER, ["pointerdown", 1, 400, 450])
        page.evaluate(POINTER, ["pointerdown", 2, 600, 450])
        for d in (25, 50, 75, 100):
            page.evaluate(POINTER, ["pointermove", 1, 400 - d, 450])
            page.evaluate(POINTER, ["pointermove", 2, 600 + d, 450])
        page.evaluate(POINTER, ["pointerup", 1, 300, 450])
        page.evaluate(POINTER, ["pointerup", 2, 700, 450])
        settle(page)
        pinched = page.evaluate("window.tttViewer.view()")
        assert whole["w"] / pinched["w"] == pytest.approx(2.0, rel=0.01)
        assert current(page)["level"] == 0
        page.evaluate(POINTER, ["pointerdown", 3, 700, 500])
        page.evaluate(POINTER, ["pointerup", 3, 700, 500])
        settle(page)
        assert current(page)["level"] == 1
    finally:
        page.close()


def red_share(png: bytes, colour: str) -> float:
    """The share of pixels within a small distance of ``colour`` (``#rrggbb``)."""
    from PIL import Image

    target = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = image.getcolors(maxcolors=image.width * image.height) or []

    def close(c: tuple[int, ...]) -> bool:
        return sum(abs(a - b) for a, b in zip(c, target, strict=True)) < 40

    near = sum(n for n, c in colours if close(c))
    return near / (image.width * image.height)


def test_chosen_red_mark_is_on_screen(browser: Any, pages: dict[str, Path]) -> None:
    strategy = build_strategy("x")
    _, level1 = reply_path(strategy.root, 2)
    page = open_page(browser, pages["x"].as_uri(), color_scheme="light")
    try:
        for step in range(2):
            box = page.evaluate(
                """() => { const b = window.tttViewer.current().board;
                  const g = [...document.querySelectorAll('.tttv-stage g.ttt-board')]
                    .find((e) => e.dataset.board === b);
                  const m = [...g.querySelectorAll('.ttt-chosen')]
                    .find((e) => e.closest('g.ttt-board') === g);
                  const r = m.getBoundingClientRect();
                  return {x: r.x, y: r.y, width: r.width, height: r.height}; }"""
            )
            assert box["width"] > 40  # the largest red symbol: a whole cell of the view
            share = red_share(screenshot(page, clip=box), LIGHT.chosen)
            assert share > 0.1, f"step {step}: only {share:.1%} of the mark's box is red"
            if step == 0:
                page.mouse.click(*cell_centre(page, str(level1.board)))
                settle(page)
    finally:
        page.close()


@pytest.fixture
def served(pages: dict[str, Path]) -> Iterator[str]:
    """The viewer pages over a local HTTP server (both browsers report HTTP requests)."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *_: Any) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(pages["x"].parent))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{server.server_address[1]}/"
        server.shutdown()


def test_no_network_requests(browser: Any, served: str) -> None:
    """The page loads nothing but itself, also when clicked and zoomed."""
    for name in ("x", "both"):
        page = browser.new_page(viewport=VIEWPORT, reduced_motion="reduce")
        requests: list[str] = []
        page.on("request", lambda r, seen=requests: seen.append(r.url))
        try:
            url = f"{served}{name}.html"
            page.goto(url)
            page.wait_for_function("document.body.dataset.ready === '1'")
            page.mouse.click(500, 500)
            settle(page)
            page.mouse.wheel(0, 300)
            settle(page)
            assert [r for r in requests if not r.endswith("/favicon.ico")] == [url], requests
        finally:
            page.close()


def test_two_maps_on_one_page_keep_their_styles(browser: Any, tmp_path: Path) -> None:
    """SPEC section 7: inlined side by side, each map keeps its colours and symbols."""
    light = scene_to_svg(map_scene(build_strategy("x"), theme="light"), id_prefix="mx")
    dark = scene_to_svg(map_scene(build_strategy("o"), theme="dark"), id_prefix="mo")
    doc = tmp_path / "two.html"
    doc.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>"
        f"<div style='width:400px'>{light}</div><div style='width:400px'>{dark}</div>"
        "</body></html>",
        encoding="utf-8",
    )
    page = browser.new_page(viewport=VIEWPORT, color_scheme="light")
    try:
        page.goto(doc.as_uri())
        style = page.evaluate(
            """() => ['mx', 'mo'].map((id) => getComputedStyle(
                 document.querySelector(`#${id} .ttt-chosen`)).stroke)"""
        )
        assert style == ["rgb(224, 32, 27)", "rgb(255, 91, 79)"]  # LIGHT.chosen, DARK.chosen
        ids = page.evaluate("[...document.querySelectorAll('[id]')].map((e) => e.id)")
        assert len(ids) == len(set(ids))
        # Every <use> points at a symbol of its own map.
        foreign = page.evaluate(
            """() => ['mx', 'mo'].flatMap((id) => [...document.querySelectorAll(`#${id} use`)]
                 .map((u) => u.getAttribute('href') || u.getAttribute('xlink:href'))
                 .filter((h) => !h.startsWith(`#${id}-`)))"""
        )
        assert foreign == []
    finally:
        page.close()


def test_only_an_auto_page_follows_the_dark_colour_scheme(
    browser: Any, pages: dict[str, Path], tmp_path: Path
) -> None:
    """A light page stays light for a reader in dark mode; ``--theme auto`` follows them."""
    auto = tmp_path / "auto.html"
    api.save(api.strategy("x"), auto, theme="auto")
    script = """() => [getComputedStyle(document.body).backgroundColor,
                       getComputedStyle(document.querySelector('.ttt-chosen')).stroke]"""
    expected = {
        (pages["x"], "dark"): ["rgb(255, 255, 255)", "rgb(224, 32, 27)"],  # LIGHT
        (auto, "light"): ["rgb(255, 255, 255)", "rgb(224, 32, 27)"],
        (auto, "dark"): ["rgb(21, 23, 26)", "rgb(255, 91, 79)"],  # DARK.background, .chosen
    }
    for (path, scheme), colours in expected.items():
        page = open_page(browser, path.as_uri(), color_scheme=scheme)
        try:
            assert page.evaluate(script) == colours, (path.name, scheme)
        finally:
            page.close()


# -- big maps: the deep boards wait until the reader zooms in ------------------


@pytest.fixture(scope="module")
def big() -> Any:
    """The O map of the 4x4 board, three in a row: about 15,000 boards."""
    return api.strategy("o", geometry="4x4k3")


@pytest.mark.slow
def test_a_big_page_defers_its_deep_boards_and_loses_none(big: Any) -> None:
    page = scene_to_html(map_scene(big))
    match = re.search(r'<script type="application/json" id="tttv-lazy">(.*?)</script>', page, re.S)
    assert match, "a 15,000-board map should defer its deep boards"
    deferred = json.loads(match.group(1))
    drawn = re.findall(r'data-board="([^"]+)"', inline_svg_text(page))
    waiting = [b for text in deferred for b in re.findall(r'data-board="([^"]+)"', text)]
    assert len(drawn) <= EAGER_BOARDS < len(drawn) + len(waiting)
    assert len(drawn) + len(waiting) == big.facts.boards
    # Every deferred list belongs to one drawn board, and the whole tree is there once.
    holders = re.findall(r'data-lazy="(\d+)"', page)
    assert sorted(map(int, holders)) == list(range(len(deferred)))
    full = scene_to_svg(map_scene(big), width="100%", height="100%")
    assert sorted(drawn + waiting) == sorted(re.findall(r'data-board="([^"]+)"', full))
    # A 3x3 map is drawn whole.
    assert "data-lazy=" not in inline_svg_text(scene_to_html(map_scene(build_strategy("o"))))


def deepest_path(node: Node) -> tuple[list[int], Node]:
    """The moves to the deepest board where the map's player chooses, and that board."""
    best: tuple[list[int], Node] = ([], node)
    for cell, child in node.children:
        moves, deep = deepest_path(child)
        if deep.chooses and len(moves) + 1 > len(best[0]):
            best = ([cell, *moves], deep)
    return best


def inline_svg_text(page: str) -> str:
    match = re.search(r"<svg\b.*</svg>", page, re.S)
    assert match
    return match.group(0)


def test_a_big_map_draws_deep_boards_as_the_reader_zooms(
    browser: Any, big: Any, tmp_path: Path
) -> None:
    path = tmp_path / "o44.html"
    api.save(big, path)
    moves, deep = deepest_path(big.root)  # a board deep among the deferred ones
    level = (len(moves) + 1) // 2
    assert level >= 4
    page = open_page(browser, path.as_uri(), reduced_motion="reduce")
    try:
        settle(page)
        first = page.evaluate("[window.tttViewer.boards(), window.tttViewer.waiting()]")
        assert first[0] < big.facts.boards / 10 and first[1] > 0
        # Clicking in draws what the closer view shows.
        _, level1 = reply_path(big.root, 1)
        page.mouse.click(*cell_centre(page, str(level1.board)))
        settle(page)
        after = page.evaluate("[window.tttViewer.boards(), window.tttViewer.waiting()]")
        assert after[0] > first[0] and after[1] < first[1]
        # A link deep into boards not drawn yet opens them.
        page.evaluate(f"window.tttViewer.go('map=o&moves={','.join(map(str, moves))}')")
        settle(page)
        assert current(page)["board"] == str(deep.board) and current(page)["level"] == level
        # Moves are said as the terminal game says them: row and column past 3x3.
        g = big.root.board.geometry
        said = f"O plays {cell_to(g, moves[1])} → X plays {cell_to(g, moves[2])}"
        assert said in crumbs(page)
        rect = board_rect(page, str(deep.board))
        assert rect["w"] > 400
        # Its sub-maps, drawn from the deferred text, are the tab stops.
        svg = ET.fromstring(scene_to_svg(map_scene(big)))
        here = next(g for g in svg.iter(f"{SVG}g") if g.get("data-board") == str(deep.board))
        subs = sorted(g.get("data-board", "") for g in here.findall(f"{SVG}g[@data-board]"))
        stops = page.evaluate(
            "[...document.querySelectorAll('.tttv-stage g[tabindex]')].map((g) => g.dataset.board)"
        )
        assert sorted(stops) == subs
    finally:
        page.close()


# -- play mode and the fixes that keep a reader on the map ----------------------------


def status(page: Any) -> str:
    text: str = page.evaluate("window.tttViewer.status()")
    return text


def cell_on_screen(page: Any, cell: int) -> tuple[float, float]:
    """The screen centre of a cell of the current board (3x3)."""
    box = page.evaluate(
        """() => { const b = window.tttViewer.current().board;
             const g = [...document.querySelectorAll('.tttv-stage g.ttt-board')]
               .find((e) => e.dataset.board === b);
             const r = g.getBoundingClientRect();
             return [r.x, r.y, r.width, r.height]; }"""
    )
    x, y, w, h = box
    return x + (cell % 3 + 0.5) * w / 3, y + (cell // 3 + 0.5) * h / 3


def test_play_a_whole_game_by_clicking_undo_and_reload(
    browser: Any, pages: dict[str, Path]
) -> None:
    strategy = build_strategy("x")
    node = strategy.root
    page = open_page(browser, pages["x"].as_uri(), reduced_motion="reduce")
    try:
        page.click(".tttv-play")
        first = node.move
        assert first is not None
        assert status(page) == f"X {NAMES[first]}. Your move (O)"
        assert page.url.endswith("#play=x") or "#" not in page.url
        played: list[int] = []
        # O answers with the first reply each time, by clicking its cell, to the end.
        while True:
            cell, after = node.children[0]
            if not after.children:
                break
            reply, node = after.children[0]
            if not node.children:
                break
            page.mouse.click(*cell_on_screen(page, reply))
            settle(page)
            played += [cell, reply]
            assert current(page)["board"] == str(node.board)
            assert page.url.endswith("#play=x&moves=" + ",".join(map(str, played)))
        final = status(page)
        assert final.endswith(("X wins", "draw")), final
        # The map's answer is highlighted on the board.
        assert page.evaluate("document.querySelectorAll('.tttv-answer').length") == 1
        url = page.url
        page.click(".tttv-undo")
        settle(page)
        assert current(page)["moves"] == played[:-2]
        assert status(page).endswith("Your move (O)")
    finally:
        page.close()
    page = open_page(browser, url, reduced_motion="reduce")
    try:
        assert page.evaluate("window.tttViewer.playing()") is True
        assert current(page)["moves"] == played and status(page) == final
        page.click(".tttv-new")
        settle(page)
        assert current(page)["level"] == 0 and status(page).endswith("Your move (O)")
    finally:
        page.close()


def test_play_with_keys_and_a_taken_cell(browser: Any, pages: dict[str, Path]) -> None:
    o = build_strategy("o")
    page = open_page(browser, pages["o"].as_uri() + "#play=o", reduced_motion="reduce")
    try:
        assert status(page) == "Your move (X)"
        page.keyboard.press("4")
        settle(page)
        assert current(page)["moves"] == [4]
        reply = dict(o.root.children)[4].move
        assert reply is not None
        assert status(page) == f"O {NAMES[reply]}. Your move (X)"
        page.keyboard.press("4")
        assert status(page).startswith("That cell is taken")
        page.keyboard.press("u")
        settle(page)
        assert current(page)["level"] == 0 and status(page) == "Your move (X)"
    finally:
        page.close()


def test_a_click_after_a_deep_wheel_zoom_opens_the_board_under_the_pointer(
    browser: Any, pages: dict[str, Path]
) -> None:
    """Wheel far into a level-2 board of the whole map, click: the board under the pointer
    opens, not a board of the first level around it."""
    _, level2 = reply_path(build_strategy("o").root, 3)
    page = open_page(browser, pages["o"].as_uri(), reduced_motion="reduce")
    try:
        rect = board_rect(page, str(level2.board))
        x, y = rect["x"] + rect["w"] * 0.3, rect["y"] + rect["h"] * 0.3
        page.mouse.move(x, y)
        for _ in range(6):
            page.mouse.wheel(0, -300)
        settle(page)
        under = page.evaluate(
            """([x, y]) => [...document.querySelectorAll('.tttv-stage g.ttt-board')]
                 .filter((g) => { const r = g.getBoundingClientRect();
                   return r.x <= x && x <= r.right && r.y <= y && y <= r.bottom; })
                 .map((g) => g.dataset.board)""",
            [x, y],
        )
        page.mouse.click(x, y)
        settle(page)
        state = current(page)
        assert state["level"] >= 2, state
        assert state["board"] in under
    finally:
        page.close()


def test_wheel_zoom_stops_at_the_deepest_level(browser: Any, pages: dict[str, Path]) -> None:
    page = open_page(browser, pages["x"].as_uri(), reduced_motion="reduce")
    try:
        smallest = page.evaluate(
            """() => Math.min(...[...document.querySelectorAll('.tttv-stage g.ttt-board')]
                 .map((g) => g.getBBox().width))"""
        )
        page.mouse.move(500, 450)
        for _ in range(40):
            page.mouse.wheel(0, -400)
        settle(page)
        assert page.evaluate("window.tttViewer.view()")["w"] >= smallest
    finally:
        page.close()


def test_a_finished_board_says_who_won_and_a_cut_board_says_it_is_cut(
    browser: Any, pages: dict[str, Path], tmp_path: Path
) -> None:
    strategy = build_strategy("x")
    winning = next(
        n for n in strategy.root.walk() if n.chooses and n.children[0][1].board.winner() == "x"
    )
    moves = fragment_moves(strategy.root, winning)
    page = open_page(browser, f"{pages['x'].as_uri()}#map=x&moves={moves}", reduced_motion="reduce")
    try:
        assert status(page) == f"X {NAMES[winning.children[0][0]]}: X wins"
    finally:
        page.close()
    cut = tmp_path / "cut.html"
    api.save(api.strategy("x", depth=1), cut)
    _, level1 = reply_path(strategy.root, 2)
    page = open_page(browser, f"{cut.as_uri()}#b={level1.board}", reduced_motion="reduce")
    try:
        assert current(page)["level"] == 1
        assert status(page) == "The map stops here (drawn with --depth)"
    finally:
        page.close()


def fragment_moves(root: Node, target: Node) -> str:
    """The moves= value that leads from ``root`` to ``target``."""

    def path(node: Node) -> list[int] | None:
        if node is target:
            return []
        for cell, child in node.children:
            rest = path(child)
            if rest is not None:
                return [cell, *rest]
        return None

    found = path(root)
    assert found is not None
    return ",".join(map(str, found))


def test_play_mode_grows_the_o_map_page_by_little() -> None:
    page = scene_to_html(map_scene(build_strategy("o")))
    svg = scene_to_svg(map_scene(build_strategy("o")))
    assert "tttv-play" in page and "playCell" in page
    assert len(page.encode()) < len(svg.encode()) * 1.3


def test_the_title_is_shown_once() -> None:
    """A drawing that sets its own title (the poster) keeps the page's heading for screen
    readers only; an untitled map's page shows its heading."""
    poster = scene_to_html(scene_of(api.poster(policy="yorgey")))
    single = scene_to_html(map_scene(build_strategy("x", "yorgey")))
    assert '<h1 class="tttv-unseen">Complete map of optimal tic-tac-toe moves</h1>' in poster
    assert re.search(r"<h1>Map for X: [^<]+</h1>", single)
