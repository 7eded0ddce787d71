"""The notebook widget: ``ttt_maps.widget(...)`` on anywidget.

It shows the viewer page (or linked viewers of several policies) in a frame
sandboxed to scripts, fetches nothing, and tells Python where the reader is
(``position``). In real front ends (marimo and JupyterLab, on localhost, in
Chromium) a click into a board zooms in and Python sees the board; the same ES
module, given the JSON of MyST's ``{anywidget}`` directive, links three
policies' maps.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import ttt_maps
from ttt_maps.integrations.widget import myst_model, with_bridge
from ttt_maps.integrations.widget.assets import BRIDGE, MODULE, asset

pytest.importorskip("anywidget", reason="the widget is the notebook extra: pip install -e '.[dev]'")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "myst-widget"


def test_the_widget_shows_the_viewer_page_and_tells_where_the_reader_is() -> None:
    tree = ttt_maps.strategy("o")
    w = ttt_maps.widget(tree, height=500)
    page = ttt_maps.render(tree, "html")
    assert w.page == with_bridge(page) != page
    assert w.page.replace(f"<script>\n{asset(BRIDGE).strip()}\n</script>\n", "") == page
    assert w.page.index("window.tttViewer") < w.page.index("tttMaps: 1") < w.page.index("</body>")
    assert (w.height, w.label) == (500, "ttt-maps viewer")
    assert w.position == {"board": ".........", "moves": []}  # before the page says more
    start = {"board": "x........", "moves": []}
    linked = ttt_maps.widget(*(ttt_maps.strategy("o", p, "x........") for p in ("yorgey", "xkcd")))
    assert linked.position == {"leader": 0, "panes": [start, start]}
    assert "export default { render }" in w._esm
    assert ttt_maps.widget(tree, height=500).page == w.page  # same map, same bytes
    model = json.loads(myst_model(w))
    assert model == {"page": w.page, "height": 500, "label": "ttt-maps viewer", "linked": False}


def test_a_poster_and_the_whole_game_show_in_one_viewer() -> None:
    for obj in (ttt_maps.poster(), ttt_maps.whole(depth=2)):
        w = ttt_maps.widget(obj)
        assert w.page == with_bridge(ttt_maps.render(obj, "html")) and not w.linked


def test_several_maps_are_linked_viewers() -> None:
    trees = [ttt_maps.strategy("x", policy=p) for p in ("xkcd", "compact")]
    w = ttt_maps.widget(*trees, labels=["comic", "small"], depth=3)
    assert w.page.count("<iframe ") == 2 and 'id="tttl-data"' in w.page
    assert "<h2>comic</h2>" in w.page and "<h2>small</h2>" in w.page
    assert "window.tttLink" in w.page and "tttMaps: 1" in w.page
    assert w.label == "ttt-maps linked viewers" and w.linked


def test_the_widget_speaks_its_lang() -> None:
    """``lang=`` for one map and for linked maps; the notebook's own stays English."""
    tree = ttt_maps.strategy("x", depth=1)
    assert '<html lang="de">' in ttt_maps.widget(tree, lang="de").page
    linked = ttt_maps.widget(tree, tree, lang="ru").page
    assert '<html lang="ru">' in linked and "Карта" in linked
    assert '<html lang="en">' in ttt_maps.widget(tree).page


@pytest.mark.parametrize(
    ("args", "kwargs", "says"),
    [
        ((), {}, "widget: give a map to show"),
        (("x",), {"labels": ["a"]}, "labels name the maps of a comparison"),
        (("x",), {"height": 5}, "height=5: expected a whole number of pixels, from 120 to 10000"),
        (("x", "poster"), {}, "a comparison links players' maps"),
        (("x", "x"), {"title": "T"}, "a comparison names itself"),
    ],
)
def test_a_bad_call_is_a_usage_error(
    args: tuple[str, ...], kwargs: dict[str, Any], says: str
) -> None:
    maps = [ttt_maps.poster() if a == "poster" else ttt_maps.strategy(a) for a in args]
    with pytest.raises(ttt_maps.UsageError, match=re.escape(says)):
        ttt_maps.widget(*maps, **kwargs)


def test_nothing_is_fetched_from_the_network() -> None:
    for script in (asset(MODULE), asset(BRIDGE)):
        assert not re.search(r"\bimport\b|https?:|fetch\(|XMLHttpRequest", script)
    trees = [ttt_maps.strategy("x", policy=p) for p in ("xkcd", "compact")]
    for w in (ttt_maps.widget(trees[0]), ttt_maps.widget(*trees)):
        assert not re.search(r"(src|href)=\"https?:|url\(https?:|@import|fetch\(", w.page)


# -- the scripts themselves, run by Node ----------------------------------------------------

#: Runs the page's bridge (as the page's own script) and the widget's ES module (as a
#: front end loads it) against stand-ins for the browser, and prints what they did as
#: JSON: the messages the bridge posted, and what the widget told its model.
NODE_HARNESS = r"""
import vm from "node:vm";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [bridgePath, modulePath] = process.argv.slice(2);
const out = {};

function runBridge({ parentIsSelf = false, readyState = "complete", link = false }) {
  const posted = [], observed = [], listeners = {};
  let position = { board: ".........", moves: [] };
  const window = {
    tttViewer: { current: () => position },
    addEventListener: (type, fn) => { listeners[type] = fn; },
  };
  if (link) window.tttLink = { leader: () => 1, states: () => [position, position] };
  const parent = { postMessage: (data, origin) => posted.push([data, origin]) };
  window.parent = parentIsSelf ? window : parent;
  const document = { readyState, body: { tag: "body" } };
  class MutationObserver {
    constructor(fn) { this.fn = fn; observed.push(this); }
    observe(target, options) { this.target = target; this.options = options; }
  }
  const page = { window, document, MutationObserver, JSON };
  vm.runInNewContext(readFileSync(bridgePath, "utf8"), page);
  const steps = { atStart: posted.length };
  if (listeners.load) { listeners.load(); steps.afterLoad = posted.length; }
  const mutate = () => observed.forEach((o) => o.fn([]));
  mutate();  // nothing moved
  steps.unchanged = posted.length;
  position = { board: "x........", moves: [0] };
  mutate();
  steps.moved = posted.length;
  return { posted, steps, options: observed.map((o) => [o.target.tag, o.options]) };
}
out.bridge = runBridge({});
out.bridgeAlone = runBridge({ parentIsSelf: true });
out.bridgeLoading = runBridge({ readyState: "loading" });
out.bridgeLinked = runBridge({ link: true });

const { default: widget } = await import(pathToFileURL(modulePath).href);
for (const linked of [false, true]) {
  const listeners = {}, saved = [], handlers = {};
  const values = { height: 500, label: "", page: "<p>map</p>", src: "", linked };
  const attrs = {};
  const frame = {
    style: {}, contentWindow: { name: "frame" },
    setAttribute: (k, v) => { attrs[k] = v; }, removeAttribute: (k) => { delete attrs[k]; },
  };
  globalThis.document = { createElement: () => frame, baseURI: "http://localhost/" };
  globalThis.window = {
    addEventListener: (type, fn) => { listeners[type] = fn; },
    removeEventListener: (type, fn) => { if (listeners[type] === fn) delete listeners[type]; },
  };
  const model = {
    get: (k) => values[k],
    set: (k, v) => { values[k] = v; },
    save_changes: () => saved.push(JSON.stringify(values.position)),
    on: (name, fn) => { handlers[name] = fn; },
    off: (name) => { delete handlers[name]; },
  };
  const el = { dataset: {}, classList: { add() {} }, append: (child) => { el.child = child; } };
  const cleanup = widget.render({ model, el });
  const send = (source, data) => listeners.message({ source, data });
  send({ name: "elsewhere" }, { tttMaps: 1, position: { board: "o........" } });
  send(frame.contentWindow, { tttMaps: 2, position: { board: "o........" } });
  send(frame.contentWindow, { tttMaps: 1, position: "x........" });
  send(frame.contentWindow, { tttMaps: 1, position: { board: "x...o...." } });
  const seen = { saved: [...saved], dataset: el.dataset.tttPosition, position: values.position };
  cleanup();
  out[linked ? "linked" : "single"] = {
    ...seen, attrs, srcdoc: frame.srcdoc, height: frame.style.height, title: frame.title,
    appended: el.child === frame,
    listening: Object.keys(listeners),
    handlers: Object.keys(handlers),
  };
}
console.log(JSON.stringify(out));
"""


def test_the_scripts_post_and_hear_where_the_reader_is(tmp_path: Path) -> None:
    """The bridge posts the reader's position to the widget once at start and again each
    time it changes (never twice the same, never to itself); the widget hears only its
    own frame's messages and puts the position in its model."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (apt-get install nodejs)")
    harness = tmp_path / "harness.mjs"
    harness.write_text(NODE_HARNESS, encoding="utf-8")
    root = Path(ttt_maps.__file__).parent / "integrations" / "widget"
    module = tmp_path / "widget.mjs"  # an ES module, as a front end loads it
    module.write_text(asset(MODULE), encoding="utf-8")
    run = subprocess.run(
        [node, str(harness), str(root / BRIDGE), str(module)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    first = {"tttMaps": 1, "position": {"board": ".........", "moves": []}}
    moved = {"tttMaps": 1, "position": {"board": "x........", "moves": [0]}}
    bridge = out["bridge"]
    assert bridge["posted"] == [[first, "*"], [moved, "*"]]
    assert bridge["steps"] == {"atStart": 1, "unchanged": 1, "moved": 2}
    [(target, options)] = bridge["options"]
    assert target == "body" and options["attributes"] is True
    # Every attribute the viewer sets when where its reader is changes: a move or a map
    # (navigate.js), a linked pane following (link.js), the page ready (input.js, link.js).
    assert set(options["attributeFilter"]) == {"data-moves", "data-map", "data-syncs", "data-ready"}
    assert out["bridgeAlone"]["posted"] == []  # a page shown on its own has no one to tell
    assert out["bridgeLoading"]["steps"] == {
        "atStart": 0,
        "afterLoad": 1,
        "unchanged": 1,
        "moved": 2,
    }
    linked = out["bridgeLinked"]["posted"][0][0]["position"]
    assert linked == {"leader": 1, "panes": [first["position"]] * 2}
    for name, sandboxed in (("single", True), ("linked", False)):
        widget = out[name]
        # Only the frame's own message with a position object reaches the model.
        assert widget["saved"] == ['{"board":"x...o...."}'], name
        assert widget["position"] == {"board": "x...o...."}
        assert json.loads(widget["dataset"]) == {"board": "x...o...."}
        assert widget["attrs"] == ({"sandbox": "allow-scripts"} if sandboxed else {})
        assert widget["srcdoc"] == "<p>map</p>" and widget["height"] == "500px"
        assert widget["title"] == "ttt-maps viewer" and widget["appended"]
        assert widget["listening"] == [] and widget["handlers"] == []  # cleaned up


# -- in a browser ------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


MARIMO_APP = """\
import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    import ttt_maps

    view = mo.ui.anywidget(ttt_maps.widget(ttt_maps.strategy("o"), height=560))
    view
    return mo, view


@app.cell
def _(mo, view):
    mo.md(f"Python sees the board: `{view.value.get('position', {}).get('board', 'none')}`")
    return
"""


@pytest.mark.slow
def test_in_marimo_a_click_zooms_in_and_python_sees_the_board(
    chromium: Any, tmp_path: Path
) -> None:
    marimo = Path(sys.executable).with_name("marimo")
    if not marimo.exists():
        pytest.skip("marimo is a dev extra: pip install -e '.[dev]'")
    (tmp_path / "app.py").write_text(MARIMO_APP, encoding="utf-8")
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    server = subprocess.Popen(
        [str(marimo), "run", "app.py", "--headless", "--host", "127.0.0.1", "--port", str(port)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    page = None
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        page = chromium.new_page(viewport={"width": 1100, "height": 1000}, reduced_motion="reduce")
        widget_requests: list[str] = []
        page.on(
            "request",
            lambda r: widget_requests.append(r.url) if r.frame.url == "about:srcdoc" else None,
        )
        page.goto(url)
        frame = page.frame_locator("iframe.ttt-maps-widget")
        frame.locator("body[data-ready='1']").wait_for(timeout=60_000)
        viewer = next(f for f in page.frames if f.url == "about:srcdoc")
        assert viewer.evaluate("window.tttViewer.current().moves") == []
        home = viewer.evaluate("window.tttViewer.view()")
        # Click into the top-left cell of the map: where X went first.
        box = frame.locator("g.ttt-board.ttt-level-2").first.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        viewer.wait_for_function("!window.tttViewer.busy()")
        now = viewer.evaluate("window.tttViewer.current()")
        assert (now["board"], now["moves"], now["level"]) == ("x........", [0], 1)
        assert viewer.evaluate("window.tttViewer.view().w") < home["w"] / 2  # zoomed in
        assert "X plays the top-left" in frame.locator(".tttv-crumbs").inner_text()
        page.get_by_text("Python sees the board: x........").wait_for(timeout=30_000)
        assert widget_requests == []
    finally:
        if page is not None:
            page.close()
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.slow
def test_in_jupyterlab_a_click_zooms_in_and_the_kernel_sees_the_board(
    chromium: Any, tmp_path: Path
) -> None:
    nbformat = pytest.importorskip("nbformat")
    lab = Path(sys.executable).with_name("jupyter-lab")
    if not lab.exists():
        pytest.skip("JupyterLab is a dev extra: pip install -e '.[dev]'")
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "import ttt_maps\nw = ttt_maps.widget(ttt_maps.strategy('o'), height=560)\nw"
        ),
        nbformat.v4.new_code_cell("print('The kernel sees', w.position.get('board'))"),
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, str(tmp_path / "maps.ipynb"))
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
    }
    server = subprocess.Popen(
        [
            str(lab),
            "--allow-root",
            "--no-browser",
            f"--port={port}",
            "--ServerApp.ip=127.0.0.1",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            f"--ServerApp.root_dir={tmp_path}",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=",
        ],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/lab/tree/maps.ipynb"
    page = None
    app = "window.jupyterapp.shell.currentWidget"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        page = chromium.new_page(viewport={"width": 1200, "height": 1000}, reduced_motion="reduce")
        page.goto(url)
        page.wait_for_function(
            f"window.jupyterapp && {app} && {app}.sessionContext?.session?.kernel?.status"
            " === 'idle'",
            timeout=90_000,
        )
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        frame = page.frame_locator("iframe.ttt-maps-widget")
        frame.locator("body[data-ready='1']").wait_for(timeout=60_000)
        box = frame.locator("g.ttt-board.ttt-level-2").first.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        viewer = next(f for f in page.frames if f.url == "about:srcdoc")
        viewer.wait_for_function("!window.tttViewer.busy()")
        assert viewer.evaluate("window.tttViewer.current().moves") == [0]
        assert "X plays the top-left" in frame.locator(".tttv-crumbs").inner_text()
        # Run the second cell again: the kernel has heard where the reader went.
        page.wait_for_function(f"{app}.sessionContext.session.kernel.status === 'idle'")
        page.evaluate(f"{app}.content.activeCellIndex = 1")
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-cell')")
        page.get_by_text("The kernel sees x........").wait_for(timeout=30_000)
    finally:
        if page is not None:
            page.close()
        server.terminate()
        server.wait(timeout=30)


HOST = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>MyST host</title></head>
<body><main id="root"></main><script type="module">
import widget from "./ttt-maps-widget.mjs";
const data = JSON.parse(document.getElementById("json").textContent);
const handlers = {};
const model = {
  get: (k) => data[k],
  set: (k, v) => { data[k] = v; },
  save_changes: () => {},
  on: (name, f) => { handlers[name] = f; },
  off: () => {},
};
const el = document.createElement("div");
document.getElementById("root").append(el);
widget.render({ model, el });
window.hostModel = data;
</script><script type="application/json" id="json">__MODEL__</script></body></html>
"""


@pytest.mark.slow
def test_the_module_runs_mysts_directive_and_links_three_policies(
    chromium: Any, tmp_path: Path
) -> None:
    run = subprocess.run(
        [sys.executable, str(EXAMPLE / "make.py"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert run.returncode == 0, run.stderr
    # The directives of the example page, as MyST reads them: the module, then JSON.
    text = (EXAMPLE / "index.md").read_text(encoding="utf-8")
    directives = re.findall(r":::\{anywidget\} (\S+)\n(?::[^\n]*\n)*(\{.*?\})\n:::", text, re.S)
    assert [d[0] for d in directives] == ["./ttt-maps-widget.mjs"] * 2
    models = [json.loads(body) for _, body in directives]
    assert [m["src"] for m in models] == ["./x-map.html", "./x-policies.html"]
    (tmp_path / "host.html").write_text(HOST.replace("__MODEL__", json.dumps(models[1])), "utf-8")
    page = chromium.new_page(viewport={"width": 1400, "height": 900}, reduced_motion="reduce")
    outside: list[str] = []
    page.route(
        re.compile(r"^(?!http://myst\.test/).*"),
        lambda route: (outside.append(route.request.url), route.abort()),
    )
    page.route(
        "http://myst.test/**",
        lambda route: route.fulfill(path=str(tmp_path / route.request.url.split("/")[-1])),
    )
    try:
        page.goto("http://myst.test/host.html")
        outer = page.frame_locator("iframe.ttt-maps-widget")
        outer.locator("body[data-ready='1']").wait_for(timeout=60_000)
        linked = next(f for f in page.frames if f.url.endswith("/x-policies.html"))
        panes = [f for f in linked.child_frames]
        assert len(panes) == 3
        for pane in panes:
            pane.wait_for_function("document.body.dataset.ready === '1'")
        # Zoom into the second pane, where O replies in its first sub-map: the others follow.
        syncs = linked.evaluate("window.tttLink.syncs()")
        box = outer.frame_locator("iframe").nth(1).locator("g.ttt-board.ttt-level-2").first
        target = box.bounding_box()
        assert target is not None
        page.mouse.click(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2)
        linked.wait_for_function(f"window.tttLink.syncs() > {syncs}")
        states = linked.evaluate("window.tttLink.states()")
        assert linked.evaluate("window.tttLink.leader()") == 1
        shown = {s["shown"] for s in states}
        assert len(shown) == 1 and sorted(shown.pop()) == ["."] * 7 + ["o", "x"]
        # The widget heard it: the leading pane and every pane's position.
        page.wait_for_function(
            "(document.querySelector('[data-ttt-position]') || {dataset: {}})"
            ".dataset.tttPosition?.includes('\"leader\":1')"
        )
        heard = json.loads(
            page.evaluate("document.querySelector('[data-ttt-position]').dataset.tttPosition")
        )
        assert heard["leader"] == 1 and [p["shown"] for p in heard["panes"]] == [
            s["shown"] for s in states
        ]
        assert outside == []
    finally:
        page.close()
