"""Shell completion of option values, for bash, zsh and fish.

``ttt-maps --install-completion`` (typer's) sets the shell up; each option
offers the values its declaration knows (``engine.options``): players,
formats, themes, policy keys and presets (again after each comma of a
chain), the common boards, page sizes and play levels. Values ignore
case, so a candidate keeps what was typed (``a`` offers ``a4``, ``FA``
offers ``FAST``). Each returns ``(value, help)`` pairs; zsh and fish show the
help beside the value, bash only the values.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ttt_maps.engine import checks
from ttt_maps.engine.options import Option, Takes
from ttt_maps.errors import UsageError, quote

Candidates = list[tuple[str, str]]


def _matching(incomplete: str, values: Iterable[tuple[str, str]]) -> Candidates:
    """The values that start with what was typed, ignoring case (``FA`` offers ``FAST``)."""
    typed, n = incomplete.lower(), len(incomplete)

    def spelt(value: str) -> str:
        if value.startswith(incomplete):
            return value
        rest = value[n:]
        return incomplete + (rest.upper() if incomplete.isupper() else rest)

    return [(spelt(v), h) for v, h in values if v.lower().startswith(typed)]


def values_of(option: Option, takes: Takes) -> Callable[[str], Candidates] | None:
    """The completion of ``option``'s values where ``takes`` takes it: its choices, a
    chain's keys again after each comma, a page turned after a ``-``."""
    choices = takes.values(option.name)
    if choices is None:
        return None
    if choices is checks.chains:
        return _chains
    if choices is checks.pages:
        return _pages

    def complete(incomplete: str) -> Candidates:
        return _matching(incomplete, choices())

    return complete


def _chains(incomplete: str) -> Candidates:
    """A key or preset, and after each comma the next one of the chain."""
    head, comma, last = incomplete.rpartition(",")
    used = {part.strip().lower() for part in head.split(",")} if comma else set()
    names = [(_KEY_WORDS.get(key, key), text) for key, text in checks.chains()]
    prefix = head + comma
    return [
        (prefix + value, text)
        for value, text in _matching(last, names)
        if value.lower() not in used
    ]


#: Keys with an argument, as a candidate: ``random`` alone is ``random:0``; a book needs a path.
_KEY_WORDS = {"random:SEED": "random", "book:PATH": "book:"}


def _pages(incomplete: str) -> Candidates:
    """The named pages; after a ``-``, turned landscape or portrait."""
    values = checks.pages()
    if "-" in incomplete:
        values = [(f"{n}-{o}", "") for n, _ in values for o in ("landscape", "portrait")]
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
