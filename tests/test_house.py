"""The house: stage packages in flow order, no import circles, drawing that reads only the tree.

Every import in ``ttt_maps`` is read with ``ast`` (at the top of a module, inside
a function, under ``TYPE_CHECKING``, and ``import_module("ttt_maps...")``), and
the rule is:

- a module imports only from its own stage or an earlier one, in the order of
  ``STAGES`` (the shared base, game, solve, strategies, draw, backends,
  compare, the API, integrations, cli, then the package's public face);
- the drawing stages never ask the solver: ``draw`` imports nothing from
  ``solve``, and ``backends`` nothing of the game at all (only the scene);
- no import circle, however lazy.

The checks run on a copy with a planted bad import too, so they can fail.
"""

from __future__ import annotations

import ast
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "ttt_maps"

#: Stages in flow order; a module belongs to the first whose prefix it has.
STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("errors", "values", "_version", "settings", "io")),
    ("game", ("game",)),
    ("solve", ("solve",)),
    ("strategies", ("strategies",)),
    ("draw", ("draw",)),
    ("backends", ("backends",)),
    ("compare", ("compare",)),
    ("engine", ("engine",)),
    ("api", ("api",)),
    ("integrations", ("integrations",)),
    ("cli", ("cli",)),
    ("face", ("__init__", "__main__", "sphinx")),
)
#: Earlier stages a stage must not import although they come before it:
#: drawing reads only the tree, and a backend knows nothing of tic-tac-toe.
FORBIDDEN = {
    "draw": {"solve"},
    "backends": {"game", "solve", "strategies"},
}


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


def test_no_module_is_long() -> None:
    """Modules are split by concern before they grow past about 400 lines (the viewer too)."""
    files = [*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.js"), *PACKAGE.rglob("*.css")]
    lines = {str(p.relative_to(PACKAGE)): len(p.read_text().splitlines()) for p in files}
    assert {name: n for name, n in lines.items() if n > 420} == {}


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
        ("game/board.py", "import ttt_maps.cli.app", "(game) imports"),
        ("backends/svg/writer.py", "from ttt_maps.game.board import Board", "(backends) imports"),
        ("strategies/tree.py", "from ttt_maps import api", "(strategies) imports"),
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
        ("game/geometry.py", "from ttt_maps.game import board", ("game.board", "game.geometry")),
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


# -- one engine: few parameters, a thin command line, no switches -----------------------

#: What the command line may import besides itself: the public API and the tools it puts
#: in other programs (``docs`` writes the pandoc filter), the errors, the small values,
#: safe files and the version.
CLI_MAY_IMPORT = (
    "ttt_maps.api",
    "ttt_maps.integrations",
    "ttt_maps.errors",
    "ttt_maps.values",
    "ttt_maps.io",
    "ttt_maps._version",
)
#: The most parameters a function takes, outside the commands' signatures (typer reads
#: each option as a parameter) and the public API (keywords users write).
MAX_PARAMETERS = 8


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


def _is_command(node: ast.FunctionDef) -> bool:
    """A typer signature: a function whose parameters are declared as options."""
    names = {getattr(a.annotation, "id", "") for a in [*node.args.args, *node.args.kwonlyargs]}
    return any(n.endswith(("Opt", "Arg")) for n in names) or "Annotated" in ast.unparse(node.args)


def _is_value_constructor(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A value's ``__init__``: every parameter is stored as the field of its name."""
    if node.name != "__init__":
        return False
    stored = {
        t.attr
        for n in ast.walk(node)
        if isinstance(n, ast.Assign)
        for t in n.targets
        if isinstance(t, ast.Attribute) and getattr(t.value, "id", None) == "self"
    }
    for n in ast.walk(node):  # self.__dict__.update(name=...), as frozen values write
        if isinstance(n, ast.Call) and ast.unparse(n.func) == "self.__dict__.update":
            stored |= {k.arg for k in n.keywords if k.arg}
    params = [p.arg for p in [*node.args.args, *node.args.kwonlyargs] if p.arg != "self"]
    return set(params) <= stored


def long_signatures(root: Path) -> list[str]:
    """Functions with more than ``MAX_PARAMETERS`` parameters (self and cls not counted),
    apart from a value's constructor, which takes its fields."""
    found = []
    for path in sorted(root.rglob("*.py")):
        module = module_name(path, root)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            a = node.args
            names = [p.arg for p in [*a.posonlyargs, *a.args, *a.kwonlyargs]]
            count = len([n for n in names if n not in ("self", "cls")]) + bool(a.vararg)
            if count <= MAX_PARAMETERS or _is_value_constructor(node):
                continue
            if module == "ttt_maps.api" and not node.name.startswith("_"):
                continue
            if (
                stage_of(module) == "cli"
                and isinstance(node, ast.FunctionDef)
                and _is_command(node)
            ):
                continue
            found.append(f"{module}.{node.name}: {count} parameters")
    return found


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


def test_no_function_takes_more_than_eight_parameters() -> None:
    assert long_signatures(PACKAGE) == []


def test_settings_are_parameters_not_module_switches() -> None:
    assert switches(PACKAGE) == []


def test_planted_violations_of_the_engine_rules_are_found(copy: Path) -> None:
    """Each rule fails on a planted violation: a command that goes around the API, a
    body with nine parameters, and a switch class."""
    solve = copy / "cli" / "solve.py"
    solve.write_text(solve.read_text() + "\nfrom ttt_maps.solve.registry import solver_for\n")
    assert cli_violations(import_graph(copy)) == [
        f"ttt_maps.cli.solve:{len(solve.read_text().splitlines())} imports ttt_maps.solve.registry"
    ]
    board = copy / "game" / "board.py"
    board.write_text(board.read_text() + "\n\ndef wide(a, b, c, d, e, f, g, h, i):\n    pass\n")
    assert long_signatures(copy) == ["ttt_maps.game.board.wide: 9 parameters"]
    progress = copy / "io" / "progress.py"
    progress.write_text(
        progress.read_text()
        + "\n\nclass _Switch:\n    on = False\n\n\ndef enable() -> None:\n    _Switch.on = True\n"
    )
    assert switches(copy) == [
        f"ttt_maps.io.progress:{len(progress.read_text().splitlines())} sets _Switch.on"
    ]
