"""``ttt-maps play``: the two ways a person (or a program) plays against a map.

On a terminal the board is drawn with rich and the person types cells, with
undo, hints and quit. Otherwise the game is a line protocol another program
can drive: ``position: BOARD`` at the start and after every move (flushed
before each read), one cell number per line read from standard input when it
is the person's turn, and ``result: x wins | o wins | draw`` at the end. A bad
move there is a usage error (exit 2), as any bad input is.
"""

from __future__ import annotations

import re
import sys
from typing import TextIO

from ttt_maps.errors import UsageError
from ttt_maps.game.board import other
from ttt_maps.strategies.match import Game, cell_name

#: The longest line the line protocol reads (a cell number needs three characters).
MAX_LINE = 1024


def scripted(game: Game, inp: TextIO, out: TextIO) -> None:
    """Play by the line protocol until the game ends."""
    out.write(f"position: {game.board}\n")
    while not game.over:
        if game.map_to_move:
            game.reply()
        else:
            out.flush()
            line = inp.readline(MAX_LINE + 1)
            if not line:
                raise UsageError("standard input ended before the game did")
            if len(line) > MAX_LINE and not line.endswith("\n"):
                raise UsageError(f"a line of more than {MAX_LINE} characters: expected a cell")
            text = line.strip()
            if not re.fullmatch(r"[0-9]{1,3}", text):
                raise UsageError(f"move {text[:20]!r}: expected a cell number")
            game.play(int(text))
        out.write(f"position: {game.board}\n")
    out.write(f"result: {game.result}\n")
    out.flush()


def parse_move(text: str, game: Game) -> int:
    """A cell number, or a row and a column counted from 1 (``2 3``, ``2,3``)."""
    g = game.geometry
    numbers = re.findall(r"[0-9]+", text)
    if re.fullmatch(r"\s*[0-9]+\s*", text, re.ASCII):
        return int(text)
    if len(numbers) == 2 and re.fullmatch(r"\s*[0-9]+\s*[ ,/]\s*[0-9]+\s*", text, re.ASCII):
        row, col = int(numbers[0]), int(numbers[1])
        if 1 <= row <= g.rows and 1 <= col <= g.cols:
            return (row - 1) * g.cols + col - 1
        raise UsageError(f"row {row}, column {col} is off the {g.rows}x{g.cols} board")
    raise UsageError(f"{text.strip()[:20]!r}: type a cell number, a row and a column, u, ? or q")


def _as_typed(text: str, exc: UsageError) -> str:
    """The error, saying which cell a row and a column named (``1 1`` is cell 0)."""
    numbers = re.findall(r"[0-9]+", text)
    said = str(exc)
    if len(numbers) == 2 and said.startswith("cell "):
        return f"row {numbers[0]}, column {numbers[1]} (counted from 1): {said}"
    return said


def interactive(game: Game) -> None:
    """Play on a terminal: the board after every move, one line on what the map sees."""
    from rich.console import Console

    from ttt_maps.cli.output import board_grid

    con = Console(highlight=False)
    you, them = game.side.upper(), other(game.side).upper()
    con.print(
        f"You play {them} against the map for {you} ({game.policy.name}, level {game.level}). "
        "Type a cell number (from 0, as the empty cells show), or a row and a column "
        "(from 1: 2 2 is the centre); u undoes, ? shows your best moves, q quits."
    )
    shown = -1
    while not game.over:
        if game.map_to_move:
            move = game.reply()  # the result, once the game is over, is printed below
            con.print(f"{game.describe(move)}." + ("" if game.over else f" {game.verdict()}"))
            continue
        if shown != len(game.moves):
            con.print(board_grid(game.board))
            shown = len(game.moves)
        try:
            text = con.input(f"[bold]{them}[/bold] to move> ")
        except EOFError:
            con.print()
            return
        word = text.strip().lower()
        if word in ("q", "quit"):
            return
        if word in ("u", "undo"):
            if not game.undo():
                con.print("nothing to undo")
            shown = -1
            continue
        if word in ("?", "h", "hint"):
            best = ", ".join(f"{cell_name(game.geometry, c)} ({c})" for c in game.hints())
            con.print(f"Your best moves ({them}), by the solved game: {best}. {game.verdict()}")
            continue
        try:
            cell = parse_move(text, game)
            game.play(cell)
        except UsageError as exc:
            con.print(f"[red]{_as_typed(text, exc)}[/red]")
    con.print(board_grid(game.board))
    con.print(f"[bold]{game.result_line()}[/bold]")


def is_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()
