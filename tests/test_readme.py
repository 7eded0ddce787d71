"""The example outputs of the README and the docs pages are what the commands print today.

Each ``<!-- output of: COMMAND -->`` block of README.md and docs/*.md is made by
``scripts/readme_examples.py`` (``make readme``) from the command it shows;
this runs the commands again and fails, with a diff, when a block is stale.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from ttt_maps.game.board import Board

#: Slow (left out by make check): every test runs the README's commands.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "readme_examples.py"


def test_the_readme_shows_what_the_commands_print() -> None:
    pages = [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    text = "".join(page.read_text(encoding="utf-8") for page in pages)
    commands = re.findall(r"<!-- output of: (.+?) -->", text)
    assert {
        "ttt-maps compare xkcd yorgey default --player x",
        "ttt-maps render --player x --picture -o x-map.svg",
        "python examples/rule_player_audit.py",
        "ttt-maps policies",
        "printf '?\\n1\\nw\\nq\\n' | ttt-maps play --interactive",
    } <= set(commands)
    assert "```pycon" in text
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


def test_a_session_and_a_piped_game_are_made_from_what_they_run() -> None:
    """A ``pycon`` block's outputs and a scripted game's transcript are what running them
    prints now, whatever the page said before; the page is then stable."""
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import readme_examples
    finally:
        sys.path.remove(str(SCRIPT.parent))
    page = (
        "```pycon\n>>> import ttt_maps\n>>> ttt_maps.explain('xo.......', 2).code\n'stale'\n"
        ">>> for c in (4, 8):\n...     print(ttt_maps.explain('x........', c).brief)\n```\n\n"
        "<!-- output of: printf '?\\nq\\n' | ttt-maps play -i -->\nSTALE\n<!-- end of output -->\n"
    )
    fresh = readme_examples.regenerate(page)
    assert ">>> ttt_maps.explain('xo.......', 2).code\n'mistake'\n" in fresh
    assert "...     print(ttt_maps.explain('x........', c).brief)\n" in fresh
    assert "'stale'" not in fresh and "STALE" not in fresh
    # The game as typed: the hint, its reason, then q.
    assert "O to move> ?\nYour best moves (O), by the solved game: centre (4)." in fresh
    assert fresh.rstrip().endswith("O to move> q\n```\n<!-- end of output -->")
    assert readme_examples.regenerate(fresh) == fresh


def test_every_transcript_in_the_docs_is_made_by_running_it() -> None:
    """A shown terminal session is an ``output of`` block and a Python session a ``pycon``
    block, both remade by ``make readme``; no ``python`` block states a result in a
    comment (``# 'win in 5'``), where it would drift unseen."""
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        made = re.sub(r"<!-- output of: .+? -->\n```console\n.*?```\n", "", text, flags=re.S)
        assert "```console" not in made and "```text" not in made, page.name
        for block in re.findall(r"```python\n(.*?)```", text, re.S):
            for line in block.splitlines():
                comment = line.partition("#")[2].strip()
                assert not re.match(r"""[\[({'"]|\d|True|False|None""", comment), (page, line)


def shown_commands() -> list[str]:
    """The ``ttt-maps`` lines of the README's shell blocks, as written (comments cut)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.S)
    lines = [line.split(" # ")[0].strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.startswith("ttt-maps ")]


def play_as_o(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``ttt-maps play`` as a program plays it: O takes the first empty cell at each turn."""
    argv = [sys.executable, "-m", "ttt_maps", "play"]
    proc = subprocess.Popen(
        argv, cwd=tmp_path, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdin is not None and proc.stdout is not None
    out = []
    for line in proc.stdout:
        out.append(line)
        if line.startswith("position: "):
            board = Board.parse(line.removeprefix("position: ").strip())
            if board.to_move == "o" and not board.is_over:
                proc.stdin.write(f"{board.moves()[0]}\n")
                proc.stdin.flush()
    proc.stdin.close()
    code = proc.wait(timeout=60)
    return subprocess.CompletedProcess(argv, code, "".join(out), "")


def test_every_command_the_readme_shows_runs(tmp_path: Path) -> None:
    """The ten example commands, each in a fresh folder, as a reader would type them."""
    commands = shown_commands()
    assert len(commands) == 10, commands
    for number, command in enumerate(commands):
        folder = tmp_path / str(number)
        folder.mkdir()
        if command == "ttt-maps play":
            run = play_as_o(folder)
            assert run.returncode == 0 and "result: " in run.stdout, run.stdout
            assert "result: o wins" not in run.stdout  # the map for X never loses
            continue
        for part in command.split(" && "):
            words = shlex.split(part)
            run = subprocess.run(
                [sys.executable, "-m", "ttt_maps", *words[1:]],
                cwd=folder,
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
            assert run.returncode == 0, f"{part}\n{run.stderr[-2000:]}"
        made = [p for p in folder.rglob("*") if p.is_file()]
        assert made or command.startswith("ttt-maps solve"), command


def test_every_file_the_readme_links_to_is_there() -> None:
    """The pictures and the guides: a link or image to a file of the repository."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)\)", readme)
    local = [t for t in targets if "://" not in t]
    guides = [t for t in local if t.startswith("docs/") and t.endswith(".md")]
    assert len(guides) >= 12 and "output/x-map.svg" in local
    missing = [t for t in local if not (ROOT / t).exists()]
    assert missing == []
    linked = {Path(t).name for t in guides}
    pages = {p.name for p in (ROOT / "docs").glob("*.md")} - {"index.md", "changelog.md"}
    assert pages <= linked, pages - linked  # a pointer to each guide
