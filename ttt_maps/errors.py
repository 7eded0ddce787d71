"""Errors a user can cause.

A ``UsageError`` carries one line that names the bad value and what would be
right; the CLI prints it on stderr and exits 2. Anything else is a bug.

What the user typed is quoted with ``quote``, at most ``QUOTE_LIMIT``
characters of it, so a 10,000-character board still makes a one-line,
readable message; ``UsageError`` shortens any longer quotation that slips
through, and folds the message onto one line. Quoting (``repr``) escapes
control characters, so an escape sequence in a value never reaches the
terminal; ``shown`` does the same for the names that ordinary output repeats.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

#: The program's name, as its messages begin.
PROG = "ttt-maps"
#: The most characters of a user's value an error message repeats.
QUOTE_LIMIT = 80
#: A quotation (``repr`` of a string) longer than the limit (compiled by ``re`` when an
#: error is made: every run imports this module, few make one).
_LONG = QUOTE_LIMIT + 1
_LONG_QUOTE = "'([^'\\n]{" + str(_LONG) + ',})\'|"([^"\\n]{' + str(_LONG) + ',})"'


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(str(value))``, cut to ``limit`` characters with ``…`` when longer."""
    text = str(value)
    if len(text) <= limit:
        return repr(text)
    cut = repr(text[:limit])
    return cut[:-1] + "…" + cut[-1]


def shown(value: object) -> str:
    """Text a user gave (a file name, a policy) for a terminal: as it is when every
    character prints, else quoted as ``quote`` does, with control characters, lone
    surrogates and other invisible ones escaped, so none of them reaches the terminal."""
    text = str(value)
    return text if text.isprintable() else repr(text)


def escaped(text: str) -> str:
    """``text`` with every character that does not print (a control character, a lone
    surrogate, a bidirectional override) written as its escape, ``\\x1b``. A space of
    another width (the no-break spaces French sets before a colon and inside a number)
    prints as it is."""
    if text.isprintable():
        return text
    return "".join(c if _prints(c) else repr(c)[1:-1] for c in text)


def _prints(char: str) -> bool:
    """Whether a terminal shows ``char`` as it is: printable, or a space (``Zs``)."""
    return char.isprintable() or unicodedata.category(char) == "Zs"


def error_line(message: str, kind: str = "error") -> str:
    """The one stderr line of a usage error (or a warning), newlines folded, as the
    command line prints it and the playground shows it."""
    text = " ".join(part.strip() for part in str(message).splitlines() if part.strip())
    return f"{PROG}: {kind}: {escaped(text) or 'bad usage'}"


#: What ``UsageError`` folds into one space: line breaks, tabs and runs of spaces, but
#: never a no-break space (French sets one before a colon: ``case\u00a0:``).
_FOLD = re.compile("[ \t\n\r\x0b\x0c\x1c-\x1f\x85\u2028\u2029]+")


def _one_line(text: str) -> str:
    return _FOLD.sub(" ", text).strip(" ")


def _shorten(match: re.Match[str]) -> str:
    body = match.group(1) if match.group(1) is not None else match.group(2)
    mark = "'" if match.group(1) is not None else '"'
    return f"{mark}{body[:QUOTE_LIMIT]}…{mark}"


class UsageError(ValueError):
    """Bad input or usage: a malformed board, an unknown policy, a bad path.

    ``reason`` is what is wrong with the value alone (``illegal position: ...``),
    when the message names the value the way its reader had no hand in
    (``board 'xx.......': ...``): an option given on a surface words it again with
    its own name for the option (``--from``, ``start=``).
    """

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        text = escaped(_one_line(str(message)))
        super().__init__(re.sub(_LONG_QUOTE, _shorten, text) if len(text) > _LONG else text)
        self.reason = None if reason is None else escaped(_one_line(reason))


class Limit(UsageError):
    """A limit found while the work was done (an image or a map too large), and the
    options that would answer: ``template`` names each as ``{depth}``, and ``options``
    gives the value to suggest, or ``None`` for the option alone. Each surface words
    them its own way (``worded``); the message is the command line's."""

    def __init__(self, template: str, /, **options: object) -> None:
        self.template, self.options = template, options
        super().__init__(self.worded(_flag))

    def worded(self, say: Callable[[str, object], str] | None = None) -> str:
        """The message with each option said by ``say(name, value)`` (by default as the
        command line writes it)."""
        if not self.options:
            return self.template
        say = say or _flag
        return self.template.format(**{name: say(name, v) for name, v in self.options.items()})

    def said_as(self, say: Callable[[str, object], str]) -> Limit:
        """The same limit, its message said by ``say`` (another surface may word it
        again: a command's limit reached through the API is said in the command's words)."""
        copy = type(self).__new__(type(self))
        copy.template, copy.options = self.template, self.options
        UsageError.__init__(copy, self.worded(say))
        return copy


def literal(text: object) -> str:
    """Text put into a ``Limit``'s template as it is (its braces doubled)."""
    return str(text).replace("{", "{{").replace("}", "}}")


def _flag(name: str, value: object) -> str:
    """An option as the command line writes it: ``--depth 3``, ``--width``."""
    flag = "--" + name.replace("_", "-")
    return flag if value is None else f"{flag} {value}"


def bad_value(noun: str, value: object, reason: str) -> UsageError:
    """``board 'xx': illegal position: ...``: a bad value named by what it is, and why."""
    return UsageError(f"{noun} {quote(value)}: {reason}", reason=reason)


class Stopped(BaseException):
    """A stop signal arrived (Ctrl-C, ``kill``, a hang-up): unwind, clean up, exit.

    A ``BaseException``, like ``KeyboardInterrupt``, so that no ``except
    Exception`` swallows it and every ``finally`` (a temporary file's removal)
    runs on the way out.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class OutputFailed(BaseException):
    """Standard output could not be written (a full disk, a closed or broken pipe).

    Raised past the command-line library, which would otherwise turn a broken
    pipe into its own exit status, to the entry point, which says so in one line.
    """

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error
