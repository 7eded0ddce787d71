"""Shared assertions for the CLI tests: how a user's mistake must look, in process and
from the installed command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

#: The installed ``ttt-maps`` next to this Python (the tests that run it skip without it).
EXE = Path(sys.executable).parent / "ttt-maps"


def assert_usage_error(result: Any, *needles: str, stdout_empty: bool = False) -> str:
    """Exit 2, exactly one non-empty stderr line naming the problem, no traceback."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("ttt-maps: error: ")
    assert "Traceback" not in result.stderr + result.stdout
    if stdout_empty:
        assert result.stdout == ""
    for needle in needles:
        assert needle in lines[0], lines[0]
    return str(lines[0])


def ttt(*args: str | Path, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    """Run the installed command; bytes out, never raising on failure."""
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("timeout", 300)
    return subprocess.run([str(EXE), *map(str, args)], check=False, **kwargs)  # type: ignore[no-any-return]


def one_error_line(proc: subprocess.CompletedProcess[bytes], *needles: str) -> str:
    """Exit 2, one stderr line naming the problem, no traceback, no raw control character."""
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2, (proc.returncode, err)
    assert err.count("\n") == 1 and err.startswith("ttt-maps: error: "), err
    assert "Traceback" not in err and "\x1b" not in err and "\x07" not in err
    for needle in needles:
        assert needle in err, err
    return err
