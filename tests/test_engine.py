"""The engine: a drawing asked for once as a value, settings as parameters.

Two requests in one process, in two threads at once or one after the other,
run with their own settings: a request without the cache neither reads nor
writes a file of solved positions, whatever another request does beside it.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

import ttt_maps
from ttt_maps.api import Settings
from ttt_maps.engine.options import OPTIONS, PAGE, Surface
from ttt_maps.engine.request import Request
from ttt_maps.errors import UsageError
from ttt_maps.settings import DEFAULT, current


def _tables(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("table-*.bin")) if folder.is_dir() else []


def test_two_threads_with_and_without_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two maps drawn at once in two threads: the one without the cache leaves no table."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TTT_MAPS_CACHE_DIR", str(folder))
    monkeypatch.setenv("TTT_MAPS_CACHE_MIN_SEARCH", "1")
    barrier = threading.Barrier(2)
    svgs: dict[str, str] = {}
    seen: dict[str, Settings] = {}
    errors: list[BaseException] = []

    def draw(board: str, cache: bool) -> None:
        try:
            barrier.wait(timeout=30)
            tree = ttt_maps.strategy("x", geometry=board, settings=Settings(cache=cache))
            seen[board] = current()  # outside the call: the defaults again
            svgs[board] = ttt_maps.render(tree)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [
        threading.Thread(target=draw, args=("3x5k3", False)),
        threading.Thread(target=draw, args=("5x3k3", True)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors
    assert set(svgs) == {"3x5k3", "5x3k3"}
    assert seen == {"3x5k3": DEFAULT, "5x3k3": DEFAULT}
    names = _tables(folder)
    assert any("5x3k3" in n for n in names), names  # the cached request kept its table
    assert not any("3x5k3" in n for n in names), names  # the other one kept nothing


def test_settings_do_not_leak_into_the_next_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A call's search limit is its own: the next call without one is not refused."""
    monkeypatch.setenv("TTT_MAPS_CACHE_DIR", str(tmp_path / "cache"))
    with pytest.raises(UsageError, match="positions"):
        ttt_maps.strategy("x", geometry="3x5k3", settings=Settings(cache=False, search_limit=5))
    assert current() == DEFAULT
    tree = ttt_maps.strategy("x", geometry="3x5k3", settings=Settings(cache=False))
    assert tree.facts.choices > 0


def test_bad_settings_are_refused_with_the_option_named() -> None:
    with pytest.raises(UsageError, match=r"^search_limit=0: expected a whole number, 1 or more"):
        ttt_maps.strategy("x", settings=Settings(search_limit=0))


def test_one_value_is_checked_once_in_the_surface_s_words() -> None:
    """The same value is refused by the same check on every surface, each in its words;
    a request reads values already checked."""
    player, both = OPTIONS["player"], PAGE.check("player")
    with pytest.raises(UsageError, match=r"^player='y': choose x or o"):
        ttt_maps.strategy("y")
    with pytest.raises(UsageError, match=r"^--player 'y': choose x, o or both"):
        Surface("cli").read(player, "y", both)
    with pytest.raises(UsageError, match=r"^bad player option: 'y': choose x, o or both"):
        Surface("fence").read(player, "y", both)
    with pytest.raises(UsageError, match=r"^outcomes= applies to a player's map"):
        Request({"whole": True, "outcomes": True}, Surface("python"))
    checked = Request({"player": "x", "theme": "dark"}, Surface("python"))
    assert checked.player == "x" and checked.theme.name == "dark"
    assert checked.geometry.name == "3x3k3"


def test_the_api_and_the_command_line_draw_the_same_bytes(tmp_path: Path) -> None:
    """render -o and api.write_files are one engine: the same drawing, the same file."""
    from typer.testing import CliRunner

    from ttt_maps.cli.app import app
    from ttt_maps.engine.outputs import write_files

    cli_file = tmp_path / "cli.svg"
    result = CliRunner().invoke(
        app,
        ["render", "--player", "o", "--policy", "yorgey", "--theme", "print", "-o", str(cli_file)],
    )
    assert result.exit_code == 0, result.output
    api_file = tmp_path / "api.svg"
    request = Request({"player": "o", "policy": "yorgey", "theme": "print"}, Surface("python"))
    written = write_files(request, output=str(api_file))
    assert [w.target.path for w in written] == [api_file]
    assert api_file.read_bytes() == cli_file.read_bytes()
    tree = ttt_maps.strategy("o", "yorgey")
    assert ttt_maps.render(tree, theme="print").encode() == cli_file.read_bytes()


def test_each_request_gets_a_fresh_search_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bigger board is searched within a budget of positions per request: a notebook
    or a docs build that asks question after question in one process is not refused
    for what earlier requests searched, and each refusal names one budget."""
    from ttt_maps.solve import budget

    board = ttt_maps.Geometry.parse("5x5k3")
    monkeypatch.setattr(budget, "default_limit", lambda geometry: 3000)
    settings = Settings(cache=False, search_limit=None)
    first = ttt_maps.solve_position("", geometry=board, settings=settings)  # ~1,600 positions
    second = ttt_maps.solve_position(".." * 3 + "x" + "." * 18, geometry=board, settings=settings)
    assert first["outcome"]["text"] == "win in 5 moves"
    assert second["outcome"]["result"] == "loss"  # ~1,900 more: past 3,000 in all
    with pytest.raises(UsageError, match=r"3,000 positions searched in \d+ s without an answer"):
        ttt_maps.solve_position("x" + "." * 24, geometry=board, settings=settings)  # ~8,000
