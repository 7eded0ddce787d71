"""Scene -> PDF, written directly: vector pages (one, but for long sheets), deterministic.

A map is thousands of strokes and nothing else, so the PDF is written here
rather than through cairo: the content stream is formatted in one pass, in
integers of 1/1000 point (cairo's precision), and strokes in one style share
one path, as the PNG painter does. That is about three times faster than
cairo's PDF surface, which records every operation and replays it at the end.

Text (titles, headings, footers) is set in the fonts shipped with the
package, embedded as TrueType subsets, or drawn as outlines on request
(``fonts.py``); the PNG draws the same glyphs, so both show the same
letters. The text machinery is loaded only when a scene has text.

Units: without a page size one map unit is one point and the scene's size is
the page. With a size the scene is fitted inside the margin and centred
(``page.py``). The dates come from ``SOURCE_DATE_EPOCH`` (none without it),
and nothing else varies, so the same scene always gives the same bytes.
"""

from __future__ import annotations

import time
import zlib
from typing import NamedTuple

from ttt_maps._version import __version__
from ttt_maps.backends.page import PageSize, placement
from ttt_maps.backends.pdf.content import UNITS, Content, colour, num
from ttt_maps.backends.pdf.links import add_links, add_outline, pdf_string
from ttt_maps.draw.hand import sketched
from ttt_maps.draw.scene import Box, Item, Line, Scene, Text
from ttt_maps.draw.themes import rgb
from ttt_maps.draw.typeface import lettering
from ttt_maps.errors import UsageError
from ttt_maps.io.environment import whole_number

#: zlib level of the content stream: level 6 costs twice the time for 4% less.
COMPRESS_LEVEL = 3


def scene_to_pdf(
    scene: Scene,
    *,
    size: PageSize | None = None,
    margin_mm: float = 10.0,
    text_as_paths: bool = False,
) -> bytes:
    """A vector PDF, one page per page of the scene (``Scene.pages``); with ``size`` each
    page is fitted inside the margin and centred.

    Without a size a page is the scene's at one map unit per point and
    ``margin_mm`` is not used (the scene has its own margin).
    ``text_as_paths`` draws text as outlines: no fonts in the file.
    """
    info = _info(scene)  # a bad SOURCE_DATE_EPOCH fails before any drawing
    if scene.theme.hand is not None:
        scene = sketched(scene)
    theme = scene.theme
    if theme.typeface == "humor":  # the comic's hand: the one of the drawing's language
        theme = theme.replace(typeface=lettering(theme.typeface, scene.lang))
    content = Content(theme, text_as_paths)
    background = rgb(scene.theme.background)
    pages: list[tuple[float, float, str]] = []  # width, height, operators
    places: list[_Place] = []
    for index, page in enumerate(_pages(scene)):
        page_w, page_h, (ox, oy, s) = placement(page, size, margin_mm)
        places.append(_Place(index * page.height, page.height, page_h, ox, oy, s))
        ops = content.out
        if background != (1.0, 1.0, 1.0):
            # past the edges, so no antialiased seam shows where the page ends mid-pixel
            ops.append(f"{colour(background)} rg -1 -1 {num(page_w + 2)} {num(page_h + 2)} re f\n")
        # y down, the page's part of the scene placed on it, in 1/UNITS point.
        k = s / UNITS
        top = oy - index * page.height * s
        ops.append(f"{num(k, 9)} 0 0 {num(-k, 9)} {num(ox)} {num(page_h - top)} cm\n")
        content.draw(page.items)
        pages.append((page_w, page_h, content.take_page()))

    doc = _Document(len(pages))
    fonts = content.lettering.resources(doc) if content.lettering else ""
    resources = fonts + content.forms.write(doc)
    for number, (page_w, page_h, drawn) in enumerate(pages, _PAGE):
        stream = zlib.compress(drawn.encode("latin-1"), COMPRESS_LEVEL)
        page_content = doc.stream(stream, "/Filter /FlateDecode")
        doc.objects[number - 1] = (
            f"<< /Type /Page /Parent {_PAGES} 0 R /MediaBox [0 0 {num(page_w)} {num(page_h)}] "
            f"/Contents {page_content} 0 R /Resources << {resources}>> >>"
        ).encode("latin-1")
    kids = " ".join(f"{number} 0 R" for number in range(_PAGE, _PAGE + len(pages)))
    doc.objects[_PAGES - 1] = f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode()
    catalog = f"/Type /Catalog /Pages {_PAGES} 0 R /Lang {pdf_string(scene.lang)}"
    if scene.anchors:
        dests = {a.name: _where(places, a.y) for a in scene.anchors}
        add_links(doc, scene.links, dests, lambda box: _on_page(places, box), _PAGE)
        outline = add_outline(doc, scene.anchors, dests, _PAGE)
        if outline:
            catalog += f" /Outlines {outline} 0 R /PageMode /UseOutlines"
    doc.objects[_CATALOG - 1] = f"<< {catalog} >>".encode()
    info_ref = doc.add(info.encode("latin-1"))
    return doc.finish(info_ref)


class _Place(NamedTuple):
    """Where a page of the scene sits on its PDF page: its top and height in the
    scene, the PDF page's height, and the offset and scale (``page.placement``)."""

    top: float
    height: float
    page_h: float
    ox: float
    oy: float
    s: float

    def box(self, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        """A box of the scene on this page, as PDF's [left bottom right top]."""
        left, top = self.ox + self.s * x, self.page_h - self.oy - self.s * (y - self.top)
        return left, top - self.s * h, left + self.s * w, top


def _page_at(places: list[_Place], y: float) -> int:
    """The page (from 0) that the scene's height ``y`` is on."""
    index = 0
    while index + 1 < len(places) and y >= places[index + 1].top:
        index += 1
    return index


def _where(places: list[_Place], y: float) -> tuple[int, float]:
    """The page of the scene's ``y`` and the height on it, in points from its foot."""
    index = _page_at(places, y)
    return index, places[index].box(0, y, 0, 0)[3]


def _on_page(places: list[_Place], box: Box) -> tuple[int, tuple[float, float, float, float]]:
    """The page a box of the scene starts on, and the box there as [left bottom right top]."""
    index = _page_at(places, box.y)
    return index, places[index].box(box.x, box.y, box.w, box.h)


def _pages(scene: Scene) -> list[Scene]:
    """The scene's pages, each with the items that start on it (``Scene.pages``): a
    scene of one page is itself."""
    if scene.pages <= 1:
        return [scene]
    tall = scene.height / scene.pages
    parts: list[list[Item]] = [[] for _ in range(scene.pages)]
    for item in scene.items:
        parts[min(scene.pages - 1, max(0, int(_top(item) // tall)))].append(item)
    return [scene.replace(height=tall, items=tuple(part), pages=1) for part in parts]


def _top(item: Item) -> float:
    """Where an item starts, from the top of the scene."""
    if isinstance(item, Text):
        return item.y - item.size
    if isinstance(item, Line):
        return min(y for _, y in item.points)
    return item.box.y


# -- the document ----------------------------------------------------------------

#: Object numbers fixed up front (the pages' from ``_PAGE`` on); the rest follow in
#: the order they are written.
_CATALOG, _PAGES, _PAGE = 1, 2, 3


class _Document:
    """Numbered objects, then the cross-reference table and the trailer."""

    def __init__(self, pages: int = 1) -> None:
        self.objects: list[bytes] = [b""] * (_PAGE - 1 + pages)

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
    epoch = _source_date_epoch()
    keywords = ["tic-tac-toe", "xkcd 832", *(f"{k} {v}" for k, v in sorted(scene.meta.items()))]
    creator = pdf_string(f"ttt-maps {_version()}")
    entries = [
        f"/Creator {creator}",
        f"/Producer {creator}",
        *(
            f"/{key} {pdf_string(_pdf_date(epoch))}"
            for key in ("CreationDate", "ModDate")
            if epoch is not None
        ),
        f"/Keywords {pdf_string(', '.join(keywords))}",
    ]
    if scene.title:
        entries.append(f"/Title {pdf_string(scene.title)}")
    if scene.desc:
        entries.append(f"/Subject {pdf_string(scene.desc)}")
    return "<< " + " ".join(entries) + " >>"


def _source_date_epoch() -> int | None:
    """``SOURCE_DATE_EPOCH`` (reproducible builds), or None: then the PDF carries no
    date, as a date that is not the file's would mislead."""
    epoch = whole_number("SOURCE_DATE_EPOCH", -1, meaning="whole seconds since 1970-01-01 UTC")
    return None if epoch < 0 else epoch


def _pdf_date(epoch: int) -> str:
    try:
        when = time.gmtime(epoch)
    except (OverflowError, OSError, ValueError):
        when = None
    if when is None or when.tm_year > 9999:  # PDF dates have four-digit years
        raise UsageError(f"SOURCE_DATE_EPOCH={epoch}: out of range for a date")
    return time.strftime("D:%Y%m%d%H%M%SZ", when)


def _version() -> str:
    return __version__
