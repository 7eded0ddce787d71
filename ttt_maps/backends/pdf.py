"""Scene -> PDF, written directly (SPEC section 7): one vector page, deterministic.

A map is thousands of strokes and nothing else, so the PDF is written here
rather than through cairo: the content stream is formatted in one pass, in
integers of 1/1000 point (cairo's precision), and strokes in one style share
one path, as the PNG painter does. That is about three times faster than
cairo's PDF surface, which records every operation and replays it at the end.

Text (titles, headings, footers) is set in the fonts shipped with the
package, embedded as TrueType subsets, or drawn as outlines on request
(``pdftext.py``); the PNG draws the same glyphs, so both show the same
letters. The text machinery is loaded only when a scene has text.

Units: without a page size one map unit is one point and the scene's size is
the page. With a size the scene is fitted inside the margin and centred
(``page.py``). The dates come from ``SOURCE_DATE_EPOCH`` or a fixed epoch,
and nothing else varies, so the same scene always gives the same bytes.
"""

from __future__ import annotations

import os
import time
import zlib
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ttt_maps.backends.page import PageSize, placement
from ttt_maps.draw.scene import Group, Item, Line, Mark, Rect, Scene, Text, Theme, rgb
from ttt_maps.errors import UsageError

if TYPE_CHECKING:
    from ttt_maps.backends.pdftext import PdfText

#: Content-stream units per point: coordinates and widths are whole numbers.
UNITS = 1000
#: PDF creation date when ``SOURCE_DATE_EPOCH`` is not set (2000-01-01T00:00:00Z).
DEFAULT_EPOCH = 946_684_800
#: Bezier handle length of a quarter circle, as a share of the radius.
KAPPA = 0.5522847498307936
#: zlib level of the content stream: level 6 costs twice the time for 4% less.
COMPRESS_LEVEL = 3

RGB = tuple[float, float, float]


def scene_to_pdf(
    scene: Scene,
    *,
    size: PageSize | None = None,
    margin_mm: float = 10.0,
    text_as_paths: bool = False,
) -> bytes:
    """One vector PDF page; with ``size`` the scene is fitted inside the margin and centred.

    Without a size the page is the scene at one map unit per point and
    ``margin_mm`` is not used (the scene has its own margin).
    ``text_as_paths`` draws text as outlines: no fonts in the file.
    """
    info = _info(scene)  # a bad SOURCE_DATE_EPOCH fails before any drawing
    page_w, page_h, (ox, oy, s) = placement(scene, size, margin_mm)
    content = _Content(scene.theme, text_as_paths)
    ops = content.out
    background = rgb(scene.theme.background)
    if background != (1.0, 1.0, 1.0):
        # past the edges, so no antialiased seam shows where the page ends mid-pixel
        ops.append(f"{_colour(background)} rg -1 -1 {_num(page_w + 2)} {_num(page_h + 2)} re f\n")
    # y down, the scene placed on the page, and coordinates in 1/UNITS point.
    k = s / UNITS
    ops.append(f"{_num(k, 9)} 0 0 {_num(-k, 9)} {_num(ox)} {_num(page_h - oy)} cm\n")
    content.draw(scene.items)
    content.end_path()

    doc = _Document()
    fonts = content.lettering.resources(doc) if content.lettering else ""
    resources = fonts + content.rings.write(doc)
    stream = zlib.compress("".join(ops).encode("latin-1"), COMPRESS_LEVEL)
    page_content = doc.stream(stream, "/Filter /FlateDecode")
    doc.objects[_PAGE - 1] = (
        f"<< /Type /Page /Parent {_PAGES} 0 R /MediaBox [0 0 {_num(page_w)} {_num(page_h)}] "
        f"/Contents {page_content} 0 R /Resources << {resources}>> >>"
    ).encode("latin-1")
    doc.objects[_PAGES - 1] = f"<< /Type /Pages /Kids [{_PAGE} 0 R] /Count 1 >>".encode()
    doc.objects[_CATALOG - 1] = f"<< /Type /Catalog /Pages {_PAGES} 0 R >>".encode()
    info_ref = doc.add(info.encode("latin-1"))
    return doc.finish(info_ref)


# -- the document ----------------------------------------------------------------

#: Object numbers fixed up front; the rest follow in the order they are written.
_CATALOG, _PAGES, _PAGE = 1, 2, 3


class _Document:
    """Numbered objects, then the cross-reference table and the trailer."""

    def __init__(self) -> None:
        self.objects: list[bytes] = [b"", b"", b""]

    def add(self, body: bytes) -> int:
        self.objects.append(body)
        return len(self.objects)

    def stream(self, data: bytes, extra: str = "") -> int:
        """A stream object (``extra``: more dictionary entries, e.g. its filter)."""
        head = f"<< /Length {len(data)} {extra}>>\nstream\n".encode()
        return self.add(head + data + b"\nendstream")

    def finish(self, info: int) -> bytes:
        out = [b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"]
        offsets = []
        at = len(out[0])
        for number, body in enumerate(self.objects, 1):
            offsets.append(at)
            chunk = b"%d 0 obj\n%s\nendobj\n" % (number, body)
            out.append(chunk)
            at += len(chunk)
        xref = [f"xref\n0 {len(self.objects) + 1}\n0000000000 65535 f \n"]
        xref += [f"{offset:010d} 00000 n \n" for offset in offsets]
        xref.append(
            f"trailer\n<< /Size {len(self.objects) + 1} /Root {_CATALOG} 0 R /Info {info} 0 R >>\n"
            f"startxref\n{at}\n%%EOF\n"
        )
        out.append("".join(xref).encode())
        return b"".join(out)


def _info(scene: Scene) -> str:
    """The document information dictionary: creator, dates, title, subject, keywords."""
    when = _pdf_date(_source_date_epoch())
    keywords = ["tic-tac-toe", "xkcd 832", *(f"{k} {v}" for k, v in sorted(scene.meta.items()))]
    creator = _string(f"ttt-maps {_version()}")
    entries = [
        f"/Creator {creator}",
        f"/Producer {creator}",
        f"/CreationDate {_string(when)}",
        f"/ModDate {_string(when)}",
        f"/Keywords {_string(', '.join(keywords))}",
    ]
    if scene.title:
        entries.append(f"/Title {_string(scene.title)}")
    if scene.desc:
        entries.append(f"/Subject {_string(scene.desc)}")
    return "<< " + " ".join(entries) + " >>"


def _string(text: str) -> str:
    """A PDF text string: a literal when it is ASCII, else UTF-16 hex with a byte-order mark."""
    if text.isascii() and text.isprintable():
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        return f"({escaped})"
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


def _source_date_epoch() -> int:
    """``SOURCE_DATE_EPOCH`` (reproducible builds) or the fixed default epoch."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not raw:
        return DEFAULT_EPOCH
    if not raw.isdigit():
        raise UsageError(f"SOURCE_DATE_EPOCH={raw!r}: expected whole seconds since 1970-01-01 UTC")
    return int(raw)


def _pdf_date(epoch: int) -> str:
    try:
        when = time.gmtime(epoch)
    except (OverflowError, OSError, ValueError):
        when = None
    if when is None or when.tm_year > 9999:  # PDF dates have four-digit years
        raise UsageError(f"SOURCE_DATE_EPOCH={epoch}: out of range for a date")
    return time.strftime("D:%Y%m%d%H%M%SZ", when)


def _version() -> str:
    from ttt_maps._version import __version__

    return __version__


def _num(value: float, digits: int = 4) -> str:
    """A number for the page's dictionaries and matrix, without needless zeros."""
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _colour(channels: RGB) -> str:
    return " ".join(_num(c) for c in channels)


# -- the page's content ------------------------------------------------------------


class _Content:
    """The content stream: the scene's items in order, as PDF operators.

    Consecutive strokes in one style are gathered into one path and stroked
    once; colour, width, caps and joins are set only when they change, and
    stroke and fill colours are tracked apart, as PDF keeps them. An O is a
    ring drawn once per stroke-to-radius ratio as a form (``_Rings``) and
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
        self.lettering: PdfText | None = None  # made at the first text
        self.rings = _Rings()
        #: Per kind of O (stroke, box width, box height): what goes before and
        #: after its centre in the stream (``_place_ring``).
        self.placed: dict[tuple[float, float, float], tuple[str, str]] = {}
        self.role_colour = {role: _colour(rgb(c)) for role, c in theme.role_colours().items()}

    def set_stroke(self, key: tuple[str, int, bool]) -> None:
        """Stroke the open path and set what differs for a path in style ``key``."""
        self.end_path()
        self.stroke_key = key
        colour, width, rounded = key
        self.stroke_colour(colour)
        if self.width != width:
            self.out.append(f"{width} w\n")
            self.width = width
        if self.rounded != rounded:
            self.out.append("1 J 1 j\n" if rounded else "0 J 0 j\n")
            self.rounded = rounded

    def stroke_colour(self, colour: str) -> None:
        if self.colour != colour:
            self.out.append(f"{colour} RG\n")
            self.colour = colour

    def end_path(self) -> None:
        if self.stroke_key is not None:
            self.out.append("S\n")
            self.stroke_key = None

    def fill_colour(self, colour: str) -> None:
        if colour != self.fill:
            self.out.append(f"{colour} rg\n")
            self.fill = colour

    def draw(self, items: Iterable[Item]) -> None:
        """Every item, groups' contents in place: the hot loop of the PDF.

        The style in the stream lives in local variables while the loop runs
        (``set_stroke``, ``stroke_colour``, ``end_path`` and ``ring``, inlined)
        and is handed back to the object around the rare rects and texts. An
        O's form and scale depend only on its box's size and stroke, so they
        are worked out once per kind of O.
        """
        add = self.out.append
        role_colour = self.role_colour
        rings, placed = self.rings, self.placed
        key, colour, width, rounded = self.stroke_key, self.colour, self.width, self.rounded
        stack = [iter(items)]
        while stack:
            for item in stack[-1]:
                if isinstance(item, Mark):
                    b = item.box
                    tone = role_colour[item.role]
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
                        form = placed[shape] = _place_ring(rings, *shape)
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
                    if len(points) == 2:  # grid strokes and win lines
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
                        key, colour, width, rounded
                    )
                    self.end_path()
                    if isinstance(item, Rect):
                        self.fill_colour(role_colour[item.role])
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
        from ttt_maps.draw.typeface import width

        if self.lettering is None:
            from ttt_maps.backends.pdftext import PdfText

            self.lettering = PdfText(UNITS, as_paths=self.text_as_paths)
        self.fill_colour(self.role_colour[text.role])
        x = text.start(width(text.text, text.size, text.bold))
        # The page is y down: the text matrix turns the glyphs upright again.
        self.out.append(self.lettering.line(text.text, x, text.y, text.size, text.bold))


def _polyline(points: tuple[tuple[float, float], ...]) -> str:
    """A path through ``points``: a move to the first, then lines."""
    (x0, y0), *rest = points
    ops = [f"{int(x0 * UNITS + 0.5)} {int(y0 * UNITS + 0.5)} m"]
    ops += [f"{int(x * UNITS + 0.5)} {int(y * UNITS + 0.5)} l" for x, y in rest]
    return " ".join(ops) + "\n"


def _place_ring(rings: _Rings, width: float, w: float, h: float) -> tuple[str, str]:
    """An O of stroke ``width`` in a ``w`` x ``h`` box: the form of its stroke-to-radius
    ratio scaled to its radius, as the text before and after its centre in the stream."""
    r = min(w, h) / 2
    form = rings.form(int(width / r * _Rings.RADIUS + 0.5) if r > 0 else 0)
    scale = f"{r * (UNITS / _Rings.RADIUS):.5f}"
    return f"q {scale} 0 0 {scale} ", f" cm /{form} Do Q\n"


class _Rings:
    """Form XObjects of a circle of radius ``RADIUS``, one per stroke-to-radius ratio.

    All Os of one level share a ratio (the stroke is a share of the cell), so a
    map needs a handful; the floor on stroke widths adds a few for the deepest
    levels.
    """

    RADIUS = 10_000

    def __init__(self) -> None:
        self.names: dict[int, str] = {}

    def form(self, width: int) -> str:
        """The form of a ring whose stroke is ``width`` (in 1/``RADIUS`` of its radius)."""
        name = self.names.get(width)
        if name is None:
            name = self.names[width] = f"O{len(self.names) + 1}"
        return name

    def write(self, doc: _Document) -> str:
        """Every ring as a form; returns the page's ``/XObject`` resource entry, if any."""
        if not self.names:
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
        return f"/XObject << {' '.join(entries)} >> "


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
