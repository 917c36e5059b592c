"""Leadership and DC (A23.1, A23.7): a Placed or Thrown DC attack takes no leadership DRM (A23.1),
and its answer's ``notes`` say the DRM given was left out; Setting a DC is a dr subject to the
leadership drm of a leader assisting the unit (A23.7), a DRM line of the answer, counted in
``set_dr_max``. A Set DC's detonation (``detonate_dc``) reads no leadership at all."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from

#: An 8-1 leader with the 4-6-7 in 1Y6.
LEADER_81 = {"id": "l81", "side": "german", "kind": "leader", "name": "8-1", "hex": "1Y6"}
NOTE_END = "leadership does not modify a DC attack (A23.1)"


def board(phase: str, **units: dict[str, Any]) -> Scenario:
    """The A23.3 EX board (4-6-7 with a DC in 1Y6, 5-2-7 in stone building 1X5) with the 8-1."""
    return board_from("a23_ex.json", units, [LEADER_81], phase=phase)


def ask(phase: str, kind: str, **keys: Any) -> dict[str, Any]:
    target = {} if kind == "set_dc" else {"target_hex": "1X5"}
    situation = board(phase, s467={"moved": False})
    return resolve(situation, {"kind": kind, "unit": "s467", **target, **keys}).to_json()


DC_ATTACKS = [("place_dc", "MPh", 3), ("throw_dc", "PFPh", 5)]  # kind, phase, total DRM without leadership


@pytest.mark.parametrize(("kind", "phase", "total"), DC_ATTACKS)
@pytest.mark.parametrize(("keys", "note"), [
    ({"leadership": -1}, "the leadership DRM (-1) is left out: "),
    ({"leadership": -2}, "the leadership DRM (-2) is left out: "),
    ({"leader": "l81"}, "the leadership DRM of l81 is left out: "),
    ({"leader": "l81", "leadership": -1}, "the leadership DRM of l81 (-1) is left out: "),
])
def test_a23_1_a_dc_attack_given_leadership_notes_it_and_takes_no_drm(
    kind: str, phase: str, total: int, keys: dict[str, Any], note: str
) -> None:
    answer = ask(phase, kind, **keys)
    assert answer["legal"] is True, answer["reasons"]
    assert answer["total_drm"] == total
    assert [line for line in answer["drm"] if "leader" in line["case"]] == []
    assert [n for n in answer["notes"] if n.endswith("(A23.1)")] == [note + NOTE_END]
    assert answer["leadership_note"] == NOTE_END  # the older key, kept


@pytest.mark.parametrize(("kind", "phase", "total"), DC_ATTACKS)
def test_a23_1_a_dc_attack_without_leadership_notes_none(kind: str, phase: str, total: int) -> None:
    answer = ask(phase, kind)
    assert answer["total_drm"] == total
    assert not any("leadership" in n for n in answer.get("notes", []))
    assert "leadership_note" not in answer


def test_a23_1_a_thrown_dc_with_leadership_has_the_same_odds_as_without() -> None:
    with_leader, without = ask("PFPh", "throw_dc", leadership=-2), ask("PFPh", "throw_dc")
    assert with_leader["odds_216"] == without["odds_216"]
    assert with_leader["thrower_drm"] == without["thrower_drm"] == 3


@pytest.mark.parametrize(("leadership", "set_dr_max", "set_216"), [
    (-1, 4, 144),  # US# 3, an 8-1 assisting: a dr of 4 or less (4 in 6)
    (-2, 5, 180),  # a 9-2
    (1, 2, 72),  # a 6+1: a positive drm
])
def test_a23_7_leadership_modifies_the_set_dc_dr_as_a_drm_line(leadership: int, set_dr_max: int, set_216: int) -> None:
    answer = ask("MPh", "set_dc", us_number=3, leadership=leadership)
    assert answer["legal"] is True
    assert answer["drm"] == [{"case": "leadership", "rule": "A23.7", "value": leadership,
                              "text": "leader assisting the unit to Set the DC"}]
    assert answer["total_drm"] == leadership
    assert answer["set_dr_max"] == set_dr_max
    assert answer["odds_216"] == {"set": set_216}


@pytest.mark.parametrize(("dr", "is_set"), [(4, True), (5, False)])
def test_a23_7_ex_the_set_dc_dr_with_an_8_1s_drm(dr: int, is_set: bool) -> None:
    """US# 3 and a -1 leader: a dr of 4 is Set (4 - 1 = 3), a dr of 5 is not."""
    answer = ask("MPh", "set_dc", us_number=3, leadership=-1, dr=dr)
    assert answer["outcome"] == {"set": is_set, "dr": dr}


def test_a23_7_without_leadership_a_set_dc_has_no_drm_line() -> None:
    for keys in ({}, {"leadership": 0}):
        answer = ask("MPh", "set_dc", us_number=3, **keys)
        assert (answer["drm"], answer["total_drm"], answer["set_dr_max"]) == ([], 0, 3)


def test_a23_7_the_leadership_line_shows_without_a_us_number_too() -> None:
    answer = ask("MPh", "set_dc", leadership=-1)
    assert (answer["set_dr_max"], answer["total_drm"]) == (None, -1)


def test_a23_7_a_set_dc_leadership_needs_a_leader_in_the_location() -> None:
    situation = board_from("a23_ex.json", {"s467": {"moved": False}}, None, phase="MPh")
    with pytest.raises(AslError) as error:
        resolve(situation, {"kind": "set_dc", "unit": "s467", "us_number": 3, "leadership": -1})
    assert error.value.path == "action.leadership"


def test_a23_7_detonating_a_set_dc_takes_no_leadership_key() -> None:
    situation = board("PFPh", s467={"set_dc": "1W5"})
    with pytest.raises(AslError) as error:
        resolve(situation, {"kind": "detonate_dc", "unit": "s467", "hex": "1W5", "leadership": -1})
    assert error.value.path == "action.leadership"
