"""A referee for every claim a reason makes, from first principles: no package code.

Boards are strings (``x``, ``o``, ``.``, row-major), lines come from
``first_principles.lines_of``, and a position's value is this module's own
minimax under normal rules (a line wins) or misère rules (a line loses): the
result for the side to move and the distance in plies, the winner winning
soonest and the loser holding out longest. ``Claims`` reads a reason's
sentence back into what it says about the board (a line completed or blocked,
the cells threatened, a fork, a best reply, a value kept or lost) and checks
each claim here; a sentence that matches none of the forms a reason takes is a
failure too, so a new form must be taught to the referee before it is trusted.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import cache

from first_principles import lines_of

#: (rows, cols, k): a board's shape.
Shape = tuple[int, int, int]
#: (result, distance) for the side to move: 1 win, 0 draw, -1 loss.
Value = tuple[int, int]
STANDARD: Shape = (3, 3, 3)


def mover(board: str) -> str:
    return "x" if board.count("x") == board.count("o") else "o"


def other(mark: str) -> str:
    return "o" if mark == "x" else "x"


def put(board: str, cell: int, mark: str) -> str:
    return board[:cell] + mark + board[cell + 1 :]


def empties(board: str) -> list[int]:
    return [c for c, ch in enumerate(board) if ch == "."]


def has_line(board: str, mark: str, shape: Shape) -> bool:
    return any(all(board[c] == mark for c in line) for line in lines_of(*shape))


def completing(board: str, mark: str, shape: Shape) -> set[int]:
    """The empty cells where ``mark`` would complete a line."""
    out = set()
    for line in lines_of(*shape):
        missing = [c for c in line if board[c] != mark]
        if len(missing) == 1 and board[missing[0]] == ".":
            out.add(missing[0])
    return out


def is_over(board: str, shape: Shape) -> bool:
    return "." not in board or has_line(board, "x", shape) or has_line(board, "o", shape)


def rank(v: Value) -> tuple[int, int]:
    """Larger is better: a win sooner, a draw, a loss later."""
    result, distance = v
    return (1, -distance) if result > 0 else (-1, distance) if result < 0 else (0, 0)


@cache
def value(board: str, shape: Shape = STANDARD, misere: bool = False) -> Value:
    """(result, distance) for the side to move, by minimax over every move."""
    last = other(mover(board))
    if has_line(board, last, shape):
        return (1, 0) if misere else (-1, 0)  # the last move made a line
    if "." not in board:
        return (0, 0)
    return max(
        (after(board, c, shape, misere) for c in empties(board)),
        key=rank,
    )


def after(board: str, cell: int, shape: Shape = STANDARD, misere: bool = False) -> Value:
    """The value of playing ``cell`` for the player who plays it."""
    result, distance = value(put(board, cell, mover(board)), shape, misere)
    return (-result, distance + 1)


def reachable(shape: Shape = STANDARD) -> list[str]:
    """Every position a game reaches from the empty board, in order (the same under both
    rules: a game stops at the first line)."""
    seen: set[str] = set()
    todo = ["." * (shape[0] * shape[1])]
    while todo:
        board = todo.pop()
        if board in seen:
            continue
        seen.add(board)
        if not is_over(board, shape):
            todo.extend(put(board, c, mover(board)) for c in empties(board))
    return sorted(seen)


def lines_through(cell: int, shape: Shape) -> int:
    return sum(cell in line for line in lines_of(*shape))


def forks(board: str, mark: str, shape: Shape) -> set[int]:
    """The empty cells where ``mark`` would make two winning cells while the other side
    has none to answer with."""
    out = set()
    for c in empties(board):
        there = put(board, c, mark)
        if len(completing(there, mark, shape)) >= 2 and not completing(there, other(mark), shape):
            out.add(c)
    return out


# -- reading sentences back ------------------------------------------------------------

LINE = r"\d+(?:-\d+)+"
NAMED = rf"\d+ \({LINE}\)"
NAMED_LIST = rf"{NAMED}(?:(?:, | and ){NAMED})*"
CELLS = r"\d+(?:(?:, | and )\d+)*"
PLIES = r"(\d+) moves?"


def cells_of(text: str) -> set[int]:
    return {int(c) for c in re.split(r", | and ", text)}


def named_of(text: str) -> dict[int, tuple[int, ...]]:
    """``6 (0-3-6) and 8 (0-4-8)`` as {cell: line}."""
    out = {}
    for cell, line in re.findall(rf"(\d+) \(({LINE})\)", text):
        out[int(cell)] = line_of(line)
    return out


def line_of(text: str) -> tuple[int, ...]:
    return tuple(int(c) for c in text.split("-"))


class ClaimError(AssertionError):
    pass


class Claims:
    """Checks the sentences said about moves on one board shape and rules, counting what
    it checked (``seen``: the form of each sentence read)."""

    def __init__(self, shape: Shape = STANDARD, misere: bool = False) -> None:
        self.shape, self.misere = shape, misere
        self.lines = {tuple(line) for line in lines_of(*shape)}
        self.seen: Counter[str] = Counter()

    # -- the facts a claim is checked against ----------------------------------------

    def need(self, fact: bool, what: str) -> None:
        if not fact:
            raise ClaimError(f"{self.where}: false claim: {what}")

    def line(self, cells: tuple[int, ...], owner: str, board: str, missing: int) -> None:
        """``cells`` is a line of the board, ``missing`` on it, the rest ``owner``'s."""
        self.need(cells in self.lines, f"{cells} is a line")
        self.need(missing in cells, f"{missing} is on {cells}")
        self.need(all(board[c] == owner for c in cells if c != missing), f"{cells} is {owner}'s")

    def wins_named(self, named: dict[int, tuple[int, ...]], owner: str, board: str) -> None:
        """Every cell where ``owner`` completes a line, and only those, with its line."""
        self.need(set(named) == completing(board, owner, self.shape), f"{owner} wins at {named}")
        for cell, cells in named.items():
            self.line(cells, owner, board, cell)

    def best_reply(self, board: str, reply: int) -> None:
        self.need(board[reply] == ".", f"{reply} is free")
        best = value(board, self.shape, self.misere)
        got = after(board, reply, self.shape, self.misere)
        self.need(rank(got) == rank(best), f"{reply} is a best reply on {board}")

    # -- a sentence -------------------------------------------------------------------

    def check(self, board: str, cell: int, text: str) -> str:
        """Check every claim ``text`` makes about playing ``cell`` on ``board``; returns the
        sentence's form."""
        self.where = f"{board} at {cell}: {text!r}"
        self.need(board[cell] == "." and not is_over(board, self.shape), "a legal move")
        form = self._check(board, cell, text)
        self.seen[form] += 1
        return form

    def _check(self, board: str, cell: int, text: str) -> str:
        shape, misere = self.shape, self.misere
        me, them = mover(board), other(mover(board))
        P, Q = me.upper(), them.upper()
        there = put(board, cell, me)
        was = value(board, shape, misere)
        now = after(board, cell, shape, misere)

        def kept(result: int) -> None:
            self.need(was[0] == now[0] == result, f"the value {result} is kept ({was}, {now})")

        if m := re.fullmatch(rf"{P} completes ({LINE}) and wins\.", text):
            self.need(not misere, "a line wins")
            self.line(line_of(m[1]), me, there, cell)
            return "win"
        if m := re.fullmatch(
            rf"That gives away the (win|draw): {P} completes ({LINE}) and loses\.", text
        ):
            self.need(misere, "a line loses")
            self.line(line_of(m[2]), me, there, cell)
            self.need(was[0] == {"win": 1, "draw": 0}[m[1]] and now == (-1, 1), f"the {m[1]} lost")
            return "complete"
        if m := re.fullmatch(
            rf"That loses at once, not in {PLIES}: {P} completes ({LINE})\.", text
        ):
            self.need(misere, "a line loses")
            self.line(line_of(m[2]), me, there, cell)
            self.need(now == (-1, 1) and was == (-1, int(m[1])) and int(m[1]) > 1, "a loss at once")
            return "complete-sooner"
        if m := re.fullmatch(
            rf"{P} must complete a line, as every free cell does: ({LINE}) loses\.", text
        ):
            self.need(misere, "a line loses")
            self.line(line_of(m[1]), me, there, cell)
            self.need(completing(board, me, shape) == set(empties(board)), "every cell completes")
            return "complete-forced"
        if m := re.fullmatch(
            rf"{P} blocks {Q}'s line ({LINE}) at (\d+)(?:, but {Q} still wins at ({NAMED_LIST})"
            rf"| and threatens ({NAMED_LIST}) at once| and threatens ({NAMED}))?\.",
            text,
        ):
            self.need(int(m[2]) == cell, "the block is the move")
            self.line(line_of(m[1]), them, board, cell)
            if m[3]:
                self.wins_named(named_of(m[3]), them, there)
                return "block-still-loses"
            threats = m[4] or m[5]
            if threats:
                self.wins_named(named_of(threats), me, there)
                self.need(bool(m[5]) or len(named_of(threats)) >= 2, "two threats at once")
                return "block-threat"
            self.need(not completing(there, me, shape), "no threat left unsaid")
            return "block"
        if m := re.fullmatch(
            rf"{P} threatens ({NAMED_LIST}) at once; {Q} can block only one\.", text
        ):
            self.wins_named(named_of(m[1]), me, there)
            self.need(len(named_of(m[1])) >= 2, "two threats")
            self.need(not completing(there, them, shape), f"{Q} has no win of its own")
            return "fork"
        if m := re.fullmatch(rf"{P} threatens ({NAMED}); after {Q} blocks at (\d+), (.*)\.", text):
            self.forcing(there, me, m[1], int(m[2]), m[3])
            self.need(now[0] > 0, "a forcing line wins")
            return "forcing"
        if m := re.fullmatch(
            rf"{P} threatens ({NAMED}), so {Q} must answer at (\d+), where {Q} has no fork "
            rf"\(it had one at ({CELLS})\)\.",
            text,
        ):
            self.threat(there, me, m[1], int(m[2]))
            self.need(forks(board, them, shape) == cells_of(m[3]), f"{Q} forked at {m[3]}")
            answer = put(there, int(m[2]), them)
            self.need(
                not (
                    len(completing(answer, them, shape)) >= 2 and not completing(answer, me, shape)
                ),
                f"{Q}'s answer is no fork",
            )
            return "block-fork-threat"
        if m := re.fullmatch(rf"{P} takes away {Q}'s fork at ({CELLS})\.", text):
            self.need(forks(board, them, shape) == cells_of(m[1]), f"{Q} forked at {m[1]}")
            self.need(not forks(there, them, shape), f"{Q} has no fork left")
            return "block-fork"
        if m := re.fullmatch(rf"{P} threatens ({NAMED}), so {Q} must answer at (\d+)\.", text):
            self.threat(there, me, m[1], int(m[2]))
            return "threat"
        if m := re.fullmatch(rf"{P} takes the centre, on (\d+) lines, and holds the draw\.", text):
            rows, cols, _ = shape
            self.need(rows % 2 == cols % 2 == 1 and cell == len(board) // 2, "the centre")
            self.need(lines_through(cell, shape) == int(m[1]), f"on {m[1]} lines")
            kept(0)
            return "center"
        if m := re.fullmatch(
            rf"{P} takes the corner opposite {Q}'s at (\d+) and holds the draw\.", text
        ):
            self.need(cell in self.corners(), "a corner")
            self.need(int(m[1]) == len(board) - 1 - cell and board[int(m[1])] == them, "opposite")
            kept(0)
            return "opposite-corner"
        if m := re.fullmatch(rf"{P} takes a corner, on (\d+) lines, and holds the draw\.", text):
            self.need(cell in self.corners(), "a corner")
            self.need(lines_through(cell, shape) == int(m[1]), f"on {m[1]} lines")
            kept(0)
            return "corner"
        if m := re.fullmatch(
            rf"{P} keeps the win: {P} wins in {PLIES}(?: \((\d+) at best\))?\.", text
        ):
            self.need(now == (1, int(m[1])), f"a win in {m[1]}")
            self.need(was == (1, int(m[2] or m[1])), "the fastest win said")
            return "keep-win"
        if text == f"{P} holds the draw.":
            kept(0)
            return "hold"
        if m := re.fullmatch(rf"{P} still loses, but holds out longest: a loss in {PLIES}\.", text):
            self.need(was == now == (-1, int(m[1])), f"the longest loss is {m[1]}")
            return "resist"
        if m := re.fullmatch(
            rf"{P} leaves {Q} only cells that complete a line of {Q}'s \(({CELLS})\): {Q} must lose\.",  # noqa: E501
            text,
        ):
            self.need(misere, "a line loses")
            self.need(set(empties(there)) == cells_of(m[1]), "the free cells")
            self.need(completing(there, them, shape) == cells_of(m[1]), "each completes")
            self.need(now[0] > 0, f"{Q} loses")
            return "force-complete"
        if m := re.fullmatch(
            rf"{P} stays off ({NAMED_LIST}), where {P} would complete a line and lose\.", text
        ):
            self.need(misere, "a line loses")
            self.wins_named(named_of(m[1]), me, board)
            self.need(cell not in named_of(m[1]), "the move stays off them")
            return "avoid"
        return self.mistake(board, cell, text, was, now)

    def corners(self) -> set[int]:
        rows, cols, _ = self.shape
        return {0, cols - 1, (rows - 1) * cols, rows * cols - 1}

    def threat(self, there: str, me: str, named: str, answer: int) -> None:
        """``me`` threatens one cell, the other side has no win, so must answer there."""
        self.wins_named(named_of(named), me, there)
        self.need(set(named_of(named)) == {answer}, "the answer is the threatened cell")
        self.need(not completing(there, other(me), self.shape), "the answer is forced")

    def forcing(self, there: str, me: str, first: str, block: int, steps: str) -> None:
        """A threat, the forced block, then the mover's plays to a fork or a win, each step
        as said: every threat real and the only one, every block forced."""
        them = other(me)
        P, Q = me.upper(), them.upper()
        self.threat(there, me, first, block)
        board = put(there, block, them)
        rest = steps
        while True:
            m = re.match(
                rf"{P} plays (\d+) and (?:wins \(({LINE})\)|threatens ({NAMED_LIST})( at once)?)",
                rest,
            )
            self.need(m is not None, f"a step of the line: {rest!r}")
            assert m is not None
            cell = int(m[1])
            self.need(board[cell] == ".", f"{cell} is free")
            board = put(board, cell, me)
            rest = rest[m.end() :]
            if m[2]:
                self.line(line_of(m[2]), me, board, cell)
                self.need(rest == "", "the line ends at the win")
                return
            named = named_of(m[3])
            self.wins_named(named, me, board)
            self.need(not completing(board, them, self.shape), f"{Q} has no win")
            self.need(bool(m[4]) == (len(named) >= 2), "'at once' for two threats")
            if rest == "":
                self.need(len(named) >= 2, "the line ends at a fork")
                return
            b = re.match(rf"; after {Q} blocks at (\d+), ", rest)
            self.need(b is not None and len(named) == 1, f"a forced block: {rest!r}")
            assert b is not None
            self.need(set(named) == {int(b[1])}, "the block is at the threat")
            board = put(board, int(b[1]), them)
            rest = rest[b.end() :]

    def mistake(self, board: str, cell: int, text: str, was: Value, now: Value) -> str:
        """``That loses ...``: the value lost as said, and the opponent's best reply."""
        me = mover(board)
        P, Q = me.upper(), other(me).upper()
        if m := re.fullmatch(rf"That loses in {PLIES}, not (\d+): (.*)\.", text):
            self.need(was == (-1, int(m[2])) and now == (-1, int(m[1])), "a quicker loss")
            self.need(int(m[1]) < int(m[2]), "quicker")
            form, answer = "quick-loss", m[3]
        elif m := re.fullmatch(rf"That loses: (.*); {P} loses in {PLIES}\.", text):
            self.need(now == (-1, int(m[2])) and was[0] > -1, "a loss from a win or a draw")
            form, answer = "mistake-loses", m[1]
        elif m := re.fullmatch(
            r"That gives away the (win|draw): (.*), and the game is drawn\.", text
        ):
            self.need(was[0] == {"win": 1, "draw": 0}[m[1]] and now[0] == 0, f"the {m[1]} lost")
            form, answer = "mistake-draws", m[2]
        else:
            raise ClaimError(f"{self.where}: a sentence the referee cannot read")
        there = put(board, cell, me)
        a = re.fullmatch(rf"{Q} answers (\d+)(.*)", answer)
        self.need(a is not None, f"an answer: {answer!r}")
        assert a is not None
        reply = int(a[1])
        self.best_reply(there, reply)
        self.clause(there, reply, a[2])
        return form

    def clause(self, board: str, cell: int, text: str) -> None:
        """What the reply's clause says (``, blocking 0-4-8 and threatening 2 (2-5-8)``),
        checked with the replier to move on ``board``."""
        me = mover(board)
        them = other(me)
        there = put(board, cell, me)
        if text == "":
            return
        if m := re.fullmatch(rf", completing ({LINE})", text):
            self.need(not self.misere, "a line wins")
            self.line(line_of(m[1]), me, there, cell)
        elif m := re.fullmatch(rf", threatening ({NAMED_LIST}) at once", text):
            self.wins_named(named_of(m[1]), me, there)
            self.need(len(named_of(m[1])) >= 2, "two threats")
        elif m := re.fullmatch(
            rf", blocking ({LINE})(?: and threatening ({NAMED_LIST}) at once"
            rf"| and threatening ({NAMED}))?",
            text,
        ):
            self.line(line_of(m[1]), them, board, cell)
            if m[2] or m[3]:
                self.wins_named(named_of(m[2] or m[3]), me, there)
        elif m := re.fullmatch(
            rf", threatening ({NAMED}); after {them.upper()} blocks at (\d+), (.*)", text
        ):
            self.forcing(there, me, m[1], int(m[2]), m[3])
        elif m := re.fullmatch(rf", threatening ({NAMED})", text):
            self.threat(there, me, m[1], next(iter(named_of(m[1]))))
        elif m := re.fullmatch(
            rf", leaving {them.upper()} only cells that complete a line of {them.upper()}'s "
            rf"\(({CELLS})\)",
            text,
        ):
            self.need(self.misere, "a line loses")
            self.need(set(empties(there)) == cells_of(m[1]), "the free cells")
            self.need(completing(there, them, self.shape) == cells_of(m[1]), "each completes")
        else:
            raise ClaimError(f"{self.where}: a reply's clause the referee cannot read: {text!r}")

    # -- a gamebook's words ----------------------------------------------------------------

    def book_words(self, board: str, cell: int, words: str) -> str:
        """What a gamebook says after ``X plays the centre (4). X ``, checked like a reason:
        its own outcome words, or a reason's sentence without its first word."""
        self.where = f"{board} at {cell}: {words!r}"
        me = mover(board)
        there = put(board, cell, me)
        now = after(board, cell, self.shape, self.misere)
        best = value(board, self.shape, self.misere)
        self.need(rank(now) <= rank(best), "a move no better than best play")
        if words == "wins at once":
            self.need(has_line(there, me, self.shape) and not self.misere, "a line that wins")
        elif words == "fills the board":
            self.need("." not in there and now == (0, 1), "the last cell, and no line")
        elif words == "wins whatever the reply":
            self.need(now[0] == 1, "a win against every reply")
        elif words == "holds the draw":
            self.need(best[0] == now[0] == 0, "the draw held")
        elif words == "holds out longest":
            self.need(best == now and now[0] < 0, "the longest loss")
        else:
            return self.check(board, cell, f"{me.upper()} {words}.")
        self.seen[words] += 1
        return words


def sentences(shape: Shape, misere: bool) -> Iterator[tuple[str, int]]:
    """Every (position, move) of every game on ``shape``."""
    for board in reachable(shape):
        if not is_over(board, shape):
            for cell in empties(board):
                yield board, cell


# -- bigger boards: lines as masks, a search bounded by plies --------------------------------


class Lines:
    """A rows x cols board's lines of k as bitmasks (bit c is cell c), from
    ``first_principles.lines_of``, and a search for a forced win within so many plies."""

    def __init__(self, shape: Shape) -> None:
        rows, cols, _ = shape
        self.shape, self.size = shape, rows * cols
        self.masks = tuple(sum(1 << c for c in line) for line in lines_of(*shape))
        through = [sum(m >> c & 1 for m in self.masks) for c in range(self.size)]
        #: Cells tried first: those on the most lines (the order only speeds the search).
        self.order = sorted(range(self.size), key=lambda c: -through[c])
        self._memo: dict[tuple[int, int, int], bool] = {}

    def won(self, marks: int) -> bool:
        return any(m & marks == m for m in self.masks)

    def wins(self, marks: int, free: int) -> int:
        """The free cells (a mask) where ``marks`` would complete a line."""
        out = 0
        for m in self.masks:
            missing = m & ~marks
            if missing & (missing - 1) == 0 and missing & free:
                out |= missing
        return out

    def forced(self, mine: int, theirs: int, plies: int) -> bool:
        """Can the side to move (``mine``) complete a line within ``plies`` plies whatever
        the other side (``theirs``) does? Exact: a mover facing a completion must take
        that cell or lose first, and a defender facing one must too (any other reply
        loses at once), so only those moves are searched there."""
        if plies < 1:
            return False
        memo = (mine, theirs, plies)
        hit = self._memo.get(memo)
        if hit is not None:
            return hit
        free = ((1 << self.size) - 1) & ~(mine | theirs)
        hit = False
        if self.wins(mine, free):
            hit = True
        elif plies >= 3:
            threats = self.wins(theirs, free)
            if threats & (threats - 1) == 0:  # two would complete a line first
                cells = [c for c in self.order if (threats or free) >> c & 1]
                hit = any(self._holds(mine | 1 << c, theirs, plies) for c in cells)
        self._memo[memo] = hit
        return hit

    def _holds(self, mine: int, theirs: int, plies: int) -> bool:
        """After the mover's move: does every reply leave a forced win in ``plies - 2``?"""
        free = ((1 << self.size) - 1) & ~(mine | theirs)
        if not free or self.wins(theirs, free):
            return False  # a full board, or the other side completes a line first
        threats = self.wins(mine, free)
        if threats & (threats - 1):
            return True  # two cells to complete: one block leaves the other
        replies = threats or free
        return all(
            self.forced(mine, theirs | 1 << r, plies - 2)
            for r in range(self.size)
            if replies >> r & 1
        )

    def win_length(self, most: int) -> int | None:
        """The plies of the first player's fastest forced win from the empty board
        (the loser holding out longest), if it is at most ``most``."""
        for plies in range(1, most + 1, 2):
            if self.forced(0, 0, plies):
                return plies
        return None


# -- tie-break chains ---------------------------------------------------------------------

#: A finished game's score for a player: win, draw, loss.
SCORE = {1: 1.0, 0: 0.5, -1: 0.0}


class Chain:
    """A tie-break chain (``fast,novice``; ``first`` closes it) on the normal 3x3 game, from
    its definition: among the moves that keep the position's result, each key keeps the
    moves best by its own measure, worked out here by the referee's minimax."""

    def __init__(self, chain: str) -> None:
        keys = chain.split(",")
        self.keys = keys if keys[-1] == "first" else [*keys, "first"]
        self._choice: dict[str, int] = {}
        self._expected: dict[tuple[str, str], float] = {}
        self._boards: dict[str, int] = {}

    def optimal(self, board: str) -> list[int]:
        best = value(board)[0]
        return [c for c in empties(board) if after(board, c)[0] == best]

    def steps(self, board: str) -> list[list[int]]:
        """The optimal moves, then what each key keeps of them."""
        moves = self.optimal(board)
        out = [moves]
        for key in self.keys:
            moves = self.keep(key, board, moves)
            out.append(moves)
        return out

    def choose(self, board: str) -> int:
        hit = self._choice.get(board)
        if hit is None:
            hit = self._choice[board] = self.steps(board)[-1][0]
        return hit

    def measure(self, key: str, board: str, cell: int) -> float:
        """What ``key`` weighs for a move, larger is better."""
        there = put(board, cell, mover(board))
        if key == "fast":
            return rank(after(board, cell))[0] * 100 + rank(after(board, cell))[1]
        if key == "trap":
            replies = [put(there, r, mover(there)) for r in empties(there)]
            return -sum(value(r)[0] <= 0 for r in replies) if not is_over(there, STANDARD) else 0
        if key == "novice":
            return round(self.expected(there, mover(board)), 12)
        if key == "compact":
            return -self.boards_below(there)
        raise ValueError(key)

    def keep(self, key: str, board: str, moves: list[int]) -> list[int]:
        if len(moves) == 1:
            return moves
        if key in ("first", "last"):
            return [min(moves) if key == "first" else max(moves)]
        if key in ("center", "corner", "edge"):
            cells = {"center": {4}, "corner": {0, 2, 6, 8}, "edge": {1, 3, 5, 7}}[key]
            return [m for m in moves if m in cells] or moves
        if key == "novice" and value(board)[0] > 0:
            return moves  # every optimal move of a won position wins against any reply
        scores = {m: self.measure(key, board, m) for m in moves}
        top = max(scores.values())
        return [m for m in moves if scores[m] == top]

    def expected(self, board: str, me: str) -> float:
        """The expected score for ``me``, who plays this chain's moves, against a novice
        who wins when it can, else blocks, else plays any free cell at random."""
        memo = (board, me)
        hit = self._expected.get(memo)
        if hit is not None:
            return hit
        if is_over(board, STANDARD):
            line = has_line(board, me, STANDARD) - has_line(board, other(me), STANDARD)
            hit = SCORE[line]
        elif mover(board) == me:
            hit = self.expected(put(board, self.choose(board), me), me)
        else:
            them = mover(board)
            cells = completing(board, them, STANDARD) or completing(board, me, STANDARD)
            picks = sorted(cells) or empties(board)
            hit = sum(self.expected(put(board, c, them), me) for c in picks) / len(picks)
        self._expected[memo] = hit
        return hit

    def boards_below(self, board: str) -> int:
        """Boards with a move for the chain's player below ``board`` (the opponent to move)."""
        hit = self._boards.get(board)
        if hit is None:
            hit = 0
            for r in empties(board) if not is_over(board, STANDARD) else []:
                reply = put(board, r, mover(board))
                if not is_over(reply, STANDARD):
                    mine = put(reply, self.choose(reply), mover(reply))
                    hit += 1 + self.boards_below(mine)
            self._boards[board] = hit
        return hit


def check_brief(form: str, text: str, brief: str) -> None:
    """A reason's few words (tables, tooltips) say what its sentence says: the same line,
    cells, reply and kind of reply, in the words the sentence gives them."""
    assert brief == expected_brief(form, text), (text, brief)


def said(pattern: str, text: str) -> re.Match[str]:
    """The part of a sentence a brief is made of; a sentence without it is a failure."""
    m = re.search(pattern, text)
    if m is None:
        raise ClaimError(f"{text!r}: no {pattern!r} to make a brief of")
    return m


def listed(cells: list[int]) -> str:
    """``2, 6 and 8``: cells one after the other, as a sentence lists them."""
    return " and ".join(", ".join(map(str, cells)).rsplit(", ", 1))


#: The words of a quiet sentence that its brief keeps: the verb and what it takes.
QUIET = {
    "center": r"[XO] (takes the centre), on \d+ lines?,",
    "corner": r"[XO] (takes a corner), on \d+ lines?,",
    "keep-win": r"[XO] (keeps the win):",
    "hold": r"[XO] (holds the draw)\.",
    "resist": r"[XO] still loses, but (holds out longest):",
}


def expected_brief(form: str, text: str) -> str:
    """The brief a sentence's own words make, by one rule for every form: the verb of what
    the move does without its subject, places as cells (a threat is the cell where the
    line would be completed, never the line), a line only where one is completed or
    blocked; a mistake's brief is what it costs, then the reply and the verb of its
    clause."""
    if form in QUIET:
        return said(QUIET[form], text)[1]
    if form == "win":
        return "wins on " + said(rf"completes ({LINE}) and wins", text)[1]
    if form == "complete-forced":
        return "loses on " + said(rf"every free cell does: ({LINE}) loses", text)[1] + ", forced"
    if form in ("complete", "complete-sooner"):
        return "loses on " + said(rf"completes ({LINE})", text)[1]
    if form.startswith("block-fork"):  # 'takes away O's fork', '... where O has no fork'
        they = said(r"([XO])'s fork at|([XO]) has no fork", text)
        return f"stops {they[1] or they[2]}'s fork"
    if form.startswith("block"):
        return "blocks " + said(rf"blocks [XO]'s line ({LINE}) at", text)[1]
    if form == "fork":
        threats = said(rf"[XO] threatens ({NAMED_LIST}) at once;", text)[1]
        return "threatens " + listed(list(named_of(threats)))
    if form == "threat":
        return "threatens " + said(rf"[XO] threatens (\d+) \({LINE}\), so", text)[1]
    if form == "forcing":  # the first threat, then how the mover's last move ends it
        first = said(r"[XO] threatens (\d+) \(", text)[1]
        last = said(r".*plays (\d+) and (wins|threatens)", text)
        return f"threatens {first}, {'wins' if last[2] == 'wins' else 'forks'} at {last[1]}"
    if form == "opposite-corner":
        said(r"[XO] takes the corner opposite [XO]'s at \d+", text)
        return "takes the opposite corner"
    if form == "force-complete":
        return f"forces {said(r'leaves ([XO]) only cells that complete', text)[1]} to complete"
    if form == "avoid":
        cells = said(rf"[XO] stays off ({NAMED_LIST}), where", text)[1]
        return "stays off " + listed(list(named_of(cells)))
    cost = {"quick-loss": "loses sooner", "mistake-loses": "loses", "mistake-draws": "draws"}
    if form not in cost:
        raise ClaimError(f"{text!r}: a form with no brief: {form}")
    reply = said(
        r"([XO]) answers (\d+)(.*?)(?:; [XO] loses in|, and the game is drawn\.|\.$)", text
    )
    return f"{cost[form]}: {reply[1]} answers {reply[2]}{reply_verb(reply[3])}"


def reply_verb(clause: str) -> str:
    """A refuting reply's clause (``, blocking 0-4-8 and threatening 2 (2-5-8)``) as the
    verb of its own brief: a line completed wins, two threats at once fork, a block
    that makes two of them blocks and forks, a line of threats forces."""
    if clause.startswith(", completing"):
        return ", wins"
    if clause.startswith(", blocking"):
        return ", blocks and forks" if clause.endswith(" at once") else ", blocks"
    if "; after" in clause or clause.startswith(", leaving"):
        return ", forces"
    if clause.startswith(", threatening"):
        return ", forks" if clause.endswith(" at once") else ", threatens"
    if clause:
        raise ClaimError(f"a reply's clause with no verb: {clause!r}")
    return ""
