"""``ttt-maps check``: a strategy file, a table or a saved game, audited against the solved game;
or, with ``--board``, the proof the package ships for that board, checked again.

Exit 0 only when perfect: a strategy's every move optimal, a game's every move
keeping its player's best result, a proof's every certificate holding; 1 otherwise
(the report says where).
"""

import typer

from ttt_maps.api import check as audit
from ttt_maps.cli.options import Args, command
from ttt_maps.cli.output import print_json
from ttt_maps.errors import UsageError, quote
from ttt_maps.io.files import read_text


def run(args: Args) -> None:
    """Audit a strategy file, a table from 'ttt-maps table', or a game saved by
    'ttt-maps play --save', against the solved game: exit 0 when perfect (every move
    keeps its player's best result), 1 when not, 2 when the file cannot be read; the
    board is the file's "geometry". With --board and no file: the proof shipped for
    6x5, 5x6 or 6x6 with four in a row, checked again certificate by certificate.
    """

    how = args.settings()
    file, rules, board = args["file"], args["rules"], args["board"]
    if file is None and board is None:
        raise UsageError("check needs a FILE, or --board to check the proof shipped for a board")
    if file is None:
        report = audit(rules=rules, board=board, settings=how)
    else:
        text = read_text(file, "a strategy JSON file")
        source = "standard input" if file == "-" else quote(file)
        report = audit(text, source=source, rules=rules, board=board, settings=how)
    if args["as_json"]:
        print_json(report.doc)
    else:
        for line in report.lines:
            typer.echo(line)
        typer.echo(report.summary)
    if not report.perfect:
        raise typer.Exit(1)


check = command("check", run)
