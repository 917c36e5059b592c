"""Dice without the subsequent dr (C3.6, C3.7): ``dr`` is optional (DESIGN.md section 4), so the
answer gives what the Original DR decides, leaves null what the dr decides and says in
``needs_dr`` what that dr would decide, citing the rule."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.resource_files import resource_path
from tests.rules.fixtures.to_hit_scenarios import BOARDS_4_5, fire, german_tank, russian_gun, scenario, unit

SNAKE_EYES = {"colored": 1, "white": 1}


def _c3_6_ex() -> Scenario:
    """The C3.6 EX: a German 75L AT Gun (crew pinned) 37 hexes from a squad: needs an Improbable Hit."""
    return scenario(
        unit("g", "gun", "4A5", name="75L AT", ca="NE/SE", crew="c"),
        unit("c", "crew", "4A5", pinned=True),
        unit("s", "squad", "5F5", side="russian"),
        boards=BOARDS_4_5,
        player="german",
    )


def _only_lowest_hits(**tank: Any) -> Scenario:
    # 57LL at 4E5, tank 4E9: Modified TH# 10; +3 NT Case A, +2 pinned crew, +3 extra -> needs 2.
    return scenario(russian_gun(ca="NE/SE", crew_pinned=True), german_tank(**tank))


def _squad_in(terrain: str) -> Scenario:
    return scenario(russian_gun(), unit("s", "squad", "4E9"), terrain={"4E9": terrain})


#: (situation, fire action without dice) for each way a shot can need a subsequent dr.
CASES: dict[str, tuple[Any, dict[str, Any]]] = {
    "C3.6 infantry": (_c3_6_ex, {"firer": "g", "target": "s", "target_type": "infantry", "effects_dr": 5}),
    "C3.6 vehicle": (lambda: scenario(russian_gun(), german_tank()), {"firer": "g", "target": "t", "extra_drm": 9}),
    "C3.6 HD vehicle": (
        lambda: scenario(russian_gun(), german_tank(hd=True)),
        {"firer": "g", "target": "t", "extra_drm": 9},
    ),
    "C3.7 only lowest": (_only_lowest_hits, {"firer": "g", "target": "t", "extra_drm": 3}),
    "C3.7 only lowest HD": (lambda: _only_lowest_hits(hd=True), {"firer": "g", "target": "t", "extra_drm": 3}),
    "C3.7 infantry": (
        lambda: _squad_in("stone building"),
        {"firer": "g", "target": "s", "target_type": "infantry", "extra_drm": 1, "effects_dr": 6},
    ),
    "C3.8 20mm infantry": (
        lambda: scenario(russian_gun(name="20L AA", mount="T", nationality="german"), unit("s", "squad", "4E7")),
        {"firer": "g", "target": "s", "target_type": "infantry", "extra_drm": 3},
    ),
}


def _outcome(case: str, **more: Any) -> dict[str, Any]:
    situation, action = CASES[case]
    outcome: dict[str, Any] = fire(situation(), **action, dice=SNAKE_EYES, **more)["outcome"]
    return outcome


def test_c3_6_improbable_original_2_without_dr_answers_and_asks_for_the_dr() -> None:
    answer = fire(_c3_6_ex(), firer="g", target="s", target_type="infantry", dice=SNAKE_EYES, effects_dr=5)
    assert answer["legal"] is True and answer["improbable"] is True
    outcome = answer["outcome"]
    assert (outcome["hit"], outcome["critical"], outcome["improbable"], outcome["location"]) == (None, None, None, None)
    assert (outcome["th_dr"], outcome["final_dr"], outcome["malfunction"]) == (2, 4, False)
    assert outcome["multiple_hits"] is False  # never on an Improbable Hit (C3.8)
    assert (outcome["fp"], outcome["ift_column"], outcome["result"]) == (None, None, None)  # only a hit attacks
    assert outcome["needs_dr"] == (
        "an Original 2 on an Improbable Hit: a subsequent dr of 1 is a CH, 2 a turret hit, 3 a hull hit, "
        "4-6 a miss (C3.6)"
    )


def test_c3_6_improbable_vs_a_vehicle_without_dr_leaves_the_location_and_the_table_open() -> None:
    outcome = _outcome("C3.6 vehicle")
    assert (outcome["hit"], outcome["critical"], outcome["location"], outcome["resolve_on"]) == (None, None, None, None)
    assert outcome["final_dr"] == 11 and outcome["multiple_hits"] is False
    assert "3 a hull hit, 4-6 a miss (C3.6)" in outcome["needs_dr"]


def test_c3_6_and_c3_9_improbable_vs_a_hd_vehicle_says_a_hull_hit_misses() -> None:
    assert "3 a hull hit (a miss vs a HD target, C3.9), 4-6 a miss (C3.6)" in _outcome("C3.6 HD vehicle")["needs_dr"]


def test_c3_6_improbable_any_other_original_dr_misses_without_asking_for_a_dr() -> None:
    answer = fire(_c3_6_ex(), firer="g", target="s", target_type="infantry", dice={"colored": 1, "white": 2})
    assert answer["outcome"]["hit"] is False and "needs_dr" not in answer["outcome"]


def test_c3_7_infantry_original_2_without_dr_is_a_hit_with_the_ch_and_its_ift_attack_open() -> None:
    outcome = _outcome("C3.7 infantry")
    assert (outcome["hit"], outcome["critical"], outcome["improbable"]) == (True, None, False)
    # a CH doubles the FP and reverses the TEM (C3.71): the attack waits for the dr
    assert (outcome["fp"], outcome["ift_column"], outcome["effects_drm"], outcome["result"]) == (None, None, None, None)
    assert outcome["needs_dr"] == (
        "an Original 2 on the Infantry Target Type: a subsequent dr of 1-4 is a CH, 5-6 is not (C3.7)"
    )


def test_c3_7_infantry_original_2_with_a_dr_is_answered_as_before() -> None:
    critical = _outcome("C3.7 infantry", dr=4)
    normal = _outcome("C3.7 infantry", dr=5)
    assert (critical["critical"], critical["fp"], critical["result"]) == (True, 12, "K/3")
    assert (normal["critical"], normal["fp"], normal["ift_column"]) == (False, 6, 6)
    assert "needs_dr" not in critical and "needs_dr" not in normal


@pytest.mark.parametrize(("case", "location"), [("C3.7 only lowest", "hull"), ("C3.7 only lowest HD", "turret")])
def test_c3_7_and_c3_9_only_the_lowest_dr_hits_without_dr_keeps_the_location(case: str, location: str) -> None:
    """CH or not, an Original 1+1 hits the hull (turret if HD), so only the CH waits for the dr."""
    outcome = _outcome(case)
    assert (outcome["hit"], outcome["critical"], outcome["location"]) == (True, None, location)
    assert outcome["resolve_on"] == "To Kill Table (C7)"
    assert outcome["needs_dr"] == "only the lowest DR hits: a subsequent dr of 1 is a CH, 2-6 a normal hit (C3.7)"


def test_c3_8_multiple_hits_wait_for_the_dr_when_the_ch_does() -> None:
    """A 20mm doubles hit is two hits unless it is a CH (C3.8), which here the dr decides (C3.7)."""
    outcome = _outcome("C3.8 20mm infantry")
    assert (outcome["hit"], outcome["critical"], outcome["multiple_hits"]) == (True, None, None)
    assert _outcome("C3.8 20mm infantry", dr=6)["multiple_hits"] is True
    assert _outcome("C3.8 20mm infantry", dr=1)["multiple_hits"] is False


@pytest.mark.parametrize("case", CASES)
def test_c3_6_c3_7_what_the_dice_decide_is_what_every_dr_answers(case: str) -> None:
    """Each non-null key is the answer for every dr 1..6; a key the dr changes is null."""
    without = _outcome(case)
    assert without["needs_dr"].endswith(("(C3.6)", "(C3.7)"))
    with_dr = [_outcome(case, dr=dr) for dr in range(1, 7)]
    assert all("needs_dr" not in outcome for outcome in with_dr)
    for key, value in without.items():
        if key in ("needs_dr", "notes"):
            continue
        answers = [outcome.get(key, "absent") for outcome in with_dr]
        if value is not None:
            assert answers == [value] * 6, key
        else:
            assert key in ("location", "result") or len({json.dumps(a) for a in answers}) > 1, key
    assert all(set(without["notes"]) <= set(outcome["notes"]) for outcome in with_dr)


def test_c3_6_cli_resolve_without_dr_exits_0_with_needs_dr() -> None:
    """``aslgui resolve`` answers the C3.6 EX rolled as snake eyes, with no dr: exit 0, not 2."""
    example = resource_path("examples", "c3_6_improbable_hit.json")
    action = {**json.loads(example.read_text(encoding="utf-8"))["prepared_action"], "dice": SNAKE_EYES}
    done = subprocess.run(
        [sys.executable, "-m", "aslgui", "resolve", str(example), "-"],
        input=json.dumps(action),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["legal"], answer["improbable"], answer["final_th_needed"]) == (True, True, 1)
    outcome = answer["outcome"]
    assert (outcome["hit"], outcome["critical"], outcome["final_dr"]) == (None, None, 4)
    assert outcome["needs_dr"].endswith("(C3.6)")
