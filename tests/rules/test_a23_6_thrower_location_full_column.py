"""A23.6 with A23.1: a Thrown DC attacks the target Location and the thrower's own Location, each by
a separate DR. Area Fire for concealment halves only the attack on the concealed units (A23.1: the
A23.3 EX's concealed 5-2-7 is attacked with 15 FP, the 12 FP column); the attack on the thrower's
Location stays on the 30 column, answered as ``thrower_fp``/``thrower_ift_column``. Thrown into the
thrower's own Location (Japanese, A23.61) both attacks are on the same units, so both are halved."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from


def board(units: dict[str, dict[str, Any]] | None = None, **top: Any) -> Scenario:
    """The A23.3 EX board in the PFPh: 4-6-7 with a DC in open ground 1Y6, 5-2-7 in stone building 1X5."""
    top.setdefault("phase", "PFPh")
    return board_from("a23_ex.json", units, None, **top)


def throw(scenario: Scenario, target_hex: str = "1X5", **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": "throw_dc", "unit": "s467", "target_hex": target_hex, **keys}).to_json()


@pytest.mark.parametrize(("situation", "keys"), [
    (None, {"target_concealed": True}),  # the action says the target is concealed
    ({"s527": {"concealed": True}}, {}),  # the 5-2-7 is concealed in the file
])
def test_a23_6_a_concealed_target_halves_only_the_attack_on_the_target_location(
    situation: dict[str, dict[str, Any]] | None, keys: dict[str, Any]
) -> None:
    answer = throw(board(situation), **keys)
    assert answer["legal"] is True
    assert (answer["fp"], answer["ift_column"], answer["area_fire"]) == (15, 12, True)
    assert (answer["thrower_fp"], answer["thrower_ift_column"]) == (30, 30)
    assert (answer["target_drm"], answer["thrower_drm"]) == (5, 3)


def test_a23_6_without_concealment_both_locations_are_attacked_on_the_30_column() -> None:
    answer = throw(board())
    assert (answer["fp"], answer["ift_column"], answer["thrower_fp"], answer["thrower_ift_column"]) == (30, 30, 30, 30)


def test_a23_6_the_throwers_dr_is_read_on_the_30_column_the_targets_on_the_12() -> None:
    """Original DR 6 vs the target: 6 + 5 = 11 on the 12 column, no effect; thrower's DR 5: 5 + 3 =
    8 on the 30 column, a 3MC (on the 12 column it would be a 1MC)."""
    answer = throw(board(), target_concealed=True, dice={"colored": 3, "white": 3},
                   thrower_dice={"colored": 2, "white": 3})
    outcome = answer["outcome"]
    assert (outcome["detonated"], outcome["ift_column"], outcome["final_dr"], outcome["result"]) == (True, 12, 11, "-")
    assert (outcome["thrower_final_dr"], outcome["thrower_result"]) == (8, "3MC")


def test_a23_6_the_odds_on_the_throwers_location_do_not_change_with_the_targets_concealment() -> None:
    concealed, seen = throw(board(), target_concealed=True), throw(board())
    assert concealed["odds_216"]["thrower_result_if_detonated"] == seen["odds_216"]["thrower_result_if_detonated"]
    assert concealed["odds_216"]["thrower_result_if_detonated"]["1KIA"] == 6  # Final DR 5 (Original 2) on the 30
    assert concealed["odds_216"]["result"] != seen["odds_216"]["result"]
    assert "1KIA" not in concealed["odds_216"]["result"]  # at best 2 + 5 = 7 on the 12 column: 1MC


def test_a23_6_exc_a_thrower_two_levels_up_is_not_attacked_so_has_no_fp(tall_building: Any) -> None:
    answer = throw(tall_building(), "78O5", target_concealed=True, thrower_level=2)
    assert answer["thrower_attacked"] is False
    assert (answer["thrower_fp"], answer["thrower_ift_column"], answer["thrower_drm"]) == (None, None, None)
    assert (answer["fp"], answer["ift_column"]) == (15, 12)


def test_a23_61_thrown_into_its_own_location_both_attacks_are_on_the_concealed_units() -> None:
    situation = board({"s467": {"nationality": "japanese"}},
                      terrain={"1Y6": "woods"})
    answer = throw(situation, target_hex="1Y6", target_concealed=True)
    assert answer["legal"] is True
    assert (answer["fp"], answer["ift_column"], answer["thrower_fp"], answer["thrower_ift_column"]) == (15, 12, 15, 12)
    assert [n for n in answer["notes"] if n.endswith("(A23.1, A23.61)")] == [
        "read: Thrown into the thrower's own Location, the DC's attack on the thrower's Location is on the same "
        "concealed units, so it is halved too (Area Fire) (A23.1, A23.61)"]
    assert not any("(A23.1, A23.61)" in n for n in throw(board(), target_concealed=True)["notes"])


def test_a23_6_an_illegal_throw_still_answers_both_columns() -> None:
    answer = throw(board(phase="MPh"), target_concealed=True)  # the ATTACKER throws in a fire phase
    assert answer["legal"] is False
    assert (answer["ift_column"], answer["thrower_ift_column"]) == (12, 30)
