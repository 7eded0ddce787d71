"""``ttt-maps render``, the main job: its options become one ``Drawing``, checked once,
and the API draws and writes it; this prints what was written and, with
``--picture``, the HTML to paste."""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from ttt_maps.cli import complete
from ttt_maps.cli.options import (
    BoardOpt,
    ChainOpt,
    FromOpt,
    NoCacheOpt,
    NoProgressOpt,
    RulesOpt,
    SearchLimitOpt,
    TextAsPathsOpt,
    ThemeOpt,
    opt,
    runtime,
)
from ttt_maps.cli.output import written_line
from ttt_maps.errors import UsageError

if TYPE_CHECKING:
    from ttt_maps.api import Drawing, Settings, Written


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
    explain: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="Give each red move its reason: an SVG tooltip, and in the viewer the status "
            "line and the name a screen reader says.",
        ),
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
    caption: Annotated[
        bool | None,
        typer.Option(
            "--caption/--no-caption",
            help="Head a single map with 'Map for X' and how to read it, and add the "
            "poster's footer (policy, counts): on by default for a PDF or PNG with --size.",
            show_default=False,
        ),
    ] = None,
    description: Annotated[
        bool,
        typer.Option(
            "--description",
            help="With --picture: print the strategy in words under the <picture>, folded "
            "away in <details>, a long description for readers who cannot see the map.",
        ),
    ] = False,
    gamebook: Annotated[
        str | None,
        opt(
            "--gamebook",
            metavar="FILE",
            help="Write the player's strategy in words instead of maps: one numbered section "
            "per position where the player chooses, with where to go after each reply. "
            "FILE.md (Markdown), FILE.txt (plain text to read aloud) or FILE.pdf (an A5 "
            "booklet with links; --size changes the page). -o FILE.md or FILE.txt does the same.",
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing on success.")] = False,
    board: BoardOpt = "3x3",
    rules: RulesOpt = "normal",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
    search_limit: SearchLimitOpt = None,
) -> None:
    """Draw the maps: with no options, both maps and the poster into output/ as SVG and PDF.

    An option that applies to none of the files being written (--dpi for a
    PDF, --size for an SVG, --margin without --size) is an error; with several
    formats, each file takes the options that apply to it.
    """
    from ttt_maps.api import Drawing

    geometry, how = runtime(board, no_cache, not (quiet or no_progress), search_limit, rules)
    drawing = Drawing(
        player,
        whole,
        geometry,
        policy,
        start,
        depth,
        fold,
        alternatives,
        outcomes,
        theme,
        title,
        size,
        width,
        dpi,
        margin,
        id_prefix,
        text_as_paths,
        explain,
        caption,
    )
    echo = None if quiet else typer.echo
    book = None
    if gamebook is not None or (output or "").lower().endswith((".md", ".markdown", ".txt")):
        from ttt_maps.cli.bookfile import book_path

        book = book_path(output, gamebook)  # the strategy in words, not maps
    if book is not None:
        from ttt_maps.cli.bookfile import write_gamebook

        given = {"--format": bool(formats), "--width": width is not None,
                 "--dpi": dpi is not None, "--title": title is not None,
                 "--id-prefix": id_prefix is not None, "--depth": depth is not None,
                 "--alternatives": alternatives, "--outcomes": outcomes, "--picture": picture,
                 "--whole": whole, "--size": size is not None, "--margin": margin is not None,
                 "--text-as-paths": text_as_paths, "--description": description,
                 "--explain": explain, "--caption": bool(caption)}  # fmt: skip
        write_gamebook(book, drawing, given, how, echo)
        return
    if description and (not picture or whole):
        raise UsageError(
            "--description sets a player's strategy in words under a README's picture: "
            "use it with --picture, for a map or the poster"
        )
    render_files(drawing, formats or (), output, (picture, description), how, echo)


def render_files(
    drawing: "Drawing",
    formats: Sequence[str],
    output: str | None,
    picture: tuple[bool, bool],
    settings: "Settings",
    echo: Callable[[str], None] | None,
) -> None:
    """Draw and write ``drawing`` (the API's ``write_files``); ``echo`` (when given) gets
    one line per file as it is written, and with ``picture`` (a picture, and its
    description) the ``<picture>`` HTML for each light and dark pair, with the strategy
    in words under it."""
    from ttt_maps.api import write_files

    def heard(done: "Written") -> None:
        if echo is not None and str(done.target.path) != "-":
            echo(written_line(done.target.path, done.size))

    pictured, description = picture
    if description and drawing.start is not None:
        _check_description(drawing, settings)
    written = write_files(drawing, formats, output, picture=pictured, settings=settings, echo=heard)
    if pictured and echo is not None:
        from ttt_maps.api import picture_words
        from ttt_maps.cli.picture import picture_html

        for light, dark in zip(written[::2], written[1::2], strict=True):
            details, words = "", ""
            if description:
                details, words = picture_words(light.trees, light.target.path.stem)
            echo("\n" + picture_html(light.target.path, dark.target.path, light.title, details))
            if words:
                echo("\n" + words)


def _check_description(drawing: "Drawing", settings: "Settings") -> None:
    """Refuse, before any file is written, a description of a map whose player never
    chooses a move from ``--from`` (the game is over there): it has no words to give."""
    from ttt_maps.api import gamebook, strategy

    player = str(drawing.player or "both").strip().lower()
    for who in (player,) if player in ("x", "o") else ("x", "o"):
        tree = strategy(who, drawing.policy, drawing.start, geometry=drawing.geometry,
                        fold=drawing.folded, settings=settings)  # fmt: skip
        gamebook(tree, "txt")  # a UsageError says why there is no book
