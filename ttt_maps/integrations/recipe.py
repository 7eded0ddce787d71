"""A map in a docs page: its options, read and checked the same way for every docs tool.

The Sphinx directive (also from MyST Markdown) and the MkDocs fence take the
same options, declared once in ``OPTIONS``: what ``ttt-maps render`` takes for
one drawing (``player``, ``policy``, ``from``, ``board``, ``rules``, ``depth``, ``theme``,
``title`` and the flags) and how the page shows it (``alt``, ``width``,
``mode``). An option is a name and a converter that raises ``ValueError`` for
a bad value; a flag (converter ``flag``) is also passed to the layout by its
name, so a new map flag is one line here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ttt_maps.draw.themes import THEMES
from ttt_maps.errors import UsageError

if TYPE_CHECKING:
    from ttt_maps.draw.scene import Scene

#: ``name: value``, or a flag's name alone.
_OPTION = re.compile(r"(?P<name>[A-Za-z_-]+)[ \t]*(?::[ \t]*(?P<value>.*?))?[ \t]*\Z")
_TRUE, _FALSE = ("true", "yes", "on"), ("false", "no", "off")
_WIDTH = re.compile(r"([0-9]{1,9}(?:\.[0-9]{1,9})?)(px|%|em|rem|ex|ch|vw|vh|cm|mm|in|pt|pc)?\Z")


def choice(*values: str) -> Callable[[str | None], str]:
    """One of ``values``, ignoring case."""

    def convert(argument: str | None) -> str:
        word = (argument or "").strip().lower()
        if word not in values:
            raise ValueError(f"{word!r} unknown; choose one of {', '.join(values)}")
        return word

    return convert


def required(argument: str | None) -> str:
    """Any text, but some."""
    text = (argument or "").strip()
    if not text:
        raise ValueError("a value is required")
    return text


def unchanged(argument: str | None) -> str:
    """Any text, or none."""
    return (argument or "").strip()


def nonnegative_int(argument: str | None) -> int:
    """A whole number, 0 or more, in ASCII digits as everywhere."""
    text = (argument or "").strip()
    if not re.fullmatch("[0-9]{1,3}", text):
        raise ValueError(f"{text[:20]!r} is not a whole number, 0 to 999")
    return int(text)


def flag(argument: str | None) -> None:
    """An option that is there or not, and takes no value."""
    if argument and argument.strip():
        raise ValueError(f"no value is taken (got {argument.strip()!r})")


def width(argument: str | None) -> str:
    """A CSS length for ``width``; a bare number means pixels."""
    text = (argument or "").strip()
    match = _WIDTH.match(text)
    if not match or float(match.group(1)) <= 0:
        raise ValueError(f"{text!r} is not a width; give a CSS length such as 600px, 80% or 30em")
    return text if match.group(2) else f"{text}px"


#: Every option of a map in a docs page, and how its value is read.
OPTIONS: dict[str, Callable[[str | None], Any]] = {
    "player": choice("x", "o", "both"),
    "policy": required,
    "from": required,
    "board": required,
    "rules": choice("normal", "misere"),
    "depth": nonnegative_int,
    "theme": choice(*THEMES),
    "title": required,
    "alternatives": flag,
    "outcomes": flag,
    "explain": flag,
    "fold": flag,
    "whole": flag,
    "description": flag,
    "alt": unchanged,
    "mode": choice("inline", "image"),
    "width": width,
}
#: Every flag (each ``True`` or ``False`` in a recipe).
FLAGS = tuple(name for name, convert in OPTIONS.items() if convert is flag)
#: The flags passed to the layout by name (``api.map_options``); ``fold`` and
#: ``whole`` choose what is drawn instead.
MAP_FLAGS = ("alternatives", "outcomes", "explain")
#: What applies to a player's map and not to the whole game.
NOT_WHOLE = ("player", "policy", "alternatives", "outcomes", "explain", "description")


def recipe(options: Mapping[str, Any]) -> dict[str, Any]:
    """What to draw, from converted options: every drawing option, defaults filled in."""
    return {
        "player": options.get("player", "x"),
        "policy": options.get("policy", "default"),
        "from": options.get("from"),
        "board": options.get("board"),
        "rules": options.get("rules", "normal"),
        "depth": options.get("depth"),
        "theme": options.get("theme", "light"),
        "title": options.get("title"),
        **{name: name in options for name in FLAGS},
        "given": frozenset(options),  # the options written, for those that do not apply
        "books": {},  # book:PATH as written -> the file, as the docs tool found it
    }


class OptionError(UsageError):
    """A usage error and the option it comes from."""

    def __init__(self, option: str, error: UsageError) -> None:
        super().__init__(str(error))
        self.option = option


class FenceError(UsageError):
    """A bad line among a fence's options, and the line it is on."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def read_options(
    body: Sequence[str], line: int, indent: str = ""
) -> tuple[dict[str, Any], dict[str, int]]:
    """A fence's options, one a line after the opening line ``line``, each converted.

    Returns the options and the line each is on. Blank lines and ``#`` comments
    are skipped; a flag is its name alone or ``name: true`` (``false`` leaves
    it out). A bad line is a ``FenceError`` with its number.
    """
    options: dict[str, Any] = {}
    lines: dict[str, int] = {}
    for k, text in enumerate(body, start=line + 1):
        text = text[len(indent) :] if text.startswith(indent) else text.lstrip()
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        match = _OPTION.fullmatch(text.strip())
        if match is None:
            raise FenceError(k, f"expected 'option: value', not {text!r}")
        name, value = match.group("name").lower(), match.group("value")
        if name not in OPTIONS:
            raise FenceError(k, f"unknown option {name!r}; known: {', '.join(OPTIONS)}")
        if name in options:
            raise FenceError(k, f"option {name!r} is given twice")
        convert = OPTIONS[name]
        if convert is flag and value is not None and value.strip().lower() in _TRUE + _FALSE:
            if value.strip().lower() in _FALSE:
                continue
            value = None
        try:
            options[name] = convert(value)
        except ValueError as exc:
            raise FenceError(k, f"bad {name} option: {exc}") from None
        lines[name] = k
    return options, lines


def scene_of(recipe: Mapping[str, Any], locate: Callable[[str], str]) -> Scene:
    """The scene a recipe describes; a bad option is an ``OptionError`` naming it.

    ``locate`` turns a ``book:PATH`` as written into the file to read.
    """
    from ttt_maps import api
    from ttt_maps.engine.build import subject
    from ttt_maps.game.board import Board
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.strategies.chains import parse_policy

    def step(option: str, make: Callable[[], Any]) -> Any:
        try:
            return make()
        except UsageError as exc:
            raise OptionError(option, exc) from None

    board = recipe["board"]
    rules = recipe.get("rules", "normal")
    geometry = step("board", lambda: Geometry.parse(board or "3x3", rules))
    start = recipe["from"]
    root = step("from", lambda: Board.parse(start, geometry)) if start else None
    whole = recipe["whole"]
    if whole:
        for option in NOT_WHOLE:
            if option in recipe["given"]:
                raise OptionError(option, UsageError("it applies to a player's map, not whole"))
        policy: Any = "default"
    else:
        policy = step("policy", lambda: parse_policy(recipe["policy"], geometry, locate=locate))
    drawing = api.Drawing(
        player=None if whole else recipe["player"],
        whole=whole,
        geometry=geometry,
        policy=policy,
        start=root,
        depth=recipe["depth"],
        fold=recipe["fold"] or None,
        alternatives=recipe["alternatives"],
        outcomes=recipe["outcomes"],
        explain=recipe["explain"],
        theme=recipe["theme"],
        title=recipe["title"],
    )
    drawing = step("depth", lambda: drawing.checked(""))
    built = step("depth" if whole else "from" if start else "policy", lambda: subject(drawing))
    opts = None if whole else drawing.map_options
    scene: Scene = step(
        "whole" if whole else "depth",
        lambda: api.scene_of(built, opts, drawing.palette, drawing.title),
    )
    return scene


def render(scene: Scene, fmt: str, id_prefix: str | None = None) -> Any:
    """The scene as ``fmt`` (SVG text, PDF bytes), through the API."""
    from ttt_maps import api

    return api.render(scene, fmt, id_prefix=id_prefix)
