"""C3.33: on the Area Target Type all units in the target hex can be hit, friendly ones too, whichever
unit the shot names: a shot naming a unit is answered exactly as the same shot at its hex, every unit
in ``targets`` and a CH that several would take sent to Random Selection (C3.74); a lone unit in the
hex is the hex's target either way."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.fixtures.to_hit_scenarios import fire, russian_gun, scenario, unit

CH = {"colored": 1, "white": 1}
HIT = {"colored": 2, "white": 3}
FRIEND = unit("r1", "squad", "4E8", side="russian", name="4-4-7")


def _shot(*units: dict[str, Any], **where: Any) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), *units, terrain={"4E8": "wooden building"})
    return fire(situation, firer="g", target_type="area", ammo="HE", effects_dr=5, **where)


@pytest.mark.parametrize("dice", [CH, HIT])
@pytest.mark.parametrize("named", ["s1", "s2", "r1"])
def test_c3_33_a_unit_named_on_the_area_target_type_is_the_shot_at_its_hex(named: str, dice: dict[str, int]) -> None:
    units = (unit("s1", "squad", "4E8"), unit("s2", "squad", "4E8"), FRIEND)
    at_unit, at_hex = _shot(*units, target=named, dice=dice), _shot(*units, target_hex="4E8", dice=dice)
    assert at_unit == at_hex
    assert [entry["id"] for entry in at_unit["outcome"]["targets"]] == ["s1", "s2", "r1"]
    assert "friendly units in 4E8 (r1) are attacked too: the Area Target Type hits all units in the hex (C3.33)" in (
        at_unit["notes"])


def test_c3_74_a_ch_at_a_named_unit_on_the_area_target_type_is_not_that_units_alone() -> None:
    answer = _shot(unit("s1", "squad", "4E8"), unit("s2", "squad", "4E8"), target="s1", dice=CH)
    assert (answer["target"], answer["outcome"]["fp"]) == (None, None)
    for entry in answer["outcome"]["targets"]:
        assert entry["critical"] is None
        assert (entry["if_selected"]["fp"], entry["if_not_selected"]["fp"]) == (24, 6)  # C3.71; half, C3.33


def test_c3_33_a_lone_unit_is_the_hexs_target_named_or_not() -> None:
    squad = unit("s1", "squad", "4E8")
    assert _shot(squad, target="s1", dice=HIT) == _shot(squad, target_hex="4E8", dice=HIT)
    answer = _shot(squad, target_hex="4E8", dice=HIT)
    assert (answer["target"], answer["outcome"]["fp"], answer["outcome"]["result"]) == ("s1", 6, "NMC")
