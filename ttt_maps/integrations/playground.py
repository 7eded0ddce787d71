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

Every answer is JSON text: ``{"error": line}`` or what the job made. A map is
answered with its viewer (the HTML ``render --format html`` writes); its SVG is
a job of its own (``svg``), asked for when the reader downloads it. A job that
searches long tells ``report`` how far it is (``progress.listening``).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from ttt_maps import api
from ttt_maps.engine.checks import SUGGESTIONS, Refused
from ttt_maps.engine.comparing import compare_policies
from ttt_maps.engine.options import (
    COMMANDS,
    FUNCTIONS,
    PLAYGROUND,
    REQUESTS,
    Option,
    Surface,
    from_text,
)
from ttt_maps.engine.outputs import default_stem, write_files
from ttt_maps.engine.request import Request
from ttt_maps.errors import PROG, UsageError, error_line
from ttt_maps.io import progress
from ttt_maps.language import ENGLISH, speaking

#: Where the page keeps the solved positions of bigger boards: the worker's memory, for
#: as long as the page is open (the browser gives Python no lasting folder of ours).
CACHE_DIR = "/tmp/ttt-maps-cache"
#: The form's groups, by what an option sets.
GROUPS = {"compare": "Compare two policies", "play": "Play"}
#: The page's jobs that draw, and the command each is.
JOB_COMMANDS = {"map": "render", "compare": "compare"}
#: The options a request holds (the others are the page's own).
_DRAWN = frozenset(name for names in REQUESTS.values() for name in names)
#: Seconds between two reports of a long search's progress.
REPORT_EVERY = 0.1
#: What a stage counts, by the start of its label (``io.progress.stage``'s callers): the
#: page says it in its own words.
COUNTS = (("choosing", "moves"), ("drawing", "boards"), ("positions", "positions"))


def options() -> list[Option]:
    """Every setting of the page, in the form's order: the playground's options of the
    options table (``engine.options.PLAYGROUND``), so the form, the reading of the address
    and the command line shown beside the map are made from the one table."""
    return PLAYGROUND.options()


def key(option: Option) -> str:
    """An option's name in the address: its docs-page key (``start``), or its own."""
    return option.keys[0] if option.keys else option.name


def _kind(option: Option) -> str:
    """How the form asks for an option: a choice, a flag, a number or text."""
    if option.kind is bool:
        return "flag"
    if option.kind is int:
        return "number"
    if option.choices is None or option.choices in SUGGESTIONS:
        return "text"  # any value, offered with suggestions
    return "choice"


def _jobs(option: Option) -> list[str]:
    """What an option applies to on the page: a map, the comparison, or the page."""
    jobs = [job for job, command in JOB_COMMANDS.items() if option.name in COMMANDS[command]]
    return jobs or ["page"]


def _group(option: Option) -> str:
    if option.name in GROUPS:
        return GROUPS[option.name]
    looks = option.name in FUNCTIONS["render"] and option.name not in FUNCTIONS["strategy"]
    return "How it looks" if looks else "What to draw"


def describe() -> str:
    """The form's options as JSON, for the page: each with its address key, the
    command line's flag, its kind, the page's default, help, jobs, choices (or the
    values it is often given) and group."""
    rows = []
    for o in options():
        known = PLAYGROUND.values(o.name)
        names = [name for name, _ in known()] if known else []
        kind = _kind(o)
        default = PLAYGROUND.default(o.name)
        rows.append(
            {
                "name": key(o),
                "flag": o.flags[0] if o.flags else "",
                "kind": kind,
                "default": False if kind == "flag" and default is None else default,
                "help": PLAYGROUND.help(o.name),
                "jobs": _jobs(o),
                "choices": names if kind == "choice" else [],
                "suggestions": names if kind == "text" else [],
                "group": _group(o),
            }
        )
    return json.dumps({"options": rows}, ensure_ascii=False)


# -- the address -----------------------------------------------------------------------

_NO_NAME = re.compile(r"[^a-z0-9_]")
#: What sites and mail add to a link that is passed on (``utm_source``, ``fbclid``):
#: not the page's, and no reason to refuse the map the link shows.
_TRACKING = re.compile(r"(utm_\w+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|_ga)\Z")
_YES = ("", "1", "true", "yes", "on")
_NO = ("0", "false", "no", "off")


class Address:
    """The page's settings, as an address says them, read and checked: each option's
    value by name (the page's defaults filled in), the names the address set, and how it
    spelled them (the command line's flags, as the page shows its command line)."""

    def __init__(self, values: dict[str, Any], given: set[str], surface: Surface) -> None:
        self.values = values
        self.given = given
        self.surface = surface

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def query(self) -> str:
        """The address that says these settings: each value that is not the page's
        default, in the form's order."""
        pairs = []
        for o in options():
            value = self.values[o.name]
            if value == PLAYGROUND.default(o.name) or value is None or value is False:
                continue
            pairs.append((key(o), "1" if value is True else str(value)))
        return urlencode(pairs, safe=",:/")

    def words(
        self, command: str, *, skip: Sequence[str] = (), only: Sequence[str] | None = None
    ) -> list[str]:
        """The command line's options for ``command`` (``render`` or ``compare``): each
        value that it takes (of ``only``, when given) and whose default does not give it
        already. The language is always said: the command line's default is the shell's,
        and the page promises the very bytes it draws."""
        takes = COMMANDS[command]
        out = []
        for o in options():
            value = self.values[o.name]
            if o.name == "lang":
                value = value or ENGLISH
            if not o.flags or o.name not in takes or o.name in skip:
                continue
            if only is not None and o.name not in only:
                continue
            if value is None or value is False or value == takes.default(o.name):
                continue
            out += [o.flags[0]] if value is True else [o.flags[0], str(value)]
        return out

    def request(self, **extra: Any) -> Request:
        """What ``ttt-maps render`` would be asked to draw with these settings."""
        render = COMMANDS["render"]
        given = {
            name: value
            for name, value in self.values.items()
            if name in _DRAWN
            and value is not None
            and value is not False
            and value != render.default(name)
        }
        return Request({**given, **extra}, self.surface)


def read_address(query: str) -> Address:
    """The settings an address asks for (``board=3x4k3&player=o``; a leading ``?`` is
    allowed), checked as the command line checks its options, or a ``UsageError`` in the
    command line's words. A name given twice takes the last value, as the command line
    does; two names of one option (``start`` and ``from``) are refused."""
    known = {k: o for o in options() for k in (o.keys or [o.name])}
    values: dict[str, Any] = {o.name: PLAYGROUND.default(o.name) for o in options()}
    given: set[str] = set()
    surface = Surface("cli")
    for name, text in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        option = known.get(name)
        if option is None and _TRACKING.match(name):
            continue  # added by whoever passed the link on, not by its author
        if option is None:
            shown = "--" + _NO_NAME.sub("-", name.lower())[:40]
            raise UsageError(f"No such option: {shown}")
        flag = f"--{name}"
        earlier = surface.said.get(option.name)
        if earlier is not None and earlier != flag:
            raise surface.together(option, earlier, flag)
        surface.said[option.name] = flag
        value = _value(option, text, surface)
        if value is not None:
            values[option.name] = surface.read(option, value, PLAYGROUND.check(option.name))
            given.add(option.name)
        else:
            values[option.name] = PLAYGROUND.default(option.name)
            given.discard(option.name)
    address = Address(values, given, surface)
    request = address.request()
    if address["compare"] is not None:
        if request.player in (None, "both"):
            raise UsageError("--player 'both': a comparison shows one player's maps; choose x or o")
        address.request(policy=address["compare"])  # the second policy on this board
    return address


def _value(option: Option, text: str, surface: Surface) -> Any:
    """One value of the address, read from its text as the command line and the docs
    pages read theirs (``None``: left blank, the default)."""
    text = text.strip()
    if option.kind is bool:
        if text.lower() in _YES:
            return True
        if text.lower() in _NO:
            return None if option.default is False else False
        raise surface.refused(option, text, "a flag is 1 or 0")
    if not text:
        return None
    try:
        return from_text(option, text)
    except Refused as exc:
        raise surface.refused(option, text, str(exc)) from None


# -- the jobs ----------------------------------------------------------------------------


def _stem(address: Address, request: Request) -> str:
    """The file name the command line would give the map, without its suffix."""
    return default_stem(str(address["player"]), request.geometry)


def _written(address: Address, fmt: str) -> tuple[str, str, str]:
    """One file of the map as ``ttt-maps render --format FMT`` writes it, by the command
    line's own ``write_files``, into the worker's memory and read back: its text, its
    title and its name without the suffix."""
    request = address.request()
    stem = _stem(address, request)
    with tempfile.TemporaryDirectory(prefix="ttt-playground-") as folder:
        written = write_files(request, [fmt], str(Path(folder) / stem))
        text = written[0].target.path.read_text(encoding="utf-8")
    return text, written[0].title, stem


def draw_map(address: Address) -> dict[str, Any]:
    """The map in its viewer (HTML), as ``ttt-maps render --format html`` writes it, and
    the command line that writes its SVG (the ``svg`` job)."""
    html, title, stem = _written(address, "html")
    words = address.words("render")
    return {
        "title": title,
        "html": html,
        "file": stem,
        "command": _command(["render", *words, "--format", "svg"]),
    }


def draw_svg(address: Address) -> dict[str, Any]:
    """The map's SVG, as the command line ``draw_map`` shows writes it, byte for byte."""
    svg, _, stem = _written(address, "svg")
    return {"svg": svg, "file": f"{stem}.svg"}


def gamebook(address: Address) -> dict[str, Any]:
    """One player's strategy in words (Markdown), as ``render --gamebook FILE.md`` writes
    it: the options of a map (depth, outcomes...) do not apply to it and are left out."""
    player = address["player"]
    if player not in ("x", "o"):
        raise UsageError(
            f"--player {player}: a gamebook is one player's strategy; add --player x or --player o"
        )
    request = address.request()
    tree = api.strategy(
        player, request.policy, request.start, board=request.geometry, fold=request.folded
    )
    text = api.gamebook(tree, "md", theme=request.theme)
    name = f"{_stem(address, request)}.md"
    words = address.words("render", only=REQUESTS["gamebook"])
    return {"text": text, "file": name, "command": _command(["render", *words, "--gamebook", name])}


def compare(address: Address) -> dict[str, Any]:
    """The two policies compared as ``ttt-maps compare A B`` does it: the linked viewers
    (``-o FILE.html``), the differences sheet (``--sheet FILE.svg``) and the table."""
    chains = [address["policy"], address["compare"]]
    if chains[1] is None:
        raise UsageError("compare: give a second policy to compare the first with")
    request = address.request()
    found = compare_policies(chains, request)
    opts = request.map_options if address["explain"] else None
    rows = [r.as_dict() for r in found.rows]
    words = address.words("compare", skip=("policy", "player"))
    player = ["--player", str(request.player)]
    return {
        "html": found.maps("html", request.theme, opts).decode("utf-8"),
        "sheet": found.differences_sheet("svg", request.theme).decode("utf-8"),
        "rows": rows,
        "labels": chains,
        "command": _command(["compare", *map(str, chains), *player, *words, "-o", "compare.html"]),
    }


def _command(words: list[str]) -> str:
    """A command line a shell reads back as these words."""
    return " ".join([PROG, *(shlex.quote(w) for w in words)])


JOBS: dict[str, Callable[[Address], dict[str, Any]]] = {
    "map": draw_map,
    "svg": draw_svg,
    "gamebook": gamebook,
    "compare": compare,
}


#: What a long job tells the page, as JSON text: the stage (the command line's progress
#: label: ``choosing O's moves on ...``, ``drawing the O map``), its count done and what
#: it counts (``COUNTS``), its total (null when not known), the positions searched (null
#: when the stage does not count them) and the seconds since the job started.
Report = Callable[[str], None]


def _reporter(report: Report, started: float) -> progress.Listener:
    """A listener that tells ``report`` a stage's figures, at most every ``REPORT_EVERY``."""
    last = [0.0]

    def heard(label: str, count: int, total: int | None, searched: int | None) -> None:
        now = time.perf_counter()
        if now - last[0] < REPORT_EVERY:
            return
        last[0] = now
        counts = next((what for start, what in COUNTS if label.startswith(start)), "")
        figures = {"stage": label, "count": count, "counts": counts, "total": total,
                   "searched": searched}  # fmt: skip
        report(json.dumps({**figures, "seconds": round(now - started, 1)}))

    return heard


def answer(job: str, query: str, report: Report | None = None) -> str:
    """Run one job of the page on an address: JSON text with what it made, the
    address as the page writes it back (``query``) and the time it took (``seconds``),
    or ``{"error": line}`` with the command line's refusal. ``report``, when given, is
    told how far a long search is (JSON text: ``Report``)."""
    os.environ.setdefault("TTT_MAPS_CACHE_DIR", CACHE_DIR)
    started = time.perf_counter()
    try:
        address = read_address(query)
        if job == "check":
            made: dict[str, Any] = {}
        elif job in JOBS:
            with (
                speaking(address["lang"]),
                progress.listening(_reporter(report, started)) if report else nullcontext(),
            ):
                made = JOBS[job](address)
        else:
            raise UsageError(f"no job {job!r}; the page asks for {', '.join(JOBS)}")
    except UsageError as exc:
        return json.dumps({"error": error_line(str(exc))}, ensure_ascii=False)
    made.update(query=address.query(), seconds=round(time.perf_counter() - started, 3))
    return json.dumps(made, ensure_ascii=False)
