"""A Gun is fired, and turned, by its manning Infantry (C3.22 "its crew is still able to fire it",
C5.6 "the crew of the Gun"): ``fire`` and ``change_ca`` read one check. No crew, a crew in another
Location or aboard a vehicle, a broken crew: neither fires nor turns it. A limbered Gun, one in tow
or en portee cannot fire, so it cannot change its CA either (C10.21, C10.1, C10.53); only
(un)limbering and (un)hooking turn it then (C10.22, C10.12)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit

TRUCK = {"id": "truck", "side": "russian", "nationality": "russian", "kind": "vehicle", "hex": "4E5", "vca": "S/SW",
         "afv": False, "mp": 20, "towing": 4, "pp": 6}


def _gun(**keys: Any) -> list[dict[str, Any]]:
    return russian_gun("4E5", "S/SW", **keys)


def _change_ca(units: list[Any], phase: str = "PFPh", **action: Any) -> dict[str, Any]:
    situation = scenario(*units, phase=phase)
    return resolve(situation, {"kind": "change_ca", "unit": "g", "ca": "N/NE", "phase": phase, **action}).to_json()


#: Crew situations that leave the Gun unmanned, and the words of the reason.
UNMANNED = {
    "no crew": ([_gun()[0] | {"crew": None}], "no manning Infantry"),
    "crew two hexes away": ([_gun()[0], _gun()[1] | {"hex": "4E7"}], "not in g's Location"),
    "crew adjacent": ([_gun()[0], _gun()[1] | {"hex": "4F5"}], "not in g's Location"),
    "crew aboard a truck": ([_gun()[0], _gun()[1] | {"aboard": "truck"}, TRUCK], "not in g's Location"),
}


@pytest.mark.parametrize("situation", list(UNMANNED))
@pytest.mark.parametrize(("target", "target_type"), [(german_tank(hex_name="4E9"), "vehicle"),
                                                     (unit("s", "squad", "4E8"), "infantry")])
@pytest.mark.parametrize("phase", ["PFPh", "AFPh"])
def test_c5_6_an_unmanned_gun_cannot_fire(situation: str, target: dict[str, Any], target_type: str,
                                          phase: str) -> None:
    units, words = UNMANNED[situation]
    answer = fire(scenario(*units, target, phase=phase), firer="g", target=target["id"], target_type=target_type,
                  dice={"colored": 2, "white": 3})
    assert answer["legal"] is False and "outcome" not in answer  # illegal: the dice are not read
    assert any(words in found and found.endswith("(C3.22, C5.6)") for found in answer["reasons"])


def test_c5_6_an_unmanned_gun_cannot_fire_as_defensive_first_fire_either() -> None:
    units, _ = UNMANNED["crew two hexes away"]
    situation = scenario(*units, german_tank(hex_name="4E9"), phase="MPh", player="german")
    assert fire(situation, firer="g", target="t")["legal"] is False


def test_c5_6_its_crew_in_its_location_fires_it() -> None:
    answer = fire(scenario(_gun(), german_tank(hex_name="4E9")), firer="g", target="t")
    assert answer["legal"] is True and answer["reasons"] == []


def test_c10_54_a_porteed_gun_is_manned_by_its_passenger_crew() -> None:
    units = [_gun()[0] | {"aboard": "truck"}, _gun()[1] | {"aboard": "truck"}, TRUCK]
    answer = fire(scenario(*units, german_tank(hex_name="4E9")), firer="g", target="t")
    assert not any("C5.6" in found for found in answer["reasons"])


def test_a_7_a_broken_crew_fires_nothing() -> None:
    answer = fire(scenario(_gun(crew_broken=True), german_tank(hex_name="4E9")), firer="g", target="t")
    assert answer["legal"] is False and "c is broken (A.7)" in answer["reasons"]


@pytest.mark.parametrize("situation", list(UNMANNED))
@pytest.mark.parametrize("phase", ["PFPh", "AFPh"])
def test_c3_22_an_unmanned_gun_cannot_change_its_ca(situation: str, phase: str) -> None:
    units, words = UNMANNED[situation]
    answer = _change_ca(units, phase)
    assert answer["legal"] is False
    assert any(words in found and "(C3.22, C5.6)" in found for found in answer["reasons"])


# -- C10.21, C10.1, C10.53: a Gun that cannot fire cannot change its CA ---------------------------
@pytest.mark.parametrize(
    ("gun", "extra_units", "rule"),
    [
        ({"limbered": True}, [], "C10.21"),
        ({"limbered": True, "qsu": False, "manhandling": 10}, [], "C10.21"),
        ({"towed_by": "truck"}, [TRUCK], "C10.1"),
        ({"towed_by": "truck", "limbered": True}, [TRUCK], "C10.1"),
        ({"aboard": "truck"}, [TRUCK], "C10.53"),
    ],
)
@pytest.mark.parametrize("phase", ["PFPh", "AFPh"])
def test_c3_22_a_gun_that_cannot_fire_cannot_change_its_ca(gun: dict[str, Any], extra_units: list[Any], rule: str,
                                                          phase: str) -> None:
    crew_keys = {"crew_aboard": "truck"} if "aboard" in gun else {}
    answer = _change_ca([_gun(**gun, **crew_keys), *extra_units], phase)
    assert answer["legal"] is False
    assert any(f"({rule})" in found for found in answer["reasons"])


def test_c10_24_a_limbered_gun_with_limbered_fire_may_still_change_its_ca() -> None:
    assert _change_ca([_gun(limbered=True, lf=True)])["legal"] is True


def test_c10_21_the_same_limbered_gun_cannot_fire_either() -> None:
    answer = fire(scenario(_gun(limbered=True), german_tank(hex_name="4E9")), firer="g", target="t")
    assert answer["legal"] is False and any("(C10.21)" in found for found in answer["reasons"])


@pytest.mark.parametrize("kind", ["limber", "unlimber"])
def test_c10_22_only_limbering_itself_turns_a_limbered_gun(kind: str) -> None:
    situation = scenario(_gun(limbered=kind == "unlimber", manhandling=10), phase="PFPh")
    answer = resolve(situation, {"kind": kind, "gun": "g", "ca": "N/NE"}).to_json()
    assert answer["legal"] is True, answer["reasons"]
