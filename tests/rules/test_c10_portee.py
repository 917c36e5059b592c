"""En portee (C10.5-C10.54): loading and unloading a Gun on a vehicle."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.geometry import SPINE_NAMES
from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.apply import unit_changes
from aslgui.rules.menu_gestures import context_gestures

FIXTURE = Path(__file__).parent / "fixtures" / "c10_board.json"
BOARD: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
PORTEE: dict[str, dict[str, Any]] = {"spw": {"portee": True, "pp": 12}}
ABOARD: dict[str, dict[str, Any]] = {**PORTEE, "at37": {"aboard": "spw"}}


def board(units: dict[str, dict[str, Any]] | None = None, **top: Any) -> Scenario:
    """The C10 test board (German MPh) with the SPW able to portee and some unit keys changed."""
    data = copy.deepcopy(BOARD)
    data.update(top)
    changes = {**PORTEE, **(units or {})}
    for unit in data["units"]:
        unit.update(changes.get(unit["id"], {}))
    return scenario_from_json(data)


def ask(scenario: Scenario, kind: str, **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": kind, "vehicle": "spw", "gun": "at37", **keys}).to_json()


def cites(answer: dict[str, Any], rule: str) -> bool:
    return any(r.endswith(f"({rule})") for r in answer["reasons"])


def test_c10_5_gun_and_ammo_leave_five_pp() -> None:
    answer = ask(board(), "portee_load")
    assert answer["legal"] is True, answer["reasons"]
    assert answer["pp_left"] == 5
    assert answer["crew_mf_cost"] == 4
    assert answer["hazardous_movement"] is True
    assert answer["ti"] == ["c1", "spw"]
    assert answer["limbered"] is True


def test_c10_5_other_passengers_count_against_the_five_pp() -> None:
    assert ask(board({"spw": {"portee": True, "pp": 12, "pp_used": 5}}), "portee_load")["pp_left"] == 0
    over = ask(board({"spw": {"portee": True, "pp": 12, "pp_used": 6}}), "portee_load")
    assert over["legal"] is False
    assert cites(over, "C10.5")


def _no_portee_key(units: dict[str, dict[str, Any]] | None = None) -> Scenario:
    """The C10 board with the SPW (12 PP) carrying no "portee" key, as DESIGN.md's vehicle keys have it."""
    return board({"spw": {"pp": 12}, **(units or {})})


def test_c10_5_portee_load_without_a_portee_key_is_assumed_possible_and_noted() -> None:
    scenario = _no_portee_key()
    assert "portee" not in scenario.units["spw"].extra
    answer = ask(scenario, "portee_load")
    assert answer["legal"] is True, answer["reasons"]
    assert answer["pp_left"] == 5
    assert len(answer["notes"]) == 1
    assert "assumed able to portee at37" in answer["notes"][0]
    assert "(C10.5)" in answer["notes"][0]


def test_c10_5_explicit_portee_true_needs_no_note() -> None:
    answer = ask(board(), "portee_load")
    assert (answer["legal"], answer["notes"]) == (True, [])


def test_c10_5_explicit_portee_false_is_illegal_citing_c10_5() -> None:
    answer = ask(board({"spw": {"portee": False, "pp": 12}}), "portee_load")
    assert answer["legal"] is False
    assert answer["reasons"] == ['spw is recorded as unable to portee a Gun ("portee": false) (C10.5)']
    assert answer["notes"] == []


def test_c10_5_portee_key_must_be_true_or_false() -> None:
    """Checked as the file loads (KeptUnitKeys), whatever the action asks."""
    with pytest.raises(AslError) as error:
        board({"spw": {"portee": "yes", "pp": 12}})
    assert error.value.path == f"units[{[u['id'] for u in BOARD['units']].index('spw')}].portee"


@pytest.mark.parametrize(
    ("units", "keys", "rule"),
    [
        ({"c1": {"moved": True}}, {}, "C10.51"),
        ({"at37": {"limbered": False}}, {}, "C10.51"),
        ({"spw": {"pp": 12, "moved": True}}, {}, "C10.51"),
        ({}, {"mp_spent": 1}, "C10.51"),
        ({"at37": {"towed_by": "spw"}}, {}, "C10.5"),
        ({"spw": {"pp": 12, "pp_used": 6}}, {}, "C10.5"),
    ],
)
def test_c10_5_other_portee_checks_still_apply_without_the_portee_key(
    units: dict[str, Any], keys: dict[str, Any], rule: str
) -> None:
    answer = ask(_no_portee_key(units), "portee_load", **keys)
    assert answer["legal"] is False
    assert cites(answer, rule), answer["reasons"]


def test_c10_5_gestures_offer_portee_unless_the_vehicle_is_recorded_unable() -> None:
    def offered(scenario: Scenario) -> bool:
        return "portee_load" in {g.kind for g in context_gestures(scenario, "spw", "MPh")}

    assert offered(_no_portee_key())
    assert offered(board())
    assert not offered(board({"spw": {"portee": False, "pp": 12}}))
    unable = board({"spw": {"portee": False, "pp": 12}})
    assert "hook_up" in {g.kind for g in context_gestures(unable, "spw", "MPh")}  # only portee is left out


def test_c10_53_ca_is_the_vca_or_the_rear_vca() -> None:
    assert ask(board(), "portee_load")["ca"] == "N/NE"
    assert ask(board(), "portee_load", ca="rear")["ca"] == "S/SW"
    with pytest.raises(AslError) as error:
        ask(board(), "portee_load", ca="S/SW")
    assert error.value.path == "action.ca"


@pytest.mark.parametrize(
    ("units", "keys", "rule"),
    [
        ({"spw": {"portee": False, "pp": 12}}, {}, "C10.5"),
        ({"at37": {"towed_by": "spw"}}, {}, "C10.5"),
        ({"at37": {"limbered": False}}, {}, "C10.51"),
        ({"c1": {"moved": True}}, {}, "C10.51"),
        ({"c1": {"pinned": True}}, {}, "C10.111"),
        ({"c1": {"broken": True}}, {}, "C10.111"),
        ({"spw": {"portee": True, "moved": True}}, {}, "C10.51"),
        ({}, {"mp_spent": 1}, "C10.51"),
        ({}, {"bypass": True}, "C10.51"),
        ({}, {"entrenched": True}, "C10.51"),
        ({"spw": {"portee": True, "hex": "1H5"}}, {}, "C10.51"),
        ({}, {"phase": "DFPh"}, "C10.51"),
    ],
)
def test_c10_51_portee_load_is_illegal_with_a_cited_reason(
    units: dict[str, Any], keys: dict[str, Any], rule: str
) -> None:
    answer = ask(board(units), "portee_load", **keys)
    assert answer["legal"] is False
    assert cites(answer, rule), answer["reasons"]


def test_c10_51_qsu_gun_loads_unlimbered() -> None:
    answer = ask(board({"at37": {"limbered": False, "qsu": True}}), "portee_load")
    assert (answer["legal"], answer["limbered"]) == (True, False)


def test_c10_52_unload_from_an_immobilized_vehicle_in_limbered_mode() -> None:
    answer = ask(board({**ABOARD, "spw": {"portee": True, "pp": 12, "immobilized": True}}), "portee_unload")
    assert answer["legal"] is True, answer["reasons"]
    assert (answer["limbered"], answer["pp_left"]) == (True, 12)


@pytest.mark.parametrize(
    ("units", "keys", "rule"),
    [
        ({"at37": {"aboard": None}}, {}, "C10.51"),
        ({"spw": {"portee": True, "moved": True}}, {}, "C10.51"),
        ({"c1": {"moved": True}}, {}, "C10.51"),
    ],
)
def test_c10_51_portee_unload_is_illegal_with_a_cited_reason(
    units: dict[str, Any], keys: dict[str, Any], rule: str
) -> None:
    changes = {**ABOARD, **units}
    answer = ask(board(changes), "portee_unload", **keys)
    assert answer["legal"] is False
    assert cites(answer, rule), answer["reasons"]


@pytest.mark.parametrize("side", ["rear", "vca"])
def test_c10_53_a_gun_loaded_facing_the_rear_keeps_the_ca_its_answer_gave(side: str) -> None:
    """The answer turned it to the rear and the Commit left it on the VCA; a later turn then kept it wrong."""
    scenario = board()
    action = {"kind": "portee_load", "vehicle": "spw", "gun": "at37", "ca": side}
    answer = resolve(scenario, action)
    assert answer.legal, answer.reasons
    for unit in unit_changes(scenario, action, answer):
        scenario.units[unit.id] = unit
    gun, spw = scenario.units["at37"], scenario.units["spw"]
    assert spw.vca is not None and gun.ca == (spw.vca + (3 if side == "rear" else 0)) % 6
    assert answer.to_json()["ca"] == SPINE_NAMES[gun.ca]
