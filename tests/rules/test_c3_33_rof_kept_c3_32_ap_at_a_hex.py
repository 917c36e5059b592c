"""C3.33: a non-mortar's Area Target Type shot uses all of its ROF, so it never follows another shot,
one that kept its Multiple ROF included (a mortar is exempt). C3.32: AP/HEAT on the Infantry Target
Type only vs an unarmored target, a ``target_hex`` holding only AFV included (they are immune)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit

CONTRACT = (Path(__file__).resolve().parents[2] / "docs" / "contract.md").read_text(encoding="utf-8")
KEPT = "a non-mortar's Area Target Type shot uses all its ROF, so it cannot follow a shot; g has fired in this PFPh " \
       "and kept its Multiple ROF (C3.33)"


def _gun(target_hex: str = "4E8", **gun: Any) -> Any:
    return scenario(russian_gun("4E5", "S/SW", name="76L ART", **gun), unit("s", "squad", target_hex),
                    player="russian")


def test_c3_33_a_gun_that_kept_its_rof_this_phase_cannot_then_fire_on_the_area_target_type() -> None:
    answer = fire(_gun(rof_kept="PFPh"), firer="g", target_hex="4E8", target_type="area")
    assert (answer["legal"], answer["reasons"], answer["odds"]) == (False, [KEPT], None)
    # the kept ROF still gives it its next shot on the other Target Types (C2.24), and a Gun that
    # has not fired may take the Area Target Type
    assert fire(_gun(rof_kept="PFPh"), firer="g", target="s", target_type="infantry")["legal"] is True
    assert fire(_gun(), firer="g", target_hex="4E8", target_type="area")["legal"] is True


def test_c3_33_a_gun_marked_fired_that_kept_its_rof_is_told_both() -> None:
    answer = fire(_gun(rof_kept="PFPh", fired=True), firer="g", target_hex="4E8", target_type="area")
    assert answer["reasons"] == [KEPT]


def test_c3_33_a_mortar_that_kept_its_rof_fires_on_the_area_target_type_again() -> None:
    """The ROF sentence of C3.33 is a non-mortar's: the C3.331 EX mortar keeps its ROF and fires again."""
    mortar = scenario(unit("m", "gun", "4E2", side="russian", name="50 MTR", ca="S/SW", crew="c", rof_kept="PFPh"),
                      unit("c", "crew", "4E2", side="russian"), unit("s", "squad", "4E6"), player="russian")
    answer = fire(mortar, firer="m", target_hex="4E6", target_type="area")
    assert (answer["legal"], answer["reasons"], answer["rof_consumed"]) == (True, [], False)


@pytest.mark.parametrize("ammo", ["AP", "HEAT"])
@pytest.mark.parametrize("stated", [{"target_type": "infantry"}, {}])
def test_c3_32_ap_or_heat_on_the_infantry_target_type_at_a_hex_of_only_an_afv_is_illegal(
        ammo: str, stated: dict[str, Any]) -> None:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), german_tank(hex_name="4E8"))
    answer = fire(situation, firer="g", target_hex="4E8", ammo=ammo, dice={"colored": 2, "white": 2}, **stated)
    assert answer["target_type"] == "infantry" and answer["legal"] is False
    assert answer["reasons"] == [f"the Infantry Target Type fires HE (AP/HEAT only vs an unarmored target), not "
                                 f"{ammo}: 4E8 holds no unarmored enemy unit (AFV are immune to it) (C3.32)"]
    assert answer["odds"] is None and "outcome" not in answer
    # as the same shot naming the tank is
    named = fire(situation, firer="g", target="t", target_type="infantry", ammo=ammo)
    assert named["legal"] is False and all(r.endswith("(C3.32)") for r in named["reasons"])


def test_c3_32_ap_at_a_hex_with_an_unarmored_enemy_beside_the_afv_is_legal() -> None:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), german_tank(hex_name="4E8"),
                         unit("s", "squad", "4E8"))
    assert fire(situation, firer="g", target_hex="4E8", target_type="infantry", ammo="AP")["legal"] is True


def test_c3_41_he_on_the_infantry_target_type_at_a_hex_of_only_an_afv_stays_legal() -> None:
    """C3.41: the Infantry Target Type may attack a Location devoid of targets; the AFV is immune (C3.32)."""
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), german_tank(hex_name="4E8"))
    assert fire(situation, firer="g", target_hex="4E8", target_type="infantry", ammo="HE")["legal"] is True


def test_contract_a_target_hex_defaults_to_the_infantry_target_type_as_the_key_table_says() -> None:
    """docs/contract.md's ``target_hex`` row says which Target Type a hex takes, as the program does."""
    row = next(line for line in CONTRACT.splitlines() if line.startswith("| `target` or `target_hex` |"))
    assert "Without `target_type` a hex is attacked on the Infantry Target Type, not the Area one" in row
    assert "(Area Target Type)" not in row
    gun = scenario(russian_gun("4E5", "S/SW", name="76L ART"), unit("s", "squad", "4E8"))
    assert fire(gun, firer="g", target_hex="4E8")["target_type"] == "infantry"
    assert fire(gun, firer="g", target_hex="4E8", ammo="SMOKE")["target_type"] == "area"
    mortar = scenario(unit("m", "gun", "4E2", side="russian", name="50 MTR", ca="S/SW", crew="c"),
                      unit("c", "crew", "4E2", side="russian"), unit("s", "squad", "4E6"), player="russian")
    assert fire(mortar, firer="m", target_hex="4E6")["target_type"] == "area"
