"""The SVG tells the truth about itself: its description counts as ``stats`` does, its root
is a graphics document, and every board is a group named for what it shows."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from typer.testing import CliRunner

import ttt_maps.api as api
from ttt_maps.cli.app import app
from ttt_maps.game.cell_names import cell_to

NS = "{http://www.w3.org/2000/svg}"
DESC = re.compile(
    r"(\d[\d,]*) positions where ([XO]) chooses, (\d[\d,]*) moves on the map, "
    r"(\d+) won(?:, (\d+) lost)? and (\d+) drawn finishes"
)
POSTER = re.compile(r"([XO]): (\d[\d,]*) positions where \1 chooses, (\d+) won(?:, (\d+) lost)? "
                    r"and (\d+) drawn finishes")  # fmt: skip


@pytest.fixture(scope="module")
def stats() -> list[dict[str, object]]:
    result = CliRunner().invoke(app, ["stats", "--json"])
    assert result.exit_code == 0, result.stderr
    maps = json.loads(result.stdout)["maps"]
    assert isinstance(maps, list) and len(maps) >= 6
    return maps


def number(text: str | None) -> int:
    return int((text or "0").replace(",", ""))


def test_every_desc_counts_as_stats_does(stats: list[dict[str, object]]) -> None:
    posters: dict[str, list[dict[str, object]]] = {}
    for row in stats:
        svg = api.render(api.strategy(str(row["player"]), str(row["policy"])), "svg")
        desc = ET.fromstring(svg).find(f"{NS}desc")
        assert desc is not None and desc.text
        m = DESC.search(desc.text)
        assert m, desc.text
        assert m[2] == str(row["player"]).upper()
        got = (number(m[1]), number(m[3]), number(m[4]), number(m[5]), number(m[6]))
        want = (row["positions"], row["choices"], row["wins"], row["losses"], row["draws"])
        assert got == want, (row["policy"], row["player"], desc.text)
        posters.setdefault(str(row["policy"]), []).append(row)
    for policy, rows in posters.items():
        svg = api.render(api.poster(policy), "svg")
        desc = ET.fromstring(svg).find(f"{NS}desc")
        assert desc is not None and desc.text
        found = {
            m[1]: (number(m[2]), number(m[3]), number(m[5])) for m in POSTER.finditer(desc.text)
        }
        want = {str(r["player"]).upper(): (r["positions"], r["wins"], r["draws"]) for r in rows}
        assert found == want, desc.text


@pytest.mark.parametrize("player", ["x", "o"])
def test_the_root_is_a_document_and_every_board_a_named_group(player: str) -> None:
    root = ET.fromstring(api.render(api.strategy(player), "svg"))
    assert root.get("role") == "graphics-document"
    assert root.get("aria-labelledby", "").split() == [
        root[0].get("id"),
        root[1].get("id"),
    ]
    boards = [g for g in root.iter(f"{NS}g") if "ttt-board" in g.get("class", "").split()]
    assert len(boards) == api.strategy(player).facts.boards
    g = api.strategy(player).geometry
    for board in boards:
        assert board.get("role") == "group"
        label = board.get("aria-label", "")
        text = board.get("data-board", "")
        who = "X" if text.count("x") == text.count("o") else "O"
        # The red move of the board itself (not of a sub-map) is the one the label names.
        chosen = [
            u.get("data-cell") for u in board if u.get("data-cell") is not None
        ] + [u.get("data-cell") for c in board if c.tag == f"{NS}g" and "ttt-board" not in
             c.get("class", "") for u in c if u.get("data-cell") is not None]  # fmt: skip
        if chosen:
            assert label.endswith(f"{who} plays {cell_to(g, int(chosen[0]))}"), label
        else:
            assert label.endswith(f"{who} is to move"), label
