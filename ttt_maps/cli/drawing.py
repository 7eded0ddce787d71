"""The commands that draw: ``render`` and ``compare`` (their bodies: ``render``, ``compare``).

Each is a plain function whose signature typer reads; ``app`` registers them.
Heavy modules are imported inside the commands so that ``ttt-maps --help``
starts fast.
"""

from typing import Annotated

import typer

from ttt_maps.cli.options import (
    BoardOpt,
    ChainOpt,
    FromOpt,
    JsonOpt,
    NoCacheOpt,
    NoProgressOpt,
    SearchLimitOpt,
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
        ),
    ] = None,
    formats: Annotated[
        list[str] | None,
        opt(
            "--format",
            "-f",
            metavar="svg|pdf|png|html",
            help="Output format (repeatable). Default: svg and pdf, or from -o's suffix.",
        ),
    ] = None,
    output: Annotated[
        str | None,
        opt(
            "--output",
            "-o",
            metavar="FILE",
            help="Write this file (written atomically). Default: output/{x-map,o-map,poster}.",
        ),
    ] = None,
    size: Annotated[
        str | None,
        opt(
            "--size",
            metavar="PAGE",
            help="PDF/PNG page: A6..A0, letter, tabloid or WxH(mm|in|pt|px); a named page "
            "turns to fit the drawing unless -landscape or -portrait is added (A1-landscape).",
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
    text_as_paths: Annotated[
        bool,
        typer.Option(
            "--text-as-paths", help="PDF: draw the text as outlines instead of embedding its font."
        ),
    ] = False,
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
        echo=None if quiet else typer.echo,
    )


def compare(
    chains: Annotated[
        list[str],
        typer.Argument(
            metavar="POLICY",
            help="Two or more policy chains or presets; the first is the reference.",
            show_default=False,
        ),
    ],
    player: Annotated[
        str, typer.Option("--player", metavar="x|o", help="Whose maps: x or o.")
    ] = "x",
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the maps side by side to FILE (.svg, .pdf or .png).",
            show_default=False,
        ),
    ] = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            metavar="svg|pdf|png",
            help="Image format (default: from FILE's suffix).",
            show_default=False,
        ),
    ] = None,
    start: FromOpt = None,
    as_json: JsonOpt = False,
    theme: ThemeOpt = "light",
    diff_png: Annotated[
        str | None,
        typer.Option(
            "--diff-png",
            metavar="FILE",
            help="Write a PNG of the first map, greyed, with pixels that differ in the "
            "second map in magenta.",
            show_default=False,
        ),
    ] = None,
    board: BoardOpt = "3x3",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
    search_limit: SearchLimitOpt = None,
) -> None:
    """Maps under several tie-break policies side by side, and a table of what differs."""
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
        diff=diff_png,
    )
