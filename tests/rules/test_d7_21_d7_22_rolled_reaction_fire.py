"""Every form of Reaction Fire is rolled (D7.21, D7.22): CC on the CC Table's vehicle line as the
D7.22 EX reads it (A11 is not in the rules folder), TPBF and a FT on the IFT, a Thrown DC as
``throw_dc`` answers it; with dice each has its outcome, and Commit applies only that outcome."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aslgui.rules import resolve
from aslgui.rules.apply import destroyed_units, unit_changes
from aslgui.rules.reaction_attacks import CC_UNVERIFIED, DC_OWN_LOCATION_NOTE, IFT_VS_AFV_NOTE
from aslgui.rules.resolution import Resolution
from aslgui.rules.tables import ift_result
from tests.rules.test_d7_reaction_fire import board


def dice(total: int) -> dict[str, int]:
    """A roll of ``total`` (2..12), the coloured die the lower."""
    colored = max(1, total - 6)
    return {"colored": colored, "white": total - colored}


def rolled(scenario: Any, unit: str, kind: str, total: int | None = None, **keys: Any) -> Resolution:
    action: dict[str, Any] = {"kind": "reaction_fire", "unit": unit, "vehicle": "tank", "type": kind, **keys}
    if total is not None:
        action["dice"] = dice(total)
    return resolve(scenario, action)


def street_cc(total: int | None = None) -> Resolution:
    """The D7.22 EX's 4-4-7 and 8-1: Street Fighting CC at the tank in 1E3, CCV 6, DRM +2 -1 -1."""
    return rolled(board({"tank": {"hex": "1E3"}}), "s447", "cc", total, street_fighting=True, leadership=-1)


# -- D7.21 (A11.5 as the D7.22 EX reads it) --------------------------------------------------------------
def test_d7_22_ex_the_447_and_8_1_have_ccv_6_and_their_kill_numbers() -> None:
    answer = street_cc()
    assert answer.legal and answer.outcome is None  # no dice: the numbers, no outcome
    values = answer.values
    assert (values["ccv"], values["final_ccv"], answer.total_drm) == (6, 6, 0)
    assert (values["burn_max_final_dr"], values["kill_max_final_dr"], values["immobilize_final_dr"]) == (3, 5, 6)
    assert values["unverified"][0] == CC_UNVERIFIED


@pytest.mark.parametrize(("total", "result"), [(6, "immobilized"), (5, "eliminated"), (4, "eliminated"),
                                               (3, "burned"), (2, "burned"), (7, "none"), (12, "none")])
def test_d7_22_ex_immobilized_on_6_eliminated_on_4_or_5_burned_on_3_or_less(total: int, result: str) -> None:
    outcome = street_cc(total).outcome
    assert outcome is not None and outcome["cc_result"] == result and outcome["final_dr"] == total
    assert ("eliminated" in outcome) is (result in ("burned", "eliminated"))


def test_d7_22_ex_the_628_under_first_fire_harms_the_tank_only_on_an_original_2() -> None:
    answer = rolled(board(), "s628", "cc")
    assert (answer.values["ccv"], answer.values["final_ccv"], answer.total_drm) == (5, 4, 2)
    two = rolled(board(), "s628", "cc", 2).outcome
    assert two == {"original_dr": 2, "final_dr": 4, "cc_result": "immobilized", "unlikely_kill_possible": True}
    assert {rolled(board(), "s628", "cc", t).outcome["cc_result"] for t in range(3, 13)} == {"none"}  # type: ignore[index]


def test_d7_22_ex_fpf_after_a_failed_paatc_ccv_3_leaves_only_an_unlikely_kill_and_the_nmc() -> None:
    scenario = board()
    answer = rolled(scenario, "s628", "cc", 2, fire_counter="final", paatc_passed=False)
    assert answer.values["final_ccv"] == 3
    assert answer.outcome == {"original_dr": 2, "final_dr": 4, "cc_result": "none", "unlikely_kill_possible": True,
                              "nmc": "passed"}
    # "pinned if its Original attack DR is an 8 or broken if that DR is >= 9" (the 6-2-8's morale 8)
    assert [rolled(scenario, "s628", "cc", t, fire_counter="final").outcome["nmc"]  # type: ignore[index]
            for t in (7, 8, 9, 12)] == ["passed", "pinned", "broken", "broken"]


def test_d7_21_the_odds_count_every_roll_and_no_outcome_without_dice() -> None:
    answer = street_cc().to_json()
    assert sum(answer["odds_216"]["cc_result"].values()) == 216
    # burned on 2-3 (3+6 of 36), eliminated on 4-5 (9+12 ... in 216ths), immobilized on 6 (5 of 36)
    assert answer["odds_216"]["cc_result"] == {"burned": 18, "eliminated": 42, "immobilized": 30, "none": 126}
    assert "outcome" not in answer


def test_d7_21_a_stated_ccv_replaces_the_default_and_is_not_unverified() -> None:
    answer = rolled(board(), "s628", "cc", ccv=7)
    assert (answer.values["ccv"], answer.values["final_ccv"]) == (7, 6)
    assert answer.values["unverified"] == [CC_UNVERIFIED]


def test_d7_21_an_illegal_cc_has_no_outcome_and_no_odds() -> None:
    answer = rolled(board(), "s628", "cc", 2, melee=True).to_json()
    assert answer["legal"] is False and "outcome" not in answer and answer["odds"] is None


@given(st.integers(2, 12), st.integers(1, 10))
def test_d7_21_any_roll_reads_as_the_table_says(total: int, ccv: int) -> None:
    outcome = rolled(board(), "s628", "cc", total, ccv=ccv, vehicle_stopped=True).outcome
    final_ccv = ccv - 1  # the 6-2-8 is under a First Fire counter (D7.213)
    assert outcome is not None and outcome["final_dr"] == total
    expected = ("burned" if total <= final_ccv // 2 else "eliminated" if total < final_ccv
                else "immobilized" if total == final_ccv else "none")
    assert outcome["cc_result"] == expected


def test_d7_21_commit_takes_an_eliminated_vehicle_off_and_marks_an_immobilized_one() -> None:
    scenario = board({"tank": {"hex": "1E3"}})
    action = {"kind": "reaction_fire", "unit": "s447", "vehicle": "tank", "type": "cc", "street_fighting": True,
              "leadership": -1}
    killed = resolve(scenario, {**action, "dice": dice(4)})
    assert destroyed_units(killed) == ["tank"]
    held = resolve(scenario, {**action, "dice": dice(6)})
    changed = {u.id: u for u in unit_changes(scenario, {**action, "dice": dice(6)}, held)}
    assert changed["tank"].immobilized and changed["s447"].fired and destroyed_units(held) == []
    missed = resolve(scenario, {**action, "dice": dice(9)})
    assert [u.id for u in unit_changes(scenario, action, missed)] == ["s447"] and destroyed_units(missed) == []


def test_a8_31_commit_marks_the_fpf_attackers_own_nmc() -> None:
    scenario = board()
    action = {"kind": "reaction_fire", "unit": "s628", "vehicle": "tank", "type": "cc", "fire_counter": "final",
              "dice": dice(9)}
    [unit] = unit_changes(scenario, action, resolve(scenario, action))
    assert unit.id == "s628" and unit.broken and not unit.pinned


def test_a8_31_no_nmc_is_read_for_a_unit_of_unknown_morale() -> None:
    scenario = board({"s628": {"name": "Ivan's squad"}})
    outcome = rolled(scenario, "s628", "cc", 9, fire_counter="final", ccv=5).outcome
    assert outcome is not None and "nmc" not in outcome


# -- D7.22 TPBF and FT -----------------------------------------------------------------------------------
def test_d7_22_tpbf_triples_the_units_fp_and_its_mg() -> None:
    scenario = board()
    plain = rolled(scenario, "s628", "non_cc", weapon="tpbf")
    assert (plain.values["fp"], plain.values["ift_column"]) == (18, 16)  # 6 x 3
    with_mg = rolled(scenario, "s628", "non_cc", weapon="tpbf", sw_fp=2)
    assert (with_mg.values["fp"], with_mg.values["ift_column"]) == (24, 24)  # (6 + 2) x 3
    assert plain.values["vehicle_effect_note"] == IFT_VS_AFV_NOTE


@pytest.mark.parametrize("total", [2, 5, 8, 12])
def test_d7_22_tpbf_with_dice_reads_the_ift(total: int) -> None:
    outcome = rolled(board(), "s628", "non_cc", total, weapon="tpbf").outcome
    assert outcome == {"original_dr": total, "ift_column": 16, "final_dr": total, "result": ift_result(16, total)}


def test_d7_22_a_ft_attacks_with_24_fp_named_unverified() -> None:
    answer = rolled(board(), "s628", "non_cc", 3, weapon="ft")
    assert (answer.values["fp"], answer.values["ift_column"]) == (24, 24)
    assert answer.values["unverified"] == ["a FT attacks with 24 FP, never tripled (A22)"]
    assert answer.outcome is not None and answer.outcome["result"] == ift_result(24, 3)


def test_d7_22_a_unit_listing_its_sw_uses_a_ft_only_if_it_holds_one() -> None:
    without = rolled(board({"s628": {"sw": ["LMG"]}}), "s628", "non_cc", 3, weapon="ft")
    assert without.reasons == ('s628 holds no FT (its "sw" list names none) (D7.22, A22)',) and without.outcome is None
    held = rolled(board({"s628": {"sw": ["FT (broken)", "LMG"]}}), "s628", "non_cc", 3, weapon="ft")
    assert held.legal


def test_d7_22_tpbf_by_a_unit_of_unknown_fp_is_refused_naming_what_to_give() -> None:
    answer = rolled(board({"s628": {"name": "Ivan's squad"}}), "s628", "non_cc", 5, weapon="tpbf")
    assert answer.reasons == ('s628\'s FP is unknown: give it "fp" or a name such as "4-6-7" (D7.22)',)
    assert answer.outcome is None
    stated = rolled(board({"s628": {"name": "Ivan's squad", "fp": 5}}), "s628", "non_cc", 5, weapon="tpbf")
    assert stated.legal and stated.values["fp"] == 15


def test_d7_22_exc_a_pinned_unit_tpbfs_but_uses_no_ft() -> None:
    pinned = board({"s628": {"pinned": True}})
    assert rolled(pinned, "s628", "non_cc", 3, weapon="tpbf").outcome is not None
    assert rolled(pinned, "s628", "non_cc", 3, weapon="ft").reasons == (
        "s628 is pinned and cannot use a FT or DC (D7.22, A7.81)",)


# -- D7.22 a Thrown DC -------------------------------------------------------------------------------------
def test_d7_22_a_thrown_dc_strikes_the_afvs_rear_and_detonates_below_its_x_number() -> None:
    scenario = board({"s628": {"fired": False, "dc": True}})
    answer = rolled(scenario, "s628", "non_cc", weapon="dc")
    assert answer.legal and answer.values["vs_afv"] == "tank" and answer.values["target_facing"] == "rear"
    assert answer.values["x_number"] == 12 and DC_OWN_LOCATION_NOTE in answer.values["notes"]  # elite: X# 12
    assert [line.case for line in answer.drm] == ["thrown"]
    detonated = rolled(scenario, "s628", "non_cc", 11, weapon="dc").outcome
    assert detonated == {"detonated": True, "malfunction": False, "original_dr": 11}
    assert rolled(scenario, "s628", "non_cc", 12, weapon="dc").outcome == {
        "detonated": False, "malfunction": True, "original_dr": 12}


def test_a23_6_commit_takes_the_thrown_dc_from_its_unit() -> None:
    scenario = board({"s628": {"fired": False, "dc": True}})
    action = {"kind": "reaction_fire", "unit": "s628", "vehicle": "tank", "type": "non_cc", "weapon": "dc",
              "dice": dice(5)}
    [unit] = unit_changes(scenario, action, resolve(scenario, action))
    assert unit.dc is None and unit.fired


def test_a23_63_a_dc_refused_once_under_a_first_fire_counter_with_no_outcome() -> None:
    answer = rolled(board({"s628": {"dc": True}}), "s628", "non_cc", 5, weapon="dc", fire_counter="first")
    assert answer.reasons == ("s628 is marked with a First Fire counter and may not Throw a DC (A23.63, D7.22)",)
    assert answer.outcome is None and answer.values["odds"] is None


def test_d7_221_under_final_fire_the_dc_is_thrown_as_fpf() -> None:
    answer = rolled(board({"s628": {"dc": True}}), "s628", "non_cc", 5, weapon="dc", fire_counter="final")
    assert answer.legal and answer.outcome is not None and answer.outcome["detonated"] is True
