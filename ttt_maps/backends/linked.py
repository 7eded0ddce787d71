"""Linked viewers: several maps side by side in one page, zooming together.

Each pane is a whole viewer page (``scene_to_html`` with ``PANE_PARTS``) in
a frame of its own, so the viewer serves one map as it always does; the
page around them (``viewer/link.js``) hears where the reader zooms in one
pane and sends the others to the same position up to rotation and
reflection, turned to match. The panes are inlined as ``srcdoc``: the file
stays one self-contained page that needs no network. This module knows
nothing of the game: the board's symmetries, what each is called and how
each cell is named come from the caller.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import Any, NamedTuple

from ttt_maps.backends.html import _asset, page_head
from ttt_maps.draw.themes import Theme


class Pane(NamedTuple):
    """One map of the page: its policy's name, its chain, and its viewer page."""

    label: str
    chain: str
    title: str
    page: str


def linked_html(
    panes: Sequence[Pane],
    *,
    title: str,
    hint: str,
    theme: Theme,
    link: dict[str, Any],
    lang: str = "en",
) -> str:
    """The page: a heading, the panes side by side, and the script that links them.

    ``link`` is what the script needs: ``perms`` (the board's symmetries, as
    cell permutations, the identity first), ``turns`` (what each does, for
    the notes), ``cells`` (each cell as a note names it), ``names`` (the
    panes' policies), ``player``, ``start`` (the symmetry each pane
    starts turned by) and ``words`` (what its notes say, ``words.LINKED``); ``lang``
    is the language of the page's words. Same input, same bytes.
    """
    data = (
        json.dumps(link, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        .replace("</", "<\\/")
        .replace("<!--", "\\u003c!--")
    )
    sections = []
    for p in panes:
        chain = "" if p.chain == p.label else f'<p class="tttl-chain">{escape(p.chain)}</p>'
        sections += [
            f'<section class="tttl-pane" aria-label="{escape(p.title)}">',
            f'<div class="tttl-label"><h2>{escape(p.label)}</h2>{chain}'
            '<p class="tttl-turn"></p></div>',
            '<p class="tttl-note" role="status" aria-live="polite"></p>',
            f'<iframe title="{escape(p.title)}" srcdoc="{escape(p.page)}"></iframe>',
            "</section>",
        ]
    return "\n".join(
        [
            *page_head(escape(title), theme, ("viewer.css", "linked.css"), lang),
            '<body class="tttl">',
            '<header class="tttv-head">',
            f"<h1>{escape(title)}</h1>",
            f'<p class="tttv-hint">{escape(hint)}</p>',
            "</header>",
            '<main class="tttl-panes">',
            *sections,
            "</main>",
            f'<script type="application/json" id="tttl-data">{data}</script>',
            f"<script>\n{_asset('link.js').strip()}\n</script>",
            "</body>",
            "</html>",
            "",
        ]
    )
