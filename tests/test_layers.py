"""What import-linter's contracts (pyproject.toml, run by CI as ``lint-imports``) cannot say:
``vasl`` decodes pixel grids with numpy, imported only inside the functions that decode, so
loading a scenario on plain boards (and ``aslgui resolve`` on one) never imports numpy; and no
module imports the package it is in while that package imports it back (``acyclic_siblings``
compares siblings only, never a package with its own modules; issue 39); and no module grows past
450 lines unless its docstring says why it is one piece."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp
import pytest

import aslgui

PACKAGE = Path(aslgui.__file__).parent
#: Layers that may use numpy only inside functions (``aslgui resolve`` on plain boards loads them).
LAZY_NUMPY = ("vasl",)


def _module_level_imports(tree: ast.Module) -> set[str]:
    """Modules imported at module level, outside ``if TYPE_CHECKING:`` blocks."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", LAZY_NUMPY)
def test_numpy_is_imported_lazily(layer: str) -> None:
    modules = sorted((PACKAGE / layer).rglob("*.py"))
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in modules
        if any(n == "numpy" or n.startswith("numpy.")
               for n in _module_level_imports(ast.parse(path.read_text(encoding="utf-8"))))
    ]
    assert modules, f"layer {layer} has no modules"
    assert offenders == []


def _circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = stack[stack.index(module):]
            del stack[stack.index(module):]
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    """The import graph of aslgui, imports under ``if TYPE_CHECKING:`` aside (issue 39)."""
    return grimp.build_graph("aslgui", exclude_type_checking_imports=True)


def test_no_module_of_aslgui_imports_itself_back(graph: grimp.ImportGraph) -> None:
    """Issue 39: every package reads bottom-up."""
    assert _circles(graph) == []


def test_no_module_imports_the_package_it_is_in(graph: grimp.ImportGraph) -> None:
    """A package's ``__init__`` gathers names for callers; its own modules import where the names
    are defined (``aslgui`` itself holds only the version, which the CLI prints)."""
    upward = sorted((module, imported) for module in graph.modules
                    for imported in graph.find_modules_directly_imported_by(module)
                    if module.startswith(imported + ".") and imported != "aslgui")
    assert upward == []


#: The modules of ``rules`` above its dispatcher: they ask ``resolve``; no resolver does.
ABOVE_DISPATCH = {"aslgui.rules", "aslgui.rules.gestures", "aslgui.rules.odds_hex", "aslgui.rules.move_path"}


def test_the_dispatcher_sits_above_every_resolver(graph: grimp.ImportGraph) -> None:
    importers = graph.find_modules_that_directly_import("aslgui.rules.dispatch")
    assert {module for module in importers if module.startswith("aslgui.rules")} <= ABOVE_DISPATCH


def test_a_circle_is_named() -> None:
    graph = grimp.ImportGraph()
    for importer, imported in (("p", "p.a"), ("p.a", "p"), ("p.a", "p.b"), ("p.b", "q")):
        graph.add_import(importer=importer, imported=imported)
    assert _circles(graph) == [["p", "p.a"]]


#: Issue 39: a module over this many lines says in its docstring why it is one piece, and few do.
MAX_LINES = 450
ONE_PIECE = "one piece by design"
MAX_ONE_PIECE = 2


def _long_modules(root: Path) -> tuple[list[str], list[str]]:
    """(unexplained, explained): the modules under ``root`` over ``MAX_LINES`` lines whose
    docstring lacks ``ONE_PIECE`` (any case), and those whose docstring has it."""
    unexplained: list[str] = []
    explained: list[str] = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > MAX_LINES:
            docstring = ast.get_docstring(ast.parse(text)) or ""
            (explained if ONE_PIECE in docstring.lower() else unexplained).append(str(path.relative_to(root)))
    return unexplained, explained


def test_a_long_module_says_why_it_is_one_piece_and_at_most_two_do() -> None:
    unexplained, explained = _long_modules(PACKAGE)
    assert unexplained == []
    assert len(explained) <= MAX_ONE_PIECE, explained


def test_a_long_module_is_found_unless_its_docstring_says_one_piece(tmp_path: Path) -> None:
    body = "x = 1\n" * MAX_LINES
    (tmp_path / "short.py").write_text(body, encoding="utf-8")  # exactly the limit: not long
    (tmp_path / "plain.py").write_text('"""Drawn."""\n' + body, encoding="utf-8")
    (tmp_path / "why.py").write_text('"""Drawn.\n\nOne piece by design: one table."""\n' + body, encoding="utf-8")
    (tmp_path / "comment.py").write_text("# one piece by design\n" + body, encoding="utf-8")  # not its docstring
    assert _long_modules(tmp_path) == (["comment.py", "plain.py"], ["why.py"])
