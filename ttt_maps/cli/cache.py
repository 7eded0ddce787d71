"""The body of ``ttt-maps cache info|clear``: the solved tables kept for bigger boards."""

from __future__ import annotations

from collections.abc import Callable

from ttt_maps.errors import UsageError


def cache_command(action: str, echo: Callable[[str], None]) -> None:
    """``info`` lists the cache folder's tables, ``clear`` removes them."""
    from ttt_maps.solve import cache

    name = action.strip().lower()
    if name not in ("info", "clear"):
        raise UsageError(f"cache {action!r}: choose info or clear")
    where = cache.folder()
    if name == "clear":
        removed = cache.clear()
        echo(f"removed {len(removed)} file{'s' * (len(removed) != 1)} from {where}")
        return
    echo(f"cache folder: {where}" + ("" if where.is_dir() else " (not made yet)"))
    tables = cache.files()
    if not tables:
        echo("no solved tables kept (boards of up to 12 cells are solved in milliseconds)")
        return
    total = 0
    for entry in tables:
        total += entry.size
        what = (
            f"{entry.entries:,} positions"
            if entry.entries is not None
            else "not readable by this version: rebuilt when needed"
        )
        echo(f"{entry.path.name}  {entry.geometry}  {_size(entry.size)}  {what}")
    echo(f"{len(tables)} file{'s' * (len(tables) != 1)}, {_size(total)}")


def _size(n: int) -> str:
    if n < 1_000_000:
        return f"{n / 1000:.1f} kB"
    return f"{n / 1_000_000:.1f} MB"
