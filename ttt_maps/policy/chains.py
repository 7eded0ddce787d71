"""Chains as users write them: the keys and presets, parsed into a ``Policy``.

A chain is keys separated by commas, applied left to right among the moves
that reach the best outcome; ``first`` always closes it so every choice is
deterministic. A preset names a chain (``yorgey``, ``xkcd``, ``default``).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable

from ttt_maps.errors import UsageError, quote
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.language import N_, tr
from ttt_maps.policy.books import load_opening_book, xkcd_opening_book
from ttt_maps.policy.keys import book_key, random_key, simple_keys
from ttt_maps.policy.policy import DEFAULT_BIG, DEFAULT_LINES, TRAP_DRAWN_CELLS, Key, Policy

#: What each key prefers, as ``ttt-maps policies`` says it (in the reader's language).
KEY_HELP: dict[str, str] = {
    "fast": N_("win in the fewest moves; when losing, hold out longest (as Yorgey's maps do)"),
    "trap": N_(
        "leave the opponent the fewest replies that do not lose (past 16 cells, "
        "not in a drawn position)"
    ),
    "novice": N_(
        "the highest expected score against a novice (wins, blocks, else plays at random)"
    ),
    "compact": N_("the smallest resulting map (fewest boards drawn), for legible posters"),
    "center": N_("a centre cell"),
    "corner": N_("a corner cell"),
    "edge": N_("an edge cell (neither corner nor centre)"),
    "lines": N_(
        "a cell on the most lines (the middle first): the move the search's proof finds, "
        "so bigger boards are drawn within the search budget"
    ),
    "first": N_("the lowest cell number (always appended last)"),
    "last": N_("the highest cell number"),
    "random:SEED": N_("a reproducible random choice per position (random = random:0)"),
    "rules": N_(
        "what a rule-following human (win, block, opening, fork, threat) would play, when optimal"
    ),
    "book:PATH": N_('the move a JSON opening book {"board": cell} gives, when optimal'),
}

#: Preset name -> (chain, description).
PRESETS: dict[str, tuple[str, str]] = {
    "yorgey": ("fast,last", N_("Brent Yorgey's Haskell maps exactly: X opens bottom-right")),
    "xkcd": (
        "book:xkcd,center,corner",
        N_("the comic's first two moves (X opens top-left), then centre, corner"),
    ),
    "default": ("fast,novice", N_("make the opponent's mistakes likelier")),
}

#: Presets and keys made for the 3x3 board: the comic's moves, the rule player.
ONLY_3X3 = frozenset({"xkcd", "rules"})
#: The boards where ``default`` is ``fast,novice`` (misère 4x4k3 games run too long for it).
NOVICE_BOARDS = frozenset(
    {"3x3k3", "3x4k3", "4x3k3", "4x4k3", "3x3k3-misere", "3x4k3-misere", "4x3k3-misere"}
)
#: What the novice opponent does before moving at random, under normal rules and misère.
NOVICE_WAYS = (
    N_("wins or blocks when it can"),
    N_("leaves the opponent only moves that complete a line, else avoids completing its own"),
)
MISERE_NOVICE = N_(
    "the highest expected score against a novice (who leaves the opponent only moves that "
    "complete a line, else avoids completing its own, else plays at random)"
)


def preset_chain(name: str, geometry: Geometry = STANDARD) -> str:
    """The chain a preset stands for on a board (``default`` depends on the board)."""
    if name == "default" and geometry.name not in NOVICE_BOARDS:
        return DEFAULT_BIG if geometry.size <= TRAP_DRAWN_CELLS else DEFAULT_LINES
    return PRESETS[name][0]


def presets_for(geometry: Geometry = STANDARD) -> list[str]:
    """The presets that exist on a board (``xkcd`` is for the normal 3x3 game only)."""
    return [name for name in PRESETS if geometry == STANDARD or name not in ONLY_3X3]


def _not_here(geometry: Geometry) -> str:
    """Where the comic's moves and the rule player do not apply, in words."""
    if geometry.misere and geometry.with_rules("normal") == STANDARD:
        return "not misère, where a line loses"
    return f"not {geometry.describe()}"


# -- parsing ----------------------------------------------------------------


#: Turns a ``book:PATH`` as written into the path of the file to read.
Locate = Callable[[str], str]


def _parse_key(text: str, geometry: Geometry, locate: Locate | None = None) -> Key:
    name, _, arg = text.partition(":")
    name = name.lower()  # FAST is fast; a book's path keeps its case
    text = f"{name}:{arg}" if arg else name
    simple = simple_keys(geometry)
    if name in simple:
        if arg:
            raise UsageError(f"policy key {text!r}: {name!r} takes no argument")
        if name in ONLY_3X3 and geometry != STANDARD:
            raise UsageError(
                f"policy key {name}: the rule player is for the normal 3x3 game only, "
                f"{_not_here(geometry)}"
            )
        return Key(name, simple[name])
    if name == "random":
        if not arg:
            return Key("random:0", random_key(0))
        if not re.fullmatch("[0-9]{1,18}", arg):
            raise UsageError(
                f"policy key {quote(text)}: the seed must be a whole number of at most "
                "18 digits, e.g. random:42"
            )
        return Key(f"random:{int(arg)}", random_key(int(arg)))
    if name == "book":
        if not arg:
            raise UsageError(f"policy key {text!r}: give a path, e.g. book:opening.json")

        if arg.lower() == "xkcd":
            if geometry != STANDARD:
                raise UsageError(
                    f"policy key {text}: the comic's moves are for the normal 3x3 game only, "
                    f"{_not_here(geometry)}"
                )
            return Key("book:xkcd", book_key(xkcd_opening_book()))
        path = locate(arg) if locate is not None else arg
        return Key(text, book_key(load_opening_book(path, geometry, where=f"policy key {text}")))
    names = [k.partition(":")[0] for k in KEY_HELP] + list(PRESETS)
    close = difflib.get_close_matches(name, names, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    known = ", ".join([*KEY_HELP, *PRESETS])
    raise UsageError(f"policy key {text!r} is unknown; {hint}known keys and presets: {known}")


def parse_policy(
    chain: str, geometry: Geometry = STANDARD, *, locate: Locate | None = None
) -> Policy:
    """Parse ``"fast,novice"``, a preset name, or a mix; ``first`` closes every chain.

    ``locate`` turns a ``book:PATH`` as written into the file to read (the
    Sphinx directive reads opening books relative to the document); the policy keeps
    the path as written, so its name is the same wherever it is built.
    """
    parts = [p.strip() for p in chain.split(",")]
    parts = [p.lower() if p.lower() in PRESETS else p for p in parts]
    if not chain.strip() or any(not p for p in parts):
        raise UsageError(f"policy {chain!r}: expected keys separated by commas, e.g. fast,novice")
    keys: list[Key] = []
    for part in parts:
        if part in ONLY_3X3 and part in PRESETS and geometry != STANDARD:
            why = f"the comic's moves are for the normal 3x3 game only, {_not_here(geometry)}"
            raise UsageError(f"policy {part}: {why}", reason=why)
        texts = preset_chain(part, geometry).split(",") if part in PRESETS else [part]
        keys.extend(_parse_key(t, geometry, locate) for t in texts)
    if keys[-1].text != "first":
        keys.append(_parse_key("first", geometry))
    return Policy(keys, geometry)


def opening_book_files(chain: str) -> list[str]:
    """The files a chain's ``book:PATH`` keys read (not the built-in ``book:xkcd``), so a
    command never writes its output over one of them."""
    parts = [p.strip() for p in chain.split(",")]
    paths = [p.partition(":")[2] for p in parts if p.partition(":")[0].strip().lower() == "book"]
    return [p for p in paths if p and p.lower() != "xkcd"]


def describe_policies(geometry: Geometry = STANDARD) -> list[tuple[str, str]]:
    """(name, one line) for every key and preset on a board, for ``ttt-maps policies``, in
    the reader's language (the names and chains are what a user types: they stay)."""
    helps = dict(KEY_HELP, novice=MISERE_NOVICE) if geometry.misere else KEY_HELP
    rows = [(k, _only(tr(text), k, geometry)) for k, text in helps.items()]
    for name, (_, text) in PRESETS.items():
        if name in ONLY_3X3 and geometry != STANDARD:
            rows.append((name, _only(tr(text), name, geometry)))
        else:
            chain = f"{preset_chain(name, geometry)},first"
            rows.append((name, tr("= {chain}: {text}", chain=chain, text=tr(text))))
    return rows


def _only(text: str, name: str, geometry: Geometry) -> str:
    """A key's or preset's words, saying so where it is for the normal 3x3 game only."""
    if name in ONLY_3X3 and geometry != STANDARD:
        return tr("{text} (normal 3x3 game only)", text=text)
    return text
