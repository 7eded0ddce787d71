"""An ``auto`` map as an image (``mode: image``) that follows the page's own light or dark
switch, as an inline map does.

An ``<img>`` is a document of its own: the page's style does not reach into it,
so one ``auto`` SVG shown as an image could only follow the reader's system
(``prefers-color-scheme``), and a page switched to light on a dark system
showed a dark box. So an ``auto`` map in image mode is two files, one per
scheme, each on a transparent background (the page's own shows through, as
under an inline map), shown as two ``<img>``; a small style sheet shows the one
the page's scheme asks for, keyed on the switches an inline map follows
(``backends.svg.style.PAGE_SCHEMES``: furo, pydata-sphinx-theme and the Book
theme, Material for MkDocs, JupyterLab), and where the page has no dark mode
of its own, the light one. Sphinx and MkDocs link the sheet on the pages that
need it; a pandoc page has no switch, so pandoc draws the light file alone.
"""

from __future__ import annotations

from html import escape

from ttt_maps.backends.svg.style import PAGE_SCHEMES
from ttt_maps.draw.scene import Scene
from ttt_maps.draw.themes import AUTO, dark_variant
from ttt_maps.integrations.recipe import render

#: The schemes, in the order their images are written in the page.
SCHEMES = ("light", "dark")
#: The style sheet's file name, in the site's static files.
STYLE_FILE = "ttt-map-schemes.css"

_THEMES = {
    "light": AUTO.replace(name="auto-light", background="none"),
    "dark": dark_variant(AUTO).replace(background="none"),
}


def is_auto(scene: Scene) -> bool:
    """Is this map drawn to follow its page's light or dark mode?"""
    return scene.theme.name == AUTO.name


def scheme_svgs(scene: Scene, ident: str) -> dict[str, str]:
    """The map once per scheme (``SCHEMES``), each on a transparent background."""
    return {name: str(render(scene.replace(theme=_THEMES[name]), "svg", ident)) for name in SCHEMES}


def light_svg(scene: Scene, ident: str) -> str:
    """The map as a page without a dark mode shows it: light, on the page's background."""
    return str(render(scene.replace(theme=_THEMES["light"]), "svg", ident))


def pair_html(sources: dict[str, str], alt: str, attributes: str = "") -> str:
    """The two ``<img>`` of an ``auto`` map, by scheme; ``attributes`` go on both (a long
    description, a width). The one not shown is ``display:none``, so a screen reader
    reads one picture. ``only-light`` and ``only-dark`` are furo's and
    pydata-sphinx-theme's own classes for such pairs (pydata gives other images a
    white backing in dark mode)."""
    images = [
        f'<img src="{escape(sources[name])}" alt="{escape(alt)}" '
        f'class="ttt-map ttt-map-{name} only-{name}"{attributes} />'
        for name in SCHEMES
    ]
    return f'<span class="ttt-map-schemes">{"".join(images)}</span>'


def style_sheet() -> str:
    """The rules that show an ``auto`` map's image for the page's scheme."""

    def rule(scheme: str, shown: str) -> str:
        hidden = "dark" if shown == "light" else "light"
        picks = PAGE_SCHEMES[scheme]
        return (
            ",".join(f"{s}.ttt-map-{hidden}" for s in picks)
            + "{display:none}"
            + ",".join(f"{s}.ttt-map-{shown}" for s in picks)
            + "{display:inline}"
        )

    auto = 'body[data-theme="auto"] '  # furo left on "auto": the reader's system decides
    return "\n".join(
        [
            "/* ttt-maps: the image of an auto map for the page's light or dark scheme */",
            ".ttt-map-schemes>.ttt-map-dark{display:none}",
            rule("dark", "dark"),
            rule("light", "light"),
            "@media (prefers-color-scheme:dark){"
            f"{auto}.ttt-map-light{{display:none}}{auto}.ttt-map-dark{{display:inline}}}}",
            "",
        ]
    )
