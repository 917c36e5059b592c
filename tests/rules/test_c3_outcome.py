"""Reading the dice of a shot: hit/miss (C3.3), CH (C3.7), turret or hull (C3.9), Multiple Hits
(C3.8), FP of an HE hit (C3.33, C3.51, C3.53), Deliberate Immobilization (C5.72)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit


def _vs_tank(colored: int, white: int, gun: dict[str, Any] | None = None, **tank: Any) -> dict[str, Any]:
    situation = scenario(russian_gun(**(gun or {})), german_tank(**tank))
    outcome: dict[str, Any] = fire(situation, firer="g", target="t", dice={"colored": colored, "white": white})[
        "outcome"
    ]
    return outcome


def test_c3_3_final_dr_above_the_modified_th_misses() -> None:
    assert _vs_tank(5, 6)["hit"] is False
    assert _vs_tank(4, 6)["hit"] is True  # 10 <= 10


def test_c3_7_original_2_on_the_vehicle_target_type_is_a_ch() -> None:
    outcome = _vs_tank(1, 1)
    assert outcome["hit"] is True and outcome["critical"] is True


def test_c3_7_ch_vs_a_hd_target_strikes_the_turret() -> None:
    outcome = _vs_tank(1, 1, hd=True)
    assert (outcome["critical"], outcome["location"]) == (True, "turret")


@pytest.mark.parametrize(("colored", "white", "location"), [(2, 5, "turret"), (5, 2, "hull"), (3, 3, "hull")])
def test_c3_9_turret_hit_when_the_coloured_dr_is_lower(colored: int, white: int, location: str) -> None:
    assert _vs_tank(colored, white)["location"] == location


def test_c3_9_hull_hit_on_a_hd_target_misses() -> None:
    outcome = _vs_tank(4, 2, hd=True)
    assert outcome["hit"] is False and outcome["notes"] == ["a hull hit on a HD target misses (C3.9)"]
    assert outcome["hull_down_miss"] is True  # said beside "hit", so the miss of a TH DR that hits is explained
    assert "hull_down_miss" not in _vs_tank(2, 4, hd=True)  # a turret hit on it: no such miss
    assert "hull_down_miss" not in _vs_tank(4, 2)  # the same hull hit on a target not HD


def _only_lowest_hits() -> Any:
    # 57LL at 4E5, tank 4E9: Modified TH# 10; +3 NT Case A, +3 extra, +2 pinned crew -> needs 2.
    return scenario(russian_gun(ca="NE/SE", crew_pinned=True), german_tank())


def test_c3_7_when_only_the_lowest_dr_hits_a_ch_needs_a_dr_of_1() -> None:
    answer = fire(_only_lowest_hits(), firer="g", target="t", extra_drm=[{"value": 3, "label": "test"}])
    assert answer["final_th_needed"] == 2 and answer["improbable"] is False
    assert (answer["critical_max_dr"], answer["critical_needs_dr"]) == (2, True)
    roll = {"colored": 1, "white": 1}
    critical = fire(_only_lowest_hits(), firer="g", target="t", extra_drm=3, dice=roll, dr=1)["outcome"]
    normal = fire(_only_lowest_hits(), firer="g", target="t", extra_drm=3, dice=roll, dr=4)["outcome"]
    assert (critical["critical"], normal["critical"], normal["location"]) == (True, False, "hull")


def test_c3_7_a_missing_subsequent_dr_is_named_and_the_ch_left_open() -> None:
    answer = fire(_only_lowest_hits(), firer="g", target="t", extra_drm=3, dice={"colored": 1, "white": 1})
    outcome = answer["outcome"]
    assert (outcome["hit"], outcome["critical"], outcome["location"]) == (True, None, "hull")
    assert outcome["needs_dr"].endswith("(C3.7)")


def _vs_squad(
    dice: tuple[int, int], dr: int | None = None, terrain: str = "open ground", **action: Any
) -> dict[str, Any]:
    situation = scenario(russian_gun(), unit("s", "squad", "4E9"), terrain={"4E9": terrain})
    extra = {"dr": dr} if dr else {}
    return fire(
        situation,
        firer="g",
        target="s",
        target_type="infantry",
        dice={"colored": dice[0], "white": dice[1]},
        **extra,
        **action,
    )


def test_c3_7_infantry_type_ch_when_final_dr_below_half_the_modified_th() -> None:
    answer = _vs_squad((1, 2))  # Modified TH# 8, Final DR 3 < 4
    assert answer["critical_max_dr"] == 3
    assert answer["outcome"]["critical"] is True
    assert _vs_squad((2, 2))["outcome"]["critical"] is False


@pytest.mark.parametrize(("dr", "critical"), [(1, True), (4, True), (5, False)])
def test_c3_7_infantry_type_original_2_ch_on_dr_of_1_or_half_the_modified_th(dr: int, critical: bool) -> None:
    answer = _vs_squad((1, 1), dr, "stone building", extra_drm=1)  # Final DR 6: not below 4
    assert answer["outcome"]["critical"] is critical
    assert answer["critical_needs_dr"] is True


def test_c3_71_ch_on_infantry_doubles_the_full_fp_and_reverses_positive_tem() -> None:
    outcome = _vs_squad((1, 1), 1, "stone building", effects_dr=6)["outcome"]
    assert (outcome["critical"], outcome["fp"], outcome["ift_column"]) == (True, 12, 12)
    assert outcome["effects_drm"][0]["value"] == -3 and outcome["effects_drm"][0]["rule"] == "C3.71"
    assert outcome["result"] == "K/3"  # 12 column, Final DR 3


def test_c3_51_no_pbf_doubling_at_one_hex() -> None:
    situation = scenario(russian_gun(), unit("s", "squad", "4E6"))
    answer = fire(situation, firer="g", target="s", target_type="infantry", dice={"colored": 3, "white": 4})
    assert (answer["fp"], answer["outcome"]["fp"], answer["outcome"]["ift_column"]) == (6, 6, 6)


@pytest.mark.parametrize(
    ("target_type", "terrain", "fp", "column"),
    [
        ("infantry", "open ground", 6, 6),
        ("infantry", "marsh", 3, 2),
        ("area", "open ground", 3, 2),
        ("area", "marsh", 1.5, 1),
    ],
)
def test_c3_53_he_fp_halved_into_marsh_and_twice_with_the_area_type(
    target_type: str, terrain: str, fp: float, column: int
) -> None:
    situation = scenario(russian_gun(), unit("s", "squad", "4E8"), terrain={"4E8": terrain})
    answer = fire(situation, firer="g", target="s", target_type=target_type)
    assert (answer["fp"], answer["ift_column"]) == (fp, column)


def _small_gun(dice: tuple[int, int], **action: Any) -> dict[str, Any]:
    situation = scenario(
        russian_gun(name="20L AA", mount="T", nationality="german"), german_tank(), unit("s", "squad", "4E7")
    )
    outcome: dict[str, Any] = fire(situation, firer="g", dice={"colored": dice[0], "white": dice[1]}, **action)[
        "outcome"
    ]
    return outcome


def test_c3_8_doubles_hit_by_a_15_to_40mm_gun_is_two_hits() -> None:
    assert _small_gun((3, 3), target="t")["multiple_hits"] is True
    assert _small_gun((3, 3), target="s", target_type="infantry")["multiple_hits"] is True


def test_c3_8_no_multiple_hits_for_a_ch_non_doubles_a_miss_or_the_area_type() -> None:
    assert _small_gun((1, 1), target="t")["multiple_hits"] is False
    assert _small_gun((2, 4), target="t")["multiple_hits"] is False
    assert _small_gun((6, 6), target="t")["multiple_hits"] is False
    assert _small_gun((3, 3), target="s", target_type="area")["multiple_hits"] is False


def test_c3_8_no_multiple_hits_above_40mm() -> None:
    assert _vs_tank(3, 3)["multiple_hits"] is False


def test_c5_72_deliberate_immobilization_hull_hit_immobilizes_turret_hit_does_not() -> None:
    situation = scenario(russian_gun(), german_tank())
    hull = fire(situation, firer="g", target="t", deliberate_immobilization=True, dice={"colored": 2, "white": 1})[
        "outcome"
    ]
    turret = fire(situation, firer="g", target="t", deliberate_immobilization=True, dice={"colored": 1, "white": 2})[
        "outcome"
    ]
    ch_roll = fire(situation, firer="g", target="t", deliberate_immobilization=True, dice={"colored": 1, "white": 1})[
        "outcome"
    ]
    assert (hull["immobilized"], turret["immobilized"]) == (True, False)
    assert ch_roll["critical"] is False


def test_a_11_original_dr_at_or_above_the_b_number_malfunctions() -> None:
    assert _vs_tank(6, 6)["malfunction"] is True
    assert _vs_tank(5, 6, gun={"breakdown": 11})["malfunction"] is True
    assert _vs_tank(5, 5, gun={"breakdown": 11})["malfunction"] is False


def test_c3_332_he_hit_on_a_vehicle_gives_fp_and_column_but_no_personnel_result() -> None:
    situation = scenario(russian_gun(), unit("truck", "vehicle", "4E8", afv=False, vca="N/NE"))
    answer = fire(
        situation, firer="g", target="truck", target_type="infantry", dice={"colored": 2, "white": 3}, effects_dr=4
    )
    outcome = answer["outcome"]
    assert (outcome["hit"], outcome["ift_column"], outcome["result"]) == (True, 6, None)
    assert any("C1.55" in note for note in outcome["notes"])


def test_c8_31_ap_on_the_infantry_type_points_to_he_equivalency() -> None:
    situation = scenario(russian_gun(), unit("s", "squad", "4E8"))
    outcome = fire(situation, firer="g", target="s", target_type="infantry", ammo="AP", dice={"colored": 2, "white": 3})
    assert outcome["outcome"]["resolve_on"] == "IFT by HE Equivalency (C8.31)"
