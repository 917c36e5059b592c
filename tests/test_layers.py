"""What import-linter's contracts (pyproject.toml, run by CI as ``lint-imports``) cannot say:
``vasl`` decodes pixel grids with numpy, imported only inside the functions that decode, so
loading a scenario on plain boards (and ``aslgui resolve`` on one) never imports numpy."""

from __future__ import annotations

import ast
from pathlib import Path

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
