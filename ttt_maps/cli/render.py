"""The body of ``ttt-maps render``, the main job: the options become one ``Drawing``,
checked once, and the API draws and writes it (``write_files``); this prints what
was written and, with ``--picture``, the HTML to paste."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ttt_maps.cli.output import written_line

if TYPE_CHECKING:
    from ttt_maps.api import Drawing, Written


def render_command(
    drawing: Drawing,
    formats: Sequence[str] = (),
    output: str | None = None,
    *,
    picture: bool = False,
    echo: Callable[[str], None] | None = None,
) -> list[tuple[Path, int]]:
    """Draw and write ``drawing``; returns each written path and its size in bytes.

    ``echo`` (when given) gets one line per file as it is written, and with
    ``picture`` the ``<picture>`` HTML for each light and dark pair.
    """
    from ttt_maps.api import write_files

    def heard(done: Written) -> None:
        if echo is not None and str(done.target.path) != "-":
            echo(written_line(done.target.path, done.size))

    written = write_files(drawing.checked(), formats, output, picture=picture, echo=heard)
    if picture and echo is not None:
        from ttt_maps.cli.picture import picture_html

        for light, dark in zip(written[::2], written[1::2], strict=True):
            echo("\n" + picture_html(light.target.path, dark.target.path, light.title))
    return [(w.target.path, w.size) for w in written]
