"""``ttt-maps export``: a strategy as ``ttt-maps/strategy@1`` JSON."""

import typer

from ttt_maps.api import strategy
from ttt_maps.cli.options import Args, command
from ttt_maps.cli.output import write_output, written_line
from ttt_maps.io.files import check_target
from ttt_maps.io.paths import check_not_read


def run(args: Args) -> None:
    """A strategy as ttt-maps/strategy@1 JSON: the chosen move at every position."""

    how = args.settings()
    request = args.request()
    output = args["output"]
    if output is not None and output != "-":
        check_target(output)  # fail before the work, not after
        check_not_read(("-o", output), [("--policy", b) for b in request.opening_books])
    tree = strategy(
        args["player"], request.policy, request.start, board=request.geometry,
        fold=request.folded, settings=how,
    )  # fmt: skip
    data = tree.to_json(args["explain"])
    write_output(output or "-", data)
    if output is not None and output != "-":
        typer.echo(written_line(output, len(data.encode("utf-8"))))


export = command("export", run)
