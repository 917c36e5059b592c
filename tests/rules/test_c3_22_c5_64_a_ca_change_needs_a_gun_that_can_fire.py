"""A CA change without firing needs a crew still able to fire the Gun (C3.22): not a malfunctioned
Gun (A.11) nor one under a No Fire counter (C5.64); a turret whose other armament still works
turns whatever its MA's state (C3.22 EXC, D3.51), and a malfunctioned Gun is still (un)limbered
(C10.21), which turns its CA too (C10.22)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from
from tests.rules.fixtures.to_hit_scenarios import german_tank, russian_gun, scenario

MALFUNCTIONED = "g's Gun is malfunctioned: it fires no more until repaired (A.11, C5.62)"
NO_FIRE = "g is under a No Fire counter: it may not fire again this Player Turn (C5.64)"


def _change(phase: str = "PFPh", player: str = "russian", **gun: Any) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", "S/SW", **gun), german_tank(), player=player)
    return resolve(situation, {"kind": "change_ca", "unit": "g", "ca": "N/NE", "phase": phase}).to_json()


@pytest.mark.parametrize(("phase", "player"), [("PFPh", "russian"), ("AFPh", "russian"), ("DFPh", "german")])
@pytest.mark.parametrize(("gun", "expected"), [({"malfunctioned": True}, MALFUNCTIONED), ({"no_fire": True}, NO_FIRE)])
def test_c3_22_no_ca_change_by_a_gun_that_cannot_fire(phase: str, player: str, gun: dict[str, Any],
                                                      expected: str) -> None:
    answer = _change(phase, player, **gun)
    assert answer["legal"] is False
    assert f"no CA change: {expected}" in answer["reasons"]


@pytest.mark.parametrize(("phase", "player"), [("PFPh", "russian"), ("DFPh", "german")])
def test_c3_22_the_same_gun_in_working_order_changes_its_ca(phase: str, player: str) -> None:
    answer = _change(phase, player)
    assert answer["legal"] is True and answer["spines"] == 3


@pytest.mark.parametrize("gun", [{"malfunctioned": True}, {"no_fire": True}])
def test_c3_22_turning_to_the_ca_it_has_is_still_no_change(gun: dict[str, Any]) -> None:
    situation = scenario(russian_gun("4E5", "S/SW", **gun), german_tank())
    answer = resolve(situation, {"kind": "change_ca", "unit": "g", "ca": "S/SW", "phase": "PFPh"}).to_json()
    assert answer["legal"] is True and answer["spines"] == 0


def _turret(mgs: list[dict[str, Any]], arc: str = "tca", **tank: Any) -> dict[str, Any]:
    situation = scenario(german_tank(hex_name="4E5", ma={"caliber": 50, "kind": "gun"}, mgs=mgs, **tank),
                         russian_gun("4E9", "N/NE"), player="german")
    return resolve(situation, {"kind": "change_ca", "unit": "t", "arc": arc, "ca": "S/SW", "phase": "PFPh"}).to_json()


@pytest.mark.parametrize("mgs", [[], [{"fp": 2, "mount": "BMG"}], [{"fp": 2, "mount": "CMG", "functioning": False}]])
def test_c3_22_a_turret_with_a_malfunctioned_ma_and_no_other_working_turret_armament_stays(
        mgs: list[dict[str, Any]]) -> None:
    answer = _turret(mgs, malfunctioned=True)
    assert answer["legal"] is False
    assert "no CA change: t's MA is malfunctioned: it fires no more until repaired (A.11, C5.62)" in answer["reasons"]


def test_c3_22_exc_d3_51_a_working_cmg_turns_the_turret_of_a_malfunctioned_ma() -> None:
    answer = _turret([{"fp": 2, "mount": "CMG"}], malfunctioned=True)
    assert answer["legal"] is True, answer["reasons"]
    assert answer["notes"] == ["read: the turret turns by its working CMG, other turreted armament, though its MA is "
                               "malfunctioned (C3.22, D3.51)"]
    assert "notes" not in _turret([{"fp": 2, "mount": "CMG"}])  # a working MA needs no reading


def test_c3_22_a_turreted_hull_turns_whatever_its_ma() -> None:
    answer = _turret([], arc="vca", malfunctioned=True)
    assert answer["legal"] is True, answer["reasons"]


@pytest.mark.parametrize("kind", ["limber", "unlimber"])
def test_c10_21_a_malfunctioned_gun_is_still_limbered_and_unlimbered(kind: str) -> None:
    situation = board_from("c10_board.json", {"at37": {"limbered": kind == "unlimber", "malfunctioned": True}},
                           phase="PFPh")
    answer = resolve(situation, {"kind": kind, "gun": "at37", "ca": "S/SW"}).to_json()
    assert answer["legal"] is True, answer["reasons"]
    assert answer["ca"] == "S/SW"
