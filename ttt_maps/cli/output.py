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

    from ttt_maps.api import Board


def console() -> Console:
    """A rich console on stdout (no colour or wrapping games when piped)."""
    from rich.console import Console

    from ttt_maps.cli.streams import rich_reports_broken_pipes

    rich_reports_broken_pipes()
    return Console(highlight=False, soft_wrap=False)


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
