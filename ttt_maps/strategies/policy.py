"""Tie-break policies: which of several equally good moves to draw.

A policy is a chain of keys applied left to right, each narrowing the moves
that reach the best outcome; ``first`` always closes the chain so every choice
is deterministic (SPEC section 4). Keys that look ahead (``novice``,
``compact``) assume the rest of the map is drawn with the same policy, so a
``Policy`` memoises its own choices per position.
"""

from __future__ import annotations

from collections.abc import Callable

from ttt_maps.errors import UsageError, quote
from ttt_maps.game.board import Board, Mark
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.solve.search import Children
from ttt_maps.solve.solver import Solver, solver_for
from ttt_maps.strategies.keys import Key, book_key, load_book, random_key, simple_keys, xkcd_book

#: Score of a finished game for the player: win, draw, loss.
SCORES = {1: 1.0, 0: 0.5, -1: 0.0}

KEY_HELP: dict[str, str] = {
    "fast": "win in the fewest plies; when losing, hold out longest (as Yorgey's maps do)",
    "trap": "leave the opponent the fewest replies that do not lose",
    "novice": "the highest expected score against a novice (wins, blocks, else plays at random)",
    "compact": "the smallest resulting map (fewest boards drawn), for legible posters",
    "center": "a centre cell",
    "corner": "a corner cell",
    "edge": "an edge cell (neither corner nor centre)",
    "first": "the lowest cell number (always appended last)",
    "last": "the highest cell number",
    "random:SEED": "a reproducible random choice per position (random = random:0)",
    "rules": "what a rule-following human (win, block, opening, fork, threat) would play, "
    "when optimal",
    "book:PATH": "the move a JSON opening book {\"board\": cell} gives, when optimal",
}

#: Preset name -> (chain, description).
PRESETS: dict[str, tuple[str, str]] = {
    "yorgey": ("fast,last", "Brent Yorgey's Haskell maps exactly: X opens bottom-right"),
    "xkcd": (
        "book:xkcd,center,corner",
        "the comic's first two plies (X opens top-left), then centre, corner",
    ),
    "default": ("fast,novice", "make the opponent's mistakes likelier"),
}
#: Presets and keys made for the 3x3 board: the comic's moves, the rule player.
ONLY_3X3 = frozenset({"xkcd", "rules"})
#: ``default`` where ``novice`` would look through too much: its look-ahead
#: covers the whole rest of the map, so it keeps to boards whose maps can be
#: drawn whole (measured: the 4x4 board with four in a row passes the
#: look-ahead limit at its first move). ``trap`` looks one reply ahead.
DEFAULT_BIG = "fast,trap"
#: The boards where ``default`` is ``fast,novice``.
NOVICE_BOARDS = frozenset({"3x3k3", "3x4k3", "4x3k3", "4x4k3"})
#: Positions ``novice`` or ``compact`` may evaluate before they are refused
#: (a count, not a time, so the same chain always gives the same answer).
LOOKAHEAD_LIMIT = 500_000


def preset_chain(name: str, geometry: Geometry = STANDARD) -> str:
    """The chain a preset stands for on a board (``default`` depends on the board)."""
    if name == "default" and geometry.name not in NOVICE_BOARDS:
        return DEFAULT_BIG
    return PRESETS[name][0]


def presets_for(geometry: Geometry = STANDARD) -> list[str]:
    """The presets that exist on a board (``xkcd`` is for 3x3 only)."""
    return [name for name in PRESETS if geometry == STANDARD or name not in ONLY_3X3]

class Policy:
    """A parsed chain with its memoised choices and look-ahead values.

    The work happens on positions as ``Board.key`` ints (``choose_key``,
    ``expected_at``, ``boards_below``); the Board methods check and delegate.
    """

    def __init__(self, keys: list[Key], geometry: Geometry = STANDARD) -> None:
        self.keys = keys
        self.geometry = geometry
        self.solver: Solver = solver_for(geometry)
        self._choice: dict[int, int] = {}
        self._expected: dict[Mark, dict[int, float]] = {"x": {}, "o": {}}
        self._boards: dict[int, int] = {}
        self.limit = LOOKAHEAD_LIMIT

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
            self.solver.check(board)
            hit = self.choose_key(board.key)
        return hit

    def choose_key(self, pos: int) -> int:
        """``choose`` for a legal position given by its key."""
        hit = self._choice.get(pos)
        if hit is None:
            moves = self._optimal(pos)
            for key in self.keys:  # ``_steps`` without keeping the steps: the hot path
                if len(moves) == 1:
                    break  # every key keeps a non-empty subset: a lone move is the choice
                moves = key.apply(self, pos, moves)
            hit = self._choice[pos] = moves[0]
        return hit

    def candidates(self, board: Board) -> list[list[int]]:
        """The optimal moves, then what is left after each key (for ``solve``)."""
        self.solver.check(board)
        return self._steps(board.key)

    def _optimal(self, pos: int) -> list[int]:
        """The moves that keep the game's value, where every chain starts."""
        moves = self.solver.best_cells(pos)
        if not moves:
            board = self.solver.board(pos)
            raise UsageError(f"board {board}: the game is over, there is no move to choose")
        return moves

    def _steps(self, pos: int) -> list[list[int]]:
        moves = self._optimal(pos)
        steps = [moves]
        for key in self.keys:
            moves = key.apply(self, pos, moves)
            steps.append(moves)
        return steps

    # -- look-ahead values, the rest of the map drawn with this policy -------

    def expected(self, board: Board, me: Mark) -> float:
        """Expected score for ``me`` (1 / 0.5 / 0) against the novice opponent."""
        return self.expected_at(board.key, me)

    def expected_at(self, pos: int, me: Mark) -> float:
        """``expected`` of a legal position given by its key."""
        memo = self._expected[me]
        hit = memo.get(pos)
        return self._expect(pos, me, memo) if hit is None else hit

    def _expect(self, pos: int, me: Mark, memo: dict[int, float]) -> float:
        """``expected_at`` on a memo miss; asks ``memo`` before each call (the hot path)."""
        solver = self.solver
        replies = solver.children(pos)
        x_moves = pos.bit_count() % 2 == 0
        if not replies:
            g = solver.geometry
            last: Mark = "o" if x_moves else "x"
            value = (1.0 if last == me else 0.0) if g.has_line(_marks(g, pos, last)) else 0.5
        elif x_moves == (me == "x"):
            after = solver.play(pos, self.choose_key(pos))
            value = memo[after] if after in memo else self._expect(after, me, memo)
        else:
            novice = novice_replies(solver, pos, replies)
            total = sum([memo[a] if a in memo else self._expect(a, me, memo) for a in novice])
            value = total / len(novice)
        memo[pos] = value
        if len(memo) > self.limit:
            raise self._too_far("novice")
        return value

    def _too_far(self, key: str) -> UsageError:
        g = self.geometry
        return UsageError(
            f"policy key {key} looks ahead through the whole rest of the map, and on "
            f"{g.describe()} that passes {self.limit:,} positions; use a chain without it, "
            f"e.g. {DEFAULT_BIG} (the default there)"
        )

    def boards_below(self, pos: int) -> int:
        """Boards the map draws below a legal position where the opponent of the
        player this policy chooses for is to move."""
        hit = self._boards.get(pos)
        if hit is None:
            solver = self.solver
            hit = 0
            for _, child in solver.children(pos):
                if solver.children(child):  # the game goes on: a board with a choice
                    hit += 1 + self.boards_below(solver.play(child, self.choose_key(child)))
            self._boards[pos] = hit
            if len(self._boards) > self.limit:
                raise self._too_far("compact")
        return hit


def _marks(g: Geometry, pos: int, mark: Mark) -> int:
    """One side's bitmask in a key."""
    return pos & g.full if mark == "x" else pos >> g.size


def novice_replies(solver: Solver, pos: int, replies: Children) -> list[int]:
    """The positions a novice picks from uniformly: after a win, else a block, else any move.

    ``replies`` are the position's children, ascending, as ``Solver.children`` gives them.
    """
    g = solver.geometry
    x, o = pos & g.full, pos >> g.size
    mine, theirs = (x, o) if pos.bit_count() % 2 == 0 else (o, x)
    free = g.full & ~(x | o)
    # Neither side holds a line yet, so ``threats`` are the cells completing one.
    cells = solver.threats(mine) & free or solver.threats(theirs) & free
    if not cells:
        return [after for _, after in replies]
    return [after for cell, after in replies if cells >> cell & 1]


# -- parsing ----------------------------------------------------------------


#: Turns a ``book:PATH`` as written into the path of the file to read.
Locate = Callable[[str], str]


def _parse_key(text: str, geometry: Geometry, locate: Locate | None = None) -> Key:
    name, _, arg = text.partition(":")
    name = name.lower()  # FAST is fast; a book's path keeps its case
    text = f"{name}:{arg}" if arg else name
    simple = simple_keys(geometry)
    if name in simple:
        if arg:
            raise UsageError(f"policy key {text!r}: {name!r} takes no argument")
        if name in ONLY_3X3 and geometry != STANDARD:
            raise UsageError(
                f"policy key {name}: the rule player is for the 3x3 board only, "
                f"not {geometry.describe()}"
            )
        return Key(name, simple[name])
    if name == "random":
        if not arg:
            return Key("random:0", random_key(0))
        if not arg.isdigit() or len(arg) > 18:
            raise UsageError(
                f"policy key {quote(text)}: the seed must be a whole number of at most "
                "18 digits, e.g. random:42"
            )
        return Key(f"random:{int(arg)}", random_key(int(arg)))
    if name == "book":
        if not arg:
            raise UsageError(f"policy key {text!r}: give a path, e.g. book:opening.json")
        if arg.lower() == "xkcd":
            if geometry != STANDARD:
                raise UsageError(
                    f"policy key {text}: the comic's moves are for the 3x3 board only, "
                    f"not {geometry.describe()}"
                )
            return Key("book:xkcd", book_key(xkcd_book()))
        path = locate(arg) if locate is not None else arg
        return Key(text, book_key(load_book(path, geometry, where=f"policy key {text}")))
    known = ", ".join([*KEY_HELP, *PRESETS])
    raise UsageError(f"policy key {text!r} is unknown; known keys and presets: {known}")


def parse_policy(
    chain: str, geometry: Geometry = STANDARD, *, locate: Locate | None = None
) -> Policy:
    """Parse ``"fast,novice"``, a preset name, or a mix; ``first`` closes every chain.

    ``locate`` turns a ``book:PATH`` as written into the file to read (the
    Sphinx directive reads books relative to the document); the policy keeps
    the path as written, so its name is the same wherever it is built.
    """
    parts = [p.strip() for p in chain.split(",")]
    parts = [p.lower() if p.lower() in PRESETS else p for p in parts]
    if not chain.strip() or any(not p for p in parts):
        raise UsageError(f"policy {chain!r}: expected keys separated by commas, e.g. fast,novice")
    keys: list[Key] = []
    for part in parts:
        if part in ONLY_3X3 and part in PRESETS and geometry != STANDARD:
            raise UsageError(
                f"policy {part}: the comic's moves are for the 3x3 board only, "
                f"not {geometry.describe()}"
            )
        texts = preset_chain(part, geometry).split(",") if part in PRESETS else [part]
        keys.extend(_parse_key(t, geometry, locate) for t in texts)
    if keys[-1].text != "first":
        keys.append(_parse_key("first", geometry))
    return Policy(keys, geometry)


def describe_policies(geometry: Geometry = STANDARD) -> list[tuple[str, str]]:
    """(name, one line) for every key and preset on a board, for ``ttt-maps policies``."""
    only = "" if geometry == STANDARD else " (3x3 only)"
    rows = [(k, text + (only if k in ONLY_3X3 else "")) for k, text in KEY_HELP.items()]
    for name, (_, text) in PRESETS.items():
        if name in ONLY_3X3 and geometry != STANDARD:
            rows.append((name, f"{text}{only}"))
        else:
            rows.append((name, f"= {preset_chain(name, geometry)},first: {text}"))
    return rows
