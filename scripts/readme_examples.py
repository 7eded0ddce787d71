"""The example outputs of the README and the docs pages, made by the commands they show.

Each block of README.md and docs/*.md between ``<!-- output of: COMMAND -->`` and
``<!-- end of output -->`` is ``$ COMMAND`` and what it printed, in a
``console`` code block. The commands run the way a reader would type them:
``ttt-maps ...`` as this checkout's command line, ``python FILE`` with this
Python; each in a fresh folder (the checkout's ``examples/`` linked into it),
80 columns wide, with a cache folder of its own.

    python scripts/readme_examples.py          # rewrite the blocks in README.md and docs/
    python scripts/readme_examples.py --check  # exit 1, with a diff, if any is stale

``make readme`` runs the first; ``tests/test_readme.py`` the second.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def pages() -> list[Path]:
    """The files whose blocks are made: the README, then the docs pages in name order."""
    return [README, *sorted((ROOT / "docs").glob("*.md"))]


BLOCK = re.compile(
    r"(?P<open><!-- output of: (?P<command>.+?) -->\n)(?P<body>.*?)"
    r"(?P<close><!-- end of output -->)",
    re.S,
)


def run(command: str) -> str:
    """What ``command`` prints, as the README shows it (trailing spaces cut)."""
    words = shlex.split(command)
    if words[0] == "ttt-maps":
        argv = [sys.executable, "-m", "ttt_maps", *words[1:]]
    elif words[0] == "python":
        argv = [sys.executable, *words[1:]]
    else:
        raise SystemExit(f"readme_examples: cannot run {command!r} (ttt-maps or python only)")
    with tempfile.TemporaryDirectory(prefix="ttt-readme-") as folder:
        (Path(folder) / "examples").symlink_to(ROOT / "examples")
        env = {
            **os.environ,
            "COLUMNS": "80",
            "PYTHONIOENCODING": "utf-8",
            "TTT_MAPS_CACHE_DIR": str(Path(folder) / ".cache"),
            "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))),
        }
        env.pop("NO_COLOR", None)
        done = subprocess.run(
            argv, cwd=folder, env=env, capture_output=True, text=True, timeout=600, check=False
        )
    if done.returncode != 0:
        raise SystemExit(f"readme_examples: {command!r} exited {done.returncode}:\n{done.stderr}")
    lines = [line.rstrip() for line in done.stdout.rstrip().splitlines()]
    return "\n".join(lines)


def regenerate(text: str) -> str:
    """The README with every output block made anew."""

    def block(match: re.Match[str]) -> str:
        command = match.group("command")
        body = f"```console\n$ {command}\n{run(command)}\n```\n"
        return match.group("open") + body + match.group("close")

    return BLOCK.sub(block, text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether they are stale")
    args = parser.parse_args()
    stale = []
    for page in pages():
        old = page.read_text(encoding="utf-8")
        if not BLOCK.search(old):
            continue
        new = regenerate(old)
        if new == old:
            continue
        name = page.relative_to(ROOT).as_posix()
        if not args.check:
            page.write_text(new, encoding="utf-8")
            continue
        diff = difflib.unified_diff(
            old.splitlines(),
            new.splitlines(),
            name,
            f"{name} as the commands print it",
            lineterm="",
        )
        print("\n".join(diff))
        stale.append(name)
    if stale:
        print(
            f"readme_examples: stale output in {', '.join(stale)}; run 'make readme'",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
