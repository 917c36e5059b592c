"""Where the plain data files live: ``resources/`` beside the package in a source tree, or
``aslgui/resources`` inside an installed wheel (pyproject's force-include puts it there).

Plain ``os.path`` here: pathlib costs ``aslgui resolve`` ~4 ms of start-up, so it is imported
only when a caller asks for a ``Path``.
"""

from __future__ import annotations

import json
import os
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

_PACKAGE = os.path.dirname(os.path.realpath(__file__))
_INSTALLED = os.path.join(_PACKAGE, "resources")
RESOURCES = _INSTALLED if os.path.isdir(_INSTALLED) else os.path.join(os.path.dirname(_PACKAGE), "resources")


def resource_path(*parts: str) -> Path:
    """Path of a file under ``resources/``."""
    from pathlib import Path

    return Path(RESOURCES, *parts)


def contract_path() -> str:
    """The contract (scenario file, every action kind; docs/contract.md in the repository): a
    wheel carries it as ``aslgui/docs/contract.md`` (pyproject's force-include)."""
    installed = os.path.join(_PACKAGE, "docs", "contract.md")
    return installed if os.path.isfile(installed) else os.path.join(os.path.dirname(_PACKAGE), "docs", "contract.md")


@cache
def load_json(*parts: str) -> Any:
    """A JSON file under ``resources/``, parsed once per process (treat it as read-only)."""
    with open(os.path.join(RESOURCES, *parts), encoding="utf-8") as handle:
        return json.load(handle)
