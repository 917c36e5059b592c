"""DESIGN.md section 9: a value outside its key's domain is an error naming ``action.<key>``, whether
or not the question reads that key (``dr: 0`` without dice, ``entered_from: 5`` without OVR
Prevention, ``weapon: 5`` on a CC Reaction Fire). Each key's domain is declared once, in
``rules.actions.KEY_DOMAINS``, for every key a kind declares in ``rules.RESOLVERS``."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.rules import COMMON_KEYS, RESOLVERS, resolve
from aslgui.rules.actions import KEY_DOMAINS, KIND_DOMAINS, domain_of
from tests.rules.fixtures.to_hit_scenarios import german_tank, russian_gun, scenario, unit

SITUATION = scenario(russian_gun("4E5", "S/SW"), german_tank(hex_name="4E5"), unit("s", "squad", "4E8"),
                     phase="MPh", player="german")
#: The shot and the Reaction Fire the review asked about, each with a key it does not read.
FIRE = {"kind": "fire", "firer": "g", "target": "s"}
CC = {"kind": "reaction_fire", "unit": "c", "vehicle": "t", "type": "cc"}
UNREAD_OUT_OF_DOMAIN = [
    (FIRE, "effects_dr", 13, "expected a whole number from 2 to 12, got 13"),
    (FIRE, "dr", 0, "expected a whole number from 1 to 6, got 0"),
    (FIRE, "entered_from", 5, 'expected a hex name such as "4E6", got 5'),
    (FIRE, "entered_from", "4Z99", None),
    (FIRE, "acquisition", 3, "expected a whole number from 0 to 2, got 3"),
    (FIRE, "reaction_fire", "yes", "expected true or false, got 'yes'"),
    (CC, "weapon", 5, "expected one of tpbf, ordnance, ft, dc, mol, gun, got 5"),
    (CC, "gun_fire_counter", "fired", None),
    (CC, "ammo", "canister", None),
    (CC, "extra_drm", "two", None),
]


@pytest.mark.parametrize(("action", "key", "value", "message"), UNREAD_OUT_OF_DOMAIN,
                         ids=[f"{a['kind']}-{k}-{v}" for a, k, v, _ in UNREAD_OUT_OF_DOMAIN])
def test_design_9_an_unread_key_out_of_its_domain_is_an_error_naming_it(
        action: dict[str, Any], key: str, value: Any, message: str | None) -> None:
    with pytest.raises(AslError) as error:
        resolve(SITUATION, {**action, key: value})
    assert error.value.path == f"action.{key}"
    if message is not None:
        assert error.value.message == message


@pytest.mark.parametrize(("action", "key", "value"), [
    (FIRE, "effects_dr", 12), (FIRE, "dr", 6), (FIRE, "entered_from", "4E4"), (CC, "weapon", "gun"),
    (CC, "ammo", "HEAT"), (FIRE, "effects_dr", None), (CC, "weapon", None),
])
def test_design_9_an_unread_key_in_its_domain_or_null_changes_nothing(action: dict[str, Any], key: str,
                                                                       value: Any) -> None:
    assert resolve(SITUATION, {**action, key: value}).to_json() == resolve(SITUATION, action).to_json()


def _declared() -> list[tuple[str, str]]:
    return [(kind, key) for kind, spec in sorted(RESOLVERS.items()) for key in sorted(spec.keys | COMMON_KEYS)
            if key != "kind"]


def test_design_9_every_declared_key_has_one_domain_and_every_domain_a_key() -> None:
    for kind, key in _declared():
        domain_of(kind, key)  # raises for a key with none
    declared = {key for _, key in _declared()}
    assert set(KEY_DOMAINS) == declared
    assert {key for kind, key in KIND_DOMAINS if key not in RESOLVERS[kind].keys} == set()


@pytest.mark.parametrize(("kind", "key"), _declared())
def test_design_9_a_value_of_no_domain_is_refused_for_every_key_of_every_kind(kind: str, key: str) -> None:
    """An object is no flag, number, name, hex, unit id, dice or DRM list: refused before the
    resolver reads anything, with the key's own path."""
    with pytest.raises(AslError) as error:
        resolve(SITUATION, {"kind": kind, key: {"not": "this"}})
    assert error.value.path.startswith(f"action.{key}")


# -- leadership: a DRM needs the leader who gives it ---------------------------------------------------
#: The crew ``c`` (with its Gun in 4E5) CCs the tank OVRing it, a leader of its side beside it or not.
WITH_LEADER = scenario(russian_gun("4E5", "S/SW"), german_tank(hex_name="4E5"),
                       unit("l", "leader", "4E5", side="russian", name="8-1"), unit("s", "squad", "4E8"),
                       phase="MPh", player="german")
#: A German squad Setting a DC in 4E8 (A23.7), and a German 9-1 elsewhere.
SET_DC = scenario(unit("s", "squad", "4E8", dc=True), unit("l9", "leader", "4E2", name="9-1"), phase="MPh",
                  player="german")


@pytest.mark.parametrize(("situation", "action"), [
    (SITUATION, {**CC, "leadership": -1}),
    (SET_DC, {"kind": "set_dc", "unit": "s", "us_number": 3, "leadership": -1}),
])
def test_a10_leadership_with_no_leader_in_the_location_is_an_error_naming_it(
        situation: Any, action: dict[str, Any]) -> None:
    """The checker's case: ``leadership: -1`` for a unit with no leader beside it was answered as
    if one were there (a -1 CC DRM, D7.22 EX; a Set DC on a dr one higher, A23.7). An ASL player
    expects a leadership DRM only from a leader in the unit's Location, so either silent answer
    (applying it, or dropping what the player asked for) would be wrong: like an unknown unit id,
    a claim the scenario contradicts is an error naming the key, with the hex it looked in."""
    with pytest.raises(AslError) as error:
        resolve(situation, action)
    assert error.value.path == "action.leadership"
    assert "no leader of " in error.value.message and "to give a leadership DRM" in error.value.message


def test_d7_16_an_ovr_leadership_without_the_leader_aboard_named_is_an_error() -> None:
    """In an OVR the leadership is the Armor Leader's or a Passenger leader's (D7.16), named under
    ``leader``: without him the modifier was dropped silently."""
    with pytest.raises(AslError) as error:
        resolve(SITUATION, {"kind": "overrun", "vehicle": "t", "target_hex": "4E8", "leadership": -1})
    assert error.value.path == "action.leadership" and "'leader'" in error.value.message


def test_a10_leadership_with_a_leader_in_the_location_is_a_drm_line() -> None:
    answer = resolve(WITH_LEADER, {**CC, "leadership": -1}).to_json()
    assert [line["value"] for line in answer["drm"] if line["case"] == "leadership"] == [-1]


def test_a23_1_a_dc_attack_notes_that_leadership_does_not_modify_it_whoever_gives_it() -> None:
    """Placing or Throwing a DC takes no leadership DRM at all (A23.1): the answer says so, leader
    or not, rather than refusing the key."""
    situation = scenario(unit("s", "squad", "4E8", dc=True), unit("r", "squad", "4E9", side="russian"),
                         phase="MPh", player="german")
    answer = resolve(situation, {"kind": "place_dc", "unit": "s", "target_hex": "4E9", "leadership": -1}).to_json()
    assert answer["leadership_note"] == "leadership does not modify a DC attack (A23.1)"
