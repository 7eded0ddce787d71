"""A map in a docs page: its options, read and checked the same way for every docs tool.

The Sphinx directive (also from MyST Markdown), the MkDocs fence and the pandoc
fence take the options declared with a fence key (``engine.options``): what
``ttt-maps render`` takes for one drawing (``player``, ``policy``, ``start``,
``board``, ``rules``, ``depth``, ``theme``, ``title``, the flags...) and how the
page shows it (``alt``, ``width``, ``mode``). A fence's lines are read by
``read_fence``; the directive's options by ``directive_options``; both give
the options by name, each checked, and ``scene_of`` draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ttt_maps.engine.options import DRAWN, Refused, Use, fence_options, from_text

if TYPE_CHECKING:
    from ttt_maps.draw.scene import Scene
    from ttt_maps.engine.request import Drawing

#: How a docs page's options are checked: as written in a fence, or in a directive.
PAGE = Use("fence", "page")
DIRECTIVE = Use("directive", "page")


def directive_options() -> dict[str, Callable[[str | None], Any]]:
    """The Sphinx directive's ``option_spec``: each fence key with its converter (a bad
    value raises the ``ValueError`` docutils reports at the directive's line)."""

    def converter(key: str) -> Callable[[str | None], Any]:
        option = fence_options()[key]

        def convert(text: str | None) -> Any:
            try:
                value = from_text(option, text)
            except Refused as exc:
                raise option.refused(text or "", str(exc), DIRECTIVE) from None
            return option.read(value, DIRECTIVE)

        return convert

    return {key: converter(key) for key in fence_options()}


def drawing_of(
    options: Mapping[str, Any], locate: Callable[[str], str], use: Use = PAGE
) -> Drawing:
    """The drawing a page's options ask for (``locate`` turns a ``book:PATH`` as written
    into the file to read; ``use`` says how the page spelled them); a bad one is an
    ``OptionRefused`` naming its option."""
    from ttt_maps.engine.request import Drawing

    given = {
        name: value
        for name, value in options.items()
        if (name in DRAWN and value is not None and value is not False) or name == "fold"
    }
    if not given.get("whole"):
        given.setdefault("player", "x")  # a page shows X's map unless it says otherwise
    return Drawing.read(given, use, locate)


def scene_of(options: Mapping[str, Any], locate: Callable[[str], str], use: Use = PAGE) -> Scene:
    """The scene a page's options describe; a bad option is an ``OptionRefused`` naming it."""
    from ttt_maps.engine.build import scene_of as build_scene
    from ttt_maps.engine.build import subject

    drawing = drawing_of(options, locate, use)
    built = subject(drawing)
    opts = None if drawing.job == "whole" else drawing.map_options
    scene: Scene = build_scene(built, opts, drawing.palette, drawing.title)
    return scene


def spoken(options: Mapping[str, Any], document: str | None) -> str | None:
    """The language a page's map speaks: its own ``lang`` option, else the document's
    (the docs tool's setting: English when it names no language ttt-maps speaks)."""
    from ttt_maps.language import resolve

    own = options.get("lang")
    if own is not None:
        return str(own)
    return resolve(document, fallback=True) if document else None


def render(scene: Scene, fmt: str, id_prefix: str | None = None) -> Any:
    """The scene as ``fmt`` (SVG text, PDF bytes), through the API."""
    from ttt_maps import api

    if id_prefix is None:
        return api.render(scene, fmt)
    return api.render(scene, fmt, id_prefix=id_prefix)
