"""A move's threat counts the enemy's shot as the equivalent ``fire`` answers it (DESIGN.md 13),
and both say they leave out the To Hit DRM vs a moving target (C6 Case J: only named by the rules
folder, C10.25), so a 100% at point blank range reads as what it is: TH# 10 for a vehicle at 0-6
hexes (C3 To Hit Table), -2 for Case L at one hex (DESIGN.md 4), every Original DR hits."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from aslgui.rules.move import MOVING_TARGET_NOTE
from aslgui.rules.to_hit.target_drm import CASE_J_NOTE
from tests.rules.move_boards import board, move

#: The tank next to the Russian 57LL AT Gun's CA: it turns, enters 4J4 (range 2), then 4J3 (range 1).
START = {"t1": {"hex": "4I5", "vca": "NE/SE"}}


def fire_at_t1(units: dict[str, dict[str, Any]], phase: str = "MPh") -> dict[str, Any]:
    scenario = board(units, phase=phase)
    return resolve(scenario, {"kind": "fire", "firer": "g1", "target": "t1", "target_type": "vehicle",
                              "phase": phase}).to_json()


def case_j(answer: dict[str, Any]) -> list[str]:
    return [note for note in answer.get("unverified", ()) if CASE_J_NOTE in note]


@pytest.mark.parametrize(("path", "step", "hit", "th", "rng"), [
    (("4J4",), 0, 0.7222, 8, 2),  # TH# 10, Case A +3 (NT, 1 hexspine), Case L -1 at two hexes: 8
    (("4J4", "4J3"), 2, 1.0, 12, 1),  # TH# 10, Case L -2 -> 12: every DR hits
])
def test_design_13_the_threat_is_the_fire_answer_at_the_step(path: tuple[str, ...], step: int, hit: float,
                                                             th: int, rng: int) -> None:
    answer = move(board(START), "t1", *path)
    assert answer["legal"] and answer["threats"] == [{"firer": "g1", "step": step, "hit": hit}]
    assert MOVING_TARGET_NOTE in answer["unverified"]
    fire = fire_at_t1({"t1": {"hex": answer["steps"][step]["hex"], "moved": True}})
    assert (fire["legal"], fire["odds"]["hit"], fire["final_th_needed"], fire["range"]) == (True, hit, th, rng)
    assert case_j(fire) == [f"t1: {CASE_J_NOTE}"]


def test_c3_the_point_blank_100_percent_is_the_c3_table_and_case_l() -> None:
    fire = fire_at_t1({"t1": {"hex": "4J3", "moved": True}})
    assert (fire["basic_th"], fire["modified_th"], fire["final_th_needed"]) == (10, 10, 12)
    assert [(line["case"], line["value"]) for line in fire["drm"]] == [("L", -2)]
    assert fire["odds"]["hit"] == 1.0


@pytest.mark.parametrize(("units", "phase", "noted"), [
    ({"t1": {"hex": "4J4", "moved": True}}, "MPh", True),  # moving in its MPh
    ({"t1": {"hex": "4J4", "motion": True, "stopped": False}}, "DFPh", True),  # in Motion
    ({"t1": {"hex": "4J4"}}, "MPh", False),  # not moved yet
    ({"t1": {"hex": "4J4", "moved": True}}, "DFPh", False),  # moved, stopped: no longer a moving target
    ({"r1": {"hex": "4J4", "side": "german", "moved": True}, "t1": {"hex": "4A1"}}, "MPh", False),  # Infantry
])
def test_c6_case_j_the_fire_answer_names_the_uncounted_moving_target_drm(
        units: dict[str, dict[str, Any]], phase: str, noted: bool) -> None:
    scenario = board(units, phase=phase)
    target = "r1" if "r1" in units else "t1"
    answer = resolve(scenario, {"kind": "fire", "firer": "g1", "target": target, "phase": phase}).to_json()
    assert bool(case_j(answer)) is noted
