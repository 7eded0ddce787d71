"""What a map drawn by hand (the ``xkcd`` look) adds to its SVG: curved lines, and
text as the outlines of its letters.

Both are written so that what recurs is written once: a hand's line of one shape
(the grid of every board of a size drawn by that hand) is the same path data
wherever it is, and each glyph is one path in ``<defs>`` that every line of text
places with a ``<use>``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ttt_maps.backends.svg.tokens import PLACEHOLDER, Numbers, attr, sep, shorter
from ttt_maps.draw.scene import Text
from ttt_maps.draw.typeface import layout, outline

if TYPE_CHECKING:  # the font is read only for text drawn as outlines
    from ttt_maps.draw.typeface import Glyph


class Curves:
    """The path data of lines drawn by hand: a move, then cubic curves, relative."""

    def __init__(self, n: Numbers) -> None:
        self.n = n
        self._curves: dict[tuple[tuple[int, int], ...], str] = {}

    def add(
        self, points: tuple[tuple[float, float], ...], d: list[str], cx: int, cy: int
    ) -> tuple[int, int]:
        """A line drawn by hand (a start, then three points per curve), onto path data
        ``d`` from the pen at (cx, cy); returns where the pen ends.

        Each point is rounded from the line's start, not on its own, so lines of one
        shape write the same curves wherever they are, and those are formatted once.
        """
        s, scale = self.n.s, self.n.scale
        (x0, y0), *rest = points
        x, y = round(x0 * scale), round(y0 * scale)
        move = f"M{s(x)}{sep(s(y))}"
        d.append(move if not d else shorter(move, f"m{s(x - cx)}{sep(s(y - cy))}"))
        shape = tuple([(round((fx - x0) * scale), round((fy - y0) * scale)) for fx, fy in rest])
        curves = self._curves.get(shape)
        if curves is None:
            parts, px, py = [], 0, 0
            for i in range(0, len(shape), 3):
                (ax, ay), (bx, by), (ex, ey) = shape[i : i + 3]
                parts.append(
                    f"c{s(ax - px)}{sep(s(ay - py))}{sep(s(bx - px))}{sep(s(by - py))}"
                    f"{sep(s(ex - px))}{sep(s(ey - py))}"
                )
                px, py = ex, ey
            curves = self._curves[shape] = "".join(parts)
        d.append(curves)
        ex, ey = shape[-1]
        return x + ex, y + ey


class Lettering:
    """Lines of text as their glyphs' outlines, in thousandths of an em, y down.

    ``outlines`` holds each glyph's path data by its id (``g-N``), for ``<defs>``.
    """

    def __init__(self, typeface: str, n: Numbers) -> None:
        self.typeface = typeface
        self.n = n
        self.glyphs: dict[tuple[str, int], str] = {}  # (face, glyph) or ("", code point)
        self.outlines: dict[str, str] = {}

    def line(self, text: Text, ox: float, oy: float) -> str:
        """``text`` as a group that names it, its glyphs placed on its baseline, in a
        group whose corner is at (ox, oy)."""

        glyphs, advance = layout(text.text, text.bold, self.typeface)
        uses = []
        for g in glyphs:
            key = (g.face, g.glyph) if g.glyph >= 0 else ("", ord(g.char))
            ident = self.glyphs.get(key)
            if ident is None:
                ident = self.glyphs[key] = self._glyph(g, text.bold)
            if ident:
                at = round(g.x * 1000)
                shift = f' x="{at}"' if at else ""
                uses.append(f'<use xlink:href="#{PLACEHOLDER}-{ident}"{shift}/>')
        k = f"{text.size / 1000:.6g}".lstrip("0") or "0"
        x, y = self.n.f(text.start(advance * text.size) - ox), self.n.f(text.y - oy)
        return (
            f'<g class="ttt-text ttt-{text.role}" role="img" aria-label="{attr(text.text)}">'
            f'<g transform="matrix({k} 0 0 {k} {x}{sep(y)})">{"".join(uses)}</g></g>'
        )

    def _glyph(self, g: Glyph, bold: bool) -> str:
        """The id of a glyph's outline (``outlines``), or "" for a blank one (a space)."""

        d = []
        for kind, coords in outline(g, bold):
            if kind == "Z":
                d.append("Z")
                continue
            pairs = zip(coords[::2], coords[1::2], strict=True)
            d.append(kind + " ".join(f"{round(a * 1000)} {round(-b * 1000)}" for a, b in pairs))
        if not d:
            return ""
        ident = f"g-{len(self.outlines) + 1}"
        self.outlines[ident] = "".join(d).replace(" -", "-")
        return ident
