"""Every option of ttt-maps, one row each, and what each command, function and page takes.

``OPTIONS`` is the table: an option's name, the kind of value it takes, its
default, its check (``engine.checks``), its help, and how each surface spells
it: the command line's flags (the first is its name, a short flag its short
form, any other long flag an old name kept for those who wrote it), the keys of
a docs page (the Sphinx and MyST directive, the MkDocs and pandoc fences, the
playground's address) and the API's keywords (its name, then old names).
``COMMANDS``, ``FUNCTIONS``, ``PAGE`` and ``PLAYGROUND`` say which options each
command, API function and page takes, and where one gives an option another
default, help or check. Every surface is made from these tables: typer's
options, the directive's and fences' keys, the playground's form, the docs'
options table; the API's signatures are written out and held to them by a test.

A value is checked once, by its option's check, where it enters; a refusal
names the option as the reader wrote it (``--from 'xx': …``, ``root='xx': …``,
``bad from option: …``).
"""

from __future__ import annotations

import functools
import inspect
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NamedTuple, TypeVar

from ttt_maps.backends import FORMATS
from ttt_maps.backends.page import MARGIN_MM
from ttt_maps.engine import checks
from ttt_maps.engine.checks import Check, Choices, Refused
from ttt_maps.errors import Limit, UsageError, quote
from ttt_maps.settings import Settings
from ttt_maps.trees.size import MAX_BOARDS

#: The viewer's height in a notebook, in pixels.
VIEWER_HEIGHT = 640
#: Sentinel default: the option must be given.
REQUIRED: Any = type("Required", (), {"__repr__": lambda self: "REQUIRED"})()


class Option(NamedTuple):
    """One option: what it takes and how each surface spells it (``cli``: flags;
    ``page``: docs keys; ``python``: keywords; each the name first, then other spellings;
    a ``cli`` word without dashes is a positional argument, named so in help)."""

    name: str
    kind: type  # str, int, float, bool (None default: on, off or not said), list
    default: Any
    check: Check | None
    help: str
    metavar: str | None = None
    cli: str = ""
    page: str = ""
    python: str = ""
    choices: Choices | None = None
    formats: str = ""  # the files it means something for (none: every file)

    @property
    def flags(self) -> list[str]:
        return self.cli.split()

    @property
    def keys(self) -> list[str]:
        return self.page.split()

    @property
    def keywords(self) -> list[str]:
        return self.python.split()

    @property
    def is_argument(self) -> bool:
        return bool(self.cli) and not self.cli.startswith("-")


# fmt: off
#: Every option, in the order help lists them.
OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("player", str, "x", checks.player, "Whose map: x or o.", "x|o",
           cli="--player", page="player", python="player", choices=checks.players),
    Option("whole", bool, False, checks.flag,
           "The whole game on one map: every legal move of both players, each cell tinted by "
           "its outcome for the player who makes it (default file: output/whole-map).",
           cli="--whole", page="whole", python="whole"),
    Option("board", str, None, checks.board,
           "The board: 3x3, 4x4 (four in a row), 4x4k3, 3x4k3 ... (rows x columns, k in a "
           "row; k is the shorter side unless given).", "RxC[kK]",
           cli="--board", page="board", python="board geometry", choices=checks.boards),
    Option("rules", str, None, checks.rules,
           "normal (a line wins) or misere (whoever completes a line loses).",
           "normal|misere", cli="--rules", page="rules", python="rules",
           choices=checks.rule_names),
    Option("policy", str, "default", checks.policy,
           "Tie-break policy chain or preset (see 'ttt-maps policies').", "CHAIN",
           cli="--policy -p", page="policy", python="policy", choices=checks.chains),
    Option("start", str, None, checks.position,
           "The start position (default: the empty board), e.g. x...o.... or 'x../.o./...'.",
           "BOARD", cli="--start --from", page="start from", python="start root"),
    Option("depth", int, None, checks.whole_number(0),
           "Cut the nesting at D levels (a depth past the game's end draws the whole map; "
           "without one, a map too big to draw whole, or whose deeper moves the search "
           "budget does not reach, is drawn as deep as fits).",
           "D", cli="--depth", page="depth", python="depth"),
    Option("fold", bool, None, checks.flag,
           "Fold by symmetry: replies that are rotations or reflections of each other are "
           "drawn once, lettered, with how many they stand for (the default with --whole).",
           cli="--fold", page="fold", python="fold"),
    Option("max_boards", int, MAX_BOARDS, checks.whole_number(1),
           "The most boards a map may draw: a bigger one is drawn less deep, or refused with "
           "the depth that fits when a depth was asked for.",
           python="max_boards"),
    Option("theme", str, "light", checks.theme,
           "light, dark, print, xkcd (drawn by hand and lettered as the comic is), or auto: "
           "light, and dark where the docs page or the reader's system is (SVG and HTML; PDF "
           "and PNG draw it light).", "NAME",
           cli="--theme", page="theme", python="theme", choices=checks.themes),
    Option("title", str, None, checks.title, "A title drawn above the map.", "TEXT",
           cli="--title", page="title", python="title"),
    Option("alternatives", bool, False, checks.flag, "Draw other optimal moves faint.",
           cli="--alternatives", page="alternatives", python="alternatives"),
    Option("outcomes", bool, False, checks.flag, "Tint each sub-map by its outcome (win/draw).",
           cli="--outcomes", page="outcomes", python="outcomes"),
    Option("explain", bool, False, checks.flag,
           "Give each red move its reason: an SVG tooltip, and in the viewer the status line "
           "and the name a screen reader says.",
           cli="--explain", page="explain", python="explain"),
    Option("description", bool, False, checks.flag,
           "The strategy in words under the map, folded away in <details>: a long description "
           "for readers who cannot see the map.",
           cli="--description", page="description", python="description"),
    Option("caption", bool, None, checks.flag,
           "Head a single map with 'Map for X' and how to read it, and add the poster's footer "
           "(policy, counts): on by default for a PDF or PNG with --size.", cli="--caption"),
    Option("size", str, None, checks.size,
           "PDF/PNG page: A6..A0, letter, tabloid or WxH(mm|in|pt|px); a named page turns to "
           "fit the drawing unless -landscape or -portrait is added (A1-landscape).", "PAGE",
           cli="--size", python="size", choices=checks.pages, formats="pdf png"),
    Option("width", int, None, checks.whole_number(1, 32767, "pixels"),
           "PNG width in pixels (SVG: the width it declares).", "PX",
           cli="--width", python="width", formats="png svg"),
    Option("dpi", float, None, checks.number(1, 10_000, "expected a number from 1 to 10000, "
                                             "e.g. 150 or 300"),
           "PNG resolution; a PNG with --size and no --width is drawn at 300 dpi.", "DPI",
           cli="--dpi", python="dpi", formats="png"),
    Option("margin", float, None, checks.number(0, 1000, "expected 0 to 1000 millimetres"),
           f"Margin around the drawing with --size ({MARGIN_MM:g} mm).", "MM",
           cli="--margin", python="margin", formats="pdf png"),
    Option("text_as_paths", bool, False, checks.flag,
           "PDF: draw the text as outlines instead of embedding its font.",
           cli="--text-as-paths", python="text_as_paths", formats="pdf"),
    Option("id_prefix", str, None, checks.id_prefix,
           "Prefix for SVG ids (default: from the content).", "TEXT",
           cli="--id-prefix", python="id_prefix", formats="svg html"),
    Option("lang", str, None, checks.lang,
           "The language of every word a reader meets: en, fr, de, es or ru (default: the one "
           "LANGUAGE, LC_ALL or LANG names, else English).", "LANG",
           cli="--lang", page="lang", python="lang", choices=checks.languages),
    Option("prover", str, "auto", checks.one_of("auto", "search", "cp-sat"),
           "How minimality is proven: search (exact branch and bound), cp-sat (Google "
           "OR-Tools, with the cp-sat extra installed), or auto (the search where it is quick, "
           "else CP-SAT when installed).", "auto|search|cp-sat",
           cli="--prover", python="prover", choices=checks.provers),
    Option("level", str, "perfect", checks.level,
           "perfect (the map itself: never loses), novice (wins or blocks, else any move) or "
           "random:P (strays from the map with probability P).", "LEVEL",
           cli="--level", python="level", choices=checks.levels),
    Option("seed", int, 0, checks.whole_number(0, 10**18 - 1),
           "Seed for the levels that stray.", "N", cli="--seed", python="seed"),
    Option("height", int, VIEWER_HEIGHT, checks.whole_number(120, 10_000, "pixels"),
           "The viewer's height in pixels.", python="height"),
    Option("labels", list, None, checks.labels,
           "The names of the maps of a comparison, one per map (default: their policies).",
           python="labels"),
    # How a request runs (``ttt_maps.Settings``' fields).
    Option("search_limit", int, None, checks.whole_number(1),
           "Search up to N positions in all for this command, however big the board (without "
           "it, about ten seconds' worth on an ordinary machine).", "N",
           cli="--search-limit", python="search_limit"),
    Option("cache", bool, True, checks.flag,
           "Neither read nor keep the solved positions of big boards.",
           cli="--no-cache", python="cache"),
    # A progress bar on a terminal for long work: on for the command line, off in
    # ``Settings`` (the library's calls are quiet unless asked).
    Option("progress", bool, True, checks.flag, "No progress bar on stderr for long work.",
           cli="--no-progress", python="progress"),
    # The command line's own: what it reads and writes.
    Option("position", str, None, checks.position_or_empty,
           "A position, e.g. x...o.... or 'x../.o./...'; the empty board when left out.",
           "POSITION", cli="POSITION", python="position"),
    Option("chains", list, REQUIRED, checks.texts,
           "Two or more policy chains or presets; the first is the reference.", "POLICY",
           cli="POLICY", python="policies", choices=checks.chains),
    Option("policies", list, (), checks.texts,
           "A policy chain or preset (repeatable), e.g. fast,novice. See 'ttt-maps policies'.",
           "CHAIN", cli="--policy -p", python="policies", choices=checks.chains),
    Option("file", str, REQUIRED, None,
           "A strategy, table or game JSON file ('-': standard input).", "FILE", cli="FILE"),
    Option("action", str, "info", checks.one_of("info", "clear"),
           "info: list the tables; clear: delete them.", "info|clear",
           cli="ACTION", choices=checks.actions),
    Option("tool", str, REQUIRED, checks.one_of("pandoc", "quarto"),
           "pandoc: the filter (and an engine for pandoc-ext/diagram); quarto: the extension "
           "folder.", "pandoc|quarto", cli="TOOL", choices=checks.tools),
    Option("folder", str, ".", None, "The project folder (the current one).", "FOLDER",
           cli="FOLDER"),
    Option("format", list, None, checks.formats(*FORMATS),
           "The format: svg, pdf, png or html (default: from the file name).",
           "svg|pdf|png|html", cli="--format -f", python="format",
           choices=checks.format_choices(*FORMATS)),
    Option("output", str, None, None, "Write this file (atomically).", "FILE",
           cli="--output -o"),
    Option("picture", bool, False, None,
           "SVG for a README: each map light and dark (NAME-dark.svg beside it), and the "
           "<picture> HTML that shows the one the reader's mode asks for.", cli="--picture"),
    Option("gamebook", str, None, None,
           "Write the player's strategy in words instead of maps: one numbered section per "
           "position where the player chooses, with where to go after each reply. FILE.md "
           "(Markdown), FILE.txt (plain text to read aloud) or FILE.pdf (an A5 booklet with "
           "links; --size changes the page). -o FILE.md or FILE.txt does the same.", "FILE",
           cli="--gamebook"),
    Option("sheet", str, None, None,
           "Write the differences sheet to FILE (.svg, .pdf or .png, A4): a small board per "
           "position where the maps play differently, each policy's move in its colour and "
           "letter, and what the choice changes.", "FILE", cli="--sheet"),
    Option("diff_png", str, None, None,
           "The differences sheet as a PNG (the old name of --sheet FILE.png).", "FILE",
           cli="--diff-png"),
    Option("interactive", bool, False, None,
           "Play as on a terminal (the board, hints, reasons, u, ?, w, q) even when input is "
           "piped, for demos and recordings; what is read is shown after the prompt.",
           cli="--interactive -i"),
    Option("save", str, None, None, "Save the game as JSON (audit it with 'ttt-maps check').",
           "FILE", cli="--save"),
    Option("as_json", bool, False, None, "Print machine-readable JSON.", cli="--json"),
    Option("quiet", bool, False, None, "Print nothing on success.", cli="--quiet -q"),
    Option("force", bool, False, None,
           "Replace files there that are not as ttt-maps wrote them.", cli="--force"),
    # How a docs page shows a map.
    Option("alt", str, None, checks.text, "The alternative text (default: the map's title).",
           page="alt"),
    Option("mode", str, "inline", checks.one_of("inline", "image"),
           "inline (the SVG in the page, so it scales and its text can be found) or image (an "
           ".svg file beside the page).", page="mode", choices=checks.modes),
    Option("css_width", str, None, checks.css_width,
           "The map's width in the page: a CSS length (a bare number is pixels).", page="width"),
    # The playground's own.
    Option("compare", str, None, checks.policy,
           "A second policy to compare with the first: where their maps play differently, "
           "marked.", "CHAIN", page="compare", choices=checks.chains),
    Option("play", bool, False, checks.flag,
           "Open the map in play mode: you take the other side.", page="play"),
)}
# fmt: on

#: The fields of ``ttt_maps.Settings``: how a request runs, apart from what it asks for.
SETTINGS = ("search_limit", "cache", "progress")


class Takes:
    """What a command, an API function or a page takes: its options, in the order help
    lists them, and where it gives one another default, help, check or metavar than its
    row (``hidden``: options it takes but does not list, old ones kept for their users)."""

    def __init__(
        self,
        options: str,
        *,
        defaults: Mapping[str, Any] | None = None,
        helps: Mapping[str, str] | None = None,
        checks: Mapping[str, Check] | None = None,
        metavars: Mapping[str, str] | None = None,
        choices: Mapping[str, Choices] | None = None,
        hidden: str = "",
    ) -> None:
        self.names = _names(options)
        self.defaults = dict(defaults or {})
        self.helps = dict(helps or {})
        self.checks = dict(checks or {})
        self.metavars = dict(metavars or {})
        self.choices = dict(choices or {})
        self.hidden = frozenset(_names(hidden))

    def __contains__(self, name: object) -> bool:
        return name in self.names

    def options(self) -> list[Option]:
        return [OPTIONS[name] for name in self.names]

    def default(self, name: str) -> Any:
        return self.defaults.get(name, OPTIONS[name].default)

    def help(self, name: str) -> str:
        return self.helps.get(name, OPTIONS[name].help)

    def check(self, name: str) -> Check | None:
        return self.checks.get(name, OPTIONS[name].check)

    def metavar(self, name: str) -> str | None:
        return self.metavars.get(name, OPTIONS[name].metavar)

    def values(self, name: str) -> Choices | None:
        """The values an option knows here, each with a few words."""
        return self.choices.get(name, OPTIONS[name].choices)


def _names(words: str) -> tuple[str, ...]:
    """Option names written as words: ``"board rules"``."""
    return tuple(words.split())


_RUN = "search_limit cache progress"
_MAP = "board rules policy start depth fold"
_LOOK = "theme title alternatives outcomes explain"
_PAGE = "size width dpi margin text_as_paths id_prefix"
#: A map is folded only when asked (the whole game, unless asked not to).
_UNFOLDED = {"fold": False}
#: Where a map is drawn, ``player`` may be both: the poster.
_BOTH: dict[str, Any] = {
    "checks": {"player": checks.player_or_both},
    "metavars": {"player": "x|o|both"},
    "choices": {"player": checks.players_and_poster},
}

# fmt: off
#: The command line: each command's options, in the order its help lists them.
COMMANDS: dict[str, Takes] = {
    "render": Takes(
        f"player whole {_MAP} {_LOOK} description caption {_PAGE} lang {_RUN} format output "
        "picture gamebook quiet",
        defaults={"player": None, "board": "3x3", "rules": "normal"},
        **_BOTH,
        helps={
            "player": "x, o or both (the poster). Default: all three into output/, or the "
                      "poster with -o.",
            "description": "With --picture: print the strategy in words under the <picture>, "
                           "folded away in <details>, a long description for readers who "
                           "cannot see the map.",
            "format": "Output format (repeatable). Default: svg and pdf, or from -o's suffix.",
            "output": "Write this file (written atomically). Default: output/{x-map,o-map,"
                      "poster}, with the board in the name on other boards than 3x3 "
                      "(x-map-3x4k3.svg).",
        },
    ),
    "solve": Takes("position board rules lang search_limit cache progress policies as_json",
                   defaults={"board": "3x3", "rules": "normal"}),
    "stats": Takes(
        f"whole board rules fold lang {_RUN} as_json",
        defaults={"fold": False, "board": "3x3", "rules": "normal"},
        helps={
            "whole": "The whole game's map instead: its boards, folded and not, and moves.",
            "fold": "Map sizes folded by symmetry, compact's among them, and the fewest boards "
                    "a map can draw.",
        },
    ),
    "export": Takes(
        f"player board rules policy start fold explain lang {_RUN} output",
        defaults={"player": REQUIRED, "fold": False, "board": "3x3", "rules": "normal"},
        helps={
            "player": "Whose strategy: x or o.",
            "fold": "The folded map's strategy: only the positions it draws, marked "
                    '"folded" (the others are played as a listed rotation or reflection of '
                    "them).",
            "explain": 'Give each move its reason ("why"; check verifies them).',
            "output": "Write to FILE (atomically) instead of stdout.",
        },
    ),
    "check": Takes(
        f"file board rules {_RUN} as_json",
        defaults={"file": None},
        helps={
            "board": "Check the proof the package ships for this board instead of a file "
                     "(6x5k4, 5x6k4, 6x6k4).",
            "rules": "Refuse a file written for other rules (default: the file's own).",
        },
    ),
    "policies": Takes("board rules lang", defaults={"board": "3x3", "rules": "normal"}),
    "compare": Takes(
        f"chains player board rules start fold theme explain width dpi lang {_RUN} format "
        "output sheet diff_png as_json",
        defaults={"fold": False, "board": "3x3", "rules": "normal"},
        checks={"format": checks.formats("svg", "pdf", "png", "html")},
        hidden="diff_png",
        helps={
            "player": "Whose maps: x or o.",
            "fold": "The maps folded by symmetry: replies that are rotations or reflections "
                    "of each other are drawn once, and played alike, turned.",
            "explain": "Give each red move of the maps (-o) its reason.",
            "width": "The width in pixels of a PNG that -o or --sheet writes (SVG: the width "
                     "it declares).",
            "dpi": "The resolution of a PNG that -o or --sheet writes.",
            "format": "Format of -o FILE (default: from its suffix).",
            "output": "Write the maps side by side to FILE: an image (.svg, .pdf, .png) with "
                      "the positions where a map plays differently tinted, or linked viewers "
                      "(.html) that zoom together.",
        },
    ),
    "table": Takes(
        f"player board rules theme title explain {_PAGE} lang prover {_RUN} format output "
        "as_json",
        defaults={"player": REQUIRED, "board": "3x3", "rules": "normal"},
        checks={"format": checks.formats("svg", "pdf", "png", "json")},
        metavars={"format": "svg|pdf|png|json"},
        helps={
            "player": "Whose table: x or o.",
            "title": "The sheet's title.",
            "explain": "Each move's reason, in a few words under its board.",
            "size": "PDF/PNG page: A4 (the default), letter, A3 ...",
            "format": "Format: svg, pdf, png or json (default: from FILE).",
            "output": "Write the one-page cheat sheet (.svg, .pdf, .png) or the table (.json) "
                      "to FILE (atomically). Default: list the table on the terminal.",
        },
    ),
    "cache": Takes("action"),
    "play": Takes(
        "player board rules policy start fold lang level seed search_limit cache interactive "
        "save",
        defaults={"fold": False, "board": "3x3", "rules": "normal"},
        helps={
            "player": "The map the computer follows; you play the other side.",
            "fold": "The map folded by symmetry: replies that are rotations or reflections of "
                    "each other are drawn once, and played alike, turned.",
        },
    ),
    "docs": Takes("tool folder force"),
}

#: The Python API: each function's keyword-only options (and ``settings=`` where it does
#: work). Its signature is written out in ``ttt_maps.api``; a test holds the two alike.
FUNCTIONS: dict[str, Takes] = {
    "strategy": Takes("board rules depth fold max_boards lang", defaults=_UNFOLDED),
    "poster": Takes("board rules depth fold max_boards lang", defaults=_UNFOLDED),
    "whole": Takes("board rules depth fold max_boards", defaults={"fold": True}),
    "table": Takes("board rules prover"),
    "render": Takes(f"{_LOOK} depth {_PAGE} lang"),
    "save": Takes(f"{_LOOK} depth {_PAGE} lang"),
    "gamebook": Takes("theme size text_as_paths lang",
                      checks={"format": checks.formats("md", "txt", "pdf")}),
    "solve_position": Takes("board rules lang"),
    "stats": Takes("board rules whole fold lang", defaults=_UNFOLDED),
    "policies": Takes("board rules lang"),
    "compare_policies": Takes("player board rules start fold depth theme explain lang",
                              defaults=_UNFOLDED),
    "check": Takes("rules board"),
    "new_game": Takes("board rules fold level seed lang", defaults=_UNFOLDED),
    "explain": Takes("board rules lang"),
    "tie_break": Takes("board rules"),
    "viewer": Takes(f"{_LOOK} depth description height lang"),
    "widget": Takes("theme title depth explain labels height lang"),
}

#: A map in a docs page: the Sphinx and MyST directive, the MkDocs and pandoc fences.
PAGE = Takes(
    f"player whole {_MAP} {_LOOK} description lang alt mode css_width",
    helps={"player": "Whose map: x or o (both: the poster)."},
    **_BOTH,
)
#: The playground page: its form, and its address.
PLAYGROUND = Takes(
    "player board rules policy start depth fold theme alternatives outcomes explain lang "
    "compare play",
    defaults={"theme": "auto", "board": "3x3", "rules": "normal"},
    # A web page's words, where the command line's speak of a shell or of what the page
    # does not make (PDF, PNG, the whole game).
    helps={
        "player": "Whose map: x or o (both: the poster, both maps side by side).",
        "policy": "The tie-break policy: a preset (default, yorgey, xkcd) or a chain of keys "
                  "separated by commas, such as fast,center (the page “Tie-break policies” "
                  "lists them).",
        "start": "The position the map starts from (empty: the empty board), row by row: x, "
                 "o and . for an empty cell, such as x...o.... or x../.o./...",
        "depth": "Draw this many levels of sub-maps, then only the moves (empty: every "
                 "level).",
        "fold": "Fold by symmetry: replies that are rotations or reflections of each other "
                "are drawn once, lettered, with how many they stand for.",
        "theme": "light, dark, print, xkcd (drawn by hand and lettered as the comic is), or "
                 "auto: light or dark as this site is shown.",
        "lang": "The language of every word the map and its viewer say: en (English), fr "
                "(French), de (German), es (Spanish) or ru (Russian).",
    },
    **_BOTH,
)

#: What each kind of request takes, where one command, function or page makes several
#: kinds: an option of another kind is refused by name (``--alternatives`` for the whole
#: game). ``game`` is a question about the game itself (solve, stats, a table).
REQUESTS: dict[str, tuple[str, ...]] = {
    "map": _names(f"player {_MAP} max_boards {_LOOK} description caption {_PAGE} lang"),
    "poster": _names(f"player {_MAP} max_boards {_LOOK} description {_PAGE} lang"),
    "whole": _names(f"whole board rules start depth fold max_boards theme title {_PAGE} lang"),
    "gamebook": _names("player board rules policy start fold theme size text_as_paths lang"),
    "table": _names(f"theme title explain {_PAGE} lang"),
    "game": _names("board rules start policy lang"),
}
#: Each kind of drawing as a refusal names it.
KINDS = {"map": "a player's map", "poster": "the poster", "whole": "the whole game",
         "gamebook": "a gamebook", "table": "the minimal table", "game": "the solved game"}
# fmt: on


# -- how a surface spells an option, and its refusals -----------------------------------


class OptionRefused(UsageError):
    """A usage error about one option's value (``option``: its name), so a page can say
    the line it is on; ``spelled`` is how the message begins by naming it."""

    def __init__(self, message: str, option: str = "", spelled: str = "") -> None:
        super().__init__(message)
        self.option = option
        self.spelled = spelled


class Surface:
    """Where options were given (``cli``, ``python``, ``fence``: a MkDocs or pandoc block,
    ``directive``: Sphinx's and MyST's ``:key:``), and how each was spelled there
    (``said``: option name -> the flag, keyword or key written, where not its name)."""

    def __init__(self, name: str, said: Mapping[str, str] | None = None) -> None:
        self.name = name
        self.said = dict(said or {})

    def key(self, option: Option) -> str:
        """The spelling the reader wrote, else the option's own on this surface."""
        said = self.said.get(option.name)
        if said is not None:
            return said
        if self.name == "cli":
            return (option.flags or [option.name])[0]
        if self.name == "python":
            return (option.keywords or [option.name])[0]
        return (option.keys or [option.name])[0]

    def spelled(self, option: Option) -> str:
        """``--depth``, ``depth=``, ``depth``, ``:depth:``; a command-line argument by its
        name in lower case (``position``)."""
        key = self.key(option)
        if self.name == "cli":
            return key.lower() if option.is_argument else key
        if self.name == "python":
            return f"{key}="
        return f":{key}:" if self.name == "directive" else key

    def shown(self, option: Option, value: object) -> str:
        """An option with a value as this surface writes it: ``--depth 1``, ``depth=1``,
        ``depth: 1``, ``:depth: 1``."""
        spelled = self.spelled(option)
        said = f"{value:g}" if isinstance(value, float) else str(value)
        if self.name == "python":
            said = said if isinstance(value, int | float) else repr(value)
            return f"Settings({spelled}{said})" if option.name in SETTINGS else f"{spelled}{said}"
        return f"{spelled}: {said}" if self.name == "fence" else f"{spelled} {said}"

    def say(self, name: str, value: object = None) -> str:
        """An option by name, with a value to suggest or alone (``Limit.worded``)."""
        option = OPTIONS[name]
        return self.spelled(option) if value is None else self.shown(option, value)

    def refused(self, option: Option, value: Any, reason: str) -> OptionRefused:
        """The usage error for ``value``, in this surface's words (a reason that quotes the
        value already, ``policy key 'zzz' is unknown``, is not told it twice)."""
        said = isinstance(value, str) and len(value) > 3 and repr(value[:30])[:-1] in reason
        spelled = self.spelled(option)
        if self.name == "python":
            said_value = "" if said else _repr(value)
            return OptionRefused(f"{spelled}{said_value}: {reason}", option.name, spelled)
        shown = "" if said else " " + (quote(value) if isinstance(value, str) else _repr(value))
        if self.name in ("fence", "directive"):
            return OptionRefused(f"bad {spelled} option:{shown}{':' if shown else ''} {reason}",
                                 option.name)  # fmt: skip
        return OptionRefused(f"{spelled}{shown}: {reason}", option.name, spelled)

    def read(self, option: Option, value: Any, check: Check | None = None) -> Any:
        """``value`` checked by ``check`` (the option's own by default), or a usage error
        naming the option as written here."""
        check = option.check if check is None else check
        if value is None or check is None:
            return value
        try:
            return check(value)
        except Refused as exc:
            said = value if exc.part is None else exc.part
            raise self.refused(option, said, str(exc)) from None

    def together(self, option: Option, first: str, second: str) -> OptionRefused:
        """Two spellings of one option given at once."""
        words = {"python": f"{first}= and {second}=", "directive": f":{first}: and :{second}:"}
        said = words.get(self.name, f"{first} and {second}")
        return OptionRefused(f"{said} are one option; give one", option.name)

    def elsewhere(self, option: Option, kind: str) -> OptionRefused:
        """An option given for a kind of request that does not take it."""
        where = [KINDS[k] for k in REQUESTS if option.name in REQUESTS[k] and k in KINDS]
        said = ", ".join(where[:-1]) + (" and " if len(where) > 1 else "") + where[-1]
        text = f"applies to {said}, not to {KINDS[kind]}"
        if self.name in ("fence", "directive"):
            return OptionRefused(f"bad {self.spelled(option)} option: it {text}", option.name)
        return OptionRefused(f"{self.spelled(option)} {text}", option.name)


def _repr(value: Any) -> str:
    """A value as Python writes it, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= 80 else text[:79] + "…"


def refuse_formats(given: Iterable[str], fmts: Iterable[str], surface: Surface) -> None:
    """A usage error for an option given for files none of which it applies to (with
    several files, each takes the options that apply to it)."""
    wanted = list(dict.fromkeys(fmts))
    for name in given:
        option = OPTIONS[name]
        if option.formats and not set(option.formats.split()) & set(wanted):
            writing = " and ".join(f.upper() for f in wanted)
            meant = " and ".join(sorted(f.upper() for f in option.formats.split()))
            raise OptionRefused(
                f"{surface.spelled(option)} does not apply when writing {writing}: it is for "
                f"{meant}",
                name,
            )


# -- the Python API ------------------------------------------------------------------------

#: The API's old keywords, each with its option's name (``root=`` is ``start=``).
OLD_KEYWORDS = {kw: o.name for o in OPTIONS.values() for kw in o.keywords[1:]}
#: An API function.
F = TypeVar("F", bound=Callable[..., Any])


def checked(function: F) -> F:
    """An API function whose arguments are checked as it is called, each by its row of
    the options table (or the function's own check, ``FUNCTIONS``): a refusal names the
    keyword as the caller wrote it, an old one too (``root=``, read as ``start=``), and
    two spellings of one option are refused together. ``settings=`` is checked field by
    field. An unknown keyword is Python's own ``TypeError``."""
    takes = FUNCTIONS[function.__name__]
    signature = inspect.signature(function)
    keywords = {kw: o.name for o in OPTIONS.values() for kw in o.keywords[:1]}

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        said: dict[str, str] = {}
        for key in [k for k in kwargs if OLD_KEYWORDS.get(k) in signature.parameters]:
            name = OLD_KEYWORDS[key]
            if name in kwargs or name in said:
                option = OPTIONS[name]
                raise Surface("python").together(option, said.get(name, key), name)
            said[name] = key
            kwargs[name] = kwargs.pop(key)
        bound = signature.bind(*args, **kwargs)
        surface = Surface("python", said)
        for name, value in bound.arguments.items():
            if name == "settings":
                check_settings(value)
            elif name in keywords:
                option = OPTIONS[keywords[name]]
                if value is None and signature.parameters[name].default is not None:
                    raise surface.refused(option, value, "a value is required")
                bound.arguments[name] = surface.read(option, value, takes.checks.get(name))
        try:
            return function(*bound.args, **bound.kwargs)
        except Limit as exc:  # said in the words of Python: depth=3, width=
            raise exc.said_as(surface.say) from None
        except OptionRefused as exc:
            if exc.option not in said or not exc.spelled:
                raise
            spelled = surface.spelled(OPTIONS[exc.option])
            raise OptionRefused(spelled + str(exc)[len(exc.spelled) :], exc.option) from None

    return call  # type: ignore[return-value]


def check_settings(settings: object) -> None:
    """A ``Settings`` value's fields, each checked by its row (``search_limit='9'`` is a
    usage error naming it)."""
    if settings is None:
        return
    if not isinstance(settings, Settings):
        raise UsageError(f"settings={settings!r}: expected a ttt_maps.Settings(...)")
    surface = Surface("python")
    for name in SETTINGS:
        surface.read(OPTIONS[name], getattr(settings, name))


# -- a docs page's text --------------------------------------------------------------------


def page_keys(takes: Takes = PAGE) -> dict[str, Option]:
    """The options of a page, by every key it takes (old ones included)."""
    return {key: OPTIONS[name] for name in takes.names for key in OPTIONS[name].keys}


_TRUE, _FALSE = ("true", "yes", "on"), ("false", "no", "off")


def from_text(option: Option, value: str | None) -> Any:
    """A page's or the command line's text as the value its option takes: a flag alone is
    true; numbers in ASCII digits (``int`` and ``float`` alone would also take other
    scripts' digits, ``1_000``, ``nan`` and ``inf``), as many as the reader likes: the
    option's check says how large they may be."""
    said = (value or "").strip()
    if option.kind is bool:
        if not said or said.lower() in _TRUE:
            return True
        if said.lower() in _FALSE:
            return False
        raise Refused("a flag is its name alone, or name: true or false")
    if option.kind in (int, float):
        if len(said) > _MOST_DIGITS:
            raise Refused("too large a number")
        if option.kind is int:
            if not _WHOLE.fullmatch(said):
                raise Refused("expected a whole number in digits 0-9")
            return int(said)
        if not _DECIMAL.fullmatch(said):
            raise Refused("expected a number in digits 0-9, e.g. 150 or 2.5")
        number = float(said)
        if not math.isfinite(number):
            raise Refused("too large a number")
        return number
    if not said:
        raise Refused("a value is required")
    return said


#: How numbers are written: ASCII digits, a sign, one decimal point, an exponent.
_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
#: The most digits a number may be written with (Python reads no longer whole number).
_MOST_DIGITS = 4000


class FenceError(UsageError):
    """A bad line of a fence's options, and the line it is on."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


_FENCE_LINE = re.compile(r"(?P<name>[A-Za-z_-]+)[ \t]*(?::[ \t]*(?P<value>.*?))?[ \t]*\Z")


def read_fence(
    body: Iterable[str], first: int, indent: str = ""
) -> tuple[dict[str, Any], dict[str, int], Surface]:
    """A fence's options, one ``key: value`` a line after its opening line ``first``,
    each checked: the options by name, the line each is on, and how they were spelled
    (the ``Surface`` that words a refusal later). Blank lines and ``#`` comments are
    skipped; a flag is its key alone, or ``key: true`` (``false`` leaves it out). A bad
    line is a ``FenceError`` carrying its number."""
    known = page_keys()
    options: dict[str, Any] = {}
    lines: dict[str, int] = {}
    surface = Surface("fence")
    for number, raw in enumerate(body, start=first + 1):
        line = raw[len(indent) :] if raw.startswith(indent) else raw.lstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _FENCE_LINE.fullmatch(line.strip())
        if match is None:
            raise FenceError(number, f"expected 'option: value', not {line!r}")
        key, value = match.group("name").lower(), match.group("value")
        option = known.get(key)
        if option is None:
            raise FenceError(number, f"unknown option {key!r}; known: {', '.join(known)}")
        if option.name in lines:
            earlier = surface.key(option)
            message = (
                f"option {key!r} is given twice"
                if earlier == key
                else str(surface.together(option, earlier, key))
            )
            raise FenceError(number, message)
        surface.said[option.name] = key
        try:
            converted = from_text(option, value)
            lines[option.name] = number
            if converted is False and option.kind is bool and option.default is False:
                continue  # a flag written false is left out
            options[option.name] = surface.read(option, converted, PAGE.check(option.name))
        except Refused as exc:
            raise FenceError(number, str(surface.refused(option, value or "", str(exc)))) from None
        except UsageError as exc:
            raise FenceError(number, str(exc)) from None
    return options, lines, surface


# -- the docs' options table ---------------------------------------------------------------


def rows() -> Iterator[tuple[str, str, str, str, str, str]]:
    """The options table of the docs: each option's name, its command-line flags, its
    Python keyword, its page key, what takes it and what it does."""
    for option in OPTIONS.values():
        if option.name == "diff_png":
            continue  # an old name, kept for those who wrote it
        flags = option.metavar or "" if option.is_argument else " ".join(option.flags)
        python = " ".join(f"{k}=" for k in option.keywords)
        if option.name in SETTINGS:
            python = f"Settings({option.name}=)"
        takers = [c for c, t in COMMANDS.items() if option.name in t]
        takers += [f"{f}()" for f, t in FUNCTIONS.items() if option.name in t]
        if option.name in PAGE:
            takers.append("pages")
        if option.name in PLAYGROUND:
            takers.append("the playground")
        yield option.name, flags, python, " ".join(option.keys), ", ".join(takers), option.help
