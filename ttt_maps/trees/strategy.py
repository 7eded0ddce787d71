"""Strategy trees: one chosen move at the player's turn, every reply at the other's.

This is what a map draws. The tree is built from a policy
and exported as ``ttt-maps/strategy@1`` JSON; ``ttt_maps.audit.strategy`` reads such a
file back and checks it against the solved game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Mark, Position, parse_mark
from ttt_maps.language import current, tr
from ttt_maps.policy.chains import parse_policy
from ttt_maps.policy.policy import Policy
from ttt_maps.policy.tiebreak import tie_break
from ttt_maps.reasons.explain import explain_key
from ttt_maps.solve.folding import folder_for
from ttt_maps.solve.solver import Solver
from ttt_maps.trees.nodes import Counts, Facts, Node, count
from ttt_maps.trees.size import plan_map

if TYPE_CHECKING:
    from ttt_maps.game.symmetry import Fold
    from ttt_maps.solve.folding import Folder

FORMAT = "ttt-maps/strategy@1"


class Notes(NamedTuple):
    """What a tree's nodes record for a drawing beyond the moves: the other best moves
    (``Node.best``, for alternatives), the outcome (``Node.result``, for outcomes) and
    the reason (``Node.why``, for explain), with the language its words were said in
    (``said_in``: reasons are noted again in another)."""

    best: bool = False
    result: bool = False
    why: bool = False
    said_in: str = ""

    @classmethod
    def asked(cls, best: bool, result: bool, why: bool) -> Notes:
        """The notes a drawing asks for, its reasons in the language in force."""
        return cls(best, result, why, current() if why else "")


#: A tree that records the moves alone.
MOVES_ONLY = Notes()

#: How a strategy draws itself as SVG for ``_repr_svg_``. The public API puts
#: its renderer here when it loads (``show_with``): drawing comes later in the
#: flow than trees, so this stage never imports it.
_RENDERERS: list[Callable[[Strategy], str]] = []


def show_with(render: Callable[[Strategy], str]) -> None:
    """Let every strategy show itself as SVG (in a notebook) through ``render``."""
    _RENDERERS[:] = [render]


class Strategy:
    """A player's strategy tree from a root, drawn under one policy (equality is identity).

    ``notes`` says what the nodes record beyond the moves (``Notes``); a
    drawing that needs more asks for a ``noted`` copy. ``folded``: equivalent
    replies are drawn once (``solve.folding``).
    """

    def __init__(
        self,
        player: Mark,
        policy: Policy,
        root: Node,
        levels: tuple[int, ...] = (),
        notes: Notes = MOVES_ONLY,
        folded: bool = False,
    ) -> None:
        self.player = player
        self.policy = policy
        self.root = root
        #: Boards the map draws at each level (its root is level 0).
        self.levels = levels
        self.notes = notes
        self.folded = folded
        #: The limit of boards that cut the map less deep than asked (no depth was asked
        #: for and the whole map passes it: ``size.plan_map``), else None.
        self.limit: int | None = None
        #: Whether it was cut where its deeper moves are not solved within the search
        #: budget, rather than by the limit of boards.
        self.unsolved = False
        self._svg_cache: dict[str, str] = {}

    def __repr__(self) -> str:
        folded = ", folded" if self.folded else ""
        return f"Strategy(player={self.player!r}, policy={self.policy!r}{folded})"

    @property
    def geometry(self) -> Geometry:
        return self.root.board.geometry

    @cached_property
    def facts(self) -> Facts:
        """Counted over the tree's paths, each shared subtree summed once (``nodes.count``)."""
        chooser_keys: set[int] = set()
        memo: dict[int, Counts] = {}
        counts = count(self.root, self.player, memo, chooser_keys)
        choices, wins, draws, losses, cut, depth = counts
        # The map gives a board to each of the player's turns, and to the root whatever
        # it is (even a finished one); a finished position below it is a mark in its parent.
        boards = choices + (0 if self.root.chooses else 1)
        return Facts(choices, len(chooser_keys), wins, draws, losses, depth, boards, cut)

    @property
    def depth(self) -> int | None:
        """The depth the tree was built to, or None when it runs to every game's end."""
        return len(self.levels) - 1 if self.facts.cut else None

    def boards_to(self, depth: int | None) -> int:
        """Boards the map draws when cut at ``depth`` (None: all of them)."""
        return sum(self.levels if depth is None else self.levels[: depth + 1])

    def moves(self) -> dict[Position, int]:
        """Every position where the player chooses, with the chosen cell (in walk order)."""
        out: dict[Position, int] = {}
        seen: set[int] = set()

        def visit(node: Node) -> None:
            # A node met again adds nothing new: its subtree came with its first visit.
            if id(node) in seen:
                return
            seen.add(id(node))
            if node.chooses and node.move is not None:
                out.setdefault(node.board, node.move)
            for _, child in node.children:
                visit(child)

        visit(self.root)
        return out

    def to_json(self, explain: bool = False) -> str:
        """The documented ``ttt-maps/strategy@1`` export, stable key order; with
        ``explain``, ``why`` gives each listed move's reason (``facts.Why``), in the
        language ``lang`` names.

        A folded strategy says so (``"folded": true``) and lists the positions
        its map draws: a position it does not list is played as a listed
        rotation or reflection of it, with the move turned alike.
        """
        moves = sorted(self.moves().items(), key=lambda kv: (kv[0].count, str(kv[0])))
        doc: dict[str, object] = {
            "format": FORMAT,
            "geometry": self.geometry.name,
            **self.geometry.rules_field,
            "player": self.player,
            "policy": self.policy.name,
            "root": str(self.root.board),
        }
        if self.folded:
            doc["folded"] = True
        doc["moves"] = {str(b): m for b, m in moves}
        if explain:
            solver = self.policy.solver
            doc["lang"] = current()  # the language of the reasons' words
            doc["why"] = {str(b): explain_key(solver, b.key, m).to_json() for b, m in moves}

        return json.dumps(doc, indent=2) + "\n"

    def noted(
        self, alternatives: bool = False, outcomes: bool = False, explain: bool = False
    ) -> Strategy:
        """This strategy with its nodes recording what a drawing asks for (``Node``):
        itself when they already do, else a copy (the moves are the same)."""
        had = self.notes
        notes = Notes.asked(alternatives or had.best, outcomes or had.result, explain or had.why)
        if notes[:3] == had[:3] and (not explain or notes.said_in == had.said_in):
            return self
        note = _Noter(self.policy, notes, self.folded)
        memo: dict[int, Node] = {}

        def copy(node: Node) -> Node:
            hit = memo.get(id(node))
            if hit is None:
                kids = tuple([(cell, copy(child)) for cell, child in node.children])
                live = bool(kids) and not node.cut
                best, result = note(node.board.key, node.move, live)
                why = note.why(node.board, node.move) if node.move is not None else None
                hit = Node(node.board, kids, node.chooses, node.cut, best, result, node.folds, why)
                memo[id(node)] = hit
            return hit

        root = copy(self.root)
        noted = Strategy(self.player, self.policy, root, self.levels, notes, self.folded)
        noted.limit, noted.unsolved = self.limit, self.unsolved
        return noted

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a strategy as its map (once the drawing API has loaded), in the
        language in force."""
        key = f"svg {current()}"
        if key not in self._svg_cache:
            if not _RENDERERS:
                return None
            self._svg_cache[key] = _RENDERERS[0](self)
        return self._svg_cache[key]


class _Noter:
    """What a node records for a drawing (``Node.best``, ``Node.result``, ``Node.why``),
    from the solver and the policy."""

    def __init__(self, policy: Policy, notes: Notes, folded: bool) -> None:
        self.policy = policy
        self.solver: Solver = policy.solver
        self.alternatives, self.outcomes, self.explain = notes.best, notes.result, notes.why
        self.folder = _folder(policy.geometry) if folded else None

    def __call__(
        self, key: int, chosen: int | None, live: bool
    ) -> tuple[tuple[int, ...], int | None]:
        """(best cells, result) of a position; ``chosen`` is the player's move there,
        if the player is to move; ``live``: the game goes on and the tree follows it (a
        finished or cut position gets no result: the map draws no board there, and on
        a big board its value could cost a deep search). In a folded tree equivalent
        best cells are one: the chosen one, or the lowest."""
        best: tuple[int, ...] = ()
        if chosen is not None and self.alternatives:
            cells = self.solver.best_cells(key)
            if self.folder is not None:
                cells = self.folder.classes(key, cells, keep=chosen)
            best = tuple(cells)
        result = self.solver.result(key) if live and self.outcomes else None
        return best, result

    def why(self, board: Position, chosen: int) -> str | None:
        """The chosen move's reason and the key that chose it, when asked for, as a
        template (``facts.plain`` reads it; a turned drawing turns its cells)."""
        if not self.explain:
            return None

        text = explain_key(self.solver, board.key, chosen).template
        choice = tie_break(self.policy, board)
        if choice.move == chosen and choice.key is not None:
            text += " " + tr("Chosen among equals by {key}.", key=choice.template)
        return text


def build_strategy(
    player: Mark | str,
    policy: Policy | str = "default",
    root: Position | str | None = None,
    geometry: Geometry = STANDARD,
    *,
    depth: int | None = None,
    max_boards: int | None = None,
    fold: bool = False,
    notes: Notes = MOVES_ONLY,
) -> Strategy:
    """The strategy tree of ``player`` from ``root`` (the empty board by default).

    ``depth`` builds the tree only as deep as a map cut at that depth draws
    it; ``max_boards`` refuses a map that would draw more boards
    (``size.MapTooLarge``, a usage error saying which depth fits).
    ``notes`` (``Notes``) record what a map drawn with alternatives, outcomes or
    explain needs (``Node.best``, ``Node.result``, ``Node.why``).
    ``fold`` folds the tree by symmetry (``solve.folding``): equivalent replies once, and
    ``compact`` counting the folded map.
    """
    mark = parse_mark(player)
    pol = parse_policy(policy, geometry) if isinstance(policy, str) else policy
    if fold:
        pol = pol.folded()
    start = _as_board(root, pol.geometry)
    solver = pol.solver
    solver.check(start)
    plan = plan_map(pol, mark, start, depth, max_boards)
    g = start.geometry
    choices, children, play = plan.choices, solver.children, solver.play
    folding = _folder(g).fold if fold else None
    memo: dict[int, Node] = {}
    stubs: dict[int, Node] = {}

    # The player's positions at the last level drawn: their replies are cut.
    depth = plan.depth
    plies = start.count - plan.offset
    last = None if depth is None else plies + 2 * depth

    # Positions travel as keys; each node gets its Position once, when it is made.
    def grow(key: int) -> Node:
        node = memo.get(key)
        if node is None:
            board = Position(key & g.full, key >> g.size, g)
            cell = choices.get(key)
            replies = () if cell is not None else children(key)  # a choice lists one move
            if cell is not None:
                node = Node(board, ((cell, grow(play(key, cell))),), True)
            elif not replies:
                node = Node(board, (), False)
            else:
                folds: tuple[Fold, ...] = ()
                if folding is not None:
                    replies, folds = folding(key)
                if last is not None and key.bit_count() > last:
                    kids = tuple([(r, stub(after)) for r, after in replies])
                    node = Node(board, kids, False, True, folds=folds)
                else:
                    kids = tuple([(r, grow(after)) for r, after in replies])
                    node = Node(board, kids, False, folds=folds)
            memo[key] = node
        return node

    def stub(key: int) -> Node:
        """A reply below a cut: its finished position, or a cut node that stops there."""
        node = stubs.get(key)
        if node is None:
            board = Position(key & g.full, key >> g.size, g)
            node = stubs[key] = Node(board, (), False, solver.goes_on(key))
        return node

    plain = Strategy(mark, pol, grow(start.key), tuple(plan.levels), folded=fold)
    plain.limit, plain.unsolved = plan.limit, plan.unsolved
    return plain.noted(notes.best, notes.result, notes.why)


def _folder(geometry: Geometry) -> Folder:
    """The folding of a board's shape, loaded only for folded maps."""

    return folder_for(geometry)


def _as_board(root: Position | str | None, geometry: Geometry) -> Position:
    if root is None:
        return Position.empty(geometry)
    if isinstance(root, Position):
        if not root.is_legal:
            Position.parse(str(root), geometry)  # raises with the reason
        return root
    return Position.parse(root, geometry)
