"""Scene -> PNG with pycairo (SPEC section 7); also the glyph outlines of PDF text.

A backend is a loop over the scene's primitives: it knows colours by role from
the theme and nothing of tic-tac-toe. ``cairo`` is imported inside the
functions that draw, so importing this module (and the CLI, the solver and
the SVG backend) stays fast. The page is placed as the PDF's is
(``render.page``): without a size one map unit is one point. The PNG holds
no time stamp, so the same scene always gives the same bytes.
"""

from __future__ import annotations

import io
import math
import sys
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from ttt_maps.backends.page import PageSize, placement
from ttt_maps.errors import UsageError
from ttt_maps.scene import Group, Item, Line, Mark, Rect, Scene, Text, Theme, rgb

#: Largest PNG we draw, in pixels (100 megapixels: about 400 MB while drawing).
PIXEL_CAP = 100_000_000
#: Largest PNG side in pixels (cairo's limit for an image surface).
MAX_SIDE = 32767
#: Width of a PNG when neither ``width_px`` nor ``dpi`` is given.
DEFAULT_WIDTH_PX = 2000

# -- PNG ---------------------------------------------------------------------


def scene_to_png(
    scene: Scene,
    *,
    width_px: int | None = None,
    dpi: float | None = None,
    size: PageSize | None = None,
    margin_mm: float = 10.0,
) -> bytes:
    """An opaque PNG with its DPI recorded.

    ``width_px`` sets the image width; ``dpi`` with ``size`` gives the page's
    pixels; ``dpi`` alone draws one map unit as one point at that DPI. The
    default is 2000 pixels wide. Images over ``PIXEL_CAP`` are refused.
    """
    import cairo
    from PIL import Image

    if width_px is not None and (
        not isinstance(width_px, int) or isinstance(width_px, bool) or width_px < 1
    ):
        raise UsageError(f"PNG width {width_px!r}: expected a whole number of pixels, 1 or more")
    if dpi is not None and not (math.isfinite(dpi) and dpi > 0):
        raise UsageError(f"PNG dpi {dpi!r}: expected a number above 0, e.g. 150 or 300")
    if size is not None and width_px is not None and dpi is not None:
        raise UsageError("PNG with a page size: give the width in pixels or the dpi, not both")
    page_w, page_h, (ox, oy, s) = placement(scene, size, margin_mm)
    if width_px is None and dpi is not None:
        px_per_pt = dpi / 72
    else:
        px_per_pt = (width_px or DEFAULT_WIDTH_PX) / page_w
    w = max(1, round(page_w * px_per_pt))
    h = max(1, round(page_h * px_per_pt))
    record_dpi = dpi if dpi is not None else px_per_pt * 72
    if w * h > PIXEL_CAP or max(w, h) > MAX_SIDE:
        raise UsageError(
            f"PNG would be {w} x {h} pixels, over the cap of {PIXEL_CAP // 1_000_000} "
            f"megapixels (and at most {MAX_SIDE} pixels a side); use a smaller --width or "
            "--dpi, or SVG or PDF for large prints"
        )
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, w, h)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(*rgb(scene.theme.background))
    ctx.paint()
    _draw(ctx, scene, (ox * px_per_pt, oy * px_per_pt, s * px_per_pt))
    surface.flush()
    raw = "BGRX" if sys.byteorder == "little" else "XRGB"
    data: Any = surface.get_data()
    image = Image.frombuffer("RGB", (w, h), data, "raw", raw, surface.get_stride(), 1)
    out = io.BytesIO()
    # zlib level 3: a third faster than level 6 on maps and posters (800-4000 px),
    # files between 10% smaller and 19% larger; levels above 6 cost 3-4x for ~2%.
    image.save(out, format="PNG", dpi=(record_dpi, record_dpi), compress_level=3)
    return out.getvalue()


# -- drawing -------------------------------------------------------------------


RGB = tuple[float, float, float]


def _draw(ctx: Any, scene: Scene, transform: tuple[float, float, float]) -> None:
    """Paint the scene's items in order onto ``ctx`` (which already holds the background)."""
    ox, oy, s = transform
    ctx.translate(ox, oy)
    ctx.scale(s, s)
    painter = _Painter(ctx, scene.theme)
    painter.draw(scene.items)
    painter.finish_stroke()


class _Painter:
    """A loop over primitives that sets colour, width and caps only when they change.

    Consecutive strokes in one style are gathered into one path and stroked
    once (far fewer strokes to rasterise); painting order is unchanged.
    """

    def __init__(self, ctx: Any, theme: Theme) -> None:
        import cairo

        self.ctx = ctx
        self.theme = theme
        self.stroke_key: tuple[RGB, float, bool] | None = None
        self.rgb: RGB | None = None
        self.caps = {True: cairo.LINE_CAP_ROUND, False: cairo.LINE_CAP_BUTT}
        self.joins = {True: cairo.LINE_JOIN_ROUND, False: cairo.LINE_JOIN_MITER}
        self.weights = {True: cairo.FONT_WEIGHT_BOLD, False: cairo.FONT_WEIGHT_NORMAL}
        self.slant = cairo.FONT_SLANT_NORMAL
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
                if item.symbol == "x":
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
        """One line through cairo's toy font API, placed by its anchor at the baseline."""
        ctx, theme = self.ctx, self.theme
        self.source(self.colour[text.role])
        ctx.select_font_face(theme.font, self.slant, self.weights[text.bold])
        ctx.set_font_size(text.size)
        ctx.move_to(text.start(ctx.text_extents(text.text).x_advance), text.y)
        ctx.show_text(text.text)
        ctx.new_path()


# -- glyph outlines for the PDF writer ----------------------------------------------


def glyph_outline(family: str, bold: bool, char: str) -> tuple[float, str, tuple[int, ...]]:
    """One character of the font as the PNG draws it: (advance, PDF path, bounding box).

    Units are 1/1000 em with y up (PDF glyph space). The outline is unhinted
    and the advance unrounded, so text is set exactly as cairo sets it; an
    empty path (a space) has the box ``(0, 0, 0, 0)``.
    """
    import cairo

    ctx = _glyph_context(family, bold)
    glyphs, _, _ = ctx.get_scaled_font().text_to_glyphs(0, 0, char, True)
    advance = ctx.get_scaled_font().glyph_extents(glyphs).x_advance
    ctx.new_path()
    ctx.glyph_path(glyphs)
    ops = []
    for kind, points in ctx.copy_path():
        coords = " ".join(str(round(v if i % 2 == 0 else -v)) for i, v in enumerate(points))
        if kind == cairo.PATH_MOVE_TO:
            ops.append(f"{coords} m")
        elif kind == cairo.PATH_LINE_TO:
            ops.append(f"{coords} l")
        elif kind == cairo.PATH_CURVE_TO:
            ops.append(f"{coords} c")
        else:
            ops.append("h")
    if not ops:
        return advance, "", (0, 0, 0, 0)
    x0, y0, x1, y1 = ctx.path_extents()
    return advance, "\n".join(ops) + "\n", (round(x0), round(-y1), round(x1), round(-y0))


@lru_cache(maxsize=8)
def _glyph_context(family: str, bold: bool) -> Any:
    """A context with the font at 1000 units per em, unhinted (outlines, not pixels)."""
    import cairo

    ctx = cairo.Context(cairo.RecordingSurface(cairo.CONTENT_ALPHA, None))
    options = cairo.FontOptions()
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    ctx.set_font_options(options)
    weight = cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL
    ctx.select_font_face(family, cairo.FONT_SLANT_NORMAL, weight)
    ctx.set_font_size(1000)
    return ctx
