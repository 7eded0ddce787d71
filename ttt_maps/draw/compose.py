"""Whole drawings: a map with its margin and title, and the poster of both maps.

The poster has X's map on the left, O's on the right, each under its heading; the title and
the instruction sentence above, a footer naming the policy below, and a
legend for the outcome tints when they are drawn. Sizes are in map units: a
map is ``MAP_SIZE`` wide and the type is set against it, so the poster keeps
its proportions at any page size. A map is as high as its board's shape
makes it; maps of a board much wider than high are stacked, X above O, so
the poster does not turn into a strip.
"""

from __future__ import annotations

from ttt_maps.draw.layout import MAP_SIZE, MapOptions, layout_map, map_box
from ttt_maps.draw.scene import (
    Box,
    Group,
    Item,
    Line,
    Mark,
    Rect,
    RectRole,
    Scene,
    Text,
    plain_text,
)
from ttt_maps.draw.themes import Theme, get_theme
from ttt_maps.draw.titles import (
    FOLDED,
    INSTRUCTION,
    Titles,
    describe,
    finishes_words,
    positions_words,
    rules_line,
    titled,
)
from ttt_maps.draw.typeface import fitted, width, wrapped
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Position
from ttt_maps.language import N_, and_list, tr
from ttt_maps.policy.chains import PRESETS, preset_chain
from ttt_maps.policy.policy import Policy
from ttt_maps.trees.strategy import Strategy

#: The poster's title.
HEADING = Titles(
    N_("Complete map of optimal tic-tac-toe moves"),
    N_("Complete map of optimal misère tic-tac-toe moves"),
    N_("Complete map of optimal tic-tac-toe moves on {board}"),
    N_("Complete map of optimal misère tic-tac-toe moves on {board}"),
)
#: A single map's title when none is given (its SVG ``<title>``).
MAP_TITLE = Titles(
    N_("Map for {player}: complete map of optimal tic-tac-toe moves"),
    N_("Map for {player}: complete map of optimal misère tic-tac-toe moves"),
    N_("Map for {player}: complete map of optimal tic-tac-toe moves on {board}"),
    N_("Map for {player}: complete map of optimal misère tic-tac-toe moves on {board}"),
)
#: A captioned map's heading (the rules are said in its instruction).
MAP_HEADING = Titles(
    N_("Map for {player}"),
    N_("Map for {player}"),
    N_("Map for {player} on {board}"),
    N_("Map for {player} on {board}"),
)

#: Outer margin, gap between the maps, and the type sizes, in map units.
MARGIN = 90.0
GAP = 150.0
TITLE_SIZE = 80.0
SUBTITLE_SIZE = 32.0
HEADING_SIZE = 46.0
FOOTER_SIZE = 22.0
SMALL_SIZE = 17.0
#: The instruction under a captioned single map's heading.
CAPTION_SIZE = 27.0
#: Maps flatter than this (height over width) are stacked instead of side by side.
STACK_BELOW = 0.6
#: DejaVu Sans proportions (em): cap height and descender.
CAP = 0.73
DESCENT = 0.24


def instruction(g: Geometry | None = None) -> str:
    """The comic's instruction as one sentence pair, and the rules when they are misère."""
    return " ".join(_instruction_lines(g))


def _instruction_lines(g: Geometry | None) -> tuple[str, ...]:
    rules = rules_line(g) if g is not None else ""
    said = tuple(tr(line) for line in INSTRUCTION)
    return (*said, rules) if rules else said


def heading_for(g: Geometry) -> str:
    """The poster's title: ``Complete map of optimal misère tic-tac-toe moves`` and the
    board where it is not 3x3."""
    return titled(g, HEADING)


def policy_label(policy: Policy) -> str:
    """A policy as a reader knows it: the preset's name with its chain, or the chain."""
    for name in PRESETS:
        chain = preset_chain(name, policy.geometry)
        if f"{chain},first" == policy.name or chain == policy.name:
            return f"{name} ({policy.name})"
    return policy.name


def map_scene(
    strategy: Strategy,
    opts: MapOptions | None = None,
    theme: Theme | str = "light",
    title: str | None = None,
    *,
    caption: bool = False,
    laid: Group | None = None,
) -> Scene:
    """A single map with a quiet margin around it, under its title when one is given.

    The title is set as the poster's is (bold, the same size), shrunk only
    when it would not fit the map's width. A folded map says under it how it
    is read. With ``caption`` (a printed map has no page around it to say
    so) it is headed "Map for X", under the instruction, with the poster's
    footer: the policy and what the map holds. ``laid`` is the map already
    laid out (``MAP_SIZE`` wide, anywhere), moved into place.
    """
    title = plain_text(title) if title else title
    theme = get_theme(theme)
    face = theme.typeface
    g = strategy.geometry
    aspect = g.rows / g.cols
    margin = MAP_SIZE * 0.035
    side = MAP_SIZE + 2 * margin
    items: list[Item] = []
    top = margin * aspect
    if caption:
        top += margin
    if title:
        top += CAP * TITLE_SIZE
        size = fitted(title, TITLE_SIZE, MAP_SIZE, face, bold=True)
        items.append(Text(side / 2, top, title, size, "title", bold=True))
        top += (DESCENT + 0.45) * TITLE_SIZE
    if caption:
        top = _caption_head(strategy, items, (margin, top), face)
    box = map_box(g, margin, top)
    if laid is None:
        items.append(layout_map(strategy, box, opts))
    else:
        items.append(_moved_group(laid, box.x - laid.box.x, box.y - laid.box.y))
    bottom = box.y + box.h
    # A caption's instruction already says the rules.
    said = g.misere and not caption
    notes = ((tr(FOLDED),) if strategy.folded else ()) + ((rules_line(g),) if said else ())
    for note in notes:
        bottom += 1.2 * FOOTER_SIZE + CAP * FOOTER_SIZE
        size = fitted(note, FOOTER_SIZE, MAP_SIZE, face)
        items.append(Text(margin, bottom, note, size, "footer", "start"))
        bottom += DESCENT * FOOTER_SIZE
    if caption:
        bottom = _caption_foot(strategy, items, (margin, bottom), face) + margin
    who = strategy.player.upper()
    return Scene(
        width=side,
        height=round(bottom + margin * aspect, 2),
        items=tuple(items),
        theme=theme,
        title=title or titled(g, MAP_TITLE, player=who),
        desc=describe(strategy),
        meta={
            "policy": strategy.policy.name,
            "player": strategy.player,
            "board": strategy.root.board.geometry.name,
        },
    )


def _caption_head(
    strategy: Strategy, items: list[Item], at: tuple[float, float], face: str
) -> float:
    """A captioned map's heading and instruction from ``at`` (left, top), set in ``face``;
    returns where the map goes."""

    left, top = at
    who, g = strategy.player.upper(), strategy.geometry
    heading = titled(g, MAP_HEADING, player=who)
    top += CAP * HEADING_SIZE
    size = fitted(heading, HEADING_SIZE, MAP_SIZE, face, bold=True)
    items.append(Text(left, top, heading, size, "heading", "start", bold=True))
    top += DESCENT * HEADING_SIZE
    for line in wrapped(instruction(g).split(" "), CAPTION_SIZE, MAP_SIZE, face):
        top += 1.4 * CAPTION_SIZE
        items.append(Text(left, top, line, CAPTION_SIZE, "subtitle", "start"))
    return top + DESCENT * CAPTION_SIZE + 0.7 * HEADING_SIZE


def _caption_foot(
    strategy: Strategy, items: list[Item], at: tuple[float, float], face: str
) -> float:
    """A captioned map's footer from ``at`` (left, bottom), set in ``face``: the policy,
    then what the map holds."""
    left, bottom = at
    line = tr("Tie-break policy: {policy}", policy=policy_label(strategy.policy))
    bottom += 1.6 * FOOTER_SIZE + CAP * FOOTER_SIZE
    size = fitted(line, FOOTER_SIZE, MAP_SIZE, face)
    items.append(Text(left, bottom, line, size, "footer", "start"))
    facts = _facts_line(strategy)
    bottom += 1.55 * SMALL_SIZE + 0.3 * FOOTER_SIZE
    size = fitted(facts, SMALL_SIZE, MAP_SIZE, face)
    items.append(Text(left, bottom, facts, size, "footer", "start"))
    return bottom + DESCENT * SMALL_SIZE


def poster_scene(
    x: Strategy,
    o: Strategy,
    opts: MapOptions | None = None,
    theme: Theme | str = "light",
    title: str | None = None,
    *,
    maps: tuple[Group, Group] | None = None,
) -> Scene:
    """Both maps with title, instruction, headings, footer and (with outcomes) a legend.

    ``maps`` are the two maps already laid out (each ``MAP_SIZE`` square,
    anywhere): they are moved into place instead of laid out again, so one
    layout serves the single maps and the poster.
    """
    opts = opts or MapOptions()
    g = x.geometry
    theme = get_theme(theme)
    face = theme.typeface
    title = plain_text(title) if title else title
    heading = title or heading_for(g)
    map_h = map_box(g).h
    stacked = map_h < STACK_BELOW * MAP_SIZE
    width = 2 * MARGIN + (MAP_SIZE if stacked else 2 * MAP_SIZE + GAP)
    room = width - 2 * MARGIN

    items: list[Item] = []
    # Positions follow the nominal sizes, so a long title that had to shrink
    # keeps the same baseline and the rest of the poster does not move.
    y = MARGIN + CAP * TITLE_SIZE
    items.append(
        Text(
            width / 2,
            y,
            heading,
            fitted(heading, TITLE_SIZE, room, face, bold=True),
            "title",
            bold=True,
        )
    )
    y += 0.62 * TITLE_SIZE
    lines = _instruction_lines(g) + ((tr(FOLDED),) if x.folded else ())
    for line in lines:
        y += CAP * SUBTITLE_SIZE if line is lines[0] else 1.45 * SUBTITLE_SIZE
        items.append(Text(width / 2, y, line, fitted(line, SUBTITLE_SIZE, room, face), "subtitle"))
    y += DESCENT * SUBTITLE_SIZE + 1.5 * HEADING_SIZE
    heading_y = y + CAP * HEADING_SIZE
    map_top = heading_y + 0.55 * HEADING_SIZE
    # Side by side, each block starts at heading_y; stacked, the second below the first.
    step = map_top - heading_y + map_h + GAP * 0.6 + CAP * HEADING_SIZE

    for index, strategy in enumerate((x, o)):
        left = MARGIN + (0 if stacked else index * (MAP_SIZE + GAP))
        down = step * index if stacked else 0.0
        box = map_box(g, left, map_top + down)
        if maps is None:
            group = layout_map(strategy, box, opts)
        else:
            given = maps[index]
            group = _moved_group(given, box.x - given.box.x, box.y - given.box.y)
        who = strategy.player.upper()
        top = heading_y + down
        heading_text = tr("Map for {player}", player=who)
        label = Text(left, top, heading_text, HEADING_SIZE, "heading", "start", bold=True)
        block = Box(left, top - CAP * HEADING_SIZE, MAP_SIZE, box.y + box.h - top)
        items.append(
            Group(
                box=block,
                items=(label, group),
                classes=("ttt-poster-map", f"ttt-player-{strategy.player}"),
            )
        )
    maps_end = box.y + box.h

    y = maps_end + 1.6 * FOOTER_SIZE + CAP * FOOTER_SIZE
    items.append(Text(MARGIN, y, _policy_line(x, o), FOOTER_SIZE, "footer", "start"))
    if opts.outcomes:
        items += _legend(width - MARGIN, y, face)
    y += 1.55 * SMALL_SIZE + 0.3 * FOOTER_SIZE
    facts = _facts_line(x, o)
    items.append(Text(MARGIN, y, facts, fitted(facts, SMALL_SIZE, room, face), "footer", "start"))
    height = y + DESCENT * SMALL_SIZE + MARGIN

    return Scene(
        width=width,
        height=round(height, 2),
        items=tuple(items),
        theme=theme,
        title=heading,
        desc=f"{heading}. {instruction(g)} {_policy_line(x, o)}. {facts}",
        meta={"policy": _policy_names(x, o), "player": "both", "board": x.root.board.geometry.name},
    )


def _policy_names(x: Strategy, o: Strategy) -> str:
    if x.policy.name == o.policy.name:
        return x.policy.name
    return f"x {x.policy.name}; o {o.policy.name}"


def _policy_line(x: Strategy, o: Strategy) -> str:
    """The footer's first line: which tie-break policy picked the red moves."""
    if x.policy.name == o.policy.name:
        return tr("Tie-break policy: {policy}", policy=policy_label(x.policy))
    return tr(
        "Tie-break policies: X {x}; O {o}", x=policy_label(x.policy), o=policy_label(o.policy)
    )


def _facts_line(*maps: Strategy) -> str:
    """The footer's small print: the tool and what each map holds."""
    roots = sorted({str(m.root.board) for m in maps})
    if roots != [str(Position.empty(maps[0].geometry))]:
        said = [tr("Drawn by ttt-maps from {boards}", boards=and_list(roots))]
    else:
        said = [tr("Drawn by ttt-maps")]
    for s in maps:
        f, who = s.facts, s.player.upper()
        said.append(
            tr(
                "{player}: {positions}, {finishes}",
                player=who,
                positions=positions_words(f.positions, who),
                finishes=finishes_words(f.wins, f.losses, f.draws),
            )
        )
    return ". ".join(said) + "."


#: Legend entries: tint role, word, and the word's advance in DejaVu Sans (em) in English
#: (other words, and other typefaces, are measured).
LEGEND: tuple[tuple[RectRole, str, float], ...] = (
    ("tint-win", N_("forced win"), 5.20),
    ("tint-draw", N_("draw"), 2.48),
)


def _legend(right: float, baseline: float, face: str) -> list[Item]:
    """Tint swatches and their words, set in ``face``, ending at ``right`` on the footer's
    first line."""

    swatch = FOOTER_SIZE * 1.15
    gap, spacing = 0.4 * FOOTER_SIZE, 1.3 * FOOTER_SIZE
    legend = []
    for role, word, em in LEGEND:
        said = tr(word)
        if face != "dejavu" or said != word:
            em = width(said, 1, typeface=face)
        legend.append((role, said, em))
    x = right - sum(swatch + gap + em * FOOTER_SIZE + spacing for _, _, em in legend) + spacing
    top = baseline - CAP * FOOTER_SIZE / 2 - swatch / 2
    out: list[Item] = []
    for role, word, em in legend:
        out.append(Rect(Box(x, top, swatch, swatch), role, radius=swatch * 0.18))
        out.append(Text(x + swatch + gap, baseline, word, FOOTER_SIZE, "legend", "start"))
        x += swatch + gap + em * FOOTER_SIZE + spacing
    return out


def _moved_group(group: Group, dx: float, dy: float) -> Group:
    """``group`` shifted by (dx, dy): a map laid out once, placed again on the poster.

    This runs over every item of both maps and costs about as much as laying
    them out again, so it is one plain loop, most frequent kinds first, that
    builds nothing but the moved items.
    """
    items: list[Item] = []
    add = items.append
    for item in group.items:
        if isinstance(item, Mark):
            b = item.box
            box = Box(b.x + dx, b.y + dy, b.w, b.h)
            add(Mark(item.symbol, item.cell, box, item.role, item.width, item.classes))
        elif isinstance(item, Line):
            points = item.points
            if len(points) == 2:  # every grid and win line
                (x0, y0), (x1, y1) = points
                points = ((x0 + dx, y0 + dy), (x1 + dx, y1 + dy))
            else:
                points = tuple([(x + dx, y + dy) for x, y in points])
            add(Line(points, item.width, item.role, item.curved))
        elif isinstance(item, Group):
            add(_moved_group(item, dx, dy))
        elif isinstance(item, Rect):
            b = item.box
            add(Rect(Box(b.x + dx, b.y + dy, b.w, b.h), item.role, item.radius))
        else:
            t = item
            add(Text(t.x + dx, t.y + dy, t.text, t.size, t.role, t.anchor, t.bold))
    b = group.box
    box = Box(b.x + dx, b.y + dy, b.w, b.h)
    return Group(
        box,
        tuple(items),
        group.board,
        group.level,
        group.path,
        group.classes,
        group.data,
        group.title,
        group.label,
    )
