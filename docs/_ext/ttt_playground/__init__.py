"""The playground page: ttt-maps drawing in the reader's browser, laid out by the docs build.

A plain ``sphinx-build`` of docs/ makes it whole: this extension builds the
package's wheel from the checkout, fetches Pyodide from npm (once: it is kept in
a cache folder outside the repository), makes Python's memory snapshot in Node
(``snapshot.mjs``: Pyodide started with the wheel installed, every module the
page's jobs import imported, the page's first map drawn once), and copies them,
with the page's script and its worker, into ``_playground/`` of the site. The
page then needs nothing but the site: Pyodide's files, the snapshot and our
wheel are served with it, and the wheel installs without its dependencies (the
drawing path imports none of them). The worker starts Python from the snapshot,
and installs the wheel's files or the whole standard library only when a job
asks for what the snapshot does not hold.

The ``{ttt-playground}`` directive puts the page's frame where it stands; the
form inside it is made at run time from what Python describes
(``ttt_maps.integrations.playground``).

Environment: ``TTT_MAPS_DOCS_CACHE`` (default ``$XDG_CACHE_HOME/ttt-maps-docs``,
else ``~/.cache/ttt-maps-docs``) is where Pyodide, the wheel and the snapshot are
kept.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent
#: The Pyodide release the page runs (npm package ``pyodide``; Python 3.14).
PYODIDE = "314.0.7"
#: What the page loads of it: the module, the interpreter and its JavaScript, the
#: standard library, and the list of packages (which the page never asks for).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: Whose files these are, and under what licences, served beside them.
NOTICE = f"""Pyodide {PYODIDE}, from the npm package pyodide@{PYODIDE}: CPython compiled to
WebAssembly, with its standard library, by the Pyodide contributors.

Pyodide is under the Mozilla Public License 2.0 (MPL-2.0); its source form is at
https://github.com/pyodide/pyodide (tag {PYODIDE}). The Python standard library in
python_stdlib.zip is under the Python Software Foundation License.
These files are served unchanged with the ttt-maps documentation.
"""
#: The page's own files, beside this module (``frame.html`` is the directive's HTML).
ASSETS = ("start.js", "page.js", "worker.js", "page.css")
#: What the snapshot's Python runs (``snapshot.mjs``), as the page asks for it: the
#: ``imports`` jobs once, to learn every module the page's jobs import (each of the
#: page's jobs, in each kind of drawing); the ``runs`` jobs in the Python whose memory
#: is kept (the page's own address: its first map). Small maps: what a job imports is
#: the same at depth 1, and a drawn map's tables would only fill the snapshot.
WARM_UP = {
    "imports": [
        ["map", ""],
        ["map", "player=o&depth=1&theme=dark&fold=1&outcomes=1&alternatives=1&explain=1"],
        ["map", "player=both&depth=1&theme=xkcd&rules=misere&lang=fr"],
        ["map", "depth=1&theme=print&lang=ru&start=x........"],
        ["map", "board=4x4k3&depth=1"],
        ["map", "board=3x4k3&depth=1&player=o&rules=misere"],
        ["svg", "depth=1"],
        ["gamebook", "player=o&depth=1"],
        ["compare", "player=o&compare=yorgey&depth=1"],
        ["check", "depth=two"],
    ],
    "runs": [["map", ""]],
}
#: What the snapshot adds to the site, beside the page's files.
SNAPSHOT_FILES = ("python.snapshot", "stdlib-empty.zip", "options.json", "first-map.json")
#: Where the site serves it all.
FOLDER = "_playground"
#: What goes into the wheel: the package and what its metadata reads.
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "ttt_maps")
#: The builders that make a site a browser can run the page in.
SITES = ("html", "dirhtml")


def say(line: str) -> None:
    """Tell the person waiting what takes long, on stderr: a plain line, so that it shows
    under ``sphinx-build -q`` (which hides Sphinx's own status lines) and is no warning
    (which ``-W`` would make an error)."""
    print(line, file=sys.stderr, flush=True)


def cache_folder() -> Path:
    """Where Pyodide and built wheels are kept between builds (never in the checkout)."""
    given = os.environ.get("TTT_MAPS_DOCS_CACHE")
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "ttt-maps-docs"


def pyodide_folder() -> Path:
    """Pyodide's files, fetched from npm the first time (``npm pack``: the package's
    tarball, no ``node_modules``), then from the cache folder."""
    folder = cache_folder() / f"pyodide-{PYODIDE}"
    if all((folder / name).is_file() for name in PYODIDE_FILES):
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise ExtensionError(
            f"the playground page needs Pyodide {PYODIDE} from npm, and npm is not installed "
            "(apt-get install npm, or put Pyodide's files in "
            f"{folder})"
        )
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent, prefix=".pyodide-") as work:
        say(
            f"fetching Pyodide {PYODIDE} from npm for the playground page (once; it is kept "
            f"in {folder.parent}) ..."
        )
        packed = subprocess.run(
            [npm, "pack", f"pyodide@{PYODIDE}", "--pack-destination", work, "--silent"],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        names = packed.stdout.split()
        if packed.returncode != 0 or not names:
            problem = (packed.stderr.strip() or packed.stdout.strip()).splitlines()[-1:]
            raise ExtensionError(
                f"npm could not fetch pyodide@{PYODIDE} for the playground page: "
                f"{' '.join(problem) or f'exit {packed.returncode}'}"
            )
        unpacked = Path(work) / "files"
        unpacked.mkdir()
        with tarfile.open(Path(work) / names[-1]) as tar:
            for name in PYODIDE_FILES:
                member = tar.getmember(f"package/{name}")
                source = tar.extractfile(member)
                assert source is not None
                (unpacked / name).write_bytes(source.read())
        if folder.exists():
            shutil.rmtree(folder)
        unpacked.rename(folder)
    return folder


def source_digest() -> str:
    """A digest of what goes into the wheel: the same sources, the same wheel."""
    digest = hashlib.sha256()
    for top in SOURCES:
        path = ROOT / top
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for f in files:
            if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".pyc":
                digest.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes())
    return digest.hexdigest()[:16]


def wheel() -> Path:
    """The package's wheel, built from a copy of the checkout with ``python -m build``
    (the checkout gets no build folders), kept by the digest of its sources."""
    folder = cache_folder() / "wheels" / source_digest()
    found = sorted(folder.glob("ttt_maps-*.whl"))
    if found:
        return found[-1]
    with tempfile.TemporaryDirectory(prefix="ttt-maps-wheel-") as work:
        source = Path(work) / "src"
        source.mkdir()
        for top in SOURCES:
            path = ROOT / top
            if path.is_dir():
                shutil.copytree(path, source / top, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(path, source / top)
        out = Path(work) / "dist"
        say("building the ttt-maps wheel for the playground page ...")
        built = subprocess.run(
            [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(source)],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        wheels = sorted(out.glob("ttt_maps-*.whl"))
        if built.returncode != 0 or not wheels:
            said = (built.stderr.strip() or built.stdout.strip()).splitlines()[-3:]
            raise ExtensionError(
                "could not build the ttt-maps wheel for the playground page "
                f"(python -m build --wheel; pip install build): {' | '.join(said)}"
            )
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / wheels[-1].name
        shutil.copy2(wheels[-1], target)
    return target


def snapshot(pyodide: Path, built: Path) -> Path:
    """The folder of Python's memory snapshot (``SNAPSHOT_FILES``), made by
    ``snapshot.mjs`` in Node from Pyodide and the wheel, and kept by the digest of what
    makes it."""
    script = HERE / "snapshot.mjs"
    digest = hashlib.sha256()
    for part in (PYODIDE.encode(), built.read_bytes(), script.read_bytes(), json.dumps(WARM_UP)):
        digest.update(part if isinstance(part, bytes) else part.encode())
    folder = cache_folder() / "snapshots" / digest.hexdigest()[:16]
    if all((folder / name).is_file() for name in SNAPSHOT_FILES):
        return folder
    node = shutil.which("node")
    if node is None:
        raise ExtensionError(
            "the playground page's snapshot is made with Node, and node is not installed "
            "(apt-get install nodejs)"
        )
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent, prefix=".snapshot-") as work:
        made_here = Path(work) / "snapshot"
        made_here.mkdir()
        say("making the playground's Python snapshot (Node) ...")
        made = subprocess.run(
            [node, str(script), str(pyodide), str(built), str(made_here), json.dumps(WARM_UP)],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if made.returncode != 0 or not (made_here / SNAPSHOT_FILES[0]).is_file():
            # Python's own error, not Node's trace nor the minified line it quotes.
            said = [
                line.strip()
                for line in made.stderr.splitlines()
                if line.strip() and len(line) < 400 and not line.lstrip().startswith("at ")
            ][-3:]
            raise ExtensionError(
                f"could not make the playground's snapshot (node snapshot.mjs): {' | '.join(said)}"
            )
        if folder.exists():
            shutil.rmtree(folder)
        made_here.rename(folder)
    return folder


class PlaygroundDirective(SphinxDirective):
    """``{ttt-playground}``: the page's frame; its script fills it."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        builder = self.env.app.builder
        here = builder.get_target_uri(self.env.docname)
        base = relative_uri(here, f"{FOLDER}/")
        frame = HERE / "frame.html"
        self.env.note_dependency(str(frame))  # a changed frame reads the page again
        html = frame.read_text(encoding="utf-8").replace("{base}", base)
        return [nodes.raw("", html, format="html")]


def prepare(app: Sphinx) -> None:
    """Fetch Pyodide and build the wheel before any page is read: a problem stops the
    build at once, saying what is missing."""
    if app.builder.name not in SITES:
        return
    pyodide, built = pyodide_folder(), wheel()
    app.ttt_playground = (pyodide, built, snapshot(pyodide, built))  # type: ignore[attr-defined]


def lay_out(app: Sphinx, exception: Exception | None) -> None:
    """Copy Pyodide, the wheel and the page's files into the site's ``_playground``."""
    found = getattr(app, "ttt_playground", None)
    if exception is not None or found is None:
        return
    pyodide, built, snapshot_folder = found
    out = Path(app.outdir) / FOLDER
    (out / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        _copy(pyodide / name, out / "pyodide" / name)
    notice = out / "pyodide" / "NOTICE.txt"
    if not notice.is_file() or notice.read_text(encoding="utf-8") != NOTICE:
        notice.write_text(NOTICE, encoding="utf-8")
    _copy(built, out / "ttt_maps.whl")
    for name in ASSETS:
        _copy(HERE / name, out / name)
    for name in SNAPSHOT_FILES:
        _copy(snapshot_folder / name, out / name)


def _copy(source: Path, target: Path) -> None:
    """Copy a file unless the same bytes are there already."""
    same_size = target.is_file() and target.stat().st_size == source.stat().st_size
    if same_size and target.read_bytes() == source.read_bytes():
        return
    shutil.copyfile(source, target)


def start_early(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """A page with the playground loads ``start.js`` from its head (async): Python starts
    while the rest of the page loads."""
    if app.builder.name in SITES and 'id="ttt-playground"' in context.get("body", ""):
        # Not add_js_file: its files are in _static/. The head's metatags come early.
        src = context["pathto"](f"{FOLDER}/start.js", 1)
        context["metatags"] = (
            context.get("metatags", "") + f'\n<script type="module" async src="{src}"></script>'
        )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("ttt-playground", PlaygroundDirective)
    app.connect("html-page-context", start_early)
    app.connect("builder-inited", prepare)
    app.connect("build-finished", lay_out)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
