"""Why a move: a reason for every legal move of every position, from the solved game
and the lines on the board (``explain``), made of the facts of a position (``facts``)
and the lines of play that force a win or refute a mistake (``lines``). Policies,
trees, gamebooks and audits read them; nothing here chooses a move."""
