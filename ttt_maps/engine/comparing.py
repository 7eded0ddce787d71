"""Tie-break policies compared, built in one place: one tree per policy, where their
maps really differ, the summary of what each holds, and the drawings (the maps side by
side, linked viewers, the differences sheet) as file bytes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ttt_maps.backends import Output
from ttt_maps.compare.differences import compare_all
from ttt_maps.compare.differences_sheet import differences_sheet_file, differences_sheet_scene
from ttt_maps.compare.panes import linked_page
from ttt_maps.compare.picture import compare_scene
from ttt_maps.compare.summary import build_strategies, compare_summary
from ttt_maps.draw.themes import get_theme
from ttt_maps.engine.build import running
from ttt_maps.language import current, speaking
from ttt_maps.policy.chains import NOVICE_WAYS
from ttt_maps.settings import Settings

if TYPE_CHECKING:
    from ttt_maps.compare.differences import Comparison
    from ttt_maps.compare.summary import SummaryRow
    from ttt_maps.draw.layout import MapOptions
    from ttt_maps.draw.themes import Theme
    from ttt_maps.engine.request import Request
    from ttt_maps.trees.strategy import Strategy


#: Files drawn with no page options: the drawing's own size.
PLAIN = Output()


class Compared:
    """Several policies' maps for one player: the trees (``strategies``), their labels,
    the differences from the first (``found``) and the summary (``rows``)."""

    def __init__(
        self,
        strategies: list[Strategy],
        labels: Sequence[str],
        found: Sequence[Comparison],
        rows: list[SummaryRow],
    ) -> None:
        self.strategies, self.labels, self.found, self.rows = strategies, list(labels), found, rows
        #: The language the comparison's words are said in: the one it was made in.
        self.lang = current()

    def maps(
        self,
        fmt: str,
        theme: str | Theme = "light",
        opts: MapOptions | None = None,
        out: Output = PLAIN,
    ) -> bytes:
        """The maps side by side as an image (svg, pdf, png; ``out``: its width or dpi),
        or linked viewers (html)."""
        with speaking(self.lang):
            name = get_theme(theme).name
            if fmt == "html":
                page = linked_page(
                    self.strategies,
                    labels=self.labels,
                    theme=name,
                    comparisons=self.found,
                    opts=opts,
                )
                return page.encode()

            scene = compare_scene(
                self.strategies, theme=name, opts=opts, labels=self.labels, comparisons=self.found
            )
            return out.draw(scene, fmt)

    def differences_sheet(
        self, fmt: str, theme: str | Theme = "light", out: Output = PLAIN
    ) -> bytes:
        """The differences sheet (svg, pdf or png; A4 pages; ``out``: a PNG's width or
        dpi)."""
        with speaking(self.lang):
            scene = differences_sheet_scene(
                self.strategies, labels=self.labels, theme=get_theme(theme), comparisons=self.found
            )
            return differences_sheet_file(scene, fmt, out.width, out.dpi)

    sheet = differences_sheet  # its old name, which callers keep

    @property
    def novice_ways(self) -> str:
        """How the novice opponent of the summary's ``novice`` column plays, in words."""
        return NOVICE_WAYS[self.strategies[0].geometry.misere]

    def as_json(self) -> dict[str, Any]:
        """The summary and every difference, as ``compare --json`` prints them."""
        first = self.strategies[0]
        lists: list[list[dict[str, Any]]] = [
            [],
            *([d.as_dict() for d in c.differences] for c in self.found),
        ]
        return {
            "player": first.player,
            "board": first.geometry.name,
            "root": str(first.root.board),
            "reference": self.labels[0],
            "policies": [
                {**row.as_dict(), "differences": diffs}
                for row, diffs in zip(self.rows, lists, strict=True)
            ],
        }


def compare_policies(
    policies: Sequence[str], request: Request, *, settings: Settings | None = None
) -> Compared:
    """Each policy's map for the request's player from its start, and where they differ
    from the first's, up to rotation and reflection."""
    with running(settings):
        mark = request.player or "x"
        strategies = build_strategies(
            policies, mark, request.start, request.geometry, fold=request.folded
        )
        found = compare_all(strategies)
        rows = compare_summary(strategies, labels=policies, comparisons=found)
    return Compared(strategies, policies, found, rows)
