"""The game itself, stage 1: board geometries (rows, columns, k in a row, lines,
symmetries), positions as bitmasks, cells named as a player names them, and the human-style
rule player. Knows nothing of solving or drawing."""
