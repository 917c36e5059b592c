"""Reaction Fire (D7.2-D7.23) as the ``reaction_fire`` kind: CC and Non-CC, FPF, PAATC, Gun crews,
and the D7.22 EX step by step."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve
from tests.rules.fixtures.to_hit_scenarios import design3_with_friends, resolve_cli

FIXTURE = Path(__file__).parent / "fixtures" / "d7_ex.json"
BOARD: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
GUN = {"id": "g45", "side": "russian", "nationality": "russian", "kind": "gun", "name": "45L AT", "hex": "1C3",
       "ca": "N/NE", "crew": "c228"}
CREW = {"id": "c228", "side": "russian", "nationality": "russian", "kind": "crew", "name": "2-2-8", "hex": "1C3"}


def board(
    units: dict[str, dict[str, Any]] | None = None, extra_units: list[dict[str, Any]] | None = None, **top: Any
) -> Scenario:
    """The D7.22 EX board with the tank OVRing the 6-2-8 in woods 1C3 (4-4-7 and 8-1 in 1D2)."""
    data = copy.deepcopy(BOARD)
    data.update(top)
    data["units"] += copy.deepcopy(extra_units or [])
    for unit in data["units"]:
        unit.update({"hex": "1C3"} if unit["id"] == "tank" else {})
        unit.update((units or {}).get(unit["id"], {}))
    return scenario_from_json(data)


def react(scenario: Scenario, unit: str = "s628", kind: str = "cc", **keys: Any) -> dict[str, Any]:
    action = {"kind": "reaction_fire", "unit": unit, "vehicle": "tank", "type": kind, **keys}
    return resolve(scenario, action).to_json()


def drm_of(answer: dict[str, Any], case: str) -> list[int]:
    return [line["value"] for line in answer["drm"] if line["case"] == case]


# -- the D7.22 EX --------------------------------------------------------------------------------------
def test_d7_22_ex_street_fighting_cc_from_d2_vs_the_tank_in_e3() -> None:
    scenario = board({"tank": {"hex": "1E3"}})
    answer = react(scenario, "s447", street_fighting=True, leadership=-1)
    assert answer["legal"] is True
    assert answer["paatc_required"] is True
    assert [(line["case"], line["value"]) for line in answer["drm"]] == [("CC", 2), ("ambush", -1), ("leadership", -1)]
    assert answer["total_drm"] == 0  # +2 Non-Stopped, -2 leadership and Ambush
    assert answer["marks_after"] == ["CC (if the vehicle survives)", "First Fire"]


def test_d7_22_ex_tank_in_d3_is_safe_from_units_under_first_fire_counters() -> None:
    scenario = board({"tank": {"hex": "1D3"}, "s447": {"fired": True}})
    answer = react(scenario, "s447", street_fighting=True)
    assert answer["legal"] is False
    assert answer["reasons"] == ["s447 or its SW/Gun is under a fire counter: no Street Fighting (D7.211)"]


def test_d7_22_ex_the_628_under_first_fire_reduces_its_ccv_by_one_and_gets_plus_2() -> None:
    answer = react(board())
    assert answer["legal"] is True
    assert answer["paatc_required"] is True
    assert answer["ccv_modifier"] == -1
    assert answer["drm"] == [{"case": "CC", "rule": "A11.51", "value": 2, "text": "tank is Non-Stopped (D7.22 EX)"}]
    assert answer["mandatory"] is False
    assert answer["marks_after"] == ["CC (if the vehicle survives)", "Final Fire"]


def test_d7_22_ex_under_final_fire_the_628_must_use_fpf_cc_with_nmc_risk() -> None:
    answer = react(board(), fire_counter="final")
    assert (answer["legal"], answer["mandatory"], answer["fpf"], answer["nmc_on_attack_dr"]) == (True, True, True, True)
    assert answer["ccv_modifier"] == -1
    assert answer["total_drm"] == 2


def test_d7_22_ex_fpf_after_a_failed_paatc_still_attacks_with_ccv_5_less_2() -> None:
    answer = react(board(), fire_counter="final", paatc_passed=False)
    assert answer["legal"] is True
    assert answer["ccv_modifier"] == -2  # 5 - 1 pinned - 1 Final Fire = 3
    assert [item["text"] for item in answer["ccv_modifiers"]] == [
        "under a First/Final Fire counter (D7.213)",
        "pinned (D7.22 EX)",
    ]


def test_d7_22_ex_a_447_whose_atr_fired_cannot_use_street_fighting() -> None:
    answer = react(board({"tank": {"hex": "1E3"}}), "s447", street_fighting=True, sw_fired=True)
    assert answer["reasons"] == ["s447 or its SW/Gun is under a fire counter: no Street Fighting (D7.211)"]


# -- D7.2 / D7.21 CC Reaction Fire -------------------------------------------------------------------------
def test_d7_2_reaction_fire_only_in_the_mph() -> None:
    assert react(board(), phase="DFPh")["reasons"] == ["Reaction Fire happens in the MPh, not the DFPh (D7.2)"]


def test_d7_2_vehicle_must_be_in_the_defenders_location() -> None:
    answer = react(board({"tank": {"hex": "1E3"}}), "s447")
    assert answer["legal"] is False
    assert answer["reasons"][0].endswith("(D7.2, D7.211)")


def test_d7_2_only_a_defender_reacts() -> None:
    assert react(board(player="russian"))["legal"] is False


def test_d7_21_broken_unarmed_or_meleeing_units_do_not_react() -> None:
    assert react(board({"s628": {"broken": True}}))["reasons"] == ["s628 is broken (D7.21, D7.22)"]
    assert react(board(), unarmed=True)["reasons"] == ["s628 is Unarmed (D7.21)"]
    assert react(board(), melee=True)["reasons"] == ["s628 is in Melee / under a CC counter (D7.21, D7.22)"]


def test_d7_21_failed_paatc_forbids_cc_and_non_cc_reaction_fire() -> None:
    cc = react(board(), paatc_passed=False)
    assert cc["reasons"] == ["s628 failed its PAATC: it is pinned and may make no Reaction Fire (D7.21)"]
    non_cc = react(board(), "s628", "non_cc", paatc_passed=False)
    assert non_cc["legal"] is False


def test_d7_21_no_paatc_vs_an_unarmored_vehicle_or_when_already_taken() -> None:
    assert react(board({"tank": {"afv": False}}))["paatc_required"] is False
    assert react(board(), paatc_taken=True)["paatc_required"] is False


def test_d7_213_a_pinned_unit_makes_no_cc_reaction_fire_unless_fpf() -> None:
    pinned = board({"s628": {"pinned": True}})
    assert react(pinned)["reasons"] == [
        "s628 is pinned; only FPF CC Reaction Fire, when Overrun, may be made pinned (D7.213, D7.212)"]
    fpf = react(pinned, fire_counter="final")
    assert fpf["legal"] is True
    assert fpf["ccv_modifier"] == -2


def test_d7_213_no_ccv_reduction_without_a_fire_counter() -> None:
    answer = react(board({"s628": {"fired": False}}))
    assert answer["ccv_modifier"] == 0
    assert answer["marks_after"][1] == "First Fire"


def test_d7_212_an_unarmored_vehicle_with_no_prc_forces_no_fpf() -> None:
    truck = board({"tank": {"afv": False}})
    assert react(truck, fire_counter="final")["mandatory"] is False
    pax = {"id": "pax", "side": "german", "kind": "halfsquad", "name": "2-4-7", "hex": "1C3", "aboard": "tank"}
    assert react(board({"tank": {"afv": False}}, extra_units=[pax]), fire_counter="final")["mandatory"] is True


def test_d7_213_a_stopped_vehicle_has_no_plus_2() -> None:
    assert react(board(), vehicle_stopped=True)["drm"] == []


# -- D7.22 / D7.221 Non-CC Reaction Fire ------------------------------------------------------------------------
def test_d7_22_non_cc_reaction_fire_strikes_the_rear_target_facing() -> None:
    answer = react(board(), "s628", "non_cc")
    assert answer["legal"] is True
    assert (answer["weapon"], answer["target_facing"]) == ("tpbf", "rear")


def test_d7_2_non_cc_reaction_fire_only_vs_an_ovr() -> None:
    answer = react(board(), "s628", "non_cc", overrun=False)
    assert answer["reasons"] == ["Non-CC Reaction Fire is made only vs an OVRing vehicle (D7.2)"]


def test_d7_22_a_pinned_defender_cannot_use_a_ft_or_dc() -> None:
    pinned = board({"s628": {"pinned": True, "fired": False, "dc": True}})
    answer = react(pinned, "s628", "non_cc", weapon="dc")
    assert answer["reasons"] == ["s628 is pinned and cannot use a FT or DC (D7.22, A7.81)"]
    assert "dc" not in react(pinned, "s628", "non_cc")["allowed_weapons"]


def test_d7_22_no_mol_under_a_fire_counter() -> None:
    answer = react(board(), "s628", "non_cc", weapon="mol")
    assert answer["reasons"] == ["MOL cannot be used with TPBF by a unit (or its Gun) under a fire counter (D7.22)"]
    assert react(board({"s628": {"fired": False}}), "s628", "non_cc", weapon="mol")["legal"] is True


def test_d7_221_fpf_non_cc_must_use_tpbf_ordnance_ft_or_dc() -> None:
    answer = react(board({"s628": {"dc": True}}), "s628", "non_cc", fire_counter="final", weapon="dc")
    assert (answer["legal"], answer["mandatory"], answer["nmc_on_attack_dr"]) == (True, True, True)
    assert answer["allowed_weapons"] == ["tpbf", "ordnance", "ft", "dc"]
    assert react(board(), "s628", "non_cc", fire_counter="final", weapon="mol")["legal"] is False


# -- D7.22 / D7.23 Guns and their crews --------------------------------------------------------------------------
def test_d7_22_a_gun_turns_to_the_vca_and_cases_a_and_e_are_na() -> None:
    answer = react(board(extra_units=[GUN, CREW]), "c228", "non_cc")
    assert answer["legal"] is True
    assert (answer["weapon"], answer["gun_ca"], answer["th_cases_na"]) == ("gun", "SW/NW", ["A", "E"])
    assert answer["target_facing"] == "rear"
    assert answer["mandatory"] is False


def test_d7_23_gun_under_first_fire_must_intensive_fire_as_fpf() -> None:
    scenario = board(extra_units=[dict(GUN, fired=True, ca="SW/NW"), CREW])  # its CA already on the VCA
    answer = react(scenario, "c228", "non_cc")
    assert (answer["legal"], answer["mandatory"], answer["gun_fire"]) == (True, True, "intensive")
    assert (answer["allowed_weapons"], answer["nmc_on_attack_dr"]) == (["gun"], True)
    assert react(scenario, "c228", "cc")["reasons"] == ["c228 must Intensive Fire its Gun instead (D7.23)"]


def test_d7_23_gun_that_cannot_intensive_fire_leaves_cc_or_tpbf_as_if_final_fire() -> None:
    scenario = board(extra_units=[dict(GUN, fired=True, no_if=True, ca="SW/NW"), CREW])
    answer = react(scenario, "c228", "non_cc", weapon="gun")
    assert answer["reasons"] == ["g45 has No IF, the only fire it has left (C5.63)"]
    tpbf = react(scenario, "c228", "non_cc")
    assert (tpbf["legal"], tpbf["weapon"], tpbf["fpf"], tpbf["nmc_on_attack_dr"]) == (True, "tpbf", True, True)
    cc = react(scenario, "c228", "cc")
    assert (cc["legal"], cc["ccv_modifier"], cc["marks_after"][1]) == (True, -1, "Final Fire")


#: Each counter that leaves a Gun no fire vs the OVR, as the reason names it (D7.23).
COUNTER_WORDS = {"final": "a Final Fire counter", "intensive": "an Intensive Fire counter",
                 "no_fire": "a No Fire counter"}


@pytest.mark.parametrize("counter", list(COUNTER_WORDS))
def test_d7_23_gun_under_final_intensive_or_no_fire_counter_cannot_fire(counter: str) -> None:
    scenario = board(extra_units=[GUN, CREW])
    answer = react(scenario, "c228", "non_cc", gun_fire_counter=counter, weapon="gun")
    assert answer["legal"] is False
    # Having fired from woods, it also cannot turn from N/NE to the tank's VCA (C5.11, D7.22).
    assert answer["reasons"] == [f"g45 is under {COUNTER_WORDS[counter]} and may not fire again (D7.23); g45 must "
                                 "turn its CA to tank's VCA, but has fired from woods (C5.11, D7.22)"]
    on_the_vca = react(board(extra_units=[dict(GUN, ca="SW/NW"), CREW]), "c228", "non_cc", gun_fire_counter=counter,
                       weapon="gun")
    assert on_the_vca["reasons"] == [f"g45 is under {COUNTER_WORDS[counter]} and may not fire again (D7.23)"]
    assert (answer["mandatory"], answer["fpf"]) == (True, True)
    fallback = react(scenario, "c228", "non_cc", gun_fire_counter=counter)
    assert (fallback["legal"], fallback["weapon"], fallback["allowed_weapons"]) == (True, "tpbf", ["tpbf"])


@pytest.mark.parametrize(("marks", "words"), [
    ({"fired": True, "intensive_fired": True}, "an Intensive Fire counter"),
    ({"fired": True, "no_fire": True}, "a No Fire counter"),
])
def test_d7_23_the_counter_read_from_the_guns_markers_is_named_in_words(marks: dict[str, Any], words: str) -> None:
    answer = react(board(extra_units=[dict(GUN, ca="SW/NW", **marks), CREW]), "c228", "non_cc", weapon="gun")
    assert answer["reasons"] == [f"g45 is under {words} and may not fire again (D7.23)"]


def test_d7_23_crew_of_a_gun_under_a_counter_is_not_forced_by_an_unarmored_vehicle_with_no_prc() -> None:
    answer = react(board({"tank": {"afv": False}}, extra_units=[dict(GUN, fired=True, ca="SW/NW"), CREW]), "c228",
                   "non_cc")
    assert (answer["legal"], answer["mandatory"], answer["weapon"]) == (True, False, "gun")


# -- errors and invariants ----------------------------------------------------------------------------------------
def test_d7_2_reaction_fire_vs_a_non_vehicle_is_answered_illegal() -> None:
    answer = resolve(board(), {"kind": "reaction_fire", "unit": "s628", "vehicle": "s447", "type": "cc"}).to_json()
    assert answer["legal"] is False
    assert answer["reasons"] == ["s447 is a squad: Reaction Fire is made vs a vehicle (D7.2)"]
    assert answer["mandatory"] is None


def test_reaction_fire_bad_type_names_action_type() -> None:
    with pytest.raises(AslError) as error:
        react(board(), kind="ambush")
    assert error.value.path == "action.type"


@given(st.sampled_from(["none", "first", "final", "intensive", "no_fire"]), st.booleans(), st.booleans())
def test_d7_212_fpf_is_mandatory_exactly_under_a_final_fire_counter(counter: str, pinned: bool, afv: bool) -> None:
    answer = react(board({"s628": {"pinned": pinned}, "tank": {"afv": afv}}), fire_counter=counter)
    assert answer["mandatory"] is (counter == "final" and afv)
    assert answer["fpf"] is answer["nmc_on_attack_dr"] is (counter == "final")  # FPF, obligatory or not (A8.31)
    assert answer["legal"] is (not pinned or answer["mandatory"])


@pytest.mark.parametrize("type_key", [{}, {"type": None}])
def test_d7_2_reaction_fire_without_type_exits_2_naming_action_type(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], type_key: dict[str, Any]) -> None:
    """``type`` is required (docs/contract.md): CC (D7.21) or Non-CC (D7.22) Reaction Fire decides
    everything else, so no default is taken for it."""
    action = {"kind": "reaction_fire", "unit": "c", "vehicle": "t1", "phase": "MPh", **type_key}
    code, error = resolve_cli(tmp_path, capsys, design3_with_friends(), action)
    assert code == 2
    assert error == {"error": "missing required key 'type' (one of cc, non_cc)", "path": "action.type"}
