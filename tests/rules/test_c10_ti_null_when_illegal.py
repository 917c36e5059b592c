"""TI of the C10 actions (C10.11, C10.12, C10.22, C10.51): a legal answer's ``ti`` lists the units the
action marks TI; an illegal one marks no one, as nothing happens, so its ``ti`` is null (docs/contract.md:
a key the answer does not work out is null), never the units it would have marked."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from


def board(phase: str = "MPh", **units: dict[str, Any]) -> Scenario:
    """The C10 board: 37L AT (limbered) with its crew c1 and an SPW 250/1 able to portee, all in 1H4."""
    return board_from("c10_board.json", {"spw": {"portee": True, "pp": 12}, **units}, phase=phase)


def ask(scenario: Scenario, kind: str, **keys: Any) -> dict[str, Any]:
    vehicle = {} if kind in ("limber", "unlimber") else {"vehicle": "spw"}
    return resolve(scenario, {"kind": kind, **vehicle, "gun": "at37", **keys}).to_json()


def test_c10_11_hook_up_marks_gun_crew_and_vehicle_ti_only_when_legal() -> None:
    assert ask(board(), "hook_up")["ti"] == ["at37", "c1", "spw"]
    refused = ask(board("PFPh"), "hook_up")  # hooked up in the MPh only
    assert (refused["legal"], refused["ti"]) == (False, None)
    unlimbered = ask(board(at37={"limbered": False}), "hook_up")  # C10.2: limber it first
    assert (unlimbered["legal"], unlimbered["ti"]) == (False, None)


def test_c10_12_unhook_marks_gun_and_crew_ti_only_when_legal() -> None:
    assert ask(board(at37={"towed_by": "spw"}), "unhook")["ti"] == ["at37", "c1"]
    refused = ask(board(), "unhook")  # the Gun is not in tow
    assert (refused["legal"], refused["ti"]) == (False, None)
    pinned = ask(board(at37={"towed_by": "spw"}, c1={"pinned": True}), "unhook")  # C10.111
    assert (pinned["legal"], pinned["ti"]) == (False, None)


def test_c10_22_unlimbering_marks_gun_and_crew_ti_limbering_no_one() -> None:
    assert ask(board("PFPh", at37={"limbered": True}), "unlimber")["ti"] == ["at37", "c1"]
    assert ask(board("PFPh", at37={"limbered": False}), "limber")["ti"] == []


@pytest.mark.parametrize(("kind", "units", "phase"), [
    ("unlimber", {"at37": {"limbered": False}}, "PFPh"),  # already unlimbered
    ("unlimber", {"at37": {"towed_by": "spw"}}, "PFPh"),  # not while in tow (C10.21)
    ("unlimber", {}, "MPh"),  # not a fire phase
    ("limber", {"at37": {"limbered": True}}, "PFPh"),  # already limbered
    ("limber", {"at37": {"limbered": False, "nm": True}}, "PFPh"),  # NM (C10.26)
])
def test_c10_21_an_illegal_limber_or_unlimber_has_null_ti(kind: str, units: dict[str, Any], phase: str) -> None:
    answer = ask(board(phase, **units), kind)
    assert (answer["legal"], answer["ti"]) == (False, None)


def test_c10_51_loading_en_portee_marks_crew_and_vehicle_ti_only_when_legal() -> None:
    assert ask(board(), "portee_load")["ti"] == ["c1", "spw"]
    for refused in (ask(board(), "portee_load", entrenched=True),
                    ask(board(at37={"limbered": False}), "portee_load"),
                    ask(board(), "portee_load", mp_spent=1)):
        assert (refused["legal"], refused["ti"]) == (False, None)


def test_c10_51_unloading_en_portee_marks_crew_and_vehicle_ti_only_when_legal() -> None:
    assert ask(board(at37={"aboard": "spw"}), "portee_unload")["ti"] == ["c1", "spw"]
    refused = ask(board(), "portee_unload")  # the Gun is not aboard
    assert (refused["legal"], refused["ti"]) == (False, None)
