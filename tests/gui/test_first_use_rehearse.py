"""Issue 17, first use of Rehearse mode: target rings, CA changes through the rules, popups."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from aslgui.geometry import Hex, parse_spine
from aslgui.model.log import read_log
from aslgui.rules.gestures import legal_targets
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import answer_popup, viewport_point

pytestmark = pytest.mark.gui


def press_and_drag(qtbot: QtBot, window: MainWindow, start: Hex, towards: Hex) -> None:
    """Press on a counter's hex and move part of the way to another hex, without letting go."""
    viewport = window.view.viewport()
    begin = viewport_point(window, start)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=begin)
    end = viewport_point(window, towards)
    qtbot.mouseMove(viewport, begin + (end - begin) / 2)


def release(qtbot: QtBot, window: MainWindow, h: Hex) -> None:
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton, pos=viewport_point(window, h))


def test_issue17_5_targets_ring_on_the_first_drag_after_switching_to_rehearse(qtbot: QtBot, window: MainWindow) -> None:
    grid = window.scenario.grid
    window.scene.select_unit("g1")  # selected in Setup, before Rehearse is switched on
    assert window.rehearsal.overlay.shown == {}
    window.mode_actions["rehearse"].trigger()  # the toolbar button
    expected = legal_targets(window.scenario, "g1")
    # the tank ringed legal down the road, the German stack in 4C9 not: the 4D6 woods block its LOS (A6.2)
    assert (expected[grid.parse("4E9")], expected[grid.parse("4C9")]) == (True, False)
    assert window.rehearsal.overlay.shown == expected
    press_and_drag(qtbot, window, grid.parse("4E5"), grid.parse("4E9"))
    assert window.rehearsal.overlay.shown == expected
    answer_popup(lambda popup: popup.reject())  # the drop opens the popup; Cancel
    release(qtbot, window, grid.parse("4E9"))
    assert window.rehearsal.overlay.shown == {}
    # The next drag of the same, still selected, counter rings its targets again.
    press_and_drag(qtbot, window, grid.parse("4E5"), grid.parse("4E9"))
    assert window.rehearsal.overlay.shown == expected
    release(qtbot, window, grid.parse("4E5"))
    window.mode_actions["setup"].trigger()
    assert window.rehearsal.overlay.shown == {} and window.rehearsal.overlay.items == []


def test_issue17_5_target_rings_have_no_fill_so_they_never_read_as_terrain(window: MainWindow) -> None:
    grid = window.scenario.grid
    window.scene.select_unit("g1")
    # Between the tank's counter and its hex's edge: what the terrain shows there.
    beside_tank = window.view.mapFromScene(QPointF(*grid.center(grid.parse("4E9"))) + QPointF(-23, 0))
    terrain = window.view.viewport().grab().toImage().pixelColor(beside_tank)
    window.set_mode("rehearse")
    items = window.rehearsal.overlay.items
    assert window.rehearsal.overlay.shown[grid.parse("4E9")] is True  # ringed legal: in LOS down the road
    assert items and all(item.brush().style() == Qt.BrushStyle.NoBrush for item in items)
    assert max(item.pen().widthF() for item in items) >= 8  # the glow
    assert window.view.viewport().grab().toImage().pixelColor(beside_tank) == terrain


def trigger(window: MainWindow, text: str) -> QAction:
    action = next(a for a in window.findChildren(QAction) if a.text() == text)
    action.trigger()
    return action


def test_issue17_8_in_rehearse_a_refused_ca_change_does_not_turn_the_gun(qtbot: QtBot, window: MainWindow) -> None:
    window.rehearsal.phase_bar.phase_actions["MPh"].trigger()  # C3.22: never in the MPh
    window.scene.select_unit("g1")
    window.mode_actions["rehearse"].trigger()
    seen: list[tuple[str, str, bool]] = []

    def look(popup: RehearsalPopup) -> None:
        seen.append((popup.heading.text(), popup.reasons_label.text(), popup.commit_button.isEnabled()))
        qtbot.mouseClick(popup.buttons.button(popup.buttons.StandardButton.Cancel), Qt.MouseButton.LeftButton)

    for press in ("]", "Turn CA/VCA counter-clockwise"):
        answer_popup(look)
        if press == "]":
            window.view.setFocus()
            qtbot.keyClick(window.view, Qt.Key.Key_BracketRight)
        else:
            trigger(window, press)
        assert window.scenario.units["g1"].ca == parse_spine("S/SW")
    assert [s[0] for s in seen] == ["Change CA to SW/NW (C3.22)", "Change CA to SE/S (C3.22)"]
    assert all("C3.22" in reasons and "MPh" in reasons and not enabled for _, reasons, enabled in seen)
    assert window.undo_stack.count() == 1  # the phase change only


def test_issue17_8_the_rotation_handle_in_rehearse_asks_the_rules_and_commit_turns_and_logs(
    qtbot: QtBot, window: MainWindow
) -> None:
    grid = window.scenario.grid
    window.scene.select_unit("g1")
    window.set_mode("rehearse")  # the demo is in the Russian PFPh: a CA change is allowed (C3.22)

    def commit(popup: RehearsalPopup) -> None:
        assert popup.heading.text() == "Change CA to SW/NW (C3.22)" and popup.commit_button.isEnabled()
        qtbot.mouseClick(popup.commit_button, Qt.MouseButton.LeftButton)

    seen = answer_popup(commit)
    handle = next(item for item in window.scene.items() if item.data(1) == "ca")
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(handle.scenePos()))
    centre = QPointF(*grid.center(grid.parse("4E5")))
    qtbot.mouseMove(viewport, window.view.mapFromScene(centre + QPointF(-40, 2)))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(centre + QPointF(-40, 2)))
    assert len(seen) == 1
    gun = window.scenario.units["g1"]
    assert gun.ca == parse_spine("SW/NW") and gun.extra.get("no_move") is True  # PFPh change: No Move (C3.22)
    assert [e.kind for e in read_log(window.scenario)] == ["change_ca"]
    window.undo_stack.undo()
    assert window.scenario.units["g1"].ca == parse_spine("S/SW") and read_log(window.scenario) == []


def test_issue17_8_free_turning_stays_in_setup(qtbot: QtBot, window: MainWindow) -> None:
    window.scene.select_unit("t1")
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_BraceRight)  # TCA clockwise, no popup in Setup
    assert window.scenario.units["t1"].tca == parse_spine("N/NE")
    assert read_log(window.scenario) == []
