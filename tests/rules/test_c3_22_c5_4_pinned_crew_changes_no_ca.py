"""C3.22 with C5.4 and C5.6: a Gun changes its CA without firing only while its crew could still
fire it without Intensive Fire. A crew pinned since the Gun kept its Multiple ROF forfeits that ROF
(C5.4) and may not use Intensive Fire (C5.6), so the Gun's CA stays: as ``fire`` says for the same
Gun (outside check of issue 26, cases CC05, CC11, CC13)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from tests.rules.fixtures.to_hit_scenarios import german_tank, russian_gun, scenario


def _both(phase: str, player: str, ca: str = "N/NE", **gun: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    situation = scenario(russian_gun("4E5", "S/SW", **gun), german_tank(), player=player, phase=phase)
    change = resolve(situation, {"kind": "change_ca", "unit": "g", "ca": ca, "phase": phase}).to_json()
    shot = resolve(situation, {"kind": "fire", "firer": "g", "target": "t", "phase": phase}).to_json()
    return change, shot


@pytest.mark.parametrize(("phase", "player"), [("PFPh", "russian"), ("DFPh", "german")])
@pytest.mark.parametrize("ca", ["N/NE", "SE/S"])
def test_c5_4_a_crew_pinned_after_keeping_rof_changes_no_ca(phase: str, player: str, ca: str) -> None:
    change, shot = _both(phase, player, ca, fired=True, rof_kept=phase, crew_pinned=True)
    assert change["legal"] is False and shot["legal"] is False
    assert any("c is pinned and forfeits the Multiple ROF" in r and "C5.4, C5.6" in r for r in change["reasons"])


@pytest.mark.parametrize(("phase", "player"), [("PFPh", "russian"), ("DFPh", "german")])
def test_c3_22_an_unpinned_crew_that_kept_rof_still_changes_the_ca(phase: str, player: str) -> None:
    change, shot = _both(phase, player, fired=True, rof_kept=phase)
    assert change["legal"] is True and shot["legal"] is True


def test_c3_22_a_pinned_crew_that_has_not_fired_may_still_change_the_ca() -> None:
    change, _ = _both("PFPh", "russian", crew_pinned=True)
    assert change["legal"] is True


def test_c2_24_c3_22_a_gun_with_no_rof_keeps_none_for_its_ca_change_either() -> None:
    """The fire and the CA change read the same Multiple ROF: a file's rof_kept on a ROF 0 Gun keeps nothing."""
    change, shot = _both("PFPh", "russian", fired=True, rof_kept="PFPh", rof=0)
    assert change["legal"] is False and shot["legal"] is False
    assert change["reasons"] == ["no CA change: its normal ROF is used up (only Intensive Fire could fire it) (C3.22)"]
