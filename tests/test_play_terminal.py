"""``ttt-maps play`` as a person sees it on a terminal: what its lines say.

The line after each of the map's moves counts what it says it counts (a
player's own moves, checked against the solved distance at every position a
person can reach), the end of a game is announced once, ``?`` speaks of the
person's best moves, and ``--help`` shows the defaults. The terminal is a real
pseudo-terminal, so the game runs as it does for a person.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from ttt_maps.cli.app import app
from ttt_maps.game.position import Position
from ttt_maps.play.game import Game
from ttt_maps.solve.registry import solver_for

ORDINAL = re.compile(r"(next|(\d+)(?:st|nd|rd|th)) move")


def own_moves(text: str) -> int:
    """``next move`` is 1, ``3rd move from here`` 3."""
    found = ORDINAL.search(text)
    assert found, text
    return 1 if found.group(1) == "next" else int(found.group(2))


def every_verdict(game: Game, seen: list[tuple[str, int, int]]) -> None:
    """Each verdict the person can be shown, with the solved value and distance there."""
    if game.over:
        return
    if game.map_to_move:
        mark = len(game.moves)
        game.reply()
        every_verdict(game, seen)
        game.rewind(mark)
        return
    out = solver_for(game.geometry).outcome(game.board)
    seen.append((game.verdict(), out.result, out.distance))
    mark = len(game.moves)
    for cell in game.board.moves():
        game.play(cell)
        every_verdict(game, seen)
        game.rewind(mark)


@pytest.mark.parametrize(("side", "root"), [("x", None), ("o", "xo......."), ("o", None)])
def test_the_verdict_counts_a_players_own_moves(side: str, root: str | None) -> None:
    """``O loses in 4 moves, to X's 2nd move from here``: the solved distance in plies,
    then X's moves, the last of them; ``X can win in 5 moves, with its 3rd move from
    here``: the person's own moves."""
    seen: list[tuple[str, int, int]] = []
    every_verdict(Game(side, "yorgey", Position.parse(root) if root else None), seen)
    kinds = set()
    for text, result, distance in seen:
        if result < 0:
            assert re.search(f" loses in {distance} moves?, to ", text), (text, distance)
            assert own_moves(text) == distance // 2, (text, distance)
            kinds.add("loss")
        elif result > 0:
            assert re.search(f" can win in {distance} moves?, with its ", text), text
            assert own_moves(text) == (distance + 1) // 2
            kinds.add("win")
        else:
            assert text.lower().endswith("a draw with best play"), text
            kinds.add("draw")
    assert kinds >= ({"win", "draw"} if root else {"loss", "draw"})


def test_play_help_shows_the_defaults() -> None:
    out = " ".join(CliRunner().invoke(app, ["play", "--help"]).stdout.split())
    for default in ("[default: x]", "[default: default]", "[default: perfect]", "[default: 0]"):
        assert default in out, default


def on_a_terminal(args: list[str], typed: list[str], timeout: float = 60) -> str:
    """Run ``ttt-maps play ARGS`` on a pseudo-terminal, type the lines, return what it showed."""
    main, side = os.openpty()
    env = {**os.environ, "TERM": "dumb", "NO_COLOR": "1", "COLUMNS": "100"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "ttt_maps", "play", *args],
        stdin=side,
        stdout=side,
        stderr=side,
        env=env,
        close_fds=True,
    )
    os.close(side)
    shown = b""
    pending = list(typed)
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            ready, _, _ = select.select([main], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(main, 4096)
                except OSError:  # the other end closed: the game is over
                    break
                if not chunk:
                    break
                shown += chunk
            if pending and shown.rstrip().endswith(b">"):  # a prompt waits for a line
                os.write(main, (pending.pop(0) + "\r").encode())
                shown += b"\n"
    finally:
        proc.wait(timeout=30)
        os.close(main)
    text = shown.decode("utf-8", "replace").replace("\r", "")
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


def test_a_game_on_a_terminal_ends_with_one_result_line() -> None:
    """X against the map for O: a hint, then X leaves O's line open and O wins."""
    shown = on_a_terminal(["--player", "o"], ["?", "1", "3", "7", "2"])
    assert "Your best moves (X), by the solved game: top-left corner (0)" in shown
    assert "the map says" not in shown
    assert "O plays the bottom-right corner (8).\n" in shown  # the winning move, without a verdict
    assert shown.count("O wins") == 1, shown
