"""What a drop means (aslgui.rules.gestures): the action dicts a drag builds, and the
legal/illegal colouring of targets before the drop lands."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.geometry import Hex, neighbours
from aslgui.model import Scenario, load_scenario
from aslgui.resource_files import resource_path
from aslgui.rules import RESOLVERS, resolve
from aslgui.rules.gestures import actor, available, gestures_for_drop, legal_targets, staged
from aslgui.rules.menu_gestures import context_gestures


def demo(phase: str = "PFPh", player: str = "russian") -> Scenario:
    scenario = load_scenario(resource_path("scenarios", "demo.json"))
    scenario.phase, scenario.player = phase, player
    return scenario


def example(name: str) -> Scenario:
    return load_scenario(resource_path("examples", f"{name}.json"))


def at(scenario: Scenario, name: str) -> Hex:
    return scenario.grid.parse(name)


def test_a3_gun_dropped_on_enemy_tank_fires_on_the_vehicle_target_type() -> None:
    scenario = demo()
    drop = gestures_for_drop(scenario, "g1", at(scenario, "4E9"))
    assert [g.action for g in drop.gestures] == [
        {"kind": "fire", "firer": "g1", "phase": "PFPh", "target": "t1", "target_type": "vehicle"}
    ]
    assert drop.reasons == ()


def test_c3_32_gun_dropped_on_infantry_offers_each_unit_on_the_infantry_target_type() -> None:
    scenario = demo()
    drop = gestures_for_drop(scenario, "g1", at(scenario, "4C9"))
    assert [(g.action["target"], g.action["target_type"]) for g in drop.gestures] == [
        ("s2", "infantry"),
        ("l1", "infantry"),
    ]


@pytest.mark.parametrize("target", ["4C9", "4E9"])
def test_c3_33_a_mortar_dropped_on_infantry_or_a_vehicle_opens_on_the_area_target_type(target: str) -> None:
    """A mortar always uses the Area Target Type (C3.33): the shot opens on it, not on the Infantry
    or Vehicle type the rules would refuse."""
    scenario = demo()
    gun = scenario.units["g1"]
    scenario.units["g1"] = gun._replace(name="81mm MTR", caliber=81, barrel="*", extra={**gun.extra, "type": "MTR"})
    [shot, *_] = gestures_for_drop(scenario, "g1", at(scenario, target)).gestures
    assert shot.action["target_type"] == "area"
    answer = resolve(scenario, shot.action)  # legal but where the LOS is blocked (4C9)
    assert not any("Target Type" in why for why in answer.reasons), answer.reasons
    refused = resolve(scenario, {**shot.action, "target_type": "infantry"})
    assert "a mortar always uses the Area Target Type (C3.33)" in refused.reasons


def test_dragging_the_crew_drags_the_gun_it_mans() -> None:
    scenario = demo()
    assert actor(scenario, scenario.units["c1"]).id == "g1"
    drop = gestures_for_drop(scenario, "c1", at(scenario, "4E9"))
    assert drop.gestures[0].action["firer"] == "g1"


def test_c3_33_gun_dropped_on_an_empty_hex_fires_on_the_area_target_type() -> None:
    scenario = demo()
    drop = gestures_for_drop(scenario, "g1", at(scenario, "4E8"))
    assert [g.action for g in drop.gestures] == [
        {"kind": "fire", "firer": "g1", "phase": "PFPh", "target_hex": "4E8", "target_type": "area"}
    ]


def test_c10_3_gun_dropped_next_door_in_the_mph_is_pushed_by_its_crew() -> None:
    scenario = demo("MPh")
    drop = gestures_for_drop(scenario, "g1", at(scenario, "4E6"))
    assert [g.action for g in drop.gestures] == [{"kind": "push", "gun": "g1", "to_hex": "4E6", "pushers": ["c1"]}]


def test_a23_3_the_attacker_places_its_dc_next_door_in_the_mph() -> None:
    scenario = demo("MPh")
    drop = gestures_for_drop(scenario, "s1", at(scenario, "4F4"))
    assert [g.action for g in drop.gestures] == [{"kind": "place_dc", "unit": "s1", "target_hex": "4F4"}]


def test_a23_6_the_defender_throws_its_dc_in_the_mph_as_defensive_first_fire() -> None:
    scenario = demo("MPh", player="german")
    drop = gestures_for_drop(scenario, "s1", at(scenario, "4F4"))
    assert [g.action for g in drop.gestures] == [
        {"kind": "throw_dc", "unit": "s1", "target_hex": "4F4", "phase": "MPh"}]


def test_a23_6_the_attacker_throws_in_the_pfph() -> None:
    scenario = demo("PFPh")
    drop = gestures_for_drop(scenario, "s1", at(scenario, "4F4"))
    assert [g.kind for g in drop.gestures] == ["throw_dc"]
    assert resolve(scenario, drop.gestures[0].action).legal


def test_a23_dc_drop_in_the_rph_is_refused_with_the_rules() -> None:
    scenario = demo("RPh")
    drop = gestures_for_drop(scenario, "s1", at(scenario, "4F4"))
    assert drop.gestures == ()
    assert drop.reasons == ("a DC is Placed in the MPh (A23.3) or Thrown in a fire phase (A23.6), not in the RPh",)


def test_a3_ordnance_does_not_fire_in_the_rph() -> None:
    scenario = demo("RPh")
    drop = gestures_for_drop(scenario, "g1", at(scenario, "4E9"))
    assert drop.gestures == ()
    assert drop.reasons == ("ordnance fires only in the PFPh, MPh, DFPh or AFPh, not the RPh (A3)",)


def test_d7_1_vehicle_into_infantry_in_the_mph_overruns_or_fires() -> None:
    scenario = demo("MPh", player="german")
    drop = gestures_for_drop(scenario, "t1", at(scenario, "4F3"))
    assert [g.kind for g in drop.gestures] == ["overrun", "fire"]
    assert drop.gestures[0].action == {"kind": "overrun", "vehicle": "t1", "target_hex": "4F3"}
    assert drop.gestures[1].action == {
        "kind": "fire",
        "firer": "t1",
        "phase": "MPh",
        "target": "s1",
        "target_type": "infantry",
    }


def test_c10_11_vehicle_onto_a_friendly_gun_hooks_it_up_after_entering_its_hex() -> None:
    scenario = example("c10_13_hook_up")
    drop = gestures_for_drop(scenario, "spw", at(scenario, "1J4"))
    hook = drop.gestures[0]
    assert (hook.kind, hook.action) == ("hook_up", {"kind": "hook_up", "vehicle": "spw", "gun": "rcl105"})
    assert hook.moves == (("spw", at(scenario, "1J4")),)
    moved = staged(scenario, hook)
    assert moved.units["spw"].hex == at(scenario, "1J4") and moved.units["spw"].moved
    assert scenario.units["spw"].hex == at(scenario, "1H4")  # the real scenario is untouched


def test_c10_13_hook_up_of_the_105_rcl_leaves_one_pp() -> None:
    scenario = example("c10_13_hook_up")
    hook = gestures_for_drop(scenario, "spw", at(scenario, "1J4")).gestures[0]
    answer = resolve(staged(scenario, hook), hook.action)
    assert answer.legal and answer.values["pp_left"] == 1


def test_a3_the_defenders_infantry_dropped_far_away_is_told_only_the_attacker_moves() -> None:
    for phase in ("PFPh", "MPh"):
        drop = gestures_for_drop(demo(phase), "s2", at(demo(), "4G9"))
        assert drop.gestures == ()
        assert drop.reasons == ("4-6-7 belongs to the DEFENDER (german): only the ATTACKER moves, in its MPh (A3): "
                                "switch to Setup to move it",)


@pytest.mark.parametrize(("unit_id", "rule"), [("s1", "A4.1"), ("l1", "A4.1"), ("t1", "D2.1")])
def test_a4_1_d2_1_the_attackers_unit_dropped_outside_the_mph_is_told_when_it_moves(unit_id: str, rule: str) -> None:
    player = demo().units[unit_id].side
    scenario = demo("DFPh", player)
    drop = gestures_for_drop(scenario, unit_id, at(scenario, "4A1"))  # an empty hex
    name = scenario.units[unit_id].name
    assert drop.reasons == (f"{name} moves in the MPh, not the DFPh ({rule}): switch to Setup to move it",)


def test_c3_22_context_menu_offers_the_five_other_cas_and_limbering() -> None:
    scenario = demo()
    gestures = context_gestures(scenario, "g1")
    cas = [g.action["ca"] for g in gestures if g.kind == "change_ca"]
    assert cas == ["N/NE", "NE/SE", "SE/S", "SW/NW", "NW/N"]
    assert [g.action for g in gestures if g.kind == "limber"] == [{"kind": "limber", "gun": "g1"}]


def test_c10_12_context_menu_of_a_towing_vehicle_offers_unhook() -> None:
    scenario = example("c10_13_hook_up")
    scenario.units["rcl75"] = scenario.units["rcl75"]._replace(towed_by="spw")
    assert [g.action for g in context_gestures(scenario, "spw") if g.kind == "unhook"] == [
        {"kind": "unhook", "vehicle": "spw", "gun": "rcl75"}
    ]


def test_c10_1_legal_targets_colours_a_gun_too_heavy_to_tow_illegal() -> None:
    scenario = example("c10_13_hook_up")
    assert legal_targets(scenario, "spw")[at(scenario, "1J4")] is True
    scenario.units["rcl105"] = scenario.units["rcl105"]._replace(manhandling=8)  # T9 > M8 (C10.1)
    assert legal_targets(scenario, "spw")[at(scenario, "1J4")] is False


def test_c10_3_legal_targets_of_a_pushed_gun_match_resolve() -> None:
    scenario = example("c10_3_push")
    targets = legal_targets(scenario, "g1")
    assert set(targets) == {h for h in scenario.grid.all_hexes if h in targets}
    for h, legal in targets.items():
        push = {"kind": "push", "gun": "g1", "to_hex": scenario.grid.name(h), "pushers": ["c1"]}
        assert resolve(scenario, push).legal is legal
    assert len(targets) == 6


def test_available_keeps_only_kinds_the_rules_core_answers() -> None:
    scenario = demo("MPh", player="german")
    gestures = gestures_for_drop(scenario, "t1", at(scenario, "4F3")).gestures
    assert [g.kind for g in available(gestures)] == [g.kind for g in gestures if g.kind in RESOLVERS]


#: Action kinds of DESIGN.md section 4.
DESIGN_KINDS = {
    "fire",
    "overrun",
    "place_dc",
    "throw_dc",
    "hook_up",
    "unhook",
    "limber",
    "unlimber",
    "push",
    "change_ca",
    "ca_hexes",
    "set_dc",
    "detonate_dc",
    "portee_load",
    "portee_unload",
}
UNIT_IDS = ("g1", "c1", "s1", "t1", "s2", "l1")
PHASES = ("RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh")


@settings(max_examples=150, deadline=None)
@given(unit_id=st.sampled_from(UNIT_IDS), col=st.integers(0, 32), row=st.integers(0, 10), phase=st.sampled_from(PHASES))
def test_every_drop_has_meanings_or_reasons_citing_a_rule(unit_id: str, col: int, row: int, phase: str) -> None:
    scenario = demo()
    h = Hex(col, row)
    if h not in scenario.grid:
        return
    drop = gestures_for_drop(scenario, unit_id, h, phase)
    assert bool(drop.gestures) != bool(drop.reasons)
    for gesture in drop.gestures:
        assert gesture.kind == gesture.action["kind"]
        assert gesture.kind in DESIGN_KINDS
        moved = {unit_id, actor(scenario, scenario.units[unit_id]).id}
        assert moved & {v for v in gesture.action.values() if isinstance(v, str)}
        assert gesture.label.endswith(")") or gesture.kind == "fire"
    for text in drop.reasons:
        assert re.search(r"\([A-D]\d+(\.\d+)?\)", text) or "switch to Setup" in text or "nothing to do" in text


@pytest.mark.parametrize("unit_id", UNIT_IDS)
def test_legal_targets_agree_with_resolve_for_every_answerable_hex(unit_id: str) -> None:
    scenario = demo("MPh")
    for h, legal in legal_targets(scenario, unit_id).items():
        gestures = available(gestures_for_drop(scenario, unit_id, h).gestures)
        assert legal == any(resolve(staged(scenario, g), g.action).legal for g in gestures)


def _spw_next_to_its_gun(spent: int = 0, **spw: object) -> Scenario:
    """The C10.13 EX SPW 250/1 (14 MP, hooking up costs 7) one hex S of its 75*RCL in 1H4."""
    scenario = example("c10_13_hook_up")
    scenario.units["spw"] = scenario.units["spw"]._replace(hex=at(scenario, "1H5"), **spw,
                                                           extra={"mp_spent": spent} if spent else {})
    return scenario


@pytest.mark.parametrize(("vca", "entry_mp"), [(0, 1), (1, 2), (3, 3)])  # N/NE faces 1H4; S/SW turns 2 hexspines
def test_c10_11_a_hook_up_from_next_door_counts_entering_the_guns_hex_first(vca: int, entry_mp: int) -> None:
    """C10.11: the hook-up's MP come on top of those to enter the Gun's hex (its terrain and the VCA
    turned to face it, DESIGN.md 13), counted by the move rules and recorded on the SPW."""
    scenario = _spw_next_to_its_gun(vca=vca)
    [hook] = [g for g in gestures_for_drop(scenario, "spw", at(scenario, "1H4")).gestures if g.kind == "hook_up"]
    assert hook.label == f"Enter 1H4 ({entry_mp} MP) and hook up 75*RCL (C10.11)"
    entered = staged(scenario, hook).units["spw"]
    assert (entered.hex, entered.extra["mp_spent"], entered.stopped) == (at(scenario, "1H4"), entry_mp, True)
    answer = resolve(staged(scenario, hook), hook.action)
    assert answer.legal and answer.values["mp_cost"] == 7


def test_c10_11_the_entry_and_the_hook_up_must_fit_the_allotment_together() -> None:
    """7 MP spent: hooking up in its own hex (7 + 7 = 14) fits, entering first (7 + 1 + 7) does not."""
    scenario = _spw_next_to_its_gun(spent=7)
    [hook] = [g for g in gestures_for_drop(scenario, "spw", at(scenario, "1H4")).gestures if g.kind == "hook_up"]
    answer = resolve(staged(scenario, hook), hook.action)
    assert answer.reasons == ("spw has 6 MP left, needs 7 (C10.11)",)
    scenario.units["spw"] = scenario.units["spw"]._replace(hex=at(scenario, "1H4"))
    assert resolve(scenario, hook.action).legal


def test_c10_11_no_hook_up_is_offered_where_the_entry_is_refused() -> None:
    """An SPW that may not enter the Gun's hex (Immobilized, D2.1; too few MP left) is offered the
    entry alone, which says why."""
    for scenario in (_spw_next_to_its_gun(immobilized=True), _spw_next_to_its_gun(spent=14)):
        [entry] = gestures_for_drop(scenario, "spw", at(scenario, "1H4")).gestures
        assert (entry.kind, entry.label) == ("move", "Enter 1H4 to hook up 75*RCL (C10.11)")
        answer = resolve(scenario, entry.action)
        assert not answer.legal and answer.reasons


def test_c10_11_a_vehicle_two_hexes_from_the_gun_goes_the_cheapest_way_before_hooking_up() -> None:
    """From farther than next door the hook-up first moves there the cheapest way (DESIGN.md 13), its
    every hex counted, never skipped."""
    scenario = _spw_next_to_its_gun()
    scenario.units["spw"] = scenario.units["spw"]._replace(hex=at(scenario, "1H6"))
    [hook] = [g for g in gestures_for_drop(scenario, "spw", at(scenario, "1H4")).gestures if g.kind == "hook_up"]
    assert hook.label == "Enter 1H4 (2 MP) and hook up 75*RCL (C10.11)"
    entered = staged(scenario, hook).units["spw"]
    assert (entered.hex, entered.extra["mp_spent"]) == (at(scenario, "1H4"), 2)


def test_c10_11_a_gun_no_way_reaches_is_offered_no_hook_up_that_jumps_there() -> None:
    """Ten hexes off, with no way found within reach (marsh all round the Gun), the drop offers no
    hook-up: it would move the SPW to the Gun counting no MP of the way."""
    scenario = _spw_next_to_its_gun()
    scenario.units["spw"] = scenario.units["spw"]._replace(hex=at(scenario, "1P4"))
    for h in neighbours(at(scenario, "1H4")):
        scenario.terrain[h] = "marsh"
    assert [g.kind for g in gestures_for_drop(scenario, "spw", at(scenario, "1H4")).gestures] == []
