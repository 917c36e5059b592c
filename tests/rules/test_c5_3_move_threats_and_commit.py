"""``move`` (DESIGN.md 13): the enemy Guns and vehicles that see a step, each at its best step as
its ``fire`` counts it; a committed move (rules/apply.py) sets the unit's hex, ``moved``, what it
spent, its VCA and status, takes its towed Gun and Passengers along, and gives each enemy its
``mp_in_los`` (C5.3); hypothesis for the path inputs."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.geometry import neighbours
from aslgui.model import Scenario, scenario_from_json, scenario_to_json
from aslgui.rules import resolve
from aslgui.rules.apply import unit_changes
from aslgui.rules.move import MOVING_TARGET_NOTE
from aslgui.rules.odds_hex import fire_at
from tests.rules.move_boards import board, move


def best_by_fire(scenario: Scenario, firer: str, unit: str, path: list[str]) -> tuple[int, float] | None:
    """The first step of the best chance to hit, as each ``fire`` at the unit placed there answers."""
    mover = scenario.units[unit]
    target = mover._replace(moved=True, stopped=mover.kind != "vehicle" and mover.stopped)
    kind = "vehicle" if mover.kind == "vehicle" else "infantry"
    found = None
    for index, name in enumerate(path):
        answer = fire_at(scenario, scenario.units[firer], target, kind, "MPh", scenario.grid.parse(name))
        if answer.legal and (found is None or answer.to_json()["odds"]["hit"] > found[1]):
            found = (index, answer.to_json()["odds"]["hit"])
    return found


# -- threats -----------------------------------------------------------------------------------------
def test_design_13_the_gun_that_sees_the_move_at_its_best_step_as_fire_counts_it() -> None:
    scenario = board()
    path = ["4F6", "4G6", "4H6", "4I6"]
    answer = move(scenario, "t1", *path)
    assert answer["legal"] is True
    # the turn in 4E6 is step 0; the hexes are steps 1..4
    expected = best_by_fire(scenario, "g1", "t1", ["4E6", *path])
    assert expected is not None
    assert answer["threats"] == [{"firer": "g1", "step": expected[0], "hit": expected[1]}]
    assert MOVING_TARGET_NOTE in answer["unverified"]


def test_design_13_a_squad_moving_is_threatened_as_the_infantry_target_type() -> None:
    scenario = board()
    answer = move(scenario, "s1", "4D6", "4E6")
    expected = best_by_fire(scenario, "g1", "s1", ["4D6", "4E6"])
    assert expected is not None
    assert answer["threats"] == [{"firer": "g1", "step": expected[0], "hit": expected[1]}]


def test_design_13_a_gun_out_of_los_or_a_truck_is_no_threat() -> None:
    # woods all round the Gun: no LOS out; an enemy truck has no ordnance to fire
    woods = {name: "woods" for name in ("4J3", "4J4", "4K2", "4K4", "4L3", "4L4")}
    scenario = board(terrain=woods, extra_units={"v9": {"side": "russian", "kind": "vehicle", "name": "a truck",
                                                        "hex": "4A1", "vca": "SE/S", "afv": False, "mp": 16}})
    answer = move(scenario, "t1", "4E5", "4E4")
    assert answer["threats"] == []
    assert MOVING_TARGET_NOTE not in answer.get("unverified", [])


def test_design_13_no_step_no_threat() -> None:
    assert move(board(), "t1")["threats"] == []


# -- committing a move ---------------------------------------------------------------------------------
def committed(scenario: Scenario, action: dict[str, Any]) -> dict[str, Any]:
    answer = resolve(scenario, action)
    return {unit.id: unit for unit in unit_changes(scenario, action, answer)}


def test_design_13_commit_moves_the_vehicle_with_what_it_spent_its_vca_and_status() -> None:
    scenario = board()
    changed = committed(scenario, {"kind": "move", "unit": "t1", "path": ["4F6", "4F7"], "end": "stop"})
    tank = changed["t1"]
    assert (scenario.grid.name(tank.hex), tank.moved, tank.extra["mp_spent"]) == ("4F7", True, 4)
    assert (tank.vca, tank.stopped, tank.motion) == (2, True, False)  # SE/S


def test_c5_35_commit_in_motion_and_still_moving() -> None:
    scenario = board()
    moving = committed(scenario, {"kind": "move", "unit": "t1", "path": ["4E5"], "end": "motion"})["t1"]
    assert (moving.motion, moving.stopped) == (True, False)
    going = committed(scenario, {"kind": "move", "unit": "t1", "path": ["4E5"]})["t1"]
    assert (going.motion, going.stopped) == (False, False)


def test_c10_1_d6_commit_takes_the_towed_gun_and_the_passengers_along() -> None:
    scenario = board({"g1": {"hex": "4E6", "towed_by": "t1", "side": "german", "limbered": True},
                      "s1": {"hex": "4E6", "aboard": "t1"}})
    changed = committed(scenario, {"kind": "move", "unit": "t1", "path": ["4E5", "4E4"]})
    assert {uid: scenario.grid.name(unit.hex) for uid, unit in changed.items() if uid in ("t1", "g1", "s1")} == {
        "t1": "4E4", "g1": "4E4", "s1": "4E4"}
    assert changed["t1"].extra["mp_spent"] == 4


def test_c5_3_commit_gives_each_enemy_the_mp_spent_in_its_los() -> None:
    woods = {name: "woods" for name in ("4J4", "4K4", "4L4", "4J3", "4L3")}  # the Gun sees only north-west
    scenario = board(terrain={**woods, "4H5": "woods"})
    changed = committed(scenario, {"kind": "move", "unit": "t1", "path": ["4E5", "4E4"]})
    # the crew and squad next to the Gun see what the Gun sees; each its own count, by the mover's id
    seen = {uid: unit.extra["mp_in_los"] for uid, unit in changed.items() if uid != "t1"}
    assert set(seen) == {"g1", "c1", "r1"}
    assert all(set(value) == {"t1"} for value in seen.values())
    assert seen["r1"] == {"t1": 6}  # it saw the tank in 4E6 since before the MPh: more than three (C5.33), +2


def test_c5_3_mp_in_los_goes_on_from_what_the_enemy_had_and_restarts_out_of_los() -> None:
    scenario = board({"r1": {"mp_in_los": {"t1": 3, "t7": 1}}})
    changed = committed(scenario, {"kind": "move", "unit": "t1", "path": ["4E5"]})
    assert changed["r1"].extra["mp_in_los"] == {"t1": 4, "t7": 1}
    hidden = board({"r1": {"mp_in_los": {"t1": 3}}}, terrain={"4H5": "woods", "4F5": "woods", "4F6": "woods",
                                                              "4G5": "woods", "4G6": "woods"})
    again = committed(hidden, {"kind": "move", "unit": "t1", "path": ["4E5"]})
    assert again["r1"].extra["mp_in_los"] == {"t1": 0}


def test_design_13_commit_of_infantry_sets_mf_spent_and_no_vca() -> None:
    changed = committed(board(), {"kind": "move", "unit": "s1", "path": ["4C5"]})
    squad = changed["s1"]
    assert (squad.extra["mf_spent"], squad.moved, squad.vca) == (1, True, None)
    assert set(changed) == {"s1"}


def test_design_13_a_refused_move_commits_nothing() -> None:
    scenario = board()
    assert committed(scenario, {"kind": "move", "unit": "t1", "path": ["4E5", "4E3"]}) == {}


def test_design_13_the_committed_keys_save_and_load() -> None:
    scenario = board()
    for unit in unit_changes(scenario, {"kind": "move", "unit": "t1", "path": ["4E5"]},
                             resolve(scenario, {"kind": "move", "unit": "t1", "path": ["4E5"]})):
        scenario.units[unit.id] = unit
    saved = scenario_to_json(scenario)
    assert scenario_to_json(scenario_from_json(saved)) == saved
    tank = next(u for u in saved["units"] if u["id"] == "t1")
    assert (tank["hex"], tank["mp_spent"], tank["moved"]) == ("4E5", 1, True)
    r1 = next(u for u in saved["units"] if u["id"] == "r1")
    assert r1["mp_in_los"] == {"t1": 5}  # seen since before the MPh (C5.33), then 1 MP


# -- hypothesis: any path ------------------------------------------------------------------------------
HEXISH = st.one_of(
    st.from_regex(r"4[A-J](10|[0-9])", fullmatch=True), st.from_regex(r"[0-9]?[A-Z]{1,2}[0-9]{1,2}", fullmatch=True),
    st.text(max_size=4), st.integers(), st.none(), st.floats(allow_nan=False), st.lists(st.just("4E5"), max_size=1),
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.lists(HEXISH, max_size=6), HEXISH))
def test_design_13_any_path_is_answered_or_an_error_naming_action_path(path: Any) -> None:
    scenario = board()
    before = scenario_to_json(scenario)
    try:
        answer = resolve(scenario, {"kind": "move", "unit": "t1", "path": path}).to_json()
    except AslError as error:
        assert error.path == "action.path" or error.path.startswith("action.path[")
        assert not isinstance(path, list) or error.path != "action.path"
    else:
        assert isinstance(path, list)
        assert len(answer["steps"]) <= 2 * len(path) + 1
        assert answer["legal"] == (not answer["reasons"])
    assert scenario_to_json(scenario) == before


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 5), max_size=5))
def test_a4_1_a_walk_in_the_open_costs_one_mf_a_hex(turns: list[int]) -> None:
    scenario = board(terrain={})
    here, path = scenario.units["l1"].hex, []
    for turn in turns:
        here = neighbours(here)[turn]
        if here not in scenario.grid:
            return
        path.append(scenario.grid.name(here))
    occupied = {u.hex for u in scenario.units.values() if u.side == "russian"}
    answer = move(scenario, "l1", *path)
    if any(scenario.grid.parse(name) in occupied for name in path):
        return
    assert [step["mf"] for step in answer["steps"]] == [1] * len(path)
    assert (answer["mf_spent"], answer["mf_left"], answer["legal"]) == (len(path), 6 - len(path), True)
