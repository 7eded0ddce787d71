"""``ttt-maps docs pandoc|quarto``: put the ``ttt-map`` filter into a pandoc or Quarto project."""

import typer

from ttt_maps.cli.options import Args, command


def run(args: Args) -> None:
    """``ttt-maps docs`` (its help is declared with the command, ``engine.options``)."""
    from ttt_maps.cli.output import written_line
    from ttt_maps.errors import shown
    from ttt_maps.integrations.pandoc import install

    tool, folder = args["tool"].lower(), args["folder"]
    written = install(tool, folder, force=args["force"])
    for path in written:
        typer.echo(written_line(path, path.stat().st_size))
    if not written:
        typer.echo(f"{shown(folder)}: the {tool} filter is there already, unchanged")


docs = command("docs", run)
