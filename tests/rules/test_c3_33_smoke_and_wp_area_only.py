"""C3.33 with C3.76: ordnance (not a LATW) fires SMOKE, and WP, a SMOKE type, on the Area Target
Type only: on the Vehicle or Infantry Target Type the shot is illegal citing C3.33 (the Infantry
Target Type's own HE-only reason, C3.32, stays), and a SMOKE or WP shot naming no target_type takes
the Area Target Type, its notes saying so."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit

TRUCK = unit("tr", "vehicle", "4E8", vca="NW/N", afv=False)


def _situation(target: dict[str, Any], **gun: Any) -> Scenario:
    return scenario(russian_gun("4E5", "S/SW", name="76L ART", **gun), target)


@pytest.mark.parametrize("ammo", ["WP", "SMOKE"])
@pytest.mark.parametrize(("target", "target_id"), [(german_tank(hex_name="4E8"), "t"), (TRUCK, "tr")])
def test_c3_33_smoke_or_wp_on_the_vehicle_target_type_is_illegal(ammo: str, target: dict[str, Any],
                                                                  target_id: str) -> None:
    answer = fire(_situation(target), firer="g", target=target_id, target_type="vehicle", ammo=ammo)
    assert answer["legal"] is False
    assert any(why.startswith(f"ordnance firing {ammo}") and why.endswith("(C3.33)") for why in answer["reasons"])
    assert answer["odds"] is None and answer["odds_216"] is None  # no longer 198/216 to hit


@pytest.mark.parametrize("ammo", ["WP", "SMOKE"])
def test_c3_33_smoke_or_wp_on_the_infantry_target_type_cites_c3_33_and_c3_32(ammo: str) -> None:
    answer = fire(_situation(unit("s", "squad", "4E8", side="german")), firer="g", target="s",
                  target_type="infantry", ammo=ammo)
    assert answer["legal"] is False
    assert [why[-7:] for why in answer["reasons"]] == ["(C3.32)", "(C3.33)"]


def test_c3_33_c3_76_wp_is_named_a_smoke_type_in_the_reason() -> None:
    answer = fire(_situation(TRUCK), firer="g", target="tr", target_type="vehicle", ammo="WP")
    assert answer["reasons"] == ["ordnance firing WP (a SMOKE type, C3.76) uses the Area Target Type (C3.33)"]


@pytest.mark.parametrize("ammo", ["WP", "SMOKE"])
@pytest.mark.parametrize(("target", "target_id"), [(german_tank(hex_name="4E8"), "t"), (TRUCK, "tr"),
                                                   (unit("s", "squad", "4E8"), "s")])
def test_c3_33_smoke_or_wp_without_a_target_type_takes_the_area_target_type(
        ammo: str, target: dict[str, Any], target_id: str) -> None:
    answer = fire(_situation(target), firer="g", target=target_id, ammo=ammo)
    assert answer["legal"] is True and answer["target_type"] == "area" and answer["colour"] == "red"
    assert ("read: no target_type given, so the Area Target Type, which ordnance firing SMOKE (WP among it) must "
            "use (C3.33, C3.76)") in answer["notes"]
    assert answer["odds_216"]["hit"] > 0


def test_c3_33_smoke_and_wp_on_the_area_target_type_stay_legal() -> None:
    for ammo in ("WP", "SMOKE"):
        answer = fire(_situation(TRUCK), firer="g", target_hex="4E8", target_type="area", ammo=ammo)
        assert answer["legal"] is True, answer["reasons"]


def test_c3_33_exc_a_latw_firing_wp_keeps_its_target_type() -> None:
    """The EXC: a LATW is not made to use the Area Target Type, and its default is unchanged."""
    situation = scenario(russian_gun("4E5", "S/SW", name="PIAT", caliber=88, latw=True), unit("s", "squad", "4E7"))
    answer = fire(situation, firer="g", target="s", ammo="WP")
    assert answer["target_type"] == "infantry"
    assert not any("(C3.33)" in why for why in answer["reasons"])
