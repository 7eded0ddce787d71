"""The PDF page's content stream: the scene's items as PDF operators, in one pass.

Coordinates and widths are whole numbers of 1/``UNITS`` point (cairo's
precision); strokes in one style share one path, as the PNG painter does;
colour, width, caps and joins are set only when they change. An O is a ring
drawn once per stroke-to-radius ratio as a form (``Forms``) and placed with
three numbers; a map drawn by hand (``draw/hand.py``) draws each of its glyphs
and each shape of its lines once as a form too, placed where it recurs.
``writer.py`` wraps the stream in the document.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from ttt_maps.backends.pdf.fonts import PdfText
from ttt_maps.draw import typeface
from ttt_maps.draw.hand import glyph
from ttt_maps.draw.scene import Group, Item, Line, Mark, Rect, Text
from ttt_maps.draw.themes import Theme, rgb

if TYPE_CHECKING:
    from ttt_maps.backends.pdf.fonts import PdfText

#: Content-stream units per point: coordinates and widths are whole numbers.
UNITS = 1000
#: Bezier handle length of a quarter circle, as a share of the radius.
KAPPA = 0.5522847498307936

RGB = tuple[float, float, float]


class Streams(Protocol):
    """The part of the PDF writer's document that the forms are written into."""

    def stream(self, data: bytes, extra: str = "") -> int: ...


def num(value: float, digits: int = 4) -> str:
    """A number for the page's dictionaries and matrix, without needless zeros."""
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def colour(channels: RGB) -> str:
    return " ".join(num(c) for c in channels)


class Content:
    """The content stream: the scene's items in order, as PDF operators.

    Consecutive strokes in one style are gathered into one path and stroked
    once; colour, width, caps and joins are set only when they change, and
    stroke and fill colours are tracked apart, as PDF keeps them. An O is a
    ring drawn once per stroke-to-radius ratio as a form (``Forms``) and
    placed with three numbers, a sixth of the bytes of its four Bezier curves.
    Numbers are rounded half up to whole units (``int(v + 0.5)``).
    """

    def __init__(self, theme: Theme, text_as_paths: bool) -> None:
        self.out: list[str] = []
        self.stroke_key: tuple[str, int, bool] | None = None  # style of the open path
        self.colour = ""  # the stroke colour, width and caps set in the stream
        self.width: int | None = None
        self.rounded: bool | None = None
        self.fill: str | None = None
        self.text_as_paths = text_as_paths
        self.typeface = theme.typeface
        self.lettering: PdfText | None = None  # made at the first text
        self.forms = Forms()
        #: Per kind of O (stroke, box width, box height), and of mark drawn by hand
        #: (symbol, hand, stroke, box width): what goes before and after its place
        #: in the stream (``_place_ring``, ``_place_glyph``).
        self.placed: dict[tuple[object, ...], tuple[str, str]] = {}
        self.role_colour = {role: colour(rgb(c)) for role, c in theme.role_colours().items()}

    def take_page(self) -> str:
        """The operators drawn so far, as one page's stream; the next page starts
        from PDF's defaults again, sharing the fonts and forms drawn so far."""
        self.end_path()
        ops = "".join(self.out)
        self.out = []
        self.colour, self.width, self.rounded, self.fill = "", None, None, None
        return ops

    def end_path(self) -> None:
        if self.stroke_key is not None:
            self.out.append("S\n")
            self.stroke_key = None

    def fillcolour(self, colour: str) -> None:
        if colour != self.fill:
            self.out.append(f"{colour} rg\n")
            self.fill = colour

    def draw(self, items: Iterable[Item]) -> None:
        """Every item, groups' contents in place: the hot loop of the PDF.

        The style in the stream lives in local variables while the loop runs
        (stroking a path in its style, ``stroke_colour``, ``end_path`` and ``ring``, inlined)
        and is handed back to the object around the rare rects and texts. An
        O's form and scale depend only on its box's size and stroke, so they
        are worked out once per kind of O.
        """
        add = self.out.append
        role_colour = self.role_colour
        forms, placed = self.forms, self.placed
        key, colour, width, rounded = self.stroke_key, self.colour, self.width, self.rounded
        stack = [iter(items)]
        while stack:
            for item in stack[-1]:
                if isinstance(item, Mark):
                    b = item.box
                    tone = role_colour[item.role]
                    if item.hand:  # drawn by hand: its glyph's form, placed at its corner
                        if key is not None:
                            add("S\n")
                            key = None
                        if colour != tone:
                            add(f"{tone} RG\n")
                            colour = tone
                        drawn = (item.symbol, item.hand, item.width, b.w)
                        form = placed.get(drawn)
                        if form is None:
                            form = placed[drawn] = _place_glyph(forms, *drawn)
                        x, y = int(b.x * UNITS + 0.5), int(b.y * UNITS + 0.5)
                        add(f"{form[0]}{x} {y}{form[1]}")
                        continue
                    if item.symbol == "x":
                        style = (tone, int(item.width * UNITS + 0.5), True)
                        if style != key:
                            if key is not None:
                                add("S\n")
                            key = style
                            if colour != tone:
                                add(f"{tone} RG\n")
                                colour = tone
                            if width != style[1]:
                                width = style[1]
                                add(f"{width} w\n")
                            if rounded is not True:
                                add("1 J 1 j\n")
                                rounded = True
                        x0, y0 = int(b.x * UNITS + 0.5), int(b.y * UNITS + 0.5)
                        x1, y1 = int((b.x + b.w) * UNITS + 0.5), int((b.y + b.h) * UNITS + 0.5)
                        add(f"{x0} {y0} m {x1} {y1} l {x1} {y0} m {x0} {y1} l\n")
                        continue
                    # An O: its ring form placed at its centre, painted on its own.
                    if key is not None:
                        add("S\n")
                        key = None
                    if colour != tone:
                        add(f"{tone} RG\n")
                        colour = tone
                    shape = (item.width, b.w, b.h)
                    form = placed.get(shape)
                    if form is None:
                        form = placed[shape] = _place_ring(forms, *shape)
                    x, y = int((b.x + b.w / 2) * UNITS + 0.5), int((b.y + b.h / 2) * UNITS + 0.5)
                    add(f"{form[0]}{x} {y}{form[1]}")
                elif isinstance(item, Line):
                    role = item.role
                    style = (role_colour[role], int(item.width * UNITS + 0.5), role == "win")
                    if style != key:
                        if key is not None:
                            add("S\n")
                        key = style
                        if colour != style[0]:
                            colour = style[0]
                            add(f"{colour} RG\n")
                        if width != style[1]:
                            width = style[1]
                            add(f"{width} w\n")
                        if rounded != style[2]:
                            rounded = style[2]
                            add("1 J 1 j\n" if rounded else "0 J 0 j\n")
                    points = item.points
                    if item.curved:  # drawn by hand: its shape's form, placed at its start
                        add("S\n")
                        key = None
                        add(_place_line(forms, points, style[1]))
                    elif len(points) == 2:  # grid strokes and win lines
                        (ax, ay), (bx, by) = points
                        add(
                            f"{int(ax * UNITS + 0.5)} {int(ay * UNITS + 0.5)} m "
                            f"{int(bx * UNITS + 0.5)} {int(by * UNITS + 0.5)} l\n"
                        )
                    else:
                        add(_polyline(points))
                elif isinstance(item, Group):
                    stack.append(iter(item.items))
                    break  # its contents now; this level resumes after them
                else:
                    self.stroke_key, self.colour, self.width, self.rounded = (
                        key,
                        colour,
                        width,
                        rounded,
                    )
                    self.end_path()
                    if isinstance(item, Rect):
                        self.fillcolour(role_colour[item.role])
                        add(_rect(item))
                    else:
                        assert isinstance(item, Text)
                        self.text(item)
                    key = None
            else:
                stack.pop()
        self.stroke_key, self.colour, self.width, self.rounded = key, colour, width, rounded

    def text(self, text: Text) -> None:
        """One line in the shipped font, placed by its anchor at the baseline."""

        if self.lettering is None:
            self.lettering = PdfText(UNITS, as_paths=self.text_as_paths, typeface=self.typeface)
        self.fillcolour(self.role_colour[text.role])
        x = text.start(typeface.width(text.text, text.size, text.bold, self.typeface))
        # The page is y down: the text matrix turns the glyphs upright again.
        self.out.append(self.lettering.line(text.text, x, text.y, text.size, text.bold))


def _polyline(points: tuple[tuple[float, float], ...]) -> str:
    """A path through ``points``: a move to the first, then lines."""
    (x0, y0), *rest = points
    ops = [f"{int(x0 * UNITS + 0.5)} {int(y0 * UNITS + 0.5)} m"]
    ops += [f"{int(x * UNITS + 0.5)} {int(y * UNITS + 0.5)} l" for x, y in rest]
    return " ".join(ops) + "\n"


def _place_line(forms: Forms, points: tuple[tuple[float, float], ...], width: int) -> str:
    """A line drawn by hand: the form of its shape (the same on every board of its size
    drawn by the same hand), moved to its start."""
    (x0, y0), *rest = points
    ax, ay = int(x0 * UNITS + 0.5), int(y0 * UNITS + 0.5)
    # Rounded from the start, not each end on its own, so equal shapes stay equal.
    shape = tuple(round((v - o) * UNITS) for p in rest for v, o in zip(p, (x0, y0), strict=True))
    return f"q 1 0 0 1 {ax} {ay} cm /{forms.line(shape, width)} Do Q\n"


def _place_ring(forms: Forms, width: float, w: float, h: float) -> tuple[str, str]:
    """An O of stroke ``width`` in a ``w`` x ``h`` box: the form of its stroke-to-radius
    ratio scaled to its radius, as the text before and after its centre in the stream."""
    r = min(w, h) / 2
    form = forms.ring(int(width / r * Forms.RADIUS + 0.5) if r > 0 else 0)
    scale = f"{r * (UNITS / Forms.RADIUS):.5f}"
    return f"q {scale} 0 0 {scale} ", f" cm /{form} Do Q\n"


def _place_glyph(forms: Forms, symbol: str, hand: int, width: float, w: float) -> tuple[str, str]:
    """A mark drawn by hand, of stroke ``width`` in a box ``w`` wide: its glyph's form
    scaled to the box, as the text before and after its corner in the stream."""
    form = forms.glyph(symbol, hand, int(width / w * Forms.RADIUS + 0.5) if w > 0 else 0)
    scale = f"{w * (UNITS / Forms.RADIUS):.5f}"
    return f"q {scale} 0 0 {scale} ", f" cm /{form} Do Q\n"


class Forms:
    """Form XObjects: a circle of radius ``RADIUS``, one per stroke-to-radius ratio; a
    hand's glyph in a box ``RADIUS`` wide, one per stroke; a hand's line, one per shape.

    All Os of one level share a ratio (the stroke is a share of the cell), so a
    map needs a handful; the floor on stroke widths adds a few for the deepest
    levels. A hand draws the boards of one size a few ways, so its lines need a
    few forms a level.
    """

    RADIUS = 10_000

    def __init__(self) -> None:
        self.names: dict[int, str] = {}
        self.glyphs: dict[tuple[str, int, int], str] = {}
        self.lines: dict[tuple[int, tuple[int, ...]], str] = {}

    def line(self, shape: tuple[int, ...], width: int) -> str:
        """The form of a line drawn by hand, from (0, 0) through the cubic curves whose
        points ``shape`` lists (x, y, x, y, ...), stroked ``width`` wide, as the page is."""
        key = (width, shape)
        name = self.lines.get(key)
        if name is None:
            name = self.lines[key] = f"L{len(self.lines) + 1}"
        return name

    def glyph(self, symbol: str, hand: int, width: int) -> str:
        """The form of a hand's glyph (``draw/hand.py``) stroked ``width`` wide (in
        1/``RADIUS`` of its box)."""
        key = (symbol, hand, width)
        name = self.glyphs.get(key)
        if name is None:
            name = self.glyphs[key] = f"G{len(self.glyphs) + 1}"
        return name

    def ring(self, width: int) -> str:
        """The form of a ring whose stroke is ``width`` (in 1/``RADIUS`` of its radius)."""
        name = self.names.get(width)
        if name is None:
            name = self.names[width] = f"O{len(self.names) + 1}"
        return name

    def write(self, doc: Streams) -> str:
        """Every ring and glyph as a form; returns the page's ``/XObject`` resource entry,
        if any."""
        if not self.names and not self.glyphs and not self.lines:
            return ""
        r, k = self.RADIUS, round(self.RADIUS * KAPPA)
        path = (
            f"{r} 0 m {r} {k} {k} {r} 0 {r} c {-k} {r} {-r} {k} {-r} 0 c "
            f"{-r} {-k} {-k} {-r} 0 {-r} c {k} {-r} {r} {-k} {r} 0 c h S"
        )
        entries = []
        for width, name in self.names.items():
            edge = r + width // 2 + 1
            ref = doc.stream(
                f"{width} w {path}".encode(),
                f"/Type /XObject /Subtype /Form /BBox [{-edge} {-edge} {edge} {edge}] ",
            )
            entries.append(f"/{name} {ref} 0 R")
        entries += [self._glyph_form(doc, key, name) for key, name in self.glyphs.items()]
        entries += [self._line_form(doc, key, name) for key, name in self.lines.items()]
        return f"/XObject << {' '.join(entries)} >> "

    @staticmethod
    def _line_form(doc: Streams, key: tuple[int, tuple[int, ...]], name: str) -> str:
        width, shape = key
        xs, ys = (0, *shape[::2]), (0, *shape[1::2])
        edge = width // 2 + 1
        curves = " ".join(
            " ".join(map(str, shape[i : i + 6])) + " c" for i in range(0, len(shape), 6)
        )
        box = f"{min(xs) - edge} {min(ys) - edge} {max(xs) + edge} {max(ys) + edge}"
        ref = doc.stream(
            zlib.compress(f"0 0 m {curves} S".encode()),
            f"/Type /XObject /Subtype /Form /BBox [{box}] /Filter /FlateDecode ",
        )
        return f"/{name} {ref} 0 R"

    def _glyph_form(self, doc: Streams, key: tuple[str, int, int], name: str) -> str:

        symbol, hand, width = key
        r = self.RADIUS
        ops = []
        for kind, coords in glyph(symbol, hand):
            ops.append(" ".join(str(round(v * r)) for v in coords) + f" {kind.lower()}")
        # A glyph strays a little past its box: the form's box leaves room for that.
        edge = width // 2 + r // 5
        ref = doc.stream(
            zlib.compress(f"{width} w 1 J 1 j {' '.join(ops)} S".encode()),
            f"/Type /XObject /Subtype /Form /BBox [{-edge} {-edge} {r + edge} {r + edge}] "
            "/Filter /FlateDecode ",
        )
        return f"/{name} {ref} 0 R"


def _rect(rect: Rect) -> str:
    """A filled rectangle, its corners rounded by ``radius``."""
    b = rect.box
    r = min(rect.radius, b.w / 2, b.h / 2)
    x, y, w, h = (round(v * UNITS) for v in (b.x, b.y, b.w, b.h))
    if r <= 0:
        return f"{x} {y} {w} {h} re f\n"
    x0, x1, y0, y1 = b.x * UNITS, (b.x + b.w) * UNITS, b.y * UNITS, (b.y + b.h) * UNITS
    r *= UNITS
    k = r * (1 - KAPPA)

    def p(*values: float) -> str:
        return " ".join(str(round(v)) for v in values)

    return (
        f"{p(x0 + r, y0)} m {p(x1 - r, y0)} l {p(x1 - k, y0, x1, y0 + k, x1, y0 + r)} c "
        f"{p(x1, y1 - r)} l {p(x1, y1 - k, x1 - k, y1, x1 - r, y1)} c "
        f"{p(x0 + r, y1)} l {p(x0 + k, y1, x0, y1 - k, x0, y1 - r)} c "
        f"{p(x0, y0 + r)} l {p(x0, y0 + k, x0 + k, y0, x0 + r, y0)} c h f\n"
    )
