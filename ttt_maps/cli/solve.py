"""``ttt-maps solve``: a position's value, every move's outcome, each policy's choice."""

from rich.markup import escape
from rich.table import Table

from ttt_maps.api import Position, solve_position
from ttt_maps.cli.options import Args, command
from ttt_maps.cli.output import board_grid, console, print_json, show_table
from ttt_maps.errors import shown
from ttt_maps.language import tr

#: The widest the "why" column of the moves gets, so they fit in 100 columns.
WHY_WIDTH = 38


def run(args: Args) -> None:
    """The value of a position, every legal move's outcome, and each policy's choice."""

    g, how = args.geometry(), args.settings()
    board = args["position"]
    pos = Position.empty(g) if board is None else args.position(board, g)
    doc = solve_position(pos, args["policies"] or (), settings=how)
    if args["as_json"]:
        print_json(doc)
        return
    out = console()
    out.print(board_grid(pos), soft_wrap=True)  # a picture: never wrapped
    out.print()
    if doc["over"]:
        winner = doc["winner"]
        if winner:
            out.print(tr("game over: {player} won", player=winner))
        else:
            out.print(tr("game over: draw (the board is full)"))
        return
    mover = doc["to_move"]
    out.print(
        tr("{player} to move: {outcome}", player=mover, outcome=doc["outcome"]["text"]),
        markup=False,
    )

    chosen: dict[int, list[str]] = {}
    for p in doc["policies"]:
        chosen.setdefault(p["move"], []).append(p["name"])
    moves = Table(box=None, pad_edge=False, header_style="bold")
    moves.add_column(tr("cell"), justify="right")
    moves.add_column(tr("outcome for {player}", player=mover))
    moves.add_column(tr("best"), justify="center")
    moves.add_column(tr("chosen by"))
    moves.add_column(tr("why"), max_width=WHY_WIDTH, overflow="fold")
    for m in doc["moves"]:
        moves.add_row(
            str(m["cell"]),
            m["text"],
            "✓" if m["optimal"] else "",
            escape(", ".join(shown(name) for name in chosen.get(m["cell"], []))),
            escape(m["why"]["brief"]),
        )
    out.print()
    show_table(out, moves)
    choices = Table(box=None, pad_edge=False, header_style="bold")
    choices.add_column(tr("policy"))
    choices.add_column(tr("chain"))
    choices.add_column(tr("move"), justify="right")
    choices.add_column(tr("why this one"), overflow="fold")
    for p in doc["policies"]:
        choices.add_row(
            escape(shown(p["name"])),
            escape(shown(p["chain"])),
            str(p["move"]),
            escape(p["why"]["text"]),
        )
    out.print()
    show_table(out, choices)


solve = command("solve", run)
