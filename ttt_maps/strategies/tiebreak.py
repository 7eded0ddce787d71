"""Why this optimal move and not another: which key of a policy's chain chose it.

A chain narrows the optimal moves key by key (``Policy.candidates``); the
reason names each key that narrowed them and the figure it weighed, for the
chosen move against the best move it set aside: ``fast: wins in 5 plies, not
7``, ``novice: expects 93% against a novice, against 86% at 5``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ttt_maps.game.board import Board, other
from ttt_maps.solve.solver import mover, plies
from ttt_maps.strategies.policy import Policy
from ttt_maps.strategies.whyfacts import and_list, cell_mark, either, plain


@dataclass(frozen=True)
class TieBreak:
    """A policy's choice on one board and why: ``key`` is the key that settled it
    (None when only one move was optimal), ``text`` one line for people."""

    move: int
    key: str | None
    text: str
    #: ``text`` with its cells marked (``whyfacts.plain``); not compared.
    template: str = field(default="", compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "text": self.text}


def _cells(cells: list[int]) -> str:
    return ", ".join(cell_mark(c) for c in cells)


def _figure(policy: Policy, pos: int, name: str, cell: int) -> tuple[float, str, str]:
    """What key ``name`` weighs for a move: its value (larger is better), the figure as
    shown, and the sentence it goes in (the chosen move's figure, the rival's, its cell)."""
    solver = policy.solver
    after = solver.play(pos, cell)
    me = mover(pos)
    if name == "fast":
        out = solver.outcome_of(after).after_move()
        if out.result > 0:
            return -out.distance, plies(out.distance), "wins in {}, not {} (at {})"
        return out.distance, plies(out.distance), "holds out {}, not {} (at {})"
    if name == "trap":
        replies = solver.children(after)
        safe = sum(solver.result(child) <= 0 for _, child in replies)
        them = other(me).upper()
        return (
            -safe,
            str(safe),
            f"leaves {them} {{}} of {len(replies)} replies that hold, not {{}} (at {{}})",
        )
    if name == "novice":
        value = round(policy.expected_at(after, me), 12)
        return value, f"{value:.1%}", "expects {} against a novice, not {} (at {})"
    boards = policy.boards_below(after)
    return -boards, str(boards), "leaves {} boards to draw, not {} (at {})"


def tie_break(policy: Policy, board: Board) -> TieBreak:
    """The move ``policy`` chooses on ``board`` and the keys that chose it."""
    steps = policy.candidates(board)
    move = steps[-1][0]
    if len(steps[0]) == 1:
        only = f"{cell_mark(move)} is the only optimal move"
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
            _, mine, sentence = _figure(policy, board.key, name, move)
            rival = max(dropped, key=lambda c: (_figure(policy, board.key, name, c)[0], -c))
            theirs = _figure(policy, board.key, name, rival)[1]
            parts.append(f"{key.text}: " + sentence.format(mine, theirs, cell_mark(rival)))
        elif name in ("center", "corner", "edge"):
            word = {"center": "a centre cell", "corner": "a corner", "edge": "an edge"}[name]
            parts.append(f"{name}: {word}, unlike {_cells(dropped)}")
        elif name in ("first", "last"):
            word = "lowest" if name == "first" else "highest"
            among = and_list([cell_mark(c) for c in before])
            turned = f"of {among}, the {name} in the map's own cell order (before the turn)"
            parts.append(f"{name}: " + either(f"the {word} of {_cells(before)}", turned))
        elif name == "random":
            parts.append(f"{key.text}: a seeded pick among {_cells(before)}")
        elif name == "rules":
            parts.append(f"rules: the rule player's move, unlike {_cells(dropped)}")
        elif key.text == "book:xkcd":
            parts.append("book: the xkcd opening")
        else:
            parts.append(f"{key.text}: the book's move")
        if len(kept) == 1:
            break
    template = "; ".join(parts)
    return TieBreak(move, decided, plain(template), template)
