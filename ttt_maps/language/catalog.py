"""A translation catalog read from its ``.po`` file: the messages and the plural rule.

The package ships ``.po`` sources only and reads them as they are (no compiled
``.mo`` to keep fresh, no dependency: it runs in a browser's Python too). A
message whose translation is empty (as ``pybabel update`` leaves a new one), a plural
with any form empty, or one marked fuzzy is left out, so the English shows instead.
The plural rule is the catalog's own ``Plural-Forms`` header, the C expression
gettext uses (CLDR's rules, as Babel writes them).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from gettext import c2py  # a plural rule's C expression, read as gettext does
from typing import NamedTuple

#: A message's key: its context ("" for none) and its English text.
Key = tuple[str, str]

#: The folder of the catalogs, ``fr.po`` and the rest.
FOLDER = os.path.dirname(__file__)


class Catalog(NamedTuple):
    """One language's translations: ``messages`` by key (a plural message's value is its
    forms, in the rule's order), and ``plural``, which form a count takes."""

    messages: dict[Key, str | tuple[str, ...]]
    plural: Callable[[int], int]
    headers: dict[str, str]


def english_plural(n: int) -> int:
    return 0 if n == 1 else 1


def path_of(language: str) -> str:
    return os.path.join(FOLDER, f"{language}.po")


def read(language: str) -> Catalog:
    """The catalog of ``language`` (``fr``) from its file beside this module."""
    with open(path_of(language), encoding="utf-8") as file:
        return parse(file.read())


def parse(text: str) -> Catalog:
    """A catalog from the text of a ``.po`` file."""
    messages: dict[Key, str | tuple[str, ...]] = {}
    headers: dict[str, str] = {}
    for entry in _entries(text):
        if "msgid" not in entry.fields:
            continue
        context = entry.fields.get("msgctxt", "")
        msgid = entry.fields["msgid"]
        if msgid == "" and not context:
            headers = _headers(entry.fields.get("msgstr", ""))
            continue
        if "fuzzy" in entry.flags:
            continue
        if "msgid_plural" in entry.fields:
            count = sum(1 for name in entry.fields if name.startswith("msgstr["))
            forms = tuple(entry.fields.get(f"msgstr[{i}]", "") for i in range(count))
            if forms and all(forms):  # a form left empty would shift the others: all or none
                messages[(context, msgid)] = forms
        elif entry.fields.get("msgstr"):
            messages[(context, msgid)] = entry.fields["msgstr"]
    plural: Callable[[int], int] = english_plural
    rule = headers.get("Plural-Forms", "")
    if "plural=" in rule:
        expression = rule.split("plural=", 1)[1].strip().rstrip(";")
        plural = c2py(expression)
    return Catalog(messages, plural, headers)


class _Entry(NamedTuple):
    flags: frozenset[str]
    fields: dict[str, str]


def _entries(text: str) -> list[_Entry]:
    """The entries of a ``.po`` file: each one's flags and its fields, strings joined."""
    out: list[_Entry] = []
    flags: set[str] = set()
    fields: dict[str, str] = {}
    field = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if fields:  # a comment starts the next entry
                out.append(_Entry(frozenset(flags), fields))
                flags, fields, field = set(), {}, ""
            if line.startswith("#,"):
                flags.update(f.strip() for f in line[2:].split(","))
            continue
        if line.startswith('"'):
            fields[field] += _string(line)
            continue
        name, _, value = line.partition(" ")
        if (name in ("msgctxt", "msgid") and name in fields) or (name == "msgctxt" and fields):
            out.append(_Entry(frozenset(flags), fields))
            flags, fields = set(), {}
        field = name
        fields[field] = _string(value.strip())
    if fields:
        out.append(_Entry(frozenset(flags), fields))
    return out


#: The escapes a ``.po`` string uses.
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _string(quoted: str) -> str:
    """A ``.po`` string's text, its escapes undone."""
    body = quoted[1:-1] if len(quoted) > 1 and quoted[0] == quoted[-1] == '"' else quoted
    if "\\" not in body:
        return body
    out: list[str] = []
    i = 0
    while i < len(body):
        char = body[i]
        if char == "\\" and i + 1 < len(body):
            out.append(_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(char)
            i += 1
    return "".join(out)


def _headers(text: str) -> dict[str, str]:
    headers = {}
    for line in text.splitlines():
        name, sep, value = line.partition(":")
        if sep:
            headers[name.strip()] = value.strip()
    return headers
