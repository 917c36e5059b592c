"""The OVR popup offers only the dice the OVR rolls: a DR on the IFT (D7.1), no dr (the dr
spin box is for the rules that ask one: C3.6, C3.7, A23.7, a Gun's Reaction Fire, D7.22)."""

from __future__ import annotations

import random

import pytest
from pytestqt.qtbot import QtBot

from aslgui.rules.dice import DiceRoller
from aslgui.rules.dispatch import resolve
from aslgui.rules.gestures import Gesture, gestures_for_drop
from aslgui.rules.menu_gestures import reaction_fire_gestures
from aslgui.rules.move_path import move_gesture
from aslgui.rules.rolling import reads_dr
from aslgui.ui.rehearsal.popup import RehearsalPopup
from tests.rules.move_boards import board

pytestmark = pytest.mark.gui


def popup_for(qtbot: QtBot, gestures: list[Gesture]) -> RehearsalPopup:
    popup = RehearsalPopup(board({"r1": {"hex": "4E5"}}) if gestures[0].action["kind"] == "overrun" else board(),
                           gestures, DiceRoller(random.Random(3)))
    qtbot.addWidget(popup)
    return popup


def assert_dr_only_dice(popup: RehearsalPopup) -> None:
    dice = popup.dice
    assert dice.typed["dr"].isHidden() and dice.faces["dr"].isHidden()
    assert not dice.typed["colored"].isHidden() and not dice.typed["white"].isHidden()
    dice.roll_button.click()
    assert dice.roll is not None and dice.dr is None and dice.faces["dr"].isHidden()
    assert "dice" in popup.action() and "dr" not in popup.action()
    assert dice.totals.text().startswith(f"Original DR {dice.roll.total}") and "dr " not in dice.totals.text()
    popup.roll(2, 3, 4)  # a dr typed or passed is not kept either
    assert dice.dr is None and "dr" not in popup.action()


def test_d7_1_a_plain_overrun_popup_has_no_dr(qtbot: QtBot) -> None:
    scenario = board({"r1": {"hex": "4E5"}})
    drop = gestures_for_drop(scenario, "t1", scenario.grid.parse("4E5"))
    ovr = [g for g in drop.gestures if g.kind == "overrun"]
    popup = popup_for(qtbot, ovr)
    assert popup.resolution is not None and popup.resolution.legal
    assert_dr_only_dice(popup)
    assert popup.resolution.outcome is not None and popup.resolution.outcome["final_dr"] >= 2


def test_d7_1_a_move_ending_in_an_ovr_has_no_dr(qtbot: QtBot) -> None:
    scenario = board()
    path = [scenario.grid.parse(name) for name in ("4F5", "4G5", "4H5")]
    gesture = move_gesture(scenario, scenario.units["t1"], path, "MPh")
    popup = popup_for(qtbot, [gesture])
    assert gesture.kind == "overrun" and popup.resolution is not None and popup.resolution.legal
    assert_dr_only_dice(popup)


def test_c3_6_a_shot_still_offers_its_dr(qtbot: QtBot) -> None:
    scenario = board(phase="PFPh")
    fire = gestures_for_drop(scenario, "t1", scenario.grid.parse("4H5")).gestures[0]
    popup = popup_for(qtbot, [fire])
    assert fire.kind == "fire" and not popup.dice.typed["dr"].isHidden()
    popup.roll(2, 3, 4)
    assert popup.dice.dr == 4 and popup.action()["dr"] == 4


def test_d7_22_which_actions_read_a_dr() -> None:
    assert [reads_dr(kind, None) for kind in ("fire", "set_dc", "trailer_target", "overrun", "move", "place_dc",
                                               "throw_dc", "detonate_dc", "reaction_fire")] == [
        True, True, True, False, False, False, False, False, False]
    # after an OVR of the manned Gun, its crew's Non-CC Reaction Fire with the Gun reads the shot's dr
    scenario = board({"t1": {"hex": "4K3"}})
    choices = reaction_fire_gestures(scenario, "t1")[0]
    answers = {g.action.get("type", "fire"): resolve(scenario, g.action) for g in choices}
    assert answers["non_cc"].values["weapon"] == "gun" and reads_dr("reaction_fire", answers["non_cc"]) is True
    assert reads_dr("reaction_fire", answers["cc"]) is False  # CC Reaction Fire: a DR on the CC Table (D7.21)
    assert reads_dr("fire", answers["fire"]) is True  # the Gun's shot itself (``fire`` with ``reaction_fire``)
