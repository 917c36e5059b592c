"""Placed DC (A23.1-A23.5, A23.61): who may Place, the MF it costs, the 30 FP attack, the A23.3 EX."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.geometry import neighbour
from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.apply import unit_changes
from aslgui.rules.demolition import facing_toward
from aslgui.rules.ift_attack import halved_fp
from aslgui.rules.tables import ift_result
from tests.rules.fixtures.boards import HERE, board_from, drm_of


def board(
    units: dict[str, dict[str, Any]] | None = None, extra_units: list[dict[str, Any]] | None = None, **top: Any
) -> Scenario:
    """The A23.3 EX board (4-6-7 in 1Y6 with a DC, 5-2-7 in stone building 1X5), some keys changed."""
    return board_from("a23_ex.json", units, extra_units, **top)


def place(scenario: Scenario, target_hex: str = "1X5", **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": "place_dc", "unit": "s467", "target_hex": target_hex, **keys}).to_json()



TANK = {"id": "t34", "side": "russian", "kind": "vehicle", "name": "T-34", "hex": "1X5", "vca": "N/NE", "mp": 16}


# -- the A23.3 EX, sentence by sentence ------------------------------------------------------
def test_a23_3_ex_placing_into_stone_building_x5_costs_two_mf_from_y6() -> None:
    answer = place(board())
    assert answer["legal"] is True
    assert answer["reasons"] == []
    assert answer["mf_cost"] == 2
    assert answer["placement_hex"] == "1Y6"
    assert answer["target_hex"] == "1X5"
    assert answer["operably_placed"] is True


def test_a23_3_ex_squad_with_three_mf_left_can_place_and_keep_one_to_move_away() -> None:
    assert place(board(), mf_left=3)["legal"] is True
    short = place(board(), mf_left=1)
    assert short["legal"] is False
    assert short["reasons"] == ["placing costs 2 MF but s467 has 1 left (A23.3)"]


def test_a23_3_ex_no_placement_into_the_first_level_of_x5_from_y6() -> None:
    answer = place(board(), target_level=1)
    assert answer["legal"] is False
    assert "(A23.3 EX)" in answer["reasons"][0]


def test_a23_3_a_placer_on_level_1_places_into_level_1_of_the_adjacent_building() -> None:
    """Both 1Y6 and 1X5 one-level stone buildings: the placer's own ``level`` 1 is its Location's."""
    upstairs = board({"s467": {"level": 1}}, terrain={"1Y6": "stone building", "1X5": "stone building"})
    assert place(upstairs, target_level=1)["legal"] is True
    assert "(A23.3 EX)" in place(upstairs)["reasons"][0]  # from level 1 down to the ground level of 1X5


def test_b23_a_placer_given_a_level_its_hex_lacks_is_refused() -> None:
    with pytest.raises(AslError) as error:
        place(board(), unit_level=1)  # 1Y6 is open ground
    assert error.value.path == "action.unit_level" and "(B23)" in str(error.value)


def test_a23_3_ex_dc_attacks_the_527_with_30_fp_and_stone_building_tem_plus_3() -> None:
    answer = place(board())
    assert (answer["fp"], answer["ift_column"]) == (30, 30)
    assert answer["drm"] == [{"case": "TEM", "rule": "A23.1", "value": 3, "text": "stone building TEM"}]
    assert answer["total_drm"] == 3


def test_a23_3_ex_a_cx_placer_adds_plus_1() -> None:
    answer = place(board({"s467": {"cx": True}}))
    assert drm_of(answer, "CX") == [1]
    assert answer["total_drm"] == 4


def test_a23_3_ex_concealed_527_halves_the_attack_to_15_fp_on_the_12_column() -> None:
    answer = place(board({"s527": {"concealed": True}}))
    assert (answer["fp"], answer["ift_column"], answer["area_fire"]) == (15, 12, True)


def test_a23_3_ex_fortified_ground_level_adds_plus_1_tem() -> None:
    answer = place(board(fortified=["1X5"]))
    assert drm_of(answer, "TEM") == [4]


def test_a23_3_ex_breach_attempt_30_fp_plus_4_nmc_on_original_dr_9() -> None:
    answer = place(board(fortified=["1X5"]), dice={"colored": 4, "white": 5})
    assert answer["outcome"]["detonated"] is True
    assert (answer["outcome"]["final_dr"], answer["outcome"]["result"]) == (13, "NMC")


def test_a23_3_ex_the_12_fp_area_fire_attack_at_original_dr_9_has_no_effect() -> None:
    answer = place(board({"s527": {"concealed": True}}, fortified=["1X5"]), dice={"colored": 5, "white": 4})
    assert answer["outcome"]["ift_column"] == 12
    assert answer["outcome"]["result"] == "-"


def test_a23_3_ex_concealed_and_breach_halved_again_to_7_5_fp_on_the_6_column() -> None:
    assert halved_fp(15, True) == (7.5, 6)
    assert ift_result(6, 13) == "-"


# -- who may Place (A23.3) ------------------------------------------------------------------
def test_a23_3_no_placement_after_firing_in_the_pfph() -> None:
    answer = place(board({"s467": {"fired": True}}))
    assert answer["legal"] is False
    assert answer["reasons"] == ["s467 fired in the PFPh (A23.3)"]


def test_a23_3_pinned_unit_may_not_place() -> None:
    assert place(board({"s467": {"pinned": True}}))["reasons"] == ["s467 is pinned (A23.3)"]


def test_a23_3_broken_unit_may_not_place() -> None:
    assert place(board({"s467": {"broken": True}}))["reasons"] == ["s467 is broken (A23.3)"]


def test_a23_3_a_unit_without_a_dc_cannot_place_one() -> None:
    answer = place(board({"s467": {"dc": None}}))
    assert answer["legal"] is False
    assert answer["reasons"][0].endswith("(A23.3)")


def test_a23_3_placement_only_in_the_mph() -> None:
    answer = place(board(), phase="AFPh")
    assert answer["reasons"] == ["a DC is Placed during its owner's MPh, not the AFPh (A23.3)"]


def test_a23_3_a_defender_does_not_place() -> None:
    assert place(board(player="russian"))["legal"] is False


def test_a23_3_target_must_be_adjacent() -> None:
    answer = place(board(), target_hex="1W5")
    assert answer["legal"] is False
    assert answer["reasons"] == ["the target Location is 2 hexes away; it must be ADJACENT (A23.3)"]


def test_a23_3_target_out_of_los_is_illegal() -> None:
    assert place(board(), los=False)["reasons"] == ["the target Location is out of the user's LOS (A23.3, A7.21)"]


def test_a23_3_enemy_afv_in_target_requires_a_paatc() -> None:
    scenario = board(extra_units=[TANK])
    assert place(scenario)["paatc_required"] is True
    assert place(scenario)["legal"] is True
    failed = place(scenario, paatc_passed=False)
    assert failed["legal"] is False
    assert failed["reasons"] == ["s467 failed the PAATC for the enemy AFV in the target Location (A23.3, A11.6)"]
    assert place(board())["paatc_required"] is False


@pytest.mark.parametrize(("terrain", "mf"), [("open ground", 1), ("woods", 2), ("grain", 1.5), ("wooden building", 2)])
def test_a23_3_mf_cost_is_the_cost_of_entering_the_target_location(terrain: str, mf: float) -> None:
    assert place(board(terrain={"1X5": terrain}))["mf_cost"] == mf


def test_a23_3_mf_cost_includes_crossing_a_wall_and_says_it_is_unverified() -> None:
    answer = place(board(terrain={}, hexsides={"1Y6/1X5": "wall"}))
    assert answer["mf_cost"] == 2
    assert answer["unverified"] == ["+1 MF to cross a wall hexside (B9.4) is not sourced"]


@pytest.mark.parametrize(
    ("state", "remains"), [("pinned", "with s467"), ("broken", "with s467"), ("eliminated", "in the Placement hex")]
)
def test_a23_3_placer_broken_pinned_or_eliminated_leaves_the_dc_unplaced(state: str, remains: str) -> None:
    answer = place(board(), placer_after_fire=state, dice={"colored": 1, "white": 1})
    assert answer["legal"] is True
    assert answer["operably_placed"] is False
    assert answer["dc_remains"].startswith(remains)
    assert answer["outcome"] == {"detonated": False, "malfunction": False}


# -- A23.61: the unit's own Location ----------------------------------------------------------
def test_a23_61_no_placement_into_own_location() -> None:
    answer = place(board(), target_hex="1Y6")
    assert answer["legal"] is False
    assert answer["reasons"][0].endswith("(A23.61)")


def test_a23_61_japanese_place_into_own_location_for_one_mf() -> None:
    answer = place(board({"s467": {"nationality": "japanese"}}, terrain={"1Y6": "woods"}), target_hex="1Y6")
    assert answer["legal"] is True
    assert answer["mf_cost"] == 1


def test_a23_61_vehicle_in_bypass_in_own_location_costs_one_mf() -> None:
    answer = place(board(terrain={"1Y6": "stone building"}), target_hex="1Y6", target_in_bypass=True)
    assert (answer["legal"], answer["mf_cost"]) == (True, 1)


# -- A23.1, A23.2, A23.4: the attack and detonation -------------------------------------------
def test_a23_1_no_hexside_tem_for_a_placed_dc() -> None:
    answer = place(board(terrain={}, hexsides={"1Y6/1X5": "wall"}))
    assert drm_of(answer, "TEM") == []
    assert answer["total_drm"] == 0


def test_a23_1_leadership_does_not_modify_a_dc_attack() -> None:
    answer = place(board(), leadership=-2)
    assert answer["total_drm"] == 3
    assert answer["leadership_note"] == "leadership does not modify a DC attack (A23.1)"


def test_a23_1_no_fp_modification_for_pbf_tpbf_or_the_afph() -> None:
    afph = resolve(board(phase="AFPh"), {"kind": "throw_dc", "unit": "s467", "target_hex": "1X5"}).to_json()
    assert (afph["legal"], afph["fp"], afph["ift_column"]) == (True, 30, 30)
    tpbf = place(board({"s467": {"nationality": "japanese"}}), target_hex="1Y6")
    assert (tpbf["legal"], tpbf["fp"]) == (True, 30)


def test_a23_4_detonates_on_original_dr_below_12_for_elite() -> None:
    scenario = board({"s467": {"elite": True}})
    assert place(scenario)["detonation_max_dr"] == 11
    boom = place(scenario, dice={"colored": 5, "white": 6})
    assert boom["outcome"]["detonated"] is True
    assert boom["outcome"]["result"] == "PTC"  # 30 column, Final DR 14
    dud = place(scenario, dice={"colored": 6, "white": 6})
    assert dud["outcome"] == {"detonated": False, "malfunction": True, "original_dr": 12}


def test_a23_4_captured_dc_detonates_below_10() -> None:
    scenario = board({"s467": {"elite": True, "dc": "captured"}})
    assert place(scenario)["x_number"] == 10
    assert place(scenario, dice={"colored": 4, "white": 5})["outcome"]["detonated"] is True
    assert place(scenario, dice={"colored": 5, "white": 5})["outcome"]["malfunction"] is True


def test_a23_2_non_elite_takes_the_captured_sw_x_number_penalty() -> None:
    answer = place(board())
    assert answer["x_number"] == 10
    assert "(A23.2)" in answer["x_number_text"]
    assert place(board(), dice={"colored": 5, "white": 5})["outcome"]["malfunction"] is True


def test_a23_2_non_elite_penalty_doubles_with_a_captured_dc() -> None:
    answer = place(board({"s467": {"dc": "captured"}}))
    assert answer["x_number"] == 8
    assert answer["detonation_max_dr"] == 7
    assert place(board({"s467": {"dc": "captured"}}), dice={"colored": 4, "white": 4})["outcome"]["malfunction"]


# -- A23.5: vs an AFV --------------------------------------------------------------------------
def test_a23_5_an_afv_not_predesignated_is_unaffected() -> None:
    answer = place(board(extra_units=[TANK]))
    assert answer["afv_unaffected"] == ["t34"]
    assert answer["fp"] == 30


def test_a23_5_predesignated_afv_facing_by_hexside_crossed() -> None:
    # Y6 is across X5's SE hexside; the T-34's VCA N/NE makes N and NE its front, SE a side.
    answer = place(board(extra_units=[TANK]), vs_afv="t34")
    assert answer["legal"] is True
    assert answer["vs_afv"] == "t34"
    assert answer["target_facing"] == "side"
    assert answer["drm"] == []  # no TEM on the Position DR
    rear = place(board(extra_units=[dict(TANK, vca="SW/NW")]), vs_afv="t34")
    assert rear["target_facing"] == "rear"
    front = place(board(extra_units=[dict(TANK, vca="NE/SE")]), vs_afv="t34")
    assert front["target_facing"] == "front"


def test_a23_5_placed_from_inside_the_hex_strikes_the_rear() -> None:
    scenario = board({"s467": {"nationality": "japanese"}}, extra_units=[dict(TANK, hex="1Y6")])
    assert place(scenario, target_hex="1Y6", vs_afv="t34")["target_facing"] == "rear"


def test_a23_5_predesignating_a_non_afv_is_illegal() -> None:
    answer = place(board(), vs_afv="s527")
    assert answer["reasons"] == ["s527 is not an enemy AFV in the target Location (A23.5)"]


# -- bad input -----------------------------------------------------------------------------------
def test_missing_unit_names_action_unit() -> None:
    with pytest.raises(AslError) as error:
        resolve(board(), {"kind": "place_dc", "target_hex": "1X5"})
    assert error.value.path == "action.unit"


def test_bad_target_hex_names_action_target_hex() -> None:
    with pytest.raises(AslError) as error:
        place(board(), target_hex="1X99")
    assert error.value.path == "action.target_hex"


def test_bad_placer_state_names_its_key() -> None:
    with pytest.raises(AslError) as error:
        place(board(), placer_after_fire="dazed")
    assert error.value.path == "action.placer_after_fire"


@given(
    st.sampled_from(["open ground", "woods", "brush", "shellhole", "wooden building", "stone building"]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_a23_1_fp_is_30_halved_only_for_concealment(terrain: str, cx: bool, concealed: bool, fortified: bool) -> None:
    scenario = board(
        {"s467": {"cx": cx}, "s527": {"concealed": concealed}},
        terrain={"1X5": terrain},
        fortified=["1X5"] if fortified else [],
    )
    answer = place(scenario)
    assert answer["fp"] == (15 if concealed else 30)
    assert answer["total_drm"] == sum(line["value"] for line in answer["drm"])
    assert drm_of(answer, "CX") == ([1] if cx else [])


def test_aslgui_resolve_answers_place_dc_from_the_command_line() -> None:
    action = json.dumps({"kind": "place_dc", "unit": "s467", "target_hex": "1X5", "dice": {"colored": 1, "white": 2}})
    done = subprocess.run(
        [sys.executable, "-m", "aslgui", "resolve", str(HERE / "a23_ex.json"), "-"],
        input=action,
        capture_output=True,
        text=True,
        check=True,
    )
    answer = json.loads(done.stdout)
    assert (answer["mf_cost"], answer["fp"], answer["total_drm"]) == (2, 30, 3)
    assert answer["outcome"]["result"] == "K/4"  # 30 column, Final DR 6


@given(st.integers(0, 5), st.integers(0, 5))
def test_a23_5_each_vca_has_two_front_two_side_two_rear_hexsides_turning_with_it(vca: int, turn: int) -> None:
    scenario = board()
    centre = scenario.grid.parse("1M5")
    afv = scenario.units["s527"]

    def facings(spine: int, shift: int) -> list[str]:
        facing_unit = afv._replace(kind="vehicle", hex=centre, vca=spine)
        return [facing_toward(facing_unit, neighbour(centre, (d + shift) % 6), "vs_afv") for d in range(6)]

    assert sorted(facings(vca, 0)) == ["front", "front", "rear", "rear", "side", "side"]
    assert facings(vca, 0) == facings((vca + turn) % 6, turn)


# -- A23.3: the Placement's MF are spent in the MPh, as a move's are ------------------------------
def test_a23_3_the_mf_a_committed_move_spent_count_against_the_placement() -> None:
    spent = place(board({"s467": {"mf_spent": 3}}))
    assert spent["legal"] is False and "placing costs 2 MF but s467 has 1 left (A23.3)" in spent["reasons"]
    assert place(board({"s467": {"mf_spent": 2}}))["legal"] is True


def test_a23_3_placing_adds_its_mf_to_what_the_placer_spent_so_its_move_after_is_shorter() -> None:
    scenario = board({"s467": {"mf_spent": 1}})
    action = {"kind": "place_dc", "unit": "s467", "target_hex": "1X5"}
    for unit in unit_changes(scenario, action, resolve(scenario, action)):
        scenario.units[unit.id] = unit
    assert scenario.units["s467"].extra["mf_spent"] == 3
    into_woods = resolve(scenario, {"kind": "move", "unit": "s467", "path": ["1Z6"]}).to_json()
    assert into_woods["legal"] is False and into_woods["mf_spent"] == 3 + into_woods["steps"][0]["mf"] == 5
    assert "s467 would spend 5 MF of its 4 this MPh (3 already spent)" in into_woods["reasons"][0]
    assert resolve(scenario, {"kind": "move", "unit": "s467", "path": ["1Y5"]}).legal


def test_a23_3_a_placement_stating_the_mf_left_commits_from_that_figure() -> None:
    scenario = board()
    action = {"kind": "place_dc", "unit": "s467", "target_hex": "1X5", "mf_left": 2}
    for unit in unit_changes(scenario, action, resolve(scenario, action)):
        scenario.units[unit.id] = unit
    assert scenario.units["s467"].extra["mf_spent"] == 4  # 2 spent before (4 less the 2 left), 2 to Place


def test_a23_3_a_refusal_read_from_the_mf_allotment_names_it_unverified() -> None:
    refused = place(board({"s467": {"mf_spent": 3}}))
    assert refused["legal"] is False
    assert any(note.startswith("MF allotment: ") for note in refused["unverified"])
    assert "unverified" not in place(board(), mf_left=1)
