"""The body of ``ttt-maps table``: the minimal strategy table as a list, JSON or a cheat sheet."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import STANDARD, Geometry

if TYPE_CHECKING:
    from ttt_maps.strategies.table.entries import Table

#: What ``table`` writes: the cheat sheet's formats, and the table as JSON.
TABLE_FORMATS = ("svg", "pdf", "png", "json")
#: The page of a PDF or PNG cheat sheet when no --size is given.
DEFAULT_PAGE = "A4"


def table_command(
    *,
    player: str,
    geometry: Geometry = STANDARD,
    output: str | None = None,
    fmt: str | None = None,
    as_json: bool = False,
    prover: str = "auto",
    size: str | None = None,
    width: int | None = None,
    dpi: float | None = None,
    margin: float | None = None,
    text_as_paths: bool = False,
    theme: str = "light",
    title: str | None = None,
    echo: Callable[[str], None] = print,
) -> None:
    """Find and prove the table, then print it, print its JSON, or write a file."""
    from ttt_maps.backends import Output
    from ttt_maps.draw.themes import get_theme
    from ttt_maps.game.board import parse_mark
    from ttt_maps.io.files import check_target, write_atomic
    from ttt_maps.strategies.table.exact import PROVERS, minimal_table

    mark = parse_mark(player)
    if prover.strip().lower() not in PROVERS:
        raise UsageError(f"--prover {prover!r}: choose {' or '.join(PROVERS)}")
    if as_json and output is not None:
        raise UsageError("--json prints the table; -o writes a file: give one (-o FILE.json)")
    if fmt is not None and output is None:
        raise UsageError(f"--format {fmt}: give -o FILE to say where the table goes")
    chosen = _format(output, fmt) if output is not None else ("json" if as_json else None)
    page = size if size is not None or chosen not in ("pdf", "png") else DEFAULT_PAGE
    out = Output(page, width, dpi, margin, None, text_as_paths).checked([chosen or "json"])
    palette = get_theme(theme)
    if output is not None and output != "-":
        check_target(output)  # fail before the work, not after
    started = time.process_time()
    table = minimal_table(mark, geometry, prover=prover)
    seconds = time.process_time() - started
    if as_json:
        echo(table.to_json().rstrip("\n"))
        return
    if output is None:
        _print_table(table, seconds, echo)
        return
    if chosen == "json":
        data: bytes | str = table.to_json()
    else:
        from ttt_maps.draw.cheatsheet import sheet_scene

        data = out.draw(sheet_scene(table, palette, title), str(chosen))
    write_atomic(output, data)
    if output != "-":
        echo(f"{output}: {_summary(table, seconds)}")


def _format(output: str, fmt: str | None) -> str:
    """The format of ``-o``: ``--format``, or the file's suffix."""
    from pathlib import PurePath

    if fmt is not None:
        chosen = fmt.strip().lower()
        what = f"--format {fmt}"
    else:
        chosen = PurePath(output).suffix.lower().lstrip(".")
        what = f"output {output!r}"
        if output == "-":
            raise UsageError("-o - writes to standard output: choose the format with --format")
    if chosen not in TABLE_FORMATS:
        raise UsageError(f"{what}: table writes {', '.join(TABLE_FORMATS)}")
    return chosen


def _summary(table: Table, seconds: float) -> str:
    size = table.size
    text = f"{size} position{'s' * (size != 1)} for {table.player.upper()}"
    if table.minimal:
        how = "exact search" if table.prover == "search" else "CP-SAT"
        text += f", proven minimal by {how} in {seconds:.2f} s of CPU ({table.steps:,} steps)"
    return text


def _print_table(table: Table, seconds: float, echo: Callable[[str], None]) -> None:
    """The table on the terminal: each move's boards, then how it was proven."""
    from ttt_maps.draw.cheatsheet import ordinal

    who = table.player.upper()
    for plies, entries in table.by_plies():
        echo(f"{who}'s {ordinal(plies // 2 + 1)} move:")
        for entry in entries:
            echo(f"  {entry.board}  {entry.cell}")
    echo(f"{_summary(table, seconds)}; any rotation or reflection of a board counts as the board")
