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
from typing import TYPE_CHECKING, TextIO

from rich.text import Text

from ttt_maps.api import explain, new_game, tie_break
from ttt_maps.cli.options import Args, command
from ttt_maps.cli.output import board_grid, console, write_output
from ttt_maps.errors import UsageError, escaped
from ttt_maps.io.files import check_target
from ttt_maps.io.paths import check_not_read
from ttt_maps.language import percent, tr

if TYPE_CHECKING:
    from ttt_maps.api import Game, Position

#: The longest line play reads (a cell number needs three characters).
MAX_LINE = 1024


def run(args: Args) -> None:
    """Play against a map: the computer plays its red moves, you the other side.

    On a terminal: type a cell number (counted from 0, as the empty cells show) or a
    row and a column (counted from 1: 2 2 is the centre); u undoes, ? shows your
    best moves by the solved game and why, w says why the last move was played, q
    quits (--interactive: the same with piped input). Otherwise one cell number per
    line is read from standard input; 'position: BOARD' lines and a last
    'result: ...' line are printed, so another program can play.
    """

    request = args.request(player=args["player"])
    save = args["save"]
    if save is not None:
        check_target(save)
        check_not_read(("--save", save), [("--policy", b) for b in request.opening_books])
    person = is_terminal() or args["interactive"]
    # A person waiting for a reply on a bigger board sees the search's bar on a terminal
    # (past a second); the line protocol, read by programs, stays quiet.
    how = args.settings(progress=person)
    game = new_game(
        args["player"], request.policy, request.start, board=request.geometry,
        level=args["level"], seed=args["seed"], fold=request.folded, settings=how,
    )  # fmt: skip
    if person:
        interactive(game, None if is_terminal() else sys.stdin)
    else:
        scripted(game, sys.stdin, sys.stdout)
    if save is not None:
        write_output(save, game.to_json())


play = command("play", run)


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
        raise UsageError(
            tr(
                "row {row}, column {col} is off the {size} board",
                row=row,
                col=col,
                size=g.size_name,
            )
        )
    raise UsageError(
        tr(
            "{typed}: type a cell number, a row and a column, u, ?, w or q",
            typed=repr(text.strip()[:20]),
        )
    )


def _as_typed(text: str, exc: UsageError) -> str:
    """The error of a move the game refused, saying which cell a row and a column named
    (``1 1`` is cell 0)."""
    numbers = re.findall(r"[0-9]+", text)
    said = str(exc)
    if len(numbers) == 2:
        return tr(
            "row {row}, column {col} (counted from 1): {error}",
            row=numbers[0],
            col=numbers[1],
            error=said,
        )
    return said


def read_line(inp: TextIO) -> str:
    """One line of piped input, at most ``MAX_LINE`` characters of it kept (the rest of
    a longer line is read and dropped); EOFError at the end."""
    line = inp.readline(MAX_LINE + 1)
    if not line:
        raise EOFError
    rest = line
    while len(rest) > MAX_LINE and not rest.endswith("\n"):
        rest = inp.readline(MAX_LINE + 1)
    return line.removesuffix("\n")[:MAX_LINE]


def interactive(game: Game, piped: TextIO | None = None) -> None:
    """Play on a terminal: the board after every move, one line on what the map sees.
    With ``piped`` input (``--interactive``) each line read is shown after its prompt,
    as a terminal would echo it, so a transcript reads as a game."""

    con = console()  # a word wider than the terminal (a book's path) is never cut inside
    them = game.opponent.upper()
    intro = [
        opening(game),
        *([game.rules_words()] if game.geometry.misere else []),
        tr(
            "Type a cell number (from 0, as the empty cells show), or a row and a column "
            "(from 1: 2 2 is the centre); u undoes, ? shows your best moves, w says why the "
            "last move, q quits."
        ),
    ]
    # A policy is named as typed (book:FILE): never read as markup.
    con.print(" ".join(intro), markup=False)
    shown = -1
    while not game.over:
        if game.map_to_move:
            move = game.reply()  # the result, once the game is over, is printed below
            verdict = "" if game.over else game.verdict()  # "" past the search budget
            said = [f"{game.describe(move)}.", *([sentence(verdict)] if verdict else [])]
            con.print(" ".join(said), markup=False)
            continue
        if shown != len(game.moves):
            con.print(board_grid(game.board))
            shown = len(game.moves)
        try:
            bold = f"[bold]{them}[/bold]"
            prompt = tr("{player} to move> ", player=bold)
            if piped is None:
                text = con.input(prompt)[:MAX_LINE]
            else:
                con.print(prompt, end="")
                text = read_line(piped)
                con.print(escaped(text), markup=False)  # no escape sequence reaches the terminal
        except EOFError:
            con.print()
            return
        word = text.strip().lower()
        if word in ("q", "quit"):
            return
        if word in ("u", "undo"):
            if not game.undo():
                con.print(tr("nothing to undo"))
            shown = -1
            continue
        if word in ("?", "h", "hint"):
            try:  # a bigger board's value may be past the search budget: the game goes on
                best = ", ".join(f"{game.cell_name(c)} ({c})" for c in game.hints())
                hint = tr(
                    "Your best moves ({player}), by the solved game: {moves}.",
                    player=them,
                    moves=best,
                )
                verdict = game.verdict()  # "" past the search budget
                reasons = hint_reasons(game)
            except UsageError as exc:
                con.print(Text(str(exc), style="red"))
                continue
            con.print(" ".join([hint, *([sentence(verdict)] if verdict else [])]), markup=False)
            for line in reasons:
                con.print(f"  {line}", markup=False)
            continue
        if word in ("w", "why"):
            try:
                con.print(escaped(last_reason(game)), markup=False)  # a book's name as typed
            except UsageError as exc:  # past the search budget
                con.print(Text(str(exc), style="red"))
            continue
        try:
            cell = parse_move(text, game)
        except UsageError as exc:
            con.print(Text(str(exc), style="red"))  # it quotes what was typed
            continue
        try:
            before = game.board
            move = game.play(cell)
        except UsageError as exc:
            con.print(Text(_as_typed(text, exc), style="red"))
            continue
        blunder = mistake(before, move.cell)
        if blunder:
            con.print(blunder, markup=False)
    con.print(board_grid(game.board))
    con.print(Text(game.result_line(), style="bold"))


def sentence(text: str) -> str:
    """``text`` (a verdict: ``X can win in 5 moves, with its 3rd move from here``) as a
    sentence of a line that says more: its full stop added."""
    return text if text.endswith((".", "!", "?")) else f"{text}."


def opening(game: Game) -> str:
    """The game's first sentence: whom the person plays, against which map, and how the
    map's side plays (its ``--level``, said in words: no reader meets ``perfect``)."""
    said = {
        "opponent": game.opponent.upper(),
        "player": game.side.upper(),
        "policy": escaped(game.policy.name),  # a book's name as typed
    }
    if game.level == "novice" and game.geometry.misere:  # a novice of misère plays its way
        return tr(
            "You play {opponent} against the map for {player} ({policy}), which plays as a "
            "novice: it leaves you only moves that complete a line of yours if it can, else "
            "avoids completing one of its own, else plays anywhere.",
            **said,
        )
    if game.level == "novice":
        return tr(
            "You play {opponent} against the map for {player} ({policy}), which plays as a "
            "novice: it wins if it can, else blocks, else plays anywhere.",
            **said,
        )
    if game.stray_chance:
        share = f"{game.stray_chance * 100:.6f}".rstrip("0").rstrip(".")
        places = len(share.partition(".")[2])
        return tr(
            "You play {opponent} against the map for {player} ({policy}), which plays a "
            "random move {percent} of the time.",
            percent=percent(game.stray_chance, places),
            **said,
        )
    return tr(
        "You play {opponent} against the map for {player} ({policy}), which plays perfectly.",
        **said,
    )


def hint_reasons(game: Game) -> list[str]:
    """``4: X takes the centre...``: each best move with its reason."""

    return [
        tr("{cell}: {reason}", cell=c, reason=explain(game.board, c).text) for c in game.hints()
    ]


def mistake(before: Position, cell: int) -> str | None:
    """The reason a move was a mistake, with its refutation, or (under misère) why it
    completed the mover's own line; None for a good move, or one whose value is past
    the search budget."""

    try:
        why = explain(before, cell)
    except UsageError:  # a bigger board's values past the search budget: not known
        return None
    return why.text if why.code in ("mistake", "quick-loss", "complete") else None


def last_reason(game: Game) -> str:
    """Why the last move was played: its reason, and for the map's own move, the
    key of its chain that chose it among the equally good ones."""

    if not game.moves:
        return tr("no move yet")
    before, move = game.positions()[-2], game.moves[-1]
    line = tr(
        "{player} played {cell}: {reason}",
        player=move.mark.upper(),
        cell=move.cell,
        reason=explain(before, move.cell).text,
    )
    if move.by == "map":
        choice = tie_break(game.policy, before)
        if choice.move == move.cell and choice.key is not None:
            chose = tr(
                "Among the equally good moves, {policy} chose it: {choice}.",
                policy=escaped(game.policy.name),
                choice=choice.text,
            )
            line += f" {chose}"
    return line


def is_terminal() -> bool:
    """Is a person at the keyboard? (A closed standard input is a usage error: the moves
    come from it.)"""
    if sys.stdin is None:
        raise UsageError("standard input is closed; play reads your moves from it")
    return sys.stdin.isatty() and sys.stdout.isatty()
