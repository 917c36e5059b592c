"""DESIGN.md 11 with 12: a unit's own ``unverified`` notes (a VASL import's guesses) are repeated
in every answer naming it, the threat form of ``odds_map`` too, whose firers the answer names."""

from __future__ import annotations

from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.to_hit_scenarios import german_tank, russian_gun, scenario

GUESS = "printed values: its counter (ru/gun/x) is not in the VASL module"


def _situation() -> Scenario:
    return scenario(russian_gun(unverified=[GUESS]), german_tank(), player="russian")


def test_d11_the_threat_repeats_the_notes_of_the_firers_it_names() -> None:
    answer = resolve(_situation(), {"kind": "odds_map", "threat_to_side": "german", "target_type": "vehicle"})
    firers = {entry["firer"] for entry in answer.values["hexes"].values()}
    assert firers == {"g"} and f"g: {GUESS}" in answer.values["unverified"]


def test_d11_a_units_map_and_its_shot_repeat_its_notes() -> None:
    for action in ({"kind": "odds_map", "unit": "g", "target_type": "vehicle"},
                   {"kind": "fire", "firer": "g", "target": "t"}):
        assert f"g: {GUESS}" in resolve(_situation(), action).values["unverified"]


def test_d11_a_threat_by_firers_without_notes_adds_none() -> None:
    answer = resolve(scenario(russian_gun(), german_tank(), player="russian"),
                     {"kind": "odds_map", "threat_to_side": "german", "target_type": "vehicle"})
    assert answer.values["hexes"] and not answer.values.get("unverified")
