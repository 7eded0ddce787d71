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

import hashlib
import os
import re
import stat
import sys
from functools import cache
from importlib.resources import files
from pathlib import Path

from ttt_maps._version import __version__
from ttt_maps.errors import UsageError, shown
from ttt_maps.io.files import write_atomic

#: The filter's file name, in the package and where it is written, and the engine
#: module for pandoc-ext/diagram (``package: ttt-map-engine``).
FILTER, ENGINE = "ttt-map.lua", "ttt-map-engine.lua"
#: The Quarto extension's name: ``filters: [ttt-maps]`` in a document's front matter.
EXTENSION = "ttt-maps"
#: The first line of every file ``install`` writes says who wrote it (for a reader: what
#: ``install`` replaces is decided by the whole text, ``WRITTEN``).
MARK = "ttt-maps:"
#: The sha256 of every text ``install`` has written, in every version of ttt-maps, as
#: ``_plain`` reads it (the remembered Python as ``nil``, the manifest without its
#: version): a file is replaced only when its text is one of them, so an upgrade
#: replaces what an older ttt-maps wrote and keeps what a person changed. A change to a
#: shipped file adds its digest here (the tests say which is missing).
WRITTEN = frozenset(
    {
        # ttt-map.lua
        "ae9dd317c2926d878bf52e1cad8ceccaa31ddda16883bc52dd7409f110d8823c",
        "aa63f43a81b2afff638382511af0cf734231f8e050a7753651f821cf62065a62",
        "94a2db5b44278f6a2558e179e18fceb2291ac830e55b50fd7e9c054cf2841941",
        "ea9aa53fd1bd2c082744b368585a742b4d32cd9cd695e49f2e3c856274aeaa7f",
        "6783e37218b5301de826252e7e3dedf433d3860f82a794eb76f6dcb3a625a1f9",
        # ttt-map-engine.lua
        "ba3e4a825fadf563cb28648710efa02de7ecba23797a2676977af5b11a78dcaa",
        "0add6d48c9f28f72ee7580942134e0bc0596afdefa50d488f9d30ba128742d7e",
        "6668522288d940d1831e1ef8ccd419cf9508b2884fdc88ef3c1f2f8198f06b14",
        # _extension.yml
        "be46f898689f5fc11345385d0b38a8bd5b1b25cfa933c32bdfc884410fa5af63",
    }
)
#: The line of a written filter that remembers its Python, and a manifest's version.
_PYTHON_LINE = re.compile(r'^local WRITTEN_BY = (?:nil|"(?:[^"\\\n]|\\.)*")', re.M)
_VERSION_LINE = re.compile(r"^version: \S*$", re.M)
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
    return source.replace(line, f"local WRITTEN_BY = {lua_string(python)}", 1)


def lua_string(text: str) -> str:
    """``text`` as a Lua string literal that any Lua reads back byte for byte: printable
    ASCII as it is, every other byte (UTF-8 of an accented folder, a control character,
    a file name's undecodable byte) as ``\\ddd``."""
    data = os.fsencode(text)
    body = "".join(chr(b) if 32 <= b < 127 and b not in b'"\\' else f"\\{b:03d}" for b in data)
    return f'"{body}"'


def manifest() -> str:
    """The Quarto extension's ``_extension.yml``: what it is and the filter it contributes."""
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
    lua = filter_text(python)
    if kind == "pandoc":
        return {folder / FILTER: lua, folder / ENGINE: filter_text(python, ENGINE)}
    home = folder / "_extensions" / EXTENSION
    return {home / "_extension.yml": manifest(), home / FILTER: lua}


def _plain(text: str) -> str:
    """A written file's text as ``WRITTEN`` holds it: whatever Python it remembers read as
    ``nil``, the manifest's version left out."""
    return _VERSION_LINE.sub("version:", _PYTHON_LINE.sub("local WRITTEN_BY = nil", text, 1), 1)


def digest(text: str) -> str:
    """The sha256 of a written file's text as ``WRITTEN`` holds it."""
    return hashlib.sha256(_plain(text).encode("utf-8")).hexdigest()


def _ours(path: Path) -> bool:
    """Whether a regular file's text is exactly one that ``install`` wrote, in this
    version of ttt-maps or an earlier one (an edited copy is not)."""
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    return digest(text) in WRITTEN


def _kind_there(path: Path) -> str | None:
    """What stands at ``path``, itself (a link is not followed): ``file``, ``folder``,
    something else (a link, a pipe, a device), or ``None`` when nothing does."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return None
    if stat.S_ISREG(mode):
        return "file"
    return "folder" if stat.S_ISDIR(mode) else "other"


def install(
    kind: str, folder: str | Path = ".", *, python: str | None = None, force: bool = False
) -> list[Path]:
    """Write the filter and the diagram engine (``pandoc``) or the Quarto extension
    (``quarto``) into ``folder``.

    ``python`` is the interpreter the filter runs (this one by default). A
    file there already is replaced only if its text is one ``install`` wrote
    (``WRITTEN``), or with ``force``; a link is never written through, nor a
    folder made through one; nothing is written unless every file can be. Returns the files
    written (one the same already is left alone and not listed).
    """
    root = Path(folder)
    if not root.is_dir():
        raise UsageError(f"{shown(str(folder))}: no such folder")
    plan = planned(kind, root, python or sys.executable)
    for path in plan:
        folders = [root / place for place in reversed(path.relative_to(root).parents[:-1])]
        for there in (*folders, path):
            want = "file" if there == path else "folder"
            found = _kind_there(there)
            if found not in (None, want):  # a link, a pipe, a device: never read or written
                raise UsageError(f"{shown(str(there))}: is not a plain {want}; move it away first")
        if _kind_there(path) == "file" and not force and not _ours(path):
            raise UsageError(
                f"{shown(str(path))}: exists and is not as ttt-maps wrote it (changed, or "
                "another's); kept: use --force to replace it"
            )
    written = []
    for path, text in plan.items():
        if _kind_there(path) == "file" and path.read_bytes() == text.encode("utf-8"):
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text, derived_from="the filter's own name")
        written.append(path)
    return written
