"""Scene -> PDF (vector) and PNG (raster) with pycairo; page sizes (SPEC section 7).

A backend is a loop over the scene's primitives: it knows colours by role from
the theme and nothing of tic-tac-toe. ``cairo`` is imported inside the
functions that draw, so importing this module (and the CLI, the solver and
the SVG backend) stays fast.

Units: without a page size, one map unit is one PDF point (a single map is
about 377 mm square, between A3 and A2, and the scene carries its own quiet
margin). With a page size the scene is scaled to fit the page minus the
margin and centred on it. Output is deterministic: the PDF dates come from
``SOURCE_DATE_EPOCH`` or a fixed epoch, and the PNG holds no time stamp.
"""

from __future__ import annotations

import io
import math
import os
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from ttt_maps.errors import UsageError
from ttt_maps.scene import Group, Item, Line, Mark, Rect, Scene, Text, Theme

#: Largest PNG we draw, in pixels (100 megapixels: about 400 MB while drawing).
PIXEL_CAP = 100_000_000
#: Largest PNG side in pixels (cairo's limit for an image surface).
MAX_SIDE = 32767
#: Width of a PNG when neither ``width_px`` nor ``dpi`` is given.
DEFAULT_WIDTH_PX = 2000
#: PDF creation date when ``SOURCE_DATE_EPOCH`` is not set (2000-01-01T00:00:00Z).
DEFAULT_EPOCH = 946_684_800

_PT_PER = {"mm": 72 / 25.4, "in": 72.0, "pt": 1.0, "px": 72 / 96}
_NAMED_MM = {
    "A4": (210.0, 297.0),
    "A3": (297.0, 420.0),
    "A2": (420.0, 594.0),
    "A1": (594.0, 841.0),
    "A0": (841.0, 1189.0),
    "letter": (215.9, 279.4),
    "tabloid": (279.4, 431.8),
}
_MAX_SIDE_PT = 5000 * _PT_PER["mm"]
_MIN_SIDE_PT = 1 * _PT_PER["mm"]
_VALID_SIZES = (
    "A4, A3, A2, A1, A0, letter, tabloid, or WxH with a unit mm|in|pt|px "
    "(e.g. 24x36in, 600x600mm, 1920x1080px); add -landscape to turn the page"
)
_DIMS = re.compile(
    r"(?P<w>\d+(?:\.\d*)?|\.\d+)\s*[x\u00d7]\s*(?P<h>\d+(?:\.\d*)?|\.\d+)\s*(?P<unit>mm|in|pt|px)"
)
_ORIENT = re.compile(r"(?P<base>.*?)\s*[-:\s](?P<orient>landscape|portrait)")


@dataclass(frozen=True)
class PageSize:
    """A page in PDF points (1/72 in); ``name`` is how the user would write it."""

    name: str
    width_pt: float
    height_pt: float


def parse_size(text: str) -> PageSize:
    """A page size from ``A4|A3|A2|A1|A0|letter|tabloid|WxH(mm|in|pt|px)``.

    Case-insensitive; portrait by default, ``-landscape`` (or ``:landscape``)
    turns the page. Pixels count at 96 per inch, as in CSS.
    """
    raw = text.strip().lower()
    orient = ""
    m = _ORIENT.fullmatch(raw)
    if m:
        raw, orient = m["base"], m["orient"]
    named = {k.lower(): k for k in _NAMED_MM}
    if raw in named:
        name = named[raw]
        w_mm, h_mm = _NAMED_MM[name]
        w, h = w_mm * _PT_PER["mm"], h_mm * _PT_PER["mm"]
        if orient == "landscape":
            w, h = h, w
            name += "-landscape"
        return PageSize(name, w, h)
    d = _DIMS.fullmatch(raw)
    if d is None:
        raise UsageError(f"page size {text!r} is not understood; use {_VALID_SIZES}")
    unit, w_txt, h_txt = d["unit"], d["w"], d["h"]
    w, h = float(w_txt) * _PT_PER[unit], float(h_txt) * _PT_PER[unit]
    if min(w, h) < _MIN_SIDE_PT or max(w, h) > _MAX_SIDE_PT:
        raise UsageError(
            f"page size {text!r}: each side must be between 1 mm and 5 m; use {_VALID_SIZES}"
        )
    if (orient == "landscape" and h > w) or (orient == "portrait" and w > h):
        w, h, w_txt, h_txt = h, w, h_txt, w_txt
    return PageSize(f"{_num(w_txt)}x{_num(h_txt)}{unit}", w, h)


def _num(text: str) -> str:
    """A number as written, without trailing zeros (``24.0`` -> ``24``)."""
    value = float(text)
    return f"{value:g}" if value != int(value) else str(int(value))


# -- PDF ---------------------------------------------------------------------


def scene_to_pdf(scene: Scene, *, size: PageSize | None = None, margin_mm: float = 10.0) -> bytes:
    """One vector PDF page; with ``size`` the scene is fitted inside the margin and centred.

    Without a size the page is the scene at one map unit per point and
    ``margin_mm`` is not used (the scene has its own margin).
    """
    import cairo

    page_w, page_h, transform = _placement(scene, size, margin_mm)
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, page_w, page_h)
    for key, value in _pdf_metadata(scene):
        surface.set_metadata(key, value)
    ctx = cairo.Context(surface)
    background = _rgb(scene.theme.background)
    if background != (1.0, 1.0, 1.0):
        ctx.set_source_rgb(*background)
        ctx.paint()
    _draw(ctx, scene, transform)
    surface.finish()
    return out.getvalue()


def _pdf_metadata(scene: Scene) -> list[tuple[Any, str]]:
    import cairo

    when = _iso_date(_source_date_epoch())
    keywords = ["tic-tac-toe", "xkcd 832", *(f"{k} {v}" for k, v in sorted(scene.meta.items()))]
    meta: list[tuple[Any, str]] = [
        (cairo.PDFMetadata.CREATOR, f"ttt-maps {_version()}"),
        (cairo.PDFMetadata.CREATE_DATE, when),
        (cairo.PDFMetadata.MOD_DATE, when),
        (cairo.PDFMetadata.KEYWORDS, ", ".join(keywords)),
    ]
    if scene.title:
        meta.append((cairo.PDFMetadata.TITLE, scene.title))
    if scene.desc:
        meta.append((cairo.PDFMetadata.SUBJECT, scene.desc))
    return meta


def _source_date_epoch() -> int:
    """``SOURCE_DATE_EPOCH`` (reproducible builds) or the fixed default epoch."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not raw:
        return DEFAULT_EPOCH
    if not raw.isdigit():
        raise UsageError(f"SOURCE_DATE_EPOCH={raw!r}: expected whole seconds since 1970-01-01 UTC")
    return int(raw)


def _iso_date(epoch: int) -> str:
    try:
        when = datetime.fromtimestamp(epoch, UTC)
    except (OverflowError, OSError, ValueError):
        raise UsageError(f"SOURCE_DATE_EPOCH={epoch}: out of range for a date") from None
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _version() -> str:
    from ttt_maps._version import __version__

    return __version__


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
    page_w, page_h, (ox, oy, s) = _placement(scene, size, margin_mm)
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
    ctx.set_source_rgb(*_rgb(scene.theme.background))
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


# -- placement and drawing -----------------------------------------------------


def _placement(
    scene: Scene, size: PageSize | None, margin_mm: float
) -> tuple[float, float, tuple[float, float, float]]:
    """Page width and height in points, and the scene's (offset x, offset y, scale)."""
    if size is None:
        return scene.width, scene.height, (0.0, 0.0, 1.0)
    if not (math.isfinite(margin_mm) and margin_mm >= 0):
        raise UsageError(f"margin {margin_mm!r} mm: expected 0 or more millimetres")
    m = margin_mm * _PT_PER["mm"]
    room_w, room_h = size.width_pt - 2 * m, size.height_pt - 2 * m
    if room_w <= 0 or room_h <= 0:
        raise UsageError(
            f"margin {margin_mm:g} mm leaves no room on a {size.name} page; use a smaller margin"
        )
    s = min(room_w / scene.width, room_h / scene.height)
    ox = (size.width_pt - scene.width * s) / 2
    oy = (size.height_pt - scene.height * s) / 2
    return size.width_pt, size.height_pt, (ox, oy, s)


@lru_cache(maxsize=256)
def _rgb(colour: str) -> tuple[float, float, float]:
    """``#rgb`` or ``#rrggbb`` as cairo's 0..1 channels."""
    hexa = colour.lstrip("#")
    if len(hexa) == 3:
        hexa = "".join(c * 2 for c in hexa)
    if len(hexa) != 6:
        raise ValueError(f"colour {colour!r}: expected #rgb or #rrggbb")
    return (int(hexa[0:2], 16) / 255, int(hexa[2:4], 16) / 255, int(hexa[4:6], 16) / 255)


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
    once (a PDF with a tenth of the operators); painting order is unchanged.
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
        self.mark_rgb = {
            "played": _rgb(theme.ink),
            "final": _rgb(theme.ink),
            "chosen": _rgb(theme.chosen),
            "alt": _rgb(theme.faint),
        }
        self.line_rgb = {"grid": _rgb(theme.grid), "win": _rgb(theme.win)}
        self.rect_rgb = {
            "tint-win": _rgb(theme.tint_win),
            "tint-draw": _rgb(theme.tint_draw),
            "differs": _rgb(theme.differs),
            "background": _rgb(theme.background),
        }

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
                self.stroke_style(self.mark_rgb[item.role], item.width, True)
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
                self.stroke_style(self.line_rgb[item.role], item.width, item.role == "win")
                (x0, y0), *rest = item.points
                move_to(x0, y0)
                for x, y in rest:
                    line_to(x, y)
            elif isinstance(item, Group):
                self.draw(item.items)
            elif isinstance(item, Rect):
                self.finish_stroke()
                self.source(self.rect_rgb[item.role])
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
        self.source(_rgb(theme.muted if text.role in ("footer", "legend") else theme.text))
        ctx.select_font_face(theme.font, self.slant, self.weights[text.bold])
        ctx.set_font_size(text.size)
        x = text.x
        if text.anchor != "start":
            advance = ctx.text_extents(text.text).x_advance
            x -= advance / 2 if text.anchor == "middle" else advance
        ctx.move_to(x, text.y)
        ctx.show_text(text.text)
        ctx.new_path()
