"""Ordnance fired from aboard a vehicle (C5.3 "a vehicle (including its Passengers)"): a Gun en
portee fired by its Passenger crew, never as Bounding (First) Fire nor Motion Fire and only inside
the CA it keeps to its vehicle's VCA (C10.53, C10.54, C5.35); a Passenger's LATW, which fires as
Bounding (First) Fire with Case C's +5 and never Case C3 (C5.3, C5.34)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.geometry import parse_spine
from aslgui.rules import resolve
from aslgui.rules.apply import unit_changes
from aslgui.rules.gestures import actor, gestures_for_drop
from aslgui.rules.menu_gestures import context_gestures
from aslgui.rules.move_path import drags_path
from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, russian_gun, scenario, unit

TRUCK = {"id": "truck", "side": "russian", "nationality": "russian", "kind": "vehicle", "hex": "4E5",
         "vca": "S/SW", "afv": False, "mp": 20, "pp": 8}
PIAT: dict[str, Any] = {"name": "PIAT", "caliber": 88, "latw": True}


def _aboard(phase: str, truck: dict[str, Any] | None = None, target_hex: str = "4E8", player: str = "russian",
            **gun: Any) -> dict[str, Any]:
    """Gun ``g`` (the 57LL AT, or a LATW with ``PIAT``) and its crew aboard the truck in 4E5, firing
    at a German tank."""
    situation = scenario(russian_gun("4E5", "S/SW", aboard="truck", crew_aboard="truck", **gun),
                         {**TRUCK, **(truck or {})}, german_tank(hex_name=target_hex), phase=phase, player=player)
    return fire(situation, firer="g", target="t")


def _cites(answer: dict[str, Any], text: str, rule: str) -> bool:
    return any(text in r and f"({rule})" in r for r in answer["reasons"])


# -- C10.54: Portee Fire, its EXC (no Bounding (First) Fire, no Motion Fire) ---------------------------
@pytest.mark.parametrize(("phase", "expected"), [("PFPh", {}), ("AFPh", {"B": 2})])
def test_c10_54_a_gun_en_portee_fires_from_a_stopped_vehicle_that_has_not_moved(phase: str,
                                                                                expected: dict[str, int]) -> None:
    answer = _aboard(phase)
    assert answer["legal"] is True, answer["reasons"]
    assert drm(answer) == expected


@pytest.mark.parametrize("moved", [{"truck": {"moved": True}}, {"gun": {"moved": True}}])
def test_c10_54_exc_no_bounding_fire_in_the_afph_after_its_vehicle_entered_a_new_hex(moved: dict[str, Any]) -> None:
    answer = _aboard("AFPh", moved.get("truck"), **moved.get("gun", {}))
    assert answer["legal"] is False
    assert _cites(answer, "Bounding Fire is NA for a Gun en portee: truck entered a new hex", "C10.54, C5.3")


@pytest.mark.parametrize("moved", [False, True])
def test_c10_54_exc_no_bounding_first_fire_in_its_vehicles_mph(moved: bool) -> None:
    answer = _aboard("MPh", {"moved": moved})
    assert answer["legal"] is False
    assert _cites(answer, "Bounding First Fire is NA for a Gun en portee", "C10.54")
    assert not any("D3.3" in r for r in answer["reasons"])  # it is a Passenger: the MPh itself is not the bar


@pytest.mark.parametrize(("truck", "phase", "player"), [({"motion": True}, "DFPh", "german"),
                                                        ({"stopped": False}, "PFPh", "russian"),
                                                        ({"motion": True, "stopped": False}, "DFPh", "german")])
def test_c5_35_c10_54_exc_no_motion_fire_from_a_vehicle_in_motion(truck: dict[str, Any], phase: str,
                                                                  player: str) -> None:
    answer = _aboard(phase, truck, player=player)
    assert answer["legal"] is False and answer["doubled_lower_dr"] is False
    assert _cites(answer, "Motion Fire is NA for a Gun en portee: truck is in Motion/not Stopped", "C10.54, C5.35")


def test_c10_54_the_defenders_gun_en_portee_fires_in_the_enemy_mph_from_a_stopped_vehicle() -> None:
    answer = _aboard("MPh", player="german")
    assert answer["legal"] is True, answer["reasons"]
    assert "C" not in drm(answer)


# -- C10.53: the CA keeps to the VCA ------------------------------------------------------------------
@pytest.mark.parametrize("target_hex", ["4E2", "4C5", "4G5"])
def test_c10_53_a_gun_en_portee_fires_only_inside_its_ca(target_hex: str) -> None:
    answer = _aboard("PFPh", target_hex=target_hex)
    assert answer["legal"] is False and "A" in drm(answer)
    assert _cites(answer, "its CA may not change relative to truck's VCA while porteed", "C10.53")


def test_c10_53_the_same_gun_on_the_ground_turns_with_case_a() -> None:
    situation = scenario(russian_gun("4E5", "S/SW"), german_tank(hex_name="4E2"))
    answer = fire(situation, firer="g", target="t")
    assert answer["legal"] is True and drm(answer)["A"] == 4  # NT: +3, +1 the second hexspine (C5.1)


# -- C5.3, C5.34: a Passenger's LATW ------------------------------------------------------------------
def test_c5_3_a_passengers_latw_in_the_afph_after_moving_is_case_c_plus_5_and_no_c3() -> None:
    answer = _aboard("AFPh", {"moved": True}, **PIAT)
    assert answer["legal"] is True, answer["reasons"]
    assert drm(answer) == {"B": 2, "C": 3}
    assert answer["doubled_lower_dr"] is False
    assert not any("C5.35" in note for note in answer["notes"])


@pytest.mark.parametrize(("phase", "player", "truck"), [("AFPh", "russian", {"moved": True, "motion": True}),
                                                        ("MPh", "russian", {"moved": True, "stopped": False}),
                                                        ("DFPh", "german", {"motion": True})])
def test_c5_35_a_passengers_latw_from_a_vehicle_in_motion_is_motion_fire_and_the_reading_is_noted(
        phase: str, player: str, truck: dict[str, Any]) -> None:
    answer = _aboard(phase, truck, player=player, **PIAT)
    assert answer["legal"] is True, answer["reasons"]
    assert drm(answer) == {"B": 2, "C": 3, "C4": 0} and answer["doubled_lower_dr"] is True
    assert any(note.endswith("(C5.3, C5.35)") and note.startswith("read: a Passenger's ordnance")
               for note in answer["notes"])


@pytest.mark.parametrize(("keys", "expected"), [({}, {"B": 2, "C": 3}),
                                                ({"mp_in_los": 2}, {"B": 2, "C": 3, "C2": 2}),
                                                ({"mp_in_los": 3}, {"B": 2, "C": 3, "C1": 1}),
                                                ({"mp_in_los": 2, "los_since_mph_start": True}, {"B": 2, "C": 3})])
def test_c5_3_a_passengers_latw_fires_in_its_mph_as_bounding_first_fire_with_case_c(keys: dict[str, Any],
                                                                                    expected: dict[str, int]) -> None:
    situation = scenario(russian_gun("4E5", "S/SW", aboard="truck", crew_aboard="truck", **PIAT),
                         {**TRUCK, "moved": True}, german_tank(hex_name="4E8"), phase="MPh")
    answer = fire(situation, firer="g", target="t", **keys)
    assert answer["legal"] is True, answer["reasons"]
    assert drm(answer) == expected


def test_c5_34_a_passengers_latw_whose_vehicle_did_not_move_takes_case_c3_in_the_afph() -> None:
    answer = _aboard("AFPh", **PIAT)
    assert answer["legal"] is True and drm(answer) == {"C3": 2}


def test_c5_34_the_same_latw_on_foot_takes_case_c3_in_the_afph_and_is_refused_in_its_mph() -> None:
    afph = fire(scenario(russian_gun("4E5", "S/SW", **PIAT), german_tank(hex_name="4E8"), phase="AFPh"),
                firer="g", target="t")
    assert afph["legal"] is True and drm(afph) == {"C3": 2}
    mph = fire(scenario(russian_gun("4E5", "S/SW", **PIAT), german_tank(hex_name="4E8"), phase="MPh"),
               firer="g", target="t")
    assert mph["legal"] is False and any(r.endswith("(D3.3, C5.3)") for r in mph["reasons"])


def test_c5_3_a_defending_passengers_latw_in_the_enemy_mph_is_no_bounding_first_fire() -> None:
    answer = _aboard("MPh", player="german", **PIAT)
    assert answer["legal"] is True and drm(answer) == {}


def test_c5_3_the_vehicles_own_ma_after_moving_is_case_b_and_its_gun_type() -> None:
    situation = scenario(german_tank(hex_name="4E5", vca="S/SW", tca="S/SW", moved=True),
                         unit("s", "squad", "4E8", side="russian"), phase="AFPh", player="german")
    answer = fire(situation, firer="t", target="s", target_type="infantry")
    assert answer["legal"] is True and drm(answer)["B"] == 2 and drm(answer)["C"] == 2


@pytest.mark.parametrize(("phase", "player", "bounding"), [("MPh", "russian", True), ("AFPh", "russian", False),
                                                          ("MPh", "german", False)])
def test_c5_3_commit_marks_a_passengers_latw_shot_in_its_mph_with_a_bounding_first_fire_counter(
        phase: str, player: str, bounding: bool) -> None:
    situation = scenario(russian_gun("4E5", "S/SW", aboard="truck", crew_aboard="truck", **PIAT),
                         {**TRUCK, "moved": True}, german_tank(hex_name="4E8"), phase=phase, player=player)
    action = {"kind": "fire", "firer": "g", "target": "t"}
    changes = {unit.id: unit for unit in unit_changes(situation, action, resolve(situation, action))}
    assert changes["g"].fired is True and changes["g"].bounding_fired is bounding
    situation.units.update(changes)
    assert fire(situation, **action)["legal"] is False  # no second shot without a kept ROF (C2.24, C5.3)


@pytest.mark.parametrize(("gun_ca", "vca", "ca"), [("S/SW", "S/SW", "S/SW"), ("S/SW", "SW/NW", "SW/NW"),
                                                ("N/NE", "SW/NW", "NE/SE"), ("S/SW", "N/NE", "N/NE")])
def test_c10_53_a_gun_en_portee_turns_with_its_vehicle(gun_ca: str, vca: str, ca: str) -> None:
    """Its CA keeps to the VCA or its rear (C10.53): a truck turning as it moves turns it too (a
    player saw it keep its CA)."""
    situation = scenario(russian_gun("4E5", gun_ca, aboard="truck", crew_aboard="truck"), TRUCK,
                         german_tank(hex_name="4J9"), phase="MPh", player="russian")
    action = {"kind": "move", "unit": "truck", "path": ["4E6"], "vca": vca}
    answer = resolve(situation, action)
    assert answer.legal, answer.reasons
    changed = {u.id: u for u in unit_changes(situation, action, answer)}
    assert changed["truck"].vca == parse_spine(vca)
    assert changed.get("g", situation.units["g"]).ca == parse_spine(ca)


def test_c10_5_in_the_mph_dragging_a_gun_en_portee_or_in_tow_drags_its_vehicle() -> None:
    """A player dragging the truck's stack got the Gun's push, refused as on or behind the truck."""
    situation = scenario(russian_gun("4E5", "S/SW", aboard="truck", crew_aboard="truck"), TRUCK,
                         german_tank(hex_name="4J9"), phase="MPh", player="russian")
    gun = situation.units["g"]
    assert actor(situation, gun).id == "truck" and drags_path(situation, gun, "MPh")
    drop = gestures_for_drop(situation, "g", situation.grid.parse("4E6"))
    assert "push" not in [g.kind for g in drop.gestures]
    assert "portee_unload" in [g.kind for g in context_gestures(situation, "g")]
    situation.phase = "PFPh"  # in a fire phase the Gun en portee fires itself (C10.54)
    assert actor(situation, gun).id == "g"
    towed = scenario(russian_gun("4E5", "S/SW", towed_by="truck", limbered=True), TRUCK, phase="MPh",
                     player="russian")
    assert actor(towed, towed.units["g"]).id == "truck"


def test_c10_53_a_gun_en_portee_turns_with_its_vehicles_ca_change_too() -> None:
    situation = scenario(russian_gun("4E5", "S/SW", aboard="truck", crew_aboard="truck"), TRUCK,
                         german_tank(hex_name="4J9"), phase="PFPh", player="russian")
    action = {"kind": "change_ca", "unit": "truck", "ca": "N/NE"}
    answer = resolve(situation, action)
    assert answer.legal, answer.reasons
    changed = {u.id: u for u in unit_changes(situation, action, answer)}
    assert (changed["truck"].vca, changed["g"].ca) == (parse_spine("N/NE"), parse_spine("N/NE"))
