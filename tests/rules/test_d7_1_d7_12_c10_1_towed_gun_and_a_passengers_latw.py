"""An OVR and what a vehicle carries: a Gun in tow in the OVR hex is no target of its own, it shares its
towing vehicle's fate (C10.1, C10.11), so the OVR attacks the vehicle (an unarmored one) and not the
Gun, and an AFV towing a Gun is no OVR target at all (D7.12); a Passenger's LATW fired this MPh is
that Passenger's fire under a Bounding Fire counter, which forbids its vehicle's OVR (D7.1)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from

ENEMY = {"side": "russian", "nationality": "russian", "hex": "1C3"}
TRUCK = {"id": "truck", "kind": "vehicle", "name": "truck", "vca": "N/NE", "afv": False, "mp": 16, "towing": 9,
         **ENEMY}
GUN = {"id": "atg", "kind": "gun", "name": "45L AT", "ca": "N/NE", "caliber": 45, "limbered": True, "crew": "cr",
       **ENEMY}
CREW = {"id": "cr", "kind": "crew", "name": "2-2-8", "aboard": "truck", **ENEMY}
RIDER = {"id": "rider", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "1D3",
         "aboard": "tank"}
PSK = {"id": "psk", "side": "german", "nationality": "german", "kind": "gun", "name": "PSK", "caliber": 88,
       "latw": True, "crew": "rider", "hex": "1D3", "aboard": "tank"}


def _board(*units: dict[str, Any]) -> Scenario:
    """The D7 EX tank (its MGs gone: 4 FP) in 1D3 beside 1C3, the EX's squad moved out of 1C3."""
    return board_from("d7_ex.json", {"tank": {"mgs": None}, "s628": {"hex": "1D2"}}, list(units),
                      terrain={"1C3": "open ground"})


def _ovr(situation: Scenario, **keys: Any) -> dict[str, Any]:
    return resolve(situation, {"kind": "overrun", "vehicle": "tank", "target_hex": "1C3", **keys}).to_json()


# -- C10.1, C10.11: the towed Gun shares its vehicle's fate ---------------------------------------------
@pytest.mark.parametrize("crew_aboard", [True, False])
def test_c10_1_an_ovr_attacks_the_truck_and_leaves_the_gun_it_tows_to_the_trucks_fate(crew_aboard: bool) -> None:
    crew = CREW if crew_aboard else {k: v for k, v in CREW.items() if k != "aboard"}
    answer = _ovr(_board(TRUCK, {**GUN, "towed_by": "truck"}, crew))
    assert answer["legal"] is True, answer["reasons"]
    assert [t["id"] for t in answer["targets"]] == ["truck", "cr"]
    assert "atg is in tow by truck: not attacked separately, it shares truck's fate (C10.1, C10.11)" in answer["notes"]


def test_c10_1_the_same_gun_unhooked_is_a_target_of_its_own() -> None:
    answer = _ovr(_board(TRUCK, GUN, {k: v for k, v in CREW.items() if k != "aboard"}))
    assert answer["legal"] is True, answer["reasons"]
    assert [t["id"] for t in answer["targets"]] == ["truck", "atg", "cr"]
    assert not any("in tow" in note for note in answer["notes"])


def test_c10_1_a_towed_gun_named_as_the_ovr_target_is_refused() -> None:
    answer = _ovr(_board(TRUCK, {**GUN, "towed_by": "truck"}, CREW), target="atg")
    assert answer["legal"] is False
    assert answer["reasons"] == ["atg is in tow by truck and is not attacked separately from it: it shares the "
                                 "vehicle's fate (C10.1, C10.11)"]


def test_d7_12_c10_1_an_afv_towing_a_gun_is_no_ovr_target_nor_is_its_gun() -> None:
    answer = _ovr(_board({**TRUCK, "afv": True}, {**GUN, "towed_by": "truck", "crew": None}))
    assert answer["legal"] is False
    assert answer["reasons"] == ["an AFV may not be OVR (only its Vulnerable PRC), nor a Gun it tows, which shares "
                                 "its fate (D7.12, C10.1)"]
    assert answer["targets"] == []


def test_d7_12_its_vulnerable_prc_still_is() -> None:
    answer = _ovr(_board({**TRUCK, "afv": True}, {**GUN, "towed_by": "truck"}, CREW))
    assert answer["legal"] is True, answer["reasons"]
    assert [t["id"] for t in answer["targets"]] == ["cr"]


# -- D7.1: a Passenger's fired LATW is its fire ---------------------------------------------------------
@pytest.mark.parametrize("marker", [{"fired": True}, {"bounding_fired": True}])
def test_d7_1_a_passengers_latw_fired_this_mph_forbids_the_ovr_and_the_passenger_adds_no_fp(
        marker: dict[str, bool]) -> None:
    answer = _ovr(_board(TRUCK, RIDER, {**PSK, **marker}))
    assert answer["legal"] is False
    assert answer["reasons"] == ["rider, a Passenger/Rider of tank, has fired its LATW psk this MPh: its fire, under "
                                 "a Bounding Fire counter (D7.1)"]
    assert answer["fp"] == 4


def test_d7_1_the_same_latw_unfired_leaves_the_ovr_legal_with_the_riders_fp() -> None:
    answer = _ovr(_board(TRUCK, RIDER, PSK))
    assert (answer["legal"], answer["reasons"], answer["fp"]) == (True, [], 7)  # 4 + 4 x 1/4 x 3


def test_d7_1_a_rider_under_its_own_counter_gives_the_one_reason_whatever_its_latw() -> None:
    answer = _ovr(_board(TRUCK, {**RIDER, "fired": True}, {**PSK, "fired": True}))
    assert answer["reasons"] == ["rider, a Passenger/Rider of tank, is marked with a Bounding Fire counter (it has "
                                 "fired this MPh) (D7.1)"]


# -- C10.1 with D7.1: an OVR by a vehicle towing a Gun enters the hex as its move would ---------------
TOWED = {"id": "tg", "side": "german", "nationality": "german", "kind": "gun", "name": "75L AT", "hex": "1D3",
         "caliber": 75, "towed_by": "tank"}


def _towing(terrain: str = "open ground", **top: Any) -> Scenario:
    """The D7 EX tank in 1D3 towing a 75mm Gun, the 6-2-8 in 1C3 of ``terrain``."""
    return board_from("d7_ex.json", {"s628": {"fired": None}}, [TOWED], terrain={"1C3": terrain}, **top)


def test_c10_1_d7_1_an_ovr_while_towing_pays_one_more_mp_to_enter() -> None:
    alone = _ovr(board_from("d7_ex.json", {"s628": {"fired": None}}, terrain={"1C3": "open ground"}))
    towing = _ovr(_towing())
    assert towing["legal"] is True, towing["reasons"]
    assert (towing["mp_entry"], towing["mp_cost"]) == (alone["mp_entry"] + 1, alone["mp_cost"] + 1)
    assert towing["mp_ovr"] == alone["mp_ovr"] == 4  # a quarter of 14, rounded up (D7.1)


def test_c10_1_d7_1_a_move_ending_in_an_ovr_while_towing_counts_the_tow_in_its_step() -> None:
    answer = resolve(_towing(), {"kind": "move", "unit": "tank", "path": ["1C3"]}).to_json()
    [step] = answer["steps"]
    assert step["why"] == "open ground, towing tg (C10.1) + OVR (D7.1)"
    assert step["mp"] == _ovr(_towing())["mp_cost"]


@pytest.mark.parametrize(("terrain", "hexsides", "refusal"), [
    ("stone building", {}, "no towing into stone building (C10.1)"),
    ("wooden building", {}, "no towing into wooden building (C10.1)"),
    ("open ground", {"1D3/1C3": "wall"}, "no towing over a wall (C10.1)"),
    ("open ground", {"1D3/1C3": "hedge"}, "no towing over a hedge (C10.1)"),
])
def test_c10_1_d7_1_no_ovr_into_a_building_or_over_a_wall_while_towing(
        terrain: str, hexsides: dict[str, str], refusal: str) -> None:
    answer = _ovr(_towing(terrain, hexsides=hexsides))
    assert answer["legal"] is False and refusal in answer["reasons"]
    moved = resolve(_towing(terrain, hexsides=hexsides), {"kind": "move", "unit": "tank", "path": ["1C3"]}).to_json()
    assert moved["legal"] is False and refusal in moved["reasons"]
    unhooked = _ovr(board_from("d7_ex.json", {"s628": {"fired": None}}, terrain={"1C3": terrain}, hexsides=hexsides))
    assert refusal not in unhooked["reasons"]


def test_c10_1_d7_13_no_ovr_in_bypass_while_towing_a_gun() -> None:
    """D7.13 allows an OVR in Bypass; C10.1 allows no Bypass while towing a Gun: both together refuse it."""
    woods = _towing("woods")
    assert "no Bypass while towing a Gun (except in Narrow Streets, B31.124) (C10.1)" in _ovr(woods, bypass=True)[
        "reasons"]
    alone = board_from("d7_ex.json", {"s628": {"fired": None}}, terrain={"1C3": "woods"})
    assert not any("(C10.1)" in why for why in _ovr(alone, bypass=True)["reasons"])
