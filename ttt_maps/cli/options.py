"""Each command's typer options, made from the declarations (``engine.options``).

A command module writes its body, ``def run(args: Args) -> None``, and
``command(name, run)`` gives typer a function whose parameters are the options
that apply to what the command makes, each with its flags, help, metavar,
default and completion as declared. The body reads the values from ``Args``,
each checked by its option and refused in the command line's words.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ttt_maps.cli import complete
from ttt_maps.engine.options import (
    COMMANDS,
    DECLARED,
    DRAWN,
    PROGRAM_HELP,
    REQUIRED,
    Option,
    Use,
    command_options,
    is_given,
)
from ttt_maps.errors import UsageError
from ttt_maps.language import from_environment, speaking

if TYPE_CHECKING:
    from ttt_maps.api import Board, Geometry, Settings
    from ttt_maps.engine.request import Drawing

#: The Python type typer converts each kind of option to.
_TYPES: dict[str, Any] = {
    "text": str,
    "int": int,
    "number": float,
    "flag": bool,
    "switch": bool,
    "list": list[str],
}


def _parameter(option: Option, command: str) -> inspect.Parameter:
    """One typer parameter for ``option`` as ``command`` offers it."""
    default = option.default_for(command)
    kind = _TYPES[option.kind]
    help = option.help_for(command)
    completion = complete.values_of(option, command)
    name = _parameter_name(option)
    if option.cli_argument:
        info: Any = typer.Argument(
            ... if default is REQUIRED else default,
            metavar=option.metavar_for(command),
            help=help,
            show_default=_shown(default),
            autocompletion=completion,
        )
        annotation = kind if default is not None else kind | None
        return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=info,
                                 annotation=annotation)  # fmt: skip
    if option.negative:
        default, kind = False, bool
    flags: tuple[str, ...] = option.cli
    if option.kind == "switch":
        flags = (f"{flags[0]}/--no-{flags[0][2:]}", *flags[1:])
    info = typer.Option(
        ... if default is REQUIRED else default,
        *flags,
        metavar=None if option.kind in ("flag", "switch") else option.metavar_for(command),
        help=help,
        show_default=_shown(default) and option.kind not in ("flag", "switch", "list"),
        hidden=option.hidden,
        autocompletion=completion,
    )
    optional = default is None or option.kind in ("switch", "list")
    annotation = kind | None if optional else kind
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=info,
                             annotation=annotation)  # fmt: skip


def _shown(default: Any) -> bool:
    """Whether help shows a default: a value, not nothing, a flag or a must."""
    return default is not None and default is not REQUIRED and not isinstance(default, bool)


def _parameter_name(option: Option) -> str:
    """The name typer knows a parameter by: the option's, or for a flag that turns a
    setting off (``--no-cache``), the flag's."""
    return option.cli[0][2:].replace("-", "_") if option.negative else option.name


class Args:
    """The values of one run of a command, by option name, each checked by its option
    (a bad one is a usage error naming its flag). ``given`` holds the options the
    command line set (typer fills in the others' defaults)."""

    def __init__(self, command: str, values: dict[str, Any]) -> None:
        self.command = command
        self.use = Use("cli", command)
        self.values: dict[str, Any] = {}
        self.given: set[str] = set()
        for option in command_options(command):
            value = values[_parameter_name(option)]
            if option.negative:
                value = not value
            if is_given(option, value, command):
                self.given.add(option.name)
                value = option.read(value, self.use)
            self.values[option.name] = value

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def drawing(self, job: str | None = None, **extra: Any) -> Drawing:
        """The drawing the options ask for (``extra``: values the command chooses), for
        ``job`` (by default: a map, the poster or the whole game, as they say)."""
        from ttt_maps.engine.request import Drawing

        given = {n: self.values[n] for n in self.given if n in DRAWN}
        return Drawing.read({**given, **extra}, self.use, job=job, settings=self.settings())

    def settings(self, progress: bool = True) -> Settings:
        """How to run: the cache, progress bars (``progress``: unless the command is quiet)
        and the search limit; a bad number in one of ttt-maps' variables stops any command
        that does work, even one that would not read it (``environment.check_numbers``)."""
        import os

        from ttt_maps.api import Settings

        if any(name.startswith("TTT_MAPS_") for name in os.environ):
            from ttt_maps.io.environment import check_numbers

            check_numbers()
        cache, limit = self.values.get("cache", True), self.values.get("search_limit")
        return Settings(cache, progress and self.values.get("progress", False), limit)

    def language(self) -> str | None:
        """The language the command speaks: ``--lang``, else the one the environment
        names (``LANGUAGE``, ``LC_ALL``, ``LANG``); ``None`` for a command that has no
        words for a reader."""
        if "lang" not in self.values:
            return None
        return str(self.values["lang"] or from_environment())

    def position(self, text: str, geometry: Geometry) -> Board:
        """The position argument on its board, refused in its own name."""
        from ttt_maps.api import Board

        option = DECLARED["position"]
        try:
            return Board.parse(text, geometry)
        except UsageError as exc:
            raise option.refused(text, exc.reason or str(exc), self.use) from None

    def geometry(self) -> Geometry:
        """The board of a command that draws no map, under its rules."""
        geometry: Geometry = self.drawing().geometry
        return geometry


def command(name: str, run: Callable[[Args], None]) -> Callable[..., None]:
    """The typer function of command ``name``: its parameters made from the options that
    apply to what it makes, its help from ``run``'s docstring."""

    def main(**values: Any) -> None:
        args = Args(name, values)
        with speaking(args.language()):
            run(args)

    parameters = [_parameter(option, name) for option in command_options(name)]
    main.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    main.__annotations__ = {p.name: p.annotation for p in parameters}
    main.__name__ = main.__qualname__ = name
    main.__doc__ = COMMANDS[name].help
    main.__module__ = run.__module__
    return main


def _version(value: bool) -> None:
    if value:
        from ttt_maps._version import __version__

        typer.echo(f"ttt-maps {__version__}")
        raise typer.Exit()


def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    # typer reads the program's help from here: ``PROGRAM_HELP``, set below.
    return None


root.__doc__ = PROGRAM_HELP
