"""Shell completion of option values, through the protocol each shell's script speaks.

The scripts ``ttt-maps --install-completion`` installs run the command with
``_TTT_MAPS_COMPLETE=complete_<shell>`` and the words typed so far (bash:
``COMP_WORDS`` and ``COMP_CWORD``; zsh and fish: ``_TYPER_COMPLETE_ARGS``), and
read the candidates it prints. Here the command line is asked the same way,
the installed command once per shell, and bash and fish run their scripts.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ttt_maps.cli.app import app

#: Slow (left out by make check): every test runs the command as a completion script does.
pytestmark = pytest.mark.slow

EXE = Path(sys.executable).parent / "ttt-maps"
SHELLS = ["bash", "zsh", "fish"]


def complete(shell: str, line: str) -> list[str]:
    """The candidates ``shell`` gets for the command ``line`` (the cursor at its end),
    asked in this process (the scripts' own runs are the last tests here)."""
    env = {"_TTT_MAPS_COMPLETE": f"complete_{shell}"}
    if shell == "bash":
        words = line.split(" ")
        env |= {"COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    else:
        env |= {"_TYPER_COMPLETE_ARGS": line, "_TYPER_COMPLETE_FISH_ACTION": "get-args"}
    run = CliRunner().invoke(app, [], env=env, prog_name="ttt-maps")
    assert run.exit_code == 0 and run.stderr == "", run.stderr
    return values(shell, run.stdout)


def values(shell: str, out: str) -> list[str]:
    """The values in what the shell reads (zsh's reply is an ``_arguments`` spec)."""
    if shell == "zsh":
        spec = re.fullmatch(r"_arguments '\*: :\(\((.*)\)\)'\n?", out, re.S)
        assert spec, out
        found = re.findall(r'^"((?:[^"]|"")*)"', spec.group(1), re.M)
        return [re.sub(r"\\\\(.)", r"\1", value) for value in found]
    lines = out.splitlines()
    return [line.split("\t")[0] for line in lines] if shell == "fish" else lines


@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("ttt-maps render --player ", ["x", "o", "both"]),
        ("ttt-maps export --player ", ["x", "o"]),
        ("ttt-maps play --player ", ["x", "o"]),
        ("ttt-maps compare a b --player ", ["x", "o"]),
        ("ttt-maps render --format ", ["svg", "pdf", "png", "html"]),
        ("ttt-maps render -f p", ["pdf", "png"]),
        ("ttt-maps compare a b --format ", ["svg", "pdf", "png", "html"]),
        ("ttt-maps render --theme ", ["light", "dark", "print", "xkcd", "auto"]),
        ("ttt-maps render --board ", ["3x3", "3x4k3", "4x3k3", "4x4k3", "4x4"]),
        ("ttt-maps stats --board 4", ["4x3k3", "4x4k3", "4x4"]),
        ("ttt-maps render --size a", ["a6", "a5", "a4", "a3", "a2", "a1", "a0"]),
        ("ttt-maps render --size A1-", ["A1-landscape", "A1-portrait"]),
        ("ttt-maps render --size le", ["letter"]),
        ("ttt-maps play --level ", ["perfect", "novice", "random:0.1", "random:0.3"]),
        ("ttt-maps cache ", ["info", "clear"]),
        ("ttt-maps render --policy FA", ["FAST"]),
    ],
)
def test_option_values_complete(shell: str, line: str, want: list[str]) -> None:
    assert complete(shell, line) == want


KEYS = [
    "fast",
    "trap",
    "novice",
    "compact",
    "center",
    "corner",
    "edge",
    "lines",
    "first",
    "last",
    "random",
    "rules",
    "book:",
]
PRESETS = ["yorgey", "xkcd", "default"]


@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize(
    "line",
    ["ttt-maps render --policy ", "ttt-maps solve x........ --policy ", "ttt-maps compare "],
)
def test_policies_complete_to_presets_and_keys(shell: str, line: str) -> None:
    assert complete(shell, line) == PRESETS + KEYS


@pytest.mark.parametrize("shell", SHELLS)
def test_a_chain_completes_after_each_comma(shell: str) -> None:
    """After ``fast,`` every other preset and key, spelt with the chain so far."""
    others = [name for name in PRESETS + KEYS if name != "fast"]
    assert complete(shell, "ttt-maps render --policy fast,") == [f"fast,{n}" for n in others]
    assert complete(shell, "ttt-maps render -p fast,novice,co") == [
        "fast,novice,compact",
        "fast,novice,corner",
    ]


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_every_candidate_is_one_line_with_its_help(shell: str) -> None:
    """Option names with long helps too: fish reads one candidate a line."""
    env = {
        **os.environ,
        "_TTT_MAPS_COMPLETE": f"complete_{shell}",
        "_TYPER_COMPLETE_ARGS": "ttt-maps render --",
        "_TYPER_COMPLETE_FISH_ACTION": "get-args",
    }
    out = subprocess.run([str(EXE)], env=env, capture_output=True, text=True, timeout=60).stdout
    names = values(shell, out)
    assert "--player" in names and "--picture" in names
    assert all(name.startswith("-") for name in names), names
    if shell == "fish":
        assert all("\t" in line for line in out.splitlines())


def script(shell: str, folder: Path) -> Path:
    """The completion script ``--show-completion SHELL`` prints (not guessing the shell)."""
    env = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    text = subprocess.run(
        [str(EXE), "--show-completion", shell],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env=env,
    ).stdout
    path = folder / f"complete.{shell}"
    path.write_text(text, encoding="utf-8")
    return path


def test_bash_runs_the_installed_script(tmp_path: Path) -> None:
    """Bash itself: the script ``--show-completion bash`` prints, and its function's reply."""
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("bash is not installed")
    script("bash", tmp_path)
    test = (
        f"source {tmp_path / 'complete.bash'}\n"
        'COMP_WORDS=(ttt-maps render --player ""); COMP_CWORD=3\n'
        "_ttt_maps_completion ttt-maps\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    env = {**os.environ, "PATH": f"{EXE.parent}{os.pathsep}{os.environ['PATH']}"}
    run = subprocess.run(
        [bash, "--norc", "-c", test], env=env, capture_output=True, text=True, timeout=60
    )
    assert run.stdout.split() == ["x", "o", "both"], run.stderr


def test_fish_runs_the_installed_script(tmp_path: Path) -> None:
    """Fish itself (where installed): ``complete -C`` asks the script, as Tab does."""
    fish = shutil.which("fish")
    if fish is None:
        pytest.skip("fish is not installed (apt-get install fish)")
    path = script("fish", tmp_path)
    env = {**os.environ, "PATH": f"{EXE.parent}{os.pathsep}{os.environ['PATH']}"}
    run = subprocess.run(
        [
            fish,
            "--no-config",
            "-c",
            f"source {path}; complete -C 'ttt-maps render --policy fast,no'",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.stdout.splitlines() == [
        "fast,novice\tthe highest expected score against a novice (wins, blocks, else plays "
        "at random)"
    ], run.stderr
