"""Which tests ``make check`` leaves out: those marked slow where they are defined (or
whose module is), and those that start a browser; never a test for its name alone."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PROBE = """
import pytest


def test_a0_at_300_dpi_is_drawn():  # the name of a slow test in test_print.py
    pass


@pytest.mark.slow
def test_marked_slow():
    pass


def test_in_a_browser(chromium):
    pass
"""

SLOW_MODULE = """
import pytest

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore")]

raise RuntimeError("a slow module is not even imported by make check")
"""


def test_a_test_is_slow_by_its_mark_not_by_its_name(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    shutil.copy(HERE / "conftest.py", tmp_path / "tests" / "conftest.py")
    (tmp_path / "tests" / "test_probe.py").write_text(PROBE, encoding="utf-8")
    (tmp_path / "tests" / "test_built.py").write_text(SLOW_MODULE, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "-p", "no:cacheprovider",
         "--collect-only", "-q", "-m", "not slow", "tests"],
        cwd=tmp_path, capture_output=True, text=True,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    collected = [line for line in run.stdout.splitlines() if "::" in line]
    assert collected == ["tests/test_probe.py::test_a0_at_300_dpi_is_drawn"]
    # The test of that name in test_print.py is slow by the mark on its definition.
    import test_print

    marks = getattr(test_print.test_a0_at_300_dpi_is_drawn, "pytestmark", [])
    assert [m.name for m in marks] == ["slow"]
