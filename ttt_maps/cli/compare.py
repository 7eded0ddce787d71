"""``ttt-maps compare``: the table on the terminal or as JSON, the image, the difference PNG."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ttt_maps.cli.output import console, print_json
from ttt_maps.compare.picture import compare_scene, diff_png
from ttt_maps.compare.table import Row, build_strategies, compare_table, differing
from ttt_maps.draw.scene import get_theme
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import STANDARD, Geometry

#: Image formats ``compare`` writes.
IMAGE_FORMATS = ("svg", "pdf", "png")


def _image_format(output: str, fmt: str | None) -> str:
    from ttt_maps.backends import format_from_path

    chosen = (fmt or format_from_path(output)).strip().lower()
    if chosen not in IMAGE_FORMATS:
        what = f"--format {fmt}" if fmt else f"output {output!r}"
        raise UsageError(f"{what}: compare writes {', '.join(IMAGE_FORMATS)}")
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
    diff: str | None = None,
    geometry: Geometry = STANDARD,
    fold: bool = False,
) -> None:
    """``ttt-maps compare``: print the table; write the image and the diff PNG if asked."""
    from ttt_maps.game.board import parse_mark
    from ttt_maps.io.files import check_target, write_atomic

    mark = parse_mark(player)
    chosen_theme = get_theme(theme)
    if fmt is not None and output is None:
        raise UsageError(f"--format {fmt}: give -o FILE to say where the image goes")
    image_fmt = _image_format(output, fmt) if output is not None else None
    for target in (output, diff):
        if target is not None:
            check_target(target)  # fail before the work, not after
    if diff is not None and diff == output:
        raise UsageError(f"--diff-png {diff}: the same file as -o; give another name")
    to_stdout = "-" in (output, diff)
    if to_stdout and as_json:
        raise UsageError("-o - and --json both write to standard output; choose one")
    strategies = build_strategies(policies, mark, start, geometry, fold=fold)
    rows = compare_table(strategies, labels=policies)
    if output is not None and image_fmt is not None:
        from ttt_maps.backends import render_scene

        scene = compare_scene(strategies, theme=chosen_theme, labels=policies)
        write_atomic(output, render_scene(scene, image_fmt))
    marked = None
    if diff is not None:
        png, marked = diff_png(strategies[0], strategies[1], theme=chosen_theme)
        write_atomic(diff, png)
    if as_json:
        first = strategies[0]
        doc: dict[str, Any] = {
            "player": mark,
            "root": str(first.root.board),
            "reference": policies[0],
            "policies": [
                {
                    **row.as_dict(),
                    "differing": [
                        {"board": str(b), "reference": a, "chosen": c}
                        for b, (a, c) in differing(first, s).items()
                    ],
                }
                for row, s in zip(rows, strategies, strict=True)
            ],
        }
        if marked is not None:
            doc["diff_pixels"] = marked
        print_json(doc)
        return
    if to_stdout:  # the image is the output: no table in it
        return
    print_table(rows, mark, policies[0])
    if output is not None:
        print(f"wrote {output}")
    if diff is not None:
        print(f"wrote {diff} ({marked} differing pixels between {policies[0]} and {policies[1]})")


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
            escape(r.label),
            *(str(v) for v in (r.positions, r.boards, r.depth)),
            *(str(v) for v in (r.wins, r.draws, r.losses, r.traps)),
            f"{r.expected:.3f}",
            str(r.differs),
        )
    out = console()
    out.print(table)
    for r in rows:
        if r.label != r.chain:
            out.print(f"{escape(r.label)} = {escape(r.chain)}", style="dim")
    out.print(
        f"positions: different positions where {who} chooses; boards: boards the map draws "
        f"(a position reached two ways is drawn twice); depth: "
        f"plies to the deepest finish; wins/draws/losses: finishes of the tree; traps: "
        f"opponent replies that lose; novice: expected score (win 1, draw 0.5) against a "
        f"novice who wins or blocks when it can, else moves at random; differs: positions "
        f"where {who} chooses another move than under {escape(reference)}.",
        style="dim",
    )
