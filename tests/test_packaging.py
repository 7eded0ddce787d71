"""The package a stranger installs: the sdist and the wheel, built and installed for real.

The wheel goes into a fresh venv outside the checkout (its dependencies seen
from the test venv, so nothing is downloaded), where the installed command
draws a map; the sdist is unpacked and its own tests run from there. Another
Python (3.12, 3.13, ... as found on this machine) installs the wheel with its
dependencies from the package index and draws byte-identical maps.
"""

from __future__ import annotations

import email.parser
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VERSION = {"__file__": ""}
exec((ROOT / "ttt_maps" / "_version.py").read_text(), VERSION)
NAME = f"ttt_maps-{VERSION['__version__']}"

#: Slow (left out by make check): every test builds or installs the package.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        importlib.util.find_spec("build") is None,
        reason="'build' is not installed (pip install build)",
    ),
]


#: What the installed package runs under: no PYTHONPATH, which would put a checkout first.
CLEAN = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def run(*argv: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    proc = subprocess.run(
        [str(a) for a in argv],
        cwd=cwd,
        env=CLEAN if env is None else env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, f"{argv}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel, built from a copy of this source tree.

    The copy is taken once, so the build never sees the checkout change under it
    (the other tests of a parallel run write and remove files there while it
    reads them), and leaves no build folders in the checkout.
    """
    out = tmp_path_factory.mktemp("dist")
    source = tmp_path_factory.mktemp("source") / "ttt-maps"
    skip = (".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", "_build")
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*skip, ".hypothesis"))
    run(sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", out, source)
    return {"sdist": out / f"{NAME}.tar.gz", "wheel": out / f"{NAME}-py3-none-any.whl"}


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory: pytest.TempPathFactory, dist: dict[str, Path]) -> Path:
    """A new venv outside the checkout with the wheel installed (dependencies from ours)."""
    env_dir = tmp_path_factory.mktemp("venv") / "env"
    run(sys.executable, "-m", "venv", env_dir)
    purelib = Path(
        run(
            env_dir / "bin" / "python",
            "-c",
            "import sysconfig; print(sysconfig.get_path('purelib'))",
        ).strip()
    )
    # our venv's packages (typer, cairo, pytest ...) but not its editable ttt_maps:
    # a path line adds the folder only; the .pth files inside it are not read
    (purelib / "deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    run(
        env_dir / "bin" / "python",
        "-m",
        "pip",
        "install",
        "--quiet",
        "--no-deps",
        "--no-index",
        dist["wheel"],
    )
    return env_dir


def test_wheel_metadata(dist: dict[str, Path]) -> None:
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        names = wheel.namelist()
        meta = email.parser.Parser().parsestr(wheel.read(f"{NAME}.dist-info/METADATA").decode())
    assert f"{NAME}.dist-info/licenses/LICENSE" in names
    assert "ttt_maps/draw/fonts/DejaVuSans-Latin.ttf" in names
    # The proofs that X wins 6x5 and 6x6 with four in a row, with every first move's.
    assert {"ttt_maps/solve/proofs/6x5.win.xz", "ttt_maps/solve/proofs/6x6.lb.xz"} <= set(names)
    assert "ttt_maps/solve/proofs/6x5/first-12.x-win.xz" in names
    # Humor Sans (the xkcd look) travels with its licence, which names its reserved name.
    assert "ttt_maps/draw/fonts/Humor-Sans.ttf" in names
    licence = wheel_text(dist["wheel"], "ttt_maps/draw/fonts/LICENSE-HumorSans.txt")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Reserved Font Name Humor-Sans" in licence
    assert f"{NAME}.dist-info/licenses/ttt_maps/draw/fonts/LICENSE-HumorSans.txt" in names
    # Shantell Sans (the hand for the letters Humor Sans lacks) with its licence too.
    assert "ttt_maps/draw/fonts/ShantellSans-Cut.ttf" in names
    licence = wheel_text(dist["wheel"], "ttt_maps/draw/fonts/LICENSE-ShantellSans.txt")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Shantell Sans" in licence
    assert f"{NAME}.dist-info/licenses/ttt_maps/draw/fonts/LICENSE-ShantellSans.txt" in names
    assert "ttt_maps/backends/viewer/play.js" in names
    assert {f"ttt_maps/language/{code}.po" for code in ("fr", "de", "es", "ru")} <= set(names)
    assert meta["License-Expression"] == "MIT"
    assert "LICENSE" in meta.get_all("License-File", [])
    requires = meta.get_all("Requires-Dist", [])
    capped = [r for r in requires if "<" in r.split(";")[0] or "==" in r.split(";")[0]]
    assert requires and capped == [], capped
    assert any(r.startswith("sphinx") and 'extra == "sphinx"' in r for r in requires)
    assert any(r.startswith("myst-parser") and 'extra == "myst"' in r for r in requires)
    assert any(r.startswith("mkdocs") and 'extra == "mkdocs"' in r for r in requires)
    # MkDocs finds the plugin by its entry point.
    points = wheel_text(dist["wheel"], f"{NAME}.dist-info/entry_points.txt")
    assert "[mkdocs.plugins]\nttt-maps = ttt_maps.integrations.mkdocs:TTTMapsPlugin" in points
    here = f"Programming Language :: Python :: {sys.version_info.major}.{sys.version_info.minor}"
    assert here in meta.get_all("Classifier", [])


def wheel_text(path: Path, name: str) -> str:
    with zipfile.ZipFile(path) as wheel:
        return wheel.read(name).decode("utf-8")


def test_sdist_is_complete(dist: dict[str, Path]) -> None:
    with tarfile.open(dist["sdist"]) as sdist:
        names = {n.removeprefix(f"{NAME}/") for n in sdist.getnames()}
    for needed in (
        "LICENSE",
        "CHANGELOG.md",
        "README.md",
        "Makefile",
        "pyproject.toml",
        "tests/cli_checks.py",
        "tests/conftest.py",
        "examples/compare_policies.py",
        "examples/sphinx/conf.py",
        "examples/myst/index.md",
        "examples/mkdocs/mkdocs.yml",
        "examples/mkdocs/docs/index.md",
        "docs/conf.py",
        "docs/index.md",
        "docs/_static/docs.css",
        "scripts/readme_examples.py",
        "scripts/oldest_docs.py",
        "scripts/system-deps.sh",
        "output/poster.svg",
        "ttt_maps/draw/fonts/LICENSE-DejaVu.txt",
        "ttt_maps/draw/fonts/LICENSE-HumorSans.txt",
        "ttt_maps/draw/fonts/LICENSE-ShantellSans.txt",
    ):
        assert needed in names, needed
    junk = [
        n for n in names if "__pycache__" in n or n.startswith((".venv", "build/")) or "_build" in n
    ]
    assert junk == []


def test_wheel_installs_and_runs_outside_the_checkout(fresh_venv: Path, tmp_path: Path) -> None:
    where = run(
        fresh_venv / "bin" / "python",
        "-c",
        "import ttt_maps; print(ttt_maps.__file__)",
        cwd=tmp_path,
    )
    assert Path(where.strip()).is_relative_to(fresh_venv), where
    # The catalogs ship with it: an installed ttt-maps speaks Russian.
    said = run(
        fresh_venv / "bin" / "python",
        "-c",
        "from ttt_maps.language import speaking, tr\nwith speaking('ru'): print(tr('draw'))",
        cwd=tmp_path,
    )
    assert said.strip() == "ничья"
    run(
        fresh_venv / "bin" / "ttt-maps",
        "render",
        "--player",
        "x",
        "-o",
        "x.pdf",
        "-q",
        cwd=tmp_path,
    )
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF-")
    # The comic's lettering comes from the installed package, embedded in the PDF.
    run(fresh_venv / "bin" / "ttt-maps", "render", "--player", "x", "--theme", "xkcd",
        "--title", "Ours", "-o", "xkcd.pdf", "-q", cwd=tmp_path)  # fmt: skip
    assert b"+HumorSans" in (tmp_path / "xkcd.pdf").read_bytes()
    # The main job, as the README shows it: both maps and the poster into output/,
    # the same SVGs as the checkout's committed ones.
    run(fresh_venv / "bin" / "ttt-maps", "render", "-q", cwd=tmp_path)
    made = sorted(p.name for p in (tmp_path / "output").iterdir())
    assert made == sorted(f"{n}.{f}" for n in ("x-map", "o-map", "poster") for f in ("svg", "pdf"))
    for name in ("x-map.svg", "o-map.svg", "poster.svg"):
        assert (tmp_path / "output" / name).read_bytes() == (ROOT / "output" / name).read_bytes()


def test_sdist_tests_run_from_the_unpacked_folder(
    dist: dict[str, Path], fresh_venv: Path, tmp_path: Path
) -> None:
    """A sample of the sdist's own suite (the whole runs the same way; see the README)."""
    with tarfile.open(dist["sdist"]) as sdist:
        sdist.extractall(tmp_path, filter="data")
    unpacked = tmp_path / NAME
    env = {k: v for k, v in CLEAN.items() if not k.startswith("PYTEST")}
    run(
        fresh_venv / "bin" / "python",
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "tests/test_board.py",
        "tests/test_cli.py",
        "tests/test_faults.py::test_dash_writes_standard_output",
        cwd=unpacked,
        env=env,
    )  # exit 0: everything collected passed


def other_pythons() -> Iterator[Path]:
    """Other CPython 3.11+ interpreters on this machine: on PATH, or pyenv's."""
    seen = {f"{sys.version_info.major}.{sys.version_info.minor}"}
    candidates = [shutil.which(f"python3.{minor}") for minor in range(11, 16)]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    if pyenv.is_dir():
        candidates += [str(p / "bin" / "python3") for p in sorted(pyenv.iterdir(), reverse=True)]
    for path in filter(None, candidates):
        if not os.access(path, os.X_OK):
            continue
        version = subprocess.run(
            [path, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        if version and version not in seen and tuple(map(int, version.split("."))) >= (3, 11):
            seen.add(version)
            yield Path(path)


def test_another_python_draws_the_same_bytes(dist: dict[str, Path], tmp_path: Path) -> None:
    """The wheel with its dependencies from the package index, on another interpreter."""
    python = next(other_pythons(), None)
    if python is None:
        pytest.skip("no second Python 3.11+ on this machine (python3.12, pyenv ...)")
    env_dir = tmp_path / "env"
    run(python, "-m", "venv", env_dir)
    run(env_dir / "bin" / "python", "-m", "pip", "install", "--quiet", dist["wheel"])
    for name in ("o.pdf", "o.svg"):
        run(env_dir / "bin" / "ttt-maps", "render", "--player", "o", "-o", tmp_path / name, "-q")
        here = [sys.executable, "-m", "ttt_maps", "render", "--player", "o", "-o"]
        run(*here, tmp_path / f"here-{name}", "-q", env={**CLEAN, "PYTHONPATH": str(ROOT)})
        assert (tmp_path / name).read_bytes() == (tmp_path / f"here-{name}").read_bytes()
