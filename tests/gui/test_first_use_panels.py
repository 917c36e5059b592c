"""Issue 17, first use of the side panels, the phase bar and the dialogs, driven through the real widgets."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from aslgui.geometry import parse_spine
from aslgui.model import load_scenario
from aslgui.rules.dice import DiceRoller
from aslgui.rules.gestures import Gesture, gestures_for_drop
from aslgui.ui.rehearsal.phase import NO_ATTACKER
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow
from aslgui.ui.window.new_scenario import NewScenarioDialog

pytestmark = pytest.mark.gui


def fire_gesture_demo(window: MainWindow) -> Gesture:
    """The demo's 57LL AT firing at the PzKpfw IIIG in 4E9."""
    drop = gestures_for_drop(window.scenario, "g1", window.scenario.grid.parse("4E9"))
    return next(g for g in drop.gestures if g.kind == "fire")


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


def wheel(widget: QWidget, notches: int = -1) -> None:
    """One real wheel event over the middle of ``widget`` (negative: scrolling down)."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(0, 0), QPoint(0, 120 * notches),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_issue17_4_the_wheel_over_the_properties_panel_changes_no_value_until_a_box_is_focused(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.scene.select_unit("g1")
    ca = window.properties.widgets["ca"]
    rof = window.properties.widgets["rof"]
    assert isinstance(ca, QComboBox) and ca.currentText() == "S/SW"
    qtbot.waitUntil(ca.isVisible)  # a rebuilt form shows its new boxes from the event loop
    window.view.setFocus()
    for _ in range(4):  # scrolling down the panel over the CA box
        wheel(ca)
    assert ca.currentText() == "S/SW" and window.scenario.units["g1"].ca == parse_spine("S/SW")
    assert window.undo_stack.count() == 0
    assert rof is not None and ca.focusPolicy() == Qt.FocusPolicy.StrongFocus
    ca.setFocus(Qt.FocusReason.TabFocusReason)  # tabbed to: now the wheel is for the box
    assert ca.hasFocus()
    wheel(ca)
    assert window.scenario.units["g1"].ca == parse_spine("SW/NW") and window.undo_stack.count() == 1


def test_issue17_4_spin_boxes_in_the_popup_and_the_phase_bar_ignore_an_unfocused_wheel(
    qtbot: QtBot, window: MainWindow
) -> None:
    turn = window.rehearsal.phase_bar.turn
    window.view.setFocus()
    wheel(turn, notches=1)
    assert turn.value() == 1 and window.scenario.turn == 1
    popup = RehearsalPopup(window.scenario, [fire_gesture_demo(window)], DiceRoller(), parent=window)
    qtbot.addWidget(popup)
    popup.show()
    popup.activateWindow()
    qtbot.waitUntil(popup.isActiveWindow)
    acquisition = popup.options["acquisition"]
    assert isinstance(acquisition, QSpinBox)
    wheel(acquisition, notches=1)
    assert acquisition.value() == acquisition.minimum() and acquisition.text() == "gained: 0"  # the rules' reading
    acquisition.setFocus()
    wheel(acquisition, notches=2)
    assert acquisition.value() == 1 and popup.action()["acquisition"] == 1


def test_c3_ex_the_popup_shows_the_acquisition_the_firers_shots_gained(qtbot: QtBot, window: MainWindow) -> None:
    """Left as it is, the Acquisition box says what the rules will read; a player had set Case N by hand."""
    from aslgui.ui.rehearsal.options import option_widgets

    scenario = window.scenario
    gun = scenario.units["g1"]
    scenario.units["g1"] = gun._replace(extra={**gun.extra, "acquired": {"t1": 2}})
    shot = {"kind": "fire", "firer": "g1", "target": "t1"}
    widgets = {key: widget for key, _, widget in option_widgets(scenario, shot)}
    spin = widgets["acquisition"]
    assert isinstance(spin, QSpinBox) and spin.text() == "gained: 2" and spin.value() == spin.minimum()
