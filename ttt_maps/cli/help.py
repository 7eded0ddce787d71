"""``ttt-maps --help`` without typer: click's help pages, made from the declarations.

Importing typer takes longer than all the rest of a help request (it made
``ttt-maps --help`` slower than ``python -c "import typer"``), so the console
entry point answers the common requests here: ``ttt-maps --help``, ``ttt-maps
COMMAND --help``, and a bare ``ttt-maps`` (the top page on stderr and exit 2,
as typer answers it). Every other command line goes to typer, and so does
shell completion.

A page is made from the declarations (``engine.options``: the options, each
shown as ``cli.options`` hands it to typer, and the commands' helps), laid out
as click lays it out (``typer._click.formatting``: the usage line, paragraphs
filled, two-column lists), byte for byte at every width;
``tests/test_help.py`` holds every page against typer's own.
"""

from __future__ import annotations

import contextlib
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import NoReturn

from ttt_maps.cli import streams
from ttt_maps.engine.options import (
    COMMANDS,
    PROGRAM_HELP,
    REQUIRED,
    Option,
    cleandoc,
    command_options,
)

#: The top level's options as typer lists them: ``cli.options.root``'s, then typer's own.
TOP_OPTIONS = (
    ("--version", "Show the version and exit."),
    ("--install-completion", "Install completion for the current shell."),
    ("--show-completion",
     "Show completion for the current shell, to copy it or customize the installation."),
)  # fmt: skip
HELP_OPTION = ("--help", "Show this message and exit.")
#: Variables that change what typer answers: shell completion, and typer's switch for
#: testing it (the completion options then take a shell's name).
TYPER_VARIABLES = ("_TTT_MAPS_COMPLETE", "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION")
#: What typer calls each kind of value in help (``POSITION <str>``).
TYPE_NAMES = {"text": "str", "int": "int", "number": "float", "flag": "bool", "switch": "bool",
              "list": "list[str]"}  # fmt: skip


def answer(args: Sequence[str]) -> None:
    """Print the help page ``args`` ask for and end the run as typer would; return when
    they ask for something else (typer answers then)."""
    if any(name in os.environ for name in TYPER_VARIABLES):
        return
    if not args:  # typer's no_args_is_help: the page is a usage error's message
        command, code = None, 2
    elif list(args) == ["--help"]:
        command, code = None, 0
    elif len(args) == 2 and args[0] in COMMANDS and args[1] == "--help":
        command, code = args[0], 0
    else:
        return
    _end(page(command, width(), program()), code)


def page(command: str | None, width: int, program: str = "ttt-maps") -> str:
    """The help page of ``command`` (``None``: the top level) at ``width`` columns, as
    click prints it (the last newline left to the printer)."""
    if command is None:
        about = PROGRAM_HELP
        docs = {name: c.help for name, c in COMMANDS.items()}
        path, args = program, "[OPTIONS] COMMAND [ARGS]..."
        sections = {"Options": [*TOP_OPTIONS, HELP_OPTION], "Commands": _commands(docs, width)}
    else:
        about = COMMANDS[command].help
        options = command_options(command)
        arguments = [o for o in options if o.cli_argument]
        path = f"{program} {command}"
        args = " ".join(["[OPTIONS]", *(_piece(o, command) for o in arguments)])
        sections = {
            "Arguments": [_argument(o, command) for o in arguments],  # none hidden (cli.options)
            "Options": [*(_option(o, command) for o in options
                          if not o.cli_argument and not o.hidden), HELP_OPTION],
        }  # fmt: skip
    out = [_usage(path, args, width)]
    text = about.partition("\f")[0]
    if text:
        out.append("\n" + _wrap(text, width, "  ", "  ", paragraphs=True) + "\n")
    out += [f"\n{title}:\n{_list(rows, width)}" for title, rows in sections.items() if rows]
    return "".join(out).rstrip("\n")


def width() -> int:
    """The width click lays a page out to: the terminal's (``COLUMNS`` first, read as
    ``shutil.get_terminal_size`` reads it: that module imports the compression libraries),
    less 2, from 50 to 78."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno()) if sys.__stdout__ else None
        except (OSError, ValueError):
            size = None
        columns = size.columns if size and size.columns else 80
    return max(min(columns, 80) - 2, 50)


def program() -> str:
    """The program's name in the usage line, as click finds it: the script's file name,
    or ``python -m ttt_maps`` when run as a module."""
    package = getattr(sys.modules["__main__"], "__package__", None)
    if not package:
        return os.path.basename(sys.argv[0])
    name = os.path.splitext(os.path.basename(sys.argv[0]))[0]
    module = package if name == "__main__" else f"{package}.{name}"
    return f"python -m {module.lstrip('.')}"


# -- what typer shows of each option ----------------------------------------------------


def _piece(option: Option, command: str) -> str:
    """An argument in the usage line: ``{FILE}`` when required, ``[FOLDER]`` when not."""
    name = _name(option, command)
    piece = f"{{{name}}}" if option.default_for(command) is REQUIRED else f"[{name}]"
    return piece + ("..." if option.kind == "list" else "")


def _name(option: Option, command: str) -> str:
    metavar = option.metavar_for(command)
    return option.name if metavar is None else metavar


def _argument(option: Option, command: str) -> tuple[str, str]:
    """An argument's row: ``POSITION <str>`` and its help (typer does not clean it)."""
    name = _name(option, command)
    if option.metavar_for(command) is None and option.kind == "list":
        name += "..."
    help = _described(option.help_for(command), option.default_for(command))
    return f"{name} <{TYPE_NAMES[option.kind]}>", help


def _option(option: Option, command: str) -> tuple[str, str]:
    """An option's row: its flags, short ones first, and what it takes (a switch its
    ``--no-`` flag instead), then its help."""
    names = ", ".join(sorted(option.cli, key=lambda flag: flag.startswith("--")))
    if option.kind == "switch":
        names += f" / --no-{option.cli[0][2:]}"
    elif option.kind != "flag":
        metavar = option.metavar_for(command)
        names += " " + (f"<{TYPE_NAMES[option.kind]}>" if metavar is None else metavar)
    default = option.default_for(command)
    shown = option.kind not in ("flag", "switch", "list") or default is REQUIRED
    return names, _described(cleandoc(option.help_for(command)), default if shown else None)


def _described(help: str, default: object) -> str:
    """Help with typer's ``[default: 3x3]`` or ``[required]`` after it; no default is
    shown for nothing or a flag (``cli.options._shown``)."""
    if default is REQUIRED:
        extra = "[required]"
    elif default is None or isinstance(default, bool):
        return help
    else:
        extra = f"[default: {default}]"
    return f"{help}  {extra}" if help else extra


def _commands(docs: dict[str, str], width: int) -> list[tuple[str, str]]:
    """The commands' rows, each with its help's first sentence, cut to fit."""
    limit = width - 6 - max(len(name) for name in docs)
    return [(name, _short(doc, limit)) for name, doc in docs.items()]


# -- click's layout (typer._click.formatting, utils.make_default_short_help) ------------


class _Wrapper(textwrap.TextWrapper):
    """click's filling: a word longer than a line is cut where the line ends."""

    def _handle_long_word(
        self, reversed_chunks: list[str], cur_line: list[str], cur_len: int, width: int
    ) -> None:
        space_left = max(width - cur_len, 1)
        cur_line.append(reversed_chunks[-1][:space_left])
        reversed_chunks[-1] = reversed_chunks[-1][space_left:]


def _usage(path: str, args: str, width: int) -> str:
    """The usage line: the arguments beside ``Usage: PROGRAM``, or under it when fewer
    than 20 columns are left."""
    prefix = f"Usage: {path} "
    if width >= len(prefix) + 20:
        return _wrap(args, width, prefix, " " * len(prefix)) + "\n"
    return prefix + "\n" + _wrap(args, width, " " * 11, " " * 11) + "\n"


def _list(rows: list[tuple[str, str]], width: int) -> str:
    """Two columns, indented 2: the first as wide as its widest entry up to 30, the
    second filled beside it (under a longer entry, on the next line), at least 16 wide
    (click's floor of 10 is never reached: a page is at least 50 wide)."""
    first = min(max(len(name) for name, _ in rows), 30) + 2
    out = []
    for name, help in rows:
        out.append(f"  {name}")
        if not help:
            out.append("\n")
            continue
        out.append(
            " " * (first - len(name)) if len(name) <= first - 2 else "\n" + " " * (first + 2)
        )
        lines = _wrap(help, width - first - 2, paragraphs=True).splitlines() or [""]
        out += [lines[0], "\n", *(" " * (first + 2) + line + "\n" for line in lines[1:])]
    return "".join(out)


def _wrap(text: str, width: int, first: str = "", rest: str = "", paragraphs: bool = False) -> str:
    """click's ``wrap_text``: ``text`` filled to ``width``; with ``paragraphs``, each
    paragraph on its own, indented as its first line is, and one that starts with a
    ``\\b`` line left as written."""
    wrapper = _Wrapper(width, initial_indent=first, subsequent_indent=rest,
                       replace_whitespace=False)  # fmt: skip
    text = text.expandtabs()
    if not paragraphs:
        return wrapper.fill(text)
    done = []
    for indent, lines in _paragraphs(text):
        wrapper.initial_indent, wrapper.subsequent_indent = first + indent, rest + indent
        if lines[0].strip() == "\b":
            done.append("\n".join((rest if i else first) + indent + line
                                  for i, line in enumerate(lines[1:])))  # fmt: skip
        else:
            done.append(wrapper.fill(" ".join(lines)))
    return "\n\n".join(done)


def _paragraphs(text: str) -> list[tuple[str, list[str]]]:
    """The paragraphs of ``text`` (between empty lines), each with its first line's
    indentation and its lines, the first without it."""
    found: list[tuple[str, list[str]]] = []
    lines: list[str] = []
    indent = ""
    for line in [*text.splitlines(), ""]:
        if line and not lines:
            stripped = line.lstrip()
            indent, lines = " " * (len(line) - len(stripped)), [stripped]
        elif line:
            lines.append(line)
        elif lines:
            found.append((indent, lines))
            lines = []
    return found


def _short(help: str, limit: int) -> str:
    """click's short help: the first paragraph up to its first full stop, or cut at a
    word, with ``...``, to ``limit`` characters."""
    words = help.partition("\n\n")[0].split()
    if words[:1] == ["\b"]:
        words = words[1:]
    total = 0
    for i, word in enumerate(words):
        total += len(word) + (i > 0)
        if total > limit:
            break
        if word[-1] == ".":
            return " ".join(words[: i + 1])
    else:
        return " ".join(words)
    total += len("...")
    while i > 0:
        total -= len(words[i]) + (i > 0)
        if total <= limit:
            break
        i -= 1
    return " ".join(words[:i]) + "..."


def _end(text: str, code: int) -> NoReturn:
    """Print the page (on stderr for exit 2) and end the process as ``run.run`` does: a
    failed standard output exits 2 with one line (none for a broken pipe), and nothing
    is torn down."""
    streams.prepare()
    stream = sys.stderr if code else sys.stdout
    failed: OSError | None = None
    try:
        stream.write(text + "\n")
        failed = streams.flush_all()
    except OSError as exc:
        failed = exc
    if failed is not None and stream is sys.stdout:
        line = streams.output_error_line(failed)
        if line is not None:
            with contextlib.suppress(OSError, ValueError):
                sys.stderr.write(f"ttt-maps: error: {line}\n")
                sys.stderr.flush()
        code = 2
    os._exit(code)
