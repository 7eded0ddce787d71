"""``ttt-maps table``: the minimal strategy table as a list, JSON or a cheat sheet."""

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer

from ttt_maps.cli import complete
from ttt_maps.cli.options import (
    BoardOpt,
    JsonOpt,
    NoCacheOpt,
    NoProgressOpt,
    RulesOpt,
    SearchLimitOpt,
    TextAsPathsOpt,
    ThemeOpt,
    opt,
    runtime,
)
from ttt_maps.errors import UsageError
from ttt_maps.language import decimal, number, tr, tr_n

if TYPE_CHECKING:
    from ttt_maps.api import Drawing, Geometry, Settings, Table

#: What ``table`` writes: the cheat sheet's formats, and the table as JSON.
TABLE_FORMATS = ("svg", "pdf", "png", "json")
#: The page of a PDF or PNG cheat sheet when no --size is given.
DEFAULT_PAGE = "A4"
#: The drawing options a cheat sheet takes.
SHEET = ("theme", "title", "size", "width", "dpi", "margin", "text_as_paths", "explain")


def table(
    player: Annotated[
        str,
        typer.Option("--player", metavar="x|o", help="Whose table: x or o.", show_default=False),
    ],
    output: Annotated[
        str | None,
        opt(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the one-page cheat sheet (.svg, .pdf, .png) or the table (.json) to "
            "FILE (atomically). Default: list the table on the terminal.",
        ),
    ] = None,
    fmt: Annotated[
        str | None,
        opt("--format", "-f", metavar="svg|pdf|png|json", help="Format (default: from FILE)."),
    ] = None,
    as_json: JsonOpt = False,
    prover: Annotated[
        str,
        opt(
            "--prover",
            metavar="auto|search|cp-sat",
            help="How minimality is proven: search (exact branch and bound), cp-sat (Google "
            "OR-Tools, with the cp-sat extra installed), or auto (the default: the search "
            "where it is quick, else CP-SAT when installed).",
        ),
    ] = "auto",
    size: Annotated[
        str | None,
        opt(
            "--size",
            metavar="PAGE",
            help="PDF/PNG page: A4 (the default), letter, A3 ...",
            autocompletion=complete.pages,
        ),
    ] = None,
    width: Annotated[int | None, opt("--width", metavar="PX", help="PNG width in pixels.")] = None,
    dpi: Annotated[
        float | None, opt("--dpi", metavar="DPI", help="PNG resolution (300 by default).")
    ] = None,
    margin: Annotated[
        float | None, opt("--margin", metavar="MM", help="Margin around the sheet (10 mm).")
    ] = None,
    text_as_paths: TextAsPathsOpt = False,
    title: Annotated[str | None, opt("--title", metavar="TEXT", help="The sheet's title.")] = None,
    theme: ThemeOpt = "light",
    explain: Annotated[
        bool, typer.Option("--explain", help="Each move's reason, in a few words under its board.")
    ] = False,
    board: BoardOpt = "3x3",
    rules: RulesOpt = "normal",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
    search_limit: SearchLimitOpt = None,
) -> None:
    """The minimal strategy table: the fewest positions to know, as a list, JSON or sheet.

    The positions a player must know, up to rotation, reflection and move order,
    each with its move, to play perfectly by looking them up from the empty board;
    found by exact search and proven minimal. -o FILE.pdf draws them as a one-page
    cheat sheet, boards grouped by move.
    """
    from ttt_maps.api import Drawing

    geometry, how = runtime(board, no_cache, not no_progress, search_limit, rules)
    sheet = Drawing(
        theme=theme,
        title=title,
        size=size,
        width=width,
        dpi=dpi,
        margin=margin,
        text_as_paths=text_as_paths,
        explain=explain,
    )
    table_command(player, geometry, Written(output, fmt, as_json), prover, sheet, how, typer.echo)


class Written(NamedTuple):
    """Where the table goes: a file (``-o``, in ``--format``), or JSON on the terminal."""

    output: str | None = None
    fmt: str | None = None
    as_json: bool = False


def table_command(
    player: str,
    geometry: "Geometry",
    where: Written,
    prover: str,
    sheet: "Drawing",
    settings: "Settings",
    echo: Callable[[str], None] = print,
) -> None:
    """Find and prove the table, then print it, print its JSON, or write a file
    (``sheet``: how the cheat sheet is drawn and on what page)."""
    from ttt_maps.api import provers, render, table
    from ttt_maps.io.files import check_target, write_atomic

    output, fmt, as_json = where
    if player.strip().lower() not in ("x", "o"):
        raise UsageError(f"player {player!r}: expected x or o")
    if prover.strip().lower() not in provers():
        raise UsageError(f"--prover {prover!r}: choose {' or '.join(provers())}")
    if as_json and output is not None:
        raise UsageError("--json prints the table; -o writes a file: give one (-o FILE.json)")
    if fmt is not None and output is None:
        raise UsageError(f"--format {fmt}: give -o FILE to say where the table goes")
    chosen = _format(output, fmt) if output is not None else ("json" if as_json else None)
    if sheet.size is None and chosen in ("pdf", "png"):
        sheet = sheet._replace(size=DEFAULT_PAGE)
    sheet.page([chosen or "json"])
    sheet = sheet.checked()
    if output is not None and output != "-":
        check_target(output)  # fail before the work, not after
    started = time.process_time()
    found = table(player, geometry=geometry, prover=prover, settings=settings)
    seconds = time.process_time() - started
    if as_json:
        echo(found.to_json().rstrip("\n"))
        return
    if output is None:
        _print_table(found, seconds, echo, sheet.explain)
        return
    data: bytes | str
    if chosen == "json":
        data = found.to_json()
    else:
        options = {name: value for name, value in sheet._asdict().items() if name in SHEET}
        data = render(found, str(chosen), **options)
    write_atomic(output, data)
    if output != "-":
        from ttt_maps.cli.output import written_line

        size_of = len(data.encode("utf-8")) if isinstance(data, str) else len(data)
        echo(f"{written_line(output, size_of)}: {_summary(found, seconds)}")


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


def _summary(table: "Table", seconds: float) -> str:
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
    table: "Table", seconds: float, echo: Callable[[str], None], explain: bool = False
) -> None:
    """The table on the terminal: each move's boards (and its reason), then how it
    was proven."""
    from ttt_maps.api import ordinal

    who = table.player.upper()
    reasons = table.reasons() if explain else {}
    for plies, entries in table.by_plies():
        echo(tr("{player}'s {ordinal} move:", player=who, ordinal=ordinal(plies // 2 + 1)))
        for entry in entries:
            why = f"  {reasons[entry.board]}" if explain else ""
            echo(f"  {entry.board}  {entry.cell}{why}")
    echo(
        tr(
            "{summary}; any rotation or reflection of a board counts as the board",
            summary=_summary(table, seconds),
        )
    )
