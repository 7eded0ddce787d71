"""The viewer's tree of moves, walked by keyboard in Chromium and Firefox, and axe-core's
verdict on every kind of viewer page (Chromium)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import ttt_maps.api as api

VIEWPORT = {"width": 1000, "height": 800}
FOCUSED = "document.activeElement.getAttribute('aria-label')"


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("walk")
    out = {}
    for name, obj in (("x", api.strategy("x")), ("o", api.strategy("o"))):
        out[name] = api.save(obj, folder / f"{name}.html")
    out["whole"] = api.save(api.whole(depth=2), folder / "whole.html")
    return out


@pytest.fixture(scope="module", params=["chromium", "firefox"])
def browser(request: pytest.FixtureRequest) -> Any:
    return request.getfixturevalue(request.param)


def open_page(browser: Any, path: Path) -> Any:
    page = browser.new_page(viewport=VIEWPORT)
    page.goto(path.as_uri())
    page.wait_for_function("document.body.dataset.ready === '1'")
    return page


def press(page: Any, key: str) -> tuple[str, list[int]]:
    """Press a key in the tree; what the focused item says and the moves the map shows."""
    page.keyboard.press(key)
    page.wait_for_function("window.tttViewer && !window.tttViewer.busy()")
    return page.evaluate(FOCUSED), page.evaluate("window.tttViewer.current().moves")


def test_arrows_walk_the_replies_and_in_and_out(browser: Any, pages: dict[str, Path]) -> None:
    page = open_page(browser, pages["x"])
    try:
        page.evaluate("document.querySelector('.tttv-walk [role=treeitem]').focus()")
        said = page.evaluate(FOCUSED)
        assert said.startswith("Map for X. Position: empty row; empty row; empty row.")
        assert "X plays the top-left corner. X holds the draw. 8 replies." in said
        said, moves = press(page, "ArrowRight")
        assert said.startswith(
            "X plays the top-left corner → O plays the top edge. Position: X, O, empty;"
        ) and moves == [0, 1]
        said, moves = press(page, "ArrowDown")
        assert said.startswith(
            "X plays the top-left corner → O plays the top-right corner."
        ) and moves == [
            0,
            2,
        ]
        said, moves = press(page, "ArrowDown")
        assert "X plays the top edge. X wins whatever the reply." in said and moves == [0, 3]
        said, moves = press(page, "ArrowRight")  # into the sub-map: X's answer, then O's reply
        assert said.startswith(
            "X plays the top edge → O plays the top-right corner."
        ) and moves == [0, 3, 1, 2]
        said, moves = press(page, "ArrowDown")
        assert said.endswith("X plays the top-right corner. X wins at once.") and moves == [
            0,
            3,
            1,
            4,
        ]
        said, moves = press(page, "ArrowLeft")
        assert said.startswith(
            "X plays the top-left corner → O plays the left edge."
        ) and moves == [0, 3]
        said, moves = press(page, "ArrowUp")
        assert said.startswith("X plays the top-left corner → O plays the top-right corner.")
        assert moves == [0, 2]
        levels = page.evaluate(
            "[...document.querySelectorAll('.tttv-walk [role=treeitem]')]"
            ".map(e => e.getAttribute('aria-level'))"
        )
        assert levels == ["1"] + ["2"] * 8, "a closed sub-map keeps no items"
    finally:
        page.close()


def test_the_tree_as_the_browser_exposes_it(chromium: Any, pages: dict[str, Path]) -> None:
    page = open_page(chromium, pages["o"])
    try:
        page.focus(".tttv-walk [role=treeitem]")
        for key in ("ArrowRight", "ArrowDown", "ArrowRight"):
            press(page, key)
        snapshot = page.locator(".tttv-walk").aria_snapshot()
        lines = [line.strip(" -").replace("'", "") for line in snapshot.splitlines()]
        assert lines[0] == 'tree "The map as a tree of moves: arrow keys walk it":'
        root = 'treeitem "Map for O. Position: empty row; empty row; empty row. 9 replies."'
        assert lines[1] == f"{root} [expanded] [level=1]:"
        opened = [line for line in lines if "[expanded] [level=2]" in line]
        assert opened == [
            'treeitem "X plays the top edge. Position: empty, X, empty; empty row; empty row. '
            'O plays the top-left corner. O holds the draw. 7 replies." [expanded] [level=2]:'
        ]
        deepest = [line for line in lines if line.endswith("[level=3]")]
        assert len(deepest) == 7 and deepest[0].startswith(
            'treeitem "O plays the top-left corner → X plays the top-right corner. Position: '
            "O, X, X; empty row; empty row. O plays the left edge. O wins whatever the reply. "
            "5 replies."
        )
    finally:
        page.close()


WCAG = "{runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}}"


@pytest.mark.parametrize("name", ["x", "o", "whole"])
def test_axe_finds_nothing_on_a_viewer(chromium: Any, pages: dict[str, Path], name: str) -> None:
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    page = open_page(chromium, pages[name])
    try:
        page.focus(".tttv-walk [role=treeitem]")
        press(page, "ArrowRight")
        result = axe.Axe().run(page)
        assert result.violations_count == 0, [v["id"] for v in result.response["violations"]]
    finally:
        page.close()


def test_axe_finds_nothing_in_linked_viewers(chromium: Any, tmp_path: Path) -> None:
    """Each pane of ``compare -o FILE.html`` is a viewer page in a frame, which axe on the
    outer page does not enter: axe runs in each pane (the WCAG rules), tree and all."""
    axe = pytest.importorskip("axe_playwright_python")
    from typer.testing import CliRunner

    from ttt_maps.cli.app import app

    path = tmp_path / "cmp.html"
    result = CliRunner().invoke(app, ["compare", "default", "yorgey", "-o", str(path)])
    assert result.exit_code == 0, result.stderr
    source = next(Path(axe.__file__).parent.rglob("axe.min.js")).read_text(encoding="utf-8")
    page = chromium.new_page(viewport=VIEWPORT)
    try:
        page.goto(path.as_uri())
        panes = page.frames[1:]
        assert len(panes) == 2
        for pane in panes:
            pane.wait_for_function("document.body.dataset.ready === '1'")
            assert pane.evaluate("document.querySelectorAll('[role=treeitem]').length") == 1
            pane.evaluate(source)
            found = pane.evaluate(
                f"axe.run(document, {WCAG}).then(r => r.violations.map(v => v.id))"
            )
            assert found == []
    finally:
        page.close()
