"""Strategy JSON (SPEC section 5): export, read back, and audit (``check``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ttt_maps.audit.strategy import audit_file, load_strategy
from ttt_maps.errors import UsageError
from ttt_maps.game.position import Position
from ttt_maps.policy.chains import PRESETS
from ttt_maps.solve.registry import solver_for
from ttt_maps.trees.strategy import FORMAT, build_strategy

SOLVER = solver_for()


def exported(player: str = "x", policy: str = "yorgey", root: str | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(build_strategy(player, policy, root).to_json())
    return doc


def audit_doc(doc: dict[str, Any]) -> list[Any]:
    return audit_file(load_strategy(json.dumps(doc)))


def test_export_format() -> None:
    doc = exported("x", "yorgey")
    assert list(doc) == ["format", "geometry", "player", "policy", "root", "moves"]
    assert doc["format"] == FORMAT == "ttt-maps/strategy@1"
    assert doc["geometry"] == "3x3k3"
    assert doc["player"] == "x"
    assert doc["policy"] == "fast,last,first"
    assert doc["root"] == "........."
    assert doc["moves"]["........."] == 8
    assert all(Position.parse(b).to_move == "x" for b in doc["moves"])


@pytest.mark.parametrize("policy", ["yorgey", "xkcd", "default", "trap,corner"])
@pytest.mark.parametrize("player", ["x", "o"])
def test_json_round_trip(player: str, policy: str) -> None:
    tree = build_strategy(player, policy)
    text = tree.to_json()
    back = load_strategy(text)
    assert back.player == player
    assert back.policy == tree.policy.name
    assert back.root == Position.empty()
    assert back.geometry == tree.geometry
    assert back.moves == {b.key: m for b, m in tree.moves().items()}
    assert build_strategy(player, policy).to_json() == text  # stable


def test_round_trip_from_a_position() -> None:
    tree = build_strategy("o", "default", "x...o...x")
    back = load_strategy(tree.to_json())
    assert str(back.root) == "x...o...x"
    assert back.moves == {b.key: m for b, m in tree.moves().items()}
    assert not [p for p in audit_file(back) if p.fatal]


def test_finished_root_has_no_moves() -> None:
    doc = exported("x", "default", "xxxoo....")
    assert doc["moves"] == {}
    assert audit_doc(doc) == []


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("player", ["x", "o"])
def test_every_preset_export_passes_check(player: str, preset: str) -> None:
    problems = audit_doc(exported(player, preset))
    assert not [p for p in problems if p.fatal], [str(p) for p in problems]


def _losing_edit(doc: dict[str, Any]) -> tuple[str, int]:
    """A listed position (shallowest first) with a legal move that loses value."""
    for text in doc["moves"]:
        board = Position.parse(text)
        best = set(SOLVER.best_moves(board))
        worse = [m for m in board.moves() if m not in best]
        if worse:
            return text, worse[0]
    raise AssertionError("no position with a bad move")


@pytest.mark.parametrize("player", ["x", "o"])
def test_non_optimal_move_fails_naming_the_position(player: str) -> None:
    doc = exported(player, "default")
    text, bad = _losing_edit(doc)
    doc["moves"][text] = bad
    problems = audit_doc(doc)
    fatal = [p for p in problems if p.fatal]
    assert [p.kind for p in fatal] == ["non-optimal"]
    assert str(fatal[0].board) == text
    assert text in str(fatal[0]) and f"cell {bad}" in str(fatal[0])


def test_missing_position_fails_naming_it() -> None:
    doc = exported("x", "yorgey")
    text = list(doc["moves"])[3]
    del doc["moves"][text]
    fatal = [p for p in audit_doc(doc) if p.fatal]
    assert [p.kind for p in fatal] == ["missing"]
    assert str(fatal[0].board) == text
    assert text in str(fatal[0])


def test_illegal_move_fails_naming_it() -> None:
    doc = exported("o", "yorgey")
    text = "....x...."
    taken = 4
    assert text in doc["moves"]
    doc["moves"][text] = taken
    fatal = [p for p in audit_doc(doc) if p.fatal]
    assert fatal and fatal[0].kind == "illegal"
    assert str(fatal[0].board) == text
    assert "cell 4" in str(fatal[0])


def test_root_move_off_the_board_is_illegal() -> None:
    doc = exported("x", "yorgey")
    doc["moves"]["........."] = 12
    fatal = [p for p in audit_doc(doc) if p.fatal]
    assert [p.kind for p in fatal] == ["illegal"]


def test_slower_wins_are_warnings_not_errors() -> None:
    problems = audit_doc(exported("x", "first"))
    assert problems
    assert all(not p.fatal for p in problems)
    assert {p.kind for p in problems} == {"slower"}
    assert all(str(p).startswith("warning: slower at ") for p in problems)
    # The fast tie-break never wins slower than it could.
    assert audit_doc(exported("x", "fast")) == []


def test_unreached_positions_are_warnings() -> None:
    doc = exported("x", "yorgey")
    doc["moves"]["x...o...."] = 8  # X opens 8 in this map, never 0
    problems = audit_doc(doc)
    assert [p.kind for p in problems] == ["unreached"]
    assert not problems[0].fatal


@pytest.mark.parametrize(
    ("edit", "needle"),
    [
        (lambda d: d.update(format="ttt-maps/strategy@2"), "format"),
        (lambda d: d.pop("player"), "player"),
        (lambda d: d.update(player="z"), "'z'"),
        (lambda d: d.update(root="x"), "cells"),
        (lambda d: d.update(moves=[]), "moves"),
        (lambda d: d["moves"].update({"xx.......": 3}), "illegal position"),
        (lambda d: d["moves"].update({".........": "8"}), "cell number"),
        (lambda d: d.update(geometry="banana"), "geometry"),
    ],
)
def test_malformed_files_are_usage_errors(edit: Any, needle: str) -> None:
    doc = exported("x", "yorgey")
    edit(doc)
    with pytest.raises(UsageError) as err:
        load_strategy(json.dumps(doc), source="s.json")
    assert needle in str(err.value)
    assert "s.json" in str(err.value)


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"x"'])
def test_not_a_strategy_at_all(text: str) -> None:
    with pytest.raises(UsageError, match=r"s\.json"):
        load_strategy(text, source="s.json")


@pytest.mark.parametrize(
    ("why", "needle"),
    [
        ([], '"why" must be an object of reasons by board'),
        ({"xx.......": {"code": "win"}}, 'in "why": board'),
        ({".........": {"text": "no code"}}, 'the reason for ......... has no "code"'),
        ({".........": "win"}, 'the reason for ......... has no "code"'),
    ],
)
def test_malformed_reasons_are_usage_errors(why: Any, needle: str) -> None:
    doc = {**exported("x", "yorgey"), "why": why}
    with pytest.raises(UsageError) as err:
        load_strategy(json.dumps(doc), source="s.json")
    assert str(err.value).startswith("s.json: ") and needle in str(err.value)


def test_a_reason_where_the_file_plays_no_move_is_refused() -> None:
    from ttt_maps.audit.strategy import check_reasons

    doc = exported("x", "yorgey")
    doc["why"] = {"x...o....": {"code": "fork"}}  # yorgey opens at 8: no move listed here
    parsed = load_strategy(json.dumps(doc), source="s.json")
    with pytest.raises(
        UsageError, match=r"^s\.json: a reason for x\.\.\.o\.\.\.\., where the file"
    ):
        check_reasons(parsed, "s.json")
    doc["why"] = {".........": {"code": "corner"}}
    doc["moves"]["........."] = 9  # off the board: no legal move to give a reason for
    with pytest.raises(UsageError, match=r"^s\.json: a reason for \.{9}, where the file"):
        check_reasons(load_strategy(json.dumps(doc), source="s.json"), "s.json")
    assert check_reasons(load_strategy(json.dumps(exported("x", "yorgey"))), "s.json") == 0


def test_a_file_of_another_format_or_without_a_policy() -> None:
    doc = exported("x", "yorgey")
    doc["format"] = "other/thing@9"
    with pytest.raises(UsageError, match=r'"format" is .?other/thing@9.?, expected'):
        load_strategy(json.dumps(doc), source="s.json")
    doc = exported("x", "yorgey")
    del doc["policy"]
    assert load_strategy(json.dumps(doc)).policy == ""


def test_a_misere_file_is_read_under_misere_rules() -> None:
    from ttt_maps.game.geometry import Geometry

    misere = Geometry.parse("3x3", "misere")
    doc = json.loads(build_strategy("x", "default", None, misere).to_json())
    assert doc["rules"] == "misere" and load_strategy(json.dumps(doc)).geometry.misere
    doc["geometry"] = "3x3"  # as a person writes it: the rules in their own field
    assert load_strategy(json.dumps(doc)).geometry == misere
