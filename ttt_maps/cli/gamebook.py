"""``render --gamebook FILE`` (and ``render -o FILE.md|.txt``): the strategy in words.

A gamebook is one player's strategy as numbered sections; the file's suffix
picks Markdown, plain text or a PDF booklet. Options that draw maps do not
apply to it and are refused by name, never ignored.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ttt_maps.api import Settings, gamebook, strategy
from ttt_maps.cli.output import written_line
from ttt_maps.engine.options import OPTIONS, REQUESTS
from ttt_maps.errors import UsageError
from ttt_maps.io.files import check_target, write_atomic

if TYPE_CHECKING:  # the command's own options, which import this module
    from ttt_maps.cli.options import Args

#: The gamebook's formats by file suffix: Markdown, plain text, a PDF booklet.
SUFFIXES = {".md": "md", ".markdown": "md", ".txt": "txt", ".pdf": "pdf"}
#: The options that draw a map, and so not a gamebook.
_MAPS_ONLY = frozenset(name for names in REQUESTS.values() for name in names).difference(
    REQUESTS["gamebook"], REQUESTS["game"]
)


def gamebook_format(path: str) -> str | None:
    """The gamebook format a file name asks for by its suffix, if any."""
    return SUFFIXES.get(Path(path).suffix.lower())


def gamebook_path(output: str | None, book: str | None) -> str | None:
    """The gamebook file a render asks for: ``--gamebook FILE``, or ``-o`` naming a
    ``.md`` or ``.txt`` file; None when it asks for maps."""
    if book is not None:
        if output is not None:
            raise UsageError(
                f"--gamebook {book} and -o {output}: a render writes the gamebook or the "
                "maps; run it twice for both"
            )
        if gamebook_format(book) is None:
            raise UsageError(
                f"--gamebook {book!r}: name a .md (Markdown), .txt (plain text) or "
                ".pdf (a booklet) file"
            )
        return book
    if output is not None and gamebook_format(output) in ("md", "txt"):
        return output
    return None


def write_gamebook(
    path: str,
    args: Args,
    settings: Settings,
    echo: Callable[[str], None] | None,
) -> list[tuple[Path, int]]:
    """Write one player's gamebook to ``path``; the options of a map, and those of a PDF's
    page for a Markdown or text gamebook, are refused by name."""
    fmt = gamebook_format(path)
    assert fmt is not None
    for name in sorted(args.given, key=list(OPTIONS).index):
        option = OPTIONS[name]
        if name in _MAPS_ONLY or name in ("format", "picture"):
            what = "a map"
        elif option.formats and fmt not in option.formats.split():
            what = "a PDF gamebook's page"
        else:
            continue
        raise UsageError(
            f"{args.surface.spelled(option)} does not apply to the gamebook {path}: it sets {what}"
        )
    player = args["player"]
    if player not in ("x", "o"):
        shown = f"--player {player}" if player else "no --player"
        raise UsageError(
            f"{shown}: a gamebook is one player's strategy; add --player x or --player o"
        )
    request = args.request(kind="gamebook")
    check_target(path)
    tree = strategy(
        player, request.policy, request.start, board=request.geometry, fold=request.folded,
        settings=settings,
    )  # fmt: skip
    size = request.size.name if request.size is not None else None
    data = gamebook(tree, fmt, theme=request.theme, size=size,
                    text_as_paths=request.text_as_paths)  # fmt: skip
    write_atomic(path, data)
    size_bytes = len(data.encode("utf-8") if isinstance(data, str) else data)
    if echo is not None:
        echo(written_line(path, size_bytes))
    return [(Path(path), size_bytes)]
