"""Bounding First Fire in the MPh (C5.3): the vehicle goes on moving after its shot (it is not
Prep Fire, A3.3), and the Case C1/C2 aim counts the MP its committed moves spent in the target's
LOS when the shot names none (C5.31, C5.32); a vehicle with no printed MP is not dragged along a
path but told to set it (D2.1); drops that mean no move say which rule (A4.7, A7)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.apply import end_player_turn
from aslgui.rules.gestures import gestures_for_drop
from aslgui.rules.menu_gestures import context_gestures
from aslgui.rules.move_path import drag_targets, drags_path
from aslgui.rules.to_hit.shot import recorded_mp_in_los
from tests.rules.move_boards import HIDDEN_START, board, move, played

#: The tank's shot at the Russian AT Gun it turned its turret to (C5.13).
SHOT = {"kind": "fire", "firer": "t1", "target": "g1", "dice": {"colored": 3, "white": 3}}


def aimed(path: list[str], seen_from_the_start: bool = False) -> Scenario:
    """The tank after a move along ``path`` that turns its turret to the Gun (NE/SE); the Gun sees
    its start hex only ``seen_from_the_start``."""
    scenario = board() if seen_from_the_start else board(terrain=HIDDEN_START)
    return played(scenario, {"kind": "move", "unit": "t1", "path": path, "tca": "NE/SE", "end": "stop"})


def cases(answer: Any) -> list[tuple[str, int]]:
    return [(line.case, line.value) for line in answer.drm]


# -- C5.3: after its Bounding First Fire the vehicle moves on --------------------------------------
def test_c5_3_a_tank_that_bounding_first_fired_moves_on_and_is_not_prep_fire() -> None:
    scenario = played(aimed(["4E5"]), SHOT)
    tank = scenario.units["t1"]
    assert (tank.fired, tank.bounding_fired) == (True, True)
    answer = move(scenario, "t1", "4E4")
    assert answer["legal"] is True and answer["reasons"] == []


def test_a3_3_a_vehicle_that_prep_fired_still_may_not_move() -> None:
    answer = move(board({"t1": {"fired": True}}), "t1", "4E5")
    assert answer["legal"] is False
    assert answer["reasons"] == ["t1 has Prep Fired and may not move this Player Turn (A3.3)"]


def test_d7_13_after_its_bounding_first_fire_the_tank_moves_on_but_may_not_overrun() -> None:
    """D7.13 bars an OVR by a vehicle under a Bounding First Fire counter; that, not A3.3, is why."""
    scenario = played(aimed(["4E5"]), SHOT)
    answer = resolve(scenario, {"kind": "move", "unit": "t1", "path": ["4F5", "4G5", "4H5"]}).to_json()
    assert answer["overrun"] is not None and answer["legal"] is False
    assert "t1 is marked with a Bounding First Fire counter (other than for an OVR) (D7.1, D7.13)" in answer["reasons"]
    assert not any("A3.3" in why for why in answer["reasons"])
    assert move(scenario, "t1", "4F5", "4G5")["legal"]


# -- C5.31/C5.32: the MP the move spent in the target's LOS --------------------------------------
def test_c5_32_one_mp_in_los_recorded_by_the_move_is_limited_aim() -> None:
    scenario = aimed(["4E5"])
    assert scenario.units["g1"].extra["mp_in_los"] == {"t1": 1}
    assert cases(resolve(scenario, SHOT)) == [("B", 2), ("C", 2), ("C2", 2)]


def test_c5_33_a_los_held_since_before_the_mph_takes_plain_case_c_after_moving() -> None:
    """The Gun saw the tank in 4E6 before its MPh: one hex on, its continuous LOS is still older than
    the MPh, so no C1/C2 (C5.33); the record says more than three MP."""
    scenario = aimed(["4E5"], seen_from_the_start=True)
    assert scenario.units["g1"].extra["mp_in_los"] == {"t1": 5}
    assert cases(resolve(scenario, SHOT)) == [("B", 2), ("C", 2)]
    on = played(scenario, {"kind": "move", "unit": "t1", "path": ["4E4"]})  # moving on: the count goes on
    assert on.units["g1"].extra["mp_in_los"] == {"t1": 6}


def test_c5_33_the_case_c_line_says_why_no_c1_c2_and_when_the_los_is_older_than_the_mph() -> None:
    """A player saw 5 MP in LOS after a 1 MP move and no C2, and took it for a miscount."""
    case_c = next(line for line in resolve(aimed(["4E5"], seen_from_the_start=True), SHOT).drm if line.case == "C")
    assert case_c.text.endswith("Bounding Fire; 5 MP in LOS, its LOS held since before its MPh: no C1/C2 (C5.33)")
    given = next(line for line in resolve(aimed(["4E5"]), {**SHOT, "mp_in_los": 1}).drm if line.case == "C")
    assert "MP in LOS" not in given.text
    typed = next(line for line in resolve(aimed(["4E5"]), {**SHOT, "mp_in_los": 4}).drm if line.case == "C")
    assert typed.text.endswith("Bounding Fire; 4 MP in LOS: no C1/C2 (C5.33)")  # the record says 1: not "since"
    scenario = aimed(["4E5"])
    scenario.units["t1"] = scenario.units["t1"]._replace(extra={**scenario.units["t1"].extra, "mp_spent": 4})
    spent = next(line for line in resolve(scenario, {**SHOT, "mp_in_los": 4}).drm if line.case == "C")
    assert spent.text.endswith("Bounding Fire; 4 MP in LOS: no C1/C2 (C5.33)")


def test_c5_31_c5_33_the_shot_s_own_mp_in_los_wins_over_the_record() -> None:
    scenario = aimed(["4E5"])
    assert cases(resolve(scenario, {**SHOT, "mp_in_los": 3})) == [("B", 2), ("C", 2), ("C1", 1)]
    assert cases(resolve(scenario, {**SHOT, "mp_in_los": 4})) == [("B", 2), ("C", 2)]


def test_c5_33_a_shot_before_any_move_has_no_record_and_no_c1_c2() -> None:
    scenario = board({"t1": {"tca": "NE/SE"}})
    assert recorded_mp_in_los(scenario.units["t1"], scenario.units["g1"]) is None
    assert cases(resolve(scenario, SHOT)) == [("B", 2), ("C", 2)]


@given(st.one_of(st.none(), st.booleans(), st.text(max_size=3), st.integers(0, 30), st.floats(0, 30)))
def test_c5_3_only_a_recorded_number_of_mp_is_read(value: Any) -> None:
    """A file holds numbers only (its reader refuses others); the unit built in code may not."""
    scenario = board()
    target = scenario.units["g1"]._replace(extra={"mp_in_los": {"t1": value}})
    read = recorded_mp_in_los(scenario.units["t1"], target)
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    assert read == (float(value) if number else None)


# -- D2.1: a vehicle with no printed MP -------------------------------------------------------------
def test_d2_1_a_vehicle_without_printed_mp_is_not_dragged_and_the_drop_says_to_set_it() -> None:
    scenario = board({"t1": {"mp": None, "name": "StuG IIIG"}})
    assert drags_path(scenario, scenario.units["t1"], "MPh") is False
    assert drag_targets(scenario, "t1")  # rings its shots and OVR, no error
    drop = gestures_for_drop(scenario, "t1", scenario.grid.parse("4E4"), "MPh")
    assert drop.reasons == ("StuG IIIG has no printed MP allotment to move with: set its MP in the side panel "
                            "(D2.1)",)


# -- what a drop that is no move says -------------------------------------------------------------
def test_a4_7_infantry_dropped_in_the_aph_is_told_the_advance_is_not_rehearsed() -> None:
    scenario = board(phase="APh")
    drop = gestures_for_drop(scenario, "s1", scenario.grid.parse("4C5"))
    assert drop.reasons == ("4-6-7 may advance one hex in the APh (A4.7), which is not rehearsed here: switch to "
                            "Setup to move it",)


@pytest.mark.parametrize("phase", ["PFPh", "DFPh", "AFPh"])
def test_a7_infantry_dropped_on_an_enemy_is_told_its_fire_is_not_rehearsed(phase: str) -> None:
    player = "russian" if phase == "DFPh" else "german"
    scenario = board(phase=phase, player=player)
    drop = gestures_for_drop(scenario, "s1", scenario.grid.parse("4H5"))
    assert drop.reasons == ("4-6-7 has no ordnance or DC to use on 4H5: Infantry small-arms fire on the IFT (A7) "
                            "is not rehearsed here",)


def test_a11_infantry_dropped_on_an_enemy_in_the_ccph_is_told_close_combat_is_not_rehearsed() -> None:
    """In the CCPh a drop onto an enemy means Close Combat, fought in the unit's own Location (A11),
    not small-arms fire."""
    scenario = board(phase="CCPh")
    adjacent = gestures_for_drop(scenario, "s1", scenario.grid.parse("4H5"))
    assert adjacent.reasons == ("4-6-7 fights Close Combat (A11) only in its own Location, not in 4H5; CC is not "
                                "rehearsed here",)
    together = board({"r1": {"hex": "4C6"}}, phase="CCPh")
    own = gestures_for_drop(together, "s1", together.units["s1"].hex)
    assert own.reasons == ("4-6-7's Close Combat in 4C6 (A11) is not rehearsed here",)


# -- C5.3: a kept Multiple ROF fires again only after another MP ------------------------------------
def kept_rof() -> Scenario:
    """The aimed tank after a Bounding First Fire that kept its Multiple ROF (coloured dr 1)."""
    scenario = played(aimed(["4E5"], seen_from_the_start=True), {**SHOT, "dice": {"colored": 1, "white": 5}})
    tank = scenario.units["t1"]
    assert tank.extra["rof_kept"] == "MPh" and tank.extra["fired_at_mp"] == 1
    return scenario


def test_c5_3_with_no_mp_spent_since_the_shot_a_kept_rof_does_not_fire_again() -> None:
    answer = resolve(kept_rof(), {**SHOT, "dice": None})
    assert answer.legal is False
    assert answer.reasons == ("t1 has spent no MP since its last Bounding First Fire: with its Multiple ROF it fires "
                              "again only after another MP (even a Delay MP) (C5.3)",)


@pytest.mark.parametrize("spend", [{"path": [], "delay": 1}, {"path": ["4F5"]}, {"path": [], "vca": "SE/S"}])
def test_c5_3_a_delay_mp_a_hex_or_a_turn_lets_the_kept_rof_fire_again(spend: dict[str, Any]) -> None:
    scenario = played(kept_rof(), {"kind": "move", "unit": "t1", **spend, "tca": "NE/SE"})
    assert scenario.units["t1"].extra["mp_spent"] > 1
    assert resolve(scenario, {**SHOT, "dice": None}).legal


def test_c5_3_intensive_fire_needs_no_mp_between() -> None:
    answer = resolve(kept_rof(), {**SHOT, "dice": None, "intensive": True})
    assert not any("since its last Bounding First Fire" in why for why in answer.reasons)


def test_c5_3_a_file_without_fired_at_mp_is_not_checked_and_says_so() -> None:
    scenario = kept_rof()
    tank = scenario.units["t1"]
    scenario.units["t1"] = tank._replace(extra={k: v for k, v in tank.extra.items() if k != "fired_at_mp"})
    answer = resolve(scenario, {**SHOT, "dice": None})
    assert answer.legal and any("without fired_at_mp, not checked" in note for note in answer.to_json()["notes"])


def test_c2_24_a_weapon_with_no_multiple_rof_keeps_none_whatever_the_file_says() -> None:
    """A file's rof_kept on a weapon with no ROF (or one its captured-use penalty takes away) keeps
    nothing: under its Bounding First Fire counter it fires again only by Intensive Fire."""
    scenario = kept_rof()
    for rof, captured in ((0, False), (1, True)):
        tank = scenario.units["t1"]
        scenario.units["t1"] = tank._replace(rof=rof, captured=captured, extra={**tank.extra, "mp_spent": 4})
        answer = resolve(scenario, {**SHOT, "dice": None}).to_json()
        penalty = " less its captured-use penalty" if captured else ""
        assert answer["legal"] is False
        assert "kept no Multiple ROF in this MPh (rof_kept); only Intensive Fire adds a shot (C5.3, C2.24)" in (
            answer["reasons"][-1])
        assert (f"read: rof_kept names this MPh, but t1's weapon has no Multiple ROF to keep (ROF {rof}{penalty}), so "
                f"it is read as not kept ({'C2.24, A21.12' if captured else 'C2.24'})") in answer["notes"]
    scenario.units["t1"] = scenario.units["t1"]._replace(rof=1, captured=False)
    assert resolve(scenario, {**SHOT, "dice": None}).legal


def test_c5_3_fired_at_mp_without_a_bounding_first_fire_counter_is_not_read_and_says_so() -> None:
    scenario = board({"t1": {"tca": "NE/SE", "fired_at_mp": 1, "rof_kept": "MPh", "mp_spent": 1}})
    answer = resolve(scenario, {**SHOT, "dice": None}).to_json()
    assert answer["legal"] is True
    assert ("read: t1 records fired_at_mp but is under no Bounding First Fire counter (bounding_fired), so it has not "
            "fired in this MPh and fired_at_mp is not read (C5.3)") in answer["notes"]
    notes = resolve(kept_rof(), SHOT).to_json()["notes"]
    assert not any("under no Bounding First Fire counter" in note for note in notes)


# -- C5.3: Delay MP in a move ---------------------------------------------------------------------
def test_c5_3_delay_mp_are_a_step_in_the_last_hex() -> None:
    answer = move(board(), "t1", "4E5", delay=2)
    assert answer["steps"][-1] == {"hex": "4E5", "mp": 2, "total": 3, "why": "Delay MP (C5.3)"}
    assert (answer["mp_spent"], answer["mp_left"]) == (3, 11)
    in_place = played(board(), {"kind": "move", "unit": "t1", "path": [], "delay": 1, "end": "stop"})
    assert not in_place.units["t1"].moved and in_place.units["t1"].extra["mp_spent"] == 1  # no new hex (C5.33)


def test_d2_1_infantry_spends_no_delay_mp() -> None:
    answer = move(board(), "s1", "4C5", delay=1)
    assert answer["legal"] is False and answer["steps"] == [{"hex": "4C5", "mf": 1, "total": 1, "why": "open ground"}]


# -- C5.33: an mp_in_los that does not count is said so ---------------------------------------------
def test_c5_33_mp_in_los_given_before_entering_a_new_hex_is_said_not_to_count() -> None:
    scenario = board({"t1": {"tca": "NE/SE"}})
    answer = resolve(scenario, {**SHOT, "mp_in_los": 2}).to_json()
    assert [line["case"] for line in answer["drm"]] == ["B", "C"]
    assert ("mp_in_los not counted: it fires before entering a new hex (moved: false), or with LOS to its target "
            "since before its MPh, so Case C without C1/C2 (C5.33)") in answer["notes"]


def test_a3_8_fired_at_mp_comes_off_with_the_player_turn() -> None:
    cleared = {unit.id: unit for unit in end_player_turn(kept_rof())}
    assert "fired_at_mp" not in cleared["t1"].extra and not cleared["t1"].bounding_fired


def test_d2_1_the_menu_offers_a_move_without_a_hex_to_the_attackers_vehicle_with_mp_only() -> None:
    label = "Turn, delay or stop PzKpfw IVH in 4E6 (D2.1)"
    offered = [g for g in context_gestures(board(), "t1") if g.kind == "move"]
    assert [(g.label, g.action) for g in offered] == [(label, {"kind": "move", "unit": "t1", "path": [],
                                                                "phase": "MPh"})]
    assert resolve(board(), {**offered[0].action, "delay": 1}).legal
    for scenario in (board(player="russian"), board({"t1": {"mp": None, "name": "StuG IIIG"}}), board(phase="PFPh")):
        assert not [g for g in context_gestures(scenario, "t1") if g.kind == "move"]


def test_d2_11_c5_13_the_moving_vehicle_turns_by_its_move_so_its_menu_lists_no_ca_change() -> None:
    """Its CA changes with MP spent (D2.11, C5.13), through the move without a hex; the Change CA
    entries are offered in a fire phase of its side (C3.22, A3): not in the enemy's MPh either."""
    kinds = [g.kind for g in context_gestures(board(), "t1")]
    assert "move" in kinds and "change_ca" not in kinds
    for scenario, entries in ((board(player="russian"), 0), (board(phase="PFPh"), 5),
                              (board(phase="DFPh", player="russian"), 5), (board(phase="AFPh", player="russian"), 0)):
        assert len([g for g in context_gestures(scenario, "t1") if g.kind == "change_ca"]) == entries


def test_a23_3_a23_6_a_dc_carrier_dropped_on_a_far_enemy_is_told_the_dc_goes_next_door_only() -> None:
    scenario = board({"s1": {"dc": True}}, phase="PFPh")
    drop = gestures_for_drop(scenario, "s1", scenario.grid.parse("4H5"))
    assert drop.reasons == ("4-6-7's DC is Placed or Thrown only into an adjacent hex (A23.3, A23.6); Infantry "
                            "small-arms fire on the IFT (A7) is not rehearsed here",)


@pytest.mark.parametrize("path", [["4E5", "4E3"], ["4E5", "4E4", "4E3", "4E2", "4E1", "4E0"]])
def test_d2_1_no_delay_mp_after_a_refused_hex(path: list[str]) -> None:
    """The steps stop at the first bad hex (a jump, a hex off the map), and so does the delay."""
    answer = move(board(), "t1", *path, delay=2)
    assert answer["legal"] is False and all(step["why"] != "Delay MP (C5.3)" for step in answer["steps"])
    assert answer["mp_spent"] == sum(step["mp"] for step in answer["steps"])
