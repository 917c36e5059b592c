"""A Gun in tow is no target of its own (C10.1, C10.11), and a vehicle whose PRC has fired in that
PFPh/MPh neither hooks up nor unhooks a Gun (C10.11, C10.12), as when the vehicle, the Gun or its
crew has fired."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from
from tests.rules.fixtures.to_hit_scenarios import fire, russian_gun, scenario, unit

TOWING = {"id": "truck", "side": "german", "nationality": "german", "kind": "vehicle", "name": "Opel Blitz",
          "hex": "4E8", "vca": "N/NE", "afv": False}
TOWED = {"id": "pak", "side": "german", "nationality": "german", "kind": "gun", "name": "37L AT", "hex": "4E8",
         "ca": "N/NE", "caliber": 37, "limbered": True, "towed_by": "truck"}


def _at_tow(**keys: Any) -> dict[str, Any]:
    """The Russian 57LL AT in 4E5 fires at 4E8, where a truck tows a German 37L AT."""
    return fire(scenario(russian_gun("4E5", "S/SW"), TOWING, TOWED), firer="g", **keys)


# -- C10.1, C10.11: the towed Gun shares its vehicle's fate -------------------------------------------
@pytest.mark.parametrize("target_type", [None, "infantry"])
def test_c10_1_a_gun_in_tow_cannot_be_targeted_separately(target_type: str | None) -> None:
    answer = _at_tow(target="pak", **({"target_type": target_type} if target_type else {}))
    assert answer["legal"] is False
    assert ("pak is in tow by truck and cannot be targeted separately from it: it shares the vehicle's fate "
            "(C10.1, C10.11)") in answer["reasons"]


def test_c10_1_the_towing_vehicle_is_the_target() -> None:
    answer = _at_tow(target="truck")
    assert answer["legal"] is True and answer["target_type"] == "vehicle"


def test_c10_1_the_same_gun_unhooked_is_a_target_of_its_own() -> None:
    answer = fire(scenario(russian_gun("4E5", "S/SW"), TOWING, {**TOWED, "towed_by": None}), firer="g", target="pak")
    assert answer["legal"] is True


@pytest.mark.parametrize("target_type", ["area", "infantry"])
def test_c10_11_a_hex_shot_lists_no_entry_for_the_towed_gun(target_type: str) -> None:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), TOWING, TOWED,
                         unit("s", "squad", "4E8"))
    answer = fire(situation, firer="g", target_hex="4E8", target_type=target_type)
    assert answer["legal"] is True
    assert "pak" not in [entry["id"] for entry in answer.get("targets", [])]
    assert target_type != "area" or {entry["id"] for entry in answer["targets"]} == {"truck", "s"}


def test_c10_11_the_area_target_type_at_a_towing_vehicle_alone_names_it() -> None:
    answer = _at_tow(target_hex="4E8", target_type="area")
    assert answer["legal"] is True and answer["target"] == "truck"


# -- C10.11, C10.12: no (un)hooking after the vehicle's PRC fired --------------------------------------
def _c10(units: dict[str, dict[str, Any]] | None = None) -> Scenario:
    return board_from("c10_board.json", units)


def _towing(units: dict[str, dict[str, Any]] | None = None) -> Scenario:
    """The at37 in tow by the spw, its crew c1 aboard."""
    return _c10({"at37": {"towed_by": "spw"}, "c1": {"aboard": "spw"}, **(units or {})})


def _ask(situation: Scenario, kind: str) -> dict[str, Any]:
    return resolve(situation, {"kind": kind, "vehicle": "spw", "gun": "at37"}).to_json()


@pytest.mark.parametrize("mark", [{"fired": True}, {"bounding_fired": True}])
def test_c10_11_no_hook_up_after_a_passenger_of_the_vehicle_fired(mark: dict[str, Any]) -> None:
    answer = _ask(_c10({"sq1": {"aboard": "spw", **mark}}), "hook_up")
    assert answer["legal"] is False and answer["ti"] is None
    assert "sq1 has already fired this Player Turn (C10.11)" in answer["reasons"]


@pytest.mark.parametrize("who", ["spw", "at37", "c1"])
def test_c10_11_nor_after_the_vehicle_the_gun_or_its_crew_fired(who: str) -> None:
    answer = _ask(_c10({who: {"fired": True}}), "hook_up")
    assert f"{who} has already fired this Player Turn (C10.11)" in answer["reasons"]


@pytest.mark.parametrize("units", [{"sq1": {"aboard": "spw"}}, {"sq1": {"fired": True}}])
def test_c10_11_a_passenger_that_has_not_fired_or_a_unit_on_foot_that_has_blocks_nothing(
        units: dict[str, Any]) -> None:
    answer = _ask(_c10(units), "hook_up")
    assert answer["legal"] is True, answer["reasons"]


@pytest.mark.parametrize("mark", [{"fired": True}, {"bounding_fired": True}])
def test_c10_12_no_unhooking_after_a_passenger_of_the_vehicle_fired(mark: dict[str, Any]) -> None:
    answer = _ask(_towing({"sq1": {"aboard": "spw", **mark}}), "unhook")
    assert answer["legal"] is False
    assert "sq1 has already fired this Player Turn (C10.12)" in answer["reasons"]


def test_c10_12_nor_after_its_riding_crew_fired() -> None:
    answer = _ask(_towing({"c1": {"aboard": "spw", "fired": True}}), "unhook")
    assert "c1 has already fired this Player Turn (C10.12)" in answer["reasons"]


def test_c10_12_unhooking_with_passengers_that_have_not_fired() -> None:
    answer = _ask(_towing({"sq1": {"aboard": "spw"}}), "unhook")
    assert answer["legal"] is True, answer["reasons"]
    assert answer["ti"] == ["at37", "c1"]
