"""The comic's hand: grid lines, win lines and marks drawn with a steady wobble.

A theme with a ``Hand`` (``xkcd``) has its scene ``sketched`` before any backend
draws it, so SVG, PDF and PNG wobble alike. As matplotlib's sketch filter
(``plt.xkcd()``) does, a stroke strays from its straight line along a wave
whose phase runs at a randomly varying rate; here the wave's height and
length are shares of the stroke's own length, so a board a hundredth the size
of the map is drawn by the same hand, a hundred times smaller. Add a gentle
bow, and ends set a little off the line, as a pen's are.

Nothing here is random from run to run: every wobble comes from a number
worked out from what is drawn (the board and the stroke's place in it; the
mark and its cell), so the same map is the same bytes. Boards of one size
share a few hands (``Hand.variants``), and a mark's hand is its symbol's and
cell's: what recurs stays the same shape, so an SVG still draws it once.

Where the layout's floor makes a stroke thicker than its share of a small
board (the deepest levels), the wobble fades out and those boards are drawn
straight: a wobble narrower than its stroke only blurs it.
"""

from __future__ import annotations

import itertools
import math
import zlib
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

from ttt_maps.draw.scene import Box, Group, Item, Line, Mark, Scene
from ttt_maps.draw.themes import Hand

if TYPE_CHECKING:
    from ttt_maps.draw.sfnt import PathOp

_MASK = (1 << 64) - 1


def _numbers(seed: int) -> Iterator[float]:
    """Numbers in [0, 1) from ``seed`` (splitmix64): the same on every machine and run."""
    state = seed & _MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield (z ^ (z >> 31)) / 2.0**64


def _seed(*what: object) -> int:
    """A number from what is drawn (not ``hash``, which differs from process to process)."""
    return zlib.crc32(repr(what).encode())


# -- strokes ----------------------------------------------------------------------


@cache
def _profile(hand: Hand, seed: int, ends: bool) -> tuple[tuple[float, float, float], ...]:
    """A stroke's wobble from start (t = 0) to end (t = 1): (t, along, across) per point,
    ``across`` within [-1, 1] (in units of the hand's scale times the stroke's length),
    ``along`` the small shift of its ends along the stroke. With ``ends`` false
    (a corner of a polyline) the stroke keeps its ends in place."""
    rand = _numbers(seed)
    steps = max(4, math.ceil(4 / hand.length))
    log_k = 2 * math.log(hand.randomness)
    phase = next(rand) * 2 * math.pi
    bow = 2 * next(rand) - 1
    start, end = (2 * next(rand) - 1, 2 * next(rand) - 1) if ends else (0.0, 0.0)
    reach = (0.5 * next(rand) - 0.25, 0.5 * next(rand) - 0.25) if ends else (0.0, 0.0)
    # The wave's cursor runs 1/k to k times as fast as an even pace (matplotlib's
    # ``p += k ** (2 * rand - 1)``), about ``1 / length`` waves along the stroke.
    p = 0.0
    out = []
    for i in range(steps + 1):
        t = i / steps
        if i:
            p += math.exp((next(rand) - 0.5) * log_k) / steps
        wave = math.sin(2 * math.pi * p / hand.length + phase)
        if not ends:
            wave *= math.sin(math.pi * t)
        across = 0.5 * wave + 0.3 * bow * math.sin(math.pi * t) + 0.2 * ((1 - t) * start + t * end)
        along = reach[0] * (1 - t) if i == 0 else reach[1] if i == steps else 0.0
        out.append((t, along, across))
    return tuple(out)


def _stroke(
    points: tuple[tuple[float, float], ...], hand: Hand, fade: float, seed: int
) -> tuple[tuple[float, float], ...]:
    """A polyline drawn by hand: each of its segments along its own wobble, as one smooth
    curve through the wobble's points (a start, then three points per cubic curve)."""
    out: list[tuple[float, float]] = [points[0]]
    ends = len(points) == 2
    for index, ((ax, ay), (bx, by)) in enumerate(itertools.pairwise(points)):
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        if length == 0:
            out += [(ax, ay), (bx, by), (bx, by)]
            continue
        ux, uy = dx / length, dy / length
        height = hand.scale * length * fade
        profile = _profile(hand, seed + index, ends)
        drawn = [
            (ax + dx * t + ux * along * height - uy * across * height,
             ay + dy * t + uy * along * height + ux * across * height)
            for t, along, across in profile
        ]  # fmt: skip
        if ends:
            out[0] = drawn[0]
        for _, c in _smooth(drawn)[1:]:
            out += [(c[0], c[1]), (c[2], c[3]), (c[4], c[5])]
    return tuple(out)


# -- marks ----------------------------------------------------------------------------


@cache
def glyph(symbol: str, hand: int) -> tuple[PathOp, ...]:
    """A hand-drawn X or O in the unit box (y down), as moves, lines and cubic curves.

    An X is two strokes corner to corner, each bowed a little and its ends off the
    corners; an O one loop that closes past its start, a little out of round.
    """
    rand = _numbers(_seed("glyph", symbol, hand))

    def jitter(v: float, by: float) -> float:
        return v + by * (2 * next(rand) - 1)

    if symbol == "x":
        ops: list[PathOp] = []
        for (ax, ay), (bx, by) in (((0.0, 0.0), (1.0, 1.0)), ((1.0, 0.0), (0.0, 1.0))):
            a = (jitter(ax, 0.05), jitter(ay, 0.05))
            b = (jitter(bx, 0.05), jitter(by, 0.05))
            dx, dy = b[0] - a[0], b[1] - a[1]
            bow1, bow2 = jitter(0, 0.035), jitter(0, 0.035)
            c1 = (a[0] + dx / 3 - dy * bow1, a[1] + dy / 3 + dx * bow1)
            c2 = (a[0] + 2 * dx / 3 - dy * bow2, a[1] + 2 * dy / 3 + dx * bow2)
            ops += [("M", a), ("C", (*c1, *c2, *b))]
        return tuple(ops)
    start = next(rand) * 2 * math.pi
    turn = 2 * math.pi + 0.2 + 0.3 * next(rand)  # the pen runs on past where it began
    squash, tilt = 0.025 + 0.03 * next(rand), next(rand) * math.pi
    drift = jitter(0, 0.012)
    count = 16
    points = []
    for i in range(-1, count + 2):  # one more each side: they only steer the ends
        angle = start + turn * i / count
        r = 0.5 * (1 + squash * math.cos(2 * (angle - tilt)) + drift * i / count)
        points.append((0.5 + r * math.cos(angle), 0.5 + r * math.sin(angle)))
    return tuple(_smooth(points, guides=True))


def _smooth(points: list[tuple[float, float]], guides: bool = False) -> list[PathOp]:
    """A curve through ``points`` (Catmull-Rom, as cubic Bezier curves); with ``guides``
    the first and last points only set the direction the curve starts and ends in."""
    first, last = (1, len(points) - 2) if guides else (0, len(points) - 1)
    ops: list[PathOp] = [("M", points[first])]
    for i in range(first, last):
        p0, p1 = points[max(i - 1, 0)], points[i]
        p2, p3 = points[i + 1], points[min(i + 2, len(points) - 1)]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        ops.append(("C", (*c1, *c2, *p2)))
    return ops


# -- the scene ------------------------------------------------------------------------


class _Sketch:
    """One scene being drawn by hand: its hand and the steadiest stroke of each kind."""

    def __init__(self, scene: Scene, hand: Hand) -> None:
        self.hand = hand
        # Lines and marks by what decides how they are drawn (``line``, ``mark``).
        self.shapes: dict[tuple[object, ...], tuple[tuple[float, float], ...]] = {}
        self.hands: dict[tuple[str, int, float, float], int] = {}
        # Each kind's thinnest stroke for its size: the layout's own proportion,
        # before any floor thickened it. Strokes thicker than that fade.
        self.nominal: dict[str, float] = {}
        for item in scene.walk():
            kind, ratio = self._ratio(item)
            if ratio > 0 and ratio < self.nominal.get(kind, math.inf):
                self.nominal[kind] = ratio

    @staticmethod
    def _ratio(item: Item) -> tuple[str, float]:
        """What kind of stroke ``item`` is, and how thick for its size."""
        if isinstance(item, Line):
            (ax, ay), (bx, by) = item.points[0], item.points[-1]
            length = math.hypot(bx - ax, by - ay)
            return item.role, item.width / length if length else 0.0
        if isinstance(item, Mark):
            return "mark", item.width / item.box.w if item.box.w > 0 else 0.0
        return "", 0.0

    def fade(self, item: Line | Mark) -> float:
        """1 where a stroke is as thin as its kind's layout makes it, falling to 0 where
        the floor has made it twice that (a wobble there would only blur it)."""
        kind, ratio = self._ratio(item)
        if ratio <= 0:
            return 0.0
        return min(1.0, max(0.0, 2 * self.nominal[kind] / ratio - 1))

    def group(self, group: Group) -> Group:
        """``group`` drawn by hand: its own strokes by one of the hands of its size."""
        if group.board is not None:
            marks = sorted((i.symbol, i.cell, i.role) for i in group.items if isinstance(i, Mark))
            variant = _seed(group.board, marks) % self.hand.variants
        else:
            variant = 0
        items: list[Item] = []
        lines = 0
        for item in group.items:
            if isinstance(item, Group):
                items.append(self.group(item))
            elif isinstance(item, Line):
                items.append(self.line(item, (item.role, lines, variant, group.level)))
                lines += 1
            elif isinstance(item, Mark):
                items.append(self.mark(item))
            else:
                items.append(item)
        return Group(
            group.box,
            tuple(items),
            group.board,
            group.level,
            group.path,
            group.classes,
            group.data,
            group.title,
            group.label,
        )

    def line(self, line: Line, what: tuple[object, ...]) -> Line:
        """``line`` drawn by hand: its shape worked out once for every line of its kind
        and size (most are grids of boards of one size), then moved to its place."""
        (ax, ay), *rest = line.points
        # Its shape from its start, rounded so that equal lines far apart are one key.
        steps = tuple([(round(x - ax, 6), round(y - ay, 6)) for x, y in rest])
        key = (what, steps, line.width)
        shape = self.shapes.get(key)
        if shape is None:
            fade = self.fade(line)
            shape = self.shapes[key] = (
                _stroke(((0.0, 0.0), *steps), self.hand, fade, _seed(*what)) if fade > 0 else ()
            )
        if not shape:
            return line
        return Line(tuple([(ax + x, ay + y) for x, y in shape]), line.width, line.role, True)

    def mark(self, mark: Mark) -> Mark:
        """``mark`` drawn by the hand of its symbol and cell, unless it is too small."""
        m = mark
        key = (m.symbol, m.cell, m.width, m.box.w)
        hand = self.hands.get(key)
        if hand is None:
            steady = self.fade(m) >= 0.5
            hand = self.hands[key] = (
                1 + _seed(m.symbol, m.cell) % self.hand.variants if steady else 0
            )
        if not hand:
            return mark
        return Mark(m.symbol, m.cell, m.box, m.role, m.width, m.classes, hand)


def sketched(scene: Scene) -> Scene:
    """``scene`` as its theme's hand draws it (the scene itself if the theme has none)."""
    hand = scene.theme.hand
    if hand is None:
        return scene
    sketch = _Sketch(scene, hand)
    root = Group(Box(0, 0, scene.width, scene.height), scene.items)
    return scene.replace(items=sketch.group(root).items)
