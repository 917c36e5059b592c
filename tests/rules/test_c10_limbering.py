"""(Un)limbering (C10.2-C10.26), the hooking-up/unhooking procedure EX, and RFNM fire limits."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.to_hit.firer_state import cannot_fire_reasons

FIXTURE = Path(__file__).parent / "fixtures" / "c10_board.json"
BOARD: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
UNLIMBERED = {"at37": {"limbered": False}}


def board(units: dict[str, dict[str, Any]] | None = None, **top: Any) -> Scenario:
    """The C10 test board in the German PFPh, with some unit keys changed."""
    data = copy.deepcopy(BOARD)
    data.update({"phase": "PFPh", **top})
    for unit in data["units"]:
        unit.update((units or {}).get(unit["id"], {}))
    return scenario_from_json(data)


def ask(scenario: Scenario, kind: str, **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": kind, "gun": "at37", **keys}).to_json()


def cites(answer: dict[str, Any], rule: str) -> bool:
    return any(r.endswith(f"({rule})") for r in answer["reasons"])


def test_c10_21_limber_in_pfph_no_ti_and_no_fire() -> None:
    answer = ask(board(UNLIMBERED), "limber")
    assert answer["legal"] is True, answer["reasons"]
    assert (answer["limbered"], answer["may_fire_this_player_turn"], answer["ti"]) == (True, False, [])


def test_c10_22_unlimber_places_ti_on_gun_and_crew() -> None:
    answer = ask(board(), "unlimber")
    assert answer["legal"] is True
    assert (answer["limbered"], answer["ti"]) == (False, ["at37", "c1"])


def test_c10_22_ca_changes_while_unlimbering() -> None:
    assert ask(board(), "unlimber", ca="S/SW")["ca"] == "S/SW"
    assert ask(board(), "unlimber")["ca"] == "N/NE"


def test_c10_22_bad_ca_is_bad_input() -> None:
    with pytest.raises(AslError) as error:
        ask(board(), "unlimber", ca="N/S")
    assert error.value.path == "action.ca"


def test_c10_24_lf_gun_can_fire_limbered() -> None:
    assert ask(board({"at37": {"limbered": False, "lf": True}}), "limber")["can_fire_limbered"] is True
    assert ask(board(UNLIMBERED), "limber")["can_fire_limbered"] is False
    assert cannot_fire_reasons(board({"at37": {"lf": True}}).units["at37"]) == []
    assert [r for r in cannot_fire_reasons(board().units["at37"]) if r.endswith("(C10.21)")]


@pytest.mark.parametrize(
    ("kind", "units", "keys", "rule"),
    [
        ("limber", {"at37": {"limbered": False, "qsu": True}}, {}, "C10.23"),
        ("unlimber", {"at37": {"qsu": True}}, {}, "C10.23"),
        ("unlimber", {"at37": {"rfnm": True, "towed_by": "spw"}}, {}, "C10.25"),
        ("limber", {"at37": {"limbered": False, "rfnm": True}}, {}, "C10.25"),
        ("unlimber", {"at37": {"nm": True, "towed_by": "spw"}}, {}, "C10.26"),
        ("limber", {"at37": {"limbered": False, "nm": True}}, {}, "C10.26"),
        ("limber", {}, {}, "C10.21"),
        ("unlimber", UNLIMBERED, {}, "C10.21"),
        ("unlimber", {"at37": {"towed_by": "spw"}}, {}, "C10.21"),
        ("limber", {"at37": {"limbered": False, "fired": True}}, {}, "C10.21"),
        ("limber", {"at37": {"limbered": False}, "c1": {"fired": True}}, {}, "C10.21"),
        ("limber", {"at37": {"limbered": False}, "c1": {"pinned": True}}, {}, "C10.111"),
        ("limber", {"at37": {"limbered": False}, "c1": {"broken": True}}, {}, "C10.111"),
        ("limber", UNLIMBERED, {"phase": "MPh"}, "C10.21"),
        ("limber", UNLIMBERED, {"phase": "DFPh"}, "A3"),
        ("unlimber", {"at37": {"aboard": "spw"}}, {}, "C10.51"),
    ],
)
def test_c10_2_limbering_is_illegal_with_a_cited_reason(
    kind: str, units: dict[str, Any], keys: dict[str, Any], rule: str
) -> None:
    answer = ask(board(units), kind, **keys)
    assert answer["legal"] is False
    assert cites(answer, rule), answer["reasons"]


def test_c10_21_defender_limbers_in_its_dfph() -> None:
    assert ask(board(UNLIMBERED, player="russian"), "limber", phase="DFPh")["legal"] is True


def test_c10_21_a_malfunctioned_gun_can_still_be_limbered() -> None:
    assert ask(board({"at37": {"limbered": False, "malfunctioned": True}}), "limber")["legal"] is True


def test_c10_2x_ex_hooking_up_procedure() -> None:
    """PFPh: the crew limbers; next MPh: the Stopped vehicle hooks up (half its MP); all TI."""
    pfph = board(UNLIMBERED)
    assert ask(pfph, "limber")["legal"] is True
    mph = board(phase="MPh")
    hooked = resolve(mph, {"kind": "hook_up", "vehicle": "spw", "gun": "at37", "mp_spent": 1}).to_json()
    assert (hooked["legal"], hooked["mp_cost"], hooked["ti"]) == (True, 7, ["at37", "c1", "spw"])
    assert ask(board({"at37": {"towed_by": "spw"}}, phase="MPh"), "unlimber", phase="PFPh")["legal"] is False


def test_c10_2x_ex_unhooking_procedure_then_unlimber_in_the_dfph() -> None:
    """MPh: unhook (half the MP), Gun and crew TI; next friendly DFPh: the crew unlimbers, both TI."""
    towed = board({"at37": {"towed_by": "spw"}}, phase="MPh")
    unhooked = resolve(towed, {"kind": "unhook", "vehicle": "spw", "gun": "at37", "mp_spent": 2}).to_json()
    assert (unhooked["legal"], unhooked["must_unlimber"]) == (True, True)
    answer = ask(board(player="russian"), "unlimber", phase="DFPh")
    assert (answer["legal"], answer["ti"]) == (True, ["at37", "c1"])
    qsu = board({"at37": {"limbered": False, "qsu": True}})
    assert cannot_fire_reasons(qsu.units["at37"]) == []
