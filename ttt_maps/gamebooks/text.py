"""A gamebook (``gamebook.Gamebook``) set as Markdown or as plain text.

Markdown links every reply to its section (``[§7](#s7)``, each section
opening with ``<a id="s7"></a>``) and gives each position in the notation of
``export`` as inline code, so a program can follow the gamebook too. Plain text
is for reading aloud and for screen readers: no box drawing, no symbols a
voice would spell out; each board is said row by row.
"""

from __future__ import annotations

import re

from ttt_maps.errors import escaped
from ttt_maps.game.cell_names import board_words
from ttt_maps.game.position import Position
from ttt_maps.gamebooks.book import Gamebook, Reply, Section, cell_words, mover
from ttt_maps.language import N_, current, number, tr, tr_n

#: Row names on a board of three rows, as a reader says them.
_ROWS_3 = (N_("Top row"), N_("Middle row"), N_("Bottom row"))


def opening_words(gamebook: Gamebook, board: str) -> str:
    """What comes before the opponent's first replies: ``O moves first at BOARD:`` or ``O is
    to move at BOARD:`` (``board`` as the format writes a position)."""
    _, them = mover(gamebook)
    if gamebook.root.count == 0:
        return tr("{opponent} moves first at {board}:", opponent=them, board=board)
    return tr("{opponent} is to move at {board}:", opponent=them, board=board)


def heading(gamebook: Gamebook) -> str:
    """The gamebook's title: ``X's strategy``."""
    who, _ = mover(gamebook)
    return tr("{player}'s strategy: a gamebook of optimal tic-tac-toe", player=who)


def preface(gamebook: Gamebook) -> list[str]:
    """The paragraphs before §1: who plays, the policy, the board, how to read it."""
    who, them = mover(gamebook)
    said = {
        "player": who,
        "opponent": them,
        "board": board_words(gamebook.geometry),
        "policy": escaped(gamebook.policy),
    }
    count = len(gamebook.sections)
    if gamebook.root.count == 0:
        first = tr(
            "The player is {player}, on {board}, from the empty board. Among equally good "
            "moves the tie-break policy {policy} chooses.",
            **said,
        )
    else:
        first = tr(
            "The player is {player}, on {board}, from {position}, {mover} to move. Among "
            "equally good moves the tie-break policy {policy} chooses.",
            position=str(gamebook.root),
            mover=gamebook.root.to_move.upper(),
            **said,
        )
    lines = [
        first,
        tr_n(
            "There is {n} section, one for each position where {player} chooses. Start at "
            "section 1. Each section gives {player}'s move; then find {opponent}'s reply and "
            "go to the section it names.",
            "There are {n} sections, one for each position where {player} chooses. Start at "
            "section 1. Each section gives {player}'s move; then find {opponent}'s reply and "
            "go to the section it names.",
            count,
            n=number(count),
            **said,
        ),
    ]
    if gamebook.folded:
        lines.append(
            tr(
                "Replies that are rotations or reflections of each other share a section: "
                "such a reply says how to turn the board before reading on."
            )
        )
    return lines


def move_line(gamebook: Gamebook, section: Section, cell_ref: str) -> str:
    """``X plays the centre (cell 4). X takes the centre, on 4 lines, and holds the draw.``:
    the move, its reason and how the game ends, if it does, each a whole sentence
    (``cell_ref`` is how the cell is numbered)."""
    who, _ = mover(gamebook)
    move = tr(
        "{player} plays {cell} ({ref}).",
        player=who,
        cell=cell_words(gamebook.geometry, section.move),
        ref=cell_ref,
    )
    # TRANSLATORS: the move and its reason, two whole sentences; a language may turn them.
    said = tr("{move} {reason}", move=move, reason=section.reason)
    if section.ending:
        # TRANSLATORS: the move and its reason, then how the game ended, three sentences.
        return tr(
            "{move} {reason} {ending}", move=move, reason=section.reason, ending=section.ending
        )
    return said


def reply_line(gamebook: Gamebook, reply: Reply, go: str, cell_ref: str = "") -> str:
    """``O plays the top edge (1): go to §4.`` (``go`` names the target as the format does,
    ``cell_ref`` the cell's number: ``1`` or ``cell 1``)."""
    _, them = mover(gamebook)
    said = {
        "opponent": them,
        "cell": cell_words(gamebook.geometry, reply.cell),
        "ref": cell_ref or str(reply.cell),
    }
    if reply.target is None:
        move = tr("{opponent} plays {cell} ({ref}).", **said)
        # TRANSLATORS: a reply and how the game ended with it, two whole sentences.
        return tr("{move} {ending}", move=move, ending=reply.ending)
    if reply.turn:
        return tr(
            "{opponent} plays {cell} ({ref}): {turn}, then go to {target}.",
            turn=reply.turn,
            target=go,
            **said,
        )
    return tr("{opponent} plays {cell} ({ref}): go to {target}.", target=go, **said)


def cell_ref(cell: int) -> str:
    """A cell's number as plain text says it: ``cell 4``."""
    return tr("cell {cell}", cell=cell)


def section_ref(number: int | None) -> str:
    """A section as plain text names it: ``section 7``."""
    return tr("section {number}", number=number)


# -- Markdown ---------------------------------------------------------------------


#: What Markdown reads as markup or HTML inside a line of text, in CommonMark, GitHub's,
#: pandoc's and Python-Markdown's dialects alike (emphasis, code, links, raw HTML,
#: entities, math, citations, sub- and superscripts, attributes, tables).
_MARKUP = re.compile(r"[&<>\\`*_~^$@\[\]{}|]")
#: What an anchor's prefix may hold: letters, digits, ``-`` and ``_`` (a URL fragment
#: and an HTML id as they are).
_NOT_ID = re.compile(r"[^A-Za-z0-9_-]+")


def md_text(text: str) -> str:
    """Text as Markdown that shows it as it is, never as markup: each character that could
    start markup is a numeric character reference (``&#60;``), which every dialect shows
    as the character (a backslash escape is not understood by all); the text holds no
    line break or control character (``escaped`` first, where a user's value enters)."""
    return _MARKUP.sub(lambda m: f"&#{ord(m[0])};", text)


def anchor(number: int, prefix: str = "") -> str:
    """The id a section's anchor carries in Markdown (``prefix`` keeps two gamebooks apart; any
    character an id or a link could not hold as it is becomes ``-``)."""
    return f"{_NOT_ID.sub('-', prefix)}s{number}"


def to_markdown(gamebook: Gamebook, prefix: str = "", level: int = 1) -> str:
    """The gamebook as Markdown: linked sections, boards as code blocks and inline code;
    ``prefix`` starts every anchor and ``level`` is the title's heading level, for a
    gamebook inside another page."""
    out = [f"{'#' * level} {md_text(heading(gamebook))}", ""]
    for para in preface(gamebook):
        out += [md_text(para), ""]
    root = f"`{gamebook.root}`"
    if gamebook.opening:
        out += [opening_words(gamebook, root), ""]
        out += [*_board_block(gamebook.root), ""]
        out += [f"- {reply_line(gamebook, r, _md_link(r, prefix))}" for r in gamebook.opening] + [
            ""
        ]
    for section in gamebook.sections:
        position = f"`{section.board}`"
        out += [
            f'<a id="{anchor(section.number, prefix)}"></a>',
            "",
            f"{'#' * (level + 1)} §{section.number}",
            "",
            tr("Move {number}, position {board}:", number=section.move_number, board=position),
            "",
            *_board_block(section.board),
            "",
            f"**{move_line(gamebook, section, str(section.move))}**",
            "",
        ]
        out += [f"- {reply_line(gamebook, r, _md_link(r, prefix))}" for r in section.replies]
        if section.replies:
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def front_matter() -> str:
    """The YAML front matter a Markdown gamebook file starts with: the language it is
    written in (pandoc, Quarto and static site builders read ``lang``)."""
    return f"---\nlang: {current()}\n---\n\n"


def _md_link(reply: Reply, prefix: str) -> str:
    return f"[§{reply.target}](#{anchor(reply.target, prefix)})" if reply.target else ""


def _board_block(board: Position) -> list[str]:
    """The board as a fenced block of rows, ``x . o``."""
    cols = board.geometry.cols
    text = str(board)
    rows = [" ".join(text[i : i + cols]) for i in range(0, len(text), cols)]
    return ["```text", *rows, "```"]


# -- plain text --------------------------------------------------------------------


def to_text(gamebook: Gamebook) -> str:
    """The gamebook as plain text that reads well aloud: boards said row by row."""
    out = [heading(gamebook), ""]
    for para in preface(gamebook):
        out += [para, ""]
    if gamebook.opening:
        out += [opening_text(gamebook), *spoken_board(gamebook.root), ""]
        out += [
            reply_line(gamebook, r, section_ref(r.target), cell_ref(r.cell))
            for r in gamebook.opening
        ]
        out.append("")
    for section in gamebook.sections:
        out += [
            tr("Section {number}. Move {move}.", number=section.number, move=section.move_number),
            *spoken_board(section.board),
            tr("As a board string: {board}", board=section.board),
            move_line(gamebook, section, cell_ref(section.move)),
        ]
        out += [
            reply_line(gamebook, r, section_ref(r.target), cell_ref(r.cell))
            for r in section.replies
        ]
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def opening_sentence(gamebook: Gamebook) -> str:
    """``O moves first.`` or ``O is to move.``"""
    _, them = mover(gamebook)
    if gamebook.root.count == 0:
        return tr("{opponent} moves first.", opponent=them)
    return tr("{opponent} is to move.", opponent=them)


def opening_text(gamebook: Gamebook) -> str:
    """``O moves first. The board:`` before a board said aloud."""
    _, them = mover(gamebook)
    if gamebook.root.count == 0:
        return tr("{opponent} moves first. The board:", opponent=them)
    return tr("{opponent} is to move. The board:", opponent=them)


def spoken_board(board: Position) -> list[str]:
    """A board said row by row: ``Top row: X, empty, O.``; a row with nothing on it is
    ``empty``, and an empty board one line."""
    g = board.geometry
    if board.count == 0:
        cells = tr_n("{n} cell", "{n} cells", g.cols, n=str(g.cols))
        return [
            tr_n(
                "The board is empty: {n} row of {cells}.",
                "The board is empty: {n} rows of {cells}.",
                g.rows,
                n=str(g.rows),
                cells=cells,
            )
        ]
    lines = []
    empty = tr("empty")
    for r in range(g.rows):
        marks = [board.mark_at(r * g.cols + c) for c in range(g.cols)]
        name = tr(_ROWS_3[r]) if g.rows == 3 else tr("Row {number}", number=r + 1)
        if not any(marks):
            lines.append(tr("{row}: empty.", row=name))
        else:
            said = ", ".join(empty if m is None else m.upper() for m in marks)
            lines.append(tr("{row}: {cells}.", row=name, cells=said))
    return lines
