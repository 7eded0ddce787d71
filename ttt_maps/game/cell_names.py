"""Cells as a player names them: ``top-left corner``, ``centre`` on 3x3; row and column elsewhere.

Kept apart from the games played against a map (``play.game``) so that a
drawing can name its boards' moves without loading what a game needs. A cell
has a name (``top-left corner``) and is said differently as the place a move
goes (``X plays the top-left corner``), the place a mark is (``in the top-left
corner``) and after a move there (``after X's move to the top-left corner``):
other languages need a preposition or a case in each, so each form is a message
of its own, told apart by its context.
"""

from __future__ import annotations

from ttt_maps.game.geometry import Geometry
from ttt_maps.language import N_, NC_, ordinal, tr, tr_ctx

#: Cell names on the 3x3 board, as a player reads them; bigger boards use row and column.
#: The viewer's breadcrumbs and status line say the same (its words come from here).
NAMES_3X3 = (
    N_("top-left corner"), N_("top edge"), N_("top-right corner"), N_("left edge"),
    N_("centre"), N_("right edge"), N_("bottom-left corner"), N_("bottom edge"),
    N_("bottom-right corner"),
)  # fmt: skip
#: The forms of a cell's name in a sentence, each a message of its own told apart by its
#: context, so that a language gives each its preposition and its case (Russian ``в
#: левый верхний угол`` where a move goes, ``в левом верхнем углу`` where a mark is):
#: where a move goes (``X plays the centre``), where a mark is (``a mark in the
#: centre``), and after a move there (``after X's move to the centre``).
TO_CELL = "to the cell"
IN_CELL = "in the cell"
AFTER_MOVE = "after a move to the cell"
TO_3X3 = (
    NC_("to the cell", "the top-left corner"), NC_("to the cell", "the top edge"),
    NC_("to the cell", "the top-right corner"), NC_("to the cell", "the left edge"),
    NC_("to the cell", "the centre"), NC_("to the cell", "the right edge"),
    NC_("to the cell", "the bottom-left corner"), NC_("to the cell", "the bottom edge"),
    NC_("to the cell", "the bottom-right corner"),
)  # fmt: skip
IN_3X3 = (
    NC_("in the cell", "in the top-left corner"), NC_("in the cell", "on the top edge"),
    NC_("in the cell", "in the top-right corner"), NC_("in the cell", "on the left edge"),
    NC_("in the cell", "in the centre"), NC_("in the cell", "on the right edge"),
    NC_("in the cell", "in the bottom-left corner"), NC_("in the cell", "on the bottom edge"),
    NC_("in the cell", "in the bottom-right corner"),
)  # fmt: skip
AFTER_3X3 = (
    NC_("after a move to the cell", "to the top-left corner"),
    NC_("after a move to the cell", "to the top edge"),
    NC_("after a move to the cell", "to the top-right corner"),
    NC_("after a move to the cell", "to the left edge"),
    NC_("after a move to the cell", "to the centre"),
    NC_("after a move to the cell", "to the right edge"),
    NC_("after a move to the cell", "to the bottom-left corner"),
    NC_("after a move to the cell", "to the bottom edge"),
    NC_("after a move to the cell", "to the bottom-right corner"),
)  # fmt: skip
#: Each form on a board other than 3x3, by row and column.
ROW_COL = {
    TO_CELL: NC_("to the cell", "the cell in row {row}, column {col}"),
    IN_CELL: NC_("in the cell", "in the cell in row {row}, column {col}"),
    AFTER_MOVE: NC_("after a move to the cell", "to the cell in row {row}, column {col}"),
}
FORMS_3X3 = {TO_CELL: TO_3X3, IN_CELL: IN_3X3, AFTER_MOVE: AFTER_3X3}


def _is_3x3(geometry: Geometry) -> bool:
    return geometry.rows == geometry.cols == 3


def _row_col(geometry: Geometry, cell: int) -> dict[str, int]:
    return {"row": cell // geometry.cols + 1, "col": cell % geometry.cols + 1}


def cell_name(geometry: Geometry, cell: int) -> str:
    """``top-left corner``, ``top edge``, ``centre`` on the 3x3 board (the viewer, play and
    the comparison's notes say the same), ``row 2, column 3`` on others: the name alone,
    as a label or in a list."""
    if _is_3x3(geometry):
        return tr(NAMES_3X3[cell])
    return tr("row {row}, column {col}", **_row_col(geometry, cell))


def cell_form(geometry: Geometry, cell: int, form: str) -> str:
    """A cell's name in one of its forms in a sentence: ``TO_CELL`` (``X plays the
    centre``), ``IN_CELL`` (``a mark in the centre``) or ``AFTER_MOVE`` (``after X's move
    to the centre``); by row and column on a board other than 3x3."""
    if _is_3x3(geometry):
        return tr_ctx(form, FORMS_3X3[form][cell])
    return tr_ctx(form, ROW_COL[form], **_row_col(geometry, cell))


def cell_to(geometry: Geometry, cell: int) -> str:
    """A cell as the place a move goes: ``the top-left corner``, ``the cell in row 2,
    column 3`` (``X plays the centre``)."""
    return cell_form(geometry, cell, TO_CELL)


def cell_in(geometry: Geometry, cell: int) -> str:
    """A cell as the place a mark is: ``in the top-left corner``."""
    return cell_form(geometry, cell, IN_CELL)


def cell_after(geometry: Geometry, cell: int) -> str:
    """A cell as the place a move went, after which something follows: ``to the
    centre`` (``After X's move to the centre, O plays the top edge.``)."""
    return cell_form(geometry, cell, AFTER_MOVE)


def k_word(geometry: Geometry) -> str:
    """``three``: how many marks complete a line, in words."""
    return geometry.k_in_words()


def board_words(geometry: Geometry) -> str:
    """The board for a reader: ``the 3x3 board, three in a row``, and under misère ``the
    3x3 board, misère: three in a row loses`` (``Geometry.in_words``)."""
    return geometry.in_words()


def move_heading(player: str, plies: int) -> str:
    """``X's 2nd move``: the heading of the positions a player meets after ``plies``."""
    return tr("{player}'s {ordinal} move", player=player.upper(), ordinal=ordinal(plies // 2 + 1))
