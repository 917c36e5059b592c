"""Contract check 25: only Infantry aboard add FP to an OVR, and a Gun en portee neither adds FP
nor fires in it (D7.11, C10.54); a non-leader as the OVR leader (D7.16), a Set DC detonated by a
non-Infantry unit (A23.7) and a vehicle named as a pushing crew (C10.3, C10.111) are answers, not
errors; a Gun stating no ROF has no Multiple ROF (C2.24); scenario errors name records in the
file's words."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, scenario, unit

#: A 4-6-7 riding the D7.22 EX tank, and a 75*RCL carried en portee on it (C10.5).
PAX = {"id": "pax", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "1D3",
       "aboard": "tank"}
PORTEE = {"id": "rcl", "side": "german", "nationality": "german", "kind": "gun", "name": "75*RCL", "hex": "1D3",
          "ca": "NW/N", "caliber": 75, "barrel": "*", "limbered": True, "aboard": "tank", "portee": True}
OUTSIDER = {"id": "walker", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7",
            "hex": "1D2"}


def _ovr_board(*extra: dict[str, Any]) -> Scenario:
    """The D7.22 EX tank (4 FP base, no MG) carrying ``extra``."""
    return board_from("d7_ex.json", {"tank": {"mgs": None}}, list(extra))


def _ovr(situation: Scenario, **action: Any) -> dict[str, Any]:
    return resolve(situation, {"kind": "overrun", "vehicle": "tank", "target_hex": "1C3", **action}).to_json()


# -- D7.11, C10.54 ---------------------------------------------------------------------------------
def test_d7_11_a_gun_en_portee_adds_no_fp_and_cannot_fire_in_the_ovr() -> None:
    answer = _ovr(_ovr_board(PORTEE))
    assert (answer["legal"], answer["fp"]) == (True, 4)
    assert [part["source"] for part in answer["fp_parts"]] == ["base (D7.11)"]
    assert ("rcl en portee on tank adds no FP (only Infantry Passengers/Riders do) and cannot fire during the OVR: "
            "Portee Fire is NA as Bounding First Fire, which an OVR is (D7.11, C10.54, D7.1)") in answer["notes"]


def test_d7_11_only_the_infantry_aboard_add_fp_beside_a_gun_en_portee() -> None:
    answer = _ovr(_ovr_board(PORTEE, PAX))
    assert answer["fp"] == 4 + 4 * 0.25 * 3  # the 4-6-7's one-fourth, tripled; nothing for the Gun


def test_d7_11_a_gun_named_as_a_passenger_is_illegal_not_an_error() -> None:
    answer = _ovr(_ovr_board(PORTEE), passengers=["rcl"])
    assert answer["legal"] is False
    assert answer["reasons"] == [
        "rcl is a gun, not Infantry: only Infantry Passengers/Riders add their printed FP (D7.11)"]
    assert answer["fp"] == 4


def test_d7_11_a_passenger_not_aboard_is_illegal_not_an_error() -> None:
    answer = _ovr(_ovr_board(OUTSIDER, PAX), passengers=["walker", "pax"])
    assert answer["legal"] is False
    assert answer["reasons"] == ["walker is not aboard tank: only its Passengers/Riders add FP (D7.11)"]
    assert answer["fp"] == 7  # the 4-6-7 aboard still counts


# -- D7.16 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["gun", "vehicle", "squad", "halfsquad", "crew"])
def test_d7_16_a_non_leader_as_the_ovr_leader_is_illegal_without_a_leadership_key(kind: str) -> None:
    other = {"id": "x", "side": "german", "nationality": "german", "kind": kind, "hex": "1D3", "aboard": "tank",
             "caliber": 37, "mp": 10}
    answer = _ovr(_ovr_board(other), leader="x", passengers=[])
    assert (answer["legal"], answer["reasons"]) == (False, ["x is not an Armor Leader or Passenger leader in tank "
                                                            "(D7.16)"])
    assert [line for line in answer["drm"] if line["case"] == "leadership"] == []


# -- A23.7 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["gun", "vehicle"])
def test_a23_7_only_the_infantry_unit_that_set_a_dc_detonates_it(kind: str) -> None:
    setter = {"id": "x", "side": "german", "nationality": "german", "kind": kind, "hex": "1Y6", "set_dc": "1W5",
              "caliber": 37, "mp": 10}
    situation = board_from("a23_ex.json", {"s527": {"hex": "1W5"}}, [setter], phase="PFPh",
                           terrain={"1W5": "stone building"})
    answer = resolve(situation, {"kind": "detonate_dc", "unit": "x", "hex": "1W5"}).to_json()
    assert answer["legal"] is False
    assert answer["reasons"] == [f"x is a {kind}; only the Infantry unit that Set a DC detonates it (A23.7)"]
    assert (answer["odds"], answer["odds_216"]) == (None, None)
    # The same situation with the DC recorded on the 4-6-7 instead: its own detonation is legal.
    own = board_from("a23_ex.json", {"s527": {"hex": "1W5"}, "s467": {"set_dc": "1W5"}},
                     [{k: v for k, v in setter.items() if k != "set_dc"}], phase="PFPh",
                     terrain={"1W5": "stone building"})
    infantry = resolve(own, {"kind": "detonate_dc", "unit": "s467", "hex": "1W5"}).to_json()
    assert (infantry["legal"], infantry["reasons"]) == (True, [])


# -- C10.3, C10.111 --------------------------------------------------------------------------------
C10_BOARD: dict[str, Any] = json.loads((Path(__file__).parent / "fixtures" / "c10_board.json").read_text("utf-8"))


@pytest.mark.parametrize("crew", ["spw", "at37"])
def test_c10_3_a_vehicle_or_gun_as_the_pushing_crew_is_illegal(crew: str) -> None:
    situation = scenario_from_json(copy.deepcopy(C10_BOARD))
    action = {"kind": "push", "gun": "at37", "to_hex": "1G4", "pushers": ["c1"], "crew": crew}
    answer = resolve(situation, action).to_json()
    assert answer["legal"] is False
    kind = "vehicle" if crew == "spw" else "gun"
    assert answer["reasons"] == [f"{crew} is a {kind}, not Infantry: only Infantry possess and push a Gun "
                                 "(C10.3, C10.111)"]
    assert resolve(situation, {**action, "crew": "c1"}).to_json()["legal"] is True


# -- C2.24, C3.33 ----------------------------------------------------------------------------------
def _no_rof_gun(**keys: Any) -> dict[str, Any]:
    """A Russian Gun (76mm unless ``keys`` say) no roster entry knows, stating no ROF, manned by ``c``."""
    return unit("g", "gun", "4E5", side="russian", **{"name": "76 Gun", "ca": "S/SW", "caliber": 76, "crew": "c",
                                                       **keys})


def test_c2_24_a_gun_stating_no_rof_has_no_multiple_rof() -> None:
    situation = scenario([_no_rof_gun(), unit("c", "crew", "4E5", side="russian")], german_tank(hex_name="4E9"))
    answer = fire(situation, firer="g", target="t", dice={"colored": 1, "white": 2})
    assert answer["legal"] is True
    assert answer["rof"] == 0
    assert answer["outcome"]["rof_retained"] is False
    stated = scenario([_no_rof_gun(rof=1), unit("c", "crew", "4E5", side="russian")], german_tank(hex_name="4E9"))
    kept = fire(stated, firer="g", target="t", dice={"colored": 1, "white": 2})
    assert (kept["rof"], kept["outcome"]["rof_retained"]) == (1, True)


def test_c3_33_a_mortar_stating_no_rof_keeps_none_on_its_area_shot() -> None:
    mortar = _no_rof_gun(type="MTR", caliber=82, name="mortar")
    situation = scenario([mortar, unit("c", "crew", "4E5", side="russian")], unit("s", "squad", "4E8"))
    answer = fire(situation, firer="g", target_hex="4E8", target_type="area", dice={"colored": 1, "white": 1})
    assert (answer["legal"], answer["target_type"]) == (True, "area")
    assert answer["rof"] == 0
    assert answer["outcome"]["rof_retained"] is False
    stated = scenario([{**mortar, "rof": 3}, unit("c", "crew", "4E5", side="russian")], unit("s", "squad", "4E8"))
    kept = fire(stated, firer="g", target_hex="4E8", target_type="area", dice={"colored": 1, "white": 1})
    assert (kept["rof"], kept["outcome"]["rof_retained"]) == (3, True)


# -- scenario errors in the file's words -----------------------------------------------------------
@pytest.mark.parametrize(
    ("keys", "path", "expected"),
    [
        ({"mgs": 3}, "units[0].mgs", 'expected a list of MG objects such as {"fp": 2, "mount": "CMG"}, got 3'),
        ({"mgs": [3]}, "units[0].mgs[0]", 'expected an MG object such as {"fp": 2, "mount": "CMG"}, got 3'),
        ({"ma": 3}, "units[0].ma", 'expected a main armament object such as {"caliber": 75, "barrel": "L", '
                                   '"kind": "gun"} or null, got 3'),
    ],
)
def test_design9_record_errors_name_mg_and_ma_objects_not_classes(keys: dict[str, Any], path: str,
                                                                  expected: str) -> None:
    data = copy.deepcopy(C10_BOARD)
    data["units"][0] = {"id": "v", "side": "german", "kind": "vehicle", "hex": "1H4", **keys}
    with pytest.raises(AslError) as error:
        scenario_from_json(data)
    assert (error.value.message, error.value.path) == (expected, path)
