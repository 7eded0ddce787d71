"""``ttt-maps check``: a strategy file, a table or a saved game, audited against the solved game.

Exit 0 only when perfect: a strategy's every move optimal, a game's every move
keeping its player's best result; 1 otherwise (the report says where).
"""

from __future__ import annotations

from typing import Any

import typer

from ttt_maps.cli.output import print_json
from ttt_maps.errors import quote


def check_command(file: str, as_json: bool) -> None:
    """Read ``file`` ('-': standard input) and report on it."""
    from ttt_maps.io.files import parse_json, read_text
    from ttt_maps.solve.registry import keep_all
    from ttt_maps.strategies.audit import audit_file, strategy_from_json
    from ttt_maps.strategies.match import is_game
    from ttt_maps.strategies.table.entries import is_table

    text = read_text(file, "a strategy JSON file")
    source = "standard input" if file == "-" else quote(file)
    parsed = parse_json(text, source)
    if is_game(parsed):
        check_game(parsed, source, as_json)
        return
    if is_table(parsed):
        check_table(parsed, source, as_json)
        return
    doc = strategy_from_json(parsed, source)
    problems = audit_file(doc)
    keep_all()
    errors = sum(p.fatal for p in problems)
    warnings = len(problems) - errors
    if as_json:
        print_json(
            {
                "player": doc.player,
                "geometry": doc.geometry.name,
                "root": str(doc.root),
                "positions": len(doc.moves),
                "perfect": not errors,
                "errors": errors,
                "warnings": warnings,
                "problems": [p.as_dict() for p in problems],
            }
        )
        if errors:
            raise typer.Exit(1)
        return
    for problem in problems:
        typer.echo(str(problem))
    tail = f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""
    if errors:
        typer.echo(
            f"{errors} error{'s' * (errors != 1)}{tail}: not a perfect strategy for {doc.player}"
        )
        raise typer.Exit(1)
    start = "the empty board" if not (doc.root.x | doc.root.o) else str(doc.root)
    typer.echo(
        f"perfect strategy for {doc.player} from {start}: "
        f"{len(doc.moves)} positions where {doc.player} chooses{tail}"
    )


def check_game(doc: dict[str, Any], source: str, as_json: bool) -> None:
    """``check`` of a game log: replayed (a false claim exits 2), each move's value,
    and the moves that lost some."""
    from ttt_maps.strategies.gamelog import audit_log

    audit = audit_log(doc, source)
    if as_json:
        print_json(
            {
                "kind": "game",
                "geometry": audit.geometry.name,
                "moves": len(audit.lines),
                "result": audit.result,
                "perfect": not audit.mistakes,
                "lines": audit.lines,
                "mistakes": audit.mistakes,
                "unchecked": audit.unchecked or None,
            }
        )
    else:
        for line in audit.lines:
            typer.echo(line)
        if audit.unchecked:
            typer.echo(f"the map's moves were not compared with its policy: {audit.unchecked}")
        summary = "; ".join(audit.mistakes) or "every move kept its player's best result"
        typer.echo(f"{len(audit.lines)} moves, {audit.result}: {summary}")
    if audit.mistakes:
        raise typer.Exit(1)


def check_table(doc: Any, source: str, as_json: bool) -> None:
    """Audit a parsed ``ttt-maps/table@1`` document and report (exit 1 when imperfect)."""
    from ttt_maps.strategies.table.check import audit_table, minimal_claim
    from ttt_maps.strategies.table.entries import table_from_json

    table = table_from_json(doc, source)
    problems = audit_table(table)
    refuted, unchecked = minimal_claim(table, problems)
    problems += refuted
    errors = sum(p.fatal for p in problems)
    warnings = len(problems) - errors
    who = table.player.upper()
    if as_json:
        print_json(
            {
                "kind": "table",
                "player": table.player,
                "geometry": table.geometry.name,
                "positions": table.size,
                "perfect": not errors,
                "errors": errors,
                "warnings": warnings,
                "problems": [p.as_dict() for p in problems],
                "unchecked": unchecked or None,
            }
        )
    else:
        for problem in problems:
            typer.echo(str(problem))
        if unchecked:
            typer.echo(unchecked)
        tail = f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""
        if errors:
            typer.echo(f"{errors} error{'s' * (errors != 1)}{tail}: not a perfect table for {who}")
        else:
            typer.echo(
                f"perfect table for {who}: {table.size} positions up to rotation and reflection "
                f"cover every position {who} meets from the empty board{tail}"
            )
    if errors:
        raise typer.Exit(1)
