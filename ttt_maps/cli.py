"""The ``ttt-maps`` command line.

Thin on purpose: each command parses its arguments, calls the stages, and
prints. Errors a user can cause are ``UsageError``s; ``TTTGroup.main`` turns
them (and click's own usage errors) into exit 2 with one line on stderr,
``ttt-maps: error: <message>``. Anything else is a bug: exit 1 with a
traceback. Heavy modules are imported inside the commands so that
``ttt-maps --help`` starts fast.

Adding a command: write a function under ``@app.command()``, raise
``UsageError`` (or call ``fail``) for bad input, and use ``write_output`` for
files.
"""

import contextlib
import gc
import importlib
import math
import os
import sys
import typing
import warnings
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup

from ttt_maps.errors import OutputFailed, Stopped, UsageError, quote


def _click_exceptions() -> ModuleType:
    """click's exceptions: vendored inside newer typer, a dependency of older ones."""
    try:
        return importlib.import_module("typer._click.exceptions")
    except ImportError:  # pragma: no cover - typer on top of click
        return importlib.import_module("click.exceptions")


_click = _click_exceptions()
_click_core = importlib.import_module(_click.__name__.rsplit(".", 1)[0] + ".core")

if TYPE_CHECKING:
    from rich.console import Console

    from ttt_maps.board import Board
    from ttt_maps.geometry import Geometry
    from ttt_maps.policy import Policy

PROG = "ttt-maps"


# -- errors ------------------------------------------------------------------


def error_line(message: str) -> str:
    """The one stderr line for a usage error (newlines folded)."""
    text = " ".join(part.strip() for part in str(message).splitlines() if part.strip())
    return f"{PROG}: error: {text or 'bad usage'}"


def report(message: str) -> None:
    """Print one error line on stderr."""
    sys.stderr.write(error_line(message) + "\n")
    sys.stderr.flush()


def fail(message: str, code: int = 2) -> NoReturn:
    """Stop a command: one line on stderr, exit ``code`` (2: bad input or usage)."""
    report(message)
    raise typer.Exit(code)


class TTTGroup(TyperGroup):
    """A typer group whose errors are one line on stderr and an exit code."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        run = super().main
        if not standalone_mode:
            return run(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            rv = run(args, prog_name, complete_var, False, windows_expand_args, **extra)
            code = rv if isinstance(rv, int) else 0
        except UsageError as exc:
            report(str(exc))
            code = 2
        except _click.ClickException as exc:
            code = self._click_error(exc)
        except typer.Abort:
            sys.stderr.write("Aborted!\n")
            code = 1
        sys.exit(code)

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        """Parse the arguments (``--help`` prints here); see ``invoke``."""
        for command in [self, *self.commands.values()]:
            help_option = command.get_help_option(_click_core.Context(command))
            for param in [*command.params, help_option]:
                _plain_values(param)
        with _output_failures():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: Any) -> Any:
        """Run the command, a failed standard output reported by ``main``, not typer.

        (typer would turn a broken pipe into its own exit 1 and swallow a later
        flush; ``main`` below reports it as exit 2.)
        """
        with _output_failures():
            return super().invoke(ctx)

    def _click_error(self, exc: Any) -> int:
        if type(exc).__name__ == "NoArgsIsHelpError":
            # The help text is the message (rich mode has printed it already).
            if self.rich_markup_mode is None:
                exc.show()
            return int(exc.exit_code)
        message = exc.format_message()
        ctx = getattr(exc, "ctx", None)
        if isinstance(exc, _click.UsageError) and ctx is not None:
            message = f"{message} (see '{ctx.command_path} --help')"
        report(message)
        return int(exc.exit_code)


class _PlainValue:
    """Turns an option's text into the ``str``, ``int`` or ``float`` it is declared as.

    typer 0.29 and later convert every option through pydantic, which costs
    about 0.1 s of every run to import; our options are plain strings and
    numbers, so they get this converter instead, through the hook those
    versions read (``_runtime_param``, left unset until first use). Other
    typer versions do not have the hook and convert as they always did.
    """

    def __init__(self, kind: type) -> None:
        self.kind = kind

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:
            return () if param.multiple or param.nargs == -1 else None
        if isinstance(value, (list, tuple)):
            return [self._one(v, param, ctx) for v in value]
        return self._one(value, param, ctx)

    def _one(self, value: Any, param: Any, ctx: Any) -> Any:
        if type(value) is self.kind:
            return value
        word = {int: "an integer", float: "a number", bool: "a flag"}.get(self.kind, "text")
        if self.kind is bool:  # a flag is never given a value
            raise _click.BadParameter(f"{quote(value)}: {param.name} is {word}", ctx, param)
        try:
            out = self.kind(value)
        except (TypeError, ValueError):
            raise _click.BadParameter(f"{quote(value)} is not {word}", ctx, param) from None
        if self.kind is float and not math.isfinite(out):
            raise _click.BadParameter(f"{quote(value)} is not {word}", ctx, param)
        return out


def _plain_values(param: Any) -> None:
    """Give a plain option the converter above, where typer has the hook for it."""
    if getattr(param, "_runtime_param", False) is not None:
        return  # another typer version, or converted already
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    kind = typing.get_args(annotation)[0] if typing.get_origin(annotation) is list else annotation
    if kind in (str, int, float, bool):
        param._runtime_param = _PlainValue(kind)


@contextlib.contextmanager
def _output_failures() -> Iterator[None]:
    """Turn a failed standard output into ``OutputFailed``, past typer's own handling."""
    from ttt_maps.streams import is_output_error

    try:
        yield
    except OSError as exc:
        if is_output_error(exc):
            raise OutputFailed(exc) from None
        raise


def _new_app(*, add_completion: bool = True) -> typer.Typer:
    return typer.Typer(
        name=PROG,
        cls=TTTGroup,
        pretty_exceptions_enable=False,
        no_args_is_help=True,
        add_completion=add_completion,
    )


app = _new_app()


def main() -> None:
    """Console entry point: run the app; usage errors exit 2 with one line.

    Failures that are not bugs end the same way (``ttt_maps.streams``): a
    failed standard output exits 2 (quietly for a broken pipe), a stop
    signal 128 + its number after the clean-up has run.

    A command is short and everything it builds dies with it, so the run
    skips two kinds of clean-up that only cost time: the cyclic garbage
    collector is off (the trees, scenes and strings hold no cycles; peak
    memory is the same either way), and the process ends with ``os._exit``
    once the output is flushed, instead of freeing every object one by one
    (about 20 ms of the O map's PDF run; mypy ends the same way). Files are
    closed before this point: ``write_atomic`` closes and renames its own.
    """
    from ttt_maps import streams

    gc.disable()
    warnings.showwarning = _warning_line
    streams.prepare()
    if len(sys.argv) < 2 or "--help" in sys.argv:
        streams.rich_reports_broken_pipes()  # help is printed with rich
    try:
        try:
            _app_for(sys.argv[1:])()
            code: object = 0
        except SystemExit as exc:
            code = exc.code
        except UsageError as exc:  # raised outside a command (should not happen)
            report(str(exc))
            code = 2
        except OutputFailed as exc:
            code = _output_failed(exc.error)
        code = _flush(code)
    except Stopped as exc:
        with contextlib.suppress(OSError, ValueError, Stopped):
            sys.stderr.write(f"{PROG}: {streams.stopped_line(exc.signum)}\n")
            sys.stderr.flush()
        os._exit(128 + exc.signum)
    _exit(code)


def _output_failed(error: OSError) -> int:
    """Exit 2 for a failed standard output, with one line unless the pipe is just closed."""
    from ttt_maps.streams import output_error_line

    line = output_error_line(error)
    if line is not None:
        with contextlib.suppress(OSError, ValueError):
            report(line)
    return 2


def _flush(code: object) -> object:
    """Flush what is still buffered; output lost at this point fails the run too."""
    from ttt_maps.streams import flush_all

    failed = flush_all()
    if failed is None:
        return code
    return _output_failed(failed) if code in (0, None) else code


def _warning_line(message: Warning | str, *_: object, **__: object) -> None:
    """A warning (a character no font can draw...) as one stderr line, as errors are."""
    text = " ".join(str(message).split())
    sys.stderr.write(f"{PROG}: warning: {text}\n")


def _exit(code: object) -> None:
    """End the process now, as ``sys.exit(code)`` would (the output is flushed already)."""
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # sys.exit("message"): the message goes to stderr, the status is 1
        with contextlib.suppress(OSError, ValueError):
            print(code, file=sys.stderr, flush=True)
        status = 1
    os._exit(status)


def _app_for(args: Sequence[str]) -> typer.Typer:
    """The app to run: for ``ttt-maps COMMAND ...``, one with only that command.

    typer turns every command's signature into click options on each run;
    when the first argument names a command, the other commands and the
    completion options (which are only read before a command name) cannot
    take part, so building them is skipped (~2 ms of every start-up). Any
    other argument list, and shell completion (which reads the words from the
    environment), runs the whole app.
    """
    from typer.main import get_command_name

    if not args or "_TTT_MAPS_COMPLETE" in os.environ:
        return app
    for info in app.registered_commands:
        if info.callback is None:
            continue
        if (info.name or get_command_name(info.callback.__name__)) == args[0]:
            one = _new_app(add_completion=False)
            one.registered_callback = app.registered_callback
            one.registered_commands = [info]
            return one
    return app


# -- shared helpers ----------------------------------------------------------


def console() -> "Console":
    """A rich console on stdout (no colour or wrapping games when piped)."""
    from rich.console import Console

    from ttt_maps.streams import rich_reports_broken_pipes

    rich_reports_broken_pipes()
    return Console(highlight=False, soft_wrap=False)


def print_json(doc: Any) -> None:
    """Machine-readable output: indented JSON, stable key order."""
    import json

    sys.stdout.write(json.dumps(doc, indent=2) + "\n")


def write_output(path: str, data: bytes | str) -> None:
    """Write a file atomically; bad paths are usage errors."""
    from ttt_maps.files import write_atomic

    write_atomic(path, data)


def board_grid(board: "Board") -> str:
    """The board as rows of marks; empty cells show their (dim) cell number."""
    g = board.geometry
    width = len(str(g.size - 1))
    rows = []
    for r in range(g.rows):
        cells = []
        for c in range(g.cols):
            cell = r * g.cols + c
            mark = board.mark_at(cell)
            if mark:
                cells.append(f"[bold]{mark.rjust(width)}[/bold]")
            else:
                cells.append(f"[dim]{str(cell).rjust(width)}[/dim]")
        rows.append(" " + " │ ".join(cells))
    rule = "\n" + "┼".join(["─" * (width + 2)] * g.cols) + "\n"
    return rule.join(rows)


def _version(value: bool) -> None:
    if value:
        from ttt_maps._version import __version__

        typer.echo(f"{PROG} {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Complete maps of optimal tic-tac-toe play, in the style of xkcd 832.

    Boards are written row-major with x, o and '.' (e.g. x...o....); cells are
    numbered 0..8 from the top left.
    """


# -- render (body: ttt_maps/commands.py) ---------------------------------------


def _opt(*names: str, metavar: str | None = None, help: str) -> Any:
    """A typer option without a shown default (the help says what the default is)."""
    return typer.Option(*names, metavar=metavar, help=help, show_default=False)


ChainOpt = Annotated[
    str, typer.Option("--policy", "-p", metavar="CHAIN", help="Tie-break policy chain or preset.")
]
FromOpt = Annotated[
    str | None, _opt("--from", metavar="BOARD", help="Root position (default: the empty board).")
]
ThemeOpt = Annotated[
    str,
    typer.Option(
        "--theme",
        metavar="NAME",
        help="light, dark, print, xkcd, or auto: light, and dark where the reader's system "
        "or docs page is (SVG and HTML; PDF and PNG draw it light).",
    ),
]
BoardOpt = Annotated[
    str,
    _opt("--board", metavar="RxC[kK]",
         help="The board: 3x3 (the default), 4x4 (four in a row), 4x4k3, 3x4k3 ... "
         "(rows x columns, k in a row; k is the shorter side unless given)."),
]
NoCacheOpt = Annotated[
    bool, typer.Option("--no-cache", help="Neither read nor keep the solved tables of big boards.")
]
NoProgressOpt = Annotated[
    bool, typer.Option("--no-progress", help="No progress bar on stderr for long work.")
]


def _runtime(board: str, no_cache: bool = False, progress: bool = True) -> "Geometry":
    """The board of a command, and its cache and progress settings (see ttt_maps.cache)."""
    from ttt_maps import cache
    from ttt_maps import progress as bars
    from ttt_maps.geometry import Geometry

    if no_cache:
        cache.disable()
    bars.enable(progress)
    return Geometry.parse(board)


@app.command()
def render(
    player: Annotated[
        str | None,
        _opt("--player", metavar="x|o|both", help="x, o or both (the poster). Default: all "
             "three into output/, or the poster with -o."),
    ] = None,
    formats: Annotated[
        list[str] | None,
        _opt("--format", "-f", metavar="svg|pdf|png|html",
             help="Output format (repeatable). Default: svg and pdf, or from -o's suffix."),
    ] = None,
    output: Annotated[
        str | None,
        _opt("--output", "-o", metavar="FILE",
             help="Write this file (written atomically). Default: output/{x-map,o-map,poster}."),
    ] = None,
    size: Annotated[
        str | None,
        _opt("--size", metavar="PAGE",
             help="PDF/PNG page: A6..A0, letter, tabloid or WxH(mm|in|pt|px); a named page "
             "turns to fit the drawing unless -landscape or -portrait is added (A1-landscape)."),
    ] = None,
    width: Annotated[
        int | None,
        _opt("--width", metavar="PX", help="PNG width in pixels (SVG: the width it declares)."),
    ] = None,
    dpi: Annotated[
        float | None,
        _opt("--dpi", metavar="DPI",
             help="PNG resolution; a PNG with --size and no --width is drawn at 300 dpi."),
    ] = None,
    margin: Annotated[
        float | None,
        _opt("--margin", metavar="MM", help="Margin around the drawing with --size (10 mm)."),
    ] = None,
    text_as_paths: Annotated[
        bool,
        typer.Option("--text-as-paths",
                     help="PDF: draw the text as outlines instead of embedding its font."),
    ] = False,
    title: Annotated[
        str | None, _opt("--title", metavar="TEXT", help="A title drawn above the map.")
    ] = None,
    id_prefix: Annotated[
        str | None,
        _opt("--id-prefix", metavar="TEXT", help="Prefix for SVG ids (default: from the content)."),
    ] = None,
    policy: ChainOpt = "default",
    start: FromOpt = None,
    depth: Annotated[
        int | None, _opt("--depth", metavar="D", help="Cut the nesting at D levels.")
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
) -> None:
    """Draw the maps: with no options, both maps and the poster into output/ as SVG and PDF.

    An option that applies to none of the files being written (--dpi for a
    PDF, --size for an SVG, --margin without --size) is an error; with several
    formats, each file takes the options that apply to it.
    """
    from ttt_maps.commands import render_command

    render_command(
        geometry=_runtime(board, no_cache, not (quiet or no_progress)),
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


# -- solve -------------------------------------------------------------------

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
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


@app.command()
def solve(
    board: BoardArg,
    policy: PolicyOpt = None,
    as_json: JsonOpt = False,
    geometry: BoardOpt = "3x3",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
) -> None:
    """The value of a position, every legal move's outcome, and each policy's choice."""
    from ttt_maps.board import Board
    from ttt_maps.policy import parse_policy, presets_for
    from ttt_maps.solver import solver_for

    pos = Board.parse(board, _runtime(geometry, no_cache, not no_progress))
    names = list(dict.fromkeys([*presets_for(pos.geometry), *(policy or [])]))
    policies = [(name, parse_policy(name, pos.geometry)) for name in names]
    doc = _solve_doc(pos, policies, solver_for(pos.geometry))
    _keep_solved()
    if as_json:
        print_json(doc)
        return
    out = console()
    out.print(board_grid(pos))
    out.print()
    if doc["over"]:
        winner = doc["winner"]
        out.print(f"game over: {winner} won" if winner else "game over: draw (the board is full)")
        return
    mover = doc["to_move"]
    out.print(f"{mover} to move: {doc['outcome']['text']}", markup=False)

    from rich.markup import escape
    from rich.table import Table

    chosen: dict[int, list[str]] = {}
    for p in doc["policies"]:
        chosen.setdefault(p["move"], []).append(p["name"])
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("cell", justify="right")
    table.add_column(f"outcome for {mover}")
    table.add_column("best", justify="center")
    table.add_column("chosen by")
    for m in doc["moves"]:
        table.add_row(
            str(m["cell"]),
            m["text"],
            "✓" if m["optimal"] else "",
            escape(", ".join(chosen.get(m["cell"], []))),
        )
    out.print()
    out.print(table)
    ptable = Table(box=None, pad_edge=False, header_style="bold")
    ptable.add_column("policy")
    ptable.add_column("chain")
    ptable.add_column("move", justify="right")
    for p in doc["policies"]:
        ptable.add_row(escape(p["name"]), escape(p["chain"]), str(p["move"]))
    out.print()
    out.print(ptable)


def _solve_doc(pos: "Board", policies: list[tuple[str, "Policy"]], solver: Any) -> dict[str, Any]:
    """Everything ``solve`` reports, as JSON-ready data."""
    doc: dict[str, Any] = {"board": str(pos), "geometry": pos.geometry.name}
    if pos.is_over:
        doc.update(over=True, winner=pos.winner(), to_move=None, outcome=None, moves=[])
        doc["policies"] = []
        return doc
    value = solver.outcome(pos)
    best = set(solver.best_moves(pos))
    moves = [
        {
            "cell": cell,
            "result": out.label,
            "distance": out.distance,
            "text": str(out),
            "optimal": cell in best,
        }
        for cell, out in solver.move_outcomes(pos).items()
    ]
    doc.update(
        over=False,
        winner=None,
        to_move=pos.to_move,
        outcome={"result": value.label, "distance": value.distance, "text": str(value)},
        moves=moves,
        policies=[{"name": n, "chain": p.name, "move": p.choose(pos)} for n, p in policies],
    )
    return doc


def _keep_solved() -> None:
    """Keep what the solvers of this run found, where it took long (ttt_maps.cache)."""
    from ttt_maps import cache
    from ttt_maps.solver import solvers

    for solver in solvers():
        cache.keep(solver)


# -- stats -------------------------------------------------------------------


@app.command()
def stats(
    as_json: JsonOpt = False,
    board: BoardOpt = "3x3",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
) -> None:
    """The solved game's counts (games, positions, who wins) and each preset's map size."""
    from ttt_maps.stats import collect, print_stats

    data = collect(_runtime(board, no_cache, not no_progress))
    _keep_solved()
    if as_json:
        print_json(data.as_dict())
        return
    print_stats(data, console())


# -- export / check ----------------------------------------------------------


@app.command()
def export(
    player: Annotated[
        str,
        typer.Option("--player", metavar="x|o", help="Whose strategy: x or o.", show_default=False),
    ],
    policy: ChainOpt = "default",
    start: FromOpt = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write to FILE (atomically) instead of stdout.",
            show_default=False,
        ),
    ] = None,
    board: BoardOpt = "3x3",
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
) -> None:
    """A strategy as ttt-maps/strategy@1 JSON: the chosen move at every position."""
    from ttt_maps.board import parse_mark
    from ttt_maps.tree import build_strategy

    geometry = _runtime(board, no_cache, not no_progress)
    mark = parse_mark(player)
    if output is not None and output != "-":
        from ttt_maps.files import check_target

        check_target(output)  # fail before the work, not after
    write_output(output or "-", build_strategy(mark, policy, start, geometry).to_json())


@app.command()
def check(
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE",
            help="A ttt-maps/strategy@1 JSON file ('-': standard input).",
            show_default=False,
        ),
    ],
    as_json: JsonOpt = False,
    no_cache: NoCacheOpt = False,
    no_progress: NoProgressOpt = False,
) -> None:
    """Audit a strategy file against the solved game (exit 0 only when perfect); the
    board is the file's "geometry"."""
    from ttt_maps.files import read_text
    from ttt_maps.tree import audit_file, load_strategy

    text = read_text(file, "a strategy JSON file")
    _runtime("3x3", no_cache, not no_progress)
    doc = load_strategy(text, source="standard input" if file == "-" else file)
    problems = audit_file(doc)
    _keep_solved()
    errors = sum(p.fatal for p in problems)
    warnings = len(problems) - errors
    if as_json:
        print_json(
            {
                "player": doc.player,
                "geometry": doc.geometry.name,
                "root": str(doc.root),
                "positions": len(doc.moves),
                "perfect": not errors,
                "errors": errors,
                "warnings": warnings,
                "problems": [
                    {"kind": p.kind, "board": str(p.board), "message": p.message,
                     "fatal": p.fatal}
                    for p in problems
                ],
            }
        )
        if errors:
            raise typer.Exit(1)
        return
    for problem in problems:
        typer.echo(str(problem))
    tail = f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""
    if errors:
        typer.echo(
            f"{errors} error{'s' * (errors != 1)}{tail}: not a perfect strategy for {doc.player}"
        )
        raise typer.Exit(1)
    start = "the empty board" if not (doc.root.x | doc.root.o) else str(doc.root)
    typer.echo(
        f"perfect strategy for {doc.player} from {start}: "
        f"{len(doc.moves)} positions where {doc.player} chooses{tail}"
    )


# -- policies ----------------------------------------------------------------


@app.command()
def policies(board: BoardOpt = "3x3") -> None:
    """The tie-break policy keys and presets, one line each (on --board's board)."""
    from rich.markup import escape
    from rich.table import Table

    from ttt_maps.geometry import Geometry
    from ttt_maps.policy import PRESETS, describe_policies

    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("name")
    table.add_column("kind")
    table.add_column("prefers")
    for name, text in describe_policies(Geometry.parse(board)):
        table.add_row(escape(name), "preset" if name in PRESETS else "key", escape(text))
    out = console()
    out.print(table)
    out.print(
        "Chain keys with commas, e.g. --policy fast,novice; 'first' always closes a chain.",
        style="dim",
        markup=False,
    )


# -- compare -------------------------------------------------------------------


@app.command()
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
) -> None:
    """Maps under several tie-break policies side by side, and a table of what differs."""
    from ttt_maps.compare import run

    run(
        chains,
        geometry=_runtime(board, no_cache, not no_progress),
        player=player,
        output=output,
        fmt=fmt,
        start=start,
        as_json=as_json,
        theme=theme,
        diff=diff_png,
    )


# -- cache (body: ttt_maps/cache_command.py) -------------------------------------


@app.command()
def cache(
    action: Annotated[
        str,
        typer.Argument(metavar="info|clear", help="info: list the tables; clear: delete them."),
    ] = "info",
) -> None:
    """The solved tables kept for bigger boards (in the user's cache folder)."""
    from ttt_maps.cache_command import cache_command

    cache_command(action, typer.echo)
