"""The body of ``ttt-maps render``, the main job (SPEC sections 7 and 8).

Everything cheap is checked before anything is drawn (player, formats,
paths, page size, theme), so a typo fails at once with one line. Then each
strategy is built once, each map is laid out once (the poster moves the two
laid-out maps into place), every file is drawn in memory (in two processes
when there are two cores), and only then are the files written, each
atomically.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ttt_maps.cli.output import written_line
from ttt_maps.errors import UsageError

if TYPE_CHECKING:
    from ttt_maps.draw.layout import MapOptions
    from ttt_maps.draw.scene import Group, Scene
    from ttt_maps.draw.themes import Theme
    from ttt_maps.game.geometry import Geometry

#: Where the default job writes, and each drawing's file name stem there.
OUTPUT_DIR = "output"
STEMS = {"x": "x-map", "o": "o-map", "both": "poster", "whole": "whole-map"}
#: What the default job draws, and in which formats.
DEFAULT_KINDS = ("x", "o", "both")
DEFAULT_FORMATS = ("svg", "pdf")


class Target(NamedTuple):
    """One file to write: which drawing, in which format, where."""

    kind: str  # "x", "o", "both" (the poster) or "whole" (the whole game)
    fmt: str
    path: Path
    dark: bool = False  # the dark copy of a --picture


def parse_player(text: str | None) -> tuple[str, ...]:
    """``x``, ``o`` or ``both``; none given means all three (the default job)."""
    if text is None:
        return DEFAULT_KINDS
    name = text.strip().lower()
    if name not in ("x", "o", "both"):
        raise UsageError(f"--player {text!r}: choose x, o or both (both = the poster)")
    return (name,)


def default_stem(kind: str, geometry: Geometry | None = None) -> str:
    """A drawing's default file name without its suffix: ``x-map``, or ``x-map-3x4k3``
    on another board than 3x3, so the maps of two boards never overwrite each other."""
    from ttt_maps.game.geometry import STANDARD

    g = geometry or STANDARD
    return STEMS[kind] if g == STANDARD else f"{STEMS[kind]}-{g.name}"


def plan(
    player: str | None,
    formats: Sequence[str],
    output: str | None,
    geometry: Geometry | None = None,
    picture: bool = False,
    whole: bool = False,
) -> list[Target]:
    """The files to write, from ``--player``, ``--format`` (repeatable), ``-o``,
    ``--picture`` (each SVG also drawn dark, beside it) and ``--whole`` (the whole
    game, one map of both players' moves)."""
    targets = _plan(player, formats, output, geometry, picture, whole)
    if not picture:
        return targets
    from ttt_maps.cli.picture import dark_path

    return [u for t in targets for u in (t, t._replace(path=dark_path(t.path), dark=True))]


def _plan(
    player: str | None,
    formats: Sequence[str],
    output: str | None,
    geometry: Geometry | None,
    picture: bool,
    whole: bool,
) -> list[Target]:
    from ttt_maps.backends import SUFFIXES, check_format, format_from_path

    if whole and player is not None:
        raise UsageError(f"--player {player}: --whole draws every move of both players")
    fmts = list(dict.fromkeys(check_format(f) for f in formats))
    if output is None:
        kinds = ("whole",) if whole else parse_player(player)
        fmts = fmts or (["svg"] if picture else list(DEFAULT_FORMATS))
        folder = Path(OUTPUT_DIR)
        return [
            Target(k, f, folder / f"{default_stem(k, geometry)}.{f}") for k in kinds for f in fmts
        ]

    kind = "whole" if whole else parse_player(player or "both")[0]
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


def render_command(
    *,
    player: str | None = None,
    formats: Sequence[str] = (),
    output: str | None = None,
    size: str | None = None,
    width: int | None = None,
    dpi: float | None = None,
    margin: float | None = None,
    title: str | None = None,
    id_prefix: str | None = None,
    text_as_paths: bool = False,
    policy: str = "default",
    start: str | None = None,
    depth: int | None = None,
    theme: str = "light",
    alternatives: bool = False,
    outcomes: bool = False,
    fold: bool | None = None,
    whole: bool = False,
    echo: Callable[[str], None] | None = None,
    geometry: Geometry | None = None,
    picture: bool = False,
    caption: bool | None = None,
) -> list[tuple[Path, int]]:
    """Draw and write the requested maps; returns each written path and its size in bytes.

    ``fold`` folds the maps by symmetry (``None``: only the whole game, which
    ``whole`` asks for). ``echo`` (when given) gets one line per file as it is
    written, and with ``picture`` the ``<picture>`` HTML for each light and dark
    pair. ``caption`` heads a single map with "Map for X" and the instruction and
    adds the footer (``None``: on a PDF or PNG with a page ``size``).
    """
    from ttt_maps.draw.themes import dark_variant, get_theme

    palette = get_theme(theme)
    if picture:
        from ttt_maps.cli.picture import check_picture

        check_picture(formats, output, palette)
    targets = plan(player, formats, output, geometry, picture, whole)
    if picture:
        check_picture([t.fmt for t in targets], output, palette)
    if whole:
        _check_whole(policy, alternatives, outcomes)
    from ttt_maps.backends import Output

    out = Output(size, width, dpi, margin, id_prefix, text_as_paths).checked(
        [t.fmt for t in targets]
    )
    from ttt_maps.api import map_options

    opts = map_options(depth, alternatives, outcomes)
    if output is None:
        _make_output_dir(Path(OUTPUT_DIR))
    from ttt_maps.io.files import check_target

    for t in targets:
        check_target(t.path)

    themes = [palette, dark_variant(palette)] if picture else [palette]
    folded = whole if fold is None else fold
    kinds = {t.kind for t in targets}
    drawings = _Drawings(kinds, policy, start, opts, themes, title, geometry, folded)

    def draw(t: Target) -> bytes:
        captioned = size is not None and t.fmt in ("pdf", "png") if caption is None else caption
        return out.draw(drawings.scene(t.kind, themes[t.dark], captioned), t.fmt)

    payloads = list(zip(targets, _draw_all(targets, draw), strict=True))
    from ttt_maps.io.files import write_atomic

    written: list[tuple[Path, int]] = []
    for t, data in payloads:
        write_atomic(t.path, data)
        written.append((t.path, len(data)))
        if echo is not None and str(t.path) != "-":
            echo(written_line(t.path, len(data)))
    if picture and echo is not None:
        from ttt_maps.cli.picture import picture_html

        for light, dark in zip(targets[::2], targets[1::2], strict=True):
            alt = drawings.scene(light.kind, palette).title
            echo("\n" + picture_html(light.path, dark.path, alt))
    return written


def _check_whole(policy: str, alternatives: bool, outcomes: bool) -> None:
    """Options of a player's map refused for the whole game, which has no player."""
    for flag, given in (("--alternatives", alternatives), ("--outcomes", outcomes)):
        if given:
            raise UsageError(
                f"{flag} applies to a player's map: --whole draws every move, each tinted by "
                "its outcome"
            )
    if policy.strip().lower() != "default":
        raise UsageError(
            f"--policy {policy}: a policy picks one move per position; --whole draws every move"
        )


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


class _Drawings:
    """The scenes of one run: each strategy built once, each map laid out once.

    The poster is put together on first use from the two laid-out maps, so a
    run that splits its work (``_draw_all``) builds it only where it is drawn.
    """

    def __init__(
        self,
        kinds: set[str],
        policy: str,
        start: str | None,
        opts: MapOptions,
        themes: Sequence[Theme],
        title: str | None,
        geometry: Geometry | None,
        fold: bool = False,
    ) -> None:
        from ttt_maps.draw.compose import map_scene
        from ttt_maps.game.geometry import STANDARD
        from ttt_maps.strategies.chains import parse_policy
        from ttt_maps.strategies.mapsize import MAX_BOARDS
        from ttt_maps.strategies.tree import build_strategy

        g = geometry or STANDARD
        self.opts, self.title = opts, title
        self.scenes: dict[tuple[str, str], Scene] = {}
        if "whole" in kinds:
            from ttt_maps.draw.wholemap import whole_scene
            from ttt_maps.strategies.whole import build_whole

            game = build_whole(start, g, fold=fold, depth=opts.depth, max_boards=MAX_BOARDS)
            for t in themes:
                self.scenes[("whole", t.name)] = whole_scene(game, t, title)
            return
        pol = parse_policy(policy, g)  # one Policy for both players: its memo serves both trees
        players = sorted({p for k in kinds for p in (("x", "o") if k == "both" else (k,))})
        notes = {"alternatives": opts.alternatives, "outcomes": opts.outcomes, "fold": fold}
        self.trees = {
            p: build_strategy(p, pol, start, g, depth=opts.depth, max_boards=MAX_BOARDS, **notes)
            for p in players
        }
        self.scenes.update(
            {
                (p, t.name): map_scene(self.trees[p], opts, t, title)
                for p in players
                if p in kinds
                for t in themes
            }
        )

    def scene(self, kind: str, theme: Theme, caption: bool = False) -> Scene:
        if caption and kind in ("x", "o"):
            key = (f"{kind}-captioned", theme.name)
            if key not in self.scenes:
                from ttt_maps.draw.compose import map_scene

                tree, laid = self.trees[kind], _map_of(self.scenes[(kind, theme.name)])
                self.scenes[key] = map_scene(
                    tree, self.opts, theme, self.title, caption=True, laid=laid
                )
            return self.scenes[key]
        if (kind, theme.name) not in self.scenes:
            from ttt_maps.draw.compose import poster_scene

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
    from ttt_maps.draw.scene import Group

    return next(i for i in scene.items if isinstance(i, Group))


def _draw_all(targets: Sequence[Target], draw: Callable[[Target], bytes]) -> list[bytes]:
    """Every target drawn, in order; on two or more cores, in two processes.

    Drawing is pure and the files are independent, so a forked child draws
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

    import pickle

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
