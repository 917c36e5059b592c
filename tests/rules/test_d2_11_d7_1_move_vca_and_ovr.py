"""``move`` (DESIGN.md 13): VCA changes as their own steps (D2.11, unverified), the fewest turns
over the path; a vehicle's last hex holding enemy Infantry or a Gun is its OVR (D7.1), answered
exactly as ``overrun`` alone answers it; towing a Gun costs +1 MP a hex (C10.1)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aslgui.geometry import SPINE_NAMES
from aslgui.model import scenario_to_json
from aslgui.rules import resolve
from aslgui.rules.move import vca_plan
from tests.rules.move_boards import board, costs, move

N_NE, NE_SE, SE_S, S_SW, SW_NW, NW_N = range(6)
N, NE, SE, S, SW, NW = range(6)


# -- D2.11 VCA changes -----------------------------------------------------------------------------
def test_d2_11_a_hex_of_the_vca_needs_no_turn() -> None:
    assert vca_plan(N_NE, [N, NE, N], None) == [N_NE, N_NE, N_NE]


def test_d2_11_one_hexspine_to_enter_the_hex_beside_the_vca() -> None:
    answer = move(board(), "t1", "4F6")  # 4F6 is SE of 4E6; the VCA N/NE turns to NE/SE
    assert answer["steps"] == [
        {"hex": "4E6", "mp": 1, "total": 1, "why": "VCA N/NE to NE/SE, 1 hexspine (D2.11)"},
        {"hex": "4F6", "mp": 1, "total": 2, "why": "open ground"},
    ]
    assert answer["vca"] == "NE/SE"
    assert any(note.startswith("VCA change: 1 MP per hexspine") for note in answer["unverified"])


def test_d2_11_turning_around_costs_three_hexspines_in_the_hex_it_turns_in() -> None:
    answer = move(board(), "t1", "4E5", "4E6")
    assert costs(answer) == [("4E5", 1, 1), ("4E5", 2, 3), ("4E6", 1, 4)]
    assert answer["steps"][1]["why"] == "VCA N/NE to SE/S, 2 hexspines (D2.11)"  # nearer than S/SW


def test_d2_11_a_vca_asked_at_the_end_is_the_last_step() -> None:
    answer = move(board(), "t1", "4E5", vca="S/SW")
    assert costs(answer) == [("4E5", 1, 1), ("4E5", 3, 4)]
    assert answer["vca"] == "S/SW"
    pivot = move(board(), "t1", vca="NE/SE")
    assert (costs(pivot), pivot["mp_left"]) == ([("4E6", 1, 1)], 13)


def test_d2_11_the_turns_are_the_fewest_over_the_whole_path() -> None:
    # SE then S: NE/SE serves SE only, SE/S serves both, so one turn of two hexspines, not two turns
    assert vca_plan(N_NE, [SE, S], None) == [SE_S, SE_S]
    answer = move(board(), "t1", "4F6", "4F7")
    assert [step["why"] for step in answer["steps"]] == ["VCA N/NE to SE/S, 2 hexspines (D2.11)", "open ground",
                                                         "open ground"]


def test_d2_11_a_vehicle_without_vca_counts_no_turn_and_says_so() -> None:
    answer = move(board({"t1": {"vca": None}}), "t1", "4E7")
    assert costs(answer) == [("4E7", 1, 1)]
    assert "t1 has no vca: its VCA changes are not counted" in answer["unverified"]


@given(st.integers(0, 5), st.lists(st.integers(0, 5), max_size=8), st.none() | st.integers(0, 5))
def test_d2_11_every_planned_vca_enters_its_hex_and_no_plan_turns_less(start: int, directions: list[int],
                                                                       end: int | None) -> None:
    plan = vca_plan(start, directions, end)
    assert len(plan) == len(directions) + (end is not None)
    assert all(d in (spine, (spine + 1) % 6) for spine, d in zip(plan, directions, strict=False))
    if end is not None:
        assert plan[-1] == end

    def turned(spines: list[int]) -> int:
        return sum(min((a - b) % 6, (b - a) % 6) for a, b in zip([start, *spines], spines, strict=False))

    # the greedy plan (the nearer spine each time) never turns less than the planned one
    greedy, here = [], start
    for d in directions:
        here = min(((d - 1) % 6, d), key=lambda s: min((s - here) % 6, (here - s) % 6))
        greedy.append(here)
    assert turned(plan) <= turned([*greedy, *([end] if end is not None else [])])


# -- D7.1 the OVR at the end -----------------------------------------------------------------------
def overrun_alone(scenario: Any, **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": "overrun", "vehicle": "t1", "target_hex": "4H5", **keys}).to_json()


def test_d7_1_entering_enemy_infantry_is_the_ovr_from_the_hex_before() -> None:
    scenario = board({"t1": {"hex": "4F6", "vca": "NE/SE"}})
    answer = move(scenario, "t1", "4G6", "4H5")
    assert answer["legal"] is True, answer["reasons"]
    assert answer["overrun"] == overrun_alone(scenario, from_hex="4G6", mp_spent=1, phase="MPh")
    assert (answer["overrun"]["mp_entry"], answer["overrun"]["mp_ovr"], answer["overrun"]["mp_total"]) == (7, 4, 12)
    assert costs(answer) == [("4G6", 1, 1), ("4H5", 11, 12)]


def test_design_13_a_note_on_the_overrunning_vehicle_is_said_once_in_the_move_and_its_ovr() -> None:
    """The move names the vehicle's unverified value, and so does the OVR folded into it: once each."""
    scenario = board({"t1": {"hex": "4F6", "vca": "NE/SE", "unverified": ["MGs from nowhere"]}})
    answer = move(scenario, "t1", "4G6", "4H5")
    assert answer["unverified"].count("t1: MGs from nowhere") == 1
    assert answer["overrun"]["unverified"].count("t1: MGs from nowhere") == 1


def test_d7_1_the_ovr_counts_the_mp_already_spent_and_fractions() -> None:
    scenario = board({"t1": {"hex": "4F6", "vca": "NE/SE", "mp_spent": 2}}, terrain={"4H5": "woods", "4G6": "road"},
                     hexsides={"4F6/4G6": "road"})
    answer = move(scenario, "t1", "4G6", "4H5")
    assert answer["overrun"] == overrun_alone(scenario, from_hex="4G6", mp_spent=2.5, phase="MPh")
    assert answer["overrun"]["mp_total"] == 13.5
    assert answer["mp_spent"] == 13.5 and answer["mp_left"] == 0.5


def test_d7_1_an_ovr_past_the_mp_left_is_refused_by_the_overrun_reason_alone() -> None:
    answer = move(board({"t1": {"hex": "4F6", "vca": "NE/SE", "mp_spent": 4}}), "t1", "4G6", "4H5")
    assert answer["legal"] is False
    assert answer["reasons"] == ["t1 has 9 MP left but entering with an OVR costs 11 (D7.1, D7.14)"]


def test_d7_1_the_move_dice_roll_the_ovr() -> None:
    scenario = board({"t1": {"hex": "4G6", "vca": "N/NE"}})
    dice = {"colored": 1, "white": 2}
    answer = resolve(scenario, {"kind": "move", "unit": "t1", "path": ["4H5"], "dice": dice}).to_json()
    assert answer["overrun"]["outcome"] == overrun_alone(scenario, from_hex="4G6", mp_spent=0, dice=dice,
                                                         phase="MPh")["outcome"]


def test_d7_1_an_enemy_infantry_hex_before_the_last_is_passed_through_without_an_ovr() -> None:
    """D7.1: a vehicle entering an enemy-occupied Location *can* OVR it; passing on, it pays the
    hex's own cost (4H5's woods: half its 14 MP) and no OVR is made or answered."""
    answer = move(board({"t1": {"hex": "4G6", "vca": "N/NE"}}), "t1", "4H5", "4H4")
    assert answer["legal"] is True and answer["reasons"] == [] and answer["overrun"] is None
    assert costs(answer) == [("4H5", 7, 7), ("4H4", 1, 8)]
    assert answer["steps"][0]["why"] == ("woods, enemy Infantry or a Gun passed without an OVR (D7.1: a move ending "
                                         "here asks it)")


def test_d7_1_a_gun_hex_is_overrun_too_and_an_empty_hex_is_not() -> None:
    answer = move(board({"t1": {"hex": "4J3", "vca": "NE/SE"}, "c1": {"hex": "4K2"}}), "t1", "4K3")
    assert answer["overrun"]["kind"] == "overrun"
    assert answer["overrun"]["targets"] == [{"id": "g1", "drm": [], "total_drm": 0}]
    assert move(board(), "t1", "4E5")["overrun"] is None


@pytest.mark.parametrize("spine", SPINE_NAMES)
def test_d7_1_the_ovr_keeps_the_vca_the_path_needs(spine: str) -> None:
    answer = move(board({"t1": {"hex": "4G6", "vca": spine}}), "t1", "4H5")
    assert answer["vca"] in ("N/NE", "NE/SE")  # 4H5 is NE of 4G6: a spine beside that hexside
    assert answer["overrun"]["mp_cost"] == 11


# -- C10.1 towing ----------------------------------------------------------------------------------
def test_c10_1_a_towed_gun_adds_one_mp_a_hex() -> None:
    scenario = board({"g1": {"hex": "4E6", "towed_by": "t1", "side": "german", "limbered": True}})
    answer = move(scenario, "t1", "4E5", "4E4")
    assert costs(answer) == [("4E5", 2, 2), ("4E4", 2, 4)]
    assert answer["steps"][0]["why"] == "open ground, towing g1 (C10.1)"


def test_c10_1_no_towing_into_a_building() -> None:
    scenario = board({"g1": {"hex": "4E6", "towed_by": "t1", "side": "german", "limbered": True}},
                     terrain={"4E5": "wooden building"})
    answer = move(scenario, "t1", "4E5", "4E4")
    assert answer["legal"] is False and answer["reasons"] == ["no towing into wooden building (C10.1)"]
    assert answer["steps"] == [] and answer["mp_spent"] == 0  # the move stops short of the building


@pytest.mark.parametrize("terrain", ["wooden building", "stone rubble"])
def test_c10_1_a_vehicle_towing_nothing_enters_a_building_or_rubble(terrain: str) -> None:
    """The tow limits bind a vehicle with a Gun or a trailer in tow only: a tank alone pays the
    terrain's cost (half its 14 MP) and the move is legal."""
    answer = move(board(terrain={"4E5": terrain}), "t1", "4E5")
    assert answer["legal"] is True and answer["reasons"] == []
    assert costs(answer) == [("4E5", 7, 7)]


@pytest.mark.parametrize("feature", ["wall", "hedge"])
def test_c10_1_no_towing_over_a_wall_or_hedge_whatever_the_crossing_costs(feature: str) -> None:
    """The tow's limit is the reason, not the crossing's cost the data lacks (which refuses an
    untowed vehicle's step, D2.1): C10.1 forbids the step whatever it would cost."""
    towed = {"g1": {"hex": "4E6", "towed_by": "t1", "side": "german", "limbered": True}}
    answer = move(board(towed, hexsides={"4E5/4E4": feature}), "t1", "4E5", "4E4")
    assert answer["legal"] is False and answer["reasons"] == [f"no towing over a {feature} (C10.1)"]
    assert costs(answer) == [("4E5", 2, 2)]  # the open hex before it, +1 MP for the tow


def test_c10_1_exc_a_mortar_in_tow_crosses_a_hedge_as_its_vehicle_would() -> None:
    """The 76-107mm MTR EXC lifts the wall/hedge limit: the untowed vehicle's answer stands (no
    sourced crossing cost, D2.1)."""
    mortar = {"g1": {"hex": "4E6", "towed_by": "t1", "side": "german", "limbered": True, "name": "8cm GrW 34",
                     "type": "MTR", "caliber": 81}}
    answer = move(board(mortar, hexsides={"4E6/4E5": "hedge"}), "t1", "4E5")
    assert answer["reasons"] == [
        move(board(hexsides={"4E6/4E5": "hedge"}), "t1", "4E5")["reasons"][0]]
    assert "no towing" not in " ".join(answer["reasons"])


def test_d7_1_through_the_cli_the_ovr_is_the_standalone_overrun_printed(tmp_path: Path) -> None:
    """``aslgui resolve`` prints the move's OVR as it prints the overrun asked alone, board notes too."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario_to_json(board({"t1": {"hex": "4F6", "vca": "NE/SE"}}))), encoding="utf-8")

    def run(action: dict[str, Any]) -> dict[str, Any]:
        done = subprocess.run([sys.executable, "-m", "aslgui", "resolve", str(path), "-"], input=json.dumps(action),
                              capture_output=True, text=True, timeout=120, check=True)
        answer: dict[str, Any] = json.loads(done.stdout)
        return answer

    dice = {"colored": 2, "white": 3}
    moved = run({"kind": "move", "unit": "t1", "path": ["4G6", "4H5"], "dice": dice})
    alone = run({"kind": "overrun", "vehicle": "t1", "target_hex": "4H5", "from_hex": "4G6", "mp_spent": 1,
                 "dice": dice})
    assert moved["overrun"] == alone
    assert any("board 4" in note for note in alone["notes"])
    assert (moved["outcome"], moved["drm"], moved["odds"]) == (alone["outcome"], alone["drm"], alone["odds"])
