"""A difference as a card of the differences sheet: the position, each policy's move and its end.

The card is drawn as the reference map draws the position; each policy's
move is the player's mark in that policy's colour with its letter under it
(A for the reference, B, C... for the others), moves that are the same up
to the position's own symmetry share a cell, and a small table under the
board gives, per policy, the boards its map draws below the move, the
finish the move leads to, and the expected score against a novice where
the scores differ. Sizes are in tenths of a millimetre (``differences_sheet.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ttt_maps.compare.differences import Choice, Comparison
from ttt_maps.draw.cells import GRID_WIDTH, MARK_WIDTH
from ttt_maps.draw.scene import Box, Group, Item, Line, Mark, Text
from ttt_maps.draw.themes import PICKS, PickRole
from ttt_maps.draw.typeface import width
from ttt_maps.game.position import Position
from ttt_maps.language import decimal, number, tr
from ttt_maps.trees.nodes import Node

#: The smallest type on a card (2.4 mm, about 7 pt).
SMALL = 24.0


@dataclass(frozen=True)
class Pick:
    """One policy's move on a card: ``move`` in the card's frame, ``None`` where its map
    never reaches the position."""

    policy: int
    move: int | None
    choice: Choice | None


@dataclass(frozen=True)
class Card:
    """One position where the maps play differently, as the reference draws it."""

    key: int
    board: Position
    picks: tuple[Pick, ...]
    change: tuple[int, float, int]

    @property
    def number(self) -> int:
        return self.board.count + 1


def difference_cards(comparisons: Sequence[Comparison]) -> list[Card]:
    """A card per position where any map differs from the reference, in the sheet's order.

    Each card is in the frame of one reference board of the position; every
    other map's move there is turned into that frame.
    """
    if not comparisons:
        return []
    ref = comparisons[0].ref
    firsts: dict[int, Node] = {}
    changes: dict[int, tuple[int, float, int]] = {}
    for c in comparisons:
        for d in c.differences:
            if d.key not in firsts:
                firsts[d.key] = next(n for n in ref.classes[d.key] if n.board == d.board)
            changes[d.key] = max(changes.get(d.key, d.change), d.change)
    order = {k: i for i, k in enumerate(ref.classes)}
    cards = []
    for key, r in firsts.items():
        picks = [Pick(0, r.children[0][0], ref.choice(r))]
        for index, c in enumerate(comparisons, start=1):
            nodes = c.oth.classes.get(key)
            if not nodes:
                picks.append(Pick(index, None, None))
                continue
            mine = ref.after(r)
            if key in c.keys:  # a move the reference never plays here, else one unlike r's
                theirs = ref.plays(key)
                o = next((n for n in nodes if c.oth.after(n) not in theirs), None)
                o = o or next((n for n in nodes if c.oth.after(n) != mine), nodes[0])
            else:  # plays as the reference does: the board that plays as r does
                o = next((n for n in nodes if c.oth.after(n) == mine), nodes[0])
            cells = _turned_moves(r.board, o.board, o.children[0][0])
            used = [p.move for p in picks if p.move in cells]
            move = used[0] if used else min(cells)
            picks.append(Pick(index, move, c.oth.choice(o)))
        cards.append(Card(key, r.board, tuple(picks), changes[key]))
    cards.sort(key=lambda d: (d.number, tuple(-v for v in d.change), order[d.key]))
    return cards


def _turned_moves(frame: Position, board: Position, move: int) -> set[int]:
    """Every cell of ``frame`` that is ``move`` on ``board`` under a symmetry taking
    ``frame`` to ``board`` (several where the position is symmetric)."""
    perms = frame.geometry.symmetries
    return {p.index(move) for p in perms if frame.transformed(p) == board}


def letter(index: int) -> str:
    """A policy's letter on the differences sheet: A for the reference, then B, C..."""
    return chr(ord("A") + index) if index < 26 else str(index + 1)


def pick_role(index: int) -> PickRole:
    """A policy's colour; past the last colour they repeat (the letters do not)."""
    return PICKS[index % len(PICKS)]


def fit(text: str, size: float, room: float, bold: bool = False, face: str = "dejavu") -> float:
    """``size``, or smaller so that ``text`` set in ``face`` fits in ``room``."""
    need = width(text, size, bold, face)
    return size if need <= room else round(size * room / need, 2)


class CardSize:
    """The measures of cards ``w`` wide: the board, the type, the height of one card."""

    def __init__(self, w: float, policies: int, rows: int, cols: int) -> None:
        self.w = w
        self.gap = 70.0
        self.cell = w * 0.62 / max(rows, cols)
        self.board_w, self.board_h = self.cell * cols, self.cell * rows
        self.text = max(SMALL, min(34.0, w * 0.085))
        self.line = self.text * 1.3
        self.h = self.board_h + self.text * 0.75 + (policies + 1) * self.line + self.gap * 0.8


def draw_card(card: Card, x: float, top: float, m: CardSize, player: str) -> Group:
    """One difference: the board with every policy's move, and a line per policy below it."""
    g = card.board.geometry
    c = m.cell
    left = x + (m.w - m.board_w) / 2
    items: list[Item] = []
    grid_w = max(m.board_w * GRID_WIDTH, 2.0)
    for k in range(1, g.cols):
        items.append(Line(((left + k * c, top), (left + k * c, top + m.board_h)), grid_w, "grid"))
    for k in range(1, g.rows):
        items.append(Line(((left, top + k * c), (left + m.board_w, top + k * c)), grid_w, "grid"))
    pad = c * 0.19
    for cell in range(g.size):
        mark = card.board.mark_at(cell)
        if mark is not None:
            r, col = g.rc(cell)
            box = Box(left + col * c + pad, top + r * c + pad, c - 2 * pad, c - 2 * pad)
            items.append(Mark(mark, cell, box, "played", c * MARK_WIDTH * 0.8))
    by_cell: dict[int, list[Pick]] = {}
    for p in card.picks:
        if p.move is not None:
            by_cell.setdefault(p.move, []).append(p)
    symbol: Literal["x", "o"] = "x" if player == "x" else "o"
    for cell, picks in sorted(by_cell.items()):
        r, col = g.rc(cell)
        slot = c / len(picks)
        side = min(slot * 0.68, c * 0.5)
        size = min(c * 0.27, slot * 0.62)
        for i, p in enumerate(picks):
            cx = left + col * c + slot * (i + 0.5)
            cy = top + r * c + c * 0.4
            box = Box(cx - side / 2, cy - side / 2, side, side)
            role = pick_role(p.policy)
            items.append(Mark(symbol, cell, box, role, side * 0.15, (f"ttt-policy-{p.policy}",)))
            items.append(Text(cx, top + r * c + c * 0.93, letter(p.policy), size, role, bold=True))
    items += _numbers(card, x, top + m.board_h + m.text * 0.75, m)
    box = Box(x, top, m.w, m.h - m.gap * 0.8)
    data = (("board", str(card.board)), ("move-number", str(card.number)))
    return Group(box, tuple(items), classes=("ttt-difference",), data=data)


def _numbers(card: Card, x: float, y: float, m: CardSize) -> list[Item]:
    """What each policy's choice leads to, as a small table under the card's board:
    boards drawn below the move, the finish, and the novice score where scores differ."""
    reached = [p.choice for p in card.picks if p.choice is not None]
    novice = len({round(ch.novice, 3) for ch in reached}) > 1
    rows = [
        (p, (number(p.choice.boards), str(p.choice.outcome), decimal(p.choice.novice, 3)))
        for p in card.picks
        if p.choice is not None
    ]
    # TRANSLATORS: column heads of a small table under a board: boards drawn below a move,
    # the game's finish, and the expected score against a novice.
    heads = (tr("boards"), tr("finish"), tr("novice"))
    t = m.text

    def need(size: float) -> tuple[float, float, float]:
        """Widths of the three columns at ``size`` (headers a size smaller)."""
        cols = [
            max([width(h, size * 0.8)] + [width(r[i], size) for _, r in rows])
            for i, h in enumerate(heads)
        ]
        return cols[0], cols[1], cols[2] if novice else 0.0

    wb, wf, wn = need(t)
    total = t * 1.1 + wb + t * 0.8 + wf + (t * 0.8 + wn if novice else 0.0)
    if total > m.w:
        t *= m.w / total
        wb, wf, wn = need(t)
    right_b = x + t * 1.1 + wb
    left_f = right_b + t * 0.8
    out: list[Item] = []
    small = t * 0.8
    y += t * 0.9
    out.append(Text(right_b, y, heads[0], small, "legend", "end"))
    out.append(Text(left_f, y, heads[1], small, "legend", "start"))
    if novice:
        out.append(Text(x + m.w, y, heads[2], small, "legend", "end"))
    for p in card.picks:
        y += m.line
        role = pick_role(p.policy)
        out.append(Text(x, y, letter(p.policy), t, role, "start", True))
        if p.choice is None:
            text = tr("does not reach this position")
            room = x + m.w - (x + t * 1.1)
            out.append(Text(x + t * 1.1, y, text, fit(text, t, room), "legend", "start"))
            continue
        boards, finish, score = next(r for q, r in rows if q is p)
        out.append(Text(right_b, y, boards, t, "subtitle", "end"))
        out.append(Text(left_f, y, finish, t, "subtitle", "start"))
        if novice:
            out.append(Text(x + m.w, y, score, t, "subtitle", "end"))
    return out
