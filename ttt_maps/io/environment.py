"""Numbers read from environment variables, strictly.

A variable that holds a number (``SOURCE_DATE_EPOCH``, the search limit, the
cache's threshold) takes ASCII digits only: ``str.isdigit`` would accept
``²`` or ``٣``, which ``int`` then refuses or reads as a digit the user
never typed. Anything else is a ``UsageError`` naming the variable (exit 2,
one line); an unset or empty variable means the default.
"""

from __future__ import annotations

import os

from ttt_maps.errors import UsageError, quote

#: The most digits a time's number may have (a year 9999 in seconds has 12), and a
#: budget's (a count of positions or steps, as large as the user likes, up to what
#: Python reads as a whole number).
MAX_DIGITS = 18
BUDGET_DIGITS = 4000
#: ttt-maps' own variables that hold a number, what each counts, and its most digits.
NUMBERS = {
    "TTT_MAPS_SEARCH_LIMIT": ("a number of positions", BUDGET_DIGITS),
    "TTT_MAPS_CACHE_MIN_SEARCH": ("a number of positions", BUDGET_DIGITS),
    "TTT_MAPS_TABLE_LIMIT": ("a number of steps", BUDGET_DIGITS),
    "TTT_MAPS_WRITE_PAUSE": ("whole seconds", MAX_DIGITS),
}


def whole_number(name: str, default: int, *, meaning: str = "a whole number") -> int:
    """The value of ``$name`` as a whole number of ASCII digits, or ``default`` when unset."""
    raw = os.environ.get(name, "")
    text = raw.strip(" \t")
    if not text:
        return default
    most = NUMBERS.get(name, (meaning, MAX_DIGITS))[1]
    if not (text.isascii() and text.isdigit()) or len(text) > most:
        raise UsageError(
            f"environment variable {name}={quote(raw, 40)}: expected {meaning} "
            f"(ASCII digits 0-9, at most {most})"
        )
    return int(text)


def check_numbers() -> None:
    """Every one of ``NUMBERS`` that is set, checked: a command refuses a bad value
    even when it would not read it (a 3x3 map never searches), so a typo in a
    variable never waits for the run that needs it."""
    for name, (meaning, _) in NUMBERS.items():
        whole_number(name, 0, meaning=meaning)
