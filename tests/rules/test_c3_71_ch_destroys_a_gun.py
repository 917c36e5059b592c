"""C3.71, last sentence (citing C11.4): a CH automatically destroys a Gun and its manning Infantry.
The outcome lists both under ``destroyed`` with ``result: "destroyed"`` instead of an IFT attack,
on the Infantry and the Area Target Type, whether the shot names the Gun or its crew; a Gun with no
crew in its Location is destroyed alone; a hit that is no CH is the normal IFT attack. Other units
in the hex are named with C3.74 (Random Selection picks the CH's target). Commit takes the
destroyed units off the map (rules/apply.py ``destroyed_units``)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from aslgui.rules.apply import destroyed_units, unit_changes
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit

#: An Original 2 and a subsequent dr of 1: a CH on every Target Type (C3.7).
CH_DICE = {"dice": {"colored": 1, "white": 1}, "dr": 1, "effects_dr": 7}
#: A German 75mm Gun manned by crew ``ec`` in 4E8, the target of every shot here.
ENEMY_GUN = unit("eg", "gun", "4E8", name="75L AT", ca="N/NE", crew="ec")
ENEMY_CREW = unit("ec", "crew", "4E8", name="2-2-8")
#: Firers: a Russian Gun (Russian player's PFPh) and a German tank firing at a Russian Gun.
FIRERS = {
    "gun": (russian_gun("4E5", "S/SW", name="76L ART"), "g", "german", "russian"),
    "tank": ([german_tank(hex_name="4E2", vca="SE/S", tca="SE/S")], "t", "russian", "german"),
}


def _situation(firer: str, crew_hex: str = "4E8", *more: dict[str, Any]) -> tuple[Any, str]:
    units, firer_id, enemy, player = FIRERS[firer]
    target_units = [dict(ENEMY_GUN, side=enemy, nationality=enemy), dict(ENEMY_CREW, side=enemy, nationality=enemy,
                                                                          hex=crew_hex)]
    return scenario(units, target_units, *more, player=player), firer_id


def _shot(firer: str, target: str = "eg", target_type: str = "infantry", crew_hex: str = "4E8",
          more: tuple[dict[str, Any], ...] = (), **action: Any) -> dict[str, Any]:
    situation, firer_id = _situation(firer, crew_hex, *more)
    keys = {**CH_DICE, **action}
    return fire(situation, firer=firer_id, target=target, target_type=target_type, ammo="HE", **keys)


def _own(answer: dict[str, Any], target: str = "eg") -> dict[str, Any]:
    """The named unit's outcome: its entry in ``targets`` when the shot lists the units it hits (C3.32,
    C3.33: the Gun and its crew here), else the outcome itself."""
    entries = {entry["id"]: entry for entry in answer["outcome"].get("targets", [])}
    return entries.get(target, answer["outcome"])


@pytest.mark.parametrize("firer", list(FIRERS))
@pytest.mark.parametrize("target_type", ["infantry", "area"])
@pytest.mark.parametrize("target", ["eg", "ec"])
def test_c3_71_a_ch_destroys_the_gun_and_its_manning_infantry(firer: str, target_type: str, target: str) -> None:
    answer = _shot(firer, target, target_type)
    outcome = _own(answer, target)
    assert (answer["legal"], outcome["hit"], outcome["critical"]) == (True, True, True)
    assert (outcome["destroyed"], outcome["result"]) == (["eg", "ec"], "destroyed")
    assert "fp" not in outcome and "effects_drm" not in outcome  # no IFT attack on them
    assert outcome["notes"][0] == "a CH destroys the Gun eg and its manning Infantry ec (C3.71, C11.4)"
    # one pick for Random Selection: the CH strikes both (C3.74)
    assert answer["outcome"]["notes"][-1] == "the CH strikes the Gun and its manning Infantry eg/ec (C3.74)"


@pytest.mark.parametrize("firer", list(FIRERS))
@pytest.mark.parametrize("target_type", ["infantry", "area"])
def test_c3_71_a_ch_on_a_gun_whose_crew_is_elsewhere_destroys_the_gun_alone(firer: str, target_type: str) -> None:
    outcome = _own(_shot(firer, "eg", target_type, crew_hex="4E9"))
    assert (outcome["critical"], outcome["destroyed"], outcome["result"]) == (True, ["eg"], "destroyed")
    assert outcome["notes"] == ["a CH destroys the Gun eg (C3.71, C11.4)"]


@pytest.mark.parametrize("firer", list(FIRERS))
@pytest.mark.parametrize("target_type", ["infantry", "area"])
def test_c3_71_a_hit_that_is_no_ch_is_the_normal_ift_attack_on_the_gun(firer: str, target_type: str) -> None:
    needed = _shot(firer, target_type=target_type)["final_th_needed"]
    dice = {"colored": max(1, needed - 6), "white": needed - max(1, needed - 6)}
    outcome = _own(_shot(firer, target_type=target_type, dice=dice))
    assert (outcome["hit"], outcome["critical"]) == (True, False)
    assert "destroyed" not in outcome
    assert outcome["result"] not in (None, "destroyed") and outcome["ift_column"] > 0


@pytest.mark.parametrize("firer", list(FIRERS))
def test_c3_71_a_ch_on_infantry_manning_no_gun_is_the_doubled_ift_attack(firer: str) -> None:
    squad = unit("sq", "squad", "4E6", side=FIRERS[firer][2], name="4-6-7")
    situation, firer_id = _situation(firer, "4E8", squad)
    outcome = fire(situation, firer=firer_id, target="sq", target_type="infantry", **CH_DICE)["outcome"]
    assert outcome["critical"] is True and "destroyed" not in outcome
    assert outcome["notes"][0] == "CH: full HE FP doubled, no halving (C3.71)"


@pytest.mark.parametrize("firer", list(FIRERS))
def test_c3_71_with_c3_74_other_units_in_the_hex_are_named_for_random_selection(firer: str) -> None:
    squad = unit("sq", "squad", "4E8", side=FIRERS[firer][2], name="4-6-7")
    answer = _shot(firer, more=(squad,))
    gun = _own(answer)
    assert "destroyed" not in answer["outcome"] and gun["critical"] is None  # Random Selection decides (C3.74)
    assert gun["if_selected"]["destroyed"] == ["eg", "ec"] and "destroyed" not in gun["if_not_selected"]
    assert gun["if_selected"]["notes"][1] == ("sq also in the hex: Random Selection decides which target the CH "
                                              "strikes, the others taking a normal hit (C3.74)")


@pytest.mark.parametrize("firer", list(FIRERS))
def test_c3_71_when_the_dr_decides_the_ch_it_decides_the_destruction(firer: str) -> None:
    """Infantry Target Type, +2 DRM: an Original 2 is a Final 4, not below half the Modified TH# 8,
    so a subsequent dr of 1-4 is a CH and 5-6 a normal hit (C3.7); without it ``destroyed`` is open."""
    waiting = _shot(firer, dr=None, extra_drm=2)
    assert (waiting["modified_th"], waiting["total_drm"]) == (8, 2)
    assert waiting["outcome"]["needs_dr"].endswith("(C3.7)")
    assert (waiting["outcome"]["critical"], waiting["outcome"]["destroyed"]) == (None, None)
    assert _shot(firer, dr=4, extra_drm=2)["outcome"]["destroyed"] == ["eg", "ec"]
    normal = _shot(firer, dr=5, extra_drm=2)["outcome"]
    assert normal["critical"] is False and "destroyed" not in normal and normal["result"] != "destroyed"


@pytest.mark.parametrize("target_type", ["infantry", "area"])
def test_c3_71_commit_takes_the_destroyed_gun_and_crew_off_the_map(target_type: str) -> None:
    situation, _ = _situation("gun")
    action = {"kind": "fire", "firer": "g", "target": "eg", "target_type": target_type, "ammo": "HE", **CH_DICE}
    answer = resolve(situation, action)
    assert destroyed_units(answer) == ["eg", "ec"]
    assert {u.id for u in unit_changes(situation, action, answer)} == {"g"}  # the firer's markers only
    assert destroyed_units(answer._replace(legal=False)) == []


def test_c3_71_commit_removes_nothing_without_a_ch() -> None:
    situation, _ = _situation("gun")
    action = {"kind": "fire", "firer": "g", "target": "eg", "target_type": "infantry", "ammo": "HE",
              "dice": {"colored": 6, "white": 6}}
    assert destroyed_units(resolve(situation, action)) == []
