"""What the two commands set up: ``make posters`` installs the package alone, ``make
test`` the development tools too. Read from the commands make would run (``make -n``
into a venv that does not exist), and the package's own requirements from
pyproject.toml."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def make(*args: str) -> str:
    """What ``make ARGS`` prints, for a venv that does not exist (nothing is run)."""
    program = shutil.which("make")
    if program is None:
        pytest.skip("make is not installed")
    run = subprocess.run(
        [program, *args, "VENV=/nonexistent/venv", "BROWSER=0"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return run.stdout


def planned(target: str) -> list[str]:
    """The pip installs that setting up for ``make TARGET`` would run into a fresh venv:
    those of the stamps it needs (``make -n`` on them: the recipe of ``test`` runs make
    again, which ``-n`` would let run)."""
    rules = dict(
        line.split(":", 1) for line in make("-pq").splitlines() if re.match(r"[a-z]+:", line)
    )
    stamps = [p for p in rules[target].split() if p.startswith("/nonexistent/venv/.")]
    assert stamps, rules[target]
    return [line for line in make("-n", *stamps).splitlines() if " -m pip install " in line]


def requirement(line: str) -> str:
    """What a pip line installs from the checkout: ``.`` or ``.[dev]``."""
    found = re.search(r" -e '?(\.(?:\[[a-z,-]+\])?)'?", line)
    assert found, line
    return found.group(1)


def test_make_posters_installs_the_package_alone() -> None:
    """A poster needs the package's own dependencies (typer, rich, Pillow, pycairo,
    platformdirs), never the test tools (JupyterLab, marimo, OR-Tools, Playwright)."""
    lines = planned("posters")
    assert [requirement(line) for line in lines] == ["."]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    heavy = {"jupyterlab", "marimo", "ortools", "playwright", "mypy", "sphinx"}
    names = {re.split(r"[<>=\[ ]", dep)[0].lower() for dep in project["dependencies"]}
    assert not names & heavy, names


def test_make_test_installs_the_test_tools() -> None:
    """The suite's tools come with ``make test``: the [dev] extra, which holds them."""
    lines = planned("test")
    assert ".[dev]" in [requirement(line) for line in lines]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    dev = {re.split(r"[<>=\[ ]", dep)[0].lower() for dep in project["optional-dependencies"]["dev"]}
    assert {"pytest", "pytest-xdist", "playwright", "ruff", "mypy", "sphinx"} <= dev
