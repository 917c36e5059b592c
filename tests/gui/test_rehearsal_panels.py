"""The phase bar, the action log dock and the "Rulebook examples" menu of the main window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog

from aslgui.geometry import MapGrid
from aslgui.model import Scenario, load_scenario
from aslgui.model.log import read_log
from aslgui.resource_files import resource_path
from aslgui.rules import RESOLVERS, resolve
from aslgui.ui.rehearsal.examples import Example, examples
from aslgui.ui.rehearsal.phase import next_phase
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import MainWindow

pytestmark = pytest.mark.gui
EXAMPLES = [ex for ex in examples() if ex.prepared_action["kind"] in RESOLVERS]


def commit_with(monkeypatch: pytest.MonkeyPatch, dice: tuple[int, int] | None, seen: list[RehearsalPopup]) -> None:
    """Popups roll ``dice`` (if any) and Commit."""
    def exec_(popup: RehearsalPopup) -> int:
        seen.append(popup)
        if dice is not None:
            popup.roll(*dice, 1)
        return int(QDialog.DialogCode.Accepted if popup.commit_button.isEnabled() else QDialog.DialogCode.Rejected)

    monkeypatch.setattr(RehearsalPopup, "exec", exec_)


def test_rulebook_examples_cover_the_sections_in_rulebook_order() -> None:
    rules = [ex.rule for ex in examples()]
    assert rules == ["A23.3", "C3.2", "C3.32", "C3.331", "C3.332", "C3.6", "C3.7", "C3.71", "C5.3", "C5.35",
                     "C10.13", "C10.2", "C10.3", "D7.22"]


@pytest.mark.parametrize("ex", EXAMPLES, ids=[ex.rule for ex in EXAMPLES])
def test_each_example_gives_the_numbers_of_its_ex_text(ex: Example) -> None:
    answer = resolve(ex.load(), ex.prepared_action).to_json()
    assert answer["legal"] is True
    assert {key: answer[key] for key in ex.expected} == ex.expected
    for key, items in ex.expected_contains.items():
        assert set(items) <= set(answer[key])


@pytest.mark.parametrize(("changes", "total"), [
    ({}, 3), ({"stabilized": False}, 4), ({"stabilized": False, "turret": "ST"}, 4),
    ({"stabilized": False, "turret": None, "tca": None}, 5)])
def test_c5_3_ex_bounding_fire_drm_by_gun_type(changes: dict[str, object], total: int) -> None:
    [ex] = [e for e in examples() if e.rule == "C5.3"]
    scenario = ex.load()
    scenario.units["t1"] = scenario.units["t1"]._replace(**changes)  # type: ignore[arg-type]
    assert resolve(scenario, ex.prepared_action).total_drm == total  # stabilized +3, T/ST +4, NT +5


def test_c10_13_ex_the_105_rcl_leaves_one_pp_and_no_room_for_its_crew() -> None:
    [ex] = [e for e in examples() if e.rule == "C10.13"]
    scenario = ex.load()
    scenario.units["spw"] = scenario.units["spw"]._replace(hex=scenario.units["rcl105"].hex)
    alone = resolve(scenario, {"kind": "hook_up", "vehicle": "spw", "gun": "rcl105"})
    assert alone.legal and alone.values["pp_left"] == 1
    answer = resolve(scenario, {"kind": "hook_up", "vehicle": "spw", "gun": "rcl105", "crew_loads": True})
    # refused, so nothing is hooked up and no PP are left over (null): the reason gives the 1 PP
    assert answer.values["pp_left"] is None and not answer.legal
    assert answer.reasons[0].startswith("1 PP left cannot also carry the crew") and "(C10.13)" in answer.reasons[0]


@pytest.mark.parametrize("ex", EXAMPLES, ids=[ex.rule for ex in EXAMPLES])
def test_examples_menu_opens_the_situation_with_the_action_prepared(
        ex: Example, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[RehearsalPopup] = []
    monkeypatch.setattr(RehearsalPopup, "exec", lambda popup: seen.append(popup) or 0)
    [action] = [a for a in window.rehearsal.examples_menu.actions() if a.text() == ex.title]
    action.trigger()
    assert window.scene.mode == "rehearse" and window.scenario.name == ex.load().name
    popup = seen[0]
    assert popup.heading.text() == (ex.steps[0].title if ex.steps else ex.title)
    answer = resolve(ex.load(), popup.action())
    assert popup.resolution == answer
    assert {key: answer.to_json()[key] for key in ex.expected} == ex.expected


def test_action_log_dock_lists_commits_copies_and_follows_undo(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    window.set_scenario(load_scenario(resource_path("examples", "c10_3_push.json")), None)
    window.set_mode("rehearse")
    dock = window.rehearsal.log_dock
    assert dock.view.toPlainText() == ""
    commit_with(monkeypatch, (1, 2), [])
    grid = window.scenario.grid
    window.scene.drop_counter("g1", _point(grid, "1G4"))
    text = dock.text()
    first, details = text.splitlines()
    assert first == ("T1 MPh german: 37L AT in 1H4 \u2014 Push 37L AT into 1G4 (C10.3)  *** 1,2 *** = 3 "
                     "\u2192 Final DR 10: enters, may continue")
    assert details.startswith("    DRM +7: X +3 (C10.3) TEM of the hex entered (stone building); Y +4")
    assert "".join(dock.view.toPlainText().split()) == "".join(text.split())  # what the dock shows
    dock.copy_button.click()
    assert QGuiApplication.clipboard().text() == text
    window.undo_stack.undo()
    assert dock.view.toPlainText() == "" and dock.text() == ""
    window.undo_stack.redo()
    assert dock.text() == text
    window.path = tmp_path / "saved.json"
    assert window.save()
    assert [e.summary for e in read_log(load_scenario(tmp_path / "saved.json"))] == [
        "Push 37L AT into 1G4 (C10.3)"]


def _point(grid: MapGrid, name: str) -> QPointF:
    return QPointF(*grid.center(grid.parse(name)))


def test_a_broken_saved_log_is_named_in_the_dock(window: MainWindow) -> None:
    scenario = load_scenario(resource_path("scenarios", "demo.json"))
    scenario.extra["log"] = [{"turn": "one"}]
    window.set_scenario(scenario, None)
    assert window.rehearsal.log_dock.view.toPlainText() == (
        "The saved action log cannot be read: log[0].turn: expected a turn number, got 'one'")


def test_phase_bar_shows_and_sets_the_phase_undoably(window: MainWindow) -> None:
    bar = window.rehearsal.phase_bar
    assert bar.phase_actions["PFPh"].isChecked() and bar.turn.value() == 1 and bar.player.currentText() == "russian"
    bar.phase_actions["DFPh"].trigger()
    assert window.scenario.phase == "DFPh" and bar.phase_actions["DFPh"].isChecked()
    bar.next_action.trigger()
    assert window.scenario.phase == "AFPh"
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert window.scenario.phase == "PFPh" and bar.phase_actions["PFPh"].isChecked()


def past_the_ccph_with_a_marked_gun(window: MainWindow) -> Scenario:
    """The scenario once its Gun g1 is marked Fired and TI and Next phase is pressed in the CCPh."""
    window.apply_unit_changes([window.scenario.units["g1"]._replace(fired=True, extra={"ti": True})], "mark")
    window.rehearsal.phase_bar.phase_actions["CCPh"].trigger()
    window.rehearsal.phase_bar.next_action.trigger()
    return window.scenario


def test_a3_end_of_player_turn_hands_over_and_takes_markers_off(window: MainWindow) -> None:
    bar = window.rehearsal.phase_bar
    scenario = past_the_ccph_with_a_marked_gun(window)
    assert (scenario.phase, scenario.turn, scenario.player) == ("RPh", 1, "german")
    assert not scenario.units["g1"].fired and "ti" not in scenario.units["g1"].extra
    assert bar.player.currentText() == "german"
    window.undo_stack.undo()  # one step: markers back, phase back
    assert (scenario.phase, scenario.player) == ("CCPh", "russian") and scenario.units["g1"].fired
    window.undo_stack.redo()
    scenario.phase = "CCPh"
    assert next_phase(scenario, bar.first_player) == ("RPh", 2, "russian")  # the first side again: turn 2


def test_a3_8_a_player_turn_of_the_only_side_ends_too(window: MainWindow) -> None:
    """With one side on the map (a set-up planned alone), Next phase past the CCPh starts that
    side's next turn, and the Player-Turn markers come off (A3.8): a TI Gun moves again."""
    russians = [u.id for u in window.scenario.units.values() if u.side == "russian"]
    window.remove_units([u for u in window.scenario.units if u not in russians])
    window.scenario.off_board.clear()
    scenario = past_the_ccph_with_a_marked_gun(window)
    assert (scenario.phase, scenario.turn, scenario.player) == ("RPh", 2, "russian")
    assert not scenario.units["g1"].fired and "ti" not in scenario.units["g1"].extra
    assert window.undo_stack.undoText() == "End of russian Player Turn 1"
    window.undo_stack.undo()
    assert (scenario.phase, scenario.turn) == ("CCPh", 1) and scenario.units["g1"].extra == {"ti": True}
    window.rehearsal.phase_bar.phase_actions["RPh"].trigger()  # back within the turn: nothing comes off
    assert scenario.turn == 1 and scenario.units["g1"].fired


def test_a3_a_file_saved_in_the_second_sides_turn_reopens_counting_turns_from_the_first(
        window: MainWindow, tmp_path: Path) -> None:
    """The side that moved first is kept in the file (``first_player``), so the turn goes up when
    it moves again, not when the side that was the ATTACKER at the save does."""
    bar = window.rehearsal.phase_bar
    bar.phase_actions["CCPh"].trigger()
    bar.next_action.trigger()  # the german Player Turn of turn 1
    bar.phase_actions["CCPh"].trigger()
    assert (window.scenario.player, window.scenario.turn, window.scenario.extra["first_player"]) == ("german", 1,
                                                                                                     "russian")
    saved = tmp_path / "second_side.json"
    assert window._save_to(saved)
    window.set_scenario(load_scenario(saved), saved)
    window.rehearsal.phase_bar.next_action.trigger()
    assert (window.scenario.phase, window.scenario.turn, window.scenario.player) == ("RPh", 2, "russian")
    window.undo_stack.undo()
    assert (window.scenario.turn, window.scenario.player) == (1, "german")
