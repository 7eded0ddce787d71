"""The house: stage packages in flow order, no import circles, drawing that reads only the tree.

Every import in ``ttt_maps`` is read with ``ast`` (at the top of a module, inside
a function, under ``TYPE_CHECKING``, and ``import_module("ttt_maps...")``), and
the rule is:

- a module imports only from its own stage or an earlier one, in the order of
  ``STAGES`` (the shared base, game, solve, then what reads the solved game: reasons,
  policy, trees, gamebooks, play, tables, audit and counts; draw, backends,
  compare, the API, integrations, cli, then the package's public face);
- the drawing stages never ask the solver: ``draw`` imports nothing from
  ``solve``, and ``backends`` nothing of the game at all (only the scene);
- no import circle, however lazy.
- imports sit at the top of a module; one stays inside a function only for an
  optional or heavy dependency, and says why in a ``# lazy:`` comment;
- nothing of the package is dead (vulture finds nothing unused).

The checks run on a copy with a planted bad import too, so they can fail.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "ttt_maps"

#: Stages in flow order; a module belongs to the first whose prefix it has.
STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("errors", "values", "_version", "settings", "language", "io")),
    ("game", ("game",)),
    ("solve", ("solve",)),
    ("reasons", ("reasons",)),
    ("policy", ("policy",)),
    ("trees", ("trees",)),
    ("gamebooks", ("gamebooks",)),
    ("play", ("play",)),
    ("tables", ("tables",)),
    ("audit", ("audit",)),
    ("counts", ("counts",)),
    ("draw", ("draw",)),
    ("backends", ("backends",)),
    ("compare", ("compare",)),
    ("engine", ("engine",)),
    ("api", ("api",)),
    ("integrations", ("integrations",)),
    ("cli", ("cli",)),
    ("face", ("__init__", "__main__", "sphinx")),
)
#: The stages of the game itself, from its board to its counts.
GAME = ("game", "solve", "reasons", "policy", "trees", "gamebooks", "play", "tables", "audit")
#: Earlier stages a stage must not import although they come before it:
#: drawing reads only the tree, and a backend knows nothing of tic-tac-toe.
FORBIDDEN = {"draw": {"solve"}, "backends": {*GAME, "counts"}}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def stage_of(module: str) -> str:
    parts = module.split(".")
    first = parts[1] if len(parts) > 1 else "__init__"
    for name, prefixes in STAGES:
        if first in prefixes:
            return name
    raise AssertionError(f"{module} belongs to no stage: add it to STAGES")


def _imports(tree: ast.AST, here: str, modules: set[str]) -> Iterator[tuple[str, int]]:
    """(module imported, line) for every import of ours in a module, lazy ones included."""

    def resolve(name: str) -> str:
        # ``from ttt_maps.io import files`` imports the module ttt_maps.io.files.
        while name not in modules and "." in name:
            name = name.rsplit(".", 1)[0]
        return name

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's package upwards
                parent = here.rsplit(".", node.level)[0]
                base = f"{parent}.{base}" if base else parent
            if base.split(".")[0] != "ttt_maps":
                continue
            for alias in node.names:
                yield resolve(f"{base}.{alias.name}"), node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "ttt_maps":
                    yield resolve(alias.name), node.lineno
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and str(node.args[0].value).startswith("ttt_maps")
        ):
            yield resolve(str(node.args[0].value)), node.lineno


def import_graph(root: Path) -> dict[str, dict[str, int]]:
    """module -> {module it imports: first line}, for every module under ``root``."""
    paths = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    modules = set(paths)
    graph: dict[str, dict[str, int]] = {}
    for name, path in paths.items():
        edges: dict[str, int] = {}
        for target, line in _imports(ast.parse(path.read_text(encoding="utf-8")), name, modules):
            if target != name and target in modules:
                edges.setdefault(target, line)
        graph[name] = edges
    return graph


def stage_violations(graph: dict[str, dict[str, int]]) -> list[str]:
    order = [name for name, _ in STAGES]
    found = []
    for module, edges in graph.items():
        if module == "ttt_maps":
            continue  # the package's lazy public names: the face, above everything
        here = stage_of(module)
        for target, line in edges.items():
            there = stage_of(target)
            if order.index(there) > order.index(here) or there in FORBIDDEN.get(here, ()):
                found.append(f"{module}:{line} ({here}) imports {target} ({there})")
    return found


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_every_module_has_a_stage() -> None:
    for module in import_graph(PACKAGE):
        stage_of(module)


def test_imports_follow_the_flow() -> None:
    assert stage_violations(import_graph(PACKAGE)) == []


def test_no_import_circles() -> None:
    assert circles(import_graph(PACKAGE)) == []


def test_the_top_level_is_the_public_face() -> None:
    """Only the public face and small shared modules sit beside the stage packages."""
    top = sorted(p.name for p in PACKAGE.iterdir() if p.suffix == ".py")
    assert top == [
        "__init__.py",
        "__main__.py",
        "_version.py",
        "api.py",
        "errors.py",
        "settings.py",
        "sphinx.py",
        "values.py",
    ]


def test_no_package_has_a_public_name() -> None:
    """Importing ``ttt_maps.gamebooks.book`` sets the attribute ``gamebooks`` of the package:
    a package named ``gamebook`` would replace the API's ``ttt_maps.gamebook`` function."""
    import ttt_maps

    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert packages & set(ttt_maps.__all__) == set()


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    root = tmp_path / "ttt_maps"
    shutil.copytree(PACKAGE, root, ignore=shutil.ignore_patterns("__pycache__", "*.ttf"))
    return root


def _plant(root: Path, module: str, line: str) -> None:
    path = root / module
    path.write_text(path.read_text(encoding="utf-8") + f"\n\ndef _planted() -> None:\n    {line}\n")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("module", "line", "expect"),
    [
        ("draw/layout.py", "from ttt_maps.solve.solver import Solver", "(draw) imports"),
        ("solve/solver.py", "from ttt_maps.draw import layout", "(solve) imports"),
        ("game/position.py", "import ttt_maps.cli.app", "(game) imports"),
        (
            "backends/svg/writer.py",
            "from ttt_maps.game.position import Position",
            "(backends) imports",
        ),
        ("trees/strategy.py", "from ttt_maps import api", "(trees) imports"),
        ("policy/policy.py", "from ttt_maps.trees import strategy", "(policy) imports"),
    ],
)
def test_a_planted_bad_import_is_found(copy: Path, module: str, line: str, expect: str) -> None:
    assert stage_violations(import_graph(copy)) == []
    _plant(copy, module, line)
    found = stage_violations(import_graph(copy))
    assert len(found) == 1 and expect in found[0], found


@pytest.mark.slow
@pytest.mark.parametrize(
    ("module", "line", "circle"),
    [
        (
            "game/geometry.py",
            "from ttt_maps.game import position",
            ("game.geometry", "game.position"),
        ),
        (
            "solve/solver.py",
            'importlib.import_module("ttt_maps.solve.search")',
            ("solve.search", "solve.solver"),
        ),
    ],
)
def test_a_planted_circle_is_found(
    copy: Path, module: str, line: str, circle: tuple[str, ...]
) -> None:
    """Even a lazy import within one stage closes a circle, and is found."""
    assert circles(import_graph(copy)) == []
    _plant(copy, module, line)
    assert circles(import_graph(copy)) == [[f"ttt_maps.{m}" for m in circle]]


# -- one engine: a thin command line, no switches ---------------------------------------

#: What the command line may import besides itself: the public API, the engine the API
#: stands on (the declared options, the request, the files a render writes), the tools it
#: puts in other programs (``docs`` writes the pandoc filter), the errors, the small
#: values, safe files and the version.
CLI_MAY_IMPORT = (
    "ttt_maps.api",
    "ttt_maps.engine",
    "ttt_maps.integrations",
    "ttt_maps.errors",
    "ttt_maps.language",
    "ttt_maps.values",
    "ttt_maps.io",
    "ttt_maps._version",
)


def cli_violations(graph: dict[str, dict[str, int]]) -> list[str]:
    """Imports of the command line that go around the public API."""
    return [
        f"{module}:{line} imports {target}"
        for module, edges in graph.items()
        if stage_of(module) == "cli"
        for target, line in edges.items()
        if stage_of(target) != "cli"
        and not any(target == ok or target.startswith(ok + ".") for ok in CLI_MAY_IMPORT)
    ]


def switches(root: Path) -> list[str]:
    """Module-level switches: a ``global`` statement, or a class whose attribute is set
    from outside it (``_Switch.on = False``) -- settings must travel as parameters."""
    found = []
    for path in sorted(root.rglob("*.py")):
        module = module_name(path, root)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Global):
                found.append(f"{module}:{node.lineno} global {', '.join(node.names)}")
            elif isinstance(node, ast.Assign | ast.AugAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    owner = getattr(getattr(t, "value", None), "id", None)
                    if isinstance(t, ast.Attribute) and owner in classes:
                        found.append(f"{module}:{node.lineno} sets {owner}.{t.attr}")
    return found


def test_the_command_line_is_a_shell_over_the_api() -> None:
    assert cli_violations(import_graph(PACKAGE)) == []


def test_settings_are_parameters_not_module_switches() -> None:
    assert switches(PACKAGE) == []


def test_planted_violations_of_the_engine_rules_are_found(copy: Path) -> None:
    """Each rule fails on a planted violation: a command that goes around the API, and a
    switch class."""
    solve = copy / "cli" / "solve.py"
    solve.write_text(solve.read_text() + "\nfrom ttt_maps.solve.registry import solver_for\n")
    assert cli_violations(import_graph(copy)) == [
        f"ttt_maps.cli.solve:{len(solve.read_text().splitlines())} imports ttt_maps.solve.registry"
    ]
    progress = copy / "io" / "progress.py"
    progress.write_text(
        progress.read_text()
        + "\n\nclass _Switch:\n    on = False\n\n\ndef enable() -> None:\n    _Switch.on = True\n"
    )
    assert switches(copy) == [
        f"ttt_maps.io.progress:{len(progress.read_text().splitlines())} sets _Switch.on"
    ]


# -- each option declared once ------------------------------------------------------------
#
# An option is one row of the table in ``engine/options.py``, and every surface takes it
# from there. A surface that declares one on its own is one of two things, each found
# here: a typer option written by hand (only ``cli/options.py`` makes them, from the
# table), or a hand-kept list of options (a literal naming three or more of them, as the
# old ``recipe.OPTIONS`` did; a class's ``__slots__`` lists its own fields). The API's
# signatures are written out and held to the table by ``tests/test_signatures.py``.

DECLARATIONS = "ttt_maps.engine.options"
#: The one module that turns the table into typer options.
TYPER_MAKER = "ttt_maps.cli.options"


def declared_names(root: Path) -> set[str]:
    """Every name, command-line flag, page key and keyword of the table, read with ``ast``
    from the declaring module (so a planted copy is read as it stands)."""
    tree = ast.parse((root / "engine" / "options.py").read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "Option" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                names.add(first.value)
            for kw in node.keywords:
                if kw.arg in ("cli", "page", "python") and isinstance(kw.value, ast.Constant):
                    words = str(kw.value.value).split()
                    names |= {w.lstrip("-").replace("-", "_") for w in words}
    if not names:
        raise AssertionError("no options in the table")
    return names


def _option_list(node: ast.AST) -> set[str]:
    """The words of a literal that lists options: a tuple, list or set of names alone; a
    dict keyed by flags (``{"--depth": ...}``); or a dict whose values are all names (a
    table of converters, ``{"depth": whole_number}``). A dict of data that happens to
    use an option's name as a key (a JSON document's ``"player"``) is none of these."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        items: list[ast.expr | None] = list(node.elts)
    elif isinstance(node, ast.Dict):
        keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
        flags = all(isinstance(k, str) and k.startswith("--") for k in keys)
        converters = all(isinstance(v, ast.Name) for v in node.values)
        if not (flags or converters):
            return set()
        items = list(node.keys)
    else:
        return set()
    words = {
        i.value.lstrip("-").replace("-", "_")
        for i in items
        if isinstance(i, ast.Constant) and isinstance(i.value, str)
    }
    return words if len(words) == len(items) else set()


def _slots(tree: ast.AST) -> set[int]:
    """The ids of the ``__slots__`` literals of a module's classes."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(getattr(target, "id", "") == "__slots__" for target in node.targets)
    }


def options_declared_elsewhere(root: Path) -> list[str]:
    """Places outside the table that declare an option of their own."""
    names = declared_names(root)
    found = []
    for path in sorted(root.rglob("*.py")):
        module = module_name(path, root)
        if module == DECLARATIONS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        slots = _slots(tree)
        for node in ast.walk(tree):
            # --version is the program's own, in cli/app.py; every other typer option is
            # made from the table.
            by_hand = isinstance(node, ast.Call) and module not in (TYPER_MAKER, "ttt_maps.cli.app")
            if by_hand and ast.unparse(node.func) in ("typer.Option", "typer.Argument"):
                found.append(f"{module}:{node.lineno} makes a typer option by hand")
            words = _option_list(node)
            if len(words) >= 3 and words <= names and id(node) not in slots:
                shown = ", ".join(sorted(words))
                found.append(f"{module}:{node.lineno} keeps a list of options ({shown})")
    return found


def test_options_are_declared_once() -> None:
    assert options_declared_elsewhere(PACKAGE) == []


@pytest.mark.parametrize(
    ("module", "line", "says"),
    [
        (
            "cli/solve.py",
            'X = typer.Option("--shout", help="Louder.")',
            "makes a typer option by hand",
        ),
        (
            "integrations/recipe.py",
            'OPTIONS = {"player": str, "policy": str, "depth": int}',
            "keeps a list of options (depth, player, policy)",
        ),
    ],
)
def test_an_option_declared_elsewhere_is_found(
    copy: Path, module: str, line: str, says: str
) -> None:
    """Each way of declaring an option outside the table fails the rule."""
    assert options_declared_elsewhere(copy) == []
    _plant(copy, module, line)
    found = options_declared_elsewhere(copy)
    assert len(found) == 1 and says in found[0], found


# -- docstrings name files that exist ---------------------------------------------------


def stale_file_names(root: Path) -> list[str]:
    """File names in ``double backquotes`` (``walk.py``) that name no file of the
    repository: a docstring left behind by a rename. A user's ``conf.py`` is theirs."""
    repo = PACKAGE.parent  # the checkout (a planted copy has only the package)
    known = {p.name for p in repo.rglob("*") if ".venv" not in p.parts and p.is_file()}
    known |= {p.name for p in root.rglob("*") if p.is_file()}
    found = []
    for path in sorted(root.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for name in re.findall(r"``([\w./-]+\.(?:py|js|lua|css))``", line):
                if Path(name).name not in known | {"conf.py"}:
                    found.append(f"{module_name(path, root)}:{number} names {name}")
    return found


def test_docstrings_name_files_that_exist(copy: Path) -> None:
    assert stale_file_names(PACKAGE) == []
    _plant(copy, "backends/svg/writer.py", '"""The walk is in ``svgwalk.py``."""')
    assert len(stale_file_names(copy)) == 1


# -- imports at the top -------------------------------------------------------------------
#
# Imports sit at the top of a module. One stays inside a function only for an optional
# or heavy dependency that most runs never need (cairo and Pillow for a PNG, OR-Tools,
# anywidget, platformdirs, which Pyodide lacks, and rich for a progress bar, which the
# playground draws without), or for the module of ours that wraps one; it says why in a
# ``# lazy:`` comment on its line or just above it.

LAZY = "# lazy:"
#: What an import inside a function may import.
MAY_BE_LAZY = ("cairo", "PIL", "ortools", "anywidget", "platformdirs", "rich",
               "ttt_maps.backends.cairo", "ttt_maps.tables.cpsat",
               "ttt_maps.integrations.widget.model")  # fmt: skip


def misplaced_imports(root: Path) -> list[str]:
    """Imports inside a function of anything but ``MAY_BE_LAZY``, or with no ``# lazy:``
    comment on their lines or above."""
    found = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        functions = [
            n
            for n in ast.walk(ast.parse(text))
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        imports = {
            n.lineno: n
            for f in functions
            for n in ast.walk(f)
            if isinstance(n, ast.Import | ast.ImportFrom)
        }
        taken = {i for n in imports.values() for i in range(n.lineno, (n.end_lineno or 0) + 1)}
        for number, node in sorted(imports.items()):
            where = f"{module_name(path, root)}:{number} {lines[number - 1].strip()}"
            named = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            named += [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if not all(any(n == m or n.startswith(m + ".") for m in MAY_BE_LAZY) for n in named):
                found.append(where)
                continue
            if any(LAZY in lines[i - 1] for i in range(number, (node.end_lineno or 0) + 1)):
                continue
            above = number - 1
            while above in taken:  # one comment above a run of lazy imports
                above -= 1
            said = False
            while above > 0 and lines[above - 1].strip().startswith("#"):
                said = said or lines[above - 1].strip().startswith(LAZY)
                above -= 1
            if not said:
                found.append(where)
    return found


def test_imports_sit_at_the_top() -> None:
    assert misplaced_imports(PACKAGE) == []


#: Planted imports inside a function (each in a module of its own) and whether the rule
#: finds them misplaced.
PLANTED_LAZY = (
    ("io/files.py", "import json", True),
    ("game/geometry.py", "import json  # lazy: planted", True),  # not a heavy dependency
    ("draw/scene.py", "# lazy: planted\n    x = 1\n    import cairo", True),  # not the import's
    ("game/symmetry.py", "import cairo  # lazy: planted", False),
    ("solve/solver.py", "# lazy: planted\n    import PIL", False),
    (
        "solve/search.py",
        "# lazy: planted, and a\n    # second line\n    import cairo\n    import ortools",
        False,
    ),
)


def test_a_misplaced_import_is_found(copy: Path) -> None:
    assert misplaced_imports(copy) == []
    for module, line, _ in PLANTED_LAZY:
        _plant(copy, module, line)
    found = {f.split(":")[0] for f in misplaced_imports(copy)}
    assert found == {module_name(copy / m, copy) for m, _, bad in PLANTED_LAZY if bad}


# -- no dead code -------------------------------------------------------------------------
#
# vulture lists what nothing uses: the package's functions, classes and constants, used
# by the package itself, the tests, or a framework (``tests/vulture_whitelist.py``).

TESTS = Path(__file__).resolve().parent


def dead_code(root: Path) -> list[str]:
    """What vulture finds unused in the package at ``root``."""
    found = subprocess.run(
        [sys.executable, "-m", "vulture", str(root), str(TESTS), "--min-confidence", "60"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    inside = str(root) + os.sep
    return [line for line in found.stdout.splitlines() if line.startswith(inside)]


def test_no_dead_code(copy: Path) -> None:
    assert dead_code(copy) == []
    _plant(copy, "game/geometry.py", "return None")
    found = dead_code(copy)
    assert len(found) == 1 and "unused function '_planted'" in found[0], found
