"""The kill rate of ``make mutate``, per module: what mutmut left in ``mutants/``.

Each mutated module has a ``mutants/<path>.meta`` file (JSON) with the exit code of
its tests for every mutant: 1 or 3, a test failed (killed); a timeout or a crash
also shows the change (killed); 0, every test passed (survived); 5 or 33, no fast
test runs the code (no tests, counted as not killed); none yet, not run (outside
the ``MUTANTS`` a run tried). The survivors' names go to ``mutants/survivors.txt``;
``mutmut show NAME`` shows one.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

KILLED = {1, 3, 36, 24, -24, 152, 255, -11, -9}
SURVIVED = {0}
NO_TESTS = {5, 33}


def main(folder: Path = Path("mutants")) -> int:
    metas = sorted(folder.glob("**/*.py.meta"))
    if not metas:
        print(f"no results in {folder}/: run mutmut first (make mutate)", file=sys.stderr)
        return 2
    rows, survivors = [], []
    totals: Counter[str] = Counter()
    for meta in metas:
        codes = json.loads(meta.read_text(encoding="utf-8")).get("exit_code_by_key", {})
        tally: Counter[str] = Counter()
        for name, code in sorted(codes.items()):
            kind = (
                "killed" if code in KILLED else "survived" if code in SURVIVED
                else "no tests" if code in NO_TESTS else "not run" if code is None else "other"
            )  # fmt: skip
            tally[kind] += 1
            if kind in ("survived", "no tests"):
                survivors.append(f"{name}\t{kind}")
        totals.update(tally)
        module = str(meta.relative_to(folder)).removesuffix(".meta")
        rows.append((module, tally))
    print(f"{'module':<36} {'mutants':>7} {'killed':>7} {'survived':>8} {'no tests':>8}  kill rate")
    for module, tally in [*rows, ("all", totals)]:
        ran = tally["killed"] + tally["survived"] + tally["no tests"]
        rate = f"{tally['killed'] / ran:.1%}" if ran else "-"
        total = sum(tally.values())
        print(
            f"{module:<36} {total:>7} {tally['killed']:>7} {tally['survived']:>8} "
            f"{tally['no tests']:>8}  {rate}"
            + (f" ({tally['not run']} not run)" if tally["not run"] else "")
        )
    (folder / "survivors.txt").write_text("".join(s + "\n" for s in survivors), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("mutants")))
