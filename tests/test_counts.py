"""SPEC section 3: the known facts of the game, computed by ``ttt_maps.counts.facts``."""

from __future__ import annotations

import itertools
import math

import pytest

from ttt_maps.counts.facts import count_games
from ttt_maps.counts.games import count_positions
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Position, illegal_reason
from ttt_maps.game.symmetry import canonicaliser
from ttt_maps.solve.registry import solver_for


def reachable_positions(geometry: Geometry) -> dict[int, bool]:
    """Every position reachable from the empty board, by playing: ``Board.key`` -> over?"""
    lines, full, shift = geometry.lines, geometry.full, geometry.size
    seen: dict[int, bool] = {}
    stack: list[tuple[int, int, bool]] = [(0, 0, True)]
    while stack:
        x, o, x_to_move = stack.pop()
        key = x | o << shift
        if key in seen:
            continue
        last = o if x_to_move else x
        free = full & ~(x | o)
        over = not free or any(line & last == line for line in lines)
        seen[key] = over
        if over:
            continue
        while free:
            bit = free & -free
            free ^= bit
            stack.append((x | bit, o, False) if x_to_move else (x, o | bit, True))
    return seen


def test_move_sequences_and_games() -> None:
    games = count_games()
    assert games.full_board == 362_880
    assert games.games == 255_168
    assert games.x_wins == 131_184
    assert games.o_wins == 77_904
    assert games.draws == 46_080


def test_positions() -> None:
    counts = count_positions(STANDARD)
    assert counts.reachable == 5_478
    assert counts.reachable_classes == 765
    assert counts.terminal == 958
    assert counts.terminal_classes == 138


def test_empty_board_is_a_draw() -> None:
    out = solver_for(STANDARD).outcome(Position.empty())
    assert out.result == 0
    assert out.label == "draw"
    assert str(out) == "draw"


def test_legal_positions_by_brute_force_are_the_reachable_ones() -> None:
    """Every one of the 3^9 boards: legality (illegal_reason) == reachability."""
    g = STANDARD
    legal: set[int] = set()
    for cells in itertools.product((0, 1, 2), repeat=g.size):
        x = sum(1 << c for c, v in enumerate(cells) if v == 1)
        o = sum(1 << c for c, v in enumerate(cells) if v == 2)
        if illegal_reason(g, x, o) is None:
            legal.add(x | o << g.size)
    assert len(legal) == 5_478
    assert legal == set(reachable_positions(g))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["3x3", "3x4k3", "2x2"])
def test_canonical_key_matches_board_canonical(name: str) -> None:
    g = Geometry.parse(name)
    canonical = canonicaliser(g)
    for key in reachable_positions(g):
        board = Position(key & g.full, key >> g.size, g)
        assert canonical(key) == board.canonical().key


def _naive_games(board: Position) -> tuple[int, int, int, int]:
    """(x wins, o wins, draws, full-board sequences), sequence by sequence, no memo."""

    def fill(b: Position) -> int:
        free = b.geometry.full & ~(b.x | b.o)
        if not free:
            return 1
        total = 0
        for c in b.geometry.cells_of(free):
            bit = 1 << c
            if b.to_move == "x":
                total += fill(Position(b.x | bit, b.o, b.geometry))
            else:
                total += fill(Position(b.x, b.o | bit, b.geometry))
        return total

    def games(b: Position) -> tuple[int, int, int]:
        w = b.winner()
        if w == "x":
            return (1, 0, 0)
        if w == "o":
            return (0, 1, 0)
        if b.is_full:
            return (0, 0, 1)
        xs = os_ = ds = 0
        for m in b.moves():
            a, bb, c = games(b.play(m))
            xs, os_, ds = xs + a, os_ + bb, ds + c
        return (xs, os_, ds)

    return (*games(board), fill(board))


@pytest.mark.parametrize("geometry", [Geometry(2, 2, 2), Geometry(2, 3, 2), Geometry(1, 5, 3)])
def test_memoised_counts_match_naive_enumeration(geometry: Geometry) -> None:
    got = count_games(geometry)
    expected = _naive_games(Position.empty(geometry))
    assert (got.x_wins, got.o_wins, got.draws, got.full_board) == expected
    assert got.full_board == math.factorial(geometry.size)
