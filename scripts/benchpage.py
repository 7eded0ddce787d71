"""The playground page measured in Chromium, for ``scripts/bench.py``.

The docs site is built as ``make docs`` builds it (into a temporary folder),
served from 127.0.0.1 with every other host trapped (``tests/sitehost.py``),
and opened in Debian's Chromium through Playwright with an empty cache:

- the page's transfer size: the bytes the site served until the first map
  was drawn, and what a compressing server (gzip -6) would send;
- the time to the first map: from asking for the page to the map drawn, cold;
- a 3x3 O map in the page (the worker's answer, once Python is warm) against
  the command line's whole process (``ttt-maps render --player o``), in turns.
"""

from __future__ import annotations

import gzip
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from sitehost import Outside, Site  # noqa: E402

CHROMIUM = os.environ.get("TTT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-features=AutofillServerCommunication"]  # fmt: skip
STATE = "document.getElementById('ttt-playground').dataset.state"
SETTLED = f"['drawn', 'refused', 'failed'].includes({STATE})"
#: The map timed in both: the page's command line for it is this one.
O_MAP = "player=o&theme=light"
O_ARGS = ["render", "--player", "o", "--format", "svg"]
#: Asked through the page's own history, as its links and its Back button do.
ASK = """(q) => {
  document.getElementById('ttt-playground').dataset.state = 'asked';
  history.pushState(null, '', '?' + q);
  dispatchEvent(new PopStateEvent('popstate'));
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


def measure(rounds: int, ttt_maps: Path) -> dict[str, Any]:
    """The page's figures (see the module's text); raises when it cannot run."""
    from playwright.sync_api import sync_playwright

    if not os.access(CHROMIUM, os.X_OK):
        raise RuntimeError(f"no Chromium at {CHROMIUM} (make browser)")
    with tempfile.TemporaryDirectory(prefix="ttt-bench-page-") as name:
        tmp = Path(name)
        html = build_site(tmp / "site")
        site, outside = Site(html), Outside()
        served: list[str] = []
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                context = browser.new_context(proxy=outside.playwright_proxy)
                page = context.new_page()
                page.on("response", lambda r: served.append(r.url))
                started = time.perf_counter()
                page.goto(f"{site.origin}/playground.html?{O_MAP}")
                page.wait_for_function(SETTLED, timeout=300_000)
                first = time.perf_counter() - started
                sent = site.sent
                python = float(page.evaluate("document.getElementById('ttt-playground')"
                                             ".dataset.pythonSeconds"))  # fmt: skip
                in_page, cli = [], []
                for _ in range(rounds):
                    for query in ("player=x&theme=light", O_MAP):  # another map between
                        t = time.perf_counter()
                        page.evaluate(ASK, query)
                        page.wait_for_function(SETTLED, timeout=300_000)
                    in_page.append(time.perf_counter() - t)
                    t = time.perf_counter()
                    subprocess.run([str(ttt_maps), *O_ARGS, "-o", str(tmp / "o.svg")],
                                   check=True, capture_output=True)  # fmt: skip
                    cli.append(time.perf_counter() - t)
                browser.close()
        finally:
            site.close()
            outside.close()
        files = {u.split("?")[0].removeprefix(site.origin + "/") for u in served
                 if u.startswith(site.origin)}  # fmt: skip
        compressed = sum(len(gzip.compress((html / f).read_bytes(), 6)) for f in files
                         if (html / f).is_file())  # fmt: skip
    return {
        "transfer_bytes": sent,
        "transfer_gzip_bytes": compressed,
        "first_map_s": first,
        "python_start_s": python,
        "o_map_page_s": statistics.median(in_page),
        "o_map_cli_s": statistics.median(cli),
        "ratio": statistics.median(a / b for a, b in zip(in_page, cli, strict=True)),
        "outside": outside.attempts,
    }


def report(figures: dict[str, Any]) -> list[str]:
    """The figures as lines for the bench's report."""
    mb = 1024 * 1024
    return [
        f"  transfer until the first map: {figures['transfer_bytes'] / mb:.1f} MiB "
        f"({figures['transfer_gzip_bytes'] / mb:.1f} MiB from a server that compresses)",
        f"  first map, cold (page asked to 3x3 O map drawn): {figures['first_map_s']:.2f} s; "
        f"of which Python starting in the worker: {figures['python_start_s']:.2f} s",
        f"  3x3 O map once Python is warm: page {figures['o_map_page_s']:.3f} s, "
        f"command line {figures['o_map_cli_s']:.3f} s (page / command line: "
        f"{figures['ratio']:.2f}, median of the rounds' ratios)",
        f"  requests to other hosts: {len(figures['outside'])}",
    ]
