"""Acquisition (TH Case N) carried from shot to shot by committed shots (C3 EX; C5.71): the firer's
``acquired`` names its target and the level its next shot there takes, when a shot gives none."""

from __future__ import annotations

from typing import Any

from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.apply import end_player_turn, unit_changes
from tests.rules.fixtures.to_hit_scenarios import german_tank, scenario, unit

SHOT = {"kind": "fire", "firer": "t", "target": "s", "target_type": "infantry", "dice": {"colored": 5, "white": 6}}


def c3_ex() -> Scenario:
    """The C3 EX: a CE tank Prep Fires through its TCA at Infantry in a wooden building two hexes away."""
    return scenario(german_tank(hex_name="4E5", vca="S/SW", tca="S/SW"), unit("s", "squad", "4E7", side="russian"),
                    unit("s2", "squad", "4F7", side="russian"), terrain={"4E7": "wooden building"}, player="german")


def committed(situation: Scenario, action: dict[str, Any]) -> dict[str, Any]:
    answer = resolve(situation, action)
    assert answer.legal, answer.reasons
    for changed in unit_changes(situation, action, answer):
        situation.units[changed.id] = changed
    return answer.to_json()


def next_turn(situation: Scenario) -> None:
    """Its next Player Turn: the fire counters come off (A3.8), Acquisition stays."""
    for changed in end_player_turn(situation):
        situation.units[changed.id] = changed


def test_c3_ex_the_same_attack_repeated_gains_minus_1_then_minus_2_and_no_more() -> None:
    situation = c3_ex()
    seen = []
    for _ in range(4):
        answer = committed(situation, SHOT)
        seen.append((answer["total_drm"], answer["critical_max_dr"], situation.units["t"].extra["acquired"]))
        next_turn(situation)
    assert seen == [(1, 2, {"s": 1}), (0, 3, {"s": 2}), (-1, 4, {"s": 2}), (-1, 4, {"s": 2})]


def test_c6_the_reading_is_said_and_a_given_acquisition_wins() -> None:
    situation = c3_ex()
    committed(situation, SHOT)
    next_turn(situation)
    read = resolve(situation, SHOT).to_json()
    assert [line["case"] for line in read["drm"]].count("N") == 1
    assert any(note.startswith("read: Acquisition 1 on s, gained by t's earlier shots at it (acquired)") and
               note.endswith("(C3, C6)") for note in read["notes"])
    given = resolve(situation, {**SHOT, "acquisition": 0}).to_json()
    assert "N" not in [line["case"] for line in given["drm"]] and not any("acquired" in n for n in given["notes"])


def test_c6_firing_at_another_target_acquires_it_instead() -> None:
    situation = c3_ex()
    committed(situation, SHOT)
    next_turn(situation)
    committed(situation, {**SHOT, "target": "s2"})
    assert situation.units["t"].extra["acquired"] == {"s2": 1}
    next_turn(situation)
    assert "N" not in [line.case for line in resolve(situation, SHOT).drm]


def test_c6_acquisition_is_lost_when_the_target_or_the_firer_moves() -> None:
    for mover, path in (("s", ["4E8"]), ("t", ["4E4"])):
        situation = c3_ex()
        committed(situation, SHOT)
        next_turn(situation)
        if mover == "s":
            situation.player = "russian"
            situation.phase = "MPh"
        else:
            situation.phase = "MPh"
        committed(situation, {"kind": "move", "unit": mover, "path": path})
        assert "acquired" not in situation.units["t"].extra, mover


def test_c3_33_an_area_shot_acquires_its_hex() -> None:
    situation = c3_ex()
    committed(situation, {**SHOT, "target_type": "area", "ammo": "HE"})
    assert situation.units["t"].extra["acquired"] == {"4E7": 1}


def test_c5_71_deliberate_immobilization_gains_acquisition_without_using_it() -> None:
    situation = scenario(german_tank(hex_name="4E5", vca="S/SW", tca="S/SW"),
                         german_tank(unit_id="v", hex_name="4E7", side="russian", name="T-34 M43", vca="N/NE"),
                         player="german")
    shot = {"kind": "fire", "firer": "t", "target": "v", "deliberate_immobilization": True,
            "dice": {"colored": 5, "white": 6}}
    committed(situation, shot)
    next_turn(situation)
    assert situation.units["t"].extra["acquired"] == {"v": 1}
    di = resolve(situation, shot).to_json()
    assert "N" not in [line["case"] for line in di["drm"]] and not any("acquired" in n for n in di["notes"])
    assert [line.value for line in resolve(situation, {**shot, "deliberate_immobilization": None}).drm
            if line.case == "N"] == [-1]
