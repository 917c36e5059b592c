"""Ordnance fires at the enemy: the Vehicle Target Type at an enemy vehicle (C3.31), the Infantry
Target Type at the enemy units of a Location (C3.32); only the Area Target Type hits every unit in
a hex, friendly ones too, and never in the firer's own hex (C3.33). A DC attacks its whole target
Location (A23.1); an OVR attacks enemy occupants (D7.1); Reaction Fire is a DEFENDER's vs an enemy
vehicle (D7.2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aslgui.model import scenario_from_json
from aslgui.rules import resolve
from tests.rules.fixtures.to_hit_scenarios import design3_with_friends, resolve_cli


def _answer(**action: Any) -> dict[str, Any]:
    return resolve(scenario_from_json(design3_with_friends()), action).to_json()


@pytest.mark.parametrize(
    ("target", "target_type", "expected"),
    [
        ("g", "infantry", "g cannot fire at itself (C3.32)"),
        ("g", "vehicle", "g cannot fire at itself (C3.31)"),
        ("c", "infantry", "g cannot fire at its own crew c (C3.32)"),
        # the Area Target Type attacks the hex, whoever is named: the firer's own (C3.33)
        ("c", "area", "the Area Target Type cannot be used within the firer's own hex (C3.33)"),
    ],
)
def test_c3_3_the_firer_and_its_crew_are_no_target(target: str, target_type: str, expected: str) -> None:
    answer = _answer(kind="fire", firer="g", target=target, target_type=target_type)
    assert answer["legal"] is False
    assert answer["reasons"][0] == expected


def test_c3_33_area_fire_at_a_unit_in_the_firers_own_hex_stays_illegal() -> None:
    answer = _answer(kind="fire", firer="g", target="c", target_type="area")
    assert "the Area Target Type cannot be used within the firer's own hex (C3.33)" in answer["reasons"]


@pytest.mark.parametrize(
    ("firer", "target", "target_type", "expected"),
    [
        ("g", "fr", "infantry", "fr is friendly: the Infantry Target Type fires at enemy units; the Area Target "
                                "Type at 4E7 is the way to attack a hex holding friendly units (C3.32, C3.33)"),
        ("g", "frv", "vehicle", "frv is friendly: the Vehicle Target Type fires at an enemy vehicle; the Area "
                                "Target Type at 4D8 is the way to attack a hex holding friendly units (C3.31, C3.33)"),
        ("frv", "fr", "infantry", "fr is friendly: the Infantry Target Type fires at enemy units; the Area Target "
                                  "Type at 4E7 is the way to attack a hex holding friendly units (C3.32, C3.33)"),
        # No target_type given: a vehicle is taken as the Vehicle Target Type's (C3.31).
        ("g", "frv", None, "frv is friendly: the Vehicle Target Type fires at an enemy vehicle; the Area "
                           "Target Type at 4D8 is the way to attack a hex holding friendly units (C3.31, C3.33)"),
    ],
)
def test_c3_31_c3_32_a_friendly_unit_is_no_target(firer: str, target: str, target_type: str | None,
                                                   expected: str) -> None:
    action = {"kind": "fire", "firer": firer, "target": target}
    answer = _answer(**action, **({"target_type": target_type} if target_type else {}))
    assert (answer["legal"], answer["reasons"]) == (False, [expected])
    assert answer["odds"] is None


def test_c3_31_an_enemy_target_is_still_legal() -> None:
    answer = _answer(kind="fire", firer="g", target="t1", target_type="vehicle")
    assert (answer["legal"], answer["reasons"]) == (True, [])


@pytest.mark.parametrize("where", [{"target_hex": "4E7"}, {"target": "fr"}])
def test_c3_33_area_fire_at_a_hex_of_friendly_units_is_legal_and_says_they_are_hit(where: dict[str, str]) -> None:
    answer = _answer(kind="fire", firer="g", target_type="area", **where)
    assert (answer["legal"], answer["reasons"]) == (True, [])
    assert ("friendly units in 4E7 (fr) are attacked too: the Area Target Type hits all units in the hex (C3.33)"
            in answer["notes"])


def test_c3_33_area_fire_at_a_hex_of_enemy_units_only_has_no_friendly_note() -> None:
    answer = _answer(kind="fire", firer="frv", target_type="area", target_hex="4E9")
    assert answer["legal"] is True
    assert not [note for note in answer["notes"] if "friendly units" in note]


def test_c3_31_c3_32_through_the_cli_a_friendly_target_is_an_answer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, answer = resolve_cli(tmp_path, capsys, design3_with_friends(),
                               {"kind": "fire", "firer": "g", "target": "g", "target_type": "infantry"})
    assert (code, answer["legal"], answer["reasons"]) == (0, False, ["g cannot fire at itself (C3.32)"])


@pytest.mark.parametrize(
    ("action", "note"),
    [
        ({"kind": "throw_dc", "unit": "c", "target_hex": "4E6", "phase": "PFPh"}, None),
        ({"kind": "throw_dc", "unit": "fr", "target_hex": "4E8", "phase": "PFPh"},
         "friendly units in 4E8 (fr2) are attacked too: a DC attacks its target Location (A23.1)"),
        ({"kind": "place_dc", "unit": "fr", "target_hex": "4E8", "phase": "MPh"},
         "friendly units in 4E8 (fr2) are attacked too: a DC attacks its target Location (A23.1)"),
    ],
)
def test_a23_1_a_dc_at_a_location_of_friendly_units_says_they_are_attacked(action: dict[str, Any],
                                                                          note: str | None) -> None:
    data = design3_with_friends()
    data["units"].append({"id": "fr2", "side": "russian", "kind": "squad", "hex": "4E8", "name": "4-4-7"})
    answer = resolve(scenario_from_json(data), action).to_json()
    friendly = [n for n in answer.get("notes", []) if n.startswith("friendly units")]
    assert friendly == ([note] if note else [])
    if note:
        assert answer["legal"] is True  # A23 lets a DC go into any ADJACENT Location (A23.3, A23.6)


def test_d7_1_an_ovr_of_friendly_units_is_illegal() -> None:
    answer = _answer(kind="overrun", vehicle="frv", target_hex="4E7", phase="MPh")
    assert answer["legal"] is False
    assert "4E7 holds no enemy unit (D7.1)" in answer["reasons"]


def test_d7_2_reaction_fire_at_a_friendly_vehicle_is_illegal() -> None:
    answer = _answer(kind="reaction_fire", unit="c", vehicle="frv", type="non_cc", phase="MPh")
    assert answer["legal"] is False
    assert any("not a DEFENDER facing enemy vehicle frv (D7.2)" in r for r in answer["reasons"])
