"""A23.3 with A23.1, A23.2, A23.4: a DC operably Placed in the MPh lies on the map (the placer's
``placed_dc``) and attacks in its owner's AFPh: ``detonate_dc`` of that hex is the attack
``place_dc`` counted, whatever the placer did since; Commit takes the counter off. A Set DC (A23.7)
is still detonated as before, answered ``dc: "set"``, and Commit of ``set_dc`` Sets it only when its
dr says so."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.model import Scenario
from aslgui.model.dc_counters import DcCounter, dc_counters
from aslgui.rules import resolve
from aslgui.rules.apply import unit_changes
from aslgui.rules.rolling import rolls
from tests.rules.fixtures.boards import board_from, drm_of

ODDS_KEYS = ("odds", "odds_216", "fp", "ift_column", "area_fire")


def afph(units: dict[str, dict[str, Any]] | None = None, **top: Any) -> Scenario:
    """The A23.3 EX after the 4-6-7 Placed its DC into stone building 1X5: the German AFPh."""
    placed = {"s467": {"dc": None, "placed_dc": "1X5", **(units or {}).get("s467", {})}}
    return board_from("a23_ex.json", {**(units or {}), **placed}, **{"phase": "AFPh", **top})


def detonate(scenario: Scenario, **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": "detonate_dc", "unit": "s467", "hex": "1X5", **keys}).to_json()


def test_a23_3_ex_the_placed_dc_attacks_x5_in_the_afph_with_30_fp_and_the_stone_building_tem() -> None:
    answer = detonate(afph())
    assert answer["legal"] is True, answer["reasons"]
    assert (answer["dc"], answer["hex"], answer["fp"], answer["ift_column"]) == ("placed", "1X5", 30, 30)
    assert drm_of(answer, "TEM") == [3] and answer["total_drm"] == 3
    assert (answer["ntc_required"], answer["enemy_infantry"]) == (False, 1)


@pytest.mark.parametrize("changes", [{}, {"cx": True}, {"elite": True}], ids=["plain", "cx", "elite"])
def test_a23_3_the_afph_attack_is_the_one_placing_counted(changes: dict[str, Any]) -> None:
    """The odds the place_dc answer gave in the MPh are the odds of the AFPh attack (A23.3, A23.4)."""
    mph = board_from("a23_ex.json", {"s467": changes})
    placing = resolve(mph, {"kind": "place_dc", "unit": "s467", "target_hex": "1X5"}).to_json()
    answer = detonate(afph({"s467": changes}))
    assert {k: answer[k] for k in ODDS_KEYS} == {k: placing[k] for k in ODDS_KEYS}
    assert answer["drm"] == placing["drm"]
    assert answer["malfunction_min_dr"] == placing["x_number"]


def test_a23_4_cx_placer_adds_one_and_a23_2_a_non_elite_user_detonates_below_10() -> None:
    plain, cx = detonate(afph()), detonate(afph({"s467": {"cx": True}}))
    elite = detonate(afph({"s467": {"elite": True}}))
    assert drm_of(cx, "CX") == [1] and cx["total_drm"] == 4
    assert (plain["malfunction_min_dr"], elite["malfunction_min_dr"]) == (10, 12)
    assert "non-elite" in plain["x_number_text"]


@pytest.mark.parametrize(("dice", "detonated", "result"), [((1, 1), True, "KIA"), ((6, 4), False, None),
                                                           ((3, 4), True, "2MC")])
def test_a23_4_the_dice_detonate_it_below_the_x_number_then_the_ift(dice: tuple[int, int], detonated: bool,
                                                                    result: str | None) -> None:
    outcome = detonate(afph(), dice={"colored": dice[0], "white": dice[1]})["outcome"]
    assert outcome["detonated"] is detonated and outcome["malfunction"] is (not detonated)
    assert outcome.get("result", None) is None if result is None else result in outcome["result"]


def test_a23_1_a23_3_concealed_targets_halve_it_to_15_fp() -> None:
    answer = detonate(afph({"s527": {"concealed": True}}))
    assert (answer["fp"], answer["ift_column"], answer["area_fire"]) == (15, 12, True)


def test_a23_3_the_placer_may_have_moved_away_or_broken_with_no_effect_on_the_dc() -> None:
    answer = detonate(afph({"s467": {"hex": "1Y9", "broken": True}}))
    assert answer["legal"] is True, answer["reasons"]
    assert answer["fp"] == 30


@pytest.mark.parametrize("phase", ["MPh", "PFPh", "DFPh", "RtPh"])
def test_a23_3_a_placed_dc_attacks_in_the_afph_only(phase: str) -> None:
    answer = detonate(afph(phase=phase))
    assert answer["legal"] is False
    assert answer["reasons"] == [f"a Placed DC attacks in its owner's AFPh, not the {phase} (A23.3)"]
    assert answer["odds"] is None


def test_a23_3_not_in_the_defenders_afph() -> None:
    answer = detonate(afph(player="russian"))
    assert answer["reasons"] == ["a Placed DC attacks in its owner's AFPh, not the DEFENDER's AFPh (A23.3)"]


def test_a23_3_ex_a_placed_dc_asks_no_los_or_ntc_and_says_so() -> None:
    answer = detonate(afph(), los=False, ntc_passed=False)
    assert answer["legal"] is True
    assert any("needs no LOS or NTC" in note and note.endswith("(A23.3)") for note in answer["notes"])


def test_a23_7_a_set_dc_is_still_detonated_as_set() -> None:
    situation = board_from("a23_ex.json", {"s467": {"dc": None, "set_dc": "1X5", "hex": "1Y8"}}, phase="AFPh")
    answer = detonate(situation)
    assert (answer["dc"], answer["fp"], answer["ntc_required"]) == ("set", 36, True)


def test_a23_3_the_dc_lies_on_the_map_as_a_counter_until_it_goes_off() -> None:
    situation = afph()
    assert dc_counters(situation) == [DcCounter("s467", situation.grid.parse("1X5"), "placed")]
    action = {"kind": "detonate_dc", "unit": "s467", "hex": "1X5", "dice": {"colored": 2, "white": 2}}
    [placer] = unit_changes(situation, action, resolve(situation, action))
    assert "placed_dc" not in placer.extra and placer.fired is False  # the placer did not fire (A23.3)
    situation.units["s467"] = placer
    assert dc_counters(situation) == []


def test_a23_3_committing_a_place_dc_puts_the_counter_on_the_map() -> None:
    mph = board_from("a23_ex.json")
    action = {"kind": "place_dc", "unit": "s467", "target_hex": "1X5"}
    [placer] = unit_changes(mph, action, resolve(mph, action))
    mph.units["s467"] = placer
    assert dc_counters(mph) == [DcCounter("s467", mph.grid.parse("1X5"), "placed")]
    assert placer.dc is None


@pytest.mark.parametrize(("dr", "is_set"), [(3, True), (4, True), (5, False), (6, False)])
def test_a23_7_commit_sets_the_dc_only_on_a_dr_at_most_the_us_number(dr: int, is_set: bool) -> None:
    mph = board_from("a23_ex.json", {"s467": {"moved": None, "us_number": 4}})
    action = {"kind": "set_dc", "unit": "s467", "dr": dr}
    answer = resolve(mph, action)
    assert rolls("set_dc", answer) and answer.outcome == {"set": is_set, "dr": dr}
    [setter] = unit_changes(mph, action, answer)
    assert setter.moved is True  # all its MF, Set or not (A23.7)
    assert (setter.extra.get("set_dc"), setter.dc) == (("1Y6", None) if is_set else (None, True))


def test_a23_7_without_a_us_number_no_dr_is_read_and_the_set_is_as_declared() -> None:
    mph = board_from("a23_ex.json", {"s467": {"moved": None}})
    action = {"kind": "set_dc", "unit": "s467"}
    answer = resolve(mph, action)
    assert not rolls("set_dc", answer)
    [setter] = unit_changes(mph, action, answer)
    assert setter.extra.get("set_dc") == "1Y6" and setter.dc is None


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.booleans(), st.booleans(), st.booleans())
def test_a23_3_any_afph_roll_is_read_as_placing_read_it(colored: int, white: int, cx: bool, elite: bool,
                                                        concealed: bool) -> None:
    """Whatever the roll and the placer, the AFPh attack's outcome is the one the place_dc answer
    gives for those dice (A23.3, A23.4, A23.1 concealment, A23.2 X#)."""
    placer = {"cx": cx, "elite": elite}
    target = {"s527": {"concealed": concealed}}
    dice = {"colored": colored, "white": white}
    placing = resolve(board_from("a23_ex.json", {"s467": placer, **target}),
                      {"kind": "place_dc", "unit": "s467", "target_hex": "1X5", "dice": dice})
    answer = resolve(afph({"s467": placer, **target}), {"kind": "detonate_dc", "unit": "s467", "hex": "1X5",
                                                        "dice": dice})
    assert answer.outcome == placing.outcome and answer.total_drm == placing.total_drm


#: A German half-squad and an enemy T-34 with the 5-2-7 in 1X5, where the DC goes off.
_SHARED_LOCATION = [
    {"id": "hs", "side": "german", "nationality": "german", "kind": "halfsquad", "name": "2-4-7", "hex": "1X5"},
    {"id": "t34", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "T-34 M41", "hex": "1X5",
     "vca": "N/NE", "afv": True},
    {"id": "truck", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "Studebaker", "hex": "1X5",
     "vca": "N/NE", "afv": False},
]


@pytest.mark.parametrize("placed", [True, False])
def test_a23_1_a23_5_the_dc_names_every_unit_it_attacks_friends_too_and_never_an_afv(placed: bool) -> None:
    """Placed (A23.3) or Set (A23.7), a DC attacks every unit in its Location, the friendly
    half-squad and the unarmored truck too (A23.1), but not the T-34 it was not aimed at (A23.5)."""
    form = {"placed_dc": "1X5"} if placed else {"placed_dc": None, "set_dc": "1X5", "hex": "1Y7"}
    scenario = afph({"s467": form}, extra_units=_SHARED_LOCATION)
    answer = detonate(scenario)
    assert answer["dc"] == ("placed" if placed else "set")
    assert answer["attacked"] == ["s527", "hs", "truck"]
    alone = detonate(afph({"s467": form}))
    assert alone["attacked"] == ["s527"]


def _placed_then_afph(placer: dict[str, Any], place: dict[str, Any], extra_units: list[dict[str, Any]]) -> Scenario:
    """The A23.3 EX board in the MPh: the 4-6-7 Places its DC into 1X5 (Commit, as the window applies
    it), then the German AFPh."""
    scenario = board_from("a23_ex.json", {"s467": placer}, extra_units=extra_units)
    action = {"kind": "place_dc", "unit": "s467", "target_hex": "1X5", **place}
    answer = resolve(scenario, action)
    assert answer.legal, answer.reasons
    for unit in unit_changes(scenario, action, answer):
        scenario.units[unit.id] = unit
    scenario.phase = "AFPh"
    return scenario


def test_a23_4_a_captured_dc_placed_keeps_its_x_number_at_its_afph_attack() -> None:
    """A captured DC detonates below 10 (A23.4): its Placement says 9 and so does its attack, an
    Original DR of 10 removing it without detonating."""
    scenario = _placed_then_afph({"dc": "captured", "elite": True}, {}, [])
    assert scenario.units["s467"].extra["placed_dc_captured"] is True
    answer = detonate(scenario, dice={"colored": 5, "white": 5})
    assert answer["malfunction_min_dr"] == 10 and answer["x_number_text"].startswith("X# 12 - 2")
    assert answer["outcome"]["detonated"] is False and answer["outcome"]["malfunction"] is True


#: An enemy T-34 (VCA N/NE) in 1X5 with the 5-2-7: the 4-6-7 in 1Y6 Places its DC aimed at it.
_T34 = {"id": "t34", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "T-34 M41", "hex": "1X5",
        "vca": "N/NE", "afv": True}


def test_a23_5_a_dc_placed_at_an_afv_attacks_that_afv_alone_with_the_facing_it_was_placed_through() -> None:
    """The aim and the Target Facing are fixed as the DC is Placed (A23.5): its AFPh attack is on the
    T-34 alone (C7.34), even after the tank turned, and no IFT result comes of it."""
    scenario = _placed_then_afph({}, {"vs_afv": "t34"}, [_T34])
    placed = scenario.units["s467"].extra
    assert (placed["placed_dc_vs_afv"], placed["placed_dc_facing"]) == ("t34", "side")
    scenario.units["t34"] = scenario.units["t34"]._replace(vca=3)  # turned: the facing stays (A23.5)
    answer = detonate(scenario, dice={"colored": 2, "white": 3})
    assert answer["legal"] is True, answer["reasons"]
    assert (answer["attacked"], answer["vs_afv"], answer["target_facing"]) == (["t34"], "t34", "side")
    assert answer["attack_table"].startswith("C7.34") and drm_of(answer, "TEM") == []
    assert answer["outcome"]["detonated"] is True and "result" not in answer["outcome"]
    scenario.units["t34"] = scenario.units["t34"]._replace(hex=scenario.grid.parse("1X4"))  # gone: nothing hit
    gone = detonate(scenario)
    assert gone["attacked"] == [] and gone["notes"] == ["t34, the AFV it was aimed at, is no longer in 1X5: the DC "
                                                        "attacks nothing (A23.5)"]


def test_a23_5_a_dc_aimed_at_the_afv_names_no_friend_as_attacked_and_the_detonation_forgets_the_aim() -> None:
    """Aimed at the T-34, the DC spares the German half-squad beside it, so no note says it is
    attacked (A23.1 notes friends only when the Location is the target); once it has gone off, its
    aim leaves the placer with the counter."""
    friend = {"id": "hs", "side": "german", "nationality": "german", "kind": "halfsquad", "name": "2-4-7", "hex": "1X5"}
    scenario = board_from("a23_ex.json", extra_units=[_T34, friend])
    aimed = resolve(scenario, {"kind": "place_dc", "unit": "s467", "target_hex": "1X5", "vs_afv": "t34"}).to_json()
    plain = resolve(scenario, {"kind": "place_dc", "unit": "s467", "target_hex": "1X5"}).to_json()
    assert not any("friendly units" in note for note in aimed.get("notes", []))
    assert any(note.startswith("friendly units in 1X5 (hs) are attacked too") for note in plain["notes"])
    placed = _placed_then_afph({}, {"vs_afv": "t34"}, [_T34])
    action = {"kind": "detonate_dc", "unit": "s467", "hex": "1X5", "dice": {"colored": 2, "white": 3}}
    after = {u.id: u for u in unit_changes(placed, action, resolve(placed, action))}["s467"].extra
    assert not {"placed_dc", "placed_dc_vs_afv", "placed_dc_facing"} & after.keys()


def test_a23_1_a23_5_whoever_is_aboard_an_afv_is_attacked_the_afv_not() -> None:
    """A Rider on the T-34 is in the Location the DC attacks (A23.1); the tank itself only when aimed
    at (A23.5). A Rider is not told from a Passenger: both are attacked."""
    rider = {"id": "rider", "side": "russian", "nationality": "russian", "kind": "halfsquad", "name": "2-2-7",
             "hex": "1X5", "aboard": "t34"}
    assert detonate(afph(extra_units=[_T34, rider]))["attacked"] == ["s527", "rider"]


def test_a23_4_a23_5_a_cx_placers_plus_one_modifies_the_position_dr_of_a_dc_aimed_at_an_afv() -> None:
    """CX adds +1 to the Position DR when the DC is aimed at an AFV (A23.4), at Placement and at its
    AFPh attack alike; aimed at the Location it is an IFT DRM as before."""
    scenario = _placed_then_afph({"cx": True}, {"vs_afv": "t34"}, [_T34])
    [line] = detonate(scenario)["drm"]
    assert (line["case"], line["value"], line["text"]) == ("CX", 1, "s467 is CX, on the DC Position DR (C7.346)")
    plain = _placed_then_afph({"cx": True}, {}, [_T34])
    assert [(line["case"], line["text"]) for line in detonate(plain)["drm"]] == [
        ("TEM", "stone building TEM"), ("CX", "s467 is CX")]


def test_a23_3_placing_into_mud_says_its_mf_is_not_sourced() -> None:
    """A23.3 charges what entering the Location costs: in mud the data has no such cost, so the
    terrain's is counted and said, not taken silently."""
    muddy = board_from("a23_ex.json", ground={"1X5": "mud"})
    answer = resolve(muddy, {"kind": "place_dc", "unit": "s467", "target_hex": "1X5"}).to_json()
    assert answer["mf_cost"] == 2 and ("1X5: the MF to enter stone building in mud is not in resources/data: stone "
                                       "building's 2 MF is counted") in answer["unverified"]
