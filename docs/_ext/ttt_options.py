"""``.. ttt-options::``: the table of every option, made from the options table while the
docs build (``ttt_maps.engine.options``), so it can never disagree with the command line,
the API or the docs tools."""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ttt_maps.engine.options import rows

HEADINGS = ("option", "command line", "Python", "docs page", "taken by", "what it does")


class OptionsTable(SphinxDirective):
    """Every option, one row each: its spellings, what takes it and its help."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        table = nodes.table(classes=["ttt-options"])
        group = nodes.tgroup(cols=len(HEADINGS))
        table += group
        for width in (10, 14, 12, 10, 18, 36):
            group += nodes.colspec(colwidth=width)
        group += nodes.thead("", self._row(HEADINGS, code=()))
        body = nodes.tbody()
        for row in rows():
            body += self._row(row, code=(1, 2, 3))
        group += body
        return [table]

    @staticmethod
    def _row(cells: tuple[str, ...], code: tuple[int, ...]) -> nodes.row:
        row = nodes.row()
        for i, text in enumerate(cells):
            entry = nodes.entry()
            paragraph = nodes.paragraph()
            if i in code and text:
                for k, word in enumerate(text.split(" ")):
                    paragraph += nodes.Text(" " if k else "")
                    paragraph += nodes.literal(text=word)
            else:
                paragraph += nodes.Text(text)
            entry += paragraph
            row += entry
        return row


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("ttt-options", OptionsTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
