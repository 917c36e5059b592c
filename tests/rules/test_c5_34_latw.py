"""C5.34 and C3.2 for a LATW (a SW fired as ordnance): in the AFPh it takes Case C3, not Case B;
a Backblast adds its +2 only from ground-level building/rubble; it has no CA to turn (no Case A,
no C5.11 CA rule) and needs no ``ca`` in the file."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.fixtures.to_hit_scenarios import drm, fire, scenario, unit


def _latw(terrain: str = "open ground", phase: str = "AFPh", level: int = 0, ca: str | None = "S/SW",
          target_hex: str = "4E7", **action: Any) -> dict[str, Any]:
    arc = {"ca": ca} if ca is not None else {}
    situation = scenario(
        unit("psk", "gun", "4E5", side="german", caliber=88, latw=True, backblast=True, crew="c", level=level, **arc),
        unit("c", "squad", "4E5", side="german", level=level),
        unit("s", "squad", target_hex, side="russian"),
        terrain={"4E5": terrain},
        phase=phase,
        player="german",
    )
    return fire(situation, firer="psk", target="s", target_type="infantry", **action)


@pytest.mark.parametrize(("terrain", "c3"), [("open ground", 2), ("stone building", 4), ("wooden rubble", 4),
                                             ("woods", 2)])
def test_c5_34_in_the_afph_a_latw_takes_case_c3_and_never_case_b(terrain: str, c3: int) -> None:
    answer = _latw(terrain)
    assert answer["legal"], answer["reasons"]
    assert "B" not in drm(answer) and drm(answer)["C3"] == c3
    assert answer["total_drm"] == sum(line["value"] for line in answer["drm"])


def test_c5_34_the_backblast_counts_only_from_ground_level() -> None:
    """Above ground level in a building the Backblast adds nothing (C5.34: ground-level rubble/building)."""
    assert drm(_latw("stone building", "PFPh"))["C3"] == 2
    assert "C3" not in drm(_latw("stone building", "PFPh", level=1))
    assert drm(_latw("stone building", "AFPh", level=1))["C3"] == 2  # the AFPh's +2 alone


@pytest.mark.parametrize("ca", ["N/NE", "NE/SE", "S/SW", None])
def test_c3_2_a_latw_fires_in_any_direction_no_case_a_and_no_ca_needed(ca: str | None) -> None:
    answer = _latw(phase="PFPh", ca=ca)
    assert answer["legal"], answer["reasons"]
    assert "A" not in drm(answer) and answer["ca_change_spines"] == 0
    assert not any("(C5.11)" in note for note in answer["notes"])

