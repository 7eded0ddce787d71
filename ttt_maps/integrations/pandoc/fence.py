"""One ``ttt-map`` block of a pandoc document, drawn for the format pandoc writes.

The Lua filter (``ttt-map.lua``) hands each block's text here through
``python -m ttt_maps.integrations.pandoc``; the options are read and checked
by the same code as the MkDocs fence and the Sphinx directive
(``options.read_fence``, ``recipe.scene_of``), so the messages are the same.
Pandoc does not say where a block came from, so its line is found by reading
the source files for a fence with the same text.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ttt_maps import api
from ttt_maps.engine.options import FenceError, OptionRefused, Surface, read_fence
from ttt_maps.errors import UsageError
from ttt_maps.integrations.longdesc import long_description
from ttt_maps.integrations.recipe import render, scene_of, spoken
from ttt_maps.integrations.schemes import is_auto, light_svg
from ttt_maps.language import speaking

if TYPE_CHECKING:
    from ttt_maps.draw.scene import Scene

#: An opening fence with the class ``ttt-map``: ```` ```ttt-map ````, ```` ``` {.ttt-map} ````.
_OPEN = re.compile(
    r"(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*"
    r"(?:ttt-map(?![\w-])[^`]*|\{[^}]*(?<![\w-])\.?ttt-map(?![\w-])[^}]*\})[ \t]*\Z"
)
#: Pandoc's formats that take the map as inline SVG, and those that take a PDF file.
HTML_FORMATS = ("html", "html4", "html5", "revealjs", "slidy", "slideous", "dzslides", "s5")
PDF_FORMATS = ("latex", "beamer", "context")
#: The width of the PNG drawn for other formats (docx, odt, pptx, epub, ...), in pixels.
PNG_WIDTH = 1800


@dataclass(frozen=True)
class Where:
    """Where a block is in the sources, as a message names it."""

    file: str
    line: int | None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


@dataclass(frozen=True)
class Drawn:
    """A drawn block: how the document holds it, and its bytes.

    ``place`` is ``inline`` (HTML to put in the page as it is), ``file`` (an
    image file the document links to: PDF for LaTeX, SVG for an HTML page's
    ``mode: image``) or ``media`` (a PNG pandoc packs into the document).
    """

    place: str
    name: str
    alt: str
    width: str | None
    payload: bytes

    def header(self) -> str:
        """The line the filter reads before the payload."""
        fields = {"place": self.place, "name": self.name, "alt": self.alt, "width": self.width}
        return json.dumps(fields, ensure_ascii=True, sort_keys=True)


def _norm(lines: Sequence[str]) -> str:
    """Text as pandoc keeps a code block's: no trailing spaces, no blank first or last lines."""
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def fences(text: str) -> list[tuple[int, str]]:
    """The ``ttt-map`` fences of a source file: the opening line's number and the text."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    found: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        opened = _OPEN.fullmatch(lines[i])
        if opened is None:
            i += 1
            continue
        mark, indent = opened.group("fence"), opened.group("indent")
        close = re.compile(rf"[ \t]*{re.escape(mark[0])}{{{len(mark)},}}[ \t]*\Z")
        end = next((j for j in range(i + 1, len(lines)) if close.fullmatch(lines[j])), len(lines))
        body = [s[len(indent) :] if s.startswith(indent) else s for s in lines[i + 1 : end]]
        found.append((i + 1, _norm(body)))
        i = end + 1
    return found


def locate(text: str, sources: Sequence[str], nth: int = 0) -> Where:
    """Where the ``nth`` block with this text (counted from 0) opens in the sources."""
    want = _norm(text.split("\n"))
    sources = [s for s in sources if s != "-"] or ["<stdin>"]
    seen = 0
    for source in sources:
        try:
            content = Path(source).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            continue
        for line, body in fences(content):
            if body == want:
                if seen == nth:
                    return Where(source, line)
                seen += 1
    return Where(sources[0], None)


def place_for(to: str) -> str:
    """How a pandoc output format holds a map: ``inline`` SVG, a PDF ``file`` or a PNG."""
    base = re.split(r"[+-]", to.lower(), maxsplit=1)[0]
    if base in HTML_FORMATS:
        return "inline"
    return "file" if base in PDF_FORMATS else "media"


def draw(
    text: str,
    to: str,
    where: Where,
    id_prefix: str,
    image: str | None = None,
    lang: str | None = None,
) -> Drawn:
    """The map a block's text asks for, drawn for pandoc's output format ``to``.

    ``image`` (``svg``, ``pdf`` or ``png``) asks for that image whatever the
    format, as pandoc-ext/diagram asks its engines. A bad option is a
    ``UsageError`` whose message names the file, the line and the problem, as
    the MkDocs fence names them. The map's words are in ``lang`` (the document's
    ``lang`` metadata; English when it names no language ttt-maps speaks), unless the
    block says ``lang: ...``.
    """
    first = where.line or 0

    def at(line: int | None) -> str:
        return str(Where(where.file, line)) if where.line else where.file

    try:
        options, lines, surface = read_fence(text.split("\n"), first)
    except FenceError as exc:
        raise UsageError(f"{at(exc.line)}: ttt-map: {exc}") from None
    folder = Path(where.file).parent if where.file != "<stdin>" else Path(".")

    def locate(path: str) -> str:
        """An opening book beside the document (the working folder for standard input)."""
        return str(Path(path) if Path(path).is_absolute() else folder / path)

    with speaking(spoken(options, lang)):
        try:
            scene = scene_of(options, locate, surface)
        except OptionRefused as exc:
            line = lines.get(exc.option, where.line)
            raise UsageError(f"{at(line)}: ttt-map: {exc}") from None
        return _drawn(scene, options, locate, surface, to, id_prefix, image)


def _drawn(
    scene: Scene,
    options: dict[str, Any],
    locate: Callable[[str], str],
    surface: Surface,
    to: str,
    id_prefix: str,
    image: str | None,
) -> Drawn:
    """The scene written as pandoc's output format ``to`` holds it."""
    alt = options.get("alt") or scene.title or "Map of optimal tic-tac-toe moves"
    width = options.get("css_width")
    place = "media" if image else place_for(to)
    if place == "inline" and options.get("mode") != "image":
        svg = render(scene, "svg", id_prefix).rstrip()
        style = f' style="width:{escape(width)};max-width:100%"' if width else ""
        label = f' role="img" aria-label="{escape(alt)}"' if "alt" in options else ""
        details, words = long_description(options, locate, id_prefix, surface)
        html = f'<div class="ttt-map"{label}{details}{style}>\n{svg}\n</div>{words}'
        return Drawn("inline", "", alt, width, html.encode("utf-8"))
    ext = image or {"inline": "svg", "file": "pdf"}.get(place, "png")
    place = "file" if place == "inline" else place
    if ext == "svg":
        # An image has no page switch to follow: an auto map is drawn light, as a page
        # without a dark mode shows it (and as PDF and PNG draw it).
        svg = light_svg(scene, id_prefix) if is_auto(scene) else render(scene, "svg", id_prefix)
        data: bytes = svg.encode("utf-8")
    elif ext == "pdf":
        data = render(scene, "pdf")
    else:
        data = api.render(scene, "png", width=PNG_WIDTH)
    name = f"ttt-map-{hashlib.sha256(data).hexdigest()[:16]}.{ext}"
    return Drawn(place, name, alt, width, data)
