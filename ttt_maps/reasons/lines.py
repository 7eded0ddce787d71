"""Lines of play in words: a forcing line (a threat, the forced block, and on to a fork or
a win), and the reply that refutes a mistake, as the clauses a reason is made of.

Kept apart from the reasons themselves (``explain``), which choose when each is
said; every clause is a whole message, its players as placeholders and its cells
and lines as marks (``facts.cell_mark``), so a turned drawing says them as drawn.
"""

from __future__ import annotations

from ttt_maps.language import and_list, tr
from ttt_maps.reasons.facts import PositionFacts, Why, cell_mark, line_mark
from ttt_maps.solve.solver import Solver


def forcing(p: PositionFacts, after: int, threat: int, rest: tuple[int, ...], child: int) -> Why:
    """``forcing``: a threat, the forced answer, and on to a fork or a win."""
    first = tr("{player} threatens {threat}", player=p.P, threat=p.named(after, threat))
    steps, wins = forcing_steps(p, threat, rest, child)
    if wins:
        brief = tr("threatens {threat}, wins at {cell}", threat=threat, cell=rest[-1])
    else:
        brief = tr("threatens {threat}, forks at {cell}", threat=threat, cell=rest[-1])
    return Why.of(
        "forcing",
        clauses([first, *steps]) + ".",
        brief,
        threats=(threat,),
        sequence=(threat, *rest),
    )


def forcing_steps(
    p: PositionFacts, threat: int, rest: tuple[int, ...], child: int
) -> tuple[list[str], bool]:
    """A forcing line after its first threat, a clause for each forced block and the
    mover's next move (``after O blocks at 2, X plays 6 and threatens 3 (3-4-5) and 7
    (6-7-8) at once``), and whether it ends in a win rather than a fork."""
    P, Q, solver = p.P, p.Q, p.solver
    key = solver.play(child, threat)
    steps = []
    wins = False
    for block, c in zip((threat, *rest[1::2]), rest[::2], strict=True):
        if block != threat:
            key = solver.play(key, block)
        q = PositionFacts(solver, key)
        mine = q.mine | 1 << c
        free = q.free & ~(1 << c)
        said = {"player": P, "opponent": Q, "block": cell_mark(block), "cell": cell_mark(c)}
        if p.g.has_line(mine):
            wins = True
            line = line_mark(q.line_at(q.mine, c))
            steps.append(
                tr(
                    "after {opponent} blocks at {block}, {player} plays {cell} and wins ({line})",
                    line=line,
                    **said,
                )
            )
        else:
            made = [q.named(mine, t) for t in p.g.cells_of(q.open_cells(mine, free))]
            if len(made) > 1:
                steps.append(
                    tr(
                        "after {opponent} blocks at {block}, {player} plays {cell} and threatens "
                        "{cells} at once",
                        cells=and_list(made),
                        **said,
                    )
                )
            else:
                steps.append(
                    tr(
                        "after {opponent} blocks at {block}, {player} plays {cell} and threatens "
                        "{cells}",
                        cells=made[0],
                        **said,
                    )
                )
        key = solver.play(key, c)
    return steps, wins


def clauses(clauses: list[str]) -> str:
    """Clauses one after the other, ``a; b; c``, as the language separates them."""
    text = clauses[0]
    for clause in clauses[1:]:
        text = tr("{clause}; {next}", clause=text, next=clause)
    return text


def brief_answer(why: Why, answerer: str, cell: int) -> str:
    """A refuting reply and its reason in a few words, for tables: ``O answers 4, forks``
    (the verb of the reply's own brief)."""
    said = {"opponent": answerer, "cell": cell}
    if why.code == "win":
        return tr("{opponent} answers {cell}, wins", **said)
    if why.code == "fork":
        return tr("{opponent} answers {cell}, forks", **said)
    if why.code in ("forcing", "force-complete"):
        return tr("{opponent} answers {cell}, forces", **said)
    if why.code == "threat":
        return tr("{opponent} answers {cell}, threatens", **said)
    if why.code == "block" and len(why.threats) > 1:
        return tr("{opponent} answers {cell}, blocks and forks", **said)
    if why.code == "block":
        return tr("{opponent} answers {cell}, blocks", **said)
    return tr("{opponent} answers {cell}", **said)


def answer_clause(why: Why, solver: Solver, key: int, cell: int) -> str:
    """The refuting reply and its reason, a clause of its own: ``O answers 8, completing
    0-4-8``."""
    p = PositionFacts(solver, key)
    after = p.mine | 1 << cell
    said = {"opponent": p.P, "cell": cell_mark(cell)}
    if why.code == "win":
        return tr("{opponent} answers {cell}, completing {line}", line=line_mark(why.line), **said)
    if why.code == "fork":
        named = and_list([p.named(after, t) for t in why.threats])
        return tr("{opponent} answers {cell}, threatening {cells} at once", cells=named, **said)
    if why.code == "block":
        line = line_mark(why.line)
        if len(why.threats) > 1:
            named = and_list([p.named(after, t) for t in why.threats])
            return tr(
                "{opponent} answers {cell}, blocking {line} and threatening {cells} at once",
                line=line,
                cells=named,
                **said,
            )
        if why.threats:
            return tr(
                "{opponent} answers {cell}, blocking {line} and threatening {threat}",
                line=line,
                threat=p.named(after, why.threats[0]),
                **said,
            )
        return tr("{opponent} answers {cell}, blocking {line}", line=line, **said)
    if why.code in ("forcing", "threat"):
        threat = why.threats[0]
        first = tr(
            "{opponent} answers {cell}, threatening {threat}", threat=p.named(after, threat), **said
        )
        if why.code == "threat":
            return first
        steps, _ = forcing_steps(p, threat, why.sequence[1:], solver.play(key, cell))
        return clauses([first, *steps])
    if why.code == "force-complete":
        cells = and_list([cell_mark(c) for c in why.threats])
        return tr(
            "{opponent} answers {cell}, leaving {player} only cells that complete a line of "
            "{player}'s ({cells})",
            player=p.Q,
            cells=cells,
            **said,
        )
    return tr("{opponent} answers {cell}", **said)
