"""Shared test set-up: Qt renders offscreen so GUI tests run on a machine without a screen, and
aslgui's per-user files (settings, board library, caches, autosaves) live in a private folder, so neither a
developer's saved VASL board folders nor their caches change what the tests see."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_PRIVATE = tempfile.mkdtemp(prefix="aslgui-tests-")
atexit.register(shutil.rmtree, _PRIVATE, ignore_errors=True)  # each run (and xdist worker) its own, gone after
os.environ["ASLGUI_CONFIG_DIR"] = os.path.join(_PRIVATE, "config")
os.environ["ASLGUI_CACHE_DIR"] = os.path.join(_PRIVATE, "cache")
os.environ["ASLGUI_AUTOSAVE_DIR"] = os.path.join(_PRIVATE, "autosave")
os.environ.pop("ASLGUI_VASL_BOARDS", None)
os.environ.pop("ASLGUI_VASL_MODULE", None)
# The Python processes tests start (``python -m aslgui ...``, hundreds in a run) write and reuse
# bytecode as Python does by default: where PYTHONDONTWRITEBYTECODE is set, each of them compiled
# every aslgui module it imported, a third of their CPU time in a run from a fresh clone.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


@pytest.fixture(autouse=True, scope="session")
def private_qt_settings(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Windows made without explicit settings (in tests/gui and tests/robustness alike) keep their
    geometry, docks and remembered folders in a temporary folder, not the developer's ~/.config."""
    from PySide6.QtCore import QSettings

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    folder = str(tmp_path_factory.mktemp("settings"))
    # ``QSettings("aslgui", "aslgui")`` is the native format: its path must be moved too.
    for kind in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        QSettings.setPath(kind, QSettings.Scope.UserScope, folder)


@pytest.fixture
def tall_building(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Any]:
    """Scenarios on board 78, an archive the test writes (``tests/vasl/make_archive``): a two-level
    stone building in 78O6 (levels 0-2, B23) on level-0 ground, a level-1 hill under 78K5 and its
    neighbours. A 4-6-7 with a DC (``s467``) in 78O6 and a 5-2-7 (``s527``) in open ground 78O5,
    unless ``units`` says otherwise; ``top`` replaces top-level keys."""
    from aslgui.model import scenario_from_json
    from aslgui.vasl.library import BOARDS_ENV
    from tests.vasl.make_archive import sample_board

    sample_board(tmp_path, "78", "Stone Building, 2 Level")
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path))

    def scenario(units: list[dict[str, Any]] | None = None, **top: Any) -> Any:
        default = [
            {"id": "s467", "side": "german", "kind": "squad", "name": "4-6-7", "hex": "78O6", "dc": True},
            {"id": "s527", "side": "russian", "kind": "squad", "name": "5-2-7", "hex": "78O5"},
        ]
        return scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": [{"id": "78"}],
                                   "phase": "PFPh", "turn": 1, "player": "german",
                                   "units": default if units is None else units, **top})

    return scenario
