"""The DRM popup and the rehearsal controller's other ways in: options that re-resolve at once,
the dice, the context menu (C3.22 checks), Reaction Fire after an Overrun, target colouring."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox, QDialog, QMenu, QSpinBox
from pytestqt.qtbot import QtBot

from aslgui.model import Scenario, Unit, load_scenario, scenario_from_json
from aslgui.model.log import LogEntry, read_log
from aslgui.resource_files import resource_path
from aslgui.rules import resolve
from aslgui.rules.dice import DiceRoller
from aslgui.rules.gestures import gestures_for_drop, legal_targets
from aslgui.ui.rehearsal.answer_words import IMPROBABLE_WORDS, number_lines
from aslgui.ui.rehearsal.dice import die_pixmap
from aslgui.ui.rehearsal.log_lines import entry_lines
from aslgui.ui.rehearsal.options import UnitChecklist
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.rehearsal.verdict import without_notes
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import example, rehearse

pytestmark = pytest.mark.gui


def drive(monkeypatch: pytest.MonkeyPatch, driver: Callable[[RehearsalPopup], bool]) -> None:
    monkeypatch.setattr(RehearsalPopup, "exec", lambda popup: int(
        QDialog.DialogCode.Accepted if driver(popup) else QDialog.DialogCode.Rejected))


def popup_for(scenario: Scenario, unit: str, hex_name: str, roller: DiceRoller | None = None) -> RehearsalPopup:
    drop = gestures_for_drop(scenario, unit, scenario.grid.parse(hex_name))
    return RehearsalPopup(scenario, drop.gestures, roller or DiceRoller(random.Random(7)))


def test_c3_32_ex_each_target_in_the_shellhole_needs_its_own_original_dr(qtbot: QtBot) -> None:
    scenario = example("c3_32_infantry_target")
    popup = popup_for(scenario, "g1", "4E8")
    qtbot.addWidget(popup)
    needed = {}
    for index, gesture in enumerate(popup.gestures):
        popup.choice.setCurrentIndex(index)
        popup.options["target_type"].setCurrentIndex(popup.options["target_type"].findData("infantry"))
        assert popup.resolution == resolve(scenario, popup.action())
        needed[gesture.action["target"]] = popup.resolution.values["final_th_needed"]
    assert needed == {"truck": 8, "kuebel": 6, "s1": 7}  # C3.32 EX: 8, 6 (+2 size), 7 (+1 shellhole)


def test_c5_61_ticking_intensive_fire_updates_the_numbers_at_once(qtbot: QtBot) -> None:
    scenario = example("c3_32_infantry_target")
    popup = popup_for(scenario, "g1", "4E8")
    qtbot.addWidget(popup)
    popup.choice.setCurrentIndex(2)  # the squad
    assert popup.drm_labels() == ["Q +1 (C6) shellhole TEM"]
    assert popup.dice.typed["effects"].isVisibleTo(popup)  # an HE hit goes to the IFT
    popup.options["intensive"].setChecked(True)
    assert popup.action()["intensive"] is True
    expected = resolve(scenario, popup.action())
    assert "F +2 (C5.61) Intensive Fire" in popup.drm_labels()
    assert popup.drm_labels() == [line.label for line in expected.drm]
    assert popup.numbers_label.text() == "\n".join(number_lines(without_notes(expected), popup.names))
    assert not expected.legal and "(C5.6)" in popup.reasons_label.text()  # its normal ROF is not used up
    assert not popup.commit_button.isEnabled()
    # nothing to roll for an illegal shot: its dice could never count
    dice = (popup.dice.roll_button, popup.dice.use_typed, *popup.dice.typed.values())
    assert not any(widget.isEnabled() for widget in dice)
    popup.options["intensive"].setChecked(False)
    assert "intensive" not in popup.action() and popup.drm_labels() == ["Q +1 (C6) shellhole TEM"]
    assert all(widget.isEnabled() for widget in dice) and popup.commit_button.isEnabled() is False  # not rolled yet


def test_c10_3_ticking_another_pusher_adds_its_drm_and_the_crew_must_push(qtbot: QtBot) -> None:
    scenario = example("c10_3_push")
    gun_hex = scenario.units["g1"].hex
    scenario.with_unit(Unit(id="hs", side="german", nationality="german", kind="halfsquad", name="2-4-8", hex=gun_hex))
    popup = popup_for(scenario, "g1", "1G4")
    qtbot.addWidget(popup)
    pushers = popup.options["pushers"]
    assert isinstance(pushers, UnitChecklist)
    assert [item.text() for item in pushers.every_item()] == ["2-2-8 crew", "2-4-8"]  # as a player names them
    assert pushers.checked_ids() == ["c1"] and popup.resolution.values["max_dr_enter"] == 5  # C10.3 EX
    assert not popup.dice.typed["effects"].isVisibleTo(popup)  # no IFT attack follows a push
    pushers.every_item()[1].setCheckState(Qt.CheckState.Checked)
    assert popup.action()["pushers"] == ["c1", "hs"]
    assert "pushers -1 (C10.3) 1 more crew/HS-equivalents pushing (they become TI)" in popup.drm_labels()
    assert popup.resolution.values["max_dr_enter"] == 6
    assert popup.resolution == resolve(scenario, popup.action())
    pushers.every_item()[0].setCheckState(Qt.CheckState.Unchecked)
    assert "Not allowed: 2-2-8 crew, the Gun's crew, must be among the pushers (C10.111)" in popup.reasons_label.text()
    assert not popup.commit_button.isEnabled()


def test_c5_31_a_defenders_vehicle_firing_in_the_mph_is_asked_no_mp_in_los(qtbot: QtBot) -> None:
    """MP in LOS are the Bounding First Firer's own (C5.31-C5.33): the DEFENDER's vehicle firing in the
    ATTACKER's MPh spent none, so the popup asks none."""
    scenario = example("c5_35_motion_fire")
    scenario.player = next(u.side for u in scenario.units.values() if u.side != scenario.units["psw"].side)
    popup = popup_for(scenario, "psw", "4E8")
    qtbot.addWidget(popup)
    assert popup.gesture.kind == "fire" and "mp_in_los" not in popup.options


def test_c5_35_ex_prepared_mp_in_los_shows_and_motion_fire_needs_six(qtbot: QtBot) -> None:
    scenario = example("c5_35_motion_fire")
    popup = popup_for(scenario, "psw", "4E8")
    qtbot.addWidget(popup)
    assert popup.options["mp_in_los"].value() == -0.5  # "not given" until the player sets it
    popup.options["mp_in_los"].setValue(3.5)
    assert popup.action()["mp_in_los"] == 3.5
    assert popup.resolution is not None and popup.resolution.values["final_th_needed"] == 6
    popup.roll(1, 3)  # lower dr doubled: 2 + 3 = 5 <= 6, a hit
    assert popup.resolution.outcome is not None and popup.resolution.outcome["hit"] is True
    popup.roll(2, 3)  # 4 + 3 = 7 > 6, a miss
    assert popup.resolution.outcome is not None and popup.resolution.outcome["hit"] is False


def test_c3_6_ex_improbable_hit_needs_an_original_2_and_a_dr_of_1_to_3(qtbot: QtBot) -> None:
    scenario = example("c3_6_improbable_hit")
    popup = popup_for(scenario, "c1", "2F5")
    qtbot.addWidget(popup)
    assert popup.drm_labels() == ["Q +2 (C6) wooden building TEM"]  # the EX's +2, from the situation
    lines = popup.numbers_label.text().splitlines()
    # no Original DR reaches the TH#: said in words, not as a number below 2 (C3.6)
    assert f"Hits on Original DR \u2264: {IMPROBABLE_WORDS}" in lines
    assert not any(line.startswith("Improbable Hit only") for line in lines)
    assert popup.resolution is not None and popup.resolution.values["final_th_needed"] < 2
    answer = popup.resolution.to_json()
    logged = entry_lines(LogEntry(1, "PFPh", "german", "Fire", popup.action(), answer, ("Q +2",)))[1].text
    assert f"Hits on Original DR \u2264 {IMPROBABLE_WORDS}" in logged
    hits = {}
    for dr in (1, 3, 4):
        popup.roll(1, 1, dr)
        assert popup.resolution is not None and popup.resolution.outcome is not None
        hits[dr] = popup.resolution.outcome["hit"]
    assert hits == {1: True, 3: True, 4: False}


def test_roll_button_uses_the_injected_dice_and_typed_dice_rehearse_one_roll(qtbot: QtBot) -> None:
    scenario = example("c3_7_critical_hit")
    popup = popup_for(scenario, "t1", "4E7", DiceRoller(random.Random(11)))
    qtbot.addWidget(popup)
    replay = DiceRoller(random.Random(11))
    first, dr, effects = replay.roll(), replay.dr(), replay.roll().total
    popup.dice.roll_button.click()
    assert popup.action()["dice"] == {"colored": first.colored, "white": first.white}
    assert (popup.action()["dr"], popup.action()["effects_dr"]) == (dr, effects)
    for name, value in (("colored", 1), ("white", 1), ("dr", 1), ("effects", 4)):
        popup.dice.typed[name].setValue(value)
    popup.dice.use_typed.click()
    outcome = popup.resolution.outcome if popup.resolution else None
    assert outcome is not None and outcome["critical"] is True  # C3.7 EX: CH only on an Original 2
    assert popup.dice.totals.text().startswith("Original DR 2, dr 1  ->  Final DR 3")
    assert "Critical Hit: yes" in popup.outcome_label.text()
    assert popup.commit_button.isEnabled()


def test_the_coloured_die_is_red_and_the_white_die_white(qtbot: QtBot) -> None:
    red = die_pixmap(4, "colored").toImage().pixelColor(6, 20)
    white = die_pixmap(4, "white").toImage().pixelColor(6, 20)
    assert red == QColor("#b3261e") and white == QColor("#fbfbf8")


def test_c3_22_context_menu_changes_ca_in_the_pfph_and_logs_it(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = load_scenario(resource_path("scenarios", "demo.json"))
    rehearsal = rehearse(window, scenario)
    drive(monkeypatch, lambda popup: popup.commit_button.isEnabled())
    menu = QMenu()
    rehearsal.fill_menu(menu, "g1")
    labels = [a.text() for a in menu.actions() if a.text()]
    assert "Change CA to N/NE (C3.22)" in labels and "Limber 57LL AT (C10.21)" in labels
    next(a for a in menu.actions() if a.text() == "Change CA to N/NE (C3.22)").trigger()
    assert window.scenario.units["g1"].ca == 0
    [entry] = read_log(window.scenario)
    assert entry.kind == "change_ca" and entry.answer["legal"] is True
    # A PFPh change costs the Gun and its crew their movement this Player Turn: marked on both.
    assert "No Move" in window.scene.counter_item("g1").marker_names
    assert "No Move" in window.scene.counter_item("c1").marker_names
    window.undo_stack.undo()
    assert window.scenario.units["g1"].ca == 3 and read_log(window.scenario) == []
    assert "No Move" not in window.scene.counter_item("g1").marker_names


def test_c3_22_no_ca_change_without_firing_in_the_mph(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = load_scenario(resource_path("scenarios", "demo.json"))
    scenario.phase = "MPh"
    rehearsal = rehearse(window, scenario)
    reasons: list[str] = []

    def driver(popup: RehearsalPopup) -> bool:
        reasons.append(popup.reasons_label.text())
        return popup.commit_button.isEnabled()

    drive(monkeypatch, driver)
    # the menu offers no CA change in the MPh (C3.22); turning the Gun with a key or its handle asks
    assert not [g for g in rehearsal.context_gestures("g1") if g.kind == "change_ca"]
    assert rehearsal.offer_ca_change("g1", "ca", 0) is None  # to N/NE
    assert reasons == ["Not allowed: a CA may not be changed without firing in the MPh (C3.22)"]
    assert window.scenario.units["g1"].ca == 3 and window.undo_stack.count() == 0


def test_d7_2_reaction_fire_is_prompted_after_an_overrun_and_logged(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = example("d7_22_overrun")
    rehearse(window, scenario)
    titles: list[str] = []

    def driver(popup: RehearsalPopup) -> bool:
        titles.append(popup.windowTitle())
        if popup.gesture.kind == "overrun":
            popup.roll(5, 4)
        else:
            popup.choice.setCurrentIndex([g.action["type"] for g in popup.gestures].index("cc"))
            popup.roll(4, 5)  # CC Reaction Fire is rolled too (D7.21)
        return popup.commit_button.isEnabled()

    drive(monkeypatch, driver)
    window.scene.drop_counter("t1", _centre(window, "1C3"))
    assert titles == ["Rehearse: PzKpfw IVH in 1D3 to 1C3", "Reaction Fire (D7.2)"]
    log = read_log(window.scenario)
    assert [e.kind for e in log] == ["overrun", "reaction_fire"]
    assert log[1].action["type"] == "cc" and log[1].answer["legal"] is True
    assert log[1].action["dice"] == {"colored": 4, "white": 5} and log[1].answer["outcome"]["original_dr"] == 9
    window.undo_stack.undo()
    assert [e.kind for e in read_log(window.scenario)] == ["overrun"]


def test_d7_22_a_lone_leader_s_reaction_popup_opens_on_cc_the_one_he_may_use(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """He has no FP to fire TPBF (D7.22): the popup opens on CC Reaction Fire (D7.21), not on the
    refused Non-CC one listed first."""
    scenario = example("d7_22_overrun")
    scenario.units["r1"] = scenario.units["r1"]._replace(kind="leader", name="8-1", fired=False)
    rehearse(window, scenario)
    opened: list[tuple[str, bool]] = []

    def driver(popup: RehearsalPopup) -> bool:
        if popup.gesture.kind == "overrun":
            popup.roll(6, 6)  # no effect on the leader
            return True
        opened.append((str(popup.gesture.action.get("type")), bool(popup.resolution and popup.resolution.legal)))
        return False

    drive(monkeypatch, driver)
    window.scene.drop_counter("t1", _centre(window, "1C3"))
    assert opened == [("cc", True)]


def test_d2_11_c5_13_turning_the_moving_tank_is_a_move_without_a_hex_that_pays_its_mp(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """The keys, menu and handle turn a vehicle moving in its MPh by its move (D2.11: its VCA
    pays MP; C5.13: its TCA turns as MP are spent), not by a ``change_ca`` refused in the MPh."""
    scenario = load_scenario(resource_path("scenarios", "demo.json"))
    scenario.phase, scenario.player = "MPh", "german"
    rehearse(window, scenario)
    seen: list[RehearsalPopup] = []

    def driver(popup: RehearsalPopup) -> bool:
        seen.append(popup)
        return popup.commit_button.isEnabled()

    drive(monkeypatch, driver)
    tank = window.scenario.units["t1"]
    window.rotate_unit("t1", "vca", (tank.vca or 0) + 1)
    [popup] = seen
    assert popup.gesture.kind == "move" and popup.gesture.action["path"] == []
    assert popup.resolution is not None and popup.resolution.legal
    turned = window.scenario.units["t1"]
    assert turned.vca == ((tank.vca or 0) + 1) % 6
    assert turned.extra["mp_spent"] == popup.resolution.values["mp_spent"] > 0


def _centre(window: MainWindow, name: str) -> QPointF:
    grid = window.scenario.grid
    return QPointF(*grid.center(grid.parse(name)))


def test_picking_up_a_counter_in_rehearse_colours_its_targets(window: MainWindow) -> None:
    scenario = example("c10_13_hook_up")
    rehearsal = rehearse(window, scenario)
    window.scene.select_unit(None)  # opening a file selects its first Gun/vehicle already
    window.scene.select_unit("spw")
    expected = legal_targets(scenario, "spw")
    assert rehearsal.overlay.shown == expected and expected[scenario.grid.parse("1J4")] is True
    assert all(item.scene() is window.scene for item in rehearsal.overlay.items)
    window.scene.select_unit(None)
    assert rehearsal.overlay.shown == {} and rehearsal.overlay.items == []
    window.set_mode("setup")
    window.scene.select_unit("spw")
    assert rehearsal.overlay.shown == {}


def test_c5_roster_values_the_answer_took_show_in_the_popup_as_not_checked_against_a_printed_chart(
        qtbot: QtBot) -> None:
    """docs/readings.md, "Chart values": the popup words ``unverified``, the values a German 20L AA that
    states none of its own took from its roster entry (not checked against a VASL counter) among
    them (tests/rules/test_roster_unverified.py)."""
    situation = scenario_from_json({
        "boards": [{"id": "4", "col": 0, "row": 0}], "phase": "PFPh", "player": "german",
        "units": [
            {"id": "g", "side": "german", "kind": "gun", "name": "20L AA", "hex": "4E5", "ca": "S/SW", "crew": "c"},
            {"id": "c", "side": "german", "kind": "crew", "hex": "4E5"},
            {"id": "s", "side": "russian", "kind": "squad", "name": "4-4-7", "hex": "4E9"}]})
    popup = popup_for(situation, "g", "4E9")
    qtbot.addWidget(popup)
    values = ("caliber 20", "barrel L", "Gun type AA", "Case A Gun type T", "ROF 3", "B# 12")
    notes = popup.notes.label.text().splitlines()
    for value in values:  # folded under "Notes", one bullet each (issue 38)
        assert (f"\u2022 Not checked against a printed chart: 20L AA {value} from the roster's '20L AA' (not checked "
                "against its counter)") in notes


@pytest.mark.parametrize(("thrower_level", "second_dr"), [(0, True), (1, True), (2, False)])
def test_a23_6_exc_the_thrower_s_own_dr_only_where_the_dc_attacks_his_location(
        qtbot: QtBot, tall_building: Any, thrower_level: int, second_dr: bool) -> None:
    """Both Locations are attacked, each by its own DR, unless the DC is Thrown from two or more
    levels above the target (A23.6 EXC): from level 2 of a two-level building (B23) no second DR
    is offered, kept or logged."""
    scenario = tall_building(phase="AFPh")
    drop = gestures_for_drop(scenario, "s467", scenario.grid.parse("78O5"))
    [throw] = [g for g in drop.gestures if g.kind == "throw_dc"]
    popup = RehearsalPopup(scenario, [replace(throw, action={**throw.action, "thrower_level": thrower_level})],
                           DiceRoller(random.Random(3)))
    qtbot.addWidget(popup)
    popup.roll(2, 2, None, 7)
    assert popup.dice.typed["effects"].isVisibleTo(popup) is second_dr
    assert ("thrower_dice" in popup.action()) is second_dr
    assert popup.resolution is not None and popup.resolution.outcome is not None
    assert ("thrower_result" in popup.resolution.outcome) is second_dr


def test_c10_11_the_hook_up_popup_lets_the_crew_ride_along(qtbot: QtBot) -> None:
    """C10.11: the crew may load with the Gun it hooks up; the popup has the box, and ticking it
    asks the rules so (their answer says it, and commit loads the crew, ``apply``)."""
    scenario = example("c10_13_hook_up")
    [hook] = [g for g in gestures_for_drop(scenario, "spw", scenario.grid.parse("1H4")).gestures
              if g.kind == "hook_up" and g.action["gun"] == "rcl75"]
    popup = RehearsalPopup(scenario, [hook], DiceRoller())
    qtbot.addWidget(popup)
    box = popup.options["crew_loads"]
    assert isinstance(box, QCheckBox) and not box.isChecked()
    assert popup.resolution is not None and popup.resolution.values["crew_loads"] is False
    box.setChecked(True)
    assert popup.action()["crew_loads"] is True
    assert popup.resolution is not None and popup.resolution.values["crew_loads"] is True


def test_c10_3_the_push_popup_starts_from_the_mf_the_crew_spent_and_gives_none_back(qtbot: QtBot) -> None:
    """A player typed 1 over a crew that had spent its 4 MF pushing, and a third push was allowed."""
    scenario = scenario_from_json({
        "format": "aslgui-scenario", "version": 1, "boards": [{"id": "1", "col": 0, "row": 0}], "phase": "MPh",
        "player": "german", "units": [
            {"id": "at", "side": "german", "kind": "gun", "name": "37L AT", "hex": "1H4", "ca": "N/NE", "caliber": 37,
             "barrel": "L", "manhandling": 12, "limbered": True, "crew": "c1"},
            {"id": "c1", "side": "german", "kind": "crew", "name": "2-2-8 crew", "hex": "1H4", "mf_spent": 4,
             "pushed": True}]})
    [push] = [g for g in gestures_for_drop(scenario, "at", scenario.grid.parse("1H5")).gestures if g.kind == "push"]
    popup = RehearsalPopup(scenario, [push], DiceRoller())
    qtbot.addWidget(popup)
    spent = popup.options["mf_spent"]
    assert isinstance(spent, QSpinBox) and spent.text() == "4, as recorded" and spent.minimum() == 4
    assert "mf_spent" not in popup.action()
    assert popup.resolution is not None and not popup.resolution.legal
    assert "pushing costs 2 MF and the pushers have 0 left (no Minimum Move) (C10.3)" in popup.resolution.reasons
    spent.setValue(1)  # clamped: no MF given back
    assert spent.value() == 4 and popup.resolution is not None and not popup.resolution.legal
