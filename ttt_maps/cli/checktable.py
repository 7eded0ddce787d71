"""``ttt-maps check`` of a strategy table: the audit's findings, and exit 0 only when perfect."""

from __future__ import annotations

from typing import Any

import typer

from ttt_maps.cli.output import print_json


def check_table(doc: Any, source: str, as_json: bool) -> None:
    """Audit a parsed ``ttt-maps/table@1`` document and report (exit 1 when imperfect)."""
    from ttt_maps.strategies.table import table_from_json
    from ttt_maps.strategies.tablecheck import audit_table

    table = table_from_json(doc, source)
    problems = audit_table(table)
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
            }
        )
    else:
        for problem in problems:
            typer.echo(str(problem))
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
