"""What Commit changes on the map (aslgui.rules.apply): markers, CA changes, moves."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.geometry import Hex, in_ca, parse_spine, spines_to_bring
from aslgui.model import Scenario, load_scenario
from aslgui.resource_files import resource_path
from aslgui.rules import resolve
from aslgui.rules.apply import end_player_turn, nearest_spine, unit_changes
from aslgui.rules.resolution import Resolution


def scenario_of(folder: str, name: str) -> Scenario:
    return load_scenario(resource_path(folder, f"{name}.json"))


def changed(scenario: Scenario, action: dict[str, Any], resolution: Resolution) -> dict[str, Any]:
    return {u.id: u for u in unit_changes(scenario, action, resolution)}


def fire_answer(**values: Any) -> Resolution:
    """A legal fire answer as DESIGN.md section 4 shapes it (apply reads only these keys)."""
    return Resolution(kind="fire", values=values)


def test_c5_1_commit_of_a_shot_outside_the_ca_turns_the_gun_and_marks_it_fired() -> None:
    scenario = scenario_of("scenarios", "demo")
    target = scenario.grid.parse("4E1")
    action = {"kind": "fire", "firer": "g1", "target_hex": "4E1", "target_type": "area"}
    gun = changed(scenario, action, fire_answer(ca_change_spines=2))["g1"]
    assert gun.fired and not gun.intensive_fired
    assert gun.ca == parse_spine("NW/N")  # two hexspines from S/SW, and 4E1 lies in it
    assert in_ca(gun.hex, int(gun.ca or 0), target)


def test_c5_6_intensive_fire_places_the_intensive_fire_marker() -> None:
    scenario = scenario_of("scenarios", "demo")
    action = {"kind": "fire", "firer": "g1", "target": "t1", "target_type": "vehicle", "intensive": True}
    gun = changed(scenario, action, fire_answer(ca_change_spines=0))["g1"]
    assert (gun.fired, gun.intensive_fired, gun.ca) == (True, True, parse_spine("S/SW"))


@pytest.mark.parametrize("phase", ["MPh", "DFPh"])
def test_a3_4_a_shot_records_the_phase_its_fire_counter_shows(phase: str) -> None:
    scenario = scenario_of("scenarios", "demo")
    scenario.player = "german"  # the Gun is the DEFENDER's: First Fire in the MPh, Final Fire in the DFPh
    action = {"kind": "fire", "firer": "g1", "target": "t1", "target_type": "vehicle", "phase": phase}
    gun = changed(scenario, action, fire_answer(ca_change_spines=0))["g1"]
    assert gun.fired and gun.extra["fired_in"] == phase
    scenario.units["g1"] = gun
    assert "fired_in" not in {u.id: u for u in end_player_turn(scenario)}["g1"].extra


def test_d3_3_vehicle_firing_in_its_own_mph_is_marked_bounding_first_fire() -> None:
    scenario = scenario_of("scenarios", "demo")
    scenario.player, scenario.phase = "german", "MPh"
    action = {"kind": "fire", "firer": "t1", "target": "s1", "target_type": "infantry", "phase": "MPh"}
    tank = changed(scenario, action, fire_answer(ca_change_spines=1))["t1"]
    assert tank.fired and tank.bounding_fired
    assert tank.tca != scenario.units["t1"].tca and tank.vca == scenario.units["t1"].vca  # turret turns (C5.11)
    assert in_ca(tank.hex, int(tank.tca or 0), scenario.units["s1"].hex)


def test_c5_11_pivoting_the_vca_turns_hull_and_turret() -> None:
    scenario = scenario_of("scenarios", "demo")
    action = {"kind": "fire", "firer": "t1", "target": "s1", "target_type": "infantry", "pivot": "vca"}
    tank = changed(scenario, action, fire_answer(ca_change_spines=1))["t1"]
    assert tank.vca == tank.tca and in_ca(tank.hex, int(tank.vca or 0), scenario.units["s1"].hex)


def test_c5_72_deliberate_immobilization_hit_immobilizes_the_target() -> None:
    scenario = scenario_of("scenarios", "demo")
    action = {
        "kind": "fire",
        "firer": "g1",
        "target": "t1",
        "target_type": "vehicle",
        "deliberate_immobilization": True,
    }
    answer = Resolution(kind="fire", values={"ca_change_spines": 0}, outcome={"hit": True, "immobilized": True})
    assert changed(scenario, action, answer)["t1"].immobilized


def test_c3_22_change_ca_turns_a_gun_and_a_turret() -> None:
    scenario = scenario_of("scenarios", "demo")
    answer = Resolution(kind="change_ca")
    assert changed(scenario, {"kind": "change_ca", "unit": "g1", "ca": "N/NE"}, answer)["g1"].ca == 0
    assert changed(scenario, {"kind": "change_ca", "unit": "t1", "ca": "SE/S"}, answer)["t1"].tca == 2
    # The arc the action names is the one turned (the VCA of a turreted vehicle, issue 17.8).
    hull = changed(scenario, {"kind": "change_ca", "unit": "t1", "ca": "SE/S", "arc": "vca"}, answer)["t1"]
    assert (hull.vca, hull.tca) == (2, scenario.units["t1"].tca)


def test_c3_22_a_pfph_ca_change_stops_the_gun_and_crew_moving_until_the_player_turn_ends() -> None:
    scenario = scenario_of("examples", "c10_3_push")  # a QSU 37L AT and its crew c1, in the MPh
    turn = {"kind": "change_ca", "unit": "g1", "ca": "N/NE", "phase": "PFPh"}
    units = changed(scenario, turn, resolve(scenario, turn))
    assert units["g1"].extra["no_move"] is True and units["c1"].extra["no_move"] is True
    for unit in units.values():
        scenario.with_unit(unit)
    push = resolve(scenario, {"kind": "push", "gun": "g1", "to_hex": "1G4"})
    assert not push.legal
    assert "g1 changed its CA in the PFPh: no more movement this Player Turn (C3.22)" in push.reasons
    assert "c1 mans a Gun that changed its CA in the PFPh: no more movement this Player Turn (C3.22)" in push.reasons
    for unit in end_player_turn(scenario):
        scenario.with_unit(unit)
    assert resolve(scenario, {"kind": "push", "gun": "g1", "to_hex": "1G4"}).legal


@pytest.mark.parametrize("arc", [{"arc": "ca"}, {}])
def test_c3_22_a_pfph_change_to_the_same_ca_marks_no_no_move(arc: dict[str, str]) -> None:
    scenario = scenario_of("examples", "c10_3_push")  # a QSU 37L AT with CA NW/N and its crew c1
    turn = {"kind": "change_ca", "unit": "g1", "ca": "NW/N", "phase": "PFPh", **arc}
    answer = resolve(scenario, turn)
    assert answer.legal and answer.values["spines"] == 0
    assert changed(scenario, turn, answer) == {}
    assert resolve(scenario, {"kind": "push", "gun": "g1", "to_hex": "1G4"}).legal


@pytest.mark.parametrize(("phase", "player", "firer", "target", "later"),
                         [("PFPh", "russian", "g1", "t1", "AFPh"), ("DFPh", "german", "g1", "t1", None),
                          ("AFPh", "german", "t1", "g1", None)])
def test_c3_22_a_ca_changed_without_firing_ends_that_fire_phase_for_it(
        phase: str, player: str, firer: str, target: str, later: str | None) -> None:
    """The change is made at the end of a friendly fire phase (C3.22): no shot follows it in that
    phase, a PFPh change still lets the Gun fire in the AFPh, and the Player Turn's end clears it."""
    scenario = scenario_of("scenarios", "demo")
    scenario.player = player
    shot = {"kind": "fire", "firer": firer, "target": target, "target_type": ("infantry", "vehicle")[target == "t1"],
            "phase": phase}
    assert resolve(scenario, shot).legal
    turned = scenario.units[firer].ca if firer == "g1" else scenario.units[firer].tca
    turn = {"kind": "change_ca", "unit": firer, "ca": ("N/NE", "NE/SE")[turned == 0], "phase": phase}
    answer = resolve(scenario, turn)
    assert answer.legal and f"no more fire this {phase}" in answer.values["cost"]
    for unit in unit_changes(scenario, turn, answer):
        scenario.with_unit(unit)
    refused = resolve(scenario, shot)
    assert not refused.legal
    why = f"{firer} changed its CA without firing, which ends its {phase}: no more fire in it (C3.22)"
    assert why in refused.reasons
    if later:
        assert resolve(scenario, {**shot, "phase": later}).legal
    for unit in end_player_turn(scenario):
        scenario.with_unit(unit)
    assert resolve(scenario, shot).legal


def test_c3_22_a_ca_change_at_the_end_of_the_dfph_leaves_movement_alone() -> None:
    scenario = scenario_of("scenarios", "demo")
    turn = {"kind": "change_ca", "unit": "g1", "ca": "N/NE", "phase": "DFPh"}
    assert "no_move" not in changed(scenario, turn, Resolution(kind="change_ca"))["g1"].extra


@pytest.mark.parametrize(
    ("example", "mover", "action"),
    [
        ("c10_13_hook_up", "spw", {"kind": "hook_up", "vehicle": "spw", "gun": "rcl75"}),
        ("d7_22_overrun", "t1", {"kind": "overrun", "vehicle": "t1", "target_hex": "1C3", "mp_spent": 2}),
        ("a23_3_place_dc", "s1", {"kind": "place_dc", "unit": "s1", "target_hex": "1X5"}),
    ],
)
def test_c3_22_no_move_also_forbids_hooking_up_overrun_and_placing_a_dc(
    example: str, mover: str, action: dict[str, Any]
) -> None:
    scenario = scenario_of("examples", example)
    assert resolve(scenario, action).legal
    scenario.with_unit(scenario.units[mover]._replace(extra={"no_move": True}))
    reasons = resolve(scenario, action).reasons
    did = "mans a Gun that changed its" if mover == "s1" else "changed its"  # a squad has no CA of its own
    assert reasons == (f"{mover} {did} CA in the PFPh: no more movement this Player Turn (C3.22)",)


def test_a3_3_a_gun_that_prep_fired_may_not_be_pushed() -> None:
    scenario = scenario_of("examples", "c10_3_push")
    scenario.with_unit(scenario.units["g1"]._replace(fired=True))
    push = resolve(scenario, {"kind": "push", "gun": "g1", "to_hex": "1G4"})
    assert push.reasons == ("g1 Prep Fired: it may not move in this MPh (A3.3)",)


def test_an_illegal_answer_changes_nothing() -> None:
    scenario = scenario_of("scenarios", "demo")
    answer = Resolution(kind="fire", legal=False, reasons=("outside the CA (C3.21)",))
    assert unit_changes(scenario, {"kind": "fire", "firer": "g1", "target": "t1"}, answer) == []


def test_an_action_kind_without_map_effect_is_named() -> None:
    scenario = scenario_of("scenarios", "demo")
    with pytest.raises(AslError, match="'teleport'") as error:
        unit_changes(scenario, {"kind": "teleport"}, Resolution(kind="teleport"))
    assert error.value.path == "action.kind"
    assert unit_changes(scenario, {"kind": "ca_hexes"}, Resolution(kind="ca_hexes")) == []


def test_c10_3_push_that_equals_the_m_number_enters_and_stops_ti() -> None:
    scenario = scenario_of("examples", "c10_3_push")
    action = {"kind": "push", "gun": "g1", "to_hex": "1G4", "pushers": ["c1"], "dice": {"colored": 2, "white": 3}}
    answer = resolve(scenario, action)
    assert answer.outcome == {"final_dr": 12, "entered": True, "stopped": True}
    units = changed(scenario, action, answer)
    g4 = scenario.grid.parse("1G4")
    assert units["g1"].hex == g4 and units["c1"].hex == g4
    assert units["g1"].extra["ti"] is True and units["c1"].extra["ti"] is True


def test_c10_3_push_below_the_m_number_enters_and_may_go_on() -> None:
    scenario = scenario_of("examples", "c10_3_push")
    action = {"kind": "push", "gun": "g1", "to_hex": "1G4", "pushers": ["c1"], "dice": {"colored": 1, "white": 3}}
    units = changed(scenario, action, resolve(scenario, action))
    assert units["g1"].hex == scenario.grid.parse("1G4") and "ti" not in units["g1"].extra


def test_c10_3_failed_push_leaves_the_gun_and_gives_a_labor_counter() -> None:
    scenario = scenario_of("examples", "c10_3_push")
    action = {"kind": "push", "gun": "g1", "to_hex": "1G4", "pushers": ["c1"], "dice": {"colored": 6, "white": 3}}
    units = changed(scenario, action, resolve(scenario, action))
    assert "g1" not in units or units["g1"].hex == scenario.units["g1"].hex
    assert units["c1"].labor == -1 and units["c1"].hex == scenario.units["c1"].hex


def test_c10_11_hook_up_puts_the_gun_in_tow_and_marks_ti() -> None:
    scenario = scenario_of("examples", "c10_13_hook_up")
    action = {"kind": "hook_up", "vehicle": "spw", "gun": "rcl75"}
    units = changed(scenario, action, resolve(scenario, action))
    assert units["rcl75"].towed_by == "spw"
    assert all(units[uid].extra.get("ti") is True for uid in ("rcl75", "c1", "spw"))
    assert units["spw"].extra["mp_spent"] == 7  # half its 14 MP, recorded as a move records its own (C10.11)
    spent = changed(scenario, {**action, "mp_spent": 3}, resolve(scenario, {**action, "mp_spent": 3}))
    assert spent["spw"].extra["mp_spent"] == 10  # on top of what it spent before (C10.11)


def test_c10_12_unhook_frees_the_gun() -> None:
    scenario = scenario_of("examples", "c10_13_hook_up")
    scenario.units["rcl75"] = scenario.units["rcl75"]._replace(towed_by="spw")
    action = {"kind": "unhook", "vehicle": "spw", "gun": "rcl75"}
    answer = resolve(scenario, action)
    assert answer.legal, answer.reasons
    assert changed(scenario, action, answer)["rcl75"].towed_by is None


def test_c10_21_limber_and_c10_22_unlimber_marks_ti() -> None:
    scenario = scenario_of("scenarios", "demo")
    limbered = changed(scenario, {"kind": "limber", "gun": "g1"}, Resolution(kind="limber"))
    assert limbered["g1"].limbered and "ti" not in limbered["g1"].extra
    scenario.units["g1"] = limbered["g1"]
    unlimbered = changed(scenario, {"kind": "unlimber", "gun": "g1"}, Resolution(kind="unlimber"))
    assert not unlimbered["g1"].limbered and unlimbered["c1"].extra["ti"] is True


def test_a23_3_placing_the_dc_leaves_it_in_the_target_location() -> None:
    scenario = scenario_of("examples", "a23_3_place_dc")
    action = {"kind": "place_dc", "unit": "s1", "target_hex": "1X5"}
    squad = changed(scenario, action, Resolution(kind="place_dc"))["s1"]
    assert squad.dc is None and squad.extra["placed_dc"] == "1X5"


def test_a23_6_throwing_the_dc_is_fire_and_a23_7_set_then_detonate() -> None:
    scenario = scenario_of("scenarios", "demo")
    thrower = changed(scenario, {"kind": "throw_dc", "unit": "s1", "target_hex": "4F4"}, Resolution(kind="throw_dc"))
    assert thrower["s1"].fired and thrower["s1"].dc is None
    setter = changed(scenario, {"kind": "set_dc", "unit": "s1"}, Resolution(kind="set_dc"))["s1"]
    assert setter.extra["set_dc"] == "4F3"
    scenario.units["s1"] = setter
    detonated = changed(scenario, {"kind": "detonate_dc", "unit": "s1", "hex": "4F3"}, Resolution(kind="detonate_dc"))
    assert "set_dc" not in detonated["s1"].extra and detonated["s1"].fired


def test_d7_1_overrun_moves_the_vehicle_into_the_target_hex() -> None:
    scenario = scenario_of("examples", "d7_22_overrun")
    action = {"kind": "overrun", "vehicle": "t1", "target_hex": "1C3", "mp_spent": 2}
    tank = changed(scenario, action, resolve(scenario, action))["t1"]
    assert tank.hex == scenario.grid.parse("1C3") and tank.moved


def test_a3_8_end_of_player_turn_takes_fire_and_ti_markers_off() -> None:
    scenario = scenario_of("scenarios", "demo")
    scenario.units["g1"] = scenario.units["g1"]._replace(fired=True, intensive_fired=True, extra={"ti": True, "x": 1})
    cleared = {u.id: u for u in end_player_turn(scenario)}
    assert list(cleared) == ["g1"]
    assert (cleared["g1"].fired, cleared["g1"].intensive_fired, cleared["g1"].extra) == (False, False, {"x": 1})


@given(col=st.integers(0, 32), row=st.integers(1, 10), current=st.integers(0, 5))
def test_c3_2_nearest_spine_holds_the_target_after_the_fewest_turns(col: int, row: int, current: int) -> None:
    origin, target = Hex(8, 5), Hex(col, row)
    if target == origin:  # same hex: the CA stays (C5.51)
        assert nearest_spine(origin, current, target) == current
        return
    spine = nearest_spine(origin, current, target)
    assert in_ca(origin, spine, target)
    turns = min((spine - current) % 6, (current - spine) % 6)
    assert turns == spines_to_bring(origin, current, target)
