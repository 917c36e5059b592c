"""D7.22 and D7.23 with C5.61/C5.62: a Gun's Non-CC Reaction Fire at the vehicle that OVRan its hex
is a full To Hit: its CA turned to the vehicle's VCA with TH Cases A and E NA, Intensive Fire
(Case F +2, B# two lower) when the Gun is under a First Fire counter, every other DRM that applies,
the numbers to roll and, with dice, the outcome. ``reaction_fire`` (weapon ``gun``) and the ``fire``
action ``reaction_fire: true`` are answered by the same To Hit code and agree. OVR Prevention
(C5.64) comes before the OVR and is no Reaction Fire: it keeps Case E (and Case A, C5.51)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.apply import unit_changes
from tests.rules.fixtures.boards import board_from, drm_of

#: A Russian 57LL AT Gun and its crew in 1C4, where the tank (VCA SW/NW) has just OVRan them.
GUN = {"id": "g", "side": "russian", "nationality": "russian", "kind": "gun", "name": "57LL AT", "hex": "1C4",
       "ca": "N/NE", "crew": "c"}
CREW = {"id": "c", "side": "russian", "nationality": "russian", "kind": "crew", "name": "2-2-8", "hex": "1C4"}
#: The keys the To Hit shares between the two kinds.
TH_KEYS = ("range", "colour", "basic_th", "th_modifications", "modified_th", "final_th_needed", "improbable",
           "critical_max_dr", "critical_needs_dr", "breakdown", "rof", "rof_note", "ammo", "target_type", "odds",
           "odds_216")
#: Guns about to react, and the Cases each takes: (gun keys, crew keys, terrain, DRM by case).
SITUATIONS: dict[str, tuple[dict[str, Any], dict[str, Any], str, dict[str, list[int]]]] = {
    "under First Fire, open ground": ({"fired": True}, {}, "open ground", {"F": [2]}),
    "under First Fire, woods, on the VCA": ({"fired": True, "ca": "SW/NW"}, {}, "woods", {"F": [2]}),
    "unmarked, turning 3 hexspines": ({}, {}, "open ground", {}),
    "unmarked, woods": ({}, {}, "woods", {}),
    "captured, under First Fire": ({"fired": True, "captured": True}, {}, "open ground", {"F": [2], "H": [2]}),
    "unmarked, pinned crew": ({}, {"pinned": True}, "open ground", {"D": [2]}),
    "unmarked, non-qualified CX crew": ({}, {"qualified": False, "cx": True}, "open ground", {"H": [2], "CX": [1]}),
}


def _board(gun: dict[str, Any], crew: dict[str, Any], terrain: str) -> Scenario:
    return board_from("d7_ex.json", {"tank": {"hex": "1C4"}}, [{**GUN, **gun}, {**CREW, **crew}],
                      terrain={"1C4": terrain})


def _react(situation: Scenario, **keys: Any) -> dict[str, Any]:
    action = {"kind": "reaction_fire", "unit": "c", "vehicle": "tank", "type": "non_cc", "weapon": "gun", **keys}
    return resolve(situation, action).to_json()


def _fire(situation: Scenario, **keys: Any) -> dict[str, Any]:
    return resolve(situation, {"kind": "fire", "firer": "g", "target": "tank", **keys}).to_json()


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_d7_22_reaction_fire_carries_every_drm_line_and_no_case_a_or_e(name: str) -> None:
    gun, crew, terrain, cases = SITUATIONS[name]
    answer = _react(_board(gun, crew, terrain))
    assert answer["legal"] is True, answer["reasons"]
    assert {line["case"]: [line["value"]] for line in answer["drm"]} == cases
    assert answer["total_drm"] == sum(sum(v) for v in cases.values())
    assert answer["final_th_needed"] == answer["modified_th"] - answer["total_drm"]
    assert (answer["range"], answer["th_cases_na"], answer["gun_ca"]) == (0, ["A", "E"], "SW/NW")


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_d7_22_reaction_fire_and_fire_with_reaction_fire_answer_the_same_to_hit(name: str) -> None:
    gun, crew, terrain, _ = SITUATIONS[name]
    situation = _board(gun, crew, terrain)
    react, fire = _react(situation), _fire(situation, reaction_fire=True)
    assert (react["drm"], react["total_drm"]) == (fire["drm"], fire["total_drm"])
    assert {k: react[k] for k in TH_KEYS} == {k: fire[k] for k in TH_KEYS}
    assert {k: react[k] for k in ("gun_ca", "th_cases_na", "target_facing", "gun_fire")} == fire["reaction_fire"]


@pytest.mark.parametrize("dice", [(1, 1), (2, 3), (4, 4), (5, 5), (6, 6)])
@pytest.mark.parametrize("name", ["under First Fire, open ground", "unmarked, turning 3 hexspines"])
def test_d7_22_with_dice_the_reaction_fire_outcome_is_the_fire_outcome(name: str, dice: tuple[int, int]) -> None:
    gun, crew, terrain, _ = SITUATIONS[name]
    situation = _board(gun, crew, terrain)
    roll = {"dice": {"colored": dice[0], "white": dice[1]}, "dr": 3}
    react, fire = _react(situation, **roll), _fire(situation, reaction_fire=True, **roll)
    assert react["outcome"] == fire["outcome"]
    assert react["outcome"]["hit"] is (sum(dice) <= react["final_th_needed"])
    assert react["outcome"]["malfunction"] is (sum(dice) >= react["breakdown"])


@pytest.mark.parametrize("marks", [{"fired": True}, {}])
def test_d7_23_c5_61_c5_62_a_gun_under_first_fire_reacts_with_intensive_fire(marks: dict[str, Any]) -> None:
    """The counter from the Gun's markers or from ``gun_fire_counter``: Case F +2 and the B# two lower."""
    situation = _board(marks, {}, "open ground")
    keys = {} if marks else {"gun_fire_counter": "first"}
    intensive, plain = _react(situation, **keys), _react(_board({}, {}, "open ground"))
    assert (intensive["gun_fire"], drm_of(intensive, "F")) == ("intensive", [2])
    assert intensive["breakdown"] == plain["breakdown"] - 2
    assert intensive["final_th_needed"] == plain["final_th_needed"] - 2
    assert (plain["gun_fire"], drm_of(plain, "F")) == ("normal", [])
    assert "mark it with an Intensive Fire counter (C5.6)" in intensive["notes"]


def test_d7_22_the_answer_names_its_rule_in_notes() -> None:
    answer = _react(_board({}, {}, "open ground"))
    assert ("Reaction Fire: the Gun's CA turns to the OVRing vehicle's VCA first, TH Cases A and E NA, and a hit "
            "strikes its rear Target Facing (D7.22)") in answer["notes"]


@pytest.mark.parametrize("gun", [{"fired": True, "rfnm": True}, {"fired": True, "no_if": True}, {"limbered": True}])
def test_d7_22_an_illegal_gun_shot_still_shows_its_numbers_without_odds_or_outcome(gun: dict[str, Any]) -> None:
    answer = _react(_board(gun, {}, "open ground"), dice={"colored": 2, "white": 2})
    assert answer["legal"] is False and answer["reasons"]
    assert answer["modified_th"] > 0 and (answer["odds"], answer["odds_216"]) == (None, None)
    assert "outcome" not in answer
    assert _fire(_board(gun, {}, "open ground"), reaction_fire=True)["reasons"] == answer["reasons"]


@pytest.mark.parametrize("kind", ["reaction_fire", "fire"])
def test_d7_22_c10_25_an_rfnm_gun_on_the_vca_reacts_and_the_reading_is_in_notes(kind: str) -> None:
    situation = _board({"rfnm": True, "ca": "SW/NW"}, {}, "open ground")
    answer = _react(situation) if kind == "reaction_fire" else _fire(situation, reaction_fire=True)
    assert answer["legal"] is True and drm_of(answer, "E") == []
    assert any(note.endswith("(C10.25, D7.22)") and note.startswith("read: an RFNM Gun") for note in answer["notes"])
    turning = _react(_board({"rfnm": True}, {}, "open ground"))
    assert turning["reasons"] == ["g must turn its CA to tank's VCA, but is RFNM (C10.25, D7.22)"]


# -- OVR Prevention is not Reaction Fire -------------------------------------------------------------------
@pytest.mark.parametrize("terrain", ["open ground", "woods"])
def test_c5_64_ovr_prevention_keeps_case_e_that_reaction_fire_drops(terrain: str) -> None:
    situation = _board({"fired": True}, {}, terrain)
    doubled = 2 if terrain == "woods" else 1
    prevention = _fire(situation, ovr_prevention=True)
    reaction = _fire(situation, reaction_fire=True)
    assert (drm_of(prevention, "E"), drm_of(prevention, "F")) == ([2 * doubled], [2])
    assert (drm_of(reaction, "E"), drm_of(reaction, "F")) == ([], [2])


def test_c5_64_ovr_prevention_turns_to_the_entry_hexside_with_case_a_reaction_fire_does_not() -> None:
    situation = _board({}, {}, "open ground")
    prevention = _fire(situation, ovr_prevention=True, entered_from="1C5")
    reaction = _fire(situation, reaction_fire=True, entered_from="1C5")
    assert drm_of(prevention, "A") == [4] and drm_of(reaction, "A") == []  # NT, 2 hexspines (C5.51)
    assert reaction["ca_change_spines"] == 0


# -- fire with reaction_fire: its own legality --------------------------------------------------------------
@pytest.mark.parametrize(("change", "keys", "words"), [
    ({"tank": {"hex": "1C5"}}, {}, "Reaction Fire by g is at the enemy vehicle OVRing its own hex (D7.22)"),
    ({}, {"phase": "DFPh"}, "Reaction Fire happens in the MPh, not the DFPh (D7.2)"),
    ({"player": "russian"}, {}, "c is not a DEFENDER facing enemy vehicle tank (D7.2)"),
    ({}, {"ovr_prevention": True},
     "OVR Prevention comes before the OVR is resolved, Reaction Fire after it: one or the other (C5.64, D7.2)"),
])
def test_d7_22_fire_with_reaction_fire_is_only_at_the_ovring_vehicle_in_the_mph(
        change: dict[str, Any], keys: dict[str, Any], words: str) -> None:
    top = {"player": change["player"]} if "player" in change else {}
    units = {"tank": {"hex": "1C4", **change.get("tank", {})}}
    situation = board_from("d7_ex.json", units, [GUN, CREW], terrain={"1C4": "open ground"}, **top)
    answer = _fire(situation, reaction_fire=True, **keys)
    assert answer["legal"] is False and words in answer["reasons"][0]


def test_d7_22_a_vehicle_firer_makes_no_gun_reaction_fire() -> None:
    truck = {"id": "ht", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "halftrack",
             "hex": "1C4", "vca": "N/NE", "afv": False, "ma": {"caliber": 37, "kind": "gun"}}
    situation = board_from("d7_ex.json", {"tank": {"hex": "1C4"}}, [truck], terrain={"1C4": "open ground"})
    answer = resolve(situation, {"kind": "fire", "firer": "ht", "target": "tank", "reaction_fire": True}).to_json()
    assert "ht is a vehicle: its Reaction Fire is not a Gun's shot (D7.22)" in answer["reasons"]


# -- Commit ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["reaction_fire", "fire"])
def test_d7_22_commit_turns_the_gun_to_the_vca_marks_intensive_fire_and_a_malfunction(kind: str) -> None:
    situation = _board({"fired": True}, {}, "open ground")
    roll = {"dice": {"colored": 5, "white": 5}}  # B# 12 - 2 for Intensive Fire: a 10 malfunctions (C5.62)
    action: dict[str, Any] = (
        {"kind": "reaction_fire", "unit": "c", "vehicle": "tank", "type": "non_cc", "weapon": "gun", **roll}
        if kind == "reaction_fire" else {"kind": "fire", "firer": "g", "target": "tank", "reaction_fire": True, **roll}
    )
    answer = resolve(situation, action)
    assert answer.legal and answer.outcome is not None and answer.outcome["malfunction"] is True
    gun = {u.id: u for u in unit_changes(situation, action, answer)}["g"]
    assert (gun.ca, gun.fired, gun.intensive_fired, gun.extra.get("malfunctioned")) == (4, True, True, True)
