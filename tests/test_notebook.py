"""The viewer in a Jupyter notebook: a real kernel runs a notebook (nbclient), and the
output, put in a page, is a working viewer in Chromium."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

import ttt_maps

#: Slow (left out by make check): every test runs a notebook in a kernel and a browser.
pytestmark = pytest.mark.slow


def test_the_viewer_is_an_isolated_frame_with_the_whole_page() -> None:
    shown = ttt_maps.viewer(ttt_maps.strategy("x"), height=500)._repr_html_()
    assert (
        shown.startswith('<iframe class="ttt-maps-viewer"') and 'sandbox="allow-scripts"' in shown
    )
    page = html.unescape(re.search(r'srcdoc="([^"]*)"', shown).group(1))  # type: ignore[union-attr]
    assert page == ttt_maps.render(ttt_maps.strategy("x"), "html")
    assert "height:500px" in shown
    # The SVG picture stays the strategy's own repr.
    assert ttt_maps.strategy("x")._repr_svg_().startswith("<svg")
    with pytest.raises(ttt_maps.UsageError, match="height=5"):
        ttt_maps.viewer(ttt_maps.strategy("x"), height=5)


def test_the_viewer_can_carry_the_strategy_in_words() -> None:
    shown = ttt_maps.viewer(ttt_maps.poster(), description=True)._repr_html_()
    (ident,) = re.findall(r'<iframe [^>]*aria-details="([^"]+)"', shown)
    assert f'<details class="ttt-map-words" id="{ident}">' in shown
    # fact: the referee's count, test_claims.test_the_maps_counts_are_the_referees
    for player, count in (("x", 109), ("o", 453)):
        assert len(re.findall(rf'<section id="{ident}-{player}-s\d+">', shown)) == count
    with pytest.raises(ttt_maps.UsageError, match="description"):
        ttt_maps.viewer(ttt_maps.whole(depth=1), description=True)


def test_a_notebook_run_by_a_kernel_shows_the_viewer(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("import ttt_maps\ntree = ttt_maps.strategy('o')"),
        nbformat.v4.new_code_cell("ttt_maps.viewer(tree)"),
        nbformat.v4.new_code_cell("tree"),
    ]
    nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    viewer_out = nb.cells[1].outputs[0]["data"]
    assert viewer_out["text/html"].startswith('<iframe class="ttt-maps-viewer"')
    assert "window.tttViewer" in html.unescape(viewer_out["text/html"])
    assert nb.cells[2].outputs[0]["data"]["image/svg+xml"].lstrip().startswith("<svg")


def test_the_notebook_output_is_a_working_viewer(chromium: Any, tmp_path: Path) -> None:
    doc = tmp_path / "notebook.html"
    shown = ttt_maps.viewer(ttt_maps.strategy("o"))._repr_html_()
    doc.write_text(
        f"<!DOCTYPE html><html><body><h1>A notebook</h1>{shown}</body></html>", encoding="utf-8"
    )
    page = chromium.new_page(viewport={"width": 1000, "height": 900}, reduced_motion="reduce")
    try:
        page.goto(doc.as_uri())
        frame = page.frame_locator("iframe.ttt-maps-viewer")
        frame.locator("body[data-ready='1']").wait_for()
        frame.locator(".tttv-play").click()
        assert frame.locator(".tttv-status").inner_text() == "Your move (X)"
        inner = page.frames[1]
        inner.evaluate("window.tttViewer.move(4)")
        inner.wait_for_function("!window.tttViewer.busy()")
        assert inner.evaluate("window.tttViewer.current().moves") == [4]
        assert page.evaluate("document.querySelector('h1').textContent") == "A notebook"
    finally:
        page.close()
