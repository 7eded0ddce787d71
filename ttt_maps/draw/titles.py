"""What a drawing calls its game, and what it says of a map: the board, the rules when
they are misère, how to read it and what it holds.

Titles, descriptions and the rules sentence of every drawing come from here,
so a misère map says so wherever a normal one names its board. A title is a
whole message in four forms (normal or misère, on the 3x3 board or another),
so that each language words the game and the board its own way.
"""

from __future__ import annotations

from typing import NamedTuple

from ttt_maps.game.cell_names import board_words, k_word
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.language import N_, number, tr, tr_n
from ttt_maps.trees.strategy import Strategy

#: How a folded map is read, for its description and the poster (said with ``tr``).
FOLDED = N_(
    "Folded by symmetry: a cell with a grey letter is played as the sub-map tagged with "
    "that letter, turned to fit; the tag counts the moves it stands for."
)
#: The comic's instruction, two sentences (said with ``tr``).
INSTRUCTION = (
    N_("Your move is given by the position of the largest red symbol on the grid."),
    N_(
        "When your opponent picks a move, zoom in on the region of the grid where they went. "
        "Repeat."
    ),
)


class Titles(NamedTuple):
    """One title's four messages: normal or misère rules, on 3x3 or on ``{board}``."""

    normal: str
    misere: str
    normal_on: str
    misere_on: str


def titled(g: Geometry, titles: Titles, **values: object) -> str:
    """The title of ``titles`` for the game on ``g``, said in the language in force."""
    normal = g.with_rules("normal")
    if normal == STANDARD:
        message = titles.misere if g.misere else titles.normal
        return tr(message, **values)
    message = titles.misere_on if g.misere else titles.normal_on
    return tr(message, board=board_words(normal), **values)


def rules_line(g: Geometry) -> str:
    """The sentence a misère drawing adds to its instructions ("" under normal rules)."""
    if not g.misere:
        return ""
    return tr(
        "Misère: {k} in a row loses. A line marks a loss for the player who completed it.",
        k=k_word(g),
    )


#: A map's title in its description.
MAP_DESCRIPTION = Titles(
    N_("Complete map of optimal tic-tac-toe moves for {player} from {start}, policy {policy}."),
    N_(
        "Complete map of optimal misère tic-tac-toe moves for {player} from {start}, policy "
        "{policy}."
    ),
    N_(
        "Complete map of optimal tic-tac-toe moves for {player} on {board} from {start}, "
        "policy {policy}."
    ),
    N_(
        "Complete map of optimal misère tic-tac-toe moves for {player} on {board} from "
        "{start}, policy {policy}."
    ),
)


def describe(strategy: Strategy) -> str:
    """The ``<desc>`` of a map: how to read it and what it holds."""
    f, g = strategy.facts, strategy.geometry
    who = strategy.player.upper()
    start = tr("the empty board") if strategy.root.board.count == 0 else str(strategy.root.board)
    title = titled(g, MAP_DESCRIPTION, player=who, start=start, policy=strategy.policy.name)
    counts = tr(
        "{positions}, {moves}, {finishes}.",
        positions=positions_words(f.positions, who),
        moves=tr_n("{n} move on the map", "{n} moves on the map", f.choices),
        finishes=finishes_words(f.wins, f.losses, f.draws),
    )
    said = [title, *[tr(line) for line in INSTRUCTION], counts]
    if f.cut:
        said.append(
            tr_n(
                "Cut short in {n} place: a cell with three dots holds more.",
                "Cut short in {n} places: a cell with three dots holds more.",
                f.cut,
            )
        )
    if strategy.folded:
        said.append(tr(FOLDED))
    if g.misere:
        said.append(rules_line(g))
    return " ".join(said)


def positions_words(count: int, who: str) -> str:
    """``109 positions where X chooses``."""
    return tr_n(
        "{n} position where {player} chooses",
        "{n} positions where {player} chooses",
        count,
        player=who,
    )


def finishes_words(wins: int, losses: int, draws: int) -> str:
    """``87 won, 2 lost and 7 drawn finishes`` (no losses: ``87 won and 7 drawn finishes``)."""
    said = {"won": number(wins), "lost": number(losses), "drawn": number(draws)}
    if losses:
        return tr("{won} won, {lost} lost and {drawn} drawn finishes", **said)
    return tr("{won} won and {drawn} drawn finishes", **said)
