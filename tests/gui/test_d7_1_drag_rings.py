"""The rings of a counter held in the MPh say what its drop proposes (DESIGN.md 13): an enemy
Infantry hex farther than next door is the OVR from the hex before (D7.1) along the dragged path,
ringed by that move's legality, not by the bare ``overrun`` that is legal only from next door."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from aslgui.rules.gestures import legal_targets
from aslgui.rules.move_path import drag_targets
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import answer_popup, rehearse, viewport_point
from tests.gui.test_d2_move_drag import drag
from tests.rules.move_boards import board

pytestmark = pytest.mark.gui


def ring_styles(window: MainWindow) -> set[Qt.PenStyle]:
    return {item.pen().style() for item in window.rehearsal.overlay.items}


def test_d7_1_rules_an_ovr_three_hexes_away_is_legal_by_the_path_to_it() -> None:
    scenario = board()
    r1, g1 = scenario.grid.parse("4H5"), scenario.grid.parse("4K3")
    assert legal_targets(scenario, "t1")[r1] is False  # the bare overrun: from next door only
    assert drag_targets(scenario, "t1") == {r1: True, g1: True}  # 4F5 4G5, VCA, woods + OVR: 14 of 14 MP
    # 2 MP already spent: the OVR's 11 MP do not fit (D7.1, D7.14), and the ring says so
    assert drag_targets(board({"t1": {"mp_spent": 2}}), "t1")[r1] is False
    # the path dragged so far counts: 4E5 first costs one more MP than the cheapest way
    assert drag_targets(scenario, "t1", [scenario.grid.parse("4E5")])[r1] is False


def test_d7_1_outside_the_mph_or_for_the_defender_the_rings_are_legal_targets_unchanged() -> None:
    for scenario, unit in ((board(phase="PFPh"), "t1"), (board(), "g1")):
        assert drag_targets(scenario, unit) == legal_targets(scenario, unit)


def test_d7_1_the_held_tank_rings_the_ovr_far_off_green_and_red_once_the_path_cannot_pay(
        qtbot: QtBot, window: MainWindow) -> None:
    rehearsal = rehearse(window, board())
    window.view.set_zoom(0.6)
    window.scene.select_unit(None)
    window.scene.select_unit("t1")
    r1 = window.scenario.grid.parse("4H5")
    assert rehearsal.overlay.shown[r1] is True and ring_styles(window) == {Qt.PenStyle.SolidLine}
    # the cheapest way: the ring stays green under the pointer, and the drop is the legal OVR
    drag(qtbot, window, "4E6", "4F5", "4G5", "4H5", release=False)
    assert rehearsal.overlay.shown[r1] is True and rehearsal.move_preview.legal
    seen = answer_popup(lambda popup: popup.reject())
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton, pos=viewport_point(window, r1))
    assert seen and seen[0].gesture.kind == "overrun" and seen[0].resolution is not None
    assert seen[0].resolution.legal


def test_d7_1_a_dearer_path_turns_the_ring_red_while_dragging(qtbot: QtBot, window: MainWindow) -> None:
    rehearsal = rehearse(window, board())
    window.view.set_zoom(0.6)
    window.scene.select_unit(None)
    window.scene.select_unit("t1")
    r1 = window.scenario.grid.parse("4H5")
    drag(qtbot, window, "4E6", "4E5", "4F5", "4G5", "4H5", release=False)
    assert not rehearsal.move_preview.legal
    assert rehearsal.overlay.shown[r1] is False and Qt.PenStyle.DashLine in ring_styles(window)
    seen = answer_popup(lambda popup: popup.reject())
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton, pos=viewport_point(window, r1))
    assert seen and seen[0].resolution is not None and not seen[0].resolution.legal
