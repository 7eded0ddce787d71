"""A game against a map: the map's side plays its red moves, a person the other side.

``Game`` holds the moves so far and answers what the terminal and the
scripted ``play`` loop ask: whose turn, the map's reply, the hints, a line
saying what the map sees, undo. A *level* lets the map's side stray from the
map, so a learner can win too: ``perfect`` never strays; ``random:P`` plays a
random legal move with probability P; ``novice`` plays as the opponent the
``novice`` policy assumes (a win if it has one, else a block, else any move),
which strays whenever that is not the map's move. A stray move is marked as
one and never described as the map's.

A finished (or abandoned) game is saved as ``ttt-maps/game@1`` JSON::

    {"format": "ttt-maps/game@1", "geometry": "3x3k3", "map": "x",
     "policy": "fast,novice,first", "level": "perfect", "start": ".........",
     "moves": [{"mark": "x", "cell": 4, "by": "map"}, ...],
     "positions": [".........", "....x....", ...], "result": "x wins"}

``by`` is ``map`` (the map's red move), ``stray`` (the level's) or
``player`` (the person's); ``positions`` are the boards after each move,
the start first; ``result`` is ``x wins``, ``o wins``, ``draw`` or
``unfinished``. ``audit_game`` replays a log against the solved game.
"""

from __future__ import annotations

import json
import random
from typing import Any, NamedTuple

from ttt_maps.errors import UsageError
from ttt_maps.game.board import Board, Mark, other
from ttt_maps.game.geometry import Geometry
from ttt_maps.solve.solver import Outcome, Solver
from ttt_maps.solve.solvers import solver_for
from ttt_maps.strategies.chains import parse_policy
from ttt_maps.strategies.policy import Policy, novice_replies

FORMAT = "ttt-maps/game@1"
#: Cell names on the 3x3 board, as a player reads them; bigger boards use row and column.
#: The viewer's breadcrumbs and status line (``backends/viewer/tree.js``, ``cellName``) say
#: the same.
NAMES_3X3 = (
    "top-left", "top", "top-right", "left", "centre", "right",
    "bottom-left", "bottom", "bottom-right",
)  # fmt: skip


def cell_name(geometry: Geometry, cell: int) -> str:
    """``top-left`` on the 3x3 board, ``row 2, column 3`` on others."""
    if geometry.rows == geometry.cols == 3:
        return NAMES_3X3[cell]
    return f"row {cell // geometry.cols + 1}, column {cell % geometry.cols + 1}"


def parse_level(text: str) -> tuple[str, float]:
    """``perfect``, ``novice`` or ``random:P`` (0 <= P <= 1) -> (name, stray probability)."""
    word = text.strip().lower()
    if word in ("perfect", "novice"):
        return word, 0.0
    if word.startswith("random:"):
        try:
            p = float(word[7:])
        except ValueError:
            p = -1.0
        if 0.0 <= p <= 1.0:
            return f"random:{word[7:]}", p
    raise UsageError(f"--level {text!r}: expected perfect, novice or random:P with P from 0 to 1")


class Move(NamedTuple):
    mark: Mark
    cell: int
    by: str  # "map", "stray" or "player"


class Game:
    """The moves of one game between a map (playing ``side``) and a person."""

    def __init__(
        self,
        side: Mark,
        policy: str | Policy = "default",
        start: Board | None = None,
        geometry: Geometry | None = None,
        level: str = "perfect",
        seed: int = 0,
    ) -> None:
        g = geometry or (start.geometry if start is not None else Geometry())
        self.side: Mark = side
        self.policy = parse_policy(policy, g) if isinstance(policy, str) else policy
        self.solver: Solver = solver_for(g)
        self.start = start or Board.empty(g)
        self.solver.check(self.start)
        self.level, self.stray_chance = parse_level(level)
        self.random = random.Random(seed)
        self.moves: list[Move] = []
        self.board = self.start

    # -- state ---------------------------------------------------------------

    @property
    def geometry(self) -> Geometry:
        return self.board.geometry

    @property
    def over(self) -> bool:
        return self.board.is_over

    @property
    def map_to_move(self) -> bool:
        return not self.over and self.board.to_move == self.side

    @property
    def result(self) -> str:
        """``x wins``, ``o wins``, ``draw``, or ``unfinished``."""
        winner = self.board.winner()
        if winner is not None:
            return f"{winner} wins"
        return "draw" if self.board.is_full else "unfinished"

    def positions(self) -> list[Board]:
        out = [self.start]
        for move in self.moves:
            out.append(out[-1].play(move.cell))
        return out

    # -- moves ---------------------------------------------------------------

    def play(self, cell: int) -> Move:
        """The person's move; a bad one is a ``UsageError`` saying why."""
        if self.over:
            raise UsageError("the game is over")
        if self.map_to_move:
            raise UsageError(f"it is {self.side.upper()}'s move, the map's")
        size = self.geometry.size
        if not 0 <= cell < size:
            raise UsageError(f"cell {cell}: the board's cells are 0 to {size - 1}")
        if self.board.mark_at(cell):
            raise UsageError(f"cell {cell} is taken")
        return self._add(Move(self.board.to_move, cell, "player"))

    def reply(self) -> Move:
        """The map side's move: the map's red move, unless the level strays."""
        key = self.board.key
        chosen = self.policy.choose_key(key)
        cell, by = chosen, "map"
        if self.level == "novice":
            cell = self._novice_move()
        elif self.stray_chance and self.random.random() < self.stray_chance:
            cell = self.random.choice(self.board.moves())
        if cell != chosen:
            by = "stray"
        return self._add(Move(self.board.to_move, cell, by))

    def _novice_move(self) -> int:
        """A win if there is one, else a block, else any move (as the ``novice`` key
        assumes of an opponent); the map's own move when it is one of these."""
        key = self.board.key
        replies = self.solver.children(key)
        picked = set(novice_replies(self.solver, key, replies))
        cells = [cell for cell, after in replies if after in picked]
        chosen = self.policy.choose_key(key)
        return chosen if chosen in cells else self.random.choice(cells)

    def _add(self, move: Move) -> Move:
        self.moves.append(move)
        self.board = self.board.play(move.cell)
        return move

    def undo(self) -> bool:
        """Take back the person's last move and the map's answer to it."""
        for n in range(len(self.moves) - 1, -1, -1):
            if self.moves[n].by == "player":
                self.rewind(n)
                return True
        return False

    def rewind(self, count: int) -> None:
        """Back to the position after the first ``count`` moves."""
        del self.moves[count:]
        self.board = self.positions()[-1]

    # -- what the map sees ------------------------------------------------------

    def hints(self) -> list[int]:
        """Every optimal move for the person (the side to move)."""
        return [] if self.over else self.solver.best_moves(self.board)

    def verdict(self) -> str:
        """One line on the position, as the map sees it, for the person to move."""
        if self.over:
            return self.result_line()
        me, them = self.side.upper(), self.board.to_move.upper()
        free = self.geometry.full & ~(self.board.x | self.board.o)
        mine = self.board.x if self.side == "x" else self.board.o
        threats = len(self.geometry.cells_of(self.solver.threats(mine) & free))
        seen = {0: "", 1: f"{me} threatens a line: ", 2: f"{me} threatens two lines: "}
        out = self.solver.outcome(self.board)
        if out.result < 0:
            value = f"{them} loses in {out.distance}"
        elif out.result > 0:
            value = f"{them} can win in {out.distance}"
        else:
            value = "a draw with best play"
        line = seen[min(threats, 2)] + value
        return line[0].upper() + line[1:]

    def describe(self, move: Move) -> str:
        """``X plays centre (4)``, saying when the map's side strayed from the map."""
        who = move.mark.upper()
        where = f"{cell_name(self.geometry, move.cell)} ({move.cell})"
        if move.by == "stray":
            return f"{who} strays from the map: {where}"
        return f"{who} plays {where}"

    def result_line(self) -> str:
        """``result`` as a person reads it: ``X wins``, ``draw``..."""
        winner = self.board.winner()
        return self.result if winner is None else f"{winner.upper()} wins"

    # -- the log ------------------------------------------------------------------

    def to_json(self) -> str:
        doc = {
            "format": FORMAT,
            "geometry": self.geometry.name,
            "map": self.side,
            "policy": self.policy.name,
            "level": self.level,
            "start": str(self.start),
            "moves": [{"mark": m.mark, "cell": m.cell, "by": m.by} for m in self.moves],
            "positions": [str(b) for b in self.positions()],
            "result": self.result,
        }
        return json.dumps(doc, indent=2) + "\n"


def is_game(doc: Any) -> bool:
    return isinstance(doc, dict) and doc.get("format") == FORMAT


def audit_game(doc: dict[str, Any], source: str) -> tuple[Geometry, list[str], list[str]]:
    """Replay a game log: (board, one line per move, the moves that changed the value).

    A log that does not replay (an illegal move, positions or result that do
    not follow from the moves) is a ``UsageError`` naming the move.
    """
    def bad(why: str) -> UsageError:
        return UsageError(f"{source}: {why}")

    try:
        g = Geometry.parse(str(doc.get("geometry", "3x3")))
        board = Board.parse(str(doc["start"]), g)
        moves = doc["moves"]
        positions = doc.get("positions")
    except (KeyError, TypeError) as exc:
        raise bad(f"not a game log: missing {exc}") from None
    if not isinstance(moves, list):
        raise bad("not a game log: moves must be a list")
    solver = solver_for(g)
    lines: list[str] = []
    mistakes: list[str] = []
    replayed = [str(board)]
    for n, move in enumerate(moves, 1):
        if not isinstance(move, dict) or not isinstance(move.get("cell"), int):
            raise bad(f"move {n}: expected {{\"mark\": ..., \"cell\": N}}")
        cell, mark = move["cell"], board.to_move
        if board.is_over:
            raise bad(f"move {n}: the game was already over")
        if move.get("mark", mark) != mark:
            raise bad(f"move {n}: it was {mark.upper()}'s turn")
        if not 0 <= cell < g.size or board.mark_at(cell):
            raise bad(f"move {n}: cell {cell} is not free")
        before = solver.outcome(board)
        after = board.play(cell)
        winner = after.winner()
        if winner is not None or after.is_full:
            got = Outcome(0 if winner is None else 1, 1)  # a move never loses for its mover
            text = f"{mark.upper()} wins" if winner else "a draw: the board is full"
        else:
            theirs = solver.outcome(after)
            got = theirs.after_move()
            text = _value(mark, theirs)
        name = f"{mark.upper()} {cell_name(g, cell)} ({cell})"
        by = f" [{move['by']}]" if move.get("by") in ("map", "stray", "player") else ""
        lines.append(f"move {n}: {name}{by}: {text}")
        if got.result < before.result:
            lost = "the win" if before.result > 0 else "the draw"
            mistakes.append(f"move {n} ({name}) lost {lost}")
        board = after
        replayed.append(str(board))
    if positions is not None and positions != replayed:
        raise bad("the positions do not follow from the moves")
    return g, lines, mistakes


def _value(mover: Mark, theirs: Outcome) -> str:
    """The position after ``mover``'s move, from the outcome for the side to move there."""
    if theirs.result == 0:
        return "a draw with best play"
    winner = mover if theirs.result < 0 else other(mover)
    return f"{winner.upper()} wins in {theirs.distance} with best play"
