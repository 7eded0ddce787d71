"""The solved game's known facts: games and positions counted without the solver
(``games``), and with it who wins and the size of each preset's map (``facts``)."""
