"""Tie-break policies: which of several equally good moves to draw.

A policy is a chain of keys applied left to right, each narrowing the moves
that reach the best outcome; ``first`` always closes the chain so every choice
is deterministic (SPEC section 4). Keys that look ahead (``novice``,
``compact``) assume the rest of the map is drawn with the same policy, so a
``Policy`` memoises its own choices per position.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ttt_maps.board import Board, Mark
from ttt_maps.errors import UsageError
from ttt_maps.geometry import STANDARD, Geometry
from ttt_maps.rules import completing_cells, rule_moves
from ttt_maps.solver import Solver, solver_for

#: Score of a finished game for the player: win, draw, loss.
SCORES = {1: 1.0, 0: 0.5, -1: 0.0}

KEY_HELP: dict[str, str] = {
    "fast": "win in the fewest plies; when losing, hold out longest (the seed's Haskell rule)",
    "trap": "leave the opponent the fewest replies that do not lose",
    "novice": "the highest expected score against a novice (wins, blocks, else plays at random)",
    "compact": "the smallest resulting map (fewest boards drawn), for legible posters",
    "center": "a centre cell",
    "corner": "a corner cell",
    "edge": "an edge cell (neither corner nor centre)",
    "first": "the lowest cell number (always appended last)",
    "last": "the highest cell number",
    "random:SEED": "a reproducible random choice per position (random = random:0)",
    "rules": "what the human-style rule player of seeds/002 would play, when optimal",
    "book:PATH": "the move a JSON opening book {\"board\": cell} gives, when optimal",
}

#: Preset name -> (chain, description).
PRESETS: dict[str, tuple[str, str]] = {
    "yorgey": ("fast,last", "the seed's Haskell maps exactly: X opens bottom-right"),
    "xkcd": (
        "book:xkcd,center,corner",
        "the comic's first two plies (X opens top-left), then centre, corner",
    ),
    "default": ("fast,novice", "make the opponent's mistakes likelier"),
}

Filter = Callable[["Policy", Board, list[int]], list[int]]


Score = Callable[[int], float | int | tuple[int, int]]


def _keep_best(moves: list[int], score: Score) -> list[int]:
    """The moves with the highest score."""
    scored = [(score(m), m) for m in moves]
    best = max(s for s, _ in scored)
    return [m for s, m in scored if s == best]


def _prefer(cells: frozenset[int]) -> Filter:
    def key(policy: Policy, board: Board, moves: list[int]) -> list[int]:
        return [m for m in moves if m in cells] or moves

    return key


def _fast(policy: Policy, board: Board, moves: list[int]) -> list[int]:
    outs = policy.solver.move_outcomes(board)
    return _keep_best(moves, lambda m: outs[m].rank)


def _trap(policy: Policy, board: Board, moves: list[int]) -> list[int]:
    def non_losing(m: int) -> int:
        after = board.play(m)
        return sum(policy.solver.outcome(after.play(r)).result <= 0 for r in after.moves())

    return _keep_best(moves, lambda m: -non_losing(m))


def _novice(policy: Policy, board: Board, moves: list[int]) -> list[int]:
    me = board.to_move
    return _keep_best(moves, lambda m: round(policy.expected_after(board, m, me), 12))


def _compact(policy: Policy, board: Board, moves: list[int]) -> list[int]:
    me = board.to_move
    return _keep_best(moves, lambda m: -policy.boards_after(board.play(m), me))


def _first(policy: Policy, board: Board, moves: list[int]) -> list[int]:
    return [min(moves)]


def _last(policy: Policy, board: Board, moves: list[int]) -> list[int]:
    return [max(moves)]


def _rules(policy: Policy, board: Board, moves: list[int]) -> list[int]:
    _, allowed = rule_moves(board)
    return [m for m in moves if m in allowed] or moves


def _random(seed: int) -> Filter:
    def key(policy: Policy, board: Board, moves: list[int]) -> list[int]:
        rng = random.Random(f"ttt-maps:{seed}:{board.geometry.name}:{board}")
        return [rng.choice(sorted(moves))]

    return key


def _book(book: Mapping[int, int]) -> Filter:
    def key(policy: Policy, board: Board, moves: list[int]) -> list[int]:
        cell = book.get(board.key)
        return [cell] if cell in moves else moves

    return key


@dataclass(frozen=True)
class Key:
    """One link of a chain: its text as written and the filter it applies."""

    text: str
    apply: Filter


class Policy:
    """A parsed chain with its memoised choices and look-ahead values."""

    def __init__(self, keys: list[Key], geometry: Geometry = STANDARD) -> None:
        self.keys = keys
        self.geometry = geometry
        self.solver: Solver = solver_for(geometry)
        self._choice: dict[int, int] = {}
        self._expected: dict[tuple[int, Mark], float] = {}
        self._boards: dict[tuple[int, Mark], int] = {}

    @property
    def name(self) -> str:
        """The chain as text, ``first`` included."""
        return ",".join(k.text for k in self.keys)

    def __repr__(self) -> str:
        return f"Policy({self.name!r})"

    # -- choosing -----------------------------------------------------------

    def choose(self, board: Board) -> int:
        """The move this policy draws for the side to move (the game is not over)."""
        hit = self._choice.get(board.key)
        if hit is None:
            hit = self.candidates(board)[-1][0]
            self._choice[board.key] = hit
        return hit

    def candidates(self, board: Board) -> list[list[int]]:
        """The optimal moves, then what is left after each key (for ``solve``)."""
        moves = self.solver.best_moves(board)
        if not moves:
            raise UsageError(f"board {board}: the game is over, there is no move to choose")
        steps = [moves]
        for key in self.keys:
            moves = key.apply(self, board, moves)
            steps.append(moves)
        return steps

    # -- look-ahead values, the rest of the map drawn with this policy -------

    def expected(self, board: Board, me: Mark) -> float:
        """Expected score for ``me`` (1 / 0.5 / 0) against the novice opponent."""
        cache_key = (board.key, me)
        hit = self._expected.get(cache_key)
        if hit is not None:
            return hit
        if board.is_over:
            w = board.winner()
            value = 0.5 if w is None else (1.0 if w == me else 0.0)
        elif board.to_move == me:
            value = self.expected_after(board, self.choose(board), me)
        else:
            replies = novice_replies(board)
            value = sum(self.expected_after(board, r, me) for r in replies) / len(replies)
        self._expected[cache_key] = value
        return value

    def expected_after(self, board: Board, cell: int, me: Mark) -> float:
        """``expected`` after ``cell`` is played; the memo is asked before a board is built."""
        bit = 1 << cell
        key = board.key | (bit if board.to_move == "x" else bit << board.geometry.size)
        hit = self._expected.get((key, me))
        if hit is not None:
            return hit
        return self.expected(board.play(cell), me)

    def boards_after(self, board: Board, me: Mark) -> int:
        """Boards the map draws below a position where ``me``'s opponent is to move."""
        cache_key = (board.key, me)
        hit = self._boards.get(cache_key)
        if hit is not None:
            return hit
        total = 0
        for r in board.moves():
            child = board.play(r)
            if not child.is_over:
                total += 1 + self.boards_after(child.play(self.choose(child)), me)
        self._boards[cache_key] = total
        return total


def novice_replies(board: Board) -> list[int]:
    """The moves a novice picks from uniformly: a win, else a block, else anything."""
    mine, theirs = (board.x, board.o) if board.to_move == "x" else (board.o, board.x)
    wins = completing_cells(board, mine, theirs)
    if wins:
        return sorted(wins)
    blocks = completing_cells(board, theirs, mine)
    if blocks:
        return sorted(blocks)
    return board.moves()


# -- parsing ----------------------------------------------------------------


def xkcd_book(geometry: Geometry = STANDARD) -> dict[int, int]:
    """The comic's known first two plies (3x3 only; empty elsewhere)."""
    if geometry != STANDARD:
        return {}
    empty = Board.empty(geometry)
    book = {empty.key: 0}
    corner = empty.play(0)
    for reply, answer in {1: 4, 2: 6, 3: 4, 4: 8, 5: 4, 6: 2, 7: 4, 8: 2}.items():
        book[corner.play(reply).key] = answer
    for opening in empty.moves():
        book[empty.play(opening).key] = 0 if opening == 4 else 4
    return book


def load_book(path: str, geometry: Geometry = STANDARD) -> dict[int, int]:
    """Read a JSON opening book ``{"board": cell}``; errors name the bad part."""
    where = f"policy key book:{path}"
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"{where}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{where}: cannot read it ({exc})") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{where}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(raw, dict):
        raise UsageError(f"{where}: expected a JSON object {{\"board\": cell}}")
    book: dict[int, int] = {}
    for text, cell in raw.items():
        try:
            board = Board.parse(text, geometry)
        except UsageError as exc:
            raise UsageError(f"{where}: {exc}") from None
        if isinstance(cell, bool) or not isinstance(cell, int):
            raise UsageError(f"{where}: the move for {text!r} must be a cell number, not {cell!r}")
        if cell not in board.moves():
            raise UsageError(f"{where}: cell {cell} is not a legal move on board {board}")
        book[board.key] = cell
    return book


def _parse_key(text: str, geometry: Geometry) -> Key:
    name, _, arg = text.partition(":")
    simple: dict[str, Filter] = {
        "fast": _fast,
        "trap": _trap,
        "novice": _novice,
        "compact": _compact,
        "center": _prefer(geometry.centers),
        "corner": _prefer(geometry.corners),
        "edge": _prefer(geometry.edges),
        "first": _first,
        "last": _last,
        "rules": _rules,
    }
    if name in simple:
        if arg:
            raise UsageError(f"policy key {text!r}: {name!r} takes no argument")
        return Key(name, simple[name])
    if name == "random":
        if not arg:
            return Key("random:0", _random(0))
        if not arg.isdigit():
            raise UsageError(
                f"policy key {text!r}: the seed must be a whole number, e.g. random:42"
            )
        return Key(f"random:{int(arg)}", _random(int(arg)))
    if name == "book":
        if not arg:
            raise UsageError(f"policy key {text!r}: give a path, e.g. book:opening.json")
        if arg == "xkcd":
            return Key(text, _book(xkcd_book(geometry)))
        return Key(text, _book(load_book(arg, geometry)))
    known = ", ".join([*KEY_HELP, *PRESETS])
    raise UsageError(f"policy key {text!r} is unknown; known keys and presets: {known}")


def parse_policy(chain: str, geometry: Geometry = STANDARD) -> Policy:
    """Parse ``"fast,novice"``, a preset name, or a mix; ``first`` closes every chain."""
    parts = [p.strip() for p in chain.split(",")]
    if not chain.strip() or any(not p for p in parts):
        raise UsageError(f"policy {chain!r}: expected keys separated by commas, e.g. fast,novice")
    keys: list[Key] = []
    for part in parts:
        preset = PRESETS.get(part)
        texts = preset[0].split(",") if preset else [part]
        keys.extend(_parse_key(t, geometry) for t in texts)
    if keys[-1].text != "first":
        keys.append(_parse_key("first", geometry))
    return Policy(keys, geometry)


def describe_policies() -> list[tuple[str, str]]:
    """(name, one line) for every key and preset, for ``ttt-maps policies``."""
    rows = list(KEY_HELP.items())
    rows += [(name, f"= {chain},first: {text}") for name, (chain, text) in PRESETS.items()]
    return rows
