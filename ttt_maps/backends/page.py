"""Pages for PDF and PNG: named and measured sizes, and where a scene sits on a page.

Shared by the PDF writer and the cairo (PNG) backend, and imported by the
CLI to check ``--size`` before anything is drawn, so it imports nothing heavy.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from ttt_maps.errors import bad_value

if TYPE_CHECKING:
    from ttt_maps.draw.scene import Scene

PT_PER = {"mm": 72 / 25.4, "in": 72.0, "pt": 1.0, "px": 72 / 96}
#: The margin around a drawing on a page, in millimetres, unless one is given.
MARGIN_MM = 10.0
_NAMED_MM = {
    "A6": (105.0, 148.0),
    "A5": (148.0, 210.0),
    "A4": (210.0, 297.0),
    "A3": (297.0, 420.0),
    "A2": (420.0, 594.0),
    "A1": (594.0, 841.0),
    "A0": (841.0, 1189.0),
    "letter": (215.9, 279.4),
    "tabloid": (279.4, 431.8),
}
#: The named pages, as ``--size`` lists them (shell completion offers them).
NAMED_PAGES: tuple[str, ...] = tuple(_NAMED_MM)
_MAX_SIDE_PT = 5000 * PT_PER["mm"]
_MIN_SIDE_PT = 1 * PT_PER["mm"]
_VALID_SIZES = (
    "A6, A5, A4, A3, A2, A1, A0, letter, tabloid, or WxH with a unit mm|in|pt|px "
    "(e.g. 24x36in, 600x600mm, 1920x1080px); a named size turns to fit the drawing "
    "unless -landscape or -portrait is added"
)
#: A measured size and an orientation suffix (``re`` caches them on first use).
_DIMS = (
    r"(?P<w>[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*[x\u00d7]\s*"
    r"(?P<h>[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(?P<unit>mm|in|pt|px)"
)
_ORIENT = r"(?P<base>.*?)\s*[-:\s](?P<orient>landscape|portrait)"


def has_room(size: PageSize, margin_mm: float) -> bool:
    """Whether a margin leaves room to draw on a page."""
    m = margin_mm * PT_PER["mm"]
    return min(size.width_pt, size.height_pt) - 2 * m > 0


class PageSize(NamedTuple):
    """A page in PDF points (1/72 in); ``name`` is how the user would write it.

    ``turns``: a named size given without ``-landscape``/``-portrait``, which
    takes the drawing's orientation (``oriented``).
    """

    name: str
    width_pt: float
    height_pt: float
    turns: bool = False


def parse_size(text: str) -> PageSize:
    """A page size from ``A6..A0|letter|tabloid|WxH(mm|in|pt|px)``.

    Case-insensitive. A page follows the drawing's orientation unless
    ``-landscape`` or ``-portrait`` (or ``:landscape``...) fixes it, a named one and a
    measured one alike (``24x36in`` holds a landscape poster as 36 by 24 inches).
    Pixels count at 96 per inch, as in CSS.
    """
    raw = text.strip().lower()
    orient = ""
    m = re.fullmatch(_ORIENT, raw, re.ASCII)
    if m:
        raw, orient = m["base"], m["orient"]
    named = {k.lower(): k for k in _NAMED_MM}
    if raw in named:
        name = named[raw]
        w_mm, h_mm = _NAMED_MM[name]
        w, h = w_mm * PT_PER["mm"], h_mm * PT_PER["mm"]
        if orient == "landscape":
            w, h = h, w
            name += "-landscape"
        return PageSize(name, w, h, turns=not orient)
    d = re.fullmatch(_DIMS, raw, re.ASCII)
    if d is None:
        raise bad_value("page size", text, f"not understood; use {_VALID_SIZES}")
    unit, w_txt, h_txt = d["unit"], d["w"], d["h"]
    w, h = float(w_txt) * PT_PER[unit], float(h_txt) * PT_PER[unit]
    if min(w, h) < _MIN_SIDE_PT or max(w, h) > _MAX_SIDE_PT:
        raise bad_value(
            "page size", text, f"each side must be between 1 mm and 5 m; use {_VALID_SIZES}"
        )
    if (orient == "landscape" and h > w) or (orient == "portrait" and w > h):
        w, h, w_txt, h_txt = h, w, h_txt, w_txt
    return PageSize(f"{_num(w_txt)}x{_num(h_txt)}{unit}", w, h, turns=not orient)


def _num(text: str) -> str:
    """A number as written, without trailing zeros (``24.0`` -> ``24``)."""
    value = float(text)
    return f"{value:g}" if value != int(value) else str(int(value))


def oriented(size: PageSize, scene: Scene) -> PageSize:
    """The page turned to the drawing's orientation, when its size allows it (a square
    drawing, or a square page, has none to follow)."""
    if not size.turns or scene.width == scene.height or size.width_pt == size.height_pt:
        return size
    if (size.width_pt > size.height_pt) == (scene.width > scene.height):
        return size
    name = size.name + ("-landscape" if size.height_pt > size.width_pt else "-portrait")
    return PageSize(name, size.height_pt, size.width_pt)


def placement(
    scene: Scene, size: PageSize | None, margin_mm: float
) -> tuple[float, float, tuple[float, float, float]]:
    """Page width and height in points, and the scene's (offset x, offset y, scale).

    A named page without an orientation takes the drawing's (``oriented``).
    """
    if size is None:
        return scene.width, scene.height, (0.0, 0.0, 1.0)
    size = oriented(size, scene)
    m = margin_mm * PT_PER["mm"]
    room_w, room_h = size.width_pt - 2 * m, size.height_pt - 2 * m
    s = min(room_w / scene.width, room_h / scene.height)
    ox = (size.width_pt - scene.width * s) / 2
    oy = (size.height_pt - scene.height * s) / 2
    return size.width_pt, size.height_pt, (ox, oy, s)
