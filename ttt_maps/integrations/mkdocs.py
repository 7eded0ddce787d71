"""MkDocs plugin: a ```` ```ttt-map ```` fence in a page becomes the map, drawn at build time.

In ``mkdocs.yml`` (``pip install 'ttt-maps[mkdocs]'``)::

    plugins:
      - search
      - ttt-maps

In a page, one option a line, as the Sphinx directive takes them (``engine.options``)::

    ```ttt-map
    player: x
    policy: fast,novice
    theme: auto
    alt: The complete map of optimal moves for X
    ```

A flag (``outcomes``, ``alternatives``) is its name alone, or ``name: true``.
The map is inline SVG (``mode: image`` writes an ``.svg`` file beside the
site's assets instead); ``theme: auto`` follows Material's palette switch
(``data-md-color-scheme``) and sits on the page's own background, as an image
too (a file per scheme: ``integrations.schemes``). A bad option stops the
build with one line naming the page, the line and the option. Fences inside
other fences (a page showing the syntax) are left alone, as mkdocs-kroki-plugin
and pymdownx.superfences leave them.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.utils import get_relative_url

from ttt_maps.engine.options import FenceError, OptionRefused, Surface, read_fence
from ttt_maps.errors import UsageError
from ttt_maps.integrations.longdesc import long_description
from ttt_maps.integrations.recipe import render, scene_of, spoken
from ttt_maps.integrations.schemes import STYLE_FILE, is_auto, pair_html, scheme_svgs, style_sheet
from ttt_maps.io.files import write_atomic
from ttt_maps.language import speaking

#: The fence that draws a map, and any other fence (whose lines are left alone).
_OPEN = re.compile(r"(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*ttt-map[ \t]*\Z")
_OTHER = re.compile(r"(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})")
#: Where image-mode maps go in the site.
IMAGE_DIR = "assets/ttt-maps"


@dataclass
class _Fence:
    """One ``ttt-map`` fence: where it starts, its options and the lines they are on."""

    line: int
    indent: str
    options: dict[str, Any] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    surface: Surface = field(default_factory=lambda: Surface("fence"))


class TTTMapsPlugin(BasePlugin):  # type: ignore[type-arg,no-untyped-call]
    """Draws every ``ttt-map`` fence of every page (entry point ``ttt-maps``)."""

    def __init__(self) -> None:
        super().__init__()
        self._token = f"TTTMAPFIGURE{secrets.token_hex(6).upper()}N"
        self._figures: dict[str, dict[int, str]] = {}  # page -> placeholder number -> HTML
        self._images: dict[str, str] = {}  # file name -> SVG (image mode)
        self._schemed: set[str] = set()  # pages with an ``auto`` map as images

    def on_page_markdown(self, markdown: str, page: Any, config: Any, **_: Any) -> str:
        """Draw each fence; leave a placeholder paragraph that ``on_page_content`` fills."""
        where = page.file.src_uri
        first = _first_line(page.file.abs_src_path, markdown)
        out: list[str] = []
        figures: dict[int, str] = {}
        lines = markdown.split("\n")
        i = 0
        while i < len(lines):
            opened = _OPEN.fullmatch(lines[i])
            other = None if opened else _OTHER.match(lines[i])
            if opened is None and other is None:
                out.append(lines[i])
                i += 1
                continue
            match = opened or other
            assert match is not None
            end = _closing(lines, i, match.group("fence"))
            if opened is None:
                out += lines[i : end + 1]
                i = end + 1
                continue
            if end >= len(lines):
                raise PluginError(f"{where}:{first + i}: ttt-map: the fence is never closed")
            fence = _read(lines[i + 1 : end], first + i, opened.group("indent"), where)
            n = len(figures)
            figures[n] = self._draw(fence, page, config, n)
            out += ["", f"{fence.indent}{self._token}{n}Z", ""]
            i = end + 1
        self._figures[where] = figures
        return "\n".join(out)

    def on_page_content(self, html: str, page: Any, **_: Any) -> str:
        """Put each drawn map where its placeholder paragraph ended up."""
        figures = self._figures.pop(page.file.src_uri, {})

        def figure(match: re.Match[str]) -> str:
            return figures[int(match.group(1))]

        token = re.escape(self._token)
        html = re.sub(rf"<p>{token}(\d+)Z</p>", figure, html)
        return re.sub(rf"{token}(\d+)Z", figure, html)

    def on_post_page(self, output: str, page: Any, **_: Any) -> str:
        """A page showing an ``auto`` map as images links the style sheet that picks one
        for Material's palette (``schemes``)."""
        if page.file.src_uri not in self._schemed:
            return output

        href = escape(get_relative_url(f"{IMAGE_DIR}/{STYLE_FILE}", page.url))
        link = f'<link rel="stylesheet" href="{href}">\n'
        head = output.find("</head>")
        return output[:head] + link + output[head:] if head >= 0 else link + output

    def on_post_build(self, config: Any, **_: Any) -> None:
        """Write the image-mode maps into the site (and the style sheet that picks an
        ``auto`` map's image, when a page shows one)."""
        files = {name: svg.encode("utf-8") for name, svg in self._images.items()}
        if self._schemed:
            files[STYLE_FILE] = style_sheet().encode("utf-8")
        folder = Path(config["site_dir"]) / IMAGE_DIR
        for name, data in sorted(files.items()):
            folder.mkdir(parents=True, exist_ok=True)
            write_atomic(folder / name, data, derived_from="a map of the site")

    def _draw(self, fence: _Fence, page: Any, config: Any, n: int) -> str:
        """The HTML of one fence's map, its words in the site's language (the theme's
        ``language``) unless the fence names one."""
        with speaking(spoken(fence.options, _site_language(config))):
            return self._drawn(fence, page, config, n)

    def _drawn(self, fence: _Fence, page: Any, config: Any, n: int) -> str:
        """The HTML of one fence's map (the SVG inline, or an image in the site)."""
        where = page.file.src_uri
        options = fence.options
        docs = Path(config["docs_dir"])
        source = (docs / where).parent

        def locate(path: str) -> str:
            """An opening book beside the page, or from the docs folder with a leading ``/``."""
            return str(docs / path.lstrip("/") if path.startswith("/") else source / path)

        slug = re.sub(r"[^A-Za-z0-9_-]+", "-", where.rsplit(".", 1)[0]).strip("-") or "page"
        try:
            scene = scene_of(options, locate, fence.surface)
            svg = render(scene, "svg", f"ttt-{slug}-{n}")
        except OptionRefused as exc:
            line = fence.lines.get(exc.option, fence.line)
            raise PluginError(f"{where}:{line}: ttt-map: {exc}") from None
        alt = options.get("alt") or scene.title
        width = options.get("css_width")
        style = f' style="width:{escape(width)};max-width:100%"' if width else ""
        try:
            details, words = long_description(options, locate, f"ttt-{slug}-{n}", fence.surface)
        except UsageError as exc:  # no strategy in words from where the game is over
            line = fence.lines.get("description", fence.line)
            raise PluginError(f"{where}:{line}: ttt-map: bad description option: {exc}") from None
        if options.get("mode") == "image":
            drawn = scheme_svgs(scene, f"ttt-{slug}-{n}") if is_auto(scene) else {"": svg}
            sources = {}
            for scheme, text in drawn.items():
                name = f"ttt-map-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:16]}.svg"
                self._images[name] = text
                sources[scheme] = get_relative_url(f"{IMAGE_DIR}/{name}", page.url)
            if "" not in sources:
                self._schemed.add(where)
                return f"{pair_html(sources, alt, f'{details}{style}')}{words}"
            img = f'<img src="{escape(sources[""])}" alt="{escape(alt)}" class="ttt-map"'
            return f"{img}{details}{style} />{words}"
        label = f' role="img" aria-label="{escape(alt)}"' if "alt" in options else ""
        return f'<div class="ttt-map"{label}{details}{style}>\n{svg.rstrip()}\n</div>{words}'


def _site_language(config: Any) -> str | None:
    """The site's language: the theme's ``language`` (Material's), else its ``locale``
    (MkDocs' own themes)."""
    theme = config["theme"]
    for name in ("language", "locale"):
        try:
            value = theme[name]
        except (KeyError, TypeError):
            continue
        if value:
            return str(value)
    return None


def _closing(lines: list[str], start: int, fence: str) -> int:
    """The index of the line that closes the fence opened at ``start`` (or past the end)."""
    close = re.compile(rf"[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*\Z")
    for j in range(start + 1, len(lines)):
        if close.fullmatch(lines[j]):
            return j
    return len(lines)


def _read(body: list[str], line: int, indent: str, where: str) -> _Fence:
    """A fence's options, each converted as the directive converts it."""
    try:
        options, lines, surface = read_fence(body, line, indent)
    except FenceError as exc:
        raise PluginError(f"{where}:{exc.line}: ttt-map: {exc}") from None
    return _Fence(line, indent, options, lines, surface)


def _first_line(path: str | None, markdown: str) -> int:
    """The source line the page's Markdown starts on (after any front matter MkDocs took)."""
    try:
        raw = Path(path or "").read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return 1
    raw = raw.replace("\r\n", "\n").replace("\r", "\n")
    return raw[: len(raw) - len(markdown)].count("\n") + 1 if raw.endswith(markdown) else 1
