"""``ttt-maps cache info|clear``: the solved bounds kept for bigger boards (its words
for users say "solved positions", as its help does)."""

from __future__ import annotations

from collections.abc import Callable

import typer

from ttt_maps.api import cache_info, clear_cache
from ttt_maps.cli.options import Args, command
from ttt_maps.errors import UsageError, shown

#: What ``info`` says of each kind of file (``cache.CacheFile.state``).
_SAID = {
    "other version": "a file of another ttt-maps version: rebuilt when needed; "
    "cache clear removes it",
    "damaged": "fails its check (damaged, or not written by ttt-maps for this user): "
    "never read, rebuilt when needed; cache clear removes it",
    "no key": "not read: the key that signs the files is gone; the next file kept replaces it",
    "bad key": "not read: the key that signs the files cannot be used",
    "temporary": "left by a run stopped while writing a file: cache clear removes it",
    "foreign": "not a ttt-maps file of solved positions: ignored, and cache clear leaves it",
    "empty": "an empty file: the next file kept replaces it; cache clear leaves it",
    "link": "a symbolic link: never followed, and cache clear leaves it",
    "pipe": "a pipe, not a file of solved positions: ignored, and cache clear leaves it",
    "folder": "a folder, not a file of solved positions: ignored, and cache clear leaves it",
    "device": "a device, not a file of solved positions: ignored, and cache clear leaves it",
    "unreadable": "cannot be read: ignored, and cache clear leaves it",
}


def run(args: Args) -> None:
    """The solved positions kept for bigger boards (in the user's cache folder)."""
    cache_command(args["action"], typer.echo)


cache = command("cache", run)


def cache_command(action: str, echo: Callable[[str], None]) -> None:
    """``info`` lists the cache folder's files, ``clear`` removes the bounds files."""

    name = action.strip().lower()
    if name not in ("info", "clear"):
        raise UsageError(f"cache {shown(action)}: choose info or clear")
    info = cache_info()
    where = shown(str(info.folder))
    if name == "clear":
        removed, left = clear_cache()
        line = f"removed {_files(len(removed))} from {where}"
        if left:
            line += f"; left {_files(len(left))} that ttt-maps did not write"
        echo(line)
        return
    state = ""
    if not info.is_folder:
        state = " (not a folder: nothing is kept)" if info.made else " (not made yet)"
    echo(f"cache folder: {where}{state}")
    if info.key_problem is not None:
        echo(f"{shown(info.key_problem)}: solved positions are neither read nor kept")
    elif info.key_file is not None:
        echo(f"key that signs the files: {shown(str(info.key_file))}")
    listed = info.files
    if not listed:
        echo("no solved positions kept (boards of up to 12 cells are solved in milliseconds)")
        return
    total = 0
    for entry in listed:
        total += entry.size
        what = f"{entry.entries:,} positions" if entry.entries is not None else _SAID[entry.state]
        if entry.geometry != "?" and entry.state not in info.ours | {"empty"}:
            what += f"; no {entry.geometry} positions are kept while it is there"
        echo(f"{shown(entry.name)}  {entry.geometry}  {_size(entry.size)}  {what}")
    echo(f"{_files(len(listed))}, {_size(total)}")


def _files(n: int) -> str:
    return f"{n} file{'s' * (n != 1)}"


def _size(n: int) -> str:
    if n < 1_000_000:
        return f"{n / 1000:.1f} kB"
    return f"{n / 1_000_000:.1f} MB"
