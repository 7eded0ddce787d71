#!/usr/bin/env python3
"""Measure what a counted position of the search costs, per board and per rules: the
figures behind the default search budget (``ttt_maps.solve.budget``).

Each board is searched cold (no cache) in a process of its own, as a request would
search it: the empty board's value, every first move's result, then the X map's and
the O map's moves two levels deep, until ``--positions`` positions are counted (or the
work is done). The CPU time of that search over the positions counted is the cost of
one; a board whose work ends before a tenth of a second is too quick to time and is
left out of the fit. The fit is, per rules, the least-squares line of that cost
against the board's lines (relative errors), which ``budget.py`` holds.

    .venv/bin/python scripts/calibrate.py [--positions N] [--json] [BOARD[:misere] ...]

Run it on a quiet machine: CPU time still grows when another process shares the core.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

#: The boards measured by default, under both rules: four and five in a row, where
#: pairings and long games weigh, three in a row, where games are short.
BOARDS = ("4x4k3", "4x4", "4x5k4", "5x5k4", "5x6k4", "6x6k4", "5x5k3", "6x6k3", "7x7k3",
          "8x8k5", "10x10k5")  # fmt: skip
RULES = ("normal", "misere")


def measure(board: str, rules: str, positions: int) -> dict[str, object]:
    """One board's figures, searched in this process (``--one``)."""
    # lazy: the parent process measures nothing itself
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.game.position import Position
    from ttt_maps.policy.chains import parse_policy
    from ttt_maps.settings import Settings, using
    from ttt_maps.solve.budget import TooBigToSolve
    from ttt_maps.solve.registry import solver_for

    g = Geometry.parse(board, rules)
    with using(Settings(cache=False, search_limit=positions)):
        solver = solver_for(g)
        policy = parse_policy("default", g)
        start = time.process_time()
        done = True
        try:
            root = Position.empty(g)
            solver.outcome(root)
            solver.move_outcomes(root)
            for player in ("x", "o"):
                _two_levels(policy, player)
        except TooBigToSolve:
            done = False
        seconds = time.process_time() - start
    counted = max(solver.searched, 1)
    return {
        "board": g.short_name,
        "rules": rules,
        "lines": len(g.lines),
        "cells": g.size,
        "positions": counted,
        "seconds": round(seconds, 3),
        "us": round(seconds / counted * 1e6, 3),
        "done": done,
    }


def _two_levels(policy: object, player: str) -> None:
    """The player's moves two levels deep from the empty board, as a map chooses them."""
    solver = policy.solver  # type: ignore[attr-defined]
    frontier = [0] if player == "x" else [after for _, after in solver.children(0)]
    for level in range(3):
        following: list[int] = []
        for key in frontier:
            if not solver.goes_on(key):
                continue
            after = solver.play(key, policy.choose_key(key))  # type: ignore[attr-defined]
            if level < 2:
                following.extend(reply for _, reply in solver.children(after))
        frontier = following


def fit(rows: list[dict[str, object]]) -> dict[str, tuple[float, float]]:
    """Per rules, (a, b) of cost = a + b * lines in µs, fitted to relative errors over the
    boards whose work took a tenth of a second or more."""
    out = {}
    for rules in RULES:
        data = [
            (float(str(r["lines"])), float(str(r["us"])))
            for r in rows
            if r["rules"] == rules and float(str(r["seconds"])) >= 0.1
        ]
        if len(data) < 2:
            continue
        # Minimise sum(((a + b x) / y - 1)^2): linear in a and b with weights 1 / y.
        sww = sum(1 / y**2 for _, y in data)
        swx = sum(x / y**2 for x, y in data)
        sxx = sum(x * x / y**2 for x, y in data)
        swy = sum(1 / y for _, y in data)
        sxy = sum(x / y for x, y in data)
        det = sww * sxx - swx * swx
        a = (swy * sxx - swx * sxy) / det
        b = (sww * sxy - swx * swy) / det
        out[rules] = (round(a, 3), round(b, 4))
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", help="BOARD or BOARD:misere (default: a set)")
    parser.add_argument("--positions", type=int, default=1_500_000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        board, _, rules = args.one.partition(":")
        print(json.dumps(measure(board, rules or "normal", args.positions)))
        return 0
    wanted = args.boards or [f"{b}:{r}" for r in RULES for b in BOARDS]
    rows = []
    for spec in wanted:
        proc = subprocess.run(
            [sys.executable, __file__, "--one", spec, "--positions", str(args.positions)],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        row = json.loads(proc.stdout)
        rows.append(row)
        if not args.json:
            stopped = "" if row["done"] else "  (stopped)"
            print(f"{row['board']:>14} {row['rules']:<7} {row['lines']:>4} lines "
                  f"{row['positions']:>11,} positions {row['seconds']:>7.2f} s "
                  f"{row['us']:>6.2f} µs{stopped}", flush=True)  # fmt: skip
    fitted = fit(rows)
    if args.json:
        print(json.dumps({"rows": rows, "fit": fitted}, indent=2))
    else:
        for rules, (a, b) in fitted.items():
            print(f"{rules}: {a} + {b} x lines µs a position")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
