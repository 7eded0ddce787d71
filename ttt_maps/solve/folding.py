"""Folding by symmetry: equivalent replies drawn once (``--fold``).

Where a position has symmetries (the empty board has eight; most deep ones
none), replies that its rotations and reflections carry onto each other lead
to positions that are rotations or reflections of each other: one sub-map,
turned, serves them all. A folded map draws each such set of replies once, in
its **representative**, the lowest-numbered cell of the set (the first in
reading order), and records for every other reply of the set the symmetry
that turns the representative's sub-map onto it (``Fold``).

The folded map's player plays, in a turned cell, the turned move of the
representative: ``FoldWalk`` follows a game through the folds (``play``), and
``folded_picks`` gives ``check`` the moves a folded strategy file allows at a
position it does not list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import NamedTuple

from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Position
from ttt_maps.game.symmetry import Fold, canonicaliser, images, inverse, stabiliser
from ttt_maps.solve.registry import solver_for
from ttt_maps.solve.solver import Children


class Folding(NamedTuple):
    """A position's replies, folded: the representatives (as ``Solver.children`` gives
    replies: cell and position after, ascending) and the replies they stand for."""

    replies: Children
    folds: tuple[Fold, ...]


class Folder:
    """The folded replies of positions of one board, memoised (``folder_for``)."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self.solver = solver_for(geometry)
        self._memo: dict[int, Folding] = {}

    def fold(self, key: int) -> Folding:
        """The replies at a legal position, each set of equivalent ones by its representative."""
        hit = self._memo.get(key)
        if hit is None:
            replies = self.solver.children(key)
            stab = stabiliser(self.geometry, key)
            if len(stab) == 1 or not replies:
                hit = Folding(replies, ())
            else:
                perms = [self.geometry.symmetries[i] for i in stab]
                seen: set[int] = set()
                reps: list[tuple[int, int]] = []
                folds: list[Fold] = []
                for cell, after in replies:  # ascending: the first of a set is its lowest
                    if cell in seen:
                        continue
                    reps.append((cell, after))
                    seen.add(cell)
                    for index, perm in zip(stab, perms, strict=True):
                        image = perm[cell]
                        if image not in seen:
                            seen.add(image)
                            folds.append(Fold(image, cell, index))
                hit = Folding(tuple(reps), tuple(sorted(folds)))
            self._memo[key] = hit
        return hit

    def replies(self, key: int) -> Children:
        """Only the representatives of a position's replies."""
        return self.fold(key).replies

    def classes(self, key: int, cells: list[int], keep: int | None = None) -> list[int]:
        """One cell per set of ``cells`` that a symmetry of the position carries onto each
        other: ``keep`` for its own set, else the lowest (equivalent moves are one choice)."""
        perms = [self.geometry.symmetries[i] for i in stabiliser(self.geometry, key)]
        out: list[int] = []
        taken: set[int] = set()
        for cell in ([keep] if keep in cells else []) + sorted(cells):
            if cell not in taken:
                out.append(cell)
                taken.update(perm[cell] for perm in perms)
        return sorted(out)


@lru_cache(maxsize=8)
def folder_for(geometry: Geometry) -> Folder:
    """One shared folder per board (like ``registry.solver_for``)."""
    return Folder(geometry)


class FoldWalk:
    """A game followed through a folded map: where on the drawn map it is, and how turned.

    ``drawn`` is the position the map draws for the game's position, ``turn``
    (an index into ``geometry.symmetries``) carries ``drawn`` onto the game's.
    Only the replies to the map's side are folded; a game that leaves the map
    (a stray move) is followed from where it went.
    """

    def __init__(self, start: Position, side: str) -> None:
        self.geometry = start.geometry
        self.side = side
        self.folder = folder_for(self.geometry)
        self.drawn = start.key
        self.turn = 0

    def map_move(self, choose: Callable[[int], int]) -> int:
        """The map's move in the game: its drawn move, turned as the game is."""
        return self.geometry.symmetries[self.turn][choose(self.drawn)]

    def played(self, board: Position, cell: int) -> None:
        """Follow the move ``cell`` made on ``board`` (the game's position)."""
        g = self.geometry
        if images(g, self.drawn)[self.turn] != board.key:
            self.drawn, self.turn = board.key, 0
        own = g.symmetries[inverse(g, self.turn)][cell]
        play = self.folder.solver.play
        if board.to_move != self.side:
            for fold in self.folder.fold(self.drawn).folds:
                if fold.cell == own:  # drawn as its representative, turned
                    self.drawn = play(self.drawn, fold.rep)
                    outer, inner = g.symmetries[self.turn], g.symmetries[fold.turn]
                    self.turn = g.symmetries.index(tuple(outer[c] for c in inner))
                    return
        self.drawn = play(self.drawn, own)


def folded_picks(geometry: Geometry, moves: Mapping[int, int]) -> Callable[[Position], list[int]]:
    """The moves a folded strategy allows at a position: each listed position that a
    rotation or reflection carries onto it gives its move, carried along.

    Equivalent listed positions may give moves that are not equivalent (the map
    drew them apart): all of them are allowed, and all are audited.
    """
    canonical = canonicaliser(geometry)
    by_class: dict[int, list[tuple[int, int]]] = {}
    for key, cell in sorted(moves.items()):
        by_class.setdefault(canonical(key), []).append((key, cell))

    def picks(board: Position) -> list[int]:
        out: set[int] = set()
        for key, cell in by_class.get(canonical(board.key), ()):
            for perm, image in zip(geometry.symmetries, images(geometry, key), strict=True):
                if image == board.key:  # a cell off the board stays as it is: illegal
                    out.add(perm[cell] if 0 <= cell < geometry.size else cell)
        return sorted(out)

    return picks
