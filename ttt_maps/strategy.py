"""Strategy trees: one chosen move at the player's turn, every reply at the other's.

This is what a map draws (SPEC section 5). The tree is built from a policy,
exported as ``ttt-maps/strategy@1`` JSON, read back, and audited against the
solved game by ``audit`` -- the code behind ``ttt-maps check``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ttt_maps.board import Board, Mark, parse_mark
from ttt_maps.errors import UsageError
from ttt_maps.geometry import STANDARD, Geometry
from ttt_maps.policy import Policy, parse_policy
from ttt_maps.solver import solver_for

FORMAT = "ttt-maps/strategy@1"


@dataclass(frozen=True, eq=False)
class Node:
    """A position in the tree and the moves drawn from it.

    At the player's turn ``children`` holds one pair (the chosen cell and its
    position); at the opponent's turn, every legal reply; none once the game
    is over.
    """

    board: Board
    children: tuple[tuple[int, Node], ...]
    chooses: bool

    @property
    def move(self) -> int | None:
        """The player's chosen cell here, if the player is to move."""
        return self.children[0][0] if self.chooses else None

    def walk(self) -> Iterator[Node]:
        """Every node, depth first, moves in cell order."""
        yield self
        for _, child in self.children:
            yield from child.walk()


@dataclass(frozen=True)
class Facts:
    """What a tree holds, for ``stats``, ``compare`` and the tests."""

    choices: int
    positions: int
    wins: int
    draws: int
    losses: int
    depth: int
    boards: int


@dataclass(frozen=True, eq=False)
class Strategy:
    """A player's strategy tree from a root, drawn under one policy."""

    player: Mark
    policy: Policy
    root: Node = field(repr=False)
    _svg_cache: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    @property
    def geometry(self) -> Geometry:
        return self.root.board.geometry

    @cached_property
    def facts(self) -> Facts:
        choices = positions = wins = draws = losses = boards = 0
        seen: set[int] = set()
        depth = 0
        stack: list[tuple[Node, int]] = [(self.root, 0)]
        while stack:
            node, ply = stack.pop()
            depth = max(depth, ply)
            if node.chooses:
                choices += 1
                if node.board.key not in seen:
                    seen.add(node.board.key)
                    positions += 1
            if _draws_board(node, self.root):
                boards += 1
            if not node.children:
                w = node.board.winner()
                if w is None:
                    draws += 1
                elif w == self.player:
                    wins += 1
                else:
                    losses += 1
            stack.extend((child, ply + 1) for _, child in node.children)
        return Facts(choices, positions, wins, draws, losses, depth, boards)

    def moves(self) -> dict[Board, int]:
        """Every position where the player chooses, with the chosen cell."""
        out: dict[Board, int] = {}
        for node in self.root.walk():
            if node.chooses and node.move is not None:
                out.setdefault(node.board, node.move)
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
        return json.dumps(doc, indent=2) + "\n"

    def _repr_svg_(self) -> str:
        """Jupyter shows a strategy as its map."""
        if "svg" not in self._svg_cache:
            from ttt_maps.api import render

            self._svg_cache["svg"] = str(render(self, format="svg"))
        return self._svg_cache["svg"]


def _draws_board(node: Node, root: Node) -> bool:
    """Does the map give this node a board of its own? (SPEC section 6)

    The player's turn gets a board with the red move; the root gets one
    whatever it is (a grid of replies, or the finished position itself).
    A finished position below the root is a single mark in its parent's cell.
    """
    return node is root or node.chooses


def build_strategy(
    player: Mark | str,
    policy: Policy | str = "default",
    root: Board | str | None = None,
    geometry: Geometry = STANDARD,
) -> Strategy:
    """The strategy tree of ``player`` from ``root`` (the empty board by default)."""
    mark = parse_mark(player)
    pol = parse_policy(policy, geometry) if isinstance(policy, str) else policy
    start = _as_board(root, pol.geometry)
    memo: dict[int, Node] = {}

    def grow(board: Board) -> Node:
        hit = memo.get(board.key)
        if hit is not None:
            return hit
        if board.is_over:
            node = Node(board, (), False)
        elif board.to_move == mark:
            cell = pol.choose(board)
            node = Node(board, ((cell, grow(board.play(cell))),), True)
        else:
            node = Node(board, tuple((r, grow(board.play(r))) for r in board.moves()), False)
        memo[board.key] = node
        return node

    return Strategy(mark, pol, grow(start))


def _as_board(root: Board | str | None, geometry: Geometry) -> Board:
    if root is None:
        return Board.empty(geometry)
    if isinstance(root, Board):
        if not root.is_legal:
            Board.parse(str(root), geometry)  # raises with the reason
        return root
    return Board.parse(root, geometry)


# -- reading an exported strategy --------------------------------------------


@dataclass(frozen=True)
class StrategyFile:
    """A strategy as read from JSON: who, from where, and the moves."""

    geometry: Geometry
    player: Mark
    policy: str
    root: Board
    moves: dict[int, int]


def load_strategy(text: str, source: str = "strategy") -> StrategyFile:
    """Parse ``ttt-maps/strategy@1`` JSON; every problem is a one-line ``UsageError``."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{source}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(doc, dict):
        raise UsageError(f"{source}: expected a JSON object with \"format\": \"{FORMAT}\"")
    if doc.get("format") != FORMAT:
        raise UsageError(f"{source}: \"format\" is {doc.get('format')!r}, expected {FORMAT!r}")
    geometry_text = _field(doc, "geometry", str, source)
    player_text = _field(doc, "player", str, source)
    root_text = _field(doc, "root", str, source)
    try:
        geometry = Geometry.parse(geometry_text)
        player = parse_mark(player_text)
        root = Board.parse(root_text, geometry)
    except UsageError as exc:
        raise UsageError(f"{source}: {exc}") from None
    policy = doc.get("policy", "")
    raw_moves = _field(doc, "moves", dict, source)
    moves: dict[int, int] = {}
    for text_board, cell in raw_moves.items():
        try:
            board = Board.parse(text_board, geometry)
        except UsageError as exc:
            raise UsageError(f"{source}: in \"moves\": {exc}") from None
        if isinstance(cell, bool) or not isinstance(cell, int):
            raise UsageError(
                f"{source}: the move for {text_board!r} must be a cell number, not {cell!r}"
            )
        moves[board.key] = cell
    return StrategyFile(geometry, player, str(policy), root, moves)


def _field(doc: dict[str, Any], name: str, kind: type, source: str) -> Any:
    value = doc.get(name)
    if not isinstance(value, kind):
        raise UsageError(f"{source}: field {name!r} is missing or not a {kind.__name__}")
    return value


# -- the audit ----------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """One finding of an audit; ``fatal`` ones make a strategy imperfect."""

    kind: str
    board: Board
    message: str
    fatal: bool = True

    def __str__(self) -> str:
        level = "error" if self.fatal else "warning"
        return f"{level}: {self.kind} at {self.board}: {self.message}"


def audit(
    root: Board,
    player: Mark,
    picks: Callable[[Board], Iterable[int] | None],
) -> list[Problem]:
    """Check a strategy against the solved game, shallowest positions first.

    ``picks`` gives the moves the strategy may make at a position where the
    player is to move (one for an exported file; several for a player that
    picks at random). Reported: missing positions, illegal moves, moves that
    lose value, and (as warnings) wins slower than the fastest available.
    """
    solver = solver_for(root.geometry)
    problems: list[Problem] = []
    frontier = [root]
    seen = {root.key}
    while frontier:
        nxt: list[Board] = []
        for board in frontier:
            if board.is_over:
                continue
            if board.to_move != player:
                followers = [board.play(r) for r in board.moves()]
            else:
                followers = []
                chosen = sorted(set(picks(board) or ()))
                if not chosen:
                    problems.append(Problem("missing", board, f"no move for {player} here"))
                    continue
                best = solver.outcome(board)
                for cell in chosen:
                    if cell not in board.moves():
                        problems.append(
                            Problem("illegal", board, f"cell {cell} is not a legal move here")
                        )
                        continue
                    got = solver.outcome(board.play(cell)).after_move()
                    if got.result < best.result:
                        problems.append(
                            Problem(
                                "non-optimal",
                                board,
                                f"cell {cell} gives a {got.label}; {best.label} was possible "
                                f"with {_cells(solver.best_moves(board))}",
                            )
                        )
                        continue
                    if got.result > 0 and got.distance > best.distance:
                        problems.append(
                            Problem(
                                "slower",
                                board,
                                f"cell {cell} wins in {got.distance} plies, "
                                f"{best.distance} was possible",
                                fatal=False,
                            )
                        )
                    followers.append(board.play(cell))
            for f in followers:
                if f.key not in seen:
                    seen.add(f.key)
                    nxt.append(f)
        frontier = nxt
    return problems


def _cells(cells: list[int]) -> str:
    return "cell " + str(cells[0]) if len(cells) == 1 else "cells " + ", ".join(map(str, cells))


def audit_file(doc: StrategyFile) -> list[Problem]:
    """Audit an exported strategy; positions it lists but never reaches are warnings."""
    reached: set[int] = set()

    def picks(board: Board) -> list[int]:
        reached.add(board.key)
        cell = doc.moves.get(board.key)
        return [] if cell is None else [cell]

    problems = audit(doc.root, doc.player, picks)
    unused = sorted(set(doc.moves) - reached)
    if unused:
        size = doc.geometry.size
        first = Board(unused[0] & ((1 << size) - 1), unused[0] >> size, doc.geometry)
        problems.append(
            Problem(
                "unreached",
                first,
                f"{len(unused)} listed position(s) are never reached from the root",
                fatal=False,
            )
        )
    return problems
