"""One vocabulary on every surface: cells have one name, distances one unit (moves,
said), and counts one number format (thousands separated: 1,924) in every sentence
the poster, the maps' descriptions, the whole game and the differences sheet print."""

from __future__ import annotations

import json
import re
from importlib.resources import files

import pytest
from typer.testing import CliRunner

import ttt_maps
from ttt_maps.backends.html import scene_to_html
from ttt_maps.backends.words import CELLS_3X3
from ttt_maps.cli.app import app
from ttt_maps.compare.differences_sheet import differences_sheet_scene
from ttt_maps.compare.panes import cell_phrases, linked_page
from ttt_maps.compare.picture import compare_scene
from ttt_maps.draw.compose import map_scene, poster_scene
from ttt_maps.draw.scene import Scene, Text
from ttt_maps.draw.wholemap import whole_scene
from ttt_maps.game.cell_names import NAMES_3X3, TO_3X3
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Position
from ttt_maps.play.game import Game
from ttt_maps.trees.strategy import build_strategy
from ttt_maps.trees.whole import build_whole

#: A position where X, to move, wins: the distance is more than one ply.
POSITION = "xo......."


def test_a_distance_is_the_same_number_of_plies_in_solve_and_play() -> None:
    result = CliRunner().invoke(app, ["solve", POSITION])
    assert result.exit_code == 0, result.stderr
    said = re.search(r"x to move: win in (\d+) moves", result.stdout)
    assert said, result.stdout
    doc = json.loads(CliRunner().invoke(app, ["solve", POSITION, "--json"]).stdout)
    assert doc["outcome"]["text"] == f"win in {said[1]} moves"
    # play: the person takes X against the map for O, at the same position.
    game = Game("o", start=Position.parse(POSITION))
    assert f"X can win in {said[1]} moves" in game.verdict()


def render_html() -> str:
    return scene_to_html(map_scene(build_strategy("x", "default")))


def test_a_cell_has_one_name_in_play_the_viewer_and_the_linked_notes() -> None:
    # The viewer's names are the ones its page carries (its script has no words of its own).
    assert CELLS_3X3 == TO_3X3
    assert (
        "top-left corner"
        not in files("ttt_maps.backends").joinpath("viewer", "tree.js").read_text()
    )
    page = render_html()
    words = json.loads(re.search(r'id="tttv-words">(.*?)</script>', page)[1])  # type: ignore[index]
    assert tuple(words["cells"]) == tuple(f"the {name}" for name in NAMES_3X3)
    assert cell_phrases(Geometry()) == [f"the {name}" for name in NAMES_3X3]
    game = Game("x", start=Position.parse(POSITION))
    move = game.reply()
    assert game.describe(move) == f"X plays the {NAMES_3X3[move.cell]} ({move.cell})"
    page = linked_page([build_strategy("x", "xkcd"), build_strategy("x", "yorgey")])
    data = json.loads(re.search(r'id="tttl-data">(.*?)</script>', page)[1])  # type: ignore[index]
    assert data["cells"] == cell_phrases(Geometry())


# -- numbers ------------------------------------------------------------------------------

#: A number of four or more digits written without separators (a year-like run of
#: digits inside a board string or an id is not preceded by a space).
BARE = re.compile(r"(?<![\w.,])\d{4,}(?![\w.,])")
GROUPED = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?![\w.])")


def sentences(scene: Scene) -> list[str]:
    """What a drawing says in words: its title, description and lettering."""
    items = [i.text for i in scene.items if isinstance(i, Text)]
    return [scene.title or "", scene.desc or "", *items]


def check_numbers(texts: list[str]) -> int:
    """Every number of 1,000 or more is grouped by thousands; returns how many there were."""
    for text in texts:
        assert not BARE.search(text), text
    return sum(len(GROUPED.findall(t)) for t in texts)


@pytest.mark.slow
def test_the_poster_and_the_maps_of_a_bigger_board_group_their_thousands() -> None:
    x = ttt_maps.strategy("x", geometry="3x4k3")
    o = ttt_maps.strategy("o", geometry="3x4k3")
    texts = sentences(poster_scene(x, o)) + sentences(map_scene(o))
    assert check_numbers(texts) >= 4  # pin: 1,924 positions, 2,148 won, as counted today
    assert "1,924 positions where O chooses" in " ".join(texts)


def test_the_whole_game_and_the_sheet_group_their_thousands() -> None:
    game = build_whole(fold=False, depth=4)
    texts = sentences(whole_scene(game))
    # pin: 3,610 boards, as counted today (the test is about their grouping)
    assert check_numbers(texts) >= 1 and "3,610 boards with a move to make" in " ".join(texts)
    assert not any(re.search(r"from \.+\b|from \.{9}", t) for t in texts)  # said in words
    maps = [build_strategy("o", p) for p in ("xkcd", "default")]
    check_numbers(sentences(differences_sheet_scene(maps, labels=["xkcd", "default"])))
    check_numbers(sentences(compare_scene(maps, labels=["xkcd", "default"])))
