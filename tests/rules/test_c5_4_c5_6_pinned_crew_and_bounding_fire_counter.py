"""C5.4: a pinned firer forfeits any Multiple ROF, also one it kept earlier in the phase, so a Gun
whose crew was pinned after keeping it fires no second shot; C5.6: nor may that crew use Intensive
Fire. The readings of issue 26, each stated in the answer's notes and tested both ways: a vehicle
under a Bounding First Fire counter firing again in its MPh (C5.3), and OVR Prevention by an
unmarked Gun whose crew is pinned (C5.641 vs C5.64/C5.6)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, russian_gun, scenario, unit

FORFEIT = "c is pinned and forfeits the Multiple ROF g kept in this {phase}; only Intensive Fire adds a shot, which " \
          "a pinned crew may not use (C5.4, C5.6)"


def _gun(phase: str, player: str, pinned: bool, **gun: Any) -> Scenario:
    """The Russian 57LL AT Gun ``g`` in 4E5 (crew ``c``) that has fired and kept its Multiple ROF in
    ``phase``, a German squad in 4E8."""
    return scenario(russian_gun("4E5", fired=True, rof_kept=phase, crew_pinned=pinned, **gun),
                    unit("s", "squad", "4E8"), phase=phase, player=player)


# -- C5.4: the kept Multiple ROF is forfeited once the crew is pinned --------------------------------
@pytest.mark.parametrize(("phase", "player"), [("PFPh", "russian"), ("DFPh", "german")])
def test_c5_4_a_crew_pinned_after_keeping_multiple_rof_gets_no_second_shot(phase: str, player: str) -> None:
    answer = fire(_gun(phase, player, pinned=True), firer="g", target="s")
    assert answer["legal"] is False
    assert answer["reasons"] == [FORFEIT.format(phase=phase)]
    assert drm(answer)["D"] == 2 and answer["rof"] == 0
    assert answer["rof_note"] == "no Multiple ROF: c is pinned and forfeits any Multiple ROF (C5.4)"
    assert (answer["odds"], answer["odds_216"]) == (None, None)


@pytest.mark.parametrize(("phase", "player"), [("PFPh", "russian"), ("DFPh", "german")])
def test_c5_4_the_same_gun_with_a_crew_in_good_order_fires_again(phase: str, player: str) -> None:
    answer = fire(_gun(phase, player, pinned=False), firer="g", target="s")
    assert (answer["legal"], answer["reasons"]) == (True, [])
    assert "D" not in drm(answer) and answer["rof"] >= 1


def test_c5_4_a_rof_kept_in_the_pfph_is_no_shot_in_the_dfph_pinned_or_not() -> None:
    for pinned in (True, False):
        situation = scenario(russian_gun("4E5", fired=True, rof_kept="PFPh", crew_pinned=pinned),
                             unit("s", "squad", "4E8"), phase="DFPh", player="german")
        assert fire(situation, firer="g", target="s")["reasons"] == [
            "g has used its normal ROF this turn; only Intensive Fire adds a shot (C2.24)"]


def test_c5_4_a_pinned_crew_that_has_not_fired_fires_once_with_case_d_and_no_multiple_rof() -> None:
    situation = scenario(russian_gun("4E5", crew_pinned=True), unit("s", "squad", "4E8"))
    answer = fire(situation, firer="g", target="s", dice={"colored": 1, "white": 2})
    assert (answer["legal"], drm(answer)["D"], answer["rof"]) == (True, 2, 0)
    assert answer["outcome"]["rof_retained"] is False


# -- C5.6: a pinned crew may not Intensive Fire -------------------------------------------------------
@pytest.mark.parametrize("kept", ["PFPh", None])
def test_c5_6_intensive_fire_is_refused_for_a_pinned_crew(kept: str | None) -> None:
    keys: dict[str, Any] = {"rof_kept": kept} if kept else {}
    situation = scenario(russian_gun("4E5", fired=True, crew_pinned=True, **keys), unit("s", "squad", "4E8"))
    answer = fire(situation, firer="g", target="s", intensive=True)
    # the forfeited ROF is used up, so the only reason is the pinned crew
    assert (answer["legal"], answer["reasons"]) == (False, ["no Intensive Fire: its crew c is pinned (C5.6)"])


def test_c5_6_the_same_gun_with_its_crew_in_good_order_may_intensive_fire_once_its_rof_is_used() -> None:
    situation = scenario(russian_gun("4E5", fired=True), unit("s", "squad", "4E8"))
    answer = fire(situation, firer="g", target="s", intensive=True)
    assert (answer["legal"], drm(answer)["F"]) == (True, 2)
    kept = scenario(russian_gun("4E5", fired=True, rof_kept="PFPh"), unit("s", "squad", "4E8"))
    assert fire(kept, firer="g", target="s", intensive=True)["reasons"] == [
        "no Intensive Fire: its normal ROF is not used up yet (C5.6)"]


# -- C5.3: a vehicle under a Bounding First Fire counter in its MPh (reading) -------------------------
BFF_NOTE = ("read: a Bounding First Fire counter (bounding_fired) records a shot taken in this MPh, so the vehicle "
            "fires again in it only with the Multiple ROF it kept (rof_kept: MPh; a printed ROF of 1 is one), after "
            "expending another MP (its mp_spent past the fired_at_mp its last shot recorded; without fired_at_mp, "
            "not checked), or by Intensive Fire (C5.3, C2.24)")


def _tank(**keys: Any) -> Scenario:
    """A PzKpfw IVH (printed ROF 1) in its own MPh, a Russian squad three hexes off in its TCA."""
    return scenario(german_tank(hex_name="4E9", name="PzKpfw IVH", **keys), unit("s", "squad", "4E6", side="russian"),
                    phase="MPh", player="german")


@pytest.mark.parametrize("marks", [{"bounding_fired": True}, {"bounding_fired": True, "fired": True}])
def test_c5_3_a_rof_1_vehicle_under_a_bounding_first_fire_counter_without_a_kept_rof_is_refused(
        marks: dict[str, Any]) -> None:
    answer = fire(_tank(**marks), firer="t", target="s")
    assert answer["legal"] is False
    assert answer["reasons"] == ["t is under a Bounding First Fire counter and kept no Multiple ROF in this MPh "
                                 "(rof_kept); only Intensive Fire adds a shot (C5.3, C2.24)"]
    assert BFF_NOTE in answer["notes"]


def test_c5_3_the_same_vehicle_that_kept_its_rof_1_fires_again_with_the_note() -> None:
    answer = fire(_tank(bounding_fired=True, fired=True, rof_kept="MPh"), firer="t", target="s")
    assert (answer["legal"], answer["reasons"], answer["rof"]) == (True, [], 1)
    assert BFF_NOTE in answer["notes"]
    assert "with a Multiple ROF it may fire again only after expending another MP (C5.3)" in answer["notes"]


def test_c5_3_or_by_intensive_fire_and_a_vehicle_with_no_counter_takes_no_reading() -> None:
    intensive = fire(_tank(bounding_fired=True), firer="t", target="s", intensive=True)
    assert (intensive["legal"], drm(intensive)["F"]) == (True, 2)
    fresh = fire(_tank(), firer="t", target="s")
    assert fresh["legal"] is True and BFF_NOTE not in fresh["notes"]
    too_soon = fire(_tank(), firer="t", target="s", intensive=True)
    assert too_soon["reasons"] == ["no Intensive Fire: its normal ROF is not used up yet (C5.6)"]


# -- C5.641: OVR Prevention by an unmarked Gun whose crew is pinned (reading) --------------------------
PREVENTION_NOTE = ("read: OVR Prevention by a Gun under no fire counter is its normal shot, not Intensive Fire "
                   "(C5.641), so its pinned crew may take it, with Case D +2 and no Multiple ROF (C5.4); under a fire "
                   "counter it would be Intensive Fire, which C5.6 denies a pinned crew (C5.641, C5.64, C5.6)")


def _prevent(pinned: bool, **gun: Any) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", "N/NE", name="45L AT", crew_name="2-2-8", crew_pinned=pinned, **gun),
                         german_tank(hex_name="4E5", vca="N/NE", tca="N/NE"), phase="MPh", player="german")
    return fire(situation, firer="g", target="t", target_type="vehicle", ovr_prevention=True, entered_from="4E4")


def test_c5_641_an_unmarked_gun_with_a_pinned_crew_prevents_the_ovr_with_case_d() -> None:
    answer = _prevent(pinned=True)
    assert (answer["legal"], answer["ovr_prevention"]) == (True, "C5.641")
    assert drm(answer)["D"] == 2 and "F" not in drm(answer) and answer["rof"] == 0
    assert PREVENTION_NOTE in answer["notes"]


def test_c5_64_under_a_fire_counter_the_pinned_crew_may_not_for_it_is_intensive_fire() -> None:
    answer = _prevent(pinned=True, fired=True)
    assert (answer["legal"], answer["ovr_prevention"]) == (False, "C5.64")
    assert answer["reasons"] == ["no Intensive Fire: its crew c is pinned (C5.6)"]
    assert PREVENTION_NOTE not in answer["notes"]


def test_c5_641_with_its_crew_in_good_order_there_is_nothing_to_read() -> None:
    answer = _prevent(pinned=False)
    assert (answer["legal"], answer["ovr_prevention"]) == (True, "C5.641") and "D" not in drm(answer)
    assert PREVENTION_NOTE not in answer["notes"]
