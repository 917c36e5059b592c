"""C5.64/C5.641 OVR Prevention as the ``fire`` action's ``ovr_prevention: true``: a non-vehicular
Gun about to be OVR gets one more shot at the OVRing vehicle in its own hex whatever it fired
before (Intensive Fire included), never with No IF (C5.63), never under a No Fire counter; under a
First/Final/Intensive Fire counter it is an Intensive Fire shot and the Gun is then marked No Fire
(C5.64), under none it is a normal shot and no No Fire follows (C5.641). Its CA must take in the
hexside the vehicle entered by (Case A, C5.51; not after firing from woods/building/rubble, C5.11),
Case E applies (C5.5) and the Original TH DR is a NMC on the crew: pinned or broken voids the shot."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.apply import end_player_turn, unit_changes
from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, russian_gun, scenario, unit

TRUCK = {"id": "t", "side": "german", "nationality": "german", "kind": "vehicle", "name": "Opel Blitz",
         "hex": "4E5", "vca": "N/NE", "afv": False, "mp": 20}
#: The OVRing vehicle in the Gun's hex 4E5: a tank (Vehicle Target Type, AP) or a truck.
TARGETS = {"tank": german_tank(hex_name="4E5", vca="N/NE", tca="N/NE"), "truck": TRUCK}
#: Guns: an AT Gun and an INF Gun, each with a 2-2-8 crew (Morale Level 8).
GUNS = {"45L AT": "45L AT", "76L ART": "76L ART"}


def _situation(target: str = "tank", gun: str = "45L AT", terrain: str = "open ground", phase: str = "MPh",
               **gun_keys: Any) -> Scenario:
    crew = {"crew_name": "2-2-8", **{k: v for k, v in gun_keys.items() if k.startswith("crew_")}}
    own = {k: v for k, v in gun_keys.items() if not k.startswith("crew_")}
    return scenario(russian_gun("4E5", own.pop("ca", "N/NE"), name=GUNS[gun], **own, **crew), TARGETS[target],
                    phase=phase, player="german", terrain={"4E5": terrain})


def _prevent(situation: Scenario, **action: Any) -> dict[str, Any]:
    return fire(situation, firer="g", target="t", target_type="vehicle", ovr_prevention=True, **action)


# -- who may, and which kind of shot -----------------------------------------------------------------
@pytest.mark.parametrize("target", list(TARGETS))
@pytest.mark.parametrize("gun", list(GUNS))
def test_c5_641_an_unmarked_gun_fires_a_normal_shot(target: str, gun: str) -> None:
    answer = _prevent(_situation(target, gun), entered_from="4E4")
    assert (answer["legal"], answer["ovr_prevention"]) == (True, "C5.641")
    assert "F" not in drm(answer) and drm(answer)["E"] == 2 and "L" not in drm(answer)
    assert answer["rof"] >= 1 and answer["rof_note"] is None
    assert any(note.endswith("(C5.641)") for note in answer["notes"])


@pytest.mark.parametrize("target", list(TARGETS))
@pytest.mark.parametrize("marker", [{"fired": True}, {"fired": True, "intensive_fired": True}])
def test_c5_64_a_gun_under_a_fire_counter_fires_once_more_as_intensive_fire(target: str,
                                                                           marker: dict[str, Any]) -> None:
    answer = _prevent(_situation(target, **marker), entered_from="4E4")
    assert (answer["legal"], answer["ovr_prevention"]) == (True, "C5.64")
    assert drm(answer)["F"] == 2 and drm(answer)["E"] == 2
    plain = _prevent(_situation(target), entered_from="4E4")
    assert answer["breakdown"] == plain["breakdown"] - 2  # C5.62, once however many IF shots
    assert answer["rof"] == 0 and "(C5.6)" in answer["rof_note"]
    assert any("No Fire" in note and note.endswith("(C5.64)") for note in answer["notes"])


@pytest.mark.parametrize("marker", [{}, {"fired": True}])
def test_c5_64_exc_no_ovr_prevention_with_no_if(marker: dict[str, Any]) -> None:
    answer = _prevent(_situation(no_if=True, **marker))
    assert answer["legal"] is False and any("No IF" in found for found in answer["reasons"])


def test_c5_64_a_no_fire_counter_forbids_another_shot_even_if_ovr_again() -> None:
    situation = _situation(fired=True, intensive_fired=True, no_fire=True)
    for action in ({"ovr_prevention": True}, {}):
        answer = fire(situation, firer="g", target="t", target_type="vehicle", **action)
        assert answer["legal"] is False and any("No Fire counter" in found for found in answer["reasons"])


def test_c5_64_without_ovr_prevention_a_fired_gun_is_refused() -> None:
    answer = fire(_situation(fired=True), firer="g", target="t", target_type="vehicle")
    assert answer["legal"] is False and "(C2.24)" in answer["reasons"][0]


@pytest.mark.parametrize(
    ("situation", "words"),
    [
        (lambda: _situation(phase="DFPh"), "MPh"),
        (lambda: scenario(russian_gun("4E5", "N/NE", crew_name="2-2-8"), german_tank(hex_name="4E6"),
                          phase="MPh", player="german"), "OVRing the Gun's own hex"),
        (lambda: scenario(russian_gun("4E5", "N/NE", crew_name="2-2-8"), unit("t", "squad", "4E5"),
                          phase="MPh", player="german"), "OVRing the Gun's own hex"),
        (lambda: scenario(russian_gun("4E5", "N/NE", crew_name="2-2-8"),
                          german_tank(hex_name="4E5", side="russian", nationality="russian"),
                          phase="MPh", player="german"), "OVRing the Gun's own hex"),
        (lambda: scenario(russian_gun("4E5", "N/NE", crew_name="2-2-8"), german_tank(hex_name="4E6"),
                          phase="MPh", player="russian"), "DEFENDER"),
    ],
)
def test_c5_64_only_vs_the_enemy_vehicle_ovring_the_guns_hex_in_its_mph(situation: Any, words: str) -> None:
    answer = fire(situation(), firer="g", target="t", ovr_prevention=True)
    assert answer["legal"] is False
    assert any(words in found and found.endswith("(C5.64)") for found in answer["reasons"])


def test_c5_64_only_a_non_vehicular_gun() -> None:
    situation = scenario(german_tank("v", hex_name="4E5", side="russian", nationality="russian"), TRUCK,
                         phase="MPh", player="german")
    answer = fire(situation, firer="v", target="t", ovr_prevention=True)
    assert answer["legal"] is False and any("non-vehicular Gun" in found for found in answer["reasons"])


# -- its CA: the hexside entered ---------------------------------------------------------------------
@pytest.mark.parametrize(("entered_from", "spines"),
                         [("4E4", 0), ("4F4", 0), ("4F5", 1), ("4E6", 2), ("4D5", 2), ("4D4", 1)])
def test_c5_64_its_ca_must_cover_the_hexside_entered_case_a(entered_from: str, spines: int) -> None:
    answer = _prevent(_situation(), entered_from=entered_from)
    assert answer["ca_change_spines"] == spines
    assert drm(answer).get("A", 0) == (0 if spines == 0 else 3 + spines - 1)


@pytest.mark.parametrize("terrain", ["woods", "stone building"])
def test_c5_64_after_firing_from_woods_or_a_building_no_ca_change_so_no_prevention_from_outside(terrain: str) -> None:
    outside = _prevent(_situation(terrain=terrain, fired=True), entered_from="4E6")
    assert outside["legal"] is False and any("(C5.11)" in found for found in outside["reasons"])
    inside = _prevent(_situation(terrain=terrain, fired=True), entered_from="4E4")
    assert inside["legal"] is True and drm(inside)["E"] == 4  # Case E doubled there (C5.5)


def test_c10_25_an_rfnm_gun_has_no_prevention_shot_in_its_own_hex() -> None:
    answer = _prevent(_situation(rfnm=True), entered_from="4E4")
    assert answer["legal"] is False and any("(C10.25)" in found for found in answer["reasons"])


# -- the NMC on the crew ------------------------------------------------------------------------------
@pytest.mark.parametrize(("dice", "nmc"), [((3, 4), "passed"), ((1, 1), "passed"), ((4, 4), "pinned"),
                                           ((4, 5), "broken"), ((6, 6), "broken")])
@pytest.mark.parametrize("marker", [{}, {"fired": True}])
def test_c5_64_the_original_th_dr_is_a_nmc_on_the_crew(dice: tuple[int, int], nmc: str,
                                                       marker: dict[str, Any]) -> None:
    answer = _prevent(_situation(**marker), entered_from="4E4", dice={"colored": dice[0], "white": dice[1]}, dr=1)
    outcome = answer["outcome"]
    assert (outcome["crew_nmc"], outcome["voided"]) == (nmc, nmc != "passed")
    if nmc != "passed":
        assert (outcome["hit"], outcome["critical"], outcome["rof_retained"]) == (False, False, False)
        assert any("void" in note and note.endswith("(C5.64)") for note in outcome["notes"])
    else:
        assert outcome["hit"] is (outcome["final_dr"] <= answer["modified_th"])


def test_c5_64_a_voided_shot_still_malfunctions() -> None:
    answer = _prevent(_situation(fired=True), entered_from="4E4", dice={"colored": 6, "white": 5})
    assert answer["outcome"]["voided"] is True and answer["outcome"]["malfunction"] is True  # B# 12 - 2


@pytest.mark.parametrize("morale", [7, 9])
def test_c5_64_the_crews_morale_key_wins(morale: int) -> None:
    answer = _prevent(_situation(crew_morale=morale), entered_from="4E4", dice={"colored": 4, "white": 4})
    assert answer["outcome"]["crew_nmc"] == ("broken" if morale == 7 else "passed")


def test_c5_64_an_unknown_morale_level_is_said() -> None:
    answer = _prevent(_situation(crew_name="crew"), entered_from="4E4", dice={"colored": 4, "white": 4})
    assert answer["outcome"]["crew_nmc"] is None and answer["outcome"]["voided"] is False
    assert any('"morale"' in note for note in answer["notes"])


def test_c5_64_the_odds_count_the_voided_rolls() -> None:
    answer = _prevent(_situation(), entered_from="4E4")
    assert answer["odds_216"]["hit"] <= 6 * sum(1 for c in range(1, 7) for w in range(1, 7) if c + w < 8)


# -- Commit -----------------------------------------------------------------------------------------
def _commit(situation: Scenario, **action: Any) -> dict[str, Any]:
    full = {"kind": "fire", "firer": "g", "target": "t", "target_type": "vehicle", "ovr_prevention": True,
            "entered_from": "4E6", **action}
    resolution = resolve(situation, full)
    for changed in unit_changes(situation, full, resolution):
        situation.units[changed.id] = changed
    return resolution.to_json()


def test_c5_64_commit_marks_no_fire_and_a_second_prevention_is_refused() -> None:
    situation = _situation(fired=True)
    first = _commit(situation, dice={"colored": 2, "white": 3})
    assert first["legal"] is True
    gun = situation.units["g"]
    assert gun.fired and gun.intensive_fired and gun.extra["no_fire"] is True
    assert gun.ca == 2  # SE/S: turned to take in the S hexside it was OVR through (C5.51)
    again = _commit(situation, dice={"colored": 2, "white": 3})
    assert again["legal"] is False and "No Fire counter" in again["reasons"][0]
    cleaned = {u.id: u for u in end_player_turn(situation)}["g"]
    assert "no_fire" not in cleaned.extra and not cleaned.fired


def test_c5_641_commit_marks_first_fire_only_and_a_later_prevention_is_c5_64() -> None:
    situation = _situation()
    _commit(situation, dice={"colored": 5, "white": 6})
    gun = situation.units["g"]
    assert gun.fired and not gun.intensive_fired and "no_fire" not in gun.extra
    assert _commit(situation, dice={"colored": 2, "white": 3})["ovr_prevention"] == "C5.64"


def test_c5_64_a_no_fire_gun_leaves_its_crew_tpbf_as_reaction_fire() -> None:
    situation = _situation(fired=True, intensive_fired=True, no_fire=True)
    answer = resolve(situation, {"kind": "reaction_fire", "unit": "c", "vehicle": "t", "type": "non_cc"}).to_json()
    assert answer["allowed_weapons"] == ["tpbf"] and answer["weapon"] == "tpbf"


def test_d7_11_a_vehicle_immobilized_after_entering_still_ovrs_at_half_fp() -> None:
    situation = scenario(russian_gun("4E5", "N/NE", crew_name="2-2-8"),
                         german_tank(hex_name="4E5", vca="N/NE", mp=16, immobilized=True,
                                     ma={"caliber": 50, "barrel": "L"}), phase="MPh", player="german")
    answer = resolve(situation, {"kind": "overrun", "vehicle": "t", "target_hex": "4E5", "from_hex": "4E4"}).to_json()
    whole = resolve(situation, {"kind": "overrun", "vehicle": "t", "target_hex": "4E5", "from_hex": "4E4",
                                "immobilized_before_resolution": True}).to_json()
    assert answer["legal"] is True and answer["fp"] == whole["fp"] == 2
    moving = resolve(situation, {"kind": "overrun", "vehicle": "t", "target_hex": "4E6"}).to_json()
    assert moving["legal"] is False and any("Immobile" in found for found in moving["reasons"])
