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

Every sentence is a whole message in the reader's language (``language.tr``), its
cells and lines given as marks (``facts.cell_mark``), so a turned drawing can
say them as drawn in any language.
"""

from __future__ import annotations

from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import STANDARD
from ttt_maps.game.position import Position
from ttt_maps.language import and_list, tr, tr_ctx, tr_n
from ttt_maps.reasons.facts import (
    CODES,
    FORCING_DEPTH,
    PositionFacts,
    Why,
    cell_mark,
    forced_win,
    line_mark,
    line_name,
    principal_line,
)
from ttt_maps.reasons.lines import answer_clause, brief_answer, forcing
from ttt_maps.solve.registry import solver_for
from ttt_maps.solve.solver import Solver, plies

__all__ = ["CODES", "FORCING_DEPTH", "Why", "explain", "explain_key", "explain_moves"]


def _fork_moves(p: PositionFacts, theirs: int, mine: int, free: int, replies: int) -> list[int]:
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
    p = PositionFacts(solver, key)
    if p.g.misere:
        return _misere(p, cell, deep)
    g, P, Q = p.g, p.P, p.Q
    bit = 1 << cell
    after, free = p.mine | bit, p.free & ~bit
    if g.has_line(after):
        line = p.line_at(p.mine, cell)
        text = tr("{player} completes {line} and wins.", player=P, line=line_mark(line))
        return Why.of("win", text, tr("wins on {line}", line=line_name(line)), line=line)
    my_wins = p.open_cells(p.mine, p.free)
    their_wins = p.open_cells(p.theirs, p.free)
    made = p.open_cells(after, free)
    threats = tuple(g.cells_of(made))
    if their_wins & bit and not my_wins:
        return _block(p, cell, after, their_wins, threats)
    child = solver.play(key, cell)
    was, now = solver.outcome_of(key), solver.outcome_of(child).after_move()
    if now.result < was.result or (was.result < 0 and now.distance < was.distance):
        return _refuted(p, cell, child, was.result, was.distance, now.result, now.distance, deep)
    if len(threats) > 1 and not p.open_cells(p.theirs, free):
        named = and_list([p.named(after, t) for t in threats])
        return Why.of(
            "fork",
            tr(
                "{player} threatens {cells} at once; {opponent} can block only one.",
                player=P,
                opponent=Q,
                cells=named,
            ),
            # Two cells or more: a word in the plural in Russian (угрозы: 0 и 7).
            tr_ctx("two or more", "threatens {cells}", cells=and_list([str(t) for t in threats])),
            threats=threats,
        )
    if len(threats) == 1 and not p.open_cells(p.theirs, free):
        rest = forced_win(solver, solver.play(child, threats[0]))
        if rest is not None:
            return forcing(p, after, threats[0], rest, child)
    forks = _fork_moves(p, p.theirs, p.mine, p.free, p.free)
    if forks and now.result >= 0:
        replies = made if made else free
        if not _fork_moves(p, p.theirs, after, free, replies):
            where = and_list([cell_mark(c) for c in forks])
            if made:
                text = tr(
                    "{player} threatens {threat}, so {opponent} must answer at {cell}, where "
                    "{opponent} has no fork (it had one at {cells}).",
                    player=P,
                    opponent=Q,
                    threat=p.named(after, threats[0]),
                    cell=cell_mark(threats[0]),
                    cells=where,
                )
            else:
                text = tr(
                    "{player} takes away {opponent}'s fork at {cells}.",
                    player=P,
                    opponent=Q,
                    cells=where,
                )
            brief = tr("stops {opponent}'s fork", opponent=Q)
            return Why.of("block-fork", text, brief, threats=threats)
    if threats and not p.open_cells(p.theirs, free):
        t = threats[0]
        return Why.of(
            "threat",
            tr(
                "{player} threatens {threat}, so {opponent} must answer at {cell}.",
                player=P,
                opponent=Q,
                threat=p.named(after, t),
                cell=cell_mark(t),
            ),
            tr("threatens {cells}", cells=str(t)),
            threats=threats,
        )
    return _quiet(p, cell, was.result, was.distance, now.distance, threats)


def _block(
    p: PositionFacts, cell: int, after: int, their_wins: int, threats: tuple[int, ...]
) -> Why:
    """``block``: the opponent's line blocked, and what is left or made by it."""
    line = p.line_at(p.theirs, cell)
    said = {"player": p.P, "opponent": p.Q, "line": line_mark(line), "cell": cell_mark(cell)}
    left = p.g.cells_of(their_wins & ~(1 << cell))
    if left:
        wins = and_list([p.named(p.theirs, c) for c in left])
        text = tr(
            "{player} blocks {opponent}'s line {line} at {cell}, but {opponent} still wins "
            "at {cells}.",
            cells=wins,
            **said,
        )
    elif len(threats) > 1:
        named = and_list([p.named(after, t) for t in threats])
        text = tr(
            "{player} blocks {opponent}'s line {line} at {cell} and threatens {cells} at once.",
            cells=named,
            **said,
        )
    elif threats:
        text = tr(
            "{player} blocks {opponent}'s line {line} at {cell} and threatens {threat}.",
            threat=p.named(after, threats[0]),
            **said,
        )
    else:
        text = tr("{player} blocks {opponent}'s line {line} at {cell}.", **said)
    brief = tr("blocks {line}", line=line_name(line))
    return Why.of("block", text, brief, line=line, threats=threats)


def _refuted(
    p: PositionFacts,
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
    if not solver.follows(child):
        return _proven_draw(p, cell)
    refutation = principal_line(solver, child)
    reply = refutation[0]
    answer = tr("{opponent} answers {cell}", opponent=Q, cell=cell_mark(reply))
    brief = tr("{opponent} answers {cell}", opponent=Q, cell=reply)
    if deep:
        why = explain_key(solver, child, reply, deep=False)
        answer = answer_clause(why, solver, child, reply)
        brief = brief_answer(why, Q, reply)
    threats = tuple(p.g.cells_of(p.open_cells(p.mine | 1 << cell, p.free & ~(1 << cell))))
    if was < 0:
        text = tr(
            "That loses in {plies}, not {best}: {answer}.",
            plies=plies(now_distance, after_in=True),
            best=was_distance,
            answer=answer,
        )
        return Why.of(
            "quick-loss",
            text,
            tr("loses sooner: {answer}", answer=brief),
            threats=threats,
            refutation=refutation,
        )
    if now < 0:
        text = tr(
            "That loses: {answer}; {player} loses in {plies}.",
            answer=answer,
            player=P,
            plies=plies(now_distance, after_in=True),
        )
        brief = tr("loses: {answer}", answer=brief)
    else:  # a mistake that does not lose can only have thrown a win away
        text = tr("That gives away the win: {answer}, and the game is drawn.", answer=answer)
        brief = tr("draws: {answer}", answer=brief)
    return Why.of("mistake", text, brief, threats=threats, refutation=refutation)


def _proven_draw(p: PositionFacts, cell: int) -> Why:
    """``mistake``, where a shipped proof shows that the move throws the win away, to a
    draw, and gives no line of play to the end (a first move on 6x5 that draws)."""
    threats = tuple(p.g.cells_of(p.open_cells(p.mine | 1 << cell, p.free & ~(1 << cell))))
    text = tr(
        "That gives away the win: with best play the game is drawn, as the proof shipped "
        "for this board shows."
    )
    return Why.of("mistake", text, tr("draws with best play"), threats=threats)


def _misere(p: PositionFacts, cell: int, deep: bool) -> Why:
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
        text = tr(
            "{player} leaves {opponent} only cells that complete a line of {opponent}'s "
            "({cells}): {opponent} must lose.",
            player=P,
            opponent=Q,
            cells=named,
        )
        brief = tr("forces {opponent} to complete", opponent=Q)
        return Why.of("force-complete", text, brief, threats=cells)
    if poisoned:
        cells = tuple(g.cells_of(poisoned))
        named = and_list([p.named(p.mine, c) for c in cells])
        text = tr(
            "{player} stays off {cells}, where {player} would complete a line and lose.",
            player=P,
            cells=named,
        )
        brief = tr("stays off {cells}", cells=and_list([str(c) for c in cells]))
        return Why.of("avoid", text, brief, threats=cells)
    return _quiet(p, cell, was.result, was.distance, now.distance, ())


def _completes(p: PositionFacts, cell: int, forced: bool) -> Why:
    """``complete``: the mover completes its own line and loses; when another cell
    would not have, what that threw away, as a mistake says it."""
    cells = p.line_at(p.mine, cell)
    said = {"player": p.P, "line": line_mark(cells)}
    if forced:
        text = tr("{player} must complete a line, as every free cell does: {line} loses.", **said)
        brief = tr("loses on {line}, forced", line=line_name(cells))
        return Why.of("complete", text, brief, line=cells)
    was = p.solver.outcome_of(p.key)
    if was.result < 0:
        text = tr(
            "That loses at once, not in {plies}: {player} completes {line}.",
            plies=plies(was.distance, after_in=True),
            **said,
        )
    elif was.result > 0:
        text = tr("That gives away the win: {player} completes {line} and loses.", **said)
    else:
        text = tr("That gives away the draw: {player} completes {line} and loses.", **said)
    return Why.of("complete", text, tr("loses on {line}", line=line_name(cells)), line=cells)


def _quiet(
    p: PositionFacts,
    cell: int,
    was: int,
    was_distance: int,
    distance: int,
    threats: tuple[int, ...],
) -> Why:
    """The reasons where no tactic applies: the cell on 3x3, else the value kept."""
    P, Q, g = p.P, p.Q, p.g
    if was > 0:
        said = {"player": P, "plies": plies(distance, after_in=True), "best": was_distance}
        if distance > was_distance:
            text = tr("{player} keeps the win: {player} wins in {plies} ({best} at best).", **said)
        else:
            text = tr("{player} keeps the win: {player} wins in {plies}.", **said)
        return Why.of("keep-win", text, tr("keeps the win"), threats=threats)
    if was < 0:
        text = tr(
            "{player} still loses, but holds out longest: a loss in {plies}.",
            player=P,
            plies=plies(distance, after_in=True),
        )
        return Why.of("resist", text, tr("holds out longest"), threats=threats)
    if g == STANDARD:
        on = sum(1 for cells in g.line_cells if cell in cells)
        r, c = g.rc(cell)
        opposite = (g.rows - 1 - r) * g.cols + (g.cols - 1 - c)
        if cell in g.centers:
            text = tr_n(
                "{player} takes the centre, on {n} line, and holds the draw.",
                "{player} takes the centre, on {n} lines, and holds the draw.",
                on,
                player=P,
            )
            return Why.of("center", text, tr("takes the centre"), threats=threats)
        if cell in g.corners and p.theirs >> opposite & 1:
            text = tr(
                "{player} takes the corner opposite {opponent}'s at {cell} and holds the draw.",
                player=P,
                opponent=Q,
                cell=cell_mark(opposite),
            )
            brief = tr("takes the opposite corner")
            return Why.of("opposite-corner", text, brief, threats=threats)
        if cell in g.corners:
            text = tr_n(
                "{player} takes a corner, on {n} line, and holds the draw.",
                "{player} takes a corner, on {n} lines, and holds the draw.",
                on,
                player=P,
            )
            return Why.of("corner", text, tr("takes a corner"), threats=threats)
    text = tr("{player} holds the draw.", player=P)
    return Why.of("hold", text, tr("holds the draw"), threats=threats)


def explain(board: Position, cell: int) -> Why:
    """The reason for playing ``cell`` on ``board`` (a legal move of a legal position)."""
    solver = solver_for(board.geometry)
    solver.check(board)
    if cell not in board.moves():
        raise UsageError(f"cell {cell} is not a legal move on board {board}")
    return explain_key(solver, board.key, cell)


def explain_moves(board: Position) -> dict[int, Why]:
    """The reason for every legal move on ``board``, by cell."""
    solver = solver_for(board.geometry)
    solver.check(board)
    return {cell: explain_key(solver, board.key, cell) for cell, _ in solver.children(board.key)}
