"""The lettering of the drawings: DejaVu Sans, and a hand for the comic's look.

Titles, headings and footers look the same in every PDF and PNG, on any
machine, because their glyphs come from the fonts in ``ttt_maps/draw/fonts/``:
a Latin and Cyrillic cut of DejaVu Sans and DejaVu Sans Bold, Humor Sans as its
author made it (one weight, the comic's hand lettering; SIL Open Font License,
its name reserved, so the file is shipped unchanged), and a cut of Shantell
Sans (a hand with every letter of Latin-1, Latin Extended-A and Cyrillic; SIL
Open Font License). Each typeface is a list of faces asked in turn for a
character, set with each font's own advances and kerning.

The comic's hand (``humor``) is one hand for a whole line, never two: Humor
Sans (``comic``) for a drawing in English, drawing the accented letters it can
make of its own letters and accents, and Shantell Sans (``hand``) for a drawing
in a language whose letters Humor Sans lacks, and for any line with such a
letter (a title in German on an English map). DejaVu Sans draws only symbols
neither hand has (an arrow, the times sign). A
character none of them has (a title in Greek or Chinese, say) is drawn from a
system font that has it, found through fontconfig; when no font has it, it is
drawn as a box and ``layout`` warns once, naming it.

Sizes here are in ems: a line of ``size`` units is ``size`` times as wide.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import unicodedata
import warnings
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any, NamedTuple

from ttt_maps.draw.sfnt import Font, PathOp
from ttt_maps.language import current

#: The shipped font files, by the PostScript name a PDF calls each.
FONT_FILES = {
    "DejaVuSans": "DejaVuSans-Latin.ttf",
    "DejaVuSans-Bold": "DejaVuSans-Bold-Latin.ttf",
    "HumorSans": "Humor-Sans.ttf",
    "ShantellSans": "ShantellSans-Cut.ttf",
}
#: How much larger than its size a face is set. Humor Sans is drawn small on its em
#: (capitals 0.54 em high, DejaVu Sans's 0.73): set a fifth larger, its lines read
#: as large as DejaVu's at the same size, and a title fits where it did.
#: Shantell Sans's capitals stand 0.71 em high: set a twentieth smaller, they match Humor
#: Sans's, and a line takes less room than in Humor Sans.
FONT_SCALES = {"HumorSans": 1.2, "ShantellSans": 0.95}
#: Faces that draw the accented letters they lack themselves, from a letter and a
#: character that stands in for the accent (Humor Sans has no accents, but has its
#: own grave, circumflex and tilde among its punctuation).
COMPOSES = {"HumorSans": {"\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~"}}
#: Each typeface's faces, regular and bold, in the order a character is looked for.
#: Humor Sans has one weight: the comic letters its titles with the same pen.
#: ``humor`` is the comic's hand as a theme names it: ``comic`` or ``hand`` (``lettering``).
TYPEFACES: dict[str, dict[bool, tuple[str, ...]]] = {
    "dejavu": {False: ("DejaVuSans",), True: ("DejaVuSans-Bold",)},
    "comic": {False: ("HumorSans", "DejaVuSans"), True: ("HumorSans", "DejaVuSans")},
    "hand": {False: ("ShantellSans", "DejaVuSans"), True: ("ShantellSans", "DejaVuSans")},
}
#: The languages whose letters Humor Sans has, or makes of its own (``COMPOSES``).
HUMOR_LANGUAGES = frozenset({"en"})


def lettering(typeface: str, lang: str | None = None) -> str:
    """The typeface a drawing in ``lang`` is lettered in (by default the language in
    force, in which a drawing's words are said and measured): the comic's hand
    (``humor``) is Humor Sans (``comic``) in English, Shantell Sans (``hand``) in the
    languages whose letters Humor Sans lacks; other typefaces are themselves."""
    if typeface != "humor":
        return typeface

    return "comic" if (lang or current()) in HUMOR_LANGUAGES else "hand"


def line_typeface(text: str, typeface: str) -> str:
    """The typeface one line is set in: ``lettering``'s, except that a line in Humor
    Sans with a letter it can neither draw nor make is set in Shantell Sans whole, so
    a line is never lettered in two hands."""
    typeface = lettering(typeface)
    if typeface == "comic" and not _humor_has_letters(text):
        return "hand"
    return typeface


@lru_cache(maxsize=4096)
def _humor_has_letters(text: str) -> bool:
    """Whether Humor Sans draws every letter of ``text``, or makes it of its own."""
    cmap = font("HumorSans").cmap
    return all(
        not char.isalpha() or ord(char) in cmap or _composed("HumorSans", char) is not None
        for char in text
    )


class Glyph(NamedTuple):
    """One glyph of a line: its place and advance in ems, and what it draws.

    ``glyph`` is its number in the shipped font ``face``, or -1 when it comes
    from a system font (``fallback_outline``) or from none at all.
    """

    char: str
    glyph: int
    x: float
    advance: float
    face: str = ""


@cache
def font(name: str) -> Font:
    """A shipped font by its name (read once per process, from the package's folder:
    ``importlib.resources`` would load zip, compression and URL modules to find it)."""
    path = os.path.join(os.path.dirname(__file__), "fonts", FONT_FILES[name])
    with open(path, "rb") as file:
        return Font(file.read())


def faces(bold: bool, typeface: str = "dejavu") -> tuple[str, ...]:
    """The faces of ``typeface`` that set a line of that weight, in the order asked."""
    return TYPEFACES[typeface][bold]


def layout(text: str, bold: bool = False, typeface: str = "dejavu") -> tuple[list[Glyph], float]:
    """The glyphs of one line and its width, both in ems, kerned as each font says.

    Characters that no installed font can draw are named in one warning,
    once per process.
    """
    fonts = [(name, font(name)) for name in faces(bold, line_typeface(text, typeface))]
    out: list[Glyph] = []
    x = 0.0
    previous = -1
    previous_face = ""
    missing: dict[str, None] = {}
    first = fonts[0][0]
    for char in text:
        name, f, glyph = next(
            ((n, f, g) for n, f in fonts if (g := f.cmap.get(ord(char), -1)) >= 0),
            ("", fonts[0][1], -1),
        )
        composed = _composed(first, char) if name != first and first in COMPOSES else None
        if composed is not None:  # an accented letter of the first face's own pen
            advance, _ = composed
            name, glyph, previous = first, -1, -1
        elif glyph < 0:
            advance, _ = fallback_outline(char, bold)
            if _family_for(char) is None:
                missing[char] = None
            previous = -1
        else:
            em = f.units_per_em / FONT_SCALES.get(name, 1.0)
            if previous >= 0 and previous_face == name:
                x += f.kerning.get((previous, glyph), 0) / em
            advance = f.advances[glyph] / em
            previous, previous_face = glyph, name
        out.append(Glyph(char, glyph, x, advance, name))
        x += advance
    if missing:
        _warn_missing(tuple(missing))
    return out, x


@cache
def _warn_missing(chars: tuple[str, ...]) -> None:
    """One warning naming the characters of a line that no font has (once per set)."""
    names = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in chars)
    they = "it is" if len(chars) == 1 else "they are"
    warnings.warn(f"no installed font can draw {names}; {they} drawn as boxes", stacklevel=3)


def width(text: str, size: float, bold: bool = False, typeface: str = "dejavu") -> float:
    """How wide ``text`` is set at ``size``."""
    return layout(text, bold, typeface)[1] * size


def fitted(text: str, size: float, room: float, face: str, bold: bool = False) -> float:
    """``size``, or smaller so that ``text`` set in ``face`` fits in ``room`` (a long
    title, a policy's name, a footer)."""
    need = width(text, size, bold, face)
    return size if need <= room else round(size * room / need, 2)


def wrapped(
    parts: Iterable[str], size: float, room: float, typeface: str, joint: str = " "
) -> list[str]:
    """``parts`` (words, or a note's clauses with ``joint`` " · ") joined on as few lines
    as fit ``room`` at ``size``, each line filled before the next starts; a part wider
    than ``room`` stands on a line of its own, an empty one is left out."""
    lines: list[str] = []
    for part in parts:
        if not part:
            continue
        if lines and width(f"{lines[-1]}{joint}{part}", size, typeface=typeface) <= room:
            lines[-1] += f"{joint}{part}"
        else:
            lines.append(part)
    return lines


def outline(glyph: Glyph, bold: bool) -> list[PathOp]:
    """A glyph's outline in ems, y up, from its pen position."""
    if glyph.glyph >= 0:
        return _shipped_outline(glyph.face, glyph.glyph)
    composed = _composed(glyph.face, glyph.char) if glyph.face else None
    if composed is not None:
        return composed[1]
    return fallback_outline(glyph.char, bold)[1]


@cache
def _composed(face: str, char: str) -> tuple[float, list[PathOp]] | None:
    """(advance, outline) in ems of an accented letter ``face`` lacks, drawn as its own
    letter under its own stand-in for the accent (``COMPOSES``), or None when it cannot.

    The accent, at four fifths of its size, is centred over the letter, just above it.
    """

    parts = unicodedata.normalize("NFD", char)
    cmap = font(face).cmap
    if len(parts) != 2 or parts[1] not in COMPOSES[face] or ord(parts[0]) not in cmap:
        return None
    mark = cmap.get(ord(COMPOSES[face][parts[1]]), -1)
    if mark < 0:
        return None
    f, k = font(face), FONT_SCALES.get(face, 1.0)
    base = cmap[ord(parts[0])]
    advance = f.advances[base] * k / f.units_per_em
    letter, accent = _shipped_outline(face, base), _shipped_outline(face, mark)

    def bounds(ops: list[PathOp], axis: int) -> tuple[float, float]:
        values = [v for _, c in ops for v in c[axis::2]]
        return min(values), max(values)

    small = 0.8
    left, right = bounds(accent, 0)
    low, _ = bounds(accent, 1)
    dx = (advance - small * (right - left)) / 2 - small * left
    dy = bounds(letter, 1)[1] + 0.04 - small * low
    moved = [
        (kind, tuple(small * v + (dx if i % 2 == 0 else dy) for i, v in enumerate(c)))
        for kind, c in accent
    ]
    return advance, letter + moved


@cache
def _shipped_outline(name: str, glyph: int) -> list[PathOp]:
    f = font(name)
    k = FONT_SCALES.get(name, 1.0) / f.units_per_em
    return [(kind, tuple(v * k for v in coords)) for kind, coords in f.outline(glyph)]


@cache
def fallback_outline(char: str, bold: bool) -> tuple[float, list[PathOp]]:
    """(advance, outline) in ems of a character the shipped fonts lack, from a system font.

    When no installed font has it, the outline is the font's "missing" box.
    """
    # lazy: cairo, only for a character no shipped font has
    import cairo

    family = _family_for(char)
    ctx = cairo.Context(cairo.RecordingSurface(cairo.CONTENT_ALPHA, None))
    options = cairo.FontOptions()
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    ctx.set_font_options(options)
    weight = cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL
    ctx.select_font_face(family or "sans-serif", cairo.FONT_SLANT_NORMAL, weight)
    ctx.set_font_size(1000)
    font = ctx.get_scaled_font()
    glyphs: list[Any] = list(font.text_to_glyphs(0, 0, char, True)[0])
    advance = font.glyph_extents(glyphs).x_advance / 1000
    ctx.new_path()
    ctx.glyph_path(glyphs)
    ops: list[PathOp] = []
    for kind, points in ctx.copy_path():
        coords = tuple(v / 1000 if i % 2 == 0 else -v / 1000 for i, v in enumerate(points))
        if kind == cairo.PATH_MOVE_TO:
            ops.append(("M", coords))
        elif kind == cairo.PATH_LINE_TO:
            ops.append(("L", coords))
        elif kind == cairo.PATH_CURVE_TO:
            ops.append(("C", coords))
        else:
            ops.append(("Z", ()))
    return advance, ops


def _family_for(char: str) -> str | None:
    """A system font family that has ``char`` (fontconfig), or None when none has it.

    Sans-serif families first, then by name, so the choice is the same on
    every run of one machine.
    """

    if char.isspace() or unicodedata.category(char) in ("Cc", "Cf"):
        return "sans-serif"  # nothing to see: any font will do
    fonts = _system_fonts()
    if fonts is None:
        return "sans-serif"  # no fontconfig tools: let cairo choose
    code = ord(char)
    for family, ranges in fonts:
        if any(low <= code <= high for low, high in ranges):
            return family
    return None


@cache
def _system_fonts() -> list[tuple[str, list[tuple[int, int]]]] | None:
    """Every installed font's family and the characters it has, asked of fontconfig once."""
    fc = shutil.which("fc-list")
    if fc is None:
        return None
    try:
        listing = subprocess.run(
            [fc, "--format", "%{family[0]}\t%{charset}\n"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    fonts = []
    for line in listing.splitlines():
        family, _, charset = line.partition("\t")
        ranges = []
        for part in charset.split():
            low, _, high = part.partition("-")
            try:
                ranges.append((int(low, 16), int(high or low, 16)))
            except ValueError:
                continue
        if family:
            fonts.append((family, ranges))
    fonts.sort(key=lambda f: ("sans" not in f[0].lower(), f[0]))
    return fonts
