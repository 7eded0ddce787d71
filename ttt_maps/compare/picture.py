"""Tie-break policies side by side, drawn: the maps with their differences marked,
and a pixel difference of two maps.

The trees and where they differ come from ``ttt_maps.compare.table``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttt_maps.compare.table import check_same, differing, labels_for
from ttt_maps.draw.compose import map_scene
from ttt_maps.draw.layout import MAP_SIZE, MapOptions, layout_map, map_box
from ttt_maps.draw.scene import (
    Box,
    Group,
    Item,
    Rect,
    Scene,
    Text,
    Theme,
    check_text,
    get_theme,
)
from ttt_maps.game.board import Board
from ttt_maps.strategies.tree import Strategy

#: Width of each map in the difference image, in pixels.
DIFF_WIDTH_PX = 1200
#: Colour of a pixel that differs between the two maps in the difference image.
DIFF_COLOUR = (255, 0, 255)

# -- the image ---------------------------------------------------------------

_MARGIN = MAP_SIZE * 0.06
_GAP = MAP_SIZE * 0.12
_TITLE = 64.0
_HEADING = 46.0
_CHAIN = 28.0
_LEGEND = 30.0
#: Ring around a highlighted board nested in a highlighted board, share of its side.
_RING = 0.04


def compare_scene(
    strategies: Sequence[Strategy],
    *,
    theme: Theme | str = "light",
    opts: MapOptions | None = None,
    labels: Sequence[str] | None = None,
    title: str | None = None,
) -> Scene:
    """The maps side by side, each headed by its policy; differing boards highlighted.

    The first map is the reference and has no highlights. ``opts`` applies to
    every map (depth, alternatives, outcomes); its ``differs`` is replaced.
    """
    check_same(strategies)
    title = check_text(title, "title") if title else title
    names = labels_for(strategies, labels)
    base = opts or MapOptions()
    first = strategies[0]
    who = first.player.upper()
    n = len(strategies)
    width = 2 * _MARGIN + n * MAP_SIZE + (n - 1) * _GAP
    top = _MARGIN + _TITLE
    heads = top + _TITLE * 0.55 + _HEADING
    map_y = heads + _CHAIN * 1.9
    items: list[Item] = []
    root = "" if first.root.board == Board.empty(first.geometry) else f" from {first.root.board}"
    text = title or f"Which optimal move? The map for {who}{root} under {n} tie-break policies"
    room = width - 2 * _MARGIN
    items.append(
        Text(width / 2, top, text, _fit(text, _TITLE, room, bold=True), "title", bold=True)
    )
    for i, (name, s) in enumerate(zip(names, strategies, strict=True)):
        x = _MARGIN + i * (MAP_SIZE + _GAP)
        keys = frozenset(b.key for b in differing(first, s)) if i else frozenset()
        cx = x + MAP_SIZE / 2
        items.append(
            Text(cx, heads, name, _fit(name, _HEADING, MAP_SIZE, bold=True), "heading", bold=True)
        )
        note = s.policy.name
        if i:
            count = len(keys)
            note += f" · {count} position{'s' * (count != 1)} differ{'s' * (count == 1)}"
        else:
            note += " · the reference"
        items.append(Text(cx, heads + _CHAIN * 1.3, note, _fit(note, _CHAIN, MAP_SIZE), "subtitle"))
        box = map_box(first.geometry, x, map_y)
        items.append(_ring_nested(layout_map(s, box, base._replace(differs=keys)), False))
    legend_y = map_y + box.h + _MARGIN * 0.9
    swatch = Box(_MARGIN, legend_y - _LEGEND * 0.85, _LEGEND * 1.6, _LEGEND)
    items.append(Rect(swatch, "differs", radius=_LEGEND * 0.15))
    legend = f"highlighted: {who} chooses another move here than under {names[0]}"
    x = swatch.x + swatch.w + _LEGEND * 0.5
    items.append(
        Text(
            x,
            legend_y,
            legend,
            _fit(legend, _LEGEND, width - _MARGIN - x),
            "legend",
            anchor="start",
        )
    )
    height = legend_y + _MARGIN * 0.8
    desc = "; ".join(
        f"{name} ({s.policy.name}): {s.facts.choices} positions where {who} chooses"
        for name, s in zip(names, strategies, strict=True)
    )
    return Scene(
        width=width,
        height=height,
        items=tuple(items),
        theme=get_theme(theme),
        title=text,
        desc=f"Maps of optimal tic-tac-toe moves for {who} side by side. {desc}. "
        f"Boards where the move differs from {names[0]} are highlighted.",
        meta={"player": first.player, "policy": " | ".join(s.policy.name for s in strategies)},
    )


def _fit(text: str, size: float, room: float, bold: bool = False) -> float:
    """The font size, at most ``size``, at which ``text`` fits in ``room`` (estimated)."""
    per_char = 0.62 if bold else 0.56
    return min(size, room / max(1.0, per_char * len(text)))


def _ring_nested(group: Group, inside: bool) -> Group:
    """Give a highlighted board inside a highlighted board a ring of background colour.

    Without it, a board that differs inside one that also differs would
    vanish into its parent's tint.
    """
    differs = "ttt-differs" in group.classes
    items: list[Item] = []
    for item in group.items:
        if isinstance(item, Group):
            items.append(_ring_nested(item, inside or differs))
        elif inside and isinstance(item, Rect) and item.role == "differs" and item.box == group.box:
            items.append(Rect(item.box, "background"))
            items.append(Rect(item.box.inset(item.box.w * _RING), "differs"))
        else:
            items.append(item)
    g = group
    return Group(g.box, tuple(items), g.board, g.level, g.path, g.classes, g.data)


# -- the difference image ----------------------------------------------------


def diff_png(
    first: Strategy,
    second: Strategy,
    *,
    opts: MapOptions | None = None,
    theme: Theme | str = "light",
    width_px: int = DIFF_WIDTH_PX,
) -> tuple[bytes, int]:
    """A PNG of the first map greyed out with the pixels that differ in magenta.

    Both maps are drawn as PNGs of the same size; returns the image and the
    number of marked pixels (zero when the maps are identical).
    """
    import io

    from PIL import Image, ImageChops

    from ttt_maps.backends.cairo import scene_to_png

    base = (opts or MapOptions())._replace(differs=frozenset())
    images = []
    for s in (first, second):
        png = scene_to_png(map_scene(s, base, theme), width_px=width_px)
        images.append(Image.open(io.BytesIO(png)).convert("RGB"))
    a, b = images
    if a.size != b.size:  # pragma: no cover - both scenes have the same size
        b = b.resize(a.size)
    mask = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    grey = a.convert("L").point(lambda v: 165 + v * 90 // 255).convert("RGB")
    out = Image.composite(Image.new("RGB", a.size, DIFF_COLOUR), grey, mask)
    marked = mask.histogram()[255]
    buf = io.BytesIO()
    out.save(buf, format="PNG", optimize=True)
    return buf.getvalue(), marked
