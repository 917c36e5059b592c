"""A23.7: a Set DC is detonated only within LOS of it, traced on the map as ``los`` and ``fire``
trace it (A6), the action's ``los`` only narrowing what the map cannot show; and only by the unit
that Set it or one of its derivative HS (the file records both by ``set_dc``). A23.3: the MF of
Placing a DC into a shellhole hex (a reading, stated in the answer's notes)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.apply import unit_changes

BLOCKED = ("s467 has no LOS to the Set DC in 1Y7 (A23.7): woods (level 1) in 1Y5 is higher than both ends "
           "(A6.2, B13)")


def _situation(terrain: dict[str, str] | None = None, **setters: str) -> Scenario:
    """German 4-6-7 ``s467`` in 1Y3 (four hexes from 1Y7, woods in 1Y5 between unless ``terrain``
    says otherwise), a German 2-3-7 ``hs`` in 1W7, a German 4-6-7 ``other`` in 1AA7, a German Gun
    ``pak`` manned in 1Y3 and a Russian 5-2-7 in 1Y7; ``setters``: unit id -> its ``set_dc``."""
    units: list[dict[str, Any]] = [
        {"id": "s467", "side": "german", "kind": "squad", "name": "4-6-7", "hex": "1Y3"},
        {"id": "hs", "side": "german", "kind": "halfsquad", "name": "2-3-7", "hex": "1W7"},
        {"id": "other", "side": "german", "kind": "squad", "name": "4-6-7", "hex": "1AA7"},
        {"id": "pak", "side": "german", "kind": "gun", "name": "57LL AT", "hex": "1Y3", "ca": "S/SW", "crew": "pc"},
        {"id": "pc", "side": "german", "kind": "crew", "hex": "1Y3"},
        {"id": "r527", "side": "russian", "kind": "squad", "name": "5-2-7", "hex": "1Y7"},
    ]
    for u in units:
        u["nationality"] = u["side"]
        if u["id"] in setters:
            u["set_dc"] = setters[u["id"]]
    return scenario_from_json({"boards": [{"id": "1", "col": 0, "row": 0}], "phase": "PFPh", "player": "german",
                               "terrain": {"1Y5": "woods"} if terrain is None else terrain, "units": units})


def _detonate(situation: Scenario, unit: str = "s467", **keys: Any) -> dict[str, Any]:
    return resolve(situation, {"kind": "detonate_dc", "unit": unit, "hex": "1Y7", **keys}).to_json()


# -- LOS, traced ---------------------------------------------------------------------------------------
def test_a23_7_a_set_dc_across_woods_is_refused_naming_the_blocking_hex_as_los_and_fire_do() -> None:
    situation = _situation(s467="1Y7")
    answer = _detonate(situation)
    assert (answer["legal"], answer["reasons"]) == (False, [BLOCKED])
    assert (answer["odds"], answer["odds_216"]) == (None, None)
    los = resolve(situation, {"kind": "los", "from": "1Y3", "to": "1Y7"}).to_json()
    assert (los["blocked"], los["blocked_at"]) == (True, "1Y5")
    shot = resolve(situation, {"kind": "fire", "firer": "pak", "target": "r527"}).to_json()
    assert shot["legal"] is False and any("1Y5" in r and "(A6.2, B13)" in r for r in shot["reasons"])


def test_a23_7_los_true_does_not_open_a_line_the_map_blocks() -> None:
    assert _detonate(_situation(s467="1Y7"), los=True)["reasons"] == [BLOCKED]


def test_a23_7_across_open_ground_the_same_detonation_is_legal() -> None:
    answer = _detonate(_situation({}, s467="1Y7"), dice={"colored": 2, "white": 3})
    assert (answer["legal"], answer["reasons"]) == (True, [])
    assert (answer["fp"], answer["ift_column"], answer["total_drm"]) == (36, 36, -3)
    assert answer["outcome"]["detonated"] is True and answer["outcome"]["final_dr"] == 2


@pytest.mark.parametrize("terrain", [{}, {"1Y5": "woods"}])
def test_a23_7_los_false_narrows_what_the_map_cannot_show(terrain: dict[str, str]) -> None:
    answer = _detonate(_situation(terrain, s467="1Y7"), los=False)
    assert answer["legal"] is False
    assert answer["reasons"] == ["the Set DC in 1Y7 is out of s467's LOS (A23.7)"]


def test_a23_7_a_los_hindrance_does_not_block_the_detonation() -> None:
    answer = _detonate(_situation({"1Y5": "grain"}, s467="1Y7"))
    assert (answer["legal"], answer["reasons"]) == (True, [])


# -- who detonates it -----------------------------------------------------------------------------------
def test_a23_7_the_unit_that_set_it_detonates_it() -> None:
    answer = _detonate(_situation({}, s467="1Y7"))
    assert (answer["legal"], answer["reasons"]) == (True, [])
    assert not any("set_dc" in note for note in answer.get("notes", []))


def test_a23_7_a_derivative_hs_recorded_with_the_dc_detonates_it() -> None:
    answer = _detonate(_situation({}, hs="1Y7"), unit="hs")
    assert (answer["legal"], answer["reasons"]) == (True, [])


@pytest.mark.parametrize(("setters", "named"), [({"s467": "1Y7"}, "s467 is"), ({"s467": "1Y7", "hs": "1Y7"},
                                                                                 "s467, hs are")])
def test_a23_7_another_squad_may_not_detonate_it(setters: dict[str, str], named: str) -> None:
    answer = _detonate(_situation({}, **setters), unit="other")
    assert answer["legal"] is False
    assert answer["reasons"] == [f"other did not Set the DC in 1Y7: {named} recorded with it (set_dc); only the unit "
                                 "that Set it, or a HS derived from it, detonates it (A23.7)"]


def test_a23_7_a_unit_whose_dc_is_set_elsewhere_may_not_detonate_this_hex() -> None:
    answer = _detonate(_situation({}, other="1AA3"), unit="other")
    assert answer["reasons"] == ["other Set its DC in 1AA3, not in 1Y7 (A23.7)"]


def test_a23_7_a_dc_no_unit_records_is_taken_as_the_detonating_units_and_the_note_says_so() -> None:
    answer = _detonate(_situation({}), unit="other")
    assert (answer["legal"], answer["reasons"]) == (True, [])
    assert ("read: no unit records a Set DC in 1Y7 (set_dc), so it is taken as Set by other (or for it by SSR); "
            "only the unit that Set it, or its derivative HS, detonates it (A23.7)") in answer["notes"]


def test_a23_7_the_setter_is_still_bound_by_range_los_and_its_ntc() -> None:
    situation = _situation({}, s467="1Y7")
    assert _detonate(situation, ntc_passed=False)["reasons"] == ["s467 failed its NTC (A23.7)"]
    close = resolve(situation, {"kind": "detonate_dc", "unit": "hs", "hex": "1X7"}).to_json()
    assert "the Set DC is 1 hex away; it must be 2 to 6 (A23.7)" in close["reasons"]


# -- A23.3: Placing into a shellhole (reading) ---------------------------------------------------------
SHELLHOLE_NOTE = ("read: Placing into a shellhole hex costs what entering it would cost, at the lower of B2.4's "
                  "two rates (the shellhole is no Location of its own, and its units keep their shellhole TEM vs the "
                  "DC whatever the rate, A23.1), not the two MF of entering in the shellhole (A23.3, B2.4)")


def _place(terrain: str, **keys: Any) -> dict[str, Any]:
    situation = scenario_from_json({
        "boards": [{"id": "1", "col": 0, "row": 0}], "phase": "MPh", "player": "german", "terrain": {"1X5": terrain},
        "units": [{"id": "s467", "side": "german", "nationality": "german", "kind": "squad", "hex": "1Y6", "dc": True},
                  {"id": "r527", "side": "russian", "nationality": "russian", "kind": "squad", "hex": "1X5"}]})
    return resolve(situation, {"kind": "place_dc", "unit": "s467", "target_hex": "1X5", **keys}).to_json()


def test_a23_3_placing_into_a_shellhole_costs_one_mf_with_its_tem_and_the_note() -> None:
    answer = _place("shellhole", mf_left=1)
    assert (answer["legal"], answer["mf_cost"]) == (True, 1)
    assert [(line["case"], line["value"]) for line in answer["drm"]] == [("TEM", 1)]
    assert SHELLHOLE_NOTE in answer["notes"]


def test_a23_3_with_no_mf_left_it_cannot_and_other_terrain_takes_no_reading() -> None:
    assert _place("shellhole", mf_left=0)["reasons"] == ["placing costs 1 MF but s467 has 0 left (A23.3)"]
    woods = _place("woods")
    assert woods["mf_cost"] == 2 and SHELLHOLE_NOTE not in woods.get("notes", [])


# -- A23.7: Setting spends all its MF, and the DC goes off only in a later Player Turn ----------------
def _committed(situation: Scenario, action: dict[str, Any]) -> None:
    answer = resolve(situation, action)
    assert answer.legal, answer.reasons
    for changed in unit_changes(situation, action, answer):
        situation.units[changed.id] = changed


@pytest.mark.parametrize("dr", [1, 6])
def test_a23_7_setting_spends_all_its_mf_set_or_not_so_it_moves_no_more(dr: int) -> None:
    situation = _situation({})
    situation.phase = "MPh"
    situation.units["s467"] = situation.units["s467"]._replace(dc=True, extra={"us_number": 3})
    _committed(situation, {"kind": "set_dc", "unit": "s467", "dr": dr})
    squad = situation.units["s467"]
    assert squad.extra["mf_spent"] == 4 and squad.moved and (squad.dc is None) is (dr <= 3)
    after = resolve(situation, {"kind": "move", "unit": "s467", "path": ["1Y2"]}).to_json()
    assert after["legal"] is False
    assert "s467 would spend 5 MF of its 4 this MPh (4 already spent)" in after["reasons"][0]


def test_a23_7_a_dc_set_this_player_turn_is_detonated_only_in_a_later_one() -> None:
    situation = _situation({})
    situation.phase, situation.turn = "MPh", 2
    setter = situation.units["s467"]
    situation.units["s467"] = setter._replace(dc=True, hex=situation.grid.parse("1Y7"), extra={"us_number": 3})
    situation.units["r527"] = situation.units["r527"]._replace(hex=situation.grid.parse("1Y9"))
    _committed(situation, {"kind": "set_dc", "unit": "s467", "dr": 1})
    assert situation.units["s467"].extra["set_dc_turn"] == 2
    situation.units["s467"] = situation.units["s467"]._replace(hex=situation.grid.parse("1Y3"))
    situation.phase = "AFPh"
    same = _detonate(situation)
    assert same["legal"] is False
    assert same["reasons"] == ["s467 Set the DC in this Player Turn; it is detonated in a later one (A23.7)"]
    situation.player, situation.phase = "russian", "DFPh"  # the enemy's Player Turn: the German's fire phase
    assert _detonate(situation)["legal"] is True
    _committed(situation, {"kind": "detonate_dc", "unit": "s467", "hex": "1Y7"})
    assert not {"set_dc", "set_dc_turn"} & situation.units["s467"].extra.keys()


@pytest.mark.parametrize("spent", [1, 4])
def test_a23_7_a_unit_whose_moves_recorded_mf_spent_cannot_set_a_dc(spent: int) -> None:
    """Setting takes all its MF: a record of any MF spent this MPh is a move, moved flag or not."""
    situation = _situation({})
    situation.phase = "MPh"
    situation.units["s467"] = situation.units["s467"]._replace(dc=True, extra={"us_number": 3, "mf_spent": spent})
    answer = resolve(situation, {"kind": "set_dc", "unit": "s467", "dr": 1}).to_json()
    assert answer["legal"] is False
    assert answer["reasons"] == ["s467 has moved, so it cannot spend all of its MF to Set the DC (A23.7)"]
