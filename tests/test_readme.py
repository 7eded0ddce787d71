"""The README's example outputs are what the commands print today.

Each ``<!-- output of: COMMAND -->`` block of README.md is made by
``scripts/readme_examples.py`` (``make readme``) from the command it shows;
this runs the commands again and fails, with a diff, when a block is stale.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "readme_examples.py"


def test_the_readme_shows_what_the_commands_print() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"<!-- output of: (.+?) -->", readme)
    assert {
        "ttt-maps compare xkcd yorgey default --player x",
        "ttt-maps render --player x --picture -o x-map.svg",
        "python examples/rule_player_audit.py",
    } <= set(commands)
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr


def test_a_block_is_made_from_its_command() -> None:
    """What ``make readme`` writes in place of a stale block, and that it is then stable."""
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import readme_examples
    finally:
        sys.path.remove(str(SCRIPT.parent))
    block = "<!-- output of: ttt-maps policies --board 4x4 -->\nSTALE TEXT\n"
    block += "<!-- end of output -->\n"
    fresh = readme_examples.regenerate(block)
    head = block.split("\n")[0] + "\n```console\n$ ttt-maps policies --board 4x4\n"
    assert fresh.startswith(head) and "STALE TEXT" not in fresh
    assert "= fast,trap,first" in fresh  # default is fast,trap past the boards novice can see
    assert readme_examples.regenerate(fresh) == fresh
