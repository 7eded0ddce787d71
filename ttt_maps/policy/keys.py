"""The keys a policy chain is made of: each keeps some of the equally good moves.

A key is a filter over a position's optimal moves (``policy.Filter``);
``chains`` parses chains of them. The look-ahead keys ask the ``Policy`` they
belong to (``expected_at``, ``boards_below``), which memoises what they find.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from ttt_maps.game.geometry import Geometry
from ttt_maps.game.rules import rule_moves
from ttt_maps.policy.policy import TRAP_DRAWN_CELLS, Filter, Policy
from ttt_maps.solve.solver import mover

Score = Callable[[int], float | int | tuple[int, int]]


def _keep_best(moves: list[int], score: Score) -> list[int]:
    """The moves with the highest score; a lone move is kept unscored (scores that
    look ahead are the costly part of a chain, and their values do not change)."""
    if len(moves) == 1:
        return moves
    scored = [(score(m), m) for m in moves]
    best = max(scored)[0]
    return [m for s, m in scored if s == best]


def _prefer(cells: frozenset[int]) -> Filter:
    def key(policy: Policy, pos: int, moves: list[int]) -> list[int]:
        return [m for m in moves if m in cells] or moves

    return key


def _lines(policy: Policy, pos: int, moves: list[int]) -> list[int]:
    through = policy.geometry.lines_through
    most = max(through[m] for m in moves)
    return [policy.turned_first(pos, [m for m in moves if through[m] == most])]


def _fast(policy: Policy, pos: int, moves: list[int]) -> list[int]:
    # The opponent's score after a move: the lower, the better for the mover, in the
    # order of ``Outcome.rank`` (win soon > win late > draw > lose late > lose soon).
    if len(moves) == 1:
        return moves
    solver = policy.solver
    after = [solver.score(solver.play(pos, m)) for m in moves]
    lowest = min(after)
    return [m for m, s in zip(moves, after, strict=True) if s == lowest]


def _trap(policy: Policy, pos: int, moves: list[int]) -> list[int]:
    solver = policy.solver
    value = min(solver.move_results(pos).values())
    if value < 0:
        return moves  # won: every reply to a winning move loses, so every count is 0
    if not value and solver.geometry.size > TRAP_DRAWN_CELLS:
        return moves  # a drawn position of a bigger board (``TRAP_DRAWN_CELLS``)

    def non_losing(m: int) -> int:
        replies = solver.children(solver.play(pos, m))
        return sum(solver.result(after) <= 0 for _, after in replies)

    return _keep_best(moves, lambda m: -non_losing(m))


def _novice(policy: Policy, pos: int, moves: list[int]) -> list[int]:
    if min(policy.solver.move_results(pos).values()) < 0:
        # A won position: every optimal move wins against any reply, so each scores
        # 1 against the novice; the look-ahead would only confirm the tie.
        return moves
    me, play = mover(pos), policy.solver.play
    return _keep_best(moves, lambda m: round(policy.expected_at(play(pos, m), me), 12))


def _compact(policy: Policy, pos: int, moves: list[int]) -> list[int]:
    play = policy.solver.play
    return _keep_best(moves, lambda m: -policy.boards_below(play(pos, m)))


def _first(policy: Policy, pos: int, moves: list[int]) -> list[int]:
    return [min(moves)]


def _last(policy: Policy, pos: int, moves: list[int]) -> list[int]:
    return [max(moves)]


def _rules(policy: Policy, pos: int, moves: list[int]) -> list[int]:

    _, allowed = rule_moves(policy.solver.board(pos))
    return [m for m in moves if m in allowed] or moves


def random_key(seed: int) -> Filter:
    """``random:SEED``: the same choice per position for a seed, on every run."""

    def key(policy: Policy, pos: int, moves: list[int]) -> list[int]:
        board = policy.solver.board(pos)
        rng = random.Random(f"ttt-maps:{seed}:{board.geometry.name}:{board}")
        return [rng.choice(sorted(moves))]

    return key


def book_key(book: Mapping[int, int]) -> Filter:
    """``book:PATH``: the book's move where it gives an optimal one."""

    def key(policy: Policy, pos: int, moves: list[int]) -> list[int]:
        cell = book.get(pos)
        return [cell] if cell in moves else moves

    return key


def simple_keys(geometry: Geometry) -> dict[str, Filter]:
    """The keys that take no argument, by name (the cell classes depend on the board)."""
    return {
        "fast": _fast,
        "trap": _trap,
        "novice": _novice,
        "compact": _compact,
        "center": _prefer(geometry.centers),
        "corner": _prefer(geometry.corners),
        "edge": _prefer(geometry.edges),
        "lines": _lines,
        "first": _first,
        "last": _last,
        "rules": _rules,
    }
