"""Cells as a player names them: ``top-left corner``, ``centre`` on 3x3; row and column elsewhere.

Kept apart from the games played against a map (``strategies.match``) so that a
drawing can name its boards' moves without loading what a game needs.
"""

from __future__ import annotations

from ttt_maps.game.geometry import Geometry

#: Cell names on the 3x3 board, as a player reads them; bigger boards use row and column.
#: The viewer's breadcrumbs and status line say the same (``cellName`` in
#: ``backends/viewer/tree.js``).
NAMES_3X3 = (
    "top-left corner", "top edge", "top-right corner", "left edge", "centre", "right edge",
    "bottom-left corner", "bottom edge", "bottom-right corner",
)  # fmt: skip


def cell_name(geometry: Geometry, cell: int) -> str:
    """``top-left corner``, ``top edge``, ``centre`` on the 3x3 board (the viewer, play and
    the comparison's notes say the same), ``row 2, column 3`` on others."""
    if geometry.rows == geometry.cols == 3:
        return NAMES_3X3[cell]
    return f"row {cell // geometry.cols + 1}, column {cell % geometry.cols + 1}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... (``11th``, ``12th``, ``13th``): a move's number
    as the sheets and the table say it."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def move_heading(player: str, plies: int) -> str:
    """``X's 2nd move``: the heading of the positions a player meets after ``plies``."""
    return f"{player.upper()}'s {ordinal(plies // 2 + 1)} move"
