"""The rulebook example situations of resources/examples, checked against every number their EX
text states, with the variants the EX text walks through (C3.331, C3.332, C3.6, C3.71)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from aslgui.model import Scenario, scenario_from_json
from aslgui.resource_files import resource_path
from aslgui.rules import resolve


def situation(name: str, change: Any = None) -> tuple[Scenario, dict[str, Any]]:
    """An example file as a scenario (``change`` edits its JSON first) and its prepared action."""
    data = json.loads(resource_path("examples", f"{name}.json").read_text(encoding="utf-8"))
    if change is not None:
        change(data)
    return scenario_from_json(data), dict(data["prepared_action"])


def unit(data: dict[str, Any], unit_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(u for u in data["units"] if u["id"] == unit_id)
    return found


def effects(scenario: Scenario, action: dict[str, Any], colored: int = 2, white: int = 5) -> list[tuple[str, int]]:
    answer = resolve(scenario, {**action, "dice": {"colored": colored, "white": white}, "effects_dr": 7}).to_json()
    assert answer["legal"] and answer["outcome"]["hit"], answer["reasons"]
    # a unit named on the Area Target Type is answered in its hex's targets (C3.33)
    entries = {entry["id"]: entry for entry in answer["outcome"].get("targets", [])}
    own = entries.get(action.get("target", ""), answer["outcome"])
    return [(line["case"], line["value"]) for line in own["effects_drm"]]


# -- C3.332 EX ------------------------------------------------------------------------------------
def test_c3_332_ex_hd_tank_behind_the_wall_gets_no_wall_tem() -> None:
    """6 FP column, -1 (all AF <= 4, C1.55); the wall gave the HD status, so no TEM (D4.2)."""
    scenario, action = situation("c3_332_area_vs_vehicle")
    answer = resolve(scenario, action).to_json()
    assert (answer["fp"], answer["ift_column"]) == (6, 6)
    assert effects(scenario, action) == [("AF", -1)]


def _hedge(data: dict[str, Any]) -> None:
    data["hexsides"] = {"4E5/4E6": "hedge"}
    unit(data, "t1")["hd"] = False


def _truck(data: dict[str, Any]) -> None:
    unit(data, "t1").update(name="Opel Blitz", afv=False, ct=False, turret=None, tca=None, ma=None)


@pytest.mark.parametrize(("change", "net"), [
    (_hedge, 0),  # -1 (AF <= 4) + 1 (hedge TEM): the tank is not HD behind a hedge
    (_truck, 0),  # a truck HD behind the wall: Vehicle Line, no TEM
    (lambda d: (_truck(d), _hedge(d)), 1),  # a truck behind the hedge: +1 hedge TEM
])
def test_c3_332_ex_variants_net_effects_drm(change: Any, net: int) -> None:
    scenario, action = situation("c3_332_area_vs_vehicle", change)
    assert sum(value for _, value in effects(scenario, action)) == net


# -- C3.331 EX ------------------------------------------------------------------------------------
def test_c3_331_ex_woods_hex_air_burst_and_no_tem_on_the_th_dr() -> None:
    scenario, action = situation("c3_331_area_target")
    answer = resolve(scenario, action).to_json()
    assert answer["drm"] == [] and answer["rof_consumed"] is False
    assert effects(scenario, action, 2, 3) == [("TEM", -1)]  # Air Burst (B13.3), no Crest TEM


def test_c3_331_ex_building_hex_grain_hinders_the_ground_level_squad() -> None:
    """The second shot: Case R for the grainfield on the TH DR (C3.331: other TH DRM apply), the
    building TEM on the Effects DR, and the OT AFV in the hex attacked at -1 (C1.55)."""
    scenario, action = situation("c3_331_area_target")
    squad = resolve(scenario, {**action, "target": "r4"}).to_json()
    assert squad == resolve(scenario, {**action, "target": "ot"}).to_json()  # both the hex's shot (C3.33)
    assert {entry["id"]: entry["total_drm"] for entry in squad["targets"]}["r4"] == 1  # Case R, B15
    assert squad["ift_column"] == 2
    assert effects(scenario, {**action, "target": "r4"}, 2, 3) == [("TEM", 3)]
    assert effects(scenario, {**action, "target": "ot"}, 2, 3) == [("OT", -1)]


# -- C3.6 EX (issue 17 item 10) -------------------------------------------------------------------
def test_c3_6_ex_the_two_drm_are_the_wooden_building_tem() -> None:
    scenario, action = situation("c3_6_improbable_hit")
    answer = resolve(scenario, action).to_json()
    assert [(line["case"], line["value"]) for line in answer["drm"]] == [("Q", 2)]
    assert (answer["range"], answer["modified_th"], answer["final_th_needed"], answer["improbable"]) == (37, 3, 1, True)
    assert answer["odds_216"]["hit"] == 3  # an Original 2, then a dr of 1-3 (C3.6)


# -- C3.71 EX and A4.6 ----------------------------------------------------------------------------
def test_c3_71_ex_ffnam_and_air_burst_are_computed_not_typed() -> None:
    scenario, action = situation("c3_71_critical_hit_ift")
    answer = resolve(scenario, {**action, "dice": {"colored": 1, "white": 1}, "effects_dr": 7}).to_json()
    outcome = answer["outcome"]
    assert outcome["critical"] is True and (outcome["fp"], outcome["ift_column"]) == (12, 12)
    assert [(line["case"], line["value"], line["rule"]) for line in outcome["effects_drm"]] == [
        ("TEM", -1, "B13.3"), ("FFNAM", -1, "A4.6")]
    assert outcome["effects_total_drm"] == -2 and outcome["result"] == "2MC"


@pytest.mark.parametrize(("change", "lines"), [
    (lambda d: unit(d, "r1").update(assault_movement=True), [("TEM", -1)]),  # Assault Movement: no FFNAM
    (lambda d: d.update(terrain={}), [("FFNAM", -1), ("FFMO", -1)]),  # moving in Open Ground
    (lambda d: d.update(terrain={"4E4": "grain"}), [("FFNAM", -1)]),  # Open Ground, but the LOS is hindered
    (lambda d: unit(d, "r1").update(moved=False), [("TEM", -1)]),  # not moving
])
def test_a4_6_first_fire_vs_moving_infantry(change: Any, lines: list[tuple[str, int]]) -> None:
    """FFNAM unless by Assault Movement; FFMO only in Open Ground and with no Hindrance on the LOS."""
    scenario, action = situation("c3_71_critical_hit_ift", change)
    assert effects(scenario, action, 2, 3) == lines


def test_a4_6_no_first_fire_drm_outside_the_movers_mph() -> None:
    scenario, action = situation("c3_71_critical_hit_ift", lambda d: d.update(phase="PFPh", player="german"))
    assert effects(scenario, action, 2, 3) == [("TEM", -1)]
