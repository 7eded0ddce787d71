"""Sphinx extension: maps drawn at docs-build time, in every builder.

In ``conf.py``::

    extensions = ["ttt_maps.integrations.sphinx"]

In a page::

    .. ttt-map::
       :player: x
       :policy: fast,novice
       :alt: The complete map of optimal moves for X

or, with myst-parser, in a MyST Markdown page::

    ```{ttt-map}
    :player: x
    :policy: fast,novice
    ```

Its options are those of ``ttt-maps render`` for one drawing, and how the
page shows it (``alt``, ``width``: a CSS length, ``mode``: ``inline`` or
``image``), each declared once with every surface's spelling
(``engine.options``; the docs' options table lists them). ``theme: auto``
follows the docs theme's light or dark mode, on the page's own background; in
``image`` mode an ``auto`` map is a file per scheme that the page's own switch
picks between (``integrations.schemes``).

What each builder gets, as Sphinx's own ``graphviz`` does it: HTML the SVG
inline or as an image; EPUB an SVG image; LaTeX a vector PDF of the map
(our PDF writer) for ``\\includegraphics``; text, manual pages, Texinfo and
any other builder the alternative text. A ``book:PATH`` in the policy is
read relative to the document (``/PATH`` from the source folder), and the
page is rebuilt when the opening book changes. Every bad option is reported
as an error naming the option at the directive's line; the build goes on.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
from collections.abc import Callable
from html import escape
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective, SphinxTranslator

from ttt_maps.engine.options import OptionRefused, Surface
from ttt_maps.integrations.longdesc import long_description
from ttt_maps.integrations.recipe import (
    directive_options,
    directive_surface,
    render,
    scene_of,
    spoken,
)
from ttt_maps.integrations.schemes import STYLE_FILE, is_auto, pair_html, scheme_svgs, style_sheet
from ttt_maps.io.files import write_atomic
from ttt_maps.language import speaking


class ttt_map(nodes.General, nodes.Element):  # type: ignore[misc]
    """A map: its SVG, what it is drawn from (for the PDF of LaTeX), and how to show it."""


class TTTMapDirective(SphinxDirective):
    """``.. ttt-map::``: one map (or the poster), drawn for whatever builder runs."""

    has_content = False
    option_spec: ClassVar[dict[str, Callable[[str | None], Any]]] = directive_options()

    def run(self) -> list[nodes.Node]:
        books: dict[str, str] = {}  # book:PATH as written -> the file, as found here
        try:
            options, surface = directive_surface(self.options)
            lang = spoken(options, self.env.config.language)  # the docs' own, unless it says
            with speaking(lang):
                scene = scene_of(options, self._locate(books), surface)
                ident = self._id_prefix()
                svg = render(scene, "svg", ident)
                details, words = long_description(options, self._locate(books), ident, surface)
        except OptionRefused as exc:
            raise self.error(f"ttt-map: {exc}") from None
        except Exception as exc:  # a bug of ours must not stop the build
            raise self.error(f"ttt-map: could not draw the map: {exc}") from None
        node = ttt_map(
            svg=svg,
            recipe={"options": options, "books": books, "lang": lang},
            alt=options.get("alt") or scene.title,
            labelled="alt" in options,
            width=options.get("css_width"),
            mode=options.get("mode", "inline"),
            digest=hashlib.sha256(svg.encode("utf-8")).hexdigest()[:16],
            details=details,
            words=words,
            ident=ident,
        )
        self.set_source_info(node)
        return [node]

    def _locate(self, books: dict[str, str]) -> Callable[[str], str]:
        """Where an opening book of the policy is: beside the document; rebuild when it changes."""

        def locate(path: str) -> str:
            relative, absolute = self.env.relfn2path(path, self.env.docname)
            self.env.note_dependency(relative)
            books[path] = str(absolute)
            return str(absolute)

        return locate

    def _id_prefix(self) -> str:
        """``ttt-<page>-<n>``: the page name and the map's place on it (stable across builds)."""
        page = re.sub(r"[^A-Za-z0-9_-]+", "-", self.env.docname).strip("-") or "page"
        return f"ttt-{page}-{self.env.new_serialno('ttt-map')}"


# -- the builders ------------------------------------------------------------------------


def _write(folder: Path, name: str, data: bytes) -> None:
    """A figure file, written only when it changed (same map, same name, same bytes)."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    same = os.path.isfile(target) and os.path.getsize(target) == len(data)
    if not same or target.read_bytes() != data:  # (a file of another size is never read)
        write_atomic(target, data, derived_from="a figure of the docs build")


def _schemes(node: ttt_map) -> dict[str, str] | None:
    """An ``auto`` map shown as an image: the map once per scheme, so that the page's
    own switch can pick (``integrations.schemes``); None for any other theme."""
    recipe = node["recipe"]
    if recipe["options"].get("theme") != "auto":
        return None
    with speaking(recipe.get("lang")):
        scene = scene_of(recipe["options"], recipe["books"].__getitem__, Surface("directive"))
        return scheme_svgs(scene, node["ident"]) if is_auto(scene) else None


def _style(node: ttt_map) -> str:
    return f' style="width:{escape(node["width"])};max-width:100%"' if node["width"] else ""


def _visit_html(self: SphinxTranslator, node: ttt_map) -> None:
    """Inline: the SVG in the page. Image mode (and EPUB): an ``.svg`` in ``_images``."""
    builder: Any = self.builder
    image = node["mode"] == "image" or builder.name.startswith("epub")
    schemes = _schemes(node) if image else None
    if schemes:
        node["schemed"] = True  # the page links the style sheet (``_scheme_style``)
        sources = {}
        for scheme, svg in schemes.items():
            data = svg.encode()
            name = f"ttt-map-{hashlib.sha256(data).hexdigest()[:16]}.svg"
            _write(Path(builder.outdir) / builder.imagedir, name, data)
            sources[scheme] = posixpath.join(builder.imgpath, name)
        attributes = f"{node.get('details', '')}{_style(node)}"
        self.body.append(f"{pair_html(sources, node['alt'], attributes)}\n{node.get('words', '')}")
    elif image:
        name = f"ttt-map-{node['digest']}.svg"
        _write(Path(builder.outdir) / builder.imagedir, name, node["svg"].encode())
        src = posixpath.join(builder.imgpath, name)
        self.body.append(
            f'<img src="{escape(src)}" alt="{escape(node["alt"])}" class="ttt-map"'
            f"{node.get('details', '')}{_style(node)} />\n{node.get('words', '')}"
        )
    else:
        label = f' role="img" aria-label="{escape(node["alt"])}"' if node["labelled"] else ""
        svg = node["svg"].rstrip()
        details, words = node.get("details", ""), node.get("words", "")
        self.body.append(f'<div class="ttt-map"{label}{details}{_style(node)}>\n{svg}\n</div>\n')
        if words:
            self.body.append(f"{words}\n")
    raise nodes.SkipNode


def _visit_latex(self: SphinxTranslator, node: ttt_map) -> None:
    """A vector PDF of the map beside the ``.tex``, included as wide as asked (at most the line)."""
    builder: Any = self.builder
    recipe = node["recipe"]
    with speaking(recipe.get("lang")):
        scene = scene_of(recipe["options"], recipe["books"].__getitem__, Surface("directive"))
        pdf = render(scene, "pdf")
    name = f"ttt-map-{node['digest']}.pdf"
    _write(Path(builder.outdir), name, pdf)
    width = node["width"]
    if width and width.endswith("%"):
        size = f"width={float(width[:-1]) / 100:g}\\linewidth"
    elif width:
        size = f"width={self.latex_image_length(width)}"
    else:
        size = "width=\\linewidth"
    graphic = f"\\sphinxincludegraphics[{size}]{{{{{name[:-4]}}}.pdf}}"
    self.body.append(f"\n\n\\begin{{center}}{graphic}\\end{{center}}\n\n")
    raise nodes.SkipNode


#: Builder formats with a visitor of their own (EPUB's is "html").
_FORMATS = ("html", "latex")


def _alt_elsewhere(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Every other builder (text, manual pages, Texinfo, XML, one from another extension)
    gets the alternative text as a paragraph of plain text, which its own writer escapes
    for its language (a manual page line starting ``.so`` stays text)."""
    if app.builder.format in _FORMATS:
        return
    for node in list(doctree.findall(ttt_map)):
        node.replace_self(nodes.paragraph(text=f"[{node['alt']}]"))


def _scheme_style(
    app: Sphinx, pagename: str, templatename: str, context: Any, doctree: Any
) -> None:
    """A page showing an ``auto`` map as images links the style sheet that picks one."""
    builder: Any = app.builder
    maps = list(doctree.findall(ttt_map)) if doctree is not None else []
    if not any(n.get("schemed") for n in maps):
        return

    _write(Path(builder.outdir) / "_static", STYLE_FILE, style_sheet().encode())
    app.add_css_file(STYLE_FILE)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive and a visitor for every builder; safe for parallel builds."""
    try:
        release = version("ttt-maps")
    except PackageNotFoundError:  # pragma: no cover - a bare source tree
        release = "unknown"
    app.add_node(
        ttt_map,
        html=(_visit_html, None),
        epub=(_visit_html, None),
        latex=(_visit_latex, None),
    )
    app.add_directive("ttt-map", TTTMapDirective)
    app.connect("doctree-resolved", _alt_elsewhere)
    app.connect("html-page-context", _scheme_style)
    return {
        "version": release,
        "env_version": 2,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
