"""The help pages printed without typer (``ttt_maps.cli.help``): each is typer's own,
byte for byte, at every terminal width, and printing one imports neither typer, click
nor rich.

When an option or a command is added, or typer changes how it lays help out, the
page comparison here says which page drifted and how.
"""

from __future__ import annotations

import difflib
import inspect
import os
import subprocess
import sys
from typing import Any

import pytest
import typer.main
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from typer._click import Context
from typer._click.formatting import HelpFormatter, wrap_text
from typer._click.utils import make_default_short_help

from ttt_maps.cli import help
from ttt_maps.cli.app import COMMANDS, app
from ttt_maps.cli.options import command as typer_command
from ttt_maps.cli.options import root
from ttt_maps.cli.run import new_app
from ttt_maps.engine.options import COMMANDS as DECLARED_COMMANDS
from ttt_maps.engine.options import DECLARED, REQUIRED, cleandoc

#: Every width a terminal can ask for: ``COLUMNS`` from 20 to 200, and none set.
COLUMNS: list[str | None] = [None, *(str(n) for n in range(20, 201))]


def set_columns(monkeypatch: pytest.MonkeyPatch, columns: str | None) -> None:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)


def clicks_widths() -> dict[int, str | None]:
    """Each width click lays a page out to, with one ``COLUMNS`` that gives it."""
    found: dict[int, str | None] = {}
    with pytest.MonkeyPatch.context() as monkeypatch:
        for columns in COLUMNS:
            set_columns(monkeypatch, columns)
            found.setdefault(HelpFormatter().width, columns)
    return found


@pytest.fixture(scope="module")
def typers_pages() -> Any:
    """Typer's own page of a command (``None``: the top level), as the app prints it."""
    top = typer.main.get_command(app)

    def page(command: str | None) -> str:
        root = Context(top, info_name="ttt-maps")
        if command is None:
            return top.get_help(root)
        mine = top.commands[command]  # type: ignore[attr-defined]
        return str(mine.get_help(Context(mine, info_name=command, parent=root)))

    return page


@pytest.mark.parametrize("columns", [*COLUMNS, "0", "-3", "wide", " 70 "])
def test_the_width_is_clicks(monkeypatch: pytest.MonkeyPatch, columns: str | None) -> None:
    set_columns(monkeypatch, columns)
    assert help.width() == HelpFormatter().width


@pytest.mark.parametrize("terminal", [0, 30, 64, 79, 80, 132, None])
def test_without_columns_the_width_is_the_terminals(
    monkeypatch: pytest.MonkeyPatch, terminal: int | None
) -> None:
    """With no ``COLUMNS``, the terminal's width (``None``: not a terminal)."""
    monkeypatch.delenv("COLUMNS", raising=False)

    def size(fd: int = 1) -> os.terminal_size:
        if terminal is None:
            raise OSError("not a terminal")
        return os.terminal_size((terminal, 24))

    monkeypatch.setattr(os, "get_terminal_size", size)
    assert help.width() == HelpFormatter().width


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_each_page_is_typers_at_every_width(
    monkeypatch: pytest.MonkeyPatch, typers_pages: Any, command: str | None
) -> None:
    widths = clicks_widths()
    assert sorted(widths) == list(range(50, 79))  # click's: at least 50, at most 80 - 2
    for width, columns in widths.items():
        set_columns(monkeypatch, columns)
        theirs, mine = typers_pages(command), help.page(command, help.width())
        assert mine is not None
        diff = "\n".join(difflib.unified_diff(theirs.splitlines(), mine.splitlines(), "typer",
                                              "help", lineterm=""))  # fmt: skip
        assert mine == theirs, f"{command or 'the top'} page at width {width}:\n{diff}"


def test_a_page_is_made_from_the_declarations(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a copy of today's text: the page follows what is declared."""
    before = help.page("render", 78)
    assert before is not None and "--depth D" in before
    monkeypatch.setattr(DECLARED["depth"], "metavar", "LEVELS")
    monkeypatch.setattr(DECLARED["depth"], "help", "Stop after LEVELS levels.")
    after = help.page("render", 78)
    assert after is not None and "--depth LEVELS" in after and "Stop after LEVELS" in after
    assert "--depth D" not in after


#: A command's help with what click treats apart: a paragraph kept as written (``\\b``),
#: an indented one, a word longer than a line, and the end of what help shows (``\\f``).
PLANTED_DOC = """Draw the planted maps, with a sentence long enough to be cut in the list.

\b
  kept   as
    written

    An indented paragraph, https://example.org/an-address-much-longer-than-any-line-is-wide
    and its second line.
\f
Not shown.
"""
#: Declarations unlike today's, as one might write them tomorrow.
PLANTED: dict[str, dict[str, object]] = {
    "depth": {"metavar": "A-VERY-LONG-METAVAR-OF-MANY-LETTERS"},  # past click's 30 columns
    "title": {"metavar": None},  # typer's <str>
    "width": {"metavar": None},  # <int>
    "dpi": {"metavar": None, "default": 72.5},  # <float>, [default: 72.5]
    "theme": {"hidden": True},
    "player": {"defaults": {"render": REQUIRED}},  # [required]
    "board": {
        "help": "  Two paragraphs.\n\n  The second, https://example.org/a-long-address"
        "-of-many-words-joined-by-hyphens-that-no-column-holds."
    },
    "margin": {"help": ""},
    "position": {"metavar": None, "hidden": True},  # typer is not told an argument hides
    "chains": {"metavar": None, "help": ""},  # chains... <list[str]>
    "folder": {"default": "docs"},
}


@pytest.mark.parametrize("command", ["render", "solve", "compare", "docs"])
def test_each_rule_of_the_layout_is_typers(monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    """Planted declarations and a planted docstring, laid out by typer and by the help
    pages, at the narrowest width, one where the usage line breaks, and the widest."""
    for name, changes in PLANTED.items():
        for attribute, value in changes.items():
            monkeypatch.setattr(DECLARED[name], attribute, value)

    def run(args: object) -> None:
        pass

    planted = DECLARED_COMMANDS[command]._replace(help=cleandoc(PLANTED_DOC))
    monkeypatch.setitem(DECLARED_COMMANDS, command, planted)
    one = new_app(add_completion=False)
    one.callback()(root)
    one.command()(typer_command(command, run))
    top = typer.main.get_command(one)
    mine = top.commands[command]  # type: ignore[attr-defined]
    for program, columns in (("ttt-maps", "20"), ("python -m ttt_maps", "54"), ("ttt-maps", "80")):
        monkeypatch.setenv("COLUMNS", columns)
        parent = Context(top, info_name=program)
        theirs = mine.get_help(Context(mine, info_name=command, parent=parent))
        assert help.page(command, help.width(), program) == theirs, (program, columns)


#: Text as help is written: words of any length, spaces, indented lines, paragraphs,
#: click's ``\\b`` mark, tabs.
HELP_TEXT = st.lists(
    st.sampled_from(["a", "word", "sentence.", "https://example.org/long-address-of-words",
                     " ", "  ", "\n", "\n\n", "\n  ", "\b\n", "\t", "x" * 70]),
    max_size=40,
).map("".join)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(text=HELP_TEXT, width=st.integers(10, 100), indent=st.sampled_from(["", "  ", "Usage: "]))
def test_filling_is_clicks(text: str, width: int, indent: str) -> None:
    """The filling against click's own, on any text (the pages only show some of it)
    that leaves room on a line (where none is left, click's filling never ends)."""
    margins = (len(line) - len(line.lstrip()) for line in text.expandtabs().splitlines())
    assume(len(indent) + max(margins, default=0) < width - 1)
    assert help._wrap(text, width, indent, indent, paragraphs=True) == wrap_text(
        text, width, indent, indent, preserve_paragraphs=True
    )
    assert help._wrap(text, width, indent, " " * len(indent)) == wrap_text(
        text, width, indent, " " * len(indent)
    )


@settings(max_examples=150, deadline=None)
@given(text=HELP_TEXT, limit=st.integers(1, 80))
def test_short_help_is_clicks(text: str, limit: int) -> None:
    assert help._short(text, limit) == make_default_short_help(text, limit).strip()


@settings(max_examples=150, deadline=None)
@given(text=HELP_TEXT)
def test_docstrings_are_cleaned_as_inspect_cleans_them(text: str) -> None:
    assert cleandoc(text) == inspect.cleandoc(text)


# -- which command lines it answers -----------------------------------------------------


class Answered(Exception):
    pass


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``help.answer``, with the page and the exit code it would end the run with
    raised as ``Answered`` instead."""

    def end(text: str, code: int) -> None:
        raise Answered(text, code)

    monkeypatch.setattr(help, "_end", end)
    monkeypatch.delenv("_TTT_MAPS_COMPLETE", raising=False)

    def answer(*args: str) -> tuple[str, int] | None:
        try:
            help.answer(args)
        except Answered as done:
            return done.args[0], done.args[1]
        return None

    return answer


@pytest.mark.parametrize(
    ("args", "code"),
    [([], 2), (["--help"], 0), *(([command, "--help"], 0) for command in COMMANDS)],
)
def test_the_usual_help_requests_are_answered(answers: Any, args: list[str], code: int) -> None:
    assert answers(*args)[1] == code


@pytest.mark.parametrize(
    "args",
    [
        ["--version"],
        ["rendr", "--help"],
        ["--help", "render"],
        ["render", "--player", "x", "--help"],
        ["render", "--help", "--player", "x"],
        ["--install-completion"],
        ["render"],
    ],
)
def test_other_command_lines_go_to_typer(answers: Any, args: list[str]) -> None:
    assert answers(*args) is None


@pytest.mark.parametrize(
    "variable", ["_TTT_MAPS_COMPLETE", "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"]
)
def test_completion_goes_to_typer(
    answers: Any, monkeypatch: pytest.MonkeyPatch, variable: str
) -> None:
    monkeypatch.setenv(variable, "complete_bash")
    assert answers("--help") is None and answers() is None


def test_each_command_says_what_it_does_in_its_help() -> None:
    """Every command has a declared help, its first sentence the summary the top page
    lists, and typer shows the same help for it."""
    for name, declared in DECLARED_COMMANDS.items():
        assert declared.help and declared.help.split("\n")[0], name
        assert typer_command(name, lambda args: None).__doc__ == declared.help


# -- the command, as a user runs it -----------------------------------------------------

#: Runs the console entry point as ``ttt-maps`` (``typer``: the way it ran before the
#: help pages, typer for every command line), and says on its last stderr line which
#: modules of typer, click and rich the run imported.
ENTRY = (
    "import os, sys\n"
    "real_exit = os._exit\n"
    "def report(code):\n"
    "    seen = sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'rich'))\n"
    "    sys.stderr.write(f'\\nimported: {seen}\\n'); sys.stderr.flush(); real_exit(code)\n"
    "os._exit = report\n"
    "way = sys.argv.pop(1)\n"
    "sys.argv[0] = 'ttt-maps'\n"
    "if way == 'typer':\n"
    "    from ttt_maps.cli.app import app_for\n"
    "    from ttt_maps.cli.run import run\n"
    "    run(app_for(sys.argv[1:]))\n"
    "from ttt_maps.cli import main\n"
    "main()\n"
)


def command(way: str, *args: str, columns: str = "80") -> tuple[int, str, str, str]:
    """Exit code, standard output and error of a run, and the typer modules it imported."""
    env = {**os.environ, "COLUMNS": columns}
    env.pop("_TTT_MAPS_COMPLETE", None)
    run = subprocess.run([sys.executable, "-c", ENTRY, way, *args], capture_output=True,
                         text=True, env=env, timeout=60, check=False)  # fmt: skip
    stderr, _, imported = run.stderr.rpartition("\nimported: ")
    return run.returncode, run.stdout, stderr, imported.strip()


@pytest.mark.parametrize(
    ("args", "columns"), [([], "100"), (["--help"], "61"), (["compare", "--help"], "72")]
)
def test_the_command_prints_typers_page_without_typer(args: list[str], columns: str) -> None:
    """Exit code, stream and bytes as typer gave them, and no typer, click or rich."""
    code, out, err, imported = command("help", *args, columns=columns)
    assert imported == "[]"
    theirs = command("typer", *args, columns=columns)
    assert (code, out, err) == theirs[:3] and "Usage: ttt-maps" in out + err
    assert "'typer'" in theirs[3]


@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        (["render", "--player", "y"], 2, "ttt-maps: error: --player 'y'"),
        (["render", "--player", "x", "--help"], 0, "Usage: ttt-maps render"),
    ],
)
def test_other_command_lines_still_run_typer(args: list[str], code: int, says: str) -> None:
    done, out, err, imported = command("help", *args)
    assert done == code and says in out + err and "'typer'" in imported
