"""Issue 26: the popup says only what applies: "lower dr doubled" only when C5.35 doubles it, and
no "Multiple ROF kept on dr <=" line for a counter that prints no ROF (C2.24)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import Resolution, resolve
from aslgui.ui.rehearsal.answer_words import (
    IFT_BY_HAND,
    IMPROBABLE_WORDS,
    number_lines,
    outcome_lines,
    outcome_summary,
    show_value,
)
from tests.rules.fixtures.to_hit_scenarios import german_tank, russian_gun, scenario

pytestmark = pytest.mark.gui
DICE = {"colored": 2, "white": 3}


def test_c5_35_a_stationary_gun_s_th_dr_says_nothing_of_doubling() -> None:
    shot = resolve(scenario(russian_gun(), german_tank()), {"kind": "fire", "firer": "g", "target": "t", "dice": DICE})
    assert shot.values["doubled_lower_dr"] is False
    th_dr = [line for line in outcome_lines(shot) if line.startswith("TH DR")]
    assert th_dr == [f"TH DR: {shot.outcome['th_dr']}"]


def test_c5_35_a_moving_vehicle_s_th_dr_says_the_lower_dr_is_doubled() -> None:
    tank = german_tank("m", "4E9", side="russian", nationality="russian", motion=True, stopped=False, gyro=False,
                       ma={"caliber": 75, "kind": "gun"}, turret="T")
    target = german_tank("t", "4E3")
    situation = scenario(tank, target, phase="MPh", player="russian")
    shot = resolve(situation, {"kind": "fire", "firer": "m", "target": "t", "dice": DICE})
    assert shot.legal and shot.values["doubled_lower_dr"] is True
    th_dr = [line for line in outcome_lines(shot) if line.startswith("TH DR")]
    assert th_dr == [f"TH DR: {shot.outcome['th_dr']} (lower dr doubled, C5.35)"]


@pytest.mark.parametrize(("rof", "shown"), [(0, False), (2, True)])
def test_c2_24_the_rof_line_shows_only_for_a_printed_rof(rof: int, shown: bool) -> None:
    shot = resolve(scenario(russian_gun(rof=rof), german_tank()), {"kind": "fire", "firer": "g", "target": "t"})
    assert shot.values["rof"] == rof
    assert any(line.startswith("Multiple ROF kept") for line in number_lines(shot)) is shown


def test_d7_22_reaction_fire_weapons_read_as_the_rules_name_them() -> None:
    assert show_value("tpbf", None, "weapon") == "TPBF"
    assert show_value(["tpbf", "ordnance", "ft", "dc", "mol", "gun"], None, "allowed_weapons") == (
        "TPBF, ordnance SW, FT, Thrown DC, MOL, Gun")
    assert show_value([], None, "allowed_weapons") == "none"


def test_d7_22_an_attacks_fp_parts_name_the_unit_never_its_id() -> None:
    """The window never shows an id: a TPBF Reaction Fire's FP part names the squad (it read 's7 FP 4')."""
    parts = [{"source": "s7 FP 4 x 3 (TPBF, A7.21)", "fp": 12}]
    assert show_value(parts, {"s7": "4-6-7 1sq"}, "fp_parts") == "4-6-7 1sq FP 4 x 3 (TPBF, A7.21) 12"


def test_c10_1_a_move_step_names_the_gun_in_tow_never_its_id() -> None:
    """A towing vehicle's step read 'woods, towing g2 (C10.1)' in the popup."""
    steps = [{"hex": "1A7", "mp": 15, "total": 32, "why": "woods, towing g2 (C10.1)"}]
    shown = show_value(steps, {"g2": "75L AT PaK 40"}, "steps")
    assert shown == "1A7 +15 = 32 (woods, towing 75L AT PaK 40 (C10.1))"


@pytest.mark.parametrize(("outcome", "by_hand"), [
    ({"detonated": True, "result": "3KIA"}, True),  # a DC (A23.3): the units are left as they were
    ({"detonated": True, "result": "-"}, False),
    ({"result": "-", "targets": [{"id": "s1", "result": "1MC"}]}, True),  # an OVR's per-target result (D7.1)
    ({"hit": True, "location": "hull"}, False),  # a hit on a vehicle: no IFT result
])
def test_a10_a_rolled_ift_result_says_it_is_marked_by_hand(outcome: dict[str, Any], by_hand: bool) -> None:
    lines = outcome_lines(Resolution("detonate_dc", outcome=outcome))
    assert (IFT_BY_HAND in lines) is by_hand
    assert IFT_BY_HAND.startswith("Not applied here") and "(A10)" in IFT_BY_HAND


def test_a23_3_a_placed_dc_s_numbers_leave_out_what_only_a_set_dc_reads() -> None:
    """Enemy Infantry add to a Set DC's malfunction check and it needs an NTC (A23.7, A23.71); a
    Placed DC (A23.3) reads neither, so its popup does not list them."""
    values = {"dc": "placed", "fp": 30, "ntc_required": False, "enemy_infantry": 2, "malfunction_min_dr": 12}
    placed = number_lines(Resolution("detonate_dc", values=values))
    assert not any(line.startswith(("Enemy Infantry", "NTC first")) for line in placed)
    set_dc = number_lines(Resolution("detonate_dc", values={**values, "dc": "set", "ntc_required": True}))
    assert "Enemy Infantry in the Location (A23.71): 2" in set_dc and "NTC first (A23.7): yes" in set_dc


def test_c3_6_a_unit_of_the_hex_only_an_improbable_hit_reaches_is_said_so_not_a_number_below_2() -> None:
    """Each unit of a hex has its own "Hits on" (C3.33): one no Original DR reaches reads as the
    shot's own line does (C3.6), another keeps its number."""
    answer = Resolution("fire", values={"targets": [
        {"id": "t1", "total_drm": 4, "final_th_needed": 3},
        {"id": "kw", "total_drm": 6, "final_th_needed": 1, "improbable": True}]})
    assert number_lines(answer)[1:] == ["Per target:", "\u2022 t1: total 4, Hits on Original DR \u2264 3",
                                        f"\u2022 kw: total 6, Hits on Original DR \u2264 {IMPROBABLE_WORDS}"]


def test_c3_9_a_hull_hit_on_a_hull_down_target_says_why_it_is_a_miss() -> None:
    """The TH DR 7 hits a TH# 7, but on the hull of a hull-down target: "Hit: no" is followed by
    why, not left to the folded notes (C3.9)."""
    answer = Resolution("fire", values={"final_th_needed": 7}, outcome={
        "hit": False, "hull_down_miss": True, "critical": False, "th_dr": 7, "final_dr": 7})
    lines = outcome_lines(answer)
    assert lines[lines.index("Hit: no") + 1] == "Missed: a hull hit on a hull-down target (C3.9): yes"
    assert outcome_summary("fire", answer.outcome or {}) == "Miss (a hull hit on a hull-down target, C3.9)"
    assert outcome_summary("fire", {"hit": False}) == "Miss"


def test_c3_6_an_outcome_s_improbable_hit_on_one_unit_of_the_hex_is_still_said() -> None:
    """The rolled outcome of each unit of the hex says it was an Improbable Hit (C3.6); only the
    numbers before the roll fold it into "Hits on"."""
    answer = Resolution("fire", outcome={"hit": True, "targets": [
        {"id": "x", "hit": True, "improbable": True, "critical": False, "location": "hull"}]})
    assert "\u2022 x: Hit yes, Improbable Hit yes, Critical Hit no, Hit location hull" in outcome_lines(answer)
