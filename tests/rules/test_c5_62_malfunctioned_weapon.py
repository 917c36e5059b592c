"""A malfunctioned weapon fires no more until repaired (A.11, which C5.62 cites): a Gun or a
vehicle's MA marked ``malfunctioned`` (by a malfunction in play, or VASL's Malf marker), or an MA
stated not functioning, may neither fire nor make Reaction Fire."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from aslgui.rules.apply import unit_changes
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit


def _reasons(answer: dict[str, Any]) -> list[str]:
    return [r for r in answer["reasons"] if "(A.11" in r]


@pytest.mark.parametrize("marked", [True, False])
def test_c5_62_a_gun_marked_malfunctioned_may_not_fire(marked: bool) -> None:
    situation = scenario(russian_gun("4E5", malfunctioned=marked), german_tank("t", "4E8"))
    answer = fire(situation, firer="g", target="t", target_type="vehicle")
    assert answer["legal"] is not marked
    assert _reasons(answer) == (["g's Gun is malfunctioned: it fires no more until repaired (A.11, C5.62)"]
                                if marked else [])


@pytest.mark.parametrize(("keys", "words"), [
    ({"malfunctioned": True}, "t's MA is malfunctioned"),
    ({"ma": {"caliber": 50, "barrel": "L", "functioning": False}}, "t's MA is not functioning"),
])
def test_c5_62_a_vehicle_whose_ma_is_malfunctioned_or_not_functioning_may_not_fire(
        keys: dict[str, Any], words: str) -> None:
    situation = scenario(german_tank("t", "4E8", **keys), unit("s", "squad", "4E5", side="russian"),
                         phase="PFPh", player="german")
    answer = fire(situation, firer="t", target="s", target_type="infantry")
    assert answer["legal"] is False and [r.split(":")[0].split(" (")[0] for r in _reasons(answer)] == [words]


def test_c5_62_a_malfunction_in_play_marks_the_gun_and_its_next_shot_is_refused() -> None:
    """The Original 12 at B# 12 malfunctions the Gun (C3 B#); committed, the marker stops its
    next shot, Intensive Fire included (C5.6 adds a shot, not a repair)."""
    situation = scenario(russian_gun("4E5", breakdown=12), german_tank("t", "4E8"))
    shot = {"kind": "fire", "firer": "g", "target": "t", "target_type": "vehicle"}
    rolled = resolve(situation, {**shot, "dice": {"colored": 6, "white": 6}})
    assert rolled.legal and (rolled.outcome or {})["malfunction"] is True
    for changed in unit_changes(situation, {**shot, "dice": {"colored": 6, "white": 6}}, rolled):
        situation.units[changed.id] = changed
    assert situation.units["g"].extra["malfunctioned"] is True
    again = resolve(situation, {**shot, "intensive": True})
    assert again.legal is False and any("malfunctioned" in r for r in again.reasons)


def test_c5_62_a_malfunctioned_gun_makes_no_reaction_fire() -> None:
    """D7.22: Non-CC Reaction Fire within its present capabilities; a malfunctioned Gun has none."""
    situation = scenario(russian_gun("4E5", malfunctioned=True), german_tank("t", "4E5", ma={"caliber": 50}),
                         phase="MPh", player="german")
    answer = resolve(situation, {"kind": "reaction_fire", "unit": "c", "vehicle": "t", "type": "non_cc",
                                 "weapon": "gun"}).to_json()
    assert answer["legal"] is False and _reasons(answer)
