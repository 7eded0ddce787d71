"""Text in our PDFs: the shipped fonts embedded as TrueType subsets, or outlines.

Each shipped face used becomes one Type 0 font over a CIDFontType2 whose character
codes are the shipped font's glyph numbers (``/Identity-H``), with just the
glyphs the page uses embedded (``FontFile2``, the subset's name tagged as
PDF asks), their widths, and a ``/ToUnicode`` map so the words can be found
and copied. Print shops' preflight checks want exactly that: embedded
subsets, no Type 3. Kerning goes in the ``TJ`` arrays.

A character the shipped fonts lack is drawn as its outline from a system
font (``typeface.fallback_outline``), with an invisible character of its
own in the text (codes past the font's glyphs, mapped to glyph 0 and to the
character in ``/ToUnicode``), so search and copy still find it. When the user
asks for outlines, all text is drawn so, in a marked-content span whose
``/ActualText`` says what it reads.
"""

from __future__ import annotations

import zlib
from typing import Protocol

from ttt_maps.draw.typeface import (
    FONT_FILES,
    FONT_SCALES,
    Glyph,
    faces,
    font,
    layout,
    line_typeface,
    outline,
)

#: PDF path operators by path operation.
_OPERATORS = {"M": "m", "L": "l", "C": "c"}
#: Each face's resource name on the page, in the order the page lists them, and what
#: its subset's tag is worked out from (the weight, for the faces that came first).
_RESOURCES: dict[str, tuple[str, object]] = {
    "DejaVuSans": ("TR", False),
    "DejaVuSans-Bold": ("TB", True),
    "HumorSans": ("TH", "HumorSans"),
    "ShantellSans": ("TS", "ShantellSans"),
}
assert set(_RESOURCES) == set(FONT_FILES)


class Document(Protocol):
    """The part of the PDF writer's document that fonts are written into."""

    def add(self, body: bytes) -> int: ...

    def stream(self, data: bytes, extra: str = "") -> int: ...


class PdfText:
    """The lines of one page, as content-stream operators, and the fonts they use.

    Coordinates are content-stream units (``units`` per map unit) on a page
    whose y axis points down, as the writer sets it up.
    """

    def __init__(self, units: int, *, as_paths: bool = False, typeface: str = "dejavu") -> None:
        self.units = units
        self.as_paths = as_paths
        self.typeface = typeface
        # face -> character code -> the character it stands for (first seen);
        # codes below the font's glyph count are its glyphs, those above stand
        # for characters drawn from system fonts (invisible, found by search).
        self.codes: dict[str, dict[int, str]] = {}
        self.extra: dict[str, dict[str, tuple[int, float]]] = {}  # char -> (code, advance)

    def line(self, text: str, x: float, y: float, size: float, bold: bool) -> str:
        """Operators that set ``text`` with its left end at (x, baseline y), in map units."""
        glyphs, _ = layout(text, bold, self.typeface)
        if not glyphs:
            return ""
        drawn = glyphs if self.as_paths else [g for g in glyphs if g.glyph < 0]
        paths = self._outlines(drawn, x, y, size, bold) if drawn else ""
        if self.as_paths:
            actual = text.encode("utf-16-be").hex().upper()
            return f"/Span << /ActualText <FEFF{actual}> >> BDC\n{paths}EMC\n"
        return self._shown(glyphs, x, y, size, bold) + paths

    def _shown(self, glyphs: list[Glyph], x: float, y: float, size: float, bold: bool) -> str:
        """A text object: the shipped glyphs, kerned, each in its face; the others
        invisible, for search, in the line's first face."""
        first = faces(bold, line_typeface("".join(g.char for g in glyphs), self.typeface))[0]
        parts: list[str] = []
        run = ""
        pen = 0.0
        hidden = False
        current = first
        for g in glyphs:
            name = g.face if g.glyph >= 0 else first
            codes = self.codes.setdefault(name, {})
            if g.glyph >= 0:
                code = g.glyph
            else:
                extra = self.extra.setdefault(name, {})
                advance = g.advance / FONT_SCALES.get(name, 1.0)  # in the face's own ems
                code, _ = extra.setdefault(g.char, (font(name).glyph_count + len(extra), advance))
            codes.setdefault(code, g.char)
            kern = g.x - pen
            if (g.glyph < 0) != hidden or abs(kern) > 1e-9 or name != current:
                if run:
                    parts.append(f"[<{run}>] TJ")
                    run = ""
                if name != current:
                    parts.append(_set_font(name))
                    current = name
                if abs(kern) > 1e-9:  # in thousandths of the face's size
                    parts.append(f"[{round(-kern * 1000 / FONT_SCALES.get(name, 1.0), 2):g}] TJ")
                if (g.glyph < 0) != hidden:
                    hidden = g.glyph < 0
                    parts.append("3 Tr" if hidden else "0 Tr")
            run += f"{code:04X}"
            pen = g.x + g.advance
        parts.append(f"[<{run}>] TJ" + (" 0 Tr" if hidden else ""))
        u = self.units
        return (
            f"BT {round(size * u)} 0 0 {-round(size * u)} {round(x * u)} {round(y * u)} Tm "
            f"{_set_font(first)} {' '.join(parts)} ET\n"
        )

    def _outlines(self, glyphs: list[Glyph], x: float, y: float, size: float, bold: bool) -> str:
        """Glyphs as one filled path of their outlines."""
        u, k = self.units, size * self.units
        ops: list[str] = []
        for g in glyphs:
            left = x * u + g.x * k
            for kind, c in outline(g, bold):
                if kind == "Z":
                    ops.append("h")
                    continue
                pairs = zip(c[::2], c[1::2], strict=True)
                nums = " ".join(f"{round(left + a * k)} {round(y * u - b * k)}" for a, b in pairs)
                ops.append(f"{nums} {_OPERATORS[kind]}")
        return "\n".join(ops) + "\nf\n" if ops else ""

    def resources(self, doc: Document) -> str:
        """Every font used, written into ``doc``; the page's ``/Font`` resource entry."""
        order = list(_RESOURCES)
        entries = [
            f"/{_RESOURCES[face][0]} {self._font(doc, face, codes)} 0 R"
            for face, codes in sorted(self.codes.items(), key=lambda kv: order.index(kv[0]))
        ]
        return f"/Font << {' '.join(entries)} >> " if entries else ""

    def _font(self, doc: Document, face: str, codes: dict[int, str]) -> int:
        shipped = font(face)
        per_em = 1000 / shipped.units_per_em
        glyphs = sorted(c for c in codes if c < shipped.glyph_count)
        name = f"{_tag(_RESOURCES[face][1], sorted(codes.items()))}+{face}"
        data = shipped.subset(set(glyphs))
        file_ref = doc.stream(zlib.compress(data, 9), f"/Length1 {len(data)} /Filter /FlateDecode ")
        box = " ".join(str(round(v * per_em)) for v in shipped.bbox)
        descriptor = doc.add(
            (
                f"<< /Type /FontDescriptor /FontName /{name} /Flags 32 /FontBBox [{box}] "
                f"/ItalicAngle 0 /Ascent {round(shipped.ascent * per_em)} "
                f"/Descent {round(shipped.descent * per_em)} "
                f"/CapHeight {round(shipped.cap_height * per_em)} "
                f"/StemV {140 if face.endswith('-Bold') else 80} "
                f"/FontFile2 {file_ref} 0 R >>"
            ).encode("latin-1")
        )
        advances = {g: shipped.advances[g] * per_em for g in glyphs}
        extra = self.extra.get(face, {})
        advances.update((code, advance * 1000) for code, advance in extra.values())
        widths = " ".join(f"{c} [{round(w, 2):g}]" for c, w in sorted(advances.items()))
        to_glyph = "/Identity"
        if extra:  # codes past the font's glyphs show nothing (glyph 0, never painted)
            count = shipped.glyph_count
            table = b"".join(
                (c if c < count else 0).to_bytes(2, "big") for c in range(max(codes) + 1)
            )
            to_glyph = f"{doc.stream(zlib.compress(table), '/Filter /FlateDecode ')} 0 R"
        cid = doc.add(
            (
                f"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /{name} "
                "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
                f"/FontDescriptor {descriptor} 0 R /W [{widths}] /CIDToGIDMap {to_glyph} >>"
            ).encode("latin-1")
        )
        cmap = zlib.compress(_to_unicode(codes).encode("latin-1"))
        cmap_ref = doc.stream(cmap, "/Filter /FlateDecode ")
        return doc.add(
            (
                f"<< /Type /Font /Subtype /Type0 /BaseFont /{name} /Encoding /Identity-H "
                f"/DescendantFonts [{cid} 0 R] /ToUnicode {cmap_ref} 0 R >>"
            ).encode("latin-1")
        )


def _set_font(face: str) -> str:
    """The operator that sets ``face``, at its scale (``FONT_SCALES``) of the line's size."""
    return f"/{_RESOURCES[face][0]} {FONT_SCALES.get(face, 1.0):g} Tf"


def _tag(face: object, codes: list[tuple[int, str]]) -> str:
    """The six capital letters that mark a subset, the same for the same glyphs."""
    n = zlib.crc32(repr((face, codes)).encode())
    letters = ""
    for _ in range(6):
        n, r = divmod(n, 26)
        letters += chr(65 + r)
    return letters


def _to_unicode(codes: dict[int, str]) -> str:
    """A ToUnicode CMap from two-byte character codes to the characters they stand for."""
    lines = [
        "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        "/CMapName /Adobe-Identity-UCS def /CMapType 2 def",
        "1 begincodespacerange <0000> <FFFF> endcodespacerange",
    ]
    pairs = [
        f"<{glyph:04X}> <{char.encode('utf-16-be').hex().upper()}>"
        for glyph, char in sorted(codes.items())
    ]
    for start in range(0, len(pairs), 100):  # at most 100 entries per block
        block = pairs[start : start + 100]
        lines += [f"{len(block)} beginbfchar", *block, "endbfchar"]
    lines += ["endcmap CMapName currentdict /CMap defineresource pop end end"]
    return "\n".join(lines)
