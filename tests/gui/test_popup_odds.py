"""Issue 18 in the rehearsal popup: the odds in words, updated as options change, and the what-if
table of a shot (each ammo type, Intensive Fire), driven through the real popup widgets."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QComboBox, QDialogButtonBox
from pytestqt.qtbot import QtBot

from aslgui.model import Scenario, load_scenario
from aslgui.rules import resolve
from aslgui.rules.action_keys import AMMO
from aslgui.rules.dice import DiceRoller
from aslgui.rules.gestures import gestures_for_drop
from aslgui.rules.menu_gestures import context_gestures
from aslgui.ui.rehearsal.odds import percent
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import DEMO_PATH
from tests.gui.conftest import example

pytestmark = pytest.mark.gui
FACES = range(1, 7)


def ways(at_most: int) -> int:
    """How many of the 36 Original DR are at most ``at_most``."""
    return sum(1 for c in FACES for w in FACES if c + w <= at_most)


def open_demo() -> Scenario:
    """The demo, its Gun in LOS of the tank along the road."""
    scenario = load_scenario(DEMO_PATH)
    return scenario


def popup_for(qtbot: QtBot, scenario: Scenario, unit: str, hex_name: str, kind: str) -> RehearsalPopup:
    drop = gestures_for_drop(scenario, unit, scenario.grid.parse(hex_name))
    popup = RehearsalPopup(scenario, drop.gestures, DiceRoller(random.Random(3)))
    qtbot.addWidget(popup)
    popup.choice.setCurrentIndex([g.kind for g in popup.gestures].index(kind))
    return popup


def test_c3_3_fire_odds_in_words_follow_the_options(qtbot: QtBot) -> None:
    """C3.3/C3.7/C5.62: 'hits on N or less', CH and breakdown, re-worded when the DRM changes."""
    popup = popup_for(qtbot, open_demo(), "g1", "4E9", "fire")
    needed = popup.resolution.values["final_th_needed"] if popup.resolution else None
    assert needed == 10
    assert popup.odds.words.text() == (f"Odds: hits on 10 or less: {percent(ways(10) / 36)}; CH {percent(1 / 36)}; "
                                       f"breaks down {percent(1 / 36)}")
    assert "hits on 10 or less: 92%; CH 3%; breaks down 3%" in popup.odds.words.text()
    popup.options["extra_drm"].setValue(2)
    assert "hits on 8 or less: 72%" in popup.odds.words.text()
    popup.options["extra_drm"].setValue(9)  # Final TH# 1: only an Improbable Hit (C3.6): 3 of 216
    improbable = f"Odds: only an Improbable Hit (Original 2, then dr 1-3): {percent(3 / 216)}"
    assert popup.odds.words.text().startswith(improbable)
    assert "Odds" not in popup.numbers_label.text() and "216" not in popup.numbers_label.text()


def test_c5_6_what_if_table_has_each_ammo_and_intensive_fire(qtbot: QtBot) -> None:
    """Each ammo type and Intensive Fire (+2, C5.61; B# two lower, C5.62) on one line each."""
    popup = popup_for(qtbot, open_demo(), "g1", "4E9", "fire")
    rows = popup.odds.what_if_rows()
    assert [row[0] for row in rows] == [*AMMO, "Intensive Fire"]
    assert popup.odds.table.isVisibleTo(popup)
    by_label = {row[0]: row[1:] for row in rows}
    assert by_label["AP"] == ["\u2264 10", percent(ways(10) / 36), percent(1 / 36), percent(1 / 36)]
    assert by_label["Intensive Fire"] == ["\u2264 8", percent(ways(8) / 36), percent(1 / 36),
                                          percent(ways(12) / 36 - ways(9) / 36)]
    assert by_label["Intensive Fire"][-1] == "17%"
    smoke = resolve(popup.scenario, {**popup.action(), "ammo": "SMOKE"})
    assert not smoke.legal and by_label["SMOKE"] == ["not allowed", "", "", ""]
    popup.options["extra_drm"].setValue(2)
    assert popup.odds.what_if_rows()[1][1:3] == ["\u2264 8", "72%"]  # the same shot, updated


def test_c8_the_what_if_table_has_only_the_rounds_the_counter_lists(qtbot: QtBot) -> None:
    """A counter listing APCR and SMOKE (C8) fires HE, AP and those: the table offers no other, as
    the Ammo choice does not."""
    scenario = open_demo()
    gun = scenario.units["g1"]
    scenario.units["g1"] = gun._replace(extra={**gun.extra, "special_ammo": {"APCR": 4, "SMOKE": 3}})
    popup = popup_for(qtbot, scenario, "g1", "4E9", "fire")
    assert [row[0] for row in popup.odds.what_if_rows()] == ["HE", "AP", "APCR", "SMOKE", "Intensive Fire"]
    ammo = popup.options["ammo"]
    assert isinstance(ammo, QComboBox)
    offered = [ammo.itemData(i) for i in range(ammo.count()) if ammo.itemData(i) is not None]
    assert offered == ["HE", "AP", "APCR", "SMOKE"]


def test_d7_14_overrun_odds_list_each_ift_result(qtbot: QtBot) -> None:
    """D7.14: the OVR's IFT result on its column with its DRM, worded with each chance; no what-if."""
    scenario = example("d7_22_overrun")
    popup = popup_for(qtbot, scenario, "t1", "1C3", "overrun")
    res = popup.resolution
    assert res is not None and res.legal
    odds = res.values["odds"]
    text = popup.odds.words.text()
    assert f"IFT {res.values['ift_column']} column, DRM {res.total_drm:+d}: " in text
    for result, share in odds["result"].items():
        assert f"{'no effect' if result == '-' else result} {percent(share)}" in text
    assert not popup.odds.table.isVisibleTo(popup)


def test_c10_3_push_odds_enter_go_on_fail(qtbot: QtBot) -> None:
    """C10.3: enters on Final DR <= M#, may go on below it, fails above it."""
    scenario = example("c10_3_push")
    popup = popup_for(qtbot, scenario, "g1", "1G4", "push")
    res = popup.resolution
    assert res is not None and res.legal
    enter, go_on = res.values["max_dr_enter"], res.values["max_dr_continue"]
    text = popup.odds.words.text()
    assert (f"enters {percent(ways(enter) / 36)} (may go on {percent(ways(go_on) / 36)}); "
            f"fails to enter {percent(1 - ways(enter) / 36)}") in text


def test_an_illegal_action_shows_no_odds(qtbot: QtBot) -> None:
    """C5.6: Intensive Fire before the normal ROF is used is not allowed: no odds line."""
    popup = popup_for(qtbot, load_scenario(DEMO_PATH), "g1", "4E9", "fire")
    popup.options["intensive"].setChecked(True)
    assert popup.resolution is not None and not popup.resolution.legal
    assert popup.odds.words.text() == "" and not popup.odds.words.isVisibleTo(popup)


def test_c5_11_the_turret_or_hull_choice_reads_as_a_player_says_it(qtbot: QtBot) -> None:
    """A turreted tank's shot offers how it brings the target into its arc (C5.11) in words, not
    as "default", TCA and VCA; the hull's pivot is asked as ``pivot: vca``."""
    scenario = open_demo()
    scenario.phase, scenario.player = "DFPh", "russian"  # the German tank fires in its DFPh
    popup = popup_for(qtbot, scenario, "t1", scenario.grid.name(scenario.units["g1"].hex), "fire")
    pivot = popup.options["pivot"]
    assert isinstance(pivot, QComboBox)
    assert [pivot.itemText(i) for i in range(pivot.count())] == [
        "turning its turret (unless said)", "turning its turret (TCA)", "pivoting its hull (VCA: NT Case A)"]
    pivot.setCurrentIndex(2)
    assert popup.action()["pivot"] == "vca"



def test_tab_walks_the_popup_top_down_options_before_commit(qtbot: QtBot) -> None:
    """Keyboard players: Tab goes from the choice through every option, then the dice, then the
    buttons. The options are built after the buttons (anew for each choice), so Tab skipped from
    the choice to the dice and reached the options only after Cancel."""
    scenario = open_demo()
    fire = gestures_for_drop(scenario, "g1", scenario.grid.parse("4E9")).gestures
    popup = RehearsalPopup(scenario, [*fire, context_gestures(scenario, "g1")[0]], DiceRoller(random.Random(3)))
    qtbot.addWidget(popup)
    popup.show()
    qtbot.waitExposed(popup)
    popup.choice.setFocus()
    seen = [popup.focusWidget()]
    while len(seen) < 60:
        popup.focusNextChild()
        if popup.focusWidget() is seen[0]:
            break
        seen.append(popup.focusWidget())
    options = list(popup.options.values())
    assert seen[0] is popup.choice and len(options) > 3
    assert seen[1:len(options) + 2] == [*options, popup.dice.roll_button]
    assert seen.index(popup.buttons.button(QDialogButtonBox.StandardButton.Cancel)) > len(options) + 1
