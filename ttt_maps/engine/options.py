"""Every option of ttt-maps, declared once.

An option is one entry of ``Options`` below: its name and type, and in an
``Option`` its default, its help, what it applies to and how each surface
spells it. Every surface is made from these entries, none keeps a list of
its own: the command line's options (``cli.options``), the keywords of the
Python API (``Unpack[Options]``, so editors complete them), the options of
the Sphinx and MyST directive and of the MkDocs and pandoc fences
(``integrations.recipe``), the widget's arguments and the options table of
the documentation. A feature is its entry here, its code and its tests.

Each value is checked once, by its option's ``check``, whatever surface it
came from; a refusal names the option as that surface spells it
(``--depth -1: …`` on the command line, ``depth=-1: …`` in Python, ``bad
depth option: …`` at a fence's line).

This module is read by every run of the command line, ``--help`` included,
so it imports nothing beyond the standard library at its top; the checks that
need a board, a theme or a page import them when they run.
"""

import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict

from ttt_maps.errors import UsageError, quote

if TYPE_CHECKING:
    from typing import Annotated

    from ttt_maps.backends.page import PageSize
    from ttt_maps.draw.themes import Theme
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.game.position import Position
    from ttt_maps.policy.policy import Policy

if not TYPE_CHECKING:

    class Annotated:
        """``Annotated[T, Option(...)]`` at run time: the ``Option`` alone (type checkers
        read typing's own). Typing's builds an alias per option and checks each again as
        the TypedDicts below are made: 45,700 bytecodes, about 2 ms, of every run that
        reads the declarations, for types nothing reads while it runs."""

        def __class_getitem__(cls, params: tuple[Any, ...]) -> Any:
            return params[1]


#: A check: the value as given, in or out, or ``Refused`` saying why not.
Check = Callable[[Any, "Use"], Any]
#: The values an option knows where a job asks for it, each with a few words (completion,
#: the docs, the playground).
Choices = Callable[[str], list[tuple[str, str]]]


class Refused(Exception):
    """A value an option does not take, and why (worded by the surface it came from)."""


class OptionRefused(UsageError):
    """A usage error about one option's value (``option``: its name), so a fence can say
    the line it is on."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


class Use(NamedTuple):
    """Where an option was given: the surface (``cli``, ``python``, ``fence``: a MkDocs
    or pandoc block, or ``directive``: Sphinx's and MyST's ``:key:``), what
    it is asked for (a ``job`` of ``APPLIES``), and how the options were spelled there
    when an alias was used (``said``: option name -> the key written, ``from``)."""

    surface: str
    job: str = "map"
    said: tuple[tuple[str, str], ...] = ()


#: What an option may apply to, as a refusal says it.
APPLIES = {
    "map": "a player's map",
    "poster": "the poster",
    "whole": "the whole game",
    "gamebook": "a gamebook",
    "table": "the minimal table",
    "compare": "a comparison",
    "play": "a game against a map",
    "export": "a strategy file",
    "solve": "a solved position",
    "stats": "the counts",
    "check": "an audit",
    "policies": "the list of policies",
    "cache": "the cache",
    "docs": "a filter for pandoc or Quarto",
    "viewer": "the viewer in a notebook",
    "page": "a map in a docs page",
    "playground": "the playground page",
}


class Command(NamedTuple):
    """A command of the command line: what it makes (its options are those that apply to
    one of these) and its help (the first line is its summary in ``ttt-maps --help``)."""

    makes: frozenset[str]
    help: str


def cleandoc(doc: str) -> str:
    """``inspect.cleandoc`` (whose module imports dozens): the first line's leading space
    and the others' common indentation removed, and the blank lines around them. Help
    texts are written indented, as docstrings are, and read as typer reads a docstring."""
    lines = doc.expandtabs().split("\n")
    margin = min((len(line) - len(line.lstrip()) for line in lines[1:] if line.lstrip()), default=0)
    lines = [lines[0].lstrip(), *(line[margin:] for line in lines[1:])]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


#: The command line's own help, above its commands.
PROGRAM_HELP = cleandoc(
    """Complete maps of optimal tic-tac-toe play, in the style of xkcd 832.

    Boards are written row-major with x, o and '.' (e.g. x...o....); cells are
    numbered 0..8 from the top left.
    """
)
#: The command line's commands, in the order ``--help`` lists them.
COMMANDS: dict[str, Command] = {
    "render": Command(
        frozenset({"gamebook", "map", "poster", "render", "whole"}),
        cleandoc(
            """Draw the maps: with no options, both maps and the poster into output/ as SVG and PDF.

            An option that applies to none of the files being written (--dpi for a
            PDF, --size for an SVG, --margin without --size) is an error; with several
            formats, each file takes the options that apply to it.
            """
        ),
    ),
    "solve": Command(
        frozenset({"solve"}),
        cleandoc(
            """The value of a position, every legal move's outcome, and each policy's choice.
            """
        ),
    ),
    "stats": Command(
        frozenset({"stats"}),
        cleandoc(
            """The solved game's counts (games, positions, who wins) and each preset's map size.
            """
        ),
    ),
    "export": Command(
        frozenset({"export"}),
        cleandoc(
            """A strategy as ttt-maps/strategy@1 JSON: the chosen move at every position.
            """
        ),
    ),
    "check": Command(
        frozenset({"check"}),
        cleandoc(
            """Audit a strategy file, a table from 'ttt-maps table', or a game saved by
            'ttt-maps play --save', against the solved game: exit 0 when perfect (every move
            keeps its player's best result), 1 when not, 2 when the file cannot be read; the
            board is the file's "geometry".
            """
        ),
    ),
    "policies": Command(
        frozenset({"policies"}),
        cleandoc(
            """The tie-break policy keys and presets, one line each (on --board's board).
            """
        ),
    ),
    "compare": Command(
        frozenset({"compare"}),
        cleandoc(
            """Maps under several tie-break policies compared: where they play differently, up to
            rotation and reflection, as a table, a sheet, the maps side by side or linked viewers.
            """
        ),
    ),
    "table": Command(
        frozenset({"table"}),
        cleandoc(
            """The minimal strategy table: the fewest positions to know, as a list, JSON or sheet.

            The positions a player must know, up to rotation, reflection and move order,
            each with its move, to play perfectly by looking them up from the empty board;
            found by exact search and proven minimal. -o FILE.pdf draws them as a one-page
            cheat sheet, boards grouped by move.
            """
        ),
    ),
    "cache": Command(
        frozenset({"cache"}),
        cleandoc(
            """The solved positions kept for bigger boards (in the user's cache folder).
            """
        ),
    ),
    "play": Command(
        frozenset({"play"}),
        cleandoc(
            """Play against a map: the computer plays its red moves, you the other side.

            On a terminal: type a cell number (counted from 0, as the empty cells show) or a
            row and a column (counted from 1: 2 2 is the centre); u undoes, ? shows your
            best moves by the solved game and why, w says why the last move was played, q
            quits (--interactive: the same with piped input). Otherwise one cell number per
            line is read from standard input; 'position: BOARD' lines and a last
            'result: ...' line are printed, so another program can play.
            """
        ),
    ),
    "docs": Command(
        frozenset({"docs"}),
        cleandoc(
            """Write the filter that draws ```ttt-map blocks in pandoc, Quarto or R Markdown
            documents.

            The blocks take the same options as the MkDocs fence, one a line. The filter
            runs this Python's ttt-maps; set TTT_MAPS_PYTHON to use another.
            """
        ),
    ),
}

#: Everything that builds a tree of the solved game, and so searches.
SEARCHING = frozenset({"map", "poster", "whole", "gamebook", "table", "compare", "play",
                       "export", "solve", "stats", "check"})  # fmt: skip
#: Sentinel default: the option must be given.
REQUIRED: Any = type("Required", (), {"__repr__": lambda self: "REQUIRED"})()


class Option:
    """One option: its default and help, the kind of value it takes, what it applies to,
    and its spelling on each surface.

    ``kind`` is ``text``, ``int``, ``number``, ``flag`` (there or not), ``switch``
    (on, off or left to the default: ``--fold/--no-fold``) or ``list`` (repeatable
    text). ``cli`` holds the command line's flags (the first is its name, the rest
    aliases; a ``cli_argument`` is positional, its metavar its name); ``fence`` the
    keys of the docs tools (the first the name); ``python`` the API's keywords.
    ``choices`` are the values it knows: all it takes, or (``open_choices``) the
    usual ones of many (boards, policies, pages).
    ``step`` is ``build`` for what chooses the tree (``strategy``), ``draw`` for how
    it is drawn (``render``), both, or neither. ``formats`` are the files it means
    something for. ``defaults`` and ``helps`` hold what differs by command.
    """

    __slots__ = ("applies", "check", "choices", "cli", "cli_argument", "default",
                 "defaults", "fence", "formats", "help", "helps", "hidden", "kind",
                 "metavar", "name", "negative", "open_choices", "python", "step")  # fmt: skip

    def __init__(
        self,
        help: str,
        *,
        kind: str = "text",
        default: Any = None,
        metavar: str | None = None,
        cli: tuple[str, ...] = (),
        cli_argument: bool = False,
        negative: bool = False,
        fence: tuple[str, ...] = (),
        python: tuple[str, ...] | None = None,
        applies: Iterable[str] = (),
        step: str = "",
        formats: Iterable[str] = (),
        check: Check | None = None,
        choices: Choices | None = None,
        open_choices: bool = False,
        defaults: Mapping[str, Any] | None = None,
        helps: Mapping[str, str] | None = None,
        hidden: bool = False,
    ) -> None:
        self.name = ""  # set from its key in ``Options``
        self.help, self.kind, self.default, self.metavar = help, kind, default, metavar
        self.cli, self.cli_argument, self.negative = cli, cli_argument, negative
        self.fence, self.python = fence, python
        self.applies, self.step, self.formats = frozenset(applies), step, frozenset(formats)
        self.check, self.choices, self.open_choices = check, choices, open_choices
        self.defaults, self.helps = dict(defaults or {}), dict(helps or {})
        self.hidden = hidden

    def __repr__(self) -> str:
        return f"Option({self.name!r})"

    def default_for(self, job: str) -> Any:
        """The default where ``job`` asks for it (a command's name, or what is made)."""
        return self.defaults.get(job, self.default)

    def help_for(self, job: str) -> str:
        return self.helps.get(job, self.help)

    def metavar_for(self, job: str) -> str | None:
        """The metavar where ``job`` asks for it: a choice of names lists those it takes
        there (``x|o`` or ``x|o|both``)."""
        if self.choices is not None and self.metavar and "|" in self.metavar:
            return "|".join(name for name, _ in self.choices(job))
        return self.metavar

    def spelled(self, use: Use) -> str:
        """The option's name on the surface of ``use``: ``--depth``, ``depth=``, ``depth``."""
        if use.surface == "cli":
            return (self.metavar or self.name.upper()) if self.cli_argument else self.cli[0]
        said = dict(use.said).get(self.name)
        if use.surface in ("fence", "directive"):
            key = said or (self.fence[0] if self.fence else self.name)
            return f":{key}:" if use.surface == "directive" else key
        return f"{said or (self.python or (self.name,))[0]}="

    def refused(self, value: Any, reason: str, use: Use) -> OptionRefused:
        """The usage error for ``value``, in the words of the surface it came from (a
        reason that quotes the value already, ``policy key 'zzz' is unknown``, is not
        told it twice)."""
        said = isinstance(value, str) and len(value) > 3 and repr(value[:30])[:-1] in reason
        if use.surface == "python":
            shown = "" if said else _repr(value)
            return OptionRefused(self.name, f"{self.spelled(use)}{shown}: {reason}")
        shown = quote(value) if isinstance(value, str) else _repr(value)
        if said:
            what = self.spelled(use).lower() if self.cli_argument else self.spelled(use)
            prefix = f"bad {what} option" if use.surface in ("fence", "directive") else what
            return OptionRefused(self.name, f"{prefix}: {reason}")
        if use.surface in ("fence", "directive"):
            return OptionRefused(self.name, f"bad {self.spelled(use)} option: {shown}: {reason}")
        if self.cli_argument:
            return OptionRefused(self.name, f"{self.spelled(use).lower()} {shown}: {reason}")
        return OptionRefused(self.name, f"{self.spelled(use)} {shown}: {reason}")

    def read(self, value: Any, use: Use) -> Any:
        """``value`` checked (and put in its one form: ``X`` is ``x``), or a usage error
        naming the option as ``use``'s surface spells it."""
        if value is None or self.check is None:
            return value
        try:
            return self.check(value, use)
        except Refused as exc:
            raise self.refused(value, str(exc), use) from None
        except UsageError as exc:  # a deeper check (a board, a policy) refused it
            raise self.refused(value, exc.reason or str(exc), use) from None


def _repr(value: Any) -> str:
    """A value as Python writes it, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= 80 else text[:79] + "…"


# -- the checks -----------------------------------------------------------------------


def _text(value: Any, use: Use) -> str:
    if not isinstance(value, str):
        raise Refused(f"expected text, not {type(value).__name__}")
    return value


def _some_text(value: Any, use: Use) -> str:
    text = _text(value, use).strip()
    if not text:
        raise Refused("a value is required")
    return text


def _flag(value: Any, use: Use) -> bool:
    if not isinstance(value, bool):
        raise Refused("expected True or False")
    return value


def _whole_number(low: int, high: int | None = None, what: str = "") -> Check:
    """An ``int`` from ``low`` to ``high`` (not a bool, not a float)."""
    span = f"{low} or more" if high is None else f"from {low:,} to {high:,}".replace(",", "")
    words = f"expected a whole number{' of ' + what if what else ''}, {span}"

    def check(value: Any, use: Use) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Refused(words)
        if value < low or (high is not None and value > high):
            raise Refused(words)
        return value

    return check


def _number(low: float, high: float, words: str) -> Check:
    """A finite ``int`` or ``float`` from ``low`` to ``high``."""

    def check(value: Any, use: Use) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Refused(words)
        if not (math.isfinite(value) and low <= value <= high):
            raise Refused(words)
        return float(value) if isinstance(value, int) else value

    return check


def _one_of(*values: str, words: str | None = None) -> Check:
    """One of ``values``, ignoring case and spaces around it."""
    said = words or f"choose {', '.join(values[:-1])} or {values[-1]}"

    def check(value: Any, use: Use) -> str:
        word = _text(value, use).strip().lower()
        if word not in values:
            raise Refused(said)
        return word

    return check


def _player(value: Any, use: Use) -> str:
    """x or o, and both (the poster) where a map is drawn."""
    word = _text(value, use).strip().lower()
    both = use.job in ("map", "poster", "render", "page", "playground")
    if word in ("x", "o") or (both and word == "both"):
        return word
    raise Refused("choose x, o or both (both = the poster)" if both else "choose x or o")


def _board(value: Any, use: Use) -> Any:
    """A board's size and line length (``3x3``, ``4x4k3``), or a ``Geometry``."""
    # lazy: --help, --version, a usage error and a misspelled command run without it
    from ttt_maps.game.geometry import Geometry

    if isinstance(value, Geometry):
        return value
    Geometry.parse(_some_text(value, use))  # refused here with why, the rules come later
    return value.strip()


def _rules(value: Any, use: Use) -> str:
    """normal or misere (misère, any case)."""
    # lazy: --help, --version, a usage error and a misspelled command run without it
    from ttt_maps.game.geometry import parse_rules

    return "misere" if parse_rules(_text(value, use)) else "normal"


def _position(value: Any, use: Use) -> Any:
    """A board string (the board's size is read once the board is known), or a ``Position``."""
    # lazy: --help, --version, a usage error and a misspelled command run without it
    from ttt_maps.game.position import Position

    if isinstance(value, Position):
        return value
    return _some_text(value, use)


def _policy(value: Any, use: Use) -> Any:
    """A chain or preset (parsed once the board is known), or a ``Policy``."""
    # lazy: --help, --version, a usage error, a misspelled command and `table` run without it
    from ttt_maps.policy.policy import Policy

    if isinstance(value, Policy):
        return value
    return _some_text(value, use)


def _theme(value: Any, use: Use) -> Any:
    # lazy: --help, --version, a usage error and a misspelled command run without it
    from ttt_maps.draw.themes import Theme, get_theme

    return value if isinstance(value, Theme) else get_theme(_text(value, use)).name


def _size(value: Any, use: Use) -> Any:
    # lazy: no command's start-up needs it
    from ttt_maps.backends.page import PageSize, parse_size

    if isinstance(value, PageSize):
        return value
    parse_size(_text(value, use))
    return value.strip()


#: Patterns as text: ``re`` compiles one when it is first used, not at every start.
_ID_PREFIX = r"[A-Za-z_][A-Za-z0-9_.-]{0,63}\Z"


def _id_prefix(value: Any, use: Use) -> str:
    text = _text(value, use)
    if not re.match(_ID_PREFIX, text):
        raise Refused("must start with a letter or '_' and hold only letters, digits, '_', '-' "
                      "and '.' (at most 64)")  # fmt: skip
    return text


def _level(value: Any, use: Use) -> str:
    # lazy: no command's start-up needs it
    from ttt_maps.play.game import parse_level

    text = _text(value, use)
    parse_level(text)
    return text.strip().lower()


def _lang(value: Any, use: Use) -> str:
    """A language ttt-maps speaks, by any name a locale gives it (``fr_FR.UTF-8``)."""
    # lazy: --help runs without it
    from ttt_maps.language import resolve

    return resolve(_text(value, use))


def _labels(value: Any, use: Use) -> list[str]:
    if isinstance(value, str) or not all(isinstance(v, str) for v in value):
        raise Refused("expected a list of names, one per map")
    return list(value)


_CSS_WIDTH = r"([0-9]{1,9}(?:\.[0-9]{1,9})?)(px|%|em|rem|ex|ch|vw|vh|cm|mm|in|pt|pc)?\Z"


def _css_width(value: Any, use: Use) -> str:
    """A CSS length; a bare number means pixels."""
    text = _some_text(value, use)
    match = re.match(_CSS_WIDTH, text)
    if not match or float(match.group(1)) <= 0:
        raise Refused("not a width; give a CSS length such as 600px, 80% or 30em")
    return text if match.group(2) else f"{text}px"


def _format(value: Any, use: Use) -> Any:
    """A format's name, or (on the command line, where it is repeatable) several, each
    one that the job writes."""
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
        raise Refused("expected a format's name, e.g. svg")
    known = [name for name, _ in _formats(use.job)]
    found = [n.strip().lower() for n in names]
    for name in found:
        if name not in known:
            raise Refused(f"choose {', '.join(known[:-1])} or {known[-1]}")
    return found[0] if isinstance(value, str) else found


def _texts(value: Any, use: Use) -> list[str]:
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise Refused("expected a list of names")
    return list(value)


# -- the values each option knows -----------------------------------------------------


def _players(job: str) -> list[tuple[str, str]]:
    poster = ("render", "page", "playground")
    both = [("both", "the poster: both maps side by side")] if job in poster else []
    return [("x", "the map for X, who moves first"), ("o", "the map for O"), *both]


def _formats(job: str) -> list[tuple[str, str]]:
    if job == "gamebook":
        return [("md", "Markdown"), ("txt", "plain text to read aloud"),
                ("pdf", "an A5 booklet with links")]  # fmt: skip
    found = [("svg", "zoomable vector image"), ("pdf", "vector PDF for print"),
             ("png", "bitmap image")]  # fmt: skip
    if job == "table":
        return [*found, ("json", "the minimal table as data")]
    return [*found, ("html", "the interactive viewer, one self-contained page")]


def _themes(job: str) -> list[tuple[str, str]]:
    # lazy: --help, --version, a usage error and a misspelled command run without it
    from ttt_maps.draw.themes import THEMES

    helps = {"auto": "light, and dark where the reader's system or docs page is"}
    return [(name, helps.get(name, "")) for name in THEMES]


def _rule_names(job: str) -> list[tuple[str, str]]:
    return [("normal", "a line wins"), ("misere", "whoever completes a line loses")]


def _boards(job: str) -> list[tuple[str, str]]:
    # lazy: --help, --version, a usage error and a misspelled command run without it
    from ttt_maps.game.geometry import Geometry

    return [(b, Geometry.parse(b).describe()) for b in ("3x3", "3x4k3", "4x3k3", "4x4k3", "4x4")]


def _pages(job: str) -> list[tuple[str, str]]:
    # lazy: no command's start-up needs it
    from ttt_maps.backends.page import NAMED_PAGES

    return [(name, "turns to fit the drawing") for name in NAMED_PAGES]


def _chains(job: str) -> list[tuple[str, str]]:
    # lazy: --help, --version, a usage error, a misspelled command and `table` run without it
    from ttt_maps.policy.chains import KEY_HELP, PRESETS

    return [*((name, f"preset: {chain}, {text}") for name, (chain, text) in PRESETS.items()),
            *KEY_HELP.items()]  # fmt: skip


def _levels(job: str) -> list[tuple[str, str]]:
    return [("perfect", "the map itself: never loses"),
            ("novice", "wins or blocks when it can, else any move"),
            ("random:0.1", "strays from the map 10% of the time"),
            ("random:0.3", "strays from the map 30% of the time")]  # fmt: skip


def _provers(job: str) -> list[tuple[str, str]]:
    return [("auto", "the search where it is quick, else CP-SAT when installed"),
            ("search", "exact branch and bound"),
            ("cp-sat", "Google OR-Tools (the cp-sat extra)")]  # fmt: skip


def _languages(job: str) -> list[tuple[str, str]]:
    # lazy: --help runs without it
    from ttt_maps.language import LANGUAGES

    return [(code, language.name) for code, language in LANGUAGES.items()]


def _modes(job: str) -> list[tuple[str, str]]:
    return [("inline", "the SVG inside the page"), ("image", "an .svg file beside the page")]


def _actions(job: str) -> list[tuple[str, str]]:
    return [("info", "list the solved positions"), ("clear", "delete them")]


def _tools(job: str) -> list[tuple[str, str]]:
    pandoc = "the Lua filter ttt-map.lua (pandoc -L ttt-map.lua, R Markdown's pandoc_args)"
    quarto = "the Quarto extension _extensions/ttt-maps (filters: [ttt-maps])"
    return [
        ("pandoc", f"{pandoc} and ttt-map-engine.lua for pandoc-ext/diagram"),
        ("quarto", quarto),
    ]


_MAPS = ("map", "poster")
_DRAWN = ("map", "poster", "whole", "table", "compare", "viewer", "page")
_BOARDS = ("map", "poster", "whole", "gamebook", "table", "compare", "play", "export",
           "solve", "stats", "policies", "viewer", "page")  # fmt: skip


class Options(TypedDict, total=False):
    """Every option of ttt-maps, in the order ``--help`` lists them.

    The API's functions take them as keywords (``ttt_maps.render(tree, "png",
    dpi=300)``); each refuses, by name, one that does not apply to what it makes.
    """

    player: Annotated[
        str | None,
        Option(
            "Whose map: x or o (both: the poster).",
            metavar="x|o|both",
            cli=("--player",),
            fence=("player",),
            applies=(
                "playground",
                "map",
                "poster",
                "gamebook",
                "table",
                "compare",
                "play",
                "export",
                "page",
            ),
            step="build",
            check=_player,
            choices=_players,
            defaults={
                "render": None,
                "page": "x",
                "playground": "x",
                "compare": "x",
                "play": "x",
                "table": REQUIRED,
                "export": REQUIRED,
            },
            helps={
                "render": "x, o or both (the poster). Default: all three into output/, or the "
                "poster with -o.",
                "compare": "Whose maps: x or o.",
                "table": "Whose table: x or o.",
                "export": "Whose strategy: x or o.",
                "play": "The map the computer follows; you play the other side.",
            },
        ),
    ]
    whole: Annotated[
        bool,
        Option(
            "The whole game on one map: every legal move of both players, each cell tinted "
            "by its outcome for the player who makes it (default file: output/whole-map).",
            kind="flag",
            default=False,
            cli=("--whole",),
            fence=("whole",),
            applies=("whole", "stats", "page"),
            step="build",
            check=_flag,
            helps={"stats": "The whole game's map instead: its boards, folded and not, and moves."},
        ),
    ]
    board: Annotated[
        "str | Geometry | None",
        Option(
            "The board: 3x3, 4x4 (four in a row), 4x4k3, 3x4k3 ... (rows x columns, k in a "
            "row; k is the shorter side unless given).",
            metavar="RxC[kK]",
            default="3x3",
            cli=("--board",),
            fence=("board",),
            python=("board", "geometry"),
            applies=(*_BOARDS, "playground"),
            step="build",
            check=_board,
            choices=_boards,
            open_choices=True,
        ),
    ]
    rules: Annotated[
        str | None,
        Option(
            "normal (a line wins) or misere (whoever completes a line loses).",
            metavar="normal|misere",
            default="normal",
            cli=("--rules",),
            fence=("rules",),
            applies=(*_BOARDS, "check", "playground"),
            step="build",
            check=_rules,
            choices=_rule_names,
            defaults={"check": None},
            helps={"check": "Refuse a file written for other rules (default: the file's own)."},
        ),
    ]
    policy: Annotated[
        "str | Policy",
        Option(
            "Tie-break policy chain or preset (see 'ttt-maps policies').",
            metavar="CHAIN",
            default="default",
            cli=("--policy", "-p"),
            fence=("policy",),
            applies=("playground", "map", "poster", "gamebook", "play", "export", "page"),
            step="build",
            check=_policy,
            choices=_chains,
            open_choices=True,
        ),
    ]
    start: Annotated[
        "str | Position | None",
        Option(
            "The start position (default: the empty board), e.g. x...o.... or 'x../.o./...'.",
            metavar="BOARD",
            cli=("--start", "--from"),
            fence=("start", "from"),
            python=("start", "root"),
            applies=(
                "playground",
                "map",
                "poster",
                "whole",
                "gamebook",
                "compare",
                "play",
                "export",
                "page",
            ),
            step="build",
            check=_position,
        ),
    ]
    depth: Annotated[
        int | None,
        Option(
            "Cut the nesting at D levels.",
            kind="int",
            metavar="D",
            cli=("--depth",),
            fence=("depth",),
            applies=("playground", "map", "poster", "whole", "viewer", "page"),
            step="both",
            check=_whole_number(0),
        ),
    ]
    fold: Annotated[
        bool | None,
        Option(
            "Fold by symmetry: replies that are rotations or reflections of each other are "
            "drawn once, lettered, with how many they stand for (the default with --whole).",
            kind="switch",
            cli=("--fold",),
            fence=("fold",),
            applies=(
                "playground",
                "map",
                "poster",
                "whole",
                "gamebook",
                "compare",
                "play",
                "export",
                "stats",
                "page",
            ),
            step="build",
            check=_flag,
            defaults={"compare": False, "play": False, "export": False, "stats": False},
            helps={
                "stats": "Map sizes folded by symmetry, compact's among them, and the fewest "
                "boards a map can draw.",
                "export": "The folded map's strategy: only the positions it draws, marked "
                '"folded" (the others are played as a listed rotation or reflection of them).',
                "compare": "The maps folded by symmetry: replies that are rotations or "
                "reflections of each other are drawn once, and played alike, turned.",
                "play": "The map folded by symmetry: replies that are rotations or reflections "
                "of each other are drawn once, and played alike, turned.",
            },
        ),
    ]
    max_boards: Annotated[
        int | None,
        Option(
            "The most boards a map may draw (default 50,000): a bigger one is refused with "
            "the depth that fits.",
            kind="int",
            applies=("map", "poster", "whole"),
            step="build",
            check=_whole_number(1),
        ),
    ]
    theme: Annotated[
        "str | Theme",
        Option(
            "light, dark, print, xkcd (drawn by hand and lettered as the comic is), or auto: "
            "light, and dark where the docs page or the reader's system is (SVG and HTML; PDF "
            "and PNG draw it light).",
            metavar="NAME",
            default="light",
            cli=("--theme",),
            fence=("theme",),
            applies=(*_DRAWN, "gamebook", "playground"),
            step="draw",
            check=_theme,
            choices=_themes,
            defaults={"playground": "auto"},
        ),
    ]
    title: Annotated[
        str | None,
        Option(
            "A title drawn above the map.",
            metavar="TEXT",
            cli=("--title",),
            fence=("title",),
            applies=("map", "poster", "whole", "table", "viewer", "page"),
            step="draw",
            check=_text,
            helps={"table": "The sheet's title."},
        ),
    ]
    alternatives: Annotated[
        bool,
        Option(
            "Draw other optimal moves faint.",
            kind="flag",
            default=False,
            cli=("--alternatives",),
            fence=("alternatives",),
            applies=("playground", "map", "poster", "page"),
            step="draw",
            check=_flag,
        ),
    ]
    outcomes: Annotated[
        bool,
        Option(
            "Tint each sub-map by its outcome (win/draw).",
            kind="flag",
            default=False,
            cli=("--outcomes",),
            fence=("outcomes",),
            applies=("playground", "map", "poster", "page"),
            step="draw",
            check=_flag,
        ),
    ]
    explain: Annotated[
        bool,
        Option(
            "Give each red move its reason: an SVG tooltip, and in the viewer the status line "
            "and the name a screen reader says.",
            kind="flag",
            default=False,
            cli=("--explain",),
            fence=("explain",),
            applies=("playground", "map", "poster", "table", "compare", "export", "viewer", "page"),
            step="draw",
            check=_flag,
            helps={
                "table": "Each move's reason, in a few words under its board.",
                "compare": "Give each red move of the maps (-o) its reason.",
                "export": 'Give each move its reason ("why"; check verifies them).',
            },
        ),
    ]
    description: Annotated[
        bool,
        Option(
            "The strategy in words under the map, folded away in <details>: a long "
            "description for readers who cannot see the map (render: with --picture).",
            kind="flag",
            default=False,
            cli=("--description",),
            fence=("description",),
            applies=("map", "poster", "viewer", "page"),
            step="draw",
            check=_flag,
            helps={
                "render": "With --picture: print the strategy in words under the <picture>, "
                "folded away in <details>, a long description for readers who cannot see "
                "the map."
            },
        ),
    ]
    caption: Annotated[
        bool | None,
        Option(
            "Head a single map with 'Map for X' and how to read it, and add the poster's "
            "footer (policy, counts): on by default for a PDF or PNG with --size.",
            kind="switch",
            cli=("--caption",),
            applies=("map",),
            step="draw",
            check=_flag,
        ),
    ]
    size: Annotated[
        "str | PageSize | None",
        Option(
            "PDF/PNG page: A6..A0, letter, tabloid or WxH(mm|in|pt|px); a named page turns to "
            "fit the drawing unless -landscape or -portrait is added (A1-landscape).",
            metavar="PAGE",
            cli=("--size",),
            applies=("map", "poster", "whole", "table", "gamebook"),
            step="draw",
            formats=("pdf", "png"),
            check=_size,
            choices=_pages,
            open_choices=True,
            helps={"table": "PDF/PNG page: A4 (the default), letter, A3 ..."},
        ),
    ]
    width: Annotated[
        int | None,
        Option(
            "PNG width in pixels (SVG: the width it declares).",
            kind="int",
            metavar="PX",
            cli=("--width",),
            applies=("map", "poster", "whole", "table"),
            step="draw",
            formats=("png", "svg"),
            check=_whole_number(1, 32767, "pixels"),
        ),
    ]
    dpi: Annotated[
        float | None,
        Option(
            "PNG resolution; a PNG with --size and no --width is drawn at 300 dpi.",
            kind="number",
            metavar="DPI",
            cli=("--dpi",),
            applies=("map", "poster", "whole", "table"),
            step="draw",
            formats=("png",),
            check=_number(1, 10_000, "expected a number from 1 to 10000, e.g. 150 or 300"),
        ),
    ]
    margin: Annotated[
        float | None,
        Option(
            "Margin around the drawing with --size (10 mm).",
            kind="number",
            metavar="MM",
            cli=("--margin",),
            applies=("map", "poster", "whole", "table"),
            step="draw",
            formats=("pdf", "png"),
            check=_number(0, 1000, "expected 0 to 1000 millimetres"),
        ),
    ]
    text_as_paths: Annotated[
        bool,
        Option(
            "PDF: draw the text as outlines instead of embedding its font.",
            kind="flag",
            default=False,
            cli=("--text-as-paths",),
            applies=("map", "poster", "whole", "table", "gamebook"),
            step="draw",
            formats=("pdf",),
            check=_flag,
        ),
    ]
    id_prefix: Annotated[
        str | None,
        Option(
            "Prefix for SVG ids (default: from the content).",
            metavar="TEXT",
            cli=("--id-prefix",),
            applies=("map", "poster", "whole", "table"),
            step="draw",
            formats=("svg", "html"),
            check=_id_prefix,
        ),
    ]
    lang: Annotated[
        str | None,
        Option(
            "The language of every word a reader meets: en, fr, de, es or ru (default: the "
            "one LANGUAGE, LC_ALL or LANG names, else English).",
            metavar="LANG",
            cli=("--lang",),
            fence=("lang",),
            applies=(
                "map",
                "poster",
                "whole",
                "gamebook",
                "table",
                "compare",
                "play",
                "export",
                "solve",
                "stats",
                "policies",
                "viewer",
                "page",
                "playground",
            ),
            step="both",
            check=_lang,
            choices=_languages,
            helps={
                "page": "The language of the map's words (default: the docs site's own).",
            },
        ),
    ]
    prover: Annotated[
        str,
        Option(
            "How minimality is proven: search (exact branch and bound), cp-sat (Google OR-Tools, "
            "with the cp-sat extra installed), or auto (the search where it is quick, else "
            "CP-SAT when installed).",
            metavar="auto|search|cp-sat",
            default="auto",
            cli=("--prover",),
            applies=("table",),
            check=_one_of("auto", "search", "cp-sat"),
            choices=_provers,
        ),
    ]
    level: Annotated[
        str,
        Option(
            "perfect (the map itself: never loses), novice (wins or blocks, else any move) or "
            "random:P (strays from the map with probability P).",
            metavar="LEVEL",
            default="perfect",
            cli=("--level",),
            applies=("play",),
            check=_level,
            choices=_levels,
            open_choices=True,
        ),
    ]
    seed: Annotated[
        int,
        Option(
            "Seed for the levels that stray.",
            kind="int",
            metavar="N",
            default=0,
            cli=("--seed",),
            applies=("play",),
            check=_whole_number(0, 10**18 - 1),
        ),
    ]
    height: Annotated[
        int,
        Option(
            "The viewer's height in pixels.",
            kind="int",
            default=640,
            applies=("viewer",),
            check=_whole_number(120, 10_000, "pixels"),
        ),
    ]
    labels: Annotated[
        "list[str] | None",
        Option(
            "The names of the maps of a comparison, one per map (default: their policies).",
            applies=("viewer",),
            check=_labels,
        ),
    ]


class Settings(TypedDict, total=False):
    """How a request runs (``ttt_maps.Settings``): the cache, progress bars, the search."""

    search_limit: Annotated[
        int | None,
        Option(
            "Search up to N positions in all for this command, however big the board (without "
            "it, about ten seconds' worth on an ordinary machine).",
            kind="int",
            metavar="N",
            cli=("--search-limit",),
            applies=SEARCHING,
            check=_whole_number(1),
        ),
    ]
    cache: Annotated[
        bool,
        Option(
            "Neither read nor keep the solved positions of big boards.",
            kind="flag",
            default=True,
            cli=("--no-cache",),
            negative=True,
            applies=SEARCHING,
            check=_flag,
        ),
    ]
    progress: Annotated[
        bool,
        Option(
            "No progress bar on stderr for long work.",
            kind="flag",
            default=False,
            cli=("--no-progress",),
            negative=True,
            applies=SEARCHING - {"play"},
            check=_flag,
        ),
    ]


class CommandLine(TypedDict, total=False):
    """The command line's own options: where files go and what is printed."""

    position: Annotated[
        str | None,
        Option(
            "A position, e.g. x...o.... or 'x../.o./...'; the empty board when left out.",
            metavar="POSITION",
            cli_argument=True,
            applies=("solve",),
        ),
    ]
    chains: Annotated[
        "list[str]",
        Option(
            "Two or more policy chains or presets; the first is the reference.",
            kind="list",
            metavar="POLICY",
            default=REQUIRED,
            cli_argument=True,
            applies=("compare",),
            check=_texts,
            choices=_chains,
            open_choices=True,
        ),
    ]
    policies: Annotated[
        "list[str]",
        Option(
            "A policy chain or preset (repeatable), e.g. fast,novice. See 'ttt-maps policies'.",
            kind="list",
            metavar="CHAIN",
            cli=("--policy", "-p"),
            python=("policies",),
            applies=("solve",),
            check=_texts,
            choices=_chains,
            open_choices=True,
        ),
    ]
    file: Annotated[
        str,
        Option(
            "A strategy, table or game JSON file ('-': standard input).",
            metavar="FILE",
            default=REQUIRED,
            cli_argument=True,
            applies=("check",),
        ),
    ]
    action: Annotated[
        str,
        Option(
            "info: list the tables; clear: delete them.",
            metavar="info|clear",
            default="info",
            cli_argument=True,
            applies=("cache",),
            choices=_actions,
        ),
    ]
    tool: Annotated[
        str,
        Option(
            "pandoc: the filter (and an engine for pandoc-ext/diagram); quarto: the extension "
            "folder.",
            metavar="pandoc|quarto",
            default=REQUIRED,
            cli_argument=True,
            applies=("docs",),
            choices=_tools,
        ),
    ]
    folder: Annotated[
        str,
        Option(
            "The project folder (the current one).",
            metavar="FOLDER",
            default=".",
            cli_argument=True,
            applies=("docs",),
        ),
    ]
    format: Annotated[
        str | None,
        Option(
            "The format: svg, pdf, png or html (default: from the file name).",
            kind="list",
            metavar="svg|pdf|png|html",
            cli=("--format", "-f"),
            python=("format",),
            applies=("map", "poster", "whole", "table", "compare", "gamebook", "render"),
            check=_format,
            choices=_formats,
            helps={
                "render": "Output format (repeatable). Default: svg and pdf, or from -o's suffix.",
                "table": "Format: svg, pdf, png or json (default: from FILE).",
                "compare": "Format of -o FILE (default: from its suffix).",
            },
        ),
    ]
    output: Annotated[
        str | None,
        Option(
            "Write this file (atomically).",
            metavar="FILE",
            cli=("--output", "-o"),
            applies=("render", "compare", "table", "export"),
            helps={
                "render": "Write this file (written atomically). Default: output/{x-map,o-map,"
                "poster}, with the board in the name on other boards than 3x3 (x-map-3x4k3.svg).",
                "compare": "Write the maps side by side to FILE: an image (.svg, .pdf, .png) "
                "with the positions where a map plays differently tinted, or linked viewers "
                "(.html) that zoom together.",
                "table": "Write the one-page cheat sheet (.svg, .pdf, .png) or the table (.json) "
                "to FILE (atomically). Default: list the table on the terminal.",
                "export": "Write to FILE (atomically) instead of stdout.",
            },
        ),
    ]
    picture: Annotated[
        bool,
        Option(
            "SVG for a README: each map light and dark (NAME-dark.svg beside it), and the "
            "<picture> HTML that shows the one the reader's mode asks for.",
            kind="flag",
            default=False,
            cli=("--picture",),
            applies=("render",),
        ),
    ]
    gamebook: Annotated[
        str | None,
        Option(
            "Write the player's strategy in words instead of maps: one numbered section per "
            "position where the player chooses, with where to go after each reply. FILE.md "
            "(Markdown), FILE.txt (plain text to read aloud) or FILE.pdf (an A5 booklet with "
            "links; --size changes the page). -o FILE.md or FILE.txt does the same.",
            metavar="FILE",
            cli=("--gamebook",),
            applies=("render",),
        ),
    ]
    sheet: Annotated[
        str | None,
        Option(
            "Write the differences sheet to FILE (.svg, .pdf or .png, A4): a small board per "
            "position where the maps play differently, each policy's move in its colour and "
            "letter, and what the choice changes.",
            metavar="FILE",
            cli=("--sheet",),
            applies=("compare",),
        ),
    ]
    diff_png: Annotated[
        str | None,
        Option(
            "The differences sheet as a PNG (the old name of --sheet FILE.png).",
            metavar="FILE",
            cli=("--diff-png",),
            applies=("compare",),
            hidden=True,
        ),
    ]
    interactive: Annotated[
        bool,
        Option(
            "Play as on a terminal (the board, hints, reasons, u, ?, w, q) even when input is "
            "piped, for demos and recordings; what is read is shown after the prompt.",
            kind="flag",
            default=False,
            cli=("--interactive", "-i"),
            applies=("play",),
        ),
    ]
    save: Annotated[
        str | None,
        Option(
            "Save the game as JSON (audit it with 'ttt-maps check').",
            metavar="FILE",
            cli=("--save",),
            applies=("play",),
        ),
    ]
    as_json: Annotated[
        bool,
        Option(
            "Print machine-readable JSON.",
            kind="flag",
            default=False,
            cli=("--json",),
            applies=("solve", "stats", "check", "compare", "table"),
        ),
    ]
    quiet: Annotated[
        bool,
        Option(
            "Print nothing on success.",
            kind="flag",
            default=False,
            cli=("--quiet", "-q"),
            applies=("render",),
        ),
    ]
    force: Annotated[
        bool,
        Option(
            "Replace files there that are not as ttt-maps wrote them.",
            kind="flag",
            default=False,
            cli=("--force",),
            applies=("docs",),
        ),
    ]


class Page(TypedDict, total=False):
    """How a docs page shows a map (the Sphinx and MyST directive, the MkDocs and pandoc
    fences)."""

    alt: Annotated[
        str,
        Option(
            "The alternative text (default: the map's title).",
            fence=("alt",),
            applies=("page",),
            check=_text,
        ),
    ]
    mode: Annotated[
        str,
        Option(
            "inline (the SVG in the page, so it scales and its text can be found) or image "
            "(an .svg file beside the page).",
            default="inline",
            fence=("mode",),
            applies=("page",),
            check=_one_of("inline", "image"),
            choices=_modes,
        ),
    ]
    css_width: Annotated[
        str | None,
        Option(
            "The map's width in the page: a CSS length (a bare number is pixels).",
            fence=("width",),
            applies=("page",),
            check=_css_width,
        ),
    ]


class Playground(TypedDict, total=False):
    """The playground page's own settings, in its address beside the options it shares
    with the command line."""

    compare: Annotated[
        str | None,
        Option(
            "A second policy to compare with the first: where their maps play differently, marked.",
            metavar="CHAIN",
            applies=("playground",),
            check=_policy,
            choices=_chains,
            open_choices=True,
        ),
    ]
    play: Annotated[
        bool,
        Option(
            "Open the map in play mode: you take the other side.",
            kind="flag",
            default=False,
            applies=("playground",),
            check=_flag,
        ),
    ]


# -- the declarations as one registry ---------------------------------------------------


def _declared() -> dict[str, Option]:
    """Every option by name, in declaration order, each knowing its name and its Python
    spelling (the API's keywords and ``Settings``' fields; none for the others)."""
    found: dict[str, Option] = {}
    groups = ((Options, True), (Settings, True), (CommandLine, False), (Page, False),
              (Playground, False))  # fmt: skip
    for group, spoken in groups:
        for name, option in group.__annotations__.items():
            if not isinstance(option, Option) or name in found:
                raise AssertionError(f"option {name}: declared twice or without an Option")
            option.name = name
            if option.python is None:
                option.python = (name,) if spoken else ()
            found[name] = option
    return found


#: Every option, by name.
DECLARED = _declared()
#: The names ``Settings`` holds (how to run), apart from what is asked for.
SETTINGS = tuple(Settings.__annotations__)
#: The options a drawing holds: every option that chooses or draws a map.
DRAWN = tuple(name for name, o in DECLARED.items() if o.step and name in Options.__annotations__)


def command_options(command: str) -> list[Option]:
    """The options of one command of the command line, in the order help lists them:
    its arguments first, then every option that applies to what it makes."""
    jobs = COMMANDS[command].makes
    mine = [o for o in DECLARED.values() if (o.cli or o.cli_argument) and o.applies & jobs]
    return sorted(mine, key=lambda o: not o.cli_argument)


def fence_options() -> dict[str, Option]:
    """The options of a docs page's map, by every key a fence or directive takes."""
    return {key: o for o in DECLARED.values() for key in o.fence}


def python_options() -> dict[str, Option]:
    """The options of the Python API, by every keyword it takes (aliases included)."""
    return {key: o for o in DECLARED.values() for key in (o.python or ())}


def is_given(option: Option, value: Any, job: str) -> bool:
    """Whether a value read from the command line was given (it differs from the
    default there: typer fills the rest in)."""
    return value is not None and value != option.default_for(job) and value != [] and value != ()


def read_python(given: Mapping[str, Any], job: str | None, caller: str) -> dict[str, Any]:
    """The API's keywords, each checked and named by its option's name (an alias, such
    as ``root=`` for ``start=``, read as its option). A keyword of no option is a
    ``TypeError``, as Python says of any unknown keyword; an option that does not apply
    to ``job`` (when given) is a usage error naming it."""
    known = python_options()
    out: dict[str, Any] = {}
    use = python_use(given, job or "map")
    for key, value in given.items():
        option = known.get(key)
        if option is None:
            raise TypeError(f"{caller}() got an unexpected keyword argument {key!r}")
        if option.name in out:
            raise UsageError(f"{key}= and {(option.python or (key,))[0]}= are one option; give one")
        if job is not None:
            refuse_elsewhere(option, job, use)
        out[option.name] = option.read(value, use)
    return out


def python_use(given: Mapping[str, Any], job: str) -> Use:
    """How Python spelled the keywords ``given`` (an older name, ``root=``, is named as
    written when its value is refused)."""
    known = python_options()
    said = tuple((known[k].name, k) for k in given if k in known and k != known[k].name)
    return Use("python", job, said)


def check_settings(settings: Any) -> None:
    """A ``Settings`` value's fields, each checked by its option (``search_limit='9'``
    is a usage error naming it)."""
    use = Use("python", "settings")
    for name in SETTINGS:
        DECLARED[name].read(getattr(settings, name), use)


def refuse_elsewhere(option: Option, job: str, use: Use) -> None:
    """A usage error when ``option`` does not apply to ``job``, naming what it applies to."""
    if job in option.applies:
        return
    surfaces = ("page", "viewer", "playground")  # where, not what: said by the surface
    where = [APPLIES[a] for a in APPLIES if a in option.applies and a not in surfaces]
    said = (
        ", ".join(where[:-1]) + (" and " if len(where) > 1 else "") + (where[-1] if where else "")
    )
    text = f"applies to {said}, not to {APPLIES.get(job, job)}"
    if use.surface in ("fence", "directive"):
        raise OptionRefused(option.name, f"bad {option.spelled(use)} option: it {text}")
    raise OptionRefused(option.name, f"{option.spelled(use)} {text}")


def refuse_formats(options: Iterable[Option], formats: Iterable[str], use: Use) -> None:
    """A usage error for an option given for files none of which it applies to (the
    other options of several files each apply to the ones they mean something for)."""
    fmts = list(dict.fromkeys(formats))
    for option in options:
        if option.formats and not option.formats & set(fmts):
            writing = " and ".join(f.upper() for f in fmts)
            meant = " and ".join(sorted(f.upper() for f in option.formats))
            raise UsageError(
                f"{option.spelled(use)} does not apply when writing {writing}: it is for {meant}"
            )


def read_fence(
    body: Iterable[str], first: int, indent: str = ""
) -> tuple[dict[str, Any], dict[str, int], Use]:
    """A fence's options, one ``key: value`` a line after its opening line ``first``,
    each checked: the options by name, the line each is on, and how they were spelled
    (the ``Use`` that refuses a value later, in the fence's words). Blank lines and ``#``
    comments are skipped; a flag is its key alone, or ``key: true`` (``false`` leaves it
    out). A bad line is a ``FenceError`` carrying its number."""
    known = fence_options()
    options: dict[str, Any] = {}
    lines: dict[str, int] = {}
    said: list[tuple[str, str]] = []
    for number, raw in enumerate(body, start=first + 1):
        text = raw[len(indent) :] if raw.startswith(indent) else raw.lstrip()
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        match = re.fullmatch(_FENCE_LINE, text.strip())
        if match is None:
            raise FenceError(number, f"expected 'option: value', not {text!r}")
        key, value = match.group("name").lower(), match.group("value")
        option = known.get(key)
        if option is None:
            raise FenceError(number, f"unknown option {key!r}; known: {', '.join(known)}")
        if option.name in options:
            raise FenceError(number, f"option {key!r} is given twice")
        use = Use("fence", "page", ((option.name, key),))
        try:
            converted = from_text(option, value)
        except Refused as exc:
            raise FenceError(number, str(option.refused(value or "", str(exc), use))) from None
        if converted is False and option.kind == "flag":
            continue  # a flag written false is left out
        try:
            options[option.name] = option.read(converted, use)
        except UsageError as exc:
            raise FenceError(number, str(exc)) from None
        lines[option.name] = number
        said.append((option.name, key))
    return options, lines, Use("fence", "page", tuple(said))


class FenceError(UsageError):
    """A bad line of a fence's options, and the line it is on."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


_FENCE_LINE = r"(?P<name>[A-Za-z_-]+)[ \t]*(?::[ \t]*(?P<value>.*?))?[ \t]*\Z"
_TRUE, _FALSE = ("true", "yes", "on"), ("false", "no", "off")


def from_text(option: Option, value: str | None) -> Any:
    """A docs page's text as the value its option takes: a flag alone is true."""
    text = (value or "").strip()
    if option.kind in ("flag", "switch"):
        if not text or text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        raise Refused("a flag is its name alone, or name: true or false")
    if option.kind == "int":
        if not re.fullmatch("[+-]?[0-9]{1,18}", text):
            raise Refused("expected a whole number, in digits")
        return int(text)
    if option.kind == "number":
        if not re.fullmatch(r"[0-9]{1,18}(?:\.[0-9]{1,18})?", text):
            raise Refused("expected a number in digits")
        return float(text)
    if not text:
        raise Refused("a value is required")
    return text


def fence_text(option: Option) -> str:
    """How a fence's option is written, for help and the docs: ``depth: D``, a flag alone."""
    if option.kind in ("flag", "switch"):
        return option.fence[0]
    return f"{option.fence[0]}: {option.metavar or 'TEXT'}"


def rows() -> Iterator[tuple[str, str, str, str, str, str]]:
    """The options table of the docs: each option's name, its command-line flags, its
    Python keyword, its fence key, what it applies to and what it does."""
    for option in DECLARED.values():
        if option.hidden:
            continue
        flags = (
            " ".join(option.cli)
            if option.cli
            else (option.metavar or "")
            if option.cli_argument
            else ""
        )
        python = ""
        if option.python:
            python = " ".join(f"{k}=" for k in option.python)
            if option.name in SETTINGS:
                python = f"Settings({option.python[0]}=)"
        fence = " ".join(option.fence)
        where = ", ".join(APPLIES[a] for a in APPLIES if a in option.applies)
        yield option.name, flags, python, fence, where, option.help
