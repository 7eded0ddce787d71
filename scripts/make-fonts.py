"""Make the fonts ttt-maps ships: DejaVu Sans and DejaVu Sans Bold, cut to Latin.

    python scripts/make-fonts.py [DEJAVU_DIR]

Run once by a maintainer (with fontTools, from the ``[dev]`` extra) when the
character set changes; the results are committed in ``ttt_maps/draw/fonts/``. The
drawings' texts (titles, headings, footers, and users' titles in Latin
scripts) need only these characters; others fall back to the system's fonts.
Hinting is dropped (the glyphs are drawn as outlines and embedded in PDFs,
never hinted to pixels) and the kerning table is kept.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

#: Basic Latin, Latin-1, Latin Extended-A, and the punctuation and symbols
#: texts use: dashes, quotes, bullet, ellipsis, primes, arrows, multiplication
#: and minus signs, the euro.
CHARACTERS = [
    *range(0x20, 0x7F),
    *range(0xA0, 0x180),
    *range(0x2010, 0x2028),
    *range(0x2030, 0x203B),
    0x20AC,
    *range(0x2190, 0x2196),
    0x2212,
    0x2022,
]
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
    for name, target in FONTS.items():
        font = TTFont(source / name)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=CHARACTERS)
        subsetter.subset(font)
        font.save(OUT / target)
        print(f"{OUT / target}: {(OUT / target).stat().st_size} bytes")
    licence = Path("/usr/share/doc/fonts-dejavu-core/copyright")
    if licence.exists():
        shutil.copyfile(licence, OUT / "LICENSE-DejaVu.txt")


if __name__ == "__main__":
    main()
