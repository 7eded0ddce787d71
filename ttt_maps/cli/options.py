"""The options and arguments several commands share, declared once for typer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ttt_maps.cli import complete

if TYPE_CHECKING:
    from ttt_maps.api import Geometry, Settings


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
        help="light, dark, print, xkcd (comic lettering in SVG and HTML only), or auto: "
        "light, and dark where the docs page or the reader's system is (SVG and HTML; PDF "
        "and PNG draw it light).",
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
RulesOpt = Annotated[
    str,
    opt(
        "--rules",
        metavar="normal|misere",
        help="normal (the default: a line wins) or misere (whoever completes a line loses).",
        autocompletion=complete.rules,
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
        help="Search up to N positions in all for this command, however big the board "
        "(without it, about ten seconds' worth on an ordinary machine).",
    ),
]


BoardArg = Annotated[
    str | None,
    typer.Argument(
        metavar="BOARD",
        help="A position, e.g. x...o.... or 'x../.o./...'; the empty board when left out.",
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
    board: str,
    no_cache: bool = False,
    progress: bool = True,
    search_limit: int | None = None,
    rules: str = "normal",
) -> tuple[Geometry, Settings]:
    """The board of a command under its rules, and how to run it: the cache, progress
    bars and the search limit of bigger boards (checked: a bad limit is a usage error)."""
    from ttt_maps.api import Geometry

    geometry = Geometry.parse(board, rules)
    return geometry, settings(no_cache, progress, search_limit)


def settings(
    no_cache: bool = False, progress: bool = True, search_limit: int | None = None
) -> Settings:
    """The cache, progress and search settings of a command, whatever the board; a bad
    number in one of ttt-maps' variables stops any command that does work, even one that
    would not read it (``environment.check_numbers``)."""
    import os

    from ttt_maps.api import Settings

    if any(name.startswith("TTT_MAPS_") for name in os.environ):
        from ttt_maps.io.environment import check_numbers

        check_numbers()
    return Settings(not no_cache, progress, search_limit).checked()
