"""The text of an SVG: escapes, compact numbers and short ids.

Small pieces the SVG writer (``writer.py``) formats every element with; they
know XML, not maps.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterator

#: Stands for the id prefix until the document is complete (the default
#: prefix is a hash of the document). Text is cleaned of the characters XML
#: forbids, this one among them, so it occurs nowhere else.
PLACEHOLDER = "\x00"
#: The characters XML forbids (``_clean`` compiles the pattern only when it is needed).
_CONTROL = "[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]"
#: What ``attr`` would change; most values (board strings) hold none of it.
_ATTR_SPECIAL = frozenset('\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f'
                          '\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d'
                          '\x1e\x1f\ufffe\uffff&<>"')  # fmt: skip
#: Escapes of element content; attribute values add the quote; ElementTree
#: (so svgwrite, for the skeleton) also wrote line breaks and tabs as references.
_TEXT_REFS = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
_ATTR_REFS = (*_TEXT_REFS, ('"', "&quot;"))
_XML_ATTR_REFS = (*_ATTR_REFS, ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))
#: Characters of definition ids (after the prefix and its ``-``), spelled
#: out: importing ``string`` for them cost a millisecond of start-up.
_ID_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
#: Id suffixes taken by the glyphs, the title and the description.
_RESERVED_IDS = frozenset({"x", "o", "title", "desc"})


def attr(text: str) -> str:
    """Text escaped for a double-quoted attribute value."""
    if _ATTR_SPECIAL.isdisjoint(text):
        return text
    return _escape(_clean(text), _ATTR_REFS)


def text(value: str) -> str:
    """Text escaped for element content."""
    return _escape(_clean(value), _TEXT_REFS)


def xml_attr(value: str) -> str:
    """A value escaped as ElementTree (thus svgwrite) did: no cleaning, breaks as references."""
    return _escape(value, _XML_ATTR_REFS)


def _clean(value: str) -> str:
    return re.sub(_CONTROL, "", value)


def _escape(value: str, refs: tuple[tuple[str, str], ...]) -> str:
    for char, ref in refs:
        value = value.replace(char, ref)
    return value


class Numbers:
    """Compact numbers on a fixed grid of ``10**-digits`` units."""

    def __init__(self, digits: int) -> None:
        self.digits = digits
        self.scale = int(10**digits)  # int ** int is Any to mypy
        self._texts: dict[int, str] = {}

    def q(self, v: float) -> int:
        """``v`` on the grid, as a whole count of grid steps."""
        return round(v * self.scale)

    def s(self, n: int) -> str:
        """Grid steps as the shortest decimal text: ``12``, ``1.5``, ``.25``, ``-3.1``."""
        out = self._texts.get(n)
        if out is None:
            sign = "-" if n < 0 else ""
            whole, frac = divmod(abs(n), self.scale)
            if not frac:
                out = f"{sign}{whole}"
            else:
                tail = str(frac).rjust(self.digits, "0").rstrip("0")
                out = f"{sign}{whole}.{tail}" if whole else f"{sign}.{tail}"
            self._texts[n] = out
        return out

    def f(self, v: float) -> str:
        return self.s(self.q(v))


def digits_for(smallest: float) -> int:
    """Decimals for the smallest side of a glyph or group: two, more only below one map unit."""
    if smallest <= 0 or smallest >= 1:
        return 2
    return min(6, 2 + math.ceil(-math.log10(smallest)))


def sep(number: str) -> str:
    """The second number of a pair: a minus sign separates it by itself."""
    return number if number.startswith("-") else " " + number


def shorter(a: str, b: str) -> str:
    return b if len(b) < len(a) else a


def short_ids() -> Iterator[str]:
    """``a`` .. ``9``, then ``aa`` .. ``99``, ...: id suffixes, shortest first."""
    for size in itertools.count(1):
        for chars in itertools.product(_ID_CHARS, repeat=size):
            name = "".join(chars)
            if name not in _RESERVED_IDS:
                yield name
