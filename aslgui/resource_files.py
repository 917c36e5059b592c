"""Where the plain data files live: ``resources/`` beside the package in a source tree, or
``aslgui/resources`` inside an installed wheel (pyproject's force-include puts it there)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parent
RESOURCES = _PACKAGE / "resources" if (_PACKAGE / "resources").is_dir() else _PACKAGE.parent / "resources"


def resource_path(*parts: str) -> Path:
    """Path of a file under ``resources/``."""
    return RESOURCES.joinpath(*parts)


@cache
def load_json(*parts: str) -> Any:
    """A JSON file under ``resources/``, parsed once per process (treat it as read-only)."""
    with resource_path(*parts).open(encoding="utf-8") as handle:
        return json.load(handle)
