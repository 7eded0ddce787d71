"""The old name of ``ttt_maps.game.position``: ``Board`` is ``Position``."""

from ttt_maps.game.position import *  # noqa: F403
from ttt_maps.game.position import Position

Board = Position
