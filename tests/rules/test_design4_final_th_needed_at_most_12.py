"""DESIGN.md 4: ``final_th_needed`` and ``critical_max_dr`` are Original DR values, the highest
Original DR that hits / is a CH (C3.3, C3.7), so neither exceeds 12 however large the negative DRM;
an Original 12 hits like any other DR (a malfunction on it still hits: C3.8), so 12 is the cap.
``modified_th`` and the DRM stay as they are, and the odds count exactly the DR up to the cap."""

from __future__ import annotations

import pytest

from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit

FACES = range(1, 7)


def _hits_216(needed: int) -> int:
    """(coloured, white, subsequent dr) rolls whose Original DR is at most ``needed``."""
    return 6 * sum(1 for c in FACES for w in FACES if c + w <= needed)


@pytest.mark.parametrize("extra", [-5, -9, -12, -20])
@pytest.mark.parametrize("target_type", ["infantry", "area"])
def test_design4_final_th_needed_is_at_most_12_and_the_odds_count_to_it(extra: int, target_type: str) -> None:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), unit("s", "squad", "4E8"))
    answer = fire(situation, firer="g", target="s", target_type=target_type, extra_drm=extra)
    uncapped = answer["modified_th"] - answer["total_drm"]
    assert answer["total_drm"] == extra  # the DRM itself is kept
    assert answer["final_th_needed"] == min(uncapped, 12)
    assert answer["odds_216"]["hit"] == _hits_216(answer["final_th_needed"])
    assert answer["critical_max_dr"] is not None and answer["critical_max_dr"] <= 12


def test_design4_rr26_290_infantry_big_negative_drm_needs_12_not_17() -> None:
    """The outside reader's #290: Modified TH# 8 with -9: every Original DR hits and is a CH (C3.7)."""
    situation = scenario(russian_gun("4E2", "SE/S", name="76L ART"), unit("s", "squad", "4E5"))
    answer = fire(situation, firer="g", target="s", target_type="infantry", extra_drm=-9)
    assert answer["modified_th"] - answer["total_drm"] > 12
    assert (answer["final_th_needed"], answer["critical_max_dr"]) == (12, 12)
    assert answer["odds_216"] == {"hit": 216, "critical": 216, "malfunction": answer["odds_216"]["malfunction"]}


def test_design4_critical_max_dr_is_capped_with_the_hit_number() -> None:
    """With -14 the Final DR below half the Modified TH# reaches past 12: still 12 (C3.7)."""
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), unit("s", "squad", "4E8"))
    answer = fire(situation, firer="g", target="s", target_type="infantry", extra_drm=-14)
    assert (answer["final_th_needed"], answer["critical_max_dr"]) == (12, 12)


@pytest.mark.parametrize(("dice", "hit"), [((6, 6), True), ((6, 5), True)])
def test_design4_an_original_12_at_the_cap_hits_even_when_it_malfunctions(dice: tuple[int, int], hit: bool) -> None:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), german_tank(hex_name="4E8"))
    answer = fire(situation, firer="g", target="t", extra_drm=-12, dice={"colored": dice[0], "white": dice[1]})
    assert answer["final_th_needed"] == 12
    assert answer["outcome"]["hit"] is hit
    assert answer["outcome"]["malfunction"] is (sum(dice) >= answer["breakdown"])


def test_design4_c5_35_doubled_lower_dr_caps_at_18_the_highest_doubled_dr() -> None:
    """Under Motion Fire without a gyrostabilizer the number counts the DR with its lower dr doubled,
    whose highest value is a 6 and a 6: 18 (C5.35)."""
    tank = german_tank(hex_name="4E9", vca="NW/N", tca="NW/N", motion=True, stopped=False, gyro=False)
    situation = scenario(tank, unit("s", "squad", "4E6", side="russian"), phase="MPh", player="german")
    answer = fire(situation, firer="t", target="s", target_type="infantry", extra_drm=-20, mp_in_los=4)
    assert answer["doubled_lower_dr"] is True, answer["reasons"]
    assert answer["final_th_needed"] == 18
    assert answer["odds_216"]["hit"] == 216
