"""The SVG's one style sheet: colours, shared stroke widths, and light or dark.

Every selector starts at the map's root id (``#prefix``), so maps with
different themes can share a page. Backends other than SVG and HTML never
read this: their colours come from ``Theme.role_colours``.
"""

from __future__ import annotations

from collections.abc import Collection

from ttt_maps.backends.svg.tokens import PLACEHOLDER
from ttt_maps.draw.themes import AUTO, PICKS, Theme, dark_variant

#: Where a map set to follow the reader's light or dark mode may sit: a page
#: of the Sphinx themes furo (``body[data-theme]``), pydata-sphinx-theme and
#: the Book theme (``html[data-theme]``), of MkDocs' Material theme
#: (``[data-md-color-scheme]`` on the body: ``default`` or ``slate``), or
#: JupyterLab (``body[data-jp-theme-light]``).
PAGE_SCHEMES = {
    "light": (
        'body[data-theme="light"] ',
        'html[data-theme="light"] ',
        '[data-md-color-scheme="default"] ',
        'body[data-jp-theme-light="true"] ',
    ),
    "dark": (
        'body[data-theme="dark"] ',
        'html[data-theme="dark"] ',
        '[data-md-color-scheme="slate"] ',
        'body[data-jp-theme-light="false"] ',
    ),
}

#: Where the reader's system decides: the SVG opened on its own (its root is
#: the map), a furo page left on "auto", or a viewer page that follows the
#: reader. A page with no dark mode of its own (Alabaster, a plain page) is
#: not among them, so a map inlined there stays light like the page.
SYSTEM_SCHEME = (":root", 'body[data-theme="auto"] ', 'html[data-ttt-scheme="auto"] ')


def outlined(theme: Theme) -> bool:
    """Is the text of a map drawn in ``theme`` written as outlines?

    DejaVu Sans is asked of the reader's fonts (most have it, or a sans close
    to it). Any other lettering is drawn: librsvg and Inkscape ignore a font
    an SVG carries in its style (a ``data:`` URL), so only outlines look the
    same in browsers, librsvg and Inkscape, and they need no font at all.
    """
    return theme.typeface != "dejavu"


def style_sheet(
    theme: Theme,
    widths: dict[tuple[str, str], str],
    bare: set[str],
    picks: Collection[str] = (),
    roles: Collection[str] = (),
) -> str:
    """The CSS of a map drawn in ``theme``.

    ``widths`` is the stroke width shared by each (level class, kind) of
    stroke, ``kind`` being ``use`` for marks or a class such as ``ttt-win``;
    ``bare`` the levels where a mark is drawn straight in its board group;
    ``picks`` the policy colours (``pick-N`` roles) the drawing uses; ``roles``
    the roles only some drawings have (a folded map's pointers and counts, the
    whole game's won and lost moves), whose rules are written only where they are
    drawn, so other drawings keep their bytes.
    """
    p = f"#{PLACEHOLDER}"
    drawn = outlined(theme)
    text = (
        f"{p} .ttt-text{{stroke:none}}"
        if drawn
        else (f"{p} text{{stroke:none;font-family:{theme.css_font}}}")
    )
    rules = [
        f"{p} .ttt-mark{{fill:none;stroke-linecap:round;stroke-linejoin:round}}",
        f"{p} .ttt-board{{fill:none}}",
        f"{p} .ttt-grid{{fill:none;stroke-linecap:butt}}",
        f"{p} .ttt-win{{fill:none;stroke-linecap:round}}",
        text,
        *_colours(theme, picks=picks, roles=roles, text=".ttt-text" if drawn else "text"),
    ]
    for (level, kind), value in widths.items():
        target = "use" if kind == "use" else f".{kind}"
        selector = f"{p} .{level}>g>{target}"
        if kind == "use" and level in bare:
            selector += f",{p} .{level}>use"
        rules.append(f"{selector}{{stroke-width:{value}}}")
    if theme.name == AUTO.name:
        rules += _switches(picks, roles)
    elif theme.name == "dark":
        rules += _on_dark_page()
    return "\n" + "\n".join(rules) + "\n"


def _colours(
    t: Theme,
    scope: tuple[str, ...] = ("",),
    picks: Collection[str] = (),
    roles: Collection[str] = (),
    background: bool = True,
    text: str = "text",
) -> list[str]:
    """The colour rules of theme ``t``, under each of the ancestor selectors in ``scope``
    (with the background's fill unless ``background`` is false); ``text`` selects the
    lines of text (``.ttt-text`` where they are outlines).

    A grid drawn from ``<defs>`` strokes in ``currentColor``, the ``color``
    of the board it is drawn in: browsers do not match the scoped rules
    against a ``<use>``'s clone, but every renderer passes ``color`` on.
    """

    def sel(*names: str) -> str:
        return ",".join(f"{a}#{PLACEHOLDER}{n}" for n in names for a in scope)

    extra = {
        "move-win": f"{sel(' .ttt-move-win')}{{fill:{t.move_win};stroke:none}}",
        "move-loss": f"{sel(' .ttt-move-loss')}{{fill:{t.move_loss};stroke:none}}",
        "pointer": f"{sel(' .ttt-pointer')}{{fill:{t.letter}}}",
        "count": f"{sel(' .ttt-count')}{{fill:{t.muted}}}",
    }
    back = [f"{sel(' .ttt-background')}{{fill:{t.background}}}"] if background else []
    return [
        *back,
        f"{sel('', ' .ttt-board')}{{color:{t.grid}}}",
        f"{sel(' .ttt-board', ' .ttt-played', ' .ttt-final')}{{stroke:{t.ink}}}",
        f"{sel(' .ttt-chosen')}{{stroke:{t.chosen}}}",
        f"{sel(' .ttt-alt')}{{stroke:{t.faint}}}",
        f"{sel(' .ttt-grid')}{{stroke:{t.grid}}}",
        f"{sel(' .ttt-win')}{{stroke:{t.win}}}",
        f"{sel(' .ttt-tint-win')}{{fill:{t.tint_win};stroke:none}}",
        f"{sel(' .ttt-tint-draw')}{{fill:{t.tint_draw};stroke:none}}",
        f"{sel(' rect.ttt-differs')}{{fill:{t.differs};stroke:none}}",
        f"{sel(f' {text}')}{{fill:{t.text}}}",
        f"{sel(' .ttt-footer', ' .ttt-legend')}{{fill:{t.muted}}}",
        *(
            f"{sel(f' .ttt-{role}')}{{stroke:{c}}}{sel(f' rect.ttt-{role}', f' {text}.ttt-{role}')}"
            f"{{fill:{c};stroke:none}}"
            for role, c in zip(PICKS, t.picks, strict=True)
            if role in picks
        ),
        *(rule for role, rule in extra.items() if role in roles),
    ]


def _switches(picks: Collection[str], roles: Collection[str]) -> list[str]:
    """The rules that make an ``auto`` map follow the light or dark mode of its page.

    Where the reader's system decides (``SYSTEM_SCHEME``), its
    ``prefers-color-scheme``; where a page has its own switch, the page:
    those selectors are more specific than the media rule's, so a page set to
    light stays light on a dark system, and one set to dark is dark anywhere.
    Inside any HTML page the map sits on the page's own background.
    Renderers without media queries draw the light colours.
    """
    dark = dark_variant(AUTO)
    return [
        "@media (prefers-color-scheme:dark){",
        f":root#{PLACEHOLDER} .ttt-background{{fill:{dark.background}}}",
        *_colours(dark, SYSTEM_SCHEME, picks, roles, background=False),
        "}",
        *_colours(AUTO, PAGE_SCHEMES["light"], picks, roles, background=False),
        *_colours(dark, PAGE_SCHEMES["dark"], picks, roles, background=False),
        f"html #{PLACEHOLDER} .ttt-background{{fill:none}}",
    ]


def _on_dark_page() -> list[str]:
    """A ``dark`` map inlined in a page that is dark too sits on the page's background."""
    return [
        ",".join(f"{a}#{PLACEHOLDER} .ttt-background" for a in PAGE_SCHEMES["dark"])
        + "{fill:none}",
        "@media (prefers-color-scheme:dark){"
        f'body[data-theme="auto"] #{PLACEHOLDER} .ttt-background{{fill:none}}}}',
    ]
