"""What scripts/bench.py measures against: the seed program, an older build, typer.

- The seed program (Brent Yorgey's Haskell ``diagrams`` maps) is built by
  ``scripts/seed-program.sh`` (``make bench SEED=1``); here it is only found.
- An older build of ttt-maps is made from a git revision into its own folder
  in the temporary directory, outside the repository (``git archive``, a venv,
  ``pip install -e`` in compat mode as ``make venv`` does), once, and reused.
- Every build's bytecode is compiled first, as an installed package has it:
  some machines set PYTHONDONTWRITEBYTECODE, which would time the compiler.
- ``import_profile`` reads ``python -X importtime`` for one run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def compile_bytecode(python: Path, *folders: Path) -> None:
    """Write the bytecode of ``folders`` (and the venv's site-packages) once."""
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    targets = [str(f) for f in folders] + [site]
    subprocess.run(
        [str(python), "-m", "compileall", "-q", *targets], capture_output=True, check=False
    )


def build_of(revision: str) -> Path:
    """The ``ttt-maps`` executable of a git revision, built once outside the repository."""
    commit = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--short=12", f"{revision}^{{commit}}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    home = Path(tempfile.gettempdir()) / f"ttt-maps-bench-{commit}"
    exe = home / ".venv" / "bin" / "ttt-maps"
    if exe.exists():
        return exe
    print(f"bench: building {revision} ({commit}) in {home} ...", file=sys.stderr)
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", commit], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(home)], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "venv", str(home / ".venv")], check=True)
    pip = [str(home / ".venv" / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    subprocess.run(
        [*pip, "--disable-pip-version-check", "-e", str(home),
         "--config-settings", "editable_mode=compat"],
        check=True,
    )  # fmt: skip
    compile_bytecode(home / ".venv" / "bin" / "python", home / "ttt_maps")
    return exe


def baseline_command(given: str) -> Path:
    """``--baseline``: a ttt-maps executable as it is, or a git revision to build."""
    path = Path(given)
    if path.is_file() and os.access(path, os.X_OK):
        return path
    return build_of(given)


def seed_binary(given: str | None) -> Path | None:
    """The seed program's cairo binary, if given and built."""
    if given is None:
        return None
    path = Path(given)
    if not (path.is_file() and os.access(path, os.X_OK)):
        raise SystemExit(f"bench: no seed program at {path} (make bench SEED=1 builds it)")
    return path


def import_profile(
    python: Path, args: list[str], env: dict[str, str], cwd: Path
) -> tuple[int, float]:
    """Modules imported by one run of ``python -m ttt_maps ARGS``, and their import time (s),
    from ``-X importtime`` (the sum of each top-level import's cumulative time). ``cwd``
    must not hold a ttt_maps folder: ``-m`` would import that one."""
    proc = subprocess.run(
        [str(python), "-X", "importtime", "-m", "ttt_maps", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        check=False,
    )
    modules = 0
    total = 0
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        modules += 1
        _, cumulative, name = line.split("|", 2)
        if not name.startswith("  "):  # top level: its cumulative time covers its imports
            total += int(cumulative)
    return modules, total / 1e6
