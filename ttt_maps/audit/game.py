"""A saved game (``ttt-maps/game@1``, written by ``Game.to_json``) replayed and audited.

A log is a claim: who played which cell, whose move each was (the map's red
move, a move that holds where the map's was past the search budget, a stray
one, the person's), the positions after each move and the result.
``audit_log`` believes none of it: it replays the moves on the board, and every
field that does not follow from the replay -- a result, a position, a mark, a
map move that is not the map's, a move that holds but loses -- is a
``UsageError`` naming the move and the field (``check`` exits 2). What is left
is the audit proper: each move's value, and the moves that lost their player a
win or a draw. Each move is worked out within a search budget of its own, as
``play`` found the map's within one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from ttt_maps.errors import UsageError, quote
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Mark, Position, other, parse_mark
from ttt_maps.io import progress
from ttt_maps.language import tr
from ttt_maps.play.game import cell_name, parse_level, result_of
from ttt_maps.policy.chains import parse_policy
from ttt_maps.policy.policy import Policy
from ttt_maps.solve.folding import FoldWalk
from ttt_maps.solve.registry import solver_for
from ttt_maps.solve.solver import Outcome, Solver, plies

_BY = ("map", "hold", "stray", "player")
Bad = Callable[[str], UsageError]
T = TypeVar("T")


class GameAudit(NamedTuple):
    """What ``check`` reports on a game: one line per move, and the moves that lost value."""

    geometry: Geometry
    result: str
    lines: list[str]
    mistakes: list[str]
    #: Why the map's moves could not be compared with its policy ("" when they were).
    unchecked: str


def audit_log(doc: dict[str, Any], source: str) -> GameAudit:
    """Replay a game log against the solved game (see the module)."""

    def bad(why: str) -> UsageError:
        return UsageError(f"{source}: {why}")

    rules = str(doc.get("rules", "normal"))
    geometry = _parse(lambda: Geometry.parse(_text(doc, "geometry", bad), rules), "geometry", bad)
    side = _parse(lambda: parse_mark(_text(doc, "map", bad)), "map", bad)
    level, _ = _parse(lambda: parse_level(_text(doc, "level", bad)), "level", bad)
    board = _parse(lambda: Position.parse(_text(doc, "start", bad), geometry), "start", bad)
    moves, positions = doc.get("moves"), doc.get("positions")
    if not isinstance(moves, list):
        raise bad('"moves" is missing or not a list')
    if not isinstance(positions, list):
        raise bad('"positions" is missing or not a list')
    policy, unchecked = _policy(_text(doc, "policy", bad), geometry, bad)
    folded = doc.get("folded", False)
    if not isinstance(folded, bool):
        raise bad(f'"folded": {_json(folded)}, expected true or false')
    # A folded map's move is its drawn move, turned as the game went through folds.
    walk = FoldWalk(board, side) if folded else None
    if policy is not None and folded:
        policy = policy.folded()
    solver = solver_for(geometry)
    fresh = getattr(solver, "fresh_budget", None)
    lines: list[str] = []
    mistakes: list[str] = []
    replayed = [str(board)]
    done = [0]
    with progress.stage(
        tr("Checking the game on {board}", board=geometry.in_words()),
        count=lambda: done[0],
        total=lambda: len(moves),
    ):
        for n, move in enumerate(moves, 1):
            cell, mark, by = _move(move, n, bad)
            if board.is_over:
                raise bad(f"move {n}: the game was already over")
            if mark != board.to_move:
                raise bad(f"move {n}: it was {board.to_move.upper()}'s turn, not {mark.upper()}'s")
            if not 0 <= cell < geometry.size or board.mark_at(cell):
                raise bad(f"move {n}: cell {cell} is not free")
            if (by == "player") != (mark != side):
                who = f"the map's ({side.upper()})" if mark == side else "the person's"
                raise bad(f'move {n}: "by": {by!r}, but {mark.upper()} moves were {who}')
            if by == "stray" and level == "perfect":
                raise bad(f'move {n}: "by": "stray", but the level is perfect: it never strays')
            if fresh is not None:
                fresh()  # each move within a budget of its own, as play found the map's
            if policy is not None and by in ("map", "stray"):
                choose = policy.choose_key
                chosen = choose(board.key) if walk is None else walk.map_move(choose)
                if (by == "map") != (cell == chosen):
                    raise bad(
                        f'move {n}: "by": {by!r}, but the map\'s move here is cell {chosen}'
                        + ("" if by == "map" else ", so it did not stray")
                    )
            before = solver.outcome(board)
            after = board.play(cell)
            got, text = _value_after(solver, mark, after)
            name = f"{mark.upper()} {cell_name(geometry, cell)} ({cell})"
            lines.append(f"move {n}: {name} [{by}]: {text}")
            if by == "hold" and got.result < 0 <= before.result:
                who = mark.upper()
                raise bad(f'move {n}: "by": "hold", but the move loses where {who} could hold')
            if got.result < before.result:
                lost = "the win" if before.result > 0 else "the draw"
                mistakes.append(f"move {n} ({name}) lost {lost}")
            if walk is not None:
                walk.played(board, cell)
            board = after
            replayed.append(str(board))
            done[0] = n
    if positions != replayed:
        why = _first_difference(positions, replayed)
        raise bad(f'"positions" do not follow from the moves: {why}')
    result = result_of(board)
    claimed = doc.get("result")
    if claimed != result:
        raise bad(f'"result" is {_json(claimed)}, but the moves end in {result!r}')
    return GameAudit(geometry, result, lines, mistakes, unchecked)


def _text(doc: dict[str, Any], field: str, bad: Bad) -> str:
    value = doc.get(field)
    if not isinstance(value, str):
        raise bad(f"{field!r} is missing or not text")
    return value


def _parse(make: Callable[[], T], field: str, bad: Bad) -> T:
    try:
        return make()
    except UsageError as exc:
        raise bad(f"{field!r}: {exc}") from None


def _first_difference(claimed: list[Any], replayed: list[str]) -> str:
    for n, (a, b) in enumerate(zip(claimed, replayed, strict=False)):
        if a != b:
            return f"position {n} is {_json(a)}, the moves give {b}"
    if len(claimed) < len(replayed):
        return f"position {len(claimed)} ({replayed[len(claimed)]}) is missing"
    return f"{len(claimed) - len(replayed)} position(s) more than the moves make"


def _json(value: object) -> str:
    """A value of the log as JSON spells it (``true``, ``"x"``), escaped, cut short."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _move(move: object, n: int, bad: Bad) -> tuple[int, Mark, str]:
    """The cell, mark and ``by`` of one move; a JSON true is not a cell."""
    if not isinstance(move, dict):
        raise bad(f'move {n}: expected {{"mark": "x", "cell": 4, "by": "map"}}')
    cell, mark, by = move.get("cell"), move.get("mark"), move.get("by")
    if type(cell) is not int:
        raise bad(f'move {n}: "cell" is {_json(cell)}, not a cell number')
    if mark not in ("x", "o"):
        raise bad(f'move {n}: "mark" is {_json(mark)}, expected "x" or "o"')
    if by not in _BY:
        raise bad(f'move {n}: "by" is {_json(by)}, expected "map", "hold", "stray" or "player"')
    return cell, mark, by


class _OpeningBook(Exception):
    """A policy that would read an opening book's file."""


def _policy(text: str, geometry: Geometry, bad: Bad) -> tuple[Policy | None, str]:
    """The policy the log names, to compare the map's moves with; a log never makes
    ``check`` open a file, so a policy with an opening book is left uncompared."""

    def no_files(path: str) -> str:
        raise _OpeningBook(path)

    try:
        return parse_policy(text, geometry, locate=no_files), ""
    except _OpeningBook:
        return None, f"its policy {quote(text)} reads an opening book, which check does not open"
    except UsageError as exc:
        raise bad(f'"policy": {exc}') from None


def _value_after(solver: Solver, mark: Mark, after: Position) -> tuple[Outcome, str]:
    """The mover's outcome after a move, and the line that says it."""
    winner = after.winner()
    if winner is None and after.is_full:
        return Outcome(0, 1), "a draw: the board is full"
    if winner == mark:
        return Outcome(1, 1), f"{mark.upper()} wins"
    if winner is not None:  # under misère, the mover completed its own line
        return Outcome(-1, 1), f"{mark.upper()} completes a line: {winner.upper()} wins"
    theirs = solver.outcome(after)
    if theirs.result == 0:
        return theirs.after_move(), "a draw with best play"
    wins = mark if theirs.result < 0 else other(mark)
    return theirs.after_move(), f"{wins.upper()} wins in {plies(theirs.distance)} with best play"
