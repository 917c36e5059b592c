"""Where the rules leave room, the reading this project takes, stated in the answer's ``notes``
(and in docs/readings.md's table): portee by a HS (C10.51, C10.111), an NM/RFNM Gun hooked up in
firing mode (C10.2, C10.26), a Prep-Fired unit throwing a DC in the AFPh (A3.3, A23.2, A23.6), and
the CX +1 of a Thrown DC on the thrower's own Location (A23.4). A9.74's inanimate objects (D7.17)
are tested with the OVR in test_d7_11_d7_15_d7_17.py."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from


def _c10(units: dict[str, dict[str, Any]] | None = None) -> Scenario:
    return board_from("c10_board.json", {"spw": {"portee": True, "pp": 12}, **(units or {})})


def _ask(situation: Scenario, kind: str, **keys: Any) -> dict[str, Any]:
    return resolve(situation, {"kind": kind, "vehicle": "spw", "gun": "at37", **keys}).to_json()


# -- C10.51: a crew counter (un)loads en portee --------------------------------------------------------
@pytest.mark.parametrize("crew", [["hs1"], ["sq1"], ["l1", "l2", "l3", "l4", "l5"]])
@pytest.mark.parametrize("kind", ["portee_load", "portee_unload"])
def test_c10_51_only_a_crew_counter_loads_a_gun_en_portee(crew: list[str], kind: str) -> None:
    situation = _c10({"at37": {"aboard": "spw"}} if kind == "portee_unload" else None)
    answer = _ask(situation, kind, crew=crew)
    assert answer["legal"] is False and any(r.endswith("(C10.51)") and "crew counter" in r for r in answer["reasons"])
    assert any(note.endswith("(C10.51, C10.111)") for note in answer["notes"])


@pytest.mark.parametrize("kind", ["portee_load", "portee_unload"])
def test_c10_51_its_crew_does(kind: str) -> None:
    situation = _c10({"at37": {"aboard": "spw"}} if kind == "portee_unload" else None)
    answer = _ask(situation, kind)
    assert answer["legal"] is True, answer["reasons"]
    assert not any("C10.111" in note for note in answer["notes"])


@pytest.mark.parametrize("crew", [["hs1"], ["l1", "l2", "l3", "l4", "l5"]])
def test_c10_111_a_hs_or_five_smc_still_hook_up_a_gun(crew: list[str]) -> None:
    answer = _ask(_c10(), "hook_up", crew=crew)
    assert answer["legal"] is True, answer["reasons"]


# -- C10.2 EXC, C10.26: an NM/RFNM Gun hooked up in firing mode -----------------------------------------
@pytest.mark.parametrize("flag", ["nm", "rfnm"])
def test_c10_2_exc_an_nm_or_rfnm_gun_is_hooked_up_unlimbered_and_the_reading_is_noted(flag: str) -> None:
    answer = _ask(_c10({"at37": {"limbered": False, flag: True}}), "hook_up")
    assert answer["legal"] is True, answer["reasons"]
    assert any(note.endswith("(C10.2, C10.26)") for note in answer["notes"])


def test_c10_2_any_other_non_qsu_gun_must_be_limbered_first() -> None:
    answer = _ask(_c10({"at37": {"limbered": False}}), "hook_up")
    assert answer["legal"] is False and any(r.endswith("(C10.2)") for r in answer["reasons"])
    assert answer["notes"] == []


@pytest.mark.parametrize("flag", ["nm", "rfnm"])
@pytest.mark.parametrize("kind", ["limber", "unlimber"])
def test_c10_26_an_nm_or_rfnm_gun_is_never_limbered_or_unlimbered(flag: str, kind: str) -> None:
    situation = _c10({"at37": {"limbered": kind == "unlimber", flag: True}})
    situation.phase = "PFPh"
    answer = resolve(situation, {"kind": kind, "gun": "at37"}).to_json()
    assert answer["legal"] is False and any(flag.upper() in r for r in answer["reasons"])


# -- C10.51: a crew riding the Gun's vehicle unloads it ------------------------------------------------
RIDING_NOTE = ("read: C10.51 does not ask the crew to be on foot; a crew riding the Gun's vehicle, as it does to fire "
               "it en portee (C10.54), unloads it, spending its whole MF allotment, and gets off with it; one aboard "
               "another vehicle may not (C10.51, C10.54)")


def test_c10_51_a_crew_riding_the_vehicle_unloads_the_gun_en_portee_and_the_reading_is_noted() -> None:
    answer = _ask(_c10({"at37": {"aboard": "spw"}, "c1": {"aboard": "spw"}}), "portee_unload")
    assert answer["legal"] is True, answer["reasons"]
    assert answer["notes"] == [RIDING_NOTE] and answer["ti"] == ["c1", "spw"]


def test_c10_51_a_crew_on_foot_unloads_it_with_nothing_to_note() -> None:
    answer = _ask(_c10({"at37": {"aboard": "spw"}}), "portee_unload")
    assert answer["legal"] is True and answer["notes"] == []


def test_c10_51_a_crew_aboard_another_vehicle_does_not_unload_it() -> None:
    truck = {"id": "truck", "side": "german", "kind": "vehicle", "name": "Opel Blitz", "hex": "1H4", "vca": "N/NE"}
    situation = board_from("c10_board.json", {"spw": {"portee": True, "pp": 12}, "at37": {"aboard": "spw"},
                                              "c1": {"aboard": "truck"}}, [truck])
    answer = _ask(situation, "portee_unload")
    assert answer["legal"] is False and "c1 is aboard truck, not on foot (C10.51)" in answer["reasons"]


def test_c10_51_loading_still_takes_a_crew_on_foot() -> None:
    answer = _ask(_c10({"c1": {"aboard": "spw"}}), "portee_load")
    assert answer["legal"] is False and "c1 is aboard spw, not on foot (C10.51)" in answer["reasons"]


# -- C10.3: the Low Ammo DRM (its value is not in the rules folder) --------------------------------------
@pytest.mark.parametrize(("gun", "keys", "lines"), [({}, {}, []), ({}, {"low_ammo": True}, [-2]),
                                                   ({"low_ammo": True}, {}, [-2])])
def test_c10_3_low_ammo_is_read_as_minus_2_placed_now_or_already_on_the_gun(gun: dict[str, Any],
                                                                            keys: dict[str, Any],
                                                                            lines: list[int]) -> None:
    situation = _c10({"at37": gun} if gun else None)
    answer = resolve(situation, {"kind": "push", "gun": "at37", "to_hex": "1H5", **keys}).to_json()
    assert [line["value"] for line in answer["drm"] if line["case"] == "low ammo"] == lines
    flagged = any("low ammo" in note for note in answer.get("unverified", []))
    assert flagged is bool(lines)


# -- A3.3 with A23.2/A23.6: a Prep-Fired unit throws no DC in the AFPh ----------------------------------
def _throw(phase: str, **squad: Any) -> dict[str, Any]:
    situation = board_from("a23_ex.json", {"s467": {"moved": False, **squad}}, phase=phase)
    return resolve(situation, {"kind": "throw_dc", "unit": "s467", "target_hex": "1X5", "phase": phase}).to_json()


def test_a3_3_a_prep_fired_unit_throws_no_dc_in_the_afph() -> None:
    answer = _throw("AFPh", fired=True)
    assert answer["legal"] is False and any(r.endswith("(A3.3, A23.6)") for r in answer["reasons"])
    assert any(note.endswith("(A3.3, A23.2)") for note in answer["notes"])


@pytest.mark.parametrize(("phase", "fired"), [("AFPh", False), ("PFPh", True), ("PFPh", False)])
def test_a23_2_otherwise_the_attacker_throws_in_a_friendly_fire_phase(phase: str, fired: bool) -> None:
    answer = _throw(phase, fired=fired)
    assert answer["legal"] is True, answer["reasons"]
    assert not any("A3.3" in note for note in answer["notes"])


# -- A23.4: CX +1 on the target Location's attack only ---------------------------------------------------
@pytest.mark.parametrize("phase", ["PFPh", "AFPh"])
def test_a23_4_cx_adds_one_vs_the_target_not_the_throwers_location(phase: str) -> None:
    rested, tired = _throw(phase), _throw(phase, cx=True)
    assert tired["target_drm"] == rested["target_drm"] + 1
    assert tired["thrower_drm"] == rested["thrower_drm"]
    assert any(note.endswith("(A23.4)") for note in tired["notes"]) and rested["notes"] == []


def test_a23_6_exc_a_thrower_two_levels_up_is_not_attacked_so_nothing_to_note(tall_building: Any) -> None:
    situation = tall_building([{"id": "s467", "side": "german", "kind": "squad", "name": "4-6-7", "hex": "78O6",
                                "dc": True, "cx": True}])
    answer = resolve(situation, {"kind": "throw_dc", "unit": "s467", "target_hex": "78O5", "phase": "PFPh",
                                 "thrower_level": 2}).to_json()
    assert answer["thrower_attacked"] is False and answer["notes"] == []
