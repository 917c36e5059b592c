"""Pushing a Gun (C10.3, C10.31): the Manhandling DR, every chart DRM, the C10.3 EX."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.apply import end_of_mph, end_player_turn
from aslgui.rules.gestures import gestures_for_drop
from tests.rules.move_boards import played

FIXTURE = Path(__file__).parent / "fixtures" / "c10_board.json"
BOARD: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))


def board(units: dict[str, dict[str, Any]] | None = None, **top: Any) -> Scenario:
    """The C10 test board (37L AT in 1H4, stone building 1G4) with some unit keys changed."""
    data = copy.deepcopy(BOARD)
    data.update(top)
    for unit in data["units"]:
        unit.update((units or {}).get(unit["id"], {}))
    return scenario_from_json(data)


def push(scenario: Scenario, to_hex: str = "1G4", **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": "push", "gun": "at37", "to_hex": to_hex, **keys}).to_json()


def drm_of(answer: dict[str, Any], case: str) -> list[int]:
    return [line["value"] for line in answer["drm"] if line["case"] == case]


def test_c10_3_ex_37l_at_into_stone_building_needs_original_dr_5() -> None:
    answer = push(board())
    assert answer["legal"] is True
    assert answer["m_number"] == 12
    assert drm_of(answer, "X") == [3]  # TEM of the stone building entered
    assert drm_of(answer, "Y") == [4]  # its 2 MF doubled for pushing
    assert "2 MF, doubled for pushing" in next(line["text"] for line in answer["drm"] if line["case"] == "Y")
    assert answer["total_drm"] == 7
    assert answer["max_dr_enter"] == 5
    assert answer["max_dr_continue"] == 4


@pytest.mark.parametrize(
    ("colored", "white", "entered", "stopped"),
    [(2, 2, True, False), (3, 2, True, True), (3, 3, False, True)],
)
def test_c10_3_ex_outcome_below_equal_above_m_number(colored: int, white: int, entered: bool, stopped: bool) -> None:
    answer = push(board(), dice={"colored": colored, "white": white})
    assert answer["outcome"]["final_dr"] == colored + white + 7
    assert answer["outcome"]["entered"] is entered
    assert answer["outcome"]["stopped"] is stopped
    assert ("labor_counter" in answer["outcome"]) is (not entered)


def test_c10_3_open_ground_push_is_two_mf_and_no_tem() -> None:
    answer = push(board(), to_hex="1H5")
    assert answer["drm"] == [{"case": "Y", "rule": "C10.3", "value": 2, "text": answer["drm"][0]["text"]}]
    assert (answer["max_dr_enter"], answer["max_dr_continue"]) == (10, 9)


def test_c10_3_hexside_tem_and_mf_add_for_a_wall() -> None:
    answer = push(board(hexsides={"1H4/1H5": "wall"}), to_hex="1H5")
    assert drm_of(answer, "X") == [2]
    assert drm_of(answer, "Y") == [4]  # (1 MF open ground + 1 MF wall) doubled
    assert answer["total_drm"] == 6


def test_c10_3_fortified_building_tem_counts_in_x() -> None:
    assert drm_of(push(board(fortified=["1G4"])), "X") == [4]


def test_c10_3_grain_one_and_a_half_mf_doubles_to_three() -> None:
    assert drm_of(push(board(), to_hex="1I5"), "Y") == [3]


@pytest.mark.parametrize("where", ["1H4", "1H5"])
def test_c10_3_mud_into_or_from_adds_the_mud_drm(where: str) -> None:
    answer = push(board(ground={where: "mud"}), to_hex="1H5")
    assert drm_of(answer, "mud") == [3]
    # entering mud: its own MF is not in the data, so open ground's is counted, and said (DESIGN.md 13)
    said = "1H5: the MF to enter open ground in mud is not in resources/data: open ground's 1 MF is counted"
    assert any(note.startswith(said) for note in answer["unverified"]) is (where == "1H5")


def test_c10_3_road_hexside_is_minus_one_unless_mud_unless_paved() -> None:
    assert drm_of(push(board(hexsides={"1H4/1H5": "road"}), to_hex="1H5"), "road") == [-1]
    muddy = board(hexsides={"1H4/1H5": "road"}, ground={"1H5": "deep snow"})
    assert drm_of(push(muddy, to_hex="1H5"), "road") == []
    assert drm_of(push(muddy, to_hex="1H5", paved=True), "road") == [-1]


@pytest.mark.parametrize(
    ("pushers", "drm"),
    [
        (["c1"], []),
        (["c1", "hs1"], [-1]),
        (["c1", "sq1"], [-2]),
        (["sq1"], [-1]),
        (["c1", "sq1", "sq2"], [-4]),
        (["c1", "sq1", "sq2", "sq3"], [-4]),
        (["c1", "l1", "l2", "l3", "l4", "l5"], [-1]),
        (["c1", "l1", "l2"], []),
    ],
)
def test_c10_3_additional_pushers_minus_one_per_crew_equivalent_capped_at_four(
    pushers: list[str], drm: list[int]
) -> None:
    assert drm_of(push(board(), pushers=pushers), "pushers") == drm


def test_c10_111_five_smc_equal_a_crew_but_four_do_not() -> None:
    scenario = board({"at37": {"crew": None}})
    assert push(scenario, pushers=["l1", "l2", "l3", "l4", "l5"])["legal"] is True
    four = push(scenario, pushers=["l1", "l2", "l3", "l4"])
    assert four["legal"] is False
    assert any("C10.111" in r for r in four["reasons"])


def test_c10_3_low_ammo_and_labor_drm() -> None:
    answer = push(board({"c1": {"labor": -2}}), low_ammo=True)
    assert drm_of(answer, "low ammo") == [-2]
    assert drm_of(answer, "labor") == [-2]
    assert answer["total_drm"] == 7 - 4
    assert drm_of(push(board({"at37": {"low_ammo": True}})), "low ammo") == [-2]


@pytest.mark.parametrize(
    ("units", "keys", "rule"),
    [
        ({"at37": {"nm": True}}, {}, "C10.26"),
        ({"at37": {"rfnm": True}}, {}, "C10.25"),
        ({"at37": {"limbered": False}}, {}, "C10.2"),
        ({"c1": {"pinned": True}}, {}, "C10.111"),
        ({"c1": {"broken": True}}, {}, "C10.111"),
        ({"c1": {"dc": True}}, {}, "C10.3"),
        ({}, {"unhooked_this_turn": True}, "C10.3"),
        ({}, {"bypass": True}, "C10.3"),
        ({}, {"assault_move": True}, "C10.3"),
        ({}, {"minimum_move": True}, "C10.3"),
        ({}, {"wire": True}, "C10.3"),
        ({}, {"carrying_pp": True}, "C10.3"),
        ({}, {"mf_spent": 1}, "C10.3"),
        ({}, {"phase": "PFPh"}, "C10.3"),
        ({}, {"pushers": ["hs1"]}, "C10.111"),
        ({"at37": {"towed_by": "spw"}}, {}, "C10.3"),
    ],
)
def test_c10_3_push_is_illegal_with_a_cited_reason(units: dict[str, Any], keys: dict[str, Any], rule: str) -> None:
    answer = push(board(units), **keys)
    assert answer["legal"] is False
    assert any(r.endswith(f"({rule})") for r in answer["reasons"]), answer["reasons"]
    assert "outcome" not in push(board(units), dice={"colored": 1, "white": 1}, **keys)


def test_c10_3_qsu_gun_is_pushed_unlimbered() -> None:
    assert push(board({"at37": {"limbered": False, "qsu": True}}))["legal"] is True


def test_c10_3_double_time_gives_the_mf_for_rubble() -> None:
    assert push(board(), to_hex="1H3")["legal"] is False  # wooden rubble 3 MF doubled = 6 > 4
    answer = push(board(), to_hex="1H3", double_time=True)
    assert answer["legal"] is True
    assert drm_of(answer, "Y") == [6]


def test_c10_3_not_adjacent_is_illegal() -> None:
    answer = push(board(), to_hex="1H6")
    assert answer["legal"] is False
    assert any("adjacent" in r for r in answer["reasons"])


@given(
    m=st.integers(2, 14),
    labor=st.sampled_from([0, -1, -2]),
    low_ammo=st.booleans(),
    to_hex=st.sampled_from(["1G4", "1H5", "1I4", "1I5"]),
    helpers=st.lists(st.sampled_from(["hs1", "sq1", "sq2", "sq3", "l1"]), unique=True),
)
def test_c10_3_max_dr_follow_the_final_dr_rule(
    m: int, labor: int, low_ammo: bool, to_hex: str, helpers: list[str]
) -> None:
    scenario = board({"at37": {"manhandling": m}, "c1": {"labor": labor}})
    answer = push(scenario, to_hex=to_hex, low_ammo=low_ammo, pushers=["c1", *helpers])
    assert answer["total_drm"] == sum(line["value"] for line in answer["drm"])
    for original in range(2, 13):
        final = original + answer["total_drm"]
        assert (original <= answer["max_dr_enter"]) is (final <= m)
        assert (original <= answer["max_dr_continue"]) is (final < m)
    assert sum(drm_of(answer, "pushers")) >= -4
    alone = push(scenario, to_hex=to_hex, low_ammo=low_ammo)
    assert answer["total_drm"] <= alone["total_drm"]


def test_c10_3_cli_answers_push(tmp_path: Path) -> None:
    action = tmp_path / "push.json"
    action.write_text(json.dumps({"kind": "push", "gun": "at37", "to_hex": "1G4", "dice": {"colored": 2, "white": 3}}))
    done = subprocess.run(
        [sys.executable, "-m", "aslgui", "resolve", str(FIXTURE), str(action)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["m_number"], answer["max_dr_continue"], answer["max_dr_enter"]) == (12, 4, 5)
    assert answer["outcome"] == {"final_dr": 12, "entered": True, "stopped": True}


@pytest.mark.parametrize(
    ("action", "path"),
    [
        ({"kind": "push", "gun": "nope", "to_hex": "1G4"}, "action.gun"),
        ({"kind": "push", "gun": "at37", "to_hex": "1Z99"}, "action.to_hex"),
        ({"kind": "push", "gun": "at37", "to_hex": "1G4", "pushers": "c1"}, "action.pushers"),
        ({"kind": "push", "gun": "at37", "to_hex": "1G4", "pushers": ["c1", "x"]}, "action.pushers[1]"),
        ({"kind": "push", "gun": "at37", "to_hex": "1G4", "mf_spent": -1}, "action.mf_spent"),
        ({"kind": "push", "gun": "at37", "to_hex": "1G4", "dice": {"colored": 7, "white": 1}}, "action.dice.colored"),
    ],
)
def test_c10_3_cli_bad_input_exits_2_naming_the_path(tmp_path: Path, action: dict[str, Any], path: str) -> None:
    file = tmp_path / "push.json"
    file.write_text(json.dumps(action))
    done = subprocess.run(
        [sys.executable, "-m", "aslgui", "resolve", str(FIXTURE), str(file)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert json.loads(done.stderr)["path"] == path


def test_c10_3_manhandling_drm_not_in_the_rules_text_are_named_unverified() -> None:
    """The chart rows whose numbers our C10.3 text lacks (mud/deep snow, road hexside, Low Ammo) are
    named in the answer's ``unverified`` when, and only when, the push uses them."""
    plain = push(board())
    assert "unverified" not in plain or not [n for n in plain["unverified"] if "Manhandling DRM" in n]
    all_three = push(board({"at37": {"low_ammo": True}}, hexsides={"1H4/1H5": "road"}, ground={"1H5": "mud"}),
                     to_hex="1H5", paved=True)
    named = [note for note in all_three["unverified"] if note.startswith("Manhandling DRM")]
    assert named == [
        "Manhandling DRM +3 (mud or deep snow, C10.3): not checked against the printed chart",
        "Manhandling DRM -1 (road hexside, C10.3): not checked against the printed chart",
        "Manhandling DRM -2 (low ammo, C10.3): not checked against the printed chart",
    ]
    assert drm_of(all_three, "mud") == [3] and drm_of(all_three, "road") == [-1]


def roster_line(unit_id: str, value: str, entry: str) -> str:
    return f"{unit_id} {value} from the roster's {entry!r} (not checked against its counter)"


def test_c10_3_a_gun_named_only_is_pushed_with_its_roster_m_number_named_unverified() -> None:
    """A Gun that gives only a roster ``name`` (45L AT, M12 in an unchecked entry) is pushed with
    the roster's M#, as ``fire`` takes the same entry's ROF and B#; the answer names the value."""
    answer = push(board({"at37": {"name": "45L AT", "manhandling": None}}))
    assert (answer["legal"], answer["m_number"], answer["max_dr_enter"], answer["max_dr_continue"]) == (True, 12, 5, 4)
    assert answer["unverified"] == [roster_line("at37", "M# 12", "45L AT")]


def test_c10_3_a_gun_stating_its_own_m_number_takes_no_roster_line() -> None:
    answer = push(board({"at37": {"name": "45L AT", "manhandling": 10}}))
    assert (answer["legal"], answer["m_number"], answer["max_dr_enter"]) == (True, 10, 3)
    assert not [note for note in answer.get("unverified", []) if "roster" in note]


def test_c10_3_a_gun_the_roster_lacks_says_its_m_number_is_missing() -> None:
    answer = push(board({"at37": {"name": "47L AT", "manhandling": None}}))
    assert (answer["legal"], answer["m_number"], answer["max_dr_enter"]) == (False, None, None)
    assert ("at37 has no M# (\"manhandling\", nor a roster entry '47L AT' giving one) and cannot be pushed (C10.3)"
            in answer["reasons"])
    assert not answer.get("unverified")


def test_c10_3_the_mf_the_pushers_have_spent_this_mph_counts_as_the_action_key_does() -> None:
    """A pusher that has moved keeps its ``mf_spent`` (DESIGN.md 13): the push is checked against it."""
    kept, given = push(board({"c1": {"mf_spent": 1}})), push(board(), mf_spent=1)
    assert kept["legal"] is False and kept["reasons"] == given["reasons"]
    assert any(r.endswith("(C10.3)") and "MF" in r for r in kept["reasons"])


# -- C10.3: pushing spends the pushers' MF, goes on only as pushing, and ends in TI ----------------
#: A push that enters and lets the Gun go on: Final DR 2 + 2 below the M# 12 into open ground.
GO_ON = {"colored": 1, "white": 1}


def test_c10_3_each_push_adds_its_mf_to_the_pushers_so_a_third_is_refused_for_want_of_mf() -> None:
    scenario = played(board(), {"kind": "push", "gun": "at37", "to_hex": "1H5", "dice": GO_ON})
    crew, gun = scenario.units["c1"], scenario.units["at37"]
    assert crew.extra["mf_spent"] == 2 and "mf_spent" not in gun.extra
    assert (crew.extra["pushed"], gun.extra["pushed"], crew.hex) == (True, True, scenario.grid.parse("1H5"))
    second = push(scenario, to_hex="1H6")
    assert second["legal"] is True and second["mf_cost"] == 2
    played(scenario, {"kind": "push", "gun": "at37", "to_hex": "1H6", "dice": GO_ON})
    assert scenario.units["c1"].extra["mf_spent"] == 4
    third = push(scenario, to_hex="1H7")
    assert third["legal"] is False
    assert "pushing costs 2 MF and the pushers have 0 left (no Minimum Move) (C10.3)" in third["reasons"]


def test_c10_3_a_pusher_moves_on_only_by_pushing_while_hooking_up_stays_open() -> None:
    scenario = played(board(), {"kind": "push", "gun": "at37", "to_hex": "1H5", "dice": GO_ON})
    moved = resolve(scenario, {"kind": "move", "unit": "c1", "path": ["1H6"]}).to_json()
    assert moved["legal"] is False
    assert ("c1 has pushed a Gun this MPh: it goes on only by pushing it or hooking it up, and is TI once that ends "
            "(C10.3)") in moved["reasons"]
    scenario.units["spw"] = scenario.units["spw"]._replace(hex=scenario.units["at37"].hex)
    hooked = resolve(scenario, {"kind": "hook_up", "gun": "at37", "vehicle": "spw"})
    assert not any("TI" in why or "pushed" in why for why in hooked.reasons)


def test_c10_3_the_gun_and_its_pushers_are_ti_when_the_mph_ends_and_the_gun_fires_no_more() -> None:
    scenario = played(board(), {"kind": "push", "gun": "at37", "to_hex": "1H5", "dice": GO_ON})
    shot = {"kind": "fire", "firer": "at37", "target_hex": "1H9", "target_type": "area", "ammo": "HE", "phase": "AFPh"}
    refused = resolve(scenario, shot)
    assert refused.legal is False
    assert ("at37 and c1 pushed a Gun this Player Turn and are TI once the pushing ends: no fire for the rest of it "
            "(C10.3)") in refused.reasons
    for unit in end_of_mph(scenario):
        scenario.units[unit.id] = unit
    gun, crew = scenario.units["at37"], scenario.units["c1"]
    assert (gun.extra.get("ti"), crew.extra.get("ti"), "pushed" in gun.extra, "pushed" in crew.extra) == (
        True, True, False, False)
    assert any("are TI: no fire for the rest of this Player Turn" in why for why in resolve(scenario, shot).reasons)
    assert not any(u.extra.get("ti") or u.extra.get("pushed") for u in end_player_turn(scenario))


def test_c10_3_a_push_ending_on_the_m_number_is_ti_at_once_and_a_failed_one_too() -> None:
    for dice, entered in (({"colored": 6, "white": 4}, True), ({"colored": 6, "white": 5}, False)):
        scenario = played(board(), {"kind": "push", "gun": "at37", "to_hex": "1H5", "dice": dice})
        crew = scenario.units["c1"]
        assert crew.extra["ti"] is True and "pushed" not in crew.extra
        assert ("mf_spent" in crew.extra) is entered


def test_c10_3_a_push_stating_the_mf_spent_commits_from_that_figure() -> None:
    """The answer read the action's mf_spent and the Commit had added to the crew's record instead."""
    scenario = played(board(), {"kind": "push", "gun": "at37", "to_hex": "1H5", "mf_spent": 1, "dice": GO_ON})
    assert scenario.units["c1"].extra["mf_spent"] == 3
    assert push(scenario, to_hex="1H6")["legal"] is False


def test_c10_3_a_gun_or_its_crew_dropped_two_hexes_away_in_the_mph_is_told_it_is_pushed_hex_by_hex() -> None:
    """A player dragging the crew of a pushed Gun two hexes got 'switch to Setup to move it'."""
    scenario = board()
    for dragged in ("at37", "c1"):
        drop = gestures_for_drop(scenario, dragged, scenario.grid.parse("1H6"))
        assert drop.gestures == ()
        assert drop.reasons == ("37L AT is pushed one adjacent hex at a time by its crew, not on to 1H6 (C10.3)",)
