"""Scene -> one self-contained HTML file: the SVG map inline and a small viewer.

The comic asks the reader to "zoom in on the region of the grid where they
went"; the viewer does it for them. The page needs no network: the SVG, the
script (``viewer/*.js``, joined in ``SCRIPT_PARTS`` order) and the style sheet
(``viewer/viewer.css``) are package data inlined here, and the fonts are the
reader's own. The viewer reads nothing but
the SVG's board groups (``<g class="ttt-board" data-board="...">``), so it
works for a single map and for the poster alike. A big map (a 4x4 board's
15,000 boards) keeps its deep boards as text until the reader zooms to them
(``defer_deep_boards``): its first paint takes as long as a 3x3 map's.
"""

from __future__ import annotations

import base64
import json
import re
from collections import Counter
from functools import cache
from html import escape
from importlib.resources import files

from ttt_maps.backends.svg.writer import scene_to_svg
from ttt_maps.backends.words import viewer_words, words_script
from ttt_maps.draw.cells import NEST_PAD
from ttt_maps.draw.scene import Group, Scene, Text
from ttt_maps.draw.themes import AUTO, Theme, dark_variant
from ttt_maps.draw.typeface import FONT_FILES, font, lettering
from ttt_maps.language import N_, speaking, tr

#: The hint under the title: the comic's rule, then what the viewer adds.
HINT = N_(
    "Your move is the largest red symbol. Click where your opponent went to zoom in; "
    "Esc or Back zooms out."
)
#: The page's buttons and the breadcrumbs' name.
BUTTONS = {
    "whole": N_("Whole map"),
    "play": N_("Play"),
    "crumbs": N_("Moves so far"),
    "undo": N_("Undo"),
    "new": N_("New game"),
}
#: Marks a page whose "auto" map follows the reader's light or dark mode.
SYSTEM_SCHEME = ' data-ttt-scheme="auto"'

#: Keyboard focus ring colours (light, dark): blue, apart from the red of the moves.
FOCUS = ("#1a66d1", "#8ab4f8")
UI_FONT = (
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'DejaVu Sans', "
    "Arial, sans-serif"
)

_PROLOG = re.compile(r"^\s*(<\?xml[^>]*\?>\s*)?(<!DOCTYPE[^>]*>\s*)?")

#: Boards a page draws before the reader zooms: a 3x3 map (865 boards for O)
#: is drawn whole; a 4x4 one (15,000) draws its top levels and the rest as the
#: reader zooms in, or first paint would take seconds.
EAGER_BOARDS = 1000
_BOARD_LEVEL = re.compile(r'<g class="ttt-board ttt-level-(\d+)"')
_GROUP = re.compile(r'<g class="ttt-board ttt-level-(\d+)"|<g\b|</g>')


#: The viewer's script, by concern, in the order it is joined (one function
#: scope: each part uses what the parts before it declare).
SCRIPT_PARTS = ("tree.js", "view.js", "fold.js", "navigate.js", "play.js", "walk.js", "input.js")
#: A viewer in one pane of linked viewers (``backends/linked.py``): the same,
#: and what lets the page around it turn it and follow its moves.
PANE_PARTS = (*SCRIPT_PARTS, "pane.js")


@cache
def _asset(name: str) -> str:
    """A viewer file shipped with the package (read once per process)."""
    return files("ttt_maps.backends").joinpath("viewer", name).read_text(encoding="utf-8")


def _script(parts: tuple[str, ...] = SCRIPT_PARTS) -> str:
    """The viewer's script: its parts joined in order, inside one strict-mode function."""
    body = "\n".join(_asset(name).rstrip() for name in parts)
    return f'(() => {{\n  "use strict";\n{body}\n}})();'


def _theme_css(theme: Theme) -> str:
    """The page's colours as CSS variables; an ``auto`` page follows the reader's dark mode,
    or ``data-theme`` (light or dark) on its ``<html>`` where a page around it sets that."""

    def block(t: Theme, focus: str) -> str:
        return (
            f"--tttv-bg:{t.background};--tttv-text:{t.text};--tttv-muted:{t.muted};"
            f"--tttv-accent:{t.chosen};--tttv-focus:{focus};"
        )

    hand = lettering(theme.typeface)  # the page is said in its scene's language
    css_font = HAND_CSS if hand == "hand" else theme.css_font
    fonts = f"--tttv-font:{css_font};--tttv-ui-font:{UI_FONT};"
    css = f":root{{{block(theme, FOCUS[0] if theme.name != 'dark' else FOCUS[1])}{fonts}}}"
    if hand == "comic":
        css = _humor_sans() + css
    elif hand == "hand":
        css = _shantell_sans() + css
    if theme.name == AUTO.name:
        # The reader's system decides, unless a page that shows this one (a docs site
        # with a light/dark switch) says light or dark on it, as the map's SVG allows.
        dark = dark_variant(theme)
        css += f"@media (prefers-color-scheme:dark){{:root{{{block(dark, FOCUS[1])}}}}}"
        css += f'html[data-theme="light"]{{color-scheme:light;{block(theme, FOCUS[0])}}}'
        css += f'html[data-theme="dark"]{{color-scheme:dark;{block(dark, FOCUS[1])}}}'
    return css


#: The page's lettering where the comic's hand is Shantell Sans (``typeface.lettering``).
HAND_CSS = "'Shantell Sans', 'DejaVu Sans', sans-serif"


@cache
def _shantell_sans() -> str:
    """The page's own Shantell Sans, the comic's hand for the letters Humor Sans lacks: the
    shipped cut in a ``data:`` URL, as ``_humor_sans``."""
    data = base64.b64encode(font("ShantellSans").data).decode("ascii")
    return (
        f"/* {FONT_FILES['ShantellSans']}: Copyright 2022 The Shantell Sans Project Authors; "
        "SIL Open Font License 1.1, https://openfontlicense.org */"
        f"@font-face{{font-family:'Shantell Sans';src:url(data:font/ttf;base64,{data}) "
        "format('truetype')}"
    )


@cache
def _humor_sans() -> str:
    """The page's own Humor Sans, for its headings in the comic's hand: the shipped font,
    unchanged, in a ``data:`` URL (a browser needs no network for it; the map itself
    carries its letters as outlines)."""
    data = base64.b64encode(font("HumorSans").data).decode("ascii")
    return (
        f"/* {FONT_FILES['HumorSans']}: Copyright (c) 2009, Michael Ciuffo, with Reserved Font "
        "Name Humor-Sans; SIL Open Font License 1.1, https://openfontlicense.org */"
        f"@font-face{{font-family:'Humor Sans';src:url(data:font/ttf;base64,{data}) "
        "format('truetype')}"
    )


def _inline_svg(scene: Scene, id_prefix: str | None) -> str:
    """The scene's SVG without its XML prolog, sized to fill the viewer's stage."""
    svg = scene_to_svg(scene, id_prefix=id_prefix, width="100%", height="100%")
    return _PROLOG.sub("", svg, count=1).rstrip()


def board_levels(svg: str) -> Counter[int]:
    """How many boards the SVG draws at each level."""
    return Counter(int(n) for n in _BOARD_LEVEL.findall(svg))


def defer_deep_boards(
    svg: str, levels: Counter[int], budget: int = EAGER_BOARDS
) -> tuple[str, list[str]]:
    """The SVG with its deep boards taken out, and those boards as SVG text.

    ``levels`` is ``board_levels(svg)``. Levels are drawn whole from the top
    while the boards drawn stay within ``budget``; the sub-boards of the
    deepest such level wait: each board there that has any gets
    ``data-lazy="I"``, and item I of the list holds them (the viewer puts them
    back after the board's own drawing, where they were). A map within the
    budget comes back unchanged, with no list.
    """
    if sum(levels.values()) <= budget:
        return svg, []
    drawn, cut = 0, 1  # the map's first level is always drawn: it names whose map it is
    for level in sorted(levels):
        drawn += levels[level]
        if drawn > budget:
            break
        cut = max(cut, level)
    waiting: dict[int, list[str]] = {}  # a holder's tag end -> its sub-boards' text
    spans: list[tuple[int, int]] = []  # the text taken out
    stack: list[tuple[int, int, int]] = []  # open groups: level (-1: not a board), start, holder
    for m in _GROUP.finditer(svg):
        if m.group(0) == "</g>":
            level, start, holder = stack.pop()
            if level == cut + 1:
                waiting.setdefault(holder, []).append(svg[start : m.end()])
                spans.append((start, m.end()))
            continue
        level = int(m.group(1)) if m.group(1) else -1
        holder = svg.index(">", m.end()) if level == cut else (stack[-1][2] if stack else -1)
        stack.append((level, m.start(), holder))
    marks = [(end, end, f' data-lazy="{i}"') for i, end in enumerate(waiting)]
    edits = sorted(marks + [(start, end, "") for start, end in spans])
    out, at = [], 0
    for start, end, text in edits:
        out += [svg[at:start], text]
        at = end
    out.append(svg[at:])
    return "".join(out), ["".join(parts) for parts in waiting.values()]


def _lazy_script(boards: list[str]) -> str:
    """The deferred boards as a JSON list of SVG text, safe inside the page."""
    if not boards:
        return ""
    data = (
        json.dumps(boards, ensure_ascii=False, separators=(",", ":"))
        .replace("</", "<\\/")
        .replace("<!--", "\\u003c!--")
    )
    return f'<script type="application/json" id="tttv-lazy">{data}</script>'


def page_head(title: str, theme: Theme, sheets: tuple[str, ...], lang: str = "en") -> list[str]:
    """The lines of a viewer page up to ``</head>``: ``title`` (escaped already), the
    theme's colours and the style ``sheets`` shipped with the viewer; ``lang``, the
    language of its words."""
    scheme = {"dark": "dark", AUTO.name: "light dark"}.get(theme.name, "light")
    css = "\n".join(_asset(name).strip() for name in sheets)
    return [
        "<!DOCTYPE html>",
        # A map drawn in "auto" follows the reader's system on this page.
        f'<html{SYSTEM_SCHEME if theme.name == AUTO.name else ""} lang="{escape(lang)}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="color-scheme" content="{scheme}">',
        '<meta name="generator" content="ttt-maps">',
        f"<title>{title}</title>",
        f"<style>{_theme_css(theme)}</style>",
        f"<style>\n{css}\n</style>",
        "</head>",
    ]


def scene_to_html(
    scene: Scene, *, id_prefix: str | None = None, parts: tuple[str, ...] = SCRIPT_PARTS
) -> str:
    """The scene as one HTML page with the interactive zooming viewer.

    ``id_prefix`` is passed to the SVG (the default derives it from the
    content); ``parts`` are the script's parts (``PANE_PARTS`` for a pane of
    linked viewers). Same scene, same bytes. The page's own words (its buttons, and
    the viewer's as data) are said in the scene's language.
    """
    with speaking(scene.lang):
        return _page(scene, id_prefix, parts)


def _page(scene: Scene, id_prefix: str | None, parts: tuple[str, ...]) -> str:
    title = escape(scene.title or tr("Complete map of optimal tic-tac-toe moves"))
    # The share of a sub-map's side that its cell adds around it: clicks on a
    # cell's margin count as clicks on the sub-map.
    cell_pad = f"{NEST_PAD / (1 - 2 * NEST_PAD):.4f}"
    full = _inline_svg(scene, id_prefix)
    # The deepest level bounds how far the reader can zoom; the board tells the
    # viewer which lines win, for the results it shows and the games it plays.
    levels = board_levels(full)
    deepest = max(levels, default=0)
    board = escape(scene.meta.get("board", "3x3k3"))
    if any(isinstance(item, Group) and item.title for item in scene.walk()):
        parts = (*parts, "why.js")  # boards with reasons (--explain): the viewer says them
    svg, deferred = defer_deep_boards(full, levels)
    # A drawing that sets its own title (the poster, a titled map) shows it once:
    # the page's heading stays for screen readers only.
    own = any(isinstance(i, Text) and i.role == "title" for i in scene.items)
    heading = '<h1 class="tttv-unseen">' if own else "<h1>"
    buttons = {name: escape(tr(words)) for name, words in BUTTONS.items()}
    return "\n".join(
        [
            *page_head(title, scene.theme, ("viewer.css",), scene.lang),
            "<body>",
            '<header class="tttv-head">',
            f"{heading}{title}</h1>",
            f'<p class="tttv-hint">{escape(tr(HINT))}</p>',
            "</header>",
            '<div class="tttv-bar">',
            '<button type="button" class="tttv-whole" aria-pressed="true" hidden>'
            f"{buttons['whole']}</button>",
            '<button type="button" class="tttv-play" aria-pressed="false" hidden>'
            f"{buttons['play']}</button>",
            f'<nav class="tttv-crumbs" aria-label="{buttons["crumbs"]}" '
            'aria-live="polite"><ol></ol></nav>',
            '<p class="tttv-status" role="status"></p>',
            '<span class="tttv-game" hidden><button type="button" class="tttv-undo">'
            f"{buttons['undo']}</button>"
            f'<button type="button" class="tttv-new">{buttons["new"]}</button></span>',
            "</div>",
            f'<main class="tttv-stage" data-cell-pad="{cell_pad}" data-geometry="{board}" '
            f'data-levels="{deepest}">',
            svg,
            "</main>",
            *filter(None, [_lazy_script(deferred)]),
            words_script(viewer_words()),
            f"<script>\n{_script(parts)}\n</script>",
            "</body>",
            "</html>",
            "",
        ]
    )
