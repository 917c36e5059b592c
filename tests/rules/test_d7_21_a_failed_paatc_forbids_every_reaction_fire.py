"""A DEFENDER that fails its Reaction Fire PAATC is pinned and can neither make that CC Reaction
Fire attack nor Non-CC Reaction Fire instead (D7.21), pinned before or not, whether it takes the
PAATC now or took it when the AFV entered earlier in the MPh (``paatc_taken``, A12.41); only FPF
CC, obligatory under a Final Fire counter, is still made (D7.212); no PAATC is due vs an unarmored
vehicle or by an exempt unit (A11.6)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from

NON_CC = "s628 failed a Reaction Fire PAATC: no Non-CC Reaction Fire either (D7.21)"
CC = "s628 failed its PAATC: it is pinned and may make no Reaction Fire (D7.21)"


def _react(kind: str, units: dict[str, dict[str, Any]] | None = None, **keys: Any) -> dict[str, Any]:
    situation = board_from("d7_ex.json", {"tank": {"hex": "1C3"}, **(units or {})})
    action = {"kind": "reaction_fire", "unit": "s628", "vehicle": "tank", "type": kind, **keys}
    return resolve(situation, action).to_json()


@pytest.mark.parametrize("pinned", [False, True])
@pytest.mark.parametrize("taken", [{}, {"paatc_taken": True}])
@pytest.mark.parametrize("weapon", [{}, {"weapon": "tpbf"}, {"weapon": "mol"}])
def test_d7_21_no_non_cc_reaction_fire_after_a_failed_paatc(pinned: bool, taken: dict[str, Any],
                                                            weapon: dict[str, Any]) -> None:
    answer = _react("non_cc", {"s628": {"pinned": pinned, "fired": False}}, paatc_passed=False, **taken, **weapon)
    assert answer["legal"] is False and NON_CC in answer["reasons"]


@pytest.mark.parametrize("taken", [{}, {"paatc_taken": True}])
def test_d7_21_nor_that_cc_reaction_fire(taken: dict[str, Any]) -> None:
    answer = _react("cc", {"s628": {"fired": False}}, paatc_passed=False, **taken)
    assert answer["legal"] is False and CC in answer["reasons"]
    earlier = [note for note in answer.get("notes", []) if note.endswith("(D7.21, A12.41)")]
    assert len(earlier) == (1 if taken else 0)  # the reading of a PAATC failed earlier is noted


@pytest.mark.parametrize("kind", ["cc", "non_cc"])
def test_d7_21_a_passed_paatc_now_or_earlier_leaves_reaction_fire(kind: str) -> None:
    for keys in ({}, {"paatc_taken": True}, {"paatc_taken": True, "paatc_passed": True}):
        answer = _react(kind, {"s628": {"fired": False}}, **keys)
        assert answer["legal"] is True, (keys, answer["reasons"])


@pytest.mark.parametrize("kind", ["cc", "non_cc"])
@pytest.mark.parametrize(("units", "keys"), [({"tank": {"hex": "1C3", "afv": False}}, {}),
                                             ({}, {"paatc_exempt": True})])
def test_d7_21_no_paatc_vs_an_unarmored_vehicle_or_by_an_exempt_unit(kind: str, units: dict[str, Any],
                                                                     keys: dict[str, Any]) -> None:
    answer = _react(kind, {"s628": {"fired": False}, **units}, paatc_passed=False, **keys)
    assert answer["legal"] is True, answer["reasons"]


@pytest.mark.parametrize("taken", [{}, {"paatc_taken": True}])
def test_d7_212_fpf_cc_is_still_made_after_a_failed_paatc(taken: dict[str, Any]) -> None:
    answer = _react("cc", fire_counter="final", paatc_passed=False, **taken)
    assert answer["legal"] is True and answer["mandatory"] is True
    assert answer["ccv_modifier"] == -2  # pinned and under a Final Fire counter (D7.22 EX)


def test_d7_21_fpf_non_cc_is_no_way_round_a_failed_paatc() -> None:
    answer = _react("non_cc", fire_counter="final", paatc_passed=False)
    assert answer["legal"] is False and NON_CC in answer["reasons"]
