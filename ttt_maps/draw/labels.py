"""Boards in words for a screen reader: the accessible name of each board a map draws.

An SVG map is a graphics document, and each board a group named for what it
shows: the move that led to it and the move played there.
"""

from __future__ import annotations

from ttt_maps.game.names import cell_name
from ttt_maps.strategies.nodes import Node


def board_label(node: Node, path: tuple[tuple[str, int], ...]) -> str:
    """A board in words for a screen reader: the move that led to it and the move
    played there (``After O top: X plays centre``), or whose turn it is."""
    g = node.board.geometry
    who = node.board.to_move.upper()
    after = f"After {path[-1][0].upper()} {cell_name(g, path[-1][1])}: " if path else ""
    move = node.move
    if move is None:
        return f"{after}{who} to move"
    return f"{after}{who} plays {cell_name(g, move)}"
