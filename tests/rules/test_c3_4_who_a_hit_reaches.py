"""C3.4 (with C3.32, C3.33, C3.331, C3.41): which units of the target hex a hit reaches, each as a
shot at it would: the Infantry Target Type attacks one Location (hex and level); every DRM,
a Hindrance too, is worked out vs each target from its own level; a unit not moving is immune
to Defensive First Fire."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from tests.rules.fixtures.to_hit_scenarios import fire, russian_gun, scenario, unit


def _targets(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entry in answer.get("targets", [])}


def _building(*levels: int) -> list[dict[str, Any]]:
    """German squads s0, s1, ... in the stone building 4E5, each at its level."""
    return [unit(f"s{i}", "squad", "4E5", level=level) for i, level in enumerate(levels)]


def test_c3_41_the_infantry_target_type_attacks_the_target_location_only() -> None:
    situation = scenario(russian_gun("4E1", "S/SW"), *_building(0, 1, 0), terrain={"4E5": "stone building"})
    at_ground = fire(situation, firer="g", target="s0", target_type="infantry")
    assert set(_targets(at_ground)) == {"s0", "s2"}  # s1, a level up, is another Location
    upstairs = fire(situation, firer="g", target="s1", target_type="infantry")
    assert "targets" not in upstairs or set(_targets(upstairs)) == {"s1"}  # alone in its Location
    area = fire(situation, firer="g", target_hex="4E5", target_type="area", ammo="HE")
    assert set(_targets(area)) == {"s0", "s1", "s2"}  # the Area Target Type takes the whole hex (C3.33)


def test_c3_331_each_target_takes_the_hindrance_of_its_own_line() -> None:
    """C3.331 EX: the grain hinders the shot at the ground-level squad only, not the one a level up."""
    situation = scenario(russian_gun("4E1", "S/SW", name="50 MTR", caliber=50, type="MTR"), *_building(0, 1),
                         terrain={"4E3": "grain", "4E5": "stone building"})
    answer = fire(situation, firer="g", target_hex="4E5", target_type="area", ammo="HE")
    each = _targets(answer)
    hindered = {level: resolve(situation, {"kind": "los", "from": "4E1", "to": "4E5", "to_level": level})
                .values["hindrances"] for level in (0, 1)}
    assert hindered == {0: 1, 1: 0}
    assert each["s0"]["total_drm"] - each["s1"]["total_drm"] == 1
    assert each["s1"]["final_th_needed"] - each["s0"]["final_th_needed"] == 1


@pytest.mark.parametrize("target_type", ["infantry", "area"])
def test_c3_4_a_unit_not_moving_is_immune_to_defensive_first_fire(target_type: str) -> None:
    """German MPh: the Russian Gun's Defensive First Fire at the moving s0 reaches s2, which moved
    too, never s1, which did not."""
    situation = scenario(russian_gun("4E1", "S/SW"), unit("s0", "squad", "4E5", moved=True),
                         unit("s1", "squad", "4E5"), unit("s2", "squad", "4E5", moved=True),
                         phase="MPh", player="german")
    answer = fire(situation, firer="g", target="s0", target_type=target_type, ammo="HE")
    assert answer["legal"], answer["reasons"]
    assert set(_targets(answer)) == {"s0", "s2"}
    prep = scenario(russian_gun("4E1", "S/SW"), unit("s0", "squad", "4E5", moved=True),
                    unit("s1", "squad", "4E5"), phase="PFPh", player="russian")
    assert set(_targets(fire(prep, firer="g", target="s0", target_type=target_type, ammo="HE"))) == {"s0", "s1"}
