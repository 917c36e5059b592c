"""Thrown DC (A23.6-A23.63) and Set DC (A23.7, A23.71): DRM for both Locations, who may throw,
detonation on the 36+ column, malfunction."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from


def board(
    units: dict[str, dict[str, Any]] | None = None, extra_units: list[dict[str, Any]] | None = None, **top: Any
) -> Scenario:
    """The A23.3 EX board in the PFPh: 4-6-7 with a DC in 1Y6, 5-2-7 in stone building 1X5."""
    top.setdefault("phase", "PFPh")
    return board_from("a23_ex.json", units, extra_units, **top)


def throw(scenario: Scenario, target_hex: str = "1X5", **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": "throw_dc", "unit": "s467", "target_hex": target_hex, **keys}).to_json()


def detonate(scenario: Scenario, hex_name: str = "1W5", **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": "detonate_dc", "unit": "s467", "hex": hex_name, **keys}).to_json()


def set_dc(scenario: Scenario, **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": "set_dc", "unit": "s467", **keys}).to_json()


HALFTRACK = {
    "id": "sdkfz",
    "side": "german",
    "kind": "vehicle",
    "hex": "1Y6",
    "vca": "N/NE",
    "mp": 12,
    "tracked": False,
    "stopped": False,
}
TANK = {"id": "t34", "side": "russian", "kind": "vehicle", "name": "T-34", "hex": "1X5", "vca": "N/NE", "mp": 16}
#: A leader with the 4-6-7, to assist it in Setting a DC (A23.7).
LEADER_81 = {"id": "l81", "side": "german", "kind": "leader", "name": "8-1", "hex": "1Y6"}


# -- A23.6 Thrown DC ---------------------------------------------------------------------------
def test_a23_6_thrown_dc_is_30_fp_plus_2_at_the_target_plus_3_at_the_thrower() -> None:
    answer = throw(board())
    assert answer["legal"] is True
    assert answer["fp"] == 30
    assert answer["target_drm"] == 5  # +3 stone building TEM, +2 Thrown
    assert answer["thrower_drm"] == 3  # open ground, +3
    assert answer["total_drm"] == answer["target_drm"]
    assert [line["case"] for line in answer["drm"]] == ["TEM", "thrown"]


@pytest.mark.parametrize(("phase", "cases"), [("PFPh", ["thrown"]), ("AFPh", ["thrown", "AFPh"])])
def test_a23_6_exc_a23_62_thrown_at_an_afv_its_drm_modify_the_dc_position_dr(phase: str, cases: list[str]) -> None:
    """Aimed at the T-34 (A23.5), the Thrown +2 and the AFPh +1 are DC Position DRM (A23.6 EXC,
    A23.62), said so; no TEM, as the Location is not attacked."""
    answer = throw(board(extra_units=[{**TANK, "afv": True}], phase=phase), vs_afv="t34")
    assert answer["legal"] is True, answer["reasons"]
    assert [line["case"] for line in answer["drm"]] == cases
    assert all(line["text"].endswith(", on the DC Position DR (C7.346)") for line in answer["drm"])
    plain = throw(board(extra_units=[{**TANK, "afv": True}], phase=phase))
    assert not any("Position DR" in line["text"] for line in plain["drm"])


def test_a23_6_a_detonation_without_the_throwers_dr_says_its_location_is_still_to_resolve() -> None:
    rolled = throw(board(), dice={"colored": 2, "white": 3})["outcome"]
    assert rolled["result"] == "2MC" and "thrower_result" not in rolled
    assert rolled["notes"] == ["the thrower's Location is attacked too, by a DR of its own: give it as thrower_dice "
                               "to resolve it (A23.6)"]
    both = throw(board(), dice={"colored": 2, "white": 3}, thrower_dice={"colored": 1, "white": 1})["outcome"]
    assert both["thrower_result"] == "1KIA" and "notes" not in both


def test_a23_6_thrower_drm_includes_the_tem_of_its_own_location() -> None:
    answer = throw(board(terrain={"1X5": "stone building", "1Y6": "woods"}))
    assert answer["thrower_drm"] == 4
    assert [line["case"] for line in answer["thrower_drm_lines"]] == ["TEM", "thrower"]


def test_a23_6_thrown_from_a_non_stopped_vehicle_is_plus_3_and_plus_4() -> None:
    answer = throw(board({"s467": {"aboard": "sdkfz"}}, extra_units=[HALFTRACK]))
    assert (answer["target_drm"], answer["thrower_drm"]) == (6, 4)


def test_a23_6_thrown_by_cavalry_is_plus_3_and_plus_4() -> None:
    answer = throw(board(), cavalry=True)
    assert (answer["target_drm"], answer["thrower_drm"]) == (6, 4)


def test_a23_6_thrown_from_an_afv_does_not_attack_that_afv() -> None:
    afv = dict(HALFTRACK, afv=True, stopped=True)
    answer = throw(board({"s467": {"aboard": "sdkfz"}}, extra_units=[afv]))
    assert (answer["target_drm"], answer["thrower_drm"]) == (5, 3)
    assert answer["carrier_note"] == "sdkfz is not attacked, only its Vulnerable PRC (A23.6)"


def test_a23_6_exc_two_levels_above_the_target_the_thrower_is_not_attacked(tall_building: Any) -> None:
    """From level 2 of a two-level building (B23) onto the open ground beside it."""
    answer = throw(tall_building(), target_hex="78O5", thrower_level=2, target_level=0)
    assert (answer["legal"], answer["thrower_attacked"], answer["thrower_drm"]) == (True, False, None)
    one_up = throw(tall_building(), target_hex="78O5", thrower_level=1, target_level=0)
    assert (one_up["thrower_attacked"], one_up["thrower_drm"]) == (True, 6)  # +3 thrown, +3 stone building TEM


def test_a23_6_no_throw_to_a_higher_level() -> None:
    answer = throw(board(), thrower_level=0, target_level=1)
    assert answer["reasons"] == ["a DC may not be Thrown to a higher elevation: the target Location is at level 1, "
                                 "the thrower at 0 (A23.6)"]


def test_a23_6_no_throw_up_a_hill_though_both_are_on_their_ground(tall_building: Any) -> None:
    """A23.6 compares elevations: 78K4 lies on a level-1 hill, 78K3 beside it at level 0."""
    up = tall_building([{"id": "s467", "side": "german", "kind": "squad", "name": "4-6-7", "hex": "78K3", "dc": True},
                        {"id": "s527", "side": "russian", "kind": "squad", "name": "5-2-7", "hex": "78K4"}])
    assert throw(up, target_hex="78K4")["reasons"] == [
        "a DC may not be Thrown to a higher elevation: the target Location is at level 1, the thrower at 0 (A23.6)"]
    down = tall_building([{"id": "s467", "side": "german", "kind": "squad", "name": "4-6-7", "hex": "78K4", "dc": True},
                          {"id": "s527", "side": "russian", "kind": "squad", "name": "5-2-7", "hex": "78K3"}])
    answer = throw(down, target_hex="78K3")
    assert (answer["legal"], answer["thrower_attacked"]) == (True, True)  # one level down: attacked too


@pytest.mark.parametrize(("key", "level"), [("thrower_level", -1), ("target_level", -9)])
def test_b23_no_level_below_the_ground_is_drawn(key: str, level: int) -> None:
    """No cellar is drawn on any map: a level below 0 is out of the key's domain, as ``los`` says of
    its levels (B23)."""
    with pytest.raises(AslError) as error:
        throw(board(), **{key: level})
    assert (error.value.path, error.value.message) == (f"action.{key}",
                                                       f"expected a whole number from 0 to 9, got {level}")


def test_b23_a_unit_level_its_hex_lacks_is_named_as_the_unit_s_level_key() -> None:
    """The thrower's level read from its own ``level`` (none given in the action): an error names
    that key of the scenario file, not an action key the user never wrote."""
    with pytest.raises(AslError) as error:
        throw(board({"s467": {"level": 1}}))  # 1Y6 is open ground
    assert error.value.path == "units[0].level"
    assert "1Y6 has no level above its ground, so a unit cannot be at level 1 there (B23)" in str(error.value)


def test_a23_6_the_thrower_s_level_is_its_own_unless_given(tall_building: Any) -> None:
    """A 4-6-7 on level 2 of 78O6 (its ``level`` key) throws from there unless the action says."""
    up = tall_building([{"id": "s467", "side": "german", "kind": "squad", "name": "4-6-7", "hex": "78O6", "dc": True,
                         "level": 2}])
    assert throw(up, target_hex="78O5")["thrower_attacked"] is False
    assert throw(up, target_hex="78O5", thrower_level=1)["thrower_attacked"] is True


def test_a23_6_down_to_ground_level_of_the_throwers_own_hex_is_allowed(tall_building: Any) -> None:
    answer = throw(tall_building(), target_hex="78O6", thrower_level=2, target_level=0)
    assert answer["legal"] is True
    assert answer["thrower_attacked"] is False


@pytest.mark.parametrize(("key", "level"), [("thrower_level", 2), ("target_level", 2)])
def test_b23_a_level_the_building_lacks_is_refused_naming_the_key(key: str, level: int) -> None:
    """1X5 and 1Y6 hold a one-level stone building and open ground: no Location at level 2 (B23)."""
    with pytest.raises(AslError) as error:
        throw(board(terrain={"1Y6": "stone building", "1X5": "stone building"}), **{key: level})
    assert error.value.path == f"action.{key}"
    assert "has levels 0..1, so a unit cannot be at level 2 there (B23)" in str(error.value)


def test_a23_6_pinned_or_broken_units_do_not_throw() -> None:
    assert throw(board({"s467": {"pinned": True}}))["reasons"] == ["s467 is pinned (A23.6)"]
    assert throw(board({"s467": {"broken": True}}))["reasons"] == ["s467 is broken (A23.6)"]


def test_a23_6_the_attacker_does_not_throw_in_its_mph() -> None:
    answer = throw(board(phase="MPh"))
    assert answer["reasons"] == ["the ATTACKER may not Throw a DC in the MPh (only PFPh, AFPh) (A23.6)"]


def test_a23_6_a_defender_throws_as_defensive_first_fire() -> None:
    assert throw(board(phase="MPh", player="russian"))["legal"] is True
    assert throw(board(phase="DFPh", player="russian"))["legal"] is True
    assert throw(board(phase="PFPh", player="russian"))["legal"] is False


def test_a23_6_target_must_be_adjacent_and_in_los() -> None:
    assert throw(board(), target_hex="1W5")["legal"] is False
    assert throw(board(), los=False)["reasons"] == ["the target Location is out of the user's LOS (A23.3, A7.21)"]


def test_a23_1_hexside_tem_counts_for_a_thrown_dc() -> None:
    answer = throw(board(terrain={}, hexsides={"1Y6/1X5": "wall"}))
    tem = [line for line in answer["drm"] if line["case"] == "TEM"]
    assert [line["value"] for line in tem] == [2]
    assert "wall" in tem[0]["text"]
    # a wall is not cumulative with the better in-hex TEM of a stone building (B9.31)
    assert throw(board(hexsides={"1Y6/1X5": "wall"}))["target_drm"] == 5


def test_a23_1_concealed_target_halves_a_thrown_dc() -> None:
    answer = throw(board({"s527": {"concealed": True}}))
    assert (answer["fp"], answer["ift_column"]) == (15, 12)


def test_a23_4_cx_thrower_adds_plus_1_to_the_target_attack_only() -> None:
    answer = throw(board({"s467": {"cx": True}}))
    assert (answer["target_drm"], answer["thrower_drm"]) == (6, 3)


def test_a23_61_no_throw_into_own_location_unless_japanese() -> None:
    assert throw(board(), target_hex="1Y6")["legal"] is False
    japanese = throw(board({"s467": {"nationality": "japanese"}}), target_hex="1Y6")
    assert japanese["legal"] is True
    assert japanese["target_drm"] == 2  # the Thrown DRM stays the same (A23.61)


# -- A23.62 AFPh, A23.63 Final Fire ---------------------------------------------------------------
def test_a23_62_thrown_in_the_afph_adds_plus_1_to_both_locations() -> None:
    answer = throw(board(phase="AFPh"))
    assert (answer["target_drm"], answer["thrower_drm"]) == (6, 4)


def test_a23_62_an_opportunity_firer_in_the_afph_has_no_plus_1() -> None:
    answer = throw(board(phase="AFPh"), opportunity=True)
    assert (answer["target_drm"], answer["thrower_drm"]) == (5, 3)


def test_a23_62_vs_an_afv_in_the_afph_the_plus_1_goes_to_the_position_dr() -> None:
    answer = throw(board(phase="AFPh", extra_units=[TANK]), vs_afv="t34")
    assert [(line["case"], line["value"]) for line in answer["drm"]] == [("thrown", 2), ("AFPh", 1)]
    assert answer["target_facing"] == "side"


def test_a23_63_a_defender_under_a_first_fire_counter_may_not_throw() -> None:
    answer = throw(board({"s467": {"fired": True}}, phase="MPh", player="russian"))
    assert answer["reasons"] == ["s467 is marked with a First Fire counter (A23.63)"]


# -- A23.4 detonation of a Thrown DC -----------------------------------------------------------------
def test_a23_4_thrown_dc_attacks_both_locations_with_separate_drs() -> None:
    answer = throw(
        board({"s467": {"elite": True}}), dice={"colored": 2, "white": 3}, thrower_dice={"colored": 6, "white": 6}
    )
    outcome = answer["outcome"]
    assert outcome["detonated"] is True
    assert (outcome["final_dr"], outcome["result"]) == (10, "2MC")
    # a second DR of 12 still detonates: it is just the thrower's attack, 12 + 3 = 15
    assert (outcome["thrower_final_dr"], outcome["thrower_result"]) == (15, "-")


def test_a23_4_thrown_dc_malfunction_on_the_target_dr_attacks_nobody() -> None:
    answer = throw(
        board({"s467": {"elite": True}}), dice={"colored": 6, "white": 6}, thrower_dice={"colored": 1, "white": 1}
    )
    assert answer["outcome"] == {"detonated": False, "malfunction": True, "original_dr": 12, "notes": [
        "the DC malfunctioned: neither Location is attacked, so the thrower's Location DR (thrower_dice) is not read "
        "(A23.4)"]}
    unasked = throw(board({"s467": {"elite": True}}), dice={"colored": 6, "white": 6})
    assert unasked["outcome"] == {"detonated": False, "malfunction": True, "original_dr": 12}  # no second DR given


def test_bad_thrower_dice_name_their_path() -> None:
    with pytest.raises(AslError) as error:
        throw(board(), dice={"colored": 1, "white": 1}, thrower_dice={"colored": 1, "white": 7})
    assert error.value.path == "action.thrower_dice.white"


@given(
    st.sampled_from(["open ground", "woods", "shellhole", "wooden building", "stone building"]),
    st.sampled_from(["open ground", "woods", "shellhole", "wooden building", "stone building"]),
    st.sampled_from(["PFPh", "AFPh"]),
    st.booleans(),
)
def test_a23_6_both_drms_are_their_tem_plus_the_thrown_afph_and_cx_lines(
    target_terrain: str, own_terrain: str, phase: str, cx: bool
) -> None:
    scenario = board({"s467": {"cx": cx}}, terrain={"1X5": target_terrain, "1Y6": own_terrain}, phase=phase)
    answer = throw(scenario)
    afph = 1 if phase == "AFPh" else 0
    target_tem = sum(line["value"] for line in answer["drm"] if line["case"] == "TEM")
    own_tem = sum(line["value"] for line in answer["thrower_drm_lines"] if line["case"] == "TEM")
    assert answer["target_drm"] == target_tem + 2 + afph + (1 if cx else 0)
    assert answer["thrower_drm"] == own_tem + 3 + afph


# -- A23.7 setting a DC --------------------------------------------------------------------------
def test_a23_7_setting_a_dc_takes_all_mf_and_a_dr_at_most_the_us_number() -> None:
    scenario = board({"s467": {"moved": False}}, [LEADER_81], phase="MPh")
    answer = set_dc(scenario, us_number=2, leadership=-1)
    assert answer["legal"] is True
    assert (answer["mf_cost"], answer["hazardous_movement"], answer["set_dr_max"]) == ("all", True, 3)
    assert set_dc(scenario, us_number=2, leadership=-1, dr=3)["outcome"] == {"set": True, "dr": 3}
    assert set_dc(scenario, us_number=2, dr=3)["outcome"] == {"set": False, "dr": 3}


def test_a23_7_a_dc_is_set_only_in_the_moving_sides_mph() -> None:
    assert set_dc(board({"s467": {"moved": False}}, phase="AFPh"))["reasons"] == [
        "a DC is Set during its owner's MPh, not the AFPh (A23.7)"
    ]
    defender = board({"s467": {"moved": False, "side": "russian", "nationality": "russian"}}, phase="MPh")
    assert "s467 is a DEFENDER; only the moving side Sets a DC (A23.7)" in set_dc(defender)["reasons"]


def test_a23_7_a_unit_that_moved_cannot_set_a_dc() -> None:
    answer = set_dc(board(phase="MPh"))
    assert answer["reasons"] == ["s467 has moved, so it cannot spend all of its MF to Set the DC (A23.7)"]


# -- A23.7, A23.71 detonating a Set DC -----------------------------------------------------------------
def sapper_board(**top: Any) -> Scenario:
    """The 4-6-7 in 1Y6 watches a Set DC in stone building 1W5 (two hexes away) holding the 5-2-7."""
    return board({"s527": {"hex": "1W5"}}, terrain={"1W5": "stone building"}, **top)


def test_a23_71_set_dc_uses_the_36_column_at_minus_3_and_no_tem() -> None:
    answer = detonate(sapper_board())
    assert answer["legal"] is True
    assert (answer["fp"], answer["ift_column"]) == (36, 36)
    assert answer["drm"] == [{"case": "set", "rule": "A23.71", "value": -3, "text": "Set DC; no TEM"}]
    assert answer["total_drm"] == -3
    assert answer["ntc_required"] is True


def test_a23_71_set_dc_vs_concealed_units_is_18_fp_on_the_16_column() -> None:
    answer = detonate(board({"s527": {"hex": "1W5", "concealed": True}}, terrain={"1W5": "stone building"}))
    assert answer["legal"] is True
    assert (answer["fp"], answer["ift_column"]) == (18, 16)


def test_a23_71_set_dc_result_on_the_36_column() -> None:
    outcome = detonate(sapper_board(), dice={"colored": 1, "white": 1})["outcome"]
    assert (outcome["detonated"], outcome["final_dr"], outcome["result"]) == (True, -1, "7KIA")


@pytest.mark.parametrize("enemies", [0, 1, 2, 3])
def test_a23_7_set_dc_malfunction_dr_drops_one_per_enemy_infantry_unit(enemies: int) -> None:
    extra = [{"id": f"r{i}", "side": "russian", "kind": "squad", "hex": "1W5"} for i in range(enemies - 1)]
    # a non-elite 4-6-7: A23.7 sets its own malfunction number, with no A23.2 X# penalty
    units = {"s527": {"hex": "1W5" if enemies else "1A1"}}
    situation = board(units, extra_units=extra, terrain={"1W5": "stone building"})  # no 1X5 building in the LOS
    answer = detonate(situation)
    assert answer["legal"] is True
    assert answer["enemy_infantry"] == enemies
    assert answer["malfunction_min_dr"] == 12 - enemies
    limit = 12 - enemies
    assert detonate(situation, dice={"colored": 6, "white": limit - 6})["outcome"]["malfunction"]
    below = detonate(situation, dice={"colored": 6, "white": limit - 7})["outcome"]
    assert below["detonated"] is True


def test_a23_7_set_dc_detonation_range_two_to_six_hexes() -> None:
    assert detonate(sapper_board(), hex_name="1X5")["reasons"] == [
        "the Set DC is 1 hex away; it must be 2 to 6 (A23.7)"
    ]
    assert detonate(sapper_board(), hex_name="1S6")["legal"] is True
    assert detonate(sapper_board(), hex_name="1R6")["legal"] is False


def test_a23_7_set_dc_needs_los_an_ntc_and_a_good_order_unit() -> None:
    assert detonate(sapper_board(), los=False)["reasons"] == ["the Set DC in 1W5 is out of s467's LOS (A23.7)"]
    assert detonate(sapper_board(), ntc_passed=False)["reasons"] == ["s467 failed its NTC (A23.7)"]
    broken = board({"s467": {"broken": True}, "s527": {"hex": "1W5"}})
    assert detonate(broken)["legal"] is False


def test_a23_7_set_dc_only_in_a_friendly_fire_phase() -> None:
    assert detonate(sapper_board(phase="MPh"))["legal"] is False
    assert detonate(sapper_board(phase="AFPh"))["legal"] is True
    assert detonate(sapper_board(phase="DFPh", player="russian"))["legal"] is True
