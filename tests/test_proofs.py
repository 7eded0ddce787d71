"""The shipped proofs: the audit's own checker accepts them and rejects broken copies,
and the package plays and reports what they prove (6x5, 5x6 and 6x6, four in a row)."""

from __future__ import annotations

import lzma
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ttt_maps
from ttt_maps import Settings
from ttt_maps.audit.proofs import FOLDER, ProofFailed, check_board, check_hold, check_win
from ttt_maps.engine.checking import audit_proof
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import Geometry
from ttt_maps.play.game import Game
from ttt_maps.solve.budget import TooBigToSolve
from ttt_maps.solve.proofs import proof


def shipped(name: str) -> bytes:
    with open(os.path.join(FOLDER, name), "rb") as file:
        return file.read()


def raw(name: str) -> bytearray:
    return bytearray(lzma.decompress(shipped(name)))


def moves_at(data: bytearray) -> tuple[int, int]:
    """Offset of a win certificate's moves, and how many it stores."""
    width, count = data[7], int.from_bytes(data[8:12], "little")
    return 14 + data[13] + width * count, count


@pytest.mark.parametrize(
    ("name", "turned", "board"),
    [("6x5.win.xz", False, (6, 5)), ("6x5.win.xz", True, (5, 6)), ("6x6.win.xz", False, (6, 6))],
)
def test_the_shipped_wins_pass(name: str, turned: bool, board: tuple[int, int]) -> None:
    cert, longest, positions = check_win(shipped(name), turned)
    assert (cert.winner, cert.opening, longest) == ("X", [], 11)
    assert positions > 10_000
    held, _ = check_hold(shipped(name.replace("win", "lb")), turned)
    assert (held.held, held.limit) == ("X", 9)


def test_a_changed_first_move_fails_unless_it_is_the_same_move_turned() -> None:
    """The empty board's entry (the smallest key, 0) holds X's first move, 12 (row 2,
    column 2): 17 is its mirror image, the same position after it; any other fails."""
    data = raw("6x5.win.xz")
    at, _ = moves_at(data)
    assert data[at] == 12
    for cell, holds in ((17, True), (0, False), (7, False), (11, False), (22, False)):
        data[at] = cell
        if holds:
            assert check_win(bytes(data))[1] == 11
        else:
            with pytest.raises(ProofFailed):
                check_win(bytes(data))


@pytest.mark.parametrize("index", [5, 100, 400, 800, 1200])
def test_a_stored_move_changed_fails(index: int) -> None:
    """A stored move moved to a taken cell, or to its neighbour (each of these fails)."""
    data = raw("6x5.win.xz")
    at, count = moves_at(data)
    assert index < count
    data[at + index] = (data[at + index] + 1) % 30
    with pytest.raises(ProofFailed):
        check_win(bytes(data))


@pytest.mark.parametrize(
    ("broken", "says"),
    [
        (lambda d: d[:-3], "length does not match"),
        (lambda d: d[:10], "cut short"),
        (lambda d: b"XXXX" + d[4:], "not a win certificate"),
        (lambda d: d[:40] + bytes([d[40] ^ 0xFF]) + d[41:], "ascending|missing|never met"),
    ],
)
def test_a_cut_or_garbled_certificate_fails_clearly(broken, says: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ProofFailed, match=says):
        check_win(broken(bytes(raw("6x5.win.xz"))))


def test_a_garbled_xz_file_fails_clearly() -> None:
    data = bytearray(shipped("6x5.win.xz"))
    data[len(data) // 2] ^= 0xFF
    with pytest.raises(ProofFailed, match=r"not a readable \.xz file"):
        check_win(bytes(data))


def test_a_hold_out_with_a_higher_limit_fails() -> None:
    """Claiming X cannot win by ply 11 is false (X wins at 11)."""
    data = raw("6x5.lb.xz")
    data[17] = 11
    with pytest.raises(ProofFailed):
        check_hold(bytes(data))


def test_a_board_whose_file_is_broken_is_reported_by_name() -> None:
    def read(name: str) -> bytes:
        data = shipped(name)
        return data[: len(data) // 2] if name == "6x5.win.xz" else data

    found = check_board(6, 5, read)
    assert not found.ok
    assert found.sentence.startswith("the proof for 6x5 with four in a row does not hold: 6x5.win")


@pytest.mark.slow
def test_check_board_6x5_holds() -> None:
    report = audit_proof(Geometry.parse("6x5k4"))
    assert report.perfect
    assert report.summary.startswith("the proof holds: X wins 6x5 with four in a row in 11 moves")
    assert report.doc["certificates"] == 20


def test_check_board_refuses_a_board_without_a_proof() -> None:
    with pytest.raises(UsageError, match="no proof is shipped for the 5x5 board"):
        audit_proof(Geometry.parse("5x5k4"))


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--board", "6x5k4", "--rules", "misere"], "no proof is shipped for the 6x5 board, mis"),
        ([], "check needs a FILE, or --board to check the proof shipped for a board"),
        (["-", "--board", "6x5k4"], "check takes a file or a board, not both"),
    ],
)
def test_check_refuses_in_one_line(args: list[str], says: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "ttt_maps", "check", *args], input="{}",
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith("ttt-maps: error: " + says), proc.stderr


# -- solve: the proof consulted before any search ------------------------------------------


def moves_of(doc: dict[str, object]) -> dict[int, tuple[str, int]]:
    return {m["cell"]: (m["result"], m["distance"]) for m in doc["moves"]}  # type: ignore[attr-defined]


def test_solve_6x5_says_x_wins_in_11_and_every_first_move_s_value() -> None:
    doc = ttt_maps.solve_position(board="6x5k4", settings=Settings(search_limit=1))
    assert doc["outcome"]["text"] == "win in 11 moves"
    moves = moves_of(doc)
    assert moves[12] == moves[17] == ("win", 11)
    assert moves[6] == moves[11] == ("win", 15)
    assert moves[0] == moves[29] == ("loss", 16) and moves[2] == ("loss", 14)
    assert moves[1][0] == moves[7][0] == "draw"
    assert {p["move"] for p in doc["policies"]} <= {12, 17}
    # Why the default takes 12 of the two: the words of its own key, not a book's.
    default = next(p for p in doc["policies"] if p["name"] == "default")
    assert default["why"]["text"].endswith("lines: the cell on the most lines (9)")


@pytest.mark.parametrize(("board", "fastest"), [("5x6k4", {14, 15}), ("6x6k4", {14, 15, 20, 21})])
def test_solve_5x6_and_6x6_from_their_proofs(board: str, fastest: set[int]) -> None:
    doc = ttt_maps.solve_position(board=board, settings=Settings(search_limit=1))
    assert doc["outcome"]["text"] == "win in 11 moves"
    assert {c for c, v in moves_of(doc).items() if v == ("win", 11)} == fastest


def test_o_holds_out_longest_against_the_proof() -> None:
    """After X's first move (row 2, column 2), O loses in 10 moves at best, at 5 of its 29
    replies."""
    doc = ttt_maps.solve_position("...../...../..x../...../...../.....", board="6x5k4",
                                  settings=Settings(search_limit=1))  # fmt: skip
    assert doc["outcome"]["text"] == "loss in 10 moves"
    moves = moves_of(doc)
    assert {c for c, v in moves.items() if v == ("loss", 10)} == {5, 9, 16, 18, 22}


def test_a_winning_first_move_s_own_certificate_plays_on() -> None:
    """After X's first move at (1, 1), O loses in 14 moves: the first move's certificate
    is X's strategy there, as the main one is after (2, 2)."""
    doc = ttt_maps.solve_position("...../.x.../...../...../...../.....", board="6x5k4",
                                  settings=Settings(search_limit=1))  # fmt: skip
    assert doc["outcome"]["text"] == "loss in 14 moves"
    assert max(d for _, d in moves_of(doc).values()) == 14


def test_a_position_off_the_proof_is_still_searched_and_refused() -> None:
    """X leaves the proven strategy (its second stone in a corner): nothing is known
    there, and a small budget refuses it as before."""
    with pytest.raises(TooBigToSolve):
        ttt_maps.solve_position("x..../o..../..x../...../...../.....", board="6x5k4",
                                settings=Settings(search_limit=2_000))  # fmt: skip


# -- play: X wins every game, O holds out longest ------------------------------------------


def _first_empty(game: Game, rng: random.Random) -> int:
    return game.board.moves()[0]


def _at_random(game: Game, rng: random.Random) -> int:
    return rng.choice(game.board.moves())


def _stubborn(game: Game, rng: random.Random) -> int:
    """O's reply that holds out longest against the proof (the lowest cell of those)."""
    replies = proof(game.geometry).replies(game.board.key)
    longest = max(replies.values())
    return min(c for c, n in replies.items() if n == longest)


@pytest.mark.parametrize("board", ["6x5k4", "5x6k4"])
@pytest.mark.parametrize(
    ("opponent", "seed"),
    [(_first_empty, 0), (_stubborn, 0), (_at_random, 1), (_at_random, 2), (_at_random, 3)],
)
def test_the_x_map_wins_every_game(board: str, opponent: Any, seed: int) -> None:
    game = ttt_maps.new_game("x", board=board, settings=Settings(search_limit=1))
    rng = random.Random(seed)
    while not game.over:
        if game.map_to_move:
            game.reply()
        else:
            game.play(opponent(game, rng))
    assert game.result == "x wins"
    assert all(m.by == "map" for m in game.moves if m.mark == "x")
    if opponent is _stubborn:
        assert len(game.moves) == 11


def test_the_o_map_holds_out_longest_against_the_proof() -> None:
    game = ttt_maps.new_game("o", board="6x5k4", settings=Settings(search_limit=1))
    solved = proof(game.geometry)
    while not game.over:
        if game.map_to_move:
            replies = solved.replies(game.board.key)
            assert replies[game.reply().cell] == max(replies.values())
        else:
            move = solved.move(game.board.key)
            assert move is not None
            game.play(move)
    assert game.result == "x wins" and len(game.moves) == 11


# -- render: X's map from the proof ----------------------------------------------------------


def test_the_x_map_is_drawn_from_the_proof_alone() -> None:
    """No search is needed (a budget of one position); the map, too big to draw whole,
    is drawn 2 levels deep: X's first move, O's 29 replies, X's answers and O's replies."""
    tree = ttt_maps.strategy("x", board="6x5k4", settings=Settings(search_limit=1))
    assert tree.facts.boards == 813
    first = ttt_maps.strategy("x", board="6x5k4", depth=1, settings=Settings(search_limit=1))
    assert first.facts.boards == 30


# -- O's side: the first moves' certificates -------------------------------------------------


def test_the_o_map_answers_every_first_move_from_the_proofs() -> None:
    """O's reply to each of X's 30 first moves: the fastest win where X's first move
    loses, the reply that keeps a draw where it draws, the longest hold where it wins."""
    tree = ttt_maps.strategy("o", board="6x5k4", depth=1, settings=Settings(search_limit=1))
    assert tree.facts.boards == 31


def test_without_a_depth_the_o_map_is_drawn_as_deep_as_its_moves_are_solved(
    tmp_path: Path,
) -> None:
    """Asked for without a depth, the O map stops where X's moves leave every proof and
    the search runs out, and says so: no refusal after the search (the main job,
    ``render --board 6x5k4``, draws both maps and the poster)."""
    tree = ttt_maps.strategy("o", board="6x5k4", settings=Settings(search_limit=1000))
    assert (tree.depth, tree.facts.boards, tree.unsolved) == (1, 31, True)
    run = subprocess.run(
        [sys.executable, "-m", "ttt_maps", "render", "--board", "6x5k4", "--player", "o",
         "--search-limit", "1000", "--no-cache", "-o", str(tmp_path / "o.svg")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stderr.startswith(
        "The O map of the 6x5 board, four in a row, is drawn 1 level deep, 31 boards: deeper, "
        "its moves are not solved within the search budget."
    ), run.stderr
    with pytest.raises(TooBigToSolve, match="depth=1 draws 31 boards"):  # asked for: refused
        ttt_maps.strategy("o", board="6x5k4", depth=2, settings=Settings(search_limit=1000))


@pytest.mark.parametrize("first", [0, 2, 29])
def test_after_a_losing_first_move_the_o_map_wins_every_game(first: int) -> None:
    for seed in range(2):
        game = ttt_maps.new_game("o", board="6x5k4", settings=Settings(search_limit=1))
        rng = random.Random(seed)
        game.play(first)
        while not game.over:
            if game.map_to_move:
                game.reply()
            else:
                game.play(rng.choice(game.board.moves()))
        assert game.result == "o wins"
