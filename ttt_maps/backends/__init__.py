"""Backends: a Scene drawn as SVG, PDF, PNG or HTML.

``render_scene`` is the one entry point the API and the CLI use; each backend
module is imported only when its format is asked for, so rendering SVG never
loads cairo or
Pillow, and PDF loads cairo only for the glyphs of text.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
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


#: The formats each output option means something for, and what it does there.
OPTION_USE: dict[str, tuple[tuple[str, ...], str]] = {
    "size": (("pdf", "png"), "the page of a PDF or PNG"),
    "margin": (("pdf", "png"), "the margin of a PDF or PNG page"),
    "width": (("png", "svg"), "a PNG's width in pixels, or the width an SVG declares"),
    "dpi": (("png",), "a PNG's resolution"),
    "text_as_paths": (("pdf",), "how a PDF carries its text"),
    "id_prefix": (("svg", "html"), "the ids in an SVG or HTML file"),
}


def check_options(fmts: Collection[str], given: Mapping[str, str]) -> None:
    """Refuse output options that would be silently ignored.

    ``given`` maps each option the user set (``OPTION_USE``'s names) to how
    they wrote it (``--size``, ``size=``). An option that applies to none of
    ``fmts`` is a usage error; with several formats each file takes the
    options that apply to it. ``margin`` needs a ``size``, and a PNG's width
    and dpi cannot both be set.
    """
    for option, label in given.items():
        formats, what = OPTION_USE[option]
        if not any(f in formats for f in fmts):
            writing = " and ".join(f.upper() for f in fmts)
            raise UsageError(f"{label} does not apply when writing {writing}: it sets {what}")
    if "margin" in given and "size" not in given:
        raise UsageError(
            f"{given['margin']} needs a page size: it is the margin around the drawing on a page"
        )
    if "width" in given and "dpi" in given and "png" in fmts:
        raise UsageError(
            f"{given['width']} and {given['dpi']} both set the PNG's size in pixels; give one"
        )


#: The PNG sizes and page margins we draw: beyond them cairo's transformation
#: degenerates, or nothing of the drawing is left to see.
DPI_RANGE = (1.0, 10_000.0)
WIDTH_MAX = 32767
MARGIN_MAX_MM = 1000.0


def check_numbers(
    size: str | None,
    width: int | None,
    dpi: float | None,
    margin: float | None,
    flag: str = "--",
) -> PageSize | None:
    """The numbers of the page options checked before any drawing; the page, if any.

    ``flag`` starts each option's name in the messages (``--`` for the
    command line, nothing for Python).
    """
    import math

    if width is not None and not 1 <= width <= WIDTH_MAX:
        raise UsageError(
            f"{flag}width {width}: expected a whole number of pixels from 1 to {WIDTH_MAX}"
        )
    low, high = DPI_RANGE
    if dpi is not None and not (math.isfinite(dpi) and low <= dpi <= high):
        raise UsageError(
            f"{flag}dpi {dpi:g}: expected a number from {low:g} to {high:g}, e.g. 150 or 300"
        )
    if margin is not None and not (math.isfinite(margin) and 0 <= margin <= MARGIN_MAX_MM):
        raise UsageError(f"{flag}margin {margin:g}: expected 0 to {MARGIN_MAX_MM:g} millimetres")
    if size is None:
        return None
    from ttt_maps.backends.page import parse_size

    return parse_size(size)


class Output(NamedTuple):
    """How drawings are written: the output options of ``render``/``save`` and ``render``.

    ``checked`` refuses what does not apply and parses the page once; then
    ``draw`` makes each file's bytes with the options that apply to it.
    """

    size: str | PageSize | None = None
    width: int | None = None
    dpi: float | None = None
    margin: float | None = None
    id_prefix: str | None = None
    text_as_paths: bool = False

    def checked(self, fmts: Collection[str], flag: str = "--") -> Output:
        """The options, checked for ``fmts``; the page size parsed.

        ``flag`` is how messages name an option: ``--size`` for the command
        line, ``size=`` for Python (``flag=""``).
        """
        given = {
            name: f"--{name.replace('_', '-')}" if flag else f"{name}="
            for name in OPTION_USE
            if getattr(self, name) is not None and getattr(self, name) is not False
        }
        check_options(fmts, given)
        size = None if self.size is None or not isinstance(self.size, str) else self.size
        page = check_numbers(size, self.width, self.dpi, self.margin, flag)
        return self if page is None else self._replace(size=page)

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
    apply to ``fmt`` are not used (``check_options`` refuses them first).
    """
    fmt = check_format(fmt)
    if width_px is not None and (isinstance(width_px, bool) or width_px < 1):
        raise UsageError(f"width {width_px!r}: expected a whole number of pixels, 1 or more")
    if fmt == "svg":
        from ttt_maps.backends.svg.writer import scene_to_svg

        width = height = None
        if width_px is not None:
            width = _px(width_px)
            height = _px(width_px * scene.height / scene.width)
        return scene_to_svg(scene, id_prefix=id_prefix, width=width, height=height).encode("utf-8")
    if fmt == "html":
        from ttt_maps.backends.html import scene_to_html

        return scene_to_html(scene, id_prefix=id_prefix).encode("utf-8")
    from ttt_maps.backends.page import parse_size

    page = parse_size(size) if isinstance(size, str) else size
    if fmt == "pdf":
        from ttt_maps.backends.pdf.writer import scene_to_pdf

        return scene_to_pdf(scene, size=page, margin_mm=margin_mm, text_as_paths=text_as_paths)
    from ttt_maps.backends.cairo import scene_to_png

    return scene_to_png(scene, width_px=width_px, dpi=dpi, size=page, margin_mm=margin_mm)


def _px(value: float) -> str:
    """A CSS pixel length without needless digits (``600``, ``612.5``)."""
    return f"{round(value, 2):g}px"
