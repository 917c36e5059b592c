"""Imports point down only: ui -> rules -> model -> vasl -> geometry (DESIGN.md section 1).

``vasl`` (readers of VASL board archives) sits between geometry and model: it may use geometry,
model may use it.  It decodes pixel grids with numpy, imported only inside the functions that
decode, so loading a scenario on plain boards never imports numpy."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import aslgui

PACKAGE = Path(aslgui.__file__).parent
#: What each layer must never import (checked on the source, like import-linter).
FORBIDDEN = {
    "geometry": ("PySide6", "shiboken6", "aslgui.vasl", "aslgui.model", "aslgui.rules", "aslgui.ui"),
    "vasl": ("PySide6", "shiboken6", "shapely", "aslgui.model", "aslgui.rules", "aslgui.ui", "aslgui.geometry.shapes"),
    "model": ("PySide6", "shiboken6", "shapely", "numpy", "aslgui.rules", "aslgui.ui", "aslgui.geometry.shapes"),
    "rules": ("PySide6", "shiboken6", "shapely", "numpy", "aslgui.ui", "aslgui.geometry.shapes"),
}


#: Layers that may use numpy only inside functions (``aslgui resolve`` on plain boards loads them).
LAZY_NUMPY = ("vasl",)


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_down_only(layer: str) -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sorted((PACKAGE / layer).rglob("*.py"))
        for name in imported_modules(path)
        if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN[layer])
    ]
    assert offenders == []
    assert list((PACKAGE / layer).rglob("*.py")), f"layer {layer} has no modules"


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
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in sorted((PACKAGE / layer).rglob("*.py"))
        if any(n == "numpy" or n.startswith("numpy.")
               for n in _module_level_imports(ast.parse(path.read_text(encoding="utf-8"))))
    ]
    assert offenders == []
