"""Opportunity Fire (A7.25, not in the rules folder; C5.2 and C5.34 cite it) is read as ASL has it: a
unit that moved this Player Turn cannot use it. So a Gun or LATW whose manning Infantry, or itself,
or the vehicle carrying it is marked ``moved`` is refused Opportunity Fire, with the reading in the
reason, and fires in the AFPh with Case B (C5.2) or Case C3 (C5.34) as any other."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, russian_gun, scenario

PIAT: dict[str, Any] = {"name": "PIAT", "caliber": 88, "latw": True}
TRUCK = {"id": "truck", "side": "russian", "nationality": "russian", "kind": "vehicle", "hex": "4E5",
         "vca": "S/SW", "afv": False, "mp": 20, "pp": 8}
READING = "read so from A7.25, which is not in the rules folder (A7.25, C5.2)"


def _shot(*units: Any, **action: Any) -> dict[str, Any]:
    return fire(scenario(*units, german_tank(hex_name="4E8"), phase="AFPh"), firer="g", target="t", **action)


@pytest.mark.parametrize(("keys", "movers"), [({"moved": True, "crew_moved": True}, "g, c"),
                                              ({"crew_moved": True}, "c"), ({"moved": True}, "g")])
@pytest.mark.parametrize("weapon", [PIAT, {}])
def test_c5_2_c5_34_a7_25_no_opportunity_fire_by_a_unit_that_moved(keys: dict[str, Any], movers: str,
                                                       weapon: dict[str, Any]) -> None:
    answer = _shot(russian_gun("4E5", "S/SW", crew_kind="squad", **weapon, **keys), opportunity=True)
    assert answer["legal"] is False
    assert [r for r in answer["reasons"] if r.endswith(READING)] == [
        f"no Opportunity Fire by a unit that moved this Player Turn ({movers}): {READING}"]


def test_c5_2_a7_25_nor_by_a_passenger_whose_vehicle_moved() -> None:
    answer = _shot(russian_gun("4E5", "S/SW", aboard="truck", crew_aboard="truck", **PIAT), {**TRUCK, "moved": True},
                   opportunity=True)
    assert answer["legal"] is False and any("(truck)" in r and r.endswith(READING) for r in answer["reasons"])


@pytest.mark.parametrize(("weapon", "expected"), [(PIAT, {}), ({}, {})])
def test_c5_2_c5_34_a_unit_that_did_not_move_uses_opportunity_fire_with_neither_case_b_nor_c3(
        weapon: dict[str, Any], expected: dict[str, int]) -> None:
    answer = _shot(russian_gun("4E5", "S/SW", **weapon), opportunity=True)
    assert answer["legal"] is True, answer["reasons"]
    assert drm(answer) == expected


def test_c5_34_the_moved_latw_fires_in_the_afph_with_case_c3_instead() -> None:
    answer = _shot(russian_gun("4E5", "S/SW", crew_kind="squad", moved=True, crew_moved=True, **PIAT))
    assert answer["legal"] is True and drm(answer) == {"C3": 2}
