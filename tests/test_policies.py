"""Tie-break policies (SPEC section 4): every key and preset only ever picks
optimal moves, and the trees they draw never do worse than the game's value."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import Geometry
from ttt_maps.game.position import Mark, Position, other
from ttt_maps.policy.chains import PRESETS, describe_policies, parse_policy
from ttt_maps.policy.policy import Policy
from ttt_maps.solve.registry import solver_for
from ttt_maps.trees.strategy import Node, build_strategy

SOLVER = solver_for()
KEYS = [
    "fast",
    "trap",
    "novice",
    "compact",
    "center",
    "corner",
    "edge",
    "first",
    "last",
    "random:7",
    "rules",
    "BOOK",  # replaced by book:<a temporary file>
]
CHAINS = [*KEYS, *PRESETS]


def random_roots(count: int = 50, seed: int = 832) -> list[Position]:
    """Distinct legal, non-terminal positions reached by random play."""
    rng = random.Random(seed)
    roots: dict[Position, None] = {}
    while len(roots) < count:
        board = Position.empty()
        for _ in range(rng.randrange(1, 8)):
            board = board.play(rng.choice(board.moves()))
            if board.is_over:
                break
        if not board.is_over:
            roots.setdefault(board, None)
    return list(roots)


ROOTS = [Position.empty(), *random_roots()]


@pytest.fixture(scope="module")
def book_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("book") / "book.json"
    # Centre opening; O's edge reply to the centre loses, so it must fall through.
    book = {".........": 4, "....x....": 1, "x........": 4, "x...o....": 8}
    path.write_text(json.dumps(book), encoding="utf-8")
    return path


def chain_text(chain: str, book_path: Path) -> str:
    return f"book:{book_path}" if chain == "BOOK" else chain


def value_for(board: Position, player: Mark) -> int:
    """The game's value for ``player`` at ``board`` (whoever is to move)."""
    out = SOLVER.outcome(board)
    return out.result if board.to_move == player else -out.result


def result_for(board: Position, player: Mark) -> int:
    winner = board.winner()
    return 0 if winner is None else (1 if winner == player else -1)


def check_tree(root: Node, player: Mark) -> int:
    """Walk every node once: chosen moves optimal, every leaf at least the root's value.
    Returns the number of distinct nodes."""
    floor = value_for(root.board, player)
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        board = node.board
        if not node.children:
            assert board.is_over, board
            assert result_for(board, player) >= floor, (str(root.board), str(board))
            continue
        if node.chooses:
            assert board.to_move == player
            assert len(node.children) == 1
            assert node.move in SOLVER.best_moves(board), (str(board), node.move)
        else:
            assert board.to_move == other(player)
            assert [cell for cell, _ in node.children] == board.moves()
        stack.extend(child for _, child in node.children)
    return len(seen)


@pytest.mark.parametrize("chain", CHAINS)
def test_every_choice_is_optimal_and_trees_never_do_worse(chain: str, book_path: Path) -> None:
    policy = parse_policy(chain_text(chain, book_path))
    for player in ("x", "o"):
        for root in ROOTS:
            tree = build_strategy(player, policy, root)
            assert tree.root.board == root
            assert check_tree(tree.root, player) >= 1


@pytest.mark.parametrize("chain", CHAINS)
def test_candidates_narrow_the_optimal_moves(chain: str, book_path: Path) -> None:
    policy = parse_policy(chain_text(chain, book_path))
    assert policy.name.split(",")[-1] == "first"
    for root in ROOTS[:10]:
        steps = policy.candidates(root)
        assert steps[0] == SOLVER.best_moves(root)
        for before, after in itertools.pairwise(steps):
            assert after and set(after) <= set(before)
        assert steps[-1] == [policy.choose(root)]


def test_book_falls_through_when_not_optimal(book_path: Path) -> None:
    policy = parse_policy(f"book:{book_path},last")
    empty = Position.empty()
    assert policy.choose(empty) == 4
    centre = empty.play(4)
    assert 1 not in SOLVER.best_moves(centre)
    assert policy.choose(centre) == 8  # the book's edge loses: falls through to "last"
    assert policy.choose(empty.play(0)) == 4
    assert policy.choose(Position.parse("x...o....")) == 8


def test_random_is_reproducible() -> None:
    a, b = parse_policy("random:7"), parse_policy("random:7")
    assert all(a.choose(r) == b.choose(r) for r in ROOTS)
    assert parse_policy("random").name == "random:0,first"
    picks = {seed: [parse_policy(f"random:{seed}").choose(r) for r in ROOTS] for seed in (1, 2, 3)}
    assert len({tuple(p) for p in picks.values()}) > 1


def test_center_corner_edge_prefer_their_cells() -> None:
    empty = Position.empty()
    assert parse_policy("center").choose(empty) == 4
    assert parse_policy("corner,last").choose(empty) == 8
    assert parse_policy("edge").choose(empty) == 1
    assert parse_policy("first").choose(empty) == 0
    assert parse_policy("last").choose(empty) == 8


# -- the presets -----------------------------------------------------------


def test_yorgey_reproduces_the_seed() -> None:
    policy = parse_policy("yorgey")
    assert policy.name == "fast,last,first"
    assert policy.choose(Position.empty()) == 8
    x = build_strategy("x", policy).facts
    # fact: the seed program's maps, and the referee's count (test_claims)
    assert (x.choices, x.wins, x.draws, x.losses) == (91, 71, 2, 0)
    o = build_strategy("o", policy).facts
    assert (o.choices, o.wins, o.draws, o.losses) == (768, 386, 183, 0)


def test_xkcd_plays_the_comics_moves() -> None:
    policy = parse_policy("xkcd")
    empty = Position.empty()
    assert policy.choose(empty) == 0
    corner = empty.play(0)
    answers = {1: 4, 2: 6, 3: 4, 4: 8, 5: 4, 6: 2, 7: 4, 8: 2}
    assert {c: policy.choose(corner.play(c)) for c in corner.moves()} == answers
    replies = {c: policy.choose(empty.play(c)) for c in empty.moves()}
    assert replies == {c: (0 if c == 4 else 4) for c in range(9)}


def test_default_preset() -> None:
    policy = parse_policy("default")
    assert policy.name == "fast,novice,first"
    assert policy.name == parse_policy("fast,novice").name


def test_describe_policies_lists_every_key_and_preset() -> None:
    names = [name for name, _ in describe_policies()]
    for key in ("fast", "trap", "novice", "compact", "center", "corner", "edge", "first", "last"):
        assert key in names
    assert "random:SEED" in names and "rules" in names and "book:PATH" in names
    assert {"yorgey", "xkcd", "default"} <= set(names)
    assert all(text and "\n" not in text for _, text in describe_policies())


# -- bad chains --------------------------------------------------------------


def _error(chain: str) -> str:
    with pytest.raises(UsageError) as err:
        parse_policy(chain)
    message = str(err.value)
    assert "\n" not in message
    return message


def test_unknown_key_is_named() -> None:
    assert "'bogus'" in _error("fast,bogus")


def test_bad_random_seed_is_named() -> None:
    assert "random:abc" in _error("random:abc")


def test_empty_chains() -> None:
    _error("")
    _error("  ")
    assert "fast,,last" in _error("fast,,last")
    _error("fast,")


def test_key_with_an_argument_it_does_not_take() -> None:
    assert "fast:3" in _error("fast:3")


def test_missing_book(tmp_path: Path) -> None:
    path = tmp_path / "nope.json"
    message = _error(f"book:{path}")
    assert str(path) in message and "no such file" in message


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"x.......": 4}', "'x.......'"),  # 8 cells
        ('{"x..a.....": 4}', "'a'"),
        ('{"xx.......": 4}', "illegal position"),
        ('{"x........": 0}', "cell 0"),  # taken
        ('{"x........": 9}', "cell 9"),  # off the board
        ('{"x........": "4"}', "cell number"),
    ],
)
def test_malformed_books(tmp_path: Path, content: str, needle: str) -> None:
    path = tmp_path / "book.json"
    path.write_text(content, encoding="utf-8")
    message = _error(f"fast,book:{path}")
    assert str(path) in message
    assert needle in message


def test_policy_object_is_reusable_across_players() -> None:
    policy: Policy = parse_policy("default")
    a = build_strategy("x", policy).facts
    b = build_strategy("o", policy).facts
    assert a == build_strategy("x", "default").facts
    assert b == build_strategy("o", "default").facts


@pytest.mark.parametrize("board", ["3x3", "3x3-misere", "4x4k3", "3x4k3"])
def test_each_line_of_policies_says_what_parses_on_that_board(board: str) -> None:
    """``ttt-maps policies``: a preset's line names the chain it stands for on that board
    (the chain parses to the preset's own policy), a key or preset of the normal 3x3 game
    says so exactly where it is refused, and the novice is the rules' own."""
    from ttt_maps.policy.chains import presets_for

    g = Geometry.parse(board)
    rows = dict(describe_policies(g))
    only = " (normal 3x3 game only)"
    for name, text in rows.items():
        usable = name in ("random:SEED", "book:PATH")
        if not usable:
            try:
                parse_policy(name, g)
                usable = True
            except UsageError as err:
                assert "normal 3x3 game only" in str(err), err
        assert text.endswith(only) != usable, (name, text)
        if name in PRESETS and usable:
            chain = text.removeprefix("= ").split(": ")[0]
            assert parse_policy(chain, g).name == parse_policy(name, g).name == chain
    assert presets_for(g) == [p for p in PRESETS if not rows[p].endswith(only)]
    from ttt_maps.policy.chains import KEY_HELP, MISERE_NOVICE

    for key, help_text in KEY_HELP.items():
        said = MISERE_NOVICE if key == "novice" and g.misere else help_text
        assert rows[key] in (said, said + only), key
    where = "not misère, where a line loses" if board == "3x3-misere" else f"not {g.describe()}"
    if g != Geometry():
        with pytest.raises(UsageError) as err:
            parse_policy("xkcd", g)
        assert str(err.value).endswith(where), err.value
    misere_novice = "leaves the opponent only moves that complete a line"
    assert (misere_novice in rows["novice"]) == g.misere


def test_opening_book_files_are_the_paths_of_the_book_keys() -> None:
    """The files a chain reads (so no output is written over one): every ``book:PATH``
    in any case, never the built-in comic's book, never an empty path."""
    from ttt_maps.policy.chains import opening_book_files

    assert opening_book_files(
        "fast, book:a.json,BOOK:dir/b.json ,book:xkcd,Book:XKCD,book:,random"
    ) == [
        "a.json",
        "dir/b.json",
    ]
    assert opening_book_files("default") == [] and opening_book_files("book:c:d.json") == [
        "c:d.json"
    ]


def test_the_rules_key_keeps_the_rule_players_optimal_moves() -> None:
    """``rules``: among the optimal moves, those the rule player allows, else all of them."""
    from ttt_maps.game.rules import rule_moves

    policy = parse_policy("rules")
    solver = solver_for(Geometry())
    narrowed = 0
    seen, todo = {0}, [0]
    while todo:
        key = todo.pop()
        board = solver.board(key)
        if not board.is_over:
            optimal = solver.best_moves(board)
            _, allowed = rule_moves(board)
            kept = policy.candidates(board)[1]
            assert kept == ([m for m in optimal if m in allowed] or optimal), board
            narrowed += len(kept) < len(optimal)
        for _, child in solver.children(key):
            if child not in seen:
                seen.add(child)
                todo.append(child)
    assert narrowed > 100


def test_chains_as_users_write_them() -> None:
    """Presets in any case; ``default`` as the board has it; a near miss gets a guess; a
    book for another board is read on that board."""
    assert parse_policy("YORGEY").name == parse_policy("yorgey").name == "fast,last,first"
    assert parse_policy("default", Geometry.parse("4x4")).name == "fast,trap,first"
    assert parse_policy("default", Geometry.parse("3x4k3")).name == "fast,novice,first"
    with pytest.raises(UsageError, match="did you mean 'fast'"):
        parse_policy("fsat")


def test_a_book_for_a_bigger_board(tmp_path: Path) -> None:
    g = Geometry.parse("3x4k3")
    book = tmp_path / "b.json"
    book.write_text(json.dumps({"............": 5}), encoding="utf-8")
    policy = parse_policy(f"book:{book}", g)
    assert policy.choose(Position.empty(g)) == 5


@pytest.mark.parametrize(
    ("board", "rules", "chain"),
    [
        ("3x4k3", "normal", "default"),
        ("3x4k3", "misere", "default"),
        ("4x3k3", "normal", "trap,novice,last"),
        ("3x4k3", "normal", "compact,corner"),
        ("4x4k3", "normal", "default"),
    ],
)
def test_a_move_chosen_once_per_class_is_the_chains_own(board: str, rules: str, chain: str) -> None:
    """A chain whose keys treat symmetric positions alike chooses once per class of
    positions (on the first one met) and closes on each position's own cells: on
    positions of bigger boards met in a random order, each with a turned copy met
    first, that move is the one its keys pick when run on the position itself
    (``candidates``)."""
    g = Geometry.parse(board, rules)
    policy = parse_policy(chain, g)
    rng = random.Random(f"{board}{rules}{chain}")
    seen = 0
    while seen < 60:
        position = Position.empty(g)
        for _ in range(rng.randrange(0, 7)):
            position = position.play(rng.choice(position.moves()))
            if position.is_over:
                break
        if position.is_over:
            continue
        seen += 1
        turned = position.transformed(rng.choice(g.symmetries))
        for each in (turned, position):
            assert policy.choose(each) == policy.candidates(each)[-1][0], (str(each), chain)
