"""What the rules core offers a player (``rules.gestures``), asked of the rules themselves, never of
a copy in the GUI: the ammunition a counter lists (C8), a shot only for a unit with ordnance to
fire (C3), Limber only for a Gun that can (C10.21, C10.23, C10.25, C10.26), after an OVR a Gun's
Reaction Fire as its rolled shot (D7.22), and the detonation of a DC its owner Placed or Set
(A23.3, A23.7) in the phases it may go off in."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.gestures import gestures_for_drop, legal_targets
from aslgui.rules.menu_gestures import context_gestures, reaction_fire_gestures
from aslgui.rules.rolling import rolls
from aslgui.rules.roster import ordnance_reason
from aslgui.rules.to_hit.legality import ammo_choices
from aslgui.rules.towing import never_limbers

PAK = {"id": "pak", "side": "german", "nationality": "german", "kind": "gun", "name": "75L AT", "hex": "4E5",
       "ca": "S/SW", "crew": "crew"}
CREW = {"id": "crew", "side": "german", "nationality": "german", "kind": "crew", "name": "2-2-8", "hex": "4E5"}
T34 = {"id": "t34", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "T-34 M41",
       "hex": "4E6", "vca": "N/NE", "turret": "T", "tca": "N/NE"}
SQUAD = {"id": "sq", "side": "russian", "nationality": "russian", "kind": "squad", "name": "4-4-7", "hex": "4E8"}


def situation(*units: dict[str, Any], phase: str = "PFPh", player: str = "german") -> Scenario:
    return scenario_from_json({"boards": [{"id": "4", "col": 0, "row": 0}], "phase": phase, "player": player,
                               "units": list(units)})


# -- C8: only the ammunition the counter lists ------------------------------------------------
@pytest.mark.parametrize(("extra", "offered"), [
    ({"special_ammo": {"APCR": 4, "SMOKE": 7}}, ("HE", "AP", "APCR", "SMOKE")),
    ({"special_ammo": {}}, ("HE", "AP")),
    ({}, ("HE", "AP", "HEAT", "APCR", "APDS", "SMOKE", "WP")),  # no counter known: nothing refused
    ({"special_ammo": {}, "latw": True}, ("HE", "AP", "HEAT", "APCR", "APDS", "SMOKE", "WP")),
], ids=["lists APCR and SMOKE", "lists none", "states nothing", "LATW"])
def test_c8_only_the_ammunition_its_counter_lists_is_offered(extra: dict[str, Any], offered: tuple[str, ...]) -> None:
    scenario = situation({**PAK, **extra}, CREW, SQUAD)
    pak = scenario.units["pak"]
    assert ammo_choices(pak) == offered
    for ammo in ("HE", "AP", "HEAT", "APCR", "APDS", "SMOKE", "WP"):  # each offered round is legal, no other is
        answer = resolve(scenario, {"kind": "fire", "firer": "pak", "target_hex": "4E8", "target_type": "area",
                                    "ammo": ammo})
        listed = not any("(C8)" in r for r in answer.reasons)
        assert listed is (ammo in offered), (ammo, answer.reasons)


# -- C3: a shot only for a unit with ordnance to fire -------------------------------------------
def test_c3_a_truck_with_nothing_to_fire_is_offered_no_shot_and_the_drop_says_why() -> None:
    truck = {"id": "truck", "side": "german", "kind": "vehicle", "name": "Opel Blitz", "hex": "4E5", "vca": "S/SW",
             "afv": False}
    scenario = situation(truck, SQUAD)
    reason = ordnance_reason(scenario.units["truck"])
    assert reason == 'truck has no main armament to fire (give it "ma" if it has one) (C3)'
    drop = gestures_for_drop(scenario, "truck", scenario.grid.parse("4E8"))
    assert drop.gestures == () and drop.reasons == (reason,)
    assert legal_targets(scenario, "truck") == {}


@pytest.mark.parametrize("unit", [PAK, T34], ids=["Gun", "tank"])
def test_c3_a_gun_or_a_tank_has_ordnance_to_fire(unit: dict[str, Any]) -> None:
    scenario = situation(unit, CREW, {**SQUAD, "side": "german" if unit is T34 else "russian"})
    assert ordnance_reason(scenario.units[unit["id"]]) is None


def test_c3_an_mg_armed_halftrack_of_the_roster_has_no_ordnance() -> None:
    scenario = situation({"id": "ht", "side": "german", "kind": "vehicle", "name": "SPW 250/1", "hex": "4E5",
                          "vca": "S/SW"}, SQUAD)
    assert "no ordnance main armament" in str(ordnance_reason(scenario.units["ht"]))
    assert gestures_for_drop(scenario, "ht", scenario.grid.parse("4E8")).gestures == ()


# -- C10.21-C10.26: Limber only for a Gun that can ----------------------------------------------
@pytest.mark.parametrize(("flag", "rule"), [("qsu", "C10.23"), ("rfnm", "C10.25"), ("nm", "C10.26")])
def test_c10_2_a_gun_that_never_limbers_is_not_offered_limber(flag: str, rule: str) -> None:
    scenario = situation({**PAK, flag: True}, CREW)
    [why] = never_limbers(scenario.units["pak"])
    assert why.startswith(f"pak is {flag.upper()}") and why.endswith(f"({rule})")
    assert [g.kind for g in context_gestures(scenario, "pak") if g.kind in ("limber", "unlimber")] == []
    answer = resolve(scenario, {"kind": "limber", "gun": "pak"})  # asked anyway: the same reason
    assert answer.legal is False and why in answer.reasons


@pytest.mark.parametrize(("limbered", "kind"), [(False, "limber"), (True, "unlimber")])
def test_c10_21_a_gun_that_can_limber_is_offered_it(limbered: bool, kind: str) -> None:
    scenario = situation({**PAK, "limbered": limbered}, CREW)
    assert [g.kind for g in context_gestures(scenario, "crew") if g.kind in ("limber", "unlimber")] == [kind]


@pytest.mark.parametrize(("phase", "player", "offered"), [
    ("PFPh", "german", True), ("AFPh", "german", True), ("DFPh", "russian", True), ("DFPh", "german", False),
    ("PFPh", "russian", False), ("AFPh", "russian", False), ("MPh", "german", False), ("MPh", "russian", False),
])
def test_c10_21_c3_22_a3_limber_and_ca_changes_only_in_a_fire_phase_of_the_guns_side(
        phase: str, player: str, offered: bool) -> None:
    """Its crew (un)limbers it (C10.21), and turns its CA without firing (C3.22), only in a fire phase
    its side fires in (A3): the German PaK in the Russian PFPh is offered neither, each of which
    the rules would refuse."""
    scenario = situation(PAK, CREW, phase=phase, player=player)
    kinds = [g.kind for g in context_gestures(scenario, "pak")]
    assert ("limber" in kinds, kinds.count("change_ca")) == (offered, 5 if offered else 0)
    for gesture in (g for g in context_gestures(situation(PAK, CREW, phase="PFPh", player="german"), "pak")
                    if g.kind in ("limber", "change_ca")):
        refused = resolve(scenario, {**gesture.action, "phase": phase})
        assert refused.legal is offered, refused.reasons


# -- D7.22: a Gun's Reaction Fire is its rolled shot ---------------------------------------------
def _overrun() -> Scenario:
    """The T-34 has OVRan the PaK 40 and its crew in 4E5 (it stands there now), in the Russian MPh."""
    return situation(PAK, CREW, {**T34, "hex": "4E5"}, phase="MPh", player="russian")


def test_d7_22_the_crew_of_an_overrun_gun_is_offered_the_guns_shot_first() -> None:
    scenario = _overrun()
    [choices] = reaction_fire_gestures(scenario, "t34")
    assert [(g.kind, g.action.get("type")) for g in choices] == [("fire", None), ("reaction_fire", "non_cc"),
                                                               ("reaction_fire", "cc")]
    shot = choices[0]
    assert shot.action == {"kind": "fire", "firer": "pak", "target": "t34", "target_type": "vehicle",
                           "reaction_fire": True, "phase": "MPh"}
    answer = resolve(scenario, shot.action)
    assert answer.legal is True and answer.values["final_th_needed"] is not None
    assert rolls("fire", answer)


@pytest.mark.parametrize(("keys", "rolled"), [({"type": "non_cc"}, True), ({"type": "non_cc", "weapon": "tpbf"}, True),
                                              ({"type": "non_cc", "weapon": "ft"}, True),
                                              ({"type": "non_cc", "weapon": "dc"}, True), ({"type": "cc"}, True),
                                              ({"type": "non_cc", "weapon": "ordnance"}, False),
                                              ({"type": "non_cc", "weapon": "mol"}, False)])
def test_d7_22_every_form_of_reaction_fire_rolls_but_an_ordnance_sw_or_mol(keys: dict[str, str], rolled: bool) -> None:
    ask: dict[str, Any] = {"kind": "reaction_fire", "unit": "crew", "vehicle": "t34", "phase": "MPh"}
    assert rolls("reaction_fire", resolve(_overrun(), {**ask, **keys})) is rolled


def test_d7_22_a_non_cc_reaction_fire_with_the_gun_by_default_rolls_its_shot() -> None:
    scenario = _overrun()
    ask: dict[str, Any] = {"kind": "reaction_fire", "unit": "crew", "vehicle": "t34", "phase": "MPh"}
    gun = resolve(scenario, {**ask, "type": "non_cc"})
    assert gun.values["weapon"] == "gun" and rolls("reaction_fire", gun)
    rolled = resolve(scenario, {**ask, "type": "non_cc", "dice": {"colored": 2, "white": 3}})
    assert rolled.outcome is not None and "hit" in rolled.outcome


def test_d7_2_no_prompt_for_a_side_with_nobody_in_the_location() -> None:
    scenario = situation(PAK, CREW, {**T34, "hex": "4E7"}, phase="MPh", player="russian")
    assert reaction_fire_gestures(scenario, "t34") == []


# -- A23.3, A23.7: the DC's owner detonates it in a phase it may go off in -----------------------
PLACER = {"id": "p", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "4E7",
          "placed_dc": "4E8"}


@pytest.mark.parametrize(("phase", "offered"), [("AFPh", True), ("MPh", False), ("PFPh", False), ("DFPh", False)])
def test_a23_3_a_placed_dc_is_offered_to_its_owner_in_the_afph_only(phase: str, offered: bool) -> None:
    scenario = situation(PLACER, SQUAD, phase=phase)
    h = scenario.grid.parse("4E8")
    dropped = [g for g in gestures_for_drop(scenario, "p", h).gestures if g.kind == "detonate_dc"]
    menu = [g for g in context_gestures(scenario, "p") if g.kind == "detonate_dc"]
    assert bool(dropped) is offered and bool(menu) is offered
    if offered:
        assert dropped[0].action == menu[0].action == {"kind": "detonate_dc", "unit": "p", "hex": "4E8",
                                                       "phase": "AFPh"}
        assert dropped[0].label == "Detonate the Placed DC in 4E8 (A23.3)"
        assert legal_targets(scenario, "p")[h] is True


@pytest.mark.parametrize(("phase", "offered"), [("PFPh", True), ("DFPh", True), ("AFPh", True), ("MPh", False)])
def test_a23_7_a_set_dc_is_offered_to_its_owner_in_the_fire_phases(phase: str, offered: bool) -> None:
    setter = {**{k: v for k, v in PLACER.items() if k != "placed_dc"}, "set_dc": "4E9", "hex": "4E6"}
    scenario = situation(setter, {**SQUAD, "hex": "4E9"}, phase=phase)
    menu = [g.label for g in context_gestures(scenario, "p") if g.kind == "detonate_dc"]
    assert menu == (["Detonate the Set DC in 4E9 (A23.7)"] if offered else [])


def test_a23_3_nobody_but_the_owner_is_offered_the_dc() -> None:
    other = {**{k: v for k, v in PLACER.items() if k != "placed_dc"}, "id": "q"}
    scenario = situation(PLACER, other, SQUAD, phase="AFPh")
    assert [g for g in context_gestures(scenario, "q") if g.kind == "detonate_dc"] == []
