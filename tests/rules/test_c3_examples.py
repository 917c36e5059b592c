"""Every EX of C3 (ordnance To Hit process) as a test through ``resolve``."""

from __future__ import annotations

import pytest

from aslgui.model import Scenario
from tests.rules.fixtures.to_hit_scenarios import BOARDS_4_5, drm, fire, german_tank, russian_gun, scenario, unit


def test_c3_2_ex_boundary_hex_4e6_is_in_the_ca_so_no_case_a() -> None:
    situation = scenario(russian_gun("4E5", "S/SW"), unit("s", "squad", "4E6"))
    answer = fire(situation, firer="g", target="s", target_type="infantry")
    assert answer["ca_change_spines"] == 0
    assert "A" not in drm(answer)


@pytest.mark.parametrize(
    ("target", "needed"),
    [("truck", 8), ("squad", 7), ("kuebel", 6)],
)
def test_c3_32_ex_57ll_he_on_infantry_type_at_six_hexes(target: str, needed: int) -> None:
    situation = scenario(
        russian_gun("4E2", "S/SW"),
        unit("truck", "vehicle", "4E8", name="Opel Blitz", afv=False, vca="N/NE"),
        unit("kuebel", "vehicle", "4E8", name="Kuebelwagen", afv=False, size=2, vca="N/NE"),
        unit("squad", "squad", "4E8"),
        terrain={"4E8": "shellhole"},
    )
    answer = fire(situation, firer="g", target=target, target_type="infantry", ammo="HE")
    assert answer["legal"] is True
    assert (answer["range"], answer["colour"], answer["basic_th"], answer["modified_th"]) == (6, "red", 8, 8)
    assert answer["final_th_needed"] == needed
    assert answer["ift_column"] == 6


def _mortar_and_squad_in_woods() -> Scenario:
    """The C3.331 and C3.71 EX: a German 50mm mortar three hexes from a squad in woods."""
    return scenario(
        unit("m", "gun", "4E2", name="50 MTR", ca="S/SW", crew="mc"),
        unit("mc", "crew", "4E2"),
        unit("s", "squad", "4E5", side="russian"),
        terrain={"4E5": "woods"},
        player="german",
    )


def test_c3_331_ex_mortar_area_fire_ignores_woods_tem_and_attacks_with_half_fp() -> None:
    situation = _mortar_and_squad_in_woods()
    answer = fire(situation, firer="m", target="s", dice={"colored": 2, "white": 3})
    assert answer["target_type"] == "area"
    assert answer["drm"] == []  # no Case Q vs the Area Target Type (C3.331)
    assert (answer["basic_th"], answer["modified_th"], answer["final_th_needed"]) == (7, 7, 7)
    assert answer["rof_consumed"] is False  # a mortar keeps its ROF
    outcome = answer["outcome"]
    assert outcome["hit"] is True and outcome["critical"] is False
    assert (outcome["fp"], outcome["ift_column"]) == (3, 2)
    assert outcome["effects_drm"] == [{"case": "TEM", "rule": "B13.3", "value": -1, "text": "Air Burst in woods"}]


@pytest.mark.parametrize(("colored", "white", "hit", "location"), [(2, 5, True, "turret"), (5, 2, False, None)])
def test_c3_332_ex_76mm_area_fire_hits_a_hd_tank_only_in_the_turret(
    colored: int, white: int, hit: bool, location: str | None
) -> None:
    situation = scenario(russian_gun("4E2", "S/SW", name="76L ART"), german_tank(hex_name="4E5", hd=True))
    answer = fire(
        situation, firer="g", target="t", target_type="area", ammo="HE", dice={"colored": colored, "white": white}
    )
    assert answer["legal"] is True
    assert answer["ift_column"] == 6  # half of 12 FP
    assert (answer["outcome"]["hit"], answer["outcome"]["location"]) == (hit, location)


def _c3_6_situation() -> dict[str, object]:
    situation = scenario(
        unit("g", "gun", "4A5", name="75L AT", ca="NE/SE", crew="c"),
        unit("c", "crew", "4A5", pinned=True),
        unit("s", "squad", "5F5", side="russian"),
        boards=BOARDS_4_5,
        player="german",
    )
    return {"situation": situation}


def test_c3_6_ex_german_l_gun_at_37_hexes_needs_an_improbable_hit() -> None:
    answer = fire(_c3_6_situation()["situation"], firer="g", target="s", target_type="infantry")  # type: ignore[arg-type]
    assert (answer["range"], answer["basic_th"], answer["modified_th"]) == (37, 2, 3)
    assert answer["total_drm"] == 2
    assert answer["final_th_needed"] == 1
    assert answer["improbable"] is True
    assert (answer["critical_max_dr"], answer["critical_needs_dr"]) == (2, True)


@pytest.mark.parametrize(
    ("dr", "hit", "critical"),
    [(1, True, True), (2, True, False), (3, True, False), (4, False, False), (6, False, False)],
)
def test_c3_6_ex_original_2_then_dr_1_to_3_hits(dr: int, hit: bool, critical: bool) -> None:
    situation = _c3_6_situation()["situation"]
    answer = fire(situation, firer="g", target="s", target_type="infantry", dice={"colored": 1, "white": 1}, dr=dr)  # type: ignore[arg-type]
    assert (answer["outcome"]["hit"], answer["outcome"]["critical"]) == (hit, critical)
    assert answer["outcome"]["improbable"] is hit


def test_c3_6_ex_any_other_original_dr_misses() -> None:
    situation = _c3_6_situation()["situation"]
    answer = fire(situation, firer="g", target="s", target_type="infantry", dice={"colored": 1, "white": 2})  # type: ignore[arg-type]
    assert answer["outcome"]["hit"] is False


@pytest.mark.parametrize(("acquisition", "total", "ch_max"), [(0, 1, 2), (1, 0, 3), (2, -1, 4)])
def test_c3_7_ex_ce_tank_ch_range_grows_with_acquisition(acquisition: int, total: int, ch_max: int) -> None:
    situation = scenario(
        german_tank(hex_name="4E5", vca="S/SW", tca="S/SW"),
        unit("s", "squad", "4E7", side="russian"),
        terrain={"4E7": "wooden building"},
        player="german",
    )
    answer = fire(situation, firer="t", target="s", target_type="infantry", acquisition=acquisition)
    assert answer["modified_th"] == 8
    assert drm(answer)["L"] == -1 and drm(answer)["Q"] == 2
    assert answer["total_drm"] == total
    assert (answer["critical_max_dr"], answer["critical_needs_dr"]) == (ch_max, False)


def test_c3_71_ex_mortar_ch_vs_moving_squad_in_woods_is_12_fp_with_minus_2() -> None:
    situation = _mortar_and_squad_in_woods()
    answer = fire(
        situation,
        firer="m",
        target="s",
        dice={"colored": 1, "white": 1},
        effects_dr=7,
        effects_drm=[{"value": -1, "label": "FFNAM (A4.6)"}],
    )
    outcome = answer["outcome"]
    assert outcome["critical"] is True
    assert (outcome["fp"], outcome["ift_column"], outcome["effects_total_drm"]) == (12, 12, -2)
    assert outcome["result"] == "2MC"  # 12 column, Final DR 5
