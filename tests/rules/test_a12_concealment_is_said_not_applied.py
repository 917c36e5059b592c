"""A12 (concealment, HIP) is not in the rules folder: a shot by or at a concealed or HIP unit, and a
concealed unit's move, say that what concealment does is not applied, rather than answering as if
it were not there; a shot and a move of units in plain view say nothing of it."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario, load_scenario
from aslgui.resource_files import resource_path
from aslgui.rules import resolve
from tests.rules.move_boards import board


def demo(**units: dict[str, Any]) -> Scenario:
    """The demo (57LL AT g1 and the PzKpfw IIIG t1) with unit keys changed."""
    scenario = load_scenario(resource_path("scenarios", "demo.json"))
    for unit_id, keys in units.items():
        unit = scenario.units[unit_id]
        concealed = keys.pop("concealed", unit.concealed)
        scenario.units[unit_id] = unit._replace(concealed=concealed, extra={**unit.extra, **keys})
    return scenario


def a12_notes(answer: Any) -> list[str]:
    return [note for note in answer.values.get("notes", ()) if note.endswith("(A12)")]


@pytest.mark.parametrize(("units", "said"), [
    ({"t1": {"concealed": True}}, "t1 (concealed)"),
    ({"g1": {"hip": True}}, "g1 (HIP)"),
    ({"g1": {"concealed": True}, "t1": {"hip": True}}, "g1 (concealed) and t1 (HIP)"),
    ({"c1": {"concealed": True}}, "c1 (concealed)"),  # the Gun's crew
])
def test_a12_a_shot_by_or_at_a_hidden_unit_says_concealment_is_not_applied(
        units: dict[str, dict[str, Any]], said: str) -> None:
    answer = resolve(demo(**units), {"kind": "fire", "firer": "g1", "target": "t1"})
    assert a12_notes(answer) == [f"{said}: what concealment or HIP does to this shot, and its loss by firing, are "
                                 "not applied here: concealment is not in the rules folder (A12)"]
    assert answer.values["final_th_needed"] == resolve(demo(), {"kind": "fire", "firer": "g1",
                                                               "target": "t1"}).values["final_th_needed"]


def test_a12_a_shot_at_a_hex_names_each_hidden_unit_it_may_hit() -> None:
    """An Area Target Type shot at 4C9 may hit each unit there (C3.33): a concealed one among them
    is named though it is not the shot's ``target``."""
    scenario = demo(s2={"concealed": True})
    hex_name = scenario.grid.name(scenario.units["s2"].hex)
    answer = resolve(scenario, {"kind": "fire", "firer": "g1", "target_hex": hex_name, "target_type": "area"})
    assert [note.split(":")[0] for note in a12_notes(answer)] == ["s2 (concealed)"]
    assert a12_notes(resolve(demo(), {"kind": "fire", "firer": "g1", "target_hex": hex_name,
                                      "target_type": "area"})) == []


def test_a12_a_shot_in_plain_view_says_nothing_of_concealment() -> None:
    assert a12_notes(resolve(demo(), {"kind": "fire", "firer": "g1", "target": "t1"})) == []


@pytest.mark.parametrize(("keys", "word"), [({"concealed": True}, "concealed"), ({"hip": True}, "HIP"),
                                            ({}, None)])
def test_a12_a_hidden_unit_s_move_says_its_loss_is_not_applied(keys: dict[str, Any], word: str | None) -> None:
    answer = resolve(board({"s1": keys}), {"kind": "move", "unit": "s1", "path": ["4C5"]})
    assert answer.legal, answer.reasons
    expected = [f"s1 is {word}: its loss by moving in view of the enemy is not applied here: concealment is not "
                "in the rules folder (A12)"] if word else []
    assert a12_notes(answer) == expected
