"""``ttt-maps compare``: the table on the terminal or as JSON; the maps side by side
(an image, or linked viewers in a page); the differences sheet."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from ttt_maps.cli.output import console, print_json, show_table, written_line
from ttt_maps.compare.differences import Comparison, compare_all
from ttt_maps.compare.summary import Row, build_strategies, compare_table
from ttt_maps.draw.layout import MapOptions
from ttt_maps.draw.themes import get_theme
from ttt_maps.errors import UsageError, shown
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.strategies.tree import Strategy

#: What ``-o`` writes: the maps side by side as an image, or linked viewers (html).
IMAGE_FORMATS = ("svg", "pdf", "png", "html")
#: What ``--sheet`` writes.
SHEET_FORMATS = ("svg", "pdf", "png")
#: What a user of the old pixel difference is told.
DIFF_PNG_HINT = "--diff-png now writes the differences sheet as a PNG; use --sheet FILE"


def _format(option: str, output: str, fmt: str | None, known: Sequence[str]) -> str:
    from ttt_maps.backends import format_from_path

    if output == "-" and fmt is None:
        return "svg"
    chosen = (fmt or format_from_path(output)).strip().lower()
    if chosen not in known:
        what = f"--format {fmt}" if fmt else f"{option} {output!r}"
        raise UsageError(f"{what}: compare writes {', '.join(known)} there")
    return chosen


def compare_command(
    policies: Sequence[str],
    *,
    player: str = "x",
    output: str | None = None,
    fmt: str | None = None,
    start: str | None = None,
    as_json: bool = False,
    theme: str = "light",
    sheet: str | None = None,
    diff: str | None = None,
    geometry: Geometry = STANDARD,
    opts: MapOptions | None = None,
    fold: bool = False,
) -> None:
    """``ttt-maps compare``: print the table; write the maps and the sheet if asked.

    ``diff`` is the old ``--diff-png``: it writes the sheet as a PNG, with a hint.
    ``opts`` is how the maps are drawn, side by side or in linked viewers;
    ``fold`` folds each map by symmetry.
    """
    from ttt_maps.game.board import parse_mark
    from ttt_maps.io.files import check_target

    mark = parse_mark(player)
    chosen_theme = get_theme(theme)
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
        from ttt_maps.io.names import check_distinct

        check_distinct([("-o", output), ("--sheet" if diff is None else "--diff-png", sheet_path)])
    outs = [t for t in (output, sheet_path) if t == "-"]
    if len(outs) > 1 or (outs and as_json):
        raise UsageError("only one of -o -, --sheet - and --json can write to standard output")
    strategies = build_strategies(policies, mark, start, geometry, fold=fold)
    found = compare_all(strategies)
    rows = compare_table(strategies, labels=policies, comparisons=found)
    written: list[tuple[str, int]] = []  # the files, said after the table as render says them
    if output is not None and image_fmt is not None:
        maps = _maps(strategies, policies, found, image_fmt, chosen_theme.name, opts)
        written.append(_write(output, maps))
    if sheet_path is not None and sheet_fmt is not None:
        from ttt_maps.compare.sheet import sheet_file, sheet_scene

        scene = sheet_scene(strategies, labels=policies, theme=chosen_theme, comparisons=found)
        written.append(_write(sheet_path, sheet_file(scene, sheet_fmt)))
    if as_json:
        print_json(_json(strategies, policies, rows, found))
        return
    if outs:  # a drawing is the output: no table in it
        return
    print_table(rows, mark, policies[0])
    for path, size in written:
        print(written_line(path, size))


def _maps(
    strategies: Sequence[Strategy],
    labels: Sequence[str],
    found: Sequence[Comparison],
    fmt: str,
    theme: str,
    opts: MapOptions | None,
) -> bytes:
    """The maps side by side: an image, or (html) linked viewers."""
    if fmt == "html":
        from ttt_maps.compare.panes import linked_page

        page = linked_page(strategies, labels=labels, theme=theme, comparisons=found, opts=opts)
        return page.encode()
    from ttt_maps.backends import render_scene
    from ttt_maps.compare.picture import compare_scene

    scene = compare_scene(strategies, theme=theme, opts=opts, labels=labels, comparisons=found)
    return render_scene(scene, fmt)


def _write(path: str, data: bytes) -> tuple[str, int]:
    """Write a file atomically; its name and size, to say so."""
    from ttt_maps.io.files import write_atomic

    write_atomic(path, data)
    return path, len(data)


def _json(
    strategies: Sequence[Strategy],
    labels: Sequence[str],
    rows: Sequence[Row],
    found: Sequence[Comparison],
) -> dict[str, Any]:
    first = strategies[0]
    lists: list[list[dict[str, Any]]] = [[], *([d.as_dict() for d in c.differences] for c in found)]
    return {
        "player": first.player,
        "board": first.geometry.name,
        "root": str(first.root.board),
        "reference": labels[0],
        "policies": [
            {**row.as_dict(), "differences": diffs} for row, diffs in zip(rows, lists, strict=True)
        ],
    }


_COUNT_COLUMNS = (
    "positions",
    "boards",
    "depth",
    "wins",
    "draws",
    "losses",
    "traps",
    "novice",
    "differs",
)


def print_table(rows: Sequence[Row], player: str, reference: str) -> None:
    """The table on stdout with rich, narrow enough for an 80-column terminal."""
    from rich import box
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    who = player.upper()
    table = Table(
        title=f"Tie-break policies compared: the map for {who}",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        collapse_padding=True,
        pad_edge=False,
    )
    table.add_column("policy")
    for col in _COUNT_COLUMNS:
        table.add_column(col, justify="right")
    for r in rows:
        table.add_row(
            Text(shown(r.label)),
            *(str(v) for v in (r.positions, r.boards, r.depth)),
            *(str(v) for v in (r.wins, r.draws, r.losses, r.traps)),
            f"{r.expected:.3f}",
            str(r.differs),
        )
    out = console()
    show_table(out, table)
    for r in rows:
        if r.label != r.chain:
            out.print(f"{shown(r.label)} = {shown(r.chain)}", style="dim", markup=False)
    out.print(
        f"positions: different positions where {who} chooses; boards: boards the map draws "
        f"(a position reached two ways is drawn twice); depth: "
        f"plies to the deepest finish; wins/draws/losses: finishes of the tree; traps: "
        f"opponent replies that lose; novice: expected score (win 1, draw 0.5) against a "
        f"novice who wins or blocks when it can, else moves at random; differs: positions, "
        f"up to rotation and reflection, where {who}'s move leads elsewhere than under "
        f"{escape(shown(reference))}.",
        style="dim",
    )
