"""What several test modules share: the browsers and the outside tools they compare with,
a cache folder and a short temporary folder of the run's own, and which tests are slow
(``make check`` leaves those out)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

#: Modules whose every test starts browsers or shells, builds packages or docs, or draws
#: the whole game.
SLOW_MODULES = frozenset(
    {
        "test_completion",
        "test_docs",
        "test_embeds",
        "test_linked",
        "test_mkdocs",
        "test_myst",
        "test_notebook",
        "test_packaging",
        "test_picture",
        "test_readme",
        "test_renderers",
        "test_sphinx",
        "test_whole",
    }
)
#: Fixtures that start a browser: a test that uses one is slow wherever it is.
SLOW_FIXTURES = frozenset({"chromium", "firefox", "browser", "docs_site"})
#: Other tests that take seconds each: the big boards solved from cold, the biggest pages.
SLOW_TESTS = frozenset(
    {
        "test_the_4x4_three_in_a_row_o_map_is_drawn_whole",
        "test_the_command_refuses_a_map_too_big_in_one_line",
        "test_a_bad_cache_file_is_rebuilt_never_trusted",
        "test_a_big_page_defers_its_deep_boards_and_loses_none",
        "test_a0_at_300_dpi_is_drawn",
        "test_canonical_key_matches_board_canonical",
        "test_a_map_past_the_limit_is_refused_with_the_depth_that_fits",
        "test_two_first_runs_at_once_leave_one_whole_table",
        "test_a_test_run_leaves_the_users_cache_untouched",
        "test_a_long_render_on_a_terminal_shows_its_bar_and_succeeds",
        "test_the_progress_bar_draws_on_a_terminal_and_never_raises",
        "test_a_folded_export_missing_a_position_or_unmarked_fails",
        "test_check_replays_a_folded_game_through_its_turns",
        "test_play_command_takes_fold",
        "test_removing_any_entry_breaks_the_table",
        "test_a_planted_bad_import_is_found",
        "test_a_planted_circle_is_found",
    }
)

# -- the user's cache is never touched -------------------------------------------------

#: The variables that say where ttt-maps keeps solved tables and the key that signs them.
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
    """With ``-m "not slow"`` (``make check``) the slow modules are not even imported."""
    if config.getoption("markexpr", "") == "not slow" and collection_path.stem in SLOW_MODULES:
        return True
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow tests, and keep the ones that build the package on one worker,
    so that one build of the sdist and the wheel serves them all."""
    for item in items:
        module = getattr(getattr(item, "module", None), "__name__", "")
        name = getattr(item, "originalname", item.name)
        fixtures = set(getattr(item, "fixturenames", ()))
        if module in SLOW_MODULES or name in SLOW_TESTS or SLOW_FIXTURES & fixtures:
            item.add_marker(pytest.mark.slow)
        if module == "test_packaging":
            item.add_marker(pytest.mark.xdist_group("packaging"))
        if "docs_site" in fixtures:  # one build of the docs site serves them all
            item.add_marker(pytest.mark.xdist_group("docs"))


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
