"""Strategy trees: one chosen move at the player's turn, every reply at the other's.

This is what a map draws (SPEC section 5). The tree is built from a policy
and exported as ``ttt-maps/strategy@1`` JSON; ``ttt_maps.strategies.audit`` reads such a
file back and checks it against the solved game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property
from typing import NamedTuple

from ttt_maps.errors import UsageError
from ttt_maps.game.board import Board, Mark, parse_mark
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.solve.solver import Solver
from ttt_maps.strategies.chains import parse_policy
from ttt_maps.strategies.policy import Policy

FORMAT = "ttt-maps/strategy@1"


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
    outcome tint). A plain slotted class, not a dataclass: trees make
    thousands of nodes and every start-up would pay for the generated
    methods. Equality is identity; treat nodes as read-only.
    """

    __slots__ = ("best", "board", "children", "chooses", "cut", "result")
    board: Board
    children: tuple[tuple[int, Node], ...]
    chooses: bool
    cut: bool
    best: tuple[int, ...]
    result: int | None

    def __init__(
        self,
        board: Board,
        children: tuple[tuple[int, Node], ...],
        chooses: bool,
        cut: bool = False,
        best: tuple[int, ...] = (),
        result: int | None = None,
    ) -> None:
        self.board = board
        self.children = children
        self.chooses = chooses
        self.cut = cut
        self.best = best
        self.result = result

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


#: What a tree's nodes can record for a drawing beyond the moves (``Node``).
NOTES = ("alternatives", "outcomes")

#: How a strategy draws itself as SVG for ``_repr_svg_``. The public API puts
#: its renderer here when it loads (``show_with``): drawing comes later in the
#: flow than trees, so this stage never imports it.
_RENDERERS: list[Callable[[Strategy], str]] = []


def show_with(render: Callable[[Strategy], str]) -> None:
    """Let every strategy show itself as SVG (in a notebook) through ``render``."""
    _RENDERERS[:] = [render]


class Strategy:
    """A player's strategy tree from a root, drawn under one policy (equality is identity).

    ``notes`` names what the nodes record beyond the moves (``NOTES``); a
    drawing that needs more asks for a ``noted`` copy.
    """

    def __init__(
        self,
        player: Mark,
        policy: Policy,
        root: Node,
        levels: tuple[int, ...] = (),
        notes: frozenset[str] = frozenset(),
    ) -> None:
        self.player = player
        self.policy = policy
        self.root = root
        #: Boards the map draws at each level (its root is level 0).
        self.levels = levels
        self.notes = notes
        self._svg_cache: dict[str, str] = {}

    def __repr__(self) -> str:
        return f"Strategy(player={self.player!r}, policy={self.policy!r})"

    @property
    def geometry(self) -> Geometry:
        return self.root.board.geometry

    @cached_property
    def facts(self) -> Facts:
        """Counted over the tree's paths, each shared subtree summed once (``_subtree``)."""
        chooser_keys: set[int] = set()
        memo: dict[int, _Counts] = {}
        counts = _subtree(self.root, self.player, memo, chooser_keys)
        choices, wins, draws, losses, cut, depth = counts
        # The map gives a board to each of the player's turns, and to the root whatever
        # it is (SPEC section 6); a finished position below it is a mark in its parent.
        boards = choices + (0 if self.root.chooses else 1)
        return Facts(choices, len(chooser_keys), wins, draws, losses, depth, boards, cut)

    @property
    def depth(self) -> int | None:
        """The depth the tree was built to, or None when it runs to every game's end."""
        return len(self.levels) - 1 if self.facts.cut else None

    def boards_to(self, depth: int | None) -> int:
        """Boards the map draws when cut at ``depth`` (None: all of them)."""
        return sum(self.levels if depth is None else self.levels[: depth + 1])

    def moves(self) -> dict[Board, int]:
        """Every position where the player chooses, with the chosen cell (in walk order)."""
        out: dict[Board, int] = {}
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

    def to_json(self) -> str:
        """The documented ``ttt-maps/strategy@1`` export, stable key order."""
        moves = sorted(self.moves().items(), key=lambda kv: (kv[0].count, str(kv[0])))
        doc = {
            "format": FORMAT,
            "geometry": self.geometry.name,
            "player": self.player,
            "policy": self.policy.name,
            "root": str(self.root.board),
            "moves": {str(b): m for b, m in moves},
        }
        import json  # the render path never needs it

        return json.dumps(doc, indent=2) + "\n"

    def noted(self, alternatives: bool = False, outcomes: bool = False) -> Strategy:
        """This strategy with its nodes recording what a drawing asks for (``Node``):
        itself when they already do, else a copy (the moves are the same)."""
        asked = {n for n, on in zip(NOTES, (alternatives, outcomes), strict=True) if on}
        if asked <= self.notes:
            return self
        notes = self.notes | asked
        note = _Noter(self.policy.solver, notes)
        memo: dict[int, Node] = {}

        def copy(node: Node) -> Node:
            hit = memo.get(id(node))
            if hit is None:
                kids = tuple([(cell, copy(child)) for cell, child in node.children])
                best, result = note(node.board.key, node.chooses, bool(kids) and not node.cut)
                hit = memo[id(node)] = Node(node.board, kids, node.chooses, node.cut, best, result)
            return hit

        return Strategy(self.player, self.policy, copy(self.root), self.levels, notes)

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a strategy as its map (once the drawing API has loaded)."""
        if "svg" not in self._svg_cache:
            if not _RENDERERS:
                return None
            self._svg_cache["svg"] = _RENDERERS[0](self)
        return self._svg_cache["svg"]


class _Noter:
    """What a node records for a drawing (``Node.best``, ``Node.result``), from the solver."""

    def __init__(self, solver: Solver, notes: frozenset[str]) -> None:
        self.solver = solver
        self.alternatives = "alternatives" in notes
        self.outcomes = "outcomes" in notes

    def __call__(self, key: int, chooses: bool, live: bool) -> tuple[tuple[int, ...], int | None]:
        """(best cells, result) of a position; ``live``: the game goes on and the tree
        follows it (a finished or cut position gets no result: the map draws no board
        there, and on a big board its value could cost a deep search)."""
        best = tuple(self.solver.best_cells(key)) if chooses and self.alternatives else ()
        result = self.solver.result(key) if live and self.outcomes else None
        return best, result


#: A subtree's (choices, wins, draws, losses, cut, depth), counted over its paths.
_Counts = tuple[int, int, int, int, int, int]
_WIN: _Counts = (0, 1, 0, 0, 0, 0)
_DRAW: _Counts = (0, 0, 1, 0, 0, 0)
_LOSS: _Counts = (0, 0, 0, 1, 0, 0)
_CUT: _Counts = (0, 0, 0, 0, 1, 0)


def _subtree(node: Node, player: Mark, memo: dict[int, _Counts], keys: set[int]) -> _Counts:
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
            c, wi, dr, lo, cu, de = _subtree(child, player, memo, keys)
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


def build_strategy(
    player: Mark | str,
    policy: Policy | str = "default",
    root: Board | str | None = None,
    geometry: Geometry = STANDARD,
    *,
    depth: int | None = None,
    max_boards: int | None = None,
    alternatives: bool = False,
    outcomes: bool = False,
) -> Strategy:
    """The strategy tree of ``player`` from ``root`` (the empty board by default).

    ``depth`` builds the tree only as deep as a map cut at that depth draws
    it; ``max_boards`` refuses a map that would draw more boards
    (``mapsize.MapTooLarge``, a usage error saying which depth fits).
    ``alternatives`` and ``outcomes`` record what a map drawn with them
    needs (``Node.best``, ``Node.result``).
    """
    from ttt_maps.strategies.mapsize import plan_map

    mark = parse_mark(player)
    pol = parse_policy(policy, geometry) if isinstance(policy, str) else policy
    start = _as_board(root, pol.geometry)
    solver = pol.solver
    solver.check(start)
    if depth is not None and (isinstance(depth, bool) or depth < 0):
        raise UsageError(f"--depth {depth}: must be 0 or more")
    plan = plan_map(pol, mark, start, depth, max_boards)
    g = start.geometry
    choices, children, play = plan.choices, solver.children, solver.play
    memo: dict[int, Node] = {}
    stubs: dict[int, Node] = {}

    # The player's positions at the last level drawn: their replies are cut.
    plies = start.count - plan.offset
    last = None if depth is None else plies + 2 * depth

    # Positions travel as keys; each node gets its Board once, when it is made.
    def grow(key: int) -> Node:
        node = memo.get(key)
        if node is None:
            board = Board(key & g.full, key >> g.size, g)
            cell = choices.get(key)
            replies = children(key)
            if cell is not None:
                node = Node(board, ((cell, grow(play(key, cell))),), True)
            elif not replies:
                node = Node(board, (), False)
            elif last is not None and key.bit_count() > last:
                node = Node(board, tuple([(r, stub(after)) for r, after in replies]), False, True)
            else:
                node = Node(board, tuple([(r, grow(after)) for r, after in replies]), False)
            memo[key] = node
        return node

    def stub(key: int) -> Node:
        """A reply below a cut: its finished position, or a cut node that stops there."""
        node = stubs.get(key)
        if node is None:
            board = Board(key & g.full, key >> g.size, g)
            node = stubs[key] = Node(board, (), False, bool(children(key)))
        return node

    plain = Strategy(mark, pol, grow(start.key), tuple(plan.levels))
    return plain.noted(alternatives, outcomes)


def _as_board(root: Board | str | None, geometry: Geometry) -> Board:
    if root is None:
        return Board.empty(geometry)
    if isinstance(root, Board):
        if not root.is_legal:
            Board.parse(str(root), geometry)  # raises with the reason
        return root
    return Board.parse(root, geometry)
