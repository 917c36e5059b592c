"""C3.9: a hit whose coloured dr is below the white strikes the turret/upper-superstructure Aspect.
A vehicle with no turret (a StuG, a turretless tank destroyer) still has that Aspect: the answer
names it ``superstructure``, never ``turret``, and a HD turretless vehicle is hit there (D4.3:
only hull hits miss a HD target)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario


def _vs_stug(colored: int, white: int, **tank: Any) -> dict[str, Any]:
    stug = german_tank(name="StuG IIIG", turret=None, ma={"caliber": 75, "barrel": "L"}, **tank)
    outcome: dict[str, Any] = fire(scenario(russian_gun(), stug), firer="g", target="t",
                                   dice={"colored": colored, "white": white})["outcome"]
    return outcome


@pytest.mark.parametrize(("colored", "white", "location"),
                         [(2, 5, "superstructure"), (1, 3, "superstructure"), (5, 2, "hull"), (3, 3, "hull")])
def test_c3_9_a_turretless_vehicle_is_hit_on_its_upper_superstructure_or_hull(
        colored: int, white: int, location: str) -> None:
    outcome = _vs_stug(colored, white)
    assert outcome["hit"] is True and outcome["location"] == location


def test_c3_9_a_turreted_vehicle_is_still_hit_on_its_turret() -> None:
    tank = german_tank(turret="T", ma={"caliber": 50, "barrel": "L"})
    outcome = fire(scenario(russian_gun(), tank), firer="g", target="t", dice={"colored": 2, "white": 5})["outcome"]
    assert outcome["location"] == "turret"


def test_c3_9_d4_3_a_hd_turretless_vehicle_is_hit_on_its_superstructure_and_missed_on_its_hull() -> None:
    upper = _vs_stug(2, 5, hd=True)
    lower = _vs_stug(5, 2, hd=True)
    assert (upper["hit"], upper["location"]) == (True, "superstructure")
    assert (lower["hit"], lower["notes"]) == (False, ["a hull hit on a HD target misses (C3.9)"])


def test_c3_7_c3_9_a_ch_vs_a_hd_turretless_vehicle_strikes_its_superstructure() -> None:
    outcome = _vs_stug(1, 1, hd=True)
    assert (outcome["critical"], outcome["location"]) == (True, "superstructure")
