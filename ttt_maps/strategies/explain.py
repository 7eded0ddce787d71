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

from ttt_maps.errors import UsageError
from ttt_maps.game.board import Board
from ttt_maps.game.geometry import STANDARD
from ttt_maps.solve.registry import solver_for
from ttt_maps.solve.solver import Solver, plies
from ttt_maps.strategies.whyfacts import (
    CODES,
    FORCING_DEPTH,
    Position,
    Why,
    and_list,
    cell_mark,
    forced_win,
    line_mark,
    line_name,
    principal_line,
)

__all__ = ["CODES", "FORCING_DEPTH", "Why", "explain", "explain_key", "explain_moves"]


def _fork_moves(p: Position, theirs: int, mine: int, free: int, replies: int) -> list[int]:
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
    p = Position(solver, key)
    if p.g.misere:
        return _misere(p, cell, deep)
    g, P, Q = p.g, p.P, p.Q
    bit = 1 << cell
    after, free = p.mine | bit, p.free & ~bit
    if g.has_line(after):
        line = p.line_at(p.mine, cell)
        text = f"{P} completes {line_mark(line)} and wins."
        return Why.of("win", text, f"wins on {line_name(line)}", line=line)
    my_wins = p.open_cells(p.mine, p.free)
    their_wins = p.open_cells(p.theirs, p.free)
    made = p.open_cells(after, free)
    threats = tuple(g.cells_of(made))
    if their_wins & bit and not my_wins:
        line = p.line_at(p.theirs, cell)
        text = f"{P} blocks {Q}'s line {line_mark(line)} at {cell_mark(cell)}"
        left = g.cells_of(their_wins & ~bit)
        if left:
            text += f", but {Q} still wins at {and_list([p.named(p.theirs, c) for c in left])}"
        elif len(threats) > 1:
            text += f" and threatens {and_list([p.named(after, t) for t in threats])} at once"
        elif threats:
            text += f" and threatens {p.named(after, threats[0])}"
        brief = f"blocks {line_name(line)}"
        return Why.of("block", text + ".", brief, line=line, threats=threats)
    child = solver.play(key, cell)
    was, now = solver.outcome_of(key), solver.outcome_of(child).after_move()
    if now.result < was.result or (was.result < 0 and now.distance < was.distance):
        return _refuted(p, cell, child, was.result, was.distance, now.result, now.distance, deep)
    if len(threats) > 1 and not p.open_cells(p.theirs, free):
        named = and_list([p.named(after, t) for t in threats])
        return Why.of(
            "fork",
            f"{P} threatens {named} at once; {Q} can block only one.",
            "threatens " + and_list([str(t) for t in threats]),
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
            where = and_list([cell_mark(c) for c in forks])
            if made:
                text = f"{P} threatens {p.named(after, threats[0])}, so {Q} must answer at "
                text += f"{cell_mark(threats[0])}, where {Q} has no fork (it had one at {where})."
            else:
                text = f"{P} takes away {Q}'s fork at {where}."
            return Why.of("block-fork", text, f"stops {Q}'s fork", threats=threats)
    if threats and not p.open_cells(p.theirs, free):
        t = threats[0]
        return Why.of(
            "threat",
            f"{P} threatens {p.named(after, t)}, so {Q} must answer at {cell_mark(t)}.",
            f"threatens {t}",
            threats=threats,
        )
    return _quiet(p, cell, was.result, was.distance, now.distance, threats)


def _forcing(p: Position, after: int, threat: int, rest: tuple[int, ...], child: int) -> Why:
    """``forcing``: a threat, the forced answer, and on to a fork or a win."""
    P, Q, solver = p.P, p.Q, p.solver
    text = f"{P} threatens {p.named(after, threat)}; after {Q} blocks at {cell_mark(threat)}, "
    key = solver.play(child, threat)
    steps = []
    finish = "forks"
    for i, c in enumerate(rest):
        if i % 2:  # the opponent's forced block
            steps.append(f"after {Q} blocks at {cell_mark(c)}, ")
            key = solver.play(key, c)
            continue
        q = Position(solver, key)
        mine = q.mine | 1 << c
        free = q.free & ~(1 << c)
        if p.g.has_line(mine):
            steps.append(f"{P} plays {cell_mark(c)} and wins ({line_mark(q.line_at(q.mine, c))})")
            finish = "wins"
        else:
            made = [q.named(mine, t) for t in p.g.cells_of(q.open_cells(mine, free))]
            more = " at once" if len(made) > 1 else ""
            steps.append(f"{P} plays {cell_mark(c)} and threatens {and_list(made)}{more}")
            if i + 1 < len(rest):
                steps.append("; ")
        key = solver.play(key, c)
    return Why.of(
        "forcing",
        text + "".join(steps) + ".",
        f"threatens {threat}, {finish} at {rest[-1]}",
        threats=(threat,),
        sequence=(threat, *rest),
    )


def _refuted(
    p: Position,
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
    answer, brief = f"{Q} answers {cell_mark(reply)}", f"{Q} answers {reply}"
    if deep:
        why = explain_key(solver, child, reply, deep=False)
        answer += _clause(why, solver, child, reply)
        brief += _BRIEF_REPLY.get(why.code, "")
        if why.code == "block":
            brief += ", blocks and forks" if len(why.threats) > 1 else ", blocks"
    threats = tuple(p.g.cells_of(p.open_cells(p.mine | 1 << cell, p.free & ~(1 << cell))))
    if was < 0:
        text = f"That loses in {plies(now_distance)}, not {was_distance}: {answer}."
        return Why.of(
            "quick-loss",
            text,
            f"loses sooner: {brief}",
            threats=threats,
            refutation=refutation,
        )
    if now < 0:
        text = f"That loses: {answer}; {P} loses in {plies(now_distance)}."
    else:
        kept = "the win" if was > 0 else "the draw"
        text = f"That gives away {kept}: {answer}, and the game is drawn."
    brief = f"{'loses' if now < 0 else 'draws'}: {brief}"
    return Why.of("mistake", text, brief, threats=threats, refutation=refutation)


#: A refuting reply's reason in a few words, for tables: its own brief's verb.
_BRIEF_REPLY = {
    "win": ", wins",
    "fork": ", forks",
    "forcing": ", forces",
    "threat": ", threatens",
    "force-complete": ", forces",
}


def _clause(why: Why, solver: Solver, key: int, cell: int) -> str:
    """The reply's reason as a clause after ``O answers 8``."""
    p = Position(solver, key)
    after = p.mine | 1 << cell
    if why.code == "win":
        return f", completing {line_mark(why.line)}"
    if why.code == "fork":
        return f", threatening {and_list([p.named(after, t) for t in why.threats])} at once"
    if why.code == "block":
        extra = ""
        if len(why.threats) > 1:
            extra = f" and threatening {and_list([p.named(after, t) for t in why.threats])} at once"
        elif why.threats:
            extra = f" and threatening {p.named(after, why.threats[0])}"
        return f", blocking {line_mark(why.line)}{extra}"
    if why.code == "forcing":
        return ", threatening " + why.template.removeprefix(f"{p.P} threatens ").rstrip(".")
    if why.code == "threat":
        return f", threatening {p.named(after, why.threats[0])}"
    if why.code == "force-complete":
        cells = and_list([cell_mark(c) for c in why.threats])
        return f", leaving {p.Q} only cells that complete a line of {p.Q}'s ({cells})"
    return ""


def _misere(p: Position, cell: int, deep: bool) -> Why:
    """The reasons under misère rules, where whoever completes a line loses: a move that
    completes the mover's own line (``complete``), the mistakes, a move that leaves the
    opponent only cells that complete the opponent's own lines (``force-complete``, the
    misère fork), and one that stays off the mover's completing cells (``avoid``)."""
    g, P, Q, solver = p.g, p.P, p.Q, p.solver
    bit = 1 << cell
    after, free = p.mine | bit, p.free & ~bit
    poisoned = p.open_cells(p.mine, p.free)  # where the mover would complete a line
    if g.has_line(after):
        return _completes(p, cell, poisoned == p.free)
    child = solver.play(p.key, cell)
    was, now = solver.outcome_of(p.key), solver.outcome_of(child).after_move()
    if now.result < was.result or (was.result < 0 and now.distance < was.distance):
        return _refuted(p, cell, child, was.result, was.distance, now.result, now.distance, deep)
    if free and p.open_cells(p.theirs, free) == free:
        cells = tuple(g.cells_of(free))
        named = and_list([cell_mark(c) for c in cells])
        text = f"{P} leaves {Q} only cells that complete a line of {Q}'s ({named}): {Q} must lose."
        return Why.of("force-complete", text, f"forces {Q} to complete", threats=cells)
    if poisoned:
        cells = tuple(g.cells_of(poisoned))
        named = and_list([p.named(p.mine, c) for c in cells])
        text = f"{P} stays off {named}, where {P} would complete a line and lose."
        where = and_list([str(c) for c in cells])
        return Why.of("avoid", text, f"stays off {where}", threats=cells)
    return _quiet(p, cell, was.result, was.distance, now.distance, ())


def _completes(p: Position, cell: int, forced: bool) -> Why:
    """``complete``: the mover completes its own line and loses; when another cell
    would not have, what that threw away, as a mistake says it."""
    cells = p.line_at(p.mine, cell)
    line, brief = line_mark(cells), f"loses on {line_name(cells)}"
    if forced:
        text = f"{p.P} must complete a line, as every free cell does: {line} loses."
        return Why.of("complete", text, brief + ", forced", line=cells)
    was = p.solver.outcome_of(p.key)
    if was.result < 0:
        text = f"That loses at once, not in {plies(was.distance)}: {p.P} completes {line}."
    else:
        kept = "the win" if was.result > 0 else "the draw"
        text = f"That gives away {kept}: {p.P} completes {line} and loses."
    return Why.of("complete", text, brief, line=cells)


def _quiet(
    p: Position, cell: int, was: int, was_distance: int, distance: int, threats: tuple[int, ...]
) -> Why:
    """The reasons where no tactic applies: the cell on 3x3, else the value kept."""
    P, Q, g = p.P, p.Q, p.g
    if was > 0:
        slower = f" ({was_distance} at best)" if distance > was_distance else ""
        text = f"{P} keeps the win: {P} wins in {plies(distance)}{slower}."
        return Why.of("keep-win", text, "keeps the win", threats=threats)
    if was < 0:
        text = f"{P} still loses, but holds out longest: a loss in {plies(distance)}."
        return Why.of("resist", text, "holds out longest", threats=threats)
    if g == STANDARD:
        on = sum(1 for cells in g.line_cells if cell in cells)
        r, c = g.rc(cell)
        opposite = (g.rows - 1 - r) * g.cols + (g.cols - 1 - c)
        if cell in g.centers:
            text = f"{P} takes the centre, on {on} lines, and holds the draw."
            return Why.of("center", text, "takes the centre", threats=threats)
        if cell in g.corners and p.theirs >> opposite & 1:
            text = (
                f"{P} takes the corner opposite {Q}'s at {cell_mark(opposite)} and holds the draw."
            )
            return Why.of("opposite-corner", text, "takes the opposite corner", threats=threats)
        if cell in g.corners:
            text = f"{P} takes a corner, on {on} lines, and holds the draw."
            return Why.of("corner", text, "takes a corner", threats=threats)
    return Why.of("hold", f"{P} holds the draw.", "holds the draw", threats=threats)


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
