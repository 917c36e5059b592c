"""A vehicle's move in the window sets how it ends (DESIGN.md 13): its TCA (C5.13: the turret
turns with the MP a move spends), its VCA, Stopped or in Motion; and leaving the MPh puts a
vehicle left Non-Stopped in Motion (C5.35) in the same undo step as the phase change."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QMenu, QSpinBox
from pytestqt.qtbot import QtBot

from aslgui.geometry import SPINE_NAMES
from aslgui.model.log import read_log
from aslgui.ui.map.counters import markers
from aslgui.ui.rehearsal.log_lines import entry_lines
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import answer_popup, rehearse
from tests.gui.test_d2_move_drag import drag
from tests.rules.move_boards import HIDDEN_START, board

pytestmark = pytest.mark.gui


def choose(popup: RehearsalPopup, key: str, value: str) -> None:
    combo = popup.options[key]
    assert isinstance(combo, QComboBox)
    combo.setCurrentIndex(combo.findData(value))


def test_c5_13_the_move_popup_turns_the_turret_and_stops_the_tank(qtbot: QtBot, window: MainWindow) -> None:
    rehearse(window, board())
    window.view.set_zoom(0.6)

    def aim_and_commit(popup: RehearsalPopup) -> None:
        assert list(popup.options) == ["vca", "tca", "delay", "end"] and popup.options_box.isVisible()
        choose(popup, "tca", "SE/S")
        choose(popup, "end", "stop")
        assert popup.resolution is not None and popup.resolution.values["tca"] == "SE/S"
        popup.commit_button.click()

    seen = answer_popup(aim_and_commit)
    drag(qtbot, window, "4E6", "4F6")
    assert seen
    tank = window.scenario.units["t1"]
    assert (tank.tca, tank.stopped, tank.motion) == (SPINE_NAMES.index("SE/S"), True, False)
    entry = read_log(window.scenario)[-1]
    assert (entry.action["tca"], entry.action["end"]) == ("SE/S", "stop")
    window.undo_stack.undo()
    assert window.scenario.units["t1"].tca == SPINE_NAMES.index("N/NE")


def test_c5_13_infantry_moves_without_vehicle_options(qtbot: QtBot, window: MainWindow) -> None:
    rehearse(window, board())
    window.view.set_zoom(0.6)
    seen = answer_popup(lambda popup: popup.reject())
    drag(qtbot, window, "4C6", "4C5")
    assert seen and seen[0].options == {} and seen[0].options_box.isHidden()


def test_c5_35_next_phase_after_the_mph_puts_the_moving_tank_in_motion_in_one_undo_step(
        qtbot: QtBot, window: MainWindow) -> None:
    rehearse(window, board())
    window.view.set_zoom(0.6)
    answer_popup(lambda popup: popup.commit_button.click())
    drag(qtbot, window, "4E6", "4E5")
    tank = window.scenario.units["t1"]
    assert (tank.stopped, tank.motion) == (False, False)
    window.rehearsal.phase_bar.next_action.trigger()
    assert window.scenario.phase == "DFPh" and window.scenario.units["t1"].motion
    assert window.undo_stack.undoText() == "End of the MPh"
    window.undo_stack.undo()
    assert window.scenario.phase == "MPh" and not window.scenario.units["t1"].motion
    window.rehearsal.phase_bar.phase_actions["RPh"].trigger()  # back to an earlier phase: no Motion
    assert not window.scenario.units["t1"].motion


def test_c5_3_after_the_move_the_shot_counts_its_mp_in_los_is_bounding_first_fire_and_the_tank_moves_on(
        qtbot: QtBot, window: MainWindow) -> None:
    rehearse(window, board(terrain=HIDDEN_START))  # its LOS to the Gun begins with the move (C5.32, not C5.33)
    window.view.set_zoom(0.6)

    def aim(popup: RehearsalPopup) -> None:
        choose(popup, "tca", "NE/SE")
        choose(popup, "end", "stop")
        popup.commit_button.click()

    answer_popup(aim)
    drag(qtbot, window, "4E6", "4E5")
    details = entry_lines(read_log(window.scenario)[-1])[1].text
    assert "MP spent this MPh 1" in details and "TCA at the end NE/SE" in details and "At the end Stopped" in details
    shots: list[RehearsalPopup] = []

    def fire(popup: RehearsalPopup) -> None:
        popup.choice.setCurrentIndex(next(i for i, g in enumerate(popup.gestures) if g.kind == "fire"))
        spin = popup.options["mp_in_los"]
        assert isinstance(spin, QDoubleSpinBox) and spin.value() == 1  # what the move recorded (C5.32)
        assert spin.text() == "1"  # as a player writes it, not "1.0"
        spin.setValue(1.5)
        assert spin.text() == "1.5"
        spin.setValue(1)
        popup.roll(3, 3)
        assert popup.resolution is not None
        assert [line.case for line in popup.resolution.drm] == ["B", "C", "C2"]
        shots.append(popup)
        popup.commit_button.click()

    answer_popup(fire)
    drag(qtbot, window, "4E5", "4K3")
    assert shots
    tank = window.scenario.units["t1"]
    assert (tank.fired, tank.bounding_fired) == (True, True)
    assert "BFF" in markers(tank, "MPh", "german") and "Prep Fire" not in markers(tank, "MPh", "german")
    moves: list[RehearsalPopup] = []
    answer_popup(lambda popup: moves.append(popup) or popup.commit_button.click())
    drag(qtbot, window, "4E5", "4E4")
    assert moves and window.scenario.grid.name(window.scenario.units["t1"].hex) == "4E4"


def test_c5_3_from_its_menu_a_tank_spends_delay_mp_and_stops_where_it_stands(window: MainWindow) -> None:
    """The counter's menu in the MPh offers the move without a hex: a turn, Delay MP (what lets a
    kept Multiple ROF fire again, C5.3) or a Stop, set in the popup's options."""
    rehearse(window, board({"t1": {"motion": True, "stopped": False}}))
    menu = QMenu()
    window.rehearsal.fill_menu(menu, "t1")
    entry = next(a for a in menu.actions() if a.text() == "Turn, delay or stop PzKpfw IVH in 4E6 (D2.1)")

    def delay_and_stop(popup: RehearsalPopup) -> None:
        assert popup.gesture.action["path"] == [] and list(popup.options) == ["vca", "tca", "delay", "end"]
        spin = popup.options["delay"]
        assert isinstance(spin, QSpinBox)
        spin.setValue(1)
        choose(popup, "end", "stop")
        popup.commit_button.click()

    seen = answer_popup(delay_and_stop)
    entry.trigger()
    assert seen
    tank = window.scenario.units["t1"]
    assert (window.scenario.grid.name(tank.hex), tank.extra["mp_spent"], tank.stopped, tank.motion, tank.moved) == (
        "4E6", 1, True, False, False)
