"""``ttt-maps compare``: the summary on the terminal or as JSON; the maps side by side
(an image, or linked viewers in a page); the differences sheet."""

import sys
from collections.abc import Sequence
from typing import NamedTuple

from rich import box
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ttt_maps.api import Settings, SummaryRow
from ttt_maps.cli.options import Args, command
from ttt_maps.cli.output import console, print_json, show_table, written_line
from ttt_maps.engine.comparing import compare_policies
from ttt_maps.engine.outputs import file_format
from ttt_maps.engine.request import Request
from ttt_maps.errors import UsageError, shown
from ttt_maps.io.files import check_target, write_atomic
from ttt_maps.io.paths import check_distinct
from ttt_maps.language import N_, decimal, tr

#: What ``-o`` writes (the maps side by side, or linked viewers) and what ``--sheet`` does.
IMAGE_FORMATS = ("svg", "pdf", "png", "html")
SHEET_FORMATS = ("svg", "pdf", "png")
#: What a user of the old pixel difference is told.
DIFF_PNG_HINT = "--diff-png now writes the differences sheet as a PNG; use --sheet FILE"


def run(args: Args) -> None:
    """Maps under several tie-break policies compared: where they play differently, up to
    rotation and reflection, as a table, a sheet, the maps side by side or linked viewers.
    """
    how = args.settings()
    request = args.request(player=args["player"])
    fmt = args["format"]
    if fmt is not None and len(fmt) > 1:
        raise UsageError(f"--format {' '.join(fmt)}: compare writes -o FILE in one format")
    files = Files(
        args["output"], fmt[0] if fmt else None, args["sheet"], args["diff_png"],
        args["as_json"], args["explain"],
    )  # fmt: skip
    compare_command(args["chains"], request, files, how)


compare = command("compare", run)


def _format(option: str, output: str, fmt: str | None, known: Sequence[str]) -> str:

    if output == "-" and fmt is None:
        return "svg"
    chosen = fmt.strip().lower() if output == "-" and fmt else file_format(output, fmt)
    if chosen not in known:
        what = f"--format {fmt}" if fmt else f"{option} {output!r}"
        raise UsageError(f"{what}: compare writes {', '.join(known)} there")
    return chosen


class Files(NamedTuple):
    """Where ``compare`` writes: the maps (``-o``, ``--format``; ``explain``: each red
    move with its reason), the differences sheet (``--sheet``, or the old
    ``--diff-png``), and whether the summary is printed as JSON."""

    output: str | None = None
    fmt: str | None = None
    sheet: str | None = None
    diff: str | None = None
    as_json: bool = False
    explain: bool = False


def compare_command(
    policies: Sequence[str], request: Request, files: Files, settings: Settings
) -> None:
    """``ttt-maps compare``: print the summary; write the maps and the differences sheet
    if asked.

    ``files.diff`` is the old ``--diff-png``: it writes the differences sheet as a
    PNG, with a hint; the request's ``fold`` folds each map by symmetry.
    """

    output, fmt, sheet, diff, as_json, explain = files
    player, chosen_theme = request.player or "x", request.theme
    if fmt is not None and output is None:
        raise UsageError(f"--format {fmt}: give -o FILE to say where the maps go")
    image_fmt = _format("-o", output, fmt, IMAGE_FORMATS) if output is not None else None
    if diff is not None:
        sys.stderr.write(f"ttt-maps: warning: {DIFF_PNG_HINT}\n")
        if sheet is not None:
            raise UsageError("--diff-png and --sheet both write the differences sheet; give one")
    sheet_path = sheet if sheet is not None else diff
    sheet_fmt = None
    if sheet_path is not None:
        sheet_fmt = (
            "png" if diff is not None else _format("--sheet", sheet_path, None, SHEET_FORMATS)
        )
    for target in (output, sheet_path):
        if target is not None:
            check_target(target)  # fail before the work, not after
    if sheet_path is not None and output is not None and output + sheet_path != "--":
        check_distinct([("-o", output), ("--sheet" if diff is None else "--diff-png", sheet_path)])
    outs = [t for t in (output, sheet_path) if t == "-"]
    if len(outs) > 1 or (outs and as_json):
        raise UsageError("only one of -o -, --sheet - and --json can write to standard output")
    page = request.output([f for f in (image_fmt, sheet_fmt) if f])  # --width, --dpi
    found = compare_policies(policies, request, settings=settings)
    written: list[tuple[str, int]] = []  # the files, said after the summary as render says them
    if output is not None and image_fmt is not None:
        opts = request.map_options if explain else None
        written.append(_write(output, found.maps(image_fmt, chosen_theme, opts, page)))
    if sheet_path is not None and sheet_fmt is not None:
        sheet_bytes = found.differences_sheet(sheet_fmt, chosen_theme, page)
        written.append(_write(sheet_path, sheet_bytes))
    if as_json:
        print_json(found.as_json())
        return
    if outs:  # a drawing is the output: no summary in it
        return
    print_summary(found.rows, player, policies[0], found.novice_ways)
    for path, size in written:
        print(written_line(path, size))


def _write(path: str, data: bytes) -> tuple[str, int]:
    """Write a file atomically; its name and size, to say so."""

    write_atomic(path, data)
    return path, len(data)


_COUNT_COLUMNS = (
    N_("positions"),
    N_("boards"),
    N_("depth"),
    N_("wins"),
    N_("draws"),
    N_("losses"),
    N_("traps"),
    N_("novice"),
    N_("differs"),
)


def print_summary(rows: Sequence[SummaryRow], player: str, reference: str, novice: str) -> None:
    """The summary on stdout, a rich table narrow enough for an 80-column terminal."""

    who = player.upper()
    table = Table(
        title=tr("Tie-break policies compared: the map for {player}", player=who),
        header_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        collapse_padding=True,
        pad_edge=False,
    )
    table.add_column(tr("policy"))
    for col in _COUNT_COLUMNS:
        table.add_column(tr(col), justify="right")
    for r in rows:
        table.add_row(
            Text(shown(r.label)),
            *(str(v) for v in (r.positions, r.boards, r.depth)),
            *(str(v) for v in (r.wins, r.draws, r.losses, r.traps)),
            decimal(r.expected, 3),
            str(r.differs),
        )
    out = console()
    show_table(out, table)
    for r in rows:
        if r.label != r.chain:
            out.print(f"{shown(r.label)} = {shown(r.chain)}", style="dim", markup=False)
    out.print(
        tr(
            "positions: different positions where {player} chooses; boards: boards the map "
            "draws (a position reached two ways is drawn twice); depth: moves to the deepest "
            "finish; wins/draws/losses: finishes of the tree; traps: opponent replies that "
            "lose; novice: expected score (win 1, draw 0.5) against a novice who {novice}, "
            "else moves at random; differs: positions, up to rotation and reflection, where "
            "{player}'s move leads elsewhere than under {policy}.",
            player=who,
            novice=tr(novice),
            policy=escape(shown(reference)),
        ),
        style="dim",
    )
