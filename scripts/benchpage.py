"""The playground page measured in Chromium and Firefox ESR, for ``scripts/bench.py``.

The docs site is built as ``make docs`` builds it (into a temporary folder),
served from 127.0.0.1 with every other host trapped (``tests/sitehost.py``).
Each round opens the page in a browser with a new profile (an empty cache):

- the first map, cold: the page's own address (``playground.html``), from the
  browser asking for the page to the map shown in its viewer (the page's own
  mark ``ttt-pg-first-map``, read from the page's clock: the same measure in
  both browsers; for this address the map built with the site, the very bytes
  Python draws, shown while Python starts), to Python's first answer
  (``ttt-pg-answer``) and to Python's first map shown (``ttt-pg-python-first-map``);
- the first map on a second visit: the same address again in the same profile
  (its cache as the first visit left it);
- the first map of another address, cold (``ANOTHER``: the O map);
- what the site served until the first map (cold, the page's own address), and
  what a compressing server (gzip -6) would send of those files;
- a 3x3 O map changed in the form, once Python is warm (Chromium): asked for
  through the page's history as its links do, timed to Python's answer handed
  to the viewer (as the page measured it before), and to the viewer showing it,
  against the command line's whole process (``ttt-maps render --player o
  --format svg``), in turns.

Medians over the rounds; every figure of every round is kept in the JSON.
"""

from __future__ import annotations

import gzip
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from sitehost import Outside, Site  # noqa: E402

CHROMIUM = os.environ.get("TTT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-features=AutofillServerCommunication"]  # fmt: skip
PLAYGROUND = "document.getElementById('ttt-playground')"
STATE = f"{PLAYGROUND}.dataset.state"
SETTLED = f"['drawn', 'refused', 'failed'].includes({STATE})"
#: The page's own marks: from the browser asking for the page (ms) to Python's answer of
#: the first map, and to that map shown in the viewer.
MARKS = """() => Object.fromEntries(performance.getEntriesByType('mark')
  .filter(m => m.name.startsWith('ttt-pg-')).map(m => [m.name.slice(7), m.startTime]))"""
#: Another address than the page's own: the O map (the page's first map until 0.4).
ANOTHER = "player=o&theme=light"
#: The map timed in the page and on the command line: the page's command line for it.
O_MAP = "player=o&theme=light"
O_ARGS = ["render", "--player", "o", "--format", "svg"]
#: Asked through the page's own history, as its links and its Back button do; the page
#: marks when Python's answer reaches it (``answered``).
ASK = """(q) => {
  const root = document.getElementById('ttt-playground');
  root.dataset.state = 'asked';
  history.pushState(null, '', '?' + q);
  window.tttAsked = performance.now();
  dispatchEvent(new PopStateEvent('popstate'));
}"""
#: How long after the ask Python's answer came, and the viewer showed it (ms).
ASKED = """() => {
  const answer = performance.getEntriesByName('ttt-pg-answered').pop();
  return [answer.startTime - window.tttAsked, performance.now() - window.tttAsked];
}"""


def build_site(out: Path) -> Path:
    """The docs site, as ``make docs`` builds it."""
    sphinx = Path(sys.executable).with_name("sphinx-build")
    subprocess.run(
        [str(sphinx), "-M", "html", str(ROOT / "docs"), str(out), "-W", "-q"],
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return out / "html"


def first_map(marks: dict[str, float]) -> dict[str, float]:
    """Seconds from asking for the page to its first map shown (built with the site, for
    the page's own address, or drawn by Python), to Python's first answer, and to Python's
    first map shown (or, the same bytes as the built one, confirmed)."""
    return {
        "shown": marks["first-map"] / 1000,
        "python_answer": marks["answer"] / 1000,
        "python_shown": marks["python-first-map"] / 1000,
    }


def chromium_rounds(site: Site, outside: Outside, rounds: int, tmp: Path) -> dict[str, Any]:
    """Cold, second visit and another address in Chromium (a new profile each round);
    the first round's bytes served."""
    from playwright.sync_api import sync_playwright

    if not os.access(CHROMIUM, os.X_OK):
        raise RuntimeError(f"no Chromium at {CHROMIUM} (make browser)")
    found: dict[str, Any] = {"cold": [], "second": [], "another": [], "sent": None, "files": [],
                             "elsewhere": []}  # fmt: skip
    with sync_playwright() as p:
        for r in range(rounds):
            for address, key in (("", "cold"), (ANOTHER, "another")):
                context = p.chromium.launch_persistent_context(
                    str(tmp / f"chromium-{r}-{key}"), executable_path=CHROMIUM, args=ARGS,
                    proxy=outside.playwright_proxy,
                )  # fmt: skip
                page = context.new_page()
                served: list[str] = []
                page.on("request", lambda request, into=served: into.append(request.url))
                before = site.sent
                page.goto(f"{site.origin}/playground.html{'?' + address if address else ''}")
                page.wait_for_function(SETTLED, timeout=300_000)
                found[key].append(first_map(page.evaluate(MARKS)))
                ours = [u for u in served if u.startswith(site.origin + "/")]
                found["elsewhere"] += [u for u in served if not u.startswith(
                    (site.origin + "/", "blob:", "data:"))]  # fmt: skip
                if key == "cold" and r == 0:
                    found["sent"] = site.sent - before
                    found["files"] = sorted({u.split("?")[0] for u in ours})
                if key == "cold":  # the second visit: the same profile, its cache kept
                    page.goto(f"{site.origin}/playground.html")
                    page.wait_for_function(SETTLED, timeout=300_000)
                    found["second"].append(first_map(page.evaluate(MARKS)))
                context.close()
    return found


def firefox_rounds(site: Site, outside: Outside, rounds: int) -> dict[str, Any]:
    """The same three first maps in Firefox ESR (tests/firefox.py), a new profile each."""
    from firefox import FIREFOX, Firefox

    if not os.access(FIREFOX, os.X_OK):
        raise RuntimeError(f"no Firefox at {FIREFOX} (make browser)")
    found: dict[str, Any] = {"cold": [], "second": [], "another": []}
    for _ in range(rounds):
        for address, key in (("", "cold"), (ANOTHER, "another")):
            browser = Firefox(outside.firefox_prefs)
            try:
                tab = browser.new_page({"width": 1280, "height": 1000})
                tab.goto(f"{site.origin}/playground.html{'?' + address if address else ''}")
                tab.wait_for_function(SETTLED, timeout=300)
                found[key].append(first_map(tab.evaluate(MARKS)))
                if key == "cold":
                    tab.goto(f"{site.origin}/playground.html")
                    tab.wait_for_function(SETTLED, timeout=300)
                    found["second"].append(first_map(tab.evaluate(MARKS)))
            finally:
                browser.close()
    return found


def warm_maps(site: Site, outside: Outside, rounds: int, ttt_maps: Path, tmp: Path) -> Any:
    """The O map changed in the form (Chromium, Python warm) against the command line."""
    from playwright.sync_api import sync_playwright

    answered, shown, cli = [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(proxy=outside.playwright_proxy).new_page()
        page.goto(f"{site.origin}/playground.html")
        page.wait_for_function(SETTLED, timeout=300_000)
        for _ in range(rounds + 1):  # the first turn warms both up
            for query in ("player=x&theme=light", O_MAP):  # another map between
                page.evaluate(ASK, query)
                page.wait_for_function(SETTLED, timeout=300_000)
            answer_ms, shown_ms = page.evaluate(ASKED)
            t = time.perf_counter()
            subprocess.run([str(ttt_maps), *O_ARGS, "-o", str(tmp / "o.svg")],
                           check=True, capture_output=True)  # fmt: skip
            cli.append(time.perf_counter() - t)
            answered.append(answer_ms / 1000)
            shown.append(shown_ms / 1000)
        browser.close()
    return answered[1:], shown[1:], cli[1:]


def measure(rounds: int, ttt_maps: Path) -> dict[str, Any]:
    """The page's figures (see the module's text); raises when it cannot run."""
    with tempfile.TemporaryDirectory(prefix="ttt-bench-page-") as name:
        tmp = Path(name)
        html = build_site(tmp / "site")
        site, outside = Site(html), Outside()
        try:
            chromium = chromium_rounds(site, outside, rounds, tmp)
            try:
                firefox: dict[str, Any] = firefox_rounds(site, outside, rounds)
            except Exception as exc:  # no Firefox here: Chromium's figures stand
                firefox = {"error": f"{type(exc).__name__}: {exc}"}
            answered, shown, cli = warm_maps(site, outside, rounds, ttt_maps, tmp)
        finally:
            site.close()
            outside.close()
        files = [html / u.removeprefix(site.origin + "/") for u in chromium.pop("files")]
        compressed = sum(len(gzip.compress(f.read_bytes(), 6)) for f in files if f.is_file())
    median: Callable[[list[float]], float] = statistics.median
    return {
        "transfer_bytes": chromium.pop("sent"),
        "transfer_gzip_bytes": compressed,
        "chromium": chromium,
        "firefox": firefox,
        "o_map_page_answered_s": median(answered),
        "o_map_page_shown_s": median(shown),
        "o_map_cli_s": median(cli),
        "ratio_answered": median(a / c for a, c in zip(answered, cli, strict=True)),
        "ratio_shown": median(s / c for s, c in zip(shown, cli, strict=True)),
        # What the page asked of other hosts (Chromium's own calls home, from a profile
        # of its own, are the browser's: the trap answers them, they are not counted).
        "elsewhere": chromium.pop("elsewhere"),
    }


def report(figures: dict[str, Any]) -> list[str]:
    """The figures as lines for the bench's report."""
    mb = 1024 * 1024
    lines = [
        f"  transfer until the first map: {figures['transfer_bytes'] / mb:.1f} MiB "
        f"({figures['transfer_gzip_bytes'] / mb:.1f} MiB from a server that compresses)",
        "  first map, from the page asked for (median s; the page's own address shows the "
        "map built with the site, the very bytes Python draws, until Python's own):",
    ]
    for browser in ("chromium", "firefox"):
        found = figures[browser]
        if "error" in found:
            lines.append(f"    {browser}: not measured: {found['error']}")
            continue
        lines.append(f"    {browser}:")
        for key, words, target in (("cold", "cold", 1.5), ("second", "second visit", 1.0),
                                   ("another", f"?{ANOTHER}, cold", 2.5)):  # fmt: skip
            m = {k: statistics.median(r[k] for r in found[key]) for k in found[key][0]}
            lines.append(
                f"      {words}: map shown {m['shown']:.2f} (target {target}); Python's "
                f"answer {m['python_answer']:.2f}, its map shown {m['python_shown']:.2f}"
            )
    lines += [
        "  3x3 O map once Python is warm (Chromium): page "
        f"{figures['o_map_page_answered_s']:.3f} s to Python's answer, "
        f"{figures['o_map_page_shown_s']:.3f} s to the viewer showing it; "
        f"command line {figures['o_map_cli_s']:.3f} s (page / command line: "
        f"{figures['ratio_answered']:.2f} and {figures['ratio_shown']:.2f}, target 1.2, "
        "median of the rounds' ratios)",
        f"  requests of the page to other hosts: {len(figures['elsewhere'])}",
    ]
    return lines
