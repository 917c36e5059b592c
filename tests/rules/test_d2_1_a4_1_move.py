"""``move`` (DESIGN.md 13): hex by hex, MP (D2.1) and MF (A4.1) from resources/data, what is left
of the allotment, and every refusal citing its rule; the D7.22 EX's moves counted."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from aslgui.errors import AslError
from aslgui.model import Scenario, scenario_to_json
from aslgui.rules import resolve
from aslgui.rules.move_search import cheapest
from tests.rules.fixtures.boards import board_from
from tests.rules.move_boards import board, costs, move


# -- the D7.22 EX, counted from the tank's start ---------------------------------------------------
def ex_board(**units: dict[str, object]) -> Scenario:
    """The D7.22 EX tank one hex back, in 1F3, before it enters 1E3."""
    return board_from("d7_ex.json", {"tank": {"hex": "1F3", "moved": None, "stopped": None, **units.get("tank", {})},
                                     **{k: v for k, v in units.items() if k != "tank"}})


def test_d7_22_ex_the_tank_spends_1_1_then_11_for_13_of_its_14_mp() -> None:
    answer = move(ex_board(), "tank", "1E3", "1D3", "1C3")
    assert answer["legal"] is True, answer["reasons"]
    assert costs(answer) == [("1E3", 1, 1), ("1D3", 1, 2), ("1C3", 11, 13)]
    assert (answer["mp_spent"], answer["mp_left"], answer["mf_spent"], answer["mf_left"]) == (13, 1, None, None)
    assert answer["steps"][2]["why"] == "woods + OVR (D7.1)"


def test_d7_22_ex_with_one_mp_left_it_enters_b2_and_no_further() -> None:
    there = ex_board(tank={"hex": "1C3", "mp_spent": 13})
    assert there.units["tank"].extra["mp_spent"] == 13
    once = move(there, "tank", "1B3")
    assert (once["legal"], once["mp_spent"], once["mp_left"]) == (True, 14, 0)
    twice = move(there, "tank", "1B3", "1A3")
    assert twice["legal"] is False
    assert twice["reasons"] == ["tank would spend 15 MP of its 14 this MPh (13 already spent) (D2.1)"]
    assert twice["mp_left"] == -1


# -- vehicle costs (vehicle_terrain.json, as the OVR's) ----------------------------------------------
def test_d2_1_open_ground_one_mp_a_hex_and_the_vca_kept() -> None:
    answer = move(board(), "t1", "4E5", "4E4", "4F3")
    assert costs(answer) == [("4E5", 1, 1), ("4E4", 1, 2), ("4F3", 1, 3)]
    assert (answer["vca"], answer["end"], answer["overrun"]) == ("N/NE", None, None)


def test_d2_1_woods_half_the_allotment_fru_and_a_bog_note() -> None:
    answer = move(board({"t1": {"mp": 15, "vca": "SE/S"}}), "t1", "4E7", "4E8")
    assert costs(answer) == [("4E7", 1, 1), ("4E8", 8, 9)]
    assert answer["notes"] == ["4E8: entering woods calls for a Bog DR (not rolled here) (D8.2)"]


@pytest.mark.parametrize(("bu", "mp"), [(False, 0.5), (True, 1)])
def test_d2_16_through_a_road_hexside_half_an_mp_unless_bu(bu: bool, mp: float) -> None:
    scenario = board({"t1": {"bu": bu}}, terrain={"4E5": "road", "4E4": "road"}, hexsides={"4E6/4E5": "road",
                                                                                           "4E5/4E4": "road"})
    answer = move(scenario, "t1", "4E5", "4E4")
    assert costs(answer) == [("4E5", mp, mp), ("4E4", mp, 2 * mp)]
    assert answer["mp_left"] == 14 - 2 * mp


def test_d2_1_a_terrain_the_data_lacks_refuses_the_step_naming_it() -> None:
    answer = move(board({"t1": {"vca": "SE/S"}}, terrain={"4F7": "marsh"}), "t1", "4E7", "4F7", "4F8")
    assert answer["legal"] is False
    assert answer["reasons"] == ["4F7: no vehicle MP cost for marsh in resources/data (the step is refused, not "
                                 "guessed) (D2.1)"]
    assert [step["hex"] for step in answer["steps"]] == ["4E7"]


def test_d2_1_a_hexside_the_data_lacks_refuses_the_step_naming_it() -> None:
    answer = move(board(hexsides={"4E6/4E5": "wall"}), "t1", "4E5")
    assert answer["legal"] is False
    assert answer["reasons"] == ["4E5: no vehicle MP cost to cross the wall hexside from 4E6 in resources/data (the "
                                 "step is refused, not guessed) (D2.1)"]
    assert answer["steps"] == []


def test_d2_1_an_unverified_vehicle_cost_is_named() -> None:
    answer = move(board(terrain={"4E5": "brush"}), "t1", "4E5")
    assert costs(answer) == [("4E5", 2, 2)]
    assert "brush: vehicle entry cost is not sourced" in answer["unverified"]


# -- Infantry MF (movement_costs.json) ------------------------------------------------------------------
def test_a4_1_a_squad_spends_mf_one_open_two_woods_and_has_4() -> None:
    answer = move(board(terrain={"4C5": "woods"}), "s1", "4C5", "4D5")
    assert answer["legal"] is True
    assert costs(answer) == [("4C5", 2, 2), ("4D5", 1, 3)]
    assert (answer["mf_spent"], answer["mf_left"], answer["mp_spent"], answer["mp_left"]) == (3, 1, None, None)
    assert answer["steps"][0] == {"hex": "4C5", "mf": 2, "total": 2, "why": "woods"}
    assert any(note.startswith("MF allotment: Infantry MF allotment: 4 MF") for note in answer["unverified"])


def test_a4_1_a_leader_has_6_mf_and_a_squad_5_is_too_many() -> None:
    assert move(board(), "l1", "4C8", "4C9", "4D9", "4E9", "4F9", "4G9")["mf_left"] == 0
    answer = move(board(), "s1", "4C5", "4C4", "4C3", "4C2", "4C1")
    assert answer["legal"] is False
    assert answer["reasons"] == ["s1 would spend 5 MF of its 4 this MPh (0 already spent) (A4.1)"]


def test_a4_1_mf_spent_already_on_the_unit_counts() -> None:
    answer = move(board({"s1": {"mf_spent": 3}}), "s1", "4C5", "4C4")
    assert (answer["legal"], answer["mf_spent"], answer["mf_left"]) == (False, 5, -1)
    assert costs(answer) == [("4C5", 1, 4), ("4C4", 1, 5)]


def test_b9_4_infantry_crosses_a_wall_for_one_more_mf_unverified() -> None:
    answer = move(board(hexsides={"4C6/4C5": "wall"}), "s1", "4C5")
    assert answer["steps"] == [{"hex": "4C5", "mf": 2, "total": 2, "why": "open ground, across a wall hexside"}]
    assert "wall hexside: +1 MF to cross (B9.4) is not sourced" in answer["unverified"]


def test_a4_1_infantry_refuses_a_terrain_the_data_lacks() -> None:
    answer = move(board(terrain={"4C5": "gully"}), "s1", "4C5")
    assert answer["reasons"] == ["4C5: no Infantry MF cost for gully in resources/data (the step is refused, not "
                                 "guessed) (A4.1)"]


@pytest.mark.parametrize("ground", ["mud", "deep snow"])
def test_design_13_mud_or_deep_snow_the_data_has_no_cost_for_refuses_the_step_naming_it(ground: str) -> None:
    """The file's ``ground`` (DESIGN.md 3) changes what entering costs, and resources/data has no such
    cost: the step is refused, naming the ground, never counted as dry (DESIGN.md 13); the hex before
    it is still entered, and the cheapest path a drag proposes goes round it."""
    scenario = board(ground={"4E4": ground, "4C4": ground})
    answer = move(scenario, "t1", "4E5", "4E4")
    assert answer["reasons"] == [f"4E4: no vehicle MP cost for open ground in {ground} in resources/data (the step "
                                 "is refused, not guessed) (D2.1)"]
    assert costs(answer) == [("4E5", 1, 1)]
    infantry = move(scenario, "s1", "4C5", "4C4")
    assert infantry["reasons"] == [f"4C4: no Infantry MF cost for open ground in {ground} in resources/data (the "
                                   "step is refused, not guessed) (A4.1)"]
    overrun = resolve(board({"r1": {"hex": "4E4"}}, ground={"4E4": ground}),
                      {"kind": "overrun", "vehicle": "t1", "target_hex": "4E4", "from_hex": "4E5"}).to_json()
    assert overrun["mp_cost"] is None
    assert f"no vehicle entry cost for open ground in {ground} in resources/data/vehicle_terrain.json" in overrun[
        "unverified"]
    ending = move(board({"r1": {"hex": "4E4"}}, ground={"4E4": ground}), "t1", "4E5", "4E4")  # its OVR too
    assert ending["legal"] is False and costs(ending) == [("4E5", 1, 1)]
    assert ending["reasons"] == [f"4E4: no vehicle MP cost for open ground in {ground} in resources/data (the step "
                                 "is refused, not guessed) (D2.1)"]
    around = cheapest(scenario, scenario.units["t1"], scenario.units["t1"].hex, scenario.grid.parse("4E3"))
    assert around and scenario.grid.parse("4E4") not in around


def test_a4_14_infantry_may_not_enter_an_enemy_hex() -> None:
    answer = move(board({"r1": {"hex": "4C5"}}), "s1", "4C5")
    assert answer["legal"] is False
    assert answer["reasons"] == ["4C5 holds enemy units: Infantry may not enter an enemy-occupied Location in the MPh "
                                 "(A4.14)"]


def test_d2_1_infantry_has_no_vca_nor_end() -> None:
    answer = move(board(), "s1", "4C5", vca="N/NE", end="stop")
    assert answer["reasons"] == ["only a vehicle has a VCA or TCA, spends Delay MP and ends its move Stopped or in "
                                 "Motion (D2.1)"]
    assert answer["vca"] is None and answer["end"] is None


# -- who may move (A3, DESIGN.md 13) ---------------------------------------------------------------------
def test_a3_only_in_the_mph() -> None:
    answer = move(board(), "t1", "4E5", phase="PFPh")
    assert answer["reasons"] == ["units move in the MPh, not the PFPh (A3, D2.1)"]


def test_a3_only_the_attacker_moves() -> None:
    answer = move(board(), "r1", "4H4")
    assert answer["legal"] is False
    assert answer["reasons"] == ["r1 belongs to the DEFENDER: only the ATTACKER moves in the MPh (A3)"]


def test_a3_with_no_attacker_set_the_side_is_not_checked_and_a_note_says_so() -> None:
    answer = move(board(player=""), "r1", "4H4")
    assert answer["legal"] is True
    assert any("no ATTACKER is set" in note and "(A3, A4.1, D2.1)" in note for note in answer["notes"])


@pytest.mark.parametrize(("unit", "keys", "why"), [
    ("t1", {"immobilized": True}, "t1 is Immobile (D7.1)"),
    ("s1", {"broken": True}, "s1 is broken: it does not move in the MPh (it routs in the RtPh) (A10.5)"),
    ("s1", {"pinned": True}, "s1 is pinned and may not move (A7.8)"),
    ("s1", {"fired": True}, "s1 has Prep Fired and may not move this Player Turn (A3.3)"),
    ("t1", {"fired": True}, "t1 has Prep Fired and may not move this Player Turn (A3.3)"),
    ("t1", {"ti": True}, "t1 is TI: no more movement this Player Turn (C10.11)"),
    ("t1", {"no_move": True}, "t1 changed its CA in the PFPh: no more movement this Player Turn (C3.22)"),
    ("s1", {"aboard": "t1", "hex": "4E6"}, "s1 is aboard t1: a Passenger/Rider moves with its vehicle (D6)"),
])
def test_design_13_a_unit_that_may_not_move_is_refused(unit: str, keys: dict[str, object], why: str) -> None:
    answer = move(board({unit: keys}), unit, "4E5" if unit == "t1" or "aboard" in keys else "4C5")
    assert answer["legal"] is False
    assert why in answer["reasons"]


def test_c10_3_a_gun_does_not_move_itself() -> None:
    answer = move(board(player="russian"), "g1", "4K4")
    assert answer["legal"] is False
    assert answer["reasons"] == ["g1 is a Gun: it moves pushed by its crew (push) or towed by a vehicle (hook_up) "
                                 "(C10.1, C10.3)"]
    assert answer["steps"] is None and answer["threats"] is None


# -- bad paths ---------------------------------------------------------------------------------------
def test_design_13_a_path_that_jumps_a_hex_is_refused_after_its_good_steps() -> None:
    answer = move(board(), "t1", "4E5", "4E3")
    assert answer["legal"] is False
    assert answer["reasons"] == ["path[1] 4E3 is not adjacent to 4E5: a unit moves hex by hex (D2.1)"]
    assert costs(answer) == [("4E5", 1, 1)]


def test_design_13_the_first_hex_is_adjacent_to_the_unit_and_not_its_own() -> None:
    assert move(board(), "t1", "4E4")["reasons"] == ["path[0] 4E4 is not adjacent to 4E6: a unit moves hex by hex "
                                                     "(D2.1)"]
    assert move(board(), "s1", "4C6")["reasons"] == ["path[0] 4C6 is not adjacent to 4C6: a unit moves hex by hex "
                                                     "(A4.1)"]


@pytest.mark.parametrize(("name", "why"), [
    ("4C0", "hex '4C0' is not on board 4: column C holds rows 1..10"),
    ("5C5", "hex '5C5' is not on the map (boards 4; a hex is <board><A..GG><row>, e.g. 4E6)"),
])
def test_design_13_a_path_that_leaves_the_map_is_refused(name: str, why: str) -> None:
    answer = move(board({"s1": {"hex": "4C1"}}), "s1", name)
    assert answer["legal"] is False
    assert answer["reasons"] == [f"path[0] {name} leaves the map: {why} (A4.1)"]


@pytest.mark.parametrize(("path", "where"), [
    ("4E5", "action.path"), ({"0": "4E5"}, "action.path"), (["4E5", 5], "action.path[1]"),
    (["4E5", "E"], "action.path[1]"), (["4E5", "4E4", "woods"], "action.path[2]"), ([None], "action.path[0]"),
    (["4E\u0665"], "action.path[0]"),
])
def test_design_13_a_malformed_path_is_an_error_naming_it(path: object, where: str) -> None:
    with pytest.raises(AslError) as error:
        resolve(board(), {"kind": "move", "unit": "t1", "path": path})
    assert error.value.path == where


def test_design_13_a_refused_move_changes_nothing_in_the_scenario() -> None:
    scenario = board()
    before = scenario_to_json(scenario)
    for path in (["4E5", "4E3"], ["4E5", "4E4", "4E3", "4E2", "4E1", "4E0"]):
        assert move(scenario, "t1", *path)["legal"] is False
    assert scenario_to_json(scenario) == before


def test_design_13_cli_answers_a_move_and_exits_2_naming_the_bad_item(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario_to_json(board())), encoding="utf-8")

    def run(action: dict[str, object]) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "aslgui", "resolve", str(path), "-"], input=json.dumps(action),
                              capture_output=True, text=True, timeout=120, check=False)

    done = run({"kind": "move", "unit": "t1", "path": ["4E5", "4E4"]})
    assert done.returncode == 0
    assert json.loads(done.stdout)["mp_spent"] == 2
    done = run({"kind": "move", "unit": "t1", "path": ["4E5", 7]})
    assert done.returncode == 2
    assert json.loads(done.stderr)["path"] == "action.path[1]"


def test_design_3_hex_info_says_a_hexs_mud_or_deep_snow() -> None:
    """The file's ``ground`` is part of what a hex is: ``hex_info`` names it (null without)."""
    scenario = board(ground={"4E4": "deep snow"})
    asked = [resolve(scenario, {"kind": "hex_info", "hex": name}).values["ground"] for name in ("4E4", "4E5")]
    assert asked == ["deep snow", None]
