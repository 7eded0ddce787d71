"""Shared assertion for the CLI tests: how a user's mistake must look."""

from __future__ import annotations

from typing import Any


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
