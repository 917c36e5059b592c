"""DESIGN.md 4, 7 and 10: each kind's answer keys are in every answer, legal or not. ``RESOLVERS``
declares them (docs/contract.md lists them) and ``resolve`` answers null for one its resolver
could not work out, ``[]`` for a list of hexes. The case that needs it: a unit of the order of
battle (``"hex": null``, DESIGN.md 8) in any unit role of any kind makes the answer illegal with a
reason naming the unit, and still carries every declared key."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from aslgui.answer_lines import with_board_notes
from aslgui.model import scenario_from_json
from aslgui.rules import HEX_LIST_ANSWERS, HEX_MAP_KINDS, RESOLVERS, resolve
from aslgui.rules.actions import UNIT, UNITS, Action, domain_of
from aslgui.rules.odds import Odds, WithOdds
from tests.answer_samples import answers_by_kind
from tests.test_cli import run

#: The answer keys DESIGN.md's tables promise (sections 4 and 7), and ``odds`` for the kinds that roll (10).
PROMISED = {
    "fire": "range basic_th modified_th final_th_needed improbable critical_max_dr ca_change_spines odds odds_216",
    "overrun": "fp mp_cost odds odds_216",
    "place_dc": "mf_cost fp odds odds_216",
    "throw_dc": "fp target_drm thrower_drm odds odds_216",
    "set_dc": "odds odds_216",
    "detonate_dc": "fp ift_column odds odds_216",
    "hook_up": "mp_cost pp_left",
    "unhook": "mp_cost pp_left",
    "push": "m_number max_dr_continue max_dr_enter odds odds_216",
    "trailer_target": "odds odds_216",
    "ca_hexes": "hexes",
    "move": "steps mp_spent mp_left mf_spent mf_left overrun threats",
    "hex_info": "terrain elevation hexsides source",
    "los": "range blocked blocked_at hindrances hindrance_hexes reason",
}

BOARD = [{"id": "4", "col": 0, "row": 0}]
#: On the map: a Russian Gun and crew, a truck, a squad with a DC and a leader; a German tank and squad.
ON_MAP = [
    {"id": "g1", "side": "russian", "nationality": "russian", "kind": "gun", "name": "57LL AT", "hex": "4E5",
     "ca": "S/SW", "crew": "c1"},
    {"id": "c1", "side": "russian", "nationality": "russian", "kind": "crew", "name": "2-2-8", "hex": "4E5"},
    {"id": "v1", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "a truck", "hex": "4E4",
     "vca": "S/SW", "afv": False, "mp": 16, "towing": 9, "pp": 8},
    {"id": "s1", "side": "russian", "nationality": "russian", "kind": "squad", "name": "4-4-7", "hex": "4F5",
     "dc": True},
    {"id": "l1", "side": "russian", "nationality": "russian", "kind": "leader", "name": "8-0", "hex": "4F5"},
    {"id": "t1", "side": "german", "nationality": "german", "kind": "vehicle", "name": "PzKpfw IIIG", "hex": "4E8",
     "vca": "NW/N", "turret": "T", "tca": "NW/N", "ma": {"caliber": 50, "barrel": "L"}},
    {"id": "s2", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "4F6"},
]
#: Off the map, in the order of battle: one of each sort an action names.
OFF_MAP = [
    {"id": "g9", "side": "russian", "nationality": "russian", "kind": "gun", "name": "57LL AT", "hex": None,
     "ca": "S/SW"},
    {"id": "c9", "side": "russian", "nationality": "russian", "kind": "crew", "hex": None},
    {"id": "t9", "side": "german", "nationality": "german", "kind": "vehicle", "name": "PzKpfw IIIG", "hex": None,
     "vca": "NW/N"},
    {"id": "s9", "side": "russian", "nationality": "russian", "kind": "squad", "hex": None, "dc": True},
]
#: A well-formed action of every kind about those units (legal or not: only its unit keys change).
BASE: dict[str, dict[str, Any]] = {
    "fire": {"firer": "g1", "target": "t1", "target_type": "vehicle"},
    "ca_hexes": {"unit": "g1", "range": 2},
    "odds_map": {"unit": "g1", "target_type": "vehicle"},
    "change_ca": {"unit": "g1", "ca": "SW/NW", "phase": "PFPh"},
    "overrun": {"vehicle": "t1", "target_hex": "4F6", "phase": "MPh"},
    "reaction_fire": {"unit": "s1", "vehicle": "t1", "type": "cc", "phase": "MPh"},
    "place_dc": {"unit": "s1", "target_hex": "4F6", "phase": "MPh"},
    "throw_dc": {"unit": "s1", "target_hex": "4F6", "phase": "PFPh"},
    "set_dc": {"unit": "s1", "phase": "MPh"},
    "detonate_dc": {"unit": "s1", "hex": "4F8", "phase": "PFPh"},
    "hook_up": {"vehicle": "v1", "gun": "g1", "phase": "MPh"},
    "unhook": {"vehicle": "v1", "gun": "g1", "phase": "MPh"},
    "limber": {"gun": "g1", "phase": "PFPh"},
    "unlimber": {"gun": "g1", "phase": "PFPh"},
    "push": {"gun": "g1", "to_hex": "4E6", "phase": "MPh"},
    "portee_load": {"vehicle": "v1", "gun": "g1", "phase": "MPh"},
    "portee_unload": {"vehicle": "v1", "gun": "g1", "phase": "MPh"},
    "tow_move": {"vehicle": "v1", "to_hex": "4E3", "phase": "MPh"},
    "move": {"unit": "s1", "path": ["4G5"], "phase": "MPh"},
    "trailer_target": {"vehicle": "v1", "facing": "rear"},
    "hex_info": {"hex": "4E5"},
    "los": {"from": "4E5", "to": "4E9"},
}
#: The off-board unit put in each role: a Gun where a Gun acts, a vehicle where one is named, else Infantry.
STAND_IN = {"firer": "g9", "gun": "g9", "vehicle": "t9", "vs_afv": "t9", "target": "t9", "crew": "c9"}


def situation() -> Any:
    return scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": BOARD, "phase": "PFPh",
                               "player": "russian", "units": [*ON_MAP, *OFF_MAP]})


def unit_roles() -> list[tuple[str, str]]:
    """Every (kind, action key) whose value names units, from the declarations themselves."""
    names_units = {UNIT.check, UNITS.check, Action.unit_or_units}
    return sorted((kind, key) for kind, spec in RESOLVERS.items() for key in spec.keys
                  if domain_of(kind, key).check in names_units)


def nothing(key: str, kind: str = "") -> dict[str, Any] | list[str] | None:
    """What an answer says for a key it could not work out: ``odds_map``'s ``hexes`` is an object."""
    if key in HEX_LIST_ANSWERS:
        return {} if kind in HEX_MAP_KINDS else []
    return None


def test_design_4_7_10_every_promised_answer_key_is_declared() -> None:
    assert {kind: sorted(set(keys.split()) - set(RESOLVERS[kind].answers)) for kind, keys in PROMISED.items()} == {
        kind: [] for kind in PROMISED}


def test_every_kind_has_a_base_action_here() -> None:
    assert sorted(BASE) == sorted(RESOLVERS)


@pytest.mark.parametrize(("kind", "role"), unit_roles())
def test_design_8_an_off_board_unit_in_any_role_gives_an_illegal_answer_with_every_declared_key(
    kind: str, role: str
) -> None:
    off = STAND_IN.get(role, "s9")
    value: Any = [off] if domain_of(kind, role).check is UNITS.check else off
    answer = resolve(situation(), {"kind": kind, **BASE[kind], role: value}).to_json()
    path = f"action.{role}[0]" if isinstance(value, list) else f"action.{role}"
    assert answer["legal"] is False
    assert answer["reasons"] == [f"{path}: {off} is not on the map (off the boards, in the order of battle): place it "
                                 "on a hex first"]
    assert {key: answer.get(key, "absent") for key in RESOLVERS[kind].answers} == {
        key: nothing(key, kind) for key in RESOLVERS[kind].answers}
    json.dumps(answer, allow_nan=False)


@pytest.mark.parametrize(("kind", "gun_key"), [("fire", "firer"), ("change_ca", "unit"), ("limber", "gun"),
                                               ("push", "gun"), ("hook_up", "gun")])
def test_design_8_a_gun_whose_crew_is_off_the_map_gives_every_declared_key(kind: str, gun_key: str) -> None:
    """The crew is no action key here: the Gun's ``crew`` names it (C3.22: the Gun acts through it)."""
    scenario = situation()
    scenario.units["g1"] = scenario.units["g1"]._replace(crew="c9")
    answer = resolve(scenario, {"kind": kind, **BASE[kind], gun_key: "g1"}).to_json()
    assert answer["legal"] is False and any("c9 is not on the map" in r for r in answer["reasons"])
    assert all(key in answer for key in RESOLVERS[kind].answers)


@pytest.mark.parametrize("kind", sorted(RESOLVERS))
def test_every_sample_answer_carries_its_kinds_declared_keys(kind: str) -> None:
    for answer in answers_by_kind()[kind]:
        found = answer.to_json()
        assert [key for key in RESOLVERS[kind].answers if key not in found] == []


@pytest.mark.parametrize(("action", "role", "off"), [
    ('{"kind": "fire", "firer": "g1", "target": "t9", "target_type": "vehicle"}', "target", "t9"),
    ('{"kind": "fire", "firer": "g9", "target": "t1", "target_type": "vehicle"}', "firer", "g9"),
    ('{"kind": "ca_hexes", "unit": "g9", "range": 3}', "unit", "g9"),
])
def test_design_4_the_contract_checkers_off_board_cases_through_the_cli(
    tmp_path: Path, action: str, role: str, off: str
) -> None:
    """The checker's finding: these answers left out ``range``, ``basic_th`` ... and ``hexes``."""
    scenario_file = tmp_path / "s.json"
    scenario_file.write_text(json.dumps({"format": "aslgui-scenario", "version": 1, "boards": BOARD,
                                         "phase": "PFPh", "player": "russian", "units": [*ON_MAP, *OFF_MAP]}),
                             encoding="utf-8")
    done = run("resolve", str(scenario_file), "-", stdin=action)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    kind = answer["kind"]
    assert answer["legal"] is False and f"action.{role}: {off} is not on the map" in answer["reasons"][0]
    assert {key: answer[key] for key in PROMISED[kind].split()} == {key: nothing(key) for key in PROMISED[kind].split()}


@pytest.mark.parametrize(("action", "path", "words"), [
    ({"kind": "hex_info", "hex": "4HH3"}, "action.hex", "not on the map"),
    ({"kind": "hex_info", "hex": "4A0"}, "action.hex", "not on board 4"),
    ({"kind": "los", "from": "4E5", "to": "4E11"}, "action.to", "not on board 4"),
    ({"kind": "los", "from": "5E5", "to": "4E1"}, "action.from", "not on the map"),
])
def test_design_9_a_hex_not_on_the_map_is_an_error_naming_the_key(
    tmp_path: Path, action: dict[str, Any], path: str, words: str
) -> None:
    """A hex name no board has is outside its key's domain (docs/contract.md: exit 2 with the path),
    unlike a unit off the map, which exists and is answered as illegal."""
    scenario_file = tmp_path / "s.json"
    scenario_file.write_text(json.dumps({"format": "aslgui-scenario", "version": 1, "boards": BOARD, "units": []}),
                             encoding="utf-8")
    done = run("resolve", str(scenario_file), "-", stdin=json.dumps(action))
    assert (done.returncode, done.stdout) == (2, "")
    error = json.loads(done.stderr)
    assert error["path"] == path and words in error["error"]


def test_declared_keys_and_notes_leave_the_odds_uncounted_until_read() -> None:
    """A drag asks ``resolve`` about every hex for legality only: filling declared keys must not
    count the 216 rolls (``WithOdds``), nor adding notes, as ``aslgui resolve`` adds its board notes."""
    answer = with_board_notes(situation(), resolve(situation(), {"kind": "fire", **BASE["fire"]}))
    assert answer.values["notes"][-1].startswith("board 4: no VASL archive found")
    assert isinstance(answer.values, WithOdds) and "odds counted: False" in repr(answer.values)
    assert answer.values["odds"] is not None and "odds counted: True" in repr(answer.values)


def test_an_answer_with_odds_reads_as_dict_of_its_mapping_key_by_key() -> None:
    """``to_json`` reads ``WithOdds.counted`` (one dict, issue 40): the same keys in the same order and
    the same values as the Mapping read key by key, the odds counted or null, and a value named
    ``odds`` among the resolver's taking its place as iterating gives it; ``get`` is Mapping's."""
    for values, odds in (({"a": 1, "notes": []}, Odds({"hit": 108})), ({"a": 1, "odds": "x", "b": 2}, Odds({"hit": 3})),
                         ({}, None)):
        fast, slow = WithOdds(values, lambda odds=odds: odds), WithOdds(values, lambda odds=odds: odds)
        assert list(fast.counted().items()) == [(key, slow[key]) for key in dict.fromkeys(slow)]
        # its own ``get`` (no KeyError raised and caught) answers as Mapping's would, odds counted
        for key in (*values, "odds", "odds_216", "hexes"):
            assert fast.get(key, "absent") == Mapping.get(slow, key, "absent")
    answer = resolve(situation(), {"kind": "fire", **BASE["fire"]})
    values = answer.values
    assert isinstance(values, WithOdds)
    assert list(answer.to_json().items())[-len(values):] == [(key, values[key]) for key in values]
