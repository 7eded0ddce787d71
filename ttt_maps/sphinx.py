"""Sphinx extension: maps drawn at docs-build time (SPEC section 9).

In ``conf.py``::

    extensions = ["ttt_maps.sphinx"]

In a page::

    .. ttt-map::
       :player: x
       :policy: fast,novice
       :alt: The complete map of optimal moves for X

Options, as for ``ttt-maps render``: ``player`` (x, o or both: the poster),
``policy``, ``from``, ``depth``, ``theme``, ``title``, ``alternatives`` and
``outcomes`` (flags); and for the page: ``alt`` (alternative text),
``width`` (a CSS length, a bare number is pixels) and ``mode``:
``inline`` (the default: the SVG inside the HTML, so it scales and its text
can be found) or ``image`` (an ``.svg`` file in ``_images`` shown by an
``<img>``). Inline maps get an id prefix made from the page name and the
map's place on the page, so several maps on one page never share ids and a
rebuild gives the same bytes. Other builders than HTML leave maps out.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective, SphinxTranslator

from ttt_maps.board import Board
from ttt_maps.errors import UsageError
from ttt_maps.scene import THEMES

if TYPE_CHECKING:
    from ttt_maps.api import Poster
    from ttt_maps.tree import Strategy

_WIDTH = re.compile(r"(\d+(?:\.\d+)?)(px|%|em|rem|ex|ch|vw|vh|cm|mm|in|pt|pc)?\Z")


def _choice(*values: str) -> Callable[[str | None], str]:
    def convert(argument: str | None) -> str:
        return str(directives.choice(argument, values))

    return convert


def _width(argument: str | None) -> str:
    """A CSS length for ``:width:``; a bare number means pixels."""
    text = (argument or "").strip()
    match = _WIDTH.match(text)
    if not match or float(match.group(1)) <= 0:
        raise ValueError(f"{text!r} is not a width; give a CSS length such as 600px, 80% or 30em")
    return text if match.group(2) else f"{text}px"


def _required(argument: str | None) -> str:
    text = (argument or "").strip()
    if not text:
        raise ValueError("a value is required")
    return text


class ttt_map_image(nodes.General, nodes.Element):  # type: ignore[misc]
    """A map shown as an image file; the HTML writer puts the file in ``_images``."""


class TTTMapDirective(SphinxDirective):
    """``.. ttt-map::``: one map (or the poster) as SVG, inline or as an image."""

    has_content = False
    option_spec: ClassVar[dict[str, Callable[[str | None], Any]]] = {
        "player": _choice("x", "o", "both"),
        "policy": _required,
        "from": _required,
        "depth": directives.nonnegative_int,
        "theme": _choice(*THEMES),
        "title": _required,
        "alternatives": directives.flag,
        "outcomes": directives.flag,
        "alt": directives.unchanged,
        "mode": _choice("inline", "image"),
        "width": _width,
    }

    def run(self) -> list[nodes.Node]:
        from ttt_maps import api

        opts = self.options
        player = opts.get("player", "x")
        policy = opts.get("policy", "default")
        start = opts.get("from")
        try:
            root = Board.parse(start) if start is not None else None
        except UsageError as exc:
            raise self.error(f"ttt-map: bad :from: option: {exc}") from None
        try:
            obj: Poster | Strategy
            if player == "both":
                obj = api.poster(policy, root)
            else:
                obj = api.strategy(player, policy, root)
        except UsageError as exc:
            raise self.error(f"ttt-map: bad :policy: option: {exc}") from None
        try:
            scene = api.scene_of(
                obj,
                api.map_options(opts.get("depth"), "alternatives" in opts, "outcomes" in opts),
                opts.get("theme", "light"),
                opts.get("title"),
            )
        except UsageError as exc:
            raise self.error(f"ttt-map: bad :depth: option: {exc}") from None
        prefix = self._id_prefix()
        svg = api.render(scene, "svg", id_prefix=prefix)
        alt = opts.get("alt") or scene.title
        width = opts.get("width")
        if opts.get("mode", "inline") == "image":
            digest = hashlib.sha256(svg.encode("utf-8")).hexdigest()[:16]
            node = ttt_map_image(svg=svg, alt=alt, width=width, fname=f"ttt-map-{digest}.svg")
            self.set_source_info(node)
            return [node]
        style = f' style="width:{escape(width)};max-width:100%"' if width else ""
        label = f' role="img" aria-label="{escape(alt)}"' if opts.get("alt") else ""
        html = f'<div class="ttt-map"{label}{style}>\n{svg.rstrip()}\n</div>\n'
        raw = nodes.raw("", html, format="html")
        self.set_source_info(raw)
        return [raw]

    def _id_prefix(self) -> str:
        """``ttt-<page>-<n>``: the page name and the map's place on it (stable across builds)."""
        page = re.sub(r"[^A-Za-z0-9_-]+", "-", self.env.docname).strip("-") or "page"
        return f"ttt-{page}-{self.env.new_serialno('ttt-map')}"


def _visit_image_html(self: SphinxTranslator, node: ttt_map_image) -> None:
    """Write the map into ``_images`` and show it with an ``<img>``."""
    from ttt_maps.files import write_atomic

    builder: Any = self.builder
    data = node["svg"].encode("utf-8")
    folder = Path(builder.outdir) / builder.imagedir
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / node["fname"]
    if not target.is_file() or target.read_bytes() != data:
        write_atomic(target, data)
    src = posixpath.join(builder.imgpath, node["fname"])
    style = f' style="width:{escape(node["width"])};max-width:100%"' if node["width"] else ""
    self.body.append(
        f'<img src="{escape(src)}" alt="{escape(node["alt"])}" class="ttt-map"{style} />\n'
    )
    raise nodes.SkipNode


def _skip(self: SphinxTranslator, node: nodes.Element) -> None:
    """Builders other than HTML leave image-mode maps out."""
    raise nodes.SkipNode


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive; safe for parallel reading and writing."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        release = version("ttt-maps")
    except PackageNotFoundError:  # pragma: no cover - a bare source tree
        release = "unknown"
    skip = (_skip, None)
    app.add_node(
        ttt_map_image,
        html=(_visit_image_html, None),
        latex=skip,
        text=skip,
        man=skip,
        texinfo=skip,
    )
    app.add_directive("ttt-map", TTTMapDirective)
    return {
        "version": release,
        "env_version": 1,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
