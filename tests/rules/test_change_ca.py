"""``change_ca``: turning a Gun's CA without firing (C3.22)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.rules import resolve
from tests.rules.fixtures.to_hit_scenarios import german_tank, russian_gun, scenario


def _change(ca: str = "N/NE", phase: str = "PFPh", player: str = "russian", **gun: Any) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", "S/SW", **gun), german_tank(), player=player)
    return resolve(situation, {"kind": "change_ca", "unit": "g", "ca": ca, "phase": phase}).to_json()


@pytest.mark.parametrize(
    ("ca", "spines"), [("S/SW", 0), ("SW/NW", 1), ("SE/S", 1), ("NW/N", 2), ("N/NE", 3), ("NE/SE", 2)]
)
def test_c3_22_answers_from_to_and_hexspines_turned(ca: str, spines: int) -> None:
    answer = _change(ca)
    assert answer["legal"] is True
    assert (answer["from"], answer["to"], answer["spines"]) == ("S/SW", ca, spines)


#: Situations that forbid a real CA change; turning to the CA it already has changes nothing in any.
NO_CHANGE_CASES = {
    "PFPh": {},
    "MPh": {"phase": "MPh"},
    "after its normal ROF": {"fired": True},
    "RFNM": {"rfnm": True},
    "enemy PFPh": {"player": "german"},
}


@pytest.mark.parametrize("case", list(NO_CHANGE_CASES))
def test_c3_22_a_change_to_the_same_ca_is_no_change_legal_with_no_cost(case: str) -> None:
    answer = _change("S/SW", **NO_CHANGE_CASES[case])
    assert (answer["legal"], answer["reasons"], answer["spines"]) == (True, [], 0)
    assert "cost" not in answer
    assert answer["notes"] == ["g already points at S/SW: nothing changes, no movement is lost (C3.22)"]


def test_c3_22_a_change_of_one_hexspine_still_costs_the_pfph_movement_and_has_no_such_note() -> None:
    answer = _change("SW/NW")
    assert (answer["legal"], answer["spines"]) == (True, 1)
    assert "no more movement" in answer["cost"] and "notes" not in answer


def test_c3_22_a_pfph_change_costs_the_guns_movement_for_the_player_turn() -> None:
    assert "no more movement" in _change(phase="PFPh")["cost"]
    assert _change(phase="AFPh")["cost"] == "no more fire this AFPh, whose end it takes"  # C3.22: no movement lost


def test_c3_22_not_in_the_mph() -> None:
    answer = _change(phase="MPh")
    assert answer["legal"] is False and answer["reasons"] == [
        "a CA may not be changed without firing in the MPh (C3.22)"
    ]


@pytest.mark.parametrize(
    ("phase", "player", "legal"),
    [("DFPh", "german", True), ("DFPh", "russian", False), ("AFPh", "german", False), ("RtPh", "russian", False)],
)
def test_c3_22_only_at_the_end_of_a_friendly_fire_phase(phase: str, player: str, legal: bool) -> None:
    answer = _change(phase=phase, player=player)
    assert answer["legal"] is legal
    if phase == "RtPh":
        assert answer["reasons"][0] == "only at the end of a friendly fire phase, not in the RtPh (C3.22)"
    elif not legal:  # the other side's fire phase: said whose it is (A3)
        whose = "ATTACKER" if phase == "AFPh" else "DEFENDER"
        assert answer["reasons"][0] == (f"only at the end of a friendly fire phase: the {phase} is the {whose}'s, and "
                                        f"g is not the {whose} (C3.22, A3)")
        assert "cost" not in answer


@pytest.mark.parametrize("gun", [{"fired": True}, {"intensive_fired": True}, {"crew_broken": True}])
def test_c3_22_crew_must_still_be_able_to_fire_without_intensive_fire(gun: dict[str, Any]) -> None:
    answer = _change(**gun)
    assert answer["legal"] is False and "no CA change" in answer["reasons"][0]


def test_c3_22_a_pinned_crew_can_still_fire_so_may_turn() -> None:
    assert _change(crew_pinned=True)["legal"] is True


def test_c3_22_bad_hexspine_names_the_field() -> None:
    with pytest.raises(AslError) as error:
        _change("S/N")
    assert error.value.path == "action.ca"


def test_c3_22_a_gun_without_a_ca_names_its_field() -> None:
    situation = scenario(russian_gun(ca=None))
    with pytest.raises(AslError) as error:
        resolve(situation, {"kind": "change_ca", "unit": "g", "ca": "N/NE", "phase": "PFPh"})
    assert error.value.path == "units[0].ca"


def test_c5_13_a_vehicles_turret_in_the_mph_is_refused_saying_how_it_would_turn() -> None:
    """C3.22 refuses the change; C5.13 says a Bounding First Firer's TCA turns only with MP, which
    the refusal names so a player is not left between two refusals (turn only firing, fire only
    within the CA)."""
    situation = scenario(russian_gun("4E5", "S/SW"), german_tank(), player="german")
    answer = resolve(situation, {"kind": "change_ca", "unit": "t", "ca": "S/SW", "phase": "MPh"}).to_json()
    assert answer["legal"] is False and answer["reasons"] == [
        "a CA may not be changed without firing in the MPh; a vehicle's TCA turns in its own MPh only as part of "
        "spending MP: a move's TCA at the end (C3.22, C5.13)"]
