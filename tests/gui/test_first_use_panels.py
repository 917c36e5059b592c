"""Issue 17, first use of the side panels, the phase bar and the dialogs, driven through the real widgets."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox
from pytestqt.qtbot import QtBot

from aslgui.model import load_scenario
from aslgui.ui.dialogs import NewScenarioDialog
from aslgui.ui.main_window import DEMO_PATH, MainWindow
from aslgui.ui.rehearsal_phase import NO_ATTACKER

pytestmark = pytest.mark.gui


def answer_new_scenario(qtbot: QtBot, attacker: str) -> None:
    """Once the New scenario dialog shows: name, two boards, the ATTACKER typed in, OK."""

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewScenarioDialog)
        dialog.name.setText("Two boards")
        dialog.boards.setText("4, 3")
        dialog.attacker.lineEdit().selectAll()
        qtbot.keyClicks(dialog.attacker.lineEdit(), attacker)
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, fill)


def test_issue17_3_a_new_scenario_has_the_attacker_chosen_and_the_box_shows_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    answer_new_scenario(qtbot, "russian")
    new = next(a for a in window.findChildren(type(window.delete_action)) if a.text() == "&New scenario...")
    new.trigger()
    assert window.scenario.name == "Two boards"
    assert window.scenario.player == "russian"
    box = window.rehearsal.phase_bar.player
    assert box.currentText() == "russian" and box.currentData() == "russian"
    answer_new_scenario(qtbot, "german")
    new.trigger()
    assert window.scenario.player == "german" and box.currentText() == "german"


def test_issue17_3_a_file_without_an_attacker_says_so_until_one_is_chosen(qtbot: QtBot, window: MainWindow) -> None:
    scenario = load_scenario(DEMO_PATH)
    scenario.player = ""
    window.set_scenario(scenario, None)
    box: QComboBox = window.rehearsal.phase_bar.player
    assert box.currentText() == NO_ATTACKER and window.scenario.player == ""
    assert [box.itemText(i) for i in range(box.count())] == [NO_ATTACKER, "german", "russian"]
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Down)  # the next entry: german
    assert window.scenario.player == "german" and box.currentText() == "german"
    assert [box.itemText(i) for i in range(box.count())] == ["german", "russian"]
    window.undo_stack.undo()
    assert window.scenario.player == "" and box.currentText() == NO_ATTACKER


def test_issue17_3_the_dialog_refuses_an_empty_attacker(qtbot: QtBot) -> None:
    dialog = NewScenarioDialog()
    qtbot.addWidget(dialog)
    dialog.attacker.setCurrentText("  ")
    with pytest.raises(Exception, match="ATTACKER"):
        dialog.answer()
    dialog.attacker.setCurrentText("German")
    assert dialog.answer().attacker == "german"
