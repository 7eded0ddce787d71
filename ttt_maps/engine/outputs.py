"""Files: what a drawing writes where, each drawn in memory, then written.

Everything cheap is checked before anything is drawn (kinds, formats, paths,
page, theme), so a typo fails at once with one line. Then each strategy is
built once, each map is laid out once (the poster moves the two laid-out maps
into place), every file is drawn in memory (in two processes when there are
two cores), and only then are the files written, each atomically: a failure
while drawing leaves every existing file as it was.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ttt_maps.backends import SUFFIXES, format_from_path
from ttt_maps.draw.compose import map_scene, poster_scene
from ttt_maps.draw.scene import Group
from ttt_maps.draw.themes import dark_variant
from ttt_maps.draw.wholemap import whole_scene
from ttt_maps.engine.build import running, trees, whole_game
from ttt_maps.engine.request import Request
from ttt_maps.errors import UsageError, quote
from ttt_maps.game.geometry import STANDARD
from ttt_maps.gamebooks.book import build_gamebook
from ttt_maps.gamebooks.text import to_markdown
from ttt_maps.io.files import check_target, write_atomic
from ttt_maps.io.paths import check_distinct
from ttt_maps.settings import Settings

if TYPE_CHECKING:
    from ttt_maps.draw.scene import Scene
    from ttt_maps.draw.themes import Theme
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.trees.strategy import Strategy

#: Where the default job writes, and each drawing's file name stem there.
OUTPUT_DIR = "output"
STEMS = {"x": "x-map", "o": "o-map", "both": "poster", "whole": "whole-map"}
#: What the default job draws, and in which formats.
DEFAULT_KINDS = ("x", "o", "both")
DEFAULT_FORMATS = ("svg", "pdf")
#: The themes a picture's light file may be drawn in (its dark one is always dark).
LIGHT_THEMES = ("light", "print", "xkcd")


class Target(NamedTuple):
    """One file to write: which drawing, in which format, where."""

    kind: str  # "x", "o", "both" (the poster) or "whole" (the whole game)
    fmt: str
    path: Path
    dark: bool = False  # the dark copy of a --picture


class Written(NamedTuple):
    """A file written: where, how many bytes, the title of its drawing, and the
    strategies it draws (none for the whole game)."""

    target: Target
    size: int
    title: str
    trees: tuple[Strategy, ...] = ()


def dark_path(path: Path) -> Path:
    """Where the dark copy of ``path`` goes: ``x-map.svg`` -> ``x-map-dark.svg``, beside it."""
    return path.with_name(f"{path.stem}-dark{path.suffix}")


def check_picture(formats: Sequence[str], output: str | None, theme: Theme) -> None:
    """A picture is two SVG files drawn light and dark: anything else is a usage error."""
    others = sorted({f.strip().lower() for f in formats} - {"svg"})
    if others:
        raise UsageError(f"--picture writes SVG files for a web page, not {', '.join(others)}")
    if output == "-":
        raise UsageError("--picture writes two files; give -o FILE.svg, not -o -")
    if theme.name not in LIGHT_THEMES:
        raise UsageError(
            f"--picture draws a light and a dark file; --theme {theme.name} is not a light "
            f"theme (choose {', '.join(LIGHT_THEMES)} for the light one)"
        )


def write_files(
    request: Request,
    formats: Sequence[str] = (),
    output: str | None = None,
    *,
    picture: bool = False,
    settings: Settings | None = None,
    echo: Callable[[Written], None] | None = None,
) -> list[Written]:
    """Draw and write ``request`` in ``formats`` to ``output`` (``None``: the default
    files in output/), with ``picture`` a light and a dark SVG of each; ``echo`` hears
    of each file as it is written. Returns what was written, in order."""
    with running(settings):
        return _write_files(request, formats, output, picture, echo)


def _write_files(
    request: Request,
    formats: Sequence[str],
    output: str | None,
    picture: bool,
    echo: Callable[[Written], None] | None,
) -> list[Written]:
    theme = request.theme
    if picture:
        check_picture(formats, output, theme)
    whole = request.kind == "whole"
    targets = plan(request.player, formats, output, request.geometry, picture, whole)
    if picture:
        check_picture([t.fmt for t in targets], output, theme)
    if request.explain and not {t.fmt for t in targets} & {"svg", "html"}:
        raise UsageError(
            "--explain gives SVG and the viewer (.html) a reason for each red move; "
            "a PDF or PNG has no tooltips"
        )
    out = request.output([t.fmt for t in targets])
    if output is None:
        _make_output_dir(Path(OUTPUT_DIR))

    derived = {t.path: _derived_from(t.path, output) for t in targets}
    for t in targets:
        check_target(t.path, derived_from=derived[t.path])
    check_distinct([("-o" if not derived[t.path] else "output", str(t.path)) for t in targets])
    themes = [theme, dark_variant(theme)] if picture else [theme]
    drawings = Drawings({t.kind for t in targets}, request, themes)

    def draw(t: Target) -> bytes:
        captioned = request.caption
        if captioned is None:
            captioned = request.size is not None and t.fmt in ("pdf", "png")
        return out.draw(drawings.scene(t.kind, themes[t.dark], captioned), t.fmt)

    payloads = list(zip(targets, _draw_all(targets, draw), strict=True))
    written: list[Written] = []
    for t, data in payloads:
        write_atomic(t.path, data, derived_from=derived[t.path])
        scene = drawings.scene(t.kind, themes[t.dark])
        done = Written(t, len(data), scene.title, drawings.trees_of(t.kind))
        written.append(done)
        if echo is not None:
            echo(done)
    return written


def file_format(path: str | os.PathLike[str], fmt: str | None = None) -> str:
    """The format a file is written in: ``fmt`` when given (a usage error when the
    file's suffix names another), else the one its suffix names."""
    if fmt is None:
        return format_from_path(path)
    implied = SUFFIXES.get(Path(path).suffix.lower())
    if implied is not None and implied != fmt:
        raise UsageError(
            f"output {os.fspath(path)!r} is a .{implied} file name but the format is {fmt}; "
            "make them agree"
        )
    return fmt


def _derived_from(path: Path, output: str | None) -> str:
    """How ttt-maps made ``path`` up ("" for the name ``-o`` gave as it is): a name the
    user never typed is never written through a link."""
    if output is None:
        return "a default name"
    return "" if path == Path(output) else f"a name made from -o {quote(output)}"


def _kinds(player: str | None) -> tuple[str, ...]:
    """The drawings of a checked player (``x``, ``o``, ``both``); none: all three (the
    default job)."""
    return DEFAULT_KINDS if player is None else (player,)


def default_stem(kind: str, geometry: Geometry | None = None) -> str:
    """A drawing's default file name without its suffix: ``x-map``, ``x-map-misere``, or
    ``x-map-3x4k3`` on another board than 3x3, so the maps of two boards or rules never
    overwrite each other."""
    suffix = (geometry or STANDARD).file_suffix
    return f"{STEMS[kind]}-{suffix}" if suffix else STEMS[kind]


def plan(
    player: str | None,
    formats: Sequence[str],
    output: str | None,
    geometry: Geometry | None = None,
    picture: bool = False,
    whole: bool = False,
) -> list[Target]:
    """The files to write, from a checked ``--player``, ``--format`` (repeatable), ``-o``,
    ``--picture`` (each SVG also drawn dark, beside it) and ``--whole`` (the whole
    game, one map of both players' moves)."""
    targets = _plan(player, formats, output, geometry, picture, whole)
    if not picture:
        return targets
    return [u for t in targets for u in (t, t._replace(path=dark_path(t.path), dark=True))]


def _plan(
    player: str | None,
    formats: Sequence[str],
    output: str | None,
    geometry: Geometry | None,
    picture: bool,
    whole: bool,
) -> list[Target]:
    fmts = list(dict.fromkeys(formats))
    if output is None:
        kinds = ("whole",) if whole else _kinds(player)
        fmts = fmts or (["svg"] if picture else list(DEFAULT_FORMATS))
        folder = Path(OUTPUT_DIR)
        return [
            Target(k, f, folder / f"{default_stem(k, geometry)}.{f}") for k in kinds for f in fmts
        ]

    kind = "whole" if whole else player or "both"
    if output == "-":
        if len(fmts) != 1:
            raise UsageError("-o - writes one file to standard output: choose it with --format")
        return [Target(kind, fmts[0], Path("-"))]
    path = Path(output)
    if output.endswith(("/", os.sep)) or os.path.isdir(output):
        name = os.path.join(output.rstrip("/" + os.sep) or ".", "map.svg")
        raise UsageError(f"-o {output!r} is a directory; give a file name such as {name}")
    suffix = path.suffix.lower()
    implied = SUFFIXES.get(suffix)
    if not fmts:
        return [Target(kind, format_from_path(output), path)]
    if implied is not None:
        if fmts != [implied]:
            raise UsageError(
                f"-o {output!r} is a .{implied} file but --format asks for {', '.join(fmts)}; "
                "make them agree, or drop the suffix to write one file per format"
            )
        return [Target(kind, implied, path)]
    if suffix and len(fmts) > 1:
        raise UsageError(
            f"-o {output!r}: with several formats give a name without a suffix "
            f"(each file gets .{', .'.join(fmts)})"
        )
    if len(fmts) == 1:
        return [Target(kind, fmts[0], path)]
    return [Target(kind, f, path.with_name(f"{path.name}.{f}")) for f in fmts]


def _make_output_dir(folder: Path) -> None:
    if folder.is_dir():
        return
    try:
        folder.mkdir()
    except FileExistsError:
        raise UsageError(
            f"{str(folder)!r} exists and is not a directory; move it or use -o FILE"
        ) from None
    except OSError as exc:
        raise UsageError(f"cannot create {str(folder)!r} ({exc.strerror}); use -o FILE") from None


class Drawings:
    """The scenes of one run: each strategy built once, each map laid out once.

    The poster is put together on first use from the two laid-out maps, so a
    run that splits its work (``_draw_all``) builds it only where it is drawn.
    """

    def __init__(self, kinds: set[str], request: Request, themes: Sequence[Theme]) -> None:
        opts, title = request.map_options, request.title
        self.opts, self.title = opts, title
        self.scenes: dict[tuple[str, str], Scene] = {}
        self.trees: dict[str, Strategy] = {}  # none for the whole game
        if "whole" in kinds:
            game = whole_game(request)
            for t in themes:
                self.scenes[("whole", t.name)] = whole_scene(game, t, title)
            return
        players = tuple(sorted({p for k in kinds for p in (("x", "o") if k == "both" else (k,))}))
        self.trees = trees(players, request)
        self.scenes.update(
            {
                (p, t.name): map_scene(self.trees[p], opts, t, title)
                for p in players
                if p in kinds
                for t in themes
            }
        )

    def trees_of(self, kind: str) -> tuple[Strategy, ...]:
        """The strategies a drawing of ``kind`` shows (both for the poster)."""
        return tuple(self.trees[p] for p in ("x", "o") if kind in (p, "both") and p in self.trees)

    def scene(self, kind: str, theme: Theme, caption: bool = False) -> Scene:
        """The scene of ``kind`` in ``theme`` (a single map headed and footed when
        ``caption``), made once: a poster or a captioned map moves the laid-out maps."""
        if caption and kind in ("x", "o"):
            key = (f"{kind}-captioned", theme.name)
            if key not in self.scenes:
                tree, laid = self.trees[kind], _map_of(self.scenes[(kind, theme.name)])
                self.scenes[key] = map_scene(
                    tree, self.opts, theme, self.title, caption=True, laid=laid
                )
            return self.scenes[key]
        if (kind, theme.name) not in self.scenes:
            maps = None
            x_scene, o_scene = (self.scenes.get((p, theme.name)) for p in ("x", "o"))
            if x_scene is not None and o_scene is not None:
                maps = (_map_of(x_scene), _map_of(o_scene))
            x, o = self.trees["x"], self.trees["o"]
            poster = poster_scene(x, o, self.opts, theme, self.title, maps=maps)
            self.scenes[(kind, theme.name)] = poster
        return self.scenes[(kind, theme.name)]


def _map_of(scene: Scene) -> Group:
    """The laid-out map of a single map's scene (its one group)."""
    return next(i for i in scene.items if isinstance(i, Group))


def _draw_all(targets: Sequence[Target], draw: Callable[[Target], bytes]) -> list[bytes]:
    """Every target drawn, in order; on two or more cores, in two processes.

    Request is pure and the files are independent, so a forked child draws
    one share (the poster when there are several drawings, else the
    PDF/PNG files) while this process draws the rest; the bytes are
    identical either way. The child sends its bytes, or its exception,
    back through a pipe.
    """
    if len({t.kind for t in targets}) > 1:
        theirs = [t.kind == "both" for t in targets]
    else:
        theirs = [t.fmt in ("pdf", "png") for t in targets]
    if all(theirs) or not any(theirs) or not _can_fork():
        return [draw(t) for t in targets]

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child; coverage does not follow a fork
        os.close(read_end)
        result: tuple[str, object]
        try:
            result = ("ok", [draw(t) for t, mine in zip(targets, theirs, strict=True) if mine])
        except BaseException as exc:
            result = ("error", exc)
        try:
            data = pickle.dumps(result)
        except Exception:
            data = pickle.dumps(("error", RuntimeError(repr(result[1]))))
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(data)
        os._exit(0)
    os.close(write_end)
    try:
        here = [draw(t) for t, mine in zip(targets, theirs, strict=True) if not mine]
    finally:
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read()
        os.waitpid(pid, 0)
    try:
        status, value = pickle.loads(data)
    except Exception:
        raise RuntimeError("the drawing process ended without a result") from None
    if status != "ok":
        raise value
    there = iter(value)
    mine_iter = iter(here)
    return [next(there) if mine else next(mine_iter) for mine in theirs]


def _can_fork() -> bool:
    """Two processes pay off only with fork (cheap, shares the scenes) and two free cores."""
    if not hasattr(os, "fork"):
        return False
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) >= 2


def picture_words(trees: Sequence[Strategy], stem: str) -> tuple[str, str]:
    """The strategy in words for a README under a ``<picture>`` of files named ``stem``:
    the ``aria-details`` attribute for its ``<img>``, and a collapsed ``<details>``
    holding each map's gamebook in Markdown."""

    ident = f"{stem}-words"
    parts = [f'<details id="{escape(ident)}">', "<summary>The strategy in words</summary>", ""]
    for tree in trees:
        parts += [to_markdown(build_gamebook(tree), f"{stem}-{tree.player}-", level=3), ""]
    parts.append("</details>")
    return f' aria-details="{escape(ident)}"', "\n".join(parts)
