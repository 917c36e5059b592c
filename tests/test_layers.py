"""Imports point down only: ui -> rules -> model -> geometry (DESIGN.md section 1)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import aslgui

PACKAGE = Path(aslgui.__file__).parent
#: What each layer must never import (checked on the source, like import-linter).
FORBIDDEN = {
    "geometry": ("PySide6", "shiboken6", "aslgui.model", "aslgui.rules", "aslgui.ui"),
    "model": ("PySide6", "shiboken6", "shapely", "numpy", "aslgui.rules", "aslgui.ui", "aslgui.geometry.shapes"),
    "rules": ("PySide6", "shiboken6", "shapely", "numpy", "aslgui.ui", "aslgui.geometry.shapes"),
}


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
