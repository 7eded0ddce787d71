"""Folded maps (``--fold``): equivalent replies drawn once, compact minimal, read back right.

The counts are checked against a plain exhaustive count written here (its own
board, lines, symmetries and minimax on strings), not against the package.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

import pytest
from cli_checks import assert_usage_error
from typer.testing import CliRunner

from ttt_maps import api
from ttt_maps.audit.strategy import audit_file, load_strategy
from ttt_maps.cli.app import app
from ttt_maps.counts.facts import fewest_boards
from ttt_maps.game.position import Position
from ttt_maps.play.game import Game
from ttt_maps.solve.registry import solver_for
from ttt_maps.trees.nodes import Node
from ttt_maps.trees.strategy import build_strategy

SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()

# -- an independent count: boards as strings, its own lines, symmetries and minimax -----

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
#: The eight symmetries as (row, col) maps, by the names the SVG uses for them.
MAPS = {
    "id": lambda r, c: (r, c),
    "h": lambda r, c: (r, 2 - c),
    "v": lambda r, c: (2 - r, c),
    "r180": lambda r, c: (2 - r, 2 - c),
    "d": lambda r, c: (c, r),
    "r90": lambda r, c: (c, 2 - r),
    "r270": lambda r, c: (2 - c, r),
    "a": lambda r, c: (2 - c, 2 - r),
}
PERMS = {
    name: tuple(3 * f(i // 3, i % 3)[0] + f(i // 3, i % 3)[1] for i in range(9))
    for name, f in MAPS.items()
}
EMPTY = "." * 9


def won(b: str) -> bool:
    return any(b[i] == b[j] == b[k] != "." for i, j, k in LINES)


def over(b: str) -> bool:
    return won(b) or "." not in b


def play(b: str, c: int) -> str:
    mark = "x" if b.count("x") == b.count("o") else "o"
    return b[:c] + mark + b[c + 1 :]


def turned(b: str, perm: tuple[int, ...]) -> str:
    out = ["."] * 9
    for i, m in enumerate(b):
        out[perm[i]] = m
    return "".join(out)


@cache
def value(b: str) -> int:
    """Win 1, draw 0, loss -1 for the side to move."""
    if won(b):
        return -1
    if "." not in b:
        return 0
    return max(-value(play(b, c)) for c in range(9) if b[c] == ".")


def optimal(b: str) -> list[int]:
    return [c for c in range(9) if b[c] == "." and -value(play(b, c)) == value(b)]


def orbits(b: str) -> list[list[int]]:
    """The free cells of ``b`` in sets its symmetries carry onto each other."""
    stab = [p for p in PERMS.values() if turned(b, p) == b]
    seen: set[int] = set()
    out = []
    for c in range(9):
        if b[c] == "." and c not in seen:
            orbit = sorted({p[c] for p in stab})
            seen.update(orbit)
            out.append(orbit)
    return out


@cache
def fewest(b: str, fold: bool) -> int:
    """The fewest boards with a move for the side to move at ``b`` (not over)."""
    moves = [o[0] for o in orbits(b) if o[0] in optimal(b)] if fold else optimal(b)
    return 1 + min(below(play(b, m), fold) for m in moves)


@cache
def below(b: str, fold: bool) -> int:
    """Boards below a position where the map's opponent is to move."""
    replies = [o[0] for o in orbits(b)] if fold else [c for c in range(9) if b[c] == "."]
    return sum(fewest(play(b, r), fold) for r in replies if not over(play(b, r)))


# -- the minima --------------------------------------------------------------------------


def test_the_independent_count_finds_the_published_minima() -> None:
    assert (fewest(EMPTY, False), below(EMPTY, False)) == (91, 600)
    assert (fewest(EMPTY, True), below(EMPTY, True)) == (24, 116)
    openings = {c: 1 + below(play(EMPTY, c), True) for c in (4, 0, 1)}
    assert openings == {4: 24, 0: 48, 1: 61}


@pytest.mark.parametrize("fold", [False, True])
def test_compact_draws_the_fewest_boards(fold: bool) -> None:
    x = build_strategy("x", "compact", fold=fold)
    o = build_strategy("o", "compact", fold=fold)
    assert x.facts.choices == fewest(EMPTY, fold)
    assert o.facts.choices == below(EMPTY, fold)
    assert x.folded is o.folded is fold
    # Any other policy's map is no smaller.
    for chain in ("yorgey", "default", "first", "center,corner"):
        assert build_strategy("x", chain, fold=fold).facts.choices >= x.facts.choices
        assert build_strategy("o", chain, fold=fold).facts.choices >= o.facts.choices


def test_stats_names_the_minima_per_opening() -> None:
    x, o = fewest_boards()
    assert (x.folded, x.unfolded, o.folded, o.unfolded) == (24, 91, 116, 600)
    assert x.openings == {c: 1 + below(play(EMPTY, c), True) for c in (0, 1, 4)}
    result = runner.invoke(app, ["stats", "--fold"])
    assert result.exit_code == 0, result.stderr
    text = " ".join(result.stdout.split())
    expected = "24 for X (centre opening; corner 48, edge 61), 91 unfolded; 116 for O, 600 unfolded"
    assert expected in text
    doc = json.loads(runner.invoke(app, ["stats", "--fold", "--json"]).stdout)
    assert doc["folded"] is True
    compact = {m["player"]: m["choices"] for m in doc["maps"] if m["policy"] == "compact"}
    assert compact == {"x": 24, "o": 116}


# -- a folded tree ------------------------------------------------------------------------


def walk(node: Node, seen: set[int] | None = None) -> list[Node]:
    seen = set() if seen is None else seen
    if id(node) in seen:
        return []
    seen.add(id(node))
    out = [node]
    for _, child in node.children:
        out += walk(child, seen)
    return out


@pytest.mark.parametrize("player", ["x", "o"])
@pytest.mark.parametrize("policy", ["default", "yorgey", "xkcd", "compact", "first"])
def test_every_drawn_choice_is_optimal_and_every_reply_is_drawn_or_stood_for(
    player: str, policy: str
) -> None:
    tree = build_strategy(player, policy, fold=True)
    for node in walk(tree.root):
        b = str(node.board)
        if node.chooses:
            assert node.move in optimal(b), b
            continue
        if not node.children:
            continue
        drawn = [cell for cell, _ in node.children]
        # Every orbit of replies is drawn once, by its lowest cell; the rest stand folded.
        assert sorted(o[0] for o in orbits(b)) == drawn
        folded = {f.cell: f for f in node.folds}
        assert sorted(drawn + list(folded)) == [c for c in range(9) if b[c] == "."]
        names = list(PERMS)
        for fold in node.folds:
            perm = PERMS[names[fold.turn]]
            assert turned(b, perm) == b and perm[fold.rep] == fold.cell
            assert fold.rep in drawn and fold.rep < fold.cell


def test_an_unfolded_tree_folds_nothing() -> None:
    tree = build_strategy("o", "default")
    assert not tree.folded and all(not n.folds for n in walk(tree.root))


# -- the SVG says what each drawn cell stands for --------------------------------------------


def boards_of(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [g for g in root.iter(f"{SVG}g") if g.get("data-board")]


@pytest.mark.parametrize("player", ["x", "o"])
def test_svg_says_which_replies_each_folded_cell_stands_for(player: str) -> None:
    tree = build_strategy(player, "default", fold=True)
    svg = api.render(tree, "svg")
    root = ET.fromstring(svg)
    parents = {child: g for g in root.iter(f"{SVG}g") for child in g}
    boards = [g for g in root.iter(f"{SVG}g") if g.get("data-board")]
    assert len(boards) == tree.facts.boards
    checked = 0
    for g in boards:
        spec = g.get("data-fold")
        if not spec:
            continue
        parent = parents[g]
        while not parent.get("data-board"):
            parent = parents[parent]
        above = parent.get("data-board") or ""
        here = g.get("data-board") or ""
        # The drawn reply: the opponent's mark that ``here`` adds to the parent (after
        # the parent's red move, which both boards share).
        mover = "o" if player == "x" else "x"
        reply = next(c for c in range(9) if above[c] == "." and here[c] == mover)
        before = here[:reply] + "." + here[reply + 1 :]
        stands = [part.split(":") for part in spec.split()]
        for cell, name in stands:
            cell_i = int(cell)
            # The turn carries the drawn reply onto the cell, and the position onto itself.
            assert PERMS[name][reply] == cell_i
            assert turned(before, PERMS[name]) == before
            # The folded cell holds the drawn cell's letter, and the tag counts them all.
            folded = [
                e for e in parent if e.get("class") == "ttt-folded" and e.get("data-cell") == cell
            ]
            assert len(folded) == 1
            letter = "".join(folded[0].itertext()).strip()
            assert re.fullmatch(r"[A-Z]", letter)
            tags = [
                "".join(t.itertext())
                for t in parent.iter(f"{SVG}text")
                if t.get("class") == "ttt-count"
            ]
            assert f"{letter} \u00d7{len(stands) + 1}" in tags
            checked += 1
    assert checked >= 4


@cache
def font_ink() -> tuple[int, dict[str, tuple[float, tuple[int, int, int, int] | None]]]:
    """The shipped DejaVu Sans, read with fontTools: units per em, and for each character
    its advance and the box of its ink (None for a blank), as the font file says."""
    from pathlib import Path

    from fontTools.ttLib import TTFont

    import ttt_maps

    path = Path(ttt_maps.__file__).parent / "draw" / "fonts" / "DejaVuSans-Latin.ttf"
    font = TTFont(str(path))
    cmap, glyf = font.getBestCmap(), font["glyf"]
    out: dict[str, tuple[float, tuple[int, int, int, int] | None]] = {}
    for code, name in cmap.items():
        g = glyf[name]
        box = (g.xMin, g.yMin, g.xMax, g.yMax) if g.numberOfContours else None
        out[chr(code)] = (font["hmtx"][name][0], box)
    return font["head"].unitsPerEm, out


def ink_box(text: str, x: float, y: float, size: float, anchor: str) -> tuple[float, ...]:
    """Where a line of text puts ink: (left, top, right, bottom) on the page."""
    em, chars = font_ink()
    scale = size / em
    width = sum(chars[c][0] for c in text) * scale
    pen = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
    boxes = []
    for c in text:
        advance, box = chars[c]
        if box is not None:
            x0, y0, x1, y1 = box
            boxes.append((pen + x0 * scale, y - y1 * scale, pen + x1 * scale, y - y0 * scale))
        pen += advance * scale
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))  # fmt: skip


@pytest.mark.parametrize(("player", "policy"), [("o", "compact"), ("o", "default"),
                                                ("x", "compact"), ("x", "default")])  # fmt: skip
def test_the_fold_tags_clear_every_grid_line(player: str, policy: str) -> None:
    """``render --fold --player o -p compact``: each letter-and-count tag, where its font puts ink,
    touches no grid line of the map (its own board's, its cell's sub-map's, or any
    other), read back from the SVG (every transform on the way, butt-capped strokes)."""
    from test_svg import Doc

    d = Doc(api.render(build_strategy(player, policy, fold=True), "svg"))

    def offset(el: ET.Element) -> tuple[float, float]:
        dx = dy = 0.0
        node = d.parent.get(el)
        while node is not None:
            move = node.get("transform")
            if move:
                m = re.fullmatch(r"translate\((-?[\d.]+)[ ,]?(-?[\d.]+)?\)", move)
                assert m, move
                dx, dy = dx + float(m[1]), dy + float(m[2] or 0)
            node = d.parent.get(node)
        return dx, dy

    rects = []
    for grid in d.grids():
        half = d.stroke_width(grid, ".ttt-grid") / 2
        (gx, gy), (px, py) = offset(grid), d.translate(grid)
        for seg in d.segments(grid):
            (ax, ay), (bx, by) = [(x - px + gx, y - py + gy) for x, y in (seg[0], seg[-1])]
            if ax == bx:  # a vertical line, butt ends
                rects.append((ax - half, min(ay, by), ax + half, max(ay, by)))
            else:
                assert ay == by
                rects.append((min(ax, bx), ay - half, max(ax, bx), ay + half))
    tags = [t for t in d.drawn("text") if "ttt-count" in d.classes(t)]
    assert len(tags) >= 3
    for t in tags:
        dx, dy = offset(t)
        x0, y0, x1, y1 = ink_box(
            t.text or "", float(t.get("x", 0)) + dx, float(t.get("y", 0)) + dy,
            float(t.get("font-size", 0)), t.get("text-anchor", "start"),
        )  # fmt: skip
        for r in rects:
            assert not (r[0] < x1 and x0 < r[2] and r[1] < y1 and y0 < r[3]), (t.text, r)


def test_a_folded_map_is_smaller_and_says_how_it_is_read() -> None:
    plain = api.render(build_strategy("o", "default"), "svg")
    folded = api.render(build_strategy("o", "default", fold=True), "svg")
    assert len(boards_of(folded)) < len(boards_of(plain)) / 3
    assert "Folded by symmetry" in folded and "Folded by symmetry" not in plain
    assert "ttt-folded" not in plain and "data-fold" not in plain


# -- export, check and play ---------------------------------------------------------------


@pytest.mark.parametrize("player", ["x", "o"])
@pytest.mark.parametrize("policy", ["default", "yorgey", "compact"])
def test_a_folded_export_checks_perfect(player: str, policy: str) -> None:
    tree = build_strategy(player, policy, fold=True)
    doc = json.loads(tree.to_json())
    assert doc["folded"] is True
    assert len(doc["moves"]) == tree.facts.positions
    assert not [p for p in audit_file(load_strategy(json.dumps(doc))) if p.fatal]


def canonical(b: str) -> str:
    return min(turned(b, p) for p in PERMS.values())


@pytest.mark.slow
def test_a_folded_export_missing_a_position_or_unmarked_fails() -> None:
    doc = json.loads(build_strategy("o", "compact", fold=True).to_json())
    # A position reached by two move orders may be listed as two of its turnings:
    # leaving out every listed turning of a position leaves it without a move.
    for cls in {canonical(b) for b in doc["moves"]}:
        kept = {b: c for b, c in doc["moves"].items() if canonical(b) != cls}
        problems = audit_file(load_strategy(json.dumps({**doc, "moves": kept})))
        assert any(p.kind == "missing" for p in problems), cls
    unmarked = {k: v for k, v in doc.items() if k != "folded"}
    assert any(p.fatal for p in audit_file(load_strategy(json.dumps(unmarked))))


def test_check_command_reads_folded_files(tmp_path: Any) -> None:
    path = tmp_path / "x.json"
    result = runner.invoke(app, ["export", "--player", "x", "--fold", "-o", str(path)])
    assert result.exit_code == 0, result.stderr
    assert json.loads(path.read_text())["folded"] is True
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0 and "perfect strategy for x" in result.stdout
    bad = json.loads(path.read_text())
    bad["folded"] = "yes"
    path.write_text(json.dumps(bad))
    assert_usage_error(runner.invoke(app, ["check", str(path)]), '"folded" must be true or false')


def games(game: Game, out: dict[str, set[int]]) -> set[str]:
    """Every game against the map, the person trying every move; the map's moves by board."""
    if game.over:
        return {game.result}
    if game.map_to_move:
        before = str(game.board)
        move = game.reply()
        out.setdefault(before, set()).add(move.cell)
        results = games(game, out)
        game.rewind(len(game.moves) - 1)
        return results
    results: set[str] = set()
    for cell in game.board.moves():
        game.play(cell)
        results |= games(game, out)
        game.rewind(len(game.moves) - 1)
    return results


@pytest.mark.parametrize("player", ["x", "o"])
def test_playing_a_folded_map_never_loses_and_plays_its_drawn_moves(player: str) -> None:
    tree = build_strategy(player, "default", fold=True)
    moves: dict[str, set[int]] = {}
    results = games(Game(player, "default", fold=True), moves)
    assert f"{'o' if player == 'x' else 'x'} wins" not in results
    for board, cells in moves.items():
        assert cells <= set(optimal(board)), board
    # Along the drawn (unturned) lines the map plays exactly what it draws there.
    first = {str(b): c for b, c in tree.moves().items()}
    root = tree.root
    node = root if root.chooses else root.children[0][1]
    while node.children:
        if node.chooses:
            assert moves[str(node.board)] >= {first[str(node.board)]}
        node = node.children[0][1]


def test_play_saves_a_folded_game() -> None:
    game = Game("x", "default", fold=True)
    while not game.over:
        if game.map_to_move:
            game.reply()
        else:
            game.play(game.board.moves()[-1])
    assert json.loads(game.to_json())["folded"] is True


@pytest.mark.slow
def test_check_replays_a_folded_game_through_its_turns(tmp_path: Any) -> None:
    """A folded game's map moves are its drawn moves, turned: check follows the folds,
    and a log that calls another move the map's is refused."""
    mine = diverging_game()
    game = Game("x", "default", fold=True)
    for cell in mine:
        while game.map_to_move:
            game.reply()
        game.play(cell)
    while not game.over:
        if game.map_to_move:
            game.reply()
        else:
            game.play(game.board.moves()[-1])
    log = json.loads(game.to_json())
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log))
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code in (0, 1), result.stderr  # audited: moves may lose, none is false
    log.pop("folded")  # the same moves, said to be the unfolded map's
    path.write_text(json.dumps(log))
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2 and "the map's move here is cell" in result.stderr


def diverging_game() -> list[int]:
    """The person's moves of a first game in which the folded map for X plays otherwise
    than the unfolded one (it goes through a turned cell)."""

    def search(moves: list[int]) -> list[int] | None:
        games = [Game("x", "default", fold=fold) for fold in (False, True)]
        for game in games:
            for cell in moves:
                while game.map_to_move:
                    game.reply()
                game.play(cell)
            while game.map_to_move:
                game.reply()
        if str(games[0].board) != str(games[1].board):
            return moves
        if games[1].over:
            return None
        for cell in games[1].board.moves():
            found = search([*moves, cell])
            if found:
                return found
        return None

    found = search([])
    assert found, "no game goes through a turned cell"
    return found


@pytest.mark.slow
def test_play_command_takes_fold() -> None:
    mine = diverging_game()
    for fold in (False, True):
        game = Game("x", "default", fold=fold)
        for cell in mine:
            while game.map_to_move:
                game.reply()
            game.play(cell)
        while not game.over:  # the person goes on with the highest free cell
            if game.map_to_move:
                game.reply()
            else:
                game.play(game.board.moves()[-1])
        typed = "".join(f"{m.cell}\n" for m in game.moves if m.by == "player")
        result = runner.invoke(app, ["play", *(["--fold"] if fold else [])], input=typed)
        assert result.exit_code == 0, result.stderr
        lines = result.stdout.splitlines()
        shown = [line.split()[-1] for line in lines if line.startswith("position")]
        assert shown == [str(b) for b in game.positions()]
        assert lines[-1] == f"result: {game.result}"


# -- the command line ----------------------------------------------------------------------


def test_render_fold_writes_a_folded_map(tmp_path: Any) -> None:
    out = tmp_path / "o.svg"
    args = ["render", "--fold", "--player", "o", "-p", "compact", "-o", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert len(boards_of(out.read_text())) == 117  # 116 with a move, and the grid of X's openings
    poster = tmp_path / "p.svg"
    assert runner.invoke(app, ["render", "--fold", "-o", str(poster)]).exit_code == 0
    assert "Folded by symmetry" in poster.read_text()


def test_compare_takes_fold(tmp_path: Any) -> None:
    result = runner.invoke(app, ["compare", "yorgey", "compact", "--fold", "--json"])
    assert result.exit_code == 0, result.stderr
    rows = {p["policy"]: p for p in json.loads(result.stdout)["policies"]}
    assert rows["compact"]["choices"] == 24


def test_fold_on_other_boards_keeps_their_symmetry() -> None:
    tree = build_strategy("x", "default", geometry=_geometry("3x4k3"), fold=True)
    assert tree.folded
    solver = solver_for(_geometry("3x4k3"))
    for node in walk(tree.root):
        if node.chooses:
            assert node.move in solver.best_cells(node.board.key)
        for fold in node.folds:
            perm = node.board.geometry.symmetries[fold.turn]
            assert node.board.transformed(perm) == node.board and perm[fold.rep] == fold.cell


def _geometry(name: str) -> Any:
    from ttt_maps.game.geometry import Geometry

    return Geometry.parse(name)


def test_a_map_from_a_board_folds_by_that_boards_symmetries() -> None:
    # After X's corner, the position is symmetric in one diagonal only: O's map folds
    # X's replies in pairs across it.
    tree = build_strategy("o", "default", root=Position.parse("x........"), fold=True)
    after = tree.root.children[0][1]
    b = str(after.board)
    assert sorted(c for c, _ in after.children) == sorted(o[0] for o in orbits(b))
    assert {len(o) for o in orbits(b)} <= {1, 2} and after.folds


def test_docs_recipes_fold_and_draw_the_whole_game() -> None:
    """The options of a map in a docs page (Sphinx, MyST, MkDocs): fold and whole."""
    from ttt_maps.engine.options import OptionRefused
    from ttt_maps.integrations.recipe import scene_of

    folded = {"player": "o", "policy": "compact", "fold": True}
    svg = api.render(scene_of(folded, str), "svg")
    assert "data-fold" in svg and len(boards_of(svg)) == below(EMPTY, True) + 1
    whole = {"whole": True, "depth": 2}
    first = [play(EMPTY, o[0]) for o in orbits(EMPTY)]
    two_levels = 1 + len(first) + sum(len(orbits(b)) for b in first)
    assert len(boards_of(api.render(scene_of(whole, str), "svg"))) == two_levels
    for option, value in (("player", "x"), ("policy", "fast"), ("outcomes", True)):
        with pytest.raises(OptionRefused, match="whole") as caught:
            scene_of({"whole": True, option: value}, str)
        assert caught.value.option == option
