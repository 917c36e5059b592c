"""D7.1: no OVR by a vehicle whose Passengers/Riders are already marked with a Bounding Fire
counter (as for the vehicle's own counter), and none by a wagon, which expends MF."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import is_legal, resolve
from tests.rules.fixtures.boards import HERE, board_from
from tests.rules.fixtures.to_hit_scenarios import resolve_cli

#: A 4-6-7 riding the D7.22 EX tank (4 FP base once its MGs are gone): one-fourth of 4 FP, tripled, is 3.
RIDER = {"id": "rider", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "1D3",
         "aboard": "tank"}
LEADER = {"id": "al", "side": "german", "nationality": "german", "kind": "leader", "name": "8-1", "hex": "1D3",
          "aboard": "tank"}
PORTEE = {"id": "rcl", "side": "german", "nationality": "german", "kind": "gun", "name": "75*RCL", "hex": "1D3",
          "ca": "NW/N", "caliber": 75, "barrel": "*", "limbered": True, "aboard": "tank", "portee": True}
MARKED = "rider, a Passenger/Rider of tank, is marked with a Bounding Fire counter (it has fired this MPh) (D7.1)"


def _board(*riders: dict[str, Any], **tank: Any) -> Scenario:
    return board_from("d7_ex.json", {"tank": {"mgs": None, **tank}}, list(riders))


def _ovr(situation: Scenario, **keys: Any) -> dict[str, Any]:
    return resolve(situation, {"kind": "overrun", "vehicle": "tank", "target_hex": "1C3", **keys}).to_json()


# -- D7.1: the PRC's Bounding Fire counter ------------------------------------------------------------
def test_d7_1_an_unmarked_rider_adds_its_fp_and_the_ovr_is_legal() -> None:
    answer = _ovr(_board(RIDER))
    assert (answer["legal"], answer["reasons"], answer["fp"]) == (True, [], 7)  # 4 + 4 x 1/4 x 3


@pytest.mark.parametrize("marker", [{"fired": True}, {"bounding_fired": True}, {"fired": True, "bounding_fired": True}])
def test_d7_1_a_rider_under_a_bounding_fire_counter_forbids_the_ovr_and_adds_no_fp(marker: dict[str, bool]) -> None:
    answer = _ovr(_board({**RIDER, **marker}))
    assert answer["legal"] is False
    assert answer["reasons"] == [MARKED]
    assert answer["fp"] == 4  # the base alone: a rider that has fired adds nothing
    assert [part["source"] for part in answer["fp_parts"]] == ["base (D7.11)"]


def test_d7_1_a_marked_rider_named_as_a_passenger_still_forbids_the_ovr() -> None:
    answer = _ovr(_board({**RIDER, "fired": True}), passengers=["rider"])
    assert (answer["legal"], answer["reasons"], answer["fp"]) == (False, [MARKED], 4)


def test_d7_1_a_marked_rider_left_out_of_passengers_still_forbids_the_ovr() -> None:
    answer = _ovr(_board({**RIDER, "fired": True}), passengers=[])
    assert (answer["legal"], answer["reasons"]) == (False, [MARKED])


def test_d7_1_a_marked_rider_beside_an_unmarked_one_forbids_the_ovr() -> None:
    other = {**RIDER, "id": "rider2"}
    answer = _ovr(_board({**RIDER, "fired": True}, other))
    assert answer["reasons"] == [MARKED]
    assert answer["fp"] == 7  # only rider2 would add FP


def test_d7_1_a_leader_riding_under_a_fire_counter_is_prc_too() -> None:
    answer = _ovr(_board({**LEADER, "bounding_fired": True}))
    assert answer["reasons"] == [
        "al, a Passenger/Rider of tank, is marked with a Bounding Fire counter (it has fired this MPh) (D7.1)"]


def test_d7_1_a_broken_rider_still_under_its_counter_forbids_the_ovr() -> None:
    assert _ovr(_board({**RIDER, "fired": True, "broken": True}))["reasons"] == [MARKED]


def test_d7_1_a_gun_en_portee_marked_as_fired_is_no_prc() -> None:
    answer = _ovr(_board({**PORTEE, "fired": True}))
    assert (answer["legal"], answer["fp"]) == (True, 4)
    named = _ovr(_board({**PORTEE, "fired": True}), passengers=["rcl"])  # still no Infantry Passenger (D7.11)
    assert named["reasons"] == [
        "rcl is a gun, not Infantry: only Infantry Passengers/Riders add their printed FP (D7.11)"]


def test_d7_1_vehicle_and_rider_both_marked_give_both_reasons() -> None:
    answer = _ovr(_board({**RIDER, "fired": True}, bounding_fired=True))
    assert answer["reasons"] == [
        "tank is marked with a Bounding First Fire counter (other than for an OVR) (D7.1, D7.13)", MARKED]


def test_d7_1_a_marked_rider_leaves_no_outcome_and_no_odds() -> None:
    answer = _ovr(_board({**RIDER, "fired": True}), dice={"colored": 1, "white": 1})
    assert "outcome" not in answer
    assert (answer["odds"], answer["odds_216"]) == (None, None)
    assert is_legal(_board({**RIDER, "fired": True}), {"kind": "overrun", "vehicle": "tank", "target_hex": "1C3"}) \
        is False


def test_d7_1_a_friendly_unit_in_the_target_hex_under_a_fire_counter_is_not_prc() -> None:
    walker = {**RIDER, "id": "walker", "hex": "1C3", "fired": True}
    walker.pop("aboard")
    assert _ovr(_board(walker))["legal"] is True


# -- D7.1: wagons -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["wagon", "Wagon", "WAGON"])
def test_d7_1_a_wagon_may_not_ovr(kind: str) -> None:
    answer = _ovr(_board(type=kind, afv=False, ma=None))
    assert answer["legal"] is False
    assert answer["reasons"] == ["tank is a wagon: wagons expend MF and may not OVR (D7.1)"]
    assert (answer["fp"], answer["mp_cost"], answer["targets"], answer["odds"]) == (None, None, None, None)


def test_d7_1_a_wagon_with_no_mp_is_still_an_answer() -> None:
    answer = _ovr(_board(type="wagon", afv=False, ma=None, mp=None))
    assert answer["reasons"] == ["tank is a wagon: wagons expend MF and may not OVR (D7.1)"]


@pytest.mark.parametrize("kind", ["truck", "ht", "wagons", "tank"])
def test_d7_1_other_vehicle_types_may_ovr(kind: str) -> None:
    assert _ovr(_board(type=kind))["legal"] is True


def test_d7_1_a_wagon_from_the_command_line_exits_0_with_its_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads((HERE / "d7_ex.json").read_text(encoding="utf-8"))
    data["units"][0].update({"type": "Wagon", "afv": False})
    code, answer = resolve_cli(tmp_path, capsys, data, {"kind": "overrun", "vehicle": "tank", "target_hex": "1C3"})
    assert code == 0
    assert (answer["legal"], answer["reasons"]) == (False, ["tank is a wagon: wagons expend MF and may not OVR (D7.1)"])
