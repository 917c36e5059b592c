"""C10.1 EXC: a 76-107mm MTR carried by a vehicle is freed of the +1 MP per hex and of the Reverse,
Bypass, wall/hedge, rubble and Deep Stream towing limits, whether the Gun says it is a MTR by its
``type`` key (as a VASL import writes it) or by its name; its caliber is its own or its roster
entry's. A larger MTR and every other Gun keep them; a building stays closed to all (the EXC does
not list it). The outside reader's case: an SPW 250/1 with an 81mm MTR (``type: MTR``) in tow,
refused Reverse Movement."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.towing import gun_type, is_mortar_exception
from tests.rules.fixtures.boards import board_from

#: An 81mm MTR named as its counter names it (no "MTR" in the name), in tow by the SPW 250/1 in 1H4.
MTR81 = {"id": "m81", "side": "german", "kind": "gun", "name": "8cm GrW 34", "type": "MTR", "caliber": 81,
         "hex": "1H4", "manhandling": 10, "qsu": True, "towed_by": "spw"}


def board(mortar: dict[str, Any] | None = None, **top: Any) -> Scenario:
    """The C10 board (SPW 250/1 in 1H4, stone building 1G4, rubble 1H3) with the MTR added, some
    of its keys changed (a key set to None is left out)."""
    unit = {key: value for key, value in {**MTR81, **(mortar or {})}.items() if value is not None}
    return board_from("c10_board.json", None, [unit], **top)


def tow(scenario: Scenario, to_hex: str = "1H5", **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": "tow_move", "vehicle": "spw", "to_hex": to_hex, **keys}).to_json()


def test_c10_1_exc_the_readers_case_an_81mm_mtr_by_its_type_may_reverse_at_no_extra_mp() -> None:
    answer = tow(board(), reverse=True)
    assert (answer["legal"], answer["reasons"], answer["towing"], answer["mp_extra"]) == (True, [], ["m81"], 0)


@pytest.mark.parametrize("mortar", [
    {},  # 81mm, named as its counter
    {"name": ""},  # no name at all
    {"type": "mtr"},  # the type in lower case
    {"caliber": 76},  # the lowest caliber of the EXC
    {"caliber": 107},  # the highest
    {"name": "82 MTR", "type": None, "caliber": None},  # the roster's 82mm: type by its name, caliber by its entry
])
def test_c10_1_exc_reverse_is_legal_for_a_76_to_107mm_mtr(mortar: dict[str, Any]) -> None:
    scenario = board(mortar)
    answer = tow(scenario, reverse=True)
    assert (answer["legal"], answer["mp_extra"]) == (True, 0)
    assert is_mortar_exception(scenario.units["m81"]) is True


@pytest.mark.parametrize(("gun", "why"), [
    ({"caliber": 120}, "a 120mm MTR"),
    ({"caliber": 108}, "just above 107mm"),
    ({"caliber": 75}, "just below 76mm"),
    ({"type": "AT", "name": "75L AT", "caliber": 75}, "an AT Gun"),
    ({"type": "INF", "name": "75* INF", "caliber": 75}, "an INF Gun of a MTR's size"),
])
def test_c10_1_no_reverse_towing_a_120mm_mtr_or_any_other_gun(gun: dict[str, Any], why: str) -> None:
    answer = tow(board(gun), reverse=True)
    assert answer["legal"] is False, why
    assert answer["reasons"] == ["no Reverse Movement while towing (C10.1)"]
    assert answer["mp_extra"] == 1


@pytest.mark.parametrize(("to_hex", "top", "keys"), [
    ("1H5", {"hexsides": {"1H4/1H5": "wall"}}, {}),
    ("1H5", {"hexsides": {"1H4/1H5": "hedge"}}, {}),
    ("1H3", {}, {}),  # wooden rubble
    ("1H5", {}, {"bypass": True}),
    ("1H5", {}, {"deep_stream": True}),
])
def test_c10_1_exc_the_mtr_by_its_type_is_freed_of_every_listed_limit(
    to_hex: str, top: dict[str, Any], keys: dict[str, Any]
) -> None:
    freed = tow(board(**top), to_hex, **keys)
    assert (freed["legal"], freed["mp_extra"]) == (True, 0)
    refused = tow(board({"caliber": 120}, **top), to_hex, **keys)
    assert refused["legal"] is False and any(r.endswith("(C10.1)") for r in refused["reasons"])


def test_c10_1_exc_does_not_open_a_building_to_a_towed_mtr() -> None:
    answer = tow(board(), "1G4")
    assert answer["legal"] is False
    assert answer["reasons"] == ["no towing into stone building (C10.1)"]


def test_c10_1_the_gun_type_is_its_own_type_key_before_its_name() -> None:
    scenario = board()
    assert gun_type(scenario.units["m81"]) == "MTR"
    assert gun_type(scenario.units["at37"]) == "AT"  # "37L AT": by its name
    assert gun_type(board({"name": "81 MTR", "type": "AT"}).units["m81"]) == "AT"


def test_c10_1_exc_hooking_up_the_mtr_by_its_type_adds_no_mp_per_hex() -> None:
    hooked = resolve(board({"towed_by": None}), {"kind": "hook_up", "vehicle": "spw", "gun": "m81",
                                                 "crew": "c1"}).to_json()
    assert (hooked["legal"], hooked["tow_mp_per_hex"]) == (True, 0)
    heavy = resolve(board({"towed_by": None, "caliber": 120}), {"kind": "hook_up", "vehicle": "spw", "gun": "m81",
                                                                "crew": "c1"}).to_json()
    assert heavy["tow_mp_per_hex"] == 1


def test_c10_1_exc_the_mtr_by_its_type_is_unloaded_only_by_a_passenger() -> None:
    def unhook(crew_aboard: bool) -> dict[str, Any]:
        scenario = board_from("c10_board.json", {"c1": {"aboard": "spw"} if crew_aboard else {}},
                              [{**MTR81, "crew": "c1"}])
        return resolve(scenario, {"kind": "unhook", "vehicle": "spw", "gun": "m81"}).to_json()

    on_foot = unhook(False)
    assert on_foot["legal"] is False
    assert "c1 must unload the MTR as a Passenger of spw (C10.1)" in on_foot["reasons"]
    assert unhook(True)["legal"] is True


@pytest.mark.parametrize(("mortar", "crew_loads", "warned"), [
    ({}, False, True), ({}, True, False), ({"caliber": 120}, False, False), ({"type": None, "name": "75L AT"}, False,
                                                                            False)])
def test_c10_1_exc_hooking_up_the_mtr_warns_that_only_its_riding_crew_unhooks_it(
        mortar: dict[str, Any], crew_loads: bool, warned: bool) -> None:
    """Its crew left behind, the MTR cannot be unhooked elsewhere (only a Passenger unloads it): the
    hook-up says so before it is committed, not only the refused unhook afterwards."""
    scenario = board({"towed_by": None, **mortar})
    answer = resolve(scenario, {"kind": "hook_up", "vehicle": "spw", "gun": "m81", "crew": "c1",
                                "crew_loads": crew_loads}).to_json()
    warning = ("only a Passenger of spw unloads this MTR: unless its crew (c1) rides along, it cannot be unhooked "
               "elsewhere (C10.1)")
    assert answer["legal"] is True, answer["reasons"]
    assert (warning in answer["notes"]) is warned
