"""``ttt-maps stats``: the solved game's counts and the map sizes, as tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.table import Table

from ttt_maps.api import stats as counted
from ttt_maps.cli.options import Args, command
from ttt_maps.cli.output import console, print_json, show_table
from ttt_maps.language import number, tr, tr_ctx

if TYPE_CHECKING:
    from rich.console import Console

    from ttt_maps.api import Fewest, Geometry, Stats, WholeStats


def run(args: Args) -> None:
    """The solved game's counts (games, positions, who wins) and each preset's map size."""

    whole = args["whole"]
    data = counted(board=args.geometry(), fold=args["fold"], whole=whole, settings=args.settings())
    if args["as_json"]:
        print_json(data.as_dict())
    elif whole:
        print_whole(cast("WholeStats", data), console())
    else:
        print_stats(cast("Stats", data), console())


stats = command("stats", run)


def print_stats(data: Stats, out: Console) -> None:
    """``ttt-maps stats`` as tables."""

    g, p, e = data.games, data.positions, data.empty
    geometry = data.geometry
    title = tr(
        "The solved game on {board} ({name})", board=geometry.in_words(), name=geometry.short_name
    )
    counts = Table(title=title, header_style="bold")
    if geometry.misere:
        games = tr("games (play stops when a player completes a line and loses)")
    else:
        games = tr("games (play stops at a win)")
    counts.add_column(tr("fact"))
    counts.add_column(tr("count"), justify="right")
    rows: list[tuple[str, int | None]] = [
        (tr("move sequences to a full board"), g.full_board if g else None),
        (games, g.games if g else None),
        ("  " + tr("won by {player}", player="x"), g.x_wins if g else None),
        ("  " + tr("won by {player}", player="o"), g.o_wins if g else None),
        ("  " + tr("drawn"), g.draws if g else None),
        (tr("reachable positions (empty board included)"), p.reachable if p else None),
        ("  " + tr("up to rotation and reflection"), p.reachable_classes if p else None),
        (tr("terminal positions"), p.terminal if p else None),
        ("  " + tr("up to rotation and reflection"), p.terminal_classes if p else None),
    ]
    for label, n in rows:
        counts.add_row(label, tr("skipped") if n is None else number(n))
    counts.add_row(tr_ctx("a table's row", "the empty board"), str(e))
    if data.folded:
        heading = tr("Map sizes per preset, folded by symmetry")
    else:
        heading = tr("Map sizes per preset")
    maps = Table(title=heading, header_style="bold")
    columns = {
        "policy": tr("policy"),
        "player": tr("player"),
        "positions": tr("positions"),
        "moves": tr("moves"),
        "won": tr("won"),
        "drawn": tr("drawn"),
        "boards": tr("boards"),
    }
    for col, head in columns.items():
        maps.add_column(head, justify="left" if col in ("policy", "player") else "right")
    for m in data.maps:
        if m.boards is None:
            maps.add_row(m.policy, m.player, "", "", "", "", m.note or "-")
        else:
            numbers = (m.positions, m.choices, m.wins, m.draws, m.boards)
            maps.add_row(m.policy, m.player, *(number(n or 0) for n in numbers))
    show_table(out, counts)
    for part, why in data.skipped.items():
        part_said = tr("positions") if part == "positions" else tr("games")
        out.print(tr("{part} skipped: {why}", part=part_said, why=why), style="dim", markup=False)
    show_table(out, maps)
    out.print(
        tr(
            "positions: different positions where the player chooses; moves: the player's red "
            "moves on the map (a position reached two ways is drawn twice); won/drawn: "
            "finishes; boards: boards the map draws (over the limit: too big to draw whole; "
            "look-ahead too long: see 'ttt-maps policies'; not solved: past the search budget)"
        ),
        style="dim",
    )
    if data.fewest is not None:
        out.print(_fewest(data.fewest, data), markup=False)


def _fewest(fewest: list[Fewest], data: Stats) -> str:
    """The fewest boards with a move a map can draw, folded, as one sentence."""
    g = data.geometry
    parts = []
    for f in fewest:
        who = f.player.upper()
        folded = "?" if f.folded is None else number(f.folded)
        text = tr("{count} for {player}", count=folded, player=who)
        if f.openings:
            best = min(f.openings, key=lambda c: (f.openings[c], c))
            others = ", ".join(
                f"{_cell_class(g, c)} {number(n)}" for c, n in f.openings.items() if c != best
            )
            kind = _cell_class(g, best)
            if others:
                text += " " + tr("({kind} opening; {others})", kind=kind, others=others)
            else:
                text += " " + tr("({kind} opening)", kind=kind)
        if f.unfolded is not None:
            text += tr(", {count} unfolded", count=number(f.unfolded))
        parts.append(text)
    return tr(
        "Fewest boards with a move for the map's player, folded (compact draws them): {counts}.",
        counts="; ".join(parts),
    )


def _cell_class(g: Geometry, cell: int) -> str:
    """A cell as a player names its kind: centre, corner or edge (with its number off 3x3)."""
    if cell in g.centers:
        kind = tr("centre")
    elif cell in g.corners:
        kind = tr("corner")
    else:
        kind = tr("edge")
    return kind if g.rows == g.cols == 3 else f"{kind} {cell}"


def print_whole(counts: WholeStats, out: Console) -> None:
    """``ttt-maps stats --whole`` as a table."""

    g = counts.geometry
    title = tr("The whole game on one map, {board} ({name})", board=g.in_words(), name=g.short_name)
    table = Table(title=title, header_style="bold")
    table.add_column(tr("count"))
    table.add_column(tr("folded"), justify="right")
    table.add_column(tr("unfolded"), justify="right")
    f = counts.facts

    def n(value: int | None) -> str:
        return "-" if value is None else number(value)

    table.add_row(tr("boards with a move to make"), n(f.boards if f else None), n(counts.unfolded))
    if f is not None and counts.levels is not None:
        table.add_row(tr("different positions among them"), n(f.positions), "")
        table.add_row(tr("moves drawn"), n(f.moves), "")
        table.add_row("  " + tr("that win for their player"), n(f.wins), "")
        table.add_row("  " + tr("that draw"), n(f.draws), "")
        table.add_row("  " + tr("that lose"), n(f.losses), "")
        table.add_row(tr("cells drawn as another cell, turned"), n(f.folded), "")
        for level, boards in enumerate(counts.levels):
            table.add_row(tr("boards at level {level}", level=level), n(boards), "")
    show_table(out, table)
    if counts.note:
        out.print(counts.note, style="dim", markup=False)
    out.print(
        tr(
            "A board has a move to make: the map draws every legal move in it, each cell "
            "tinted by the outcome of its move for the player who makes it, with perfect "
            "play after it; folded, moves that are rotations or reflections of each other "
            "are drawn once."
        ),
        style="dim",
    )
