"""C3.3 EXC: the Area Target Type has only red Basic TH#, used by every nationality, so ``colour``
says red whoever fires; the Vehicle and Infantry Target Types keep the A25 colour.
C5.33: a vehicle firing at the start of its MPh before it enters a new hex (or in LOS of its target
since before its MPh) uses Case C alone: C1/C2 (C5.31, C5.32) do not apply, whatever ``mp_in_los``."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.resource_files import load_json
from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, russian_gun, scenario, unit

COLOURS: dict[str, Any] = load_json("data", "to_hit_table.json")["ordnance_th_colour"]["nationalities"]
RED_AREA_ROW = load_json("data", "to_hit_table.json")["basic"]["area"]["red"]


def _mortar_at(nationality: str, range_to: str) -> dict[str, Any]:
    gun = russian_gun("4E2", "S/SW", name="82 MTR", nationality=nationality, crew_nationality=nationality)
    return fire(scenario(gun, unit("s", "squad", range_to)), firer="g", target_hex=range_to)


@pytest.mark.parametrize("nationality", list(COLOURS))
@pytest.mark.parametrize("range_to", ["4E5", "4E9"])
def test_c3_3_exc_area_target_type_is_red_for_every_nationality(nationality: str, range_to: str) -> None:
    answer = _mortar_at(nationality, range_to)
    assert answer["target_type"] == "area" and answer["colour"] == "red"
    red = _mortar_at("russian", range_to)
    assert answer["basic_th"] == red["basic_th"] and answer["basic_th"] in RED_AREA_ROW


@pytest.mark.parametrize("nationality", list(COLOURS))
def test_c3_3_exc_an_area_he_shot_by_a_non_mortar_is_red_too(nationality: str) -> None:
    gun = russian_gun("4E5", "S/SW", nationality=nationality, crew_nationality=nationality)
    answer = fire(scenario(gun, unit("s", "squad", "4E9")), firer="g", target_hex="4E9", target_type="area")
    assert answer["colour"] == "red"


@pytest.mark.parametrize("nationality", list(COLOURS))
@pytest.mark.parametrize("target_type", ["infantry", "vehicle"])
def test_c3_3_other_target_types_keep_the_a25_colour(nationality: str, target_type: str) -> None:
    gun = russian_gun("4E5", "S/SW", nationality=nationality, crew_nationality=nationality)
    target = german_tank(hex_name="4E9", afv=False) if target_type == "vehicle" else unit("s", "squad", "4E9")
    answer = fire(scenario(gun, target), firer="g", target=target["id"], target_type=target_type)
    assert answer["colour"] == COLOURS[nationality]["colour"]


def test_c3_3_exc_area_needs_no_known_nationality() -> None:
    answer = _mortar_at("ruritanian", "4E9")
    assert answer["colour"] == "red" and answer["legal"] is True


# -- C5.33 ------------------------------------------------------------------------------------------
def _bounding(mp_in_los: float | None, motion: bool = False, **tank: Any) -> dict[str, Any]:
    situation = scenario(german_tank(hex_name="4E9", motion=motion, stopped=not motion, **tank),
                         unit("s", "squad", "4E6", side="russian"), phase="MPh", player="german")
    action: dict[str, Any] = {"mp_in_los": mp_in_los} if mp_in_los is not None else {}
    return fire(situation, firer="t", target="s", target_type="infantry", **action)


@pytest.mark.parametrize("mp_in_los", [0, 0.5, 2, 2.5, 3, None])
@pytest.mark.parametrize("motion", [False, True])
def test_c5_33_at_the_start_of_its_mph_a_vehicle_uses_case_c_alone(mp_in_los: float | None, motion: bool) -> None:
    answer = _bounding(mp_in_los, motion)
    cases = drm(answer)
    assert cases["B"] == 2 and cases["C"] == 2 and "C1" not in cases and "C2" not in cases


@pytest.mark.parametrize(("mp_in_los", "case", "value"), [(0, "C2", 2), (2, "C2", 2), (2.5, "C1", 1), (3, "C1", 1)])
@pytest.mark.parametrize("motion", [False, True])
def test_c5_31_c5_32_apply_once_it_has_entered_a_new_hex(mp_in_los: float, case: str, value: int,
                                                        motion: bool) -> None:
    assert drm(_bounding(mp_in_los, motion, moved=True))[case] == value


@pytest.mark.parametrize("mp_in_los", [0, 2, 3])
def test_c5_33_or_in_los_of_its_target_since_before_its_mph(mp_in_los: float) -> None:
    situation = scenario(german_tank(hex_name="4E9", moved=True), unit("s", "squad", "4E6", side="russian"),
                         phase="MPh", player="german")
    answer = fire(situation, firer="t", target="s", target_type="infantry", mp_in_los=mp_in_los,
                  los_since_mph_start=True)
    assert "C1" not in drm(answer) and "C2" not in drm(answer) and drm(answer)["C"] == 2


def test_c5_33_more_than_three_mp_in_los_is_case_c_alone() -> None:
    cases = drm(_bounding(3.5, moved=True))
    assert "C1" not in cases and "C2" not in cases and cases["C"] == 2
