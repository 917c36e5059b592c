"""A move's ``tca`` (C5.13: a Bounding First Firer fires only within its CA and turns its TCA
only while it spends MP), the end of the MPh (C5.35, D7.2 EX: a vehicle that did not stop
remains in Motion) and the end of the Player Turn (what a unit spent in its MPh starts afresh)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from aslgui.geometry import SPINE_NAMES
from aslgui.rules import resolve
from aslgui.rules.apply import end_of_mph, end_player_turn
from aslgui.rules.move import TCA_NOTE
from tests.rules.move_boards import board, move, played

#: A Russian squad south of the tank, outside its TCA N/NE.
BEHIND = {"r2": {"side": "russian", "kind": "squad", "name": "4-4-7", "hex": "4G9"}}
FIRE_BEHIND = {"kind": "fire", "firer": "t1", "target": "r2", "phase": "MPh", "target_type": "infantry"}


# -- C5.13: the TCA turns with the MP a move spends ------------------------------------------------
def test_c5_13_a_move_turns_the_turret_at_its_end_and_the_shot_behind_becomes_legal() -> None:
    scenario = board(extra_units=BEHIND)
    before = resolve(scenario, FIRE_BEHIND)
    assert not before.legal and any("(C5.13)" in why for why in before.reasons)
    answer = move(scenario, "t1", "4F6", tca="SE/S")
    assert (answer["legal"], answer["tca"], answer["vca"]) == (True, "SE/S", "NE/SE")
    assert TCA_NOTE in answer["unverified"] and answer["mp_spent"] == 2  # the turret costs no MP
    moved = played(scenario, {"kind": "move", "unit": "t1", "path": ["4F6"], "tca": "SE/S"})
    assert (moved.units["t1"].tca, moved.units["t1"].vca) == (SPINE_NAMES.index("SE/S"), 1)
    assert resolve(moved, FIRE_BEHIND).legal


def test_c5_13_no_mp_spent_no_turret_turned() -> None:
    answer = move(board(), "t1", tca="S/SW")
    assert answer["legal"] is False and answer["tca"] == "N/NE"
    assert answer["reasons"] == ["t1's turret turns in its MPh only as part of spending MP: enter a hex, turn the "
                                 "hull, delay or stop (C5.13)"]


def test_c5_13_a_stop_or_a_hull_turn_spends_mp_so_the_turret_may_turn_with_it() -> None:
    stop = move(board(), "t1", tca="S/SW", end="stop")
    pivot = move(board(), "t1", tca="S/SW", vca="NE/SE")
    assert (stop["legal"], stop["tca"], stop["steps"]) == (True, "S/SW", [])
    assert (pivot["legal"], pivot["tca"], pivot["mp_spent"]) == (True, "S/SW", 1)


def test_c5_13_the_tca_it_already_has_is_no_turn() -> None:
    answer = move(board(), "t1", tca="N/NE")
    assert (answer["legal"], answer["tca"]) == (True, "N/NE")
    assert TCA_NOTE not in answer.get("unverified", ())


def test_c5_11_a_vehicle_without_a_turret_turns_its_hull_not_a_tca() -> None:
    answer = move(board({"t1": {"turret": None, "tca": None}}), "t1", "4E5", tca="S/SW")
    assert answer["legal"] is False and answer["tca"] is None
    assert answer["reasons"] == ["t1 has no turret: its MA turns with its hull (give vca) (C5.11, C5.13)"]


def test_d2_1_infantry_has_no_tca() -> None:
    answer = move(board(), "s1", "4C5", tca="S/SW")
    assert answer["legal"] is False and answer["tca"] is None
    assert any("only a vehicle has a VCA or TCA" in why for why in answer["reasons"])


@given(st.sampled_from(SPINE_NAMES), st.sampled_from(["4E5", "4F6", "4D6"]))
def test_c5_13_any_tca_asked_with_a_step_is_the_tca_played(spine: str, first: str) -> None:
    scenario = played(board(), {"kind": "move", "unit": "t1", "path": [first], "tca": spine})
    assert scenario.units["t1"].tca == SPINE_NAMES.index(spine)


# -- C5.35: Non-Stopped at the end of the MPh is Motion ---------------------------------------------
def test_c5_35_a_vehicle_that_did_not_stop_is_in_motion_when_the_mph_ends() -> None:
    scenario = played(board(), {"kind": "move", "unit": "t1", "path": ["4E5"]})
    assert (scenario.units["t1"].stopped, scenario.units["t1"].motion) == (False, False)
    ended = {unit.id: unit for unit in end_of_mph(scenario)}
    assert list(ended) == ["t1"] and (ended["t1"].stopped, ended["t1"].motion) == (False, True)


def test_c5_35_a_stopped_motion_or_immobile_vehicle_and_infantry_are_left_as_they_are() -> None:
    stopped = played(board(), {"kind": "move", "unit": "t1", "path": ["4E5"], "end": "stop"})
    in_motion = played(board(), {"kind": "move", "unit": "t1", "path": ["4E5"], "end": "motion"})
    stuck = played(board(), {"kind": "move", "unit": "t1", "path": ["4E5"]})
    stuck.units["t1"] = stuck.units["t1"]._replace(immobilized=True)  # an OVR's Bog or a hit stopped it
    infantry = played(board(), {"kind": "move", "unit": "s1", "path": ["4C5"]})
    assert end_of_mph(stopped) == end_of_mph(in_motion) == end_of_mph(stuck) == end_of_mph(infantry) == []


# -- the next MPh starts afresh --------------------------------------------------------------------
def test_design_13_mp_spent_and_mp_in_los_come_off_at_the_end_of_the_player_turn() -> None:
    scenario = played(board(), {"kind": "move", "unit": "t1", "path": ["4E5", "4E4", "4E3"], "end": "stop"})
    scenario = played(scenario, {"kind": "move", "unit": "s1", "path": ["4C5"]})
    assert scenario.units["t1"].extra["mp_spent"] == 3 and scenario.units["s1"].extra["mf_spent"] == 1
    assert "mp_in_los" in scenario.units["g1"].extra
    for unit in end_player_turn(scenario):
        scenario.units[unit.id] = unit
    assert all(key not in unit.extra for unit in scenario.units.values()
               for key in ("mp_spent", "mf_spent", "mp_in_los"))
    assert move(scenario, "t1", "4E2")["mp_left"] == 13  # the whole allotment again, less the hex


def test_design_13_without_the_clean_up_the_next_mph_would_start_spent() -> None:
    """What the clean-up prevents: a tank that spent 13 MP may not move again in that MPh."""
    spent = board({"t1": {"mp_spent": 13}})
    answer = move(spent, "t1", "4E5", "4E4")
    assert answer["legal"] is False and answer["mp_left"] == -1
