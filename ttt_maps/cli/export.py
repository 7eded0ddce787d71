"""``ttt-maps export``: a strategy as ``ttt-maps/strategy@1`` JSON."""

import typer

from ttt_maps.cli.options import Args, command
from ttt_maps.cli.output import write_output, written_line


def run(args: Args) -> None:
    """``ttt-maps export`` (its help is declared with the command, ``engine.options``)."""
    # lazy: --version and a misspelled command import every command's module
    from ttt_maps.api import strategy

    how = args.settings()
    drawing = args.drawing()
    output = args["output"]
    if output is not None and output != "-":
        # lazy: --version and a misspelled command import every command's module
        from ttt_maps.io.files import check_target
        from ttt_maps.io.paths import check_not_read

        check_target(output)  # fail before the work, not after
        check_not_read(("-o", output), [("--policy", b) for b in drawing.opening_books])
    tree = strategy(
        args["player"], drawing.policy, drawing.start, board=drawing.geometry,
        fold=drawing.folded, settings=how,
    )  # fmt: skip
    data = tree.to_json(args["explain"])
    write_output(output or "-", data)
    if output is not None and output != "-":
        typer.echo(written_line(output, len(data.encode("utf-8"))))


export = command("export", run)
