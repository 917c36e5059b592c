"""Multiple ROF (C2.24) as the rules core keeps it: never in the AFPh unless as Opportunity Fire
(C5.2), never on an Intensive Fire shot (C5.6), a non-mortar's Area shot (C3.33) or by a pinned
firer (C5.4); a kept ROF is tracked on the unit (``rof_kept``: the phase) so it may fire again in
that phase only, and a shot that does not keep it uses the normal ROF up."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.apply import end_player_turn, unit_changes
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit

#: (firer units, firer id, target units, target id, player): a Russian Gun at a German tank or
#: squad, and a German tank (ROF 2) at a Russian Gun crew's squad, each side the ATTACKER.
FIRERS = {
    "gun vs AFV": (russian_gun("4E5"), "g", german_tank(hex_name="4E9"), "t", "russian"),
    "gun vs squad": (russian_gun("4E5"), "g", unit("s", "squad", "4E8"), "s", "russian"),
    "tank vs squad": (german_tank(hex_name="4E9", vca="N/NE", tca="NW/N"), "t", unit("s", "squad", "4E6",
                                                                                   side="russian"), "s", "german"),
    "tank vs AFV": (german_tank(hex_name="4E9"), "t", {"id": "r", "side": "russian", "nationality": "russian",
                                                       "kind": "vehicle", "name": "T-34 M41", "hex": "4E5",
                                                       "vca": "S/SW"}, "r", "german"),
}


def _situation(case: str, phase: str, **firer_keys: Any) -> tuple[Scenario, str, str]:
    firer, firer_id, target, target_id, player = FIRERS[case]
    units = [dict(u) for u in (firer if isinstance(firer, list) else [firer])]
    next(u for u in units if u["id"] == firer_id).update(firer_keys)
    return scenario(units, target, phase=phase, player=player), firer_id, target_id


def _shot(case: str, phase: str, dice: tuple[int, int] | None = None, firer_keys: dict[str, Any] | None = None,
          **action: Any) -> dict[str, Any]:
    situation, firer, target = _situation(case, phase, **(firer_keys or {}))
    if dice is not None:
        action["dice"] = {"colored": dice[0], "white": dice[1]}
    return fire(situation, firer=firer, target=target, **action)


# -- C5.2: no weapon fires more than once in its AFPh ----------------------------------------------
@pytest.mark.parametrize("case", list(FIRERS))
@pytest.mark.parametrize("dice", [(1, 1), (1, 3), (2, 5)])
def test_c5_2_afph_never_keeps_multiple_rof(case: str, dice: tuple[int, int]) -> None:
    answer = _shot(case, "AFPh", dice)
    assert answer["legal"] is True
    assert answer["rof"] == 0
    assert answer["rof_note"].endswith("(C5.2)") and "AFPh" in answer["rof_note"]
    assert answer["outcome"]["rof_retained"] is False


@pytest.mark.parametrize("case", list(FIRERS))
def test_c5_2_the_same_dice_keep_the_rof_in_the_pfph(case: str) -> None:
    answer = _shot(case, "PFPh", (1, 3))
    assert answer["rof"] >= 2 and answer["rof_note"] is None
    assert answer["outcome"]["rof_retained"] is True


def test_c5_2_a_vehicle_that_moved_keeps_no_rof_in_its_afph_either() -> None:
    answer = _shot("tank vs squad", "AFPh", (1, 2), {"moved": True})
    assert {line["case"] for line in answer["drm"]} >= {"B", "C"}  # Bounding Fire (C5.3)
    assert (answer["rof"], answer["outcome"]["rof_retained"]) == (0, False)


@pytest.mark.parametrize("case", ["gun vs AFV", "tank vs squad"])
def test_c5_2_unless_opportunity_fire_in_the_afph_the_rof_may_be_kept(case: str) -> None:
    answer = _shot(case, "AFPh", (1, 4), opportunity=True)
    assert answer["rof"] >= 2 and answer["rof_note"] is None
    assert answer["outcome"]["rof_retained"] is True


@pytest.mark.parametrize("case", list(FIRERS))
@pytest.mark.parametrize("kept", [None, "PFPh", "AFPh"])
def test_c5_2_a_second_shot_in_the_afph_is_refused(case: str, kept: str | None) -> None:
    keys: dict[str, Any] = {"fired": True, **({"rof_kept": kept} if kept else {})}
    answer = _shot(case, "AFPh", firer_keys=keys)
    assert answer["legal"] is False
    assert any("more than once in its AFPh" in found and found.endswith("(C5.2)") for found in answer["reasons"])


def test_c5_2_unless_opportunity_fire_a_kept_rof_fires_again_in_the_afph() -> None:
    answer = _shot("gun vs AFV", "AFPh", firer_keys={"fired": True, "rof_kept": "AFPh"}, opportunity=True)
    assert answer["legal"] is True


def test_c5_2_afph_mortar_keeps_no_rof_either() -> None:
    situation = scenario(russian_gun("4E5", name="82 MTR"), unit("s", "squad", "4E9"), phase="AFPh")
    answer = fire(situation, firer="g", target_hex="4E9", dice={"colored": 1, "white": 1})
    assert answer["target_type"] == "area" and answer["rof"] == 0
    assert "(C5.2)" in answer["rof_note"] and answer["outcome"]["rof_retained"] is False


# -- C2.24: a kept ROF is tracked, so the unit may fire again in that phase only --------------------
@pytest.mark.parametrize("case", list(FIRERS))
@pytest.mark.parametrize("phase", ["PFPh", "DFPh"])
def test_c2_24_a_kept_rof_lets_it_fire_again_in_that_phase(case: str, phase: str) -> None:
    player = FIRERS[case][4]
    if phase == "DFPh":  # the firer is the DEFENDER then
        player = "german" if player == "russian" else "russian"
    situation, firer, target = _situation(case, phase, fired=True, rof_kept=phase)
    situation.player = player
    answer = fire(situation, firer=firer, target=target)
    assert answer["legal"] is True, answer["reasons"]


@pytest.mark.parametrize("case", list(FIRERS))
@pytest.mark.parametrize("kept", [None, "MPh", "DFPh"])
def test_c2_24_fired_without_a_rof_kept_this_phase_is_refused(case: str, kept: str | None) -> None:
    keys: dict[str, Any] = {"fired": True, **({"rof_kept": kept} if kept else {})}
    answer = _shot(case, "PFPh", firer_keys=keys)
    assert answer["legal"] is False
    assert any("has used its normal ROF" in found and found.endswith("(C2.24)") for found in answer["reasons"])


def test_c5_6_no_intensive_fire_while_a_kept_rof_is_unused() -> None:
    answer = _shot("gun vs AFV", "PFPh", firer_keys={"fired": True, "rof_kept": "PFPh"}, intensive=True)
    assert answer["legal"] is False
    assert any("normal ROF is not used up yet (C5.6)" in found for found in answer["reasons"])


def _commit(situation: Scenario, action: dict[str, Any]) -> dict[str, Any]:
    """Resolve and apply one action; the answer's JSON."""
    resolution = resolve(situation, action)
    for changed in unit_changes(situation, action, resolution):
        situation.units[changed.id] = changed
    return resolution.to_json()


@pytest.mark.parametrize("case", list(FIRERS))
def test_c2_24_commit_tracks_the_kept_rof_until_a_shot_does_not_keep_it(case: str) -> None:
    situation, firer, target = _situation(case, "PFPh")
    shot = {"kind": "fire", "firer": firer, "target": target}
    first = _commit(situation, {**shot, "dice": {"colored": 1, "white": 6}})
    assert first["outcome"]["rof_retained"] is True
    assert situation.units[firer].fired and situation.units[firer].extra["rof_kept"] == "PFPh"
    second = _commit(situation, {**shot, "dice": {"colored": 6, "white": 6}})
    assert second["legal"] is True and second["outcome"]["rof_retained"] is False
    assert "rof_kept" not in situation.units[firer].extra
    third = resolve(situation, shot)
    assert third.legal is False and any("has used its normal ROF" in r for r in third.reasons)
    # the 12 also malfunctioned it, if 12 reaches its B# (A.11): it fires no more either way
    assert any("malfunctioned" in r for r in third.reasons) == bool(second["outcome"]["malfunction"])


def test_c2_24_a_kept_rof_is_not_carried_into_the_next_phase() -> None:
    situation, firer, target = _situation("gun vs AFV", "PFPh")
    _commit(situation, {"kind": "fire", "firer": firer, "target": target, "dice": {"colored": 2, "white": 2}})
    later = resolve(situation, {"kind": "fire", "firer": firer, "target": target, "phase": "AFPh",
                                "opportunity": True})
    assert later.legal is False and "(C2.24)" in later.reasons[0]


def test_c5_2_commit_in_the_afph_tracks_no_rof() -> None:
    situation, firer, target = _situation("gun vs squad", "AFPh")
    _commit(situation, {"kind": "fire", "firer": firer, "target": target, "dice": {"colored": 1, "white": 1}})
    assert situation.units[firer].fired and "rof_kept" not in situation.units[firer].extra
    again = resolve(situation, {"kind": "fire", "firer": firer, "target": target})
    assert again.legal is False and again.reasons[0].endswith("(C5.2)")


def test_c2_24_the_end_of_the_player_turn_clears_a_kept_rof() -> None:
    situation, firer, _ = _situation("gun vs AFV", "PFPh", fired=True, rof_kept="PFPh")
    cleaned = {u.id: u for u in end_player_turn(situation)}
    assert not cleaned[firer].fired and "rof_kept" not in cleaned[firer].extra


@pytest.mark.parametrize(("kept", "legal"), [("PFPh", True), ("MPh", False), (None, False)])
def test_c3_22_a_kept_rof_still_lets_the_gun_change_its_ca(kept: str | None, legal: bool) -> None:
    keys: dict[str, Any] = {"fired": True, **({"rof_kept": kept} if kept else {})}
    situation = scenario(russian_gun("4E5", **keys), german_tank())
    answer = resolve(situation, {"kind": "change_ca", "unit": "g", "ca": "N/NE", "phase": "PFPh"}).to_json()
    assert answer["legal"] is legal
