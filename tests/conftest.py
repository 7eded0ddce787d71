"""What several test modules share: the browsers and the outside tools they compare with."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = os.environ.get("TTT_CHROMIUM", "/usr/bin/chromium")
BROWSER_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def need_tool(name: str, package: str) -> str:
    """The path of an outside program, or skip the test saying how to get it."""
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (apt-get install {package}; make browser)")
    return path


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One headless Chromium for the session (skips, or fails under CI, without one).

    Debian's Chromium (``/usr/bin/chromium``, or ``$TTT_CHROMIUM``) through
    Python Playwright; nothing is downloaded. CI installs it, so there a
    missing browser is a failure: the viewer must be tested.
    """
    problem = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        problem = "Python playwright is not installed (pip install -e '.[dev]')"
    if problem is None and not os.access(CHROMIUM, os.X_OK):
        problem = f"no Chromium at {CHROMIUM} (apt-get install chromium; make browser)"
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests must run in CI: {problem}")
        pytest.skip(problem)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def firefox() -> Iterator[Any]:
    """Headless Firefox ESR for the viewer tests (tests/firefox.py), or skip saying why.

    Debian's ``firefox-esr`` (or ``$TTT_FIREFOX``) over WebDriver BiDi;
    ``make browser`` installs it where it can, and without it these skip.
    """
    from firefox import FIREFOX, Firefoxes

    try:
        import websockets  # noqa: F401
    except ImportError:
        pytest.skip("Python websockets is not installed (pip install -e '.[dev]')")
    if not os.access(FIREFOX, os.X_OK):
        pytest.skip(f"no Firefox at {FIREFOX} (apt-get install firefox-esr; make browser)")
    browsers = Firefoxes()
    yield browsers
    browsers.close()
