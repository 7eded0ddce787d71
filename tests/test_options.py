"""Each option is declared once: the same values are taken, and refused, on every surface.

For every option of a drawing that the command line, Python and a docs page all
take, a good value is drawn on each of the three and the same bad value is
refused on each, in that surface's words: ``--depth -1: …`` from the command
line, ``depth=-1: …`` from Python, ``bad depth option: …`` at a fence's line.
The examples below are this test's own; the surfaces come from the declarations.
"""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

import ttt_maps
from ttt_maps.cli.app import app
from ttt_maps.engine.options import (
    FUNCTIONS,
    OPTIONS,
    REQUESTS,
    FenceError,
    OptionRefused,
    read_fence,
)
from ttt_maps.errors import UsageError
from ttt_maps.integrations.recipe import scene_of
from ttt_maps.settings import Settings

#: A good and a bad value of each option, as text (what the command line and a fence
#: read) and as Python gives it; ``None``: there is no bad value of that kind.
CASES: dict[str, tuple[str, Any, str | None, Any]] = {
    "player": ("O", "O", "z", "z"),
    "board": ("3x4k3", "3x4k3", "3by3", "3by3"),
    "rules": ("misère", "misère", "loser", "loser"),
    "policy": ("fast,novice", "fast,novice", "fast,nope", "fast,nope"),
    "start": ("x...o....", "x...o....", "xx.......", "xx......."),
    "depth": ("1", 1, "-1", -1),
    "theme": ("Dark", "Dark", "neon", "neon"),
    "title": ("A map", "A map", None, 3),
    "alternatives": ("", True, None, "yes"),
    "outcomes": ("", True, None, "yes"),
    "explain": ("", True, None, 1),
    "fold": ("", True, None, "no"),
    "lang": ("fr_FR.UTF-8", "de", "it", "it"),
}
#: What each surface needs besides the option to draw something small and quick.
BASE = {"depth": "1"}


def _cli(name: str, text: str) -> Any:
    option = OPTIONS[name]
    args = ["render", "-o", "-", "-f", "svg"]
    if name != "player":
        args += ["--player", "x"]
    if name != "depth":
        args += ["--depth", BASE["depth"]]
    args += [option.flags[0]] + ([text] if option.kind is not bool else [])
    return CliRunner().invoke(app, args)


def _fence(name: str, text: str) -> str:
    key = OPTIONS[name].keys[0]
    lines = [f"{key}: {text}" if text else key]
    if name != "depth":
        lines.append(f"depth: {BASE['depth']}")
    options, _, surface = read_fence(lines, 1)
    return str(scene_of(options, str, surface).title)


def _python(name: str, value: Any) -> str:
    keyword = OPTIONS[name].keywords[0]
    depth = {} if name == "depth" else {"depth": int(BASE["depth"])}
    if name in FUNCTIONS["render"] and name not in FUNCTIONS["strategy"]:
        tree = ttt_maps.strategy("x", depth=1)
        return ttt_maps.render(tree, **{keyword: value})
    player = value if name == "player" else "x"
    given = {} if name == "player" else {keyword: value}
    return str(ttt_maps.strategy(player, **given, **depth))


def test_every_option_the_three_surfaces_share_has_its_case() -> None:
    """A new option that the command line, Python and the docs pages all take for a map
    is tried here as soon as it is declared (the test fails until it has a case).
    ``description`` is the one exception: it writes the strategy in words beside a
    picture (the command line asks for ``--picture``), and is tried on each surface by
    the tests of the long description."""
    shared = {
        name
        for name, option in OPTIONS.items()
        if option.cli and option.page and option.python and name in REQUESTS["map"]
    }
    assert shared - set(CASES) == {"description"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_surface_takes_the_same_good_value(name: str) -> None:
    cli_text, value, _, _ = CASES[name]
    option = OPTIONS[name]
    assert option.cli and option.page and option.python, name
    result = _cli(name, cli_text)
    assert result.exit_code == 0, result.stderr
    assert _fence(name, cli_text)
    assert _python(name, value)


@pytest.mark.parametrize("name", sorted(n for n, c in CASES.items() if c[2] is not None))
def test_every_surface_refuses_the_same_bad_value_in_its_own_words(name: str) -> None:
    _, _, bad_text, bad_value = CASES[name]
    assert bad_text is not None
    option = OPTIONS[name]
    result = _cli(name, bad_text)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"ttt-maps: error: {option.flags[0]}"), result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    with pytest.raises((FenceError, OptionRefused)) as at_fence:
        _fence(name, bad_text)
    assert str(at_fence.value).startswith(f"bad {option.keys[0]} option"), at_fence.value
    with pytest.raises(UsageError) as in_python:
        _python(name, bad_value)
    assert str(in_python.value).startswith(f"{option.keywords[0]}="), in_python.value


@pytest.mark.parametrize("name", sorted(n for n, c in CASES.items() if c[3] is not None))
def test_python_refuses_a_value_of_the_wrong_kind_by_its_keyword(name: str) -> None:
    """``depth="2"``, ``title=3``, ``explain=1``: a usage error naming the keyword, never a
    ``TypeError`` from deep inside."""
    wrong = {"depth": "2", "board": 3, "rules": 1, "policy": 5, "start": 9, "player": 3}
    value = wrong.get(name, CASES[name][3])
    with pytest.raises(UsageError, match=rf"^{OPTIONS[name].keywords[0]}="):
        _python(name, value)


def test_an_old_spelling_is_named_as_it_was_written() -> None:
    """``--from``, ``from:`` and ``root=`` are the start position's older names: each
    still works, and a refusal names the option as the reader wrote it."""
    with pytest.raises(OptionRefused, match=r"^bad from option: .xx\.+.: illegal position"):
        _fence_from("xx.......")
    with pytest.raises(UsageError, match=r"^root='xx\.+': illegal position"):
        ttt_maps.strategy("x", root="xx.......")
    assert ttt_maps.strategy("o", root="x........").root.board.text == "x........"
    result = CliRunner().invoke(app, ["export", "--player", "o", "--from", "x........"])
    assert result.exit_code == 0 and '"root": "x........"' in result.stdout


def _fence_from(text: str) -> None:
    options, _, surface = read_fence([f"from: {text}", "player: o"], 1)
    scene_of(options, str, surface)


#: The Python API given values of the wrong kind: each is a usage error that names the
#: argument as Python spells it, never a ``TypeError`` or ``AttributeError`` from inside.
WRONG_KINDS: list[tuple[str, Any]] = [
    ("player=3", lambda t: ttt_maps.strategy(3)),
    ("policy=3", lambda t: ttt_maps.strategy("x", 3)),
    ("start=123", lambda t: ttt_maps.strategy("x", "default", 123)),
    ("depth=2.5", lambda t: ttt_maps.poster(depth=2.5)),
    ("position=5", lambda t: ttt_maps.solve_position(5)),
    ("policies=5", lambda t: ttt_maps.solve_position("x........", 5)),
    ("format=3", lambda t: ttt_maps.gamebook(t, 3)),
    ("format=None", lambda t: ttt_maps.gamebook(t, None)),
    ("size=3", lambda t: ttt_maps.gamebook(t, "pdf", size=3)),
    ("theme=3", lambda t: ttt_maps.gamebook(t, "pdf", theme=3)),
    ("cache='no'", lambda t: ttt_maps.strategy("x", settings=Settings(cache="no"))),
    ("progress=2", lambda t: ttt_maps.stats(settings=Settings(progress=2))),
    (
        "search_limit='1000'",
        lambda t: ttt_maps.strategy("x", settings=Settings(search_limit="1000")),
    ),
    (
        "search_limit=1.5",
        lambda t: ttt_maps.strategy("x", settings=Settings(search_limit=1.5)),
    ),
    ("settings=3", lambda t: ttt_maps.strategy("x", settings=3)),
    ("cell=4.0", lambda t: ttt_maps.explain("xo.......", 4.0)),
    ("cell=True", lambda t: ttt_maps.explain("xo.......", True)),
    ("cell='2'", lambda t: ttt_maps.explain("xo.......", "2")),
    ("position=3", lambda t: ttt_maps.explain(3, 4)),
    ("geometry=3", lambda t: ttt_maps.stats(geometry=3)),
    ("geometry=3", lambda t: ttt_maps.table("x", geometry=3)),
    ("width='10'", lambda t: ttt_maps.render(t, "svg", width="10")),
    ("format=5", lambda t: ttt_maps.render(t, 5)),
    ("dpi='300'", lambda t: ttt_maps.render(t, "png", dpi="300")),
    ("text=5", lambda t: ttt_maps.check(5)),
    ("path=3", lambda t: ttt_maps.save(t, 3)),
    ("labels=[1, 2]", lambda t: ttt_maps.widget(t, t, labels=[1, 2])),
    ("policies=[1, 2]", lambda t: ttt_maps.compare_policies([1, 2])),
    ("level=3", lambda t: ttt_maps.new_game("x", level=3)),
    ("height='x'", lambda t: ttt_maps.viewer(t, height="x")),
    ("fold='yes'", lambda t: ttt_maps.strategy("x", fold="yes")),
]


@pytest.mark.parametrize(("says", "call"), WRONG_KINDS, ids=[w[0] for w in WRONG_KINDS])
def test_the_api_names_an_argument_of_the_wrong_kind(says: str, call: Any) -> None:
    tree = ttt_maps.strategy("x", depth=1)
    with pytest.raises(UsageError) as caught:
        call(tree)
    assert str(caught.value).startswith(says), caught.value


def test_maps_of_two_games_linked_say_how_they_differ() -> None:
    normal = ttt_maps.strategy("x", depth=1)
    misere = ttt_maps.strategy("x", depth=1, rules="misere")
    with pytest.raises(UsageError, match="misère"):
        ttt_maps.widget(normal, misere)


# -- one value, the same answer on every surface -------------------------------------------

HUGE = "9" * 20  # a depth past any game's end, in more digits than a 64-bit number holds


def _playground(query: str) -> dict[str, Any]:
    import json

    from ttt_maps.integrations import playground

    return dict(json.loads(playground.answer("map", query)))


def test_a_depth_past_the_game_s_end_draws_the_whole_map_on_every_surface() -> None:
    from ttt_maps.integrations.recipe import directive_options, render

    whole = ttt_maps.render(ttt_maps.strategy("x"))
    assert ttt_maps.render(ttt_maps.strategy("x", depth=int(HUGE))) == whole
    result = CliRunner().invoke(
        app, ["render", "--player", "x", "--depth", HUGE, "-o", "-", "-f", "svg"]
    )
    assert result.exit_code == 0 and result.stdout == whole
    options, _, surface = read_fence(["player: x", f"depth: {HUGE}"], 1)
    assert render(scene_of(options, str, surface), "svg") == render(
        scene_of({"player": "x"}, str), "svg"
    )
    assert directive_options()["depth"](HUGE) == int(HUGE)
    deep, plain = _playground(f"player=x&depth={HUGE}"), _playground("player=x")
    assert "error" not in deep and deep["html"] == plain["html"]


def test_two_spellings_of_one_option_are_refused_on_every_surface() -> None:
    from ttt_maps.integrations.recipe import directive_surface

    start = ["--start", "x........", "--from", "x........"]
    result = CliRunner().invoke(app, ["export", "--player", "o", *start])
    assert result.exit_code == 2
    assert "--start and --from are one option; give one" in result.stderr
    with pytest.raises(UsageError, match=r"^root= and start= are one option; give one"):
        ttt_maps.strategy("o", start="x........", root="x........")
    with pytest.raises(FenceError, match=r"^start and from are one option; give one"):
        read_fence(["start: x........", "from: x........"], 1)
    with pytest.raises(UsageError, match=r"^:start: and :from: are one option; give one"):
        directive_surface({"start": "x........", "from": "x........"})
    said = _playground("player=o&start=x........&from=x........")["error"]
    assert said == "ttt-maps: error: --start and --from are one option; give one"


def test_a_refusal_names_the_spelling_written_on_every_surface() -> None:
    from ttt_maps.integrations.recipe import directive_surface

    result = CliRunner().invoke(app, ["export", "--player", "o", "--from", "xx......."])
    assert result.stderr.startswith("ttt-maps: error: --from 'xx.......': illegal position")
    with pytest.raises(UsageError, match=r"^root='xx\.+': illegal position"):
        ttt_maps.strategy("o", root="xx.......")
    options, _, surface = read_fence(["from: xx.......", "player: o"], 1)
    with pytest.raises(OptionRefused, match=r"^bad from option: 'xx\.+': illegal position"):
        scene_of(options, str, surface)
    options, surface = directive_surface({"from": "xx.......", "player": "o"})
    with pytest.raises(OptionRefused, match=r"^bad :from: option: 'xx\.+': illegal position"):
        scene_of(options, str, surface)
    said = _playground("player=o&from=xx.......")["error"]
    assert said.startswith("ttt-maps: error: --from 'xx.......': illegal position"), said


def test_a_title_that_is_not_utf8_is_refused_by_its_flag(tmp_path: Any) -> None:
    import os
    import subprocess
    import sys

    title = os.fsdecode(b"A \xff map")  # as the command line reads bytes that are not UTF-8
    code = "import sys; from ttt_maps.cli import main; main()"
    out = tmp_path / "x.svg"
    proc = subprocess.run(
        [sys.executable, "-c", code, "render", "--player", "x", "--title", title, "-o", str(out)],
        capture_output=True, text=True, timeout=60, check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:surrogateescape"},
    )  # fmt: skip
    assert proc.returncode == 2 and not out.exists()
    assert proc.stderr == "ttt-maps: error: --title 'A \\udcff map': byte 0xff is not UTF-8 text\n"


@pytest.mark.parametrize(
    ("key", "value", "says"),
    [
        ("player", "y", "bad :player: option: 'y': choose x, o or both"),
        ("depth", "-1", "bad :depth: option: -1: expected a whole number, 0 or more"),
        ("depth", "one", "bad :depth: option: 'one': expected a whole number in digits 0-9"),
        ("theme", "neon", "bad :theme: option: 'neon': unknown"),
        ("lang", "it", "bad :lang: option: 'it': not a language"),
        ("mode", "float", "bad :mode: option: 'float': choose inline or image"),
        ("width", "wide", "bad :width: option: 'wide': not a width"),
    ],
)
def test_a_bad_directive_option_is_named_as_docutils_reports_it(
    key: str, value: str, says: str
) -> None:
    """docutils calls each converter and raises the error's own class again with its
    words (``assemble_option_dict``): the refusal must survive that, naming the option."""
    from docutils.utils import assemble_option_dict

    from ttt_maps.integrations.recipe import directive_options

    with pytest.raises(OptionRefused) as caught:
        assemble_option_dict([(key, value)], directive_options())
    assert says in str(caught.value), caught.value


def test_a_map_too_big_names_the_depth_that_fits_on_every_surface() -> None:
    """A limit found while the work is done (a map too big for its depth) suggests the
    depth that fits as each surface writes it."""
    from ttt_maps.integrations.recipe import directive_surface

    ask = {"board": "4x4", "player": "o", "depth": "6"}
    with pytest.raises(UsageError, match=r"; depth=4 draws at most 29,809$"):
        ttt_maps.strategy("o", board="4x4", depth=6)
    result = CliRunner().invoke(app, ["render", "--board", "4x4", "--player", "o",
                                      "--depth", "6", "-o", "-", "-f", "svg"])  # fmt: skip
    assert result.exit_code == 2 and result.stderr.endswith("; --depth 4 draws at most 29,809\n")
    options, _, surface = read_fence([f"{k}: {v}" for k, v in ask.items()], 1)
    with pytest.raises(UsageError, match=r"; depth: 4 draws at most 29,809$"):
        scene_of(options, str, surface)
    options, surface = directive_surface({**ask, "depth": 6})  # docutils converted it
    with pytest.raises(UsageError, match=r"; :depth: 4 draws at most 29,809$"):
        scene_of(options, str, surface)
    said = _playground("board=4x4&player=o&depth=6")["error"]
    assert said.endswith("; --depth 4 draws at most 29,809"), said
