"""Scene -> PNG with pycairo.

A backend is a loop over the scene's primitives: it knows colours by role from
the theme and nothing of tic-tac-toe. ``cairo`` is imported inside the
functions that draw, so importing this module (and the CLI, the solver and
the SVG backend) stays fast. The page is placed as the PDF's is
(``page.py``): without a size one map unit is one point. The PNG holds
its resolution and the scene's title (an ``iTXt`` chunk, cleaned of control
characters as every format's metadata is) and no time stamp, so the same
scene always gives the same bytes.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from collections.abc import Iterable
from typing import Any

from PIL import Image, ImageChops

from ttt_maps.backends.page import PageSize, placement
from ttt_maps.draw.hand import glyph, sketched
from ttt_maps.draw.scene import Group, Item, Line, Mark, Rect, Scene, Text
from ttt_maps.draw.themes import Theme, rgb
from ttt_maps.draw.typeface import layout, lettering, outline
from ttt_maps.errors import Limit

#: Largest PNG we draw, in pixels: A0 at 400 dpi (about 250 megapixels). It
#: is drawn in bands (``BAND_BYTES``), so memory stays bounded; the cap keeps
#: the time and the file within reason.
PIXEL_CAP = 250_000_000
#: Largest PNG side in pixels (cairo's limit for an image surface's width).
MAX_SIDE = 32767
#: Width of a PNG when neither ``width_px`` nor ``dpi`` nor a page is given.
DEFAULT_WIDTH_PX = 2000
#: Resolution of a PNG with a page size and neither width nor dpi: print quality.
PRINT_DPI = 300.0
#: Memory of one band of the drawing (cairo's 4 bytes a pixel).
BAND_BYTES = 32 * 1024 * 1024
#: Rows filtered at a time: a few hundred kilobytes, however large the image.
CHUNK_ROWS = 32
#: zlib level: a third faster than level 6 on maps and posters, files about as
#: large; levels above 6 cost 3-4x for ~2%.
COMPRESS_LEVEL = 3

# -- PNG ---------------------------------------------------------------------


def scene_to_png(
    scene: Scene,
    *,
    width_px: int | None = None,
    dpi: float | None = None,
    size: PageSize | None = None,
    margin_mm: float = 10.0,
    band_rows: int | None = None,
) -> bytes:
    """An opaque PNG with its DPI and the scene's title recorded.

    ``width_px`` sets the image width; ``dpi`` with ``size`` gives the page's
    pixels (a page without either is drawn at ``PRINT_DPI``); ``dpi`` alone
    draws one map unit as one point at that DPI. The default is 2000 pixels
    wide. Images over ``PIXEL_CAP`` are refused. The image is drawn in
    horizontal bands of ``band_rows`` (by default as many as fit in
    ``BAND_BYTES``) and streamed into the file, so an A0 poster at 300 dpi
    needs a few hundred megabytes, not gigabytes; the pixels are the same
    whatever the bands.
    """
    # lazy: the module imports without pycairo, which only a PNG needs (test_cairo holds it)
    import cairo

    if size is not None and width_px is None and dpi is None:
        dpi = PRINT_DPI
    page_w, page_h, (ox, oy, s) = placement(scene, size, margin_mm)
    if width_px is None and dpi is not None:
        px_per_pt = dpi / 72
    else:
        px_per_pt = (width_px or DEFAULT_WIDTH_PX) / page_w
    w = max(1, round(page_w * px_per_pt))
    h = max(1, round(page_h * px_per_pt))
    record_dpi = dpi if dpi is not None else px_per_pt * 72
    if w * h > PIXEL_CAP or max(w, h) > MAX_SIDE:
        raise Limit(
            f"PNG would be {w} x {h} pixels, over the cap of {PIXEL_CAP // 1_000_000} "
            f"megapixels (and at most {MAX_SIDE} pixels a side); use a smaller {{width}} or "
            "{dpi}, or SVG or PDF for large prints",
            width=None,
            dpi=None,
        )
    if scene.theme.hand is not None:
        scene = sketched(scene)
    rows = band_rows or max(1, BAND_BYTES // (4 * w))
    png = _PngStream(w, h, record_dpi, scene.title)
    for top in range(0, h, rows):
        band = min(rows, h - top)
        surface = cairo.ImageSurface(cairo.FORMAT_RGB24, w, band)
        ctx = cairo.Context(surface)
        ctx.set_source_rgb(*rgb(scene.theme.background))
        ctx.paint()
        surface.set_device_offset(0, -top)
        _draw(ctx, scene, (ox * px_per_pt, oy * px_per_pt, s * px_per_pt))
        surface.flush()
        png.add(surface.get_data(), surface.get_stride(), band)
        surface.finish()
    return png.finish()


class _PngStream:
    """A PNG written band by band: each row "Up"-filtered, all in one zlib stream.

    The filter (each byte minus the one above it) turns the repeated rows of
    a line drawing into zeros; Pillow computes it ``CHUNK_ROWS`` rows at a
    time, straight from cairo's pixels, so the only copies of the image
    besides cairo's own are a few hundred kilobytes.
    """

    def __init__(self, width: int, height: int, dpi: float, title: str) -> None:
        self.width = width
        self.parts = [b"\x89PNG\r\n\x1a\n"]
        self.parts.append(_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        per_metre = round(dpi / 0.0254)
        self.parts.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
        if title:  # international text: keyword, no compression, no language, UTF-8
            text = title.encode("utf-8")
            self.parts.append(_chunk(b"iTXt", b"Title\0\0\0\0\0" + text))
        self.zlib = zlib.compressobj(COMPRESS_LEVEL)
        self.data: list[bytes] = []
        self.above = b""  # cairo's bytes of the row above the next one (none yet: zeros)

    def add(self, data: Any, stride: int, rows: int) -> None:
        """Filter and compress a band of ``rows`` rows of cairo pixels (``stride`` bytes each)."""
        raw = "BGRX" if sys.byteorder == "little" else "XRGB"
        size = 3 * self.width
        view: Any = memoryview(data)  # slices of cairo's pixels, not copies
        if not self.above:
            self.above = bytes(stride)  # the row above the first one is black: no change
        for top in range(0, rows, CHUNK_ROWS):
            n = min(CHUNK_ROWS, rows - top)
            here = view[top * stride : (top + n) * stride]
            above = self.above + here[: (n - 1) * stride]
            self.above = bytes(here[(n - 1) * stride :])
            band = Image.frombuffer("RGB", (self.width, n), here, "raw", raw, stride, 1)
            prior = Image.frombuffer("RGB", (self.width, n), above, "raw", raw, stride, 1)
            filtered = memoryview(ImageChops.subtract_modulo(band, prior).tobytes())
            lines = bytearray(n * (size + 1))
            for row in range(n):  # each row starts with its filter type, 2 ("Up")
                at = row * (size + 1)
                lines[at] = 2
                lines[at + 1 : at + 1 + size] = filtered[row * size : (row + 1) * size]
            self.data.append(self.zlib.compress(lines))

    def finish(self) -> bytes:
        self.data.append(self.zlib.flush())
        self.parts.append(_chunk(b"IDAT", b"".join(self.data)))
        self.parts.append(_chunk(b"IEND", b""))
        return b"".join(self.parts)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


# -- drawing -------------------------------------------------------------------


RGB = tuple[float, float, float]


def _draw(ctx: Any, scene: Scene, transform: tuple[float, float, float]) -> None:
    """Paint the scene's items in order onto ``ctx`` (which already holds the background)."""
    ox, oy, s = transform
    ctx.translate(ox, oy)
    ctx.scale(s, s)
    theme = scene.theme
    if theme.typeface == "humor":  # the comic's hand: the one of the drawing's language
        theme = theme.replace(typeface=lettering(theme.typeface, scene.lang))
    painter = _Painter(ctx, theme)
    painter.draw(scene.items)
    painter.finish_stroke()


class _Painter:
    """A loop over primitives that sets colour, width and caps only when they change.

    Consecutive strokes in one style are gathered into one path and stroked
    once (far fewer strokes to rasterise); painting order is unchanged.
    """

    def __init__(self, ctx: Any, theme: Theme) -> None:
        # lazy: the module imports without pycairo, which only a PNG needs (test_cairo holds it)
        import cairo

        self.ctx = ctx
        self.theme = theme
        self.stroke_key: tuple[RGB, float, bool] | None = None
        self.rgb: RGB | None = None
        self.caps = {True: cairo.LINE_CAP_ROUND, False: cairo.LINE_CAP_BUTT}
        self.joins = {True: cairo.LINE_JOIN_ROUND, False: cairo.LINE_JOIN_MITER}
        self.colour = {role: rgb(c) for role, c in theme.role_colours().items()}

    def source(self, rgb: RGB) -> None:
        if self.rgb != rgb:
            self.ctx.set_source_rgb(*rgb)
            self.rgb = rgb

    def stroke_style(self, rgb: RGB, width: float, rounded: bool) -> None:
        """Continue the gathered path, or stroke it and start one in a new style."""
        key = (rgb, width, rounded)
        if self.stroke_key == key:
            return
        self.finish_stroke()
        self.source(rgb)
        self.ctx.set_line_width(width)
        self.ctx.set_line_cap(self.caps[rounded])
        self.ctx.set_line_join(self.joins[rounded])
        self.stroke_key = key

    def finish_stroke(self) -> None:
        if self.stroke_key is not None:
            self.ctx.stroke()
            self.stroke_key = None

    def draw(self, items: Iterable[Item]) -> None:
        ctx = self.ctx
        move_to, line_to = ctx.move_to, ctx.line_to
        for item in items:
            if isinstance(item, Mark):
                self.stroke_style(self.colour[item.role], item.width, True)
                b = item.box
                if item.hand:
                    self.hand_mark(item)
                elif item.symbol == "x":
                    move_to(b.x, b.y)
                    line_to(b.x + b.w, b.y + b.h)
                    move_to(b.x + b.w, b.y)
                    line_to(b.x, b.y + b.h)
                else:
                    ctx.new_sub_path()
                    ctx.arc(b.x + b.w / 2, b.y + b.h / 2, min(b.w, b.h) / 2, 0.0, 2 * math.pi)
                    ctx.close_path()
            elif isinstance(item, Line):
                self.stroke_style(self.colour[item.role], item.width, item.role == "win")
                (x0, y0), *rest = item.points
                move_to(x0, y0)
                if item.curved:
                    for i in range(0, len(rest), 3):
                        (x1, y1), (x2, y2), (x3, y3) = rest[i : i + 3]
                        ctx.curve_to(x1, y1, x2, y2, x3, y3)
                    continue
                for x, y in rest:
                    line_to(x, y)
            elif isinstance(item, Group):
                self.draw(item.items)
            elif isinstance(item, Rect):
                self.finish_stroke()
                self.source(self.colour[item.role])
                self.rect(item)
            else:
                self.finish_stroke()
                self.text(item)

    def hand_mark(self, mark: Mark) -> None:
        """A mark drawn by hand (``draw/hand.py``): its glyph scaled to its box."""

        ctx, b = self.ctx, mark.box
        x, y, w, h = b.x, b.y, b.w, b.h
        for kind, c in glyph(mark.symbol, mark.hand):
            if kind == "M":
                ctx.move_to(x + c[0] * w, y + c[1] * h)
            elif kind == "L":
                ctx.line_to(x + c[0] * w, y + c[1] * h)
            else:
                ctx.curve_to(
                    x + c[0] * w, y + c[1] * h,
                    x + c[2] * w, y + c[3] * h,
                    x + c[4] * w, y + c[5] * h,
                )  # fmt: skip

    def rect(self, rect: Rect) -> None:
        ctx, b = self.ctx, rect.box
        r = min(rect.radius, b.w / 2, b.h / 2)
        if r <= 0:
            ctx.rectangle(b.x, b.y, b.w, b.h)
        else:
            ctx.new_sub_path()
            ctx.arc(b.x + b.w - r, b.y + r, r, -math.pi / 2, 0)
            ctx.arc(b.x + b.w - r, b.y + b.h - r, r, 0, math.pi / 2)
            ctx.arc(b.x + r, b.y + b.h - r, r, math.pi / 2, math.pi)
            ctx.arc(b.x + r, b.y + r, r, math.pi, 3 * math.pi / 2)
            ctx.close_path()
        ctx.fill()

    def text(self, text: Text) -> None:
        """One line in the shipped font, placed by its anchor at the baseline.

        The glyphs are filled outlines, the same the PDF embeds, so a PNG and a
        PDF of one scene show the same letters in the same places.
        """

        ctx, size = self.ctx, text.size
        self.source(self.colour[text.role])
        glyphs, advance = layout(text.text, text.bold, self.theme.typeface)
        left = text.start(advance * size)
        for g in glyphs:
            x = left + g.x * size
            for kind, c in outline(g, text.bold):
                if kind == "M":
                    ctx.move_to(x + c[0] * size, text.y - c[1] * size)
                elif kind == "L":
                    ctx.line_to(x + c[0] * size, text.y - c[1] * size)
                elif kind == "C":
                    ctx.curve_to(
                        x + c[0] * size, text.y - c[1] * size,
                        x + c[2] * size, text.y - c[3] * size,
                        x + c[4] * size, text.y - c[5] * size,
                    )  # fmt: skip
                else:
                    ctx.close_path()
        ctx.fill()
