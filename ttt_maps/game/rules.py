"""The human-style rule player: a rule list, no search (win; block; the opening
rules; fork; threat; any move), as a person taught the game plays it.

``rule_moves`` returns the first rule that applies and every cell it allows.
Where the rule player of the original program shuffles a list of cells, all of
them are allowed; where it fixes one cell that the rule's words leave open (a corner "adjacent" to a
taken edge, the "last attack found"), every cell the words describe is
allowed, so an audit of these sets covers every pick that program could make.
"""

from __future__ import annotations

from ttt_maps.game.position import Position

#: Rule names in the order the player tries them.
RULES = ("win", "block", "opening", "fork", "threat", "any")


def completing_cells(board: Position, mine: int, theirs: int) -> set[int]:
    """Empty cells that would complete a line for the side holding ``mine``."""
    g = board.geometry
    occupied = board.x | board.o
    out: set[int] = set()
    for line in g.lines:
        if line & theirs:
            continue
        missing = line & ~mine
        if missing.bit_count() == 1 and not missing & occupied:
            out.add(missing.bit_length() - 1)
    return out


def _masks(board: Position) -> tuple[int, int]:
    """(mover's bits, opponent's bits)."""
    return (board.x, board.o) if board.to_move == "x" else (board.o, board.x)


def _opening(board: Position) -> set[int]:
    """The opening rules for the first three plies (fewer than 4 marks)."""
    g = board.geometry
    free = set(board.moves())
    edges_taken = {c for c in g.edges if board.mark_at(c)}
    if board.to_move == "x" and not edges_taken:
        return free & g.corners
    if any(board.mark_at(c) == "o" for c in g.centers):
        if edges_taken:
            adjacent = {c for c in g.corners if any(_touch(g.rc(c), g.rc(e)) for e in edges_taken)}
            return free & adjacent
        return free & g.edges
    centre = free & g.centers
    return centre or free & g.corners


def _touch(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Do two cells share a side?"""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _attacks(board: Position) -> tuple[set[int], set[int]]:
    """(forks, threats): moves that make two open lines, and moves that make one."""
    mine, theirs = _masks(board)
    forks: set[int] = set()
    threats: set[int] = set()
    for c in board.moves():
        after = mine | 1 << c
        occupied = board.x | board.o | 1 << c
        open_lines = 0
        for line in board.geometry.lines:
            missing = line & ~after
            if not line & theirs and missing.bit_count() == 1 and not missing & occupied:
                open_lines += 1
        if open_lines >= 2:
            forks.add(c)
        elif open_lines == 1:
            threats.add(c)
    return forks, threats


def rule_moves(board: Position) -> tuple[str, set[int]]:
    """The first rule that applies to this position and the moves it allows."""
    mine, theirs = _masks(board)
    wins = completing_cells(board, mine, theirs)
    if wins:
        return "win", wins
    blocks = completing_cells(board, theirs, mine)
    if blocks:
        return "block", blocks
    if board.count < 4:
        opening = _opening(board)
        if opening:
            return "opening", opening
    forks, threats = _attacks(board)
    if forks:
        return "fork", forks
    if threats:
        return "threat", threats
    return "any", set(board.moves())
