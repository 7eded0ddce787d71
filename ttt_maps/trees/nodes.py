"""The nodes of the trees that maps draw, and what a tree holds, counted.

A strategy tree (``strategy``) and the whole game's tree (``whole``) are made of
the same ``Node``; ``count`` sums a tree's lines of play for ``Facts``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from ttt_maps.game.position import Mark, Position

if TYPE_CHECKING:  # an unfolded tree never loads the folding
    from ttt_maps.game.symmetry import Fold


class Node:
    """A position in the tree and the moves drawn from it.

    At the player's turn ``children`` holds one pair (the chosen cell and its
    position); at the opponent's turn, every legal reply; none once the game
    is over. Where the tree was built to a depth, the last positions it
    reaches are ``cut``: the game goes on, and the node holds its replies
    only as far as a map shows them (a reply that ends the game, as its
    finished position; one that goes on, as a cut node without replies).

    What a drawing needs beyond the moves is recorded when the tree is built,
    on request (``Strategy.noted``): ``best``, every optimal cell at a
    position where the player chooses (the map's faint alternatives), and
    ``result``, the win (1), draw (0) or loss (-1) of the side to move (its
    outcome tint); ``why``, at a position where the player chooses, the reason
    for the chosen move and the key that chose it (``--explain``), its cells marked
    (``facts.plain`` reads it as numbered, ``turned_template`` turns it). In a folded
    tree (``--fold``) a position's ``children`` are the representatives of its
    replies and ``folds`` the replies drawn as them, turned (``symmetry.Fold``). A
    plain slotted class, not a dataclass: trees make thousands of nodes and
    every start-up would pay for the generated methods. Equality is identity;
    treat nodes as read-only.
    """

    __slots__ = ("best", "board", "children", "chooses", "cut", "folds", "result", "why")
    board: Position
    children: tuple[tuple[int, Node], ...]
    chooses: bool
    cut: bool
    best: tuple[int, ...]
    result: int | None
    folds: tuple[Fold, ...]
    why: str | None

    def __init__(
        self,
        board: Position,
        children: tuple[tuple[int, Node], ...],
        chooses: bool,
        cut: bool = False,
        best: tuple[int, ...] = (),
        result: int | None = None,
        folds: tuple[Fold, ...] = (),
        why: str | None = None,
    ) -> None:
        self.board = board
        self.children = children
        self.chooses = chooses
        self.cut = cut
        self.best = best
        self.result = result
        self.folds = folds
        self.why = why

    @property
    def move(self) -> int | None:
        """The player's chosen cell here, if the player is to move."""
        return self.children[0][0] if self.chooses else None

    def walk(self) -> Iterator[Node]:
        """Every node, depth first, moves in cell order."""
        yield self
        for _, child in self.children:
            yield from child.walk()


class Facts(NamedTuple):
    """What a tree holds, for ``stats``, ``compare`` and the tests.

    Counted over the lines of play (a position reached two ways counts
    twice, as the map draws it twice); ``positions`` counts the player's
    positions once each; ``cut`` counts lines that a depth-limited tree stops
    before the game ends.
    """

    choices: int
    positions: int
    wins: int
    draws: int
    losses: int
    depth: int
    boards: int
    cut: int = 0


#: A subtree's (choices, wins, draws, losses, cut, depth), counted over its paths.
Counts = tuple[int, int, int, int, int, int]
_WIN: Counts = (0, 1, 0, 0, 0, 0)
_DRAW: Counts = (0, 0, 1, 0, 0, 0)
_LOSS: Counts = (0, 0, 0, 1, 0, 0)
_CUT: Counts = (0, 0, 0, 0, 1, 0)


def count(node: Node, player: Mark, memo: dict[int, Counts], keys: set[int]) -> Counts:
    """Counts below ``node``; trees share subtrees, so each is summed once (memo by id).
    A cut node is one line cut short, whatever replies it records."""
    hit = memo.get(id(node))
    if hit is not None:
        return hit
    if node.cut:
        counts = _CUT
    elif not node.children:
        w = node.board.winner()
        counts = _DRAW if w is None else _WIN if w == player else _LOSS
    else:
        choices = wins = draws = losses = cut = depth = 0
        for _, child in node.children:
            c, wi, dr, lo, cu, de = count(child, player, memo, keys)
            choices += c
            wins += wi
            draws += dr
            losses += lo
            cut += cu
            if de > depth:
                depth = de
        if node.chooses:
            choices += 1
            keys.add(node.board.key)
        counts = (choices, wins, draws, losses, cut, depth + 1)
    memo[id(node)] = counts
    return counts
