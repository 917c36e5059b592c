"""Shared test set-up: Qt renders offscreen so GUI tests run on a machine without a screen, and
aslgui's per-user files (settings, board library, caches, autosaves) live in a private folder, so neither a
developer's saved VASL board folders nor their caches change what the tests see."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

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
