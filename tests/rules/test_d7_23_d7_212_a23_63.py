"""Reaction Fire clauses from the second review.
D7.23 (with D7.22, C10.25, C5.11): a Gun must turn its CA to the OVRing vehicle's VCA before it can
fire; one that must but cannot (RFNM, or having fired from woods/building/rubble) cannot Intensive
Fire at it: its crew makes CC or TPBF as if under a Final Fire counter, and "gun" is not offered.
D7.212/D7.213: the FPF CC obligation exists only when Overrun, and a pinned unit makes no CC Reaction
Fire except that FPF CC: ``overrun: false`` reads both.
A23.63 with D7.22: a DEFENDER under a First Fire counter may not Throw a DC, as Non-CC Reaction Fire
either; D7.221 lets one under a Final Fire counter Throw it as FPF (the reading is in ``notes``)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.reaction_attacks import DC_OWN_LOCATION_NOTE
from tests.rules.fixtures.boards import board_from

#: A Gun and its crew in open ground 1C4, the OVRing vehicle there too with its VCA SW/NW.
GUN = {"id": "g", "side": "russian", "nationality": "russian", "kind": "gun", "name": "45L AT", "hex": "1C4",
       "ca": "N/NE", "crew": "c"}
CREW = {"id": "c", "side": "russian", "nationality": "russian", "kind": "crew", "name": "2-2-8", "hex": "1C4"}
PAX = {"id": "pax", "side": "german", "nationality": "german", "kind": "halfsquad", "name": "2-4-7", "hex": "1C4",
       "aboard": "tank"}
VEHICLES = {
    "AFV": {},
    "unarmored with PRC": {"afv": False},
}


def _board(gun: dict[str, Any] | None = None, crew: dict[str, Any] | None = None, vehicle: str = "AFV",
           terrain: str = "open ground") -> Scenario:
    extra = [{**GUN, **(gun or {})}, {**CREW, **(crew or {})}]
    if vehicle == "unarmored with PRC":
        extra.append(PAX)
    return board_from("d7_ex.json", {"tank": {"hex": "1C4", **VEHICLES[vehicle]}}, extra, terrain={"1C4": terrain})


def _react(situation: Scenario, unit: str = "c", kind: str = "non_cc", **keys: Any) -> dict[str, Any]:
    action = {"kind": "reaction_fire", "unit": unit, "vehicle": "tank", "type": kind, **keys}
    return resolve(situation, action).to_json()


# -- D7.23 ----------------------------------------------------------------------------------------
#: Guns under a First Fire counter that must turn to SW/NW but cannot, and the rule that stops them.
CANNOT_TURN = {
    "RFNM": ({"rfnm": True, "fired": True}, "open ground", "C10.25"),
    "fired from woods": ({"fired": True}, "woods", "C5.11"),
    "fired from a building": ({"fired": True}, "stone building", "C5.11"),
}


@pytest.mark.parametrize("case", list(CANNOT_TURN))
@pytest.mark.parametrize("vehicle", list(VEHICLES))
def test_d7_23_a_gun_that_must_but_cannot_change_its_ca_leaves_tpbf_or_cc(case: str, vehicle: str) -> None:
    gun, terrain, rule = CANNOT_TURN[case]
    situation = _board(gun, vehicle=vehicle, terrain=terrain)
    answer = _react(situation)
    assert (answer["legal"], answer["weapon"], answer["allowed_weapons"]) == (True, "tpbf", ["tpbf"])
    assert (answer["mandatory"], answer["fpf"], answer["nmc_on_attack_dr"]) == (True, True, True)
    refused = _react(situation, weapon="gun")
    assert refused["legal"] is False and any(f"({rule}" in found for found in refused["reasons"])
    cc = _react(situation, kind="cc")
    assert (cc["legal"], cc["ccv_modifier"], cc["marks_after"][1]) == (True, -1, "Final Fire")


@pytest.mark.parametrize("case", list(CANNOT_TURN))
def test_d7_23_the_same_gun_already_on_the_vca_must_intensive_fire(case: str) -> None:
    gun, terrain, _ = CANNOT_TURN[case]
    answer = _react(_board({**gun, "ca": "SW/NW"}, terrain=terrain))
    assert (answer["legal"], answer["allowed_weapons"], answer["gun_fire"]) == (True, ["gun"], "intensive")
    assert _react(_board({**gun, "ca": "SW/NW"}, terrain=terrain), kind="cc")["legal"] is False


@pytest.mark.parametrize("vehicle", list(VEHICLES))
def test_d7_22_a_gun_that_fired_in_open_ground_turns_to_the_vca_and_intensive_fires(vehicle: str) -> None:
    answer = _react(_board({"fired": True}, vehicle=vehicle))
    assert (answer["weapon"], answer["gun_ca"], answer["gun_fire"]) == ("gun", "SW/NW", "intensive")


@pytest.mark.parametrize(("gun", "crew", "rule"), [({"fired": True}, {"pinned": True}, "C5.6"),
                                                   ({"fired": True, "limbered": True}, {}, "C10.21"),
                                                   ({"fired": True, "no_if": True}, {}, "C5.63")])
def test_d7_23_any_other_reason_it_cannot_intensive_fire_leaves_tpbf(gun: dict[str, Any], crew: dict[str, Any],
                                                                    rule: str) -> None:
    situation = _board({**gun, "ca": "SW/NW"}, crew)
    answer = _react(situation)
    assert (answer["weapon"], answer["allowed_weapons"]) == ("tpbf", ["tpbf"])
    assert any(f"({rule})" in found for found in _react(situation, weapon="gun")["reasons"])


@pytest.mark.parametrize("gun", [{"rfnm": True}, {"rfnm": True, "fired": False}])
def test_d7_22_an_unmarked_rfnm_gun_off_the_vca_is_not_offered(gun: dict[str, Any]) -> None:
    situation = _board(gun)
    answer = _react(situation)
    assert answer["mandatory"] is False and "gun" not in answer["allowed_weapons"] and answer["weapon"] == "tpbf"
    assert _react(situation, weapon="gun")["legal"] is False
    assert _react(_board({**gun, "ca": "SW/NW"}))["weapon"] == "gun"


# -- D7.212, D7.213 ----------------------------------------------------------------------------------
def _squad(**keys: Any) -> Scenario:
    return board_from("d7_ex.json", {"tank": {"hex": "1C3"}, "s628": keys})


@pytest.mark.parametrize("vehicle", [{}, {"afv": False}])
def test_d7_212_no_fpf_obligation_unless_overrun(vehicle: dict[str, Any]) -> None:
    situation = board_from("d7_ex.json", {"tank": {"hex": "1C3", **vehicle}},
                           [{**PAX, "hex": "1C3"}] if vehicle else [])
    overrun = _react(situation, "s628", "cc", fire_counter="final")
    assert (overrun["mandatory"], overrun["fpf"], overrun["nmc_on_attack_dr"]) == (True, True, True)
    entered = _react(situation, "s628", "cc", fire_counter="final", overrun=False)
    assert entered["legal"] is True
    # Not obligatory unless Overrun, but under a Final Fire counter still FPF, at its NMC risk (A8.31)
    assert (entered["mandatory"], entered["fpf"], entered["nmc_on_attack_dr"]) == (False, True, True)
    assert entered["ccv_modifier"] == -1  # still under a Final Fire counter (D7.213)


@pytest.mark.parametrize("counter", ["none", "first", "final"])
def test_d7_213_a_pinned_unit_makes_no_cc_reaction_fire_when_not_overrun(counter: str) -> None:
    answer = _react(_squad(pinned=True), "s628", "cc", fire_counter=counter, overrun=False)
    assert answer["legal"] is False and answer["mandatory"] is False
    assert any("pinned" in found and "(D7.213, D7.212)" in found for found in answer["reasons"])


def test_d7_212_exc_a_pinned_final_fire_unit_must_fpf_cc_when_overrun() -> None:
    answer = _react(_squad(pinned=True), "s628", "cc", fire_counter="final")
    assert (answer["legal"], answer["mandatory"], answer["ccv_modifier"]) == (True, True, -2)


@pytest.mark.parametrize("counter", ["none", "first"])
def test_d7_213_pinned_and_overrun_but_not_under_final_fire_still_no_cc(counter: str) -> None:
    assert _react(_squad(pinned=True), "s628", "cc", fire_counter=counter)["legal"] is False


def test_d7_23_a_gun_crew_is_not_forced_to_intensive_fire_unless_overrun() -> None:
    situation = _board({"fired": True, "ca": "SW/NW"})
    forced = _react(situation, kind="cc")
    assert forced["legal"] is False and "must Intensive Fire its Gun instead (D7.23)" in forced["reasons"][0]
    free = _react(situation, kind="cc", overrun=False)
    assert (free["legal"], free["mandatory"], free["fpf"]) == (True, False, False)


# -- A23.63 + D7.22 ----------------------------------------------------------------------------------
@pytest.mark.parametrize("marked", [{"fired": True}, {"fired": False, "fire_counter": "first"}])
@pytest.mark.parametrize("vehicle", [{}, {"afv": False}])
def test_a23_63_a_defender_under_first_fire_throws_no_dc_as_reaction_fire(marked: dict[str, Any],
                                                                          vehicle: dict[str, Any]) -> None:
    counter = {"fire_counter": marked["fire_counter"]} if "fire_counter" in marked else {}
    situation = board_from("d7_ex.json", {"tank": {"hex": "1C3", **vehicle},
                                          "s628": {"fired": marked["fired"], "dc": True}})
    answer = _react(situation, "s628", weapon="dc", **counter)
    assert answer["legal"] is False
    assert any("First Fire counter" in found and found.endswith("(A23.63, D7.22)") for found in answer["reasons"])


def test_a23_63_an_unmarked_defender_throws_its_dc_as_reaction_fire() -> None:
    answer = _react(_squad(fired=False, dc=True), "s628", weapon="dc")
    assert answer["legal"] is True
    assert answer["notes"] == [DC_OWN_LOCATION_NOTE]  # D7.22's own-Location Throw, no FPF reading


def test_d7_221_under_final_fire_the_dc_is_an_fpf_weapon_and_the_reading_is_noted() -> None:
    answer = _react(_squad(dc=True), "s628", weapon="dc", fire_counter="final")
    assert (answer["legal"], answer["fpf"]) == (True, True)
    assert answer["notes"] and answer["notes"][0].endswith("(D7.221, A23.63)")


def test_a23_6_a_unit_without_a_dc_throws_none() -> None:
    answer = _react(_squad(fired=False), "s628", weapon="dc")
    assert answer["reasons"] == ["s628 carries no DC (A23.6)"]


def test_a23_63_throw_dc_refuses_the_same_defender() -> None:
    situation = _squad(fired=True, dc=True)
    answer = resolve(situation, {"kind": "throw_dc", "unit": "s628", "target_hex": "1D3", "phase": "MPh"}).to_json()
    assert answer["legal"] is False and any("(A23.63)" in found for found in answer["reasons"])
