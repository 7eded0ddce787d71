"""A gamebook (``gamebook.Book``) set as Markdown or as plain text.

Markdown links every reply to its section (``[§7](#s7)``, each section
opening with ``<a id="s7"></a>``) and gives each position in the notation of
``export`` as inline code, so a program can follow the book too. Plain text
is for reading aloud and for screen readers: no box drawing, no symbols a
voice would spell out; each board is said row by row.
"""

from __future__ import annotations

from ttt_maps.game.board import Board
from ttt_maps.strategies.gamebook import Book, Reply, Section, cell_words, mover

#: Row names on a board of three rows, as a reader says them.
_ROWS_3 = ("Top row", "Middle row", "Bottom row")


def opening_words(book: Book) -> str:
    """What comes before the opponent's first replies: ``O moves first`` or ``O is to move``."""
    _, them = mover(book)
    return f"{them} moves first" if book.root.count == 0 else f"{them} is to move"


def heading(book: Book) -> str:
    """The book's title: ``X's strategy``."""
    who, _ = mover(book)
    return f"{who}'s strategy: a gamebook of optimal tic-tac-toe"


def preface(book: Book) -> list[str]:
    """The paragraphs before §1: who plays, the policy, the board, how to read it."""
    who, them = mover(book)
    g = book.geometry
    count = len(book.sections)
    side = book.root.to_move.upper()
    where = "the empty board" if book.root.count == 0 else f"{book.root}, {side} to move"
    lines = [
        f"The player is {who}, on {g.describe()}, from {where}. "
        f"Among equally good moves the tie-break policy {book.policy} chooses.",
        f"There {'is 1 section' if count == 1 else f'are {count} sections'}, one for each position "
        f"where {who} chooses. Start at section 1. Each section gives {who}'s move; "
        f"then find {them}'s reply and go to the section it names.",
    ]
    if book.folded:
        lines.append(
            "Replies that are rotations or reflections of each other share a section: "
            "such a reply says how to turn the board before reading on."
        )
    return lines


def move_line(book: Book, section: Section, cell_ref: str) -> str:
    """``X plays the centre (4): holds the draw.`` (``cell_ref`` is how the cell is numbered)."""
    who, _ = mover(book)
    g = book.geometry
    line = f"{who} plays {cell_words(g, section.move)} ({cell_ref}): {section.reason}."
    if section.ending:
        line += f" The game is over: {section.ending}."
    return line


def reply_line(book: Book, reply: Reply, go: str, cell: str = "") -> str:
    """``O plays the top edge (1): go to §4`` (``go`` names the target as the format does,
    ``cell`` comes before the cell's number)."""
    _, them = mover(book)
    text = f"{them} plays {cell_words(book.geometry, reply.cell)} ({cell}{reply.cell})"
    if reply.target is None:
        return f"{text}: the game is over, {reply.ending}."
    if reply.turn:
        return f"{text}: {reply.turn}, then go to {go}."
    return f"{text}: go to {go}."


# -- Markdown ---------------------------------------------------------------------


def anchor(number: int, prefix: str = "") -> str:
    """The id a section's anchor carries in Markdown (``prefix`` keeps two books apart)."""
    return f"{prefix}s{number}"


def to_markdown(book: Book, prefix: str = "", level: int = 1) -> str:
    """The book as Markdown: linked sections, boards as code blocks and inline code;
    ``prefix`` starts every anchor and ``level`` is the title's heading level, for a
    book inside another page."""
    out = [f"{'#' * level} {heading(book)}", ""]
    for para in preface(book):
        out += [para, ""]
    if book.finished:
        out += [f"The game is already over at `{book.root}`: {book.finished}.", ""]
    if book.opening:
        out += [f"{opening_words(book)} at `{book.root}`:", ""]
        out += [*_board_block(book.root), ""]
        out += [f"- {reply_line(book, r, _md_link(r, prefix))}" for r in book.opening] + [""]
    for section in book.sections:
        out += [
            f'<a id="{anchor(section.number, prefix)}"></a>',
            "",
            f"{'#' * (level + 1)} §{section.number}",
            "",
            f"Move {section.move_number}, position `{section.board}`:",
            "",
            *_board_block(section.board),
            "",
            f"**{move_line(book, section, str(section.move))}**",
            "",
        ]
        out += [f"- {reply_line(book, r, _md_link(r, prefix))}" for r in section.replies]
        if section.replies:
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _md_link(reply: Reply, prefix: str) -> str:
    return f"[§{reply.target}](#{anchor(reply.target, prefix)})" if reply.target else ""


def _board_block(board: Board) -> list[str]:
    """The board as a fenced block of rows, ``x . o``."""
    cols = board.geometry.cols
    text = str(board)
    rows = [" ".join(text[i : i + cols]) for i in range(0, len(text), cols)]
    return ["```text", *rows, "```"]


# -- plain text --------------------------------------------------------------------


def to_text(book: Book) -> str:
    """The book as plain text that reads well aloud: boards said row by row."""
    out = [heading(book), ""]
    for para in preface(book):
        out += [para, ""]
    if book.finished:
        out += [f"The game is already over: {book.finished}.", ""]
    if book.opening:
        out += [f"{opening_words(book)}. The board:", *spoken_board(book.root), ""]
        out += [reply_line(book, r, f"section {r.target}", "cell ") for r in book.opening]
        out.append("")
    for section in book.sections:
        out += [
            f"Section {section.number}. Move {section.move_number}.",
            *spoken_board(section.board),
            f"As a board string: {section.board}",
            move_line(book, section, f"cell {section.move}"),
        ]
        out += [reply_line(book, r, f"section {r.target}", "cell ") for r in section.replies]
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def spoken_board(board: Board) -> list[str]:
    """A board said row by row: ``Top row: X, empty, O.``; a row with nothing on it is
    ``empty``, and an empty board one line."""
    g = board.geometry
    if board.count == 0:
        return [f"The board is empty: {g.rows} rows of {g.cols} cells."]
    lines = []
    for r in range(g.rows):
        marks = [board.mark_at(r * g.cols + c) for c in range(g.cols)]
        name = _ROWS_3[r] if g.rows == 3 else f"Row {r + 1}"
        if not any(marks):
            lines.append(f"{name}: empty.")
        else:
            said = ", ".join("empty" if m is None else m.upper() for m in marks)
            lines.append(f"{name}: {said}.")
    return lines
