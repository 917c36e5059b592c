"""A wall or hedge on the hexside a shot crosses into its target's hex (B9.3, B9.31): Case Q
vs the Infantry Target Type, and the Effects DRM of an HE hit (C3.4), C3.332 EX included."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.errors import AslError
from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, russian_gun, scenario, unit


def _at_squad(hexsides: dict[str, str], terrain: dict[str, str] | None = None, **action: Any) -> dict[str, Any]:
    # The Gun in 4E5 fires straight down column E: the shot enters 4E9 across its N hexside (4E8/4E9).
    situation = scenario(russian_gun(), unit("s", "squad", "4E9"), terrain=terrain, hexsides=hexsides)
    return fire(situation, firer="g", target="s", target_type="infantry", **action)


@pytest.mark.parametrize(
    ("hexsides", "terrain", "q"),
    [
        ({"4E8/4E9": "wall"}, None, 2),
        ({"4E8/4E9": "hedge"}, None, 1),
        ({"4E9/4F9": "wall"}, None, None),  # a wall the shot does not cross
        ({"4E8/4E9": "hedge"}, {"4E9": "stone building"}, 3),  # not cumulative: the better TEM
        ({"4E8/4E9": "wall"}, {"4E9": "shellhole"}, 2),
    ],
)
def test_b9_31_case_q_is_the_better_of_the_hex_and_the_wall_or_hedge_crossed(
    hexsides: dict[str, str], terrain: dict[str, str] | None, q: int | None
) -> None:
    assert drm(_at_squad(hexsides, terrain)).get("Q") == q


def test_c3_4_the_wall_crossed_is_the_effects_drm_of_an_he_hit_and_a_ch_reverses_it() -> None:
    hit = _at_squad({"4E8/4E9": "wall"}, dice={"colored": 3, "white": 3})["outcome"]
    assert [(line["value"], line["text"]) for line in hit["effects_drm"]] == [
        (2, "wall hexside TEM (not cumulative with in-hex TEM, B9.31)")
    ]
    critical = _at_squad({"4E8/4E9": "wall"}, dice={"colored": 1, "white": 1}, dr=1)["outcome"]
    assert critical["critical"] is True and [line["value"] for line in critical["effects_drm"]] == [-2]


def _area_hit(target: dict[str, Any], hexside: str) -> dict[str, Any]:
    """The C3.332 EX: a 76mm Gun's Area Target Type HE hit on a vehicle behind a wall or hedge."""
    situation = scenario(russian_gun(name="76L ART"), target, hexsides={"4E8/4E9": hexside})
    answer = fire(situation, firer="g", target=target["id"], target_type="area", ammo="HE",
                  dice={"colored": 2, "white": 3})
    assert answer["outcome"]["hit"] is True and answer["outcome"]["ift_column"] == 6
    return answer["outcome"]


def test_c3_332_ex_a_truck_behind_a_hedge_gets_plus_one_and_hd_behind_a_wall_gets_nothing() -> None:
    truck = unit("truck", "vehicle", "4E9", name="Opel Blitz", afv=False, vca="N/NE")
    assert [line["value"] for line in _area_hit(truck, "hedge")["effects_drm"]] == [1]
    assert _area_hit({**truck, "hd": True}, "wall")["effects_drm"] == []


def test_c3_332_ex_hd_tank_behind_a_wall_minus_one_and_behind_a_hedge_net_zero() -> None:
    # The PzKpfw IIIG: all AF <= 4, -1 (C1.55); the wall that makes it HD gives no TEM (D4.2).
    tank = german_tank(hex_name="4E9", hd=True, af={"hull": [3, 3, 1], "turret": [3, 3, 3]})
    hd = _area_hit(tank, "wall")
    assert [(line["case"], line["value"]) for line in hd["effects_drm"]] == [("AF", -1)]
    hedge = _area_hit({**tank, "hd": False}, "hedge")
    assert [(line["case"], line["value"]) for line in hedge["effects_drm"]] == [("TEM", 1), ("AF", -1)]
    assert hedge["effects_total_drm"] == 0


def test_c3_331_ex_an_open_topped_afv_hit_on_the_ift_is_minus_one() -> None:
    thick = {"hull": [8, 8, 3], "turret": [8, 8, 8]}  # not every AF <= 4: only the OT -1
    ot = german_tank(hex_name="4E9", ct=False, af=thick)
    assert [(line["case"], line["value"]) for line in _area_hit(ot, "road")["effects_drm"]] == [("OT", -1)]
    assert _area_hit({**ot, "ct": True}, "road")["effects_drm"] == []


def test_c1_55_an_empty_af_key_gives_no_armor_drm() -> None:
    tank = german_tank(hex_name="4E9", name="Unlisted AFV", ma={"caliber": 50}, af={})
    assert _area_hit(tank, "road")["effects_drm"] == []


@pytest.mark.parametrize(("af", "path"), [({"hull": 3}, "af.hull"), ("thin", "af"), ({"hull": ["3"]}, "af.hull[0]"),
                                          ({"hull": [-1]}, "af.hull[0]")])
def test_c1_55_an_af_key_that_is_not_lists_of_armor_factors_is_an_error_naming_it(af: Any, path: str) -> None:
    """DESIGN.md 3: a key of the wrong type is an error naming its JSON path, not a silent 'no AF DRM'."""
    tank = german_tank(hex_name="4E9", name="Unlisted AFV", ma={"caliber": 50}, af=af)
    with pytest.raises(AslError) as error:
        _area_hit(tank, "road")
    assert error.value.path == f"units[2].{path}"  # after the Gun and its crew
