"""The gamebook, replayed by a reader written here: every link, every move, every ending.

The reader knows only the Markdown and the rules of the game (its own minimax,
below): it starts at §1 (or at the opponent's first replies), follows every
opponent reply through the links, and checks that every move the book gives
is optimal, that no path loses, that every link resolves and every section is
reached, and that there is one section per position where the player chooses.
"""

from __future__ import annotations

import itertools
import re
from functools import cache

import pytest
from first_principles import lines_of

from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import Geometry
from ttt_maps.gamebooks.book import build_gamebook
from ttt_maps.gamebooks.text import to_markdown, to_text
from ttt_maps.trees.strategy import build_strategy

BOARDS = ("3x3", "3x4k3")
POLICIES = ("default", "fast,last", "corner,first")


# -- the rules, on board strings, independent of the package ----------------------------


def winner(board: str, shape: tuple[int, int, int]) -> str | None:
    for line in lines_of(*shape):
        first = board[line[0]]
        if first != "." and all(board[c] == first for c in line):
            return first
    return None


def to_move(board: str) -> str:
    return "x" if board.count("x") == board.count("o") else "o"


@cache
def value(board: str, shape: tuple[int, int, int]) -> int:
    """The result for the side to move with best play: 1, 0 or -1."""
    if winner(board, shape) is not None:
        return -1  # the side that just moved made a line
    if "." not in board:
        return 0
    side = to_move(board)
    return max(-value(play(board, c, side), shape) for c in empties(board))


def play(board: str, cell: int, side: str) -> str:
    return board[:cell] + side + board[cell + 1 :]


def empties(board: str) -> list[int]:
    return [i for i, ch in enumerate(board) if ch == "."]


# -- the reader ------------------------------------------------------------------------

SECTION = re.compile(r'<a id="s(\d+)"></a>\n\n## §(\d+)\n\nMove \d+, position `([xo.]+)`')
MOVE = re.compile(r"^\*\*[XO] plays .*?\((\d+)\)\. .*\*\*$", re.M)
REPLY = re.compile(r"^- [XO] plays .*?\((\d+)\)(?:: |\. )(.*)$", re.M)
LINK = re.compile(r"\[§(\d+)\]\(#s(\d+)\)")


def read_book(markdown: str) -> tuple[dict[int, tuple[str, int, dict[int, str]]], dict[int, str]]:
    """Sections (number -> position, move, replies by cell) and the opening replies."""
    starts = [m.start() for m in SECTION.finditer(markdown)] + [len(markdown)]
    head = markdown[: starts[0]]
    sections = {}
    for a, b in itertools.pairwise(starts):
        text = markdown[a:b]
        m = SECTION.match(text)
        assert m and m[1] == m[2], text[:80]
        move = MOVE.search(text)
        assert move, text
        replies = {int(r[1]): r[2] for r in REPLY.finditer(text)}
        sections[int(m[1])] = (m[3], int(move[1]), replies)
    opening = {int(r[1]): r[2] for r in REPLY.finditer(head)}
    return sections, opening


def replay(markdown: str, player: str, shape: tuple[int, int, int]) -> set[int]:
    """Follow every line of play from the start; returns the sections reached."""
    sections, opening = read_book(markdown)
    assert sorted(sections) == list(range(1, len(sections) + 1))
    reached: set[int] = set()
    size = shape[0] * shape[1]
    root = "." * size
    # What the player can hold from the start: no line of play may end worse.
    floor = value(root, shape) * (1 if to_move(root) == player else -1)

    def follow(board: str, replies: dict[int, str]) -> None:
        assert sorted(replies) == empties(board), (board, replies)
        for cell, text in replies.items():
            after = play(board, cell, to_move(board))
            done = winner(after, shape) is not None or "." not in after
            link = LINK.search(text)
            if done:
                assert link is None and "The game is over" in text
                w = winner(after, shape)
                result = 0 if w is None else 1 if w == player else -1
                assert result >= floor, f"{after}: worse than the player can hold"
                assert text.endswith(f"{w.upper()} wins." if w else "a draw."), text
                continue
            assert link and link[1] == link[2], text
            visit(int(link[1]), after)

    def visit(number: int, board: str) -> None:
        assert number in sections, f"§{number} does not resolve"
        position, move, replies = sections[number]
        assert position == board, f"§{number} shows {position}, the game is at {board}"
        if number in reached:
            return
        reached.add(number)
        assert to_move(board) == player
        after = play(board, move, player)
        assert board[move] == "."
        # Optimal: the move keeps the best value the position has.
        assert -value(after, shape) == value(board, shape), (board, move)
        if winner(after, shape) is not None or "." not in after:
            assert not replies
            return
        follow(after, replies)

    if sections:
        first = sections[1][0]
        if first == root or (to_move(root) == player and not opening):
            visit(1, first)
        else:
            follow(root, opening)
    return reached


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("player", ["x", "o"])
def test_the_markdown_book_plays_perfectly_through_every_link(
    board: str, policy: str, player: str
) -> None:
    g = Geometry.parse(board)
    tree = build_strategy(player, policy, None, g)
    markdown = to_markdown(build_gamebook(tree))
    shape = (g.rows, g.cols, g.k)
    reached = replay(markdown, player, shape)
    sections, _ = read_book(markdown)
    assert reached == set(sections), "every section is reached"
    assert len(sections) == tree.facts.positions


def test_the_book_names_player_policy_and_board_at_the_top() -> None:
    markdown = to_markdown(build_gamebook(build_strategy("o", "yorgey")))
    top = markdown.split("<a id=")[0]
    assert top.startswith("# O's strategy")
    assert "yorgey (fast,last,first)" in top and "the 3x3 board, three in a row" in top
    # fact: the referee's count, test_claims.test_the_maps_counts_are_the_referees
    assert "426 sections" in top


def test_a_book_from_a_position_says_who_is_to_move() -> None:
    text = to_text(build_gamebook(build_strategy("o", "default", "x...o...x")))
    assert "\n\nO is to move" not in text and "Section 1. Move 4." in text
    gamebook = build_gamebook(build_strategy("x", "default", "x........"))  # O's reply comes first
    assert "O is to move. The board:" in to_text(gamebook) and "moves first" not in to_text(
        gamebook
    )
    assert "O is to move at `x........`:" in to_markdown(gamebook)
    assert "The player is X, on the 3x3 board, three in a row, from x........, O to move." in (
        to_text(gamebook)
    )
    misere = Geometry.parse("3x3", "misere")
    one = to_text(build_gamebook(build_strategy("o", "default", "..xxoxxoo", misere)))
    assert "There is 1 section, one for each position where O chooses." in one


@pytest.mark.parametrize(
    ("player", "start", "says"),
    [
        ("x", "xxxoo....", "the game is over (X wins); X has no move to choose"),
        ("o", "xoxoxox..", "the game is over (X wins); O has no move to choose"),
        ("o", "xoxxooox.", "O never moves: every move X can make ends the game"),
    ],
)
def test_a_strategy_without_a_move_to_choose_has_no_gamebook(
    player: str, start: str, says: str
) -> None:
    """No "0 sections ... start at section 1": a book of a game the player never moves in
    is refused, with the reason."""
    with pytest.raises(UsageError, match=re.escape(f"a gamebook from {start}: {says}")):
        build_gamebook(build_strategy(player, "default", start))
    # One move to choose is a book of one section.
    gamebook = build_gamebook(build_strategy("x", "default", "xoxoxo..."))
    assert len(gamebook.sections) == 1 and "There is 1 section, one for each" in to_markdown(
        gamebook
    )


def test_a_forced_misere_loss_is_never_called_a_win() -> None:
    """O to move at ``oo.oxx.xx`` under misère: every free cell completes O's own line.
    The book says O must complete a line and that X wins, never that O wins; and its
    one section is one section."""
    g = Geometry.parse("3x3", "misere")
    text = to_text(build_gamebook(build_strategy("o", "default", "oo.oxx.xx", geometry=g)))
    assert "There is 1 section," in text
    move = next(line for line in text.splitlines() if line.startswith("O plays"))
    assert "wins at once" not in move and "must complete a line" in move, move
    assert move.endswith("The game is over: X wins."), move


# -- folded: replies that are turns of each other share a section ----------------------

TURNS = {
    "mirror the board left to right": lambda r, c, n: (r, n - c),
    "mirror the board top to bottom": lambda r, c, n: (n - r, c),
    "turn the board half a turn": lambda r, c, n: (n - r, n - c),
    "mirror the board in the diagonal from top-left to bottom-right": lambda r, c, n: (c, r),
    "mirror the board in the diagonal from top-right to bottom-left": lambda r, c, n: (
        n - c,
        n - r,
    ),
    "turn the board a quarter turn clockwise": lambda r, c, n: (c, n - r),
    "turn the board a quarter turn anticlockwise": lambda r, c, n: (n - c, r),
}


def turned(board: str, words: str) -> str:
    """The board as a reader turns it by the book's words (square boards)."""
    n = round(len(board) ** 0.5)
    out = ["."] * len(board)
    for cell, ch in enumerate(board):
        r, c = TURNS[words](*divmod(cell, n), n - 1)
        out[r * n + c] = ch
    return "".join(out)


@pytest.mark.parametrize("player", ["x", "o"])
def test_a_folded_book_turns_the_board_and_still_plays_perfectly(player: str) -> None:
    tree = build_strategy(player, "default", fold=True)
    markdown = to_markdown(build_gamebook(tree))
    sections, opening = read_book(markdown)
    shape = (3, 3, 3)
    reached: set[int] = set()
    turns = 0

    def follow(board: str, replies: dict[int, str]) -> None:
        nonlocal turns
        for cell, text in replies.items():
            after = play(board, cell, to_move(board))
            link = LINK.search(text)
            if link is None:
                assert winner(after, shape) != ("o" if player == "x" else "x")
                continue
            m = re.match(r"(.*), then go to", text)
            if m:
                after = turned(after, m[1])
                turns += 1
            visit(int(link[1]), after)

    def visit(number: int, board: str) -> None:
        position, move, replies = sections[number]
        assert position == board, (number, position, board)
        if number in reached:
            return
        reached.add(number)
        after = play(board, move, player)
        assert -value(after, shape) == value(board, shape)
        follow(after, replies)

    if opening:
        follow("." * 9, opening)
    else:
        visit(1, "." * 9)
    assert reached == set(sections) and turns > 0
    assert len(sections) < build_gamebook(build_strategy(player)).sections.__len__()


def test_the_plain_text_reads_aloud() -> None:
    text = to_text(build_gamebook(build_strategy("x")))
    assert not re.search("[\u2500-\u257f§#`*]", text), "no box drawing, no symbols to spell out"
    assert "Section 1. Move 1." in text
    first = text.split("Section 2.")[0]
    assert "The board is empty: 3 rows of 3 cells." in first
    assert "Top row: X, O, empty." in text


# -- the plain text, read back as a listener would --------------------------------------

#: A 3x3 cell as a player names it (fact: by its row and column).
CELL_WORDS = {
    0: "the top-left corner", 1: "the top edge", 2: "the top-right corner",
    3: "the left edge", 4: "the centre", 5: "the right edge",
    6: "the bottom-left corner", 7: "the bottom edge", 8: "the bottom-right corner",
}  # fmt: skip
ROW_NAMES = ("Top row", "Middle row", "Bottom row")
TXT_REPLY = re.compile(r"^([XO]) plays (.*?) \(cell (\d+)\)(?:: |\. )(.*)$")


def spoken(lines: list[str]) -> str:
    """The board a listener hears, row by row, as a board string."""
    if lines == ["The board is empty: 3 rows of 3 cells."]:
        return "." * 9
    assert [line.split(":")[0] for line in lines] == list(ROW_NAMES), lines
    out = ""
    for line in lines:
        said = line.split(": ", 1)[1].rstrip(".")
        cells = ["empty"] * 3 if said == "empty" else said.split(", ")
        assert len(cells) == 3 and "empty, empty, empty" not in said, line
        out += "".join({"X": "x", "O": "o", "empty": "."}[c] for c in cells)
    return out


def read_text_book(text: str) -> tuple[dict[int, tuple[str, int, dict[int, str]]], dict[int, str]]:
    """Sections (number -> position, move, replies by cell, as ``read_book`` gives them
    from Markdown: a link written ``[§N](#sN)``) and the opening replies."""
    blocks = text.split("\n\n")
    sections: dict[int, tuple[str, int, dict[int, str]]] = {}
    opening: dict[int, str] = {}
    for block in blocks:
        lines = block.splitlines()
        head = re.fullmatch(r"Section (\d+)\. Move (\d+)\.", lines[0])
        replies = opening
        if head:
            board_at = next(i for i, line in enumerate(lines) if line.startswith("As a board "))
            board = lines[board_at].removeprefix("As a board string: ")
            assert spoken(lines[1:board_at]) == board, block
            assert int(head[2]) == board.count("x") + board.count("o") + 1
            move = TXT_REPLY.match(lines[board_at + 1])
            assert move and move[2] == CELL_WORDS[int(move[3])], lines[board_at + 1]
            replies = {}
            sections[int(head[1])] = (board, int(move[3]), replies)
            lines = lines[board_at + 2 :]
        for line in lines:
            reply = TXT_REPLY.match(line)
            if reply is None:
                # In a section only replies follow the move; the opening says who moves
                # and shows the board; the title and preface hold no reply.
                assert not head and (
                    not any(TXT_REPLY.match(other) for other in lines)
                    or line.endswith(("moves first. The board:", "is to move. The board:"))
                    or line.startswith((*ROW_NAMES, "The board is empty"))
                ), line
                continue
            assert reply[2] == CELL_WORDS[int(reply[3])], line
            said = re.sub(r"section (\d+)\.$", r"[§\1](#s\1).", reply[4])
            replies[int(reply[3])] = said
    return sections, opening


@pytest.mark.parametrize(("player", "fold"), [("x", False), ("o", False), ("o", True)])
def test_the_plain_text_book_says_what_the_markdown_says(player: str, fold: bool) -> None:
    """The plain text, read back as a listener hears it (boards said row by row, cells by
    name), is the Markdown book: the same sections, positions, moves, replies, turns and
    endings; and its preface counts the sections it has."""
    tree = build_strategy(player, "default", fold=fold)  # type: ignore[arg-type]
    gamebook = build_gamebook(tree)
    text, markdown = to_text(gamebook), to_markdown(gamebook)
    sections, opening = read_text_book(text)
    md_sections, md_opening = read_book(markdown)
    assert sections == md_sections and opening == md_opening
    for number, (_, move, _) in md_sections.items():
        assert re.search(rf"\*\*[XO] plays {CELL_WORDS[move]} \({move}\)\. ", markdown), number
    blocks = re.findall(r"position `([xo.]+)`:\n\n```text\n([^`]*)```", markdown)
    assert len(blocks) == len(md_sections)
    for board, rows in blocks:  # the board drawn as rows of marks, as the string says
        assert rows == "".join(" ".join(board[r : r + 3]) + "\n" for r in (0, 3, 6)), board
    count = len(sections)
    who, them = player.upper(), "O" if player == "x" else "X"
    preface = (
        f"There are {count} sections, one for each position where {who} chooses. Start at "
        f"section 1. Each section gives {who}'s move; then find {them}'s reply and go to the "
        "section it names."
    )
    assert preface in text and preface in markdown
    # From the empty board, O's book opens with X's first move; X's has no opening.
    assert (f"{them} moves first. The board:" in text) == (player == "o")
    assert "is to move. The board:" not in text
    turning = "share a section: such a reply says how to turn the board before reading on."
    assert (turning in text) == fold == (turning in markdown)
    assert "already over" not in text and "already over" not in markdown
    assert text.startswith(f"{who}'s strategy: a gamebook of optimal tic-tac-toe\n")
    assert (
        "The player is " + who + ", on the 3x3 board, three in a row, from the empty board." in text
    )
