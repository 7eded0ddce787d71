"""The viewer through folds: a folded cell opens the drawn sub-map turned where the
reader went, for reading and for play; the whole game's page opens and goes deep.

In Chromium and Firefox, as tests/test_html.py runs them (see conftest.py); the
turned boards are checked against a plain turning of board strings written here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_fold import PERMS, optimal, turned

from ttt_maps import api
from ttt_maps.game.cell_names import NAMES_3X3
from ttt_maps.solve.folding import FoldWalk
from ttt_maps.trees.strategy import build_strategy

VIEWPORT = {"width": 900, "height": 800}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("folded")
    out = {}
    for name, obj in (
        ("x", api.strategy("x", "compact", fold=True)),
        ("o", api.strategy("o", "default", fold=True)),
        ("whole", api.whole()),
    ):
        out[name] = folder / f"{name}.html"
        api.save(obj, out[name])
    # Lettered by hand: the letters are outlines, not text.
    out["o xkcd"] = folder / "o-xkcd.html"
    api.save(api.strategy("o", "default", fold=True), out["o xkcd"], theme="xkcd")
    return out


@pytest.fixture(scope="module", params=["chromium", "firefox"])
def browser(request: pytest.FixtureRequest) -> Any:
    return request.getfixturevalue(request.param)


def open_page(browser: Any, path: Path) -> Any:
    """A tab on ``path`` once the viewer is ready; script errors are collected."""
    page = browser.new_page(viewport=VIEWPORT, reduced_motion="reduce")
    page.goto(path.as_uri())
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.evaluate(
        """() => { window.tttErrors = [];
            window.addEventListener('error', (e) => window.tttErrors.push(String(e.message))); }"""
    )
    return page


def errors(page: Any) -> list[str]:
    found: list[str] = page.evaluate("window.tttErrors")
    return found


def go(page: Any, fragment: str) -> dict[str, Any]:
    page.evaluate(f"window.tttViewer.go({json.dumps(fragment)})")
    page.wait_for_function("!window.tttViewer.busy()")
    state: dict[str, Any] = page.evaluate("window.tttViewer.current()")
    return state


def red_move(page: Any) -> str:
    return " ".join(page.inner_text(".tttv-crumbs .tttv-next").split())


NAMES = tuple(f"plays the {name}" for name in NAMES_3X3)  # as the viewer says a move


def test_a_folded_cell_opens_the_drawn_sub_map_turned(browser: Any, pages: dict[str, Path]) -> None:
    tree = build_strategy("x", "compact", fold=True)
    first = tree.root.move
    assert first is not None
    after = tree.root.children[0][1]
    page = open_page(browser, pages["x"])
    for fold in after.folds:
        # The reader's move goes into a folded cell: the board is the drawn one turned...
        rep_node = dict(after.children)[fold.rep]
        perm = list(PERMS.values())[fold.turn]
        state = go(page, f"map=x&moves={first},{fold.cell}")
        assert state["board"] == turned(str(rep_node.board), perm)
        assert state["moves"] == [first, fold.cell]
        # ...and the red move is the drawn red move, turned.
        move = rep_node.move
        assert move is not None
        assert red_move(page) == f"your move: X {NAMES[perm[move]]}"
        assert perm[move] in optimal(state["board"])
    assert not errors(page)
    page.close()


def test_play_follows_the_game_through_folds(browser: Any, pages: dict[str, Path]) -> None:
    """Every reply of O, two moves deep, plays as the folded map is read (``FoldWalk``)."""
    tree = build_strategy("x", "compact", fold=True)
    page = open_page(browser, pages["x"])
    first = tree.root.move
    assert first is not None
    start = tree.root.board
    for reply in start.play(first).moves():
        walk = FoldWalk(start, "x")
        walk.played(start, first)
        board = start.play(first)
        walk.played(board, reply)
        board = board.play(reply)
        expected = walk.map_move(tree.policy.choose_key)
        go(page, f"map=x&moves={first},{reply}")
        assert page.evaluate("window.tttViewer.current().board") == str(board)
        assert red_move(page) == f"your move: X {NAMES[expected]}"
    # In play mode a click on a folded cell is the reader's move there.
    go(page, "map=x")
    page.evaluate("window.tttViewer.play(true)")
    folded = tree.root.children[0][1].folds[0].cell
    page.evaluate(f"window.tttViewer.move({folded})")
    page.wait_for_function("!window.tttViewer.busy()")
    assert page.evaluate("window.tttViewer.current().moves") == [first, folded]
    assert "Your move (O)" in page.evaluate("window.tttViewer.status()")
    assert not errors(page)
    page.close()


def test_clicking_a_folded_cell_zooms_into_it(browser: Any, pages: dict[str, Path]) -> None:
    tree = build_strategy("o", "default", fold=True)
    page = open_page(browser, pages["o"])
    fold = tree.root.folds[-1]
    # The root board's own folded cell (deeper boards have folded cells too).
    folded = f'.tttv-stage svg > g.ttt-board > g.ttt-folded[data-cell="{fold.cell}"]'
    box = page.evaluate(
        f"""() => {{ const r = document.querySelector('{folded}').getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2]; }}"""
    )
    page.mouse.click(box[0], box[1])
    page.wait_for_function("!window.tttViewer.busy()")
    state = page.evaluate("window.tttViewer.current()")
    assert state["moves"] == [fold.cell] and state["level"] == 1
    # The turned copy is drawn, and the grey letter it covers is hidden.
    assert page.evaluate("document.querySelectorAll('.tttv-turned').length") == 1
    hidden = page.evaluate(f"""document.querySelector('{folded}').getAttribute('display')""")
    assert hidden == "none"
    assert not errors(page)
    page.close()


@pytest.mark.parametrize("page_name", ["o", "o xkcd"])
def test_letters_in_a_turned_sub_map_read_upright(
    browser: Any, pages: dict[str, Path], page_name: str
) -> None:
    """The drawn sub-map shown turned in a folded cell keeps its own letters (its folded
    cells' letters, its tags) upright, as text or as outlines."""
    tree = build_strategy("o", "default", fold=True)
    page = open_page(browser, pages[page_name])
    fold = next(f for f in tree.root.folds if f.turn)
    go(page, f"map=o&moves={fold.cell}")
    matrices = page.evaluate(
        """() => [...document.querySelectorAll('.tttv-turned text, .tttv-turned g.ttt-text')]
             .map((e) => { const m = e.getScreenCTM(); return [m.a, m.b, m.c, m.d]; })"""
    )
    assert matrices
    for a, b, c, d in matrices:
        assert a > 0 and d > 0 and abs(b) < 1e-6 * a and abs(c) < 1e-6 * d, (a, b, c, d)
    assert not errors(page)
    page.close()


def test_the_whole_game_opens_and_goes_deep(browser: Any, pages: dict[str, Path]) -> None:
    page = open_page(browser, pages["whole"])
    assert " ".join(page.inner_text(".tttv-crumbs").split()) == "Every move pick X's move"
    assert page.inner_text(".tttv-hint").startswith("Every move of both players")
    assert page.evaluate("window.tttViewer.waiting()") > 0  # deep boards wait as text
    assert page.evaluate("document.querySelector('.tttv-play').hidden") is True
    # Into a folded corner and down to the last move: every board on the way is the game's.
    moves = [8, 0, 4, 1, 7, 6, 3]
    state = go(page, "map=x&moves=" + ",".join(map(str, moves)))
    board = "." * 9
    for i, cell in enumerate(moves):
        board = board[:cell] + "xo"[i % 2] + board[cell + 1 :]
    assert state["moves"] == moves and state["board"] == board
    assert not errors(page)
    page.close()
