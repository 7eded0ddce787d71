"""Why this optimal move and not another: which key of a policy's chain chose it.

A chain narrows the optimal moves key by key (``Policy.candidates``); the
reason names each key that narrowed them and the figure it weighed, for the
chosen move against the best move it set aside: ``fast: wins in 5 plies, not
7``, ``novice: expects 93% against a novice, against 86% at 5``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ttt_maps.game.position import Position, other
from ttt_maps.language import and_list, number, percent, tr, tr_n
from ttt_maps.policy.policy import Policy
from ttt_maps.reasons.facts import cell_mark, either, plain
from ttt_maps.solve.solver import mover, plies


@dataclass(frozen=True)
class TieBreak:
    """A policy's choice on one board and why: ``key`` is the key that settled it
    (None when only one move was optimal), ``text`` one line for people."""

    move: int
    key: str | None
    text: str
    #: ``text`` with its cells marked (``facts.plain``); not compared.
    template: str = field(default="", compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "text": self.text}


def _cells(cells: list[int]) -> str:
    return ", ".join(cell_mark(c) for c in cells)


def _figure(policy: Policy, pos: int, name: str, cell: int) -> tuple[float, str, int]:
    """What key ``name`` weighs for a move: its value (larger is better), the figure as
    shown, and the count the sentence's plural follows."""
    solver = policy.solver
    after = solver.play(pos, cell)
    me = mover(pos)
    if name == "fast":
        out = solver.outcome_of(after).after_move()
        value = float(-out.distance if out.result > 0 else out.distance)
        return value, plies(out.distance, after_in=out.result > 0), out.distance
    if name == "trap":
        replies = solver.children(after)
        safe = sum(solver.result(child) <= 0 for _, child in replies)
        return -safe, str(safe), len(replies)
    if name == "novice":
        value = round(policy.expected_at(after, me), 12)
        return value, percent(value, 1), 0
    boards = policy.boards_below(after)
    return -boards, number(boards), boards


def _sentence(policy: Policy, pos: int, key: str, name: str, move: int, rival: int) -> str:
    """Key ``key`` (short name ``name``) weighing ``move`` against ``rival``, the best move it
    set aside: ``fast: wins in 5 plies, not 7 plies (at 3)``."""
    _, mine, count = _figure(policy, pos, name, move)
    theirs = _figure(policy, pos, name, rival)[1]
    said = {"key": key, "mine": mine, "theirs": theirs, "cell": cell_mark(rival)}
    if name == "fast":
        if policy.solver.outcome_of(policy.solver.play(pos, move)).after_move().result > 0:
            return tr("{key}: wins in {mine}, not {theirs} (at {cell})", **said)
        return tr("{key}: holds out {mine}, not {theirs} (at {cell})", **said)
    if name == "trap":
        return tr_n(
            "{key}: leaves {opponent} {mine} of {n} reply that holds, not {theirs} (at {cell})",
            "{key}: leaves {opponent} {mine} of {n} replies that hold, not {theirs} (at {cell})",
            count,
            n=str(count),
            opponent=other(mover(pos)).upper(),
            **said,
        )
    if name == "novice":
        return tr("{key}: expects {mine} against a novice, not {theirs} (at {cell})", **said)
    return tr_n(
        "{key}: leaves {mine} board to draw, not {theirs} (at {cell})",
        "{key}: leaves {mine} boards to draw, not {theirs} (at {cell})",
        count,
        **said,
    )


def _order_words(name: str, cells: list[int]) -> str:
    """What ``first`` or ``last`` weighed, for a template: the lowest or highest cell
    number as numbered, and for a turned board (whose numbers are not the map's) the map's
    own order."""
    among = and_list([cell_mark(c) for c in cells])
    if name == "first":
        numbered = tr("the lowest of {cells}", cells=_cells(cells))
        turned = tr(
            "of {cells}, the first in the map's own cell order (before the turn)", cells=among
        )
    else:
        numbered = tr("the highest of {cells}", cells=_cells(cells))
        turned = tr(
            "of {cells}, the last in the map's own cell order (before the turn)", cells=among
        )
    return either(numbered, turned)


def tie_break(policy: Policy, board: Position) -> TieBreak:
    """The move ``policy`` chooses on ``board`` and the keys that chose it."""
    steps = policy.candidates(board)
    move = steps[-1][0]
    if len(steps[0]) == 1:
        only = tr("{cell} is the only optimal move", cell=cell_mark(move))
        return TieBreak(move, None, plain(only), only)
    parts: list[str] = []
    decided: str | None = None
    for key, before, kept in zip(policy.keys, steps, steps[1:], strict=False):
        if len(kept) == len(before):
            continue
        name = key.text.split(":")[0]
        dropped = [c for c in before if c not in kept]
        decided = key.text
        if name in ("fast", "trap", "novice", "compact"):
            rival = max(dropped, key=lambda c: (_figure(policy, board.key, name, c)[0], -c))
            parts.append(_sentence(policy, board.key, key.text, name, move, rival))
        elif name == "center":
            parts.append(tr("center: a centre cell, unlike {cells}", cells=_cells(dropped)))
        elif name == "corner":
            parts.append(tr("corner: a corner, unlike {cells}", cells=_cells(dropped)))
        elif name == "edge":
            parts.append(tr("edge: an edge, unlike {cells}", cells=_cells(dropped)))
        elif name in ("first", "last"):
            parts.append(tr("{key}: {words}", key=name, words=_order_words(name, before)))
        elif name == "random":
            parts.append(
                tr("{key}: a seeded pick among {cells}", key=key.text, cells=_cells(before))
            )
        elif name == "lines":
            count = policy.geometry.lines_through[move]
            parts.append(tr("{key}: the cell on the most lines ({count})", key=name, count=count))
        elif name == "rules":
            parts.append(tr("rules: the rule player's move, unlike {cells}", cells=_cells(dropped)))
        elif key.text == "book:xkcd":
            parts.append(tr("book: the xkcd opening"))
        else:
            parts.append(tr("{key}: the opening book's move", key=key.text))
        if len(kept) == 1:
            break
    template = parts[0]
    for part in parts[1:]:
        template = tr("{clause}; {next}", clause=template, next=part)
    return TieBreak(move, decided, plain(template), template)
