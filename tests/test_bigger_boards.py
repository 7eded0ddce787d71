"""Bigger boards answered within a budget, wins proven, draws checked, refusals repeatable.

A win the search claims is the win length the referee proves (``claim_referee.Lines``:
its own lines and a search bounded by plies, no package code), and on random
positions every move's immediate tactics are the referee's. What the search proves
(pairings, strategy stealing, scores on one side of a draw) is compared with a
referee that shares no code with the package (``tests/referee.py``) on 3x3, 3x4k3,
4x4k3 and 4x4k4.
"""

from __future__ import annotations

import contextlib
import functools
import os
import pty
import random
import re
import select
import signal
import sys
import time
from pathlib import Path

import pytest
from claim_referee import Lines
from referee import Referee

import ttt_maps
import ttt_maps.settings
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.pairing import Pairer
from ttt_maps.game.position import Position
from ttt_maps.io import progress
from ttt_maps.settings import Settings
from ttt_maps.solve.budget import TooBigToSolve, default_limit
from ttt_maps.solve.registry import solver_for
from ttt_maps.solve.search import DeepSolver
from ttt_maps.solve.solver import Solver


@pytest.fixture(autouse=True)
def _default_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TTT_MAPS_SEARCH_LIMIT", raising=False)


@pytest.mark.parametrize(
    ("shape", "plies"),
    [((5, 5, 3), 5), ((6, 6, 3), 5), ((7, 7, 3), 5), ((4, 5, 3), 5), ((3, 6, 3), 7)],
)
def test_the_referee_proves_each_win_length(shape: tuple[int, int, int], plies: int) -> None:
    """Fact, by the referee's own lines and search (no package code): the first player
    completes a line by ply ``plies`` against every defence, and not by ply ``plies - 2``."""
    lines = Lines(shape)
    assert lines.win_length(plies) == plies
    assert not lines.forced(0, 0, plies - 2)


@pytest.mark.parametrize(
    ("board", "plies"),
    [
        ("5x5k3", 5),
        ("6x6k3", 5),
        pytest.param("7x7k3", 5, marks=pytest.mark.slow),
        ("4x5k3", 5),
        ("3x6k3", 7),
    ],
)
def test_three_in_a_row_boards_are_answered_with_no_option(board: str, plies: int) -> None:
    """The solver's answer, within its budget, is the win length the referee proves
    (``test_the_referee_proves_each_win_length``)."""
    g = Geometry.parse(board)
    solver = DeepSolver(g)
    assert not solver.patient
    outcome = solver.outcome_of(0)
    assert (outcome.result, outcome.distance) == (1, plies)
    assert solver.searched < default_limit(g) // 10


#: Boards and how many marks their random positions hold (few enough to be mid-game,
#: enough for the solver to answer every move at once where four in a row draws).
TACTICS = [("5x5k3", 2, 8), ("7x7k3", 2, 8), ("4x5k4", 8, 14), ("5x5k4", 12, 18)]


@pytest.mark.parametrize(("board", "fewest", "most"), TACTICS)
def test_immediate_tactics_on_random_positions(board: str, fewest: int, most: int) -> None:
    """On positions the referee plays at random with its own lines: a move scores a win in
    1 ply exactly when it completes a line, and a loss in 2 exactly when it completes none
    and leaves the opponent a line one move away; a position is a win in 1 exactly when
    the mover has a line one move away."""
    g = Geometry.parse(board)
    shape = (g.rows, g.cols, g.k)
    lines, solver = Lines(shape), DeepSolver(g, limit=2_000_000, cache=False)
    rng = random.Random(board)
    full = (1 << g.size) - 1
    checked = diagonals = 0
    while checked < 25:
        x = o = 0
        for ply in range(rng.randint(fewest, most)):
            free = [c for c in range(g.size) if not (x | o) >> c & 1]
            if ply % 2:
                o |= 1 << rng.choice(free)
            else:
                x |= 1 << rng.choice(free)
            if lines.won(x) or lines.won(o) or not free[1:]:
                break
        if lines.won(x) or lines.won(o) or (x | o) == full:
            continue
        mine, theirs = (x, o) if x.bit_count() == o.bit_count() else (o, x)
        free = full & ~(x | o)
        wins = lines.wins(mine, free)
        text = "".join("x" if x >> c & 1 else "o" if o >> c & 1 else "." for c in range(g.size))
        outcomes = solver.move_outcomes(Position.parse(text, g))
        for cell, out in outcomes.items():
            one = wins >> cell & 1
            two = not one and lines.wins(theirs, free & ~(1 << cell))
            assert ((out.result, out.distance) == (1, 1)) == bool(one), (text, cell, out)
            assert ((out.result, out.distance) == (-1, 2)) == bool(two), (text, cell, out)
        position = solver.outcome_of(Position.parse(text, g).key)
        assert ((position.result, position.distance) == (1, 1)) == bool(wins), text
        diagonals += any(_rising(m, g.cols) for m in lines.masks if wins & m)
        checked += 1
    assert diagonals, "a rising diagonal one move away was met"


def _rising(mask: int, cols: int) -> bool:
    """Does a line run from bottom-left to top-right (the anti-diagonal direction)?"""
    cells = [c for c in range(mask.bit_length()) if mask >> c & 1]
    return len({c // cols for c in cells}) > 1 and cells[1] - cells[0] == cols - 1


def test_four_in_a_row_draws_are_proven_within_the_budget() -> None:
    """4x5 and 5x4 with four in a row are draws, every first move too (a side with a mark
    more cannot do worse than the side to move on the empty board, and the empty board
    is drawn), answered well within the default budget."""
    for board in ("4x5k4", "5x4k4"):
        g = Geometry.parse(board)
        solver = DeepSolver(g)
        assert solver.result(0) == 0
        assert set(solver.move_results(0).values()) == {0}
        assert solver.searched < default_limit(g) // 10  # a pairing ends most lines early


@pytest.mark.slow
def test_five_by_five_with_four_in_a_row_is_a_draw_from_every_first_move() -> None:
    """C. Y. Lee's draw, cited in *Winning Ways*: the empty board is drawn, so no first
    move wins, and none loses (strategy stealing); found within the default budget."""
    g = Geometry.parse("5x5k4")
    solver = DeepSolver(g, cache=False)
    assert solver.outcome_of(0).result == 0
    assert solver.move_results(0) == dict.fromkeys(range(25), 0)
    assert solver.searched < default_limit(g)


def test_pairings_agree_with_the_whole_search_on_4x4() -> None:
    """On 4x4, four in a row, positions with six to ten marks: the search that pairs off
    lines gives every exact score the plain whole search gives."""
    g = Geometry.parse("4x4k4")
    deep, whole = DeepSolver(g, limit=10_000_000), Solver(g)
    rng = random.Random(4)
    checked = 0
    while checked < 60:
        key = _random_position(whole, rng, rng.randint(6, 10))
        if key is not None:
            assert deep.score(key) == whole.score(key), whole.board(key)
            checked += 1


def _random_position(solver: Solver, rng: random.Random, plies: int) -> int | None:
    """The position after up to ``plies`` random moves from the empty board; None when
    the game is over there."""
    key = 0
    for _ in range(plies):
        moves = solver.children(key)
        if not moves:
            break
        key = rng.choice(moves)[1]
    return key if solver.children(key) else None


def test_whether_a_game_goes_on_is_what_the_board_says() -> None:
    """``Solver.goes_on`` (asked instead of listing moves) agrees with the marks (a full
    board, or a line held: ``Geometry.has_line``, no solver code) and with ``children``:
    every 3x3 position, and positions along random games of misere 3x3, 3x4k3 and 4x4k3
    (a ``DeepSolver``), finished ones included."""

    def over(g: Geometry, key: int) -> bool:
        x, o = key & g.full, key >> g.size
        return x | o == g.full or g.has_line(x) or g.has_line(o)

    def moves(g: Geometry, key: int) -> list[int]:
        x, o = key & g.full, key >> g.size
        shift = 0 if x.bit_count() == o.bit_count() else g.size
        free = [c for c in range(g.size) if not (x | o) >> c & 1]
        return [] if over(g, key) else [key | 1 << (c + shift) for c in free]

    g = Geometry.parse("3x3")
    seen, stack = {0}, [0]
    while stack:
        for after in moves(g, stack.pop()):
            if after not in seen:
                seen.add(after)
                stack.append(after)
    assert len(seen) == 5478  # the legal positions of tic-tac-toe
    positions = [(g, key) for key in seen]
    rng = random.Random(11)
    for name, rules in (("3x3", "misere"), ("3x4k3", "normal"), ("4x4k3", "normal")):
        g = Geometry.parse(name, rules)
        for _ in range(200):
            key = 0
            positions.append((g, key))
            while after := moves(g, key):
                key = rng.choice(after)
                positions.append((g, key))
    for g, key in positions:
        solver = solver_for(g)
        assert solver.goes_on(key) is not over(g, key), (g.name, key)
        assert solver.goes_on(key) == bool(solver.children(key)), (g.name, key)


def test_a_pairing_is_found_only_where_one_exists() -> None:
    """On 4x4 with three in a row, random sets of lines and free cells: a pairing is found
    exactly where trying every matching finds one, and its cells cover every line."""
    g = Geometry.parse("4x4k3")
    pairer = Pairer(g)
    rng = random.Random(7)
    found_some = 0
    for _ in range(400):
        chosen = rng.sample(range(len(g.lines)), rng.randint(1, 5))
        live = sum(1 << i for i in chosen)
        free = rng.randrange(1 << g.size)
        needs = [g.lines[i] & free for i in chosen]
        brute = all(n.bit_count() >= 2 for n in needs) and _brute_pairing(needs, free)
        used = pairer.pairing(live, free)
        assert (used >= 0) == brute, (chosen, bin(free))
        if used >= 0:
            found_some += 1
            assert used & ~free == 0 and all((n & used).bit_count() >= 2 for n in needs)
    assert found_some > 50


def _brute_pairing(needs: list[int], free: int) -> bool:
    if not needs:
        return True
    first = needs[0]
    cells = [1 << c for c in range(free.bit_length()) if (first & free) >> c & 1]
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            pair = a | b
            rest = [n & ~pair for n in needs[1:] if n & pair != pair]
            if all(n.bit_count() >= 2 for n in rest) and _brute_pairing(rest, free & ~pair):
                return True
    return False


def test_a_threat_or_too_many_lines_has_no_pairing() -> None:
    g = Geometry.parse("4x4k4")
    pairer = Pairer(g)
    row = 1  # the first line: the top row
    assert g.lines[0] == 0b1111
    assert not pairer.covers(row, 0b1000)  # one free cell: a threat
    assert pairer.covers(row, 0b1100)
    assert not pairer.covers(pairer.all_lines, 0b1111)  # ten lines, two pairs


def test_a_refusal_is_the_same_every_time() -> None:
    """The budget counts positions, not seconds: the same board stops at the same place."""
    g = Geometry.parse("6x6k4")
    stops = []
    for _ in range(2):
        solver = DeepSolver(g, limit=20_000)
        with pytest.raises(TooBigToSolve) as caught:
            solver.result(0)
        stops.append((re.sub(r" in \d+ s ", " ", str(caught.value)), solver.searched))
        assert solver.refused
    assert stops[0] == stops[1]
    assert "20,00" in stops[0][0] and "positions searched" in stops[0][0]


def test_the_budget_is_for_the_whole_request() -> None:
    """All of a request's questions share one budget; the next request has a new one."""
    solver = DeepSolver(Geometry.parse("5x5k4"), limit=3_000)
    assert solver.patient
    solver.fresh_budget()
    with pytest.raises(TooBigToSolve, match="positions searched"):
        for cell in range(25):
            solver.score(solver.play(solver.play(0, 12), cell if cell != 12 else 0))
    assert 3_000 <= solver.searched - solver.started <= 3_100
    solver.fresh_budget()
    assert not solver.refused and solver.started == solver.searched


@pytest.mark.parametrize("listened", [False, True], ids=["alone", "told of every position"])
@pytest.mark.parametrize(("board", "key"), [("4x4k4", 1 << 5), ("4x5k4", 0)])
def test_a_budget_of_exactly_the_positions_needed_answers(
    board: str, key: int, listened: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A question that searches N positions is answered within a budget of N and refused
    within N - 1: the budget is how many positions may be searched, not one fewer. Also
    with a listener (the playground's page) told of the search at every position, so that
    the budget is checked at each one, the last included."""
    g = Geometry.parse(board)
    free = DeepSolver(g, limit=10**9)
    value = free.result(key)
    needed = free.searched
    with contextlib.ExitStack() as stack:
        if listened:
            monkeypatch.setattr(progress, "TICK", 0)
            stack.enter_context(progress.listening(lambda *told: None))
        exact = DeepSolver(g, limit=needed)
        assert exact.result(key) == value and exact.searched == needed
        with pytest.raises(TooBigToSolve):
            DeepSolver(g, limit=needed - 1).result(key)


def test_the_default_budget_is_calibrated_per_board_and_per_rules() -> None:
    """About ten seconds of one core, counted in positions: more on a board whose
    positions cost less (fewer lines), and more under misère, where no pairing is tried
    (4x4, three in a row: 2.6 million positions answer misère, which the budget calibrated
    on normal rules refused); a board and its turn alike; a count a person can type."""
    limit = default_limit
    assert limit(Geometry.parse("4x5k4")) > limit(Geometry.parse("5x5k4"))
    assert limit(Geometry.parse("5x5k4")) > limit(Geometry.parse("10x10k5"))
    assert limit(Geometry.parse("4x5k4")) == limit(Geometry.parse("5x4k4"))
    for board in ("4x4k3", "5x5k4", "6x6k4", "7x7k5", "10x10k5"):
        normal, misere = Geometry.parse(board), Geometry.parse(board, "misere")
        assert limit(misere) > limit(normal), board
        assert str(limit(normal)).rstrip("0") == str(limit(normal))[:3].rstrip("0")
    assert limit(Geometry.parse("4x4k3", "misere")) > 2_600_000


# -- the search checked against a referee that shares no code with it --------------------


@pytest.mark.parametrize(
    ("board", "marks", "samples"),
    [("3x3", 0, 60), ("3x4k3", 0, 60), ("4x4k3", 6, 40), ("4x4k4", 6, 40)],
)
def test_the_search_agrees_with_an_independent_referee(
    board: str, marks: int, samples: int
) -> None:
    """Positions sampled along random games (from ``marks`` marks on), each with its every
    move: the search's exact score, result and move results are the referee's. On 3x3
    and 3x4k3 the search starts from the empty board, so its strategy stealing (every
    first move bounded by the empty board's draw or win) is checked too."""
    g = Geometry.parse(board)
    deep = DeepSolver(g, limit=10**9, cache=False)
    ref = Referee(g.rows, g.cols, g.k)
    rng = random.Random(board)
    checked = 0
    deep.move_results(0)
    while checked < samples:
        key = _random_position(deep, rng, marks + rng.randint(0, 4))
        if key is None:
            continue
        x, o = key & g.full, key >> g.size
        want = ref.score(x, o)
        assert deep.score(key) == want, deep.board(key)
        assert deep.result(key) == (want > 0) - (want < 0)
        for cell, result in deep.move_results(key).items():
            after = ref.score(*_moved(x, o, cell))
            assert result == (after > 0) - (after < 0), (deep.board(key), cell)
        checked += 1


def _moved(x: int, o: int, cell: int) -> tuple[int, int]:
    if x.bit_count() == o.bit_count():
        return x | 1 << cell, o
    return x, o | 1 << cell


def test_novice_scores_every_winning_move_alike() -> None:
    """Why ``novice`` skips its look-ahead in a won position: on 3x3 and 3x4, every
    optimal move of every won position reachable scores 1 against the novice."""
    from ttt_maps.policy.chains import parse_policy

    for board in ("3x3", "3x4k3"):
        policy = parse_policy("fast,novice", Geometry.parse(board))
        solver = policy.solver
        seen, todo, won = {0}, [0], 0
        while todo:
            pos = todo.pop()
            results = solver.move_results(pos)
            if results and min(results.values()) < 0:
                won += 1
                me = "x" if pos.bit_count() % 2 == 0 else "o"
                for cell in solver.best_cells(pos):
                    assert policy.expected_at(solver.play(pos, cell), me) == 1.0
            for _, child in solver.children(pos):
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
        assert won > 100


def test_a_long_search_shows_its_budget_on_a_terminal_and_ctrl_c_ends_it(tmp_path: Path) -> None:
    """A real process on a pseudo-terminal: the bar counts positions against the budget,
    and Ctrl-C (SIGINT) ends the search at once: exit 130, one line, nothing kept."""
    env = {**os.environ, "TTT_MAPS_CACHE_DIR": str(tmp_path)}
    env.pop("TTT_MAPS_SEARCH_LIMIT", None)
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.execve(
            sys.executable, [sys.executable, "-m", "ttt_maps", "solve", "--board", "7x7k4"], env
        )
    seen = b""
    deadline = time.monotonic() + 60
    while b"positions searched on the 7x7 board" not in seen or b" / " not in seen:
        assert time.monotonic() < deadline, seen
        ready, _, _ = select.select([fd], [], [], 1)
        if ready:
            seen += os.read(fd, 65536)
    started = time.monotonic()
    os.kill(pid, signal.SIGINT)
    rest = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        rest += chunk
    _, status = os.waitpid(pid, 0)
    assert time.monotonic() - started < 5
    assert os.waitstatus_to_exitcode(status) == 128 + signal.SIGINT
    text = rest.decode("utf-8", "replace")
    assert text.rstrip().endswith("\x1b[2Kttt-maps: interrupted"), text  # the bar cleared
    assert text.count("ttt-maps:") == 1 and "Traceback" not in text, text
    assert [p.name for p in tmp_path.iterdir()] == []  # nothing kept, no temporary file


# -- play: the map's move, or a move that holds when that is past the budget ---------------

#: Free cells from which the referee (no package code) plays the opponent that never
#: loses and judges the map's moves, on boards too big for it from the start.
ENDGAME = 10


def _never_losing(judge: DeepSolver, ref: Referee, board: Position, rng: random.Random) -> int:
    """A move that keeps the opponent from losing, at random among such moves: the
    referee's where few cells are left, else the first of a shuffled order that the
    search (checked against the referee on 4x4) shows does not hand the map a win."""
    moves = board.moves()
    rng.shuffle(moves)
    if len(moves) <= ENDGAME:
        return next(c for c in moves if ref.score(*_moved(board.x, board.o, c)) <= 0)
    return next(c for c in moves if judge.result(judge.play(board.key, c)) <= 0)


def _plays_without_losing(board: str, side: str, perfect: bool, seed: int) -> str:
    """A game against the map on ``board`` (default budget, no cache): each of the map's
    moves in the endgame keeps the referee's value from falling below a draw; the result,
    read from the board's own lines."""
    g = Geometry.parse(board)
    ref = referee(g.rows, g.cols, g.k)
    judge = _judges.setdefault(board, DeepSolver(g, limit=10**10, cache=False))
    rng = random.Random(f"{board}{side}{seed}")
    game = ttt_maps.new_game(side, geometry=board, settings=Settings(cache=False))
    while not game.over:
        before = game.board
        if not game.map_to_move:
            game.play(
                _never_losing(judge, ref, before, rng) if perfect else rng.choice(before.moves())
            )
            continue
        move = game.reply()
        assert move.by == "map"
        if len(before.moves()) <= ENDGAME + 1 and ref.score(before.x, before.o) >= 0:
            assert ref.score(game.board.x, game.board.o) <= 0, (before, move.cell)
    x, o = game.board.x, game.board.o
    return "x wins" if ref.has_line(x) else "o wins" if ref.has_line(o) else "draw"


_judges: dict[str, DeepSolver] = {}


@functools.cache
def referee(rows: int, cols: int, k: int) -> Referee:
    """One referee a board for the module's tests: what it scored, it remembers."""
    return Referee(rows, cols, k)


@pytest.mark.slow
@pytest.mark.parametrize("board", ["4x5k4", "5x4k4", "5x5k4"])
@pytest.mark.parametrize("side", ["x", "o"])
def test_play_never_loses_on_four_in_a_row_boards(board: str, side: str) -> None:
    """``play`` on 4x5, 5x4 and 5x5 with four in a row, with the default budget, against
    an opponent that never loses and one that plays at random: the map never loses, and
    against the first every game is drawn (all three boards are draws). On 5x5 some of
    the map's first choices are past the budget; it then plays a move that holds."""
    assert _plays_without_losing(board, side, True, 1) == "draw"
    assert _plays_without_losing(board, side, False, 2) in ("draw", f"{side} wins")


def test_a_holding_move_never_gives_away_what_the_position_is_worth() -> None:
    """``holding_move`` on 4x4 boards (positions along random games), with a solver that
    knows nothing yet and one that searched before: after its move the mover does not
    lose where the referee says the position is not lost, and wins where it can win at
    once."""
    for board in ("4x4k4", "4x4k3"):
        g = Geometry.parse(board)
        ref = referee(g.rows, g.cols, g.k)
        kept = DeepSolver(g, limit=10**9, cache=False)
        rng = random.Random(board)
        for n in range(40):
            key = _random_position(kept, rng, rng.randint(6, 10))
            if key is None:
                continue
            solver = kept if n % 2 else DeepSolver(g, limit=10**9, cache=False)
            x, o = key & g.full, key >> g.size
            cell = solver.holding_move(key)
            after = -ref.score(*_moved(x, o, cell))  # for the mover
            worth = ref.score(x, o)
            if worth >= 0:
                assert after >= 0, (solver.board(key), cell)
            if worth == ref.far - 1:  # a line to complete now: completed
                assert after == ref.far, (solver.board(key), cell)


def _chain_by_hand(chain: list[str], values: dict[int, int], g: Geometry) -> int:
    """What a chain of ``fast``, ``center``, ``corner``, ``first`` and ``last`` plays, as
    its keys say, given each move's referee value for the mover (the higher, the
    better): the moves of the best result, narrowed by each key in turn."""
    sign = {c: (v > 0) - (v < 0) for c, v in values.items()}
    moves = [c for c in values if sign[c] == max(sign.values())]
    prefer = {"center": g.centers, "corner": g.corners}
    for key in chain:
        if key == "fast":
            moves = [c for c in moves if values[c] == max(values[m] for m in moves)]
        elif key in prefer:
            moves = [c for c in moves if c in prefer[key]] or moves
        else:
            return min(moves) if key == "first" else max(moves)
    raise AssertionError("every chain ends with first or last")


@pytest.mark.parametrize("board", ["4x4k4", "4x4k3"])
@pytest.mark.parametrize("chain", ["fast,first", "fast,last", "corner,first", "center,fast,last"])
def test_a_chain_that_ranks_cells_plays_what_its_keys_say_without_every_value(
    board: str, chain: str
) -> None:
    """On 4x4 boards (positions along random games, from six marks), a chain of keys that
    keep the fastest wins and rank cells plays what its keys say of the referee's
    values; in a drawn or won position the search finds that move without every move's
    result (but for a win when a cell is ranked before its speed)."""
    from ttt_maps.policy.chains import parse_policy

    g = Geometry.parse(board)
    ref = referee(g.rows, g.cols, g.k)
    with ttt_maps.settings.using(Settings(cache=False, search_limit=10**9)):
        policy = parse_policy(chain, g)
    solver = policy.solver
    rng = random.Random(board + chain)
    for _ in range(25):
        key = 0
        for _ in range(rng.randint(6, 9)):
            if solver.children(key):
                key = rng.choice(solver.children(key))[1]
        if not solver.children(key) or key in solver._move_results:
            continue
        x, o = key & g.full, key >> g.size
        values = {c: -ref.score(*_moved(x, o, c)) for c, _ in solver.children(key)}
        assert policy.choose_key(key) == _chain_by_hand(chain.split(","), values, g)
        worth = ref.score(x, o)
        if worth == 0 or (worth > 0 and not chain.startswith("center")):
            assert key not in solver._move_results  # not every move's result was asked


def test_the_ranked_choice_is_the_one_made_from_every_moves_value() -> None:
    """On 4x5 and 5x4 with four in a row (where ``trap`` keeps every drawing move): the
    choice of ``default`` and ``yorgey`` is the one the chain makes from every move's
    value, in positions along random games."""
    from ttt_maps.policy.chains import parse_policy

    for board in ("4x5k4", "5x4k4"):
        g = Geometry.parse(board)
        with ttt_maps.settings.using(Settings(cache=False, search_limit=10**9)):
            policies = [parse_policy(chain, g) for chain in ("default", "yorgey")]
        solver = policies[0].solver
        rng = random.Random(board)
        for _ in range(15):
            key = 0
            for _ in range(rng.randint(2, 8)):
                key = rng.choice(solver.children(key))[1]
            for policy in policies:
                assert policy.choose_key(key) == policy.candidates(solver.board(key))[-1][0]


def test_the_map_holds_where_its_own_move_is_past_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When the map's choice is refused by the search budget, the map's side plays a move
    that keeps it from losing (by the referee), and says so: the log calls it a holding
    move, not the map's, and ``check`` of the log takes it as one."""
    from ttt_maps.policy.policy import Policy

    def refused(self: Policy, pos: int) -> int:
        raise TooBigToSolve("past the budget")

    monkeypatch.setattr(Policy, "choose_key", refused)
    ref = referee(4, 4, 4)
    game = ttt_maps.new_game("o", start="x....o....x.....", geometry="4x4k4")
    rng = random.Random(7)
    while not game.over:
        if game.map_to_move:
            assert game.reply().by == "hold"
            assert ref.score(game.board.x, game.board.o) <= 0, game.board  # O does not lose
        else:
            game.play(rng.choice(game.board.moves()))
    assert not ref.has_line(game.board.x)
    monkeypatch.undo()
    report = ttt_maps.check(game.to_json())
    assert report.perfect, report.lines
    assert all("[hold]" in line for line in report.lines if line.split()[2] == "O")
