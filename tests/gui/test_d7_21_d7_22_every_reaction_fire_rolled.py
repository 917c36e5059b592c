"""Issue 34 item 3 through the window: every form of Reaction Fire is rolled (D7.21, D7.22). After
the T-34 OVRs a 4-6-7 holding a DC and a FT, its TPBF, FT, Thrown DC and CC each open with dice,
Commit waits for them and applies only what was rolled; Cancel marks nobody."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QComboBox

from aslgui.model.log import read_log
from aslgui.rules import resolve
from aslgui.rules.tables import ift_result
from aslgui.ui.rehearsal.log_lines import entry_lines
from aslgui.ui.rehearsal.odds import odds_words
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import rehearse
from tests.gui.test_issue34_every_action_closes_its_loop import (
    CREW,
    PAK,
    T34,
    choose,
    consistent,
    overrun_then,
    situation,
)

pytestmark = pytest.mark.gui

SQUAD = {"id": "sq", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "4E5",
         "dc": True, "sw": ["FT", "LMG"]}


def pick(popup: RehearsalPopup, kind: str, weapon: str | None) -> None:
    """Choose the squad's CC or Non-CC Reaction Fire, with ``weapon`` in the Weapon list."""
    choose(popup, "reaction_fire", type=kind)
    if weapon is not None:
        combo = popup.options["weapon"]
        assert isinstance(combo, QComboBox)
        combo.setCurrentIndex(combo.findData(weapon))


def reacting(window: MainWindow, monkeypatch: pytest.MonkeyPatch, kind: str, weapon: str | None,
             roll: tuple[int, int] | None, commit: bool = True) -> dict[str, Any]:
    """Overrun the squad, then react as asked; what the popup showed before and after the roll."""
    looked: dict[str, Any] = {}

    def react(popup: RehearsalPopup) -> bool:
        pick(popup, kind, weapon)
        looked.update(dice=not popup.dice.isHidden() and popup.rolling, before=popup.commit_button.isEnabled(),
                      unrolled="dice" in popup.action(), numbers=popup.numbers_label.text())
        if roll is not None:
            popup.roll(*roll)
            consistent(window, popup)
            looked.update(after=popup.commit_button.isEnabled(), outcome=popup.outcome_label.text())
        return commit and popup.commit_button.isEnabled()

    overrun_then(window, monkeypatch, react)
    return looked


@pytest.fixture
def squad_window(window: MainWindow) -> MainWindow:
    """The T-34 beside the 4-6-7 in Rehearse (MPh, the Russians moving)."""
    rehearse(window, situation(SQUAD, T34))
    return window


def reaction_entry(window: MainWindow) -> Any:
    log = read_log(window.scenario)
    assert [entry.kind for entry in log] == ["overrun", "reaction_fire"]
    return log[1]


@pytest.mark.parametrize(("weapon", "column"), [("tpbf", 12), ("ft", 24)])
def test_d7_22_tpbf_and_ft_open_with_dice_and_commit_logs_the_ift_result_rolled(
        monkeypatch: pytest.MonkeyPatch, squad_window: MainWindow, weapon: str, column: int) -> None:
    looked = reacting(squad_window, monkeypatch, "non_cc", weapon, (2, 3))
    assert looked["dice"] and looked["before"] is False and not looked["unrolled"] and looked["after"] is True
    assert str(column) in looked["numbers"]
    entry = reaction_entry(squad_window)
    assert entry.action["weapon"] == weapon and entry.action["dice"] == {"colored": 2, "white": 3}
    assert entry.answer["outcome"]["result"] == ift_result(column, 5) and entry.answer["ift_column"] == column
    line = entry_lines(entry)[0].text
    assert f"*** 2,3 *** = 5: IFT {ift_result(column, 5)}" in line
    assert line.count(entry.actor.rpartition(" in ")[0]) == 1  # who reacts is named once
    assert " \u2014 Non-CC Reaction Fire vs " in line
    units = squad_window.scenario.units
    assert units["sq"].fired and not units["t34"].immobilized and units["sq"].dc is True


def test_d7_22_a_thrown_dc_is_rolled_and_commit_takes_the_dc_from_the_squad(
        monkeypatch: pytest.MonkeyPatch, squad_window: MainWindow) -> None:
    looked = reacting(squad_window, monkeypatch, "non_cc", "dc", (1, 3))
    assert looked["dice"] and looked["before"] is False and looked["after"] is True
    entry = reaction_entry(squad_window)
    assert entry.answer["outcome"] == {"detonated": True, "malfunction": False, "original_dr": 4}
    assert "*** 1,3 ***" in entry_lines(entry)[0].text
    assert entry.answer["target_facing"] == "rear"
    assert squad_window.scenario.units["sq"].dc is None and squad_window.scenario.units["sq"].fired


@pytest.mark.parametrize(("roll", "result"), [((1, 1), "eliminated"), ((2, 3), "none")])
def test_d7_21_cc_is_rolled_and_commit_applies_only_its_outcome(
        monkeypatch: pytest.MonkeyPatch, squad_window: MainWindow, roll: tuple[int, int], result: str) -> None:
    looked = reacting(squad_window, monkeypatch, "cc", None, roll)
    assert looked["dice"] and looked["before"] is False and looked["after"] is True
    entry = reaction_entry(squad_window)
    assert entry.answer["final_ccv"] == 5 and entry.answer["outcome"]["cc_result"] == result
    first = entry_lines(entry)[0].text  # the log line: its dice and what they meant
    assert f"*** {roll[0]},{roll[1]} ***" in first and f"CC: {result}" in first
    assert f"CC vs the vehicle (A11.5): {result}" in looked["outcome"]
    assert "Eliminates on Final DR \u2264: 4" in looked["numbers"]
    gone = result != "none"
    assert ("t34" not in squad_window.scenario.units) is gone  # a vehicle eliminated in CC leaves the map
    assert squad_window.scenario.units["sq"].fired
    squad_window.undo_stack.undo()
    assert "t34" in squad_window.scenario.units and not squad_window.scenario.units["sq"].fired


def test_d7_21_the_popups_odds_word_the_cc_and_the_guns_shot() -> None:
    scenario = situation(SQUAD, {**T34, "hex": "4E5"})
    ask = {"kind": "reaction_fire", "unit": "sq", "vehicle": "t34", "phase": "MPh"}
    cc = odds_words(resolve(scenario, {**ask, "type": "cc"}))
    assert cc == ["CC at CCV 5, DRM +2: eliminated 3%, immobilized 6%, none 92%"]  # 6, 12, 198 of 216
    gun = situation(PAK, CREW, {**T34, "hex": "4E5"})
    shot = odds_words(resolve(gun, {**ask, "unit": "crew", "type": "non_cc"}))
    assert shot == ["hits on 10 or less: 92%", "CH 3%", "breaks down 3%"]  # worded as the fire it is (D7.22)


def test_d7_22_tpbf_odds_vs_the_vehicle_say_they_are_the_printed_result_only() -> None:
    """The IFT result of small arms at the OVRing AFV is printed, its effect on the AFV not applied
    (A7 is not in the rules folder): the odds line says so, and no odds line of a Gun's shot does."""
    scenario = situation(SQUAD, {**T34, "hex": "4E5"})
    answer = resolve(scenario, {"kind": "reaction_fire", "unit": "sq", "vehicle": "t34", "phase": "MPh",
                                "type": "non_cc"})
    [line] = odds_words(answer)
    assert answer.values["vehicle_effect_note"] and line.startswith(
        f"IFT {answer.values['ift_column']} column, DRM {answer.total_drm:+d}, printed results, not applied to the "
        'vehicle (see "On the vehicle"): ')


def test_d7_21_cc_equal_to_the_ccv_immobilizes(monkeypatch: pytest.MonkeyPatch, squad_window: MainWindow) -> None:
    reacting(squad_window, monkeypatch, "cc", None, (2, 1))  # 3 +2 Non-Stopped = 5, the 4-6-7's CCV
    assert reaction_entry(squad_window).answer["outcome"]["cc_result"] == "immobilized"
    assert squad_window.scenario.units["t34"].immobilized


@pytest.mark.parametrize(("kind", "weapon"), [("non_cc", "tpbf"), ("non_cc", "ft"), ("non_cc", "dc"), ("cc", None)])
def test_d7_2_cancelled_after_the_roll_marks_nobody(
        monkeypatch: pytest.MonkeyPatch, squad_window: MainWindow, kind: str, weapon: str | None) -> None:
    looked = reacting(squad_window, monkeypatch, kind, weapon, (1, 2), commit=False)
    assert looked["after"] is True  # it could have been committed
    assert [entry.kind for entry in read_log(squad_window.scenario)] == ["overrun"]
    units = squad_window.scenario.units
    assert not units["sq"].fired and units["sq"].dc is True and "t34" in units and not units["t34"].immobilized


def test_d7_22_an_unrolled_reaction_fire_cannot_be_committed(
        monkeypatch: pytest.MonkeyPatch, squad_window: MainWindow) -> None:
    looked = reacting(squad_window, monkeypatch, "non_cc", "tpbf", None)
    assert looked["dice"] and looked["before"] is False
    assert [entry.kind for entry in read_log(squad_window.scenario)] == ["overrun"]
    assert not squad_window.scenario.units["sq"].fired
