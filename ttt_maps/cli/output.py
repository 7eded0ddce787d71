"""What the commands print and write: rich tables and boards on stdout, JSON, files.

Shared by the command bodies (``render``, ``solve``, ``check``, ``play``, ...),
so none of them imports the command line's declarations.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from ttt_maps.errors import shown

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from ttt_maps.api import Board


def console() -> Console:
    """A rich console on stdout (no colour or wrapping games when piped)."""
    from rich.console import Console

    from ttt_maps.cli.streams import rich_reports_broken_pipes

    rich_reports_broken_pipes()
    out = Console(highlight=False, soft_wrap=False, emoji=False)  # ":x:" is text, too
    out.width = max(out.width, 1)  # COLUMNS=0 would print nothing at all
    return out


def show_table(out: Console, table: Table) -> None:
    """``table`` drawn when it fits the width with its cells wrapped between words, else
    (a word would be cut short: ``dr…``) in a plain form that loses nothing: the title,
    then one line per row of ``column: value`` pairs."""
    from rich.measure import Measurement
    from rich.text import Text

    if Measurement.get(out, out.options.update_width(1 << 16), table).minimum <= out.width:
        out.print(table)
        return
    if table.title:
        out.print(_plain(table.title), markup=False)
    headers = [_plain(c.header) for c in table.columns]
    cells = [[_plain(cell) for cell in column.cells] for column in table.columns]
    for row in zip(*cells, strict=True):
        pairs = [f"{h}: {v}" if h else v for h, v in zip(headers, row, strict=True) if v]
        out.print(Text("; ".join(pairs)), soft_wrap=True)


def _plain(cell: object) -> str:
    """A table cell's text: a ``Text`` as it is, a string read as the markup it is."""
    from rich.text import Text

    if isinstance(cell, Text):
        return cell.plain
    return Text.from_markup(str(cell)).plain


def print_json(doc: Any) -> None:
    """Machine-readable output: indented JSON, stable key order."""
    import json

    sys.stdout.write(json.dumps(doc, indent=2) + "\n")


def write_output(path: str, data: bytes | str) -> None:
    """Write a file atomically; bad paths are usage errors."""
    from ttt_maps.io.files import write_atomic

    write_atomic(path, data)


def written_line(path: object, size: int) -> str:
    """What a command prints for a file it wrote: ``output/x-map.svg  49.1 kB``."""
    return f"{shown(path)}  {human_size(size)}"


def human_size(n: int) -> str:
    """A file size for people: bytes, kB or MB (powers of 1000, as file managers show)."""
    if n < 1000:
        return f"{n} B"
    if n < 1_000_000:
        return f"{n / 1000:.1f} kB"
    return f"{n / 1_000_000:.2f} MB"


def board_grid(board: Board) -> str:
    """The board as rows of marks; empty cells show their (dim) cell number."""
    g = board.geometry
    width = len(str(g.size - 1))
    rows = []
    for r in range(g.rows):
        cells = []
        for c in range(g.cols):
            cell = r * g.cols + c
            mark = board.mark_at(cell)
            if mark:
                cells.append(f"[bold]{mark.rjust(width)}[/bold]")
            else:
                cells.append(f"[dim]{str(cell).rjust(width)}[/dim]")
        rows.append(" " + " │ ".join(cells))
    rule = "\n" + "┼".join(["─" * (width + 2)] * g.cols) + "\n"
    return rule.join(rows)
