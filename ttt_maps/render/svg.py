"""Scene -> SVG text (SPEC section 7): small, semantic, embeddable.

svgwrite builds the document skeleton (root, ``<title>``, ``<desc>``, the
``<style>`` and everything in ``<defs>``); the thousands of repetitive board
elements are formatted here as strings, because an element tree for the O
map alone costs more than the whole rendering budget.

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
import string
from collections import Counter
from collections.abc import Iterable, Iterator

import svgwrite
from svgwrite.base import Desc, Title

from ttt_maps.errors import UsageError
from ttt_maps.scene import Group, Item, Line, Mark, Rect, Scene, Text, Theme, dark_variant

#: Stands for the id prefix until the document is complete (the default
#: prefix is a hash of the document). Text is cleaned of the characters XML
#: forbids, this one among them, so it occurs nowhere else.
_PLACEHOLDER = "\x00"
_PREFIX_OK = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_LEVEL = re.compile(r"ttt-level-\d+\Z")
#: Characters of definition ids (after the prefix and its ``-``).
_ID_CHARS = string.ascii_lowercase + string.ascii_uppercase + string.digits
#: Id suffixes taken by the symbols, the title and the description.
_RESERVED_IDS = frozenset({"x", "o", "title", "desc"})
#: Digits of stroke widths (map units, or unit-symbol units for marks).
_WIDTH_DIGITS = 3

_Leaf = Mark | Line | Rect | Text
#: A mark's place in its group: symbol, x, y, width, height on the number grid.
_MarkKey = tuple[str, int, int, int, int]
#: A grid: its path data and stroke width, as written.
_GridKey = tuple[str, str]


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
    return (
        _clean(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


def _text(text: str) -> str:
    """Text escaped for element content."""
    return _clean(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


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


def _digits_for(scene: Scene) -> int:
    """Two decimals, more only when glyphs or boards get smaller than one map unit."""
    smallest = min(
        (min(i.box.w, i.box.h) for i in scene.walk() if isinstance(i, Mark | Group)),
        default=1.0,
    )
    if smallest <= 0 or smallest >= 1:
        return 2
    return min(6, 2 + math.ceil(-math.log10(smallest)))


def _level(group: Group | None) -> str | None:
    """The ``ttt-level-N`` class that width rules hang on, if the group has one."""
    if group is not None:
        for c in group.classes:
            if _LEVEL.match(c):
                return c
    return None


def _runs(items: Iterable[Item]) -> Iterator[Group | list[_Leaf]]:
    """Child groups one by one, and the leaves between them as lists (drawing order kept)."""
    run: list[_Leaf] = []
    for item in items:
        if isinstance(item, Group):
            if run:
                yield run
                run = []
            yield item
        else:
            run.append(item)
    if run:
        yield run


def _pieces(run: list[_Leaf]) -> Iterator[_Leaf | list[Line]]:
    """The leaves, with consecutive grid lines of one width gathered into one list."""
    grid: list[Line] = []
    for item in run:
        if isinstance(item, Line) and item.role == "grid":
            if grid and grid[-1].width != item.width:
                yield grid
                grid = []
            grid.append(item)
            continue
        if grid:
            yield grid
            grid = []
        yield item
    if grid:
        yield grid


def _bare(parent: Group | None, pieces: list[_Leaf | list[Line]]) -> bool:
    """Whether a run is one mark in a group, cheaper moved by ``x``/``y`` than by a ``<g>``."""
    return parent is not None and len(pieces) == 1 and isinstance(pieces[0], Mark)


def _mark_width(mark: Mark) -> str:
    """A mark's stroke in its unit symbol's units (the symbol is scaled to the box)."""
    return _WIDTHS.f(mark.width / mark.box.w) if mark.box.w > 0 else "0"


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
    """One scene being written: its number grid, width rules and shared definitions."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.n = _Numbers(_digits_for(scene))
        self.symbols: set[str] = set()
        self._widths: dict[tuple[str, str], Counter[str]] = {}
        self._marks: Counter[_MarkKey] = Counter()
        self._grids: Counter[_GridKey] = Counter()
        self._wins: Counter[str] = Counter()
        # The level of every grid drawn in a level's board.
        self._grid_levels: list[tuple[str, _GridKey]] = []
        # Levels with a mark drawn straight in the board group (see ``_bare``).
        self.bare_levels: set[str] = set()
        self._mark_widths: dict[tuple[float, float], str] = {}
        # Each mark, grid and win line's numbers and width, in drawing order.
        self._plan: list[tuple[_MarkKey | str, str]] = []
        self._survey(scene.items, None)
        self._next = iter(self._plan)
        # Whatever recurs gets one definition; the most used get the shortest ids.
        uses: Counter[_MarkKey | _GridKey | str] = Counter()
        uses.update({k: c for k, c in self._marks.items() if c > 1})
        uses.update({k: c for k, c in self._grids.items() if c > 1})
        uses.update({k: c for k, c in self._wins.items() if c > 1})
        ids = dict(zip(sorted(uses, key=lambda k: (-uses[k], repr(k))), _short_ids(), strict=False))
        # Marks in defs by symbol, then from large to small, row by row.
        self.mark_ids = {
            k: ids[k]
            for k in sorted(self._marks, key=lambda k: (k[0], -k[3], -k[4], k[2], k[1]))
            if k in ids
        }
        self.grid_ids = {k: ids[k] for k in self._grids if k in ids}
        self.win_ids = {k: ids[k] for k in self._wins if k in ids}
        # A grid drawn from defs carries its width there; the rest follow the rules.
        for level, key in self._grid_levels:
            if key not in self.grid_ids:
                self._widths.setdefault((level, "ttt-grid"), Counter())[key[1]] += 1
        # The most common width per (level, kind); ties go to the smaller text.
        self.rules = {
            key: min(c.items(), key=lambda kv: (-kv[1], kv[0]))[0]
            for key, c in sorted(self._widths.items())
            if c
        }

    @staticmethod
    def origin(group: Group | None) -> tuple[float, float]:
        """Where a group's own drawing is translated to: its corner (the root: 0, 0).

        Local numbers are rounded after the translation, so a glyph at the
        same place of equal boards gets the same numbers everywhere.
        """
        return (0.0, 0.0) if group is None else (group.box.x, group.box.y)

    def _survey(self, items: Iterable[Item], parent: Group | None) -> None:
        """Plan every stroke's numbers and count what recurs and which widths are common."""
        level = _level(parent)
        ox, oy = self.origin(parent)
        scale = self.n.scale
        widths = self._widths.setdefault((level, "use"), Counter()) if level else None
        for chunk in _runs(items):
            if isinstance(chunk, Group):
                self._survey(chunk.items, chunk)
                continue
            pieces = list(_pieces(chunk))
            if level and _bare(parent, pieces):
                self.bare_levels.add(level)
            for piece in pieces:
                if isinstance(piece, Mark):
                    # The hot path: thousands of marks, so no helper calls here.
                    b = piece.box
                    key = (
                        piece.symbol,
                        round((b.x - ox) * scale),
                        round((b.y - oy) * scale),
                        round(b.w * scale),
                        round(b.h * scale),
                    )
                    width = self._mark_widths.get((piece.width, b.w))
                    if width is None:
                        width = self._mark_widths[piece.width, b.w] = _mark_width(piece)
                    self.symbols.add(piece.symbol)
                    self._marks[key] += 1
                    self._plan.append((key, width))
                    if widths is not None:
                        widths[width] += 1
                    continue
                if isinstance(piece, list):
                    d, width = self.path(piece, ox, oy), _WIDTHS.f(piece[0].width)
                    self._grids[d, width] += 1
                    if level:
                        self._grid_levels.append((level, (d, width)))
                elif isinstance(piece, Line):
                    d, width = self.path([piece], ox, oy), _WIDTHS.f(piece.width)
                    self._wins[d] += 1
                    if level:
                        self._widths.setdefault((level, "ttt-win"), Counter())[width] += 1
                else:
                    continue
                self._plan.append((d, width))

    # -- the document ---------------------------------------------------------

    def document(self, width: str | None, height: str | None) -> str:
        scene, n, p = self.scene, self.n, _PLACEHOLDER
        dwg = svgwrite.Drawing(size=(width, height), debug=False)
        dwg.attribs.update(
            {
                "id": p,
                "class": "ttt-map",
                "viewBox": f"0 0 {n.f(scene.width)} {n.f(scene.height)}",
                "role": "img",
                "aria-labelledby": f"{p}-title {p}-desc",
            }
        )
        title, desc = Title(_clean(scene.title)), Desc(_clean(scene.desc))
        title.xml.set("id", f"{p}-title")
        desc.xml.set("id", f"{p}-desc")
        # <title> first, then <desc>, then the <defs> svgwrite made at creation.
        dwg.elements[0:0] = [title, desc]
        dwg.defs.add(dwg.style(self.css()))
        for sym in sorted(self.symbols):
            # Presentation attributes travel with the clone into every <use>;
            # style rules do not reach inside a <use> in every renderer.
            symbol = dwg.symbol(
                id=f"{p}-{sym}",
                class_=f"ttt-mark ttt-{sym}",
                overflow="visible",
                fill="none",
                stroke_linecap="round",
                stroke_linejoin="round",
            )
            symbol.viewbox(0, 0, 1, 1)
            if sym == "x":
                symbol.add(dwg.path(d="M0 0L1 1M1 0L0 1"))
            else:
                symbol.add(dwg.circle(center=(".5", ".5"), r=".5"))
            dwg.defs.add(symbol)
        for (sym, x, y, w, h), ident in self.mark_ids.items():
            dwg.defs.add(
                dwg.use(
                    f"#{p}-{sym}", insert=(n.s(x), n.s(y)), size=(n.s(w), n.s(h)), id=f"{p}-{ident}"
                )
            )
        for (d, stroke), ident in self.grid_ids.items():
            dwg.defs.add(dwg.path(d=d, id=f"{p}-{ident}", class_="ttt-grid", stroke_width=stroke))
        for d, ident in self.win_ids.items():
            dwg.defs.add(dwg.path(d=d, id=f"{p}-{ident}"))
        head, _ = dwg.tostring().rsplit("</svg>", 1)
        out: list[str] = [head, "\n"]
        if not any(isinstance(i, Rect) and i.role == "background" for i in scene.items):
            out.append(
                f'<rect class="ttt-background" width="{n.f(scene.width)}" '
                f'height="{n.f(scene.height)}"/>\n'
            )
        self.items(scene.items, None, out)
        out.append("</svg>\n")
        return "".join(out)

    def css(self) -> str:
        p = f"#{_PLACEHOLDER}"
        theme = self.scene.theme
        # Drawn grid <use>s carry no class (they are many): select them by href.
        grid = ",".join(
            [f"{p} .ttt-grid"]
            + [f'{p} [href="#{_PLACEHOLDER}-{i}"]' for i in sorted(self.grid_ids.values())]
        )
        rules = [
            f"{p} .ttt-mark{{fill:none;stroke-linecap:round;stroke-linejoin:round}}",
            f"{p} .ttt-board{{fill:none}}",
            f"{grid}{{fill:none;stroke-linecap:butt}}",
            f"{p} .ttt-win{{fill:none;stroke-linecap:round}}",
            f"{p} text{{stroke:none;font-family:{theme.css_font}}}",
            *self._colours(theme, grid),
        ]
        for (level, kind), value in self.rules.items():
            target = "use" if kind == "use" else f".{kind}"
            selector = f"{p} .{level}>g>{target}"
            if kind == "use" and level in self.bare_levels:
                selector += f",{p} .{level}>use"
            rules.append(f"{selector}{{stroke-width:{value}}}")
        dark = dark_variant(theme)
        if dark != theme:
            rules.append(
                "@media (prefers-color-scheme:dark){\n"
                + "\n".join(self._colours(dark, grid))
                + "\n}"
            )
        return "\n" + "\n".join(rules) + "\n"

    @staticmethod
    def _colours(t: Theme, grid: str) -> list[str]:
        p = f"#{_PLACEHOLDER}"
        return [
            f"{p} .ttt-background{{fill:{t.background}}}",
            f"{p} .ttt-board,{p} .ttt-played,{p} .ttt-final{{stroke:{t.ink}}}",
            f"{p} .ttt-chosen{{stroke:{t.chosen}}}",
            f"{p} .ttt-alt{{stroke:{t.faint}}}",
            f"{grid}{{stroke:{t.grid}}}",
            f"{p} .ttt-win{{stroke:{t.win}}}",
            f"{p} .ttt-tint-win{{fill:{t.tint_win};stroke:none}}",
            f"{p} .ttt-tint-draw{{fill:{t.tint_draw};stroke:none}}",
            f"{p} rect.ttt-differs{{fill:{t.differs};stroke:none}}",
            f"{p} text{{fill:{t.text}}}",
            f"{p} .ttt-footer,{p} .ttt-legend{{fill:{t.muted}}}",
        ]

    # -- the items ------------------------------------------------------------

    def items(self, items: Iterable[Item], parent: Group | None, out: list[str]) -> None:
        """Append ``items`` (children of ``parent``) in drawing order."""
        level = _level(parent)
        ox, oy = self.origin(parent)
        for chunk in _runs(items):
            if isinstance(chunk, Group):
                self.group(chunk, out)
                continue
            pieces = list(_pieces(chunk))
            if _bare(parent, pieces):
                mark = pieces[0]
                assert isinstance(mark, Mark)
                out.append(self.mark(mark, parent, level, (self.n.q(ox), self.n.q(oy))) + "\n")
                continue
            if parent is not None:
                tx, ty = self.n.f(ox), self.n.f(oy)
                move = f' transform="translate({tx}{_sep(ty)})"' if ox or oy else ""
                out.append(f"<g{move}>")
            for piece in pieces:
                if isinstance(piece, list):
                    out.append(self.grid(level))
                elif isinstance(piece, Mark):
                    out.append(self.mark(piece, parent, level))
                elif isinstance(piece, Line):
                    out.append(self.win(level))
                elif isinstance(piece, Rect):
                    out.append(self.rect(piece, ox, oy))
                else:
                    out.append(self.text(piece, ox, oy))
            out.append("</g>\n" if parent is not None else "\n")

    def group(self, group: Group, out: list[str]) -> None:
        attrs = ""
        if group.classes:
            attrs += f' class="{_attr(" ".join(group.classes))}"'
        for key, value in group.data:
            attrs += f' data-{_attr(key)}="{_attr(value)}"'
        out.append(f"<g{attrs}>\n")
        self.items(group.items, group, out)
        out.append("</g>\n")

    def _width(self, level: str | None, kind: str, value: str) -> str:
        """An inline stroke width, unless the level's rule already says it."""
        if level and self.rules.get((level, kind)) == value:
            return ""
        return f' stroke-width="{value}"'

    def mark(
        self, mark: Mark, parent: Group | None, level: str | None, move: tuple[int, int] = (0, 0)
    ) -> str:
        """A mark's ``<use>``, moved by ``move`` (grid steps) when no group translates it."""
        key, width = next(self._next)
        assert isinstance(key, tuple)
        ident = self.mark_ids.get(key)
        n, (dx, dy) = self.n, move
        if ident is not None:
            s = f'<use href="#{_PLACEHOLDER}-{ident}"'
            # On a <use> of a <use>, x and y add to the positioned one's.
            s += f' x="{n.s(dx)}"' if dx else ""
            s += f' y="{n.s(dy)}"' if dy else ""
        else:
            sym, x, y, w, h = key
            s = f'<use href="#{_PLACEHOLDER}-{sym}"'
            s += f' x="{n.s(x + dx)}"' if x + dx else ""
            s += f' y="{n.s(y + dy)}"' if y + dy else ""
            s += f' width="{n.s(w)}" height="{n.s(h)}"'
        classes = list(mark.classes)
        # A played mark in a board takes the board's ink; anywhere else it says what it is.
        if mark.role != "played" or parent is None or parent.board is None:
            classes.insert(0, f"ttt-{mark.role}")
        if classes:
            s += f' class="{_attr(" ".join(classes))}"'
        if mark.role in ("chosen", "alt"):
            s += f' data-cell="{mark.cell}"'
        return s + self._width(level, "use", width) + "/>"

    def path(self, lines: Iterable[Line], ox: float, oy: float) -> str:
        """Path data relative to (ox, oy); each step absolute or relative, whichever is shorter."""
        s, scale = self.n.s, self.n.scale
        d: list[str] = []
        cx = cy = 0
        for line in lines:
            start = True
            for fx, fy in line.points:
                x, y = round((fx - ox) * scale), round((fy - oy) * scale)
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
        return "".join(d)

    def grid(self, level: str | None) -> str:
        d, width = next(self._next)
        assert isinstance(d, str)
        ident = self.grid_ids.get((d, width))
        if ident is not None:
            return f'<use href="#{_PLACEHOLDER}-{ident}"/>'
        return f'<path class="ttt-grid" d="{d}"{self._width(level, "ttt-grid", width)}/>'

    def win(self, level: str | None) -> str:
        d, width = next(self._next)
        assert isinstance(d, str)
        stroke = self._width(level, "ttt-win", width)
        ident = self.win_ids.get(d)
        if ident is not None:
            return f'<use href="#{_PLACEHOLDER}-{ident}" class="ttt-win"{stroke}/>'
        return f'<path class="ttt-win" d="{d}"{stroke}/>'

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
