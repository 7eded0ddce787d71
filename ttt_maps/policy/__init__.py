"""Tie-break policies: a chain of keys (``keys``) that keeps narrowing the optimal
moves of a position to one (``policy``), as users write chains and presets
(``chains``), the opening books a ``book:`` key reads (``books``), and which key
chose a move and by what figure (``tiebreak``)."""
