"""Exported strategies read back and audited against the solved game.

``load_strategy`` reads ``ttt-maps/strategy@1`` JSON (every problem one
line naming the file and the field); ``audit`` walks any strategy, from a
file or from a player that picks moves, and reports what loses value --
the code behind ``ttt-maps check``. A folded file (``"folded": true``)
lists the positions its map draws; every other position is played as a
listed rotation or reflection of it (``folding.folded_picks``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from ttt_maps.errors import UsageError, quote
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Mark, Position, parse_mark, parse_moves
from ttt_maps.game.symmetry import canonicaliser
from ttt_maps.io import progress
from ttt_maps.io.files import json_field, json_flag, parse_json
from ttt_maps.language import ENGLISH, languages, speaking, tr
from ttt_maps.reasons.explain import explain_key
from ttt_maps.solve.folding import folded_picks
from ttt_maps.solve.registry import solver_for
from ttt_maps.solve.solver import plies
from ttt_maps.trees.strategy import FORMAT

# -- reading an exported strategy --------------------------------------------


class StrategyFile(NamedTuple):
    """A strategy as read from JSON: who, from where, the moves, and whether folded."""

    geometry: Geometry
    player: Mark
    policy: str
    root: Position
    moves: dict[int, int]
    folded: bool = False
    #: The reasons the file gives (``export --explain``), by position key.
    why: dict[int, dict[str, Any]] | None = None
    #: The language of the reasons' words (``"lang"``; English when the file names none).
    lang: str = "en"


def load_strategy(text: str, source: str = "strategy") -> StrategyFile:
    """Parse ``ttt-maps/strategy@1`` JSON; every problem is a one-line ``UsageError``."""
    return strategy_from_json(parse_json(text, source), source)


def strategy_from_json(doc: Any, source: str) -> StrategyFile:
    """``load_strategy`` of JSON already parsed (``check`` parses once, then looks
    at the format to tell a strategy from a game log)."""
    if not isinstance(doc, dict):
        raise UsageError(f'{source}: expected a JSON object with "format": "{FORMAT}"')
    if doc.get("format") != FORMAT:
        raise UsageError(f'{source}: "format" is {quote(doc.get("format"))}, expected {FORMAT!r}')
    geometry_text = json_field(doc, "geometry", str, source)
    player_text = json_field(doc, "player", str, source)
    root_text = json_field(doc, "root", str, source)
    try:
        geometry = Geometry.parse(geometry_text, str(doc.get("rules", "normal")))
    except UsageError as exc:
        raise UsageError(f'{source}: "geometry": {exc}') from None
    try:
        player = parse_mark(player_text)
        root = Position.parse(root_text, geometry)
    except UsageError as exc:
        raise UsageError(f"{source}: {exc}") from None
    policy = doc.get("policy", "")
    folded = json_flag(doc, "folded", source)
    raw_moves = json_field(doc, "moves", dict, source)
    moves = parse_moves(raw_moves, geometry, f'{source}: in "moves"')
    why = _reasons(doc.get("why"), geometry, source) if "why" in doc else None
    lang = doc.get("lang", ENGLISH)
    if not isinstance(lang, str):
        raise UsageError(f'{source}: "lang" must be a language\'s code, such as "{ENGLISH}"')
    return StrategyFile(geometry, player, str(policy), root, moves, folded, why, lang)


def _reasons(raw: Any, geometry: Geometry, source: str) -> dict[int, dict[str, Any]]:
    """A file's ``why``: an object of reasons (objects with a ``code``) by board."""
    if not isinstance(raw, dict):
        raise UsageError(f'{source}: "why" must be an object of reasons by board')
    out = {}
    for text, reason in raw.items():
        try:
            board = Position.parse(text, geometry)
        except UsageError as exc:
            raise UsageError(f'{source}: in "why": {exc}') from None
        if not isinstance(reason, dict) or not isinstance(reason.get("code"), str):
            raise UsageError(f'{source}: in "why": the reason for {text} has no "code"')
        out[board.key] = reason
    return out


#: The fields of a reason that name moves and lines, the same in every language.
CLAIMS = ("code", "line", "threats", "sequence", "refutation")
#: The fields in words, written in the file's language (``"lang"``).
WORDS = ("text", "brief")


def check_reasons(doc: StrategyFile, source: str) -> int:
    """Every reason a file gives is, field by field, the one ttt-maps writes for its move
    from the solved game: its claims, and its words in the file's language; a field
    that differs, or one ttt-maps never writes, is a ``UsageError`` naming it. A file
    whose words are in a language this ttt-maps does not write is refused, since they
    cannot be checked. Returns how many reasons were checked."""
    if not doc.why:
        return 0
    if doc.lang not in languages():
        raise UsageError(
            f"{source}: its reasons are written in {quote(doc.lang)}, which this ttt-maps "
            f"does not write ({', '.join(languages())}), so their words cannot be checked"
        )

    solver = solver_for(doc.geometry)
    for key, claim in sorted(doc.why.items()):
        board = solver.board(key)
        cell = doc.moves.get(key)
        if cell is None or cell not in board.moves():
            raise UsageError(f"{source}: a reason for {board}, where the file plays no legal move")
        with speaking(doc.lang):
            true = explain_key(solver, key, cell).to_json()
        extra = sorted(set(claim) - set(true))
        if extra:
            raise UsageError(
                f"{source}: the reason for {cell} at {board} has a field ttt-maps does not "
                f"write: {quote(extra[0])}"
            )
        for name in (*CLAIMS, *WORDS):
            if name in claim and claim[name] != true.get(name):
                said, truth = json.dumps(claim[name]), json.dumps(true.get(name))
                raise UsageError(
                    f"{source}: the reason for {cell} at {board} is wrong: {name} {said}, "
                    f"where the solved game says {truth}"
                    + ("" if name == "text" else f" ({true['text']})")
                )
    return len(doc.why)


# -- the audit ----------------------------------------------------------------


class Problem(NamedTuple):
    """One finding of an audit; ``fatal`` ones make a strategy imperfect."""

    kind: str
    board: Position
    message: str
    fatal: bool = True

    def __str__(self) -> str:
        level = "error" if self.fatal else "warning"
        return f"{level}: {self.kind} at {self.board}: {self.message}"

    def as_dict(self) -> dict[str, object]:
        """The finding as ``check --json`` lists it."""
        return {"kind": self.kind, "board": str(self.board), "message": self.message,
                "fatal": self.fatal}  # fmt: skip


def audit(
    root: Position,
    player: Mark,
    picks: Callable[[Position], Iterable[int] | None],
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
    with progress.stage(
        tr("Checking {player}'s strategy on {board}", player=player.upper(),
           board=root.geometry.in_words()),
        count=lambda: len(seen),
    ):  # fmt: skip
        while frontier:
            nxt: list[Position] = []
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
                                    f"cell {cell} wins in {plies(got.distance)}, "
                                    f"{plies(best.distance)} was possible",
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
    """Audit an exported strategy; positions it lists but never reaches are warnings
    (for a folded one: positions no rotation or reflection of which is reached)."""
    reached: set[int] = set()
    if doc.folded:
        canonical = canonicaliser(doc.geometry)
        turned = folded_picks(doc.geometry, doc.moves)

        def picks(board: Position) -> list[int]:
            reached.add(canonical(board.key))
            return turned(board)

        problems = audit(doc.root, doc.player, picks)
        unused = sorted(k for k in doc.moves if canonical(k) not in reached)
    else:

        def picks(board: Position) -> list[int]:
            reached.add(board.key)
            cell = doc.moves.get(board.key)
            return [] if cell is None else [cell]

        problems = audit(doc.root, doc.player, picks)
        unused = sorted(set(doc.moves) - reached)
    if unused:
        size = doc.geometry.size
        first = Position(unused[0] & ((1 << size) - 1), unused[0] >> size, doc.geometry)
        problems.append(
            Problem(
                "unreached",
                first,
                f"{len(unused)} listed position(s) are never reached from the root",
                fatal=False,
            )
        )
    return problems
