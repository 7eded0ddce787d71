#!/usr/bin/env python3
"""Benchmark ttt-maps the way a user runs it: whole processes, wall time, memory.

Each case runs once to warm up (bytecode and page caches), then ``--runs``
rounds (default 5) run every case once each, so a slow spell on a shared
machine hits all cases alike instead of one. For every run we time the whole
process (wall clock, spawn to exit) and read that one child's CPU time and
peak resident memory from ``os.wait4``, which gives the resource usage of
exactly the process it reaps. The table shows the median wall time (what the
targets are about), the median CPU time (user + system: steadier when other
work shares the cores; above the wall time when a run uses two processes),
the largest peak, and the target; targets are reported, not enforced: the
script always exits 0. A case whose command fails (for example
because it is not implemented yet) prints the failure and the others go on.

    .venv/bin/python scripts/bench.py [--runs N] [--json] [--baseline TTT_MAPS]

``--baseline`` names another ``ttt-maps`` executable (say, the venv of a
checkout of an older commit): each case then runs with both, interleaved in
every round, and the table gives the ratio of the medians, so a before/after
figure comes from one run on the same machine in the same state.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

MIB = 1024 * 1024
KB = 1000


@dataclass
class Case:
    """One command to measure, and what it should achieve."""

    name: str
    args: list[str]  # after the ttt-maps command; "{tmp}" is the case's temp dir
    max_seconds: float | None = None
    max_mib: float | None = None
    in_tmp_cwd: bool = False  # run with the temp dir as the working directory
    env: dict[str, str] = field(default_factory=dict)  # more environment; "{tmp}" as above
    # After the runs, given the temp dir: (what came out, target met?).
    check: Callable[[Path], tuple[str, bool]] | None = None
    check_target: str = ""


@dataclass
class Result:
    name: str
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    peak_mib: list[float] = field(default_factory=list)
    error: str | None = None
    notes: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    ok: bool = True


def ttt_maps_command() -> list[str]:
    """The ttt-maps console script next to this interpreter, else on PATH."""
    beside = Path(sys.executable).with_name("ttt-maps")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("ttt-maps")
    if found:
        return [found]
    return [sys.executable, "-m", "ttt_maps"]


#: A user's Python caches bytecode; some sandboxes switch that off, which would
#: time compiling our modules on every run. The warm-up run writes the cache.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(
    argv: list[str], cwd: Path, env: dict[str, str]
) -> tuple[float, float, float, int, str]:
    """Run argv to completion: (wall s, CPU s, peak MiB, exit code, last stderr line)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(
            argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err
        )
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        proc.returncode = code  # reaped by wait4: tell Popen not to wait again
        err.seek(0)
        lines = err.read().decode("utf-8", "replace").strip().splitlines()
    # ru_maxrss is KiB on Linux, bytes on macOS.
    peak = usage.ru_maxrss / (MIB if sys.platform == "darwin" else 1024)
    # ru_*time of wait4 covers the child and the children it waited for.
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, peak, code, lines[-1] if lines else ""


SVG_MAX_KB = 300


def svg_size(tmp: Path) -> tuple[str, bool]:
    size = (tmp / "o.svg").stat().st_size
    return f"{size / KB:.0f} KB", size <= SVG_MAX_KB * KB


#: The poster PDF before its text was embedded as font subsets (Type 3 then).
POSTER_PDF_MAX_KB = 174


def poster_pdf_size(tmp: Path) -> tuple[str, bool]:
    size = (tmp / "poster.pdf").stat().st_size
    return f"{size / KB:.0f} KB", size <= POSTER_PDF_MAX_KB * KB


def output_files(tmp: Path) -> tuple[str, bool]:
    out = tmp / "output"
    count = sum(1 for p in out.iterdir() if p.is_file()) if out.is_dir() else 0
    return f"{count} files", count == 6


CASES = [
    Case("stats", ["stats"]),
    Case(
        "render O pdf (yorgey)",
        ["render", "--player", "o", "--policy", "yorgey", "-o", "{tmp}/o.pdf"],
        max_seconds=0.25,
        max_mib=80,
    ),
    Case(
        "render (main job)",
        ["render"],
        max_seconds=0.6,
        in_tmp_cwd=True,
        check=output_files,
        check_target="6 files in output/",
    ),
    Case(
        "render poster pdf",
        ["render", "--player", "both", "-o", "{tmp}/poster.pdf"],
        check=poster_pdf_size,
        check_target=f"size <= {POSTER_PDF_MAX_KB} KB",
    ),
    Case(
        "render poster png, A0 at 300 dpi",
        ["render", "--player", "both", "--size", "A0", "--dpi", "300", "-o", "{tmp}/a0.png"],
    ),
    Case(
        "render O svg (yorgey)",
        ["render", "--player", "o", "--policy", "yorgey", "-o", "{tmp}/o.svg"],
        check=svg_size,
        check_target=f"size <= {SVG_MAX_KB} KB",
    ),
    # Bigger boards: solved from scratch (--no-cache), and from the cache the
    # warm-up run filled.
    Case(
        "4x4k3 poster svg, cold",
        ["render", "--board", "4x4k3", "--player", "both", "--no-cache", "-o", "{tmp}/p.svg"],
        max_seconds=3,
        max_mib=2048,
    ),
    Case(
        "4x4 empty board's value, cold",
        ["solve", "--board", "4x4", "." * 16, "--no-cache"],
        max_seconds=15,
        max_mib=2048,
    ),
    Case(
        "4x4 X map --depth 2 pdf, cold",
        [
            "render",
            "--board",
            "4x4",
            "--player",
            "x",
            "--depth",
            "2",
            "--no-cache",
            "-o",
            "{tmp}/x.pdf",
        ],
        max_seconds=15,
        max_mib=2048,
    ),
    Case(
        "4x4 X map --depth 2 pdf, cached",
        ["render", "--board", "4x4", "--player", "x", "--depth", "2", "-o", "{tmp}/x.pdf"],
        env={"TTT_MAPS_CACHE_DIR": "{tmp}/cache"},
        max_seconds=1,
    ),
]


class Runner:
    """One case being measured: its command, its temp dir, and what came out."""

    def __init__(self, case: Case, command: list[str], tmp: Path) -> None:
        self.case, self.tmp = case, tmp
        self.argv = command + [a.replace("{tmp}", str(tmp)) for a in case.args]
        self.cwd = tmp if case.in_tmp_cwd else Path.cwd()
        self.env = CHILD_ENV | {k: v.replace("{tmp}", str(tmp)) for k, v in case.env.items()}
        self.result = Result(case.name)
        if case.max_seconds is not None:
            self.result.targets.append(f"<= {case.max_seconds:g} s")
        if case.max_mib is not None:
            self.result.targets.append(f"<= {case.max_mib:g} MiB")
        if case.check_target:
            self.result.targets.append(case.check_target)

    def run(self, measured: bool) -> None:
        result = self.result
        if result.error is not None:
            return
        if self.case.in_tmp_cwd:
            shutil.rmtree(self.tmp / "output", ignore_errors=True)
        try:
            wall, cpu, peak, code, tail = run_once(self.argv, self.cwd, self.env)
        except OSError as exc:
            result.error = f"could not start {self.argv[0]}: {exc}"
            return
        if code != 0:
            result.error = f"exit {code}: {tail or '(no stderr)'}"
        elif measured:
            result.seconds.append(wall)
            result.cpu.append(cpu)
            result.peak_mib.append(peak)

    def finish(self) -> Result:
        case, result = self.case, self.result
        if result.error is None and case.check is not None:
            try:
                note, met = case.check(self.tmp)
            except OSError as exc:
                note, met = f"no result: {exc.strerror or exc}", False
            result.notes.append(note)
            result.ok &= met
        if result.error is not None:
            result.ok = False
            return result
        if case.max_seconds is not None:
            result.ok &= statistics.median(result.seconds) <= case.max_seconds
        if case.max_mib is not None:
            result.ok &= max(result.peak_mib) <= case.max_mib
        return result


def measure_all(cases: list[Case], commands: list[list[str]], runs: int) -> list[list[Result]]:
    """Warm every case up, then ``runs`` rounds of one run of each case with each command."""
    with tempfile.TemporaryDirectory(prefix="ttt-bench-") as tmp_name:
        runners: list[list[Runner]] = []
        for i, command in enumerate(commands):
            runners.append([])
            for j, case in enumerate(cases):
                tmp = Path(tmp_name) / f"{i}-{j}"
                tmp.mkdir()
                runners[i].append(Runner(case, command, tmp))
        for round_ in range(runs + 1):  # round 0 is the warm-up
            for j in range(len(cases)):
                for per_command in runners:
                    per_command[j].run(measured=round_ > 0)
        return [[runner.finish() for runner in per_command] for per_command in runners]


def print_table(results: list[Result], runs: int, command: list[str]) -> None:
    print(f"ttt-maps bench: {' '.join(command)}; median of {runs} runs after 1 warm-up")
    header = ("case", "median s", "cpu s", "peak MiB", "result", "target", "")
    rows: list[tuple[str, ...]] = []
    for r in results:
        if r.error is not None:
            rows.append((r.name, "-", "-", "-", "FAILED", ", ".join(r.targets) or "-", "MISS"))
            continue
        target = ", ".join(r.targets) or "-"
        verdict = ("ok" if r.ok else "MISS") if r.targets else ""
        rows.append(
            (
                r.name,
                f"{statistics.median(r.seconds):.3f}",
                f"{statistics.median(r.cpu):.3f}",
                f"{max(r.peak_mib):.1f}",
                ", ".join(r.notes) or "-",
                target,
                verdict,
            )
        )
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, tuple("-" * w for w in widths), *rows]:
        cells = [
            cell.rjust(w) if i in (1, 2, 3) else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        print("  ".join(cells).rstrip())
    for r in results:
        if r.error is not None:
            print(f"{r.name}: {r.error}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="measured runs per case (default 5)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--baseline", metavar="TTT_MAPS", help="another ttt-maps executable to compare with"
    )
    args = parser.parse_args(argv)
    runs = max(1, args.runs)
    command = ttt_maps_command()
    commands = [command] + ([[args.baseline]] if args.baseline else [])
    measured = measure_all(CASES, commands, runs)
    results = measured[0]
    if args.json:
        doc = [
            {
                "name": r.name,
                "median_s": statistics.median(r.seconds) if r.seconds else None,
                "runs_s": r.seconds,
                "median_cpu_s": statistics.median(r.cpu) if r.cpu else None,
                "peak_mib": max(r.peak_mib) if r.peak_mib else None,
                "notes": r.notes,
                "targets": r.targets,
                "ok": r.ok,
                "error": r.error,
            }
            for r in results
        ]
        print(json.dumps(doc, indent=2))
    else:
        print_table(results, runs, command)
        if args.baseline:
            print()
            print_table(measured[1], runs, [args.baseline])
            print()
            print_ratios(results, measured[1])
    return 0


def print_ratios(now: list[Result], before: list[Result]) -> None:
    """This build's median wall time over the baseline's, case by case."""
    print("ratio of median wall times (this build / baseline), same rounds:")
    for a, b in zip(now, before, strict=True):
        if a.seconds and b.seconds:
            ratio = statistics.median(a.seconds) / statistics.median(b.seconds)
            print(f"  {a.name}: {ratio:.2f}")


if __name__ == "__main__":
    sys.exit(main())
