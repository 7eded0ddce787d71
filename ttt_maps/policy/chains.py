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
from ttt_maps.language import N_
from ttt_maps.policy.keys import book_key, random_key, simple_keys
from ttt_maps.policy.policy import DEFAULT_BIG, DEFAULT_LINES, TRAP_DRAWN_CELLS, Key, Policy

KEY_HELP: dict[str, str] = {
    "fast": "win in the fewest plies; when losing, hold out longest (as Yorgey's maps do)",
    "trap": "leave the opponent the fewest replies that do not lose (past 16 cells, "
    "not in a drawn position)",
    "novice": "the highest expected score against a novice (wins, blocks, else plays at random)",
    "compact": "the smallest resulting map (fewest boards drawn), for legible posters",
    "center": "a centre cell",
    "corner": "a corner cell",
    "edge": "an edge cell (neither corner nor centre)",
    "lines": "a cell on the most lines (the middle first): the move the search's proof "
    "finds, so bigger boards are drawn within the budget",
    "first": "the lowest cell number (always appended last)",
    "last": "the highest cell number",
    "random:SEED": "a reproducible random choice per position (random = random:0)",
    "rules": "what a rule-following human (win, block, opening, fork, threat) would play, "
    "when optimal",
    "book:PATH": 'the move a JSON opening book {"board": cell} gives, when optimal',
}

#: Preset name -> (chain, description).
PRESETS: dict[str, tuple[str, str]] = {
    "yorgey": ("fast,last", "Brent Yorgey's Haskell maps exactly: X opens bottom-right"),
    "xkcd": (
        "book:xkcd,center,corner",
        "the comic's first two plies (X opens top-left), then centre, corner",
    ),
    "default": ("fast,novice", "make the opponent's mistakes likelier"),
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
MISERE_NOVICE = (
    f"the highest expected score against a novice (who {NOVICE_WAYS[1]}, else plays at random)"
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
        # lazy: a cached map runs without it
        from ttt_maps.policy.books import load_opening_book, xkcd_opening_book

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
    """(name, one line) for every key and preset on a board, for ``ttt-maps policies``."""
    only = "" if geometry == STANDARD else " (normal 3x3 game only)"
    helps = dict(KEY_HELP, novice=MISERE_NOVICE) if geometry.misere else KEY_HELP
    rows = [(k, text + (only if k in ONLY_3X3 else "")) for k, text in helps.items()]
    for name, (_, text) in PRESETS.items():
        if name in ONLY_3X3 and geometry != STANDARD:
            rows.append((name, f"{text}{only}"))
        else:
            rows.append((name, f"= {preset_chain(name, geometry)},first: {text}"))
    return rows
