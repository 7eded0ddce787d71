"""Keep the translation catalogs in step with the code (Babel, from the ``[dev]`` extra).

    python scripts/catalogs.py update   # add new messages to every catalog, drop gone ones
    python scripts/catalogs.py check    # what tests/test_languages.py checks, as a list
    python scripts/catalogs.py new CODE # start the catalog of a new language

The messages are every string the package passes to ``tr``, ``tr_n``, ``tr_ctx``
and ``N_`` (``ttt_maps.language``). A catalog is ``ttt_maps/language/CODE.po``;
its ``Plural-Forms`` header is CLDR's rule for the language, as Babel gives it.
Catalogs name the files a message comes from, without line numbers, so that
moving code does not touch them.
"""

from __future__ import annotations

import ast
import re
import sys
from io import BytesIO
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ttt_maps"
FOLDER = PACKAGE / "language"
#: The functions whose string arguments are messages, as Babel's extractor reads them.
KEYWORDS = {
    "tr": None,
    "tr_ctx": ((1, "c"), 2),
    "tr_n": (1, 2),
    "tr_ctx_n": ((1, "c"), 2, 3),
    "N_": None,
    "NC_": ((1, "c"), 2),
    "NN_": (1, 2),
}
#: The comment a new catalog starts with.
HEADER = """\
# {language} words of ttt-maps: every message a reader meets, in the reader's language.
# Distributed under the same licence as ttt-maps (MIT).
# Placeholders in braces ({{player}}) stay as they are; board notation (x, o, ., cell
# numbers) never changes."""
#: A placeholder of a message: ``{player}``.
PLACEHOLDER = re.compile(r"\{([a-z_]*)\}")


def template() -> Catalog:
    """Every message of the package, as a template catalog."""
    out = Catalog(project="ttt-maps", charset="utf-8")
    found = extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
    )
    for filename, _lineno, message, comments, context in found:
        out.add(
            message,
            locations=[(f"ttt_maps/{filename}", None)],
            auto_comments=comments,
            context=context,
        )
    # Babel's extractor does not look inside f-strings: a message said there is found
    # by reading the code itself, so no message the code says is left out of a catalog.
    have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in out if m.id}
    for filename, message, context in said_in_code():
        key = (context, message if isinstance(message, str) else message[0])
        if key not in have:
            have.add(key)
            out.add(message, locations=[(filename, None)], context=context)
    return out


def said_in_code() -> list[tuple[str, str | tuple[str, str], str | None]]:
    """Every message the package passes as a literal to a function of ``KEYWORDS``,
    wherever the call is (inside an f-string too): its file, its text (a plural's two),
    its context."""
    out: list[tuple[str, str | tuple[str, str], str | None]] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        name = f"ttt_maps/{path.relative_to(PACKAGE).as_posix()}"
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in KEYWORDS:
                continue
            args = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
            context = None
            if node.func.id in ("tr_ctx", "tr_ctx_n", "NC_"):
                context, args = args[0] if args else None, args[1:]
                if not isinstance(context, str):
                    continue
            plural = node.func.id in ("tr_n", "tr_ctx_n", "NN_")
            if plural and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
                out.append((name, (args[0], args[1]), context))
            elif not plural and args and isinstance(args[0], str):
                out.append((name, args[0], context))
    return out


def catalog_path(code: str) -> Path:
    return FOLDER / f"{code}.po"


def codes() -> list[str]:
    return sorted(p.stem for p in FOLDER.glob("*.po"))


def read(code: str) -> Catalog:
    with catalog_path(code).open("rb") as file:
        return read_po(file, locale=code)


def write(code: str, catalog: Catalog) -> None:
    buffer = BytesIO()
    write_po(
        buffer, catalog, width=100, include_lineno=False, omit_header=False, ignore_obsolete=True
    )
    catalog_path(code).write_bytes(buffer.getvalue())


def update() -> None:
    pot = template()
    for code in codes():
        catalog = read(code)
        pot.creation_date = catalog.creation_date  # a date that changes would only add noise
        catalog.update(pot, no_fuzzy_matching=True)
        write(code, catalog)
        print(f"{catalog_path(code).name}: {len(catalog)} messages")


def new(code: str) -> None:
    if catalog_path(code).exists():
        raise SystemExit(f"{catalog_path(code)} exists already")
    catalog = Catalog(
        locale=code,
        header_comment=HEADER.format(language=Locale.parse(code).english_name),
        project="ttt-maps",
        version="",
        msgid_bugs_address="",
        last_translator="ttt-maps developers",
        language_team=Locale.parse(code).english_name,
        charset="utf-8",
        fuzzy=False,
    )
    catalog.update(template(), no_fuzzy_matching=True)
    write(code, catalog)
    print(f"{catalog_path(code)}: {len(catalog)} messages, plural rule {get_plural(code)}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems() -> list[str]:
    """What is missing or wrong in each catalog, one line each."""
    pot = template()
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in pot if m.id}
    out: list[str] = []
    for code in codes():
        catalog = read(code)
        plural = get_plural(code)
        if catalog.plural_expr != plural.plural_expr or catalog.num_plurals != plural.num_plurals:
            out.append(f"{code}: Plural-Forms is not CLDR's ({plural.plural_forms})")
        have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
        for key in sorted(set(wanted) - set(have), key=str):
            out.append(f"{code}: missing {key[1]!r}")
        for key in sorted(set(have) - set(wanted), key=str):
            out.append(f"{code}: no longer used {key[1]!r}")
        for key, message in have.items():
            if key not in wanted:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy or not all(strings):
                out.append(f"{code}: untranslated {key[1]!r}")
                continue
            if len(strings) != (catalog.num_plurals if len(ids) > 1 else 1):
                out.append(f"{code}: {len(strings)} forms of {key[1]!r}")
            names = set().union(*(placeholders(i) for i in ids))
            for s in strings:
                if not placeholders(s) <= names or not placeholders(ids[0]) - {"n"} <= placeholders(
                    s
                ):
                    out.append(f"{code}: placeholders of {key[1]!r} differ in {s!r}")
    return out


def main() -> None:
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "update":
        update()
    elif command == "new" and len(sys.argv) == 3:
        new(sys.argv[2])
    elif command == "check":
        found = problems()
        print("\n".join(found) or "every catalog is complete")
        raise SystemExit(1 if found else 0)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
