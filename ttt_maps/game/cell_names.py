"""Cells as a player names them: ``top-left corner``, ``centre`` on 3x3; row and column elsewhere.

Kept apart from the games played against a map (``play.game``) so that a
drawing can name its boards' moves without loading what a game needs. A cell
has a name (``top-left corner``) and is said differently as the place a move
goes (``X plays the top-left corner``): other languages need a preposition or
a case there, so each is a message of its own.
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
#: The same cells as the place a move goes, in a sentence: ``X plays the centre``.
PLACES_3X3 = (
    NC_("plays", "the top-left corner"), NC_("plays", "the top edge"),
    NC_("plays", "the top-right corner"), NC_("plays", "the left edge"),
    NC_("plays", "the centre"), NC_("plays", "the right edge"),
    NC_("plays", "the bottom-left corner"), NC_("plays", "the bottom edge"),
    NC_("plays", "the bottom-right corner"),
)  # fmt: skip
#: The same again in a terse line, where English drops the article: ``X plays centre``.
TERSE_3X3 = (
    NC_("plays, terse", "top-left corner"), NC_("plays, terse", "top edge"),
    NC_("plays, terse", "top-right corner"), NC_("plays, terse", "left edge"),
    NC_("plays, terse", "centre"), NC_("plays, terse", "right edge"),
    NC_("plays, terse", "bottom-left corner"), NC_("plays, terse", "bottom edge"),
    NC_("plays, terse", "bottom-right corner"),
)  # fmt: skip


def _is_3x3(geometry: Geometry) -> bool:
    return geometry.rows == geometry.cols == 3


def _row_col(geometry: Geometry, cell: int) -> dict[str, int]:
    return {"row": cell // geometry.cols + 1, "col": cell % geometry.cols + 1}


def cell_name(geometry: Geometry, cell: int) -> str:
    """``top-left corner``, ``top edge``, ``centre`` on the 3x3 board (the viewer, play and
    the comparison's notes say the same), ``row 2, column 3`` on others."""
    if _is_3x3(geometry):
        return tr(NAMES_3X3[cell])
    return tr("row {row}, column {col}", **_row_col(geometry, cell))


def cell_place(geometry: Geometry, cell: int, *, cell_at: bool = False) -> str:
    """A cell as the place a move goes: ``the top-left corner`` on 3x3, ``row 2, column 3``
    on others (``the cell at row 2, column 3`` with ``cell_at``)."""
    if _is_3x3(geometry):
        return tr_ctx("plays", PLACES_3X3[cell])
    if cell_at:
        return tr_ctx("plays", "the cell at row {row}, column {col}", **_row_col(geometry, cell))
    return tr_ctx("plays", "row {row}, column {col}", **_row_col(geometry, cell))


def cell_terse(geometry: Geometry, cell: int) -> str:
    """A cell as the place a move goes in a terse line: ``top-left corner``, ``row 2,
    column 3`` (``X plays centre``)."""
    if _is_3x3(geometry):
        return tr_ctx("plays, terse", TERSE_3X3[cell])
    return tr_ctx("plays, terse", "row {row}, column {col}", **_row_col(geometry, cell))


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
