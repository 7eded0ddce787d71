"""Make the fonts ttt-maps ships: DejaVu Sans and DejaVu Sans Bold, cut to the scripts its
words are written in (Latin and Cyrillic), Humor Sans as it is, and Shantell Sans cut to
the same scripts.

    python scripts/make-fonts.py [DEJAVU_DIR [HUMOR_SANS_DIR [SHANTELL_SANS_DIR]]]

Run once by a maintainer (with fontTools, from the ``[dev]`` extra) when the
character set changes; the results are committed in ``ttt_maps/draw/fonts/``. The
drawings' texts (titles, headings, footers, in every language of the catalogs,
and users' titles in these scripts) need only these characters; others fall
back to the system's fonts (tests/test_languages.py checks that every catalog's
characters are here). Hinting is dropped (the glyphs are drawn as outlines and
embedded in PDFs, never hinted to pixels) and the kerning table is kept.

The glyphs of the first cut (Latin) keep their numbers, the ones added since
come after them: a PDF's character codes are glyph numbers, so a drawing's text
is written the same way by every cut.

Humor Sans (the ``xkcd`` theme's lettering; Debian: ``fonts-humor-sans``) is
copied unchanged: its licence reserves its name, which a cut version could not
keep. Its licence file is its copyright statement and the SIL Open Font
License, taken from the Debian package's copyright file.

Shantell Sans (Arrow Type; SIL Open Font License 1.1, no reserved name) is the
``xkcd`` theme's hand for the letters Humor Sans lacks (Latin-1, Latin
Extended-A, Cyrillic): a drawing in French, German, Spanish or Russian is
lettered in it, every line in the one hand. It comes from npm's
``@fontsource/shantell-sans`` (``npm pack @fontsource/shantell-sans``, then
unpack: the folder holding ``files/`` and ``LICENSE``), whose regular weight is
cut by script into WOFF files; they are joined and cut to the characters above.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

#: Basic Latin, Latin-1, Latin Extended-A, and the punctuation and symbols
#: texts use: dashes, quotes, bullet, ellipsis, primes, arrows, multiplication
#: and minus signs, the euro. The first cut: its glyphs come first.
LATIN = [
    *range(0x20, 0x7F),
    *range(0xA0, 0x180),
    *range(0x2010, 0x2028),
    *range(0x2030, 0x203B),
    0x20AC,
    *range(0x2190, 0x2196),
    0x2212,
    0x2022,
]
#: Added since, after the first cut's glyphs: Cyrillic (Russian and its neighbours) and
#: French's narrow no-break space (before ; ? ! and in numbers: 255 168).
CHARACTERS = [*LATIN, *range(0x400, 0x460), 0x202F]
FONTS = {
    "DejaVuSans.ttf": "DejaVuSans-Latin.ttf",
    "DejaVuSans-Bold.ttf": "DejaVuSans-Bold-Latin.ttf",
}
OUT = Path(__file__).resolve().parent.parent / "ttt_maps" / "draw" / "fonts"


def main() -> None:
    source = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu")
    options = subset.Options()
    options.hinting = False
    options.layout_features = []  # no GSUB/GPOS: the kern table carries the kerning
    options.drop_tables += ["GPOS", "GSUB", "GDEF", "FFTM", "MATH", "gasp"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.notdef_outline = True
    options.legacy_kern = True
    options.recalc_timestamp = False
    options.glyph_names = True  # to put the first cut's glyphs first, by name
    for name, target in FONTS.items():
        first = cut(source / name, LATIN, options).getGlyphOrder()
        font = cut(source / name, CHARACTERS, options)
        # Every table read, and every glyph unpacked, under the subset's order before it
        # changes: a composite glyph left packed would keep its components' old numbers.
        tags = font.keys()
        for tag in tags:
            font[tag]
        for glyph in font.getGlyphOrder():
            font["glyf"][glyph]
        order = first + [g for g in font.getGlyphOrder() if g not in first]
        font.setGlyphOrder(order)
        font["glyf"].setGlyphOrder(order)  # glyf keeps the order it was read with
        font["post"].formatType = 3.0  # names are not shipped
        font.save(OUT / target)
        print(f"{OUT / target}: {(OUT / target).stat().st_size} bytes")
    licence = Path("/usr/share/doc/fonts-dejavu-core/copyright")
    if licence.exists():
        shutil.copyfile(licence, OUT / "LICENSE-DejaVu.txt")
    humor = Path(sys.argv[2] if len(sys.argv) > 2 else "/usr/share/fonts/truetype/humor-sans")
    shutil.copyfile(humor / "Humor-Sans.ttf", OUT / "Humor-Sans.ttf")
    print(f"{OUT / 'Humor-Sans.ttf'}: {(OUT / 'Humor-Sans.ttf').stat().st_size} bytes")
    copyright = Path("/usr/share/doc/fonts-humor-sans/copyright")
    if copyright.exists():
        (OUT / "LICENSE-HumorSans.txt").write_text(humor_licence(copyright.read_text()))
    hand = Path(sys.argv[3] if len(sys.argv) > 3 else "node_modules/@fontsource/shantell-sans")
    if hand.exists():
        options.glyph_names = False
        shantell(hand, options)


#: The scripts of Shantell Sans's regular weight that ttt-maps' words need, as npm's
#: @fontsource package cuts them (``files/shantell-sans-SCRIPT-400-normal.woff``).
SHANTELL_SCRIPTS = ("latin", "latin-ext", "cyrillic")


def shantell(package: Path, options: subset.Options) -> None:
    """Shantell Sans's regular weight from its npm package: the scripts joined, cut to
    ``CHARACTERS``, with its licence beside it."""
    from fontTools.merge import Merger

    parts = []
    for script in SHANTELL_SCRIPTS:
        woff = TTFont(package / "files" / f"shantell-sans-{script}-400-normal.woff")
        woff.flavor = None
        plain = OUT / f".shantell-{script}.ttf"
        woff.save(plain)
        parts.append(plain)
    try:
        joined = Merger().merge([str(p) for p in parts])
    finally:
        for plain in parts:
            plain.unlink()
    joined.save(OUT / ".shantell.ttf")
    try:
        font = cut(OUT / ".shantell.ttf", CHARACTERS, options)
    finally:
        (OUT / ".shantell.ttf").unlink()
    font["post"].formatType = 3.0  # names are not shipped
    font["head"].created = font["head"].modified = 0  # the same file every run
    font.save(OUT / "ShantellSans-Cut.ttf")
    print(f"{OUT / 'ShantellSans-Cut.ttf'}: {(OUT / 'ShantellSans-Cut.ttf').stat().st_size} bytes")
    licence = (package / "LICENSE").read_text(encoding="utf-8")
    (OUT / "LICENSE-ShantellSans.txt").write_text(
        "ShantellSans-Cut.ttf (Shantell Sans 1.011, regular; Latin, Latin Extended-A and\n"
        "Cyrillic joined from npm's @fontsource/shantell-sans 5.3.0 and cut to the\n"
        "characters ttt-maps' words use)\n"
        "Source: https://github.com/arrowtype/shantell-sans\n\n" + licence,
        encoding="utf-8",
    )


def humor_licence(debian_copyright: str) -> str:
    """The font's copyright and licence: the ``*.ttf`` stanza of Debian's copyright file,
    its continuation lines unfolded (a lone ``.`` is an empty line)."""
    stanza = debian_copyright.split("Files: *.ttf", 1)[1].split("\nFiles: ", 1)[0]
    body = stanza.split("License: SIL_Open_Font_License_1.1\n", 1)[1]
    lines = [line.removeprefix(" ") for line in body.rstrip("\n").split("\n")]
    text = "\n".join("" if line == "." else line.rstrip() for line in lines)
    return (
        "Humor-Sans.ttf (Humor Sans 2.9, shipped unchanged)\n"
        "Source: http://antiyawn.com/uploads/humorsans.html (via Debian's fonts-humor-sans)\n\n"
        f"{text}\n"
    )


def cut(path: Path, unicodes: list[int], options: subset.Options) -> TTFont:
    """The font at ``path`` with only the glyphs of ``unicodes``."""
    font = TTFont(path, recalcTimestamp=False)  # the source's date: the same cut every run
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    return font


if __name__ == "__main__":
    main()
