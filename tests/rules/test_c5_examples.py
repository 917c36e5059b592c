"""Every EX of C5 (firer-based To Hit DRM) as a test through ``resolve``."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, scenario, unit


def _afph_after_moving(**tank: Any) -> dict[str, Any]:
    situation = scenario(
        german_tank(hex_name="4E2", vca="S/SW", tca="S/SW", moved=True, **tank),
        unit("s", "squad", "4E6", side="russian"),
        phase="AFPh",
        player="german",
    )
    return fire(situation, firer="t", target="s", target_type="infantry")


@pytest.mark.parametrize(
    ("tank", "b", "c"),
    [
        ({"stabilized": True}, 2, 1),
        ({"turret": "T"}, 2, 2),
        ({"turret": "ST"}, 2, 2),
        ({"name": "StuG IIIB", "turret": None, "ma": {"caliber": 75, "barrel": "*"}}, 2, 3),
    ],
)
def test_c5_3_ex_bounding_fire_in_afph_is_case_b_plus_gun_type(tank: dict[str, Any], b: int, c: int) -> None:
    answer = _afph_after_moving(**tank)
    assert drm(answer)["B"] == b and drm(answer)["C"] == c
    assert answer["total_drm"] == b + c


def _c5_35(**action: Any) -> dict[str, Any]:
    situation = scenario(
        german_tank("psw", "4E2", name="PSW 234/2", vca="S/SW", tca="S/SW", motion=True, stopped=False),
        unit("t34", "vehicle", "4E8", side="russian", name="T-34 M41", vca="N/NE", tca="N/NE"),
        phase="MPh",
        player="german",
    )
    return fire(situation, firer="psw", target="t34", mp_in_los=3.5, **action)


def test_c5_35_ex_moving_psw_needs_6_after_doubling_the_lower_dr() -> None:
    answer = _c5_35()
    assert (answer["range"], answer["modified_th"], answer["total_drm"]) == (6, 10, 4)
    assert drm(answer) == {"B": 2, "C": 2, "C4": 0}
    assert answer["final_th_needed"] == 6
    assert answer["doubled_lower_dr"] is True


def test_c3_7_c5_35_critical_hit_is_still_the_original_2_under_motion_fire() -> None:
    assert _c5_35()["critical_max_dr"] == 2
    assert _c5_35(dice={"colored": 1, "white": 1})["outcome"]["critical"] is True
    assert _c5_35(dice={"colored": 2, "white": 2})["outcome"]["critical"] is False


@pytest.mark.parametrize(("colored", "white"), [(1, 4), (4, 1), (1, 3), (1, 2), (1, 1), (2, 2)])
def test_c5_35_ex_hits_only_on_the_listed_rolls(colored: int, white: int) -> None:
    assert _c5_35(dice={"colored": colored, "white": white})["outcome"]["hit"] is True


@pytest.mark.parametrize(("colored", "white"), [(2, 3), (1, 5), (3, 2), (2, 4)])
def test_c5_35_ex_other_low_rolls_miss_once_doubled(colored: int, white: int) -> None:
    outcome = _c5_35(dice={"colored": colored, "white": white})["outcome"]
    assert outcome["hit"] is False
    assert outcome["th_dr"] == max(colored, white) + 2 * min(colored, white)
