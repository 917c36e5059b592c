"""A TI counter (C10.11, C10.22, C10.51): the Gun, its crew and the vehicle it marks fire nothing for
the rest of that Player Turn, so a Gun whose crew could not fire it changes no CA either (C3.22).
C10's unhooking procedure lets a QSU Gun fire instead of unlimbering, but in the next fire phase,
once the TI of its unhooking is gone (the end of the Player Turn takes it off): a TI QSU Gun is no
exception. It is one check of a shot, so ``fire``, Reaction Fire (D7.22) and ``odds_map`` ask it alike."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.apply import end_player_turn, unit_changes
from tests.rules.fixtures.boards import board_from
from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, russian_gun, scenario, unit

TI_RULES = "(C10.11, C10.22, C10.3, C10.51)"
TRUCK = {"id": "truck", "side": "russian", "nationality": "russian", "kind": "vehicle", "hex": "4E5",
         "vca": "S/SW", "afv": False, "mp": 20, "pp": 8}


def _ti_reasons(answer: dict[str, Any]) -> list[str]:
    return [r for r in answer["reasons"] if " TI: no fire " in r and r.endswith(TI_RULES)]


def _marked(answer: dict[str, Any]) -> list[str]:
    """The units the answer's TI reason names: ``g and c are TI: ...`` -> ``["g", "c"]``."""
    found = _ti_reasons(answer)
    assert len(found) <= 1, found
    return found[0].removeprefix("no CA change: ").split(" TI:")[0].rsplit(" ", 1)[0].split(" and ") if found else []


def _gun(phase: str = "PFPh", player: str = "russian", **gun: Any) -> Scenario:
    """The Russian 57LL AT and its crew in 4E5 (CA S/SW), a German tank in 4E9 inside it."""
    return scenario(russian_gun("4E5", "S/SW", **gun), german_tank(), phase=phase, player=player)


# -- C10.11, C10.22: a TI Gun or a Gun with a TI crew fires nothing ----------------------------------------
@pytest.mark.parametrize(("phase", "player"), [("PFPh", "russian"), ("AFPh", "russian"), ("DFPh", "german")])
@pytest.mark.parametrize(("marked", "keys"), [(["g"], {"ti": True}), (["c"], {"crew_ti": True}),
                                              (["g", "c"], {"ti": True, "crew_ti": True})])
def test_c10_11_a_ti_gun_or_its_ti_crew_fires_in_no_fire_phase(phase: str, player: str, marked: list[str],
                                                               keys: dict[str, Any]) -> None:
    answer = fire(_gun(phase, player, **keys), firer="g", target="t")
    assert answer["legal"] is False
    assert _marked(answer) == marked
    assert answer["odds"] is None


@pytest.mark.parametrize(("phase", "player"), [("PFPh", "russian"), ("AFPh", "russian"), ("DFPh", "german")])
def test_c10_11_the_same_gun_without_ti_fires(phase: str, player: str) -> None:
    answer = fire(_gun(phase, player, ti=False, crew_ti=False), firer="g", target="t")
    assert answer["legal"] is True, answer["reasons"]


def test_c10_23_a_ti_qsu_gun_is_no_exception() -> None:
    answer = fire(_gun(qsu=True, ti=True, crew_ti=True), firer="g", target="t")
    assert answer["legal"] is False and _marked(answer) == ["g", "c"]


def test_c10_23_exc_a_qsu_gun_fires_in_the_next_fire_phase_once_the_player_turn_took_its_ti_off() -> None:
    situation = _gun(qsu=True, ti=True, crew_ti=True)
    situation.units.update({u.id: u for u in end_player_turn(situation)})
    assert not situation.units["g"].extra.get("ti") and not situation.units["c"].extra.get("ti")
    answer = fire(situation, firer="g", target="t")
    assert answer["legal"] is True, answer["reasons"]


def test_c10_22_commit_of_an_unlimbering_marks_ti_and_the_gun_then_fires_nothing_this_player_turn() -> None:
    situation = board_from("c10_board.json", {"at37": {"limbered": True}},
                           [unit("r", "squad", "1I4", side="russian", name="4-4-7")], phase="PFPh")
    action = {"kind": "unlimber", "gun": "at37"}
    answer = resolve(situation, action)
    assert answer.legal is True
    situation.units.update({u.id: u for u in unit_changes(situation, action, answer)})
    shot = fire(situation, firer="at37", target="r", target_type="infantry", phase="AFPh")
    assert shot["legal"] is False and _marked(shot) == ["at37", "c1"]


# -- C10.11: a TI vehicle fires no MA; C10.51: a Gun en portee whose crew is TI ---------------------------
@pytest.mark.parametrize("ti", [True, False])
def test_c10_11_a_ti_vehicle_fires_no_ma(ti: bool) -> None:
    situation = scenario(german_tank(hex_name="4E5", vca="S/SW", tca="S/SW", ti=ti),
                         unit("s", "squad", "4E8", side="russian"), player="german")
    answer = fire(situation, firer="t", target="s", target_type="infantry")
    assert answer["legal"] is not ti
    assert _marked(answer) == (["t"] if ti else [])


@pytest.mark.parametrize(("phase", "crew_ti", "legal"), [("AFPh", True, False), ("PFPh", True, False),
                                                         ("AFPh", False, True)])
def test_c10_51_a_gun_en_portee_whose_crew_is_ti_after_loading_fires_nothing(phase: str, crew_ti: bool,
                                                                            legal: bool) -> None:
    situation = scenario(russian_gun("4E5", "S/SW", aboard="truck", crew_aboard="truck", crew_ti=crew_ti),
                         {**TRUCK, "ti": crew_ti}, german_tank(hex_name="4E8"), phase=phase)
    answer = fire(situation, firer="g", target="t")
    assert answer["legal"] is legal
    assert _marked(answer) == (["c"] if crew_ti else [])
    if legal:
        assert drm(answer) == {"B": 2}


# -- C3.22: no CA change by a Gun its crew could not fire -------------------------------------------------
def _turn(situation: Scenario, unit_id: str = "g", ca: str = "N/NE", **keys: Any) -> dict[str, Any]:
    return resolve(situation, {"kind": "change_ca", "unit": unit_id, "ca": ca, "phase": "PFPh", **keys}).to_json()


@pytest.mark.parametrize("keys", [{"ti": True}, {"crew_ti": True}, {"qsu": True, "ti": True}])
def test_c3_22_a_ti_gun_or_a_gun_with_a_ti_crew_changes_no_ca(keys: dict[str, Any]) -> None:
    answer = _turn(_gun(**keys))
    assert answer["legal"] is False
    assert _marked(answer) == (["c"] if "crew_ti" in keys else ["g"])
    assert _ti_reasons(answer)[0].startswith("no CA change: ")


def test_c3_22_the_same_gun_without_ti_changes_its_ca() -> None:
    answer = _turn(_gun())
    assert answer["legal"] is True and answer["spines"] == 3


@pytest.mark.parametrize("arc", ["tca", "vca"])
def test_c3_22_a_ti_vehicle_turns_neither_turret_nor_hull_without_firing(arc: str) -> None:
    situation = scenario(german_tank(hex_name="4E5", ti=True), player="german")
    answer = _turn(situation, "t", "S/SW", arc=arc)
    assert answer["legal"] is False and _marked(answer) == ["t"]


# -- D7.22: nor does a TI Gun make Reaction Fire ------------------------------------------------------------
@pytest.mark.parametrize("ti", [True, False])
def test_d7_22_a_ti_gun_makes_no_reaction_fire(ti: bool) -> None:
    gun = {"id": "g", "side": "russian", "nationality": "russian", "kind": "gun", "name": "57LL AT", "hex": "1C4",
           "ca": "N/NE", "crew": "c", "ti": ti}
    crew = {"id": "c", "side": "russian", "nationality": "russian", "kind": "crew", "name": "2-2-8", "hex": "1C4"}
    situation = board_from("d7_ex.json", {"tank": {"hex": "1C4"}}, [gun, crew])
    answer = resolve(situation, {"kind": "fire", "firer": "g", "target": "tank", "reaction_fire": True}).to_json()
    assert answer["legal"] is not ti
    assert _marked(answer) == (["g"] if ti else [])
    reaction = resolve(situation, {"kind": "reaction_fire", "unit": "c", "vehicle": "tank", "type": "non_cc",
                                   "weapon": "gun"}).to_json()
    assert reaction["legal"] is not ti
    assert any(" TI: no fire " in r for r in reaction["reasons"]) is ti


@pytest.mark.parametrize("ti", [True, False])
def test_c10_11_a_ti_guns_odds_map_has_no_hex_to_fire_at(ti: bool) -> None:
    answer = resolve(_gun(ti=ti), {"kind": "odds_map", "unit": "g", "target_type": "vehicle"}).to_json()
    assert bool(answer["hexes"]) is not ti


@settings(max_examples=80, deadline=None)
@given(phase=st.sampled_from(["PFPh", "AFPh", "DFPh", "MPh"]), marked=st.sampled_from(["ti", "crew_ti"]),
       others=st.fixed_dictionaries({}, optional={
           "qsu": st.booleans(), "fired": st.booleans(), "intensive": st.booleans(), "opportunity": st.booleans(),
           "crew_pinned": st.booleans(), "limbered": st.booleans()}))
def test_c10_11_whatever_else_holds_a_ti_gun_neither_fires_nor_turns(phase: str, marked: str,
                                                                     others: dict[str, Any]) -> None:
    action = {k: others.pop(k) for k in ("intensive", "opportunity") if k in others}
    situation = _gun(phase, "german" if phase == "DFPh" else "russian", **{marked: True}, **others)
    shot = fire(situation, firer="g", target="t", **action)
    assert shot["legal"] is False and _marked(shot) == (["g"] if marked == "ti" else ["c"])
    assert _turn(situation)["legal"] is False
