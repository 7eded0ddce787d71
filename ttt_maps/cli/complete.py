"""Shell completion of option values, for bash, zsh and fish.

``ttt-maps --install-completion`` (typer's) sets the shell up; these
functions give the values each option knows: players, formats, themes,
policy keys and presets (again after each comma of a chain), the common
boards, page sizes and play levels. Values ignore case, so a candidate keeps
what was typed (``a`` offers ``a4``, ``FA`` offers ``FAST``). Each returns ``(value, help)`` pairs;
zsh and fish show the help beside the value, bash only the values.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Mapping
from typing import Any

Candidates = list[tuple[str, str]]

#: The boards people play on, as ``--board`` takes them (bigger ones need --depth).
COMMON_BOARDS = ("3x3", "3x4k3", "4x3k3", "4x4k3", "4x4")
#: Levels of ``play``, with a few sample stray probabilities for ``random:P``.
LEVELS = {
    "perfect": "the map itself: never loses",
    "novice": "wins or blocks when it can, else any move",
    "random:0.1": "strays from the map 10% of the time",
    "random:0.3": "strays from the map 30% of the time",
}


def _matching(incomplete: str, values: Iterable[tuple[str, str]]) -> Candidates:
    """The values that start with what was typed, ignoring case (``FA`` offers ``FAST``)."""
    typed, n = incomplete.lower(), len(incomplete)

    def spelt(value: str) -> str:
        if value.startswith(incomplete):
            return value
        rest = value[n:]
        return incomplete + (rest.upper() if incomplete.isupper() else rest)

    return [(spelt(v), h) for v, h in values if v.lower().startswith(typed)]


def _players(incomplete: str, both: bool) -> Candidates:
    values = [("x", "the map for X, who moves first"), ("o", "the map for O")]
    if both:
        values.append(("both", "the poster: both maps side by side"))
    return _matching(incomplete, values)


def player_or_both(incomplete: str) -> Candidates:
    """``render --player``: x, o or both."""
    return _players(incomplete, True)


def player(incomplete: str) -> Candidates:
    """``--player`` of the commands that take one map: x or o."""
    return _players(incomplete, False)


def formats(incomplete: str) -> Candidates:
    """``render --format``: every format ttt-maps writes."""
    from ttt_maps.api import choices

    return _matching(incomplete, ((f, _FORMAT_HELP.get(f, "")) for f, _ in choices("formats")))


def image_formats(incomplete: str) -> Candidates:
    """``compare --format``: what -o writes (the images, and linked viewers)."""
    return _matching(incomplete, ((f, _FORMAT_HELP[f]) for f in IMAGE_FORMATS))


#: What ``compare -o`` writes: the maps side by side as an image, or linked viewers (html).
IMAGE_FORMATS = ("svg", "pdf", "png", "html")

_FORMAT_HELP = {
    "svg": "zoomable vector image",
    "pdf": "vector PDF for print",
    "png": "bitmap image",
    "html": "the interactive viewer, one self-contained page",
}


def themes(incomplete: str) -> Candidates:
    """``--theme``: the theme names."""
    from ttt_maps.api import choices

    helps = {"auto": "light, and dark where the reader's system or docs page is"}
    return _matching(incomplete, ((name, helps.get(name, "")) for name, _ in choices("themes")))


def chains(incomplete: str) -> Candidates:
    """``--policy``: a key or preset, and after each comma the next one of the chain."""
    from ttt_maps.api import choices

    head, comma, last = incomplete.rpartition(",")
    used = {part.strip().lower() for part in head.split(",")} if comma else set()
    names = [
        *((name, f"preset: {text}") for name, text in choices("presets")),
        *((_KEY_WORDS.get(key, key), text) for key, text in choices("keys")),
    ]
    prefix = head + comma
    return [
        (prefix + value, text)
        for value, text in _matching(last, names)
        if value.lower() not in used
    ]


#: Keys with an argument, as a candidate: ``random`` alone is ``random:0``; a book needs a path.
_KEY_WORDS = {"random:SEED": "random", "book:PATH": "book:"}


def boards(incomplete: str) -> Candidates:
    """``--board``: the common boards, described."""
    from ttt_maps.api import Geometry

    return _matching(incomplete, ((b, Geometry.parse(b).describe()) for b in COMMON_BOARDS))


def rules(incomplete: str) -> Candidates:
    """``--rules``: normal and misère, described."""
    values = [("normal", "a line wins"), ("misere", "whoever completes a line loses")]
    return _matching(incomplete, values)


def pages(incomplete: str) -> Candidates:
    """``--size``: the named pages; after a ``-``, turned landscape or portrait."""
    from ttt_maps.api import choices

    values = [(name, "turns to fit the drawing") for name, _ in choices("pages")]
    if "-" in incomplete:
        values = [(f"{n}-{o}", "") for n, _ in values for o in ("landscape", "portrait")]
    return _matching(incomplete, values)


def levels(incomplete: str) -> Candidates:
    """``play --level``."""
    return _matching(incomplete, LEVELS.items())


def cache_actions(incomplete: str) -> Candidates:
    """``cache``'s action."""
    values = [("info", "list the solved tables"), ("clear", "delete them")]
    return _matching(incomplete, values)


def one_line_helps() -> None:
    """Keep each candidate on one line for zsh and fish, its help as written.

    typer sets option helps through rich, which wraps them at the terminal's
    width; fish would read the wrapped part as another candidate. And zsh
    drops the quotes and apostrophes of a help ("Yorgey's" shows as
    "Yorgeys"), so they are sent as typographic ones. Called just before a
    completion is answered (after typer has registered its own shell classes).
    """
    shells = importlib.import_module("typer._completion_classes")

    def flat(cls: Any) -> Any:
        class OneLine(cls):  # type: ignore[misc]
            def format_completion(self, item: Any) -> str:
                if cls.name == "zsh" and item.help:
                    text = re.sub(r'"([^"]*)"', "\u201c\\1\u201d", item.help.replace("'", "\u2019"))
                    item = type(item)(item.value, type=item.type, help=text)
                return re.sub(r"\s*\n\s*", " ", str(super().format_completion(item)))

        return OneLine

    for cls in (shells.ZshComplete, shells.FishComplete):
        shells.add_completion_class(flat(cls), cls.name)


def check_request(environ: Mapping[str, str]) -> None:
    """The shell's completion variables, checked before typer reads them: a stray or
    broken one (``COMP_CWORD=x``) is one usage error, not a traceback."""
    from ttt_maps.errors import UsageError, quote

    instruction = environ.get("_TTT_MAPS_COMPLETE", "")
    if not instruction:
        return  # not a completion request
    if not re.fullmatch(r"(source|complete)_(bash|zsh|fish|powershell|pwsh)", instruction):
        raise UsageError(
            f"_TTT_MAPS_COMPLETE {quote(instruction)}: expected complete_SHELL or "
            "source_SHELL for bash, zsh, fish or powershell"
        )
    cword = environ.get("COMP_CWORD")
    if cword is not None and not re.fullmatch(r"[0-9]{1,6}", cword.strip()):
        raise UsageError(
            f"COMP_CWORD {quote(cword)}: shell completion expects the number of the word "
            "being completed"
        )
    if instruction == "complete_bash" and "COMP_WORDS" not in environ:
        raise UsageError("shell completion for bash expects COMP_WORDS, the words typed so far")
