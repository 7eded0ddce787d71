"""The main job: the public API, the poster, and ``ttt-maps render`` (SPEC sections 7-9)."""

from __future__ import annotations

import io
import os
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_checks import assert_usage_error
from PIL import Image
from typer.testing import CliRunner

import ttt_maps
from ttt_maps._version import __version__
from ttt_maps.backends import FORMATS, format_from_path, render_scene
from ttt_maps.cli.app import app
from ttt_maps.draw.compose import INSTRUCTION, instruction, poster_scene
from ttt_maps.draw.scene import Group, Rect, Text

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
DEFAULT_FILES = [f"{stem}.{fmt}" for stem in ("x-map", "o-map", "poster") for fmt in ("svg", "pdf")]
MM = 72 / 25.4


def run(*args: str) -> Any:
    return runner.invoke(app, ["render", *args])


def boards(svg: str | bytes) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [g for g in root.iter(f"{SVG}g") if g.get("data-board") is not None]


def texts(svg: str | bytes) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def media_box(pdf: bytes) -> tuple[float, float]:
    m = re.search(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert m, "no MediaBox"
    return float(m[1]), float(m[2])


@pytest.fixture(scope="module")
def x_small() -> ttt_maps.Strategy:
    """X's yorgey map: the smallest full map (91 boards)."""
    return ttt_maps.strategy("x", policy="yorgey")


@pytest.fixture(scope="module")
def yorgey_poster() -> ttt_maps.Poster:
    return ttt_maps.poster(policy="yorgey")


@pytest.fixture(scope="module")
def default_job(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Any]]:
    """``ttt-maps render`` with no options, run once in an empty working directory."""
    cwd = tmp_path_factory.mktemp("job")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(cwd)
        result = run()
    yield cwd / "output", result


# -- the API -------------------------------------------------------------------


def test_public_names() -> None:
    for name in ("strategy", "render", "save", "poster", "Board", "Geometry", "Strategy"):
        assert name in dir(ttt_maps)
    assert ttt_maps.__version__ == __version__ and re.fullmatch(r"\d+\.\d+\.\d+", __version__)
    assert issubclass(ttt_maps.UsageError, ValueError)


def test_functions_keep_their_names_after_the_submodules_load() -> None:
    """``ttt_maps.render`` / ``.strategy`` / ``.poster`` are the API functions, whatever loads."""
    import ttt_maps.backends.cairo
    import ttt_maps.backends.svg.writer
    import ttt_maps.draw.compose
    from ttt_maps.trees.strategy import build_strategy  # noqa: F401

    assert callable(ttt_maps.render) and ttt_maps.render.__module__ == "ttt_maps.api"
    assert callable(ttt_maps.strategy) and ttt_maps.strategy.__module__ == "ttt_maps.api"
    assert callable(ttt_maps.poster) and ttt_maps.poster.__module__ == "ttt_maps.api"


def test_render_svg_is_text_with_every_board(x_small: ttt_maps.Strategy) -> None:
    svg = ttt_maps.render(x_small)
    assert isinstance(svg, str)
    assert len(boards(svg)) == x_small.facts.boards == 91


def test_repr_svg_is_the_map(x_small: ttt_maps.Strategy) -> None:
    shown = x_small._repr_svg_()
    assert isinstance(shown, str) and shown.startswith("<svg")
    assert shown == ttt_maps.render(x_small, format="svg")


def test_poster_object(yorgey_poster: ttt_maps.Poster) -> None:
    assert repr(yorgey_poster) == "Poster(policy='fast,last,first', root='.........')"
    svg = yorgey_poster._repr_svg_()
    assert "Map for X" in texts(svg) and "Map for O" in texts(svg)
    # The two maps' boards, plus nothing else tagged as a board.
    assert len(boards(svg)) == yorgey_poster.x.facts.boards + yorgey_poster.o.facts.boards
    pair = ttt_maps.render((yorgey_poster.x, yorgey_poster.o))
    assert pair == svg


@pytest.mark.parametrize(("fmt", "magic"), [("pdf", b"%PDF-"), ("png", b"\x89PNG")])
def test_render_binary_formats(x_small: ttt_maps.Strategy, fmt: str, magic: bytes) -> None:
    data = ttt_maps.render(x_small, fmt, **({"width": 200} if fmt == "png" else {}))
    assert isinstance(data, bytes) and data.startswith(magic)


def test_render_html_is_text(x_small: ttt_maps.Strategy) -> None:
    html = ttt_maps.render(x_small, "html")
    assert isinstance(html, str) and "<svg" in html


def test_rendering_twice_gives_identical_bytes(yorgey_poster: ttt_maps.Poster) -> None:
    for fmt in ("svg", "pdf", "png"):
        size = {} if fmt == "pdf" else {"width": 400}
        first = ttt_maps.render(yorgey_poster, fmt, **size)
        again = ttt_maps.render(ttt_maps.poster(policy="yorgey"), fmt, **size)
        assert first == again, fmt


def test_save_takes_the_format_from_the_suffix(tmp_path: Path, x_small: ttt_maps.Strategy) -> None:
    path = ttt_maps.save(x_small, tmp_path / "map.pdf", size="A4")
    assert path == tmp_path / "map.pdf"
    assert media_box(path.read_bytes()) == pytest.approx((210 * MM, 297 * MM), abs=0.01)
    ttt_maps.save(x_small, tmp_path / "map", format="svg")
    assert len(boards((tmp_path / "map").read_bytes())) == 91
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map", "map.pdf"]


@pytest.mark.parametrize(
    ("name", "kwargs", "needle"),
    [
        ("map.svg", {"format": "pdf"}, "format is pdf"),
        ("map.gif", {}, "'.gif'"),
        ("map", {}, "no suffix"),
        ("map.svg", {"format": "tiff"}, "'tiff'"),
        ("map.svg", {"depth": -1}, "depth"),
        ("map.pdf", {"size": "B7"}, "'B7'"),
    ],
)
def test_save_usage_errors(
    tmp_path: Path, x_small: ttt_maps.Strategy, name: str, kwargs: dict[str, Any], needle: str
) -> None:
    with pytest.raises(ttt_maps.UsageError, match=re.escape(needle)):
        ttt_maps.save(x_small, tmp_path / name, **kwargs)
    assert list(tmp_path.iterdir()) == []


def test_render_refuses_other_objects() -> None:
    with pytest.raises(ttt_maps.UsageError, match="Strategy"):
        ttt_maps.render("x")  # type: ignore[call-overload]


def test_poster_wants_x_then_o(x_small: ttt_maps.Strategy) -> None:
    with pytest.raises(ttt_maps.UsageError, match="X's strategy then O's"):
        ttt_maps.render((x_small, x_small))


def test_strategy_from_a_position() -> None:
    tree = ttt_maps.strategy("o", root="x........")
    assert str(tree.root.board) == "x........"
    assert tree.root.chooses


@pytest.mark.parametrize(
    ("path", "fmt"),
    [("a.svg", "svg"), ("b/c.PDF", "pdf"), ("d.png", "png"), ("e.html", "html"), ("f.htm", "html")],
)
def test_format_from_path(path: str, fmt: str) -> None:
    assert format_from_path(path) == fmt


def test_format_from_an_unknown_suffix_lists_the_formats() -> None:
    with pytest.raises(ttt_maps.UsageError) as err:
        format_from_path("map.jpeg")
    assert "'.jpeg'" in str(err.value)
    for suffix in (".svg", ".pdf", ".png", ".html"):
        assert suffix in str(err.value)


def test_render_scene_knows_every_format(x_small: ttt_maps.Strategy) -> None:
    from ttt_maps.draw.compose import map_scene

    scene = map_scene(x_small)
    for fmt in FORMATS:
        assert render_scene(scene, fmt, width_px=300)
    svg = render_scene(scene, "svg", width_px=300)
    root = ET.fromstring(svg)
    assert root.get("width") == "300px"
    assert root.get("viewBox") is not None


# -- the poster ------------------------------------------------------------------


def test_poster_words_and_structure(yorgey_poster: ttt_maps.Poster) -> None:
    scene = poster_scene(yorgey_poster.x, yorgey_poster.o)
    words = {i.role: i.text for i in scene.walk() if isinstance(i, Text) and i.role != "subtitle"}
    assert words["title"] == "Complete map of optimal tic-tac-toe moves"
    assert " ".join(
        i.text for i in scene.walk() if isinstance(i, Text) and i.role == "subtitle"
    ) == (instruction())
    assert instruction().startswith("Your move is given by the position of the largest red symbol")
    blocks = [i for i in scene.items if isinstance(i, Group)]
    assert [b.board for b in blocks] == [None, None]
    (x_block, o_block) = blocks
    assert x_block.box.x + x_block.box.w < o_block.box.x  # X left, O right, apart
    assert x_block.box.y == o_block.box.y
    # Every text lies inside the page with room to spare, and nothing overlaps a map.
    maps = [b.items[1].box for b in blocks if isinstance(b.items[1], Group)]
    for t in (i for i in scene.walk() if isinstance(i, Text)):
        assert t.y - t.size * 0.75 > 0 and t.y + t.size * 0.25 < scene.height
        for box in maps:
            assert not (
                box.y < t.y < box.y + box.h + t.size * 0.75 and box.x <= t.x <= box.x + box.w
            )


def test_poster_title_override_and_legend(yorgey_poster: ttt_maps.Poster) -> None:
    from ttt_maps.draw.layout import MapOptions

    plain = poster_scene(yorgey_poster.x, yorgey_poster.o)
    assert not [i for i in plain.walk() if isinstance(i, Text) and i.role == "legend"]
    scene = poster_scene(
        yorgey_poster.x, yorgey_poster.o, MapOptions(outcomes=True), "print", "My poster"
    )
    assert scene.title == "My poster"
    assert any(isinstance(i, Text) and i.text == "My poster" for i in scene.items)
    legend = [i.text for i in scene.items if isinstance(i, Text) and i.role == "legend"]
    swatches = [i.role for i in scene.items if isinstance(i, Rect)]
    assert legend == ["forced win", "draw"]
    assert swatches == ["tint-win", "tint-draw"]


def test_poster_reuses_laid_out_maps(yorgey_poster: ttt_maps.Poster) -> None:
    """Moving two laid-out maps into place draws exactly what laying them out there does."""
    from ttt_maps.draw.compose import map_scene

    x_map, o_map = (map_scene(s).items[0] for s in (yorgey_poster.x, yorgey_poster.o))
    assert isinstance(x_map, Group) and isinstance(o_map, Group)
    moved = poster_scene(yorgey_poster.x, yorgey_poster.o, maps=(x_map, o_map))
    fresh = poster_scene(yorgey_poster.x, yorgey_poster.o)
    assert render_scene(moved, "svg") == render_scene(fresh, "svg")


# -- ttt-maps render: the default job ----------------------------------------------


def test_default_job_writes_six_files(default_job: tuple[Path, Any]) -> None:
    out, result = default_job
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == sorted(DEFAULT_FILES)
    lines = result.stdout.splitlines()
    assert len(lines) == 6
    for line, name in zip(lines, DEFAULT_FILES, strict=True):
        assert line.startswith(os.path.join("output", name) + "  ")
        assert line.endswith("B")
    for name in DEFAULT_FILES:
        data = (out / name).read_bytes()
        assert data.startswith(b"%PDF-" if name.endswith(".pdf") else b"<svg")


def test_default_poster_content(default_job: tuple[Path, Any]) -> None:
    out, _ = default_job
    svg = (out / "poster.svg").read_text(encoding="utf-8")
    words = texts(svg)
    assert "Complete map of optimal tic-tac-toe moves" in words
    assert "Map for X" in words and "Map for O" in words
    assert " ".join(w for w in words if w in INSTRUCTION) == instruction()
    assert instruction() in svg  # also whole, in <desc>
    assert "Tie-break policy: default (fast,novice,first)" in words
    x_boards = len(boards((out / "x-map.svg").read_bytes()))
    o_boards = len(boards((out / "o-map.svg").read_bytes()))
    assert len(boards(svg)) == x_boards + o_boards


def test_one_process_draws_the_same_bytes(
    default_job: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default job splits its drawing over two processes; one process draws the same."""
    from ttt_maps.engine import outputs as commands

    out, _ = default_job
    monkeypatch.setattr(commands, "_can_fork", lambda: False)
    monkeypatch.chdir(tmp_path)
    assert run("--quiet").exit_code == 0
    for name in DEFAULT_FILES:
        assert (tmp_path / "output" / name).read_bytes() == (out / name).read_bytes(), name


def test_committed_output_is_fresh(default_job: tuple[Path, Any]) -> None:
    """output/ in the repository is what ``ttt-maps render`` draws today (``make posters``)."""
    out, _ = default_job
    names = [n for n in DEFAULT_FILES if n.endswith(".svg")]
    if os.environ.get("TTT_COMPARE_PDF") == "1":  # fonts rasterise differently per machine
        names += [n for n in DEFAULT_FILES if n.endswith(".pdf")]
    for name in names:
        committed = ROOT / "output" / name
        assert committed.exists(), f"{committed} is missing: run `make posters`"
        assert committed.read_bytes() == (out / name).read_bytes(), (
            f"output/{name} is stale: run `make posters`"
        )


def test_quiet_prints_nothing(tmp_path: Path) -> None:
    result = run("--player", "x", "--policy", "yorgey", "-o", str(tmp_path / "x.svg"), "--quiet")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert (tmp_path / "x.svg").exists()


# -- formats, paths, options ------------------------------------------------------------


def test_format_from_the_output_suffix(tmp_path: Path) -> None:
    for name, magic in (("m.svg", b"<svg"), ("m.pdf", b"%PDF-"), ("m.png", b"\x89PNG")):
        width = [] if name.endswith(".pdf") else ["--width", "300"]
        result = run("--player", "x", "--policy", "yorgey", "-o", str(tmp_path / name), *width)
        assert result.exit_code == 0, result.stderr
        assert (tmp_path / name).read_bytes().startswith(magic)
        assert result.stdout.startswith(str(tmp_path / name) + "  ")


def test_format_is_repeatable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(
        "--player", "x", "--policy", "yorgey", "--format", "svg", "-f", "PNG", "--width", "200"
    )
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["x-map.png", "x-map.svg"]


def test_several_formats_to_one_stem(tmp_path: Path) -> None:
    stem = tmp_path / "map"
    result = run(
        "--player", "o", "--depth", "1", "-o", str(stem), "--format", "svg", "--format", "pdf"
    )
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.pdf", "map.svg"]


def test_output_without_player_is_the_poster(tmp_path: Path) -> None:
    result = run("--policy", "yorgey", "--depth", "1", "-o", str(tmp_path / "p.svg"))
    assert result.exit_code == 0, result.stderr
    assert "Map for O" in texts((tmp_path / "p.svg").read_bytes())


def test_depth_one_draws_fewer_boards(tmp_path: Path) -> None:
    full, cut = tmp_path / "full.svg", tmp_path / "cut.svg"
    assert run("--player", "x", "--policy", "yorgey", "-o", str(full)).exit_code == 0
    assert run("--player", "x", "--policy", "yorgey", "--depth", "1", "-o", str(cut)).exit_code == 0
    n_full, n_cut = len(boards(full.read_bytes())), len(boards(cut.read_bytes()))
    assert n_full == 91
    assert 1 < n_cut < n_full


def test_pdf_page_size_follows_size(tmp_path: Path) -> None:
    out = tmp_path / "a3.pdf"
    result = run(
        "--player", "x", "--policy", "yorgey", "--size", "A3", "--margin", "5", "-o", str(out)
    )
    assert result.exit_code == 0, result.stderr
    assert media_box(out.read_bytes()) == pytest.approx((297 * MM, 420 * MM), abs=0.01)
    out2 = tmp_path / "wide.pdf"
    assert (
        run("--player", "x", "--policy", "yorgey", "--size", "24x36in", "-o", str(out2)).exit_code
        == 0
    )
    assert media_box(out2.read_bytes()) == pytest.approx((24 * 72, 36 * 72), abs=0.01)


def test_png_records_the_dpi(tmp_path: Path) -> None:
    out = tmp_path / "x.png"
    result = run("--player", "x", "--policy", "yorgey", "--dpi", "36", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    image = Image.open(io.BytesIO(out.read_bytes()))
    assert image.info["dpi"] == pytest.approx((36, 36), abs=0.01)
    assert image.width == pytest.approx(ttt_maps_map_width() * 36 / 72, abs=1)


def ttt_maps_map_width() -> float:
    """A single map scene's width in map units (one unit is one point in PDF/PNG)."""
    from ttt_maps.draw.compose import map_scene

    return map_scene(ttt_maps.strategy("x", policy="yorgey")).width


def test_png_width(tmp_path: Path) -> None:
    out = tmp_path / "x.png"
    assert (
        run("--player", "x", "--policy", "yorgey", "--width", "321", "-o", str(out)).exit_code == 0
    )
    assert Image.open(out).width == 321


def test_svg_options(tmp_path: Path) -> None:
    out = tmp_path / "x.svg"
    result = run(
        "--player", "x", "--policy", "yorgey", "--title", "My map", "--id-prefix", "left",
        "--alternatives", "--width", "500", "-o", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    root = ET.fromstring(out.read_bytes())
    assert root.get("width") == "500px"
    assert root.findtext(f"{SVG}title") == "My map"
    ids = [e.get("id") or "" for e in root.iter() if e.get("id")]
    assert ids and all(i.startswith("left") for i in ids)
    assert "ttt-alt" in out.read_text(encoding="utf-8")


def test_outcomes_poster_has_a_legend(tmp_path: Path) -> None:
    out = tmp_path / "p.svg"
    result = run(
        "--player", "both", "--policy", "yorgey", "--outcomes", "--depth", "2", "-o", str(out)
    )
    assert result.exit_code == 0, result.stderr
    words = texts(out.read_bytes())
    assert "forced win" in words and "draw" in words


def test_from_a_position(tmp_path: Path) -> None:
    out = tmp_path / "p.svg"
    result = run("--player", "both", "--from", "x...o....", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    roots = [
        b.get("data-board")
        for b in boards(out.read_bytes())
        if "ttt-level-0" in (b.get("class") or "")
    ]
    assert roots == ["x...o....", "x...o...."]
    assert any("from x...o...." in w for w in texts(out.read_bytes()))


@pytest.mark.parametrize("theme", ["light", "dark", "print", "xkcd"])
def test_themes(tmp_path: Path, theme: str) -> None:
    out = tmp_path / "x.svg"
    assert (
        run(
            "--player", "x", "--policy", "yorgey", "--depth", "1", "--theme", theme, "-o", str(out)
        ).exit_code
        == 0
    )
    assert boards(out.read_bytes())


# -- usage errors: exit 2, one line, nothing written ------------------------------------------


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--size", "B7", "--player", "x"], "'B7'"),
        (["--format", "gif", "--player", "x"], "'gif'"),
        (["--player", "z"], "'z'"),
        (["--theme", "neon", "--player", "x"], "'neon'"),
        (["--policy", "bogus", "--player", "x"], "'bogus'"),
        (["--from", "xxx......", "--player", "x"], "xxx......"),
        (["--depth", "-1", "--player", "x"], "-1"),
        (["--width", "0", "--player", "x"], "--width"),
        (["--dpi", "0", "--player", "x"], "--dpi"),
        (["--margin", "-3", "--player", "x"], "--margin"),
    ],
)
def test_bad_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], needle: str
) -> None:
    monkeypatch.chdir(tmp_path)
    assert_usage_error(run(*args), needle)
    assert not (tmp_path / "output").exists() or not list((tmp_path / "output").iterdir())


@pytest.mark.parametrize(
    ("name", "extra", "needle"),
    [
        ("m.svg", ["--format", "pdf"], "make them agree"),
        ("m.gif", [], "'.gif'"),
        ("m", [], "no suffix"),
        ("m.svg", ["--format", "svg", "--format", "pdf"], "make them agree"),
    ],
)
def test_bad_output_names(tmp_path: Path, name: str, extra: list[str], needle: str) -> None:
    assert_usage_error(run("--player", "x", "-o", str(tmp_path / name), *extra), needle)
    assert list(tmp_path.iterdir()) == []


def test_directory_as_output(tmp_path: Path) -> None:
    assert_usage_error(run("--player", "x", "-o", str(tmp_path)), "directory")
    assert_usage_error(run("--player", "x", "-o", str(tmp_path) + "/"), "directory")
    assert list(tmp_path.iterdir()) == []


def test_unwritable_paths(tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("keep me", encoding="utf-8")
    assert_usage_error(run("--player", "x", "-o", str(blocker / "x.svg")), "file.txt")
    assert_usage_error(run("--player", "x", "-o", str(tmp_path / "no" / "x.svg")), "does not exist")
    assert blocker.read_text(encoding="utf-8") == "keep me"
    assert [p.name for p in tmp_path.iterdir()] == ["file.txt"]


def test_output_dir_blocked_by_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").write_text("not a folder", encoding="utf-8")
    assert_usage_error(run("--player", "x"), "not a directory")


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_read_only_directory(tmp_path: Path) -> None:  # pragma: no cover - needs a non-root user
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        assert_usage_error(run("--player", "x", "-o", str(locked / "x.svg")), "permission")
    finally:
        locked.chmod(0o700)


def test_failed_rename_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "x.svg"
    out.write_bytes(b"old map")

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "rename", broken)
    assert_usage_error(run("--player", "x", "--policy", "yorgey", "-o", str(out)), "No space left")
    assert out.read_bytes() == b"old map"
    assert [p.name for p in tmp_path.iterdir()] == ["x.svg"]  # no temp file left behind


@pytest.mark.parametrize("fork", [True, False], ids=["two-processes", "one-process"])
def test_a_crash_mid_job_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fork: bool
) -> None:
    """All files are drawn before any is written: a failing backend leaves old files alone.

    With two processes the PDF is drawn in the child, whose error comes back whole.
    """
    from ttt_maps import backends
    from ttt_maps.engine import outputs as commands

    if fork and not commands._can_fork():
        pytest.skip("one core: no second process")
    monkeypatch.setattr(commands, "_can_fork", lambda: fork)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    old = tmp_path / "output" / "x-map.svg"
    old.write_bytes(b"old map")

    def boom(*args: Any, **kwargs: Any) -> bytes:
        raise RuntimeError("backend failed")

    monkeypatch.setattr(backends, "scene_to_pdf", boom)
    result = run("--player", "x", "--policy", "yorgey")
    assert result.exit_code == 1
    assert isinstance(result.exception, RuntimeError)
    assert old.read_bytes() == b"old map"
    assert [p.name for p in (tmp_path / "output").iterdir()] == ["x-map.svg"]


def test_render_help_lists_the_options() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for option in ("--player", "--format", "--output", "--size", "--width", "--dpi", "--margin",
                   "--title", "--id-prefix", "--policy", "--start", "--depth", "--theme",
                   "--alternatives", "--outcomes", "--quiet"):  # fmt: skip
        assert option in result.stdout


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_poster_pdf_rasterises(default_job: tuple[Path, Any], tmp_path: Path) -> None:
    """poppler reads the poster PDF (a smoke test that it is a well-formed vector file)."""
    import subprocess

    out, _ = default_job
    subprocess.run(
        ["pdftoppm", "-png", "-r", "10", str(out / "poster.pdf"), str(tmp_path / "p")], check=True
    )
    (png,) = tmp_path.glob("p*.png")
    image = Image.open(png)
    assert image.width > image.height  # landscape: two maps side by side


def test_default_names_carry_any_other_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--board 3x4k3`` without ``-o``: its own names in output/, the 3x3 maps left alone."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "x-map.svg").write_bytes(b"the 3x3 map")
    result = run("--board", "3x4k3", "--player", "x")
    assert result.exit_code == 0, result.stderr
    names = sorted(p.name for p in (tmp_path / "output").iterdir())
    assert names == ["x-map-3x4k3.pdf", "x-map-3x4k3.svg", "x-map.svg"]
    assert (tmp_path / "output" / "x-map.svg").read_bytes() == b"the 3x3 map"
    assert [line.split()[0] for line in result.stdout.splitlines()] == [
        "output/x-map-3x4k3.svg",
        "output/x-map-3x4k3.pdf",
    ]
    assert len(boards((tmp_path / "output" / "x-map-3x4k3.svg").read_bytes())) > 1


# -- a printed single map carries its caption ------------------------------------------------


def test_a_printed_single_map_is_captioned_unless_asked_not_to(tmp_path: Path) -> None:
    import subprocess

    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is not installed (apt-get install poppler-utils)")
    runner = CliRunner()
    pdf, plain, svg = (tmp_path / n for n in ("o.pdf", "plain.pdf", "o.svg"))
    for args in (
        ["--size", "A3", "-o", str(pdf)],
        ["--size", "A3", "--no-caption", "-o", str(plain)],
        ["-o", str(svg)],
    ):
        result = runner.invoke(app, ["render", "--player", "o", *args])
        assert result.exit_code == 0, result.stderr

    def text(path: Path) -> str:
        out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True)
        return " ".join(out.stdout.decode("utf-8").split())

    captioned = text(pdf)
    assert captioned.startswith("Map for O " + instruction())
    assert "Tie-break policy: default (fast,novice,first)" in captioned
    # fact: the referee's count, test_claims.test_the_maps_counts_are_the_referees
    assert "O: 453 positions where O chooses, 410 won and 223 drawn finishes." in captioned
    assert text(plain) == ""  # the map's own lettering is drawn, not written
    words = [t.text for t in ET.parse(svg).iter("{http://www.w3.org/2000/svg}text")]
    assert "Map for O" not in words  # on screen, without --size: the map alone
