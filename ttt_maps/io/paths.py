"""File names as other programs read them, and two names for one file.

A name goes into a web page as a URL, where a space splits a ``srcset``, a
``#`` starts a fragment and ``javascript:`` is a scheme; ``url_of`` writes it
so that it can only mean the file. Two outputs of one run must be two files,
and names are not files: ``c.svg``, ``./c.svg``, a link to it and a hard link
are one file, which ``check_distinct`` refuses before any work is done.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import PurePath
from urllib.parse import quote as url_quote

from ttt_maps.errors import UsageError, quote


def url_of(path: str | os.PathLike[str]) -> str:
    """A URL that names exactly ``path``: every byte but letters, digits, ``-._~`` and
    ``/`` percent-encoded, and a relative one begun with ``./`` so no part reads as a
    scheme (``javascript:x.svg`` -> ``./javascript%3Ax.svg``)."""
    raw = os.fsencode(PurePath(path).as_posix())
    url = url_quote(raw, safe="/")
    if url.startswith("/") or url.startswith(("./", "../")):
        return url
    return "./" + url


def same_file(a: str, b: str) -> bool:
    """Do two output names (``-``: standard output) reach one file? Same device and
    inode, or the same path with every link resolved (for files not made yet)."""
    first, second = _identity(a), _identity(b)
    if (None, None) in (first, second):
        return False  # the bin (or a closed standard output)
    if a == b:
        return True
    if first[0] is not None and first[0] == second[0]:
        return True
    return first[1] is not None and first[1] == second[1]


def _identity(name: str) -> tuple[tuple[int, int] | None, str | None]:
    """A name's (device, inode) where it exists, and its fully resolved path."""
    try:
        info = os.fstat(1) if name == "-" else os.stat(name)
        node: tuple[int, int] | None = (info.st_dev, info.st_ino)
    except (OSError, ValueError):
        node = None
    if node is not None and os.path.exists(os.devnull) and node == _devnull():
        return None, None  # the bin takes any number of outputs
    real = None if name == "-" else os.path.realpath(name)
    return node, real


def _devnull() -> tuple[int, int]:
    info = os.stat(os.devnull)
    return info.st_dev, info.st_ino


def check_distinct(outputs: Sequence[tuple[str, str]]) -> None:
    """Refuse two outputs that are one file: ``outputs`` are (what names it, name) pairs,
    such as ``("--sheet", "./c.svg")``; the second of a pair is the one named."""
    for i, (later_label, later) in enumerate(outputs):
        for label, name in outputs[:i]:
            if same_file(name, later):
                raise UsageError(
                    f"{later_label} {quote(later)} is the same file as {label} {quote(name)}; "
                    "give each output its own name"
                )


def check_not_read(output: tuple[str, str], inputs: Sequence[tuple[str, str]]) -> None:
    """Refuse an output (what names it, name) that is one of the files the run reads."""
    label, name = output
    for what, path in inputs:
        if name != "-" and same_file(path, name):
            raise UsageError(
                f"{label} {quote(name)} is the file {what} reads; writing it would destroy it"
            )
