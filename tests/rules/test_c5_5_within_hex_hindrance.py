"""C5.5: firing within its own hex, a wreck or an AFV other than the firer and the target adds to
the LOS Hindrance (Case R); read as D9's vehicles are, +1 for the hex however many (docs/los.md)."""

from __future__ import annotations

from typing import Any

from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, russian_gun, scenario, unit


def _within_hex_lines(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return [line for line in answer["drm"] if line["case"] == "R" and line["rule"] == "C5.5"]


def _shot_within_4e5(*others: dict[str, Any]) -> dict[str, Any]:
    """The Russian 57LL AT in 4E5 fires at the German tank ``t`` sharing its hex."""
    situation = scenario(russian_gun("4E5"), german_tank("t", "4E5"), *others)
    answer = fire(situation, firer="g", target="t", target_type="vehicle")
    assert answer["legal"], answer["reasons"]
    return answer


def test_c5_5_another_afv_in_the_hex_adds_one_to_the_hindrance() -> None:
    answer = _shot_within_4e5(german_tank("t2", "4E5"))
    assert _within_hex_lines(answer) == [
        {"case": "R", "rule": "C5.5", "value": 1, "text": "t2 in 4E5 hinders the shot within the hex"}]
    assert drm(answer)["E"] == 2  # Case E is there beside it
    assert answer["total_drm"] == sum(line["value"] for line in answer["drm"])


def test_c5_5_a_wreck_in_the_hex_adds_one() -> None:
    answer = _shot_within_4e5(german_tank("w", "4E5", wreck=True))
    assert [line["value"] for line in _within_hex_lines(answer)] == [1]


def test_c5_5_several_wrecks_and_afvs_count_once_for_the_hex() -> None:
    answer = _shot_within_4e5(german_tank("t2", "4E5"), german_tank("t3", "4E5"), german_tank("w", "4E5", wreck=True))
    [line] = _within_hex_lines(answer)
    assert line["value"] == 1 and line["text"].startswith("t2, t3, w in 4E5 hinder ")


def test_c5_5_firer_and_target_alone_add_nothing() -> None:
    assert _within_hex_lines(_shot_within_4e5()) == []


def test_c5_5_a_vehicle_that_is_no_afv_adds_nothing() -> None:
    truck = german_tank("k", "4E5", name="Opel Blitz", afv=False, turret=None)
    assert _within_hex_lines(_shot_within_4e5(truck)) == []


def test_c5_5_infantry_in_the_hex_adds_nothing() -> None:
    answer = _shot_within_4e5(unit("s", "squad", "4E5"), unit("h", "halfsquad", "4E5"))
    assert _within_hex_lines(answer) == []


def test_c5_5_infantry_target_type_counts_the_afvs_it_cannot_attack() -> None:
    """On the Infantry Target Type an AFV is no target (C3.32): it stands in the hex and hinders."""
    situation = scenario(russian_gun("4E5"), unit("s", "squad", "4E5"), german_tank("t", "4E5"))
    answer = fire(situation, firer="g", target="s", target_type="infantry")
    assert [line["text"] for line in _within_hex_lines(answer)] == ["t in 4E5 hinders the shot within the hex"]


def test_c5_5_no_area_target_type_within_the_hex_so_nothing_to_add_to() -> None:
    """C3.33: the Area Target Type is never used within the firer's hex; the shot is refused."""
    situation = scenario(russian_gun("4E5"), unit("s", "squad", "4E5"), german_tank("w", "4E5", wreck=True))
    answer = fire(situation, firer="g", target="s", target_type="area", ammo="HE")
    assert answer["legal"] is False and any("(C3.33)" in r for r in answer["reasons"])


def test_c5_5_not_within_the_hex_an_afv_beside_the_firer_adds_nothing() -> None:
    """Out of its hex the firer's own hex never hinders (D9); C5.5 is for within-hex fire only."""
    situation = scenario(russian_gun("4E5"), german_tank("t2", "4E5"), german_tank("t", "4E6"))
    answer = fire(situation, firer="g", target="t", target_type="vehicle")
    assert answer["range"] == 1 and _within_hex_lines(answer) == []
    assert "E" not in drm(answer)
