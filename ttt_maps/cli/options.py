"""The options and arguments several commands share, declared once for typer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ttt_maps.cli import complete

if TYPE_CHECKING:
    from ttt_maps.game.geometry import Geometry


def opt(*names: str, metavar: str | None = None, help: str, autocompletion: Any = None) -> Any:
    """A typer option without a shown default (the help says what the default is)."""
    return typer.Option(
        *names, metavar=metavar, help=help, show_default=False, autocompletion=autocompletion
    )


ChainOpt = Annotated[
    str,
    typer.Option(
        "--policy",
        "-p",
        metavar="CHAIN",
        help="Tie-break policy chain or preset.",
        autocompletion=complete.chains,
    ),
]
FromOpt = Annotated[
    str | None, opt("--from", metavar="BOARD", help="Root position (default: the empty board).")
]
ThemeOpt = Annotated[
    str,
    typer.Option(
        "--theme",
        metavar="NAME",
        help="light, dark, print, xkcd, or auto: light, and dark where the reader's system "
        "or docs page is (SVG and HTML; PDF and PNG draw it light).",
        autocompletion=complete.themes,
    ),
]
BoardOpt = Annotated[
    str,
    opt(
        "--board",
        metavar="RxC[kK]",
        help="The board: 3x3 (the default), 4x4 (four in a row), 4x4k3, 3x4k3 ... "
        "(rows x columns, k in a row; k is the shorter side unless given).",
        autocompletion=complete.boards,
    ),
]
NoCacheOpt = Annotated[
    bool, typer.Option("--no-cache", help="Neither read nor keep the solved tables of big boards.")
]
NoProgressOpt = Annotated[
    bool, typer.Option("--no-progress", help="No progress bar on stderr for long work.")
]
TextAsPathsOpt = Annotated[
    bool,
    typer.Option(
        "--text-as-paths", help="PDF: draw the text as outlines instead of embedding its font."
    ),
]
FoldOpt = Annotated[
    bool,
    typer.Option(
        "--fold",
        help="The map folded by symmetry: replies that are rotations or reflections of each "
        "other are drawn once, and played alike, turned.",
    ),
]
SearchLimitOpt = Annotated[
    int | None,
    opt(
        "--search-limit",
        metavar="N",
        help="Search up to N positions for each answer, however big the board (without "
        "it, boards past 16 cells get a short try, the others 4,000,000 per answer).",
    ),
]


BoardArg = Annotated[
    str,
    typer.Argument(
        metavar="BOARD",
        help="A position, e.g. x...o.... or 'x../.o./...'.",
        show_default=False,
    ),
]
PolicyOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--policy",
        "-p",
        metavar="CHAIN",
        help="A policy chain or preset (repeatable), e.g. fast,novice. See 'ttt-maps policies'.",
        show_default=False,
        autocompletion=complete.chains,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


def runtime(
    board: str, no_cache: bool = False, progress: bool = True, search_limit: int | None = None
) -> Geometry:
    """The board of a command, and its cache, progress and search settings (see
    ttt_maps.solve.cache and ttt_maps.solve.search).

    Only bigger boards have a cache, a search limit or long enough work for a
    progress bar, so a small board's run loads none of them.
    """
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.solve.solver import SMALL_BOARD

    geometry = Geometry.parse(board)
    if search_limit is not None and search_limit < 1:
        from ttt_maps.errors import UsageError

        raise UsageError(f"--search-limit {search_limit}: expected 1 or more positions")
    if geometry.size > SMALL_BOARD:
        settings(no_cache, progress, search_limit)
    else:
        check_variables()
    return geometry


def settings(
    no_cache: bool = False, progress: bool = True, search_limit: int | None = None
) -> None:
    """The cache, progress and search settings, whatever the board (``check`` reads it
    later)."""
    check_variables()
    from ttt_maps.io import progress as bars
    from ttt_maps.solve import cache, search

    if no_cache:
        cache.disable()
    bars.enable(progress)
    if search_limit is not None:
        search.patient(search_limit)


def check_variables() -> None:
    """A bad number in one of ttt-maps' variables stops any command that does work, even
    one that would not read it (``environment.check_numbers``)."""
    import os

    if any(name.startswith("TTT_MAPS_") for name in os.environ):
        from ttt_maps.io.environment import check_numbers

        check_numbers()
