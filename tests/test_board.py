"""Board notation, legality and symmetry (SPEC sections 2 and 3)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ttt_maps.errors import UsageError
from ttt_maps.game import symmetry
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Position, illegal_reason


@st.composite
def played(draw: st.DrawFn, geometry: Geometry = STANDARD) -> Position:
    """A legal board reached by random play (possibly finished)."""
    board = Position.empty(geometry)
    for _ in range(draw(st.integers(0, geometry.size))):
        moves = board.moves()
        if not moves:
            break
        board = board.play(draw(st.sampled_from(moves)))
    return board


# -- notation ------------------------------------------------------------------


@given(played())
def test_format_parse_round_trip(board: Position) -> None:
    text = str(board)
    assert len(text) == 9
    assert set(text) <= set("xo.")
    assert Position.parse(text) == board
    assert str(Position.parse(text)) == text


@given(played(), st.sampled_from(["/", " ", "\n", " / "]), st.sampled_from([".", "-", "_"]))
def test_accepted_notations(board: Position, sep: str, empty: str) -> None:
    text = str(board)
    rows = [text[i : i + 3] for i in range(0, 9, 3)]
    variant = sep.join(rows).upper().replace(".", empty)
    assert Position.parse(variant) == board
    assert Position.parse(f"  {variant}\n") == board


def test_output_is_lower_case_with_dots() -> None:
    board = Position.parse("X-_/-O-/___")
    assert str(board) == "x...o...."
    assert board.grid() == "x..\n.o.\n..."


def test_who_moves_follows_from_the_counts() -> None:
    assert Position.parse(".........").to_move == "x"
    assert Position.parse("x........").to_move == "o"
    assert Position.parse("x...o....").to_move == "x"


@pytest.mark.parametrize(
    ("text", "char", "pos"),
    [
        ("x..a.....", "'a'", 4),
        ("x../.a./...", "'a'", 6),
        ("1........", "'1'", 1),
        ("........#", "'#'", 9),
    ],
)
def test_bad_character_is_named_with_its_position(text: str, char: str, pos: int) -> None:
    with pytest.raises(UsageError) as err:
        Position.parse(text)
    message = str(err.value)
    assert char in message
    assert f"position {pos}" in message
    assert "\n" not in message


@pytest.mark.parametrize("text", ["", "x", "x.......", "x../.o./.."])
def test_too_few_cells(text: str) -> None:
    with pytest.raises(UsageError, match="9"):
        Position.parse(text)


@pytest.mark.parametrize("text", ["..........", "x...o.....", "xo./.../..../"])
def test_too_many_cells(text: str) -> None:
    with pytest.raises(UsageError, match="more than 9 cells"):
        Position.parse(text)


# -- legality ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("xx.......", "x must equal o or o + 1"),  # counts: two x, no o
        ("o........", "x must equal o or o + 1"),  # o moved first
        ("xxxx.oo..", "x must equal o or o + 1"),
        ("xxxooo...", "both players have a line"),
        ("xxxoo.o..", "x has a line but o moved after it"),  # x won, then o moved
        ("ooox.xx.x", "o has a line but x moved after it"),  # o won, then x moved
    ],
)
def test_illegal_positions_are_rejected(text: str, why: str) -> None:
    assert not Position.parse(text, check=False).is_legal
    with pytest.raises(UsageError, match="illegal position") as err:
        Position.parse(text)
    assert why in str(err.value)
    assert text in str(err.value)


def test_two_disjoint_lines_are_illegal() -> None:
    """No single last move completes two lines that share no cell (needs 4x4k3)."""
    g = Geometry(4, 4, 3)
    x = sum(1 << c for c in (0, 1, 2, 12, 13, 14))
    o = sum(1 << c for c in (3, 4, 7, 9, 10))
    assert not g.has_line(o)
    reason = illegal_reason(g, x, o)
    assert reason is not None
    assert "no single last move" in reason
    text = str(Position(x, o, g))
    with pytest.raises(UsageError, match="no single last move"):
        Position.parse(text, g)


def test_two_lines_through_the_last_move_are_legal() -> None:
    board = Position.parse("xxxxooxoo")  # x's last move at 0 completed a row and a column
    assert board.is_legal
    assert board.winner() == "x"
    assert len(board.winning_lines()) == 2


def test_finished_boards_are_legal_roots() -> None:
    for text in ("xxxoo....", "xoxxoxoxo", "xx.ooo.x."):
        board = Position.parse(text)
        assert board.is_over
        assert board.moves() == []


@given(played())
def test_every_played_board_is_legal(board: Position) -> None:
    assert illegal_reason(board.geometry, board.x, board.o) is None


# -- symmetry ------------------------------------------------------------------


def test_symmetry_group_sizes() -> None:
    assert len(Geometry(3, 3, 3).symmetries) == 8
    assert len(Geometry(3, 4, 3).symmetries) == 4
    assert len(Geometry(4, 4, 3).symmetries) == 8
    assert Geometry(3, 3, 3).symmetries[0] == tuple(range(9))


@pytest.mark.parametrize("geometry", [Geometry(3, 3, 3), Geometry(3, 4, 3)])
def test_symmetries_form_a_group_of_line_preserving_permutations(geometry: Geometry) -> None:
    perms = set(geometry.symmetries)
    lines = set(geometry.lines)
    for p in perms:
        assert sorted(p) == list(range(geometry.size))
        assert {geometry.transform(line, p) for line in lines} == lines
        for q in perms:
            assert tuple(q[p[c]] for c in range(geometry.size)) in perms


@given(played())
def test_canonical_form_is_invariant_under_symmetry(board: Position) -> None:
    canon = board.canonical()
    for perm in board.geometry.symmetries:
        image = board.transformed(perm)
        assert image.canonical() == canon
        assert image.is_legal


@given(played(Geometry(3, 4, 3)))
def test_canonical_form_on_a_rectangle(board: Position) -> None:
    canon = board.canonical()
    assert all(board.transformed(p).canonical() == canon for p in board.geometry.symmetries)


@pytest.mark.parametrize(
    "name", ["2x2", "2x3k2", "3x3", "3x4k3", "3x5k3", "4x4k3", "2x8k3", "5x5k4", "7x7k3", "10x10k5"]
)
def test_a_keys_images_are_its_marks_moved_by_each_symmetry(name: str) -> None:
    """The images of a key under every symmetry at once (keys of one to 25 bytes), a move
    added to them, and each symmetry's cells read back, against moving marks one by one."""
    g = Geometry.parse(name)
    imager = symmetry.imager(g)
    canonical = symmetry.canonicaliser(g)
    rng = random.Random(name)
    for _ in range(300):
        x = rng.getrandbits(g.size)
        o = rng.getrandbits(g.size) & ~x
        key = x | o << g.size
        moved = [
            sum(1 << perm[c] for c in range(g.size) if x >> c & 1)
            | sum(1 << perm[c] for c in range(g.size) if o >> c & 1) << g.size
            for perm in g.symmetries
        ]
        assert imager.of(key) == moved
        assert canonical(key) == min(moved)
        free = [c for c in range(g.size) if not (x | o) >> c & 1]
        if free:
            bit = rng.choice(free) + rng.choice((0, g.size))
            assert imager.after(moved, bit) == imager.of(key | 1 << bit)
    for perm, back in zip(g.symmetries, imager.back, strict=True):
        assert [back[perm[c]] for c in range(g.size)] == list(range(g.size))


# -- the geometry against first principles ------------------------------------------------

SHAPES = [(r, c, k) for r in range(1, 7) for c in range(1, 7) for k in range(1, max(r, c) + 1)]


@pytest.mark.parametrize("rules", ["normal", "misere"])
def test_every_shape_has_the_lines_cells_and_names_of_first_principles(rules: str) -> None:
    """Every board up to 6x6 and every k that fits: the lines, the corner, centre and edge
    cells, and the names, as first principles give them (``first_principles.lines_of``
    shares no code with the package)."""
    from first_principles import lines_of

    for rows, cols, k in SHAPES:
        g = Geometry(rows, cols, k, rules == "misere")
        assert set(g.line_cells) == set(lines_of(rows, cols, k)), (rows, cols, k)
        assert len(g.line_cells) == len(lines_of(rows, cols, k))
        assert g.lines == tuple(sum(1 << c for c in line) for line in g.line_cells)
        assert g.size == rows * cols and g.full == (1 << rows * cols) - 1
        assert g.rc(rows * cols - 1) == (rows - 1, cols - 1)
        ends = {(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)}
        assert g.corners == {r * cols + c for r, c in ends}
        middle = {
            (r, c) for r in {(rows - 1) // 2, rows // 2} for c in {(cols - 1) // 2, cols // 2}
        }
        assert g.centers == {r * cols + c for r, c in middle}
        assert g.edges == set(range(rows * cols)) - g.corners - g.centers
        suffix = "-misere" if rules == "misere" else ""
        assert g.name == f"{rows}x{cols}k{k}{suffix}"
        short = f"{rows}x{cols}" if k == min(rows, cols) else f"{rows}x{cols}k{k}"
        assert g.short_name == short + suffix
        assert Geometry.parse(g.name) == g == Geometry.parse(g.short_name)
        assert g.with_rules("normal").misere is False and g.with_rules("misere").misere is True
        words = ("one", "two", "three", "four", "five", "six")[k - 1] + " in a row"
        assert g.k_words == words
        said = f"misère: {words} loses" if g.misere else words
        assert g.describe() == f"the {rows}x{cols} board, {said}"
        assert g.rules_field == ({"rules": "misere"} if g.misere else {})


def test_lines_and_completions_on_random_marks_are_first_principles() -> None:
    """``has_line`` and ``completions`` against a check of every line cell by cell."""
    from first_principles import lines_of

    rng = random.Random(42)
    for rows, cols, k in [(3, 3, 3), (3, 4, 3), (4, 4, 3), (5, 5, 4), (6, 6, 3), (7, 7, 3)]:
        g, lines = Geometry(rows, cols, k), lines_of(rows, cols, k)
        for _ in range(300):
            cells = set(rng.sample(range(rows * cols), rng.randint(0, rows * cols // 2)))
            mask = sum(1 << c for c in cells)
            assert g.has_line(mask) == any(set(line) <= cells for line in lines)
            completing = {c for line in lines for c in line if set(line) - cells == {c}}
            assert g.cells_of(g.completions(mask)) == sorted(completing), (rows, cols, cells)
            assert g.cells_of(mask) == sorted(cells)


def test_the_symmetries_are_the_rotations_and_reflections_that_fit() -> None:
    """A square board has 8 symmetries, a rectangle 4, a row of one cell 1 (fewer when
    they coincide): each maps every line onto a line, and they are all different."""
    from first_principles import lines_of

    for rows, cols, k in [
        (3, 3, 3),
        (3, 4, 3),
        (4, 3, 3),
        (1, 1, 1),
        (1, 4, 2),
        (2, 2, 2),
        (5, 5, 4),
    ]:
        g = Geometry(rows, cols, k)
        expected = {
            tuple(r2 * cols + c2 for r in range(rows) for c in range(cols) for r2, c2 in [f(r, c)])
            for f in _turns(rows, cols)
        }
        assert set(g.symmetries) == expected and len(g.symmetries) == len(expected)
        assert g.symmetries[0] == tuple(range(rows * cols))
        lines = {frozenset(line) for line in lines_of(rows, cols, k)}
        for perm in g.symmetries:
            assert {frozenset(perm[c] for c in line) for line in lines} == lines
            mask = 0b1011
            assert g.transform(mask, perm) == sum(1 << perm[c] for c in g.cells_of(mask))


def _turns(rows: int, cols: int) -> list[Any]:
    R, C = rows - 1, cols - 1
    turns: list[Any] = [
        lambda r, c: (r, c), lambda r, c: (r, C - c), lambda r, c: (R - r, c),
        lambda r, c: (R - r, C - c),
    ]  # fmt: skip
    if rows == cols:
        turns += [
            lambda r, c: (c, r), lambda r, c: (c, R - r), lambda r, c: (C - c, r),
            lambda r, c: (C - c, R - r),
        ]  # fmt: skip
    return turns


def test_a_move_on_a_taken_cell_or_off_the_board_is_refused() -> None:
    board = Position.parse("xo.......")
    for cell in (0, 1):
        with pytest.raises(UsageError, match=rf"board xo\.{{7}}: cell {cell} is already taken"):
            board.play(cell)
    for cell in (-1, 9):
        with pytest.raises(UsageError, match=rf"cell {cell} is outside 0\.\.8"):
            board.play(cell)
    with pytest.raises(UsageError, match="the game is over"):
        Position.parse("xxxoo....").play(8)
    assert str(board.play(2)) == "xox......"


@pytest.mark.parametrize("text", ["banana", "3x", "x3", "3x3k", "3-3"])
def test_a_board_that_is_no_size_is_refused_with_the_forms_it_could_take(text: str) -> None:
    with pytest.raises(UsageError, match=rf"^board '{text}': expected ROWSxCOLS or ROWSxCOLSkK"):
        Geometry.parse(text)


def test_the_last_checks_of_a_position_and_a_size() -> None:
    g = Geometry.parse("4x4k3")
    assert illegal_reason(STANDARD, 0b000000111, 0b111000000) == "both players have a line"
    two = Position.parse("ooox/xx.x/x.../ooox", g, check=False)
    assert illegal_reason(g, two.x, two.o) == "o has lines that no single last move completes"
    for sides in ((0, 3, 3), (3, 0, 3), (3, 3, 0)):
        with pytest.raises(UsageError, match="rows, columns and k must be 1 or more"):
            Geometry(*sides)
    with pytest.raises(UsageError, match=r"board '1000x3': rows, columns and k are at most 10"):
        Geometry.parse("1000x3")
    assert Geometry.parse("3x3", " Misère ").misere and Geometry.parse("3x3k3-MISERE").misere


def test_board_is_the_old_name_of_position() -> None:
    """Code written against ``Board`` keeps working: the package, its API module and the
    old module give the one class, and ``ttt_maps.__all__`` lists both names."""
    import ttt_maps
    import ttt_maps.api
    from ttt_maps.game.board import Board, parse_moves  # the old name, which users keep

    assert ttt_maps.Board is ttt_maps.Position is ttt_maps.api.Board is Board is Position
    assert {"Board", "Position"} <= set(ttt_maps.__all__) & set(ttt_maps.api.__all__)
    assert Board.parse("x...o....") == Position.parse("x...o....") and callable(parse_moves)
