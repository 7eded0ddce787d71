"""Backends: a Scene drawn as SVG, PDF, PNG or HTML.

``render_scene`` is the one entry point the API and the CLI use; each backend
module is imported only when its format is asked for, so rendering SVG never
loads cairo or
Pillow, and PDF loads cairo only for the glyphs of text.
"""

from __future__ import annotations

import os
from pathlib import PurePath
from typing import TYPE_CHECKING, NamedTuple

from ttt_maps.errors import UsageError

if TYPE_CHECKING:
    from ttt_maps.backends.page import PageSize
    from ttt_maps.draw.scene import Scene

#: The output formats, in the order help texts list them.
FORMATS: tuple[str, ...] = ("svg", "pdf", "png", "html")

#: File name suffixes (lower case) and the format each one means.
SUFFIXES: dict[str, str] = {
    ".svg": "svg",
    ".pdf": "pdf",
    ".png": "png",
    ".html": "html",
    ".htm": "html",
}


class Output(NamedTuple):
    """How drawings are written: the page and file options, each checked by its option
    (``engine.options``), the page parsed; ``draw`` makes each file's bytes with the
    options that apply to it."""

    size: str | PageSize | None = None
    width: int | None = None
    dpi: float | None = None
    margin: float | None = None
    id_prefix: str | None = None
    text_as_paths: bool = False

    def draw(self, scene: Scene, fmt: str) -> bytes:
        """The scene as one file's bytes (options that do not apply to ``fmt`` unused)."""
        return render_scene(
            scene,
            fmt,
            size=self.size,
            width_px=self.width,
            dpi=self.dpi,
            margin_mm=10.0 if self.margin is None else self.margin,
            id_prefix=self.id_prefix,
            text_as_paths=self.text_as_paths,
        )


def check_format(fmt: str) -> str:
    """A format name in canonical (lower) case; anything else is a usage error."""
    name = fmt.strip().lower()
    if name not in FORMATS:
        raise UsageError(f"format {fmt!r} is unknown; choose one of {', '.join(FORMATS)}")
    return name


def format_from_path(path: str | os.PathLike[str]) -> str:
    """The format a file name asks for by its suffix (``map.pdf`` -> ``pdf``)."""
    suffix = PurePath(path).suffix
    fmt = SUFFIXES.get(suffix.lower())
    if fmt is None:
        known = ", ".join(SUFFIXES)
        what = f"suffix {suffix!r}" if suffix else "no suffix"
        raise UsageError(
            f"output {os.fspath(path)!r} has {what}; use one of {known} (or give --format)"
        )
    return fmt


def render_scene(
    scene: Scene,
    fmt: str,
    *,
    size: PageSize | str | None = None,
    width_px: int | None = None,
    dpi: float | None = None,
    margin_mm: float = 10.0,
    id_prefix: str | None = None,
    text_as_paths: bool = False,
) -> bytes:
    """The scene as the bytes of one file (SVG and HTML as UTF-8).

    ``size``, ``margin_mm`` and ``dpi`` are the page of a PDF or PNG;
    ``width_px`` is a PNG's width, or the ``width`` (in px) an SVG declares
    for embedding; ``id_prefix`` keeps ids apart when SVGs share a page;
    ``text_as_paths`` draws a PDF's text as outlines. Options that do not
    apply to ``fmt`` are not used (the options are refused where they apply to no file).
    """
    fmt = check_format(fmt)
    if width_px is not None and (isinstance(width_px, bool) or width_px < 1):
        raise UsageError(f"width {width_px!r}: expected a whole number of pixels, 1 or more")
    if fmt == "svg":
        # lazy: a cached map and `table` run without it
        from ttt_maps.backends.svg.writer import scene_to_svg

        width = height = None
        if width_px is not None:
            width = _px(width_px)
            height = _px(width_px * scene.height / scene.width)
        return scene_to_svg(scene, id_prefix=id_prefix, width=width, height=height).encode("utf-8")
    if fmt == "html":
        # lazy: a cached map and `table` run without it
        from ttt_maps.backends.html import scene_to_html

        return scene_to_html(scene, id_prefix=id_prefix).encode("utf-8")
    # lazy: a cached map and `table` run without it
    from ttt_maps.backends.page import parse_size

    page = parse_size(size) if isinstance(size, str) else size
    if fmt == "pdf":
        # lazy: a cached map and `table` run without it
        from ttt_maps.backends.pdf.writer import scene_to_pdf

        return scene_to_pdf(scene, size=page, margin_mm=margin_mm, text_as_paths=text_as_paths)
    # lazy: a cached map and `table` run without it
    from ttt_maps.backends.cairo import scene_to_png

    return scene_to_png(scene, width_px=width_px, dpi=dpi, size=page, margin_mm=margin_mm)


def _px(value: float) -> str:
    """A CSS pixel length without needless digits (``600``, ``612.5``)."""
    return f"{round(value, 2):g}px"
