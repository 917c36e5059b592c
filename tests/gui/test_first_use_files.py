"""Issue 17.15, files: a save name every system accepts, and a recovery question that never
deletes autosaves unless the player says so."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from aslgui.model import load_scenario
from aslgui.model.autosave import Autosaver, Session
from aslgui.resource_files import resource_path
from aslgui.ui.widgets.dialogs import FileDialog, MessageBox, file_name_for
from aslgui.ui.window.autosave import AutosaveController, RecoveryDialog
from aslgui.ui.window.main_window import MainWindow

pytestmark = pytest.mark.gui


def test_issue17_15_save_as_suggests_a_name_without_a_colon(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(FileDialog, "save_path", classmethod(lambda cls, parent, suggestion: asked.append(suggestion)))
    save_as = next(a for a in window.findChildren(type(window.delete_action)) if a.text() == "Save &as...")
    save_as.trigger()
    assert window.scenario.name == "Demo: a Russian 57LL AT Gun covers the road (C3.2)"
    assert Path(asked[0]).name == "Demo - a Russian 57LL AT Gun covers the road (C3.2).json"
    assert Path(asked[0]).parent == Path.home()


@pytest.mark.parametrize(("title", "name"), [
    ("A/B <test>?", "A - B - test.json"),
    ("Kampfgruppe Peiper: day 2...", "Kampfgruppe Peiper - day 2.json"),
    ("", "scenario.json"),
    (" : ", "scenario.json"),
    ("con", "con scenario.json"),
    ("Line\ttwo", "Line - two.json"),
])
def test_issue17_15_file_names_every_system_accepts(title: str, name: str) -> None:
    assert file_name_for(title) == name
    assert not set(name) & set('<>:"/\\|?*')


def crash_with_autosaves(folder: Path, turns: list[int]) -> Autosaver:
    """A killed session's leftovers: autosaves and the marker of a process that is gone."""
    gone = Autosaver(str(folder), session=Session(0, 1))  # pid 0: no process of ours
    gone.start_session()
    scenario = load_scenario(resource_path("scenarios", "demo.json"))
    for turn in turns:
        scenario.turn = turn
        gone.save(scenario)
    return Autosaver(str(folder))


def answer_recovery(qtbot: QtBot, button: str) -> list[str]:
    """Once the recovery dialog shows, read its buttons and press the one named ``button``."""
    seen: list[str] = []

    def press() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, RecoveryDialog)
        seen.extend(b.text() for b in (dialog.reopen_button, dialog.keep_button, dialog.delete_button))
        if button == "escape":
            qtbot.keyClick(dialog, Qt.Key.Key_Escape)
        else:
            qtbot.mouseClick(getattr(dialog, f"{button}_button"), Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, press)
    return seen


@pytest.mark.parametrize("button", ["keep", "escape"])
def test_issue17_15_keep_or_escape_after_a_crash_deletes_nothing(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, button: str
) -> None:
    told: list[str] = []
    monkeypatch.setattr(MessageBox, "info", classmethod(lambda cls, parent, title, text: told.append(text)))
    saver = crash_with_autosaves(tmp_path, [1, 2])
    seen = answer_recovery(qtbot, button)
    assert AutosaveController(QApplication.instance(), lambda: load_scenario(
        resource_path("scenarios", "demo.json")), lambda: False, saver).start() is None
    assert seen == ["Reopen the selected copy", "Keep them for later", "Delete all 2"]
    kept = sorted(tmp_path.glob("kept-autosave-*.json"))
    assert [load_scenario(path).turn for path in kept] == [1, 2]
    assert saver.recoverable() == [] and str(tmp_path) in told[0]
    for _ in range(6):  # this session's autosaves rotate without touching the kept ones
        saver.save(load_scenario(resource_path("scenarios", "demo.json")))
    assert sorted(tmp_path.glob("kept-autosave-*.json")) == kept


def test_issue17_15_only_the_delete_button_deletes_the_autosaves(qtbot: QtBot, tmp_path: Path) -> None:
    saver = crash_with_autosaves(tmp_path, [3])
    seen = answer_recovery(qtbot, "delete")
    assert AutosaveController(QApplication.instance(), lambda: load_scenario(
        resource_path("scenarios", "demo.json")), lambda: False, saver).start() is None
    assert seen[2] == "Delete it"
    assert list(tmp_path.glob("*autosave-*.json")) == []


def test_issue17_15_reopen_picks_the_selected_copy(qtbot: QtBot, tmp_path: Path) -> None:
    crash_with_autosaves(tmp_path, [1, 4])
    dialog = RecoveryDialog(None, Autosaver(str(tmp_path), session=Session(0, 1)).recoverable())
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.list.setCurrentRow(1)  # the older one
    qtbot.mouseClick(dialog.reopen_button, Qt.MouseButton.LeftButton)
    assert not isinstance(dialog.choice, str) and dialog.choice is not None
    assert dialog.choice.load().turn == 1
