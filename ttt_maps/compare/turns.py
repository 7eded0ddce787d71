"""Maps turned to match: a map drawn rotated or mirrored so it lines up with another.

yorgey's map for X opens bottom-right and the comic's top-left: the same
move, turned. Drawn side by side as they are, nothing lines up; drawn with
yorgey's map turned half a turn, the two openings sit in the same cell and
the eye can follow both maps into the same sub-maps. ``best_turn`` picks,
among the symmetries that keep the common root where it is, the one under
which the most boards carry the same move in both maps.
"""

from __future__ import annotations

from collections.abc import Callable

from ttt_maps.game.geometry import Geometry, Permutation
from ttt_maps.language import N_, tr
from ttt_maps.reasons.facts import turned_template
from ttt_maps.trees.nodes import Node
from ttt_maps.trees.strategy import Strategy

#: What each symmetry does, by where it sends the cell at row r, column c of
#: a board with last row R and last column C.
_NAMES: tuple[tuple[str, Callable[[int, int, int, int], tuple[int, int]]], ...] = (
    (N_("turned 90°"), lambda r, c, R, C: (c, R - r)),
    (N_("turned 180°"), lambda r, c, R, C: (R - r, C - c)),
    (N_("turned 270°"), lambda r, c, R, C: (C - c, r)),
    (N_("mirrored left to right"), lambda r, c, R, C: (r, C - c)),
    (N_("mirrored top to bottom"), lambda r, c, R, C: (R - r, c)),
    (N_("mirrored on the diagonal"), lambda r, c, R, C: (c, r)),
    (N_("mirrored on the other diagonal"), lambda r, c, R, C: (C - c, R - r)),
)


def symmetry_name(geometry: Geometry, perm: Permutation) -> str:
    """How a reader would say what a symmetry does: ``turned 90°`` (clockwise),
    ``mirrored left to right``...; the identity is ``as it is``."""
    if list(perm) == list(range(geometry.size)):
        return tr("as it is")
    R, C, cols = geometry.rows - 1, geometry.cols - 1, geometry.cols
    for name, f in _NAMES:
        images = [f(r, c, R, C) for r in range(R + 1) for c in range(C + 1)]
        inside = all(0 <= a <= R and 0 <= b <= C for a, b in images)
        if inside and tuple(a * cols + b for a, b in images) == tuple(perm):
            return tr(name)
    return tr("turned")  # pragma: no cover - every symmetry of a board has a name above


def best_turn(reference: Strategy, other: Strategy) -> Permutation:
    """The symmetry that, applied to ``other``, keeps the root and lines up the most
    boards with the same move as in ``reference`` (the first such; the identity on a tie)."""
    root = reference.root.board
    mine = {b.key: m for b, m in reference.moves().items()}
    theirs = other.moves()
    best, score = reference.geometry.symmetries[0], -1
    for perm in reference.geometry.symmetries:
        if root.transformed(perm) != root:
            continue
        hits = sum(mine.get(b.transformed(perm).key) == perm[m] for b, m in theirs.items())
        if hits > score:
            best, score = perm, hits
    return best


def turned(strategy: Strategy, perm: Permutation) -> Strategy:
    """The strategy with every board and move turned by ``perm`` (for drawing only:
    its policy would not necessarily choose these moves on the turned boards), and
    its reasons with the cells as drawn."""
    if list(perm) == list(range(strategy.geometry.size)):
        return strategy
    memo: dict[int, Node] = {}

    def copy(node: Node) -> Node:
        hit = memo.get(id(node))
        if hit is None:
            kids = sorted(((perm[c], copy(k)) for c, k in node.children), key=lambda p: p[0])
            best = tuple(sorted(perm[c] for c in node.best))
            board = node.board.transformed(perm)
            why = None if node.why is None else turned_template(node.why, perm)
            hit = memo[id(node)] = Node(
                board, tuple(kids), node.chooses, node.cut, best, node.result, why=why
            )
        return hit

    s = strategy
    return Strategy(s.player, s.policy, copy(s.root), s.levels, s.notes)


def turned_key(geometry: Geometry, key: int, perm: Permutation) -> int:
    """A position's key (``Position.key``) after the board is turned by ``perm``."""
    g = geometry
    return g.transform(key & g.full, perm) | g.transform(key >> g.size, perm) << g.size
