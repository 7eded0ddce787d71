"""The commands that draw: ``render``, ``compare`` and ``table`` (their bodies: ``render``,
``compare``, ``table``).

Each is a plain function whose signature typer reads; ``app`` registers them.
Heavy modules are imported inside the commands so that ``ttt-maps --help``
starts fast.
"""

from typing import Annotated

import typer

from ttt_maps.cli import complete
from ttt_maps.cli.options import (
    BoardOpt,
    ChainOpt,
    FoldOpt,
    FromOpt,
    JsonOpt,
    NoCacheOpt,
    NoProgressOpt,
    SearchLimitOpt,
    TextAsPathsOpt,
    ThemeOpt,
    opt,
    runtime,
)


def render(
    player: Annotated[
        str | None,
        opt(
            "--player",
            metavar="x|o|both",
            help="x, o or both (the poster). Default: all "
            "three into output/, or the poster with -o.",
            autocompletion=complete.player_or_both,
        ),
    ] = None,
    formats: Annotated[
        list[str] | None,
        opt(
            "--format",
            "-f",
            metavar="svg|pdf|png|html",
            help="Output format (repeatable). Default: svg and pdf, or from -o's suffix.",
            autocompletion=complete.formats,
        ),
    ] = None,
    output: Annotated[
        str | None,
        opt(
            "--output",
            "-o",
            metavar="FILE",
            help="Write this file (written atomically). Default: output/{x-map,o-map,poster}, "
            "with the board in the name on other boards than 3x3 (x-map-3x4k3.svg).",
        ),
    ] = None,
    size: Annotated[
        str | None,
        opt(
            "--size",
            metavar="PAGE",
            help="PDF/PNG page: A6..A0, letter, tabloid or WxH(mm|in|pt|px); a named page "
            "turns to fit the drawing unless -landscape or -portrait is added (A1-landscape).",
            autocompletion=complete.pages,
        ),
    ] = None,
    width: Annotated[
        int | None,
        opt("--width", metavar="PX", help="PNG width in pixels (SVG: the width it declares)."),
    ] = None,
    dpi: Annotated[
        float | None,
        opt(
            "--dpi",
            metavar="DPI",
            help="PNG resolution; a PNG with --size and no --width is drawn at 300 dpi.",
        ),
    ] = None,
    margin: Annotated[
        float | None,
        opt("--margin", metavar="MM", help="Margin around the drawing with --size (10 mm)."),
    ] = None,
    text_as_paths: TextAsPathsOpt = False,
    title: Annotated[
        str | None, opt("--title", metavar="TEXT", help="A title drawn above the map.")
    ] = None,
    id_prefix: Annotated[
        str | None,
        opt("--id-prefix", metavar="TEXT", help="Prefix for SVG ids (default: from the content)."),
    ] = None,
    policy: ChainOpt = "default",
    start: FromOpt = None,
    depth: Annotated[
        int | None, opt("--depth", metavar="D", help="Cut the nesting at D levels.")
    ] = None,
    theme: ThemeOpt = "light",
    alternatives: Annotated[
        bool, typer.Option("--alternatives", help="Draw other optimal moves faint.")
    ] = False,
    outcomes: Annotated[
        bool, typer.Option("--outcomes", help="Tint each sub-map by its outcome (win/draw).")
    ] = False,
    picture: Annotated[
        bool,
        typer.Option(
            "--picture",
            help="SVG for a README: each map light and dark (NAME-dark.svg beside it), "
            "and the <picture> HTML that shows the one the reader's mode asks for.",
        ),
    ] = False,
    fold: Annotated[
        bool | None,
        typer.Option(
            "--fold/--no-fold",
            help="Fold by symmetry: replies that are rotations or reflections of each other "
            "are drawn once, lettered, with how many they stand for (the default with --whole).",
            show_default=False,
        ),
    ] = None,
    whole: Annotated[
        bool,
        typer.Option(
            "--whole",
            help="The whole game on one map: every legal move of both players, each cell "
            "tinted by its outcome for the player who makes it (default file: output/whole-map).",
        ),
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing on success.")] = False,
    board: BoardOpt = "3x3",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
    search_limit: SearchLimitOpt = None,
) -> None:
    """Draw the maps: with no options, both maps and the poster into output/ as SVG and PDF.

    An option that applies to none of the files being written (--dpi for a
    PDF, --size for an SVG, --margin without --size) is an error; with several
    formats, each file takes the options that apply to it.
    """
    from ttt_maps.cli.render import render_command

    render_command(
        geometry=runtime(board, no_cache, not (quiet or no_progress), search_limit),
        player=player,
        formats=formats or (),
        output=output,
        size=size,
        width=width,
        dpi=dpi,
        margin=margin,
        title=title,
        id_prefix=id_prefix,
        text_as_paths=text_as_paths,
        policy=policy,
        start=start,
        depth=depth,
        theme=theme,
        alternatives=alternatives,
        outcomes=outcomes,
        fold=fold,
        whole=whole,
        echo=None if quiet else typer.echo,
        picture=picture,
    )


def compare(
    chains: Annotated[
        list[str],
        typer.Argument(
            metavar="POLICY",
            help="Two or more policy chains or presets; the first is the reference.",
            show_default=False,
            autocompletion=complete.chains,
        ),
    ],
    player: Annotated[
        str,
        typer.Option(
            "--player", metavar="x|o", help="Whose maps: x or o.", autocompletion=complete.player
        ),
    ] = "x",
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the maps side by side to FILE: an image (.svg, .pdf, .png) with "
            "the positions where a map plays differently tinted, or linked viewers (.html) "
            "that zoom together.",
            show_default=False,
        ),
    ] = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            metavar="svg|pdf|png|html",
            help="Format of -o FILE (default: from its suffix).",
            show_default=False,
            autocompletion=complete.image_formats,
        ),
    ] = None,
    start: FromOpt = None,
    as_json: JsonOpt = False,
    theme: ThemeOpt = "light",
    sheet: Annotated[
        str | None,
        typer.Option(
            "--sheet",
            metavar="FILE",
            help="Write the differences sheet to FILE (.svg, .pdf or .png, A4): a small "
            "board per position where the maps play differently, each policy's move in "
            "its colour and letter, and what the choice changes.",
            show_default=False,
        ),
    ] = None,
    diff_png: Annotated[
        str | None,
        typer.Option("--diff-png", metavar="FILE", hidden=True, show_default=False),
    ] = None,
    board: BoardOpt = "3x3",
    fold: FoldOpt = False,
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
    search_limit: SearchLimitOpt = None,
) -> None:
    """Maps under several tie-break policies compared: where they play differently, up to
    rotation and reflection, as a table, a sheet, the maps side by side or linked viewers."""
    from ttt_maps.cli.compare import compare_command

    compare_command(
        chains,
        geometry=runtime(board, no_cache, not no_progress, search_limit),
        player=player,
        output=output,
        fmt=fmt,
        start=start,
        as_json=as_json,
        theme=theme,
        sheet=sheet,
        diff=diff_png,
        fold=fold,
    )


def table(
    player: Annotated[
        str,
        typer.Option("--player", metavar="x|o", help="Whose table: x or o.", show_default=False),
    ],
    output: Annotated[
        str | None,
        opt(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the one-page cheat sheet (.svg, .pdf, .png) or the table (.json) to "
            "FILE (atomically). Default: list the table on the terminal.",
        ),
    ] = None,
    fmt: Annotated[
        str | None,
        opt("--format", "-f", metavar="svg|pdf|png|json", help="Format (default: from FILE)."),
    ] = None,
    as_json: JsonOpt = False,
    prover: Annotated[
        str,
        opt(
            "--prover",
            metavar="auto|search|cp-sat",
            help="How minimality is proven: search (exact branch and bound), cp-sat (Google "
            "OR-Tools, with the cp-sat extra installed), or auto (the default: the search "
            "where it is quick, else CP-SAT when installed).",
        ),
    ] = "auto",
    size: Annotated[
        str | None,
        opt(
            "--size",
            metavar="PAGE",
            help="PDF/PNG page: A4 (the default), letter, A3 ...",
            autocompletion=complete.pages,
        ),
    ] = None,
    width: Annotated[int | None, opt("--width", metavar="PX", help="PNG width in pixels.")] = None,
    dpi: Annotated[
        float | None, opt("--dpi", metavar="DPI", help="PNG resolution (300 by default).")
    ] = None,
    margin: Annotated[
        float | None, opt("--margin", metavar="MM", help="Margin around the sheet (10 mm).")
    ] = None,
    text_as_paths: TextAsPathsOpt = False,
    title: Annotated[str | None, opt("--title", metavar="TEXT", help="The sheet's title.")] = None,
    theme: ThemeOpt = "light",
    board: BoardOpt = "3x3",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
) -> None:
    """The minimal strategy table: the fewest positions to know, as a list, JSON or sheet.

    The positions a player must know, up to rotation, reflection and move order,
    each with its move, to play perfectly by looking them up from the empty board;
    found by exact search and proven minimal. -o FILE.pdf draws them as a one-page
    cheat sheet, boards grouped by move.
    """
    from ttt_maps.cli.table import table_command

    table_command(
        player=player,
        geometry=runtime(board, no_cache, not no_progress),
        output=output,
        fmt=fmt,
        as_json=as_json,
        prover=prover,
        size=size,
        width=width,
        dpi=dpi,
        margin=margin,
        text_as_paths=text_as_paths,
        theme=theme,
        title=title,
        echo=typer.echo,
    )
