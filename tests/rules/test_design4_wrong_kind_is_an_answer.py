"""DESIGN.md 4: ``aslgui resolve`` exits 0 for any well-formed question, an illegal action being
still an answer (``legal: false``, with every answer key of its kind); exit 2 is for a malformed
file. A unit of the wrong kind for the action, or a vehicle without the MA it is asked to fire,
is such a well-formed question: the answer cites the rule that says who does it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.model import scenario_from_json
from aslgui.rules import RESOLVERS, resolve
from aslgui.rules.gestures import gestures_for_drop, legal_targets
from tests.rules.fixtures.to_hit_scenarios import design3_with_friends, resolve_cli


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"kind": "fire", "firer": "v1", "target": "fr"},
         'v1 has no main armament to fire (give it "ma" if it has one) (C3)'),
        ({"kind": "fire", "firer": "fr", "target": "t1"},
         "fr is a squad: ordnance is fired by a Gun or a vehicle's MA (C3)"),
        ({"kind": "fire", "firer": "c", "target": "t1", "target_type": "vehicle"},
         "c is a crew: ordnance is fired by a Gun or a vehicle's MA (C3)"),
        ({"kind": "overrun", "vehicle": "g", "target_hex": "4E6", "phase": "MPh"},
         "g is a gun: an OVR is made by a vehicle (D7.1)"),
        ({"kind": "push", "gun": "t1", "to_hex": "4E8", "phase": "MPh"},
         "t1 is a vehicle, not a gun: the action is done with a gun (C10.3)"),
        ({"kind": "hook_up", "vehicle": "fr", "gun": "g", "phase": "MPh"},
         "fr is a squad, not a vehicle: the action is done with a vehicle (C10.11)"),
        ({"kind": "hook_up", "vehicle": "frv", "gun": "fr", "phase": "MPh"},
         "fr is a squad, not a gun: the action is done with a gun (C10.11)"),
        ({"kind": "limber", "gun": "frv", "phase": "PFPh"},
         "frv is a vehicle, not a gun: the action is done with a gun (C10.21)"),
        ({"kind": "change_ca", "unit": "fr", "ca": "N/NE", "phase": "PFPh"},
         "fr is a squad: only a Gun or a vehicle has a CA (C3.2)"),
        ({"kind": "ca_hexes", "unit": "c", "range": 2}, "c is a crew: only a Gun or a vehicle has a CA (C3.2)"),
        ({"kind": "reaction_fire", "unit": "c", "vehicle": "fr", "type": "cc", "phase": "MPh"},
         "fr is a squad: Reaction Fire is made vs a vehicle (D7.2)"),
    ],
)
def test_design4_a_unit_of_the_wrong_kind_is_answered_illegal_exit_0(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], action: dict[str, Any], reason: str) -> None:
    code, answer = resolve_cli(tmp_path, capsys, design3_with_friends(), action)
    assert (code, answer["legal"], answer["reasons"]) == (0, False, [reason])
    promised = set(RESOLVERS[action["kind"]].answers)
    assert promised <= set(answer)
    if "odds" in promised:
        assert (answer["odds"], answer["odds_216"]) == (None, None)


@pytest.mark.parametrize(
    ("action", "path"),
    [
        ({"kind": "fire", "firer": "nobody", "target": "t1"}, "action.firer"),
        ({"kind": "fire", "firer": "fr", "target": "nobody"}, "action.target"),
        ({"kind": "push", "gun": "t1", "to_hex": "4Z99"}, "action.to_hex"),
        ({"kind": "hook_up", "vehicle": "fr", "gun": 7}, "action.gun"),
        ({"kind": "change_ca", "unit": "fr", "ca": "up"}, "action.ca"),
        ({"kind": "overrun", "vehicle": "g", "target_hex": "4E6", "mp_spent": "two"}, "action.mp_spent"),
    ],
)
def test_design4_malformed_input_still_exits_2_whatever_the_units_kind(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], action: dict[str, Any], path: str) -> None:
    code, error = resolve_cli(tmp_path, capsys, design3_with_friends(), action)
    assert (code, error["path"]) == (2, path)


def test_design4_a_vehicle_without_ma_with_dice_has_no_outcome() -> None:
    answer = resolve(scenario_from_json(design3_with_friends()),
                     {"kind": "fire", "firer": "v1", "target": "fr", "dice": {"colored": 1, "white": 1}}).to_json()
    assert (answer["legal"], answer["final_th_needed"], "outcome" in answer) == (False, None, False)


def test_design4_the_drag_of_a_vehicle_without_ma_offers_no_shot_and_says_why() -> None:
    """In the GUI, the StuG IIIG without ``ma`` has nothing to fire (C3): its drag rings no target,
    and its drop on the Russians opens no fire popup but says why, as the fire question answers."""
    situation = scenario_from_json(design3_with_friends(player="german"))
    assert legal_targets(situation, "v1") == {}
    fr_hex = situation.units["fr"].hex
    drop = gestures_for_drop(situation, "v1", fr_hex)
    answer = resolve(situation, {"kind": "fire", "firer": "v1", "target": "fr"})
    assert drop.gestures == () and drop.reasons == answer.reasons
    assert answer.reasons == ('v1 has no main armament to fire (give it "ma" if it has one) (C3)',)


def test_design4_an_unknown_unit_is_still_an_error_in_process() -> None:
    with pytest.raises(AslError) as caught:
        resolve(scenario_from_json(design3_with_friends()), {"kind": "push", "gun": "zz", "to_hex": "4E8"})
    assert caught.value.path == "action.gun"
