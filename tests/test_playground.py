"""The playground page: ttt-maps in the reader's browser, from the docs site alone.

In Python (fast): the page's options are the command line's, its address is
refused in the command line's words, the command line it shows writes the very
bytes it offers, and its drawing path needs none of the compiled dependencies.

In Chromium and Firefox (slow; one docs build, shared with test_docs): the
site served from 127.0.0.1 and every other host trapped (the test fails on
any attempt to reach one), Python started from the build's snapshot (and
afresh when the snapshot is missing), the loading words in order, an address
drawn, a map changed, a download compared with ``ttt-maps render``, the
wheel installed only when a job needs a file the snapshot lacks, a game
played, a long search that says its count and time beside a Stop in view, and
stopped, a comparison with both panes side by side and a sheet as tall as it
shows, axe-core, the page used by keyboard alone, and the page without
JavaScript.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_checks import EXE, ttt
from sitehost import Outside, Site

from ttt_maps.integrations import playground

ROOT = Path(__file__).resolve().parent.parent


def answer(job: str, query: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(playground.answer(job, query))
    return found


def cli_line(*args: str) -> str:
    """The command line's one error line for these arguments (run in this process),
    without its pointer to ``--help`` (the page has no help to point at)."""
    from typer.testing import CliRunner

    from ttt_maps.cli.app import app

    result = CliRunner().invoke(app, [*args, "-o", "-", "-f", "svg"])
    assert result.exit_code == 2, result.output
    return str(result.stderr.strip().split(" (see '", 1)[0])


# -- in Python ----------------------------------------------------------------------------


def click_options(command: str) -> dict[str, Any]:
    """The command line's options of a command: each spelling -> its click parameter."""
    import typer.main

    from ttt_maps.cli.app import app

    group = typer.main.get_command(app)
    params = group.commands[command].params  # type: ignore[attr-defined]
    return {name: p for p in params for name in p.opts}


def test_the_pages_options_are_the_command_lines() -> None:
    """Each option the page offers is an option of ``render`` (a map's) or ``compare``
    (a comparison's), with the command line's flag and default."""
    commands = {"map": click_options("render"), "compare": click_options("compare")}
    described = json.loads(playground.describe())["options"]
    assert {d["name"] for d in described} >= {"board", "rules", "player", "policy", "start",
                                              "depth", "fold", "outcomes", "alternatives",
                                              "explain", "theme", "compare"}  # fmt: skip
    for d in described:
        if not d["flag"]:
            continue  # the page's own: the second policy (an argument of compare), play
        for job in d["jobs"]:
            param = commands[job].get(d["flag"])
            assert param is not None, (d["name"], job)
            if d["kind"] == "flag":
                assert bool(param.default) is False, d["name"]
            elif d["name"] not in ("player", "theme"):  # the page's own first choices
                assert param.default == d["default"], d["name"]
    theme = next(d for d in described if d["name"] == "theme")
    assert theme["choices"] == ["light", "dark", "print", "xkcd", "auto"]
    assert theme["default"] == "auto"
    assert next(d for d in described if d["name"] == "player")["default"] == "x"


def test_the_forms_help_is_written_for_a_web_page() -> None:
    """No help speaks of the shell's variables, commands to type, quoting, or what the page
    does not make; each says something."""
    described = json.loads(playground.describe())["options"]
    for d in described:
        assert len(d["help"]) > 20, d
        for word in ("LANGUAGE", "LC_ALL", "LANG", "ttt-maps ", "--whole", "PDF", "PNG", "'"):
            assert word not in d["help"], (d["name"], d["help"])


@pytest.mark.parametrize(
    ("query", "args"),
    [
        ("depth=abc", ["render", "--depth", "abc"]),
        ("depth=-1", ["render", "--depth", "-1"]),
        ("player=z", ["render", "--player", "z"]),
        ("policy=fast,nope", ["render", "--player", "x", "--policy", "fast,nope"]),
        ("rules=odd", ["render", "--player", "x", "--rules", "odd"]),
        ("theme=neon", ["render", "--player", "x", "--theme", "neon"]),
        ("board=3x", ["render", "--player", "x", "--board", "3x"]),
        ("from=xxx", ["render", "--player", "x", "--from", "xxx"]),
        ("player=o&from=xo.......&board=3x4k3", ["render", "--player", "o", "--from",
                                                 "xo.......", "--board", "3x4k3"]),
        ("board=3x4k3&player=o&policy=xkcd&rules=misere",
         ["render", "--board", "3x4k3", "--player", "o", "--policy", "xkcd", "--rules",
          "misere"]),
    ],
)  # fmt: skip
def test_a_bad_address_is_refused_as_the_command_line_refuses_it(
    query: str, args: list[str]
) -> None:
    found = answer("map", query)
    assert found == {"error": cli_line(*args)}


def test_a_name_the_page_does_not_know_is_refused() -> None:
    assert answer("check", "colour=red") == {"error": "ttt-maps: error: No such option: --colour"}
    assert answer("check", "fold=maybe")["error"].startswith(
        "ttt-maps: error: --fold 'maybe': a flag is 1 or 0"
    )


def test_what_a_shared_link_picks_up_on_the_way_is_left_alone() -> None:
    """A link passed on through a site or a mail gains ``utm_source=`` or ``fbclid=``:
    the map it shows is still drawn, and the address written back drops them."""
    found = answer("check", "player=o&utm_source=mail&fbclid=AbC123&utm_medium=x")
    assert found["query"] == "player=o"


def test_the_address_says_only_what_differs_and_reads_back() -> None:
    address = playground.read_address("?player=O&fold=1&depth=2&theme=auto&rules=misere")
    assert address.query() == "player=o&rules=misere&depth=2&fold=1"
    again = playground.read_address(address.query())
    assert again.values == address.values
    assert playground.read_address("").query() == ""


def run_shown(command: str, folder: Path, language: str = "C.UTF-8") -> None:
    """Run a command line the page shows, as a user would paste it, in ``folder``, in a
    shell whose language is ``language``."""
    words = shlex.split(command)
    assert words[0] == "ttt-maps"
    env = {**os.environ, "LANGUAGE": language, "LC_ALL": language, "LANG": language}
    proc = subprocess.run([str(EXE), *words[1:]], cwd=folder, capture_output=True,
                          timeout=300, env=env)  # fmt: skip
    assert proc.returncode == 0, proc.stderr


def test_the_command_shown_writes_the_bytes_the_page_offers(tmp_path: Path) -> None:
    """The map's SVG, the gamebook and the comparison: each the command line's file."""
    found = answer("map", "player=o&policy=xkcd&outcomes=1&explain=1")
    run_shown(found["command"], tmp_path)
    svg = answer("svg", "player=o&policy=xkcd&outcomes=1&explain=1")
    assert svg["file"] == "o-map.svg"
    assert (tmp_path / "output" / "o-map.svg").read_bytes() == svg["svg"].encode()
    shown = found["command"].replace("--format svg", "--format html")
    run_shown(shown, tmp_path)  # the viewer the page shows: the command line's too
    assert (tmp_path / "output" / "o-map.html").read_bytes() == found["html"].encode()
    book = answer("gamebook", "player=x&rules=misere&depth=1")
    assert "--depth" not in book["command"]
    run_shown(book["command"], tmp_path)
    assert (tmp_path / book["file"]).read_bytes() == book["text"].encode()
    both = answer("compare", "player=o&compare=yorgey&fold=1&theme=dark")
    run_shown(both["command"], tmp_path)
    assert (tmp_path / "compare.html").read_bytes() == both["html"].encode()
    assert [r["policy"] for r in both["rows"]] == ["default", "yorgey"]


def test_the_command_shown_writes_the_same_bytes_in_a_shell_of_another_language(
    tmp_path: Path,
) -> None:
    """The command line's words follow the shell's language unless told: the command
    the page shows says its language, so a French shell writes the page's bytes."""
    found = answer("map", "player=x&depth=1")
    assert "--lang en" in found["command"]
    run_shown(found["command"], tmp_path, language="fr_FR.UTF-8")
    svg = answer("svg", "player=x&depth=1")["svg"]
    assert (tmp_path / "output" / "x-map.svg").read_bytes() == svg.encode()


def test_a_long_job_tells_the_page_how_far_it_is() -> None:
    """A search on a bigger board reports its stage and figures while it runs; a quick
    map reports nothing, and a report changes nothing of the answer."""
    heard: list[str] = []
    query = "board=4x4k3&player=o&depth=2"
    told = answer("map", query)
    playground.REPORT_EVERY, every = 0.0, playground.REPORT_EVERY
    try:
        found = json.loads(playground.answer("map", query, heard.append))
    finally:
        playground.REPORT_EVERY = every
    assert found["html"] == told["html"]
    reports = [json.loads(h) for h in heard]
    assert reports, "no report from a search on 4x4"
    assert all(r["stage"].startswith("choosing O's moves on the 4x4 board") for r in reports)
    assert [r["searched"] for r in reports] == sorted(r["searched"] for r in reports)
    assert reports[-1]["count"] > reports[0]["count"] > 0  # moves chosen so far
    assert reports[0]["searched"] > 0 and reports[0]["total"] is None
    assert {r["counts"] for r in reports} == {"moves"}
    assert all(r["seconds"] >= 0 for r in reports)
    quiet: list[str] = []
    playground.answer("map", "player=o", quiet.append)
    assert quiet == []


def test_the_drawing_path_needs_no_compiled_dependency() -> None:
    """What runs in the browser imports none of the command line's or the raster
    path's packages (Pyodide has none of them, and the page loads nothing else)."""
    script = (
        "import sys, json\n"
        "from ttt_maps.integrations import playground as p\n"
        "for job, q in [('map', 'player=both&board=3x4k3'), ('svg', 'player=o'),\n"
        "               ('gamebook', 'player=o'),\n"
        "               ('compare', 'compare=yorgey')]:\n"
        "    assert 'error' not in json.loads(p.answer(job, q))\n"
        "print(sorted({m.split('.')[0] for m in sys.modules}))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=True
    )
    loaded = set(json.loads(proc.stdout.replace("'", '"')))
    assert loaded.isdisjoint({"typer", "click", "rich", "cairo", "PIL", "platformdirs"}), loaded


# -- in the browsers ----------------------------------------------------------------------

#: When the page is done with an address: drawn, refused, or Python failed to start.
SETTLED = "['drawn', 'refused', 'failed'].includes(document.getElementById('ttt-playground')" \
    ".dataset.state)"  # fmt: skip
PLAYGROUND = "document.getElementById('ttt-playground')"
STATE = f"{PLAYGROUND}.dataset.state"
#: Generous: Pyodide starts in 2-5 s on a laptop, but a shared CI machine is slower.
WAIT_MS = 120_000


@pytest.fixture(scope="module")
def served(docs_site: Path) -> Iterator[tuple[Site, Outside]]:
    site, outside = Site(docs_site), Outside()
    yield site, outside
    site.close()
    outside.close()
    assert outside.attempts == [], outside.attempts


class Trapped:
    """A Chromium page of the site, every other host trapped: ``outside`` lists what
    the page (or its worker) tried to reach, ``outside.attempts`` the browser."""

    def __init__(self, chromium: Any, site: Site, outside: Outside) -> None:
        self.context = chromium.new_context(
            proxy=outside.playwright_proxy, viewport={"width": 1280, "height": 1000},
            accept_downloads=True,
        )  # fmt: skip
        self.site, self.trap = site, outside
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith((self.site.origin + "/", "blob:", "data:")):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def open(self, query: str) -> None:
        self.page.goto(f"{self.site.origin}/playground.html{'?' + query if query else ''}")
        self.settle()

    def settle(self) -> str:
        self.page.wait_for_function(SETTLED, timeout=WAIT_MS)
        state: str = self.page.evaluate(STATE)
        return state

    def close(self) -> None:
        self.context.close()
        assert self.outside == [] and self.trap.attempts == [], (self.outside, self.trap.attempts)
        assert self.errors == []


@pytest.fixture(scope="module")
def page(chromium: Any, served: tuple[Site, Outside]) -> Iterator[Trapped]:
    """One page for the Chromium tests: Python starts once (a few seconds)."""
    trapped = Trapped(chromium, *served)
    yield trapped
    trapped.close()


#: Ask for an address through the page's own history (no reload: Python stays).
ASK = """(q) => {
  document.getElementById('ttt-playground').dataset.state = 'asked';
  history.pushState(null, '', '?' + q);
  dispatchEvent(new PopStateEvent('popstate'));
}"""


def draw(page: Trapped, query: str) -> str:
    """Draw an address: in the open page, or by opening the page (a test run alone)."""
    if not page.page.url.startswith(page.site.origin):
        page.open(query)
    else:
        page.page.evaluate(ASK, query)
    return page.settle()


def viewer_frame(page: Trapped, selector: str = ".ttt-pg-viewer") -> Any:
    frame = page.page.query_selector(selector).content_frame()
    frame.wait_for_function("document.body && document.body.dataset.ready === '1'")
    return frame


def play_out(status: Any, state: Any, move: Any) -> str:
    """Play the reader's side to the end: the first empty cell not yet tried at each
    position (a cell where the map's answer stands is refused, and the next tried)."""
    tried: set[tuple[str, int]] = set()
    for _ in range(60):
        said = status()
        if "Your move" not in said:
            return str(said)
        key, board = state()
        cell = next(i for i, c in enumerate(board) if c == "." and (key, i) not in tried)
        tried.add((key, cell))
        move(cell)
    raise AssertionError(f"the game did not end: {status()}")


def downloaded(page: Trapped, selector: str) -> bytes:
    with page.page.expect_download() as info:
        page.page.click(selector)
    return Path(info.value.path()).read_bytes()


def cli_svg(command: str) -> bytes:
    """What the command line the page shows writes, to standard output."""
    words = shlex.split(command)[1:]
    proc = ttt(*words, "-o", "-")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_an_address_draws_its_map_and_the_svg_is_the_command_lines(
    page: Trapped, tmp_path: Path
) -> None:
    page.open("player=o&policy=xkcd&theme=light")
    assert page.page.evaluate(STATE) == "drawn"
    assert page.page.inner_text(".ttt-pg-title").startswith("Map for O")
    assert page.page.input_value("#ttt-pg-player") == "o"
    assert page.page.input_value("#ttt-pg-policy") == "xkcd"
    command = page.page.inner_text(".ttt-pg-command")
    assert command == "ttt-maps render --player o --policy xkcd --lang en --format svg"
    assert downloaded(page, ".ttt-pg-svg") == cli_svg(command)
    frame = page.page.frame_locator(".ttt-pg-viewer")
    assert frame.locator("svg g.ttt-board").count() > 800  # the whole O map, in the viewer
    book = downloaded(page, ".ttt-pg-gamebook")
    shown = page.page.inner_text(".ttt-pg-gamebook-command")
    assert shown == "ttt-maps render --player o --policy xkcd --lang en --gamebook o-map.md"
    run_shown(shown, tmp_path)
    assert book == (tmp_path / "o-map.md").read_bytes()


#: Every text the status line says, in order (set before the page's scripts run).
SAYINGS = """
window.tttSaid = [];
new MutationObserver(() => {
  const line = document.querySelector('.ttt-pg-progress');
  const said = line && line.textContent;
  if (said && said !== window.tttSaid[window.tttSaid.length - 1]) window.tttSaid.push(said);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def test_python_starts_from_the_snapshot_and_the_loading_words_are_true_in_order(
    chromium: Any, served: tuple[Site, Outside]
) -> None:
    """A first visit: Python fetched, started from the snapshot the site was built with,
    then the map drawn and shown; the wheel is not fetched (the snapshot holds ttt-maps),
    nor Python's whole standard library."""
    trapped = Trapped(chromium, *served)
    asked: list[str] = []
    trapped.page.on("request", lambda r: asked.append(r.url.rsplit("/", 1)[-1]))
    trapped.page.add_init_script(SAYINGS)
    try:
        trapped.open("")
        assert trapped.page.evaluate(STATE) == "drawn"
        assert trapped.page.evaluate(f"{PLAYGROUND}.dataset.pythonFrom") == "snapshot"
        # What it said, in order (a step said and replaced in the same moment is not
        # seen: the observer sees the line as it is drawn), and nothing else.
        said = trapped.page.evaluate("window.tttSaid")
        steps = ["Loading Python", "Fetching Python", "Starting Python from the snapshot",
                 ("Drawing the map", "Choosing", "Positions searched"), "Showing the map",
                 ("Drawn in", "Python drew this map again")]  # fmt: skip
        seen = [next(i for i, step in enumerate(steps) if line.startswith(step)) for line in said]
        assert seen == sorted(seen) and seen[-1] == len(steps) - 1, said
        assert {3, 5} <= set(seen), said
        # The map built with the site, shown while Python starts, is the very bytes Python
        # draws (here, and in this test's own Python), and the page said where it came from.
        built = json.loads(trapped.page.evaluate(
            "async () => await (await fetch('_playground/first-map.json')).text()"))  # fmt: skip
        assert built["html"] == answer("map", "")["html"]
        source = trapped.page.evaluate(f"{PLAYGROUND}.dataset.firstMapFrom")
        assert source in ("build", "python")  # Python may have been quicker
        if source == "build":
            assert said[-1].startswith("Python drew this map again"), said
        assert not trapped.page.is_visible(".ttt-pg-built")  # Python's own is shown now
        assert "python.snapshot" in asked and "options.json" in asked
        assert "ttt_maps.whl" not in asked and "python_stdlib.zip" not in asked, asked
        assert trapped.page.is_visible(".ttt-pg-form")
        assert not trapped.page.locator("noscript").first.is_visible()
    finally:
        trapped.close()


def test_a_job_that_needs_a_file_the_snapshot_lacks_installs_the_wheel(
    chromium: Any, served: tuple[Site, Outside]
) -> None:
    """The German catalog is not in the snapshot's memory (its Python drew the page's own
    map only): the worker installs the wheel's files when the job asks for it, and the
    map is drawn in German; the next job needs nothing more."""
    trapped = Trapped(chromium, *served)
    asked: list[str] = []
    trapped.page.on("request", lambda r: asked.append(r.url.rsplit("/", 1)[-1]))
    try:
        trapped.open("depth=1")
        assert "ttt_maps.whl" not in asked
        assert draw(trapped, "depth=1&lang=de") == "drawn"
        assert asked.count("ttt_maps.whl") == 1
        assert trapped.page.inner_text(".ttt-pg-title").startswith("Karte für X")
        assert draw(trapped, "depth=1&lang=fr&theme=xkcd") == "drawn"
        assert asked.count("ttt_maps.whl") == 1 and "python_stdlib.zip" not in asked
        assert trapped.page.inner_text(".ttt-pg-title").startswith("Carte pour X")
    finally:
        trapped.close()


def test_without_its_snapshot_python_starts_afresh(
    chromium: Any, served: tuple[Site, Outside]
) -> None:
    """A site whose snapshot cannot be fetched still draws: Python starts from Pyodide's
    standard library and the wheel, as before there was a snapshot."""
    trapped = Trapped(chromium, *served)
    trapped.context.route("**/python.snapshot", lambda route: route.fulfill(status=404))
    try:
        trapped.open("depth=1")
        assert trapped.page.evaluate(STATE) == "drawn"
        assert trapped.page.evaluate(f"{PLAYGROUND}.dataset.pythonFrom") == "afresh"
        assert trapped.page.inner_text(".ttt-pg-title").startswith("Map for X")
    finally:
        trapped.close()


def test_without_javascript_the_page_says_what_it_needs(
    chromium: Any, served: tuple[Site, Outside]
) -> None:
    site, _ = served
    context = chromium.new_context(java_script_enabled=False)
    try:
        tab = context.new_page()
        tab.goto(f"{site.origin}/playground.html")
        assert "The playground needs JavaScript" in tab.inner_text(".ttt-pg")
        assert tab.inner_text(".ttt-pg-progress") == ""  # no loading words: nothing loads
    finally:
        context.close()


def test_a_changed_map_redraws_and_the_address_follows(page: Trapped) -> None:
    """The misère poster, chosen in the form."""
    assert draw(page, "theme=light") == "drawn"
    form = page.page
    form.select_option("#ttt-pg-rules", "misere")
    form.select_option("#ttt-pg-player", "both")
    form.fill("#ttt-pg-policy", "")
    form.click(".ttt-pg-draw")
    form.wait_for_function("location.search.includes('misere')")
    assert page.settle() == "drawn"
    assert form.evaluate("location.search") == "?player=both&rules=misere&theme=light"
    command = form.inner_text(".ttt-pg-command")
    assert "--rules misere" in command and "--player both" in command
    assert downloaded(page, ".ttt-pg-svg") == cli_svg(command)
    assert "mis" in form.inner_text(".ttt-pg-title").lower()


def test_a_refusal_reads_as_the_command_lines(page: Trapped) -> None:
    if not page.page.url.startswith(page.site.origin):  # run alone: the page first
        page.open("theme=light")
    page.page.fill("#ttt-pg-depth", "two")
    page.page.click(".ttt-pg-draw")
    page.page.wait_for_function("location.search.includes('depth')")
    assert page.settle() == "refused"
    shown = page.page.inner_text(".ttt-pg-error")
    assert shown == cli_line("render", "--player", "both", "--depth", "two")
    page.page.fill("#ttt-pg-depth", "")


def test_a_game_against_the_map_by_keyboard(page: Trapped) -> None:
    """Play mode from the address; the reader (X) types cells; the O map never loses."""
    assert draw(page, "player=o&play=1") == "drawn"
    frame = viewer_frame(page)
    frame.wait_for_function("window.tttViewer.playing()")
    frame.locator("svg").first.focus()
    viewer = "window.tttViewer"

    def move(cell: int) -> None:
        before = frame.evaluate(f"[{viewer}.current().key, {viewer}.status()]")
        page.page.keyboard.press(str(cell))
        if cell == 0:  # "0" may start "10" on a bigger board: Enter says it is whole
            page.page.keyboard.press("Enter")
        frame.wait_for_function(
            f"(b) => {viewer}.current().key !== b[0] || {viewer}.status() !== b[1]", arg=before
        )

    status = play_out(
        lambda: frame.evaluate(f"{viewer}.status()"),
        lambda: frame.evaluate(f"[{viewer}.current().key, {viewer}.current().board]"),
        move,
    )
    assert "X wins" not in status and ("draw" in status.lower() or "O wins" in status), status


def in_view(page: Trapped, selector: str) -> bool:
    """Is the element wholly inside the window?"""
    box = page.page.locator(selector).first.bounding_box()
    size = page.page.viewport_size
    assert box is not None and size is not None
    return bool(box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["width"] > 0)


def test_a_long_search_says_its_count_and_time_beside_stop_and_is_stopped(page: Trapped) -> None:
    """Asked from the form's Draw button (the page scrolled down to it): the status bar,
    with Stop, stays in view and counts what the job does, with its time; Stop ends it and
    Python starts again."""
    if not page.page.url.startswith(page.site.origin):  # run alone: Python starts first
        assert draw(page, "depth=1") == "drawn"
    page.page.evaluate(ASK, "board=4x4k3&player=o&depth=1")
    assert page.settle() == "drawn"
    page.page.fill("#ttt-pg-depth", "")
    page.page.locator(".ttt-pg-draw").scroll_into_view_if_needed()
    page.page.evaluate("window.scrollBy(0, 200)")  # the top of the playground out of view
    assert not in_view(page, ".ttt-pg-fields legend")
    page.page.click(".ttt-pg-draw")
    figures = "document.querySelector('.ttt-pg-figures').textContent"
    page.page.wait_for_function(f"/moves chosen|boards/.test({figures})", timeout=WAIT_MS)
    said = page.page.inner_text(".ttt-pg-figures")
    stage = page.page.inner_text(".ttt-pg-progress")
    assert re.search(r"O's moves on the 4x4 board|the O map", stage), stage
    assert re.search(r"\d[\d,]* (moves? chosen|of [\d,]+ boards)", said), said
    assert re.fullmatch(r"\d+\.\d+ s", page.page.inner_text(".ttt-pg-clock")), said
    for part in (".ttt-pg-stop", ".ttt-pg-figures", ".ttt-pg-clock"):
        assert in_view(page, part), part
    # Stop beside the words, on the bar's first line, and the bar as tall while the job
    # runs as once it has ended: the page below does not jump.
    bar = page.page.locator(".ttt-pg-status").bounding_box()
    stop = page.page.locator(".ttt-pg-stop").bounding_box()
    progress = page.page.locator(".ttt-pg-progress").bounding_box()
    assert bar and stop and progress and stop["x"] > progress["x"] + progress["width"]
    assert stop["y"] < progress["y"] + progress["height"]
    assert page.page.is_enabled(".ttt-pg-stop")
    page.page.click(".ttt-pg-stop")
    assert page.page.evaluate(STATE) == "stopped"
    page.page.wait_for_function(
        "document.querySelector('.ttt-pg-progress').textContent.includes('Python is ready')",
        timeout=WAIT_MS,
    )
    after = page.page.locator(".ttt-pg-status").bounding_box()
    assert after and after["height"] == bar["height"], (bar, after)
    assert draw(page, "board=4x4k3&player=x") == "drawn"
    command = page.page.inner_text(".ttt-pg-command")
    assert command.startswith("ttt-maps render --player x --board 4x4k3")


def test_two_policies_compared_with_the_differences_marked(page: Trapped) -> None:
    assert draw(page, "player=o&compare=yorgey") == "drawn"
    rows = page.page.locator(".ttt-pg-rows tbody tr")
    assert rows.count() == 2
    differs = int(rows.nth(1).locator("td").last.inner_text())
    assert differs > 0
    sheet = page.page.locator(".ttt-pg-sheet svg")
    assert sheet.count() == 1
    command = page.page.inner_text(".ttt-pg-compare-command")
    assert command.startswith("ttt-maps compare default yorgey --player o")
    linked = page.page.frame_locator(".ttt-pg-linked")
    assert linked.locator("iframe").count() == 2  # one viewer per policy, linked
    # Side by side at the frame's width, and whole in the frame.
    frame = page.page.locator(".ttt-pg-linked").bounding_box()
    panes = [linked.locator(".tttl-pane").nth(i).bounding_box() for i in range(2)]
    assert frame is not None and all(p is not None for p in panes)
    assert abs(panes[0]["y"] - panes[1]["y"]) < 1 and panes[0]["x"] < panes[1]["x"]
    for p in panes:
        assert frame["x"] <= p["x"] and p["x"] + p["width"] <= frame["x"] + frame["width"] + 1
        assert p["y"] + p["height"] <= frame["y"] + frame["height"] + 1
        assert p["width"] > frame["width"] * 0.4
    # The differences sheet: A4's width, as tall as its boards (not a page of white).
    box = page.page.locator(".ttt-pg-sheet svg").bounding_box()
    cards = page.page.locator(".ttt-pg-sheet svg .ttt-difference")
    last = max(cards.nth(i).bounding_box()["y"] + cards.nth(i).bounding_box()["height"]
               for i in range(cards.count()))  # fmt: skip
    assert box is not None and last < box["y"] + box["height"] < last + 0.1 * box["width"]


def test_every_map_follows_the_sites_light_and_dark_switch(page: Trapped) -> None:
    """furo's switch, set to dark then light, reaches the viewer drawn in auto."""
    assert draw(page, "player=x&depth=1") == "drawn"
    frame = viewer_frame(page)
    read = "getComputedStyle(document.body).backgroundColor"
    shades = []
    for scheme in ("dark", "light"):
        page.page.evaluate(f"document.body.dataset.theme = '{scheme}'")
        frame.wait_for_function(f"document.documentElement.dataset.theme === '{scheme}'")
        rgb = frame.evaluate(read)
        shades.append(sum(int(v) for v in rgb[rgb.index("(") + 1 : -1].split(",")[:3]) / 765)
    assert shades[0] < 0.3 < 0.7 < shades[1], shades


def test_the_page_passes_axe_core(page: Trapped) -> None:
    axe = pytest.importorskip("axe_playwright_python", reason="pip install -e '.[dev]'")
    script = (Path(axe.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
    assert draw(page, "player=o&compare=xkcd&explain=1") == "drawn"
    page.page.evaluate(script)
    result = page.page.evaluate(
        "axe.run(document, {runOnly: {type: 'tag', values: "
        "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})"
    )
    assert result["passes"], "axe-core checked nothing"
    found = [
        (v["id"], [(n["target"], n.get("failureSummary", "")[:200]) for n in v["nodes"]][:3])
        for v in result["violations"]
    ]
    assert found == [], json.dumps(found, indent=1)


def test_the_page_by_keyboard_alone(page: Trapped) -> None:
    """From the page's first link: Tab to the board, type one, Enter draws it; Tab to the
    download; Tab into the viewer's tree of moves and walk it with the arrows."""
    assert draw(page, "") == "drawn"  # the page as a first visit shows it (no reload)
    page.page.evaluate("document.querySelector('a[href]').focus()")  # the page's first link
    keys = page.page.keyboard
    focused = "document.activeElement && document.activeElement.id"
    for _ in range(80):
        keys.press("Tab")
        if page.page.evaluate(focused) == "ttt-pg-board":
            break
    assert page.page.evaluate(focused) == "ttt-pg-board"
    keys.press("Control+a")
    keys.type("3x4k3")
    keys.press("Enter")
    page.page.wait_for_function("location.search === '?board=3x4k3'")
    assert page.settle() == "drawn"
    label = "document.activeElement && document.activeElement.textContent"
    for _ in range(40):
        keys.press("Tab")
        if page.page.evaluate(label) == "Download the SVG":
            break
    with page.page.expect_download() as info:
        keys.press("Enter")
    assert info.value.suggested_filename == "x-map-3x4k3.svg"
    for _ in range(10):
        keys.press("Tab")
        if page.page.evaluate("document.activeElement.tagName") == "IFRAME":
            break
    frame = viewer_frame(page)
    role = "document.activeElement && document.activeElement.getAttribute('role')"
    for _ in range(20):
        if frame.evaluate(role) == "treeitem":
            break
        keys.press("Tab")
    assert frame.evaluate(role) == "treeitem"  # the viewer's keyboard tree
    before = frame.evaluate("window.tttViewer.current().key")
    keys.press("ArrowRight")  # into the first reply: the map zooms to it
    frame.wait_for_function(f"window.tttViewer.current().key !== {json.dumps(before)}")


def test_firefox_draws_an_address_offers_its_svg_and_plays(
    firefox: Any, served: tuple[Site, Outside]
) -> None:
    """The same in Firefox ESR: an address drawn, the download's bytes, a game."""
    site, outside = served
    tab = firefox.new_page({"width": 1280, "height": 1000}, prefs=outside.firefox_prefs)
    seen: list[str] = []
    tab.on("request", lambda r: seen.append(r.url))
    try:
        tab.goto(f"{site.origin}/playground.html?player=x&board=3x4k3&explain=1&play=1")
        tab.wait_for_function(SETTLED, timeout=WAIT_MS / 1000)
        assert tab.evaluate(STATE) == "drawn"
        command = tab.inner_text(".ttt-pg-command")
        tab.evaluate("document.querySelector('.ttt-pg-svg').click()")  # written when asked for
        tab.wait_for_function(
            "(document.querySelector('.ttt-pg-svg-file').href || '').startsWith('blob:')",
            timeout=WAIT_MS / 1000,
        )
        offered = tab.evaluate(
            "async () => { const a = document.querySelector('.ttt-pg-svg-file');"
            " return [a.download, await (await fetch(a.href)).text()]; }"
        )
        assert offered[0] == "x-map-3x4k3.svg"
        assert offered[1].encode() == cli_svg(command)
        viewer = "document.querySelector('.ttt-pg-viewer').contentWindow.tttViewer"
        tab.wait_for_function(f"{viewer} && {viewer}.playing()")
        status = play_out(
            lambda: tab.evaluate(f"{viewer}.status()"),
            lambda: tab.evaluate(f"[{viewer}.current().key, {viewer}.current().board]"),
            lambda cell: tab.evaluate(f"{viewer}.move({cell})"),
        )
        assert "X wins" in status, status  # X wins the 3x4 game, and its map shows how
    finally:
        tab.close()
    assert [u for u in seen if not u.startswith((site.origin + "/", "blob:", "data:"))] == []
    assert outside.attempts == []
