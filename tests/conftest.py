"""What several test modules share: the browsers and the outside tools they compare with,
a cache folder and a short temporary folder of the run's own, and the slow tests
(``make check`` leaves those out): each is marked ``@pytest.mark.slow`` where it is
defined, or its module is (``pytestmark``); a test that starts a browser is slow too."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

#: Fixtures that start a browser: a test that uses one is slow wherever it is.
SLOW_FIXTURES = frozenset({"chromium", "firefox", "browser", "docs_site"})
#: A module whose every test is slow says so at its top, before any test: its
#: ``pytestmark`` starts with ``pytest.mark.slow``. Other slow tests carry the mark.
SLOW_MODULE = re.compile(r"^pytestmark\s*=\s*\[?\s*pytest\.mark\.slow\b", re.M)

# -- the user's cache is never touched -------------------------------------------------

#: The variables that say where ttt-maps keeps solved positions and the key that signs them.
CACHE_VARIABLES = ("TTT_MAPS_CACHE_DIR", "TTT_MAPS_KEY_FILE")
_USER_CACHE = pytest.StashKey[dict[str, tuple[int, int] | None]]()
_OWN_FOLDER = pytest.StashKey[Path]()


def user_cache_files() -> dict[str, tuple[int, int] | None]:
    """What the user's own cache folder and key hold (size and time of each file), as
    ttt-maps would find them with none of ``CACHE_VARIABLES`` set."""
    import platformdirs

    cache = Path(platformdirs.user_cache_dir("ttt-maps", appauthor=False))
    key = cache.with_name("ttt-maps.key")
    found: dict[str, tuple[int, int] | None] = {}
    for path in [cache, key, *(sorted(cache.iterdir()) if cache.is_dir() else [])]:
        try:
            info = path.lstat()
        except OSError:
            found[str(path)] = None
            continue
        found[str(path)] = (info.st_size, info.st_mtime_ns)
    return found


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """A folder of this run's own, removed at the end, for two things.

    The cache: every test, and every process a test starts, uses a cache folder
    and a key in it, never the user's. pytest-xdist's workers inherit it from
    the run that starts them, so tables solved by one worker serve the others.

    The language: the command line speaks the one the environment names, so every
    process a test starts speaks English (``LANGUAGE=en``) unless the test asks for
    another; the tests of the languages set their own.

    Temporary files (unless --basetemp is given): error lines quote at most 80
    characters of a file name, so tests that look for a file's name in one need
    short paths, also under pytest-xdist, which adds a folder per worker.
    """
    config.addinivalue_line("markers", "slow: starts browsers or builds; left out by make check")
    if "MUTANT_UNDER_TEST" in os.environ:  # make mutate: no clock may fail a test
        from hypothesis import HealthCheck, settings

        settings.register_profile(
            "mutation", deadline=None, suppress_health_check=list(HealthCheck)
        )
        settings.load_profile("mutation")
    config.stash[_USER_CACHE] = user_cache_files()
    os.environ["LANGUAGE"] = "en"
    if hasattr(config, "workerinput"):
        return  # an xdist worker: its controller chose the folders
    own = Path(tempfile.mkdtemp(prefix="ttt-"))
    config.stash[_OWN_FOLDER] = own
    os.environ["TTT_MAPS_CACHE_DIR"] = str(own / "cache")
    os.environ["TTT_MAPS_KEY_FILE"] = str(own / "key" / "table-key")
    if not config.option.basetemp:
        config.option.basetemp = str(own / "t")


def pytest_unconfigure(config: pytest.Config) -> None:
    own = config.stash.get(_OWN_FOLDER, None)
    if own is not None:
        shutil.rmtree(own, ignore_errors=True)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A run that changed the user's cache folder or key fails, saying what changed."""
    before = session.config.stash[_USER_CACHE]
    after = user_cache_files()
    if after != before:
        changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
        session.config.get_terminal_writer().line(
            f"the tests changed the user's cache: {', '.join(changed)}", red=True
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """With ``-m "not slow"`` (``make check``) a module marked slow as a whole is not even
    imported (its ``pytestmark`` read from its text)."""
    if (
        config.getoption("markexpr", "") == "not slow"
        and collection_path.suffix == ".py"
        and collection_path.name.startswith("test_")
        and SLOW_MODULE.search(collection_path.read_text(encoding="utf-8"))
    ):
        return True
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests that start a browser slow, and keep the ones that build the package
    on one worker, so that one build of the sdist and the wheel serves them all; the
    same for the docs site, and for the playground's page (Python starts once in it)."""
    for item in items:
        module = getattr(getattr(item, "module", None), "__name__", "")
        fixtures = set(getattr(item, "fixturenames", ()))
        if SLOW_FIXTURES & fixtures:
            item.add_marker(pytest.mark.slow)
        if module == "test_packaging":
            item.add_marker(pytest.mark.xdist_group("packaging"))
        if "docs_site" in fixtures:  # one build of the docs site serves them all
            item.add_marker(pytest.mark.xdist_group("docs"))
        if module == "test_playground" and "page" in fixtures:
            item.add_marker(pytest.mark.xdist_group("playground"))


# -- the docs site -----------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def make_docs_command() -> list[str]:
    """The ``sphinx-build`` line of the Makefile's ``docs`` target, as words."""
    import shlex

    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ndocs: ", 1)[1].split("\n\n", 1)[0]
    line = next(x.strip() for x in recipe.splitlines() if "sphinx-build" in x)
    return shlex.split(line.replace("$(VENV)/bin/", ""))


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs site built by the Makefile's command into a folder of the run's own, once
    for every test that reads it (they share one xdist worker): its pages, and the
    playground with Pyodide and the package's wheel."""
    import subprocess
    import sys

    words = make_docs_command()
    assert words[0] == "sphinx-build" and "-W" in words, words
    out = tmp_path_factory.mktemp("docs")
    words = [str(out) if w == "docs/_build" else w for w in words]
    program = Path(sys.executable).with_name("sphinx-build")
    run = subprocess.run(
        [str(program), *words[1:]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return out / "html"


# -- browsers and tools ------------------------------------------------------------------

CHROMIUM = os.environ.get("TTT_CHROMIUM", "/usr/bin/chromium")
BROWSER_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # The browser's own calls home (form filling hints): not the page's, and no test's.
    "--disable-features=AutofillServerCommunication",
]


def screenshot(page: Any, **options: Any) -> bytes:
    """A Chromium page's picture, asked twice if need be: under a loaded machine headless
    Chromium now and then answers "Unable to capture screenshot" for a page it has drawn,
    and says nothing about the page by it."""
    try:
        return bytes(page.screenshot(**options))
    except Exception as error:  # playwright's Error, imported only with the browser
        if "Unable to capture screenshot" not in str(error):
            raise
        page.wait_for_timeout(500)
        return bytes(page.screenshot(**options))


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


# -- mutation testing ----------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _cold_package_under_mutation() -> Iterator[None]:
    """Under ``make mutate`` (mutmut sets ``MUTANT_UNDER_TEST``) every test starts with the
    package's solved positions and memos empty: the mutants run in forks of a process that
    ran the tests on the unmutated code, and what that code solved must not hide them.
    (The tests' own referees keep what they solved: they share no code with the package.)"""
    if "MUTANT_UNDER_TEST" in os.environ:
        _forget_what_the_package_solved()
    yield


def _forget_what_the_package_solved() -> None:
    import sys

    from ttt_maps.game.geometry import Geometry
    from ttt_maps.solve import registry

    for solver in registry._SOLVERS.values():
        solver.geometry._line_memo.clear()
        solver.geometry._completion_memo.clear()
    registry._SOLVERS.clear()
    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "") or ""
        for value in list(vars(module).values()) if name.startswith(("ttt_maps", "test_")) else ():
            if isinstance(value, Geometry):
                value._line_memo.clear()
                value._completion_memo.clear()
            elif callable(getattr(value, "cache_clear", None)) and name.startswith("ttt_maps"):
                value.cache_clear()
