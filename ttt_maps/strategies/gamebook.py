"""The strategy in words: a gamebook with one numbered section per position where the
map's player chooses.

A reader starts at §1, plays the move it gives, and goes, for the reply the
opponent makes, to the section it names, as in the printed gamebooks of old
("if O plays here, turn to page N"). A position that two move orders reach is
one section (the tree shares its node). In a folded strategy the replies that
are turns of each other share a section, and the reply says how to turn the
board to read it there.

This module holds what the book says; ``bookwriters`` sets it as Markdown or
plain text, and ``draw/bookpages`` as the pages of a PDF. The words about a
move come from ``move_reason``, the one place that says why a move is played.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from ttt_maps.game.board import Board, Mark, other
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.names import cell_name
from ttt_maps.game.symmetry import inverse, turn_names
from ttt_maps.solve.registry import solver_for
from ttt_maps.strategies.chains import PRESETS, preset_chain
from ttt_maps.strategies.nodes import Node
from ttt_maps.strategies.tree import Strategy

#: How a reader turns a board, by the short name of the symmetry (``turn_names``).
TURN_WORDS = {
    "h": "mirror the board left to right",
    "v": "mirror the board top to bottom",
    "r180": "turn the board half a turn",
    "d": "mirror the board in the diagonal from top-left to bottom-right",
    "a": "mirror the board in the diagonal from top-right to bottom-left",
    "r90": "turn the board a quarter turn clockwise",
    "r270": "turn the board a quarter turn anticlockwise",
}


class Reply(NamedTuple):
    """One opponent reply: where it goes (``target``, a section number) or how the game
    ended there (``ending``); ``turn``: how to turn the board to read the target
    (a folded book), else empty."""

    cell: int
    target: int | None
    ending: str
    turn: str = ""


class Section(NamedTuple):
    """A position where the player chooses: the move, its words, and the replies."""

    number: int
    board: Board
    move: int
    reason: str
    ending: str  # how the game ends with the move, if it does
    replies: tuple[Reply, ...]

    @property
    def move_number(self) -> int:
        """The move of the game the player makes here (1 for X's first)."""
        return self.board.count + 1


class Book(NamedTuple):
    """A whole gamebook: who plays, under which policy, on which board, from where.

    ``opening`` holds the opponent's first replies when the root is the
    opponent's turn (O's book from the empty board); ``finished`` says how the
    game ended when the root is over already.
    """

    player: Mark
    policy: str
    root: Board
    folded: bool
    sections: tuple[Section, ...]
    opening: tuple[Reply, ...]
    finished: str

    @property
    def geometry(self) -> Geometry:
        return self.root.geometry


def cell_words(geometry: Geometry, cell: int) -> str:
    """A cell as a player says it: ``the top-left corner``, ``the centre``, ``the top
    edge`` on 3x3; ``row 2, column 3`` elsewhere."""
    name = cell_name(geometry, cell)
    return name if geometry.rows != 3 or geometry.cols != 3 else f"the {name}"


def policy_words(strategy: Strategy) -> str:
    """The policy as a reader knows it: a preset's name with its chain, or the chain."""
    name = strategy.policy.name
    for preset in PRESETS:
        chain = preset_chain(preset, strategy.geometry)
        if name in (chain, f"{chain},first"):
            return f"{preset} ({name})"
    return name


def outcome(node: Node, player: Mark, memo: dict[int, int]) -> int:
    """The result for ``player`` below ``node`` against the best replies: 1, 0 or -1.

    Read off the tree, whose moves are optimal: the player's node is worth its
    move, the opponent's the worst of its replies."""
    hit = memo.get(id(node))
    if hit is None:
        if not node.children:
            winner = node.board.winner()
            hit = 0 if winner is None else 1 if winner == player else -1
        else:
            values = [outcome(child, player, memo) for _, child in node.children]
            hit = values[0] if node.chooses else min(values)
        memo[id(node)] = hit
    return hit


def move_reason(board: Board, cell: int, result: int) -> str:
    """Why the player plays ``cell`` on ``board``: the move's reason (``explain``: the
    line it completes or blocks, the fork, the forcing line...), said after "X plays
    the centre (4): ", else its outcome with best play. (A line that loses, under
    misère, is the reason's: the player had no other move.)

    The one place a gamebook's words about a move come from."""
    after = board.play(cell)
    winner = after.winner()
    if winner == board.to_move:
        return "wins at once"
    if winner is None and after.is_over:
        return "fills the board: a draw"
    from ttt_maps.strategies.explain import explain_key

    outcome = {1: "wins whatever the reply", 0: "holds the draw", -1: "holds out longest"}
    why = explain_key(solver_for(board.geometry), board.key, cell, deep=False)
    who = f"{board.to_move.upper()} "
    if why.code in ("hold", "keep-win", "resist") or not why.text.startswith(who):
        return outcome[result]
    return why.text.removeprefix(who).rstrip(".")


def ending_words(board: Board) -> str:
    """How a finished game ended: ``X wins`` or ``a draw``."""
    winner = board.winner()
    return "a draw" if winner is None else f"{winner.upper()} wins"


def build_book(strategy: Strategy) -> Book:
    """The gamebook of a strategy: sections numbered in reading order (breadth first:
    every section of a move before the next move's), replies in cell order."""
    player, root = strategy.player, strategy.root
    g = strategy.geometry
    names = turn_names(g)
    memo: dict[int, int] = {}
    numbers: dict[int, int] = {}
    order: list[Node] = []
    queue: deque[Node] = deque()

    def number(node: Node) -> int:
        if id(node) not in numbers:
            numbers[id(node)] = len(order) + 1
            order.append(node)
            queue.append(node)
        return numbers[id(node)]

    def replies(node: Node) -> tuple[Reply, ...]:
        """Every reply at the opponent's ``node``, folded ones with their turn."""
        out: list[Reply] = []
        drawn = dict(node.children)
        for cell, child in node.children:
            out.append(_reply(cell, child, ""))
        for fold in node.folds:
            # The reader's board is the section's turned by ``fold.turn``: undo it.
            back = names[inverse(g, fold.turn)]
            out.append(_reply(fold.cell, drawn[fold.rep], TURN_WORDS.get(back, "")))
        return tuple(sorted(out))

    def _reply(cell: int, child: Node, turn: str) -> Reply:
        if child.chooses:
            return Reply(cell, number(child), "", turn)
        if child.cut or child.children:  # pragma: no cover - a tree built to every end
            return Reply(cell, None, "the book stops here", "")
        return Reply(cell, None, ending_words(child.board), "")

    opening: tuple[Reply, ...] = ()
    finished = ""
    if root.chooses:
        number(root)
    elif root.children:
        opening = replies(root)
    else:
        finished = ending_words(root.board)
    sections: list[Section] = []
    while queue:
        node = queue.popleft()
        cell, after = node.children[0]
        ends = "" if after.children or after.cut else ending_words(after.board)
        reason = move_reason(node.board, cell, outcome(node, player, memo))
        section = Section(numbers[id(node)], node.board, cell, reason, ends, replies(after))
        sections.append(section)
    return Book(
        player, policy_words(strategy), root.board, strategy.folded, tuple(sections), opening,
        finished,
    )  # fmt: skip


def mover(book: Book) -> tuple[str, str]:
    """The book's player and the opponent, as the text names them: ``X``, ``O``."""
    return book.player.upper(), other(book.player).upper()
