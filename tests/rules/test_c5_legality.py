"""Limits of C5: Bounding First Fire within the CA (C5.13), a CA fixed after firing from
woods/building/rubble (C5.11), Intensive Fire (C5.6, C5.63), Deliberate Immobilization (C5.71)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit


def test_c5_13_bounding_first_firer_fires_only_within_its_ca() -> None:
    situation = scenario(
        german_tank(hex_name="4E5", vca="S/SW", tca="S/SW"),
        unit("s", "squad", "4E3", side="russian"),
        phase="MPh",
        player="german",
    )
    answer = fire(situation, firer="t", target="s", target_type="infantry")
    assert answer["legal"] is False and answer["reasons"][0].endswith("(C5.13)")
    # Case A never applies to an ATTACKER firing in his own MPh (C5.13): no line for the turn it would need
    assert "A" not in [line["case"] for line in answer["drm"]] and answer["ca_change_spines"] > 0
    same_turn_in_the_afph = fire(situation, firer="t", target="s", target_type="infantry", phase="AFPh")
    assert "A" in [line["case"] for line in same_turn_in_the_afph["drm"]]


def test_c5_11_after_firing_from_woods_the_ca_stays_fixed() -> None:
    situation = scenario(russian_gun(fired=True), unit("s", "squad", "4E3"), terrain={"4E5": "woods"})
    answer = fire(situation, firer="g", target="s", target_type="infantry", intensive=True)
    assert any(r.endswith("(C5.11)") for r in answer["reasons"])
    inside = fire(situation, firer="g", target_hex="4E7", target_type="infantry", intensive=True)
    assert inside["legal"] is True


@pytest.mark.parametrize(
    ("gun", "action", "rule", "words"),
    [
        ({"no_if": True}, {}, "C5.63", "No IF"),
        ({"crew_pinned": True}, {}, "C5.6", "pinned"),
        ({"intensive_fired": True}, {}, "C5.6", "already marked Intensive Fire"),
        ({}, {"phase": "AFPh"}, "C5.6", "AFPh"),
    ],
)
def test_c5_6_intensive_fire_limits(gun: dict[str, Any], action: dict[str, Any], rule: str, words: str) -> None:
    situation = scenario(russian_gun(fired=True, **gun), german_tank())
    answer = fire(situation, firer="g", target="t", intensive=True, **action)
    assert answer["legal"] is False
    assert any(words in found and f"({rule})" in found for found in answer["reasons"])


def test_c5_6_intensive_fire_only_after_the_normal_rof_is_used() -> None:
    answer = fire(scenario(russian_gun(), german_tank()), firer="g", target="t", intensive=True)
    assert "normal ROF is not used up yet (C5.6)" in answer["reasons"][0]


def test_c5_6_opportunity_fire_may_intensive_fire_in_the_afph() -> None:
    situation = scenario(russian_gun(fired=True), german_tank())
    assert fire(situation, firer="g", target="t", intensive=True, phase="AFPh", opportunity=True)["legal"] is True


@pytest.mark.parametrize(
    ("tank", "action", "words"),
    [
        ({"hd": True}, {}, "HD"),
        ({"immobilized": True}, {}, "immobilized"),
        ({"hex_name": "4E10"}, {"target_type": "area", "ammo": "HE"}, "Area"),
        ({"hull_af": 8}, {"basic_tk": 8}, "Basic TK#"),
    ],
)
def test_c5_71_deliberate_immobilization_limits(tank: dict[str, Any], action: dict[str, Any], words: str) -> None:
    situation = scenario(russian_gun(), german_tank(**tank))
    answer = fire(situation, firer="g", target="t", deliberate_immobilization=True, **action)
    assert answer["legal"] is False
    assert words in answer["reasons"][0] and answer["reasons"][0].endswith("(C5.71)")


def test_c5_71_deliberate_immobilization_needs_range_six_or_less() -> None:
    situation = scenario(russian_gun("4E2"), german_tank(hex_name="4E9"))
    answer = fire(situation, firer="g", target="t", deliberate_immobilization=True)
    assert "range 7 is more than 6 hexes" in answer["reasons"][0]


def test_c5_71_deliberate_immobilization_allowed_when_tk_beats_hull_af() -> None:
    situation = scenario(russian_gun(), german_tank(hull_af=3))
    assert fire(situation, firer="g", target="t", deliberate_immobilization=True, basic_tk=13)["legal"] is True
