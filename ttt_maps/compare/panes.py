"""Linked viewers for ``compare -o cmp.html``: each map in a viewer pane, zooming together.

This is the game-aware half: the maps, the board's symmetries and their
names, how a note names each cell, and how each pane starts turned (as the
side-by-side picture turns it, ``compare.turns``). ``backends/linked.py``
writes the page.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttt_maps.backends.html import PANE_PARTS, scene_to_html
from ttt_maps.backends.linked import Pane, linked_html
from ttt_maps.backends.words import LINKED, said
from ttt_maps.compare.differences import Comparison
from ttt_maps.compare.summary import compared
from ttt_maps.compare.turns import best_turn, symmetry_name
from ttt_maps.draw.compose import map_scene
from ttt_maps.draw.layout import MapOptions, layout_map
from ttt_maps.draw.scene import Group, Scene
from ttt_maps.draw.themes import Theme, get_theme
from ttt_maps.game.cell_names import cell_to
from ttt_maps.game.geometry import Geometry
from ttt_maps.language import N_, current, tr, tr_n
from ttt_maps.trees.strategy import Strategy

HINT = N_(
    "Click where the opponent went in any map: the others zoom to the same position, "
    "turned to match, and say where they part ways. Esc zooms out."
)


def cell_phrases(geometry: Geometry) -> list[str]:
    """Each cell as a note names a move there: ``the top-left corner``, ``the centre``,
    ``the top edge`` on 3x3; ``the cell in row 2, column 3`` elsewhere (the form of a cell a
    move goes to: ``game.cell_names.cell_to``)."""
    return [cell_to(geometry, cell) for cell in range(geometry.size)]


def linked_page(
    strategies: Sequence[Strategy],
    *,
    labels: Sequence[str] | None = None,
    theme: Theme | str = "light",
    comparisons: Sequence[Comparison] | None = None,
    opts: MapOptions | None = None,
) -> str:
    """One HTML page with a viewer per map, side by side, that follow one another's zoom.

    ``opts`` is how each map is drawn (as for ``render``)."""
    names, found = compared(strategies, labels, comparisons)
    chosen = get_theme(theme)
    first = strategies[0]
    g, who = first.geometry, first.player.upper()
    perms = list(g.symmetries)
    panes = []
    for i, (name, s) in enumerate(zip(names, strategies, strict=True)):
        page = scene_to_html(_pane_scene(s, opts, chosen), parts=PANE_PARTS)
        if i == 0:
            label = tr("Map for {player} under {policy} (the reference)", player=who, policy=name)
        else:
            label = tr_n(
                "Map for {player} under {policy} ({n} position differs)",
                "Map for {player} under {policy} ({n} positions differ)",
                len(found[i - 1].keys),
                player=who,
                policy=name,
            )
        panes.append(Pane(name, s.policy.name, label, page))
    start = [0] + [perms.index(best_turn(first, s)) for s in strategies[1:]]
    link = {
        "perms": [list(p) for p in perms],
        "turns": [symmetry_name(g, p) for p in perms],
        "cells": cell_phrases(g),
        "names": list(names),
        "player": first.player,
        "start": start,
        "words": said(LINKED),
    }
    title = tr(
        "Which optimal move? The maps for {player} under {n} policies, linked",
        player=who,
        n=len(strategies),
    )
    return linked_html(panes, title=title, hint=tr(HINT), theme=chosen, link=link, lang=current())


def _pane_scene(strategy: Strategy, opts: MapOptions | None, theme: Theme) -> Scene:
    """One pane's map. With reasons, each board's carries its template too
    (``data-why``), so a pane the page turns says the cells as drawn (``why.js``)."""
    if opts is None or not opts.explain:
        return map_scene(strategy, opts, theme=theme)
    noted = strategy.noted(opts.alternatives, opts.outcomes, opts.explain)
    templates = {str(n.board): n.why for n in noted.root.walk() if n.why}
    laid = _with_templates(layout_map(noted, None, opts), templates)
    return map_scene(noted, opts, theme=theme, laid=laid)


def _with_templates(group: Group, templates: dict[str, str]) -> Group:
    """``group`` with each board that has a reason carrying its template as data."""
    items = tuple(
        _with_templates(item, templates) if isinstance(item, Group) else item
        for item in group.items
    )
    data = group.data
    template = templates.get(group.board or "") if group.title else None
    if template is not None and template != group.title:
        data += (("why", template),)
    return Group(
        group.box, items, group.board, group.level, group.path, group.classes, data,
        group.title, group.label,
    )  # fmt: skip
