"""The walk over a scene that the SVG writer formats: text and numbered tokens.

One walk writes the text of everything but the marks, grids and win lines,
which become numbered tokens: whether they are drawn from ``<defs>`` and
whether their width is their level's rule is known only once everything is
counted (``writer.py`` does that). Equal tokens (most of them) are one number.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable

from ttt_maps.backends.svg.sketch import Curves, Lettering
from ttt_maps.backends.svg.style import outlined
from ttt_maps.backends.svg.tokens import Numbers, attr, digits_for, sep, shorter
from ttt_maps.backends.svg.tokens import text as text_
from ttt_maps.draw.scene import Group, Item, Line, Mark, Rect, Scene, Text
from ttt_maps.draw.typeface import lettering

#: Digits of stroke widths (map units, or unit-glyph units for marks).
WIDTHS = Numbers(3)

_Leaf = Mark | Line | Rect | Text
#: A mark's place in its group: glyph (``x``, ``o``, or ``x-3``: drawn by the
#: third hand), x, y, width, height on the number grid.
MarkKey = tuple[str, int, int, int, int]
#: A grid: its path data and stroke width, as written.
GridKey = tuple[str, str]
#: A mark to write once ids and width rules are known: its key, the move
#: of a bare mark (grid steps), its class and data-cell attributes, the
#: group's level class ("" outside levels) and its stroke width.
UseToken = tuple[MarkKey, int, int, str, str, str]
#: A grid ("g") or win line ("w") to write later: kind, path data, width, level.
PathToken = tuple[str, str, str, str]
#: Marks that sibling boards share: their tokens' numbers, level, width.
SharedToken = tuple[tuple[int, ...], str, str]
#: A cell's tint in a board (the whole game's ``move-*`` rects): "t", role, x, y and
#: "width height" from the board's corner, as written.
TintToken = tuple[str, str, str, str, str]
Token = UseToken | PathToken | SharedToken | TintToken
#: A mark as its group draws it, before rounding: symbol, x and y from the
#: group's corner, width, height, stroke, role, classes, cell, whether the
#: group is a board, its level, the move of a bare mark.
_MarkSeen = tuple[
    str, float, float, float, float, float, str, tuple[str, ...], int, bool, str, int, int
]


def _smallest(scene: Scene) -> float:
    """The smallest side of any group's or glyph's box in the scene (infinity if none)."""
    low = math.inf
    stack = [scene.items]
    while stack:
        for item in stack.pop():
            if isinstance(item, Mark):
                box = item.box
            elif isinstance(item, Group):
                box = item.box
                stack.append(item.items)
            else:
                continue
            if box.w < low:
                low = box.w
            if box.h < low:
                low = box.h
    return low


def _is_level(name: str) -> bool:
    """Is a class name ``ttt-level-N``? (What ``re`` would say of ``ttt-level-\\d+\\Z``.)"""
    return name.startswith("ttt-level-") and name[10:].isdecimal()


class Walk:
    """The scene's text, with numbered tokens for what is drawn from ``<defs>``."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self._levels: dict[tuple[str, ...], str] = {}
        # A group's class attribute by its classes (boards of a level share them).
        self._class_attrs: dict[tuple[str, ...], str] = {}
        # Attributes and width of marks by stroke, size, role, classes, cell, in a board.
        self._mark_looks: dict[
            tuple[float, float, float, str, tuple[str, ...], int, bool], tuple[str, str]
        ] = {}
        # The smallest side of a group or glyph decides the grid (``digits_for``):
        # glyphs smaller than one map unit (big boards' deep levels) need a finer one.
        self.smallest = _smallest(scene)
        #: The policy colours (``pick-N`` roles) the scene uses: only they get style rules.
        self.picks: set[str] = set()
        #: The roles drawn that only some drawings have (folded maps, the whole game).
        self.roles: set[str] = set()
        #: Text drawn as outlines (``style.outlined``), its glyphs for ``<defs>``.
        self.lettering: Lettering | None = None
        if outlined(scene.theme):
            face = lettering(scene.theme.typeface, scene.lang)  # the hand of its language
            self.lettering = Lettering(face, Numbers(digits_for(self.smallest)))
        self.parts: list[str | int]
        self.tokens: dict[Token, int]
        self._walk(digits_for(self.smallest))
        self._share()

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
            token: SharedToken = (members, level, width)
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
        self.n = Numbers(digits)
        # The text, with numbers standing for the tokens, and the tokens'
        # numbers: equal tokens are one number, cheap to count and look up.
        self.parts = []
        self.tokens = {}
        # Levels with a mark drawn straight in the board group (see ``_run``).
        self.bare_levels: set[str] = set()
        # Marks and path data by their numbers before rounding, relative to
        # their group: equal boards repeat them, so most are looked up.
        self._marks: dict[_MarkSeen, int] = {}
        self._paths: dict[tuple[tuple[bool, tuple[tuple[float, float], ...]], ...], str] = {}
        # The same for straight two-point lines (grids, win lines: all of them unless drawn
        # by hand), keyed by their ends' numbers in a row: cheaper to build than the above.
        self._straight: dict[tuple[float, ...], str] = {}
        # The curves of lines drawn by hand.
        self.curves = Curves(self.n)
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
            level = self._levels[classes] = next((c for c in classes if _is_level(c)), "")
        return level

    def _open(self, group: Group) -> str:
        attrs = self._class_attrs.get(group.classes)
        if attrs is None:
            classes = group.classes
            attrs = self._class_attrs[classes] = (
                f' class="{attr(" ".join(classes))}"' if classes else ""
            )
        for key, value in group.data:
            attrs += f' data-{attr(key)}="{attr(value)}"'
        if group.label:
            attrs += f' role="group" aria-label="{attr(group.label)}"'
        if group.title:
            return f"<g{attrs}>\n<title>{text_(group.title)}</title>\n"
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
            move = f' transform="translate({n.f(ox)}{sep(n.f(oy))})"' if ox or oy else ""
            parts.append(f"<g{move}>")
        start = len(parts)
        add, marks = parts.append, self._marks
        grid: list[Line] = []
        for item in run:
            if isinstance(item, Mark):  # the most frequent: ``_mark``, inlined
                if grid:
                    add(self._grid(grid, ox, oy, level))
                    grid = []
                b = item.box
                symbol = f"{item.symbol}-{item.hand}" if item.hand else item.symbol
                seen = (symbol, b.x - ox, b.y - oy, b.w, b.h, item.width, item.role,
                        item.classes, item.cell, in_board, level, 0, 0)  # fmt: skip
                number = marks.get(seen)
                if number is None:
                    number = marks[seen] = self._mark_token(item, seen)
                add(number)
                continue
            if isinstance(item, Line) and item.role == "grid":
                if grid and grid[-1].width != item.width:
                    add(self._grid(grid, ox, oy, level))
                    grid = []
                grid.append(item)
                continue
            if grid:
                add(self._grid(grid, ox, oy, level))
                grid = []
            if isinstance(item, Line):
                parts.append(self._win(item, ox, oy, level))
            elif isinstance(item, Rect):
                tint = in_board and item.role.startswith("move-") and not item.radius
                parts.append(self._tint(item, ox, oy) if tint else self.rect(item, ox, oy))
            else:
                parts.append(self.text(item, ox, oy))
        if grid:
            parts.append(self._grid(grid, ox, oy, level))
        if in_board:
            self._families.setdefault(family, []).append((start, len(parts)))
        parts.append("</g>\n" if parent is not None else "\n")

    def _grid(self, lines: list[Line], ox: float, oy: float, level: str) -> int:
        """The number of a grid's token."""
        token = "g", self._path(lines, ox, oy), WIDTHS.f(lines[0].width), level
        return self.tokens.setdefault(token, len(self.tokens))

    def _win(self, line: Line, ox: float, oy: float, level: str) -> int:
        """The number of a win line's token."""
        token = "w", self._path([line], ox, oy), WIDTHS.f(line.width), level
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
            f"{mark.symbol}-{mark.hand}" if mark.hand else mark.symbol,
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
        classes = list(mark.classes)
        # A played mark in a board takes the board's ink; anywhere else it says what it is.
        if mark.role != "played" or not in_board:
            classes.insert(0, f"ttt-{mark.role}")
        attrs = f' class="{attr(" ".join(classes))}"' if classes else ""
        if mark.role in ("chosen", "alt") or mark.role.startswith("pick"):
            attrs += f' data-cell="{mark.cell}"'
            if mark.role.startswith("pick"):
                self.picks.add(mark.role)
        # In its unit symbol's units: the symbol is scaled to the box.
        return attrs, WIDTHS.f(mark.width / b.w) if b.w > 0 else "0"

    def _path(self, lines: list[Line], ox: float, oy: float) -> str:
        """Path data relative to (ox, oy); each step absolute or relative, whichever is shorter.

        Looked up first among straight lines (``_straight``): thousands of equal
        boards draw the same grid and win lines at the same places of their own.
        """
        ends: list[float] = []
        for line in lines:
            if line.curved or len(line.points) != 2:
                return self._any_path(lines, ox, oy)
            (ax, ay), (bx, by) = line.points
            ends.extend((ax - ox, ay - oy, bx - ox, by - oy))
        flat = tuple(ends)
        path = self._straight.get(flat)
        if path is None:
            path = self._straight[flat] = self._any_path(lines, ox, oy)
        return path

    def _any_path(self, lines: list[Line], ox: float, oy: float) -> str:
        """``_path`` of any lines, straight or drawn by hand."""
        key = tuple(
            [(line.curved, tuple([(fx - ox, fy - oy) for fx, fy in line.points])) for line in lines]
        )
        path = self._paths.get(key)
        if path is not None:
            return path
        s, scale = self.n.s, self.n.scale
        d: list[str] = []
        cx = cy = 0
        for curved, points in key:
            start = True
            if curved:
                cx, cy = self.curves.add(points, d, cx, cy)
                continue
            for fx, fy in points:
                x, y = round(fx * scale), round(fy * scale)
                if not d:
                    d.append(f"M{s(x)}{sep(s(y))}")
                elif start:
                    d.append(shorter(f"M{s(x)}{sep(s(y))}", f"m{s(x - cx)}{sep(s(y - cy))}"))
                elif y == cy:
                    d.append(shorter(f"H{s(x)}", f"h{s(x - cx)}"))
                elif x == cx:
                    d.append(shorter(f"V{s(y)}", f"v{s(y - cy)}"))
                else:
                    d.append(shorter(f"L{s(x)}{sep(s(y))}", f"l{s(x - cx)}{sep(s(y - cy))}"))
                start = False
                cx, cy = x, y
        path = self._paths[key] = "".join(d)
        return path

    def _tint(self, rect: Rect, ox: float, oy: float) -> int:
        """The number of a cell tint's token (thousands recur at the same place of a board)."""
        n, b = self.n, rect.box
        self.roles.add(rect.role)
        token = "t", rect.role, n.f(b.x - ox), n.f(b.y - oy), f"{n.f(b.w)} {n.f(b.h)}"
        return self.tokens.setdefault(token, len(self.tokens))

    def rect(self, rect: Rect, ox: float, oy: float) -> str:
        n, b = self.n, rect.box
        if rect.role.startswith("pick"):
            self.picks.add(rect.role)
        elif rect.role.startswith("move-"):
            self.roles.add(rect.role)
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
        if text.role.startswith("pick"):
            self.picks.add(text.role)
        elif text.role in ("count", "pointer"):
            self.roles.add(text.role)
        if self.lettering is not None:
            return self.lettering.line(text, ox, oy)
        s = (
            f'<text class="ttt-{text.role}" x="{n.f(text.x - ox)}" '
            f'y="{n.f(text.y - oy)}" font-size="{n.f(text.size)}"'
        )
        if text.anchor != "start":
            s += f' text-anchor="{text.anchor}"'
        if text.bold:
            s += ' font-weight="bold"'
        return f"{s}>{text_(text.text)}</text>"
