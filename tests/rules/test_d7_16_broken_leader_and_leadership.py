"""D7.16 and the D7.22 EX CC with A10.7 (not in the rules folder, read as a note says): a broken
leader gives no leadership DRM, to an OVR from aboard or to a CC Reaction Fire from its Location;
a leadership DRM with no leader cites the rule of the kind asked; the modifier is -6..+6."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from

#: A 9-1 Armor Leader aboard the D7.22 EX tank.
ARMOR_LEADER = {"id": "al", "side": "german", "nationality": "german", "kind": "leader", "name": "9-1", "hex": "1D3",
                "aboard": "tank"}
WOODS = {"case": "TEM", "rule": "D7.15", "value": 1, "text": "woods TEM"}
LEADERSHIP = {"case": "leadership", "rule": "D7.16", "value": -1, "text": "al aboard tank"}
OVR_NOTE = ("read as A10.7: al is broken, and only a Good Order leader gives his leadership DRM, so the OVR takes "
            "none (A10.7, D7.16)")
CC_NOTE = ("read as A10.7: every leader with s447 is broken, and only a Good Order leader gives his leadership DRM, "
           "so the CC takes none (A10.7, D7.22 EX)")


def _ovr(situation: Scenario, **keys: Any) -> dict[str, Any]:
    return resolve(situation, {"kind": "overrun", "vehicle": "tank", "target_hex": "1C3", **keys}).to_json()


def _ovr_board(**leader: Any) -> Scenario:
    return board_from("d7_ex.json", None, [{**ARMOR_LEADER, **leader}])


def _street_fighting(units: dict[str, dict[str, Any]] | None = None, **keys: Any) -> dict[str, Any]:
    """The D7.22 EX Street Fighting CC: the 4-4-7 (with the 8-1) in 1D2 vs the tank in 1E3."""
    situation = board_from("d7_ex.json", {"tank": {"hex": "1E3"}, **(units or {})})
    action = {"kind": "reaction_fire", "unit": "s447", "vehicle": "tank", "type": "cc", "street_fighting": True,
              **keys}
    return resolve(situation, action).to_json()


# -- OVR: a broken Armor Leader or Passenger leader ---------------------------------------------------------
def test_d7_16_a_good_order_leader_aboard_gives_his_leadership() -> None:
    answer = _ovr(_ovr_board(), leader="al")
    assert (answer["drm"], answer["total_drm"]) == ([WOODS, LEADERSHIP], 0)
    assert answer["targets"] == [{"id": "s628", "drm": [WOODS, LEADERSHIP], "total_drm": 0}]


@pytest.mark.parametrize("keys", [{}, {"leadership": -1}, {"leadership": -3}])
def test_d7_16_a_broken_leader_aboard_gives_no_leadership_and_the_answer_says_why(keys: dict[str, Any]) -> None:
    answer = _ovr(_ovr_board(broken=True), leader="al", **keys)
    assert answer["legal"] is True
    assert (answer["drm"], answer["total_drm"]) == ([WOODS], 1)
    assert answer["targets"] == [{"id": "s628", "drm": [WOODS], "total_drm": 1}]
    assert OVR_NOTE in answer["notes"]


def test_d7_16_a_broken_leaders_missing_modifier_is_no_error() -> None:
    answer = _ovr(_ovr_board(broken=True, name="leader"), leader="al")  # no modifier to read from the name
    assert (answer["legal"], answer["total_drm"]) == (True, 1)
    with pytest.raises(AslError) as error:
        _ovr(_ovr_board(name="leader"), leader="al")
    assert error.value.path == "action.leadership"


def test_d7_16_a_broken_leaders_ovr_rolls_without_leadership() -> None:
    outcome = _ovr(_ovr_board(broken=True), leader="al", mp_spent=2, dice={"colored": 5, "white": 5})["outcome"]
    assert (outcome["final_dr"], outcome["result"]) == (11, "NMC")  # 10 + 1 woods, on the 20 column
    good = _ovr(_ovr_board(), leader="al", mp_spent=2, dice={"colored": 5, "white": 5})["outcome"]
    assert (good["final_dr"], good["result"]) == (10, "1MC")


def test_d7_16_a_pinned_leader_still_leads() -> None:
    answer = _ovr(_ovr_board(pinned=True), leader="al")
    assert answer["drm"] == [WOODS, LEADERSHIP]
    assert OVR_NOTE not in answer["notes"]


# -- CC Reaction Fire: the leader in the Location --------------------------------------------------------------
def test_d7_22_ex_the_8_1_gives_the_street_fighting_cc_its_minus_1() -> None:
    answer = _street_fighting(leadership=-1)
    assert [(line["case"], line["value"]) for line in answer["drm"]] == [("CC", 2), ("ambush", -1), ("leadership", -1)]
    assert "notes" not in answer


def test_d7_22_ex_a_broken_8_1_gives_no_leadership_and_the_answer_says_why() -> None:
    answer = _street_fighting({"l81": {"broken": True}}, leadership=-1)
    assert answer["legal"] is True
    assert [(line["case"], line["value"]) for line in answer["drm"]] == [("CC", 2), ("ambush", -1)]
    assert answer["total_drm"] == 1
    assert answer["notes"] == [CC_NOTE]


def test_d7_22_ex_one_good_order_leader_beside_a_broken_one_leads() -> None:
    situation = board_from("d7_ex.json", {"tank": {"hex": "1E3"}, "l81": {"broken": True}},
                           [{"id": "l92", "side": "russian", "kind": "leader", "name": "9-2", "hex": "1D2"}])
    answer = resolve(situation, {"kind": "reaction_fire", "unit": "s447", "vehicle": "tank", "type": "cc",
                                 "street_fighting": True, "leadership": -2}).to_json()
    assert [(line["case"], line["value"]) for line in answer["drm"]][-1] == ("leadership", -2)


# -- the error without a leader, and the modifier's range ----------------------------------------------------
def test_d7_2_reaction_fire_leadership_without_a_leader_cites_a10_7_not_a23_7() -> None:
    with pytest.raises(AslError) as error:
        resolve(board_from("d7_ex.json", {"tank": {"hex": "1C3"}}),
                {"kind": "reaction_fire", "unit": "s628", "vehicle": "tank", "type": "cc", "leadership": -1})
    assert error.value.path == "action.leadership"
    assert error.value.message == ("no leader of s628's side is in its Location (1C3) to give a leadership DRM "
                                   "(A10.7, D7.22 EX)")
    # The same check for a Set DC keeps citing the Set DC rule, and no longer the D7.22 EX.
    situation = board_from("d7_ex.json", {"s628": {"dc": True}}, phase="MPh", player="russian")
    with pytest.raises(AslError) as error:
        resolve(situation, {"kind": "set_dc", "unit": "s628", "us_number": 3, "leadership": -1})
    assert error.value.message == ("no leader of s628's side is in its Location (1C3) to give a leadership DRM "
                                   "(A23.7)")


@pytest.mark.parametrize("value", [-6, 6])
def test_d7_16_leadership_takes_minus_6_to_plus_6(value: int) -> None:
    answer = _ovr(_ovr_board(), leader="al", leadership=value)
    assert [line["value"] for line in answer["drm"] if line["case"] == "leadership"] == [value]


@pytest.mark.parametrize("value", [-7, 7, 1.5, "-1"])
@pytest.mark.parametrize("kind", ["overrun", "reaction_fire"])
def test_d7_16_leadership_outside_minus_6_to_plus_6_is_an_error_naming_it(kind: str, value: Any) -> None:
    action: dict[str, Any] = (
        {"kind": "overrun", "vehicle": "tank", "target_hex": "1C3", "leader": "al"} if kind == "overrun"
        else {"kind": "reaction_fire", "unit": "s447", "vehicle": "tank", "type": "cc", "street_fighting": True})
    situation = board_from("d7_ex.json", {"tank": {"hex": "1E3"}} if kind == "reaction_fire" else None,
                           [ARMOR_LEADER] if kind == "overrun" else [])
    with pytest.raises(AslError) as error:
        resolve(situation, {**action, "leadership": value})
    assert (error.value.path, error.value.message.split(",")[0]) == (
        "action.leadership", "expected a whole number from -6 to 6")


# -- D7.22: a leader alone has no TPBF ----------------------------------------------------------------------
@pytest.mark.parametrize(("sw_fp", "legal", "fp"), [(None, False, 0), (2, True, 6)])
def test_d7_22_a_leader_alone_fires_tpbf_only_with_a_support_weapon(sw_fp: int | None, legal: bool, fp: int) -> None:
    """Non-CC Reaction Fire is made within the unit's present capabilities (D7.22): a leader has no
    FP of his own, so his TPBF needs a SW's FP (an LMG of 2 FP: 6 tripled)."""
    situation = board_from("d7_ex.json", {"tank": {"hex": "1D2"}})
    action = {"kind": "reaction_fire", "unit": "l81", "vehicle": "tank", "type": "non_cc",
              **({"sw_fp": sw_fp} if sw_fp is not None else {})}
    answer = resolve(situation, action).to_json()
    assert (answer["legal"], answer["fp"]) == (legal, fp)
    assert answer["reasons"] == ([] if legal else ["l81 has no FP to fire TPBF, nor a SW's (sw_fp) (D7.22)"])


def test_a10_7_a_leader_alone_is_told_no_other_leader_gives_his_attack_a_drm() -> None:
    situation = board_from("d7_ex.json", {"tank": {"hex": "1D2"}, "s447": {"hex": "1D3"}})
    with pytest.raises(AslError) as error:
        resolve(situation, {"kind": "reaction_fire", "unit": "l81", "vehicle": "tank", "type": "cc", "leadership": -1})
    assert (error.value.path, error.value.message) == (
        "action.leadership", "no other leader of l81's side is in its Location (1D2) to give a leadership DRM "
        "(A10.7, D7.22 EX)")
