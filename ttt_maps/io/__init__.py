"""What every stage may share for input and output: files written safely and
read within bounds (``files``), and the progress bar on a terminal
(``progress``). Imports nothing of the game."""
