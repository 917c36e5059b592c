"""D7.2, D7.212, D7.221 with A8.31: a DEFENDER under a Final Fire counter may react only as FPF
(FPF is the only fire left to it), so its attack DR is also a NMC DR on itself, even when OVR by
an unarmored vehicle with no PRC, which makes the FPF not obligatory. Under a First Fire counter
the reaction is Subsequent First Fire, as in the D7.22 EX: no FPF, no NMC."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from

#: A 2-4-7 riding the OVRing vehicle: with it aboard the FPF is obligatory (D7.212, D7.221).
PAX = {"id": "pax", "side": "german", "nationality": "german", "kind": "halfsquad", "name": "2-4-7", "hex": "1C3",
       "aboard": "tank"}
NOTE = ("read: under a Final Fire counter FPF is the only fire left, so this Reaction Fire is FPF and its attack DR "
        "is also a NMC DR on the attacker; it is not obligatory, as tank is an unarmored vehicle with no PRC "
        "(D7.2, D7.212, D7.221, A8.31)")


def _truck(*extra: dict[str, Any], **s628: Any) -> Scenario:
    """The D7.22 EX board, the OVRing vehicle made unarmored and in the 6-2-8's hex."""
    return board_from("d7_ex.json", {"tank": {"hex": "1C3", "afv": False}, "s628": s628}, list(extra))


def _react(situation: Scenario, kind: str = "cc", **keys: Any) -> dict[str, Any]:
    action = {"kind": "reaction_fire", "unit": "s628", "vehicle": "tank", "type": kind, **keys}
    return resolve(situation, action).to_json()


def _flags(answer: dict[str, Any]) -> tuple[bool, bool, bool, bool]:
    return answer["legal"], answer["mandatory"], answer["fpf"], answer["nmc_on_attack_dr"]


# -- under a Final Fire counter: FPF, not obligatory ---------------------------------------------------------
def test_d7_212_cc_under_final_fire_vs_an_unarmored_vehicle_with_no_prc_is_fpf_not_mandatory() -> None:
    answer = _react(_truck(), fire_counter="final")
    assert _flags(answer) == (True, False, True, True)
    assert answer["ccv_modifier"] == -1  # still under a Final Fire counter (D7.213)
    assert answer["marks_after"] == ["CC (if the vehicle survives)", "Final Fire"]
    assert answer["paatc_required"] is False  # no PAATC vs an unarmored vehicle (D7.21)
    assert answer["notes"] == [NOTE]


@pytest.mark.parametrize("weapon", ["tpbf", "ft", "dc"])
def test_d7_221_non_cc_under_final_fire_vs_an_unarmored_vehicle_with_no_prc_is_fpf_not_mandatory(
        weapon: str) -> None:
    answer = _react(_truck(dc=True), "non_cc", fire_counter="final", weapon=weapon)
    assert _flags(answer) == (True, False, True, True)
    assert answer["allowed_weapons"] == ["tpbf", "ordnance", "ft", "dc"]
    assert answer["notes"][0] == NOTE


def test_d7_221_only_the_fpf_weapons_under_final_fire_even_when_not_obligatory() -> None:
    answer = _react(_truck(), "non_cc", fire_counter="final", weapon="mol")
    assert answer["reasons"] == ["s628 must use tpbf or ordnance or ft or dc here, not mol (D7.221)",
                                 "MOL cannot be used with TPBF by a unit (or its Gun) under a fire counter (D7.22)"]
    assert (answer["fpf"], answer["mandatory"]) == (True, False)


def test_d7_212_with_prc_aboard_the_same_fpf_is_obligatory_and_notes_nothing() -> None:
    answer = _react(_truck(PAX), fire_counter="final")
    assert _flags(answer) == (True, True, True, True)
    assert "notes" not in answer


def test_d7_212_an_afv_makes_it_obligatory_as_in_the_d7_22_ex() -> None:
    answer = resolve(board_from("d7_ex.json", {"tank": {"hex": "1C3"}}),
                     {"kind": "reaction_fire", "unit": "s628", "vehicle": "tank", "type": "cc",
                      "fire_counter": "final"}).to_json()
    assert _flags(answer) == (True, True, True, True)


def test_d7_213_a_pinned_unit_under_final_fire_still_makes_no_cc_when_fpf_is_not_required() -> None:
    """Only the FPF CC that D7.212 requires may be made pinned (D7.213's EXC)."""
    answer = _react(_truck(pinned=True), fire_counter="final")
    assert answer["reasons"] == [
        "s628 is pinned; only FPF CC Reaction Fire, when Overrun, may be made pinned (D7.213, D7.212)"]
    assert (answer["fpf"], answer["mandatory"]) == (True, False)
    tpbf = _react(_truck(pinned=True), "non_cc", fire_counter="final")  # pinned TPBF is allowed (A7.81)
    assert _flags(tpbf) == (True, False, True, True)


def test_d7_2_cc_reaction_fire_not_after_an_ovr_under_final_fire_is_fpf_too() -> None:
    answer = _react(_truck(), fire_counter="final", overrun=False)
    assert _flags(answer) == (True, False, True, True)
    assert answer["notes"] == [NOTE.replace("tank is an unarmored vehicle with no PRC", "tank did not OVR it")]


# -- under a First Fire counter or none: as before ------------------------------------------------------------
@pytest.mark.parametrize("kind", ["cc", "non_cc"])
def test_d7_2_under_a_first_fire_counter_the_reaction_is_subsequent_first_fire_not_fpf(kind: str) -> None:
    answer = _react(_truck(), kind, fire_counter="first")
    assert _flags(answer) == (True, False, False, False)
    assert "notes" not in answer
    if kind == "cc":
        assert (answer["ccv_modifier"], answer["marks_after"][1]) == (-1, "Final Fire")
    else:
        assert answer["allowed_weapons"] == ["tpbf", "ordnance", "ft", "dc", "mol", "gun"]


def test_d7_2_first_fire_counter_read_from_the_units_fired_marker_is_not_fpf() -> None:
    answer = _react(_truck(fired=True))  # ``fired`` shows a First Fire counter (a Final one is given as such)
    assert _flags(answer) == (True, False, False, False)


@pytest.mark.parametrize("kind", ["cc", "non_cc"])
def test_d7_2_without_a_fire_counter_no_fpf(kind: str) -> None:
    answer = _react(_truck(fired=False), kind)
    assert _flags(answer) == (True, False, False, False)
