"""Boards in words for a screen reader: the accessible name of each board a map draws.

An SVG map is a graphics document, and each board a group named for what it
shows: the move that led to it and the move played there.
"""

from __future__ import annotations

from ttt_maps.game.cell_names import cell_name, cell_terse
from ttt_maps.language import tr
from ttt_maps.trees.nodes import Node


def board_label(node: Node, path: tuple[tuple[str, int], ...]) -> str:
    """A board in words for a screen reader: the move that led to it and the move
    played there (``After O top: X plays centre``), or whose turn it is."""
    g = node.board.geometry
    said: dict[str, object] = {"mover": node.board.to_move.upper()}
    if path:
        said.update(player=path[-1][0].upper(), cell=cell_name(g, path[-1][1]))
    move = node.move
    if move is None:
        if path:
            return tr("After {player} {cell}: {mover} to move", **said)
        return tr("{mover} to move", **said)
    said["move"] = cell_terse(g, move)
    if path:
        return tr("After {player} {cell}: {mover} plays {move}", **said)
    return tr("{mover} plays {move}", **said)
