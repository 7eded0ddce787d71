"""Numbers read from environment variables, strictly.

A variable that holds a number (``SOURCE_DATE_EPOCH``, the search limit, the
cache's threshold) takes ASCII digits only: ``str.isdigit`` would accept
``²`` or ``٣``, which ``int`` then refuses or reads as a digit the user
never typed. Anything else is a ``UsageError`` naming the variable (exit 2,
one line); an unset or empty variable means the default.
"""

from __future__ import annotations

import os
import re

from ttt_maps.errors import UsageError, quote

#: Whole numbers as a person types them: ASCII digits, nothing else.
DIGITS = re.compile(r"[0-9]+\Z")
#: The most digits a variable's number may have (a year 9999 in seconds has 12).
MAX_DIGITS = 18


def whole_number(name: str, default: int, *, meaning: str = "a whole number") -> int:
    """The value of ``$name`` as a whole number of ASCII digits, or ``default`` when unset."""
    raw = os.environ.get(name, "")
    text = raw.strip(" \t")
    if not text:
        return default
    if not DIGITS.match(text) or len(text) > MAX_DIGITS:
        raise UsageError(
            f"environment variable {name}={quote(raw, 40)}: expected {meaning} "
            f"(ASCII digits 0-9, at most {MAX_DIGITS})"
        )
    return int(text)
