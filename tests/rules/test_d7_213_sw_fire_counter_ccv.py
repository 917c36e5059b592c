"""D7.213 "(including its SW)": CC Reaction Fire by a unit whose SW is marked with a First/Final
Fire counter (``sw_fired``) has its CCV reduced by one, as if the unit itself were marked, and the
answer states that reading; one reduction however many of them are marked."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.reaction_fire import SW_CCV_NOTE
from tests.rules.fixtures.boards import board_from

UNIT_MARKED = {"value": -1, "text": "under a First/Final Fire counter (D7.213)"}
SW_MARKED = {"value": -1, "text": "its SW is under a First/Final Fire counter (D7.213)"}
PINNED = {"value": -1, "text": "pinned (D7.22 EX)"}
READING = ("read: a unit whose SW is marked with a First/Final Fire counter makes CC Reaction Fire with its CCV "
           "reduced by one, as if the unit itself were marked (the SW is part of its fire); one reduction, whichever "
           "is marked (D7.213)")


def _board(**s628: Any) -> Scenario:
    """The D7.22 EX tank OVRing the 6-2-8 in 1C3, the 6-2-8 under no fire counter unless given."""
    return board_from("d7_ex.json", {"tank": {"hex": "1C3"}, "s628": {"fired": False, **s628}})


def _cc(situation: Scenario, **keys: Any) -> dict[str, Any]:
    action = {"kind": "reaction_fire", "unit": "s628", "vehicle": "tank", "type": "cc", **keys}
    return resolve(situation, action).to_json()


def test_d7_213_the_reading_is_the_answers_note() -> None:
    assert SW_CCV_NOTE == READING


def test_d7_213_a_unit_whose_sw_fired_has_its_ccv_reduced_by_one() -> None:
    answer = _cc(_board(), sw_fired=True)
    assert answer["legal"] is True
    assert (answer["ccv_modifier"], answer["ccv_modifiers"]) == (-1, [SW_MARKED])
    assert answer["notes"] == [READING]
    assert (answer["fpf"], answer["mandatory"]) == (False, False)  # the SW's counter makes no FPF


def test_d7_213_no_reduction_when_neither_the_unit_nor_its_sw_is_marked() -> None:
    answer = _cc(_board(), sw_fired=False)
    assert (answer["ccv_modifier"], answer["ccv_modifiers"]) == (0, [])
    assert "notes" not in answer


@pytest.mark.parametrize("counter", ["first", "final"])
def test_d7_213_unit_and_sw_both_marked_reduce_the_ccv_once(counter: str) -> None:
    answer = _cc(_board(), sw_fired=True, fire_counter=counter)
    assert (answer["ccv_modifier"], answer["ccv_modifiers"]) == (-1, [UNIT_MARKED])
    assert "notes" not in answer


def test_d7_213_the_d7_22_ex_628_with_a_fired_sw_still_has_ccv_3_after_a_failed_paatc() -> None:
    """The D7.22 EX's FPF case: 5 CCV, -1 pinned, -1 Final Fire = 3; its fired SW takes no more."""
    answer = _cc(_board(), sw_fired=True, fire_counter="final", paatc_passed=False)
    assert answer["legal"] is True
    assert (answer["ccv_modifier"], answer["ccv_modifiers"]) == (-2, [UNIT_MARKED, PINNED])


def test_d7_213_a_pinned_unit_whose_sw_alone_fired_is_still_refused_cc_unless_fpf() -> None:
    answer = _cc(_board(pinned=True), sw_fired=True)  # no Final Fire counter of its own: no FPF (D7.212)
    assert answer["reasons"] == [
        "s628 is pinned; only FPF CC Reaction Fire, when Overrun, may be made pinned (D7.213, D7.212)"]
    assert (answer["ccv_modifier"], answer["ccv_modifiers"]) == (-2, [SW_MARKED, PINNED])


def test_d7_211_street_fighting_with_a_fired_sw_is_refused_and_would_lose_one() -> None:
    situation = board_from("d7_ex.json", {"tank": {"hex": "1E3"}})
    answer = resolve(situation, {"kind": "reaction_fire", "unit": "s447", "vehicle": "tank", "type": "cc",
                                 "street_fighting": True, "sw_fired": True}).to_json()
    assert answer["reasons"] == ["s447 or its SW/Gun is under a fire counter: no Street Fighting (D7.211)"]
    assert answer["ccv_modifiers"] == [SW_MARKED]


def test_d7_213_the_ccv_reduction_is_a_cc_matter_only() -> None:
    answer = resolve(_board(), {"kind": "reaction_fire", "unit": "s628", "vehicle": "tank", "type": "non_cc",
                                "sw_fired": True}).to_json()
    assert (answer["legal"], "ccv_modifier" in answer, "notes" in answer) == (True, False, False)
