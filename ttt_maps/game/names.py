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
