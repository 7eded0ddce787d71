"""What the commands print and write: rich tables and boards on stdout, JSON, files.

Shared by the command bodies (``render``, ``solve``, ``check``, ``play``, ...),
so none of them imports the command line's declarations.
"""

from __future__ import annotations

import json
import re
import sys
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Console
from rich.measure import Measurement
from rich.text import Text

from ttt_maps.cli.streams import rich_reports_broken_pipes
from ttt_maps.errors import shown
from ttt_maps.io.files import write_atomic

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from ttt_maps.api import Position


#: Below this many columns, text is not wrapped at all: pieces of a line that narrow
#: read worse than the line whole (which the terminal wraps itself).
NARROWEST = 20


def console() -> Console:
    """A rich console on stdout (no colour or wrapping games when piped). Text wraps
    between words; a line with a word wider than the console, or any line on a console
    narrower than ``NARROWEST``, is printed whole rather than cut inside a word."""

    def _plain(o: str | Text, markup: bool) -> str:
        """The words as printed: markup read, ``:x:`` left as text (no emoji), as the
        console prints them."""
        if isinstance(o, Text):
            return o.plain
        return Text.from_markup(o, emoji=False).plain if markup else o

    class WordConsole(Console):
        def print(self, *objects: Any, **options: Any) -> None:
            if options.get("soft_wrap") is None and self.width >= NARROWEST:
                markup = options.get("markup") is not False
                texts = [_plain(o, markup) for o in objects if isinstance(o, (str, Text))]
                words = (w for text in texts for w in BREAKS.split(text))
                if any(cell_len(w) > self.width for w in words):
                    options["soft_wrap"] = True
                elif any(c in NO_BREAK for text in texts for c in text):
                    objects = tuple(self._held(o, markup) for o in objects)
                    options["soft_wrap"] = True
            elif options.get("soft_wrap") is None:
                options["soft_wrap"] = True
            super().print(*objects, **options)

        def _held(self, o: object, markup: bool) -> object:
            """``o`` wrapped here between words, where rich would also break at a no-break
            space (a French line would start with ``: 2 2 est le centre``)."""
            if not isinstance(o, (str, Text)):
                return o
            if isinstance(o, str):
                o = Text.from_markup(o, emoji=False) if markup else Text(o)
            lines = o.split("\n", allow_blank=True)
            return Text("\n").join(wrapped(line, self.width) for line in lines)

    rich_reports_broken_pipes()
    out = WordConsole(highlight=False, soft_wrap=False, emoji=False)  # ":x:" is text, too
    out.width = max(out.width, 1)  # COLUMNS=0 would print nothing at all
    return out


#: The spaces a line never breaks at: no-break (French sets one before ``:`` and inside
#: ``« »``), narrow no-break (before ``;`` ``!`` ``?``, between a number's thousands),
#: figure space, word joiner.
NO_BREAK = "\u00a0\u202f\u2007\u2060"
BREAKS = re.compile(f"[^\\S{NO_BREAK}]+")


def wrapped(line: Text, width: int) -> Text:
    """``line`` broken at its plain spaces only, each piece at most ``width`` cells
    where its words allow (a word is everything between two plain spaces)."""
    plain, breaks, begin = line.plain, [], 0
    for word in re.finditer(r"[^ ]+", plain):
        if word.start() > begin and cell_len(plain[begin : word.end()].rstrip(" ")) > width:
            breaks.append(word.start())
            begin = word.start()
    pieces = line.divide(breaks)
    for piece in pieces:
        piece.rstrip()
    return Text("\n").join(pieces)


def show_table(out: Console, table: Table) -> None:
    """``table`` drawn when it fits the width with its cells wrapped between words, else
    (a word would be cut short: ``dr…``) in a plain form that loses nothing: the title,
    then one line per row of ``column: value`` pairs. A table that fits only with some
    cells wrapped has its column widths chosen here (``_fit``): rich alone may narrow a
    column of unbreakable words below its longest and cut it."""

    wide = out.options.update_width(1 << 16)
    measured = Measurement.get(out, wide, table)
    if measured.minimum <= out.width:
        _fit(out, table, measured.maximum)
        out.print(table)
        return
    if table.title:
        out.print(_plain(table.title), markup=False)
    headers = [_plain(c.header) for c in table.columns]
    cells = [[_plain(cell) for cell in column.cells] for column in table.columns]
    for row in zip(*cells, strict=True):
        pairs = [f"{h}: {v}" if h else v for h, v in zip(headers, row, strict=True) if v]
        out.print(Text("; ".join(pairs)), soft_wrap=True)


def _fit(out: Console, table: Table, total: int) -> None:
    """Fix the widths of a table wider than the console (``total``: its width unwrapped)
    so that every column keeps its longest word: the widest columns give up room first,
    one column at a time."""
    if total <= out.width:
        return

    wide = out.options.update_width(1 << 16)
    lows, highs = [], []
    for column in table.columns:
        sizes = [Measurement.get(out, wide, cell) for cell in [column.header, *column.cells]]
        high = max(m.maximum for m in sizes)
        if column.max_width is not None:
            high = min(high, column.max_width)
        highs.append(high)
        lows.append(min(high, max(m.minimum for m in sizes)))
    widths = list(highs)
    for _ in range(total - out.width):
        room = [i for i, w in enumerate(widths) if w > lows[i]]
        if not room:
            return  # cannot happen: the table's minimum fits
        widths[max(room, key=lambda i: (widths[i], -i))] -= 1
    for column, width in zip(table.columns, widths, strict=True):
        column.width = width


def _plain(cell: object) -> str:
    """A table cell's text: a ``Text`` as it is, a string read as the markup it is."""

    if isinstance(cell, Text):
        return cell.plain
    return Text.from_markup(str(cell)).plain


def print_json(doc: Any) -> None:
    """Machine-readable output: indented JSON, stable key order."""

    sys.stdout.write(json.dumps(doc, indent=2) + "\n")


def write_output(path: str, data: bytes | str) -> None:
    """Write a file atomically; bad paths are usage errors."""

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


def board_grid(board: Position) -> str:
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
