"""Scene -> SVG text (SPEC section 7): small, semantic, embeddable.

The document is formatted here as strings: an element tree for the O map
alone costs more than the whole rendering budget, and importing svgwrite
(pyparsing grammars, urllib) took a sixth of ``ttt-maps render``'s. The
skeleton (root, ``<title>``, ``<desc>``, the ``<style>`` and everything in
``<defs>``) keeps the bytes svgwrite wrote for it: sorted attributes,
``" />"``, the style in CDATA, ``xlink:href``.

Structure, for embedding and for the HTML viewer:

- every board group is ``<g class="ttt-board ttt-level-N" data-board="...">``,
  nested as the scene nests them, never transformed, so ``getBBox()`` of a
  board is its place on the map;
- a group's own drawing (grid, marks, win lines) sits in a plain
  ``<g transform="translate(x y)">`` at the group's corner, so its numbers
  are short; a lone mark between sub-boards (the red move, drawn over them)
  is moved by its own ``x``/``y`` instead; chosen and alternative marks carry
  ``data-cell``;
- X and O are unit-box ``<symbol>``s; a glyph that recurs at the same place
  of its group (same size, same cell) gets one positioned ``<use>`` in
  ``<defs>`` and is then drawn as a bare ``<use href>``; a grid that recurs
  (same lines, same width) is one ``<path class="ttt-grid" stroke-width>`` in
  ``<defs>``, drawn as a bare ``<use href>``, and a win line that recurs is
  a ``<path>`` there drawn as ``<use class="ttt-win">``; browsers match style
  rules against a ``<use>``'s instance in its shadow tree, out of reach of the
  ``#prefix`` scope, so the grid's colour rules also select those ``<use>``s
  by ``href`` and the instances inherit it;
- the ids of those definitions are one or two characters, the most used
  shortest, because thousands of ``href``s repeat them;
- colours and the stroke widths shared by a level live in one ``<style>``,
  every selector under the root's id, so maps with different themes can share
  a page; a width that differs from its level's is written inline;
- numbers sit on a grid of 0.01 map units (finer only when glyphs get
  smaller than one unit) and lose trailing zeros.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from ttt_maps.errors import UsageError
from ttt_maps.scene import AUTO, Group, Item, Line, Mark, Rect, Scene, Text, Theme, dark_variant

#: Stands for the id prefix until the document is complete (the default
#: prefix is a hash of the document). Text is cleaned of the characters XML
#: forbids, this one among them, so it occurs nowhere else.
_PLACEHOLDER = "\x00"
_PREFIX_OK = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
#: What ``_attr`` would change; most values (board strings) hold none of it.
_ATTR_SPECIAL = re.compile('[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff&<>"]')
#: Escapes of element content; attribute values add the quote; ElementTree
#: (so svgwrite, for the skeleton) also wrote line breaks and tabs as references.
_TEXT_REFS = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
_ATTR_REFS = (*_TEXT_REFS, ('"', "&quot;"))
_XML_ATTR_REFS = (*_ATTR_REFS, ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))
_LEVEL = re.compile(r"ttt-level-\d+\Z")
#: Characters of definition ids (after the prefix and its ``-``), spelled
#: out: importing ``string`` for them cost a millisecond of start-up.
_ID_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
#: Id suffixes taken by the symbols, the title and the description.
_RESERVED_IDS = frozenset({"x", "o", "title", "desc"})
#: Digits of stroke widths (map units, or unit-symbol units for marks).
_WIDTH_DIGITS = 3
#: The unit-box glyphs, drawn in ``<defs>`` and placed by a transform. Their
#: presentation attributes travel with every clone: not every renderer lets
#: style rules reach inside a ``<use>``.
_GLYPHS = {
    "x": ('<path class="ttt-mark ttt-x" d="M0 0L1 1M1 0L0 1" fill="none" id="{id}"'
          ' stroke-linecap="round" stroke-linejoin="round" />'),
    "o": '<circle class="ttt-mark ttt-o" cx=".5" cy=".5" fill="none" id="{id}" r=".5" />',
}

_Leaf = Mark | Line | Rect | Text
#: A mark's place in its group: symbol, x, y, width, height on the number grid.
_MarkKey = tuple[str, int, int, int, int]
#: A grid: its path data and stroke width, as written.
_GridKey = tuple[str, str]
#: A mark to write once ids and width rules are known: its key, the move
#: of a bare mark (grid steps), its class and data-cell attributes, the
#: group's level class ("" outside levels) and its stroke width.
_UseToken = tuple[_MarkKey, int, int, str, str, str]
#: A grid ("g") or win line ("w") to write later: kind, path data, width, level.
_PathToken = tuple[str, str, str, str]
#: Marks that sibling boards share: their tokens' numbers, level, width.
_SharedToken = tuple[tuple[int, ...], str, str]
_Token = _UseToken | _PathToken | _SharedToken
#: A mark as its group draws it, before rounding: symbol, x and y from the
#: group's corner, width, height, stroke, role, classes, cell, whether the
#: group is a board, its level, the move of a bare mark.
_MarkSeen = tuple[
    str, float, float, float, float, float, str, tuple[str, ...], int, bool, str, int, int
]


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
    if id_prefix is not None and not _PREFIX_OK.match(id_prefix):
        raise UsageError(
            f"id prefix {id_prefix!r}: must start with a letter or '_' and hold only "
            "letters, digits, '-' and '_'"
        )
    doc = _Writer(scene).document(width, height)
    prefix = id_prefix or "t" + hashlib.sha256(doc.encode("utf-8")).hexdigest()[:5]
    return doc.replace(_PLACEHOLDER, prefix)


def _clean(text: str) -> str:
    return _CONTROL.sub("", text)


def _attr(text: str) -> str:
    """Text escaped for a double-quoted attribute value."""
    if not _ATTR_SPECIAL.search(text):
        return text
    return _escape(_clean(text), _ATTR_REFS)


def _text(text: str) -> str:
    """Text escaped for element content."""
    return _escape(_clean(text), _TEXT_REFS)


def _xml_attr(text: str) -> str:
    """A value escaped as ElementTree (thus svgwrite) did: no cleaning, breaks as references."""
    return _escape(text, _XML_ATTR_REFS)


def _escape(text: str, refs: tuple[tuple[str, str], ...]) -> str:
    for char, ref in refs:
        text = text.replace(char, ref)
    return text


class _Numbers:
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
        text = self._texts.get(n)
        if text is None:
            sign = "-" if n < 0 else ""
            whole, frac = divmod(abs(n), self.scale)
            if not frac:
                text = f"{sign}{whole}"
            else:
                tail = str(frac).rjust(self.digits, "0").rstrip("0")
                text = f"{sign}{whole}.{tail}" if whole else f"{sign}.{tail}"
            self._texts[n] = text
        return text

    def f(self, v: float) -> str:
        return self.s(self.q(v))


_WIDTHS = _Numbers(_WIDTH_DIGITS)


def _digits_for(smallest: float) -> int:
    """Decimals for the smallest side of a glyph or group: two, more only below one map unit."""
    if smallest <= 0 or smallest >= 1:
        return 2
    return min(6, 2 + math.ceil(-math.log10(smallest)))


def _sep(number: str) -> str:
    """The second number of a pair: a minus sign separates it by itself."""
    return number if number.startswith("-") else " " + number


def _shorter(a: str, b: str) -> str:
    return b if len(b) < len(a) else a


def _short_ids() -> Iterator[str]:
    """``a`` .. ``9``, then ``aa`` .. ``99``, ...: id suffixes, shortest first."""
    for size in itertools.count(1):
        for chars in itertools.product(_ID_CHARS, repeat=size):
            name = "".join(chars)
            if name not in _RESERVED_IDS:
                yield name


class _Writer:
    """One scene being written: its number grid, width rules and shared definitions.

    One walk over the scene writes the text of everything but the marks,
    grids and win lines, which become numbered tokens: whether they are
    drawn from ``<defs>`` and whether their width is the level's rule is
    known only once everything is counted. Equal tokens (most of them) are
    then formatted once.
    """

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self._levels: dict[tuple[str, ...], str] = {}
        # Attributes and width of marks by stroke, size, role, classes, cell, in a board.
        self._mark_looks: dict[
            tuple[float, float, float, str, tuple[str, ...], int, bool], tuple[str, str]
        ] = {}
        # The smallest side of a group or glyph the walk met (see ``_digits_for``).
        self.smallest = math.inf
        self.parts: list[str | int]
        self.tokens: dict[_Token, int]
        self._walk(2)
        digits = _digits_for(self.smallest)
        if digits != 2:
            # Rare: glyphs smaller than one map unit need a finer grid.
            self._walk(digits)
        self._share()
        self.counts: Counter[str | int] = Counter(self.parts)
        # What a shared set draws is written once, in its definition.
        for token in self.tokens:
            if len(token) == 3:
                self.counts.update(token[0])

        marks: Counter[_MarkKey] = Counter()
        shared: Counter[_SharedToken] = Counter()
        grids: Counter[_GridKey] = Counter()
        wins: Counter[str] = Counter()
        widths: dict[tuple[str, str], Counter[str]] = {}
        grid_levels: Counter[tuple[str, _GridKey]] = Counter()
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
        uses: Counter[_MarkKey | _GridKey | str | _SharedToken] = Counter()
        uses.update({k: c for k, c in marks.items() if c > 1})
        uses.update({k: c for k, c in grids.items() if c > 1})
        uses.update({k: c for k, c in wins.items() if c > 1})
        uses.update(shared)
        ids = dict(zip(sorted(uses, key=lambda k: (-uses[k], repr(k))), _short_ids(), strict=False))
        # Marks in defs by symbol, then from large to small, row by row.
        self.mark_ids = {
            k: ids[k]
            for k in sorted(marks, key=lambda k: (k[0], -k[3], -k[4], k[2], k[1]))
            if k in ids
        }
        self.grid_ids = {k: ids[k] for k in grids if k in ids}
        self.win_ids = {k: ids[k] for k in wins if k in ids}
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

    def _share(self) -> None:
        """Draw the earlier marks that sibling boards have in common as one ``<use>``.

        Sub-maps of one board repeat its marks (and its chosen move) at the
        same places: each sibling then draws that set from one ``<g>`` in
        ``<defs>`` and adds its own marks. Only marks that take their colour
        and width from the board (played marks) are shared, so the set draws
        exactly as they did; none of them overlap, so the order is free.
        """
        number = {index: token for token, index in self.tokens.items()}
        plain = {
            index: (token[4], token[5])
            for index, token in number.items()
            if len(token) == 6 and not token[3] and not (token[1] or token[2])
        }
        replace: dict[int, tuple[int, frozenset[int]]] = {}  # span start -> (token, members)
        for spans in self._families.values():
            if len(spans) < 2:
                continue
            runs = [[p for p in self.parts[a:b] if isinstance(p, int)] for a, b in spans]
            common = set(runs[0]).intersection(*runs[1:])
            looks = Counter(plain[t] for t in common if t in plain)
            if not looks:
                continue
            (level, width), size = looks.most_common(1)[0]
            if size < 2:
                continue
            members = tuple(t for t in runs[0] if plain.get(t) == (level, width) and t in common)
            token: _SharedToken = (members, level, width)
            index = self.tokens.setdefault(token, len(self.tokens))
            for a, _ in spans:
                replace[a] = (index, frozenset(members))
        if not replace:
            return
        ends = {a: b for spans in self._families.values() for a, b in spans}
        out: list[str | int] = []
        i = 0
        for a in sorted(replace):
            out += self.parts[i:a]
            index, drop = replace[a]
            out.append(index)
            out += [p for p in self.parts[a : ends[a]] if p not in drop]
            i = ends[a]
        out += self.parts[i:]
        self.parts = out

    # -- the walk -------------------------------------------------------------

    def _walk(self, digits: int) -> None:
        """Write the scene's items on a grid of ``digits`` decimals."""
        self.n = _Numbers(digits)
        # The text, with numbers standing for the tokens, and the tokens'
        # numbers: equal tokens are one number, cheap to count and look up.
        self.parts = []
        self.tokens = {}
        # Levels with a mark drawn straight in the board group (see ``_run``).
        self.bare_levels: set[str] = set()
        # Marks and path data by their numbers before rounding, relative to
        # their group: equal boards repeat them, so most are looked up.
        self._marks: dict[_MarkSeen, int] = {}
        self._paths: dict[tuple[tuple[tuple[float, float], ...], ...], str] = {}
        # Where each board's own drawing sits in ``parts``, by the group the
        # board is a sub-map of: siblings share most of their earlier marks.
        self._families: dict[int, list[tuple[int, int]]] = {}
        self._family_ids = itertools.count()
        self._items(self.scene.items, None, -1)

    def _items(self, items: Iterable[Item], parent: Group | None, family: int) -> None:
        """Append ``items`` (children of ``parent``, itself a child in ``family``)."""
        level = "" if parent is None else self._level(parent.classes)
        parts = self.parts
        run: list[_Leaf] = []
        children = next(self._family_ids)  # the family of this group's own sub-boards
        for item in items:
            if isinstance(item, Group):
                if run:
                    self._run(run, parent, level, family)
                    run = []
                self.smallest = min(self.smallest, item.box.w, item.box.h)
                parts.append(self._open(item))
                self._items(item.items, item, children)
                parts.append("</g>\n")
            else:
                run.append(item)
        if run:
            self._run(run, parent, level, family)

    def _level(self, classes: tuple[str, ...]) -> str:
        """The ``ttt-level-N`` class that width rules hang on ("" if none)."""
        level = self._levels.get(classes)
        if level is None:
            level = self._levels[classes] = next((c for c in classes if _LEVEL.match(c)), "")
        return level

    def _open(self, group: Group) -> str:
        attrs = f' class="{_attr(" ".join(group.classes))}"' if group.classes else ""
        for key, value in group.data:
            attrs += f' data-{_attr(key)}="{_attr(value)}"'
        return f"<g{attrs}>\n"

    def _run(self, run: list[_Leaf], parent: Group | None, level: str, family: int) -> None:
        """Leaves between groups, in a ``<g>`` at the parent's corner unless one lone mark.

        Consecutive grid lines of one width become one path.
        """
        n, parts = self.n, self.parts
        in_board = parent is not None and parent.board is not None
        if parent is None:
            ox = oy = 0.0
        else:
            ox, oy = parent.box.x, parent.box.y
            first = run[0]
            if len(run) == 1 and isinstance(first, Mark):
                if level:
                    self.bare_levels.add(level)
                parts.append(self._mark(first, in_board, level, ox, oy, n.q(ox), n.q(oy)))
                parts.append("\n")
                return
            move = f' transform="translate({n.f(ox)}{_sep(n.f(oy))})"' if ox or oy else ""
            parts.append(f"<g{move}>")
        start = len(parts)
        grid: list[Line] = []
        for item in run:
            if isinstance(item, Line) and item.role == "grid":
                if grid and grid[-1].width != item.width:
                    parts.append(self._grid(grid, ox, oy, level))
                    grid = []
                grid.append(item)
                continue
            if grid:
                parts.append(self._grid(grid, ox, oy, level))
                grid = []
            if isinstance(item, Mark):
                parts.append(self._mark(item, in_board, level, ox, oy, 0, 0))
            elif isinstance(item, Line):
                parts.append(self._win(item, ox, oy, level))
            elif isinstance(item, Rect):
                parts.append(self.rect(item, ox, oy))
            else:
                parts.append(self.text(item, ox, oy))
        if grid:
            parts.append(self._grid(grid, ox, oy, level))
        if in_board:
            self._families.setdefault(family, []).append((start, len(parts)))
        parts.append("</g>\n" if parent is not None else "\n")

    def _grid(self, lines: list[Line], ox: float, oy: float, level: str) -> int:
        """The number of a grid's token."""
        token = "g", self._path(lines, ox, oy), _WIDTHS.f(lines[0].width), level
        return self.tokens.setdefault(token, len(self.tokens))

    def _win(self, line: Line, ox: float, oy: float, level: str) -> int:
        """The number of a win line's token."""
        token = "w", self._path([line], ox, oy), _WIDTHS.f(line.width), level
        return self.tokens.setdefault(token, len(self.tokens))

    def _mark(
        self,
        mark: Mark,
        in_board: bool,
        level: str,
        ox: float,
        oy: float,
        dx: int,
        dy: int,
    ) -> int:
        """The number of a mark's token, for a mark in a group at (ox, oy)."""
        b = mark.box
        seen = (
            mark.symbol,
            b.x - ox,
            b.y - oy,
            b.w,
            b.h,
            mark.width,
            mark.role,
            mark.classes,
            mark.cell,
            in_board,
            level,
            dx,
            dy,
        )
        number = self._marks.get(seen)
        if number is None:
            number = self._marks[seen] = self._mark_token(mark, seen)
        return number

    def _mark_token(self, mark: Mark, seen: _MarkSeen) -> int:
        """The number of a mark's token, new or equal to an earlier one's.

        Its place is rounded after the translation to its group's corner, so
        a glyph at the same place of equal boards gets the same numbers
        everywhere.
        """
        symbol, x, y, w, h, _, _, _, _, in_board, level, dx, dy = seen
        scale = self.n.scale
        key = (symbol, round(x * scale), round(y * scale), round(w * scale), round(h * scale))
        look = (mark.width, w, h, mark.role, mark.classes, mark.cell, in_board)
        attrs_width = self._mark_looks.get(look)
        if attrs_width is None:
            attrs_width = self._mark_looks[look] = self._look(mark, in_board)
        token = key, dx, dy, attrs_width[0], level, attrs_width[1]
        return self.tokens.setdefault(token, len(self.tokens))

    def _look(self, mark: Mark, in_board: bool) -> tuple[str, str]:
        """A mark's class and data-cell attributes and its stroke width; notes its size."""
        b = mark.box
        self.smallest = min(self.smallest, b.w, b.h)
        classes = list(mark.classes)
        # A played mark in a board takes the board's ink; anywhere else it says what it is.
        if mark.role != "played" or not in_board:
            classes.insert(0, f"ttt-{mark.role}")
        attrs = f' class="{_attr(" ".join(classes))}"' if classes else ""
        if mark.role in ("chosen", "alt"):
            attrs += f' data-cell="{mark.cell}"'
        # In its unit symbol's units: the symbol is scaled to the box.
        return attrs, _WIDTHS.f(mark.width / b.w) if b.w > 0 else "0"

    def _path(self, lines: Iterable[Line], ox: float, oy: float) -> str:
        """Path data relative to (ox, oy); each step absolute or relative, whichever is shorter."""
        key = tuple([tuple([(fx - ox, fy - oy) for fx, fy in line.points]) for line in lines])
        path = self._paths.get(key)
        if path is not None:
            return path
        s, scale = self.n.s, self.n.scale
        d: list[str] = []
        cx = cy = 0
        for points in key:
            start = True
            for fx, fy in points:
                x, y = round(fx * scale), round(fy * scale)
                if not d:
                    d.append(f"M{s(x)}{_sep(s(y))}")
                elif start:
                    d.append(_shorter(f"M{s(x)}{_sep(s(y))}", f"m{s(x - cx)}{_sep(s(y - cy))}"))
                elif y == cy:
                    d.append(_shorter(f"H{s(x)}", f"h{s(x - cx)}"))
                elif x == cx:
                    d.append(_shorter(f"V{s(y)}", f"v{s(y - cy)}"))
                else:
                    d.append(_shorter(f"L{s(x)}{_sep(s(y))}", f"l{s(x - cx)}{_sep(s(y - cy))}"))
                start = False
                cx, cy = x, y
        path = self._paths[key] = "".join(d)
        return path

    # -- the document ---------------------------------------------------------

    def document(self, width: str | None, height: str | None) -> str:
        scene, n, p = self.scene, self.n, _PLACEHOLDER
        size = f"0 0 {n.f(scene.width)} {n.f(scene.height)}"
        # Attributes in sorted order, empty ones left out, as svgwrite wrote them.
        head = [
            f'<svg aria-labelledby="{p}-title {p}-desc" baseProfile="full" class="ttt-map"',
            f' height="{_xml_attr(height)}"' if height else "",
            f' id="{p}" role="img" version="1.1" viewBox="{size}"',
            f' width="{_xml_attr(width)}"' if width else "",
            ' xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events"'
            ' xmlns:xlink="http://www.w3.org/1999/xlink">',
        ]
        for tag, text in (("title", _text(scene.title)), ("desc", _text(scene.desc))):
            head.append(
                f'<{tag} id="{p}-{tag}">{text}</{tag}>' if text else f'<{tag} id="{p}-{tag}" />'
            )
        head.append(f'<defs><style type="text/css"><![CDATA[{self.css()}]]></style>')
        for sym in self.symbols:
            head.append(_GLYPHS[sym].format(id=f"{p}-{sym}"))
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
        return f"matrix({s(w)} 0 0 {s(h)} {s(x)}{_sep(s(y))})"

    def css(self) -> str:
        p = f"#{_PLACEHOLDER}"
        theme = self.scene.theme
        rules = [
            f"{p} .ttt-mark{{fill:none;stroke-linecap:round;stroke-linejoin:round}}",
            f"{p} .ttt-board{{fill:none}}",
            f"{p} .ttt-grid{{fill:none;stroke-linecap:butt}}",
            f"{p} .ttt-win{{fill:none;stroke-linecap:round}}",
            f"{p} text{{stroke:none;font-family:{theme.css_font}}}",
            *self._colours(theme),
        ]
        for (level, kind), value in self.rules.items():
            target = "use" if kind == "use" else f".{kind}"
            selector = f"{p} .{level}>g>{target}"
            if kind == "use" and level in self.bare_levels:
                selector += f",{p} .{level}>use"
            rules.append(f"{selector}{{stroke-width:{value}}}")
        if theme.name == AUTO.name:
            rules += _switches(self._colours)
        return "\n" + "\n".join(rules) + "\n"

    @staticmethod
    def _colours(t: Theme, scope: tuple[str, ...] = ("",)) -> list[str]:
        """The colour rules of theme ``t``, under each of the ancestor selectors in ``scope``.

        A grid drawn from ``<defs>`` strokes in ``currentColor``, the ``color``
        of the board it is drawn in: browsers do not match the scoped rules
        against a ``<use>``'s clone, but every renderer passes ``color`` on.
        """

        def sel(*names: str) -> str:
            return ",".join(f"{a}#{_PLACEHOLDER}{n}" for n in names for a in scope)

        return [
            f"{sel(' .ttt-background')}{{fill:{t.background}}}",
            f"{sel('', ' .ttt-board')}{{color:{t.grid}}}",
            f"{sel(' .ttt-board', ' .ttt-played', ' .ttt-final')}{{stroke:{t.ink}}}",
            f"{sel(' .ttt-chosen')}{{stroke:{t.chosen}}}",
            f"{sel(' .ttt-alt')}{{stroke:{t.faint}}}",
            f"{sel(' .ttt-grid')}{{stroke:{t.grid}}}",
            f"{sel(' .ttt-win')}{{stroke:{t.win}}}",
            f"{sel(' .ttt-tint-win')}{{fill:{t.tint_win};stroke:none}}",
            f"{sel(' .ttt-tint-draw')}{{fill:{t.tint_draw};stroke:none}}",
            f"{sel(' rect.ttt-differs')}{{fill:{t.differs};stroke:none}}",
            f"{sel(' text')}{{fill:{t.text}}}",
            f"{sel(' .ttt-footer', ' .ttt-legend')}{{fill:{t.muted}}}",
        ]

    # -- the drawn elements ---------------------------------------------------

    def _width(self, level: str, kind: str, value: str) -> str:
        """An inline stroke width, unless the level's rule already says it."""
        if level and self.rules.get((level, kind)) == value:
            return ""
        return f' stroke-width="{value}"'

    def _format(self, token: _Token) -> str:
        """A mark's ``<use>``, or a grid's or win line's ``<path>`` or ``<use>``."""
        if len(token) == 6:
            return self.use(token, token[5])
        if len(token) == 3:
            _, level, width = token
            shared = self.shared_ids[token]
            return f'<use xlink:href="#{_PLACEHOLDER}-{shared}"{self._width(level, "use", width)}/>'
        kind, d, width, level = token
        if kind == "g":
            ident = self.grid_ids.get((d, width))
            if ident is not None:
                return f'<use xlink:href="#{_PLACEHOLDER}-{ident}"/>'
            return f'<path class="ttt-grid" d="{d}"{self._width(level, "ttt-grid", width)}/>'
        stroke = self._width(level, "ttt-win", width)
        ident = self.win_ids.get(d)
        if ident is not None:
            return f'<use xlink:href="#{_PLACEHOLDER}-{ident}" class="ttt-win"{stroke}/>'
        return f'<path class="ttt-win" d="{d}"{stroke}/>'

    def use(self, token: _UseToken, width: str | None) -> str:
        """A mark's ``<use>``, moved by (dx, dy) grid steps when no group translates it.

        ``width`` is its stroke width (inline unless its level's rule says
        it), or None where it inherits the width of the ``<use>`` drawing it.
        """
        key, dx, dy, attrs, level, _ = token
        ident = self.mark_ids.get(key)
        s = self.n.s
        if ident is not None:
            text = f'<use xlink:href="#{_PLACEHOLDER}-{ident}"'
            # On a <use> of a <use>, x and y move the positioned one.
            text += f' x="{s(dx)}"' if dx else ""
            text += f' y="{s(dy)}"' if dy else ""
        else:
            sym, x, y, w, h = key
            place = self._place(x + dx, y + dy, w, h)
            text = f'<use xlink:href="#{_PLACEHOLDER}-{sym}" transform="{place}"'
        stroke = "" if width is None else self._width(level, "use", width)
        return text + attrs + stroke + "/>"

    def rect(self, rect: Rect, ox: float, oy: float) -> str:
        n, b = self.n, rect.box
        cls = f"ttt-tint ttt-{rect.role}" if rect.role.startswith("tint") else f"ttt-{rect.role}"
        s = (
            f'<rect class="{cls}" x="{n.f(b.x - ox)}" y="{n.f(b.y - oy)}" '
            f'width="{n.f(b.w)}" height="{n.f(b.h)}"'
        )
        if rect.radius:
            s += f' rx="{n.f(rect.radius)}"'
        return s + "/>"

    def text(self, text: Text, ox: float, oy: float) -> str:
        n = self.n
        s = (
            f'<text class="ttt-{text.role}" x="{n.f(text.x - ox)}" '
            f'y="{n.f(text.y - oy)}" font-size="{n.f(text.size)}"'
        )
        if text.anchor != "start":
            s += f' text-anchor="{text.anchor}"'
        if text.bold:
            s += ' font-weight="bold"'
        return f"{s}>{_text(text.text)}</text>"


#: Where a map set to follow the reader's light or dark mode may sit: a page
#: of the Sphinx themes furo (``body[data-theme]``, "auto" follows the reader)
#: and pydata-sphinx-theme (``html[data-theme]``), or any page or viewer.
_FORCED = {
    "light": ('body[data-theme="light"] ', 'html[data-theme="light"] '),
    "dark": ('body[data-theme="dark"] ', 'html[data-theme="dark"] '),
}


def _switches(colours: Callable[[Theme, tuple[str, ...]], list[str]]) -> list[str]:
    """The rules that make an ``auto`` map dark where its reader or page is.

    The reader's ``prefers-color-scheme`` first; then a page's own switch,
    whose selectors are more specific than the media rule's, so a page set to
    light stays light on a dark system, and one set to dark is dark anywhere.
    Renderers without media queries or such pages draw the light colours.
    """
    dark = dark_variant(AUTO)
    return [
        "@media (prefers-color-scheme:dark){",
        *colours(dark, ("",)),
        "}",
        *colours(AUTO, _FORCED["light"]),
        *colours(dark, _FORCED["dark"]),
    ]
