"""A3: each phase belongs to one side (the ATTACKER's PFPh, MPh, AFPh; the DEFENDER's DFPh). A
scenario with ``"player": ""`` (every ``aslgui import-vsav`` file: a VASL save does not say whose
Player Turn it is) names no ATTACKER, so those side checks are skipped: every answer of a kind
whose legality depends on them says so in ``notes``, citing the rules skipped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aslgui.model import scenario_from_json
from aslgui.rules import SIDE_RULES, resolve
from tests.rules.fixtures.to_hit_scenarios import design3_with_friends, resolve_cli

NOTE = ('no ATTACKER is set (the scenario\'s "player" is empty), so the phase\'s side rules (whose phase it is, who '
        'may act in it) were not checked: set the ATTACKER to check them')

ACTIONS: list[dict[str, Any]] = [
    {"kind": "fire", "firer": "g", "target": "t1", "phase": "PFPh"},
    {"kind": "fire", "firer": "g", "target": "t1", "phase": "DFPh"},
    {"kind": "fire", "firer": "t1", "target_hex": "4E7", "target_type": "area", "phase": "PFPh"},
    {"kind": "change_ca", "unit": "g", "ca": "S/SE", "phase": "DFPh"},
    {"kind": "throw_dc", "unit": "fr", "target_hex": "4E8", "phase": "DFPh"},
    {"kind": "place_dc", "unit": "fr", "target_hex": "4E8", "phase": "MPh"},
    {"kind": "push", "gun": "g", "to_hex": "4E6", "phase": "MPh"},
    {"kind": "limber", "gun": "g", "phase": "DFPh"},
    {"kind": "overrun", "vehicle": "t1", "target_hex": "4E8", "phase": "MPh"},
    {"kind": "reaction_fire", "unit": "c", "vehicle": "t1", "type": "cc", "phase": "MPh"},
]


@pytest.mark.parametrize("action", ACTIONS, ids=[f"{a['kind']}-{a['phase']}" for a in ACTIONS])
def test_a3_without_an_attacker_the_answer_says_the_side_rules_were_not_checked(action: dict[str, Any]) -> None:
    answer = resolve(scenario_from_json(design3_with_friends(player="")), action).to_json()
    assert f"{NOTE} ({SIDE_RULES[action['kind']]})" in answer["notes"]
    assert not [r for r in answer["reasons"] if "(A3)" in r]


@pytest.mark.parametrize("action", ACTIONS, ids=[f"{a['kind']}-{a['phase']}" for a in ACTIONS])
def test_a3_with_an_attacker_no_such_note(action: dict[str, Any]) -> None:
    answer = resolve(scenario_from_json(design3_with_friends()), action).to_json()
    assert not [note for note in answer.get("notes", []) if "no ATTACKER" in note]


@pytest.mark.parametrize("phase", ["PFPh", "DFPh"])
def test_a3_the_same_shot_in_both_fire_phases_is_legal_only_with_the_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], phase: str) -> None:
    """The checker's case: with no ATTACKER a Gun fires in the PFPh and in the DFPh alike; the
    answer must say that no side was checked (A3), as with one the DFPh shot is illegal."""
    action = {"kind": "fire", "firer": "g", "target": "t1", "phase": phase}
    code, answer = resolve_cli(tmp_path, capsys, design3_with_friends(player=""), action)
    assert (code, answer["legal"]) == (0, True)
    assert f"{NOTE} (A3, C5.64, D3.3)" in answer["notes"]
    code, answer = resolve_cli(tmp_path, capsys, design3_with_friends(), action)
    assert answer["legal"] is (phase == "PFPh")


@pytest.mark.parametrize("action", [{"kind": "ca_hexes", "unit": "g", "range": 2}, {"kind": "los", "from": "4E5",
                                                                                     "to": "4E9"}])
def test_a3_kinds_that_no_side_decides_carry_no_such_note(action: dict[str, Any]) -> None:
    answer = resolve(scenario_from_json(design3_with_friends(player="")), action).to_json()
    assert not [note for note in answer.get("notes", []) if "no ATTACKER" in note]


def test_a3_every_side_ruled_kind_is_an_action_kind() -> None:
    from aslgui.rules import RESOLVERS

    assert set(SIDE_RULES) <= set(RESOLVERS)
