"""Scene -> SVG text: small, semantic, embeddable, drawn alike by every renderer.

The document is formatted as strings: an element tree for the O map alone
costs more than the whole rendering budget. The walk over the scene is in
``walk.py``, the style sheet in ``style.py``, escapes and numbers in
``tokens.py``; here the walk's tokens are counted into definitions and the
document is put together. The skeleton (root, ``<title>``, ``<desc>``, the
``<style>`` and ``<defs>``) keeps the bytes svgwrite once wrote for it:
sorted attributes, ``" />"``, the style in CDATA.

Structure, for embedding and for the HTML viewer:

- every board group is ``<g class="ttt-board ttt-level-N" data-board="...">``,
  nested as the scene nests them, never transformed, so ``getBBox()`` of a
  board is its place on the map;
- a group's own drawing (grid, marks, win lines) sits in a plain
  ``<g transform="translate(x y)">`` at the group's corner, so its numbers
  are short; a lone mark between sub-boards (the red move, drawn over them)
  is placed by its own ``x``/``y`` instead; chosen and alternative marks
  carry ``data-cell``;
- only what every mainstream renderer draws the same (browsers, librsvg,
  Inkscape, CairoSVG): X and O are a unit ``<path>``/``<circle>`` in
  ``<defs>`` with their presentation attributes, placed by a transform (no
  ``<symbol>``, whose viewport some renderers clip); every reference is an
  ``xlink:href``, which all of them read;
- a glyph that recurs at the same place of its group gets one positioned
  ``<use>`` in ``<defs>``; the earlier marks that sibling boards share are
  one ``<g>`` there; a grid that recurs is one ``<path stroke="currentColor">``
  there, taking the ``color`` of the board that draws it (style rules do not
  reach a ``<use>``'s clone in browsers); a win line that recurs is a path
  there drawn as ``<use class="ttt-win">``;
- the ids of those definitions are one or two characters, the most used
  shortest, because thousands of references repeat them;
- colours and the stroke widths shared by a level live in one ``<style>``,
  every selector under the root's id, so maps with different themes can share
  a page; a width that differs from its level's is written inline;
- numbers sit on a grid of 0.01 map units (finer only when glyphs get
  smaller than one unit) and lose trailing zeros.
"""

from __future__ import annotations

import hashlib
from collections import Counter

from ttt_maps.backends.svg.style import style_sheet
from ttt_maps.backends.svg.tokens import PLACEHOLDER, Numbers, sep, short_ids, xml_attr
from ttt_maps.backends.svg.tokens import text as text_
from ttt_maps.backends.svg.walk import (
    GridKey,
    MarkKey,
    SharedToken,
    Token,
    UseToken,
    Walk,
)
from ttt_maps.draw.hand import glyph, sketched
from ttt_maps.draw.scene import Rect, Scene

#: What an id prefix may be (``re`` compiles it only when a prefix is given).
#: The unit-box glyphs, drawn in ``<defs>`` and placed by a transform. Their
#: presentation attributes travel with every clone: not every renderer lets
#: style rules reach inside a ``<use>``.
_GLYPHS = {
    "x": (
        '<path class="ttt-mark ttt-x" d="M0 0L1 1M1 0L0 1" fill="none" id="{id}"'
        ' stroke-linecap="round" stroke-linejoin="round" />'
    ),
    "o": '<circle class="ttt-mark ttt-o" cx=".5" cy=".5" fill="none" id="{id}" r=".5" />',
}


def _glyph(name: str) -> str:
    """The definition of a unit glyph: ``x``, ``o``, or one drawn by hand (``x-3``)."""
    if name in _GLYPHS:
        return _GLYPHS[name]

    symbol, _, hand = name.partition("-")
    n = Numbers(3)
    d = []
    for kind, coords in glyph(symbol, int(hand)):
        pairs = [f"{n.f(x)}{sep(n.f(y))}" for x, y in zip(coords[::2], coords[1::2], strict=True)]
        d.append(kind + " ".join(pairs).replace(" -", "-"))
    return (
        f'<path class="ttt-mark ttt-{symbol}" d="{"".join(d)}" fill="none" id="{{id}}"'
        ' stroke-linecap="round" stroke-linejoin="round" />'
    )


def scene_to_svg(
    scene: Scene,
    *,
    id_prefix: str | None = None,
    width: str | None = None,
    height: str | None = None,
) -> str:
    """The scene as one SVG document (text, no XML declaration).

    ``id_prefix`` starts every id and scopes the style sheet; by default it
    is ``t`` and 5 hex digits of the document's hash, so the same map
    always gets the same ids and different maps get different ones.
    ``width``/``height`` (e.g. ``"100%"``, ``"800px"``) are written only when
    given; the ``viewBox`` is always the scene's size.
    """
    if scene.theme.hand is not None:
        scene = sketched(scene)
    doc = _Writer(scene).document(width, height)
    # The language tag is left out of the hash: the ids of a map stay the ones it had
    # before its file said its language (the words themselves differ from one to another).
    hashed = doc
    for attribute in lang_attributes(scene.lang):
        hashed = hashed.replace(attribute, "", 1)
    prefix = id_prefix or "t" + hashlib.sha256(hashed.encode("utf-8")).hexdigest()[:5]
    return doc.replace(PLACEHOLDER, prefix)


def lang_attributes(lang: str) -> tuple[str, str]:
    """The root's ``lang`` (SVG 2, HTML) and ``xml:lang`` (SVG 1.1) attributes."""
    return f' lang="{xml_attr(lang)}"', f' xml:lang="{xml_attr(lang)}"'


class _Writer:
    """One scene being written: its width rules, definitions and document.

    The walk (``walk.py``) leaves numbered tokens for marks, grids and
    win lines; counted, they decide what is drawn from ``<defs>`` (whatever
    recurs, the most used with the shortest ids) and each level's stroke
    widths (the most common one, written once in the style sheet).
    """

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        walk = Walk(scene)
        self.n, self.parts, self.tokens = walk.n, walk.parts, walk.tokens
        self.bare_levels = walk.bare_levels
        self.outlines = walk.lettering.outlines if walk.lettering else {}
        self.picks = walk.picks
        self.roles = frozenset(walk.roles)
        self.counts: Counter[str | int] = Counter(self.parts)
        # What a shared set draws is written once, in its definition.
        for token in self.tokens:
            if len(token) == 3:
                self.counts.update(token[0])

        marks: Counter[MarkKey] = Counter()
        shared: Counter[SharedToken] = Counter()
        grids: Counter[GridKey] = Counter()
        wins: Counter[str] = Counter()
        tints: Counter[tuple[str, str, str]] = Counter()
        widths: dict[tuple[str, str], Counter[str]] = {}
        grid_levels: Counter[tuple[str, GridKey]] = Counter()
        for token, index in self.tokens.items():  # in order of first use
            count = self.counts[index]
            if len(token) == 6:  # a mark's
                key, _, _, _, level, width = token
                marks[key] += count
                kind = "use"
            elif len(token) == 3:  # a shared set of marks, drawn like one
                _, level, width = token
                shared[token] = count
                kind = "use"
            elif len(token) == 5:  # a cell's tint: its place and size, whatever its colour
                tints[token[2], token[3], token[4]] += count
                continue
            else:
                what, d, width, level = token
                if what == "g":
                    grids[d, width] += count
                    if level:
                        grid_levels[level, (d, width)] += count
                    continue
                wins[d] += count
                kind = "ttt-win"
            if level:
                widths.setdefault((level, kind), Counter())[width] += count
        self.symbols = sorted({key[0] for key in marks})
        # Whatever recurs gets one definition; the most used get the shortest ids.
        uses: Counter[MarkKey | GridKey | str | SharedToken | tuple[str, str, str]] = Counter()
        uses.update({k: c for k, c in marks.items() if c > 1})
        uses.update({k: c for k, c in grids.items() if c > 1})
        uses.update({k: c for k, c in wins.items() if c > 1})
        uses.update(shared)
        uses.update({k: c for k, c in tints.items() if c > 1})
        ids = dict(zip(sorted(uses, key=lambda k: (-uses[k], repr(k))), short_ids(), strict=False))
        # Marks in defs by symbol, then from large to small, row by row.
        self.mark_ids = {
            k: ids[k]
            for k in sorted(marks, key=lambda k: (k[0], -k[3], -k[4], k[2], k[1]))
            if k in ids
        }
        self.grid_ids = {k: ids[k] for k in grids if k in ids}
        self.win_ids = {k: ids[k] for k in wins if k in ids}
        self.tint_ids = {k: ids[k] for k in tints if k in ids}
        self.shared_ids = {k: ids[k] for k in shared}
        # A grid drawn from defs carries its width there; the rest follow the rules.
        for (level, (d, width)), count in grid_levels.items():
            if (d, width) not in self.grid_ids:
                widths.setdefault((level, "ttt-grid"), Counter())[width] += count
        # The most common width per (level, kind); ties go to the smaller text.
        self.rules = {
            key: min(c.items(), key=lambda kv: (-kv[1], kv[0]))[0]
            for key, c in sorted(widths.items())
        }

    # -- the document ---------------------------------------------------------

    def document(self, width: str | None, height: str | None) -> str:
        scene, n, p = self.scene, self.n, PLACEHOLDER
        size = f"0 0 {n.f(scene.width)} {n.f(scene.height)}"
        # Attributes in sorted order, empty ones left out, as svgwrite wrote them.
        lang, xml_lang = lang_attributes(scene.lang)
        head = [
            f'<svg aria-labelledby="{p}-title {p}-desc" baseProfile="full" class="ttt-map"',
            f' height="{xml_attr(height)}"' if height else "",
            f' id="{p}"{lang} role="graphics-document" version="1.1" viewBox="{size}"',
            f' width="{xml_attr(width)}"' if width else "",
            xml_lang,
            ' xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events"'
            ' xmlns:xlink="http://www.w3.org/1999/xlink">',
        ]
        for tag, text in (("title", text_(scene.title)), ("desc", text_(scene.desc))):
            head.append(
                f'<{tag} id="{p}-{tag}">{text}</{tag}>' if text else f'<{tag} id="{p}-{tag}" />'
            )
        head.append(f'<defs><style type="text/css"><![CDATA[{self.css()}]]></style>')
        for sym in self.symbols:
            head.append(_glyph(sym).format(id=f"{p}-{sym}"))
        for (sym, x, y, w, h), ident in self.mark_ids.items():
            head.append(
                f'<use id="{p}-{ident}" transform="{self._place(x, y, w, h)}"'
                f' xlink:href="#{p}-{sym}" />'
            )
        for (d, stroke), ident in self.grid_ids.items():
            # Its colour comes from the board it is drawn in (see ``css``).
            head.append(
                f'<path class="ttt-grid" d="{d}" id="{p}-{ident}" stroke="currentColor"'
                f' stroke-width="{stroke}" />'
            )
        for d, ident in self.win_ids.items():
            head.append(f'<path d="{d}" id="{p}-{ident}" />')
        for (left, top, size), ident in self.tint_ids.items():
            # No fill of its own: it takes the tint of the <use> that draws it.
            wide, high = size.split()
            head.append(
                f'<rect height="{high}" id="{p}-{ident}" width="{wide}" x="{left}" y="{top}" />'
            )
        for ident, d in self.outlines.items():
            head.append(f'<path d="{d}" id="{p}-{ident}" />')
        marks = {index: token for token, index in self.tokens.items() if len(token) == 6}
        for (members, _, _), ident in self.shared_ids.items():
            # Its marks take width and colour from the <use> that draws the set.
            inner = "".join(self.use(marks[t], None) for t in members)
            head.append(f'<g id="{p}-{ident}">{inner}</g>')
        head.append("</defs>")
        # ElementTree wrote characters UTF-8 cannot hold (lone surrogates) as references.
        out = ["".join(head).encode("utf-8", "xmlcharrefreplace").decode("utf-8"), "\n"]
        if not any(isinstance(i, Rect) and i.role == "background" for i in scene.items):
            out.append(
                f'<rect class="ttt-background" width="{n.f(scene.width)}" '
                f'height="{n.f(scene.height)}"/>\n'
            )
        texts: dict[str | int, str] = {part: part for part in self.counts if isinstance(part, str)}
        texts.update((index, self._format(token)) for token, index in self.tokens.items())
        out += map(texts.__getitem__, self.parts)
        out.append("</svg>\n")
        return "".join(out)

    def _place(self, x: int, y: int, w: int, h: int) -> str:
        """The transform that puts a unit glyph in its box (grid steps)."""
        s = self.n.s
        return f"matrix({s(w)} 0 0 {s(h)} {s(x)}{sep(s(y))})"

    def css(self) -> str:
        return style_sheet(self.scene.theme, self.rules, self.bare_levels, self.picks, self.roles)

    # -- the drawn elements ---------------------------------------------------

    def _width(self, level: str, kind: str, value: str) -> str:
        """An inline stroke width, unless the level's rule already says it."""
        if level and self.rules.get((level, kind)) == value:
            return ""
        return f' stroke-width="{value}"'

    def _format(self, token: Token) -> str:
        """A mark's ``<use>``, or a grid's or win line's ``<path>`` or ``<use>``."""
        if len(token) == 6:
            return self.use(token, token[5])
        if len(token) == 5:
            _, role, x, y, size = token
            ident = self.tint_ids.get((x, y, size))
            if ident is not None:
                return f'<use xlink:href="#{PLACEHOLDER}-{ident}" class="ttt-{role}"/>'
            w, h = size.split()
            return f'<rect class="ttt-{role}" x="{x}" y="{y}" width="{w}" height="{h}"/>'
        if len(token) == 3:
            _, level, width = token
            shared = self.shared_ids[token]
            return f'<use xlink:href="#{PLACEHOLDER}-{shared}"{self._width(level, "use", width)}/>'
        kind, d, width, level = token
        if kind == "g":
            ident = self.grid_ids.get((d, width))
            if ident is not None:
                return f'<use xlink:href="#{PLACEHOLDER}-{ident}"/>'
            return f'<path class="ttt-grid" d="{d}"{self._width(level, "ttt-grid", width)}/>'
        stroke = self._width(level, "ttt-win", width)
        ident = self.win_ids.get(d)
        if ident is not None:
            return f'<use xlink:href="#{PLACEHOLDER}-{ident}" class="ttt-win"{stroke}/>'
        return f'<path class="ttt-win" d="{d}"{stroke}/>'

    def use(self, token: UseToken, width: str | None) -> str:
        """A mark's ``<use>``, moved by (dx, dy) grid steps when no group translates it.

        ``width`` is its stroke width (inline unless its level's rule says
        it), or None where it inherits the width of the ``<use>`` drawing it.
        """
        key, dx, dy, attrs, level, _ = token
        ident = self.mark_ids.get(key)
        s = self.n.s
        if ident is not None:
            text = f'<use xlink:href="#{PLACEHOLDER}-{ident}"'
            # On a <use> of a <use>, x and y move the positioned one.
            text += f' x="{s(dx)}"' if dx else ""
            text += f' y="{s(dy)}"' if dy else ""
        else:
            sym, x, y, w, h = key
            place = self._place(x + dx, y + dy, w, h)
            text = f'<use xlink:href="#{PLACEHOLDER}-{sym}" transform="{place}"'
        stroke = "" if width is None else self._width(level, "use", width)
        return text + attrs + stroke + "/>"
