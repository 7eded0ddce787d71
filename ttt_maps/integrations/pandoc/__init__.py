"""Maps in pandoc, Quarto and R Markdown documents: a Lua filter for the ``ttt-map`` fence.

The filter (``ttt-map.lua``, shipped with the package) hands each block to
``python -m ttt_maps.integrations.pandoc`` and puts the map in its place.
Pandoc and Quarto install filters from a repository, which a pip user does
not have, so ``ttt-maps docs pandoc`` and ``ttt-maps docs quarto`` write them
into the user's project (``install``): the filter alone, or a Quarto
extension folder ``_extensions/ttt-maps/`` whose ``_extension.yml``
contributes it (``filters: [ttt-maps]`` in a document's front matter turns it
on). ``ttt-map-engine.lua`` is the same drawing as an engine for the
pandoc-ext/diagram filter. The written filter remembers the Python that wrote it, so a build finds
ttt-maps even when that Python is not first on the PATH.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from importlib.resources import files
from pathlib import Path

from ttt_maps.errors import UsageError

#: The filter's file name, in the package and where it is written, and the engine
#: module for pandoc-ext/diagram (``package: ttt-map-engine``).
FILTER, ENGINE = "ttt-map.lua", "ttt-map-engine.lua"
#: The Quarto extension's name: ``filters: [ttt-maps]`` in a document's front matter.
EXTENSION = "ttt-maps"
#: The first line of every file ``install`` writes: a file without it is someone else's.
MARK = "ttt-maps:"
#: Where ``install`` writes, by kind, inside the project folder.
KINDS = ("pandoc", "quarto")


@cache
def filter_source(name: str = FILTER) -> str:
    """The Lua filter (or the diagram engine, ``ENGINE``) as shipped."""
    return files(__name__).joinpath(name).read_text(encoding="utf-8")


def filter_text(python: str | None = None, name: str = FILTER) -> str:
    """The Lua filter (or engine), remembering ``python`` as the interpreter with ttt-maps."""
    source = filter_source(name)
    if python is None:
        return source
    line = "local WRITTEN_BY = nil"
    if line not in source:  # the shipped filter always has it; a guard against a bad edit
        raise AssertionError(f"{name} has no WRITTEN_BY line")
    return source.replace(line, f"local WRITTEN_BY = {json.dumps(python)}", 1)


def manifest() -> str:
    """The Quarto extension's ``_extension.yml``: what it is and the filter it contributes."""
    from ttt_maps._version import __version__

    return (
        f"# {MARK} the Quarto extension, written by `ttt-maps docs quarto`\n"
        "title: ttt-maps\n"
        "author: ttt-maps developers\n"
        f"version: {__version__}\n"
        'quarto-required: ">=1.3.0"\n'
        "contributes:\n"
        "  filters:\n"
        f"    - {FILTER}\n"
    )


def planned(kind: str, folder: Path, python: str | None) -> dict[Path, str]:
    """The files ``install`` writes for ``kind`` (``pandoc`` or ``quarto``) and their text."""
    if kind not in KINDS:
        raise UsageError(f"{kind!r}: ttt-maps writes a filter for pandoc or quarto")
    lua = filter_text(python)
    if kind == "pandoc":
        return {folder / FILTER: lua, folder / ENGINE: filter_text(python, ENGINE)}
    home = folder / "_extensions" / EXTENSION
    return {home / "_extension.yml": manifest(), home / FILTER: lua}


def _ours(path: Path) -> bool:
    """Whether a file was written by ``install`` (its first line has the mark)."""
    try:
        with path.open(encoding="utf-8") as f:
            return MARK in f.readline()
    except (OSError, UnicodeDecodeError):
        return False


def install(
    kind: str, folder: str | Path = ".", *, python: str | None = None, force: bool = False
) -> list[Path]:
    """Write the filter and the diagram engine (``pandoc``) or the Quarto extension
    (``quarto``) into ``folder``.

    ``python`` is the interpreter the filter runs (this one by default). A
    file there already is replaced only if ``install`` wrote it, or with
    ``force``; nothing is written unless every file can be. Returns the files
    written (one the same already is left alone and not listed).
    """
    from ttt_maps.io.files import write_atomic

    root = Path(folder)
    if not root.is_dir():
        raise UsageError(f"{folder}: no such folder")
    plan = planned(kind, root, python or sys.executable)
    for path in plan:
        if path.exists() and not path.is_file():
            raise UsageError(f"{path}: is not a plain file; move it away first")
        if path.exists() and not force and not _ours(path):
            raise UsageError(f"{path}: exists and was not written by ttt-maps; use --force")
    written = []
    for path, text in plan.items():
        if path.exists() and path.read_text(encoding="utf-8", errors="replace") == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text)
        written.append(path)
    return written
