"""Overrun (D7.1-D7.17): legality, MP cost, FP, TEM/DRM, malfunction; the D7.22 EX numbers."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.model import Scenario, scenario_from_json
from aslgui.resource_files import load_json
from aslgui.rules import resolve
from tests.rules.fixtures.boards import HERE, board_from, drm_of


def board(
    units: dict[str, dict[str, Any]] | None = None, extra_units: list[dict[str, Any]] | None = None, **top: Any
) -> Scenario:
    """The D7.22 EX board: the 14-MP tank in 1D3, the 6-2-8 in woods 1C3, 4-4-7 and 8-1 in 1D2;
    a unit key set to None is removed."""
    return board_from("d7_ex.json", units, extra_units, **top)


def ovr(scenario: Scenario, target_hex: str = "1C3", **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": "overrun", "vehicle": "tank", "target_hex": target_hex, **keys}).to_json()



# -- the D7.22 EX -----------------------------------------------------------------------------------
def test_d7_22_ex_ovr_into_woods_costs_7_plus_4_mp_for_13_in_all() -> None:
    answer = ovr(board(), mp_spent=2)
    assert answer["legal"] is True
    assert (answer["mp_entry"], answer["mp_ovr"], answer["mp_cost"], answer["mp_total"]) == (7, 4, 11, 13)


def test_d7_22_ex_ovr_fp_is_20_5_on_the_20_column() -> None:
    answer = ovr(board(), mp_spent=2)
    assert answer["fp"] == 20.5
    assert answer["ift_column"] == 20
    assert [part["fp"] for part in answer["fp_parts"]] == [4, 16.5]


def test_d7_22_ex_woods_tem_plus_1() -> None:
    answer = ovr(board(), mp_spent=2)
    assert answer["drm"] == [{"case": "TEM", "rule": "D7.15", "value": 1, "text": "woods TEM"}]
    assert answer["total_drm"] == 1


def test_d7_22_ex_the_ovr_has_no_effect_on_the_628_with_a_high_dr() -> None:
    outcome = ovr(board(), mp_spent=2, dice={"colored": 6, "white": 5})["outcome"]
    assert (outcome["ift_column"], outcome["final_dr"], outcome["result"]) == (20, 12, "PTC")
    outcome = ovr(board(), mp_spent=2, dice={"colored": 6, "white": 6})["outcome"]
    assert outcome["result"] == "-"


def test_d7_22_ex_one_mp_left_after_the_ovr() -> None:
    assert ovr(board(), mp_spent=2)["legal"] is True
    short = ovr(board(), mp_spent=4)
    assert short["legal"] is False
    assert short["reasons"] == ["tank has 10 MP left but entering with an OVR costs 11 (D7.1, D7.14)"]


def test_d7_22_ex_the_mp_the_tank_keeps_as_spent_count_as_mp_spent_does() -> None:
    """A tank that has moved keeps its ``mp_spent`` (DESIGN.md 13): an OVR asked alone counts it."""
    assert ovr(board({"tank": {"mp_spent": 4}}))["reasons"] == ovr(board(), mp_spent=4)["reasons"]
    assert ovr(board({"tank": {"mp_spent": 4}}), mp_spent=2)["legal"] is True  # the action's key stands


def test_d7_1_and_d7_22_ex_entering_woods_calls_for_a_bog_dr_first() -> None:
    assert ovr(board())["bog_check"] is True
    assert ovr(board(terrain={}))["bog_check"] is False


def test_d7_22_ex_woods_entry_cost_is_sourced_in_resources_data() -> None:
    woods = load_json("data", "vehicle_terrain.json")["tracked"]["woods"]
    assert (woods["mp"], woods["verified"]) == ("half_allotment", True)
    assert "D7.22 EX" in woods["ex"]
    assert "unverified" not in ovr(board())


# -- D7.1 legality --------------------------------------------------------------------------------
def test_d7_1_ovr_only_in_the_mph() -> None:
    assert ovr(board(), phase="AFPh")["reasons"] == ["an OVR happens in the vehicle's MPh, not the AFPh (D7.1)"]


def test_d7_1_an_empty_hex_cannot_be_ovr() -> None:
    assert ovr(board(), target_hex="1C4")["reasons"] == ["1C4 holds no enemy unit (D7.1)"]


def test_d7_1_ovr_needs_an_adjacent_hex_to_enter() -> None:
    answer = ovr(board(), target_hex="1D2", from_hex="1F3")
    assert answer["legal"] is False
    assert answer["reasons"][0].endswith("(D7.1)")


def test_d7_1_no_ovr_into_a_pillbox() -> None:
    assert ovr(board(), pillbox=True)["reasons"] == ["a vehicle cannot enter a pillbox Location to OVR it (D7.1)"]


def test_d7_1_an_immobile_vehicle_cannot_ovr() -> None:
    assert ovr(board({"tank": {"immobilized": True}}))["legal"] is False


@pytest.mark.parametrize(("keys", "why"), [
    ({"fired": True}, "tank has Prep Fired and may not move this Player Turn (A3.3)"),
    ({"ti": True}, "tank is TI: no more movement this Player Turn (C10.11)"),
])
def test_d7_1_a_vehicle_that_may_not_move_makes_no_ovr_and_counts_no_odds(keys: dict[str, Any], why: str) -> None:
    """An OVR is made moving (D7.1): a tank that Prep Fired (A3.3) or is TI may not, and its
    illegal OVR counts no odds and rolls nothing (it was answered legal, odds and all)."""
    answer = ovr(board({"tank": keys}), mp_spent=2, dice={"colored": 2, "white": 3})
    assert answer["legal"] is False and why in answer["reasons"]
    assert answer["odds"] is None and answer.get("outcome") is None


def test_a3_3_a_move_ending_in_an_ovr_by_a_tank_that_prep_fired_says_why_once() -> None:
    """The move and its OVR refuse for the same reason (A3.3): the move's answer says it once."""
    answer = resolve(board({"tank": {"fired": True}}), {"kind": "move", "unit": "tank", "path": ["1C3"]}).to_json()
    why = "tank has Prep Fired and may not move this Player Turn (A3.3)"
    assert answer["legal"] is False and answer["reasons"].count(why) == 1
    assert answer["overrun"]["legal"] is False and answer["overrun"]["odds"] is None


def test_d7_1_the_defender_does_not_ovr() -> None:
    assert ovr(board(player="russian"))["legal"] is False


def test_d7_1_and_d7_13_bounding_first_fire_counter_forbids_ovr() -> None:
    answer = ovr(board({"tank": {"bounding_fired": True}}))
    assert answer["reasons"] == [
        "tank is marked with a Bounding First Fire counter (other than for an OVR) (D7.1, D7.13)"
    ]


def test_d7_12_an_afv_may_not_be_ovr() -> None:
    su = {"id": "su76", "side": "russian", "kind": "vehicle", "hex": "1C4", "vca": "N/NE", "mp": 14}
    answer = ovr(board(extra_units=[su]), target_hex="1C4")
    assert answer["reasons"] == ["an AFV may not be OVR (only its Vulnerable PRC) (D7.12)"]


def test_d7_12_an_afv_in_the_hex_does_not_stop_an_ovr_of_other_targets() -> None:
    su = {"id": "su76", "side": "russian", "kind": "vehicle", "hex": "1C3", "vca": "N/NE", "mp": 14}
    assert ovr(board(extra_units=[su]))["legal"] is True
    assert ovr(board(extra_units=[su]), target="su76")["reasons"] == ["su76 is an AFV and may not be OVR (D7.12)"]


def test_d7_12_vulnerable_prc_of_an_afv_can_be_ovr() -> None:
    su = {"id": "su76", "side": "russian", "kind": "vehicle", "hex": "1C4", "vca": "N/NE", "mp": 14}
    rider = {"id": "rider", "side": "russian", "kind": "halfsquad", "hex": "1C4", "aboard": "su76"}
    assert ovr(board(extra_units=[su, rider]), target_hex="1C4", target="rider")["legal"] is True


def test_d7_12_plus_2_vs_a_motion_vehicle_and_its_prc() -> None:
    truck = {
        "id": "truck",
        "side": "russian",
        "kind": "vehicle",
        "afv": False,
        "hex": "1C4",
        "vca": "N/NE",
        "mp": 20,
        "motion": True,
    }
    rider = {"id": "pax", "side": "russian", "kind": "halfsquad", "hex": "1C4", "aboard": "truck"}
    scenario = board(extra_units=[truck, rider])
    assert drm_of(ovr(scenario, target_hex="1C4", target="truck"), "motion") == [2]
    assert drm_of(ovr(scenario, target_hex="1C4", target="pax"), "motion") == [2]


TRUCK = {"id": "truck", "side": "russian", "kind": "vehicle", "afv": False, "hex": "1C4", "vca": "N/NE", "mp": 20}
SQUAD = {"id": "s1", "side": "russian", "kind": "squad", "name": "4-4-7", "hex": "1C4"}
MOTION_LINE = {"case": "motion", "rule": "D7.12", "value": 2, "text": "truck is in Motion"}
FFMO_LINE = {"case": "FFMO", "rule": "D7.15", "value": -1, "text": "Infantry OVR in an Open Ground hex"}


@pytest.mark.parametrize("moving", [{"motion": True}, {"stopped": False}, {"motion": True, "stopped": False}])
def test_d7_12_plus_2_vs_a_lone_motion_vehicle_needs_no_target_key(moving: dict[str, bool]) -> None:
    answer = ovr(board(extra_units=[{**TRUCK, **moving}]), target_hex="1C4")
    assert answer["legal"] is True
    assert (answer["drm"], answer["total_drm"]) == ([MOTION_LINE], 2)
    assert answer["targets"] == [{"id": "truck", "drm": [MOTION_LINE], "total_drm": 2}]


def test_d7_12_no_plus_2_vs_a_stopped_vehicle() -> None:
    answer = ovr(board(extra_units=[TRUCK]), target_hex="1C4")
    assert (answer["drm"], answer["targets"]) == ([], [{"id": "truck", "drm": [], "total_drm": 0}])


def test_d7_12_motion_vehicle_and_its_prc_all_get_plus_2() -> None:
    pax = {"id": "pax", "side": "russian", "kind": "halfsquad", "hex": "1C4", "aboard": "truck"}
    answer = ovr(board(extra_units=[{**TRUCK, "motion": True}, pax]), target_hex="1C4")
    assert drm_of(answer, "motion") == [2]
    assert answer["targets"] == [
        {"id": "truck", "drm": [MOTION_LINE], "total_drm": 2},
        {"id": "pax", "drm": [FFMO_LINE, MOTION_LINE], "total_drm": 1},
    ]


def test_d7_12_mixed_hex_keeps_drm_for_the_others_and_lists_the_plus_2_per_target() -> None:
    answer = ovr(board(extra_units=[{**TRUCK, "motion": True}, SQUAD]), target_hex="1C4")
    assert (answer["drm"], answer["total_drm"]) == ([FFMO_LINE], -1)  # vs the 4-4-7: no Motion +2
    assert answer["targets"] == [
        {"id": "truck", "drm": [MOTION_LINE], "total_drm": 2},
        {"id": "s1", "drm": [FFMO_LINE], "total_drm": -1},
    ]


def test_d7_12_mixed_hex_with_dice_reads_the_ift_per_target() -> None:
    scenario = board(extra_units=[{**TRUCK, "motion": True}, SQUAD])
    answer = ovr(scenario, target_hex="1C4", dice={"colored": 3, "white": 4})
    outcome = answer["outcome"]
    assert outcome["final_dr"] == 6
    by_id = {t["id"]: t for t in outcome["targets"]}
    assert (by_id["truck"]["final_dr"], by_id["s1"]["final_dr"]) == (9, 6)
    assert by_id["s1"]["result"] == outcome["result"]
    alone = ovr(board(extra_units=[{**TRUCK, "motion": True}]), target_hex="1C4", dice={"colored": 3, "white": 4})
    assert by_id["truck"]["result"] == alone["outcome"]["result"]


def test_d7_12_an_afv_in_the_hex_is_not_a_target_and_does_not_take_the_plus_2() -> None:
    su = {"id": "su76", "side": "russian", "kind": "vehicle", "hex": "1C4", "vca": "N/NE", "mp": 14, "motion": True}
    answer = ovr(board(extra_units=[su, SQUAD]), target_hex="1C4")
    assert (drm_of(answer, "motion"), [t["id"] for t in answer["targets"]]) == ([], ["s1"])


def test_d7_12_target_key_still_picks_the_drm_list() -> None:
    scenario = board(extra_units=[{**TRUCK, "motion": True}, SQUAD])
    assert ovr(scenario, target_hex="1C4", target="truck")["drm"] == [MOTION_LINE]
    assert ovr(scenario, target_hex="1C4", target="s1")["drm"] == [FFMO_LINE]


def test_d7_12_audit_case_16_mp_afv_overruns_a_moving_russian_truck() -> None:
    scenario = scenario_from_json({
        "format": "aslgui-scenario", "version": 1, "boards": [{"id": "1", "col": 0, "row": 0}],
        "phase": "MPh", "player": "german",
        "units": [
            {"id": "t1", "side": "german", "kind": "vehicle", "hex": "1D3", "vca": "NW/N", "tca": "NW/N",
             "turret": "T", "bu": True, "stopped": False, "moved": True, "mp": 16,
             "ma": {"caliber": 50, "barrel": "L", "kind": "gun"},
             "mgs": [{"fp": 2, "mount": "CMG"}, {"fp": 2, "mount": "BMG"}]},
            {"id": "truck", "side": "russian", "kind": "vehicle", "hex": "1C3", "vca": "N/NE", "afv": False,
             "motion": True, "mp": 20},
        ],
    })
    answer = resolve(scenario, {"kind": "overrun", "vehicle": "t1", "target_hex": "1C3", "mp_spent": 2}).to_json()
    assert (answer["legal"], answer["fp"], answer["mp_cost"], answer["total_drm"]) == (True, 10, 5, 2)
    assert answer["drm"] == [MOTION_LINE]


def test_d7_13_no_ovr_in_reverse() -> None:
    assert ovr(board(), reverse=True)["reasons"] == ["an OVR may not be made using Reverse Movement (D7.13)"]


@pytest.mark.parametrize("terrain", ["woods", "stone building", "wooden building"])
def test_d7_13_vbm_cannot_ovr_a_defender_in_woods_or_building(terrain: str) -> None:
    answer = ovr(board(terrain={"1C3": terrain}), bypass=True)
    assert answer["reasons"] == [f"a vehicle in VBM cannot OVR a DEFENDER in the {terrain} obstacle (D7.13)"]


def test_d7_13_not_the_hex_it_is_in_unless_it_leaves_and_reenters() -> None:
    in_hex = board({"tank": {"hex": "1C3"}})
    answer = ovr(in_hex)
    assert answer["legal"] is False
    assert answer["reasons"][0].endswith("(D7.13, D7.14)")
    assert ovr(in_hex, from_hex="1D3")["legal"] is True  # left for 1D3 and comes back


# -- D7.1 MP cost ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("mp", "quarter"), [(14, 4), (16, 4), (17, 5), (12, 3), (9, 3)])
def test_d7_1_ovr_costs_one_fourth_of_the_printed_mp_fru(mp: int, quarter: int) -> None:
    answer = ovr(board({"tank": {"mp": mp}}, terrain={}))
    assert (answer["mp_ovr"], answer["mp_entry"], answer["mp_cost"]) == (quarter, 1, quarter + 1)


def test_d2_16_bu_vehicle_pays_1_mp_through_a_road_hexside() -> None:
    answer = ovr(board(terrain={"1C3": "road"}, hexsides={"1D3/1C3": "road"}))  # the EX tank is BU
    assert (answer["mp_entry"], answer["mp_ovr"], answer["mp_cost"], answer["mp_total"]) == (1, 4, 5, 5)
    assert "unverified" not in answer


def test_d2_16_ce_vehicle_pays_half_mp_through_a_road_hexside() -> None:
    answer = ovr(board({"tank": {"bu": False}}, terrain={"1C3": "road"}, hexsides={"1D3/1C3": "road"}))
    assert (answer["mp_entry"], answer["mp_cost"], answer["mp_total"]) == (0.5, 4.5, 4.5)
    assert "unverified" not in answer


@pytest.mark.parametrize("bu", [True, False])
def test_d2_16_road_hex_entered_across_a_non_road_hexside_costs_1_mp(bu: bool) -> None:
    scenario = board({"tank": {"bu": bu}}, terrain={"1C3": "road"}, hexsides={"1D3/1C3": "road"})
    assert ovr(scenario, from_hex="1C4")["mp_entry"] == 1  # entered from 1C4, not across the road hexside
    assert ovr(board({"tank": {"bu": bu}}, terrain={"1C3": "road"}))["mp_entry"] == 1  # no road hexside at all


def test_d2_16_road_hexside_cost_is_read_from_the_project_data() -> None:
    road = load_json("data", "vehicle_terrain.json")["tracked"]["road"]
    assert (road["road_hexside_mp"], road["road_hexside_bu_mp"], road["road_hexside_verified"]) == (0.5, 1, True)
    assert "D2.16" in road["note"]


def test_d7_1_unsourced_entry_costs_are_listed_as_unverified() -> None:
    answer = ovr(board(terrain={"1C3": "brush"}))
    assert answer["mp_entry"] == 2
    assert answer["unverified"] == ["brush: vehicle entry cost is not sourced"]
    marsh = ovr(board(terrain={"1C3": "marsh"}))
    assert marsh["mp_cost"] is None


# -- D7.11 FP ------------------------------------------------------------------------------------------
def test_d7_11_unarmored_vehicle_base_is_1() -> None:
    answer = ovr(board({"tank": {"afv": False, "ma": None, "mgs": []}}))
    assert answer["fp"] == 1


def test_d7_11_afv_without_a_usable_gun_ma_base_is_2() -> None:
    assert ovr(board({"tank": {"ma": None, "mgs": []}}))["fp"] == 2
    assert ovr(board({"tank": {"ma": {"caliber": 75, "kind": "gun", "functioning": False}, "mgs": []}}))["fp"] == 2
    assert ovr(board({"tank": {"ma": {"caliber": 75, "kind": "gun", "manned": False}, "mgs": []}}))["fp"] == 2
    assert ovr(board({"tank": {"ma": {"kind": "atr"}, "mgs": []}}))["fp"] == 2


def test_d7_11_afv_with_manned_functioning_gun_ma_base_is_4() -> None:
    assert ovr(board({"tank": {"mgs": []}}))["fp"] == 4


def test_d7_11_ife_ma_adds_its_fp_tripled_and_halved_to_a_base_of_2() -> None:
    answer = ovr(board({"tank": {"ma": {"caliber": 20, "kind": "gun", "ife": True, "fp": 4}, "mgs": []}}))
    assert answer["fp"] == 8  # 2 + 4 x 3 / 2


def test_d7_11_mg_ma_is_tripled_and_halved() -> None:
    assert ovr(board({"tank": {"ma": {"kind": "mg", "fp": 2}, "mgs": []}}))["fp"] == 5


def test_d7_11_rmg_does_not_add() -> None:
    answer = ovr(board({"tank": {"mgs": [{"fp": 4, "mount": "BMG"}, {"fp": 2, "mount": "RMG"}]}}))
    assert answer["fp"] == 10
    assert answer["weapons"] == ["MA", "BMG 4"]


def test_d7_11_a_disabled_mg_does_not_add() -> None:
    assert ovr(board({"tank": {"mgs": [{"fp": 4, "mount": "BMG", "functioning": False}]}}))["fp"] == 4


def test_d7_11_ft_fp_adds_whole() -> None:
    answer = ovr(board({"tank": {"ma": {"kind": "ft", "fp": 24}, "mgs": [{"fp": 2, "mount": "BMG"}]}}))
    assert answer["fp"] == 29  # 2 + 24 + 3


def test_d7_11_passengers_of_a_ce_armored_halftrack_add_half_their_fp_tripled() -> None:
    units = {"tank": {"tracked": False, "bu": False, "ma": None, "mgs": [], "type": "ht"}}
    pax = {"id": "pax", "side": "german", "kind": "squad", "name": "4-6-7", "hex": "1D3", "aboard": "tank"}
    assert ovr(board(units, extra_units=[pax]))["fp"] == 8  # 2 + 4 x 1/2 x 3


def test_d7_11_riders_of_other_vehicles_add_a_quarter_tripled() -> None:
    rider = {"id": "rider", "side": "german", "kind": "squad", "name": "4-6-7", "hex": "1D3", "aboard": "tank"}
    answer = ovr(board({"tank": {"mgs": []}}, extra_units=[rider]))
    assert answer["fp"] == 7  # 4 + 4 x 1/4 x 3


def test_d7_11_passenger_without_a_printed_fp_is_an_error_naming_it() -> None:
    rider = {"id": "rider", "side": "german", "kind": "crew", "hex": "1D3", "aboard": "tank"}
    with pytest.raises(AslError) as error:
        ovr(board(extra_units=[rider]))
    assert error.value.path == "units[4].fp"


def test_d7_11_immobilized_before_resolution_halves_the_total() -> None:
    answer = ovr(board(), immobilized_before_resolution=True)
    assert (answer["fp"], answer["ift_column"]) == (10.25, 8)


def test_d7_11_concealed_defenders_halve_the_ovr_and_stack_with_immobile_halving() -> None:
    concealed = board({"s628": {"concealed": True}})
    assert ovr(concealed)["fp"] == 10.25
    assert ovr(concealed, immobilized_before_resolution=True)["fp"] == 5.125


def test_d7_11_non_stopped_vehicle_does_not_halve_ovr_fp() -> None:
    assert ovr(board({"tank": {"motion": True, "stopped": False}}))["fp"] == 20.5


# -- D7.15 TEM ------------------------------------------------------------------------------------------
def test_d7_15_ft_only_ovr_ignores_tem() -> None:
    scenario = board({"tank": {"ma": {"kind": "ft", "fp": 24}, "mgs": [{"fp": 2, "mount": "BMG"}]}})
    answer = ovr(scenario, ft_only=True)
    assert (answer["fp"], answer["drm"]) == (24, [])
    assert drm_of(ovr(scenario), "TEM") == [1]  # adding any other FP gives full TEM


def test_d7_15_ft_only_without_a_ft_is_illegal() -> None:
    assert ovr(board(), ft_only=True)["reasons"] == ["tank has no manned, functioning FT MA (D7.15)"]


def test_d7_15_ffmo_minus_1_vs_infantry_in_open_ground() -> None:
    answer = ovr(board(terrain={}))
    assert answer["drm"] == [
        {"case": "FFMO", "rule": "D7.15", "value": -1, "text": "Infantry OVR in an Open Ground hex"}
    ]


def test_d7_15_no_ffmo_in_woods_or_vs_a_vehicle_target() -> None:
    assert drm_of(ovr(board()), "FFMO") == []
    truck = {"id": "truck", "side": "russian", "kind": "vehicle", "afv": False, "hex": "1C4", "vca": "N/NE", "mp": 20}
    assert drm_of(ovr(board(extra_units=[truck]), target_hex="1C4", target="truck"), "FFMO") == []


def test_d7_15_wall_tem_only_if_crossed_and_not_cumulative() -> None:
    walled = board(terrain={}, hexsides={"1D3/1C3": "wall"})
    assert drm_of(ovr(walled), "TEM") == [2]
    assert drm_of(ovr(walled), "FFMO") == [-1]
    assert drm_of(ovr(walled, from_hex="1C4"), "TEM") == []
    other_side = board(hexsides={"1C4/1C3": "hedge"})
    assert drm_of(ovr(other_side), "TEM") == [1]  # woods, hedge not crossed
    assert drm_of(ovr(board(hexsides={"1D3/1C3": "hedge"})), "TEM") == [1]  # not 1 + 1


# -- D7.16 leadership ------------------------------------------------------------------------------------
def test_d7_16_armor_leader_in_the_vehicle_modifies_the_ovr() -> None:
    leader = {"id": "al", "side": "german", "kind": "leader", "name": "9-1", "hex": "1D3", "aboard": "tank"}
    answer = ovr(board(extra_units=[leader]), leader="al")
    assert drm_of(answer, "leadership") == [-1]
    assert answer["total_drm"] == 0


def test_d7_16_a_leader_outside_the_vehicle_may_not_modify_the_ovr() -> None:
    leader = {"id": "ldr", "side": "german", "kind": "leader", "name": "9-2", "hex": "1D3"}
    answer = ovr(board(extra_units=[leader]), leader="ldr")
    assert answer["reasons"] == ["ldr is not an Armor Leader or Passenger leader in tank (D7.16)"]


# -- D7.17 malfunction ---------------------------------------------------------------------------------------
def test_d7_17_original_12_malfunctions_a_contributing_weapon() -> None:
    outcome = ovr(board(), dice={"colored": 6, "white": 6})["outcome"]
    assert (outcome["malfunction"], outcome["immobilized"]) == (True, False)
    assert outcome["malfunction_candidates"] == ["MA", "BMG 4", "CMG 4", "AAMG 3"]


def test_d7_17_a_ma_with_b_number_below_12_malfunctions_at_it() -> None:
    outcome = ovr(board({"tank": {"breakdown": 11}}), dice={"colored": 5, "white": 6})["outcome"]
    assert (outcome["malfunction"], outcome["malfunction_candidates"]) == (True, ["MA"])
    assert ovr(board({"tank": {"breakdown": 11}}), dice={"colored": 5, "white": 5})["outcome"]["malfunction"] is False


def test_d7_17_no_weapon_to_malfunction_immobilizes_on_12() -> None:
    unarmed = board({"tank": {"ma": None, "mgs": []}})
    outcome = ovr(unarmed, dice={"colored": 6, "white": 6})["outcome"]
    assert (outcome["malfunction"], outcome["immobilized"]) == (False, True)
    assert ovr(unarmed, dice={"colored": 6, "white": 5})["outcome"]["immobilized"] is False


# -- errors and the command line ------------------------------------------------------------------------
def test_d7_1_ovr_by_a_non_vehicle_is_answered_illegal() -> None:
    answer = resolve(board(), {"kind": "overrun", "vehicle": "s447", "target_hex": "1C3"}).to_json()
    assert (answer["legal"], answer["reasons"]) == (False, ["s447 is a squad: an OVR is made by a vehicle (D7.1)"])
    assert (answer["fp"], answer["mp_cost"]) == (None, None)


def test_ovr_bad_from_hex_names_it() -> None:
    with pytest.raises(AslError) as error:
        ovr(board(), from_hex="ZZ")
    assert error.value.path == "action.from_hex"


@given(
    st.lists(st.tuples(st.integers(1, 8), st.sampled_from(["CMG", "BMG", "AAMG", "RMG"])), max_size=4), st.booleans()
)
def test_d7_11_ovr_fp_is_base_plus_one_and_a_half_times_the_non_rmg_mgs(mgs: list[tuple[int, str]], gun: bool) -> None:
    ma = {"caliber": 75, "kind": "gun"} if gun else None
    scenario = board({"tank": {"ma": ma, "mgs": [{"fp": fp, "mount": mount} for fp, mount in mgs]}})
    answer = ovr(scenario)
    expected = (4 if gun else 2) + 1.5 * sum(fp for fp, mount in mgs if mount != "RMG")
    assert answer["fp"] == expected
    assert answer["ift_column"] <= answer["fp"]


def test_aslgui_resolve_answers_overrun_from_the_command_line() -> None:
    action = json.dumps({"kind": "overrun", "vehicle": "tank", "target_hex": "1C3", "mp_spent": 2})
    done = subprocess.run(
        [sys.executable, "-m", "aslgui", "resolve", str(HERE / "d7_ex.json"), "-"],
        input=action,
        capture_output=True,
        text=True,
        check=True,
    )
    answer = json.loads(done.stdout)
    assert (answer["fp"], answer["ift_column"], answer["mp_cost"], answer["total_drm"]) == (20.5, 20, 11, 1)


def test_d7_11_passengers_key_picks_who_adds_fp() -> None:
    rider = {"id": "rider", "side": "german", "kind": "squad", "name": "4-6-7", "hex": "1D3", "aboard": "tank"}
    scenario = board({"tank": {"mgs": None}}, extra_units=[rider])
    assert ovr(scenario, passengers=[])["fp"] == 4
    assert ovr(scenario, passengers=["rider"])["fp"] == 7
    answer = ovr(scenario, passengers=["s628"])  # a state of the scenario: an answer, not an error
    assert answer["reasons"] == ["s628 is not aboard tank: only its Passengers/Riders add FP (D7.11)"]
