"""A file audited against the solved game: a strategy (``ttt-maps/strategy@1``), a
minimal table (``ttt-maps/table@1``) or a saved game (``ttt-maps/game@1``), told apart
by their contents; or the proof the package ships for a board, checked again
(``audit.proofs``). The report is the same for every surface: what the command line
prints line by line, and what ``--json`` prints."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, NamedTuple

from ttt_maps.audit.game import audit_log
from ttt_maps.audit.proofs import check_board, shipped
from ttt_maps.audit.strategy import audit_file, check_reasons, strategy_from_json
from ttt_maps.audit.table import audit_table, minimal_claim
from ttt_maps.engine.build import running
from ttt_maps.errors import UsageError, literal
from ttt_maps.io.files import parse_json
from ttt_maps.language import ENGLISH, speaking
from ttt_maps.play.game import is_game
from ttt_maps.settings import Settings
from ttt_maps.solve.budget import TooBigToSolve
from ttt_maps.tables.entries import is_table, table_from_json

if TYPE_CHECKING:
    from ttt_maps.game.geometry import Geometry

#: The boards whose proofs ``check --board`` checks, as a refusal names them.
PROVEN_BOARDS = "6x5, 5x6 and 6x6 with four in a row, normal rules"


class Report(NamedTuple):
    """An audit: its findings as lines, the closing sentence, the JSON document, and
    whether the file is perfect (every move keeps its player's best result)."""

    kind: str
    lines: list[str]
    summary: str
    doc: dict[str, Any]
    perfect: bool


def audit_text(
    text: str, source: str, rules: str | None = None, settings: Settings | None = None
) -> Report:
    """Audit a file's text; ``source`` names it in messages (a usage error for a file
    that is none of the three kinds, or whose claims do not replay); with ``rules``,
    only a file written for those rules. Past a search budget the user chose, the audit
    is tried within the default one, and the refusal says when that answers."""
    parsed = parse_json(text, source)
    try:
        return _audited(parsed, source, rules, settings)
    except TooBigToSolve as exc:
        if settings is None or settings.search_limit is None:
            raise
        beyond = exc  # a budget the user chose: does the one they left out answer?
    started = time.monotonic()
    try:
        _audited(parsed, source, rules, settings._replace(search_limit=None))
    except TooBigToSolve:
        raise beyond from None
    seconds = time.monotonic() - started
    took = "under a second" if seconds < 1 else f"about {seconds:.0f} s"
    raise TooBigToSolve(
        f"{literal(beyond)}; the default budget answers ({took}): leave out {{search_limit}}",
        search_limit=None,
    ) from None


def _audited(parsed: Any, source: str, rules: str | None, settings: Settings | None) -> Report:
    # An audit is a report for the file's author, kept in English whatever the reader's
    # language (its lines are its JSON's too), as usage errors are.
    with running(settings), speaking(ENGLISH):
        if is_game(parsed):
            return _game(parsed, source, rules)
        if is_table(parsed):
            return _table(parsed, source, rules)
        return _strategy(parsed, source, rules)


def audit_proof(geometry: Geometry) -> Report:
    """The proof shipped for a board checked whole, by the audit's own code: perfect when
    every certificate proves what the package says of the board."""
    g = geometry
    if not shipped(g.rows, g.cols, g.k, g.misere):
        raise UsageError(
            f"no proof is shipped for {g.describe()}; the package ships proofs for {PROVEN_BOARDS}"
        )
    found = check_board(g.rows, g.cols)
    out = {
        "kind": "proof",
        "geometry": g.name,
        "perfect": found.ok,
        "certificates": found.files,
        "positions": found.positions,
        "seconds": round(found.seconds, 2),
        "problems": found.problems,
    }
    return Report("proof", found.problems[1:], found.sentence, out, found.ok)


def same_rules(geometry: Geometry, rules: str | None, source: str) -> None:
    """Refuse a file written for other rules than the audit asks for."""
    if rules is None or geometry.with_rules(rules) == geometry:
        return
    raise UsageError(
        f"{source}: written for {geometry.rules} rules, not {geometry.with_rules(rules).rules}; "
        f"audit it with --rules {geometry.rules}"
    )


def _counted(errors: int, warnings: int) -> str:
    tail = f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""
    return f"{errors} error{'s' * (errors != 1)}{tail}" if errors else tail


def _strategy(parsed: Any, source: str, rules: str | None) -> Report:
    doc = strategy_from_json(parsed, source)
    same_rules(doc.geometry, rules, source)
    check_reasons(doc, source)
    problems = audit_file(doc)
    errors = sum(p.fatal for p in problems)
    warnings = len(problems) - errors
    if errors:
        summary = f"{_counted(errors, warnings)}: not a perfect strategy for {doc.player}"
    else:
        start = "the empty board" if not (doc.root.x | doc.root.o) else str(doc.root)
        summary = (
            f"perfect strategy for {doc.player} from {start}: "
            f"{len(doc.moves)} positions where {doc.player} chooses{_counted(0, warnings)}"
        )
    out = {
        "player": doc.player,
        "geometry": doc.geometry.name,
        "root": str(doc.root),
        "positions": len(doc.moves),
        "perfect": not errors,
        "errors": errors,
        "warnings": warnings,
        "problems": [p.as_dict() for p in problems],
    }
    return Report("strategy", [str(p) for p in problems], summary, out, not errors)


def _game(parsed: dict[str, Any], source: str, rules: str | None) -> Report:
    """A game log replayed (a false claim is a usage error), each move's value, and the
    moves that lost some."""
    audit = audit_log(parsed, source)
    same_rules(audit.geometry, rules, source)
    lines = list(audit.lines)
    if audit.unchecked:
        lines.append(f"the map's moves were not compared with its policy: {audit.unchecked}")
    summary = "; ".join(audit.mistakes) or "every move kept its player's best result"
    out = {
        "kind": "game",
        "geometry": audit.geometry.name,
        "moves": len(audit.lines),
        "result": audit.result,
        "perfect": not audit.mistakes,
        "lines": audit.lines,
        "mistakes": audit.mistakes,
        "unchecked": audit.unchecked or None,
    }
    text = f"{len(audit.lines)} moves, {audit.result}: {summary}"
    return Report("game", lines, text, out, not audit.mistakes)


def _table(parsed: Any, source: str, rules: str | None) -> Report:
    table = table_from_json(parsed, source)
    same_rules(table.geometry, rules, source)
    problems = audit_table(table)
    refuted, unchecked = minimal_claim(table, problems)
    problems += refuted
    errors = sum(p.fatal for p in problems)
    warnings = len(problems) - errors
    who = table.player.upper()
    if errors:
        summary = f"{_counted(errors, warnings)}: not a perfect table for {who}"
    else:
        summary = (
            f"perfect table for {who}: {table.size} positions up to rotation and reflection "
            f"cover every position {who} meets from the empty board{_counted(0, warnings)}"
        )
    out = {
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
    lines = [str(p) for p in problems] + ([unchecked] if unchecked else [])
    return Report("table", lines, summary, out, not errors)
