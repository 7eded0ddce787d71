"""Strategy trees, everything a map draws: the player's chosen move and every reply
(``strategy``, made of ``nodes``), how big a map is before it is built (``size``), and
the whole game, every move of both players (``whole``). The drawing stages read only
these trees."""
