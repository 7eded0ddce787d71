"""A game against a map: the map's side plays its red moves, a person the other side.

``Game`` holds the moves so far and answers what the terminal and the
scripted ``play`` loop ask: whose turn, the map's reply, the hints, a line
saying what the map sees, undo. A *level* lets the map's side stray from the
map, so a learner can win too: ``perfect`` never strays; ``random:P`` plays a
random legal move with probability P; ``novice`` plays as the opponent the
``novice`` policy assumes (a win if it has one, else a block, else any move),
which strays whenever that is not the map's move. A stray move is marked as
one and never described as the map's. Against a folded map (``solve.folding``) the
map's side plays the turned move of the representative wherever the game
went through a turned cell, as the folded map is read.

A finished (or abandoned) game is saved as ``ttt-maps/game@1`` JSON::

    {"format": "ttt-maps/game@1", "geometry": "3x3k3", "map": "x",
     "policy": "fast,novice,first", "level": "perfect", "start": ".........",
     "moves": [{"mark": "x", "cell": 4, "by": "map"}, ...],
     "positions": [".........", "....x....", ...], "result": "x wins"}

``by`` is ``map`` (the map's red move), ``hold`` (a move that keeps the map's
side from losing, where the map's own move was not found within the search
budget), ``stray`` (the level's) or ``player`` (the person's); ``positions`` are
the boards after each move,
the start first; ``result`` is ``x wins``, ``o wins``, ``draw`` or
``unfinished``. ``ttt_maps.audit.game`` replays a log against the
solved game.
"""

from __future__ import annotations

import json
import random
import re
from contextlib import suppress
from typing import Any, NamedTuple

from ttt_maps import settings
from ttt_maps.errors import UsageError, bad_value
from ttt_maps.game.cell_names import cell_in, cell_to, k_word
from ttt_maps.game.cell_names import cell_name as cell_name  # also named here, where games are
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Mark, Position, other
from ttt_maps.language import current, ordinal, speaking, tr
from ttt_maps.policy.chains import parse_policy
from ttt_maps.policy.policy import Policy, novice_replies
from ttt_maps.solve.budget import TooBigToSolve
from ttt_maps.solve.folding import FoldWalk
from ttt_maps.solve.registry import solver_for
from ttt_maps.solve.search import DeepSolver
from ttt_maps.solve.solver import Solver, plies

FORMAT = "ttt-maps/game@1"


def parse_level(text: str) -> tuple[str, float]:
    """``perfect``, ``novice`` or ``random:P`` (0 <= P <= 1) -> (name, stray probability)."""
    word = text.strip().lower()
    if word in ("perfect", "novice"):
        return word, 0.0
    if word.startswith("random:") and re.fullmatch(r"[0-9]{0,3}(\.[0-9]{0,9})?", word[7:]):
        p = float(word[7:]) if word[7:].strip(".") else -1.0
        if 0.0 <= p <= 1.0:
            return f"random:{word[7:]}", p
    raise bad_value("level", text, "expected perfect, novice or random:P with P from 0 to 1")


class Move(NamedTuple):
    mark: Mark
    cell: int
    by: str  # "map", "hold", "stray" or "player"


class Game:
    """The moves of one game between a map (playing ``side``) and a person."""

    def __init__(
        self,
        side: Mark,
        policy: str | Policy = "default",
        start: Position | None = None,
        geometry: Geometry | None = None,
        level: str = "perfect",
        seed: int = 0,
        fold: bool = False,
    ) -> None:
        g = geometry or (start.geometry if start is not None else Geometry())
        self.side: Mark = side
        policy = parse_policy(policy, g) if isinstance(policy, str) else policy
        self.policy = policy.folded() if fold else policy
        self.solver: Solver = solver_for(g)
        self.start = start or Position.empty(g)
        self.solver.check(self.start)
        self.level, self.stray_chance = parse_level(level)
        self.random = random.Random(seed)
        self.fold = fold
        self.walk = FoldWalk(self.start, side) if fold else None
        self.moves: list[Move] = []
        self.board = self.start
        #: The language the game's words are said in: the one in force when it began.
        self.lang = current()
        #: How the game's searches run (progress, budget): the settings in force when it
        #: began, also for the moves asked for after the call that made it returned.
        self.how = settings.current()
        self._learn()

    def _learn(self) -> None:
        """On a bigger board, the start's value before the first move: its proof settles
        what the map's first replies ask (every opening of a drawn board is a draw, by
        strategy stealing), where asked one reply at a time each would take a proof of
        its own (seconds on 5x5 with four in a row). Within a budget of its own; past
        it, the game goes on and each reply searches what it needs."""
        solver = self.policy.solver
        fresh = getattr(solver, "fresh_budget", None)
        if fresh is None or self.start.is_over:
            return
        with settings.using(self.how):
            fresh()
            with suppress(TooBigToSolve):
                solver.result(self.start.key)

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
        return result_of(self.board)

    def positions(self) -> list[Position]:
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
            raise UsageError(
                tr("cell {cell}: the board's cells are 0 to {last}", cell=cell, last=size - 1)
            )
        if self.board.mark_at(cell):
            where = cell_in(self.geometry, cell)
            raise UsageError(
                tr("There is a mark {where} already (cell {cell}).", where=where, cell=cell)
            )
        return self._add(Move(self.board.to_move, cell, "player"))

    def map_move(self) -> int:
        """The map's red move here (turned as the game is, on a folded map)."""
        if self.walk is not None:
            return self.walk.map_move(self.policy.choose_key)
        return self.policy.choose_key(self.board.key)

    def reply(self) -> Move:
        """The map side's move: the map's red move, unless the level strays. Each move
        is searched within a budget of its own (a bigger board's), as a command's would
        be: the person waits for one move at a time. Where the map's move is past it,
        the map's side plays a move that keeps it from losing, searched within a second
        budget, and says so (``hold``): it is not the map's move."""
        with settings.using(self.how):
            fresh = getattr(self.policy.solver, "fresh_budget", None)
            if fresh is not None:
                fresh()
            by = "map"
            try:
                chosen = self.map_move()
            except TooBigToSolve:
                chosen, by = self._holding_move(), "hold"
            cell = chosen
            if self.level == "novice":
                cell = self._novice_move(chosen)
            elif self.stray_chance and self.random.random() < self.stray_chance:
                cell = self.random.choice(self.board.moves())
        if cell != chosen:
            by = "stray"
        return self._add(Move(self.board.to_move, cell, by))

    def _holding_move(self) -> int:
        """A move that keeps the map's side from losing (``DeepSolver.holding_move``),
        for a bigger board's position whose map's move is past the search budget."""

        solver = self.policy.solver
        assert isinstance(solver, DeepSolver)  # only its searches have a budget
        solver.fresh_budget()
        return solver.holding_move(self.board.key)

    def _novice_move(self, chosen: int) -> int:
        """A win if there is one, else a block, else any move (as the ``novice`` key
        assumes of an opponent); the map's own move (``chosen``) when it is one of these."""
        key = self.board.key
        replies = self.solver.children(key)
        picked = set(novice_replies(self.solver, key, replies))
        cells = [cell for cell, after in replies if after in picked]
        return chosen if chosen in cells else self.random.choice(cells)

    def _add(self, move: Move) -> Move:
        if self.walk is not None:
            self.walk.played(self.board, move.cell)
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
        if self.walk is not None:  # followed again from the start
            self.walk = FoldWalk(self.start, self.side)
            for before, move in zip(self.positions(), self.moves, strict=False):
                self.walk.played(before, move.cell)

    # -- what the map sees ------------------------------------------------------

    @property
    def opponent(self) -> Mark:
        """The mark of the person playing against the map."""
        return other(self.side)

    def rules_words(self) -> str:
        """What a person must know of misère rules before playing: ``Misère: three in a row
        loses.``"""
        with speaking(self.lang):
            return tr("Misère: {k} in a row loses.", k=k_word(self.geometry))

    def cell_name(self, cell: int) -> str:
        """A cell in words on this board (``cell_name``), in the game's language."""
        with speaking(self.lang):
            return cell_name(self.geometry, cell)

    def hints(self) -> list[int]:
        """The person's best moves by the solved game: the fastest wins, the draws, or
        when lost the moves that hold out longest."""
        if self.over:
            return []
        with settings.using(self.how):
            scores = self.solver.move_scores(self.board.key)
        best = min(scores.values())  # the opponent's score after the move: lower is better
        return sorted(cell for cell, score in scores.items() if score == best)

    def verdict(self) -> str:
        """One line on the position, as the map sees it, for the person to move ("" when
        its value is past the search budget)."""
        with speaking(self.lang), settings.using(self.how):
            if self.over:
                return self.result_line()
            try:
                out = self.solver.outcome(self.board)
            except TooBigToSolve:
                return ""  # past the search budget: the game goes on without it
            if self.geometry.misere:  # a line the map could complete would be its own loss
                line = self._misere_value(out.result, out.distance)
                return line[0].upper() + line[1:]
            me, them = self.side.upper(), self.board.to_move.upper()
            free = self.geometry.full & ~(self.board.x | self.board.o)
            mine = self.board.x if self.side == "x" else self.board.o
            threats = len(self.geometry.cells_of(self.solver.threats(mine) & free))
            said = {"player": me, "opponent": them, "plies": plies(out.distance, after_in=True)}
            if out.result < 0:  # the last of ``distance`` plies is the map's
                moves = out.distance // 2
                if moves <= 1:
                    value = tr("{opponent} loses in {plies}, to {player}'s next move", **said)
                else:
                    value = tr(
                        "{opponent} loses in {plies}, to {player}'s {ordinal} move from here",
                        ordinal=ordinal(moves),
                        **said,
                    )
            elif out.result > 0:  # the last of ``distance`` plies is the person's
                moves = (out.distance + 1) // 2
                if moves <= 1:
                    value = tr("{opponent} can win in {plies}, with its next move", **said)
                else:
                    value = tr(
                        "{opponent} can win in {plies}, with its {ordinal} move from here",
                        ordinal=ordinal(moves),
                        **said,
                    )
            else:
                value = tr("a draw with best play")
            if threats >= 2:
                return tr("{player} threatens two lines: {value}", player=me, value=value)
            if threats == 1:
                return tr("{player} threatens a line: {value}", player=me, value=value)
            return value[0].upper() + value[1:]

    def _misere_value(self, result: int, distance: int) -> str:
        """The value under misère, where the last of ``distance`` plies is the loser's
        own: the move that completes its line."""
        said = {
            "player": self.side.upper(),
            "opponent": self.board.to_move.upper(),
            "plies": plies(distance, after_in=True),
        }
        if result < 0 and distance == 1:
            return tr(
                "{opponent} loses in {plies}: every free cell completes a line of {opponent}'s",
                **said,
            )
        if result < 0:
            moves = (distance + 1) // 2
            if moves <= 1:
                return tr(
                    "{opponent} loses in {plies}, forced to complete a line with its next move",
                    **said,
                )
            return tr(
                "{opponent} loses in {plies}, forced to complete a line with its {ordinal} "
                "move from here",
                ordinal=ordinal(moves),
                **said,
            )
        if result > 0:
            moves = distance // 2
            if moves <= 1:
                return tr(
                    "{opponent} can win in {plies}: {player} must complete a line with its "
                    "next move",
                    **said,
                )
            return tr(
                "{opponent} can win in {plies}: {player} must complete a line with its "
                "{ordinal} move from here",
                ordinal=ordinal(moves),
                **said,
            )
        return tr("a draw with best play")

    def describe(self, move: Move) -> str:
        """``X plays the centre (4)``, saying when the map's side strayed from the map."""
        with speaking(self.lang):
            said = {
                "player": move.mark.upper(),
                "cell": cell_to(self.geometry, move.cell),
                "number": move.cell,
            }
            if move.by == "stray":
                return tr("{player} strays from the map and plays {cell} ({number})", **said)
            if move.by == "hold":
                return tr(
                    "{player} plays {cell} ({number}), a move that does not lose: the map's "
                    "own move is not found within the search budget",
                    **said,
                )
            return tr("{player} plays {cell} ({number})", **said)

    def result_line(self) -> str:
        """``result`` as a person reads it: ``X wins``, ``draw``..."""
        with speaking(self.lang):
            winner = self.board.winner()
            if winner is not None:
                return tr("{player} wins", player=winner.upper())
            return tr("draw") if self.result == "draw" else tr("unfinished")

    # -- the log ------------------------------------------------------------------

    def to_json(self) -> str:
        doc = {
            "format": FORMAT,
            "geometry": self.geometry.name,
            **self.geometry.rules_field,
            "map": self.side,
            "policy": self.policy.name,
            "level": self.level,
            **({"folded": True} if self.fold else {}),
            "start": str(self.start),
            "moves": [{"mark": m.mark, "cell": m.cell, "by": m.by} for m in self.moves],
            "positions": [str(b) for b in self.positions()],
            "result": self.result,
        }
        return json.dumps(doc, indent=2) + "\n"


def result_of(board: Position) -> str:
    """A game's result as its log says it: ``x wins``, ``o wins``, ``draw``, ``unfinished``."""
    winner = board.winner()
    if winner is not None:
        return f"{winner} wins"
    return "draw" if board.is_full else "unfinished"


def is_game(doc: Any) -> bool:
    return isinstance(doc, dict) and doc.get("format") == FORMAT
