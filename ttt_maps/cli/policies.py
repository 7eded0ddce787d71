"""``ttt-maps policies``: the tie-break keys and presets, one line each."""

from rich.markup import escape
from rich.table import Table

from ttt_maps.api import policies as listed
from ttt_maps.cli.options import Args, command
from ttt_maps.cli.output import console, show_table
from ttt_maps.language import NC_, tr, tr_ctx

#: What a row of the table is: a key of a chain, or a preset (a chain with a name).
KINDS = {"key": NC_("policies", "key"), "preset": NC_("policies", "preset")}


def run(args: Args) -> None:
    """The tie-break policy keys and presets, one line each (on --board's board)."""

    # The command speaks the language of --lang (``cli.options.command``): the words here
    # and the API's (``policies``) are said in it.
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(tr_ctx("policies", "name"))
    table.add_column(tr_ctx("policies", "kind"))
    table.add_column(tr_ctx("policies", "prefers"))
    for name, kind, text in listed(board=args.geometry()):
        table.add_row(escape(name), tr_ctx("policies", KINDS[kind]), escape(text))
    out = console()
    show_table(out, table)
    out.print(
        tr("Chain keys with commas, e.g. --policy fast,novice; 'first' always closes a chain."),
        style="dim",
        markup=False,
    )


policies = command("policies", run)
