"""Each command's typer options, made from the options table (``engine.options``).

A command module writes its body, ``def run(args: Args) -> None``, with the
command's help as its docstring, and ``command(name, run)`` gives typer a
function whose parameters are the options the command takes, each with its
flags, help, metavar, default and completion as the table says. An option's old
name (``--from`` for ``--start``) is a parameter of its own, not shown in help,
so that giving both is refused. The body reads the values from ``Args``, each
checked by its option where it entered and refused in the command line's words.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from typing import Any

import typer

from ttt_maps.api import Geometry, Position, Settings
from ttt_maps.cli.complete import values_of
from ttt_maps.engine.checks import Refused
from ttt_maps.engine.options import (
    COMMANDS,
    OPTIONS,
    REQUESTS,
    REQUIRED,
    Option,
    Surface,
    Takes,
    from_text,
)
from ttt_maps.engine.request import Request
from ttt_maps.errors import UsageError
from ttt_maps.io.environment import check_numbers
from ttt_maps.language import from_environment, speaking

#: The options a request holds (every kind's).
DRAWN = frozenset(name for names in REQUESTS.values() for name in names)


def _flags(option: Option) -> tuple[list[str], list[str]]:
    """An option's flags (its name and short form) and its old long names."""
    names: list[str] = []
    old: list[str] = []
    for flag in option.flags:
        is_old = flag.startswith("--") and bool(names) and names[0].startswith("--")
        (old if is_old else names).append(flag)
    return names, old


def _parameter(option: Option, takes: Takes, name: str, flags: list[str]) -> inspect.Parameter:
    """One typer parameter for ``option`` as a command offers it (``flags``: the
    spellings this parameter stands for; none for an argument)."""
    default = takes.default(option.name)
    old = flags[:1] != _flags(option)[0][:1]  # an old name: a parameter of its own
    hidden = old or option.name in takes.hidden
    info: Any
    # Numbers are read from their text as a docs page reads them (``from_text``), so a
    # value means the same on every surface.
    annotation: Any = {list: list[str], int: str, float: str}.get(option.kind, option.kind)
    if option.is_argument:
        info = typer.Argument(
            ... if default is REQUIRED else default,
            metavar=takes.metavar(option.name),
            help=takes.help(option.name),
            show_default=_shown(default),
            autocompletion=values_of(option, takes),
        )
        if default is None:
            annotation = annotation | None
        return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=info,
                                 annotation=annotation)  # fmt: skip
    if option.kind is bool and option.default is None and not old:
        flags = [f"{flags[0]}/--no-{flags[0][2:]}", *flags[1:]]  # --fold/--no-fold
    if flags[0].startswith("--no-"):
        default = False  # --no-cache: given, it turns the setting off
    if option.kind is bool and option.default is None:
        default = None  # --fold/--no-fold: on, off, or left to the command
    info = typer.Option(
        None if old else (... if default is REQUIRED else default),
        *flags,
        metavar=None if option.kind is bool else takes.metavar(option.name),
        help="" if old else takes.help(option.name),
        show_default=_shown(default) and option.kind not in (bool, list),
        hidden=hidden,
        autocompletion=values_of(option, takes),
    )
    if default is None or old or (option.kind is bool and option.default is None):
        annotation = annotation | None
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=info,
                             annotation=annotation)  # fmt: skip


def _shown(default: Any) -> bool:
    """Whether help shows a default: a value, not nothing, a flag or a must."""
    return default is not None and default is not REQUIRED and not isinstance(default, bool)


def _parameters(command: str) -> dict[str, tuple[Option, str]]:
    """Each typer parameter of a command, by its name: the option, and the flag it
    stands for (an old name is a parameter of its own)."""
    out: dict[str, tuple[Option, str]] = {}
    for option in COMMANDS[command].options():
        names, old = _flags(option)
        out[option.name] = (option, names[0] if names else option.name)
        for flag in old:
            out[f"{option.name}__{flag[2:].replace('-', '_')}"] = (option, flag)
    return out


class Args:
    """The values of one run of a command, by option name, each checked by its option
    (a bad one is a usage error naming its flag as typed). ``given`` holds the options
    the command line set; the others have the command's defaults."""

    def __init__(self, command: str, values: dict[str, Any]) -> None:
        self.command = command
        takes = COMMANDS[command]
        said: dict[str, str] = {}
        given: dict[str, Any] = {}
        for parameter, (option, flag) in _parameters(command).items():
            value = values[parameter]
            if not _given(option, value, takes):
                continue
            if option.name in given:
                raise Surface("cli").together(option, said[option.name], flag)
            said[option.name] = flag
            given[option.name] = value
        self.surface = Surface("cli", said)
        self.given = set(given)
        self.values: dict[str, Any] = {o.name: takes.default(o.name) for o in takes.options()}
        for name, value in given.items():
            option = OPTIONS[name]
            if option.flags[0].startswith("--no-"):
                value = False  # --no-cache given: the cache is off
            elif option.kind in (int, float):
                try:
                    value = from_text(option, value)
                except Refused as exc:
                    raise self.surface.refused(option, value, str(exc)) from None
            self.values[name] = self.surface.read(option, value, takes.check(name))

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def request(self, kind: str | None = None, **extra: Any) -> Request:
        """The request the options make (``extra``: values the command chooses), for
        ``kind`` (by default: a map, the poster or the whole game, as they say)."""
        given = {n: self.values[n] for n in self.given if n in DRAWN}
        for name in ("board", "rules"):
            if name in self.values and self.values[name] is not None:
                given.setdefault(name, self.values[name])
        return Request({**given, **extra}, self.surface, kind=kind, settings=self.settings())

    def settings(self, progress: bool = True) -> Settings:
        """How to run: the cache, progress bars (``progress``: unless the command is quiet)
        and the search limit; a bad number in one of ttt-maps' variables stops any command
        that does work, even one that would not read it."""
        if any(name.startswith("TTT_MAPS_") for name in os.environ):
            check_numbers()
        cache, limit = self.values.get("cache", True), self.values.get("search_limit")
        return Settings(cache, progress and self.values.get("progress", True), limit)

    def language(self) -> str | None:
        """The language the command speaks: ``--lang``, else the one the environment
        names (``LANGUAGE``, ``LC_ALL``, ``LANG``); ``None`` for a command that has no
        words for a reader."""
        if "lang" not in self.values:
            return None
        return str(self.values["lang"] or from_environment())

    def position(self, text: str, geometry: Geometry) -> Position:
        """The position argument on its board, refused in its own name."""
        try:
            return Position.parse(text, geometry)
        except UsageError as exc:
            raise self.surface.refused(OPTIONS["position"], text, exc.reason or str(exc)) from None

    def geometry(self) -> Geometry:
        """The board of a command that asks about the game, under its rules."""
        given = {name: self.values[name] for name in ("board", "rules") if self.values[name]}
        geometry: Geometry = Request(given, self.surface, kind="game").geometry
        return geometry


def _given(option: Option, value: Any, takes: Takes) -> bool:
    """Whether the command line set a value (typer fills in the command's default, or
    nothing for an old name's parameter)."""
    if value is None or value == [] or value == ():
        return False
    if option.flags and option.flags[0].startswith("--no-"):
        return value is True  # --no-cache given
    if option.kind is bool and option.default is None:
        return True  # --fold or --no-fold
    return bool(value != takes.default(option.name))


def command(name: str, run: Callable[[Args], None]) -> Callable[..., None]:
    """The typer function of command ``name``: its parameters made from the options it
    takes, its help ``run``'s docstring."""

    def main(**values: Any) -> None:
        args = Args(name, values)
        with speaking(args.language()):
            run(args)

    takes = COMMANDS[name]
    parameters = []
    for parameter, (option, flag) in _parameters(name).items():
        flags = [flag] if parameter != option.name else _flags(option)[0]
        parameters.append(_parameter(option, takes, parameter, flags))
    main.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    main.__annotations__ = {p.name: p.annotation for p in parameters}
    main.__name__ = main.__qualname__ = name
    main.__doc__ = run.__doc__
    main.__module__ = run.__module__
    return main
