"""C3.74: a CH on the Area Target Type at a hex holding several units gives its special provisions
(C3.71: doubled full FP, positive TEM reversed) only to the target Random Selection picks; the others
take a normal hit (half FP, C3.33; TEM as it is). [EXC: a vehicle always takes the CH, the others
their normal hit.] The answer rolls no Random Selection: each entry it decides has ``critical`` null,
the keys both ways agree on, and ``if_selected`` / ``if_not_selected``; a single target keeps its keys."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from aslgui.rules.apply import destroyed_units
from tests.rules.fixtures.to_hit_scenarios import fire, russian_gun, scenario, unit

CH = {"colored": 1, "white": 1}
HIT = {"colored": 2, "white": 3}
TRUCK = unit("tr", "vehicle", "4E8", vca="NW/N", afv=False)


def _hex(*units: dict[str, Any], terrain: dict[str, str] | None = None, dice: dict[str, int] = CH,
         **keys: Any) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), *units, terrain=terrain)
    return fire(situation, firer="g", target_hex="4E8", target_type="area", ammo="HE", dice=dice, effects_dr=7,
                **keys)


def _entries(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entry in answer["outcome"]["targets"]}


def test_c3_74_two_squads_each_answer_both_ways_random_selection_picks() -> None:
    answer = _hex(unit("s1", "squad", "4E8"), unit("s2", "squad", "4E8"))
    for entry in _entries(answer).values():
        assert entry["hit"] is True and entry["critical"] is None
        assert entry["fp"] is None and entry["result"] is None
        assert (entry["if_selected"]["critical"], entry["if_selected"]["fp"]) == (True, 24)  # 12 doubled (C3.71)
        assert (entry["if_not_selected"]["critical"], entry["if_not_selected"]["fp"]) == (False, 6)  # half (C3.33)
        assert entry["notes"][-1] == f"Random Selection decides whether the CH strikes {entry['id']} (C3.74)"
    assert answer["outcome"]["critical"] is True
    assert answer["outcome"]["fp"] is None and answer["outcome"]["ift_column"] is None
    assert answer["outcome"]["notes"][-1].startswith("Random Selection picks which of s1, s2 the CH strikes")
    assert answer["outcome"]["notes"][-1].endswith("(C3.74)")


def test_c3_74_with_c3_71_tem_is_reversed_only_if_selected() -> None:
    answer = _hex(unit("s1", "squad", "4E8"), unit("s2", "squad", "4E8"), terrain={"4E8": "stone building"})
    entry = _entries(answer)["s1"]
    reversed_tem = [line["value"] for line in entry["if_selected"]["effects_drm"]]
    normal_tem = [line["value"] for line in entry["if_not_selected"]["effects_drm"]]
    assert reversed_tem == [-3] and normal_tem == [3]
    assert entry["effects_drm"] is None


@pytest.mark.parametrize("others", [1, 2])
def test_c3_74_exc_a_vehicle_in_the_hex_always_takes_the_ch_the_others_a_normal_hit(others: int) -> None:
    squads = [unit(f"s{i}", "squad", "4E8") for i in range(1, others + 1)]
    answer = _hex(*squads, TRUCK)
    entries = _entries(answer)
    assert entries["tr"]["critical"] is True and entries["tr"]["fp"] == 24 and "if_selected" not in entries["tr"]
    for squad in squads:
        entry = entries[squad["id"]]
        assert (entry["critical"], entry["fp"], entry["ift_column"]) == (False, 6, 6)
        assert entry["result"] == "NMC" and "if_selected" not in entry
    names = ", ".join(squad["id"] for squad in squads)
    verb = "takes" if others == 1 else "take"
    assert answer["outcome"]["notes"][-1] == (f"the CH strikes the vehicle tr; {names} {verb} a normal hit (normal "
                                              "FP, TEM not reversed) (C3.74)")


def test_c3_74_exc_two_vehicles_random_selection_among_the_vehicles_only() -> None:
    answer = _hex(unit("s1", "squad", "4E8"), TRUCK, dict(TRUCK, id="tr2"))
    entries = _entries(answer)
    assert entries["s1"]["critical"] is False and entries["s1"]["fp"] == 6
    for vehicle in ("tr", "tr2"):
        assert entries[vehicle]["critical"] is None
        assert entries[vehicle]["if_selected"]["fp"] == 24 and entries[vehicle]["if_not_selected"]["fp"] == 6
    assert "which of the vehicles tr, tr2" in answer["outcome"]["notes"][-1]


def test_c3_74_a_single_unit_keeps_its_critical_keys() -> None:
    answer = _hex(unit("s1", "squad", "4E8"))
    entry = _entries(answer)["s1"]
    assert (entry["critical"], entry["fp"], entry["result"]) == (True, 24, "3MC")
    assert "if_selected" not in entry
    assert not any("(C3.74)" in note for note in answer["outcome"]["notes"])


def test_c3_74_no_ch_no_random_selection() -> None:
    answer = _hex(unit("s1", "squad", "4E8"), unit("s2", "squad", "4E8"), dice=HIT)
    for entry in _entries(answer).values():
        assert (entry["critical"], entry["fp"]) == (False, 6) and "if_selected" not in entry
    assert answer["outcome"]["fp"] == 6


def test_c3_74_c3_71_a_manned_gun_destroyed_only_if_selected_so_commit_removes_nothing_yet() -> None:
    gun = unit("eg", "gun", "4E8", name="75L AT", ca="N/NE", crew="ec")
    situation_units = (unit("s1", "squad", "4E8"), gun, unit("ec", "crew", "4E8"))
    answer = _hex(*situation_units)
    entries = _entries(answer)
    assert entries["eg"]["destroyed"] is None
    assert entries["eg"]["if_selected"]["destroyed"] == ["eg", "ec"]
    assert "destroyed" not in entries["eg"]["if_not_selected"]
    assert "which of s1, eg/ec the CH strikes" in answer["outcome"]["notes"][-1]
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), *situation_units)
    action = {"kind": "fire", "firer": "g", "target_hex": "4E8", "target_type": "area", "ammo": "HE", "dice": CH,
              "effects_dr": 7}
    assert destroyed_units(resolve(situation, action)) == []


DOUBLED = "CH: full HE FP doubled, no halving (C3.71)"


def test_c3_74_the_doubled_fp_note_is_said_of_the_selected_unit_not_of_the_hex() -> None:
    """Random Selection picks one squad: the hex, whose ``fp`` is null, does not say the CH's FP is
    doubled; each entry's ``if_selected`` does, its ``if_not_selected`` does not."""
    outcome = _hex(unit("s1", "squad", "4E8"), unit("s2", "squad", "4E8"))["outcome"]
    assert outcome["fp"] is None and DOUBLED not in outcome["notes"]
    for entry in _entries({"outcome": outcome}).values():
        assert DOUBLED in entry["if_selected"]["notes"] and DOUBLED not in entry["if_not_selected"]["notes"]
        assert DOUBLED not in entry["notes"]


def test_c3_74_exc_the_doubled_fp_note_is_the_vehicles_not_the_hexs() -> None:
    outcome = _hex(unit("s1", "squad", "4E8"), TRUCK)["outcome"]
    entries = _entries({"outcome": outcome})
    assert DOUBLED not in outcome["notes"]
    assert DOUBLED in entries["tr"]["notes"] and DOUBLED not in entries["s1"]["notes"]


def test_c3_74_a_single_target_keeps_the_doubled_fp_note_at_the_hex() -> None:
    outcome = _hex(unit("s1", "squad", "4E8"))["outcome"]
    assert (outcome["fp"], outcome["notes"][0]) == (24, DOUBLED)
    assert _entries({"outcome": outcome})["s1"]["notes"] == [DOUBLED]
