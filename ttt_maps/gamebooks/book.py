"""The strategy in words: a gamebook with one numbered section per position where the
map's player chooses.

A reader starts at §1, plays the move it gives, and goes, for the reply the
opponent makes, to the section it names, as in the printed gamebooks of old
("if O plays here, turn to page N"). A position that two move orders reach is
one section (the tree shares its node). In a folded strategy the replies that
are turns of each other share a section, and the reply says how to turn the
board to read it there.

This module holds what the gamebook says; ``text`` sets it as
Markdown or plain text, and ``draw/gamebook_pages`` as the pages of a PDF. The
words about a move come from ``move_reason``, the one place that says why a
move is played.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from ttt_maps.errors import UsageError
from ttt_maps.game.cell_names import cell_to
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Mark, Position, other
from ttt_maps.game.symmetry import inverse, turn_names
from ttt_maps.language import N_, tr
from ttt_maps.policy.chains import PRESETS, preset_chain
from ttt_maps.reasons.explain import explain_key
from ttt_maps.solve.registry import solver_for
from ttt_maps.trees.nodes import Node
from ttt_maps.trees.strategy import Strategy

#: How a reader turns a board, by the short name of the symmetry (``turn_names``).
TURN_WORDS = {
    "h": N_("mirror the board left to right"),
    "v": N_("mirror the board top to bottom"),
    "r180": N_("turn the board half a turn"),
    "d": N_("mirror the board in the diagonal from top-left to bottom-right"),
    "a": N_("mirror the board in the diagonal from top-right to bottom-left"),
    "r90": N_("turn the board a quarter turn clockwise"),
    "r270": N_("turn the board a quarter turn anticlockwise"),
}


class Reply(NamedTuple):
    """One opponent reply: where it goes (``target``, a section number) or how the game
    ended there (``ending``); ``turn``: how to turn the board to read the target
    (a folded gamebook), else empty."""

    cell: int
    target: int | None
    ending: str
    turn: str = ""


class Section(NamedTuple):
    """A position where the player chooses: the move, its words, and the replies."""

    number: int
    board: Position
    move: int
    reason: str
    ending: str  # how the game ends with the move, if it does
    replies: tuple[Reply, ...]

    @property
    def move_number(self) -> int:
        """The move of the game the player makes here (1 for X's first)."""
        return self.board.count + 1


class Gamebook(NamedTuple):
    """A whole gamebook: who plays, under which policy, on which board, from where.

    ``opening`` holds the opponent's first replies when the root is the
    opponent's turn (O's gamebook from the empty board). A gamebook always has a
    section: ``build_gamebook`` refuses a strategy without a move to choose.
    """

    player: Mark
    policy: str
    root: Position
    folded: bool
    sections: tuple[Section, ...]
    opening: tuple[Reply, ...]

    @property
    def geometry(self) -> Geometry:
        return self.root.geometry


def cell_words(geometry: Geometry, cell: int) -> str:
    """A cell as a player says it: ``the top-left corner``, ``the centre``, ``the top
    edge`` on 3x3; ``the cell in row 2, column 3`` elsewhere (the form of a cell a move
    goes to: ``game.cell_names.cell_to``)."""
    return cell_to(geometry, cell)


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


def move_reason(board: Position, cell: int, result: int) -> str:
    """Why the player plays ``cell`` on ``board``, as a whole sentence said after "X plays
    the centre (cell 4).": the move's reason (``explain``: the line it completes or
    blocks, the fork, the forcing line...), else what it achieves with best play. (A
    line that loses, under misère, is the reason's: the player had no other move.)

    The one place a gamebook's words about a move come from."""
    who = board.to_move.upper()
    after = board.play(cell)
    if after.is_over and after.winner() is None:  # the section's ending then says a draw
        return tr("{player} fills the board.", player=who)
    why = explain_key(solver_for(board.geometry), board.key, cell, deep=False)
    if after.winner() == board.to_move and why.code != "win":
        return tr("{player} wins at once.", player=who)
    if why.code in ("hold", "keep-win", "resist"):
        return tr(OUTCOME_WORDS[result], player=who)
    return why.text


#: What a move achieves with best play, said after "X plays the centre (cell 4).", for a
#: move whose reason is only its value: by the result for the player (1, 0, -1).
OUTCOME_WORDS = {
    1: N_("{player} wins whatever the reply."),
    0: N_("{player} holds the draw."),
    -1: N_("{player} holds out longest."),
}


def ending_words(board: Position) -> str:
    """How a finished game ended, as a sentence: ``The game is over: X wins.``"""
    winner = board.winner()
    if winner is None:
        return tr("The game is over: it is a draw.")
    return tr("The game is over: {player} wins.", player=winner.upper())


def build_gamebook(strategy: Strategy) -> Gamebook:
    """The gamebook of a strategy: sections numbered in reading order (breadth first:
    every section of a move before the next move's), replies in cell order. A strategy
    in which its player never chooses a move (the game is over, or ends before the
    player's turn) has no gamebook: a ``UsageError`` says why (``no_gamebook``)."""
    why_not = no_gamebook(strategy)
    if why_not:
        raise UsageError(f"a gamebook from {strategy.root.board}: {why_not}")
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
            # The reader's board is the section's turned by ``Fold.turn``: undo it.
            back = names[inverse(g, fold.turn)]
            turn = TURN_WORDS.get(back)
            out.append(_reply(fold.cell, drawn[fold.rep], tr(turn) if turn else ""))
        return tuple(sorted(out))

    def _reply(cell: int, child: Node, turn: str) -> Reply:
        if child.chooses:
            return Reply(cell, number(child), "", turn)
        if child.cut or child.children:  # pragma: no cover - a tree built to every end
            return Reply(cell, None, tr("The gamebook stops here."), "")
        return Reply(cell, None, ending_words(child.board), "")

    opening: tuple[Reply, ...] = ()
    if root.chooses:
        number(root)
    else:
        opening = replies(root)
    sections: list[Section] = []
    while queue:
        node = queue.popleft()
        cell, after = node.children[0]
        ends = "" if after.children or after.cut else ending_words(after.board)
        reason = move_reason(node.board, cell, outcome(node, player, memo))
        section = Section(numbers[id(node)], node.board, cell, reason, ends, replies(after))
        sections.append(section)
    policy = policy_words(strategy)
    return Gamebook(player, policy, root.board, strategy.folded, tuple(sections), opening)


def no_gamebook(strategy: Strategy) -> str:
    """Why a strategy has no gamebook (its player never chooses a move: the game is over,
    or every move before the player's turn ends it), or "" when it has one."""
    root, who = strategy.root, strategy.player.upper()
    if not root.children:
        winner = root.board.winner()
        ended = "a draw" if winner is None else f"{winner.upper()} wins"
        return f"the game is over ({ended}); {who} has no move to choose"
    if root.chooses or any(child.chooses for _, child in root.children):
        return ""
    return f"{who} never moves: every move {other(strategy.player).upper()} can make ends the game"


def mover(gamebook: Gamebook) -> tuple[str, str]:
    """The gamebook's player and the opponent, as the text names them: ``X``, ``O``."""
    return gamebook.player.upper(), other(gamebook.player).upper()
