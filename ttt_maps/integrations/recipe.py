"""A map in a docs page: its options, read and checked the same way for every docs tool.

The Sphinx directive (also from MyST Markdown), the MkDocs fence and the pandoc
fence take the options of a page (``engine.options.PAGE``): what ``ttt-maps
render`` takes for one drawing (``player``, ``policy``, ``start``, ``board``,
``rules``, ``depth``, ``theme``, ``title``, the flags...) and how the page shows
it (``alt``, ``width``, ``mode``). A fence's lines are read by ``read_fence``;
the directive's options by ``directive_options``; both give the options by
name, each checked, and ``scene_of`` draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ttt_maps import api
from ttt_maps.draw.scene import Scene
from ttt_maps.engine.build import scene_of as build_scene
from ttt_maps.engine.build import subject
from ttt_maps.engine.checks import Refused
from ttt_maps.engine.options import PAGE, REQUESTS, Surface, from_text, page_keys
from ttt_maps.engine.request import Request
from ttt_maps.errors import Limit
from ttt_maps.language import resolve

#: The options a page's map is drawn with (the others say how the page shows it).
DRAWN = frozenset(name for names in REQUESTS.values() for name in names)


def directive_options() -> dict[str, Callable[[str | None], Any]]:
    """The Sphinx directive's ``option_spec``: each page key with its converter (a bad
    value raises the ``ValueError`` docutils reports at the directive's line)."""

    def converter(key: str) -> Callable[[str | None], Any]:
        option = page_keys()[key]
        surface = Surface("directive", {option.name: key})

        def convert(text: str | None) -> Any:
            try:
                value = from_text(option, text)
            except Refused as exc:
                raise surface.refused(option, text or "", str(exc)) from None
            return surface.read(option, value, PAGE.check(option.name))

        return convert

    return {key: converter(key) for key in page_keys()}


def directive_surface(keys: Mapping[str, Any]) -> tuple[dict[str, Any], Surface]:
    """A directive's options by name, and how they were spelled (two spellings of one
    option, ``:start:`` and ``:from:``, are refused)."""
    known = page_keys()
    options: dict[str, Any] = {}
    surface = Surface("directive")
    for key, value in keys.items():
        option = known[key]
        if option.name in options:
            raise surface.together(option, surface.key(option), key)
        surface.said[option.name] = key
        options[option.name] = value
    return options, surface


#: How a page's options are read unless the page says otherwise: as a fence's lines.
FENCE = Surface("fence")


def request_of(
    options: Mapping[str, Any], locate: Callable[[str], str], surface: Surface = FENCE
) -> Request:
    """The request a page's options make (``locate`` turns a ``book:PATH`` as written
    into the file to read; ``surface`` says how the page spelled them); a bad one is an
    ``OptionRefused`` naming its option."""
    given = {
        name: value
        for name, value in options.items()
        if (name in DRAWN and value is not None and value is not False) or name == "fold"
    }
    if not given.get("whole"):
        given.setdefault("player", "x")  # a page shows X's map unless it says otherwise
    return Request(given, surface, locate=locate)


def scene_of(
    options: Mapping[str, Any], locate: Callable[[str], str], surface: Surface = FENCE
) -> Scene:
    """The scene a page's options describe; a bad option is an ``OptionRefused`` naming it."""
    request = request_of(options, locate, surface)
    try:
        built = subject(request)
    except Limit as exc:  # a map too big, said as the page writes its options
        raise exc.said_as(surface.say) from None
    opts = None if request.kind == "whole" else request.map_options
    return build_scene(built, opts, request.theme, request.title)


def spoken(options: Mapping[str, Any], document: str | None) -> str | None:
    """The language a page's map speaks: its own ``lang`` option, else the document's
    (the docs tool's setting: English when it names no language ttt-maps speaks)."""
    own = options.get("lang")
    if own is not None:
        return str(own)
    return resolve(document, fallback=True) if document else None


def render(scene: Scene, fmt: str, id_prefix: str | None = None) -> Any:
    """The scene as ``fmt`` (SVG text, PDF bytes), through the API."""
    return api.render(scene, fmt, id_prefix=id_prefix)
