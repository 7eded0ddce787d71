"""Every move's reason is true: checked by a referee written here, with no package code.

The referee knows the board only as cells and lines, solves positions by its
own negamax (result and distance, as the solver defines them), and confirms
each claim a reason makes: a ``win`` completes its line, a ``block`` stops a
real threat when the mover had no win, a ``fork`` leaves two or more threats
and no win for the opponent, a ``forcing`` line is forced to its fork or win,
a ``mistake`` throws away value and its refutation is best play of the
solver's length. Over every 3x3 position and legal move, and a sample of
3x4k3 and 4x4k3 positions late enough to solve here.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ttt_maps
from ttt_maps.cli.app import app
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Position
from ttt_maps.policy.chains import parse_policy
from ttt_maps.policy.tiebreak import tie_break
from ttt_maps.reasons.explain import CODES, Why, explain, explain_key, explain_moves
from ttt_maps.solve.registry import solver_for


class Referee:
    """A rows x cols board with k in a row, from first principles."""

    def __init__(self, rows: int, cols: int, k: int) -> None:
        self.size = rows * cols
        runs = []
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for r in range(rows):
                for c in range(cols):
                    cells = [(r + dr * i, c + dc * i) for i in range(k)]
                    if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                        runs.append(frozenset(rr * cols + cc for rr, cc in cells))
        self.lines = runs
        self.value = lru_cache(maxsize=None)(self._value)

    def won(self, marks: frozenset[int]) -> bool:
        return any(line <= marks for line in self.lines)

    def wins_for(self, marks: frozenset[int], empty: frozenset[int]) -> set[int]:
        """Empty cells that would complete a line for ``marks``."""
        out = set()
        for line in self.lines:
            missing = line - marks
            if len(missing) == 1 and missing <= empty:
                out |= missing
        return out

    def _value(self, me: frozenset[int], them: frozenset[int]) -> tuple[int, int]:
        """(result, distance) for the side to move, ``me``; ``them`` moved last."""
        if self.won(them):
            return (-1, 0)
        empty = frozenset(range(self.size)) - me - them
        if not empty:
            return (0, 0)
        best: tuple[int, int] | None = None
        for c in sorted(empty):
            r, d = self.value(them, me | {c})
            mine = (-r, d + 1)
            if best is None or rank(mine) > rank(best):
                best = mine
        assert best is not None
        return best


def rank(v: tuple[int, int]) -> tuple[int, int]:
    r, d = v
    return (1, -d) if r > 0 else (-1, d) if r < 0 else (0, 0)


def sides(board: str) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
    """(mover's cells, opponent's cells, empty cells)."""
    x = frozenset(i for i, ch in enumerate(board) if ch == "x")
    o = frozenset(i for i, ch in enumerate(board) if ch == "o")
    empty = frozenset(i for i, ch in enumerate(board) if ch == ".")
    return (x, o, empty) if len(x) == len(o) else (o, x, empty)


def check_line(ref: Referee, me: frozenset[int], them: frozenset[int], line: list[int]) -> int:
    """Play ``line`` from a position with ``me`` to move: every move best play, and the
    game over at its end. Returns its length."""
    for i, cell in enumerate(line):
        empty = frozenset(range(ref.size)) - me - them
        assert cell in empty, (cell, line)
        best = ref.value(me, them)
        got = ref.value(them, me | {cell})
        assert rank((-got[0], got[1] + 1)) == rank(best), f"move {i} of {line} is not best play"
        me, them = them, me | {cell}
    assert ref.won(them) or len(me | them) == ref.size, f"{line} does not reach the end"
    return len(line)


def forks(
    ref: Referee, mine: frozenset[int], theirs: frozenset[int], empty: frozenset[int]
) -> set[int]:
    """Cells where ``mine`` would make two winning cells while ``theirs`` has no win."""
    out = set()
    for c in empty:
        rest = empty - {c}
        if len(ref.wins_for(mine | {c}, rest)) >= 2 and not ref.wins_for(theirs, rest):
            out.add(c)
    return out


def confirm(ref: Referee, board: str, cell: int, why: Why) -> None:
    """Every claim ``why`` makes about ``cell`` on ``board`` holds."""
    me, them, empty = sides(board)
    after, rest = me | {cell}, empty - {cell}
    before = ref.value(me, them)
    r, d = ref.value(them, after)
    now = (-r, d + 1)
    my_wins, their_wins = ref.wins_for(me, empty), ref.wins_for(them, empty)
    threats = ref.wins_for(after, rest)
    code = why.code
    assert code in CODES
    if code != "win":
        assert set(why.threats) == threats, (board, cell, why)
    if code == "win":
        assert frozenset(why.line) in ref.lines and frozenset(why.line) <= after
        assert cell in why.line
        return
    assert not ref.won(after)
    if code == "block":
        assert not my_wins and cell in their_wins
        assert frozenset(why.line) in ref.lines and frozenset(why.line) - {cell} <= them
        return
    # Neither a win nor a block: the value says whether it is a mistake.
    worse = now[0] < before[0] or (before[0] < 0 and now[1] < before[1])
    assert worse == (code in ("mistake", "quick-loss")), (board, cell, why, before, now)
    if worse:
        assert (code == "quick-loss") == (before[0] < 0)
        length = check_line(ref, them, after, list(why.refutation))
        assert length + 1 == now[1], (board, cell, why.refutation, now)
        return
    assert rank(now) <= rank(before)
    if code == "fork":
        assert len(threats) >= 2 and not ref.wins_for(them, rest)
    elif code == "forcing":
        assert now[0] > 0 and len(threats) == 1 and not ref.wins_for(them, rest)
        seq, a, b, free = list(why.sequence), them, after, rest
        assert seq[0] in threats
        while seq:  # the opponent's block, forced, then the mover's next threat, fork or win
            block = seq.pop(0)
            assert ref.wins_for(b, free) == {block} and not ref.wins_for(a, free)
            a, free = a | {block}, free - {block}
            move = seq.pop(0)
            assert move in free
            b, free = b | {move}, free - {move}
            if ref.won(b):
                assert not seq
            elif not seq:
                assert len(ref.wins_for(b, free)) >= 2 and not ref.wins_for(a, free)
    elif code == "block-fork":
        assert forks(ref, them, me, empty)
        replies = threats or rest
        assert not {c for c in forks(ref, them, after, rest) if c in replies}
    elif code == "threat":
        assert threats and not ref.wins_for(them, rest)
    elif code in ("center", "corner", "opposite-corner", "hold"):
        assert before[0] == now[0] == 0
        if code == "center":
            assert cell == 4
        elif code == "corner":
            assert cell in (0, 2, 6, 8)
        elif code == "opposite-corner":
            assert 8 - cell in them and cell in (0, 2, 6, 8)
    elif code == "keep-win":
        assert before[0] == now[0] == 1
    elif code == "resist":
        assert before == now and now[0] < 0


def positions(geometry: Geometry) -> list[Position]:
    """Every position reachable from the empty board."""
    solver = solver_for(geometry)
    seen, stack = set(), [0]
    while stack:
        key = stack.pop()
        if key not in seen:
            seen.add(key)
            stack.extend(child for _, child in solver.children(key))
    return [solver.board(key) for key in sorted(seen)]


def test_every_reason_on_3x3_is_true() -> None:
    ref = Referee(3, 3, 3)
    solver = solver_for(Geometry())
    counts: Counter[str] = Counter()
    for board in positions(Geometry()):
        for cell, _ in solver.children(board.key):
            why = explain_key(solver, board.key, cell)
            confirm(ref, str(board), cell, why)
            counts[why.code] += 1
    assert sum(counts.values()) == 16167  # legal moves in all 5,478 positions
    assert set(counts) == set(CODES) - set(MISERE_CODES)


@pytest.mark.parametrize(("name", "plies", "samples"), [("3x4k3", 5, 30), ("4x4k3", 9, 12)])
def test_a_sample_of_bigger_boards(name: str, plies: int, samples: int) -> None:
    """Positions reached by random play, late enough for the referee to solve."""
    g = Geometry.parse(name)
    ref = Referee(g.rows, g.cols, g.k)
    rng = random.Random(29)
    checked = 0
    while checked < samples:
        board = Position.empty(g)
        for _ in range(plies):
            if board.is_over:
                break
            board = board.play(rng.choice(board.moves()))
        if board.is_over:
            continue
        for cell, why in explain_moves(board).items():
            confirm(ref, str(board), cell, why)
        checked += 1


#: A position and move for every code, as the first thing a reader would try.
EXAMPLES = {
    "win": ("xoox.....", 6),
    "block": ("xo..x....", 8),
    "mistake": ("x........", 1),
    "quick-loss": ("xo..x....", 2),
    "fork": ("xoxo.....", 4),
    "forcing": ("xo.......", 3),
    "block-fork": ("x...o...x", 1),
    "threat": ("x...o....", 1),
    "center": (".........", 4),
    "opposite-corner": ("ox.......", 8),
    "corner": (".........", 0),
    "keep-win": ("xoo....x.", 5),
    "hold": (".........", 1),
    "resist": ("xoxox....", 5),
}


#: The codes of misère rules (their positions and checker are in ``test_misere``).
MISERE_CODES = ("complete", "force-complete", "avoid")


@pytest.mark.parametrize("code", [c for c in CODES if c not in MISERE_CODES])
def test_each_code_has_a_position(code: str) -> None:
    """(The codes of misère rules have their positions in ``test_misere``.)"""
    board, cell = EXAMPLES[code]
    why = explain(Position.parse(board), cell)
    assert why.code == code, why
    confirm(Referee(3, 3, 3), board, cell, why)


def test_the_sentences_name_the_cells() -> None:
    """The issue's own examples, as a reader sees them."""
    forcing = explain(Position.parse("xo......."), 3).text
    assert forcing.startswith("X threatens 6 (0-3-6); after O blocks at 6, X plays 4")
    assert "5 (3-4-5) and 8 (0-4-8) at once" in forcing
    quick = explain(Position.parse("xo..x...."), 2)
    assert quick.refutation == (8,) and "0-4-8" in quick.text
    assert explain(Position.parse("xo..x...."), 8).line == (0, 4, 8)
    fork_reply = explain(Position.parse("x...o...x"), 2)
    assert fork_reply.code == "mistake" and fork_reply.refutation[0] == 6
    assert "at once" in fork_reply.text


def test_reasons_are_deterministic_and_refuse_illegal_moves() -> None:
    board = Position.parse("xo.......")
    assert explain_moves(board) == explain_moves(board)
    with pytest.raises(UsageError, match="cell 0 is not a legal move"):
        explain(board, 0)


# -- the tie-break reason ---------------------------------------------------------


def test_the_tie_break_names_the_key_and_its_figure() -> None:
    fast = tie_break(parse_policy("yorgey"), Position.parse("xo..x...."))
    assert (fast.move, fast.key) == (8, "fast")
    assert fast.text == "fast: holds out 4 moves, not 2 moves (at 2)"
    book = tie_break(parse_policy("xkcd"), Position.parse("........."))
    assert (book.move, book.key, book.text) == (0, "book:xkcd", "book: the xkcd opening")
    novice = tie_break(parse_policy("default"), Position.parse("........."))
    # fact: the referee's own novice count (test_claims) gives 96.4% and 92.4%
    assert novice.text.startswith("novice: expects 96.4% against a novice, not 92.4% (at 1)")
    assert novice.key == "first"  # novice leaves the four corners; first takes 0
    only = tie_break(parse_policy("default"), Position.parse("x........"))
    assert only.key is None and only.move == 4


@pytest.mark.parametrize("chain", ["yorgey", "default", "trap", "compact", "rules", "random:3"])
def test_the_tie_break_is_the_policys_move(chain: str) -> None:
    policy = parse_policy(chain)
    for text in (".........", "x...o....", "xo..x....", "x.......o"):
        board = Position.parse(text)
        reason = tie_break(policy, board)
        assert reason.move == policy.choose(board)
        if reason.key is not None:
            assert reason.key in [k.text for k in policy.keys]
            names = {k.text.split(":")[0] for k in policy.keys}
            assert {part.split(":")[0] for part in reason.text.split("; ")} <= names


# -- solve -----------------------------------------------------------------------------


def test_solve_json_has_a_reason_for_every_move() -> None:
    result = CliRunner().invoke(app, ["solve", "xo.......", "--json"])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    ref = Referee(3, 3, 3)
    for move in doc["moves"]:
        why = move["why"]
        assert why["code"] in CODES and why["text"]
        again = Why(
            why["code"],
            why["text"],
            why["brief"],
            tuple(why["line"] or ()),
            tuple(why["threats"]),
            tuple(why.get("sequence", ())),
            tuple(why["refutation"] or ()),
        )
        confirm(ref, "xo.......", move["cell"], again)
    codes = {m["cell"]: m["why"]["code"] for m in doc["moves"]}
    assert codes == {
        2: "mistake",
        3: "forcing",
        4: "forcing",
        5: "mistake",
        6: "forcing",
        7: "mistake",
        8: "mistake",
    }
    for policy in doc["policies"]:
        assert policy["why"]["text"]
    assert doc["policies"][0]["why"] == {"key": "last", "text": "last: the highest of 3, 4, 6"}


def test_solve_table_has_a_why_column_within_100_columns() -> None:
    result = CliRunner().invoke(app, ["solve", "x...o...x"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 100
    assert any(line.rstrip().endswith("why") for line in lines)
    assert "stops X's fork" in result.stdout
    assert "loses: X answers 6, blocks and forks" in result.stdout


#: The verbs a brief starts with: what the move does, as its sentence says it.
BRIEF_VERBS = {
    "wins", "blocks", "threatens", "stops", "draws", "loses", "takes", "keeps", "holds",
    "forces", "stays", "forks",
}  # fmt: skip


def brief_style(why: Why, text: str) -> None:
    """One style for every code's brief: the sentence's verb without its subject, places
    as cell numbers the reason speaks of, a line (``0-1-2``) only the line completed or
    blocked, never a line for a threat."""
    first, *reply = re.split(r": \w answers \d+,? ?", why.brief)
    assert first.split()[0] in BRIEF_VERBS, why
    assert all(verb in BRIEF_VERBS | {"and", ""} for verb in " ".join(reply).split()), why
    lines = re.findall(r"\d+(?:-\d+)+", why.brief)
    assert lines == ([line_name(why.line)] if lines else []), why
    assert not lines or why.code in ("win", "block", "complete"), why
    cells = {int(n) for n in re.findall(r"(?<![\d-])\d+(?![\d-])", why.brief)}
    assert cells <= set(why.threats) | set(why.sequence) | set(why.refutation[:1]), why
    assert cells <= {int(n) for n in re.findall(r"\d+", text)}, why  # the sentence names them
    if why.code in ("threat", "fork", "avoid"):
        assert cells == set(why.threats), why
    if why.code == "forcing":
        assert cells == {why.sequence[0], why.sequence[-1]}, why


def line_name(cells: tuple[int, ...]) -> str:
    return "-".join(map(str, cells))


@pytest.mark.parametrize("rules", ["normal", "misere"])
def test_every_brief_is_in_one_style(rules: str) -> None:
    """The why column of ``solve``, the table's words and the tooltips: every code's
    brief, at every move of every 3x3 position, under both rules."""
    g = Geometry.parse("3x3", rules)
    solver = solver_for(g)
    codes = set()
    for board in positions(g):
        if board.is_over:
            continue
        for cell, _ in solver.children(board.key):
            why = explain_key(solver, board.key, cell)
            brief_style(why, why.text)
            codes.add(why.code)
    if rules == "normal":
        assert codes == set(CODES) - set(MISERE_CODES), codes
    else:
        assert set(MISERE_CODES) <= codes, codes


def test_the_why_column_speaks_of_threats_by_their_cells() -> None:
    """``threatens 6, forks at 4`` and ``threatens 2`` in one column: the cell where the
    line would be completed, never the line for one and the cell for another."""
    forcing = CliRunner().invoke(app, ["solve", "xo......."]).stdout
    assert re.search(r"\n +3 +win in 5 moves .* threatens 6, forks at 4 *\n", forcing)
    threat = CliRunner().invoke(app, ["solve", "x...o...."]).stdout
    row = next(line for line in threat.splitlines() if line.strip().startswith("1 "))
    assert row.rstrip().endswith("threatens 2"), row


# -- play ---------------------------------------------------------------------------


def test_play_names_a_mistake_with_its_refutation_on_a_terminal() -> None:
    """O against the map for X: ``?`` gives reasons, 1 loses, the refutation is shown and
    is best play, and ``w`` explains the map's answer and the key that chose it."""
    from test_play_terminal import on_a_terminal

    shown = " ".join(on_a_terminal([], ["?", "1", "w", "q"]).split())
    assert "4: O takes the centre, on 4 lines, and holds the draw." in shown
    found = re.search(
        r"That loses: X answers (\d+), threatening (\d+) \(([\d-]+)\); .*? "
        r"O loses in (\d+) moves\.",
        shown,
    )
    assert found, shown
    reply, threat, line, length = (found.group(i) for i in range(1, 5))
    ref = Referee(3, 3, 3)
    assert set(map(int, line.split("-"))) in [set(x) for x in ref.lines]
    assert int(threat) in ref.wins_for(frozenset({0, int(reply)}), frozenset(range(2, 9)))
    # The refutation is best play for X from its reply, as long as the text says.
    refutation = explain(Position.parse("x........"), 1).refutation
    assert refutation[0] == int(reply)
    x, o = frozenset({0}), frozenset({1})
    assert check_line(ref, x, o, list(refutation)) + 1 == int(length)
    assert ref.value(x, o) == (1, int(length) - 1)
    assert f"X played {reply}: X threatens {threat}" in shown
    assert "Among the equally good moves, fast,novice,first chose it: first:" in shown


# -- maps -------------------------------------------------------------------------------


@pytest.mark.parametrize(("player", "fold"), [("x", False), ("o", False), ("o", True)])
def test_every_red_move_of_an_explained_map_has_its_reason(player: str, fold: bool) -> None:
    from test_svg import Doc

    from ttt_maps import api
    from ttt_maps.trees.strategy import build_strategy

    tree = build_strategy(player, "default", fold=fold)
    d = Doc(api.render(tree, "svg", explain=True))
    chosen = d.with_class("ttt-chosen")
    assert chosen
    for mark in chosen:
        board = d.board_of(mark)
        assert board is not None
        titles = [el for el in board if el.tag == "{http://www.w3.org/2000/svg}title"]
        assert len(titles) == 1, board.get("data-board")
        position = Position.parse(board.get("data-board") or "")
        cell = int(mark.get("data-cell", -1))
        assert (titles[0].text or "").startswith(explain(position, cell).text)
    # Boards without a red move (the O map's top) say nothing.
    for board in d.boards():
        red = [m for m in board.iter() if m in chosen and d.board_of(m) is board]
        has_title = any(el.tag.endswith("title") for el in board)
        assert has_title == bool(red)


def test_a_map_without_explain_is_as_before() -> None:
    """The reasons are asked for: a tree that was explained once draws as it did."""
    from ttt_maps import api
    from ttt_maps.trees.strategy import build_strategy

    tree = build_strategy("x", "default")
    plain = api.render(tree, "svg")
    assert api.render(tree, "svg", explain=True) != plain
    assert api.render(tree, "svg") == plain == api.render(build_strategy("x", "default"), "svg")
    assert plain.count("</title>") == 1  # the document's own
    html = api.render(tree, "html")
    assert html == api.render(build_strategy("x", "default"), "html")
    # The viewer's part that says reasons comes only with them.
    assert "whyOf" not in html and "whyOf" in api.render(tree, "html", explain=True)


def test_render_explain_on_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "x.svg"
    result = CliRunner().invoke(app, ["render", "--player", "x", "--explain", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert "<title>X takes a corner, on 3 lines, and holds the draw." in text
    whole = CliRunner().invoke(app, ["render", "--whole", "--explain", "-o", str(out)])
    assert whole.exit_code == 2 and "--explain" in whole.stderr
    assert out.read_text(encoding="utf-8") == text


# -- the API ----------------------------------------------------------------------------


def test_the_api_solves_a_position_with_its_reasons() -> None:
    import ttt_maps

    doc = ttt_maps.solve_position("xo..x....", policies=["compact"])
    whys = {m["cell"]: m["why"] for m in doc["moves"]}
    assert whys[8]["code"] == "block" and whys[8]["line"] == [0, 4, 8]
    assert all(whys[c]["code"] == "quick-loss" and whys[c]["refutation"] == [8] for c in (2, 3))
    compact = doc["policies"][-1]
    assert compact["name"] == "compact" and compact["why"]["key"] == "compact"
    assert ttt_maps.explain(ttt_maps.Board.parse("xo......."), 3).code == "forcing"
    big = ttt_maps.solve_position("x...........", geometry="3x4k3")
    assert big["geometry"] == "3x4k3" and all(m["why"]["code"] in CODES for m in big["moves"])


# -- export, check and the table ---------------------------------------------------------


def test_export_explain_is_checked_and_a_wrong_claim_is_refused(tmp_path: Path) -> None:
    runner = CliRunner()
    plain = runner.invoke(app, ["export", "--player", "o"]).stdout
    assert '"why"' not in plain
    out = tmp_path / "o.json"
    result = runner.invoke(app, ["export", "--player", "o", "--explain", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert set(doc["why"]) == set(doc["moves"])
    ref = Referee(3, 3, 3)
    for board, why in doc["why"].items():
        again = Why(
            why["code"],
            why["text"],
            why["brief"],
            tuple(why["line"] or ()),
            tuple(why["threats"]),
            tuple(why.get("sequence", ())),
            tuple(why["refutation"] or ()),
        )
        confirm(ref, board, doc["moves"][board], again)
    checked = runner.invoke(app, ["check", str(out)])
    assert checked.exit_code == 0, checked.stderr
    # A claim the solved game does not back: exit 2, one line naming it, whatever else is right.
    board = next(b for b, w in doc["why"].items() if w["code"] == "block")
    for field, value in (("code", "fork"), ("line", [0, 1, 2]), ("threats", [8])):
        wrong = json.loads(json.dumps(doc))
        wrong["why"][board][field] = value
        bad = tmp_path / f"bad-{field}.json"
        bad.write_text(json.dumps(wrong), encoding="utf-8")
        result = runner.invoke(app, ["check", str(bad)])
        assert result.exit_code == 2, result.stdout
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and f"the reason for {doc['moves'][board]} at {board}" in lines[0]
        assert field in lines[0] and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("text", "X completes 0-4-8 and wins.", 'text "X completes 0-4-8 and wins."'),
        ("brief", "wins: 0-4-8", 'brief "wins: 0-4-8"'),
        ("text", "", 'text ""'),
        ("brief", None, "brief null"),
        ("note", "trust me", "a field ttt-maps does not write: 'note'"),
    ],
)
def test_check_reads_every_field_of_a_reason_words_included(
    tmp_path: Path, field: str, value: object, says: str
) -> None:
    """The words of a reason are checked too, written afresh in the file's language; a
    field ttt-maps never writes is refused, since nothing can vouch for it."""
    runner = CliRunner()
    out = tmp_path / "x.json"
    assert (
        runner.invoke(app, ["export", "--player", "x", "--explain", "-o", str(out)]).exit_code == 0
    )
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["lang"] == "en"  # the language of the words, named by the file
    doc["why"]["........."][field] = value
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(app, ["check", str(bad)])
    assert result.exit_code == 2, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "the reason for 0 at ........." in lines[0] and says in lines[0]


def test_check_takes_words_in_a_language_it_writes_and_refuses_the_others(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "o.json"
    args = ["export", "--player", "o", "--explain", "--rules", "misere", "-o", str(out)]
    assert runner.invoke(app, args).exit_code == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    for lang, code in (("en", 0), (None, 0), ("fr", 2), ("it", 2), (7, 2)):
        again = {k: v for k, v in doc.items() if k != "lang"}
        if lang is not None:
            again["lang"] = lang
        named = tmp_path / f"lang-{lang}.json"
        named.write_text(json.dumps(again), encoding="utf-8")
        result = runner.invoke(app, ["check", str(named)])
        assert result.exit_code == code, (lang, result.stdout, result.stderr)
    result = runner.invoke(app, ["check", str(tmp_path / "lang-it.json")])
    assert "reasons are written in 'it'" in result.stderr and "cannot be checked" in result.stderr
    # English words in a file that says they are French are French words that are wrong.
    result = runner.invoke(app, ["check", str(tmp_path / "lang-fr.json")])
    assert "is wrong: text" in result.stderr, result.stderr
    # A file written in French says so, and its French words are checked as such.
    french = tmp_path / "o-fr.json"
    assert runner.invoke(app, [*args[:-1], str(french), "--lang", "fr"]).exit_code == 0
    written = json.loads(french.read_text(encoding="utf-8"))
    assert written["lang"] == "fr"
    assert all(written["why"][b]["text"] != doc["why"][b]["text"] for b in doc["why"])
    assert runner.invoke(app, ["check", str(french)]).exit_code == 0


def test_the_table_gives_a_reason_under_each_board(tmp_path: Path) -> None:
    from test_svg import Doc

    runner = CliRunner()
    listed = runner.invoke(app, ["table", "--player", "x", "--explain"])
    assert listed.exit_code == 0, listed.stderr
    assert "  .........  4  takes the centre" in listed.stdout
    assert "  o...x....  8  takes the opposite corner" in listed.stdout
    sheet = tmp_path / "x.svg"
    result = runner.invoke(app, ["table", "--player", "x", "--explain", "-o", str(sheet)])
    assert result.exit_code == 0, result.stderr
    d = Doc(sheet.read_text(encoding="utf-8"))
    texts = [" ".join(el.itertext()) for el in d.drawn("text")]
    from ttt_maps.tables.exact import minimal_table

    table = minimal_table("x")
    briefs = [explain(entry.board, entry.cell).brief for entry in table.entries]
    assert captions(d) == briefs
    plain = tmp_path / "plain.svg"
    runner.invoke(app, ["table", "--player", "x", "-o", str(plain)])
    lines = len(texts) - len(list(Doc(plain.read_text()).drawn("text")))
    assert len(table.entries) <= lines <= 2 * len(table.entries)


@pytest.mark.parametrize("player", ["x", "o"])
def test_the_table_s_reasons_stay_legible(tmp_path: Path, player: str) -> None:
    """A reason wider than its board goes on two lines rather than shrinking: on both
    sheets every line is at least three quarters of the caption size, and as long as
    the board is wide (by the typeface's own widths)."""
    from test_svg import Doc

    from ttt_maps.draw.typeface import width

    sheet = tmp_path / "t.svg"
    result = CliRunner().invoke(app, ["table", "--player", player, "--explain", "-o", str(sheet)])
    assert result.exit_code == 0, result.stderr
    d = Doc(sheet.read_text(encoding="utf-8"))
    side = min(float(r.get("width", "inf")) for r in d.drawn("rect") if r.get("width"))
    board = 3 * side  # the tinted cell is a third of the board
    for el in d.drawn("text"):
        if el.get("text-anchor") == "middle" and "ttt-legend" in d.classes(el):
            size = float(el.get("font-size", "0"))
            assert size >= 0.75 * 30, (el.text, size)
            assert width(el.text or "", size) <= board * 1.001, (el.text, size, board)


def captions(d: Any) -> list[str]:
    """The reasons under the boards of a sheet, a reason's two lines joined."""
    out: list[str] = []
    last_x = None
    for el in d.drawn("text"):
        middle = el.get("text-anchor") == "middle" and "ttt-legend" in d.classes(el)
        if middle and el.get("x") == last_x:
            out[-1] += " " + (el.text or "")
        elif middle:
            out.append(el.text or "")
        last_x = el.get("x") if middle else None
    return out


def test_docs_embeds_take_explain() -> None:
    """The Sphinx directive, MyST and the MkDocs fence share the option."""
    from ttt_maps.engine.options import OptionRefused, page_keys
    from ttt_maps.integrations.recipe import render, scene_of

    assert "explain" in page_keys()
    svg = render(scene_of({"player": "x", "explain": True}, str), "svg")
    assert "<title>X takes a corner, on 3 lines, and holds the draw." in svg
    plain = render(scene_of({"player": "x"}, str), "svg")
    assert plain.count("</title>") == 1
    with pytest.raises(OptionRefused) as found:
        scene_of({"whole": True, "explain": True}, str)
    assert found.value.option == "explain"


def test_linked_viewers_carry_the_reasons(tmp_path: Path) -> None:
    out, plain = tmp_path / "linked.html", tmp_path / "plain.html"
    runner = CliRunner()
    result = runner.invoke(app, ["compare", "yorgey", "default", "-o", str(out), "--explain"])
    assert result.exit_code == 0, result.stderr
    runner.invoke(app, ["compare", "yorgey", "default", "-o", str(plain)])
    page, before = out.read_text(encoding="utf-8"), plain.read_text(encoding="utf-8")
    # Each pane is a page of its own inside the linked one: its markup is escaped there.
    reason = "X takes a corner, on 3 lines, and holds the draw."
    assert reason in page and reason not in before


# -- a map drawn turned: its reasons with the cells as drawn ----------------------------

#: The claims a reason's sentence makes about cells, read back by a referee.
CLAIMS = (
    ("completes", re.compile(r"(?:completes|wins) \(?(\d)-(\d)-(\d)")),
    ("blocks", re.compile(r"blocks [XO]'s line (\d)-(\d)-(\d) at (\d)")),
    ("threatens", re.compile(r"(\d) \((\d)-(\d)-(\d)\)")),
    ("answers", re.compile(r"answers (\d)")),
    ("opposite", re.compile(r"corner opposite [XO]'s at (\d)")),
)


def claims_hold(ref: Referee, board: str, cell: int, text: str) -> int:
    """The cell claims of ``text`` about ``cell`` played on ``board``, checked, up to
    where later play begins (a refutation's or a forcing line's next moves); how many."""
    me, them, empty = sides(board)
    after = me | {cell}
    lines = {tuple(sorted(line)) for line in ref.lines}
    seen = 0
    now = text.split(";")[0]
    if "answers" in now:
        now = now.split(",")[0]
    for kind, pattern in CLAIMS:
        for found in pattern.finditer(now):
            n = [int(g) for g in found.groups()]
            seen += 1
            if kind == "completes":
                assert tuple(n) in lines and set(n) <= after | them, (board, cell, text)
            elif kind == "blocks":
                assert tuple(n[:3]) in lines and n[3] == cell and n[3] in n[:3], (board, text)
                assert set(n[:3]) - {cell} <= them, (board, cell, text)
            elif kind == "threatens":
                assert tuple(n[1:]) in lines and n[0] in n[1:], (board, cell, text)
                owner = after if set(n[1:]) - {n[0]} <= after else them
                assert set(n[1:]) - {n[0]} <= owner and n[0] in empty - {cell}, (board, text)
            elif kind == "answers":
                assert n[0] in empty - {cell}, (board, cell, text)
            else:
                assert n[0] in them and n[0] == 8 - cell, (board, cell, text)
    return seen


def test_a_turned_reason_speaks_of_the_board_as_drawn() -> None:
    """A map drawn turned says each reason with the cells as drawn: every cell the
    turned sentence names is checked on the turned board, for every 3x3 position and
    move under a quarter turn and a mirror (neither is its own inverse in both ways)."""
    from ttt_maps.reasons.facts import plain, turned_template

    ref = Referee(3, 3, 3)
    solver = solver_for(Geometry())
    quarter, mirror = (6, 3, 0, 7, 4, 1, 8, 5, 2), (2, 1, 0, 5, 4, 3, 8, 7, 6)
    checked = 0
    for board in positions(Geometry()):
        for cell, _ in solver.children(board.key):
            why = explain_key(solver, board.key, cell)
            assert plain(why.template) == why.text
            checked += claims_hold(ref, str(board), cell, why.text)
            for perm in (quarter, mirror):
                drawn = str(board.transformed(perm))
                text = plain(turned_template(why.template, perm))
                assert re.sub(r"\d", "#", text) == re.sub(r"\d", "#", why.text)
                checked += claims_hold(ref, drawn, perm[cell], text)
    assert checked > 30_000


def test_a_turned_pane_of_the_compare_picture_names_the_cells_as_drawn() -> None:
    """``compare xkcd yorgey --explain -o cmp.svg``: yorgey's map is drawn turned half
    round; each tooltip is its own move's reason with the cells as drawn, and a key that
    weighs cell numbers (``last``) says the map's own order without its numbers."""
    from test_svg import Doc

    from ttt_maps.api import compare_policies
    from ttt_maps.draw.layout import MapOptions
    from ttt_maps.reasons.facts import plain, turned_template
    from ttt_maps.trees.strategy import build_strategy

    half = (8, 7, 6, 5, 4, 3, 2, 1, 0)
    compared = compare_policies(["xkcd", "yorgey"], player="x")
    svg = compared.maps("svg", opts=MapOptions(explain=True)).decode()
    yorgey = build_strategy("x", "yorgey").noted(explain=True)
    said = {str(n.board.transformed(half)): plain(turned_template(n.why, half))
            for n in yorgey.root.walk() if n.why}  # fmt: skip
    d = Doc(svg)
    titles = {
        g.get("data-board"): (g.findtext("{http://www.w3.org/2000/svg}title") or "")
        for g in d.boards()
        if g.find("{http://www.w3.org/2000/svg}title") is not None
    }
    root = said["........."]
    assert root.startswith("X takes a corner, on 3 lines")
    assert root.endswith("last: of 8, 7, 6, 5, 4, 3, 2, 1 and 0, the last in the map's own "
                         "cell order (before the turn).")  # fmt: skip
    # The turned pane's boards are yorgey's turned, each with its own move's reason.
    mine = {b: t for b, t in titles.items() if b in said and t == said[b]}
    assert root in mine.values() and len(mine) > 50
    assert not any("the highest of" in t for t in mine.values())


def test_reasons_cost_nothing_unless_asked_for() -> None:
    """A map, the viewer and the table give no reason unless one is asked for: the tree
    holds none, and nothing drawn says one."""
    from ttt_maps.trees.nodes import Node

    tree = ttt_maps.strategy("o")

    def reasons(node: Node) -> list[str]:
        kids = [reasons(child) for _, child in node.children]
        return [*([node.why] if node.why else []), *(r for kid in kids for r in kid)]

    assert reasons(tree.root) == []
    assert reasons(tree.noted(explain=True).root)
    drawn = [ttt_maps.render(tree, "svg"), ttt_maps.render(tree, "html")]
    drawn.append(ttt_maps.render(ttt_maps.table("x"), "svg"))
    assert not any("and holds the draw" in text for text in drawn)


def test_explain_for_a_pdf_alone_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(app, ["render", "--player", "x", "--explain", "-o", str(out)])
    assert result.exit_code == 2 and "--explain" in result.stderr and not out.exists()
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_notebook_shows_the_reasons() -> None:
    import ttt_maps

    tree = ttt_maps.strategy("x")
    shown = ttt_maps.viewer(tree, explain=True)._repr_html_()
    assert "whyOf" in shown and "X takes a corner, on 3 lines, and holds the draw." in shown
    assert "whyOf" not in ttt_maps.viewer(tree)._repr_html_()
