"""Tie-break policies side by side: their trees and a summary of what each map holds.

People argue about which optimal move to prefer; this module makes the
argument countable. Every policy's tree is built for the same player from
the same root, and each row counts a map's facts and the positions where it
plays differently from the first map, up to rotation and reflection
(``ttt_maps.compare.differences``). The literal count, of boards where the
chosen cell itself differs, is kept beside it: a map turned 90 degrees
differs literally almost everywhere and up to symmetry nowhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ttt_maps.compare.differences import Comparison, compare_all
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Mark, Position
from ttt_maps.trees.size import MAX_BOARDS
from ttt_maps.trees.strategy import Strategy, build_strategy

# -- the trees ---------------------------------------------------------------


def build_strategies(
    policies: Sequence[str],
    player: Mark | str = "x",
    root: Position | str | None = None,
    geometry: Geometry = STANDARD,
    fold: bool = False,
) -> list[Strategy]:
    """One tree per policy, same player, root and board; at least two policies
    (``fold``: folded trees, drawn folded)."""
    if len(policies) < 2:
        given = ", ".join(policies) or "none"
        raise UsageError(f"compare needs at least two policies, got {len(policies)} ({given})")
    seen: set[str] = set()
    for chain in policies:
        if chain.strip().lower() in seen:
            raise UsageError(f"policy {chain!r} is given twice: compare different policies")
        seen.add(chain.strip().lower())
    return [
        build_strategy(player, chain, root, geometry, max_boards=MAX_BOARDS, fold=fold)
        for chain in policies
    ]


def differing(first: Strategy, other: Strategy) -> dict[Position, tuple[int, int]]:
    """Boards both trees hold literally where ``other`` chooses another cell than
    ``first`` (the literal count; ``differences`` compares up to symmetry).

    Values are (first's cell, other's cell); keys sorted by plies, then board.
    """
    mine = first.moves()
    theirs = other.moves()
    found = {b: (mine[b], c) for b, c in theirs.items() if b in mine and mine[b] != c}
    return dict(sorted(found.items(), key=lambda kv: (kv[0].count, str(kv[0]))))


def unlike(strategies: Sequence[Strategy]) -> str | None:
    """Why maps cannot be compared (where they enter, the surface says so), or ``None``:
    two at least, of one game, for one player from one position."""
    if len(strategies) < 2:
        return f"a comparison needs two maps or more, not {len(strategies)}"
    first = strategies[0]
    for s in strategies[1:]:
        if s.geometry != first.geometry:
            return (
                f"the maps must be of one game; got {first.geometry.describe()} and "
                f"{s.geometry.describe()}"
            )
        if s.player != first.player or s.root.board != first.root.board:
            return (
                "every map must be for the same player from the same position; got "
                f"{first.player} from {first.root.board} and {s.player} from {s.root.board}"
            )
    return None


def compared(
    strategies: Sequence[Strategy],
    labels: Sequence[str] | None,
    comparisons: Sequence[Comparison] | None,
) -> tuple[list[str], Sequence[Comparison]]:
    """Where every view of a comparison starts: the names of the maps (alike, as their
    surface checked), and their differences (``compare_all``, unless the caller has
    them)."""
    names = [s.policy.name for s in strategies] if labels is None else list(labels)
    return names, compare_all(strategies) if comparisons is None else comparisons


# -- the summary -------------------------------------------------------------


@dataclass(frozen=True)
class SummaryRow:
    """One policy's line of the comparison's summary.

    ``positions`` counts the different positions where the player chooses;
    ``choices`` (the player's red moves), ``boards``, ``depth`` and
    ``wins``/``draws``/``losses`` count the tree as drawn, where a position
    reached two ways appears twice. ``traps``: opponent replies, over
    every opponent-to-move node of the tree, after which the opponent's
    position is lost. ``expected``: the expected score (1 / 0.5 / 0) against
    the novice opponent (wins or blocks when it can, else moves at random).
    ``differs``: positions, up to rotation and reflection, where this map's
    move leads elsewhere than the first map's (``Comparison``);
    ``differs_literally``: boards both maps hold where the chosen cells differ.
    """

    label: str
    chain: str
    positions: int
    choices: int
    boards: int
    depth: int
    wins: int
    draws: int
    losses: int
    traps: int
    expected: float
    differs: int
    differs_literally: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "policy": self.label,
            "chain": self.chain,
            "positions": self.positions,
            "choices": self.choices,
            "boards": self.boards,
            "depth": self.depth,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "traps": self.traps,
            "expected": round(self.expected, 6),
            "differs": self.differs,
            "differs_literally": self.differs_literally,
        }


def traps(strategy: Strategy) -> int:
    """Opponent replies that lose, summed over the tree's opponent-to-move nodes."""
    solver = strategy.policy.solver
    me = strategy.player
    lost: dict[int, int] = {}

    def count(node_board: Position, replies: Sequence[Position]) -> int:
        hit = lost.get(node_board.key)
        if hit is None:
            hit = sum(1 for b in replies if b.to_move == me and solver.result(b.key) > 0)
            lost[node_board.key] = hit
        return hit

    total = 0
    stack = [strategy.root]
    while stack:
        node = stack.pop()
        if node.children and not node.chooses and not node.cut:
            total += count(node.board, [child.board for _, child in node.children])
        stack.extend(child for _, child in node.children)
    return total


def compare_summary(
    strategies: Sequence[Strategy],
    labels: Sequence[str] | None = None,
    comparisons: Sequence[Comparison] | None = None,
) -> list[SummaryRow]:
    """One row per strategy; the first is the reference for ``differs``.

    ``comparisons`` are ``compare_all(strategies)`` when the caller has them.
    """
    names, found = compared(strategies, labels, comparisons)
    first = strategies[0]
    counts = [0, *(len(c.keys) for c in found)]
    rows = []
    for name, s, count in zip(names, strategies, counts, strict=True):
        f = s.facts
        rows.append(
            SummaryRow(
                label=name,
                chain=s.policy.name,
                positions=f.positions,
                choices=f.choices,
                boards=f.boards,
                depth=f.depth,
                wins=f.wins,
                draws=f.draws,
                losses=f.losses,
                traps=traps(s),
                expected=s.policy.expected(s.root.board, s.player),
                differs=count,
                differs_literally=len(differing(first, s)),
            )
        )
    return rows
