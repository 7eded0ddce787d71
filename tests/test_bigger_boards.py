"""Bigger boards answered within a budget, wins proven, draws checked, refusals repeatable.

A win the search claims is the win length the referee proves (``claim_referee.Lines``:
its own lines and a search bounded by plies, no package code), and on random
positions every move's immediate tactics are the referee's. Draws that pairings
prove are compared with the plain whole search where that is cheap.
"""

from __future__ import annotations

import random

import pytest
from claim_referee import Lines

from ttt_maps.game.board import Board
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.pairing import has_pairing, open_lines
from ttt_maps.solve.search import DeepSolver, TooBigToSolve, trial_budget
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
    assert solver.searched < trial_budget(g) // 10


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
        outcomes = solver.move_outcomes(Board.parse(text, g))
        for cell, out in outcomes.items():
            one = wins >> cell & 1
            two = not one and lines.wins(theirs, free & ~(1 << cell))
            assert ((out.result, out.distance) == (1, 1)) == bool(one), (text, cell, out)
            assert ((out.result, out.distance) == (-1, 2)) == bool(two), (text, cell, out)
        position = solver.outcome_of(Board.parse(text, g).key)
        assert ((position.result, position.distance) == (1, 1)) == bool(wins), text
        diagonals += any(_rising(m, g.cols) for m in lines.masks if wins & m)
        checked += 1
    assert diagonals, "a rising diagonal one move away was met"


def _rising(mask: int, cols: int) -> bool:
    """Does a line run from bottom-left to top-right (the anti-diagonal direction)?"""
    cells = [c for c in range(mask.bit_length()) if mask >> c & 1]
    return len({c // cols for c in cells}) > 1 and cells[1] - cells[0] == cols - 1


def test_four_in_a_row_draws_are_proven_within_the_budget() -> None:
    for board in ("4x5k4", "5x4k4"):
        g = Geometry.parse(board)
        solver = DeepSolver(g)
        assert solver.result(0) == 0
        assert solver.searched < trial_budget(g) // 10  # a pairing ends most lines early


def test_pairings_agree_with_the_whole_search_on_4x4() -> None:
    """On 4x4, four in a row, positions with six to ten marks: the search that pairs off
    lines gives every exact score the plain whole search gives."""
    g = Geometry.parse("4x4k4")
    deep, whole = DeepSolver(g, limit=10_000_000), Solver(g)
    rng = random.Random(4)
    checked = 0
    while checked < 60:
        key = 0
        for _ in range(rng.randint(6, 10)):
            moves = whole.children(key)
            if not moves:
                break
            key = rng.choice(moves)[1]
        if whole.children(key):
            assert deep.score(key) == whole.score(key), whole.board(key)
            checked += 1


def test_a_pairing_is_found_only_where_one_exists() -> None:
    """Exhaustively on small line sets: has_pairing agrees with trying every matching."""
    rng = random.Random(7)
    cells = 8
    for _ in range(300):
        needs = sorted({rng.randrange(1, 1 << cells) for _ in range(rng.randint(1, 4))})
        needs = [n for n in needs if n.bit_count() >= 2]
        found, tries = has_pairing(needs)
        assert tries >= 1 or not needs
        assert found == _brute_pairing(needs, (1 << cells) - 1)


def _brute_pairing(needs: list[int], free: int) -> bool:
    if not needs:
        return True
    first = needs[0]
    cells = [1 << c for c in range(free.bit_length()) if (first & free) >> c & 1]
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            pair = a | b
            rest = [n for n in needs[1:] if n & pair != pair]
            if _brute_pairing(rest, free & ~pair):
                return True
    return False


def test_a_threat_or_too_many_lines_has_no_pairing() -> None:
    line = 0b1111
    assert open_lines((line,), 0b1000, 4) is None  # one free cell: a threat
    assert open_lines((line,), 0b1100, 4) == (0b1100,)
    assert open_lines((0b11, 0b110, 0b1100), 0b1111, 2) is None  # three lines, two pairs


@pytest.mark.slow
def test_a_refusal_is_the_same_every_time() -> None:
    """The budget counts positions, not seconds: the same board stops at the same place."""
    g = Geometry.parse("6x6k4")
    stops = []
    for _ in range(2):
        solver = DeepSolver(g)
        with pytest.raises(TooBigToSolve) as caught:
            solver.result(0)
        stops.append((str(caught.value), solver.searched))
        assert solver.refused
    assert stops[0] == stops[1]
    assert f"{trial_budget(g):,} positions searched without an answer" in stops[0][0]


def test_a_given_limit_is_per_answer_and_no_budget() -> None:
    solver = DeepSolver(Geometry.parse("5x5k4"), limit=1_000)
    assert solver.patient
    with pytest.raises(TooBigToSolve, match="1,000 positions searched"):
        solver.score(solver.play(0, 12))


def test_novice_scores_every_winning_move_alike() -> None:
    """Why ``novice`` skips its look-ahead in a won position: on 3x3 and 3x4, every
    optimal move of every won position reachable scores 1 against the novice."""
    from ttt_maps.strategies.chains import parse_policy

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
