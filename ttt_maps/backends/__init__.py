"""Backends: a Scene drawn as SVG, PDF, PNG or HTML.

``render_scene`` is the one entry point the API and the CLI use. A backend
knows nothing of tic-tac-toe, only the scene. The PNG backend, which needs
cairo and Pillow, is loaded only when a PNG is asked for.
"""

from __future__ import annotations

import os
from pathlib import PurePath
from typing import NamedTuple

from ttt_maps.backends.html import scene_to_html
from ttt_maps.backends.page import MARGIN_MM, PageSize
from ttt_maps.backends.pdf.writer import scene_to_pdf
from ttt_maps.backends.svg.writer import scene_to_svg
from ttt_maps.draw.scene import Scene
from ttt_maps.errors import UsageError

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
    """How drawings are written: the page and file options, checked where they were
    given; ``draw`` makes each file's bytes with the options that apply to it."""

    size: PageSize | None = None
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
            margin_mm=MARGIN_MM if self.margin is None else self.margin,
            id_prefix=self.id_prefix,
            text_as_paths=self.text_as_paths,
        )


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
    size: PageSize | None = None,
    width_px: int | None = None,
    dpi: float | None = None,
    margin_mm: float = MARGIN_MM,
    id_prefix: str | None = None,
    text_as_paths: bool = False,
) -> bytes:
    """The scene as the bytes of one file (SVG and HTML as UTF-8), in one of ``FORMATS``.

    ``size``, ``margin_mm`` and ``dpi`` are the page of a PDF or PNG;
    ``width_px`` is a PNG's width, or the ``width`` (in px) an SVG declares
    for embedding; ``id_prefix`` keeps ids apart when SVGs share a page;
    ``text_as_paths`` draws a PDF's text as outlines. Options that do not
    apply to ``fmt`` are not used (the options are refused where they apply to no file).
    """
    if fmt == "svg":
        width = height = None
        if width_px is not None:
            width = _px(width_px)
            height = _px(width_px * scene.height / scene.width)
        return scene_to_svg(scene, id_prefix=id_prefix, width=width, height=height).encode("utf-8")
    if fmt == "html":
        return scene_to_html(scene, id_prefix=id_prefix).encode("utf-8")
    if fmt == "pdf":
        return scene_to_pdf(scene, size=size, margin_mm=margin_mm, text_as_paths=text_as_paths)
    # lazy: cairo and Pillow, only for a PNG
    from ttt_maps.backends.cairo import scene_to_png

    return scene_to_png(scene, width_px=width_px, dpi=dpi, size=size, margin_mm=margin_mm)


def _px(value: float) -> str:
    """A CSS pixel length without needless digits (``600``, ``612.5``)."""
    return f"{round(value, 2):g}px"
