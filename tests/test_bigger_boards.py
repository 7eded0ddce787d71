"""Bigger boards answered within a budget, wins replayed, draws checked, refusals repeatable.

A win the search claims is replayed as a forced line: the winner's chosen move
against every reply, down to a completed line, each line checked on the board
itself. Draws that pairings prove are compared with the plain whole search
where that is cheap.
"""

from __future__ import annotations

import random

import pytest

from ttt_maps.game.geometry import Geometry
from ttt_maps.game.pairing import has_pairing, open_lines
from ttt_maps.solve.search import DeepSolver, TooBigToSolve, trial_budget
from ttt_maps.solve.solver import Solver


@pytest.fixture(autouse=True)
def _default_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TTT_MAPS_SEARCH_LIMIT", raising=False)


def forced_win(solver: DeepSolver, key: int, plies: int) -> bool:
    """Does the side to move complete a line within ``plies`` plies against every reply,
    playing the solver's fastest win? Checked with the board's own lines."""
    g = solver.geometry
    size = g.size
    if plies <= 0:
        return False
    scores = solver.move_scores(key)  # the opponent's: the lowest is the fastest win
    if not scores:
        return False
    after = solver.play(key, min(scores, key=lambda cell: (scores[cell], cell)))
    mover = (after & g.full) if key.bit_count() % 2 == 0 else after >> size
    if g.has_line(mover):
        return True
    replies = solver.children(after)
    return bool(replies) and all(forced_win(solver, reply, plies - 2) for _, reply in replies)


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
    g = Geometry.parse(board)
    solver = DeepSolver(g)
    assert not solver.patient
    outcome = solver.outcome_of(0)
    assert (outcome.result, outcome.distance) == (1, plies)
    assert solver.searched < trial_budget(g) // 10
    replay = DeepSolver(g, limit=4_000_000)  # every reply's answer: more than one question
    assert forced_win(replay, 0, plies)
    assert not forced_win(replay, 0, plies - 2)  # and not sooner


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
