"""The strategy in words: a gamebook with one numbered section per position where the
map's player chooses (``book``), set as Markdown or as plain text to read aloud
(``text``); the A5 PDF is drawn from it (``draw.gamebook_pages``)."""
