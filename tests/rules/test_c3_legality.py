"""Which ordnance shots are legal (C3.2x, C3.3x, C3.52): an illegal shot answers ``legal: false``
with reasons that cite their rule; it is never an error."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules.roster import roster_entry
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit


def _reasons(answer: dict[str, Any]) -> str:
    assert answer["legal"] is False
    return " ".join(answer["reasons"])


def _gun_vs(*targets: dict[str, Any], gun: dict[str, Any] | None = None, **situation: Any) -> Any:
    return scenario(russian_gun(**(gun or {})), *targets, **situation)


def test_c3_21_target_outside_the_ca_is_legal_with_case_a() -> None:
    answer = fire(_gun_vs(unit("s", "squad", "4E3")), firer="g", target="s", target_type="infantry")
    assert answer["legal"] is True and answer["ca_change_spines"] == 2


def test_c3_31_vehicle_target_type_needs_a_vehicle() -> None:
    answer = fire(_gun_vs(unit("s", "squad", "4E7")), firer="g", target="s", target_type="vehicle")
    assert "(C3.31)" in _reasons(answer)


def test_c3_31_vehicle_target_type_needs_a_specific_vehicle_not_a_hex() -> None:
    answer = fire(_gun_vs(), firer="g", target_hex="4E7", target_type="vehicle")
    assert "(C3.31)" in _reasons(answer)


def test_c3_32_no_infantry_target_type_against_an_afv() -> None:
    answer = fire(_gun_vs(german_tank()), firer="g", target="t", target_type="infantry", ammo="HE")
    assert "AFV" in _reasons(answer) and "(C3.32)" in _reasons(answer)


@pytest.mark.parametrize(
    ("ammo", "legal"), [("HE", True), ("AP", True), ("HEAT", True), ("SMOKE", False), ("APCR", False)]
)
def test_c3_32_infantry_target_type_fires_he_or_ap_heat_vs_unarmored(ammo: str, legal: bool) -> None:
    answer = fire(_gun_vs(unit("s", "squad", "4E7")), firer="g", target="s", target_type="infantry", ammo=ammo)
    assert answer["legal"] is legal
    if not legal:
        assert any(r.endswith("(C3.32)") or r.endswith("(C3.33)") for r in answer["reasons"])


@pytest.mark.parametrize(("ammo", "legal"), [("HE", True), ("SMOKE", True), ("WP", True), ("AP", False)])
def test_c3_33_area_target_type_fires_he_smoke_or_wp(ammo: str, legal: bool) -> None:
    answer = fire(_gun_vs(unit("s", "squad", "4E7")), firer="g", target="s", target_type="area", ammo=ammo)
    assert answer["legal"] is legal


def test_c3_33_no_area_target_type_in_the_firers_own_hex() -> None:
    answer = fire(_gun_vs(unit("s", "squad", "4E5")), firer="g", target="s", target_type="area")
    assert "own hex (C3.33)" in _reasons(answer)


@pytest.mark.parametrize("moving", [{"motion": True}, {}])
def test_c3_33_no_area_target_type_as_bounding_first_or_motion_fire(moving: dict[str, Any]) -> None:
    situation = scenario(
        german_tank(hex_name="4E2", vca="S/SW", tca="S/SW", **moving),
        unit("s", "squad", "4E6", side="russian"),
        phase="MPh",
        player="german",
    )
    answer = fire(situation, firer="t", target="s", target_type="area")
    assert "Bounding First Fire or Motion Fire (C3.33)" in _reasons(answer)


def test_c3_33_area_target_type_uses_all_rof_so_not_after_another_shot() -> None:
    answer = fire(
        _gun_vs(unit("s", "squad", "4E7"), gun={"fired": True}),
        firer="g",
        target="s",
        target_type="area",
        intensive=True,
    )
    assert "cannot follow a shot (C3.33)" in _reasons(answer)
    assert fire(_gun_vs(unit("s", "squad", "4E7")), firer="g", target="s", target_type="area")["rof_consumed"] is True


def test_c3_33_a_mortar_must_use_the_area_target_type() -> None:
    situation = scenario(
        unit("m", "gun", "4E2", name="50 MTR", ca="S/SW"), unit("s", "squad", "4E6", side="russian"), player="german"
    )
    answer = fire(situation, firer="m", target="s", target_type="infantry")
    assert "mortar always uses the Area Target Type (C3.33)" in _reasons(answer)


def test_c3_33_smoke_must_use_the_area_target_type() -> None:
    answer = fire(_gun_vs(unit("s", "squad", "4E7")), firer="g", target="s", target_type="infantry", ammo="SMOKE")
    assert "SMOKE uses the Area Target Type (C3.33)" in _reasons(answer)


def test_c3_52_no_shot_beyond_the_listed_range() -> None:
    situation = scenario(
        unit("m", "gun", "4E1", name="50 MTR", ca="S/SW"), unit("s", "squad", "4X10", side="russian"), player="german"
    )
    answer = fire(situation, firer="m", target="s")
    assert f"listed range of {roster_entry('50 MTR').max_range} (C3.52)" in _reasons(answer)  # its counter's 13


def test_c2_24_no_second_shot_once_the_normal_rof_is_used() -> None:
    answer = fire(_gun_vs(german_tank(), gun={"fired": True}), firer="g", target="t")
    assert "(C2.24)" in _reasons(answer)


def test_illegal_shot_with_dice_has_no_outcome() -> None:
    answer = fire(_gun_vs(german_tank(), gun={"fired": True}), firer="g", target="t", dice={"colored": 1, "white": 1})
    assert answer["legal"] is False and "outcome" not in answer


def test_c3_31_a_hex_with_one_enemy_vehicle_is_that_vehicles_target() -> None:
    answer = fire(_gun_vs(german_tank()), firer="g", target_hex="4E9", target_type="vehicle")
    assert answer["legal"] is True and answer["target"] == "t" and answer["ammo"] == "AP"
