"""The viewer's words: what its status line, breadcrumbs, tree and buttons say, and the
accessible names it gives the boards, in the reader's language.

The page carries them as data (``<script type="application/json" id="tttv-words">``),
said from the catalogs when the page is written, so the script itself has no
words of its own. A message's ``{name}`` placeholders are filled by the script;
a counted message carries its forms by CLDR plural category, which the browser
picks with ``Intl.PluralRules``.
"""

from __future__ import annotations

import json

from ttt_maps.language import LANGUAGES, N_, NC_, NN_, catalog_of, current, tr, tr_ctx

#: The cells of the 3x3 board as the place a move goes (``X plays the centre``), as
#: ``game.cell_names`` says them (a backend knows nothing of the game; a test checks the
#: two lists are one).
CELLS_3X3 = (
    NC_("to the cell", "the top-left corner"),
    NC_("to the cell", "the top edge"),
    NC_("to the cell", "the top-right corner"),
    NC_("to the cell", "the left edge"),
    NC_("to the cell", "the centre"),
    NC_("to the cell", "the right edge"),
    NC_("to the cell", "the bottom-left corner"),
    NC_("to the cell", "the bottom edge"),
    NC_("to the cell", "the bottom-right corner"),
)

#: The viewer's messages by the name its script uses.
VIEWER = {
    "wins": N_("{player} wins"),
    "draw": N_("draw"),
    "rowColumn": NC_("to the cell", "the cell in row {row}, column {col}"),
    "move": N_("{player} plays {cell}"),
    "bothMaps": N_("Both maps"),
    "allMaps": N_("All maps"),
    "everyMove": N_("Every move"),
    "mapFor": N_("Map for {player}"),
    "mapForNumbered": N_("Map for {player} ({number})"),
    "yourMoveCrumb": N_("your move: "),
    "pickMap": N_("pick a map"),
    "pickMove": N_("pick {player}'s move"),
    "clickWhere": N_("click where {player} went"),
    "zoomIn": N_("Zoom in: {board}"),
    "backTo": N_("Back to the board you left: {boards}"),
    "showWhole": N_("Show the whole map"),
    "pickMapToPlay": N_("Pick a map to play against it"),
    "moveResult": N_("{move}: {result}"),
    "depthCut": N_("The map stops here (drawn with --depth)"),
    "moveYourMove": N_("{move}. Your move ({player})"),
    "yourMove": N_("Your move ({player})"),
    "taken": N_("That cell is taken. Your move ({player})"),
    "mapStops": N_("the map stops here"),
    "treeLabel": N_("The map as a tree of moves: arrow keys walk it"),
    "treeName": N_("Moves as a tree"),
    "winsAtOnce": N_("{player} wins at once."),
    "fillsBoard": N_("{player} fills the board, and the game is drawn."),
    "holdsOut": N_("{player} holds out longest."),
    "holdsDraw": N_("{player} holds the draw."),
    "winsAnyway": N_("{player} wins whatever the reply."),
    "endsIt": N_("{move}, and the game is over: {result}"),
    "emptyRow": N_("empty row"),
    "empty": N_("empty"),
    "sentence": N_("{text}."),
    "join": N_("{clause}; {next}"),
    "position": N_("Position: {rows}."),
    "moveWhy": N_("{move}. {why}"),
    "reason": N_("{move}. {why}"),
    "pointed": N_("{board}, then {reason}"),
    "wholeHint": N_(
        "Every move of both players: click a cell to follow its move; Esc or Back zooms out."
    ),
}
#: The context of a viewer's message said in one (``NC_``), by its name.
CONTEXTS = {"rowColumn": "to the cell"}
#: Counted messages: (singular, plural).
COUNTED = {"replies": NN_("{n} reply.", "{n} replies.")}

#: The linked viewers' notes (``compare -o cmp.html``), by the name ``link.js`` uses.
LINKED = {
    "samePosition": N_("Same position as in {policy}."),
    "sameMove": N_("Same position and the same move as {policy}."),
    "partsWays": N_("Parts ways with {policy} here: this map plays {cell}, {policy} {other}."),
    "parted": N_("{policy} plays {cell} here"),
    "neverReaches": N_(
        "This map never reaches the position shown in {policy}: it parts ways here, where "
        "it plays {cell} and {policy} {other}."
    ),
    "partedAt": N_("{policy} parted ways at move {number}"),
    "thisPlays": N_("This map plays {cell} here"),
    "partedAll": N_("{parted}."),
    "mineParted": N_("{mine}; {parted}."),
    "othersSame": N_("{mine}; the other maps play the same, up to symmetry."),
    "drawnTurned": N_("drawn {turn} to match"),
    "join": N_("{clause}; {next}"),
}


def said(messages: dict[str, str]) -> dict[str, object]:
    """``messages`` said in the language in force, with its code (``lang``)."""
    out: dict[str, object] = {
        key: tr_ctx(CONTEXTS[key], message) if key in CONTEXTS else tr(message)
        for key, message in messages.items()
    }
    out["lang"] = current()
    return out


def viewer_words() -> dict[str, object]:
    """Everything the viewer says, in the language in force: its messages, the names of
    the 3x3 board's cells (``cells``), and each counted message by plural category."""
    out = said(VIEWER)
    out["cells"] = [tr_ctx("to the cell", name) for name in CELLS_3X3]
    for key, (one, many) in COUNTED.items():
        out[key] = plural_forms(one, many)
    return out


def plural_forms(singular: str, plural: str) -> dict[str, str]:
    """A counted message's forms by CLDR plural category (``one``, ``few``, ``many``,
    ``other``), as the language in force says them: the browser picks one with
    ``Intl.PluralRules``."""
    lang = LANGUAGES[current()]
    forms = catalog_of(lang.code).messages.get(("", singular)) if lang.code != "en" else None
    if not isinstance(forms, tuple):
        return {"one": singular, "other": plural}
    rule = catalog_of(lang.code).plural
    return {
        category: forms[min(rule(sample), len(forms) - 1)]
        for category, sample in lang.plural_samples.items()
    }


def words_script(words: dict[str, object], ident: str = "tttv-words") -> str:
    """The words as a JSON script block, safe inside the page."""
    data = (
        json.dumps(words, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        .replace("</", "<\\/")
        .replace("<!--", "\\u003c!--")
    )
    return f'<script type="application/json" id="{ident}">{data}</script>'
