"""``ttt-maps render``, the main job: its options become one ``Request``, checked once,
and the engine draws and writes it; this prints what was written and, with
``--picture``, the HTML to paste."""

from collections.abc import Callable, Sequence

import typer

from ttt_maps.api import Settings, Strategy, gamebook, strategy
from ttt_maps.cli.gamebook import gamebook_path, write_gamebook
from ttt_maps.cli.options import Args, command
from ttt_maps.cli.output import written_line
from ttt_maps.cli.picture import picture_html
from ttt_maps.engine.outputs import Written, picture_words, write_files
from ttt_maps.engine.request import Request
from ttt_maps.errors import UsageError
from ttt_maps.language import number, tr_n


def run(args: Args) -> None:
    """Draw the maps: with no options, both maps and the poster into output/ as SVG and PDF.

    An option that applies to none of the files being written (--dpi for a PDF,
    --size for an SVG, --margin without --size) is an error; with several
    formats, each file takes the options that apply to it.
    """
    how = args.settings(progress=not args["quiet"])
    echo = None if args["quiet"] else typer.echo
    output, book = args["output"], args["gamebook"]
    if book is not None or (output or "").lower().endswith((".md", ".markdown", ".txt")):
        path = gamebook_path(output, book)
        if path is not None:
            write_gamebook(path, args, how, echo)  # the strategy in words, not maps
            return
    request = args.request()
    picture, description = args["picture"], args["description"]
    if description and (not picture or request.kind == "whole"):
        raise UsageError(
            "--description sets a player's strategy in words under a README's picture: "
            "use it with --picture, for a map or the poster"
        )
    render_files(request, args["format"] or (), output, (picture, description), how, echo)


render = command("render", run)


def render_files(
    request: Request,
    formats: Sequence[str],
    output: str | None,
    picture: tuple[bool, bool],
    settings: Settings,
    echo: Callable[[str], None] | None,
) -> None:
    """Draw and write ``request`` (``write_files``); ``echo`` (when given) gets one line
    per file as it is written, and with ``picture`` (a picture, and its description) the
    ``<picture>`` HTML for each light and dark pair, with the strategy in words under
    it."""

    noted: set[int] = set()

    def heard(done: Written) -> None:
        if echo is None:
            return
        for tree in done.trees:
            if tree.limit is not None and id(tree) not in noted:
                noted.add(id(tree))
                typer.echo(shallower(tree), err=True)
        if str(done.target.path) != "-":
            echo(written_line(done.target.path, done.size))

    pictured, description = picture
    if description and request.start is not None:
        _check_description(request, settings)
    written = write_files(request, formats, output, picture=pictured, settings=settings, echo=heard)
    if pictured and echo is not None:
        for light, dark in zip(written[::2], written[1::2], strict=True):
            details, words = "", ""
            if description:
                details, words = picture_words(light.trees, light.target.path.stem)
            echo("\n" + picture_html(light.target.path, dark.target.path, light.title, details))
            if words:
                echo("\n" + words)


def shallower(tree: Strategy) -> str:
    """The note on a map drawn less deep than the whole game because the whole would pass
    the limit of boards, or its deeper moves the search budget (no --depth was given)."""
    depth = tree.depth or 0
    said = {
        "player": tree.player.upper(),
        "board": tree.geometry.in_words(),
        "n": str(depth),
        "boards": number(tree.facts.boards),
    }
    if tree.unsolved:
        return tr_n(
            "The {player} map of {board}, is drawn {n} level deep, {boards} boards: deeper, "
            "its moves are not solved within the search budget.",
            "The {player} map of {board}, is drawn {n} levels deep, {boards} boards: deeper, "
            "its moves are not solved within the search budget.",
            depth,
            **said,
        )
    return tr_n(
        "The {player} map of {board}, is too big to draw whole (at most {limit} boards are "
        "drawn): it is drawn {n} level deep, {boards} boards; --depth asks for another depth.",
        "The {player} map of {board}, is too big to draw whole (at most {limit} boards are "
        "drawn): it is drawn {n} levels deep, {boards} boards; --depth asks for another depth.",
        depth,
        limit=number(tree.limit or 0),
        **said,
    )


def _check_description(request: Request, settings: Settings) -> None:
    """Refuse, before any file is written, a description of a map whose player never
    chooses a move from ``--from`` (the game is over there): it has no words to give."""
    player = str(request.player or "both")
    for who in (player,) if player in ("x", "o") else ("x", "o"):
        tree = strategy(who, request.policy, request.start, board=request.geometry,
                        fold=request.folded, settings=settings)  # fmt: skip
        gamebook(tree, "txt")  # a UsageError says why there is no gamebook
