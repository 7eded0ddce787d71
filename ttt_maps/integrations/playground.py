"""The docs site's playground: what its form offers, its address read and checked, and
its jobs, run in the reader's browser.

The page (``docs/_playground``) runs this module in Pyodide, inside a Web Worker,
from the package's own wheel: the same code that draws the posters draws there.
The page asks ``describe`` what the form offers and builds the form from it;
it hands every address (``board=3x4k3&player=o&policy=xkcd&rules=misere``) to
``answer``, which reads it with the command line's checks, so a refusal reads
as the command line's (``ttt-maps: error: ...``), and draws through the
command line's own path (``write_files``): the SVG the page offers is
``ttt-maps render`` with the same options, byte for byte.

Every answer is JSON text: ``{"error": line}`` or what the job made.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import parse_qsl, urlencode

from ttt_maps.errors import UsageError, escaped, quote

if TYPE_CHECKING:
    from ttt_maps.api import Drawing

PROG = "ttt-maps"
#: Where the page keeps the solved tables of bigger boards: the worker's memory, for
#: as long as the page is open (the browser gives Python no lasting folder of ours).
CACHE_DIR = "/tmp/ttt-maps-cache"

#: The jobs an option applies to: a map (``render``), the comparison of two policies
#: (``compare``), and the page itself (not an option of the command line).
MAP, COMPARE, PAGE = "map", "compare", "page"
#: The form's group of the options that say how a map looks.
LOOK = "How it looks"


class Option(NamedTuple):
    """One setting of the page: its name in the address, how the command line spells
    it, its kind (``choice``, ``flag``, ``number`` or ``text``), the command line's
    default, a few words of help, the jobs it applies to, the values it may take
    (``choices``) or is often given (``suggestions``), and where the page's default
    differs from the command line's (``page_default``)."""

    name: str
    flag: str
    kind: str
    default: str | int | bool | None
    help: str
    jobs: tuple[str, ...] = (MAP, COMPARE)
    choices: tuple[str, ...] = ()
    suggestions: tuple[str, ...] = ()
    page_default: str | None = None
    group: str = "What to draw"

    @property
    def shown_default(self) -> str | int | bool | None:
        """What the page starts with."""
        return self.default if self.page_default is None else self.page_default


_NO_NAME = re.compile(r"[^a-z0-9_]")


def options() -> tuple[Option, ...]:
    """Every setting of the page, in the form's order.

    This is the one place the page learns its options from: the form, the reading of
    the address and the command line shown beside the map are all made from it. When
    the options are declared once for every surface, this function returns that
    declaration's options for the page instead (a language option among them: the
    form, the address and the command line follow without another change).
    """
    from ttt_maps.draw.themes import THEMES
    from ttt_maps.strategies.chains import PRESETS

    presets = tuple(PRESETS)
    return (
        Option("board", "--board", "text", "3x3",
               "The board: rows x columns, k in a row (3x4k3); k is the shorter side "
               "unless given.", suggestions=("3x3", "3x4k3", "4x3k3", "4x4k3", "4x4")),
        Option("rules", "--rules", "choice", "normal",
               "normal (a line wins) or misere (whoever completes a line loses).",
               choices=("normal", "misere")),
        Option("player", "--player", "choice", None,
               "Whose map: x, o, or both (the poster); a comparison is one player's.",
               choices=("x", "o", "both"), page_default="x"),
        Option("policy", "--policy", "text", "default",
               "The tie-break policy: a preset, or a chain of keys such as fast,novice.",
               suggestions=presets),
        Option("from", "--from", "text", None,
               "The position the map starts from, e.g. x........ (the empty board when "
               "left blank)."),
        Option("depth", "--depth", "number", None, "Cut the nesting at this many levels.",
               jobs=(MAP,)),
        Option("fold", "--fold", "flag", False,
               "Fold by symmetry: replies that are turns of each other are drawn once.",
               group=LOOK),
        Option("outcomes", "--outcomes", "flag", False,
               "Tint each sub-map by its outcome (win or draw).", jobs=(MAP,), group=LOOK),
        Option("alternatives", "--alternatives", "flag", False,
               "Draw the other optimal moves faint.", jobs=(MAP,), group=LOOK),
        Option("explain", "--explain", "flag", False,
               "Give each red move its reason: a tooltip, and the viewer's status line.",
               group=LOOK),
        Option("theme", "--theme", "choice", "light",
               "The colours; auto follows the site's light or dark switch.",
               choices=tuple(THEMES), page_default="auto", group=LOOK),
        Option("compare", "", "text", None,
               "A second policy to compare with the first: where their maps play "
               "differently, marked.", jobs=(COMPARE,), suggestions=presets,
               group="Compare two policies"),
        Option("play", "", "flag", False,
               "Open the map in play mode: you take the other side.", jobs=(PAGE,),
               group="Play"),
    )  # fmt: skip


def describe() -> str:
    """The form's options as JSON, for the page (``options`` as dictionaries, with the
    default the page starts from)."""
    rows = [
        {
            "name": o.name,
            "flag": o.flag,
            "kind": o.kind,
            "default": o.shown_default,
            "help": o.help,
            "jobs": list(o.jobs),
            "choices": list(o.choices),
            "suggestions": list(o.suggestions),
            "group": o.group,
        }
        for o in options()
    ]
    return json.dumps({"options": rows}, ensure_ascii=False)


# -- the address -----------------------------------------------------------------------

#: How the command line writes a whole number (``cli.run``): ASCII digits and a sign.
_WHOLE = re.compile(r"[+-]?[0-9]{1,18}\Z")
_YES = ("", "1", "true", "yes", "on")
_NO = ("0", "false", "no", "off")


class Address:
    """The page's settings, as an address says them, read and checked: each option's
    value by name."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def query(self) -> str:
        """The address that says these settings: each value that is not the page's
        default, in the form's order."""
        pairs = []
        for o in options():
            value = self.values[o.name]
            if value == o.shown_default or value is None:
                continue
            pairs.append((o.name, "1" if value is True else "0" if value is False else value))
        return urlencode(pairs, safe=",:/")

    def words(self, job: str, *, skip: Sequence[str] = ()) -> list[str]:
        """The command line's options for ``job``: each value the command line's
        default does not give already."""
        out = []
        for o in options():
            value = self.values[o.name]
            if not o.flag or job not in o.jobs or o.name in skip or value == o.default:
                continue
            if value is None:
                continue
            out += [o.flag] if value is True else [] if value is False else [o.flag, str(value)]
        return out


def read_address(query: str) -> Address:
    """The settings an address asks for (``board=3x4k3&player=o``; a leading ``?`` is
    allowed), checked as the command line checks its options, or a ``UsageError`` in the
    command line's words. A name given twice takes the last value, as the command line
    does."""
    known = {o.name: o for o in options()}
    values: dict[str, Any] = {o.name: o.shown_default for o in known.values()}
    for name, text in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        option = known.get(name)
        if option is None:
            shown = "--" + _NO_NAME.sub("-", name.lower())[:40]
            raise UsageError(f"No such option: {shown}")
        values[name] = _value(option, text)
    address = Address(values)
    _check(address)
    return address


def _value(option: Option, text: str) -> Any:
    """One value of the address, typed as the command line types it."""
    flag = option.flag or option.name
    text = text.strip()
    if option.kind == "flag":
        if text.lower() in _YES:
            return True
        if text.lower() in _NO:
            return False
        raise UsageError(f"Invalid value for '{flag}': {quote(text)} is a flag: 1 or 0")
    if option.kind == "number":
        if not text:
            return None
        if not _WHOLE.match(text):
            raise UsageError(
                f"Invalid value for '{flag}': {quote(text)} is not an integer (digits 0-9)"
            )
        return int(text)
    if option.kind == "choice":
        low = text.lower()
        return low if low in option.choices else text  # the checks below name a bad one
    return text or option.default


def _check(address: Address) -> None:
    """What the command line checks before it draws: the board and its rules, the
    player, the depth, the theme, each policy chain and the start position."""
    from ttt_maps.api import Geometry
    from ttt_maps.engine.build import policy_and_board

    drawing = _drawing(address).checked()
    geometry = Geometry.parse(address["board"], address["rules"])
    for chain in (address["policy"], address["compare"]):
        if chain is not None:
            policy_and_board(chain, None, geometry)
    if address["from"] is not None:
        from ttt_maps.api import Board

        Board.parse(address["from"], geometry)
    if address["compare"] is not None and drawing.player == "both":
        raise UsageError("player 'both': expected x or o (a comparison shows one player's maps)")


def _drawing(address: Address) -> Drawing:
    """What ``ttt-maps render`` would be asked to draw with these settings."""
    from ttt_maps.api import Drawing, Geometry

    return Drawing(
        player=address["player"],
        geometry=Geometry.parse(address["board"], address["rules"]),
        policy=address["policy"],
        start=address["from"],
        depth=address["depth"],
        fold=address["fold"] or None,
        alternatives=address["alternatives"],
        outcomes=address["outcomes"],
        theme=address["theme"],
        explain=address["explain"],
    )


# -- the jobs ----------------------------------------------------------------------------


def _stem(address: Address) -> str:
    """The file name the command line would give the map, without its suffix."""
    from ttt_maps.api import Geometry
    from ttt_maps.engine.files import default_stem

    geometry = Geometry.parse(address["board"], address["rules"])
    return default_stem(str(address["player"]), geometry)


def draw_map(address: Address) -> dict[str, Any]:
    """The map as ``ttt-maps render`` writes it: its SVG and its viewer (HTML), drawn by
    the command line's own ``write_files`` into the worker's memory and read back."""
    from ttt_maps.api import write_files

    stem = _stem(address)
    with tempfile.TemporaryDirectory(prefix="ttt-playground-") as folder:
        written = write_files(_drawing(address), ["svg", "html"], str(Path(folder) / stem))
        files = {w.target.fmt: w.target.path.read_text(encoding="utf-8") for w in written}
    words = address.words(MAP)
    return {
        "title": written[0].title,
        "svg": files["svg"],
        "html": files["html"],
        "file": stem,
        "command": _command(["render", *words, "--format", "svg"]),
    }


def gamebook(address: Address) -> dict[str, Any]:
    """One player's strategy in words (Markdown), as ``render --gamebook FILE.md`` writes
    it: the options of a map (depth, outcomes...) do not apply to it and are left out."""
    from ttt_maps import api

    player = address["player"]
    if player not in ("x", "o"):
        raise UsageError(
            f"--player {player}: a gamebook is one player's strategy; add --player x or --player o"
        )
    drawing = _drawing(address).checked()
    tree = api.strategy(
        player,
        drawing.policy,
        drawing.start,
        geometry=drawing.geometry,
        fold=bool(drawing.fold),
    )
    text = api.gamebook(tree, "md", theme=drawing.theme)
    name = f"{_stem(address)}.md"
    skip = ("depth", "outcomes", "alternatives", "explain")
    words = address.words(MAP, skip=skip)
    return {"text": text, "file": name, "command": _command(["render", *words, "--gamebook", name])}


def compare(address: Address) -> dict[str, Any]:
    """The two policies compared as ``ttt-maps compare A B`` does it: the linked viewers
    (``-o FILE.html``), the differences sheet (``--sheet FILE.svg``) and the table."""
    from ttt_maps import api

    chains = [address["policy"], address["compare"]]
    if chains[1] is None:
        raise UsageError("compare: give a second policy to compare the first with")
    drawing = _drawing(address).checked()
    found = api.compare_policies(
        chains,
        str(drawing.player),
        drawing.start,
        geometry=drawing.geometry,
        fold=bool(drawing.fold),
    )
    opts = api.map_options(explain=True) if address["explain"] else None
    rows = [r.as_dict() for r in found.rows]
    words = address.words(COMPARE, skip=("policy", "player"))
    player = ["--player", str(drawing.player)]
    return {
        "html": found.maps("html", drawing.palette, opts).decode("utf-8"),
        "sheet": found.sheet("svg", drawing.palette).decode("utf-8"),
        "rows": rows,
        "labels": chains,
        "command": _command(["compare", *map(str, chains), *player, *words, "-o", "compare.html"]),
    }


def _command(words: list[str]) -> str:
    """A command line a shell reads back as these words."""
    import shlex

    return " ".join([PROG, *(shlex.quote(w) for w in words)])


JOBS: dict[str, Callable[[Address], dict[str, Any]]] = {
    "map": draw_map,
    "gamebook": gamebook,
    "compare": compare,
}


def error_line(message: str) -> str:
    """A refusal as the command line prints it: one line (as ``cli.run`` writes it)."""
    text = " ".join(part.strip() for part in str(message).splitlines() if part.strip())
    return f"{PROG}: error: {escaped(text) or 'bad usage'}"


def answer(job: str, query: str) -> str:
    """Run one job of the page on an address: JSON text with what it made, the
    address as the page writes it back (``query``) and the time it took (``seconds``),
    or ``{"error": line}`` with the command line's refusal."""
    os.environ.setdefault("TTT_MAPS_CACHE_DIR", CACHE_DIR)
    started = time.perf_counter()
    try:
        address = read_address(query)
        if job == "check":
            made: dict[str, Any] = {}
        elif job in JOBS:
            made = JOBS[job](address)
        else:
            raise UsageError(f"no job {job!r}; the page asks for {', '.join(JOBS)}")
    except UsageError as exc:
        return json.dumps({"error": error_line(str(exc))}, ensure_ascii=False)
    made.update(query=address.query(), seconds=round(time.perf_counter() - started, 3))
    return json.dumps(made, ensure_ascii=False)
