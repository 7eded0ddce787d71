"""The long description of a map in a docs page: its strategy in words, under the map.

A complex image needs one (WCAG 2.1, 1.1.1): the gamebook (``gamebooks.book``)
as HTML in a collapsed ``<details>``, each reply a link to its section, that
the map names with ``aria-details``. The poster describes both maps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

from ttt_maps import api
from ttt_maps.engine.options import Surface
from ttt_maps.gamebooks.book import Gamebook, Reply, build_gamebook
from ttt_maps.gamebooks.text import (
    cell_ref,
    heading,
    move_line,
    opening_sentence,
    preface,
    reply_line,
    section_ref,
    spoken_board,
)
from ttt_maps.integrations.recipe import request_of
from ttt_maps.language import N_, tr
from ttt_maps.trees.strategy import Strategy

SUMMARY = N_("The strategy in words")


def long_description(
    options: Mapping[str, Any], locate: Callable[[str], str], ident: str, surface: Surface
) -> tuple[str, str]:
    """The ``aria-details`` attribute for the map's wrapper and the ``<details>`` to set
    after it, when a page's options ask for a ``description`` (else two empty strings).
    The options have drawn their map already, so they are good."""
    if not options.get("description"):
        return "", ""

    d = request_of(options, locate, surface)
    players = ("x", "o") if d.player in (None, "both") else (d.player,)
    built = [api.strategy(p, d.policy, d.start, board=d.geometry, fold=d.folded) for p in players]
    words = f"{ident}-words"
    return f' aria-details="{escape(words)}"', details_html(built, words)


def details_html(strategies: Sequence[Strategy], ident: str) -> str:
    """``<details id="IDENT">`` holding each strategy's gamebook as HTML."""
    parts = [
        f'<details class="ttt-map-words" id="{escape(ident)}">',
        f"<summary>{escape(tr(SUMMARY))}</summary>",
    ]
    for tree in strategies:
        parts += _gamebook_html(build_gamebook(tree), f"{ident}-{tree.player}")
    parts.append("</details>")
    return "\n".join(parts)


def _gamebook_html(gamebook: Gamebook, ident: str) -> list[str]:
    def go(reply: Reply) -> str:
        # Underlined: a link in a line of text must not rely on colour alone.
        return (
            f'<a href="#{ident}-s{reply.target}" style="text-decoration:underline">'
            f"{escape(section_ref(reply.target))}</a>"
        )

    # Not a heading element: the page's own outline decides the levels around the map.
    out = [f"<p><strong>{escape(heading(gamebook))}</strong></p>"]
    out += [f"<p>{escape(para)}</p>" for para in preface(gamebook)]
    if gamebook.opening:
        board = " ".join(spoken_board(gamebook.root))
        out.append(f"<p>{escape(opening_sentence(gamebook))} {escape(board)}</p>")
        out.append(_replies(gamebook, gamebook.opening, go))
    for s in gamebook.sections:
        board = " ".join(spoken_board(s.board))
        title = tr("Section {number}. Move {move}.", number=s.number, move=s.move_number)
        move = move_line(gamebook, s, cell_ref(s.move))
        out.append(
            f'<section id="{ident}-s{s.number}"><p><strong>{escape(title)}</strong> '
            f"{escape(board)} <strong>{escape(move)}</strong></p>"
        )
        if s.replies:
            out.append(_replies(gamebook, s.replies, go))
        out.append("</section>")
    return out


def _replies(gamebook: Gamebook, replies: Sequence[Reply], go: Callable[[Reply], str]) -> str:
    items = []
    for r in replies:
        marker = "\x00"
        text = escape(reply_line(gamebook, r, marker, cell_ref(r.cell)))
        items.append(f"<li>{text.replace(marker, go(r))}</li>")
    return "<ul>" + "".join(items) + "</ul>"
