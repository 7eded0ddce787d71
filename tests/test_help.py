"""Help pages: typer prints them, from the options table and each command's docstring.

Each command's page lists exactly the options ``engine.options.COMMANDS`` gives it,
with the table's flags and metavars; an old name (``--from``) works but is not
listed; the top page lists every command with the first line of its help.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from ttt_maps.cli.app import app
from ttt_maps.engine.options import COMMANDS, OPTIONS

runner = CliRunner()


def page(*args: str) -> str:
    result = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_page_lists_the_options_the_table_gives_its_command(command: str) -> None:
    text = page(command)
    takes = COMMANDS[command]
    for option in takes.options():
        if option.is_argument:
            assert (takes.metavar(option.name) or "") in text, option.name
            continue
        listed = option.flags[0] in text
        assert listed != (option.name in takes.hidden), (command, option.name)
    rows = [row.split("  ")[0] for row in text.splitlines() if row.startswith("  -")]
    listed_flags = {w.rstrip(",") for row in rows for w in row.replace("/", " ").split()}
    listed_flags = {w for w in listed_flags if w.startswith("--")}
    known = {flag for o in takes.options() for flag in o.flags} | {"--help"}
    known |= {f"--no-{flag[2:]}" for flag in known}
    assert listed_flags <= known, listed_flags - known


def test_old_names_work_but_are_not_listed() -> None:
    assert "--from" not in page("render") and "--start" in page("render")
    result = runner.invoke(app, ["export", "--player", "o", "--from", "x........"])
    assert result.exit_code == 0 and '"root": "x........"' in result.stdout


def test_the_top_page_lists_every_command_with_its_summary() -> None:
    text = page()
    for name in COMMANDS:
        assert f"  {name} " in text, name
    assert "Usage: ttt-maps [OPTIONS] COMMAND" in text


def test_each_command_has_a_help_of_its_own() -> None:
    for info in app.registered_commands:
        assert info.callback is not None and (info.callback.__doc__ or "").strip(), info.name


def test_a_flag_takes_no_value_in_help() -> None:
    """A flag's help shows no value after it."""
    text = page("render")
    line = next(row for row in text.splitlines() if row.strip().startswith("--whole"))
    assert line.split()[1] != "<bool>" and "<bool>" not in text


def test_every_option_with_a_flag_is_taken_by_a_command() -> None:
    """An option the command line spells is on at least one command's page."""
    spelled = {name for name, o in OPTIONS.items() if o.cli}
    taken = {name for takes in COMMANDS.values() for name in takes.names}
    assert spelled <= taken, spelled - taken


@pytest.mark.parametrize(("args", "code"), [([], 2), (["--help"], 0), (["render", "--help"], 0)])
def test_the_installed_command_prints_its_help(args: list[str], code: int) -> None:
    env = {**os.environ, "COLUMNS": "80"}
    env.pop("_TTT_MAPS_COMPLETE", None)
    proc = subprocess.run([sys.executable, "-m", "ttt_maps", *args], capture_output=True,
                          text=True, env=env, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == code
    assert "Usage: " in proc.stdout + proc.stderr and "Traceback" not in proc.stderr
