"""The facts every reason of a move is made of: the ``Why`` value, a position's masks
and lines, a forcing line by threats alone, and best play to the end. Kept apart
from the reasons themselves (``explain``) so both rules' reasons share them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ttt_maps.game.position import other
from ttt_maps.solve.solver import Solver, mover

#: Every code a reason can have, in the order they are tried.
CODES = (
    "win",
    "block",
    "mistake",
    "quick-loss",
    "fork",
    "forcing",
    "block-fork",
    "threat",
    "center",
    "opposite-corner",
    "corner",
    "keep-win",
    "hold",
    "resist",
    # Under misère rules, where whoever completes a line loses:
    "complete",
    "force-complete",
    "avoid",
)

#: Threats a forcing line may make before its fork or win: enough for every
#: forcing win on 3x3, few enough that a big board's moves stay cheap.
FORCING_DEPTH = 2


@dataclass(frozen=True)
class Why:
    """The reason for one move: a code, a sentence, and the cells it speaks of.

    ``line``: the line completed or blocked; ``threats``: the mover's winning
    cells after the move; ``sequence``: a forcing move's line of play, from the
    opponent's forced answer; ``refutation``: for a ``mistake`` or
    ``quick-loss``, the forced line to the end, from the opponent's best reply.
    ``brief``: the sentence in a few words, for tables and tooltips, in one style for
    every code: its verb without the subject (``threatens 6``, ``wins on 0-4-8``,
    ``takes a corner``), places as cell numbers, a line (``0-4-8``) only where one
    is completed or blocked.
    """

    code: str
    text: str
    brief: str
    line: tuple[int, ...] = ()
    threats: tuple[int, ...] = ()
    sequence: tuple[int, ...] = ()
    refutation: tuple[int, ...] = ()
    #: ``text`` with its cells marked (``plain``, ``turned_template``); not compared.
    template: str = field(default="", compare=False, repr=False)

    @classmethod
    def of(cls, code: str, template: str, brief: str, **cells: tuple[int, ...]) -> Why:
        """The reason whose sentence ``template`` says, with its cells marked."""
        return cls(code, plain(template), brief, template=template, **cells)

    def to_json(self) -> dict[str, Any]:
        """The ``why`` object of ``solve --json`` and ``export --explain``."""
        doc: dict[str, Any] = {"code": self.code, "text": self.text, "brief": self.brief}
        doc["line"] = list(self.line) if self.line else None
        doc["threats"] = list(self.threats)
        if self.sequence:
            doc["sequence"] = list(self.sequence)
        doc["refutation"] = list(self.refutation) if self.refutation else None
        return doc


def line_name(cells: tuple[int, ...]) -> str:
    """``0-4-8``: a line as its cells."""
    return "-".join(str(c) for c in cells)


# A reason's *template* is its sentence with every cell marked, so that a drawing
# turned by a symmetry of the board can say it with the cells as drawn: ``{6}`` a
# cell, ``{0-3-6}`` a line, ``[[as numbered||as drawn turned]]`` words that hold
# only for one of the two. ``plain`` reads it as numbered; ``turned_template`` is the
# template of the same reason on the board turned by a permutation. The viewer's
# ``why.js`` reads templates the same way.

#: A marked cell or line, and a pair of words.
_MARK = re.compile(r"\{(\d+(?:-\d+)*)\}")
_EITHER = re.compile(r"\[\[(.*?)\|\|(.*?)\]\]", re.S)


def cell_mark(cell: int) -> str:
    """``{6}``: a cell as a template names it."""
    return f"{{{cell}}}"


def line_mark(cells: tuple[int, ...]) -> str:
    """``{0-3-6}``: a line as a template names it."""
    return "{" + line_name(cells) + "}"


def either(numbered: str, turned: str) -> str:
    """Words that hold for the board as numbered, and the words for it turned."""
    return f"[[{numbered}||{turned}]]"


def plain(template: str) -> str:
    """The sentence a template says with the cells as numbered."""
    return _MARK.sub(r"\1", _EITHER.sub(r"\1", template))


def turned_template(template: str, perm: tuple[int, ...] | list[int]) -> str:
    """The template of the same reason for the board turned by ``perm`` (cell ``c`` is
    drawn on ``perm[c]``): cells moved, each line's cells in order, the turned words.
    The identity leaves it as it is."""
    if list(perm) == list(range(len(perm))):
        return template

    def moved(match: re.Match[str]) -> str:
        cells = [perm[int(c)] for c in match.group(1).split("-")]
        return "{" + "-".join(str(c) for c in sorted(cells)) + "}"

    return _MARK.sub(moved, _EITHER.sub(r"[[\2||\2]]", template))


class PositionFacts:
    """One position's masks and the facts every reason asks of them."""

    def __init__(self, solver: Solver, key: int) -> None:
        g = solver.geometry
        self.solver, self.g, self.key = solver, g, key
        x, o = key & g.full, key >> g.size
        self.me = mover(key)
        self.mine, self.theirs = (x, o) if self.me == "x" else (o, x)
        self.free = g.full & ~(x | o)
        self.P, self.Q = self.me.upper(), other(self.me).upper()

    def open_cells(self, mask: int, free: int) -> int:
        """Free cells that would complete a line for ``mask``."""
        return self.g.completions(mask) & free

    def line_at(self, mask: int, cell: int) -> tuple[int, ...]:
        """The first line ``mask`` completes by taking ``cell``."""
        g, bit = self.g, 1 << cell
        for line, cells in zip(g.lines, g.line_cells, strict=True):
            if line & bit and line & ~mask == bit:
                return cells
        raise ValueError(f"cell {cell} completes no line")

    def named(self, mask: int, cell: int) -> str:
        """``{6} ({0-3-6})``: a winning cell and its line, marked for a template."""
        return f"{cell_mark(cell)} ({line_mark(self.line_at(mask, cell))})"


def forced_win(solver: Solver, key: int, depth: int = FORCING_DEPTH) -> tuple[int, ...] | None:
    """A line of play that wins by force for the side to move, by threats alone:
    each move of the mover either wins, forks (two winning cells, no win for the
    opponent) or threatens one cell the opponent must take, up to ``depth``
    threats; the opponent's answers are the forced blocks. None if there is none."""
    p = PositionFacts(solver, key)
    wins = p.open_cells(p.mine, p.free)
    if wins:
        return (p.g.cells_of(wins)[0],)
    theirs = p.open_cells(p.theirs, p.free)
    if theirs & (theirs - 1):
        return None
    moves = p.g.cells_of(theirs or p.free)
    threats: list[tuple[int, int]] = []
    for c in moves:
        free = p.free & ~(1 << c)
        if p.open_cells(p.theirs, free):
            continue
        made = p.open_cells(p.mine | 1 << c, free)
        if made & (made - 1):
            return (c,)
        if made:
            threats.append((c, made))
    if depth <= 0:
        return None
    for c, made in threats:
        block = made.bit_length() - 1
        after = solver.play(solver.play(key, c), block)
        rest = forced_win(solver, after, depth - 1)
        if rest is not None:
            return (c, block, *rest)
    return None


def principal_line(solver: Solver, key: int) -> tuple[int, ...]:
    """Best play to the end from a position: the winner wins fastest, the loser holds
    out longest, a draw runs to the full board; ties go to the lowest cell. Its
    length is the solver's distance."""
    line: list[int] = []
    while True:
        # The best moves only: the fastest win is among them, and on a board a proof
        # answers, they are the moves whose values are known.
        best = set(solver.best_cells(key))
        children = [(c, k) for c, k in solver.children(key) if c in best]
        if not children:
            return tuple(line)
        cell, key = min(children, key=lambda ck: (solver.score(ck[1]), ck[0]))
        line.append(cell)
