"""Case C goes with the vehicle: a vehicle and its Passengers are Bounding Firers in the AFPh when the
vehicle entered a new hex/hexside that Player Turn (C5.3). A Passenger that moved on foot and boarded
a vehicle that did not is none: its LATW takes Case C3's +2 in the AFPh (C5.34), never Case C's +5;
the moving vehicle's Passenger takes Case C and never C3, whether it moved before boarding or not."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, russian_gun, scenario

TRUCK = {"id": "truck", "side": "russian", "nationality": "russian", "kind": "vehicle", "hex": "4E5",
         "vca": "S/SW", "afv": False, "mp": 20, "pp": 8}
PIAT: dict[str, Any] = {"name": "PIAT", "caliber": 88, "latw": True}


def _latw_aboard(truck_moved: bool, squad_moved: bool, phase: str = "AFPh", **latw: Any) -> dict[str, Any]:
    """A PIAT and its squad ``c`` aboard the truck in 4E5, firing at a German tank in 4E8."""
    situation = scenario(russian_gun("4E5", "S/SW", aboard="truck", crew_aboard="truck", crew_kind="squad",
                                     moved=squad_moved, crew_moved=squad_moved, **PIAT, **latw),
                         {**TRUCK, "moved": truck_moved}, german_tank(hex_name="4E8"), phase=phase)
    return fire(situation, firer="g", target="t")


@pytest.mark.parametrize("backblast", [False, True])
def test_c5_34_a_squad_that_boarded_a_vehicle_that_did_not_move_fires_its_latw_with_case_c3(backblast: bool) -> None:
    answer = _latw_aboard(truck_moved=False, squad_moved=True, backblast=backblast)
    assert answer["legal"] is True, answer["reasons"]
    assert drm(answer) == {"C3": 2}  # no Backblast +2 in the open: only from ground-level building/rubble


@pytest.mark.parametrize("squad_moved", [False, True])
def test_c5_3_the_passenger_of_a_vehicle_that_entered_a_new_hex_takes_case_c_and_never_c3(squad_moved: bool) -> None:
    answer = _latw_aboard(truck_moved=True, squad_moved=squad_moved)
    assert answer["legal"] is True, answer["reasons"]
    assert drm(answer) == {"B": 2, "C": 3}


def test_c5_34_with_opportunity_fire_the_passenger_of_a_stationary_vehicle_takes_no_c3() -> None:
    answer = fire(scenario(russian_gun("4E5", "S/SW", aboard="truck", crew_aboard="truck", **PIAT), TRUCK,
                           german_tank(hex_name="4E8"), phase="AFPh"), firer="g", target="t", opportunity=True)
    assert answer["legal"] is True and drm(answer) == {}


def test_c5_3_a_gun_en_portee_moves_only_with_its_vehicle_so_its_own_moved_still_says_it_bounds() -> None:
    situation = scenario(russian_gun("4E5", "S/SW", aboard="truck", crew_aboard="truck", moved=True), TRUCK,
                         german_tank(hex_name="4E8"), phase="AFPh")
    answer = fire(situation, firer="g", target="t")
    assert answer["legal"] is False and any(r.endswith("(C10.54, C5.3)") for r in answer["reasons"])
