"""DESIGN.md 12, issue 29: every hex of an odds map is the ``fire`` answer for a target placed in
that hex (exactly the hexes where that ``fire`` is legal, its ``final_th_needed``, ``odds.hit``
and ``odds.critical``), for one unit and for the enemy's threat; checked on random hexes of the
plain boards and, when ../shared/vasl/boards is there, of the real ones."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import odds_hex, resolve
from aslgui.rules.odds_map import FirerOdds, threat_firers
from aslgui.rules.odds_target import TARGET_ID, enemy_side, target_unit
from aslgui.rules.to_hit import aimed_numbers, th_numbers
from aslgui.rules.to_hit.legality import aim_reasons, firer_reasons, reasons
from aslgui.rules.to_hit.shot import aimed, sighted
from aslgui.vasl.library import BOARDS_ENV
from tests.vasl.shared_data import BOARDS

GERMAN = {"side": "german", "nationality": "german"}
RUSSIAN = {"side": "russian", "nationality": "russian"}
UNITS: list[dict[str, Any]] = [
    {"id": "pak", **GERMAN, "kind": "gun", "name": "75L AT", "hex": "4E5", "ca": "S/SW", "crew": "c1"},
    {"id": "c1", **GERMAN, "kind": "crew", "name": "2-2-8", "hex": "4E5"},
    {"id": "psw", **GERMAN, "kind": "vehicle", "name": "PSW 234/2", "hex": "4H3", "vca": "SE/S", "tca": "S/SW",
     "turret": "T", "motion": True, "stopped": False, "moved": True},
    {"id": "t34", **RUSSIAN, "kind": "vehicle", "name": "T-34 M41", "hex": "4C8", "vca": "N/NE", "tca": "NE/SE",
     "turret": "T", "bu": True},
    {"id": "at", **RUSSIAN, "kind": "gun", "name": "45L AT", "hex": "4I8", "ca": "NW/N", "crew": "c2"},
    {"id": "c2", **RUSSIAN, "kind": "crew", "name": "2-2-8", "hex": "4I8", "pinned": True},
    {"id": "s1", **RUSSIAN, "kind": "squad", "name": "4-4-7", "hex": "4F7"},
    {"id": "truck", **GERMAN, "kind": "vehicle", "name": "a truck", "hex": "4G6", "vca": "N/NE", "afv": False},
]
TERRAIN = {"4E6": "woods", "4F6": "woods", "4G4": "stone building", "4D7": "brush", "4F8": "orchard",
           "4C6": "shellhole", "5E5": "wooden building", "5D3": "grain"}
FIRERS = ("pak", "psw", "t34", "at")
TARGETS: tuple[dict[str, Any], ...] = ({}, {"size": -1, "bu": True}, {"size": 2, "hd": True}, {"afv": False})


def situation(boards: list[str], real: bool) -> Scenario:
    return scenario_from_json({
        "format": "aslgui-scenario", "version": 1, "phase": "PFPh", "turn": 1, "player": "german",
        "boards": [{"id": board, "col": i, "row": 0} for i, board in enumerate(boards)],
        "terrain": {} if real else TERRAIN, "units": UNITS,
    })


@pytest.fixture
def real_boards() -> Iterator[None]:
    """The real boards for one test (the other tests' boards stay plain)."""
    if BOARDS is None:
        pytest.skip("../shared/vasl/boards (real VASL boards, test data only) is not beside this repository")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(BOARDS_ENV, str(BOARDS))
        yield


def fire_at(scenario: Scenario, firer: str, target_type: str, keys: dict[str, Any], phase: str,
            hex_name: str) -> dict[str, Any]:
    """What ``fire`` answers with the odds map's target placed in ``hex_name``."""
    unit = scenario.units[firer]
    target = target_unit(scenario, enemy_side(scenario, unit.side), target_type, keys)
    return odds_hex.fire_at(scenario, unit, target, target_type, phase, scenario.grid.parse(hex_name)).to_json()


def check_unit_map(scenario: Scenario, data: st.DataObject) -> None:
    firer = data.draw(st.sampled_from(FIRERS))
    target_type = data.draw(st.sampled_from(("vehicle", "infantry")))
    keys = data.draw(st.sampled_from(TARGETS))
    phase = data.draw(st.sampled_from(("PFPh", "MPh", "DFPh", "AFPh")))
    answer = resolve(scenario, {"kind": "odds_map", "unit": firer, "target_type": target_type, "target": keys,
                                "phase": phase}).to_json()
    names = [scenario.grid.name(h) for h in scenario.grid.all_hexes]
    for name in data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=12)):
        fire = fire_at(scenario, firer, target_type, keys, phase, name)
        expected = ({"final_th_needed": fire["final_th_needed"], "hit": fire["odds"]["hit"],
                     "critical": fire["odds"]["critical"]} if fire["legal"] else None)
        assert answer["hexes"].get(name) == expected, (firer, target_type, keys, phase, name, fire["reasons"])


def check_threat_map(scenario: Scenario, data: st.DataObject) -> None:
    side = data.draw(st.sampled_from(("german", "russian")))
    target_type = data.draw(st.sampled_from(("vehicle", "infantry")))
    phase = data.draw(st.sampled_from(("PFPh", "DFPh")))
    answer = resolve(scenario, {"kind": "odds_map", "threat_to_side": side, "target_type": target_type,
                                "phase": phase}).to_json()
    names = [scenario.grid.name(h) for h in scenario.grid.all_hexes]
    for name in data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=6)):
        shots = []
        for firer in threat_firers(scenario, side):
            try:
                fire = fire_at(scenario, firer.id, target_type, {}, phase, name)
            except AslError:  # fires no ordnance: the truck
                continue
            if fire["legal"]:
                shots.append((fire["odds"]["hit"], fire["odds"]["critical"], firer.id, fire["final_th_needed"]))
        got = answer["hexes"].get(name)
        if not shots:
            assert got is None, name
            continue
        top = max(shots, key=lambda shot: shot[:2])
        assert got is not None and (got["hit"], got["critical"]) == top[:2], (name, shots, got)
        chosen = next(shot for shot in shots if shot[2] == got["firer"])
        assert chosen[:2] == top[:2] and got["final_th_needed"] == chosen[3]


PLAIN = situation(["4", "5"], real=False)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_design_12_each_hex_of_a_units_map_is_the_fire_answer_on_plain_boards(data: st.DataObject) -> None:
    check_unit_map(PLAIN, data)


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_design_12_each_hex_of_the_threat_is_the_best_fire_answer_on_plain_boards(data: st.DataObject) -> None:
    check_threat_map(PLAIN, data)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_design_12_each_hex_of_a_units_map_is_the_fire_answer_on_real_boards(real_boards: None,
                                                                          data: st.DataObject) -> None:
    check_unit_map(situation(["4", "3"], real=True), data)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_design_12_each_hex_of_the_threat_is_the_best_fire_answer_on_real_boards(real_boards: None,
                                                                              data: st.DataObject) -> None:
    check_threat_map(situation(["4", "3"], real=True), data)


def test_design_12_the_example_shot_is_on_the_map() -> None:
    """C3.32 EX: the 57LL AT at a squad in 4E8, 6 hexes away: TH# 7, 58%."""
    from aslgui.model import load_scenario
    from aslgui.resource_files import resource_path

    scenario = load_scenario(resource_path("examples", "c3_32_infantry_target.json"))
    answer = resolve(scenario, {"kind": "odds_map", "unit": "g1", "target_type": "infantry"})
    assert answer.values["hexes"]["4E8"] == {"final_th_needed": 7, "hit": 0.5833, "critical": 0.0278}


@pytest.mark.parametrize(("action", "path"), [
    ({"unit": "pak", "target_type": "area"}, "action.target_type"),
    ({"unit": "pak", "target_type": "vehicle", "target": {"size": 9}}, "action.target.size"),
    ({"unit": "pak", "target_type": "vehicle", "target": {"sise": 1}}, "action.target.sise"),
    ({"unit": "pak", "target_type": "vehicle", "target": [1]}, "action.target"),
    ({"unit": "pak", "target_type": "vehicle", "target": {"hex": "4A1"}}, "action.target.hex"),
    ({"unit": "pak", "target_type": "vehicle", "target": {"kind": "tank"}}, "action.target.kind"),
    ({"threat_to_side": "", "target_type": "vehicle"}, "action.threat_to_side"),
    ({"threat_to_side": 3, "target_type": "vehicle"}, "action.threat_to_side"),
    ({"threat_to_side": "german", "unit": "pak", "target_type": "vehicle"}, "action.threat_to_side"),
    ({"target_type": "vehicle"}, "action.unit"),
    ({"unit": "pak"}, "action.target_type"),
])
def test_design_9_a_bad_odds_map_question_is_an_error_naming_its_key(action: dict[str, Any], path: str) -> None:
    with pytest.raises(AslError) as error:
        resolve(PLAIN, {"kind": "odds_map", **action})
    assert error.value.path == path


@pytest.mark.parametrize("key", ["id", "hex", "side"])
def test_design_9_a_target_key_the_map_sets_itself_is_refused_saying_so(key: str) -> None:
    with pytest.raises(AslError) as error:
        resolve(PLAIN, {"kind": "odds_map", "unit": "pak", "target_type": "vehicle", "target": {key: "x"}})
    assert error.value.path == f"action.target.{key}" and "the map places its target" in error.value.message


def test_c3_a_unit_that_fires_no_ordnance_has_no_map_and_says_why() -> None:
    answer = resolve(PLAIN, {"kind": "odds_map", "unit": "s1", "target_type": "infantry"}).to_json()
    assert answer["legal"] is False and answer["hexes"] == {} and "(C3)" in answer["reasons"][0]


def test_design_12_the_placed_target_is_never_a_unit_of_the_file() -> None:
    assert TARGET_ID not in PLAIN.units and os.sep not in TARGET_ID


@pytest.mark.parametrize("phase", ["PFPh", "MPh", "DFPh", "AFPh"])
@pytest.mark.parametrize("target_type", ["vehicle", "infantry"])
@pytest.mark.parametrize("firer", FIRERS)
def test_design_12_what_a_map_asks_once_per_firer_is_the_same_at_every_hex(firer: str, target_type: str,
                                                                             phase: str) -> None:
    """``FirerOdds`` asks the checks of ``AIM_FREE`` and totals the DRM of ``firer_drm`` once per
    firer: at every hex, whether those checks forbid the shot is as at the first, with the checks
    that read the hex they are every reason ``fire`` gives, and the TH# numbers are ``fire``'s."""
    odds = FirerOdds(PLAIN, PLAIN.units[firer], target_unit(PLAIN, enemy_side(PLAIN, PLAIN.units[firer].side),
                                                             target_type, {"size": 2}), target_type, phase)
    barred = bool(firer_reasons(odds.shot))
    for h in PLAIN.grid.all_hexes:
        here = sighted(aimed(odds.shot, odds.action, odds.target._replace(hex=h), h), odds.los)
        assert bool(firer_reasons(here)) == barred, PLAIN.grid.name(h)
        assert set(reasons(here)) == {*firer_reasons(here), *aim_reasons(here)}
        assert aimed_numbers(here, odds.colour, odds.firer_drm) == th_numbers(here, odds.colour).numbers
