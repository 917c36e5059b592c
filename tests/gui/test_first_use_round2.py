"""Issue 28, first use round 2: units named as a player names them (1), the log names who fired
and where (2), the ATTACKER box whole and explained (3), no hover line off the map (5), and the
popups' rough edges (6). Real widgets, offscreen."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from aslgui.geometry import Hex
from aslgui.model import Scenario, load_scenario, scenario_from_json
from aslgui.model.log import read_log
from aslgui.rules.dice import DiceRoller
from aslgui.rules.gestures import gestures_for_drop
from aslgui.rules.menu_gestures import change_ca_gesture
from aslgui.ui.rehearsal.answer_words import in_words, player_names
from aslgui.ui.rehearsal.phase import NO_ATTACKER
from aslgui.ui.rehearsal.popup import ANSWER_PANEL, RehearsalPopup
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow
from tests.gui.conftest import answer_popup, example, rehearse, viewport_point

pytestmark = pytest.mark.gui

#: An id of the kind the rules write in their sentences (``g1``, ``c1``, ``t3``).
AN_ID = re.compile(r"\b[gcstlv]\d\b")


def demo_with_three_tanks() -> Scenario:
    """The demo with two more PzKpfw IIIGs (one beside the first, one far off), all in the Gun's
    LOS: which of three fired?"""
    scenario = load_scenario(DEMO_PATH)
    tank = scenario.units["t1"]
    for unit_id, where in (("t2", "4F9"), ("t3", "4A1")):
        scenario.units[unit_id] = tank._replace(id=unit_id, hex=scenario.grid.parse(where))
    return scenario


def test_issue28_1_counters_sharing_a_name_are_told_apart_by_hex_then_number() -> None:
    scenario = demo_with_three_tanks()
    scenario.units["t4"] = scenario.units["t3"]._replace(id="t4")
    names = player_names(scenario)
    assert names["g1"] == "57LL AT" and names["c1"] == "2-2-8 crew"
    assert [names[t] for t in ("t1", "t2", "t3", "t4")] == [
        "PzKpfw IIIG in 4E9", "PzKpfw IIIG in 4F9", "PzKpfw IIIG #1 in 4A1", "PzKpfw IIIG #2 in 4A1"]
    assert in_words("c1 pinned; g1's CA (C5.1); t1 is BU", names) == "2-2-8 crew pinned; 57LL AT's CA (C5.1); " \
                                                                        "PzKpfw IIIG in 4E9 is BU"
    assert in_words("the gun's crew, C5.1", {"gun": "57LL AT", "C5": "x"}) == "the gun's crew, C5.1"


def test_issue28_1_the_popup_names_units_never_by_id(qtbot: QtBot) -> None:
    """A pinned, CX crew manning the Gun: the DRM lines, numbers and reasons the rules word with
    ids (``c1 pinned``) name the counters instead."""
    scenario = load_scenario(DEMO_PATH)
    scenario.units["c1"] = scenario.units["c1"]._replace(pinned=True, cx=True)
    drop = gestures_for_drop(scenario, "g1", scenario.grid.parse("4E9"))
    popup = RehearsalPopup(scenario, drop.gestures, DiceRoller(random.Random(3)))
    qtbot.addWidget(popup)
    shown = "\n".join(label.text() for label in (popup.heading, popup.drm_label, popup.numbers_label,
                                                 popup.reasons_label, popup.outcome_label))
    assert "2-2-8 crew pinned" in shown and "2-2-8 crew CX" in shown
    assert AN_ID.findall(shown) == []


def test_issue28_1_a_ca_change_reads_its_arc_in_capitals_and_shows_no_empty_drm_block(qtbot: QtBot) -> None:
    scenario = load_scenario(DEMO_PATH)
    popup = RehearsalPopup(scenario, [change_ca_gesture(scenario.units["g1"], 0, "PFPh", "ca")], DiceRoller())
    qtbot.addWidget(popup)
    popup.show()
    numbers = popup.numbers_label.text()
    assert "Arc: CA" in numbers and "Total DRM" not in numbers  # issue 28.6: nothing rolled, no DRM
    assert not popup.drm_title.isVisible() and not popup.drm_label.isVisible()
    fire = RehearsalPopup(scenario, gestures_for_drop(scenario, "g1", scenario.grid.parse("4E9")).gestures,
                          DiceRoller())
    qtbot.addWidget(fire)
    fire.show()
    assert fire.drm_title.isVisible() and fire.drm_label.text()


def test_issue28_2_the_log_names_which_of_three_tanks_fired_and_from_where(qtbot: QtBot, window: MainWindow) -> None:
    rehearsal = rehearse(window, demo_with_three_tanks())
    rehearsal.phase_bar.phase_actions["DFPh"].trigger()

    def answer(popup: RehearsalPopup) -> None:
        popup.roll(2, 5, 3)
        assert popup.commit_button.isEnabled(), popup.reasons_label.text()
        qtbot.mouseClick(popup.commit_button, Qt.MouseButton.LeftButton)

    answer_popup(answer)
    grid = window.scenario.grid
    window.scene.drop_counter("t2", QPointF(*grid.center(grid.parse("4E5"))))
    [entry] = read_log(window.scenario)
    assert entry.actor == "PzKpfw IIIG in 4F9" and entry.names["g1"] == "57LL AT"
    line = window.rehearsal.log_dock.text().splitlines()[0]
    assert line.startswith("T1 DFPh german: PzKpfw IIIG in 4F9 \u2014 Fire at 57LL AT in 4E5  *** 2,5 *** = 7, dr 3")
    assert AN_ID.findall(window.rehearsal.log_dock.text()) == []
    window.scenario.units["t2"] = window.scenario.units["t2"]._replace(hex=grid.parse("4G9"))
    assert window.rehearsal.log_dock.text().splitlines()[0] == line  # where it fired from, not where it is now


def test_issue28_3_the_attacker_box_shows_its_whole_text_and_says_what_it_means(
        qtbot: QtBot, window: MainWindow) -> None:
    imported = scenario_from_json({
        "boards": [{"id": "4", "col": 0, "row": 0}], "player": "",
        "units": [{"id": "s1", "side": "allied", "kind": "squad", "name": "4-5-8", "hex": "4E5"},
                  {"id": "s2", "side": "axis", "kind": "squad", "name": "4-6-7", "hex": "4E9"}]})
    window.set_scenario(imported, None)
    box = window.rehearsal.phase_bar.player
    QApplication.processEvents()
    assert box.currentText() == NO_ATTACKER and [box.itemText(i) for i in range(box.count())][1:] == ["allied", "axis"]
    needed = box.fontMetrics().horizontalAdvance(NO_ATTACKER)
    assert box.width() >= needed + 20, (box.width(), needed)  # room for the text and the arrow
    assert "allied and axis" in box.toolTip() and "Player Turn" in box.toolTip()


def test_issue28_5_the_hover_line_is_empty_once_the_pointer_leaves_the_map(qtbot: QtBot, window: MainWindow) -> None:
    viewport = window.view.viewport()
    qtbot.mouseMove(viewport, viewport_point(window, Hex(4, 5)))
    assert window.hover_label.text().startswith("4E5")
    QApplication.sendEvent(viewport, QEvent(QEvent.Type.Leave))  # what the view gets as the pointer leaves
    assert window.hover_label.text() == "" and window.scene.hovered is None


def test_issue28_6_the_typed_dice_show_the_roll_after_a_roll(qtbot: QtBot) -> None:
    scenario = load_scenario(DEMO_PATH)
    popup = RehearsalPopup(scenario, gestures_for_drop(scenario, "g1", scenario.grid.parse("4E9")).gestures,
                           DiceRoller(random.Random(11)))
    qtbot.addWidget(popup)
    popup.dice.typed["colored"].setValue(6)
    qtbot.mouseClick(popup.dice.roll_button, Qt.MouseButton.LeftButton)
    roll, typed = popup.dice.roll, popup.dice.typed
    assert roll is not None
    assert (typed["colored"].value(), typed["white"].value(), typed["dr"].value()) == (
        roll.colored, roll.white, popup.dice.dr)
    assert typed["effects"].value() == popup.dice.effects_dr


@pytest.mark.parametrize(("situation", "firer", "target"), [
    (demo_with_three_tanks, "g1", "4E9"),
    (lambda: example("c3_6_improbable_hit"), "c1", "2F5"),  # "Improbable" in every legal row (C3.6)
])
def test_issue28_6_the_what_if_hits_column_is_whole_at_the_default_size(
        qtbot: QtBot, situation: Callable[[], Scenario], firer: str, target: str) -> None:
    scenario = situation()
    popup = RehearsalPopup(scenario, gestures_for_drop(scenario, firer, scenario.grid.parse(target)).gestures,
                           DiceRoller())
    qtbot.addWidget(popup)
    popup.show()
    qtbot.waitExposed(popup)
    assert popup.answer_panel.size() == ANSWER_PANEL
    table = popup.odds.table
    cells = [row[1] for row in popup.odds.what_if_rows()]
    assert "\u2264 10" in cells or "Improbable" in cells
    for text in cells:
        assert table.fontMetrics().horizontalAdvance(text) + 6 <= table.columnWidth(1), text
    assert table.horizontalHeader().length() <= table.viewport().width()  # no column cut at the right
