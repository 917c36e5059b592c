"""C3.71: a CH vs a non-armored target reverses every positive TEM that target would get for the
TH or IFT DR and applies it as a negative DRM to the IFT DR; Air Burst (B13.3) and other negative
DRM (FFNAM/FFMO) are not reversed and still apply. On the Infantry Target Type the woods +1 of the
TH DR (Case Q) becomes -1, with the Air Burst -1 on top; on the Area Target Type the TH DR takes no
TEM (C3.331) and woods TEM gives way to Air Burst on the IFT, so only the Air Burst applies (C3.71 EX)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit

CH_DICE = {"dice": {"colored": 1, "white": 1}, "dr": 1}
#: Firers of an HE Infantry Target Type shot at 4E7: a Russian Gun and a German tank.
FIRERS = {
    "gun": (russian_gun("4E5", "S/SW", name="76L ART"), "g", "german", "russian"),
    "tank": (german_tank(hex_name="4E9", vca="NW/N", tca="NW/N"), "t", "russian", "german"),
}


def _shot(firer: str, terrain: str, target_type: str = "infantry", **action: Any) -> dict[str, Any]:
    units, firer_id, enemy, player = FIRERS[firer]
    situation = scenario(units, unit("s", "squad", "4E7", side=enemy), terrain={"4E7": terrain}, player=player)
    return fire(situation, firer=firer_id, target="s", target_type=target_type, **action)


def _plain_hit(firer: str, terrain: str) -> dict[str, Any]:
    """The same shot with dice whose Final DR is the highest that hits: a hit but no CH."""
    needed = _shot(firer, terrain)["final_th_needed"]
    colored = max(1, needed - 6)
    return _shot(firer, terrain, dice={"colored": colored, "white": needed - colored})


def _effects(answer: dict[str, Any]) -> list[tuple[str, int]]:
    return [(line["rule"], line["value"]) for line in answer["outcome"]["effects_drm"]]


@pytest.mark.parametrize("firer", list(FIRERS))
def test_c3_71_infantry_target_type_ch_in_woods_reverses_the_woods_tem_and_keeps_the_air_burst(firer: str) -> None:
    answer = _shot(firer, "woods", **CH_DICE)
    assert [line["case"] for line in answer["drm"] if line["case"] == "Q"] == ["Q"]  # woods +1 on the TH DR
    assert answer["outcome"]["critical"] is True
    assert _effects(answer) == [("C3.71", -1), ("B13.3", -1)]
    assert answer["outcome"]["effects_total_drm"] == -2


@pytest.mark.parametrize("firer", list(FIRERS))
def test_c3_71_without_a_ch_woods_gives_the_air_burst_alone(firer: str) -> None:
    answer = _plain_hit(firer, "woods")
    assert answer["outcome"]["hit"] is True and answer["outcome"]["critical"] is False
    assert _effects(answer) == [("B13.3", -1)]


@pytest.mark.parametrize("firer", list(FIRERS))
@pytest.mark.parametrize(("terrain", "tem"), [("stone building", 3), ("wooden building", 2), ("shellhole", 1)])
def test_c3_71_infantry_target_type_ch_reverses_building_and_shellhole_tem(firer: str, terrain: str,
                                                                          tem: int) -> None:
    answer = _shot(firer, terrain, **CH_DICE)
    assert _effects(answer) == [("C3.71", -tem)]
    plain = _plain_hit(firer, terrain)
    assert (plain["outcome"]["critical"], _effects(plain)) == (False, [("C3.4", tem)])


@pytest.mark.parametrize("firer", list(FIRERS))
def test_c3_71_a_ch_in_open_ground_has_no_tem_to_reverse(firer: str) -> None:
    assert _effects(_shot(firer, "open ground", **CH_DICE)) == []


def _mortar(terrain: str, **action: Any) -> dict[str, Any]:
    """A mortar's shot at the hex 4E7, whose squad ``s`` the answer gives in ``outcome.targets`` (C3.33)."""
    situation = scenario(russian_gun("4E2", "S/SW", name="82 MTR"), unit("s", "squad", "4E7"), terrain={"4E7": terrain})
    answer = fire(situation, firer="g", target_hex="4E7", **action)
    [squad] = answer["outcome"]["targets"]
    assert squad["id"] == "s"
    return {**answer, "outcome": {**answer["outcome"], **squad}}


def test_c3_71_ex_area_target_type_ch_in_woods_keeps_only_the_air_burst_and_ffnam() -> None:
    answer = _mortar("woods", dice={"colored": 1, "white": 1}, effects_drm=[{"value": -1, "label": "FFNAM"}])
    assert answer["target_type"] == "area" and answer["outcome"]["critical"] is True
    assert [(line["rule"], line["value"]) for line in answer["outcome"]["effects_drm"]] == [("B13.3", -1),
                                                                                            ("user", -1)]
    assert answer["outcome"]["effects_total_drm"] == -2
    assert answer["outcome"]["fp"] == 4 * answer["fp"]  # full HE FP doubled, not the Area half (C3.71)


@pytest.mark.parametrize(("terrain", "tem"), [("stone building", 3), ("wooden building", 2), ("shellhole", 1)])
def test_c3_71_area_target_type_ch_reverses_the_ift_tem(terrain: str, tem: int) -> None:
    answer = _mortar(terrain, dice={"colored": 1, "white": 1})
    assert [(line["rule"], line["value"]) for line in answer["outcome"]["effects_drm"]] == [("C3.71", -tem)]
