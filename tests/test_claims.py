"""Every sentence a reason says, read back into claims and checked on the board by the
referee (``claim_referee.py``: its own lines and minimax, no package code).

For every 3x3 position and legal move, under normal and misère rules, the text
of the move's reason is parsed (``X threatens 6 (0-3-6), so O must answer at
6.``: X's only winning cell after the move is 6, on the line 0-3-6, and O has
no win of its own) and each claim is checked: lines are lines and held by whom
the sentence says, threats and forks are every winning cell there is, a best
reply is a best reply, a value kept or lost is the minimax value, and the
forms every position reaches are counted so that none goes unchecked.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from claim_referee import (
    Chain,
    ClaimError,
    Claims,
    after,
    check_brief,
    empties,
    has_line,
    is_over,
    mover,
    other,
    put,
    reachable,
    sentences,
    value,
)
from conftest import need_tool

from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Position
from ttt_maps.policy.chains import parse_policy
from ttt_maps.policy.tiebreak import tie_break
from ttt_maps.reasons.explain import explain_key
from ttt_maps.solve.registry import solver_for
from ttt_maps.trees.strategy import build_strategy

#: The forms of sentence each rule's reasons take over the 3x3 board (fact: the
#: referee's count of forms met over all 16,167 moves).
NORMAL_FORMS = {
    "win", "block", "block-threat", "block-still-loses", "fork", "forcing",
    "block-fork", "block-fork-threat", "threat", "center", "opposite-corner", "corner",
    "keep-win", "hold", "resist", "quick-loss", "mistake-loses", "mistake-draws",
}  # fmt: skip
MISERE_FORMS = {
    "complete", "complete-sooner", "complete-forced", "force-complete", "avoid", "keep-win",
    "hold", "resist", "quick-loss", "mistake-loses", "mistake-draws",
}  # fmt: skip


@pytest.mark.parametrize("rules", ["normal", "misere"])
def test_every_reason_sentence_on_3x3_is_true(rules: str) -> None:
    g = Geometry.parse("3x3", rules)
    solver, claims = solver_for(g), Claims(misere=g.misere)
    moves = 0
    for board, cell in sentences((3, 3, 3), g.misere):
        why = explain_key(solver, Position.parse(board, g).key, cell)
        form = claims.check(board, cell, why.text)
        check_brief(form, why.text, why.brief)
        moves += 1
    assert moves == 16167  # fact: the referee's count of legal moves in all 5,478 positions
    assert set(claims.seen) == (MISERE_FORMS if g.misere else NORMAL_FORMS), claims.seen


def test_the_referee_refuses_a_false_sentence() -> None:
    """The referee itself: each kind of false claim is caught, and a sentence it cannot read
    is a failure, not a pass."""
    claims = Claims()
    board = "xo..x...."  # X threatens 8 (0-4-8); O to move
    good = "O blocks X's line 0-4-8 at 8."
    assert claims.check(board, 8, good) == "block"
    wrong = [
        (8, "X blocks O's line 0-4-8 at 8."),  # the players swapped
        (8, "O blocks X's line 0-4-7 at 8."),  # no such line
        (2, "O blocks X's line 0-4-8 at 2."),  # not the move
        (8, "O holds the draw."),  # O loses anyway: X forks after the block
        (2, "That loses in 2 moves, not 4: X answers 7."),  # 7 is no best reply
        (2, "That loses in 2 moves, not 3: X answers 8, completing 0-4-8."),
        (2, "O gives up."),
    ]
    for cell, text in wrong:
        with pytest.raises(ClaimError):
            claims.check(board, cell, text)
    assert claims.check(board, 2, "That loses in 2 moves, not 4: X answers 8, completing 0-4-8.")
    forked = "xoxo....."  # X to move: 4 threatens 8 (0-4-8) and 6 (2-4-6)
    assert claims.check(forked, 4, "X threatens 6 (2-4-6) and 8 (0-4-8) at once; O can block only one.")  # fmt: skip  # noqa: E501
    with pytest.raises(ClaimError):  # the fork sentence with X and O swapped
        claims.check(forked, 4, "O threatens 6 (2-4-6) and 8 (0-4-8) at once; X can block only one.")  # fmt: skip  # noqa: E501


#: (form, sentence, its brief, briefs that say something else: another line, other cells,
#: another reply, another kind of move or reply, another player).
BRIEFS = [
    ("win", "X completes 0-4-8 and wins.", "wins on 0-4-8", ["wins on 2-4-6", "blocks 0-4-8"]),
    ("block-threat", "O blocks X's line 0-4-8 at 8 and threatens 2 (2-5-8).", "blocks 0-4-8",
     ["blocks 2-5-8", "threatens 2"]),
    ("threat", "X threatens 6 (0-3-6), so O must answer at 6.", "threatens 6",
     ["threatens 0-3-6", "threatens 3"]),
    ("fork", "X threatens 6 (2-4-6) and 8 (0-4-8) at once; O can block only one.",
     "threatens 6 and 8", ["threatens 6", "threatens 6 and 7", "threatens 2-4-6 and 0-4-8"]),
    ("forcing", "X threatens 6 (0-3-6); after O blocks at 6, X plays 4 and threatens 5 (3-4-5) "
     "and 8 (0-4-8) at once.", "threatens 6, forks at 4",
     ["threatens 6, wins at 4", "threatens 4, forks at 6", "threatens 6, forks at 5"]),
    ("block-fork", "X takes away O's fork at 2 and 6.", "stops O's fork", ["stops X's fork"]),
    ("avoid", "X stays off 2 (2-5-8), where X would complete a line and lose.", "stays off 2",
     ["stays off 5", "stays off 2-5-8"]),
    ("corner", "X takes a corner, on 3 lines, and holds the draw.", "takes a corner",
     ["takes the centre", "holds the draw"]),
    ("mistake-loses", "That loses: X answers 8, completing 0-4-8; O loses in 2 moves.",
     "loses: X answers 8, wins",
     ["loses: X answers 7, wins", "loses: X answers 8, blocks", "draws: X answers 8, wins"]),
]  # fmt: skip


@pytest.mark.parametrize(("form", "text", "brief", "wrong"), BRIEFS)
def test_the_referee_refuses_a_brief_that_says_otherwise(
    form: str, text: str, brief: str, wrong: list[str]
) -> None:
    """The brief's rules themselves: the brief a sentence makes passes, and one that names
    another line, cell, reply, player or kind of move fails."""
    check_brief(form, text, brief)
    for other_brief in wrong:
        with pytest.raises(AssertionError):
            check_brief(form, text, other_brief)


def test_the_referee_reaches_every_position() -> None:
    assert len(reachable((3, 3, 3))) == 5478  # fact: the literature's count (5,478 positions)


# -- the gamebook's words ---------------------------------------------------------------

MD_SECTION = re.compile(
    r"^## §(\d+)\n\nMove \d+, position `([xo.]+)`:\n\n```text\n[^`]*```\n\n"
    r"\*\*([XO]) plays [^(\n]*\((\d+)\)\. \3 ([^*\n]*?)\.(?: The game is over: [^*\n]*\.)?\*\*$",
    re.M,
)
TXT_SECTION = re.compile(
    r"^Section (\d+)\. Move \d+\.\n(?:.*\n)*?As a board string: ([xo.]+)\n"
    r"([XO]) plays [^(\n]*\(cell (\d+)\)\. \3 ([^\n]*?)\.(?: The game is over: [^\n]*\.)?$",
    re.M,
)


def book_words(text: str, pattern: re.Pattern[str]) -> dict[int, tuple[str, int, str]]:
    """Each section's position, move and words, read from the book's text."""
    found = {int(m[1]): (m[2], int(m[4]), m[5]) for m in pattern.finditer(text)}
    for m in pattern.finditer(text):
        assert m[3] == mover(m[2]).upper(), m[0]
    return found


def pdf_words(pdf: bytes, tmp_path: Path) -> dict[int, tuple[int, str]]:
    """Each section's move and words, read back from the PDF's text (pdftotext)."""
    tool = need_tool("pdftotext", "poppler-utils")
    path = tmp_path / "book.pdf"
    path.write_bytes(pdf)
    text = subprocess.run([tool, str(path), "-"], capture_output=True, text=True, check=True)
    parts = re.split(r"^§(\d+)$", text.stdout.replace("\f", "\n"), flags=re.M)
    out = {}
    for number, body in zip(parts[1::2], parts[2::2], strict=True):
        flat = " ".join(body.split())
        m = re.search(r"([XO]) plays [^(]*\((\d+)\)\. \1 ([^.]*)\.", flat)
        assert m, flat[:200]
        out[int(number)] = (int(m[2]), m[3])
    return out


BOOKS = [
    ("x", "default", "normal", None),
    ("o", "default", "normal", None),
    ("x", "fast,last", "misere", None),
    ("o", "default", "misere", None),
    # Lost positions under misère: the player's last move must complete a line.
    ("o", "default", "misere", "..xxoxxoo"),
    ("x", "default", "misere", ".......ox"),
]


@pytest.mark.parametrize(("player", "policy", "rules", "root"), BOOKS)
def test_every_word_of_a_gamebook_is_true(
    player: str, policy: str, rules: str, root: str | None
) -> None:
    """In Markdown and in plain text: every section's move words read back and checked on
    its position, the same words in both."""
    import ttt_maps

    g = Geometry.parse("3x3", rules)
    tree = ttt_maps.strategy(player, policy=policy, root=root, rules=rules)  # type: ignore[arg-type]
    claims = Claims(misere=g.misere)
    md = book_words(str(ttt_maps.gamebook(tree, "md")), MD_SECTION)
    txt = book_words(str(ttt_maps.gamebook(tree, "txt")), TXT_SECTION)
    assert md == txt and len(md) == tree.facts.positions
    for board, cell, words in md.values():
        claims.book_words(board, cell, words)
    # Where a reason is quiet, the book says its own outcome words instead.
    assert not {"keep-win", "hold", "resist"} & set(claims.seen), claims.seen
    assert claims.seen["holds the draw"] + claims.seen["wins whatever the reply"] > 0 or root


def test_the_pdf_gamebook_says_the_same_true_words(tmp_path: Path) -> None:
    import ttt_maps

    tree = ttt_maps.strategy("x")
    md = book_words(str(ttt_maps.gamebook(tree, "md")), MD_SECTION)
    pdf = ttt_maps.gamebook(tree, "pdf")
    assert isinstance(pdf, bytes)
    read = pdf_words(pdf, tmp_path)
    assert read == {n: (cell, words) for n, (_, cell, words) in md.items()}
    claims = Claims()
    for number, (cell, words) in read.items():
        claims.book_words(md[number][0], cell, words)
    # A winning move says the line it completes (the reason's own words, checked as one).
    assert claims.seen["holds the draw"] and claims.seen["win"]


# -- the tie-break reason ----------------------------------------------------------------

#: The presets as the specification defines them (``first`` closes every chain).
PRESETS = {"default": "fast,novice", "yorgey": "fast,last"}
CHAINS = ["default", "yorgey", "fast,trap", "compact", "trap,novice", "corner,last", "edge,center"]


def _plies(n: int) -> str:
    return f"{n} move" if n == 1 else f"{n} moves"


def expected_tie_break(ref: Chain, board: str) -> tuple[int, str | None, str]:
    """The move, the key that settled it and the sentence, from the referee's own chain:
    each key that narrowed the moves, with the chosen move's figure against the best
    figure among the moves it set aside."""
    steps = ref.steps(board)
    move = steps[-1][0]
    if len(steps[0]) == 1:
        return move, None, f"{move} is the only optimal move"
    parts, decided = [], None
    them = other(mover(board)).upper()
    for key, before, kept in zip(ref.keys, steps, steps[1:], strict=False):
        if len(kept) == len(before):
            continue
        decided = key
        dropped = [c for c in before if c not in kept]
        if key in ("fast", "trap", "novice", "compact"):
            rival = max(dropped, key=lambda c: (ref.measure(key, board, c), -c))
            mine, theirs = (_figure(ref, key, board, c) for c in (move, rival))
            assert ref.measure(key, board, move) > ref.measure(key, board, rival)  # the best
            if key == "fast":
                verb = "wins in" if after(board, move)[0] > 0 else "holds out"
                parts.append(f"fast: {verb} {mine}, not {theirs} (at {rival})")
            elif key == "trap":
                there = put(board, move, mover(board))
                replies = len(empties(there))
                hold = "reply that holds" if replies == 1 else "replies that hold"
                parts.append(f"trap: leaves {them} {mine} of {replies} {hold}, "
                             f"not {theirs} (at {rival})")  # fmt: skip
            elif key == "novice":
                parts.append(f"novice: expects {mine} against a novice, not {theirs} (at {rival})")
            else:
                boards = "board" if mine == "1" else "boards"  # English: 1 board, 2 boards
                parts.append(f"compact: leaves {mine} {boards} to draw, not {theirs} (at {rival})")
        elif key in ("center", "corner", "edge"):
            word = {"center": "a centre cell", "corner": "a corner", "edge": "an edge"}[key]
            parts.append(f"{key}: {word}, unlike {', '.join(map(str, dropped))}")
        else:
            word = "lowest" if key == "first" else "highest"
            parts.append(f"{key}: the {word} of {', '.join(map(str, before))}")
        if len(kept) == 1:
            break
    return move, decided, "; ".join(parts)


def _figure(ref: Chain, key: str, board: str, cell: int) -> str:
    """A move's figure for ``key`` as the sentence shows it."""
    there = put(board, cell, mover(board))
    if key == "fast":
        return _plies(after(board, cell)[1])
    if key == "trap":
        return str(-round(ref.measure("trap", board, cell)))
    if key == "novice":
        return f"{ref.measure('novice', board, cell):.1%}"
    return str(ref.boards_below(there))


@pytest.mark.parametrize("chain", CHAINS)
def test_every_tie_break_reason_on_3x3_is_true(chain: str) -> None:
    """For every 3x3 position: the chain's move is the one the referee's chain picks from
    the definitions of its keys, and the reason names each key that narrowed the optimal
    moves, with figures the referee computes: the chosen move's figure is better than
    every move the key set aside, and the rival named is the best of those."""
    policy = parse_policy(chain)
    ref = Chain(PRESETS.get(chain, chain))
    narrowed = 0
    for board in reachable():
        if is_over(board, (3, 3, 3)):
            continue
        why = tie_break(policy, Position.parse(board))
        assert (why.move, why.key, why.text) == expected_tie_break(ref, board), board
        narrowed += why.key is not None
    assert narrowed > 100


@pytest.mark.parametrize("chain", CHAINS)
def test_every_map_move_and_look_ahead_value_on_3x3_is_the_referees(chain: str) -> None:
    """The move a map draws on every 3x3 position, met in a random order (a chain of keys
    that treat symmetric positions alike chooses once per class, on the first position
    met of it, and closes on each position's own cells), is the referee's; so are the
    expected scores against a novice and the boards below each position."""
    policy = parse_policy(chain)
    ref = Chain(PRESETS.get(chain, chain))
    boards = [b for b in reachable() if not is_over(b, (3, 3, 3))]
    random.Random(chain).shuffle(boards)
    for board in boards:
        assert policy.choose(Position.parse(board)) == ref.choose(board), board
    for board in boards[:400]:
        position = Position.parse(board)
        for me in ("x", "o"):
            expected = ref.expected(board, me)
            assert policy.expected(position, me) == pytest.approx(expected, abs=1e-12)
        if "compact" in policy.name:
            reply = put(board, empties(board)[0], mover(board))
            if not is_over(reply, (3, 3, 3)):
                assert policy.boards_below(Position.parse(reply).key) == ref.boards_below(reply)


def test_the_default_chain_opens_with_the_novice_figures_the_referee_counts() -> None:
    """Fact, by the referee's exhaustive count: against the novice, X's corner opening
    expects 96.4%, an edge 92.4% and the centre 91.7%, so ``novice`` keeps the four
    corners and names an edge as the best it set aside."""
    ref = Chain("fast,novice")
    assert [round(ref.measure("novice", "." * 9, c), 3) for c in range(9)] == [
        0.964, 0.924, 0.964, 0.924, 0.917, 0.924, 0.964, 0.924, 0.964
    ]  # fmt: skip
    why = tie_break(parse_policy("default"), Position.parse("........."))
    assert why.text.startswith("novice: expects 96.4% against a novice, not 92.4% (at 1)")


# -- the maps' counts ---------------------------------------------------------------------


def tree_counts(ref: Chain, player: str) -> tuple[int, int, int, int]:
    """The map of ``player`` under a chain, from the empty board, walked by the referee:
    boards where the player chooses (counted once per line of play, as the map draws
    them), distinct positions where the player chooses, and finishes won and drawn."""
    choices = wins = draws = 0
    positions: set[str] = set()

    def walk(board: str) -> None:
        nonlocal choices, wins, draws
        if is_over(board, (3, 3, 3)):
            won = has_line(board, player, (3, 3, 3))
            wins, draws = wins + won, draws + ("." not in board and not won)
            return
        if mover(board) == player:
            choices += 1
            positions.add(board)
            walk(put(board, ref.choose(board), player))
        else:
            for c in empties(board):
                walk(put(board, c, mover(board)))

    walk("." * 9)
    return choices, len(positions), wins, draws


@pytest.mark.parametrize(
    ("chain", "player", "counts"),
    [
        # fact: the seed's Haskell program draws 91 boards with 71 won and 2 drawn finishes
        # for X, 768 with 386 and 183 for O; the distinct positions are the referee's count
        ("yorgey", "x", (91, 81, 71, 2)),
        ("yorgey", "o", (768, 426, 386, 183)),
        # fact: the referee's count of the default chain's maps
        ("default", "x", (123, 109, 87, 7)),
        ("default", "o", (864, 453, 410, 223)),
    ],
)
def test_the_maps_counts_are_the_referees(
    chain: str, player: str, counts: tuple[int, int, int, int]
) -> None:
    assert tree_counts(Chain(PRESETS[chain]), player) == counts
    facts = build_strategy(player, chain).facts  # type: ignore[arg-type]
    assert (facts.choices, facts.positions, facts.wins, facts.draws) == counts


# -- the audit (check) -----------------------------------------------------------------------


def referee_audit(moves: dict[str, int], player: str) -> set[tuple[str, str, str]]:
    """What an audit of a strategy file must find, by the referee: from the empty board,
    every reply of the opponent and the file's move for the player; a position with no
    move (missing), a move on a taken cell (illegal), a move that loses the value
    (non-optimal, not followed) or wins slower than it could (slower, a warning); and
    listed positions never reached (unreached)."""
    found: set[tuple[str, str, str]] = set()
    seen, frontier = {"." * 9}, ["." * 9]
    reached: set[str] = set()
    while frontier:
        following = []
        for board in frontier:
            if is_over(board, (3, 3, 3)):
                continue
            if mover(board) != player:
                nexts = [put(board, c, mover(board)) for c in empties(board)]
            else:
                reached.add(board)
                cell = moves.get(board)
                if cell is None:
                    found.add(("missing", board, f"no move for {player} here"))
                    continue
                if board[cell] != ".":
                    found.add(("illegal", board, f"cell {cell} is not a legal move here"))
                    continue
                best, got = value(board), after(board, cell)
                if got[0] < best[0]:
                    keep = [c for c in empties(board) if after(board, c)[0] == best[0]]
                    cells = (
                        f"cell {keep[0]}"
                        if len(keep) == 1
                        else "cells " + ", ".join(map(str, keep))
                    )
                    words = {1: "win", 0: "draw", -1: "loss"}
                    lost, kept = words[got[0]], words[best[0]]
                    said = f"cell {cell} gives a {lost}; {kept} was possible with {cells}"
                    found.add(("non-optimal", board, said))
                    continue
                if got[0] > 0 and got[1] > best[1]:
                    found.add(("slower", board, f"cell {cell} wins in {_plies(got[1])}, "
                                                f"{_plies(best[1])} was possible"))  # fmt: skip
                nexts = [put(board, cell, player)]
            for n in nexts:
                if n not in seen:
                    seen.add(n)
                    following.append(n)
        frontier = following
    unused = set(moves) - reached
    if unused:  # named by the first of them in the order of their keys (X's cells, then O's)
        first = min(
            unused,
            key=lambda b: sum(1 << (c + 9 * (m == "o")) for c, m in enumerate(b) if m != "."),
        )
        found.add(("unreached", first, f"{len(unused)} listed position(s) are never reached"))
    return found


@pytest.mark.parametrize("player", ["x", "o"])
def test_the_audit_finds_what_the_referee_finds(player: str) -> None:
    """A strategy file with moves changed at random (to any cell, a taken one included),
    positions dropped and strangers added: ``check``'s audit reports exactly the problems
    the referee's own walk finds, naming the board and the cell."""
    from ttt_maps.audit.strategy import audit_file, load_strategy

    rng = random.Random(player)
    base = json.loads(build_strategy(player, "default").to_json())  # type: ignore[arg-type]
    kinds: Counter[str] = Counter()
    for _ in range(40):
        doc = json.loads(json.dumps(base))
        moves: dict[str, int] = doc["moves"]
        for board in rng.sample(sorted(moves), 3):
            roll = rng.random()
            if roll < 0.6:
                moves[board] = rng.randrange(9)
            elif roll < 0.8:
                del moves[board]
        if rng.random() < 0.3:  # a position the strategy never reaches
            stranger = next(b for b in reachable() if mover(b) == player and b not in moves
                            and not is_over(b, (3, 3, 3)))  # fmt: skip
            moves[stranger] = empties(stranger)[0]
        expected = referee_audit(moves, player)
        problems = audit_file(load_strategy(json.dumps(doc)))
        got = set()
        for p in problems:
            got.add((p.kind, str(p.board), p.message.replace(" from the root", "")))
            assert p.fatal is (p.kind in ("missing", "illegal", "non-optimal")), p
            level = "error" if p.fatal else "warning"
            assert str(p) == f"{level}: {p.kind} at {p.board}: {p.message}"
            assert p.as_dict() == {"kind": p.kind, "board": str(p.board), "message": p.message,
                                   "fatal": p.fatal}  # fmt: skip
        assert got == expected, doc["moves"]
        kinds.update(k for k, _, _ in got)
    assert set(kinds) == {"missing", "illegal", "non-optimal", "slower", "unreached"}, kinds


def test_an_audit_of_several_picks_follows_every_legal_one() -> None:
    """A player that may pick several moves (a rule player's set): an illegal pick is
    reported and the legal ones are still followed to the end of the game."""
    from ttt_maps.audit.strategy import audit

    def picks(board: Position) -> list[int]:
        taken = [c for c in range(9) if c not in board.moves()]
        return [*taken[:1], *solver_for(Geometry()).best_moves(board)[:1]]

    problems = audit(Position.parse("xo......."), "x", picks)
    illegal = [p for p in problems if p.kind == "illegal"]
    assert {p.kind for p in problems} <= {"illegal", "slower"}  # best_moves may win slower
    # one illegal pick at every position the legal picks reach
    assert len(illegal) > 10 and str(illegal[0].board) == "xo......."


# -- what solve reports ---------------------------------------------------------------------


def test_solve_reports_the_referees_values_for_every_move() -> None:
    """``solve``'s document for positions across the game (every seventh, finished ones
    included): the value, each move's result, distance and words, which moves are optimal
    (those that keep the result), and a reason per move, as the referee has them."""
    from ttt_maps.engine.solving import position_doc

    solver = solver_for(Geometry())
    policies = [("yorgey", parse_policy("yorgey")), ("trap", parse_policy("trap"))]
    labels = {1: "win", 0: "draw", -1: "loss"}

    def said(v: tuple[int, int]) -> str:
        return "draw" if v[0] == 0 else f"{labels[v[0]]} in {_plies(v[1])}"

    finished = 0
    for board in reachable()[::7]:
        doc = position_doc(Position.parse(board), policies, solver)
        assert (doc["board"], doc["geometry"], "rules" in doc) == (board, "3x3k3", False)
        if is_over(board, (3, 3, 3)):
            winner = (
                "x"
                if has_line(board, "x", (3, 3, 3))
                else "o"
                if has_line(board, "o", (3, 3, 3))
                else None
            )
            over = {"over": True, "winner": winner, "to_move": None, "outcome": None}
            assert doc == {"board": board, "geometry": "3x3k3", **over, "moves": [], "policies": []}
            finished += 1
            continue
        v = value(board)
        assert (doc["over"], doc["winner"], doc["to_move"]) == (False, None, mover(board))
        assert doc["outcome"] == {"result": labels[v[0]], "distance": v[1], "text": said(v)}
        assert [m["cell"] for m in doc["moves"]] == empties(board)
        for move in doc["moves"]:
            got = after(board, move["cell"])
            assert (move["result"], move["distance"], move["text"]) == (
                labels[got[0]],
                got[1],
                said(got),
            )
            assert move["optimal"] == (got[0] == v[0])
            assert move["why"]["code"] and move["why"]["text"]
        assert [p["name"] for p in doc["policies"]] == ["yorgey", "trap"]
        for (_, policy), entry in zip(policies, doc["policies"], strict=True):
            assert entry["chain"] == policy.name and entry["move"] == policy.choose(
                Position.parse(board)
            )
            assert entry["why"] == tie_break(policy, Position.parse(board)).to_json()
    assert finished > 50


def test_a_seeded_pick_names_the_optimal_moves_it_picked_among() -> None:
    """``random:SEED``: the move is one of the optimal moves the referee finds, and the
    reason lists them all."""
    policy = parse_policy("random:5")
    picked = set()
    for board in reachable():
        if is_over(board, (3, 3, 3)):
            continue
        optimal = Chain("first").optimal(board)
        why = tie_break(policy, Position.parse(board))
        assert why.move in optimal
        if len(optimal) > 1:
            assert why.key == "random:5"
            assert why.text == "random:5: a seeded pick among " + ", ".join(map(str, optimal))
            picked.add(why.move == optimal[0])
    assert picked == {True, False}  # not always the first


@pytest.mark.parametrize(("name", "marks", "samples"), [("3x4k3", 4, 40), ("4x4k3", 7, 10)])
def test_reason_sentences_on_bigger_boards_are_true(name: str, marks: int, samples: int) -> None:
    """Positions of 3x4k3 and 4x4k3 reached by random play, late enough for the referee's
    minimax: every move's sentence and brief. Longer forcing lines (two threats before
    the fork) occur here, not on 3x3."""
    from ttt_maps.reasons.explain import explain_moves

    g = Geometry.parse(name)
    shape = (g.rows, g.cols, g.k)
    claims = Claims(shape)
    rng = random.Random(name)
    checked = longer = 0
    while checked < samples:
        board = Position.empty(g)
        for _ in range(marks):
            if not board.is_over:
                board = board.play(rng.choice(board.moves()))
        if board.is_over:
            continue
        for cell, why in explain_moves(board).items():
            form = claims.check(str(board), cell, why.text)
            check_brief(form, why.text, why.brief)
            longer += form == "forcing" and why.text.count("blocks at") > 1
        checked += 1
    if name == "3x4k3":  # 4x4k3's random positions are mostly decided by then
        assert {"forcing", "fork", "mistake-loses"} <= set(claims.seen), claims.seen
        assert longer, "a forcing line of two threats was met"


@pytest.mark.parametrize("player", ["x", "o"])
def test_a_folded_strategy_file_is_audited_through_its_turns(player: str) -> None:
    """A folded file lists one position per symmetry class; the audit plays the others as
    turns of it, finds nothing wrong in a true file, and finds a move made bad."""
    from ttt_maps.audit.strategy import audit_file, load_strategy

    doc = json.loads(build_strategy(player, "default", fold=True).to_json())  # type: ignore[arg-type]
    assert doc["folded"] is True
    assert [p for p in audit_file(load_strategy(json.dumps(doc))) if p.fatal] == []
    board, losing = next(
        (b, c) for b in doc["moves"] for c in empties(b) if after(b, c)[0] < value(b)[0]
    )
    doc["moves"][board] = losing
    fatal = [p for p in audit_file(load_strategy(json.dumps(doc))) if p.fatal]
    assert fatal and {p.kind for p in fatal} == {"non-optimal"}
