"""Why a move: a reason for every legal move, from the solved game and the board's lines.

One place computes every reason a surface shows (``solve``, ``play``, maps,
the table, ``export``, ``check``): a frozen ``Why`` per move. Tactics come
from the threats on the board (a cell that completes a line), values from
the solver; nothing is computed until a reason is asked for, and nothing on
the default paths imports this module.

Codes, in the order they are tried (the first that is true is the reason):
``win``, ``block``, ``mistake`` (gives away a win or a draw), ``quick-loss``
(in a lost position, loses sooner than it must), ``fork``, ``forcing``,
``block-fork``, ``threat``, on the 3x3 board in a drawn position ``center``,
``opposite-corner`` and ``corner``, and the quiet ``keep-win``, ``hold`` and
``resist``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ttt_maps.errors import UsageError
from ttt_maps.game.board import Board, other
from ttt_maps.game.geometry import STANDARD
from ttt_maps.solve.registry import solver_for
from ttt_maps.solve.solver import Solver, mover, plies

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
    ``brief``: a few words for tables and tooltips.
    """

    code: str
    text: str
    brief: str
    line: tuple[int, ...] = ()
    threats: tuple[int, ...] = ()
    sequence: tuple[int, ...] = ()
    refutation: tuple[int, ...] = ()

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


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class _Position:
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
        """``6 (0-3-6)``: a winning cell and its line."""
        return f"{cell} ({line_name(self.line_at(mask, cell))})"


def forced_win(solver: Solver, key: int, depth: int = FORCING_DEPTH) -> tuple[int, ...] | None:
    """A line of play that wins by force for the side to move, by threats alone:
    each move of the mover either wins, forks (two winning cells, no win for the
    opponent) or threatens one cell the opponent must take, up to ``depth``
    threats; the opponent's answers are the forced blocks. None if there is none."""
    p = _Position(solver, key)
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
        children = solver.children(key)
        if not children:
            return tuple(line)
        cell, key = min(children, key=lambda ck: (solver.score(ck[1]), ck[0]))
        line.append(cell)


def _fork_moves(p: _Position, theirs: int, mine: int, free: int, replies: int) -> list[int]:
    """The cells among ``replies`` where ``theirs`` would make two winning cells while
    ``mine`` has none to answer with."""
    out = []
    for c in p.g.cells_of(replies):
        rest = free & ~(1 << c)
        made = p.open_cells(theirs | 1 << c, rest)
        if made & (made - 1) and not p.open_cells(mine, rest):
            out.append(c)
    return out


def explain_key(solver: Solver, key: int, cell: int, *, deep: bool = True) -> Why:
    """The reason for playing ``cell`` in a legal position given by its key.
    ``deep=False`` leaves out the reason of a mistake's refutation (used for the
    reply itself, so reasons do not nest)."""
    p = _Position(solver, key)
    g, P, Q = p.g, p.P, p.Q
    bit = 1 << cell
    after, free = p.mine | bit, p.free & ~bit
    if g.has_line(after):
        line = p.line_at(p.mine, cell)
        text = f"{P} completes {line_name(line)} and wins."
        return Why("win", text, f"wins: {line_name(line)}", line=line)
    my_wins = p.open_cells(p.mine, p.free)
    their_wins = p.open_cells(p.theirs, p.free)
    made = p.open_cells(after, free)
    threats = tuple(g.cells_of(made))
    if their_wins & bit and not my_wins:
        line = p.line_at(p.theirs, cell)
        text = f"{P} blocks {Q}'s line {line_name(line)} at {cell}"
        left = g.cells_of(their_wins & ~bit)
        if left:
            text += f", but {Q} still wins at {_and([p.named(p.theirs, c) for c in left])}"
        elif len(threats) > 1:
            text += f" and threatens {_and([p.named(after, t) for t in threats])} at once"
        elif threats:
            text += f" and threatens {p.named(after, threats[0])}"
        return Why("block", text + ".", f"blocks {line_name(line)}", line=line, threats=threats)
    child = solver.play(key, cell)
    was, now = solver.outcome_of(key), solver.outcome_of(child).after_move()
    if now.result < was.result or (was.result < 0 and now.distance < was.distance):
        return _refuted(p, cell, child, was.result, was.distance, now.result, now.distance, deep)
    if len(threats) > 1 and not p.open_cells(p.theirs, free):
        named = _and([p.named(after, t) for t in threats])
        return Why(
            "fork",
            f"{P} threatens {named} at once; {Q} can block only one.",
            "fork: " + _and([str(t) for t in threats]),
            threats=threats,
        )
    if len(threats) == 1 and not p.open_cells(p.theirs, free):
        rest = forced_win(solver, solver.play(child, threats[0]))
        if rest is not None:
            return _forcing(p, after, threats[0], rest, child)
    forks = _fork_moves(p, p.theirs, p.mine, p.free, p.free)
    if forks and now.result >= 0:
        replies = made if made else free
        if not _fork_moves(p, p.theirs, after, free, replies):
            where = _and([str(c) for c in forks])
            if made:
                text = f"{P} threatens {p.named(after, threats[0])}, so {Q} must answer at "
                text += f"{threats[0]}, where {Q} has no fork (it had one at {where})."
            else:
                text = f"{P} takes away {Q}'s fork at {where}."
            return Why("block-fork", text, f"stops {Q}'s fork", threats=threats)
    if threats and not p.open_cells(p.theirs, free):
        t = threats[0]
        return Why(
            "threat",
            f"{P} threatens {p.named(after, t)}, so {Q} must answer at {t}.",
            f"threatens {line_name(p.line_at(after, t))}",
            threats=threats,
        )
    return _quiet(p, cell, was.result, was.distance, now.distance, threats)


def _forcing(p: _Position, after: int, threat: int, rest: tuple[int, ...], child: int) -> Why:
    """``forcing``: a threat, the forced answer, and on to a fork or a win."""
    P, Q, solver = p.P, p.Q, p.solver
    text = f"{P} threatens {p.named(after, threat)}; after {Q} blocks at {threat}, "
    key = solver.play(child, threat)
    steps = []
    finish = "fork"
    for i, c in enumerate(rest):
        if i % 2:  # the opponent's forced block
            steps.append(f"after {Q} blocks at {c}, ")
            key = solver.play(key, c)
            continue
        q = _Position(solver, key)
        mine = q.mine | 1 << c
        free = q.free & ~(1 << c)
        if p.g.has_line(mine):
            steps.append(f"{P} plays {c} and wins ({line_name(q.line_at(q.mine, c))})")
            finish = "win"
        else:
            made = [q.named(mine, t) for t in p.g.cells_of(q.open_cells(mine, free))]
            more = " at once" if len(made) > 1 else ""
            steps.append(f"{P} plays {c} and threatens {_and(made)}{more}")
            if i + 1 < len(rest):
                steps.append("; ")
        key = solver.play(key, c)
    return Why(
        "forcing",
        text + "".join(steps) + ".",
        f"threat {threat}, {finish} {rest[-1]}",
        threats=(threat,),
        sequence=(threat, *rest),
    )


def _refuted(
    p: _Position,
    cell: int,
    child: int,
    was: int,
    was_distance: int,
    now: int,
    now_distance: int,
    deep: bool,
) -> Why:
    """``mistake`` or ``quick-loss``: the opponent's best reply and the line to the end."""
    P, Q, solver = p.P, p.Q, p.solver
    refutation = principal_line(solver, child)
    reply = refutation[0]
    answer = brief = f"{Q} answers {reply}"
    if deep:
        why = explain_key(solver, child, reply, deep=False)
        answer += _clause(why, solver, child, reply)
        brief += _BRIEF_REPLY.get(why.code, "")
        if why.code == "block":
            brief += ", blocks and forks" if len(why.threats) > 1 else ", blocks"
    threats = tuple(p.g.cells_of(p.open_cells(p.mine | 1 << cell, p.free & ~(1 << cell))))
    if was < 0:
        text = f"That loses in {plies(now_distance)}, not {was_distance}: {answer}."
        return Why(
            "quick-loss",
            text,
            f"sooner: {brief}",
            threats=threats,
            refutation=refutation,
        )
    if now < 0:
        text = f"That loses: {answer}; {P} loses in {plies(now_distance)}."
    else:
        kept = "the win" if was > 0 else "the draw"
        text = f"That gives away {kept}: {answer}, and the game is drawn."
    brief = f"{'loses' if now < 0 else 'draws'}: {brief}"
    return Why("mistake", text, brief, threats=threats, refutation=refutation)


#: A refuting reply's reason in a few words, for tables.
_BRIEF_REPLY = {"win": ", wins", "fork": ", forks", "forcing": ", forcing", "threat": ", threat"}


def _clause(why: Why, solver: Solver, key: int, cell: int) -> str:
    """The reply's reason as a clause after ``O answers 8``."""
    p = _Position(solver, key)
    after = p.mine | 1 << cell
    if why.code == "win":
        return f", completing {line_name(why.line)}"
    if why.code == "fork":
        return f", threatening {_and([p.named(after, t) for t in why.threats])} at once"
    if why.code == "block":
        extra = ""
        if len(why.threats) > 1:
            extra = f" and threatening {_and([p.named(after, t) for t in why.threats])} at once"
        elif why.threats:
            extra = f" and threatening {p.named(after, why.threats[0])}"
        return f", blocking {line_name(why.line)}{extra}"
    if why.code == "forcing":
        return ", threatening " + why.text.removeprefix(f"{p.P} threatens ").rstrip(".")
    if why.code == "threat":
        return f", threatening {p.named(after, why.threats[0])}"
    return ""


def _quiet(
    p: _Position, cell: int, was: int, was_distance: int, distance: int, threats: tuple[int, ...]
) -> Why:
    """The reasons where no tactic applies: the cell on 3x3, else the value kept."""
    P, Q, g = p.P, p.Q, p.g
    if was > 0:
        slower = f" ({was_distance} at best)" if distance > was_distance else ""
        text = f"{P} keeps the win: {P} wins in {plies(distance)}{slower}."
        return Why("keep-win", text, "keeps the win", threats=threats)
    if was < 0:
        text = f"{P} still loses, but holds out longest: a loss in {plies(distance)}."
        return Why("resist", text, "holds out longest", threats=threats)
    if g == STANDARD:
        on = sum(1 for cells in g.line_cells if cell in cells)
        r, c = g.rc(cell)
        opposite = (g.rows - 1 - r) * g.cols + (g.cols - 1 - c)
        if cell in g.centers:
            text = f"{P} takes the centre, on {on} lines, and holds the draw."
            return Why("center", text, "centre", threats=threats)
        if cell in g.corners and p.theirs >> opposite & 1:
            text = f"{P} takes the corner opposite {Q}'s at {opposite} and holds the draw."
            return Why("opposite-corner", text, "opposite corner", threats=threats)
        if cell in g.corners:
            text = f"{P} takes a corner, on {on} lines, and holds the draw."
            return Why("corner", text, "corner", threats=threats)
    return Why("hold", f"{P} holds the draw.", "holds the draw", threats=threats)


def explain(board: Board, cell: int) -> Why:
    """The reason for playing ``cell`` on ``board`` (a legal move of a legal position)."""
    solver = solver_for(board.geometry)
    solver.check(board)
    if cell not in board.moves():
        raise UsageError(f"cell {cell} is not a legal move on board {board}")
    return explain_key(solver, board.key, cell)


def explain_moves(board: Board) -> dict[int, Why]:
    """The reason for every legal move on ``board``, by cell."""
    solver = solver_for(board.geometry)
    solver.check(board)
    return {cell: explain_key(solver, board.key, cell) for cell, _ in solver.children(board.key)}
