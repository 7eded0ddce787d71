"""Which optimal move? X's map under three tie-break policies, side by side.

Writes ``output/compare-x.svg``: the maps under ``xkcd`` (the comic's
choices), ``yorgey`` (the seed's Haskell program) and ``default``, each
turned to line up with the comic's and tinted where it plays differently
from it up to rotation and reflection, and prints the
table that ``ttt-maps compare xkcd yorgey default`` prints.

Run: python examples/compare_policies.py
"""

from __future__ import annotations

from pathlib import Path

from ttt_maps.api import save, strategy
from ttt_maps.cli.compare import print_summary
from ttt_maps.compare.picture import compare_scene
from ttt_maps.compare.summary import compare_summary
from ttt_maps.policy.chains import NOVICE_WAYS

POLICIES = ("xkcd", "yorgey", "default")
OUT = Path(__file__).resolve().parent.parent / "output" / "compare-x.svg"


def main() -> None:
    trees = [strategy("x", policy) for policy in POLICIES]
    novice = NOVICE_WAYS[trees[0].geometry.misere]
    print_summary(compare_summary(trees, labels=POLICIES), "x", POLICIES[0], novice)
    OUT.parent.mkdir(exist_ok=True)
    save(compare_scene(trees, labels=POLICIES), OUT)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
