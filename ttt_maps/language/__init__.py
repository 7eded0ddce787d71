"""The reader's language: every word ttt-maps writes for a reader, in English, French,
German, Spanish or Russian.

The language of the request in force is a context variable, as the settings are
(``settings.using``): ``speaking("fr")`` makes it French for the body of a
``with``, in this thread or task only, and restores the one before. Words are
looked up when they are said (``tr``, ``tr_n``, ``tr_ctx``), never kept in a
module constant in one language: a constant is marked with ``N_`` and said
where it is used.

A message is a whole sentence (or a whole label) in English with named
placeholders, ``"{player} blocks {line} at {cell}."``, so a translation can put
its words in its own order. A message a catalog lacks is said in English. The
catalogs are ``.po`` files beside this module (``catalog``); numbers are written
as the language writes them (``number``: 255,168 in English, 255 168 in French
and Russian, 255.168 in German and Spanish, as CLDR has it).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import NamedTuple

from ttt_maps.errors import UsageError, quote
from ttt_maps.language.catalog import Catalog, read


class Language(NamedTuple):
    """A language ttt-maps speaks: its code, its name in itself, how it writes numbers
    (CLDR's symbols: the thousands separator, the decimal mark, the fewest digits
    before a separator is used, and the percent sign's place), and a whole number of
    each of its CLDR plural categories (a browser names the category of a count,
    ``Intl.PluralRules``; the catalog's rule says which form that is)."""

    code: str
    name: str
    group: str
    decimal: str
    min_grouping: int
    percent: str
    plural_samples: dict[str, int]


_ONE_OTHER = {"one": 1, "other": 2}
_ONE_MANY_OTHER = {"one": 1, "many": 1_000_000, "other": 2}
#: Every language, English first (the messages' own); a catalog ``CODE.po`` for each other.
LANGUAGES: dict[str, Language] = {
    "en": Language("en", "English", ",", ".", 1, "{}%", _ONE_OTHER),
    "fr": Language("fr", "français", "\u202f", ",", 1, "{}\u00a0%", _ONE_MANY_OTHER),
    "de": Language("de", "Deutsch", ".", ",", 1, "{}\u00a0%", _ONE_OTHER),
    "es": Language("es", "español", ".", ",", 2, "{}\u00a0%", _ONE_MANY_OTHER),
    "ru": Language(
        "ru", "русский", "\u00a0", ",", 1, "{}\u00a0%", {"one": 1, "few": 2, "many": 5, "other": 5}
    ),
}
#: The messages' own language, spoken when nothing says otherwise.
ENGLISH = "en"

_CURRENT: ContextVar[str] = ContextVar("ttt_maps_language", default=ENGLISH)


def languages() -> tuple[str, ...]:
    """The codes of the languages ttt-maps speaks: ``en``, ``fr``, ``de``, ``es``, ``ru``."""
    return tuple(LANGUAGES)


def current() -> str:
    """The language of the request in force (``en`` outside one)."""
    return _CURRENT.get()


@contextmanager
def speaking(language: str | None, option: str = "lang") -> Iterator[str]:
    """Say everything in ``language`` for the body (``None``: keep the one in force), then
    restore. An unknown language is a ``UsageError`` naming ``option``."""
    if language is None:
        yield _CURRENT.get()
        return
    token = _CURRENT.set(resolve(language, option=option))
    try:
        yield _CURRENT.get()
    finally:
        _CURRENT.reset(token)


def resolve(name: str, *, option: str = "lang", fallback: bool = False) -> str:
    """The language a name means: ``fr``, ``fr_FR.UTF-8``, ``de-AT``, ``C`` and ``POSIX``
    (English), or a list as ``LANGUAGE`` gives it (``fr:de``: the first ttt-maps speaks).

    A name of no language ttt-maps speaks is English with ``fallback`` (what the
    environment says), else a ``UsageError`` that lists the languages there are."""
    for part in str(name).split(":"):
        code = _code(part)
        if code in LANGUAGES:
            return code
    if fallback:
        return ENGLISH
    choices = ", ".join(f"{c} ({lang.name})" for c, lang in LANGUAGES.items())
    why = f"not a language ttt-maps speaks; choose {choices}"
    raise UsageError(f"{option} {quote(name)}: {why}", reason=why)


def _code(name: str) -> str:
    """``fr`` of ``fr_FR.UTF-8@euro``; ``en`` of ``C`` and ``POSIX``."""
    name = name.strip().split("@")[0].split(".")[0]
    if name in ("C", "POSIX"):
        return ENGLISH
    return name.replace("-", "_").split("_")[0].lower()


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of
    ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set; English when
    none is, or when it names no language ttt-maps speaks."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if value:
            return resolve(value, fallback=True)
    return ENGLISH


@cache
def catalog_of(code: str) -> Catalog:
    """The catalog of a language other than English (read once per process)."""
    return read(code)


def N_(message: str) -> str:
    """Mark a message to be said later (a constant): it is translated where it is used."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark a message said in ``context`` later (``tr_ctx(context, message)`` says it)."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted message said later (``tr_n(singular, plural, n)`` says it)."""
    return singular, plural


def tr(message: str, /, **values: object) -> str:
    """``message`` in the language in force, its placeholders filled from ``values``."""
    code = _CURRENT.get()
    if code == ENGLISH:
        return message.format(**values) if values else message
    said = catalog_of(code).messages.get(("", message))
    return _filled(said if isinstance(said, str) else message, message, values)


def tr_ctx(context: str, message: str, /, **values: object) -> str:
    """``message`` as said in ``context`` (the same English can need two translations: a
    cell's name alone, and after "plays")."""
    code = _CURRENT.get()
    if code == ENGLISH:
        return message.format(**values) if values else message
    said = catalog_of(code).messages.get((context, message))
    return _filled(said if isinstance(said, str) else message, message, values)


def tr_n(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of a message for ``n`` things, by the language's plural rule (CLDR's:
    Russian has three forms for whole numbers). ``{n}`` is ``n`` written as the
    language writes numbers, unless ``values`` give it."""
    return tr_ctx_n("", singular, plural, n, **values)


def tr_ctx_n(context: str, singular: str, plural: str, n: int, /, **values: object) -> str:
    """``tr_n`` in a context (``tr_ctx``)."""
    values.setdefault("n", number(n))
    code = _CURRENT.get()
    english = singular if n == 1 else plural
    if code == ENGLISH:
        return english.format(**values)
    book = catalog_of(code)
    forms = book.messages.get((context, singular))
    if not isinstance(forms, tuple):
        return english.format(**values)
    form = book.plural(n)
    return _filled(forms[form] if form < len(forms) else forms[-1], english, values)


def _filled(text: str, english: str, values: Mapping[str, object]) -> str:
    """``text`` with its placeholders filled; the English if a translation names one that
    is not given (a broken catalog never stops a drawing)."""
    if not values:
        return text
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return english.format(**values)


def number(n: int) -> str:
    """A whole number as the language in force writes it: 255,168 in English, 255 168 in
    French (a narrow no-break space) and Russian, 255.168 in German and Spanish
    (Spanish leaves four digits alone: 1234)."""
    lang = LANGUAGES[_CURRENT.get()]
    digits = str(abs(n))
    if len(digits) >= 3 + lang.min_grouping:
        head = len(digits) % 3 or 3
        groups = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
        digits = lang.group.join(groups)
    return f"-{digits}" if n < 0 else digits


def decimal(x: float, places: int) -> str:
    """``x`` with ``places`` decimals, as the language writes it: 0.964, 0,964."""
    text = f"{abs(x):.{places}f}"
    whole, _, part = text.partition(".")
    said = number(int(whole)) + (LANGUAGES[_CURRENT.get()].decimal + part if part else "")
    return f"-{said}" if x < 0 and text.strip("0.") else said


def percent(x: float, places: int) -> str:
    """``x`` as a percentage with ``places`` decimals: 93.5% in English, 93,5 % in French."""
    if _CURRENT.get() == ENGLISH:
        return f"{x:.{places}%}"
    return LANGUAGES[_CURRENT.get()].percent.format(decimal(x * 100, places))


def and_list(items: list[str]) -> str:
    """``a, b and c`` in the language in force."""
    if len(items) == 1:
        return items[0]
    return tr("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def ordinal(n: int) -> str:
    """``n`` as an ordinal of a move, as the language in force writes it: ``3rd`` in
    English, ``3e`` (``1er``) in French, ``3.`` in German, ``3.ª`` in Spanish (a
    ``jugada``), ``3-й`` in Russian (a ``ход``, as the subject of a sentence)."""
    code = _CURRENT.get()
    if code == "fr":
        return "1er" if n == 1 else f"{n}e"
    if code == "de":
        return f"{n}."
    if code == "es":
        return f"{n}.ª"
    if code == "ru":
        return f"{n}-й"
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"
