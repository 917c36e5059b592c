"""C3.32 with C3.4 and C3.74: the Infantry Target Type hits every in-LOS enemy unit in the target
Location but an AFV (immune to it), never a friendly unit, and all units hit take one attack with one
Effects DR; ``targets`` lists each as on the Area Target Type. Under a CH that several of them would
take, its special provisions (doubled full FP, positive TEM reversed; C3.71) go to the one Random
Selection picks, the others taking a normal hit; a vehicle always takes it (C3.74 EXC). A lone enemy
unit keeps the plain keys."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit

CH = {"colored": 1, "white": 1}
HIT = {"colored": 2, "white": 3}
BUILDING = {"4E8": "wooden building"}
TRUCK = unit("tr", "vehicle", "4E8", vca="NW/N", afv=False)
SAME = "hit: attacked as every enemy unit hit in the Location is, same FP, one Effects DR (C3.32)"


def _shot(*units: dict[str, Any], dice: dict[str, int] = CH, **keys: Any) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), *units, terrain=BUILDING)
    where = keys if "target" in keys else {"target_hex": "4E8", **keys}
    return fire(situation, firer="g", ammo="HE", dice=dice, dr=1, effects_dr=5, **where)


def _entries(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entry in answer["outcome"]["targets"]}


def _tem(entry: dict[str, Any]) -> list[int]:
    return [line["value"] for line in entry["effects_drm"] if line["case"] == "TEM"]


@pytest.mark.parametrize("named", [{}, {"target": "s1"}, {"target": "s2"}, {"target_type": "infantry"}])
def test_c3_74_a_ch_on_the_infantry_target_type_at_two_squads_goes_to_random_selection(named: dict[str, str]
                                                                                         ) -> None:
    answer = _shot(unit("s1", "squad", "4E8"), unit("s2", "squad", "4E8"), **named)
    assert answer["legal"] is True and answer["target_type"] == "infantry"
    assert [entry["id"] for entry in answer["targets"]] == ["s1", "s2"]
    outcome = answer["outcome"]
    assert (outcome["critical"], outcome["fp"], outcome["ift_column"]) == (True, None, None)
    assert "result" not in outcome and "effects_drm" not in outcome  # no one attack is every unit's
    for entry in _entries(answer).values():
        assert (entry["hit"], entry["critical"], entry["fp"], entry["result"]) == (True, None, None, None)
        selected, normal = entry["if_selected"], entry["if_not_selected"]
        assert (selected["critical"], selected["fp"], _tem(selected)) == (True, 24, [-2])  # C3.71
        assert (normal["critical"], normal["fp"], _tem(normal)) == (False, 12, [2])
        assert (selected["result"], normal["result"]) == ("2KIA", "1MC")  # one Effects DR 5 (C3.32)
    assert outcome["notes"][-1].startswith("Random Selection picks which of s1, s2 the CH strikes")


def test_c3_32_without_a_ch_every_enemy_unit_hit_takes_the_same_attack() -> None:
    answer = _shot(unit("s1", "squad", "4E8"), unit("s2", "squad", "4E8"), unit("s3", "squad", "4E8"), dice=HIT)
    entries = _entries(answer)
    assert list(entries) == ["s1", "s2", "s3"]
    for entry in entries.values():
        assert (entry["critical"], entry["fp"], entry["ift_column"], entry["result"]) == (False, 12, 12, "1MC")
        assert entry["notes"][-1] == SAME
    assert (answer["outcome"]["fp"], answer["outcome"]["critical"]) == (12, False)
    assert ("each enemy unit in the Location but an AFV is hit or missed as its entry in targets says; all hit are "
            "attacked with one Effects DR (C3.32, C3.4)") in answer["notes"]


def test_c3_32_named_target_keeps_its_own_attack_and_lists_the_others() -> None:
    answer = _shot(unit("s1", "squad", "4E8"), unit("s2", "squad", "4E8"), dice=HIT, target="s1")
    assert (answer["target"], answer["outcome"]["result"], answer["outcome"]["fp"]) == ("s1", "1MC", 12)
    assert _entries(answer)["s2"]["result"] == "1MC"


def test_c3_32_an_afv_in_the_location_is_immune_and_a_friendly_unit_is_not_hit() -> None:
    friend = unit("r1", "squad", "4E8", side="russian")
    answer = _shot(unit("s1", "squad", "4E8"), unit("s2", "squad", "4E8"), german_tank(hex_name="4E8"), friend)
    assert [entry["id"] for entry in answer["outcome"]["targets"]] == ["s1", "s2"]


def test_c3_74_exc_a_vehicle_hit_on_the_infantry_target_type_always_takes_the_ch() -> None:
    answer = _shot(unit("s1", "squad", "4E8"), TRUCK)
    entries = _entries(answer)
    assert (entries["tr"]["critical"], entries["tr"]["fp"]) == (True, 24)
    assert (entries["s1"]["critical"], entries["s1"]["fp"], _tem(entries["s1"])) == (False, 12, [2])
    assert answer["outcome"]["notes"][-1] == ("the CH strikes the vehicle tr; s1 takes a normal hit (normal FP, TEM "
                                              "not reversed) (C3.74)")


@pytest.mark.parametrize("named", [{}, {"target": "s1"}])
def test_c3_32_a_lone_enemy_unit_keeps_the_plain_keys(named: dict[str, str]) -> None:
    answer = _shot(unit("s1", "squad", "4E8"), unit("r1", "squad", "4E8", side="russian"), **named)
    assert "targets" not in answer and "targets" not in answer["outcome"]
    assert (answer["outcome"]["critical"], answer["outcome"]["fp"]) == (True, 24)
