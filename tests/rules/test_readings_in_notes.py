"""Where the action or the rules leave room, the answer's ``notes`` state the reading it took, with
the rule, and only then: a ``change_ca`` without ``phase`` (DESIGN.md 4 lists it as required), a
``fire`` without ``target_type``, no Case L vs the Area Target Type (C3.331), a ``set_dc`` given
only its ``dr``, ``los`` levels counted above each hex's ground, and an Improbable Hit under Motion
Fire although ``final_th_needed`` is 2 (DESIGN.md 4's "< 2" counts an undoubled DR, C5.35)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve
from aslgui.vasl.library import BOARDS_ENV
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit
from tests.vasl.make_archive import sample_board

ALL_DICE = [(c, w) for c in range(1, 7) for w in range(1, 7)]


# -- change_ca without phase --------------------------------------------------------------------
def _change(**keys: Any) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", "S/SW"), german_tank(), phase="PFPh")
    return resolve(situation, {"kind": "change_ca", "unit": "g", "ca": "SW/NW", **keys}).to_json()


def test_c3_22_change_ca_without_phase_takes_the_scenarios_and_says_so() -> None:
    answer = _change()
    assert (answer["legal"], answer["phase"]) == (True, "PFPh") and "no more movement" in answer["cost"]
    assert answer["notes"] == ["read: no phase given, so the scenario's PFPh, on which the change's legality and "
                                  "cost depend (C3.22)"]


def test_c3_22_change_ca_with_its_phase_takes_no_reading() -> None:
    assert "notes" not in _change(phase="PFPh")


# -- fire without target_type -------------------------------------------------------------------
@pytest.mark.parametrize(("target", "gun", "note"), [
    (german_tank(hex_name="4E8"), "57LL AT",
     "read: no target_type given, so the Vehicle Target Type, as the target is a vehicle (C3.31)"),
    (unit("t", "squad", "4E8"), "57LL AT",
     "read: no target_type given, so the Infantry Target Type, as the target is no vehicle (C3.32)"),
    (unit("t", "squad", "4E8"), "82 MTR",
     "read: no target_type given, so the Area Target Type, which a mortar always uses (C3.33)"),
])
def test_c3_3_fire_without_target_type_says_which_it_took(target: dict[str, Any], gun: str, note: str) -> None:
    situation = scenario(russian_gun("4E5", "S/SW", name=gun), target)
    answer = fire(situation, firer="g", target="t")
    assert answer["target_type"] == note.split(", so the ")[1].split(" Target")[0].lower()
    assert [n for n in answer["notes"] if "target_type" in n] == [note]
    stated = fire(situation, firer="g", target="t", target_type=answer["target_type"])
    assert not any("target_type" in n for n in stated["notes"])


# -- Case L vs the Area Target Type (C3.331) ----------------------------------------------------
def _he_at_squad(squad_hex: str, target_type: str) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", "S/SW"), unit("s", "squad", squad_hex))
    return fire(situation, firer="g", target="s", target_type=target_type, ammo="HE")


@pytest.mark.parametrize(("squad_hex", "hexes"), [("4E6", "1 hex"), ("4E7", "2 hexes")])
def test_c3_331_no_case_l_vs_the_area_target_type_and_the_note_says_why(squad_hex: str, hexes: str) -> None:
    area = _he_at_squad(squad_hex, "area")
    assert area["legal"] is True and not any(line["case"] == "L" for line in area["drm"])
    assert (f"read: no Case L point blank DRM at {hexes}: TH Case L does not apply to the Area Target Type (C3.331)"
            in area["notes"])
    infantry = _he_at_squad(squad_hex, "infantry")
    assert [line["value"] for line in infantry["drm"] if line["case"] == "L"] == [-2 if hexes == "1 hex" else -1]
    assert not any("Case L" in note for note in infantry["notes"])


def test_c3_331_beyond_point_blank_range_there_is_nothing_to_note() -> None:
    assert not any("Case L" in note for note in _he_at_squad("4E8", "area")["notes"])


# -- set_dc with a dr and no dice ---------------------------------------------------------------
def _set_dc(**keys: Any) -> dict[str, Any]:
    situation = scenario(unit("e", "squad", "4E5", dc=True), phase="MPh", player="german")
    return resolve(situation, {"kind": "set_dc", "unit": "e", "us_number": 3, **keys}).to_json()


@pytest.mark.parametrize(("dr", "is_set"), [(3, True), (4, False)])
def test_a23_7_set_dc_given_only_its_dr_reads_it_as_the_set_dr(dr: int, is_set: bool) -> None:
    answer = _set_dc(dr=dr)
    assert answer["outcome"] == {"set": is_set, "dr": dr} and answer["set_dr_max"] == 3
    assert answer["notes"] == [
        f"read: dr {dr} is the Set DC's own dr, which no DR comes before, so no dice are needed: the outcome's set "
        "says whether the DC is Set, on a dr of 3 or less (A23.7)"]


def test_a23_7_set_dc_dice_are_not_read_and_the_note_says_so() -> None:
    answer = _set_dc(dice={"colored": 1, "white": 1})
    assert "outcome" not in answer
    assert answer["notes"] == ['read: Setting a DC rolls a dr, no DR, so the dice are not read: give the dr as '
                                  '"dr" (A23.7)']


def test_a23_7_set_dc_without_dice_or_dr_takes_no_reading() -> None:
    assert _set_dc()["notes"] == []


# -- los levels ---------------------------------------------------------------------------------
def test_a6_los_levels_count_above_each_hexs_ground_and_the_note_says_so(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The sample board's K5 is a level 1 hill: from_level 0 there is level 1, not level 0."""
    sample_board(tmp_path, "77")
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path))
    situation = scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": [{"id": "77"}],
                                    "units": []})
    given = resolve(situation, {"kind": "los", "from": "77K5", "to": "77E5", "from_level": 0}).to_json()
    assert given["notes"] == ["read: from_level 0 counts levels above the ground of 77K5 (level 1), so that end is "
                              "at level 1 (B23)"]
    plain = resolve(situation, {"kind": "los", "from": "77K5", "to": "77E5"}).to_json()
    assert "notes" not in plain and {k: v for k, v in plain.items() if k != "notes"} == {
        k: v for k, v in given.items() if k != "notes"}


# -- Motion Fire: Improbable Hit at final_th_needed 2 -------------------------------------------
def _motion_shot() -> tuple[Scenario, dict[str, Any]]:
    """A German tank in Motion (no gyrostabilizer) firing in its MPh at a T-34 (C5.35)."""
    target = {"id": "s", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "T-34 M41",
              "hex": "4E6", "vca": "S/SW"}
    tank = german_tank(hex_name="4E9", vca="NW/N", tca="NW/N", motion=True, stopped=False, gyro=False)
    return scenario(tank, target, phase="MPh", player="german"), {
        "kind": "fire", "firer": "t", "target": "s", "target_type": "vehicle", "mp_in_los": 4}


def _with_final_th_needed(wanted: int) -> tuple[Scenario, dict[str, Any], dict[str, Any]]:
    situation, action = _motion_shot()
    first = resolve(situation, action).to_json()
    action = {**action, "extra_drm": first["final_th_needed"] - wanted}
    answer = resolve(situation, action).to_json()
    assert (answer["legal"], answer["doubled_lower_dr"], answer["final_th_needed"]) == (True, True, wanted)
    return situation, action, answer


def _hits(situation: Scenario, action: dict[str, Any]) -> set[tuple[int, int]]:
    """(Original DR, subsequent dr) of every roll that hits."""
    found = set()
    for colored, white in ALL_DICE:
        for dr in range(1, 7):
            rolled = resolve(situation, {**action, "dice": {"colored": colored, "white": white}, "dr": dr}).to_json()
            if rolled["outcome"]["hit"]:
                found.add((colored + white, dr))
    return found


def test_c5_35_final_th_needed_2_under_doubling_is_only_an_improbable_hit_and_says_why() -> None:
    situation, action, answer = _with_final_th_needed(2)
    assert answer["improbable"] is True
    assert _hits(situation, action) == {(2, 1), (2, 2), (2, 3)}  # an Original 2 and a dr of 1-3 (C3.6)
    assert ("final_th_needed 2 counts the DR with its lower dr doubled, which is 3 at the least (a 1 and a 1): no DR "
            "hits outright, so only an Improbable Hit is possible, on an Original 2 and a subsequent dr (C3.6, "
            "C5.35)") in answer["notes"]


def test_c5_35_final_th_needed_3_under_doubling_hits_a_1_and_a_1_outright_with_no_note() -> None:
    situation, action, answer = _with_final_th_needed(3)
    assert answer["improbable"] is False
    assert _hits(situation, action) == {(2, dr) for dr in range(1, 7)}  # a 1 and a 1 doubles to 3: a hit
    assert not any("Improbable" in note for note in answer["notes"])
