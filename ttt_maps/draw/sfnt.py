"""Just enough TrueType: read the fonts ttt-maps ships, and cut subsets for PDFs.

The shipped fonts (``ttt_maps/draw/fonts/``) are small, unhinted TrueType files
with a format 4 ``cmap`` and a format 0 ``kern`` table. Reading them here,
with ``struct``, costs a few milliseconds and no dependency; fontTools is
needed only to make them (``scripts/make-fonts.py``).

Outlines come out as path operations in font units with y up: ``("M", (x,
y))``, ``("L", (x, y))``, ``("C", (x1, y1, x2, y2, x3, y3))`` (TrueType's
quadratic curves raised to cubic ones, exactly) and ``("Z", ())``.
"""

from __future__ import annotations

import struct
from functools import cached_property

PathOp = tuple[str, tuple[float, ...]]

# Composite glyph flags.
_WORDS, _XY, _SCALE, _MORE, _XY_SCALE, _TWO_BY_TWO = 0x1, 0x2, 0x8, 0x20, 0x40, 0x80
# Simple glyph point flags.
_ON, _X_SHORT, _Y_SHORT, _REPEAT, _X_SAME, _Y_SAME = 0x1, 0x2, 0x4, 0x8, 0x10, 0x20
#: The tables a PDF's embedded TrueType font needs (PDF 1.7, 9.9).
_PDF_TABLES = (b"head", b"hhea", b"hmtx", b"loca", b"maxp", b"glyf")


class Font:
    """A TrueType font's metrics, character map, kerning and outlines."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        count = struct.unpack_from(">H", data, 4)[0]
        self.tables: dict[bytes, tuple[int, int]] = {}
        for i in range(count):
            tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
            self.tables[tag] = (offset, length)
        head = self.table(b"head")
        self.units_per_em = struct.unpack_from(">H", head, 18)[0]
        self.bbox = struct.unpack_from(">hhhh", head, 36)
        self.long_loca = struct.unpack_from(">h", head, 50)[0] == 1
        hhea = self.table(b"hhea")
        self.ascent, self.descent = struct.unpack_from(">hh", hhea, 4)
        self.metrics_count = struct.unpack_from(">H", hhea, 34)[0]
        self.glyph_count = struct.unpack_from(">H", self.table(b"maxp"), 4)[0]
        os2 = self.table(b"OS/2")
        version = struct.unpack_from(">H", os2, 0)[0] if os2 else 0
        self.cap_height = struct.unpack_from(">h", os2, 88)[0] if version >= 2 else self.ascent

    def table(self, tag: bytes) -> bytes:
        offset, length = self.tables.get(tag, (0, 0))
        return self.data[offset : offset + length]

    # -- characters and metrics ---------------------------------------------------

    @cached_property
    def cmap(self) -> dict[int, int]:
        """Unicode code point -> glyph, from the format 4 subtable."""
        cmap = self.table(b"cmap")
        count = struct.unpack_from(">H", cmap, 2)[0]
        for i in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
            if (platform, encoding) in ((3, 1), (0, 3)) and struct.unpack_from(">H", cmap, offset)[
                0
            ] == 4:
                return _cmap4(cmap, offset)
        return {}

    @cached_property
    def advances(self) -> tuple[int, ...]:
        """Each glyph's advance width (the last metric repeats, as TrueType says)."""
        hmtx = self.table(b"hmtx")
        widths = [struct.unpack_from(">H", hmtx, 4 * i)[0] for i in range(self.metrics_count)]
        widths += [widths[-1]] * (self.glyph_count - self.metrics_count)
        return tuple(widths)

    @cached_property
    def kerning(self) -> dict[tuple[int, int], int]:
        """(left glyph, right glyph) -> adjustment, from a format 0 ``kern`` table."""
        kern = self.table(b"kern")
        pairs: dict[tuple[int, int], int] = {}
        if not kern:
            return pairs
        offset = 4
        for _ in range(struct.unpack_from(">H", kern, 2)[0]):
            length, coverage = struct.unpack_from(">HH", kern, offset + 2)
            if coverage >> 8 == 0 and coverage & 1:  # format 0, horizontal kerning
                n = struct.unpack_from(">H", kern, offset + 6)[0]
                for i in range(n):
                    left, right, value = struct.unpack_from(">HHh", kern, offset + 14 + 6 * i)
                    pairs[left, right] = value
            offset += length
        return pairs

    # -- outlines -------------------------------------------------------------------

    @cached_property
    def _loca(self) -> tuple[int, ...]:
        loca, n = self.table(b"loca"), self.glyph_count + 1
        if self.long_loca:
            return struct.unpack_from(f">{n}I", loca)
        return tuple(2 * v for v in struct.unpack_from(f">{n}H", loca))

    def glyph_data(self, glyph: int) -> bytes:
        start, end = self._loca[glyph], self._loca[glyph + 1]
        offset = self.tables[b"glyf"][0]
        return self.data[offset + start : offset + end]

    def components(self, glyph: int) -> list[int]:
        """The glyphs a composite glyph is made of (none for a simple one)."""
        data = self.glyph_data(glyph)
        if len(data) < 10 or struct.unpack_from(">h", data, 0)[0] >= 0:
            return []
        return [child for _, child, _ in _components(data)]

    def outline(self, glyph: int) -> list[PathOp]:
        """The glyph's outline as path operations, composites resolved."""
        unit = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        return [op for contour in self._contours(glyph, unit) for op in contour]

    def _contours(
        self, glyph: int, m: tuple[float, float, float, float, float, float]
    ) -> list[list[PathOp]]:
        data = self.glyph_data(glyph)
        if len(data) < 10:
            return []
        if struct.unpack_from(">h", data, 0)[0] < 0:
            out = []
            for (a, b, c, d, dx, dy), child, _ in _components(data):
                out += self._contours(
                    child,
                    (
                        m[0] * a + m[2] * b,
                        m[1] * a + m[3] * b,
                        m[0] * c + m[2] * d,
                        m[1] * c + m[3] * d,
                        m[0] * dx + m[2] * dy + m[4],
                        m[1] * dx + m[3] * dy + m[5],
                    ),
                )
            return out
        a, b, c, d, e, f = m
        return [
            _cubic([(a * x + c * y + e, b * x + d * y + f, on) for x, y, on in points])
            for points in _points(data)
        ]

    # -- subsets for PDFs ---------------------------------------------------------------

    def subset(self, glyphs: set[int]) -> bytes:
        """A font with only ``glyphs`` (and their components) drawn; numbers kept.

        Every other glyph is left empty, so glyph numbers (and the PDF's
        character codes, which are glyph numbers) stay as they are. Only the
        tables a PDF needs are kept; ``loca`` is written in the long format.
        """
        keep = {0}
        todo = list(glyphs)
        while todo:
            g = todo.pop()
            if g not in keep and 0 <= g < self.glyph_count:
                keep.add(g)
                todo += self.components(g)
        glyf, loca = bytearray(), []
        for g in range(self.glyph_count):
            loca.append(len(glyf))
            if g in keep:
                glyf += self.glyph_data(g)
                glyf += b"\0" * (-len(glyf) % 4)
        loca.append(len(glyf))
        head = bytearray(self.table(b"head"))
        struct.pack_into(">I", head, 8, 0)  # checkSumAdjustment, set below
        struct.pack_into(">h", head, 50, 1)  # long loca
        tables = {
            b"head": bytes(head),
            b"hhea": self.table(b"hhea"),
            b"hmtx": self.table(b"hmtx"),
            b"loca": struct.pack(f">{len(loca)}I", *loca),
            b"maxp": self.table(b"maxp"),
            b"glyf": bytes(glyf),
        }
        return _sfnt({tag: tables[tag] for tag in _PDF_TABLES})


def _cmap4(cmap: bytes, offset: int) -> dict[int, int]:
    segments = struct.unpack_from(">H", cmap, offset + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", cmap, offset + 14)
    starts_at = offset + 16 + 2 * segments
    starts = struct.unpack_from(f">{segments}H", cmap, starts_at)
    deltas = struct.unpack_from(f">{segments}h", cmap, starts_at + 2 * segments)
    ranges_at = starts_at + 4 * segments
    ranges = struct.unpack_from(f">{segments}H", cmap, ranges_at)
    out: dict[int, int] = {}
    for i in range(segments):
        for code in range(starts[i], ends[i] + 1):
            if code == 0xFFFF:
                continue
            if ranges[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                at = ranges_at + 2 * i + ranges[i] + 2 * (code - starts[i])
                glyph = struct.unpack_from(">H", cmap, at)[0]
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                out[code] = glyph
    return out


def _components(
    data: bytes,
) -> list[tuple[tuple[float, float, float, float, float, float], int, int]]:
    """A composite glyph's parts: (matrix, glyph, flags); offsets only as x/y values."""
    out = []
    at, flags = 10, _MORE
    while flags & _MORE:
        flags, glyph = struct.unpack_from(">HH", data, at)
        at += 4
        if flags & _WORDS:
            dx, dy = struct.unpack_from(">hh", data, at)
            at += 4
        else:
            dx, dy = struct.unpack_from(">bb", data, at)
            at += 2
        if not flags & _XY:
            dx = dy = 0  # point matching: not used by the shipped fonts
        a, b, c, d = 1.0, 0.0, 0.0, 1.0
        if flags & _SCALE:
            a = d = struct.unpack_from(">h", data, at)[0] / 16384
            at += 2
        elif flags & _XY_SCALE:
            a, d = (v / 16384 for v in struct.unpack_from(">hh", data, at))
            at += 4
        elif flags & _TWO_BY_TWO:
            a, b, c, d = (v / 16384 for v in struct.unpack_from(">hhhh", data, at))
            at += 8
        out.append(((a, b, c, d, float(dx), float(dy)), glyph, flags))
    return out


def _points(data: bytes) -> list[list[tuple[int, int, bool]]]:
    """A simple glyph's contours as (x, y, on-curve) points."""
    contours = struct.unpack_from(">h", data, 0)[0]
    ends = struct.unpack_from(f">{contours}H", data, 10)
    count = ends[-1] + 1 if ends else 0
    at = 10 + 2 * contours
    at += 2 + struct.unpack_from(">H", data, at)[0]  # skip the instructions
    flags: list[int] = []
    while len(flags) < count:
        flag = data[at]
        at += 1
        flags.append(flag)
        if flag & _REPEAT:
            flags += [flag] * data[at]
            at += 1
    coords: list[list[int]] = [[], []]
    for axis, (short, same) in enumerate(((_X_SHORT, _X_SAME), (_Y_SHORT, _Y_SAME))):
        value = 0
        for flag in flags[:count]:
            if flag & short:
                step = data[at]
                at += 1
                value += step if flag & same else -step
            elif not flag & same:
                value += struct.unpack_from(">h", data, at)[0]
                at += 2
            coords[axis].append(value)
    points = [(x, y, bool(f & _ON)) for x, y, f in zip(*coords, flags[:count], strict=True)]
    out, start = [], 0
    for end in ends:
        out.append(points[start : end + 1])
        start = end + 1
    return out


def _cubic(points: list[tuple[float, float, bool]]) -> list[PathOp]:
    """One closed quadratic contour as move, lines and cubic curves."""
    if not points:
        return []
    # Start on an on-curve point (or the midpoint of two off-curve ones).
    first = next((i for i, p in enumerate(points) if p[2]), None)
    if first is None:
        (ax, ay, _), (bx, by, _) = points[0], points[1 % len(points)]
        start: tuple[float, float] = ((ax + bx) / 2, (ay + by) / 2)
        rest = points[1:] + points[:1]
    else:
        start = points[first][:2]
        rest = points[first + 1 :] + points[:first]
    ops: list[PathOp] = [("M", start)]
    cx, cy = start
    control: tuple[float, float] | None = None
    for x, y, on in [*rest, (start[0], start[1], True)]:
        if on:
            if control is None:
                ops.append(("L", (x, y)))
            else:
                ops.append(_raise(cx, cy, control, x, y))
                control = None
            cx, cy = x, y
        elif control is None:
            control = (x, y)
        else:  # two off-curve points: an on-curve one is implied between them
            mx, my = (control[0] + x) / 2, (control[1] + y) / 2
            ops.append(_raise(cx, cy, control, mx, my))
            cx, cy, control = mx, my, (x, y)
    if ops[-1] == ("L", start):
        ops.pop()  # closing the path draws that line
    ops.append(("Z", ()))
    return ops


def _raise(x0: float, y0: float, q: tuple[float, float], x1: float, y1: float) -> PathOp:
    """The quadratic curve (x0 y0) q (x1 y1) as the cubic one it equals."""
    qx, qy = q
    return (
        "C",
        (
            x0 + 2 / 3 * (qx - x0),
            y0 + 2 / 3 * (qy - y0),
            x1 + 2 / 3 * (qx - x1),
            y1 + 2 / 3 * (qy - y1),
            x1,
            y1,
        ),
    )


def _sfnt(tables: dict[bytes, bytes]) -> bytes:
    """A TrueType file of ``tables``: directory, 4-byte aligned tables, checksums."""
    tags = sorted(tables)
    n = len(tags)
    entry = 1 << (n.bit_length() - 1)
    search = entry * 16
    head = struct.pack(">IHHHH", 0x00010000, n, search, entry.bit_length() - 1, n * 16 - search)
    offset = 12 + 16 * n
    directory, body = [], []
    for tag in tags:
        data = tables[tag]
        directory.append(struct.pack(">4sIII", tag, _checksum(data), offset, len(data)))
        padded = data + b"\0" * (-len(data) % 4)
        body.append(padded)
        offset += len(padded)
    font = bytearray(head + b"".join(directory) + b"".join(body))
    head_at = struct.unpack_from(">I", font, 12 + 16 * tags.index(b"head") + 8)[0]
    adjust = (0xB1B0AFBA - _checksum(bytes(font))) & 0xFFFFFFFF
    struct.pack_into(">I", font, head_at + 8, adjust)
    return bytes(font)


def _checksum(data: bytes) -> int:
    padded = data + b"\0" * (-len(data) % 4)
    words: tuple[int, ...] = struct.unpack(f">{len(padded) // 4}I", padded)
    return sum(words) & 0xFFFFFFFF
