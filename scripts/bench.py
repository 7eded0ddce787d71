#!/usr/bin/env python3
"""Benchmark ttt-maps the way a user runs it: whole processes, wall time, CPU, memory.

Each case runs once to warm up, then ``--runs`` rounds (default 5) run every
case once each; within a round a case's comparisons run right after it (the
seed program, a one-command typer app's ``--help``, an older build), so a slow spell
of a shared machine hits both sides of a ratio alike. For every run we time
the whole process (wall clock, spawn to exit) and read that one child's CPU
time and peak resident memory from ``os.wait4``. A ratio is the median of the
per-round ratios. Targets are reported, not enforced: the script exits 0.

    .venv/bin/python scripts/bench.py [--runs N] [--json] [--no-page]
        [--seed /tmp/yorgey-map] [--baseline TTT_MAPS_OR_GIT_REVISION]

The playground page of the docs site is measured too (``benchpage``: its
transfer size, the time to its first map in Chromium and Firefox ESR, cold, on
a second visit and for another address, a 3x3 O map in the page against the
command line), unless ``--no-page`` or ``--only`` is given.

``--seed`` compares with the program ttt-maps grew from (``make bench SEED=1``
builds it); ``--baseline`` with an older build, a ``ttt-maps`` executable or
a git revision (built once in the temporary directory, outside the
repository). ``make bench SEED=1 BASELINE=6da85c7`` prints them side by side.
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
from dataclasses import dataclass, field
from pathlib import Path

from benchsetup import baseline_command, compile_bytecode, import_profile, seed_binary

MIB = 1024 * 1024
KB = 1000
#: What the comparisons are called in the table.
SEED, TYPER, BASE = "seed", "typer", "base"
#: The least a typer app costs: one command, its help printed (typer converts its
#: parameters with pydantic, so that is imported on every run).
TYPER_APP = (
    "import typer\n"
    "app = typer.Typer()\n"
    "@app.command()\n"
    "def render(player: str = 'x') -> None:\n"
    "    print(player)\n"
    "app(['--help'])\n"
)


@dataclass
class Case:
    """One command to measure, what it is compared with, and what it should achieve."""

    name: str
    args: list[str]  # after ttt-maps; "{tmp}" is the case's temp dir
    exit: int = 0  # 2 for the refusals and usage errors timed here
    seed: list[str] | None = None  # the seed program's arguments ("{seed}": its binary)
    seed_x: float | None = None  # target: at least this many times faster than the seed
    typer_max: float | None = None  # target: at most this many times TYPER_APP
    base_max: float | None = None  # target: at most this many times the older build
    baseline: bool = True  # also run the older build
    max_seconds: float | None = None
    max_mib: float | None = None
    in_tmp_cwd: bool = False
    env: dict[str, str] = field(default_factory=dict)
    file: str | None = None  # a file to report the size of, in the case's temp dir
    max_kb: float | None = None
    #: A script beside this one that drives the command and reports figures of its own
    #: (its last line of output, JSON: name -> seconds), run as ``python DRIVER TTT_MAPS
    #: ARGS...``; the case's targets on them are ``figure_max``.
    driver: str | None = None
    figure_max: dict[str, float] = field(default_factory=dict)


YORGEY = ["--policy", "yorgey"]  # the seed's maps, move for move


def bigger(board: str, rules: str = "normal") -> list[Case]:
    """The frontier's board: solved, its X and O maps drawn at their default depth, and a
    game against each map (the slowest reply, the log checked), cold and from the cache
    (the warm-up round fills it). Targets: ten seconds of search, a reply within one."""
    name = board if rules == "normal" else f"{board} misère"
    on = ["--board", board, "--rules", rules]
    cases = []
    for cold, how in ((True, "cold"), (False, "cached")):
        flags = ["--no-cache"] if cold else []
        env = {} if cold else {"TTT_MAPS_CACHE_DIR": "{tmp}/cache"}
        most = 12 if cold else 2
        cases.append(
            Case(
                f"{name} solve, {how}",
                ["solve", *on, *flags],
                env=env,
                baseline=False,
                max_seconds=most,
            )
        )
        for player in ("x", "o"):
            cases.append(
                Case(
                    f"{name} {player.upper()} map SVG, default depth, {how}",
                    ["render", *on, "--player", player, *flags, "-o", "{tmp}/map.svg"],
                    env=env,
                    baseline=False,
                    max_seconds=most,
                )
            )
            cases.append(
                Case(
                    f"{name} play against the {player.upper()} map, {how}",
                    [board, rules, player, "1", "{tmp}/game.json", *flags],
                    env=env,
                    baseline=False,
                    driver="benchplay.py",
                    figure_max={"slowest reply s": 1, "check s": most},
                )
            )
    return cases


#: The frontier: the boards drawn, not only solved, within the budget (misère 4x4 with
#: three in a row is the budget's test under misère).
BIGGER = [
    *bigger("4x5k4"), *bigger("5x4k4"), *bigger("5x5k4"), *bigger("4x4k3", "misere"),
]  # fmt: skip
CASES = [
    Case("O map PDF", ["render", "--player", "o", *YORGEY, "-o", "{tmp}/o.pdf"],
         seed=["-S", "o", "-o", "{tmp}/seed-o.pdf", "-w", "2000"], seed_x=30, base_max=1),
    Case("O map SVG", ["render", "--player", "o", *YORGEY, "-o", "{tmp}/o.svg"],
         seed=["-S", "o", "-o", "{tmp}/seed-o.svg", "-w", "2000"], seed_x=30, base_max=1,
         file="o.svg", max_kb=300),
    Case("O map PNG, 2000 px",
         ["render", "--player", "o", *YORGEY, "--width", "2000", "-o", "{tmp}/o.png"],
         seed=["-S", "o", "-o", "{tmp}/seed-o.png", "-w", "2000"], seed_x=20, base_max=1,
         max_mib=61),
    Case("O map SVG, explained", ["render", "--player", "o", *YORGEY, "--explain",
         "-o", "{tmp}/oe.svg"], baseline=False, file="oe.svg"),
    # The xkcd look: the same maps drawn by hand and lettered in Humor Sans (the
    # light O map above is what they are measured against).
    Case("xkcd O map SVG", ["render", "--player", "o", *YORGEY, "--theme", "xkcd",
         "-o", "{tmp}/ox.svg"], baseline=False, file="ox.svg", max_kb=400),
    Case("xkcd O map PDF", ["render", "--player", "o", *YORGEY, "--theme", "xkcd",
         "-o", "{tmp}/ox.pdf"], baseline=False, file="ox.pdf", max_kb=160),
    Case("xkcd O map PNG, 2000 px", ["render", "--player", "o", *YORGEY, "--theme", "xkcd",
         "--width", "2000", "-o", "{tmp}/ox.png"], baseline=False, file="ox.png",
         max_mib=61),
    Case("xkcd poster PDF", ["render", "--player", "both", "--theme", "xkcd",
         "-o", "{tmp}/px.pdf"], baseline=False, file="px.pdf", max_kb=260),
    Case("solve a position, every move explained", ["solve", "xo......."]),
    Case("X map PDF", ["render", "--player", "x", *YORGEY, "-o", "{tmp}/x.pdf"],
         seed=["-S", "x", "-o", "{tmp}/seed-x.pdf", "-w", "2000"], typer_max=1.5),
    Case("main job (six files) / seed's two PDFs", ["render"], in_tmp_cwd=True,
         seed=["both"], seed_x=20, base_max=1),
    # typer prints the help pages: the top one costs what any typer app's help costs;
    # render's lays out some forty options, and a usage error loads every command.
    Case("ttt-maps --help", ["--help"], typer_max=1.1),
    Case("ttt-maps render --help", ["render", "--help"], typer_max=1.5),
    Case("usage error (render --player z)", ["render", "--player", "z"], exit=2, typer_max=1.5),
    Case("stats", ["stats"]),
    Case("poster PDF", ["render", "--player", "both", "-o", "{tmp}/poster.pdf"],
         file="poster.pdf", max_kb=174),
    Case("poster PNG, A0 at 300 dpi (banded)",
         ["render", "--player", "both", "--size", "A0", "--dpi", "300", "-o", "{tmp}/a0.png"],
         baseline=False),
    Case("4x4k3 poster SVG, cold",
         ["render", "--board", "4x4k3", "--player", "both", "--no-cache", "-o", "{tmp}/p.svg"],
         max_seconds=1.5),
    # Bigger boards answered with no option (the older build refused them), the
    # draws with four in a row, and the minimal table under each prover.
    *[Case(f"{board} value and moves, cold", ["solve", "--board", board, "." * cells,
           "--no-cache"], baseline=False, max_seconds=2)
      for board, cells in (("5x5k3", 25), ("6x6k3", 36), ("7x7k3", 49), ("4x5k3", 20),
                           ("3x6k3", 18))],
    Case("3x6k3 X map SVG, cold", ["render", "--board", "3x6k3", "--player", "x",
         "--no-cache", "-o", "{tmp}/x36.svg"], baseline=False, max_seconds=2),
    Case("stats --board 5x5k4, cold", ["stats", "--board", "5x5k4", "--no-cache"],
         baseline=False, max_seconds=15),
    Case("3x4k3 X table, default prover", ["table", "--board", "3x4k3", "--player", "x"],
         baseline=False, max_seconds=1),
    Case("3x4k3 X table, --prover cp-sat", ["table", "--board", "3x4k3", "--player", "x",
         "--prover", "cp-sat"], max_seconds=1),
    Case("3x4k3 X table, --prover search", ["table", "--board", "3x4k3", "--player", "x",
         "--prover", "search"]),
    Case("refused: 6x6k4 value", ["solve", "--board", "6x6k4", "." * 36, "--no-cache"],
         exit=2, baseline=False, max_seconds=15),
    # Refusals: maps too big to draw (their suggested depth is tried within the
    # search budget first), boards not solved within it.
    Case("refused: 4x4 O map", ["render", "--board", "4x4", "--player", "o", "--no-cache",
         "-o", "{tmp}/r.svg"], exit=2, baseline=False, max_seconds=12),
    Case("refused: 4x4 X map", ["render", "--board", "4x4", "--player", "x", "--no-cache",
         "-o", "{tmp}/r.svg"], exit=2, baseline=False, max_seconds=12),
    Case("refused: 10x10k5 map", ["render", "--board", "10x10k5", "--no-cache",
         "-o", "{tmp}/r.svg"], exit=2, baseline=False, max_seconds=15),
    Case("4x4 empty board's value, cold", ["solve", "--board", "4x4", "." * 16, "--no-cache"],
         max_seconds=15),
    Case("4x4 X map --depth 2 PDF, cold", ["render", "--board", "4x4", "--player", "x",
         "--depth", "2", "--no-cache", "-o", "{tmp}/x.pdf"], max_seconds=15),
    Case("4x4 X map --depth 2 PDF, cached", ["render", "--board", "4x4", "--player", "x",
         "--depth", "2", "-o", "{tmp}/x.pdf"], env={"TTT_MAPS_CACHE_DIR": "{tmp}/cache"},
         max_seconds=1),
    *BIGGER,
]  # fmt: skip


@dataclass
class Runs:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    peak: list[float] = field(default_factory=list)
    error: str | None = None
    #: A driver's own figures, by name, one per run.
    figures: dict[str, list[float]] = field(default_factory=dict)


#: A user's Python caches bytecode; some sandboxes switch that off.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(
    argv: list[str], cwd: Path, env: dict[str, str]
) -> tuple[float, float, float, int, str]:
    """Run argv to completion: (wall s, CPU s, peak MiB, exit code, its output's last line)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(
            argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err
        )
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = code = os.waitstatus_to_exitcode(status)  # reaped: Popen must not wait
        out.seek(0)
        said = out.read().decode("utf-8", "replace").strip().splitlines()
    # ru_maxrss is KiB on Linux, bytes on macOS; ru_*time covers the children it waited for.
    peak = usage.ru_maxrss / (MIB if sys.platform == "darwin" else 1024)
    return wall, usage.ru_utime + usage.ru_stime, peak, code, said[-1] if said else ""


class Bench:
    """Every case's commands (ours and the comparisons), their temp dirs and their runs."""

    def __init__(self, ours: Path, seed: Path | None, base: Path | None, tmp: Path) -> None:
        self.ours, self.seed, self.base, self.tmp = ours, seed, base, tmp
        self.runs: dict[tuple[str, str], Runs] = {}

    def commands(self, i: int, case: Case) -> list[tuple[str, list[str], Path, dict[str, str]]]:
        """(who, argv, cwd, env) for this case: ours first, then what it is compared with."""
        out = []
        for who, exe in (("ours", self.ours), (BASE, self.base)):
            if exe is None or (who == BASE and not case.baseline):
                continue
            tmp = self.tmp / f"{i}-{who}"
            tmp.mkdir(exist_ok=True)
            argv = [str(exe), *(a.replace("{tmp}", str(tmp)) for a in case.args)]
            if case.driver is not None:
                here = Path(__file__).resolve().parent
                argv = [str(Path(exe).with_name("python")), str(here / case.driver), *argv]
            env = CHILD_ENV | {k: v.replace("{tmp}", str(tmp)) for k, v in case.env.items()}
            env.setdefault("TTT_MAPS_CACHE_DIR", str(tmp / "user-cache"))
            out.append((who, argv, tmp if case.in_tmp_cwd else Path.cwd(), env))
            if who == "ours":
                if case.seed is not None and self.seed is not None:
                    out.append((SEED, self.seed_argv(case.seed, tmp), tmp, CHILD_ENV))
                if case.typer_max is not None:
                    python = Path(self.ours).with_name("python")
                    out.append((TYPER, [str(python), "-c", TYPER_APP], tmp, CHILD_ENV))
        return out

    def seed_argv(self, args: list[str], tmp: Path) -> list[str]:
        seed = str(self.seed)
        if args == ["both"]:  # the seed's two maps, one after the other
            x, o = tmp / "seed-x.pdf", tmp / "seed-o.pdf"
            return ["sh", "-c", f'"{seed}" -S x -o "{x}" -w 2000 && "{seed}" -S o -o "{o}" -w 2000']
        return [seed, *(a.replace("{tmp}", str(tmp)) for a in args)]

    def measure(self, rounds: int) -> None:
        for round_ in range(rounds + 1):  # round 0 is the warm-up
            for i, case in enumerate(CASES):
                for who, argv, cwd, env in self.commands(i, case):
                    runs = self.runs.setdefault((case.name, who), Runs())
                    if runs.error is not None:
                        continue
                    if case.in_tmp_cwd:
                        shutil.rmtree(cwd / "output", ignore_errors=True)
                    wall, cpu, peak, code, said = run_once(argv, cwd, env)
                    expected = case.exit if who in ("ours", BASE) else 0
                    if code != expected:
                        runs.error = f"exit {code} (expected {expected})"
                    elif round_ > 0:
                        runs.wall.append(wall)
                        runs.cpu.append(cpu)
                        runs.peak.append(peak)
                        if case.driver is not None and who == "ours":
                            for name, value in json.loads(said).items():
                                runs.figures.setdefault(name, []).append(value)

    def ratio(self, case: Case, who: str, what: str = "wall") -> float | None:
        """Median over rounds of ours / theirs."""
        a, b = self.runs.get((case.name, "ours")), self.runs.get((case.name, who))
        if a is None or b is None or a.error or b.error or not a.wall or not b.wall:
            return None
        pairs = zip(getattr(a, what), getattr(b, what), strict=False)
        return statistics.median(x / y for x, y in pairs)


def fmt(value: object, spec: str = ".3f") -> str:
    return format(value, spec) if isinstance(value, float) else "-"


def inverse(value: object) -> str:
    """A ratio ours / theirs as theirs / ours: how many times faster we are."""
    return fmt(1 / value if isinstance(value, float) and value else None, ".1f")


def figures(bench: Bench) -> list[dict[str, object]]:
    """Every case's medians, peak, file size and ratios (the JSON, and the tables' source)."""
    rows: list[dict[str, object]] = []
    for i, case in enumerate(CASES):
        ours = bench.runs.get((case.name, "ours"), Runs())
        row: dict[str, object] = {"case": case.name, "error": ours.error}
        if ours.wall:
            row["wall_s"] = statistics.median(ours.wall)
            row["cpu_s"] = statistics.median(ours.cpu)
            row["peak_mib"] = max(ours.peak)
        if case.file is not None:
            path = bench.tmp / f"{i}-ours" / case.file
            row["kb"] = path.stat().st_size / KB if path.exists() else None
        for name, values in ours.figures.items():
            row[name] = statistics.median(values)
        for who in (SEED, TYPER, BASE):
            theirs = bench.runs.get((case.name, who))
            if theirs is None:
                continue
            row[f"{who}_error"] = theirs.error
            row[f"{who}_wall"] = bench.ratio(case, who, "wall")
            row[f"{who}_cpu"] = bench.ratio(case, who, "cpu")
            if theirs.wall:
                row[f"{who}_wall_s"] = statistics.median(theirs.wall)
                row[f"{who}_peak_mib"] = max(theirs.peak)
        rows.append(row)
    return rows


def targets(case: Case, row: dict[str, object]) -> list[tuple[str, bool | None]]:
    """(target, met?) for a case; met is None when there is nothing to judge it by."""
    checks: list[tuple[str, str, float | None, bool]] = [  # (text, key, limit, at most?)
        ("<= {} s", "wall_s", case.max_seconds, True),
        ("<= {} MiB", "peak_mib", case.max_mib, True),
        ("<= {} KB", "kb", case.max_kb, True),
        ("seed/ours >= {}", f"{SEED}_wall", case.seed_x, False),
        ("ours/typer <= {}", f"{TYPER}_wall", case.typer_max, True),
        ("ours/base <= {}", f"{BASE}_wall", case.base_max, True),
    ]
    checks += [(f"{name} <= {{}}", name, most, True) for name, most in case.figure_max.items()]
    out: list[tuple[str, bool | None]] = []
    for text, key, limit, at_most in checks:
        if limit is None:
            continue
        value = row.get(key)
        met = None
        if isinstance(value, float):
            met = value <= limit if at_most else value > 0 and 1 / value >= limit
        out.append((text.format(f"{limit:g}"), met))
    return out


def table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, tuple("-" * w for w in widths), *rows]:
        cells = [
            c.ljust(w) if i in (0, len(row) - 1) else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        print("  ".join(cells).rstrip())


def print_report(rows: list[dict[str, object]], rounds: int) -> None:
    print(
        f"ttt-maps bench: medians of {rounds} rounds after 1 warm-up; each comparison runs "
        "right after its case, and a ratio is the median of the rounds' ratios"
    )
    print()
    lines = []
    for case, row in zip(CASES, rows, strict=True):
        met = targets(case, row)
        judged = [ok for _, ok in met if ok is not None]
        status = str(row["error"]) if row["error"] else ""
        if not status and judged:
            status = "ok" if all(judged) else "MISS"
        lines.append(
            (case.name, fmt(row.get("wall_s")), fmt(row.get("cpu_s")),
             fmt(row.get("peak_mib"), ".1f"), fmt(row.get("kb"), ".0f"),
             ", ".join(t for t, _ in met) or "-", status)
        )  # fmt: skip
    table(("case", "wall s", "cpu s", "peak MiB", "KB", "targets", ""), lines)
    print()
    driven = [(case, row) for case, row in zip(CASES, rows, strict=True) if case.driver]
    if driven:
        names = sorted({n for case, _ in driven for n in case.figure_max} | {"start s"})
        found: list[tuple[str, ...]] = [
            (case.name, *(fmt(row.get(n)) for n in names)) for case, row in driven
        ]
        table(("driven", *names), found)
        print(
            "start: the process and the board's value a game learns before its first move; "
            "a reply: from the move written to the map's read back; check: of the game's log"
        )
        print()
    lines = []
    for row in rows:
        if all(row.get(f"{who}_wall") is None for who in (SEED, TYPER, BASE)):
            continue
        errors = "; ".join(f"{w}: {row[f'{w}_error']}" for w in (SEED, TYPER, BASE)
                           if row.get(f"{w}_error"))  # fmt: skip
        lines.append(
            (str(row["case"]), fmt(row.get(f"{SEED}_wall_s")), inverse(row.get(f"{SEED}_wall")),
             inverse(row.get(f"{SEED}_cpu")), fmt(row.get(f"{TYPER}_wall"), ".2f"),
             fmt(row.get(f"{TYPER}_cpu"), ".2f"), fmt(row.get(f"{BASE}_wall_s")),
             fmt(row.get(f"{BASE}_wall"), ".2f"), fmt(row.get(f"{BASE}_cpu"), ".2f"),
             fmt(row.get(f"{BASE}_peak_mib"), ".1f"), errors)
        )  # fmt: skip
    table(
        ("compared", "seed s", "x seed", "x seed cpu", "/typer", "/typer cpu", "base s",
         "/base", "/base cpu", "base MiB", ""),
        lines,
    )  # fmt: skip
    print(
        "x seed: times faster than the seed program (wall, CPU); /typer: our time over a "
        "one-command typer app's --help; /base: our time over the older build's (below 1: faster)"
    )


def imports(builds: dict[str, Path | None], tmp: Path) -> dict[str, tuple[int, float]]:
    """Modules and import time of a 3x3 O map SVG (-X importtime, median of 5 runs)."""
    out = {}
    for who, exe in builds.items():
        if exe is None:
            continue
        args = ["render", "--player", "o", "-f", "svg", "-o", str(tmp / "imports.svg")]
        env = CHILD_ENV | {"TTT_MAPS_CACHE_DIR": str(tmp / "imports-cache")}
        runs = [import_profile(exe.with_name("python"), args, env, tmp) for _ in range(5)]
        out[who] = (runs[0][0], statistics.median(seconds for _, seconds in runs))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="measured rounds (default 5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--seed", metavar="BINARY", help="the seed program (/tmp/yorgey-map)")
    parser.add_argument(
        "--baseline", metavar="TTT_MAPS_OR_REV", help="an older build: executable or git revision"
    )
    parser.add_argument("--only", metavar="TEXT", help="only the cases whose name holds TEXT")
    parser.add_argument(
        "--before", metavar="REV", help="also the imports of this revision's build (e.g. main)"
    )
    parser.add_argument(
        "--no-page", action="store_true", help="leave out the playground page (the browsers)"
    )
    args = parser.parse_args(argv)
    rounds = max(1, args.runs)
    if args.only:
        CASES[:] = [case for case in CASES if args.only.lower() in case.name.lower()]
    ours = Path(sys.executable).with_name("ttt-maps")
    if not ours.exists():
        raise SystemExit(f"bench: no ttt-maps beside {sys.executable}")
    compile_bytecode(Path(sys.executable), Path(__file__).resolve().parent.parent / "ttt_maps")
    base = baseline_command(args.baseline) if args.baseline else None
    before = baseline_command(args.before) if args.before else None
    with tempfile.TemporaryDirectory(prefix="ttt-bench-") as name:
        bench = Bench(ours, seed_binary(args.seed), base, Path(name))
        bench.measure(rounds)
        rows = figures(bench)
        modules = imports({"this build": ours, "older build": base, "before": before}, Path(name))
    page = None if args.no_page or args.only else playground_page(rounds, ours)
    if args.json:
        print(json.dumps({"cases": rows, "imports": modules, "page": page}, indent=2))
        return 0
    print_report(rows, rounds)
    print()
    print("imports of `ttt-maps render --player o -f svg` (-X importtime, median of 5 runs):")
    for who, (count, seconds) in modules.items():
        print(f"  {who}: {count} modules, {seconds * 1000:.1f} ms importing")
    if page is not None:
        from benchpage import report

        print()
        print("the playground page (docs site from 127.0.0.1, a new browser profile each round):")
        lines = report(page) if "error" not in page else [f"  not measured: {page['error']}"]
        print("\n".join(lines))
    return 0


def playground_page(rounds: int, ours: Path) -> dict[str, object]:
    """The playground page's size and times (``benchpage``), or why they were not taken."""
    try:
        from benchpage import measure

        return measure(rounds, ours)
    except Exception as exc:  # a missing browser or npm: the rest of the bench stands
        return {"error": f"{type(exc).__name__}: {exc}"}


if __name__ == "__main__":
    sys.exit(main())
