"""The marks of a folded map: what a drawn cell stands for, and where a folded cell looks.

A folded map (``--fold``) draws one sub-map for each set of replies that the
position's rotations and reflections carry onto each other, in the set's
lowest cell (``solve.folding``). Three things tell the reader so:

- the sets of a board are lettered A, B, C... in the order of their drawn
  cells; each drawn cell carries its letter and the number of replies it
  stands for (itself included) after a times sign, in its top-right corner,
  in the gap between the cell and its sub-map;
- every other cell of a set holds the set's letter, large and faint: "play
  this as the cell with that letter, turned" (an arrow would be shorter, but
  on a 3x3 board it can point past the right cell at another drawn one);
- the drawn sub-map's board group says which cells it stands for and how
  it turns onto each (``data-fold="2:h 6:v 8:r180"``, the symmetries named
  as ``game.symmetry.turn_names`` names them), and a folded cell's group says
  which cell it is (``data-cell``), so the viewer can show the sub-map turned
  where the reader clicked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ttt_maps.draw.cells import Side
from ttt_maps.draw.scene import Box, Group, Text

if TYPE_CHECKING:  # an unfolded map never loads the folding
    from ttt_maps.game.symmetry import Fold

#: Letters that name the sets of equivalent replies of one board, in cell order.
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: A folded cell's letter, as a share of the cell; the drawn cell's tag: its largest
#: size as a multiple of the gap around its sub-map, its right end as a share of that
#: gap from the cell's right edge, and the room it keeps from the grid line over the
#: cell and from the sub-map under it, as a share of the gap.
LETTER_SIZE = 0.34
#: The largest letter, in map units (a map is 1,000 wide): on the biggest cells a
#: letter is a label, lighter than the marks and lines around it, not a mark.
LETTER_MAX = 50.0
TAG_SIZE = 1.2
TAG_RIGHT = 0.35
TAG_CLEAR = 0.08
#: The height of the tag's capitals and figures, in ems (DejaVu Sans).
TAG_CAP = 0.73


def pointer(s: Side, box: Box, cell: int, letter: str) -> Group:
    """A folded cell: the letter of the cell drawn for it, large and faint, in its middle."""
    side = 2 * s.half
    size = min(side * LETTER_SIZE, LETTER_MAX)
    x, y = box.x + s.dx[cell], box.y + s.dy[cell]
    text = Text(x + s.half, y + s.half + size * 0.365, letter, size, "pointer")
    cell_box = Box(x, y, side, side)
    return Group(cell_box, (text,), classes=("ttt-folded",), data=(("cell", str(cell)),))


def tag(s: Side, box: Box, cell: int, letter: str, replies: int) -> Text:
    """The letter and a times sign with N, in the top-right corner of a drawn ``cell``:
    the replies its sub-map stands for, in the gap between the grid line over the
    cell (half its width reaches into the cell) and the sub-map, clear of both and of
    the line beside the cell; as large as that gap lets it be, up to ``TAG_SIZE``."""
    inset = max(s.nest * TAG_RIGHT, s.grid_width / 2 + s.nest * 0.2)
    right = box.x + s.dx[cell] + 2 * s.half - inset
    top = s.grid_width / 2 + s.nest * TAG_CLEAR
    bottom = s.sub_dy - s.nest * TAG_CLEAR
    size = min(s.nest * TAG_SIZE, max(0.0, bottom - top) / TAG_CAP)
    base = box.y + s.dy[cell] + bottom
    return Text(right, base, f"{letter} \u00d7{replies}", size, "count", "end")


def stands_for(folds: tuple[Fold, ...], names: tuple[str, ...]) -> dict[int, str]:
    """Each drawn cell that stands for others: ``"2:h 6:v"``, the cells and their turns."""
    out: dict[int, list[str]] = {}
    for fold in folds:
        out.setdefault(fold.rep, []).append(f"{fold.cell}:{names[fold.turn]}")
    return {rep: " ".join(parts) for rep, parts in out.items()}
