"""Who may fire ordnance, and when: the phase and its owner (A3, D3.3), a broken crew (A.7),
a Gun in tow or limbered (C10.1, C10.21, C10.24), and an RFNM Gun's limits (C10.25)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, russian_gun, scenario, unit


def _gun_at_tank(phase: str = "PFPh", player: str = "russian", **gun: Any) -> dict[str, Any]:
    return fire(scenario(russian_gun(**gun), german_tank(), phase=phase, player=player), firer="g", target="t")


@pytest.mark.parametrize(
    ("phase", "player", "expected"),
    [
        ("RtPh", "russian", "ordnance does not fire in the RtPh (A3)"),
        ("DFPh", "russian", "the DFPh belongs to the DEFENDER; g is the ATTACKER's (A3)"),
        ("PFPh", "german", "the PFPh belongs to the ATTACKER; g is the DEFENDER's (A3)"),
        ("AFPh", "german", "the AFPh belongs to the ATTACKER; g is the DEFENDER's (A3)"),
        ("MPh", "russian",
         "in its own MPh only a moving vehicle, its Passengers included, fires (Bounding First Fire) (D3.3, C5.3)"),
    ],
)
def test_a3_ordnance_fires_only_in_its_own_sides_fire_phases(phase: str, player: str, expected: str) -> None:
    answer = _gun_at_tank(phase, player)
    assert answer["legal"] is False and expected in answer["reasons"]


@pytest.mark.parametrize(("phase", "player"), [("PFPh", "russian"), ("MPh", "german"), ("DFPh", "german"),
                                               ("AFPh", "russian"), ("DFPh", "")])
def test_a3_the_fire_phases_of_each_side_are_open(phase: str, player: str) -> None:
    assert _gun_at_tank(phase, player)["legal"] is True


def test_d3_3_the_attackers_vehicle_fires_in_its_own_mph() -> None:
    situation = scenario(german_tank(hex_name="4E2", vca="S/SW", tca="S/SW"), unit("s", "squad", "4E6", side="russian"),
                         phase="MPh", player="german")
    assert fire(situation, firer="t", target="s", target_type="infantry")["legal"] is True


def test_a_7_a_broken_crew_cannot_fire_its_gun() -> None:
    answer = _gun_at_tank(crew_broken=True)
    assert answer["reasons"] == ["c is broken (A.7)"]


@pytest.mark.parametrize(
    ("gun", "expected"),
    [
        ({"limbered": True}, ["g is limbered and has no Limbered Fire (C10.21)"]),
        ({"limbered": True, "lf": True}, []),
    ],
)
def test_c10_21_c10_24_a_limbered_gun_fires_only_with_limbered_fire(gun: dict[str, Any], expected: list[str]) -> None:
    assert _gun_at_tank(**gun)["reasons"] == expected


def test_c10_1_a_gun_in_tow_cannot_fire() -> None:
    situation = scenario(russian_gun(towed_by="truck", limbered=True),
                         unit("truck", "vehicle", "4E5", side="russian", afv=False, vca="S/SW", ma=None),
                         german_tank())
    assert fire(situation, firer="g", target="t")["reasons"] == ["g is in tow by truck (C10.1)"]


def test_c10_25_rfnm_gun_gets_no_case_l() -> None:
    close = german_tank(hex_name="4E6")  # 1 hex: Case L -2 for any other Gun
    normal = fire(scenario(russian_gun(), close), firer="g", target="t")
    rfnm = fire(scenario(russian_gun(rfnm=True), close), firer="g", target="t")
    assert drm(normal)["L"] == -2 and "L" not in drm(rfnm)
    assert rfnm["final_th_needed"] == normal["final_th_needed"] - 2


def test_c10_25_rfnm_gun_never_changes_its_ca_or_fires_in_its_own_hex() -> None:
    behind = german_tank(hex_name="4E3")  # outside the S/SW CA of 4E5
    assert fire(scenario(russian_gun(rfnm=True), behind), firer="g", target="t")["reasons"] == [
        "g is RFNM: it cannot change its CA to bring the target in (C10.25)"
    ]
    same_hex = german_tank(hex_name="4E5")
    situation = scenario(russian_gun(rfnm=True), same_hex, phase="MPh", player="german")
    assert "g is RFNM: it cannot fire within its own hex (C10.25)" in fire(situation, firer="g", target="t")["reasons"]
    turn = resolve(scenario(russian_gun(rfnm=True)), {"kind": "change_ca", "unit": "g", "ca": "N/NE", "phase": "PFPh"})
    assert turn.reasons == ("g is RFNM and never changes its CA (C10.25)",)
