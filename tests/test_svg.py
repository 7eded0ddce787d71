"""The SVG backend (SPEC section 7): structure, semantics, ids, style, numbers.

The SVG is parsed with ElementTree and read back into facts: boards and
their nesting, chosen moves, where each mark is drawn and how thick, which
are compared with the strategy tree and the scene they came from.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from functools import cache

import pytest

import ttt_maps
from ttt_maps.backends.svg.writer import scene_to_svg
from ttt_maps.draw.compose import map_scene
from ttt_maps.draw.layout import MapOptions
from ttt_maps.draw.scene import Box, Group, Line, Mark, Scene, Text
from ttt_maps.draw.themes import dark_variant
from ttt_maps.errors import UsageError
from ttt_maps.game.position import Position, other
from ttt_maps.trees.strategy import Strategy, build_strategy

NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


@cache
def strategy(player: str, policy: str = "yorgey") -> Strategy:
    return build_strategy(player, policy)


@cache
def scene(player: str, policy: str = "yorgey") -> Scene:
    return map_scene(strategy(player, policy))


@cache
def svg(player: str, policy: str = "yorgey") -> str:
    return scene_to_svg(scene(player, policy))


class Doc:
    """A parsed SVG with the lookups the tests need."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.root = ET.fromstring(text)
        self.parent = {child: el for el in self.root.iter() for child in el}
        self.ids = {el.get("id"): el for el in self.root.iter() if el.get("id")}
        self.prefix = self.root.get("id") or ""
        self.defs = self.root.find(f"{NS}defs")
        assert self.defs is not None
        self.in_defs = set(self.defs.iter())
        self.css = self.defs.findtext(f"{NS}style") or ""
        self.rules = self._rules()

    def drawn(self, tag: str) -> Iterator[ET.Element]:
        """Elements of ``tag`` outside ``<defs>``, in document order."""
        return (el for el in self.root.iter(f"{NS}{tag}") if el not in self.in_defs)

    def classes(self, el: ET.Element) -> list[str]:
        return (el.get("class") or "").split()

    def boards(self) -> list[ET.Element]:
        return [g for g in self.drawn("g") if "ttt-board" in self.classes(g)]

    def board_of(self, el: ET.Element) -> ET.Element | None:
        """The nearest enclosing board group."""
        node = self.parent.get(el)
        while node is not None and "ttt-board" not in self.classes(node):
            node = self.parent.get(node)
        return node

    def with_class(self, cls: str) -> list[ET.Element]:
        return [el for el in self.root.iter() if cls in self.classes(el) and el not in self.in_defs]

    def href(self, el: ET.Element) -> ET.Element:
        ref = el.get("href") or el.get(XLINK) or ""
        assert ref.startswith("#"), ref
        return self.ids[ref[1:]]

    def translate(self, el: ET.Element) -> tuple[float, float]:
        """The translation of the plain group holding ``el`` (boards are never moved)."""
        move = self.parent[el].get("transform")
        if move is None:
            return 0.0, 0.0
        m = re.fullmatch(r"translate\((\S+?)[ ,]?(-?[\d.]+)\)", move)
        assert m, move
        return float(m[1]), float(m[2])

    def _rules(self) -> dict[str, dict[str, str]]:
        """The style sheet's rules outside ``@media``, selector -> properties."""
        top = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", self.css)
        out: dict[str, dict[str, str]] = {}
        for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", top):
            props = dict(p.split(":", 1) for p in body.split(";") if p.strip())
            for sel in selectors.split(","):
                out.setdefault(sel.strip(), {}).update(props)
        return out

    def grids(self) -> list[ET.Element]:
        """Every drawn grid: a ``path.ttt-grid``, or a ``<use>`` of one in ``<defs>``."""
        return [
            el
            for el in self.root.iter()
            if el not in self.in_defs
            and (
                (el.tag == f"{NS}path" and "ttt-grid" in self.classes(el))
                or (el.tag == f"{NS}use" and "ttt-grid" in self.classes(self.href(el)))
            )
        ]

    def stroke_width(self, el: ET.Element, target: str) -> float:
        """Inline stroke width, the referenced path's, or the rule for the level of the board."""
        if el.get("stroke-width"):
            return float(el.get("stroke-width") or 0)
        if el.tag == f"{NS}use" and self.href(el).get("stroke-width"):
            return float(self.href(el).get("stroke-width") or 0)
        board = self.board_of(el)
        assert board is not None
        level = next(c for c in self.classes(board) if c.startswith("ttt-level-"))
        step = ">" if self.parent[el] is board else ">g>"
        return float(self.rules[f"#{self.prefix} .{level}{step}{target}"]["stroke-width"])

    def mark_boxes(self) -> list[tuple[str, str, float, float, float, float, float]]:
        """Every drawn mark: symbol, role, x, y, w, h on the map and stroke width in map units."""
        return [facts for _, facts in self.marks()]

    def marks(self) -> list[tuple[ET.Element, tuple[str, str, float, float, float, float, float]]]:
        """Every mark a drawn ``<use>`` shows, with what ``mark_boxes`` says of it.

        A ``<use>`` shows a unit glyph of ``<defs>`` placed by its transform,
        a positioned ``<use>`` of one, or a ``<g>`` of such (marks that sibling
        boards share); the glyphs inherit the stroke width of the drawn ``<use>``.
        """
        out = []
        for use in self.drawn("use"):
            role = next(
                (c[4:] for c in self.classes(use) if c in ("ttt-chosen", "ttt-final", "ttt-alt")),
                "played",
            )
            glyphs = list(self.glyphs(use, (1.0, 1.0, *self.translate(use))))
            if not glyphs:
                continue  # a grid or a win line
            unit_stroke = self.stroke_width(use, "use")
            for glyph, (sx, sy, tx, ty) in glyphs:
                symbol = "x" if "ttt-x" in self.classes(glyph) else "o"
                out.append((use, (symbol, role, tx, ty, sx, sy, unit_stroke * sx)))
        return out

    def glyphs(
        self, el: ET.Element, at: tuple[float, float, float, float]
    ) -> Iterator[tuple[ET.Element, tuple[float, float, float, float]]]:
        """The unit glyphs ``el`` draws, each with its scale and offset (sx, sy, tx, ty)."""
        sx, sy, tx, ty = at
        if el.tag == f"{NS}use":
            tx, ty = tx + sx * float(el.get("x", 0)), ty + sy * float(el.get("y", 0))
            move = el.get("transform")
            if move:
                m = re.fullmatch(r"matrix\((\S+) 0 0 (\S+) (\S+?) ?(-?[\d.]+)\)", move)
                assert m, move
                a, d, e, f = (float(v) for v in m.groups())
                tx, ty, sx, sy = tx + sx * e, ty + sy * f, sx * a, sy * d
            yield from self.glyphs(self.href(el), (sx, sy, tx, ty))
        elif el.tag == f"{NS}g":
            for child in el:
                yield from self.glyphs(child, (sx, sy, tx, ty))
        elif "ttt-mark" in self.classes(el):
            yield el, (sx, sy, tx, ty)

    def segments(self, el: ET.Element) -> list[tuple[tuple[float, float], ...]]:
        """The polylines of a path (or of the path a ``<use>`` shows), on the map."""
        d = (self.href(el) if el.tag == f"{NS}use" else el).get("d", "")
        dx, dy = self.translate(el)
        lines: list[list[tuple[float, float]]] = []
        x = y = 0.0
        for cmd, args in re.findall(r"([MmLlHhVv])([^MmLlHhVv]*)", d):
            nums = [float(v) for v in re.findall(r"-?(?:\d+\.?\d*|\.\d+)", args)]
            if cmd in "Mm":
                x, y = (x + nums[0], y + nums[1]) if cmd == "m" else (nums[0], nums[1])
                lines.append([(x, y)])
                continue
            if cmd in "Ll":
                x, y = (x + nums[0], y + nums[1]) if cmd == "l" else (nums[0], nums[1])
            elif cmd in "Hh":
                x = x + nums[0] if cmd == "h" else nums[0]
            else:
                y = y + nums[0] if cmd == "v" else nums[0]
            lines[-1].append((x, y))
        return [tuple((px + dx, py + dy) for px, py in line) for line in lines]


@cache
def doc(player: str, policy: str = "yorgey") -> Doc:
    return Doc(svg(player, policy))


def close(a: float, b: float, tol: float = 0.011) -> bool:
    return abs(a - b) <= tol


def same_points(
    drawn: tuple[tuple[float, float], ...], points: tuple[tuple[float, float], ...]
) -> bool:
    return len(drawn) == len(points) and all(
        close(a[0], b[0]) and close(a[1], b[1]) for a, b in zip(drawn, points, strict=True)
    )


# -- the document -------------------------------------------------------------


def test_title_first_then_desc_and_accessible_name() -> None:
    d = doc("x")
    children = list(d.root)
    assert children[0].tag == f"{NS}title" and children[1].tag == f"{NS}desc"
    assert children[0].text == scene("x").title
    assert children[1].text == scene("x").desc
    assert d.root.get("role") == "graphics-document"
    labels = (d.root.get("aria-labelledby") or "").split()
    assert labels == [children[0].get("id"), children[1].get("id")]
    assert d.root.get("viewBox") == "0 0 1070 1070"
    assert d.root.get("width") is None and d.root.get("height") is None


def test_width_and_height_only_when_given() -> None:
    root = ET.fromstring(scene_to_svg(scene("x"), width="100%", height="800px"))
    assert root.get("width") == "100%" and root.get("height") == "800px"
    assert root.get("viewBox") == "0 0 1070 1070"


def test_marks_are_unit_glyphs_drawn_with_use() -> None:
    """Marks are plain shapes in <defs>, placed by transforms: no <symbol>, no
    viewport that a renderer could clip, and every reference an ``xlink:href``
    (which every renderer reads; Inkscape 1.2 ignores a plain ``href``)."""
    d = doc("o")
    assert not list(d.root.iter(f"{NS}symbol")) and "overflow" not in d.text
    glyphs = {el.get("id"): el for el in d.defs if "ttt-mark" in d.classes(el)}
    assert set(glyphs) == {f"{d.prefix}-x", f"{d.prefix}-o"}
    x, o = glyphs[f"{d.prefix}-x"], glyphs[f"{d.prefix}-o"]
    assert x.tag == f"{NS}path" and o.tag == f"{NS}circle"
    assert (o.get("cx"), o.get("cy"), o.get("r")) == (".5", ".5", ".5")
    for glyph in (x, o):  # what style rules may not reach inside a <use> travels with it
        assert glyph.get("fill") == "none"
    assert x.get("stroke-linecap") == "round"
    uses = list(d.root.iter(f"{NS}use"))
    assert uses and all(u.get(XLINK) and u.get("href") is None for u in uses)
    assert len(d.mark_boxes()) == sum(isinstance(i, Mark) for i in scene("o").walk())


def test_sibling_boards_share_their_earlier_marks() -> None:
    """Sub-maps of one board draw the marks they have in common from one <g> in <defs>."""
    d = doc("o")
    shared = [g for g in d.defs if g.tag == f"{NS}g"]
    assert len(shared) > 100
    for g in shared:
        assert len(g) >= 2 and all(u.tag == f"{NS}use" and not u.get("class") for u in g)
        assert all(u.get("stroke-width") is None for u in g)  # the drawing <use>'s width
    drawn = Counter(u.get(XLINK) for u in d.drawn("use") if d.href(u).tag == f"{NS}g")
    assert all(n >= 2 for n in drawn.values()) and len(drawn) == len(shared)


# -- boards and moves -----------------------------------------------------------


@pytest.mark.parametrize("player", ["x", "o"])
def test_board_groups_nest_as_the_scene_nests(player: str) -> None:
    d = doc(player)

    def scene_tree(g: Group) -> tuple[str, tuple[object, ...]]:
        kids = tuple(scene_tree(i) for i in g.items if isinstance(i, Group))
        return (g.board or "", kids)

    def svg_tree(g: ET.Element) -> tuple[str, tuple[object, ...]]:
        kids = tuple(svg_tree(k) for k in g if "ttt-board" in d.classes(k))
        return (g.get("data-board") or "", kids)

    top = [i for i in scene(player).items if isinstance(i, Group)]
    boards = d.boards()
    assert len(boards) == len(scene(player).boards()) == strategy(player).facts.boards
    assert svg_tree(boards[0]) == scene_tree(top[0])
    for g, sg in zip(boards, scene(player).boards(), strict=True):
        assert d.classes(g) == list(sg.classes)
        assert f"ttt-level-{sg.level}" in d.classes(g)


@pytest.mark.parametrize(
    ("player", "chosen", "wins", "finals"), [("x", 91, 71, 0), ("o", 768, 386, 183)]
)
def test_counts_under_yorgey(player: str, chosen: int, wins: int, finals: int) -> None:
    d = doc(player)
    assert len(d.with_class("ttt-chosen")) == chosen
    assert len(d.with_class("ttt-win")) == wins
    assert len(d.with_class("ttt-final")) == finals


@pytest.mark.parametrize("player", ["x", "o"])
def test_chosen_marks_are_the_tree_choices(player: str) -> None:
    d = doc(player)
    drawn = Counter(
        ((d.board_of(m) or d.root).get("data-board"), int(m.get("data-cell", -1)))
        for m in d.with_class("ttt-chosen")
    )
    tree = Counter(
        (str(node.board), node.move) for node in strategy(player).root.walk() if node.chooses
    )
    assert drawn == tree
    moves = strategy(player).moves()
    for board, cell in drawn:
        assert moves[Position.parse(board or "")] == cell


@pytest.mark.parametrize("player", ["x", "o"])
def test_every_nested_board_follows_from_its_parent(player: str) -> None:
    d = doc(player)
    me, them = player, other(player)
    for g in d.boards():
        board = Position.parse(g.get("data-board") or "")  # legal, or it raises
        parent = d.board_of(g)
        if parent is None:
            continue
        before = parent.get("data-board") or ""
        chosen = [
            m for m in parent.iter() if "ttt-chosen" in d.classes(m) and d.board_of(m) is parent
        ]
        diff = {
            i: (a, b) for i, (a, b) in enumerate(zip(before, str(board), strict=True)) if a != b
        }
        assert all(a == "." for a, _ in diff.values())
        if chosen:  # the player's move, then one reply
            cell = int(chosen[0].get("data-cell", -1))
            assert diff.pop(cell) == (".", me)
        assert list(diff.values()) == [(".", them)]
        assert board.to_move == me


@pytest.mark.parametrize("player", ["x", "o"])
def test_marks_sit_where_the_scene_puts_them(player: str) -> None:
    # Sibling boards draw their shared marks first: compare in reading order.
    marks = sorted(
        (i for i in scene(player).walk() if isinstance(i, Mark)),
        key=lambda m: (round(m.box.y, 1), round(m.box.x, 1), m.box.w),
    )
    drawn = sorted(doc(player).mark_boxes(), key=lambda f: (round(f[3], 1), round(f[2], 1), f[4]))
    assert len(drawn) == len(marks)
    for m, (symbol, role, x, y, w, h, stroke) in zip(marks, drawn, strict=True):
        assert (symbol, role) == (m.symbol, m.role)
        b = m.box
        assert close(x, b.x) and close(y, b.y) and close(w, b.w) and close(h, b.h), (m, x, y, w)
        assert stroke == pytest.approx(m.width, rel=0.01)


def test_final_marks_fill_their_cell() -> None:
    """O map: a reply that ends the game is a black mark as large as the red one beside it."""
    d = doc("o")
    sizes: dict[tuple[int, str], set[float]] = {}
    for use, (_, role, *_pos, w, _h, _s) in d.marks():
        sizes.setdefault((id(d.board_of(use)), role), set()).add(round(w, 2))
    finals = [(board, w) for (board, role), w in sizes.items() if role == "final"]
    assert len(finals) > 0
    for board, w in finals:
        assert w == sizes[board, "chosen"]


@pytest.mark.parametrize("player", ["x", "o"])
def test_lines_sit_where_the_scene_puts_them(player: str) -> None:
    d = doc(player)
    wins = [i for i in scene(player).walk() if isinstance(i, Line) and i.role == "win"]
    drawn = d.with_class("ttt-win")
    assert len(drawn) == len(wins)
    for line, el in zip(wins, drawn, strict=True):
        (seg,) = d.segments(el)
        assert same_points(seg, line.points)
        assert d.stroke_width(el, ".ttt-win") == pytest.approx(line.width, rel=0.01)
    grids = d.grids()
    assert len(grids) == len(scene(player).boards())
    for g, board in zip(grids, scene(player).boards(), strict=True):
        lines = [i for i in board.items if isinstance(i, Line) and i.role == "grid"]
        segs = d.segments(g)
        assert len(segs) == len(lines)
        for seg, line in zip(segs, lines, strict=True):
            assert same_points(seg, line.points)
        assert d.stroke_width(g, ".ttt-grid") == pytest.approx(lines[0].width, rel=0.01)


def test_alternatives_and_outcomes() -> None:
    s = map_scene(strategy("x", "default"), MapOptions(alternatives=True, outcomes=True))
    d = Doc(scene_to_svg(s))
    alts = d.with_class("ttt-alt")
    assert len(alts) == sum(isinstance(i, Mark) and i.role == "alt" for i in s.walk()) > 0
    assert all(a.get("data-cell", "").isdigit() for a in alts)
    tints = Counter(c for r in d.drawn("rect") for c in d.classes(r) if c.startswith("ttt-tint-"))
    assert tints["ttt-tint-win"] > 0 and tints["ttt-tint-draw"] > 0
    outcome = Counter(c for g in d.boards() for c in d.classes(g) if c.startswith("ttt-outcome-"))
    assert outcome["ttt-outcome-win"] == tints["ttt-tint-win"]


def test_finished_root_and_cut_depth() -> None:
    done = map_scene(build_strategy("x", "yorgey", "xxxoo...."))
    d = Doc(scene_to_svg(done))
    assert [g.get("data-board") for g in d.boards()] == ["xxxoo...."]
    assert len(d.with_class("ttt-win")) == 1 and not d.with_class("ttt-chosen")
    cut = Doc(scene_to_svg(map_scene(strategy("x"), MapOptions(depth=1))))
    assert {c for g in cut.boards() for c in cut.classes(g) if "level" in c} == {
        "ttt-level-0",
        "ttt-level-1",
    }


def test_plain_groups_and_text() -> None:
    board = map_scene(strategy("x")).items[0]
    assert isinstance(board, Group)
    block = Group(
        Box(0, 0, 1070, 1200),
        (Text(535, 1150, "Map for X", 40, "heading", bold=True), board),
        classes=("ttt-block",),
    )
    d = Doc(scene_to_svg(Scene(1070, 1200, (block,))))
    plain = [g for g in d.drawn("g") if d.classes(g) == ["ttt-block"]]
    assert len(plain) == 1 and plain[0].get("data-board") is None
    (text,) = d.drawn("text")
    assert text.text == "Map for X" and text.get("text-anchor") == "middle"
    assert text.get("font-weight") == "bold" and "ttt-heading" in d.classes(text)
    assert "font-family:'DejaVu Sans'" in d.css
    assert len(d.boards()) == 91


# -- ids, style, references ---------------------------------------------------


@pytest.mark.parametrize("player", ["x", "o"])
def test_ids_are_prefixed_unique_and_resolve(player: str) -> None:
    d, text = doc(player), svg(player)
    ids = re.findall(r'\sid="([^"]*)"', text)
    assert len(ids) == len(set(ids)) == len(d.ids)
    assert re.fullmatch(r"t[0-9a-f]{5}", d.prefix)
    assert all(i == d.prefix or i.startswith(d.prefix + "-") for i in ids)
    for el in d.root.iter():
        if el.get("href") or el.get(XLINK):
            d.href(el)  # resolves


def test_explicit_prefix_and_bad_prefix() -> None:
    text = scene_to_svg(scene("x"), id_prefix="mapA")
    d = Doc(text)
    assert d.prefix == "mapA" and all(i.startswith("mapA") for i in d.ids)
    assert "\x00" not in text
    with pytest.raises(UsageError, match=r"^id_prefix='1 bad': must start with a letter"):
        ttt_maps.render(ttt_maps.strategy("x", depth=0), id_prefix="1 bad")


def test_default_prefix_follows_the_content() -> None:
    blue = scene("x").theme.replace(chosen="#0000ff")
    prefixes = {
        doc("x").prefix,
        doc("o").prefix,
        Doc(scene_to_svg(scene("x").replace(theme=blue))).prefix,
    }
    assert len(prefixes) == 3


@pytest.mark.parametrize("player", ["x", "o"])
def test_style_is_scoped_to_the_map(player: str) -> None:
    d = doc(player)
    assert len(list(d.root.iter(f"{NS}style"))) == 1
    selectors = [
        s.strip() for sel in re.findall(r"([^{}]+)\{[^{}]*\}", d.css) for s in sel.split(",")
    ]
    assert selectors
    assert all(s == f"#{d.prefix}" or s.startswith(f"#{d.prefix} ") for s in selectors)
    for cls in ("ttt-board", "ttt-mark", "ttt-chosen", "ttt-grid", "ttt-win", "ttt-level-1"):
        assert f".{cls}" in d.css
    assert scene(player).theme.chosen in d.css


def test_shared_grids_take_the_grid_colour_from_their_board() -> None:
    """Grid <use>s have no class: their path strokes in ``currentColor``, the
    ``color`` that the board passes on to whatever it draws.

    Browsers match style rules against a <use>'s clone in its shadow tree, out
    of the ``#prefix`` scope, but every renderer passes ``color`` on.
    """
    d = doc("o")
    shared = [g for g in d.grids() if g.tag == f"{NS}use"]
    assert len(shared) > 700 and all(g.get("class") is None for g in shared)
    for target in {d.href(g) for g in shared}:
        assert "ttt-grid" in d.classes(target) and target.get("stroke-width")
        assert target.get("stroke") == "currentColor"
    theme = scene("o").theme
    assert d.rules[f"#{d.prefix} .ttt-board"]["color"] == theme.grid
    assert d.rules[f"#{d.prefix} .ttt-grid"]["stroke"] == theme.grid


def test_no_external_references() -> None:
    text = svg("o")
    without_namespaces = re.sub(r'xmlns(:\w+)?="[^"]*"', "", text)
    assert "http" not in without_namespaces
    assert "url(" not in text and "@import" not in text and "<image" not in text


def test_renders_are_identical() -> None:
    assert scene_to_svg(scene("o")) == svg("o")
    assert scene_to_svg(scene("x"), id_prefix="p") == scene_to_svg(scene("x"), id_prefix="p")


def test_text_is_escaped() -> None:
    title = "Map <X> & \"friends\" 'quoted'\x01"
    text = scene_to_svg(scene("x").replace(title=title, desc="a < b & c"))
    root = ET.fromstring(text)
    assert root.findtext(f"{NS}title") == title.replace("\x01", "")
    assert root.findtext(f"{NS}desc") == "a < b & c"
    labels = Scene(100, 100, (Text(50, 50, '<b>&amp;"', 10, "title"),))
    (t,) = ET.fromstring(scene_to_svg(labels)).iter(f"{NS}text")
    assert t.text == '<b>&amp;"'


def test_numbers_are_compact() -> None:
    text = svg("o")
    body = text[text.index("</style>") :]
    widths = re.findall(r'stroke-width="([^"]*)"', body)
    body = re.sub(r'stroke-width="[^"]*"', "", body)
    numbers = re.findall(r"-?\d*\.\d+", body)
    assert numbers
    assert all(len(n.split(".")[1]) <= 2 for n in numbers)
    assert not re.search(r"\d\.0*[\s\"]|\.\d*0[\s\"]", body)  # no trailing zeros
    style_numbers = re.findall(r"stroke-width:(-?[\d.]+)", doc("o").css)
    assert style_numbers and widths
    assert all(len(n.partition(".")[2]) <= 3 for n in style_numbers + widths)
    assert not any(n.endswith("0") and "." in n for n in style_numbers + widths)


# -- light or dark ------------------------------------------------------------


@pytest.mark.parametrize("theme", ["light", "dark", "print", "xkcd"])
def test_a_theme_is_what_was_asked_for(theme: str) -> None:
    """No dark-mode block unless asked: on a light page a dark reader sees the light map.
    A dark map only drops its background on a page that is dark too."""
    drawn = map_scene(strategy("x"), theme=theme)
    d = Doc(scene_to_svg(drawn))
    switched = [r for r in re.findall(r"[^{}]*\{[^{}]*\}", d.css) if "data-" in r]
    if theme == "dark":
        assert switched and all(r.endswith(".ttt-background{fill:none}") for r in switched)
        assert not any(w in r for r in switched for w in ('="light"', '"default"', '"true"'))
    else:
        assert "@media" not in d.css and not switched
    assert d.rules[f"#{d.prefix} .ttt-chosen"]["stroke"] == drawn.theme.chosen


def test_auto_follows_the_reader_and_the_docs_theme() -> None:
    """``auto``: light colours by default, dark ones under ``prefers-color-scheme: dark``
    and under the dark switch of furo (``body``), pydata-sphinx-theme (``html``) and
    MkDocs' Material (``slate``); their light switch keeps the map light on a dark system.
    The reader's system decides only where nothing else does: the SVG on its own, a
    furo page on "auto", a viewer; inside a page the map has no background of its own."""
    d = Doc(scene_to_svg(map_scene(strategy("x"), theme="auto")))
    light, dark = map_scene(strategy("x")).theme, dark_variant(map_scene(strategy("x")).theme)
    p = d.prefix
    assert d.rules[f"#{p} .ttt-chosen"]["stroke"] == light.chosen
    media = re.search(r"@media \(prefers-color-scheme:dark\)\{(.*?)\n\}", d.css, re.S)
    assert media
    rules = re.findall(r"([^{}]*)\{([^{}]*)\}", media[1])
    in_media = {k.strip(): v for k, v in rules}
    chosen = next(v for k, v in in_media.items() if k.endswith(".ttt-chosen"))
    assert chosen == f"stroke:{dark.chosen}"
    system = (":root", 'body[data-theme="auto"] ', 'html[data-ttt-scheme="auto"] ')
    for where in (f"{a}#{p}" for a in system):
        assert f"{where} .ttt-chosen" in next(k for k in in_media if k.endswith(".ttt-chosen"))
    assert f"html #{p} .ttt-chosen" not in d.css  # a plain page (Alabaster) stays light
    assert in_media[f":root#{p} .ttt-background"] == f"fill:{dark.background}"
    assert d.rules[f"html #{p} .ttt-background"]["fill"] == "none"
    for page, colours, material, jupyter in (
        ("light", light, "default", "true"),
        ("dark", dark, "slate", "false"),
    ):
        for switch in (
            f'body[data-theme="{page}"] #{p}',
            f'html[data-theme="{page}"] #{p}',
            f'[data-md-color-scheme="{material}"] #{p}',
            f'body[data-jp-theme-light="{jupyter}"] #{p}',
        ):
            assert d.rules[f"{switch} .ttt-chosen"]["stroke"] == colours.chosen
            assert f"{switch} .ttt-background" not in d.rules
            assert d.rules[f"{switch} .ttt-board"]["color"] == colours.grid
