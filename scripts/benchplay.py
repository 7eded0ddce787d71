#!/usr/bin/env python3
"""A game against the map, timed as a person waits for it, then its log checked.

``scripts/bench.py`` runs this for its play cases: ``ttt-maps play`` is driven
through its line protocol (as a program plays it) by an opponent that completes
its own lines, blocks the map's, and otherwise plays at random (seeded; under
misère it avoids completing its own lines). The wait for each of the map's
replies is timed from the move written to the position read back; the start
(the process, and the board's value that a bigger board's game learns before
its first move) is timed apart. The saved game is then checked with
``ttt-maps check``. The last line printed is JSON: the start, the slowest reply
and the check, in seconds.

    python scripts/benchplay.py TTT_MAPS BOARD RULES SIDE SEED LOG [PLAY OPTIONS...]
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

#: Lines of a board of up to 10 x 10, as bit masks, worked out here (no package code).
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def lines_of(rows: int, cols: int, k: int) -> list[int]:
    found = []
    for dr, dc in DIRECTIONS:
        for r in range(rows):
            for c in range(cols):
                cells = [(r + dr * i, c + dc * i) for i in range(k)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    found.append(sum(1 << (rr * cols + cc) for rr, cc in cells))
    return found


def shape(board: str) -> tuple[int, int, int]:
    size, _, k = board.lower().partition("k")
    rows, cols = (int(n) for n in size.split("x"))
    return rows, cols, int(k) if k else min(rows, cols)


def main(argv: list[str]) -> int:
    exe, board, rules, side, seed, log, *options = argv
    rows, cols, k = shape(board)
    lines = lines_of(rows, cols, k)
    rng = random.Random(int(seed))
    misere = rules == "misere"

    def made(mask: int) -> bool:
        return any(line & mask == line for line in lines)

    args = [exe, "play", "--board", board, "--rules", rules, "--player", side, "--save", log]
    started = time.perf_counter()
    game = subprocess.Popen(
        [*args, *options], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    assert game.stdin is not None and game.stdout is not None
    start = 0.0
    replies: list[float] = []
    asked = started
    first = True
    for line in game.stdout:
        now = time.perf_counter()
        if not line.startswith("position:"):
            break
        board_text = line.split()[1]
        x = sum(1 << c for c, m in enumerate(board_text) if m == "x")
        o = sum(1 << c for c, m in enumerate(board_text) if m == "o")
        to_move = "x" if x.bit_count() == o.bit_count() else "o"
        if to_move == side:
            if first:  # the map opens: its first move is timed as a reply, after the start
                start, asked, first = now - started, now, False
            continue
        if first:
            start, first = now - started, False
        elif asked is not None:
            replies.append(now - asked)
        free = [c for c in range(rows * cols) if board_text[c] == "."]
        mine, theirs = (x, o) if to_move == "x" else (o, x)
        if misere:
            safe = [c for c in free if not made(mine | 1 << c)]
            cell = rng.choice(safe or free)
        else:
            wins = [c for c in free if made(mine | 1 << c)]
            blocks = [c for c in free if made(theirs | 1 << c)]
            cell = (wins or blocks)[0] if wins or blocks else rng.choice(free)
        game.stdin.write(f"{cell}\n")
        game.stdin.flush()
        asked = time.perf_counter()
    game.stdin.close()
    if game.wait() != 0:
        print(f"benchplay: play exited {game.returncode}", file=sys.stderr)
        return 1
    checked = time.perf_counter()
    proc = subprocess.run([exe, "check", log, *options], capture_output=True, text=True)
    check = time.perf_counter() - checked
    if proc.returncode not in (0, 1):  # 1: a move of the opponent's lost its player the game
        print(f"benchplay: check exited {proc.returncode}: {proc.stderr.strip()}", file=sys.stderr)
        return 1
    figures = {"start s": start, "slowest reply s": max(replies, default=0.0), "check s": check}
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
