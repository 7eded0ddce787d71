"""What each option takes, and the values it knows: the checks and choices of the options
table (``engine.options``).

A check takes a value as a surface gives it (text from the command line or a page,
any object from Python) and returns it in its one form (``X`` is ``x``), or raises
``Refused`` saying what is wrong, in words that fit every surface: the surface puts
the option's name in front (``--depth -1: …``, ``depth=-1: …``). A value that needs
another option to be read (a start position needs its board) is read when the
request is made (``engine.request``), where both are known.

Choices are the values an option knows, each with a few words: completion, the
docs and the playground's form show them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from ttt_maps.backends.page import NAMED_PAGES, PageSize, parse_size
from ttt_maps.draw.themes import THEMES, Theme, get_theme
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import Geometry, parse_rules
from ttt_maps.game.position import Position
from ttt_maps.language import LANGUAGES, resolve
from ttt_maps.play.game import parse_level
from ttt_maps.policy.chains import KEY_HELP, PRESETS
from ttt_maps.policy.policy import Policy

#: A check: the value as given, in its one form, or ``Refused`` saying why not.
Check = Callable[[Any], Any]
#: The values an option knows, each with a few words.
Choices = Callable[[], list[tuple[str, str]]]


class Refused(Exception):
    """A value an option does not take, and why (the surface names the option); ``part``
    is the one item of a list refused, shown instead of the whole list."""

    def __init__(self, reason: str, part: str | None = None) -> None:
        super().__init__(reason)
        self.part = part


def _reason(exc: UsageError) -> Refused:
    """A deeper check's refusal (a board's, a policy's) as this module's."""
    return Refused(exc.reason or str(exc))


def text(value: Any) -> str:
    if not isinstance(value, str):
        raise Refused(f"expected text, not {type(value).__name__}")
    return value


def some_text(value: Any) -> str:
    said = text(value).strip()
    if not said:
        raise Refused("a value is required")
    return said


def title(value: Any) -> str:
    """Text to draw: no byte that was not UTF-8 (a lone surrogate, as a file name or a
    terminal in another encoding gives it)."""
    said = text(value)
    bad = next((c for c in said if "\ud800" <= c <= "\udfff"), None)
    if bad is not None:
        byte = f"byte 0x{ord(bad) - 0xDC00:02x}" if ord(bad) >= 0xDC80 else repr(bad)
        raise Refused(f"{byte} is not UTF-8 text")
    return said


def flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise Refused("expected True or False")
    return value


def whole_number(low: int, high: int | None = None, what: str = "") -> Check:
    """An ``int`` from ``low`` to ``high`` (not a bool, not a float)."""
    span = f"{low} or more" if high is None else f"from {low} to {high}"
    words = f"expected a whole number{' of ' + what if what else ''}, {span}"

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Refused(words)
        if value < low or (high is not None and value > high):
            raise Refused(words)
        return value

    return check


def number(low: float, high: float, words: str) -> Check:
    """A finite ``int`` or ``float`` from ``low`` to ``high``."""

    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Refused(words)
        if not (math.isfinite(value) and low <= value <= high):
            raise Refused(words)
        return float(value) if isinstance(value, int) else value

    return check


def one_of(*values: str) -> Check:
    """One of ``values``, ignoring case and spaces around it."""
    said = f"choose {', '.join(values[:-1])} or {values[-1]}"

    def check(value: Any) -> str:
        word = text(value).strip().lower()
        if word not in values:
            raise Refused(said)
        return word

    return check


def player(value: Any) -> str:
    """x or o."""
    word = text(value).strip().lower()
    if word not in ("x", "o"):
        raise Refused("choose x or o")
    return word


def player_or_both(value: Any) -> str:
    """x or o, or both: the poster, where a map is drawn."""
    word = text(value).strip().lower()
    if word not in ("x", "o", "both"):
        raise Refused("choose x, o or both (both = the poster)")
    return word


def board(value: Any) -> Geometry | str:
    """A board's size and line length (``3x3``, ``4x4k3``), or a ``Geometry``; the rules
    are read with the request."""
    if isinstance(value, Geometry):
        return value
    try:
        Geometry.parse(some_text(value))
    except UsageError as exc:
        raise _reason(exc) from None
    return str(value).strip()


def rules(value: Any) -> str:
    """normal or misere (misère, any case)."""
    try:
        return "misere" if parse_rules(text(value)) else "normal"
    except UsageError as exc:
        raise _reason(exc) from None


def position(value: Any) -> Position | str:
    """A board string (read on its board with the request), or a ``Position``."""
    if isinstance(value, Position):
        return value
    return some_text(value)


def position_or_empty(value: Any) -> Position | str:
    """A position to solve: a board string (blank: the empty board), or a ``Position``."""
    if isinstance(value, Position):
        return value
    return text(value).strip()


def policy(value: Any) -> Policy | str:
    """A chain or preset (read on the board with the request), or a ``Policy``."""
    if isinstance(value, Policy):
        return value
    return some_text(value)


def theme(value: Any) -> Theme | str:
    """A theme's name (the request makes it a ``Theme``), or a ``Theme``."""
    if isinstance(value, Theme):
        return value
    try:
        return get_theme(text(value)).name
    except UsageError as exc:
        raise _reason(exc) from None


def size(value: Any) -> PageSize | str:
    """A page (the request makes it a ``PageSize``), or a ``PageSize``."""
    if isinstance(value, PageSize):
        return value
    try:
        parse_size(text(value))
    except UsageError as exc:
        raise _reason(exc) from None
    return str(value).strip()


#: An SVG id prefix: a name CSS selects by id as it is (no '.', which starts a class).
_ID_PREFIX = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,63}\Z")


def id_prefix(value: Any) -> str:
    said = text(value)
    if not _ID_PREFIX.match(said):
        raise Refused("must start with a letter or '_' and hold only letters, digits, '_' and "
                      "'-' (at most 64)")  # fmt: skip
    return said


def level(value: Any) -> str:
    said = text(value)
    try:
        parse_level(said)
    except UsageError as exc:
        raise _reason(exc) from None
    return said.strip().lower()


def lang(value: Any) -> str:
    """A language ttt-maps speaks, by any name a locale gives it (``fr_FR.UTF-8``)."""
    try:
        return resolve(text(value))
    except UsageError as exc:
        raise _reason(exc) from None


def labels(value: Any) -> list[str]:
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise Refused("expected a list of names, one per map")
    if not all(isinstance(v, str) for v in value):
        raise Refused("expected a list of names, one per map")
    return list(value)


_CSS_WIDTH = re.compile(r"([0-9]{1,9}(?:\.[0-9]{1,9})?)(px|%|em|rem|ex|ch|vw|vh|cm|mm|in|pt|pc)?\Z")


def css_width(value: Any) -> str:
    """A CSS length; a bare number means pixels."""
    said = some_text(value)
    match = _CSS_WIDTH.match(said)
    if not match or float(match.group(1)) <= 0:
        raise Refused("not a width; give a CSS length such as 600px, 80% or 30em")
    return said if match.group(2) else f"{said}px"


def formats(*known: str) -> Check:
    """A format's name, one of ``known``, or (on the command line, where it is
    repeatable) several."""
    said = f"choose {', '.join(known[:-1])} or {known[-1]}"

    def check(value: Any) -> str | list[str]:
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
            raise Refused("expected a format's name, e.g. svg")
        found = [n.strip().lower() for n in names]
        for name in found:
            if name not in known:
                raise Refused(said, part=name)
        return found[0] if isinstance(value, str) else found

    return check


def texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise Refused("expected a list of names")
    return list(value)


# -- the values each option knows -----------------------------------------------------


def players() -> list[tuple[str, str]]:
    return [("x", "the map for X, who moves first"), ("o", "the map for O")]


#: Each format's few words.
FORMATS = {
    "svg": "zoomable vector image",
    "pdf": "vector PDF for print",
    "png": "bitmap image",
    "html": "the interactive viewer, one self-contained page",
    "json": "the minimal table as data",
    "md": "Markdown",
    "txt": "plain text to read aloud",
}


def format_choices(*names: str) -> Choices:
    return lambda: [(name, FORMATS[name]) for name in names]


def players_and_poster() -> list[tuple[str, str]]:
    return [*players(), ("both", "the poster: both maps side by side")]


def themes() -> list[tuple[str, str]]:
    helps = {"auto": "light, and dark where the reader's system or docs page is"}
    return [(name, helps.get(name, "")) for name in THEMES]


def rule_names() -> list[tuple[str, str]]:
    return [("normal", "a line wins"), ("misere", "whoever completes a line loses")]


def boards() -> list[tuple[str, str]]:
    names = ("3x3", "3x4k3", "4x3k3", "4x4k3", "4x4")
    return [(name, Geometry.parse(name).describe()) for name in names]


def pages() -> list[tuple[str, str]]:
    return [(name, "turns to fit the drawing") for name in NAMED_PAGES]


def chains() -> list[tuple[str, str]]:
    return [*((name, f"preset: {chain}, {text}") for name, (chain, text) in PRESETS.items()),
            *KEY_HELP.items()]  # fmt: skip


def levels() -> list[tuple[str, str]]:
    return [("perfect", "the map itself: never loses"),
            ("novice", "wins or blocks when it can, else any move"),
            ("random:0.1", "strays from the map 10% of the time"),
            ("random:0.3", "strays from the map 30% of the time")]  # fmt: skip


def provers() -> list[tuple[str, str]]:
    return [("auto", "the search where it is quick, else CP-SAT when installed"),
            ("search", "exact branch and bound"),
            ("cp-sat", "Google OR-Tools (the cp-sat extra)")]  # fmt: skip


def languages() -> list[tuple[str, str]]:
    return [(code, language.name) for code, language in LANGUAGES.items()]


def modes() -> list[tuple[str, str]]:
    return [("inline", "the SVG inside the page"), ("image", "an .svg file beside the page")]


def actions() -> list[tuple[str, str]]:
    return [("info", "list the solved positions"), ("clear", "delete them")]


def tools() -> list[tuple[str, str]]:
    pandoc = "the Lua filter ttt-map.lua (pandoc -L ttt-map.lua, R Markdown's pandoc_args)"
    quarto = "the Quarto extension _extensions/ttt-maps (filters: [ttt-maps])"
    return [
        ("pandoc", f"{pandoc} and ttt-map-engine.lua for pandoc-ext/diagram"),
        ("quarto", quarto),
    ]


#: Choices that are suggestions: the option takes other values too (any board, chain,
#: page or straying level), so a form offers them as text with suggestions.
SUGGESTIONS = frozenset({boards, chains, pages, levels})
