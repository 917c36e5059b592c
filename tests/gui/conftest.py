"""GUI test set-up: offscreen Qt, a window on the demo, settings in a temporary file."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from aslgui.geometry import Hex
from aslgui.model import Scenario, load_scenario
from aslgui.resource_files import resource_path
from aslgui.ui.rehearsal.controller import Rehearsal
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.widgets.dialogs import MessageBox
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow


@pytest.fixture
def errors(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Messages the window would show in an error box (the box itself is not opened)."""
    shown: list[str] = []
    monkeypatch.setattr(
        MessageBox, "error", classmethod(lambda cls, parent, title, text: shown.append(f"{title}: {text}"))
    )
    return shown


@pytest.fixture
def infos(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Messages the window would show in an information box (the box itself is not opened)."""
    shown: list[str] = []
    monkeypatch.setattr(
        MessageBox, "info", classmethod(lambda cls, parent, title, text: shown.append(f"{title}: {text}"))
    )
    return shown


@pytest.fixture(autouse=True)
def no_remembered_folders() -> None:
    """Each test's file dialogs start with no folder remembered by an earlier test (``Folders``
    keeps them in the settings, which the whole session shares)."""
    QSettings("aslgui", "aslgui").remove("folders")


@pytest.fixture(autouse=True)
def no_modal_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Unsaved changes are discarded without asking (a modal box would hang an offscreen run);
    tests that care about the question patch it themselves."""
    monkeypatch.setattr(MessageBox, "ask_save_changes", classmethod(lambda cls, parent, name: "discard"))
    monkeypatch.setattr(MessageBox, "info", classmethod(lambda cls, parent, title, text: None))
    monkeypatch.setattr(MessageBox, "confirm", classmethod(lambda cls, parent, title, text, go_ahead: True))
    monkeypatch.setattr(MessageBox, "offer", classmethod(lambda cls, parent, title, text, yes, no: False))


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, errors: list[str]) -> Iterator[MainWindow]:
    """The main window on the built-in demo, shown and laid out."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(load_scenario(DEMO_PATH), None, settings)
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    win.view.set_zoom(1.0)
    # The offscreen pointer goes to the first window shown under it, and Qt drops a move to where
    # the last one was: a window an earlier test left open, or the pointer left where this test
    # hovers, would take its hover. Only this window is shown, and the pointer starts in a corner.
    for other in QApplication.topLevelWidgets():
        if other is not win and other.isVisible():
            other.close()
    qtbot.mouseMove(win.view.viewport(), QPoint(1, 1))
    yield win


def viewport_point(win: MainWindow, h: Hex, dx: float = 0.0, dy: float = 0.0) -> QPoint:
    """Where the centre of hex ``h`` (plus an offset in map pixels) is on the view's viewport."""
    x, y = win.scenario.grid.center(h)
    point = win.view.mapFromScene(QPointF(x + dx, y + dy))
    if not win.view.viewport().rect().adjusted(40, 40, -40, -40).contains(point):
        win.view.centerOn(QPointF(x, y))
        point = win.view.mapFromScene(QPointF(x + dx, y + dy))
    return point


def example(name: str) -> Scenario:
    """A rulebook example situation from resources/examples."""
    return load_scenario(resource_path("examples", f"{name}.json"))


def answer_popup(answer: Callable[[RehearsalPopup], None]) -> list[RehearsalPopup]:
    """Once the next rehearsal popup shows (in its real modal loop), hand it to ``answer``, which
    reads it and closes it (clicks Commit or Cancel); the popups seen, for later checks. A failed
    check closes the popup too, so the test fails instead of hanging in the loop."""
    seen: list[RehearsalPopup] = []

    def look() -> None:
        popup = QApplication.activeModalWidget()
        if not isinstance(popup, RehearsalPopup):
            raise AssertionError(f"expected the rehearsal popup, the modal widget is {popup!r}")
        seen.append(popup)
        try:
            answer(popup)
        finally:
            if popup.isVisible():
                popup.reject()

    QTimer.singleShot(0, look)
    return seen


def rehearse(window: MainWindow, scenario: Scenario) -> Rehearsal:
    """Show ``scenario`` in the window, in Rehearse mode, with the rehearsal controller on the map."""
    window.set_scenario(scenario, None)
    window.set_mode("rehearse")
    return window.rehearsal
