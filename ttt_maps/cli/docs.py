"""``ttt-maps docs pandoc|quarto``: put the ``ttt-map`` filter into a pandoc or Quarto project."""

import typer

from ttt_maps.cli.options import Args, command
from ttt_maps.cli.output import written_line
from ttt_maps.errors import shown
from ttt_maps.integrations.pandoc import install


def run(args: Args) -> None:
    """Write the filter that draws ```ttt-map blocks in pandoc, Quarto or R Markdown
    documents.

    The blocks take the same options as the MkDocs fence, one a line. The filter
    runs this Python's ttt-maps; set TTT_MAPS_PYTHON to use another.
    """

    tool, folder = args["tool"].lower(), args["folder"]
    written = install(tool, folder, force=args["force"])
    for path in written:
        typer.echo(written_line(path, path.stat().st_size))
    if not written:
        typer.echo(f"{shown(folder)}: the {tool} filter is there already, unchanged")


docs = command("docs", run)
