"""Tie-break policies side by side, drawn: the maps with their true differences tinted.

A board is tinted where its map plays differently from the reference map up
to rotation and reflection (``ttt_maps.compare.differences``): from there
on the maps face other positions, so the tint covers the sub-maps below it.
A map that is the reference turned or mirrored has no tint and says so.
Each map is drawn turned to line up with the reference as well as it can
(``ttt_maps.compare.turns``), and its heading says how it was turned.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttt_maps.compare.differences import Comparison
from ttt_maps.compare.summary import compared, differing
from ttt_maps.compare.turns import best_turn, symmetry_name, turned, turned_key
from ttt_maps.draw.layout import MAP_SIZE, MapOptions, layout_map, map_box
from ttt_maps.draw.scene import Box, Group, Item, Rect, Scene, Text, plain_text
from ttt_maps.draw.themes import Theme, get_theme
from ttt_maps.draw.titles import positions_words
from ttt_maps.draw.typeface import width, wrapped
from ttt_maps.game.position import Position
from ttt_maps.language import tr, tr_n
from ttt_maps.trees.strategy import Strategy

# -- the image ---------------------------------------------------------------

_MARGIN = MAP_SIZE * 0.06
_GAP = MAP_SIZE * 0.12
_TITLE = 64.0
_HEADING = 46.0
_CHAIN = 36.0
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
    comparisons: Sequence[Comparison] | None = None,
) -> Scene:
    """The maps side by side, each headed by its policy; true differences tinted.

    The first map is the reference and has no tint. ``opts`` applies to
    every map (depth, alternatives, outcomes); its ``differs`` is replaced.
    ``comparisons`` are ``compare_all(strategies)`` when the caller has them.
    """
    title = plain_text(title) if title else title
    theme = get_theme(theme)
    face = theme.typeface
    names, found = compared(strategies, labels, comparisons)
    base = opts or MapOptions()
    first = strategies[0]
    identity = first.geometry.symmetries[0]
    who = first.player.upper()
    n = len(strategies)
    width = 2 * _MARGIN + n * MAP_SIZE + (n - 1) * _GAP
    turns = [best_turn(first, s) if i else identity for i, s in enumerate(strategies)]
    notes = []
    for i, (s, turn) in enumerate(zip(strategies, turns, strict=True)):
        parts = [s.policy.name, _verdict(first, s, found[i - 1]) if i else tr("the reference")]
        if turn != identity:
            parts.append(tr("{turn} to match", turn=symmetry_name(s.geometry, turn)))
        notes.append(wrapped(parts, _CHAIN, MAP_SIZE, face, joint=" · "))
    rows = max(len(lines) for lines in notes)
    top = _MARGIN + _TITLE
    heads = top + _TITLE * 0.55 + _HEADING
    map_y = heads + _CHAIN * (1.9 + 1.25 * (rows - 1))
    items: list[Item] = []
    if title:
        text = title
    elif first.root.board == Position.empty(first.geometry):
        text = tr(
            "Which optimal move? The maps for {player} under {n} tie-break policies",
            player=who,
            n=n,
        )
    else:
        text = tr(
            "Which optimal move? The maps for {player} from {board} under {n} tie-break policies",
            player=who,
            board=first.root.board,
            n=n,
        )
    room = width - 2 * _MARGIN
    items.append(
        Text(width / 2, top, text, _fit(text, _TITLE, room, face, bold=True), "title", bold=True)
    )
    for i, (name, s) in enumerate(zip(names, strategies, strict=True)):
        x = _MARGIN + i * (MAP_SIZE + _GAP)
        turn = turns[i]
        tinted = found[i - 1].boards if i else frozenset()
        keys = frozenset(turned_key(s.geometry, k, turn) for k in tinted)
        cx = x + MAP_SIZE / 2
        items.append(
            Text(
                cx,
                heads,
                name,
                _fit(name, _HEADING, MAP_SIZE, face, bold=True),
                "heading",
                bold=True,
            )
        )
        for row, line in enumerate(notes[i]):
            y = heads + _CHAIN * (1.3 + 1.25 * row)
            items.append(Text(cx, y, line, _fit(line, _CHAIN, MAP_SIZE, face), "subtitle"))
        box = map_box(first.geometry, x, map_y)
        # Noted before it is turned: its reasons are its own moves', cells as drawn.
        drawn = turned(s.noted(base.alternatives, base.outcomes, base.explain), turn) if i else s
        items.append(_ring_nested(layout_map(drawn, box, base._replace(differs=keys)), False))
    legend_y = map_y + box.h + _MARGIN * 0.9
    swatch = Box(_MARGIN, legend_y - _LEGEND * 0.85, _LEGEND * 1.6, _LEGEND)
    items.append(Rect(swatch, "differs", radius=_LEGEND * 0.15))
    legend = tr(
        "tinted: {player} plays differently from here than under {policy}, not just turned "
        "or mirrored; the sub-maps inside follow from that move",
        player=who,
        policy=names[0],
    )
    x = swatch.x + swatch.w + _LEGEND * 0.5
    items.append(
        Text(
            x,
            legend_y,
            legend,
            _fit(legend, _LEGEND, width - _MARGIN - x, face),
            "legend",
            anchor="start",
        )
    )
    height = legend_y + _MARGIN * 0.8
    desc = "; ".join(
        tr(
            "{name} ({chain}): {positions}",
            name=name,
            chain=s.policy.name,
            positions=positions_words(s.facts.positions, who),
        )
        for name, s in zip(names, strategies, strict=True)
    )
    return Scene(
        width=width,
        height=height,
        items=tuple(items),
        theme=theme,
        title=text,
        desc=tr(
            "Maps of optimal tic-tac-toe moves for {player} side by side. {maps}. Tinted boards: "
            "from there on the map plays differently from {policy}, up to rotation and "
            "reflection.",
            player=who,
            maps=desc,
            policy=names[0],
        ),
        meta={"player": first.player, "policy": " | ".join(s.policy.name for s in strategies)},
    )


def _verdict(first: Strategy, other: Strategy, found: Comparison) -> str:
    """What a map's heading says of it against the reference."""
    count = len(found.keys)
    if count:
        return tr_n(
            "plays differently at {n} position", "plays differently at {n} positions", count
        )
    if differing(first, other):
        return tr("plays the same, up to rotation and reflection")
    return tr("plays the same")


def _fit(text: str, size: float, room: float, face: str, bold: bool = False) -> float:
    """The font size, at most ``size``, at which ``text`` set in ``face`` fits in ``room``
    (estimated from its length in DejaVu Sans, as these pictures always were; measured
    in another typeface)."""
    if face != "dejavu":
        return min(size, size * room / max(1.0, width(text, size, bold, face)))
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
    return Group(g.box, tuple(items), g.board, g.level, g.path, g.classes, g.data, g.title, g.label)
