"""The API's signatures are its options: each function's keyword-only parameters are the
ones the options table gives it, with the table's defaults, and nothing else.

An option a function does not take is not in its signature, so Python itself refuses
it; old spellings (``root=``, ``geometry=``) keep working without showing there.
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest

import ttt_maps
from ttt_maps.engine.options import FUNCTIONS, OLD_KEYWORDS, OPTIONS
from ttt_maps.errors import UsageError

#: Where each function of the table lives.
PUBLIC = {name: getattr(ttt_maps, name) for name in FUNCTIONS}
#: Keyword-only parameters that are not options: how a call runs, and what a file is
#: called in messages.
NOT_OPTIONS = {"settings", "source"}


def keyword_only(function: Any) -> dict[str, inspect.Parameter]:
    parameters = inspect.signature(function).parameters.values()
    return {p.name: p for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY}


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_each_signature_is_the_table_s(name: str) -> None:
    """Names and defaults, as the table gives them to the function."""
    takes = FUNCTIONS[name]
    found = keyword_only(PUBLIC[name])
    options = {p: found[p] for p in found if p not in NOT_OPTIONS}
    positional = [
        p
        for p in inspect.signature(PUBLIC[name]).parameters
        if p not in found and p in {o.keywords[0] for o in OPTIONS.values() if o.keywords}
    ]
    assert set(options) == set(takes.names) - set(positional), name
    for option, parameter in options.items():
        assert parameter.default == takes.default(option), (name, option)


def test_every_option_with_a_keyword_is_taken_by_a_function() -> None:
    spelled = {name for name, o in OPTIONS.items() if o.python}
    taken = {name for takes in FUNCTIONS.values() for name in takes.names}
    positional = {"player", "policy", "start", "position", "policies", "chains", "format"}
    assert spelled - taken <= positional | {"search_limit", "cache", "progress"}


def test_an_option_a_function_does_not_take_is_python_s_type_error() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'theme'"):
        ttt_maps.strategy("x", theme="dark")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'depht'"):
        ttt_maps.render(ttt_maps.strategy("x", depth=1), depht=1)  # type: ignore[call-overload]


#: The old spellings users keep, each with the option it is.
OLD = {"root": "start", "geometry": "board"}


def test_the_old_spellings_are_these() -> None:
    assert OLD_KEYWORDS == OLD


@pytest.mark.parametrize(
    "call",
    [
        lambda: ttt_maps.strategy("o", root="x........"),
        lambda: ttt_maps.strategy("o", geometry="3x3", start="x........"),
        lambda: ttt_maps.poster(root="x...o...."),
        lambda: ttt_maps.stats(geometry="3x4k3"),
        lambda: ttt_maps.solve_position("x........", geometry="3x3"),
    ],
)
def test_an_old_spelling_still_works(call: Any) -> None:
    assert call() is not None


def test_two_spellings_of_one_option_are_refused() -> None:
    with pytest.raises(UsageError, match=r"^root= and start= are one option; give one"):
        ttt_maps.strategy("o", start="x........", root="x........")
    with pytest.raises(UsageError, match=r"^geometry= and board= are one option; give one"):
        ttt_maps.stats(board="3x3", geometry="3x3")


def test_a_refusal_names_the_spelling_written() -> None:
    with pytest.raises(UsageError, match=r"^root='xx\.+': illegal position"):
        ttt_maps.strategy("x", root="xx.......")
    with pytest.raises(UsageError, match=r"^geometry='3by3': "):
        ttt_maps.stats(geometry="3by3")
