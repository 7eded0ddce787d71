"""The viewer of a map drawn with ``explain`` says each red move's reason, in Chromium and
Firefox: the status line of the board shown, of a board under the pointer or the keyboard
focus, and each zoomable board's accessible name. A map drawn without it says nothing new.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_html import browser, cell_centre, open_page, settle  # noqa: F401  (the fixture)

from ttt_maps import api
from ttt_maps.game.cell_names import cell_to
from ttt_maps.game.position import Position
from ttt_maps.reasons.explain import explain


@pytest.fixture(scope="module")
def explained(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("explained")
    tree = api.strategy("x")
    with_reasons, without = folder / "x.html", folder / "plain.html"
    api.save(tree, with_reasons, explain=True)
    api.save(tree, without)
    return with_reasons, without


def status(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.status || ''"))


def reason(board: str) -> str:
    """``X plays the top-left corner. X takes a corner...``: what the viewer should say of a
    board."""
    tree = api.strategy("x")
    position = Position.parse(board)
    move = tree.policy.choose(position)
    return f"X plays {cell_to(position.geometry, move)}. {explain(position, move).text}"


def test_the_viewer_says_each_reason(browser: Any, explained: tuple[Path, Path]) -> None:  # noqa: F811
    page = open_page(browser, explained[0].as_uri(), reduced_motion="reduce")
    try:
        assert status(page).startswith(reason("........."))
        # Each zoomable board's accessible name carries its red move's reason.
        target = "xo......."
        label = page.evaluate(
            """(b) => [...document.querySelectorAll('.tttv-stage g[tabindex="0"]')]
                 .find((g) => g.dataset.board === b).getAttribute('aria-label')""",
            target,
        )
        assert (
            label.startswith("Zoom in: X plays the top-left corner → O plays the top edge. ")
            and reason(target) in label
        )
        # The pointer over that board: the status line says its reason.
        page.mouse.move(*cell_centre(page, target))
        page.wait_for_function("(document.body.dataset.status || '').includes(', then X ')")
        assert reason(target) in status(page)
        # Zoomed in, the board shown says its own.
        page.mouse.click(*cell_centre(page, target))
        settle(page)
        page.mouse.move(2, 2)
        page.wait_for_function(f"window.tttViewer.current().board === '{target}'")
        assert status(page).startswith(reason(target))
    finally:
        page.close()


def test_a_viewer_without_reasons_says_none(browser: Any, explained: tuple[Path, Path]) -> None:  # noqa: F811
    page = open_page(browser, explained[1].as_uri(), reduced_motion="reduce")
    try:
        assert status(page) == ""
        label = page.evaluate(
            """() => document.querySelector('.tttv-stage g[tabindex="0"]')
                 .getAttribute('aria-label')"""
        )
        assert label.startswith("Zoom in: ") and ":" not in label[len("Zoom in: ") :]
    finally:
        page.close()
