"""``critical_max_dr`` is an Original DR (DESIGN.md 4) on every Target Type, also under Motion Fire
without a gyrostabilizer (C5.35), where the TH DR doubles its lower dr: the highest Original DR
that is a CH on some split of the dice, every lower one being one too; the Original 2 alone (with
its subsequent dr, C3.7) when no doubled DR is low enough. Checked against the outcome of every
roll, not against numbers written here."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from tests.rules.fixtures.to_hit_scenarios import german_tank, scenario, unit

ALL_DICE = [(c, w) for c in range(1, 7) for w in range(1, 7)]


def _situation(motion: bool, phase: str, player: str, target_kind: str) -> Any:
    target = (unit("s", "squad", "4E6", side="russian") if target_kind == "squad" else
              {"id": "s", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "T-34 M41",
               "hex": "4E6", "vca": "S/SW"})
    tank = german_tank(hex_name="4E9", vca="NW/N", tca="NW/N", motion=motion, stopped=not motion, gyro=False)
    return scenario(tank, target, phase=phase, player=player)


def _critical_originals(situation: Any, action: dict[str, Any]) -> set[int]:
    """Original DRs that are a CH for some split and some subsequent dr, read from the outcomes."""
    found = set()
    for colored, white in ALL_DICE:
        for dr in range(1, 7):
            answer = resolve(situation, {**action, "dice": {"colored": colored, "white": white}, "dr": dr}).to_json()
            if answer["outcome"]["critical"]:
                found.add(colored + white)
    return found


MOTION_SHOTS = [("MPh", "german"), ("DFPh", "russian")]


@pytest.mark.parametrize(("phase", "player"), MOTION_SHOTS)
@pytest.mark.parametrize("extra", [-6, -4, -2, 0, 2, 4])
def test_c5_35_critical_max_dr_is_an_original_dr_on_the_infantry_target_type(phase: str, player: str,
                                                                            extra: int) -> None:
    situation = _situation(True, phase, player, "squad")
    action = {"kind": "fire", "firer": "t", "target": "s", "target_type": "infantry", "extra_drm": extra,
              "mp_in_los": 4}
    answer = resolve(situation, action).to_json()
    assert answer["legal"] is True and answer["doubled_lower_dr"] is True
    originals = _critical_originals(situation, action)
    assert originals, "a CH is possible on every one of these shots"
    assert answer["critical_max_dr"] == max(originals)
    assert originals == set(range(2, max(originals) + 1))


@pytest.mark.parametrize(("phase", "player"), MOTION_SHOTS)
def test_c5_35_only_the_original_2_with_a_dr_is_a_ch_when_no_doubled_dr_is_low_enough(phase: str,
                                                                                     player: str) -> None:
    situation = _situation(True, phase, player, "squad")
    plain = resolve(situation, {"kind": "fire", "firer": "t", "target": "s", "target_type": "infantry"}).to_json()
    # half the Modified TH# at most 3 + DRM: a doubled DR of 3 (a 1 and a 1) is not below it
    extra = (plain["modified_th"] + 1) // 2 - 3 - plain["total_drm"]
    action = {"kind": "fire", "firer": "t", "target": "s", "target_type": "infantry", "extra_drm": extra}
    answer = resolve(situation, action).to_json()
    assert (answer["critical_max_dr"], answer["critical_needs_dr"]) == (2, True)
    assert _critical_originals(situation, action) == {2}
    assert not any("(C3.7, C5.35)" in note for note in answer["notes"])


@pytest.mark.parametrize(("phase", "player"), MOTION_SHOTS)
@pytest.mark.parametrize("extra", [-4, 0, 3])
def test_c5_35_vehicle_target_type_critical_max_dr_is_the_original_2(phase: str, player: str, extra: int) -> None:
    situation = _situation(True, phase, player, "vehicle")
    action = {"kind": "fire", "firer": "t", "target": "s", "target_type": "vehicle", "extra_drm": extra}
    answer = resolve(situation, action).to_json()
    assert answer["critical_max_dr"] == 2 == max(_critical_originals(situation, action))


def test_c5_35_the_note_says_what_doubled_dr_a_ch_needs() -> None:
    situation = _situation(True, "MPh", "german", "squad")
    answer = resolve(situation, {"kind": "fire", "firer": "t", "target": "s", "target_type": "infantry",
                                 "extra_drm": -6}).to_json()
    note = next(note for note in answer["notes"] if note.endswith("(C3.7, C5.35)"))
    assert f"Original DR up to {answer['critical_max_dr']}" in note


@pytest.mark.parametrize("extra", [-6, -2, 0, 3])
def test_c3_7_without_motion_fire_critical_max_dr_is_a_threshold(extra: int) -> None:
    situation = _situation(False, "PFPh", "german", "squad")
    action = {"kind": "fire", "firer": "t", "target": "s", "target_type": "infantry", "extra_drm": extra}
    answer = resolve(situation, action).to_json()
    assert answer["doubled_lower_dr"] is False
    assert _critical_originals(situation, action) == set(range(2, answer["critical_max_dr"] + 1))
