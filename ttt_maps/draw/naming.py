"""What a drawing calls its game: the board, and the rules when they are misère.

Titles, descriptions and the rules sentence of every drawing come from here,
so a misère map says so wherever a normal one names its board.
"""

from __future__ import annotations

from ttt_maps.game.geometry import STANDARD, Geometry


def game_name(g: Geometry) -> str:
    """``tic-tac-toe``, or ``misère tic-tac-toe``."""
    return "misère tic-tac-toe" if g.misere else "tic-tac-toe"


def on_board(g: Geometry) -> str:
    """`` on the 3x4 board, three in a row`` for a board other than 3x3, else nothing."""
    normal = g.with_rules("normal")
    return "" if normal == STANDARD else f" on {normal.describe()}"


def rules_line(g: Geometry) -> str:
    """The sentence a misère drawing adds to its instructions ("" under normal rules)."""
    if not g.misere:
        return ""
    return f"Misère: {g.k_words} loses. A line marks a loss for the player who completed it."
