"""A23.7: a DC is Set on a dr <= the setting unit's US#, so a legal ``set_dc`` that states no US#
cannot count its odds: they are null and a note says why (docs/contract.md's odds sentence)."""

from __future__ import annotations

from pathlib import Path

from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from

CONTRACT = (Path(__file__).resolve().parents[2] / "docs" / "contract.md").read_text(encoding="utf-8")
NOTE = ("no US# given (us_number, on the action or the unit): the Set DC dr is compared with it, so the odds cannot "
        "be counted and odds/odds_216 are null (A23.7)")


def _set_dc(**keys: object) -> dict[str, object]:
    scenario = board_from("a23_ex.json", {"s467": {"moved": False}}, phase="MPh")
    return resolve(scenario, {"kind": "set_dc", "unit": "s467", **keys}).to_json()


def test_a23_7_a_legal_set_dc_without_a_us_number_has_null_odds_and_a_note_saying_why() -> None:
    answer = _set_dc()
    assert (answer["legal"], answer["odds"], answer["odds_216"], answer["set_dr_max"]) == (True, None, None, None)
    assert answer["notes"] == [NOTE]


def test_a23_7_with_a_us_number_the_odds_are_counted_and_there_is_no_such_note() -> None:
    answer = _set_dc(us_number=3)
    assert (answer["odds"], answer["odds_216"]) == ({"set": 0.5}, {"set": 108})
    assert NOTE not in answer["notes"]


def test_a23_7_an_illegal_set_dc_without_a_us_number_has_no_such_note() -> None:
    scenario = board_from("a23_ex.json", phase="MPh")  # s467 has moved
    answer = resolve(scenario, {"kind": "set_dc", "unit": "s467"}).to_json()
    assert answer["legal"] is False and answer["notes"] == []


def test_contract_odds_are_null_when_illegal_or_for_a_set_dc_without_a_us_number() -> None:
    sentence = " ".join(CONTRACT.split("`odds` (probabilities")[1].split(". Many carry")[0].split())
    assert "both are `null` when the action is illegal, and for a legal `set_dc` without the unit's US#" in sentence


def test_a23_7_a_dr_without_a_us_number_is_answered_with_set_null_not_refused() -> None:
    """DESIGN.md 4: a well-formed question exits 0; the dr cannot be read without the US#, so the
    outcome's ``set`` is null and the note says so (the contract checker's finding: it exited 2)."""
    answer = _set_dc(dr=2)
    assert answer["legal"] is True and answer["outcome"] == {"set": None, "dr": 2}
    assert answer["notes"] == [NOTE.removesuffix(" (A23.7)") + ", nor the dr read (the outcome's set is null) (A23.7)"]
    assert _set_dc(dr=2, us_number=3)["outcome"] == {"set": True, "dr": 2}
