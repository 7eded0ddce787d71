"""The docs tools at the oldest versions pyproject.toml allows, as pip pins.

``make test`` installs these into a venv of their own (``.venv/oldest-docs``)
and runs the Sphinx and MyST tests there too, so a lower bound in
pyproject.toml is a version that is tested, not a guess. Prints one
``name==version`` a line, from the ``>=`` bounds of the ``sphinx`` and
``myst`` extras.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

EXTRAS = ("sphinx", "myst")


def pins(pyproject: Path) -> list[str]:
    extras = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    out: dict[str, str] = {}
    for extra in EXTRAS:
        for requirement in extras[extra]:
            found = re.fullmatch(r"([A-Za-z0-9._-]+)\s*>=\s*([0-9][0-9.]*)", requirement.strip())
            if found is None:
                raise SystemExit(f"oldest_docs: {requirement!r} in [{extra}] has no '>=' bound")
            out[found.group(1).lower()] = found.group(2)
    return [f"{name}=={version}" for name, version in sorted(out.items())]


if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    print("\n".join(pins(root / "pyproject.toml")))
    sys.exit(0)
