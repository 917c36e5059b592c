"""C3.33 and C3.76: a SMOKE hit places SMOKE and makes no IFT attack; a WP hit places WP, each
vulnerable unit hit taking an NMC (the rule C3.33 names, A24.31); HE Equivalency (C8.31) is AP/HEAT's.
So no FP, IFT column or Effects DRM, and a CH brings none of C3.71's provisions (no doubled FP, no
TEM reversed, no Gun destroyed), a note saying how it is read; at a hex of several units Random
Selection still picks the CH's target, a manned Gun and its crew being one pick as for HE (C3.74)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from aslgui.rules.apply import destroyed_units
from aslgui.rules.to_hit.outcome import SMOKE_CH_READING
from tests.rules.fixtures.to_hit_scenarios import russian_gun, scenario, unit

CH = {"colored": 1, "white": 1}
HIT = {"colored": 2, "white": 3}
PLACED = {"SMOKE": "SMOKE placed, no IFT attack (C3.33)",
          "WP": "WP placed: NMC for each vulnerable unit hit (C3.33, A24.31)"}
GUN = unit("eg", "gun", "4E8", name="75L AT", ca="N/NE", crew="ec")
CREW = unit("ec", "crew", "4E8", name="2-2-8")
IFT_KEYS = ("fp", "ift_column", "effects_drm", "effects_total_drm", "result", "destroyed")


def _action(ammo: str, dice: dict[str, int]) -> dict[str, Any]:
    return {"kind": "fire", "firer": "g", "target_hex": "4E8", "target_type": "area", "ammo": ammo, "dice": dice,
            "effects_dr": 5}


def _shot(ammo: str, *units: dict[str, Any], dice: dict[str, int] = HIT) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), *units, terrain={"4E8": "wooden building"})
    return resolve(situation, _action(ammo, dice)).to_json()


@pytest.mark.parametrize("ammo", ["SMOKE", "WP"])
@pytest.mark.parametrize("dice", [HIT, CH])
def test_c3_76_a_smoke_or_wp_hit_places_it_and_makes_no_ift_attack(ammo: str, dice: dict[str, int]) -> None:
    answer = _shot(ammo, unit("s1", "squad", "4E8"), dice=dice)
    outcome = answer["outcome"]
    assert (outcome["hit"], outcome["resolve_on"]) == (True, PLACED[ammo])
    assert not any(key in outcome for key in IFT_KEYS)
    assert "fp" not in answer or answer["fp"] is None
    assert ("CH: full HE FP doubled, no halving (C3.71)" in outcome["notes"]) is False
    assert (SMOKE_CH_READING in outcome["notes"]) is (dice is CH)


@pytest.mark.parametrize("ammo", ["SMOKE", "WP"])
def test_c3_76_a_smoke_or_wp_hex_lists_each_unit_placed_on_without_fp(ammo: str) -> None:
    answer = _shot(ammo, unit("s1", "squad", "4E8"), unit("s2", "squad", "4E8"))
    for entry in answer["outcome"]["targets"]:
        assert entry["resolve_on"] == PLACED[ammo] and not any(key in entry for key in IFT_KEYS)
    assert ("each unit in the hex is hit or missed as its entry in targets says: SMOKE or WP is placed, no IFT "
            "attack made (C3.33)") in answer["notes"]


@pytest.mark.parametrize("ammo", ["SMOKE", "WP"])
def test_c3_74_c3_76_a_smoke_or_wp_ch_on_a_gun_and_its_crew_is_one_pick_and_destroys_nothing(ammo: str) -> None:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), GUN, CREW)
    answer = resolve(situation, _action(ammo, CH))
    outcome = answer.outcome or {}
    assert outcome["notes"][-1] == "the CH strikes the Gun and its manning Infantry eg/ec (C3.74)"
    assert [entry["critical"] for entry in outcome["targets"]] == [True, True]  # no Random Selection needed
    assert destroyed_units(answer) == []


def test_c3_74_a_wp_ch_with_a_squad_too_picks_between_the_gun_and_the_squad_in_plain_words() -> None:
    answer = _shot("WP", GUN, CREW, unit("s1", "squad", "4E8"), dice=CH)
    note = answer["outcome"]["notes"][-1]
    assert note == ("Random Selection picks which of eg/ec, s1 the CH strikes: its entry's if_selected is its attack "
                    "then, if_not_selected the normal hit each other one takes (C3.74)")
    assert "FP" not in note
