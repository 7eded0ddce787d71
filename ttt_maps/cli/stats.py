"""The body of ``ttt-maps stats``: the solved game's counts and the map sizes, as tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

    from ttt_maps.strategies.stats import Stats


def print_stats(data: Stats, out: Console) -> None:
    """``ttt-maps stats`` as tables."""
    from rich.table import Table

    g, p, e = data.games, data.positions, data.empty
    title = f"The solved game on {data.geometry.describe()} ({data.geometry.short_name})"
    counts = Table(title=title, header_style="bold")
    counts.add_column("fact")
    counts.add_column("count", justify="right")
    rows: list[tuple[str, int | None]] = [
        ("move sequences to a full board", g.full_board if g else None),
        ("games (play stops at a win)", g.games if g else None),
        ("  won by x", g.x_wins if g else None),
        ("  won by o", g.o_wins if g else None),
        ("  drawn", g.draws if g else None),
        ("reachable positions (empty board included)", p.reachable if p else None),
        ("  up to rotation and reflection", p.reachable_classes if p else None),
        ("terminal positions", p.terminal if p else None),
        ("  up to rotation and reflection", p.terminal_classes if p else None),
    ]
    for label, n in rows:
        counts.add_row(label, "skipped" if n is None else f"{n:,}")
    counts.add_row("the empty board", str(e))
    maps = Table(title="Map sizes per preset", header_style="bold")
    for col in ("policy", "player", "positions", "moves", "won", "drawn", "boards"):
        maps.add_column(col, justify="left" if col in ("policy", "player") else "right")
    for m in data.maps:
        if m.boards is None:
            maps.add_row(m.policy, m.player, "", "", "", "", m.note or "-")
        else:
            numbers = (m.positions, m.choices, m.wins, m.draws, m.boards)
            maps.add_row(m.policy, m.player, *(f"{n:,}" for n in numbers))
    out.print(counts)
    for part, why in data.skipped.items():
        out.print(f"{part} skipped: {why}", style="dim", markup=False)
    out.print(maps)
    out.print(
        "positions: different positions where the player chooses; moves: the player's red "
        "moves on the map (a position reached two ways is drawn twice); won/drawn: finishes; "
        "boards: boards the map draws (over the limit: too big to draw whole; look-ahead "
        "too long: see 'ttt-maps policies')",
        style="dim",
    )
