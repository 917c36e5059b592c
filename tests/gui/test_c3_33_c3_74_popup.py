"""C3.33 and C3.74 in the rehearsal popup: choosing SMOKE or WP while the Target Type is Vehicle
shows the C3.33 reason and blocks Commit until the Area Target Type is chosen; a CH at a hex of
several units words each unit's two ways (Random Selection picks, or a normal hit)."""

from __future__ import annotations

import random

import pytest
from pytestqt.qtbot import QtBot

from aslgui.model import load_scenario, scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.dice import DiceRoller
from aslgui.rules.gestures import gestures_for_drop
from aslgui.ui.rehearsal.answer_words import outcome_lines, outcome_summary, player_names
from aslgui.ui.rehearsal.options import set_option
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import DEMO_PATH

pytestmark = pytest.mark.gui


def _fire_popup(qtbot: QtBot) -> RehearsalPopup:
    scenario = load_scenario(DEMO_PATH)
    drop = gestures_for_drop(scenario, "g1", scenario.grid.parse("4E9"))
    popup = RehearsalPopup(scenario, drop.gestures, DiceRoller(random.Random(3)))
    qtbot.addWidget(popup)
    popup.choice.setCurrentIndex([g.kind for g in popup.gestures].index("fire"))
    return popup


@pytest.mark.parametrize(("ammo", "words"), [("WP", "WP (a SMOKE type, C3.76)"), ("SMOKE", "SMOKE")])
def test_c3_33_popup_smoke_or_wp_on_the_vehicle_target_type_shows_why_until_area_is_chosen(
        qtbot: QtBot, ammo: str, words: str) -> None:
    popup = _fire_popup(qtbot)
    assert popup.action()["target_type"] == "vehicle" and popup.resolution and popup.resolution.legal
    set_option(popup.options["ammo"], ammo)
    assert f"Not allowed: ordnance firing {words} uses the Area Target Type (C3.33)" in popup.reasons_label.text()
    assert not popup.reasons_label.isHidden()
    popup.roll(3, 3, None, 7)
    assert not popup.can_commit()
    set_option(popup.options["target_type"], "area")
    assert popup.resolution is not None and popup.resolution.legal, popup.reasons_label.text()
    assert popup.reasons_label.isHidden()


def test_c3_74_popup_words_each_units_two_ways_under_random_selection() -> None:
    squad = {"side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "4E8"}
    scenario = scenario_from_json({
        "boards": [{"id": "4", "col": 0, "row": 0}], "phase": "PFPh", "player": "russian",
        "units": [
            {"id": "g", "side": "russian", "nationality": "russian", "kind": "gun", "name": "76L ART", "hex": "4E5",
             "ca": "S/SW", "crew": "c"},
            {"id": "c", "side": "russian", "nationality": "russian", "kind": "crew", "name": "2-2-8", "hex": "4E5"},
            {"id": "s1", **squad}, {"id": "s2", **squad}]})
    resolution = resolve(scenario, {"kind": "fire", "firer": "g", "target_hex": "4E8", "target_type": "area",
                                    "ammo": "HE", "dice": {"colored": 1, "white": 1}, "effects_dr": 7})
    names = player_names(scenario)
    lines = outcome_lines(resolution, names)
    shown = "\n".join(lines)
    for number in (1, 2):  # two alike squads in one hex, as a player tells them apart; a line each
        assert any(line.startswith(f"\u2022 4-6-7 #{number} in 4E8: Hit yes, Critical Hit decided by Random "
                                   "Selection, Final DR 2, FP decided by Random Selection") for line in lines)
    assert "Improbable Hit no" not in shown and "Hit location none" not in shown  # quiet per unit too
    assert "if Random Selection picks it for the CH (C3.74) (Hit yes, Critical Hit yes" in shown
    assert "FP 24, IFT column 24" in shown and "else a normal hit (Hit yes, Critical Hit no" in shown
    # the log's line: each unit's two IFT results, the C3.74 pick said once
    first = (resolution.outcome or {})["targets"][0]
    selected, normal = first["if_selected"]["result"], first["if_not_selected"]["result"]
    assert outcome_summary("fire", resolution.outcome or {}, names) == (
        "Critical Hit, Random Selection picks the unit it strikes (C3.74) \u2014 "
        f"4-6-7 #1 in 4E8: IFT {selected} if picked, else IFT {normal}; "
        f"4-6-7 #2 in 4E8: IFT {selected} if picked, else IFT {normal}")
    assert not any(line.startswith("FP:") for line in lines)  # the hex's FP is no longer every unit's
    assert lines[-1].startswith("Notes: Random Selection picks which of 4-6-7 #1 in 4E8, 4-6-7 #2 in 4E8")
    assert lines[-1].endswith("(C3.74)")
    assert "CH: full HE FP doubled" not in lines[-1]  # said of the selected unit only (C3.74)


def test_c3_3_the_effects_dr_is_offered_only_where_a_hit_is_an_ift_attack(qtbot: QtBot) -> None:
    """A hit on the Vehicle Target Type goes to the To Kill Table (C7), which is not rolled here: no
    Effects DR box; HE on the Area Target Type attacks on the IFT (C3.33), so its Effects DR is asked."""
    popup = _fire_popup(qtbot)
    assert popup.action()["target_type"] == "vehicle" and not popup.dice.typed["effects"].isVisibleTo(popup)
    set_option(popup.options["target_type"], "area")
    set_option(popup.options["ammo"], "HE")
    assert popup.resolution is not None and popup.resolution.legal, popup.reasons_label.text()
    assert popup.dice.typed["effects"].isVisibleTo(popup)
    set_option(popup.options["ammo"], "SMOKE")  # SMOKE is placed, not an attack (C3.76)
    assert not popup.dice.typed["effects"].isVisibleTo(popup)


def test_c3_32_ap_at_infantry_is_no_ift_attack_so_no_effects_dr_is_asked(qtbot: QtBot) -> None:
    """AP on the Infantry Target Type is resolved by HE Equivalency (C8.31), not an IFT attack of
    its own: the Effects DR box goes with HE (C3.32)."""
    scenario = load_scenario(DEMO_PATH)
    scenario.units["s2"] = scenario.units["s2"]._replace(hex=scenario.grid.parse("4E7"))  # in the Gun's sight
    drop = gestures_for_drop(scenario, "g1", scenario.units["s2"].hex)
    popup = RehearsalPopup(scenario, [g for g in drop.gestures if g.kind == "fire"], DiceRoller(random.Random(3)))
    qtbot.addWidget(popup)
    set_option(popup.options["target_type"], "infantry")
    set_option(popup.options["ammo"], "HE")
    assert popup.resolution is not None and popup.resolution.legal, popup.reasons_label.text()
    assert popup.dice.typed["effects"].isVisibleTo(popup)
    set_option(popup.options["ammo"], "AP")
    assert popup.action()["ammo"] == "AP" and not popup.dice.typed["effects"].isVisibleTo(popup)
