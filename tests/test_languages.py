"""Every word in the reader's language: the catalogs, plurals and numbers by CLDR (Babel is
the referee), the language of a request kept to it, reasons, gamebooks, files and pages
in French, German, Spanish and Russian.

Babel reads the catalogs here as the package never does (it reads its ``.po`` files
itself, with no dependency), extracts the messages from the code, and gives CLDR's
plural rules and number formats to check the package's own against.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib.util
import re
import threading
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from typer.testing import CliRunner

from ttt_maps import api
from ttt_maps.backends.svg.tokens import PLACEHOLDER
from ttt_maps.backends.words import COUNTED, LINKED, VIEWER, viewer_words
from ttt_maps.cli.app import app
from ttt_maps.draw.compose import poster_scene
from ttt_maps.draw.sfnt import Font
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Position
from ttt_maps.language import (
    LANGUAGES,
    current,
    decimal,
    from_environment,
    languages,
    number,
    ordinal,
    percent,
    resolve,
    speaking,
    tr,
    tr_n,
)
from ttt_maps.language.catalog import FOLDER, parse, read
from ttt_maps.policy.chains import parse_policy
from ttt_maps.policy.tiebreak import tie_break
from ttt_maps.reasons.explain import CODES, explain

ROOT = Path(__file__).resolve().parent.parent
OTHERS = [code for code in LANGUAGES if code != "en"]


def catalogs_script() -> Any:
    """``scripts/catalogs.py``, which extracts the messages and checks the catalogs."""
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "scripts" / "catalogs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- the catalogs ---------------------------------------------------------------------------


def test_every_message_is_translated_in_every_catalog_with_its_placeholders() -> None:
    """Every message the code says (extracted by Babel) is in each catalog, translated,
    not fuzzy, with the placeholders of its English (``{n}`` may go in a plural form) and
    as many plural forms as the language's CLDR rule has; no catalog keeps a message the
    code no longer says; and the catalogs are the languages there are."""
    script = catalogs_script()
    assert script.codes() == sorted(OTHERS)
    assert script.problems() == []
    assert len(script.template()) > 300  # every surface's words, not a few


def test_the_package_reads_each_catalog_as_babel_does() -> None:
    """The package's own ``.po`` reader (no dependency, for the browser too) finds the
    translations Babel finds, plurals and contexts included."""
    for code in OTHERS:
        with (Path(FOLDER) / f"{code}.po").open("rb") as file:
            babel = read_po(file, locale=code)
        ours = read(code).messages
        expected = {}
        for m in babel:
            if not m.id or m.fuzzy:
                continue
            key = (m.context or "", m.id[0] if isinstance(m.id, tuple) else m.id)
            expected[key] = tuple(m.string) if isinstance(m.id, tuple) else m.string
        assert ours == expected, code


def test_a_missing_or_broken_message_falls_back_to_english() -> None:
    """A catalog that lacks a message, or whose translation names a placeholder that is not
    given, says that message in English and goes on."""
    broken = parse(
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "{player} holds the draw."\nmsgstr "{joueur} tient."\n'
    )
    assert broken.messages == {("", "{player} holds the draw."): "{joueur} tient."}
    from ttt_maps import language

    language.catalog_of.cache_clear()
    real = language.catalog_of
    try:
        language.catalog_of = lambda code: broken  # type: ignore[assignment]
        with speaking("fr"):
            assert tr("{player} holds the draw.", player="X") == "X holds the draw."
            assert tr("{player} wins", player="O") == "O wins"  # missing entirely
            assert tr_n("{n} position", "{n} positions", 3) == "3 positions"
    finally:
        language.catalog_of = real  # type: ignore[assignment]
        language.catalog_of.cache_clear()


def test_an_empty_translation_shows_english_not_a_blank() -> None:
    """A message ``pybabel update`` has just added (its msgstr empty), and a plural with a
    form left empty, are said in English: never an empty string, never another form."""
    fresh = parse(
        'msgid ""\nmsgstr "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : '
        'n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
        'msgid "Undo"\nmsgstr ""\n\n'
        'msgctxt "to the cell"\nmsgid "the centre"\nmsgstr ""\n\n'
        'msgid "{n} position"\nmsgid_plural "{n} positions"\n'
        'msgstr[0] "{n} позиция"\nmsgstr[1] ""\nmsgstr[2] "{n} позиций"\n'
    )
    assert fresh.messages == {}
    from ttt_maps import language

    language.catalog_of.cache_clear()
    real = language.catalog_of
    try:
        language.catalog_of = lambda code: fresh  # type: ignore[assignment]
        with speaking("ru"):
            assert tr("Undo") == "Undo"
            assert language.tr_ctx("to the cell", "the centre") == "the centre"
            assert tr_n("{n} position", "{n} positions", 3) == "3 positions"
    finally:
        language.catalog_of = real  # type: ignore[assignment]
        language.catalog_of.cache_clear()


# -- each language's words: its glossary, its typography, no English left ------------------

GLOSSARIES = ROOT / "ttt_maps" / "language" / "glossary"
#: The concepts every glossary gives one word for.
CONCEPTS = [
    "cell",
    "board",
    "row",
    "column",
    "line",
    "threat",
    "fork",
    "draw",
    "win",
    "loss",
    "move",
    "tie-break",
    "gamebook",
    "misère",
]


def glossary(code: str) -> dict[str, tuple[str, str, list[str]]]:
    """A language's glossary: concept -> (word, the stem its catalog uses, forbidden words)."""
    out: dict[str, tuple[str, str, list[str]]] = {}
    concept = ""
    for raw in (GLOSSARIES / f"{code}.txt").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("~ "):
            word, _, forbidden = out[concept]
            out[concept] = (word, line[2:], forbidden)
        elif line.startswith("- "):
            out[concept][2].append(line[2:])
        else:
            concept, _, word = (part.strip() for part in line.partition("="))
            out[concept] = (word, re.escape(word), [])
    return out


def translations(code: str) -> list[tuple[str, str]]:
    """Every translation of a catalog, each form of a plural apart: (English, translation)."""
    out = []
    for (_, english), said in read(code).messages.items():
        for form in said if isinstance(said, tuple) else (said,):
            out.append((english, form))
    return out


@pytest.mark.parametrize("code", OTHERS)
def test_each_catalog_keeps_to_its_glossary(code: str) -> None:
    """One word per concept: the glossary names every concept, its catalog uses the word,
    and no translation says a word the glossary forbids (``ligne`` for a row in French,
    ``Spielfeld`` for the board in German, ``ряд`` for a row in Russian...)."""
    words = glossary(code)
    assert sorted(words) == sorted(CONCEPTS)
    said = translations(code)
    for concept, (word, stem, forbidden) in words.items():
        assert any(re.search(stem, t, re.I) for _, t in said), (concept, word)
        for pattern in forbidden:
            hits = [t for _, t in said if re.search(pattern, t, re.I)]
            assert hits == [], (concept, pattern, hits)


def test_a_forbidden_word_is_found() -> None:
    """The glossary check can fail: a row said as a line in French is caught."""
    rows = glossary("fr")["row"][2]
    assert any(re.search(p, "Ligne du haut : X, O, vide.", re.I) for p in rows)
    assert not any(re.search(p, "Rangée du haut : X, O, vide.", re.I) for p in rows)
    plies = glossary("de")["move"][2]  # a ply is a move: one word for both
    assert any(re.search(p, "Halbzug 2, 1. Zug von O", re.I) for p in plies)
    assert not any(re.search(p, "2. Zug der Partie (1. Zug von O)", re.I) for p in plies)


#: English words a translation never keeps (the keys and presets, ``first``, ``center``...,
#: and commands stay as a user types them, so they are not here).
ENGLISH_WORDS = re.compile(
    r"\b(the|and|plays?|board|cells?|moves?|wins?|draws?|loses?|rows?|columns?|lines?|"
    r"threats?|forks?|policy|player|reply|replies)\b"
)


@pytest.mark.parametrize("code", OTHERS)
def test_no_english_is_left_in_a_catalog(code: str) -> None:
    said = [t for _, t in translations(code)]
    # Placeholders, command-line options and JSON stay as they are typed.
    typed = re.compile(r"\{[^{}]*\}|--[\w-]+")
    left = [t for t in said if ENGLISH_WORDS.search(typed.sub("", t))]
    assert left == []


#: Each language's quotation marks, and the ones it never uses.
QUOTES = {"fr": "«»", "es": "«»", "ru": "«»", "de": "„“"}


@pytest.mark.parametrize("code", OTHERS)
def test_each_language_sets_its_own_punctuation(code: str) -> None:
    """French puts a no-break space before ; : ! ? and inside « » (so a table never breaks a
    line there); every language quotes with its own marks, never with straight ones."""
    for english, t in translations(code):
        text = re.sub(r"\{[^{}]*\}", "", t)  # placeholders and {"board": cell}
        for mark in "«»„“”":
            assert mark not in text or mark in QUOTES[code], (mark, t)
        if '"' not in english:
            assert '"' not in text, t
        if code == "fr":
            key = " ?" in english  # the terminal game's key ``?``, not a question mark
            assert not re.search(r"[ ][;:!]|« | »" + ("" if key else "|[ ][?]"), t), t
            assert not re.search(r"[\w)»][;!?](?!\S)", t) or "?" in english, t
            assert not re.search(r"[\w)»]:\s", t), t


def test_every_character_of_the_catalogs_is_in_the_shipped_fonts() -> None:
    """A PDF or PNG in any language draws its words from the shipped DejaVu cut, not from
    whatever fonts a machine has (or a browser's Python lacks)."""
    fonts = ROOT / "ttt_maps" / "draw" / "fonts"
    said = set()
    for code in OTHERS:
        for message in read(code).messages.values():
            said.update("".join(message) if isinstance(message, tuple) else message)
    said -= set("\n")
    for name in ("DejaVuSans-Latin.ttf", "DejaVuSans-Bold-Latin.ttf"):
        cmap = Font((fonts / name).read_bytes()).cmap
        assert sorted(c for c in said if ord(c) not in cmap) == [], name
    # The comic's hand for these languages has every letter they use.
    cmap = Font((fonts / "ShantellSans-Cut.ttf").read_bytes()).cmap
    assert sorted(c for c in said if c.isalpha() and ord(c) not in cmap) == []


# -- choosing the language --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("fr", "fr"),
        ("fr_FR.UTF-8", "fr"),
        ("de-AT", "de"),
        ("es_MX", "es"),
        ("RU", "ru"),
        ("en_GB.UTF-8@euro", "en"),
        ("C", "en"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
        ("pt_BR:es:fr", "es"),
    ],
)
def test_a_language_name_resolves_to_a_language_there_is(name: str, code: str) -> None:
    assert resolve(name) == code


def test_an_unknown_language_is_one_line_that_lists_the_ones_there_are() -> None:
    with pytest.raises(UsageError) as caught:
        resolve("klingon", option="--lang")
    said = str(caught.value)
    assert "\n" not in said and said.startswith("--lang 'klingon'")
    assert all(f"{code} ({lang.name})" in said for code, lang in LANGUAGES.items())
    assert languages() == ("en", "fr", "de", "es", "ru")
    assert resolve("klingon", fallback=True) == "en"
    with pytest.raises(UsageError), speaking("xx"):
        pass  # pragma: no cover - never reached


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"}, "es"),
        ({"LANGUAGE": "ru:fr", "LC_ALL": "de_DE.UTF-8"}, "ru"),
        ({"LANGUAGE": "", "LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "en"),
    ],
)
def test_the_environment_names_the_language_as_gettext_reads_it(
    environ: dict[str, str], code: str
) -> None:
    assert from_environment(environ) == code


def test_the_language_in_force_belongs_to_its_request() -> None:
    """``speaking`` sets the language for its body only: nested ones restore, and two
    threads or two tasks at once each keep their own."""
    assert current() == "en"
    with speaking("fr"):
        with speaking("ru"):
            assert tr("draw") == "ничья"
        assert tr("draw") == "nulle"
        with speaking(None):
            assert current() == "fr"
    assert current() == "en" and tr("draw") == "draw"

    said: dict[str, list[str]] = {}
    barrier = threading.Barrier(4)

    def speak(code: str) -> None:
        with speaking(code):
            barrier.wait()
            said[code] = [tr("draw") for _ in range(200)]

    threads = [threading.Thread(target=speak, args=(c,)) for c in OTHERS]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert {code: set(words) for code, words in said.items()} == {
        "fr": {"nulle"},
        "de": {"Remis"},
        "es": {"empate"},
        "ru": {"ничья"},
    }

    async def task(code: str) -> str:
        with speaking(code):
            await asyncio.sleep(0.01)
            return tr("draw")

    async def both() -> list[str]:
        return list(await asyncio.gather(task("de"), task("es")))

    # In a thread of its own: a browser test on this worker may hold a running loop here.
    ran: list[list[str]] = []
    runner = threading.Thread(target=lambda: ran.append(asyncio.run(both())))
    runner.start()
    runner.join()
    assert ran == [["Remis", "empate"]]


# -- plurals and numbers by CLDR --------------------------------------------------------------


@pytest.mark.parametrize("code", OTHERS)
def test_plural_forms_follow_cldr(code: str) -> None:
    """The catalog's rule gives every count of one CLDR category one and the same form, and
    each category its own (Russian: one 1, 21; few 2-4, 22; many 5-20, 11-14); the
    viewer's sample of each category is of that category."""
    rule = Locale.parse(code).plural_form
    form = read(code).plural
    seen: dict[str, set[int]] = {}
    for n in [*range(0, 2000), 1_000_000, 2_000_000, 1_000_001]:
        seen.setdefault(rule(n), set()).add(form(n))
    assert all(len(forms) == 1 for forms in seen.values()), seen
    assert len({next(iter(f)) for f in seen.values()}) == len(seen)
    for category, sample in LANGUAGES[code].plural_samples.items():
        assert rule(sample) == category or (code, category) == ("ru", "other")
    assert set(LANGUAGES[code].plural_samples) >= set(seen)


def test_counts_take_the_form_of_their_number() -> None:
    with speaking("ru"):
        said = [tr_n("{n} position", "{n} positions", n) for n in (1, 2, 5, 11, 21, 22, 111)]
    assert said == [
        "1 позиция",
        "2 позиции",
        "5 позиций",
        "11 позиций",
        "21 позиция",
        "22 позиции",
        "111 позиций",
    ]
    with speaking("fr"):  # CLDR: French says 0 and 1 in the singular
        assert tr_n("{n} position", "{n} positions", 0) == "0 position"
        assert (
            tr_n("{n} position", "{n} positions", 1_000_000) == "1\u202f000\u202f000 de positions"
        )
    assert tr_n("{n} position", "{n} positions", 1) == "1 position"


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_numbers_are_written_as_cldr_writes_them(code: str) -> None:
    """Whole numbers, decimals and percentages as Babel formats them from CLDR; Spanish
    leaves a four-digit number ungrouped (CLDR's minimumGroupingDigits of 2, which Babel
    does not apply)."""
    symbols = Locale.parse(code).number_symbols["latn"]
    with speaking(code):
        for n in (0, 7, 42, 999, 1234, 54321, 255_168, 362_880, 1_000_000, -4096):
            expected = format_decimal(n, locale=code)
            if code == "es" and 1000 <= abs(n) < 10_000:
                expected = expected.replace(symbols["group"], "")
            assert number(n) == expected, n
        assert decimal(0.9641, 3) == format_decimal(0.9641, format="0.000", locale=code)
        pattern = Locale.parse(code).percent_formats[None].pattern
        expected = pattern.replace("#,##0", f"93{symbols['decimal']}5")
        assert percent(0.935, 1) == expected
    assert {c: LANGUAGES[c].group for c in ("fr", "de", "es", "ru")} == {
        "fr": "\u202f",
        "de": ".",
        "es": ".",
        "ru": "\u00a0",
    }


def test_ordinals_of_moves() -> None:
    said = {}
    for code in LANGUAGES:
        with speaking(code):
            said[code] = [ordinal(n) for n in (1, 2, 3, 11, 21)]
    assert said == {
        "en": ["1st", "2nd", "3rd", "11th", "21st"],
        "fr": ["1er", "2e", "3e", "11e", "21e"],
        "de": ["1.", "2.", "3.", "11.", "21."],
        "es": ["1.ª", "2.ª", "3.ª", "11.ª", "21.ª"],
        "ru": ["1-й", "2-й", "3-й", "11-й", "21-й"],
    }


# -- reasons --------------------------------------------------------------------------------


def one_move_per_code() -> dict[str, tuple[Position, int]]:
    """A position and a move for every reason code, found breadth first on the 3x3 board
    (misère for the misère codes)."""
    found: dict[str, tuple[Position, int]] = {}
    for geometry in (STANDARD, STANDARD.with_rules("misere")):
        queue = deque([Position.empty(geometry)])
        seen = set()
        while queue and len(found) < len(CODES):
            board = queue.popleft()
            if board.key in seen or board.is_over:
                continue
            seen.add(board.key)
            for cell in board.moves():
                found.setdefault(explain(board, cell).code, (board, cell))
                queue.append(board.play(cell))
    return found


#: English words no translated reason keeps.
ENGLISH = re.compile(
    r"\b(the|and|wins|blocks|threatens|threat|fork|answers|draws|loses|sooner|keeps|holds|"
    r"avoids|forces|completes|stops|opposite|takes|at once|move)\b"
)


def test_every_reason_code_is_said_in_every_language() -> None:
    """Every code's sentence and brief, in each language: translated (no English word, no
    placeholder left), and starting with the mover as the English does (the gamebook
    says the move, then the rest of its reason)."""
    moves = one_move_per_code()
    assert set(moves) == set(CODES)
    for code, (board, cell) in sorted(moves.items()):
        english = explain(board, cell)
        for lang in OTHERS:
            with speaking(lang):
                why = explain(board, cell)
            assert why.code == code and why.threats == english.threats
            for said, was in ((why.text, english.text), (why.brief, english.brief)):
                assert said != was or (lang == "fr" and said == "centre"), (lang, code, said)
                assert "{" not in said and not ENGLISH.search(said), (lang, code, said)
            mover = board.to_move.upper() + " "
            assert why.text.startswith(mover) == english.text.startswith(mover), (lang, why)


def test_every_tie_break_is_said_in_every_language() -> None:
    """Each key of a chain that can choose, said in each language."""
    chains = [
        "fast",
        "trap",
        "novice",
        "compact",
        "center",
        "corner",
        "edge",
        "last",
        "random:7",
        "rules",
        "book:xkcd",
    ]
    board = Position.empty(STANDARD).play(0).play(4)
    for chain in chains:
        policy = parse_policy(f"{chain},first", STANDARD)
        for position in (Position.empty(STANDARD), board):
            english = tie_break(policy, position).text
            for lang in OTHERS:
                with speaking(lang):
                    said = tie_break(policy, position).text
                assert said != english and "{" not in said, (lang, chain, said)


def reasons_by_shape() -> list[tuple[Position, int]]:
    """A position and a move for every shape of English reason on the 3x3 board under
    both rules: the sentence and the brief with players and numbers masked (so each
    variant of a code is here: "at once", "but O still wins", a misère completion
    forced or thrown away...)."""
    from ttt_maps.reasons.explain import explain_key
    from ttt_maps.solve.registry import solver_for

    shapes: dict[tuple[str, str, str], tuple[Position, int]] = {}
    for geometry in (STANDARD, STANDARD.with_rules("misere")):
        solver = solver_for(geometry)
        queue, seen = deque([Position.empty(geometry)]), set()
        while queue:
            board = queue.popleft()
            if board.key in seen or board.is_over:
                continue
            seen.add(board.key)
            for cell in board.moves():
                why = explain_key(solver, board.key, cell)
                masked = [
                    re.sub(r"\d", "#", re.sub(r"\b[XO]\b", "P", t)) for t in (why.text, why.brief)
                ]
                shapes.setdefault((why.code, *masked), (board, cell))
                queue.append(board.play(cell))
    return list(shapes.values())


#: A marked cell or line in a reason's template (the test's own reading of the marks).
MARK = re.compile(r"\{(\d+(?:-\d+)*)\}")
#: The viewer's quarter turn: the cell numbered ``c`` is drawn where ``QUARTER[c]`` is.
QUARTER = (6, 3, 0, 7, 4, 1, 8, 5, 2)


def turned_marks(template: str, perm: tuple[int, ...]) -> list[str]:
    """The marks of ``template`` with each cell moved by ``perm``, as a sorted list."""
    moved = ("-".join(str(c) for c in sorted(perm[int(n)] for n in m.split("-"))) for m in
             MARK.findall(template))  # fmt: skip
    return sorted(moved)


def test_a_reason_said_in_any_language_is_turned_as_drawn() -> None:
    """Every shape of reason and every tie-break, in every language, is a template whose
    cells are marks, as the English one's: the same marks (a translation may put them in
    another order), read as numbered into its text, and moved by a turn of the board into
    the English turned marks (``whyfacts.plain``, ``turned_template``)."""
    from ttt_maps.reasons.facts import plain, turned_template

    templates = []
    for board, cell in reasons_by_shape():
        english = explain(board, cell)
        for lang in OTHERS:
            with speaking(lang):
                why = explain(board, cell)
            templates.append(why.template)
            assert plain(why.template) == why.text and "[[" not in why.text, (lang, why.text)
            assert "{" not in why.text and not ENGLISH.search(why.text), (lang, why.text)
            assert "{" not in why.brief and not ENGLISH.search(why.brief), (lang, why.brief)
            assert sorted(MARK.findall(why.template)) == sorted(MARK.findall(english.template))
            turned = turned_template(why.template, QUARTER)
            assert sorted(MARK.findall(turned)) == turned_marks(english.template, QUARTER)
            assert "{" not in plain(turned), (lang, turned)
    assert len(templates) >= 4 * 40  # 47 shapes of reason on 3x3
    board = Position.empty(STANDARD).play(0).play(4)
    for chain in ("fast", "trap", "novice", "compact", "center", "corner", "last", "random:7"):
        policy = parse_policy(f"{chain},first", STANDARD)
        for position in (Position.empty(STANDARD), board):
            english = tie_break(policy, position)
            for lang in OTHERS:
                with speaking(lang):
                    choice = tie_break(policy, position)
                templates.append(choice.template)
                assert plain(choice.template) == choice.text, (lang, choice.text)
                turned = turned_template(choice.template, QUARTER)
                assert sorted(MARK.findall(turned)) == turned_marks(english.template, QUARTER)
                assert "{" not in plain(turned) and "[[" not in plain(turned), (lang, turned)
    viewer_reads_templates_as_python(templates, QUARTER)


def viewer_reads_templates_as_python(templates: list[str], perm: tuple[int, ...]) -> None:
    """The viewer's ``asDrawn`` (why.js, run in Node) says each template on a board
    turned by ``perm`` as ``plain(turned_template(...))`` does."""
    import json
    import subprocess

    from conftest import need_tool

    from ttt_maps.reasons.facts import plain, turned_template

    node = need_tool("node", "nodejs")
    source = (ROOT / "ttt_maps" / "backends" / "viewer" / "why.js").read_text(encoding="utf-8")
    found = re.search(r"const asDrawn = (.*?\),\n\s*\);)", source, re.S)
    assert found, "why.js has no asDrawn"
    script = (
        f"const PERM = {json.dumps(list(perm))};\n"
        "const screenCell = (c) => PERM[c];\n"
        f"const asDrawn = {found[1]}\n"
        "const given = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n"
        "process.stdout.write(JSON.stringify(given.map(asDrawn)));\n"
    )
    ran = subprocess.run(
        [node, "-e", script], input=json.dumps(templates), capture_output=True, text=True,
        check=True, timeout=60,
    )  # fmt: skip
    said = json.loads(ran.stdout)
    assert said == [plain(turned_template(t, perm)) for t in templates]


# -- the gamebook ---------------------------------------------------------------------------

MOVE = re.compile(r"^\*\*[XO] .*?\((\d+)\)")
REPLY = re.compile(r"^- [XO] .*?\((\d+)\).*?(?:\[§(\d+)\]\(#s(\d+)\))?\.$")
POSITION = re.compile(r"`([xo.]+)`")


def book_outline(text: str) -> dict[int, tuple[str, int, list[tuple[int, int | None]]]]:
    """A Markdown gamebook read as a program would: section -> (position, move, replies
    as (cell, section or None))."""
    sections: dict[int, tuple[str, int, list[tuple[int, int | None]]]] = {}
    number = 0
    position, move = "", -1
    for line in text.splitlines():
        head = re.fullmatch(r"## §(\d+)", line)
        if head:
            number = int(head[1])
            position, move = "", -1
            continue
        if not number:
            continue
        if not position and POSITION.search(line):
            position = POSITION.search(line)[1]  # type: ignore[index]
        elif MOVE.match(line):
            move = int(MOVE.match(line)[1])  # type: ignore[index]
            sections[number] = (position, move, [])
        elif line.startswith("- "):
            found = REPLY.match(line)
            assert found, line
            target = int(found[2]) if found[2] else None
            assert found[2] == found[3]
            sections[number][2].append((int(found[1]), target))
    return sections


@pytest.mark.parametrize(("player", "fold"), [("x", False), ("o", False), ("o", True)])
def test_a_french_gamebook_is_the_english_one_and_replays(player: str, fold: bool) -> None:
    """The French book has the same sections, positions, moves and links as the English,
    and replayed move by move it is right: each reply's section is the position after
    the move and the reply (turned, in a folded book, to one of its symmetric twins)."""
    tree = api.strategy(player, fold=fold)
    english = book_outline(api.gamebook(tree, "md"))
    with speaking("fr"):
        french_text = api.gamebook(tree, "md")
    assert french_text.startswith("---\nlang: fr\n---\n\n# La stratégie de ")
    french = book_outline(french_text)
    assert french == english and len(french) > 100
    for position, move, replies in french.values():
        board = Position.parse(position).play(move)
        for cell, target in replies:
            after = board.play(cell)
            if target is None:
                assert after.is_over or board.is_over
                continue
            seen = Position.parse(french[target][0])
            twins = {after.transformed(p) for p in STANDARD.symmetries} if fold else {after}
            assert seen in twins, (position, move, cell, target)


def test_x_gamebook_opens_in_every_language() -> None:
    """The plain-text book in each language: its heading, how to read it, and section 1
    with the board said row by row and O's replies, none in English."""
    tree = api.strategy("x")
    for lang in OTHERS:
        with speaking(lang):
            text = api.gamebook(tree, "txt")
        head = text.split("\n\n")[:4]
        assert not any(ENGLISH.search(part) for part in head), (lang, head)
        assert "109" in head[2] and "(0)" not in head[3]


# -- files and pages ------------------------------------------------------------------------


def test_files_say_their_language(tmp_path: Path) -> None:
    """SVG ``lang`` and ``xml:lang``, PDF ``/Lang``, HTML ``lang`` and the Markdown book's
    front matter, from the language in force (English too)."""
    tree = api.strategy("x", depth=2)
    for lang in ("en", "ru"):
        with speaking(lang):
            svg = api.save(tree, tmp_path / f"{lang}.svg").read_text(encoding="utf-8")
            pdf = api.save(tree, tmp_path / f"{lang}.pdf").read_bytes()
            html = api.save(tree, tmp_path / f"{lang}.html").read_text(encoding="utf-8")
        root = re.match(r"<svg [^>]*>", svg)[0]  # type: ignore[index]
        assert f' lang="{lang}"' in root and f' xml:lang="{lang}"' in root
        assert f"/Lang ({lang})".encode() in pdf
        assert f'<html lang="{lang}">' in html
    assert "Карта для X" in svg and "Map for" not in svg


def svg_lang(svg: str) -> str:
    """The language an SVG file says it is in."""
    return re.search(r'<svg [^>]*\blang="([^"]+)"', svg)[1]  # type: ignore[index]


def test_the_language_is_one_option_on_the_command_line(tmp_path: Path) -> None:
    """``--lang`` wins over the environment, which wins over English; a language
    ttt-maps does not speak is one line that lists the ones it does (the environment's
    is English instead: a shell is not an error)."""
    runner = CliRunner()
    cases = (
        (["--lang", "fr"], {"LANGUAGE": "de"}, "fr"),
        ([], {"LANGUAGE": None, "LC_ALL": None, "LANG": "ru_RU.UTF-8"}, "ru"),
        ([], {"LANGUAGE": "it_IT:es"}, "es"),
        ([], {"LANGUAGE": "it"}, "en"),
    )
    for n, (flags, env, says) in enumerate(cases):
        out = tmp_path / f"{n}.svg"
        result = runner.invoke(app, ["render", "--depth", "1", *flags, "-o", str(out)], env=env)
        assert result.exit_code == 0, result.stderr
        assert svg_lang(out.read_text(encoding="utf-8")) == says, (flags, env)
    refused = runner.invoke(app, ["render", "--lang", "it", "-o", str(tmp_path / "it.svg")])
    assert refused.exit_code == 2 and not (tmp_path / "it.svg").exists()
    assert refused.stderr.count("\n") == 1 and "--lang 'it': not a language" in refused.stderr
    solved = runner.invoke(app, ["solve", "x........", "--lang", "es"])
    assert solved.exit_code == 0 and "Le toca a o: empate" in solved.stdout, solved.stdout


def test_the_language_is_one_option_in_python_and_on_the_page() -> None:
    """``lang=`` on the API's functions, a game and a comparison keep theirs; the
    playground reads ``lang`` from its address and shows ``--lang`` in its command."""
    import json

    from ttt_maps.integrations.playground import answer

    tree = api.strategy("x", depth=1)
    assert svg_lang(str(api.render(tree, "svg", lang="de"))) == "de"
    assert svg_lang(str(api.render(tree, "svg"))) == "en"
    with pytest.raises(UsageError, match="lang='it': not a language"):
        api.render(tree, "svg", lang="it")
    french, english = api.new_game("x", lang="fr"), api.new_game("x")
    assert current() == "en" and french.lang == "fr"
    assert french.verdict() != english.verdict() and french.cell_name(4) == "centre"
    assert english.cell_name(0) == "top-left corner" and french.cell_name(0) != english.cell_name(0)
    page = json.loads(answer("map", "depth=1&lang=ru"))
    assert ' lang="ru">' in page["html"].split("<head>", 1)[0] and "--lang ru" in page["command"]
    assert svg_lang(json.loads(answer("svg", "depth=1&lang=ru"))["svg"]) == "ru"
    assert json.loads(answer("map", "lang=xx"))["error"].startswith("ttt-maps: error: --lang 'xx'")


def test_the_ids_of_a_map_do_not_depend_on_its_language_tag() -> None:
    """The tag is left out of the hash an SVG's ids come from: a map kept the ids it had
    before its file said its language."""
    tagged = api.render(api.strategy("x", depth=1), "svg")
    assert isinstance(tagged, str)
    ident = re.search(r'id="(t[0-9a-f]{5})"', tagged)[1]  # type: ignore[index]
    untagged = tagged.replace(' lang="en"', "", 1).replace(' xml:lang="en"', "", 1)
    as_hashed = untagged.replace(ident, PLACEHOLDER)
    assert hashlib.sha256(as_hashed.encode()).hexdigest()[:5] == ident[1:]


def test_the_viewer_carries_its_words_as_data() -> None:
    """The viewer's script says nothing in English of its own; its page carries every
    word, in its language, plural forms by CLDR category."""
    scripts = "".join(
        p.read_text(encoding="utf-8")
        for p in (ROOT / "ttt_maps" / "backends" / "viewer").glob("*.js")
    )
    scripts = re.sub(r"/\*.*?\*/|//[^\n]*", "", scripts, flags=re.S)  # its words, not its notes
    for message in [
        *VIEWER.values(),
        *LINKED.values(),
        *(m for pair in COUNTED.values() for m in pair),
    ]:
        words = re.sub(r"\{\w+\}", "", message).strip(" .:")
        if len(words.split()) >= 2:
            assert words not in scripts, message
    with speaking("ru"):
        words = viewer_words()
    assert words["lang"] == "ru" and words["zoomIn"] == "Приблизить: {board}"
    assert words["replies"] == {
        "one": "{n} ответ.",
        "few": "{n} ответа.",
        "many": "{n} ответов.",
        "other": "{n} ответов.",
    }
    assert words["cells"][4] == "в центр"  # where a move goes: "X ходит в центр"


def test_solve_in_german_as_printed() -> None:
    """A German shell (its ``LANG``, no ``LANGUAGE``) gets German words."""
    shell = {"COLUMNS": "100", "LANGUAGE": None, "LC_ALL": None, "LANG": "de_DE.UTF-8"}
    result = CliRunner().invoke(app, ["solve", "xo......."], env=shell)
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "x am Zug: Sieg in 5 Zügen" in out
    assert "droht mit 6, Zwickmühle bei 4" in out and "to move" not in out
    assert "first: das niedrigste von 3, 4, 6" in out


def test_a_poster_and_stats_say_their_counts_the_languages_way() -> None:
    """The poster's title and small print in French, no English left; the 255,168 games
    of ``stats`` as 255 168 in French and 255.168 in German."""
    with speaking("fr"):
        scene = poster_scene(api.strategy("x"), api.strategy("o"))
    assert scene.lang == "fr"
    assert scene.title == "Carte complète des coups optimaux au morpion"
    assert "109 positions où X choisit" in scene.desc and "Drawn" not in scene.desc
    stats = CliRunner().invoke(app, ["stats", "--lang", "fr"], env={"COLUMNS": "100"})
    assert stats.exit_code == 0 and "255\u202f168" in stats.stdout, stats.stdout
    stats = CliRunner().invoke(app, ["stats"], env={"COLUMNS": "100", "LANGUAGE": "de:fr"})
    assert "255.168" in stats.stdout and "Partien (das Spiel endet bei einem Sieg)" in stats.stdout


@pytest.mark.parametrize("geometry", [Geometry(3, 4, 3)])
def test_a_bigger_board_is_said_too(geometry: Geometry) -> None:
    with speaking("es"):
        assert geometry.in_words() == "el tablero 3x4, donde gana quien hace tres en raya"
        assert (
            geometry.with_rules("misere")
            .in_words()
            .startswith("el tablero 3x4 en versión inversa, donde pierde")
        )
    assert geometry.describe() == "the 3x4 board, three in a row"  # errors stay English


def test_axe_finds_nothing_on_a_french_viewer(chromium: Any, tmp_path: Path) -> None:
    """A French viewer page: ``lang="fr"``, its tree and status line in French, and
    axe-core's WCAG rules find no violation."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    with speaking("fr"):
        path = api.save(api.strategy("x"), tmp_path / "x.html")
    page = chromium.new_page(viewport={"width": 1000, "height": 800})
    try:
        page.goto(path.as_uri())
        page.wait_for_function("document.body.dataset.ready === '1'")
        assert page.evaluate("document.documentElement.lang") == "fr"
        page.focus(".tttv-walk [role=treeitem]")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("window.tttViewer && !window.tttViewer.busy()")
        said = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert said.startswith(
            "X joue dans le coin en haut à gauche → O joue sur le bord du haut. Position\u00a0: "
            "X, O, vide\u202f; rangée vide"
        )
        tree = page.evaluate("document.querySelector('.tttv-walk').getAttribute('aria-label')")
        assert tree == "La carte en arbre de coups\u00a0: parcourez-le avec les flèches"
        result = axe.Axe().run(page)
        assert result.violations_count == 0, [v["id"] for v in result.response["violations"]]
    finally:
        page.close()


def test_what_stays_english(tmp_path: Path) -> None:
    """Values stay values in every language: ``compare --json``'s outcomes, and ``check``'s
    audit (a report for a file's author, as usage errors are); board notation and JSON
    fields and codes never change."""
    found = CliRunner().invoke(app, ["compare", "default", "compact", "--json", "--lang", "fr"])
    exported = CliRunner().invoke(app, ["export", "--player", "x", "--explain", "--lang", "fr"])
    assert found.exit_code == 0 and exported.exit_code == 0
    assert '"outcome": "draw"' in found.stdout and "nulle" not in found.stdout
    assert '"code": "corner"' in exported.stdout and "prend un coin" in exported.stdout
    path = tmp_path / "x.json"
    path.write_text(exported.stdout, encoding="utf-8")
    checked = CliRunner().invoke(app, ["check", str(path)], env={"LANGUAGE": "fr"})
    assert checked.exit_code == 0 and "perfect" in checked.stdout, checked.stdout
