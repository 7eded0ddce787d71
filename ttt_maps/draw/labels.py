"""Boards in words for a screen reader: the accessible name of each board a map draws.

An SVG map is a graphics document, and each board a group named for what it
shows: the move that led to it and the move played there.
"""

from __future__ import annotations

from ttt_maps.game.cell_names import cell_after, cell_to
from ttt_maps.language import tr
from ttt_maps.trees.nodes import Node


def board_label(node: Node, path: tuple[tuple[str, int], ...]) -> str:
    """A board in words for a screen reader: the move that led to it and the move
    played there (``After O's move to the top edge, X plays the centre``), or whose
    turn it is. Each is one message: the cells in the forms their place asks."""
    g = node.board.geometry
    said: dict[str, object] = {"mover": node.board.to_move.upper()}
    if path:
        said.update(player=path[-1][0].upper(), cell=cell_after(g, path[-1][1]))
    move = node.move
    if move is None:
        if path:
            return tr("After {player}'s move {cell}, {mover} is to move", **said)
        return tr("{mover} is to move", **said)
    said["move"] = cell_to(g, move)
    if path:
        return tr("After {player}'s move {cell}, {mover} plays {move}", **said)
    return tr("{mover} plays {move}", **said)
