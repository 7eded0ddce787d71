"""A map in a docs page: its options, read and checked the same way for every docs tool.

The Sphinx directive (also from MyST Markdown) and the MkDocs fence take the
same options, declared once in ``OPTIONS``: what ``ttt-maps render`` takes for
one drawing (``player``, ``policy``, ``from``, ``board``, ``depth``, ``theme``,
``title`` and the flags) and how the page shows it (``alt``, ``width``,
``mode``). An option is a name and a converter that raises ``ValueError`` for
a bad value; a flag (converter ``flag``) is also passed to the layout by its
name, so a new map flag is one line here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ttt_maps.draw.themes import THEMES
from ttt_maps.errors import UsageError

if TYPE_CHECKING:
    from ttt_maps.draw.scene import Scene

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
    "depth": nonnegative_int,
    "theme": choice(*THEMES),
    "title": required,
    "alternatives": flag,
    "outcomes": flag,
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
MAP_FLAGS = ("alternatives", "outcomes")
#: What applies to a player's map and not to the whole game.
NOT_WHOLE = ("player", "policy", "alternatives", "outcomes", "description")


def recipe(options: Mapping[str, Any]) -> dict[str, Any]:
    """What to draw, from converted options: every drawing option, defaults filled in."""
    return {
        "player": options.get("player", "x"),
        "policy": options.get("policy", "default"),
        "from": options.get("from"),
        "board": options.get("board"),
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


def scene_of(recipe: Mapping[str, Any], locate: Callable[[str], str]) -> Scene:
    """The scene a recipe describes; a bad option is an ``OptionError`` naming it.

    ``locate`` turns a ``book:PATH`` as written into the file to read.
    """
    from ttt_maps import api
    from ttt_maps.game.board import Board
    from ttt_maps.game.geometry import STANDARD, Geometry
    from ttt_maps.strategies.chains import parse_policy

    def step(option: str, make: Callable[[], Any]) -> Any:
        try:
            return make()
        except UsageError as exc:
            raise OptionError(option, exc) from None

    board = recipe["board"]
    geometry = step("board", lambda: Geometry.parse(board)) if board else STANDARD
    start = recipe["from"]
    root = step("from", lambda: Board.parse(start, geometry)) if start else None
    theme, title = recipe["theme"], recipe["title"]
    if recipe["whole"]:
        for option in NOT_WHOLE:
            if option in recipe["given"]:
                raise OptionError(option, UsageError("it applies to a player's map, not whole"))
        game = step("depth", lambda: api.whole(root, geometry=geometry, depth=recipe["depth"]))
        whole: Scene = step("whole", lambda: api.scene_of(game, None, theme, title))
        return whole
    policy = step("policy", lambda: parse_policy(recipe["policy"], geometry, locate=locate))
    player, fold = recipe["player"], recipe["fold"]
    obj = step(
        "from" if start else "policy",
        lambda: (
            api.poster(policy, root, fold=fold)
            if player == "both"
            else api.strategy(player, policy, root, fold=fold)
        ),
    )
    flags = {name: recipe[name] for name in MAP_FLAGS}
    opts = step("depth", lambda: api.map_options(recipe["depth"], **flags))
    scene: Scene = step("depth", lambda: api.scene_of(obj, opts, theme, title))
    return scene


def render(scene: Scene, fmt: str, id_prefix: str | None = None) -> Any:
    """The scene as ``fmt`` (SVG text, PDF bytes), through the API."""
    from ttt_maps import api

    return api.render(scene, fmt, id_prefix=id_prefix)
