"""The example outputs of the README and the docs pages, made by the commands they show.

Each block of README.md and docs/*.md between ``<!-- output of: COMMAND -->`` and
``<!-- end of output -->`` is ``$ COMMAND`` and what it printed, in a
``console`` code block. The command is a shell line as a reader would type it
(``printf '?\\n1\\n' | ttt-maps play --interactive``, ``ttt-maps ... | head -n 8``,
``ttt-maps render ... -o f.txt && sed -n 3,9p f.txt``), run by bash with
``ttt-maps`` as this checkout's command line and ``python`` as this Python; each
in a fresh folder (the checkout's ``examples/`` linked into it), 80 columns
wide, with a cache folder of its own.

Each ``pycon`` block (``>>> `` lines and what they print) is part of a Python
session: a page's blocks run again, in order, in one fresh interpreter in such
a folder, and each statement is followed by what it printed or showed, as the
interactive interpreter shows it.

    python scripts/readme_examples.py          # rewrite the blocks in README.md and docs/
    python scripts/readme_examples.py --check  # exit 1, with a diff, if any is stale

``make readme`` runs the first; ``tests/test_readme.py`` the second.
"""

from __future__ import annotations

import argparse
import difflib
import doctest
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
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


SESSION = re.compile(r"(?P<open>```pycon\n)(?P<body>.*?)(?P<close>```)", re.S)


def folder_env(folder: Path) -> dict[str, str]:
    """A reader's fresh folder: the examples linked in, ``ttt-maps`` and ``python`` on the
    PATH as this checkout's, a cache of its own, 80 columns, English (the pages are;
    a page on another language says so in its command, ``--lang fr``)."""
    (folder / "examples").symlink_to(ROOT / "examples")
    shims = folder / ".bin"
    shims.mkdir()
    for name, argv in (
        ("ttt-maps", f'"{sys.executable}" -m ttt_maps'),
        ("python", f'"{sys.executable}"'),
    ):
        shim = shims / name
        shim.write_text(f'#!/bin/sh\nexec {argv} "$@"\n', encoding="utf-8")
        shim.chmod(0o755)
    env = {
        **os.environ,
        "PATH": os.pathsep.join((str(shims), os.environ.get("PATH", ""))),
        "COLUMNS": "80",
        "PYTHONIOENCODING": "utf-8",
        "LANGUAGE": "en",
        "TTT_MAPS_CACHE_DIR": str(folder / ".cache"),
        "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))),
    }
    env.pop("NO_COLOR", None)
    return env


def run(command: str) -> str:
    """What the shell line ``command`` prints, as the README shows it (trailing spaces cut)."""
    with tempfile.TemporaryDirectory(prefix="ttt-readme-") as name:
        folder = Path(name)
        done = subprocess.run(
            ["bash", "-c", f"set -eu\n{command}"],
            cwd=folder,
            env=folder_env(folder),
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    # Not pipefail: ``| head`` may end a command early. Every failure says so on stderr.
    if done.returncode != 0 or done.stderr:
        raise SystemExit(f"readme_examples: {command!r} exited {done.returncode}:\n{done.stderr}")
    lines = [line.rstrip() for line in done.stdout.rstrip().splitlines()]
    return "\n".join(lines)


#: Runs a session's statements in a child interpreter: JSON sources in, JSON outputs out.
_SESSION_CHILD = """
import contextlib, io, json, sys, traceback
sources, outputs, scope = json.load(sys.stdin), [], {"__name__": "__main__"}
for source in sources:
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        sys.displayhook = lambda value: value is None or print(repr(value))
        try:
            exec(compile(source, "<session>", "single"), scope)
        except Exception:
            sys.__stderr__.write(source + traceback.format_exc())
            sys.exit(1)
    outputs.append(shown.getvalue())
json.dump(outputs, sys.__stdout__)
"""


def sessions(bodies: list[str]) -> list[str]:
    """A page's ``pycon`` blocks, in order, with what each statement prints now: one
    interpreter for the page, as a reader runs them one after another."""
    examples = [doctest.DocTestParser().get_examples(body) for body in bodies]
    for body, found in zip(bodies, examples, strict=True):
        if not found:
            raise SystemExit(f"readme_examples: a pycon block without '>>> ' lines:\n{body}")
    with tempfile.TemporaryDirectory(prefix="ttt-readme-") as name:
        folder = Path(name)
        done = subprocess.run(
            [sys.executable, "-c", _SESSION_CHILD],
            input=json.dumps([example.source for found in examples for example in found]),
            cwd=folder,
            env=folder_env(folder),
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    if done.returncode != 0:
        raise SystemExit(f"readme_examples: a Python session failed:\n{done.stderr}")
    shown = iter(json.loads(done.stdout))
    return [_transcript(found, shown) for found in examples]


def _transcript(examples: list[doctest.Example], shown: Iterator[str]) -> str:
    """One block: each statement as typed, then what it printed."""
    out = []
    for example in examples:
        lines = example.source.rstrip("\n").split("\n")
        out.append(">>> " + lines[0])
        out.extend("... " + line for line in lines[1:])
        printed = next(shown)
        out.extend(line.rstrip() for line in printed.rstrip("\n").split("\n") if printed)
    return "\n".join(out) + "\n"


def regenerate(text: str) -> str:
    """The page with every output block and every session made anew."""

    def block(match: re.Match[str]) -> str:
        command = match.group("command")
        body = f"```console\n$ {command}\n{run(command)}\n```\n"
        return match.group("open") + body + match.group("close")

    text = BLOCK.sub(block, text)
    made = iter(sessions([m.group("body") for m in SESSION.finditer(text)]))
    return SESSION.sub(lambda m: m.group("open") + next(made) + m.group("close"), text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether they are stale")
    args = parser.parse_args()
    stale = []
    for page in pages():
        old = page.read_text(encoding="utf-8")
        if not BLOCK.search(old) and not SESSION.search(old):
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
