"""``ttt-maps table``: the minimal strategy table as a list, JSON or a cheat sheet."""

import time
from collections.abc import Callable
from pathlib import PurePath
from typing import NamedTuple

import typer

from ttt_maps import api
from ttt_maps.api import Settings, Table
from ttt_maps.cli.options import Args, command
from ttt_maps.cli.output import written_line
from ttt_maps.engine.options import REQUESTS
from ttt_maps.engine.request import Request
from ttt_maps.errors import UsageError
from ttt_maps.io.files import check_target, write_atomic
from ttt_maps.language import decimal, number, tr, tr_n

#: What ``table`` writes: the cheat sheet's formats, and the table as JSON.
TABLE_FORMATS = ("svg", "pdf", "png", "json")
#: The page of a PDF or PNG cheat sheet when no --size is given.
DEFAULT_PAGE = "A4"


def run(args: Args) -> None:
    """The minimal strategy table: the fewest positions to know, as a list, JSON or sheet.

    The positions a player must know, up to rotation, reflection and move order,
    each with its move, to play perfectly by looking them up from the empty board;
    found by exact search and proven minimal. -o FILE.pdf draws them as a one-page
    cheat sheet, boards grouped by move.
    """
    how = args.settings()
    fmt = args["format"]
    if fmt is not None and len(fmt) > 1:
        raise UsageError(f"--format {' '.join(fmt)}: table writes -o FILE in one format")
    where = Written(args["output"], fmt[0] if fmt else None, args["as_json"])
    table_command(args["player"], where, args["prover"], args, how, typer.echo)


table = command("table", run)


class Written(NamedTuple):
    """Where the table goes: a file (``-o``, in ``--format``), or JSON on the terminal."""

    output: str | None = None
    fmt: str | None = None
    as_json: bool = False


def table_command(
    player: str,
    where: Written,
    prover: str,
    args: Args,
    settings: Settings,
    echo: Callable[[str], None] = print,
) -> None:
    """Find and prove the table, then print it, print its JSON, or write a file
    (``args``: the board, and how the cheat sheet is drawn and on what page)."""
    geometry = args.geometry()
    output, fmt, as_json = where
    if as_json and output is not None:
        raise UsageError("--json prints the table; -o writes a file: give one (-o FILE.json)")
    if fmt is not None and output is None:
        raise UsageError(f"--format {fmt}: give -o FILE to say where the table goes")
    chosen = _format(output, fmt) if output is not None else ("json" if as_json else None)
    sheet = {n: args[n] for n in args.given if n in REQUESTS["table"]}
    Request(sheet, args.surface, kind="table").output([chosen or "json"])  # the page options
    if "size" not in sheet and chosen in ("pdf", "png"):
        sheet["size"] = DEFAULT_PAGE
    if output is not None and output != "-":
        check_target(output)  # fail before the work, not after
    started = time.process_time()
    found = api.table(player, board=geometry, prover=prover, settings=settings)
    seconds = time.process_time() - started
    if as_json:
        echo(found.to_json().rstrip("\n"))
        return
    if output is None:
        _print_table(found, seconds, echo, args["explain"])
        return
    data: bytes | str
    data = found.to_json() if chosen == "json" else api.render(found, str(chosen), **sheet)
    write_atomic(output, data)
    if output != "-":
        size_of = len(data.encode("utf-8")) if isinstance(data, str) else len(data)
        echo(f"{written_line(output, size_of)}: {_summary(found, seconds)}")


def _format(output: str, fmt: str | None) -> str:
    """The format of ``-o``: ``--format``, or the file's suffix."""
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
    said = {
        "player": table.player.upper(),
        "seconds": decimal(seconds, 2),
        "steps": number(table.steps),
    }
    if not table.minimal:
        return tr_n("{n} position for {player}", "{n} positions for {player}", table.size, **said)
    if table.prover == "search":
        return tr_n(
            "{n} position for {player}, proven minimal by exact search in {seconds} s of CPU "
            "({steps} steps)",
            "{n} positions for {player}, proven minimal by exact search in {seconds} s of CPU "
            "({steps} steps)",
            table.size,
            **said,
        )
    return tr_n(
        "{n} position for {player}, proven minimal by CP-SAT in {seconds} s of CPU ({steps} steps)",
        "{n} positions for {player}, proven minimal by CP-SAT in {seconds} s of CPU ({steps} "
        "steps)",
        table.size,
        **said,
    )


def _print_table(
    table: Table, seconds: float, echo: Callable[[str], None], explain: bool = False
) -> None:
    """The table on the terminal: each move's boards (and its reason), then how it
    was proven."""
    reasons = table.reasons() if explain else {}
    for plies, entries in table.by_plies():
        echo(tr("{heading}:", heading=table.move_heading(plies)))
        for entry in entries:
            why = f"  {reasons[entry.board]}" if explain else ""
            echo(f"  {entry.board}  {entry.cell}{why}")
    echo(
        tr(
            "{summary}; any rotation or reflection of a board counts as the board",
            summary=_summary(table, seconds),
        )
    )
