"""C5.72 (and C3.7 EXC): a Deliberate Immobilization hit is never a Critical Hit, on every path a
CH could come from: an Original 2, the "only the lowest DR hits" subsequent dr (C3.7 EXC) and the
Improbable Hit's subsequent dr of 1 (C3.6). A hull hit immobilizes; where the Improbable dr 1 hit
strikes is read as C3.9 says (an Original 2 is a 1 and a 1: not coloured < white, so the hull)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario

#: (firer units, firer id, target, player): a Russian AT Gun and a German tank as firers.
FIRERS = {
    "AT Gun": (russian_gun("4E5", "S/SW"), "g", german_tank(hex_name="4E9"), "russian"),
    "tank": (german_tank(hex_name="4E9"), "t", {"id": "r", "side": "russian", "nationality": "russian",
                                                "kind": "vehicle", "name": "T-34 M41", "hex": "4E5", "vca": "S/SW",
                                                "turret": "T", "tca": "S/SW"},
             "german"),
}


def _situation(firer: str) -> tuple[Scenario, str, str]:
    units, firer_id, target, player = FIRERS[firer]
    return scenario(units, target, player=player), firer_id, target["id"]


def _shot(firer: str, needed: int, **action: Any) -> dict[str, Any]:
    """A Deliberate Immobilization shot with extra DRM making ``final_th_needed`` exactly ``needed``."""
    situation, firer_id, target = _situation(firer)
    plain = fire(situation, firer=firer_id, target=target, deliberate_immobilization=True)
    extra = plain["final_th_needed"] - needed
    return fire(situation, firer=firer_id, target=target, deliberate_immobilization=True, extra_drm=extra, **action)


@pytest.mark.parametrize("firer", list(FIRERS))
@pytest.mark.parametrize("needed", [1, 0, -3])
def test_c5_72_an_improbable_deliberate_immobilization_hit_is_never_a_ch(firer: str, needed: int) -> None:
    answer = _shot(firer, needed, dice={"colored": 1, "white": 1}, dr=1)
    assert answer["improbable"] is True and answer["critical_max_dr"] is None
    outcome = answer["outcome"]
    assert (outcome["hit"], outcome["critical"], outcome["location"], outcome["immobilized"]) == (True, False, "hull",
                                                                                                True)
    assert answer["odds"]["critical"] == 0


@pytest.mark.parametrize("firer", list(FIRERS))
@pytest.mark.parametrize(("dr", "hit", "location"), [(2, True, "turret"), (3, True, "hull"), (4, False, None)])
def test_c3_6_the_other_improbable_drs_still_place_the_hit(firer: str, dr: int, hit: bool,
                                                            location: str | None) -> None:
    outcome = _shot(firer, 1, dice={"colored": 1, "white": 1}, dr=dr)["outcome"]
    assert (outcome["hit"], outcome["critical"], outcome["location"]) == (hit, False, location)
    assert outcome["immobilized"] is (location == "hull")


@pytest.mark.parametrize("firer", list(FIRERS))
def test_c5_72_without_the_dr_an_improbable_di_hit_still_answers_no_ch(firer: str) -> None:
    outcome = _shot(firer, 1, dice={"colored": 1, "white": 1})["outcome"]
    assert outcome["critical"] is False and outcome["hit"] is None
    assert "never a CH (C5.72)" in outcome["needs_dr"]


@pytest.mark.parametrize("firer", list(FIRERS))
def test_c3_7_exc_only_the_lowest_dr_hits_no_dr_makes_a_di_hit_a_ch(firer: str) -> None:
    answer = _shot(firer, 2, dice={"colored": 1, "white": 1})
    assert answer["improbable"] is False and answer["critical_needs_dr"] is False
    outcome = answer["outcome"]
    assert "needs_dr" not in outcome
    assert (outcome["hit"], outcome["critical"], outcome["immobilized"]) == (True, False, True)


@pytest.mark.parametrize("firer", list(FIRERS))
@pytest.mark.parametrize("needed", [5, 8])
def test_c3_7_exc_an_original_2_deliberate_immobilization_hit_is_no_ch(firer: str, needed: int) -> None:
    answer = _shot(firer, needed, dice={"colored": 1, "white": 1})
    assert (answer["outcome"]["hit"], answer["outcome"]["critical"]) == (True, False)
    assert answer["outcome"]["resolve_on"] == "no TK DR (C5.72)"


@pytest.mark.parametrize("firer", list(FIRERS))
def test_c3_7_the_same_improbable_shot_without_di_is_a_ch_on_dr_1(firer: str) -> None:
    situation, firer_id, target = _situation(firer)
    plain = fire(situation, firer=firer_id, target=target)
    answer = fire(situation, firer=firer_id, target=target, extra_drm=plain["final_th_needed"] - 1,
                  dice={"colored": 1, "white": 1}, dr=1)
    assert answer["improbable"] is True and answer["outcome"]["critical"] is True
