"""``ttt-maps docs pandoc|quarto``: put the ``ttt-map`` filter into a pandoc or Quarto project."""

from typing import Annotated

import typer

#: What to write, for completion and help.
TOOLS = {
    "pandoc": "the Lua filter ttt-map.lua (pandoc -L ttt-map.lua, R Markdown's pandoc_args) "
    "and ttt-map-engine.lua for pandoc-ext/diagram",
    "quarto": "the Quarto extension _extensions/ttt-maps (filters: [ttt-maps])",
}


def _tools(incomplete: str) -> list[tuple[str, str]]:
    return [(name, text) for name, text in TOOLS.items() if name.startswith(incomplete.lower())]


def docs(
    tool: Annotated[
        str,
        typer.Argument(
            metavar="pandoc|quarto",
            help="pandoc: the filter (and an engine for pandoc-ext/diagram); quarto: the "
            "extension folder.",
            autocompletion=_tools,
        ),
    ],
    folder: Annotated[
        str, typer.Argument(metavar="FOLDER", help="The project folder (the current one).")
    ] = ".",
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace files there that are not as ttt-maps wrote them."),
    ] = False,
) -> None:
    """Write the filter that draws ```ttt-map blocks in pandoc, Quarto or R Markdown documents.

    The blocks take the same options as the MkDocs fence, one a line. The filter
    runs this Python's ttt-maps; set TTT_MAPS_PYTHON to use another.
    """
    from ttt_maps.cli.output import written_line
    from ttt_maps.errors import shown
    from ttt_maps.integrations.pandoc import install

    written = install(tool.lower(), folder, force=force)
    for path in written:
        typer.echo(written_line(path, path.stat().st_size))
    if not written:
        typer.echo(f"{shown(folder)}: the {tool.lower()} filter is there already, unchanged")
