"""``ttt-maps policies``: the tie-break keys and presets, one line each."""

from rich.markup import escape
from rich.table import Table

from ttt_maps.api import policies as listed
from ttt_maps.cli.options import Args, command
from ttt_maps.cli.output import console, show_table


def run(args: Args) -> None:
    """The tie-break policy keys and presets, one line each (on --board's board)."""

    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("name")
    table.add_column("kind")
    table.add_column("prefers")
    for name, kind, text in listed(board=args.geometry()):
        table.add_row(escape(name), kind, escape(text))
    out = console()
    show_table(out, table)
    out.print(
        "Chain keys with commas, e.g. --policy fast,novice; 'first' always closes a chain.",
        style="dim",
        markup=False,
    )


policies = command("policies", run)
