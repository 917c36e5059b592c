"""What a counter's own gestures offer beyond a drop: its context menu (CA changes, turning a
moving vehicle, (un)limbering, unhooking, unloading, Setting and detonating DCs), a turn by key or
handle, and the DEFENDER's Reaction Fire choices after an Overrun (D7.2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from aslgui.geometry import SPINE_NAMES
from aslgui.model import Scenario, Unit
from aslgui.rules.change_ca import friendly_fire_phases
from aslgui.rules.gestures import (
    Gesture,
    actor,
    detonation_gesture,
    gun_loading,
    is_legal_gesture,
    moves_in_this_mph,
    own_dcs,
)
from aslgui.rules.roster import ordnance_reason
from aslgui.rules.tables import NO_EFFECT
from aslgui.rules.towing import never_limbers

#: Reaction Fire a DEFENDER may choose after an Overrun: (type, label, rule).
REACTIONS = (("non_cc", "Non-CC Reaction Fire", "D7.22"), ("cc", "CC Reaction Fire", "D7.21"))


def change_ca_gesture(unit: Unit, spine: int, phase: str, arc: str | None = None) -> Gesture:
    """Turn a Gun's CA (or a vehicle's ``arc``: vca/tca) to hexspine ``spine`` without firing (C3.22)."""
    name = SPINE_NAMES[spine % 6]
    action: dict[str, Any] = {"kind": "change_ca", "unit": unit.id, "ca": name, "phase": phase}
    if arc is not None:
        action["arc"] = arc
    return Gesture("change_ca", f"Change {(arc or 'CA').upper()} to {name} (C3.22)", action)


def turns_by_moving(scenario: Scenario, unit: Unit, phase: str) -> bool:
    """Whether a unit is a vehicle moving in its MPh, which turns only by spending MP (D2.11, C5.13)."""
    return unit.kind == "vehicle" and phase == "MPh" and moves_in_this_mph(scenario, unit)


def turn_gesture(scenario: Scenario, unit: Unit, spine: int, arc: str) -> Gesture:
    """Turning a counter in Rehearse (keys, menu, handle) to hexspine ``spine``: a vehicle moving in
    its MPh turns by a move without a hex, its VCA paying MP (D2.11), its TCA turning as MP are
    spent (C5.13); anything else is a ``change_ca`` (C3.22)."""
    if not turns_by_moving(scenario, unit, scenario.phase):
        return change_ca_gesture(unit, spine, scenario.phase, arc)
    key, name = ("tca" if arc == "tca" else "vca"), SPINE_NAMES[spine % 6]
    return Gesture("move", f"Turn the {key.upper()} of {unit.name or unit.id} to {name} "
                           f"({'C5.13' if key == 'tca' else 'D2.11'})",
                   {"kind": "move", "unit": unit.id, "path": [], "phase": scenario.phase, key: name})


def context_gestures(scenario: Scenario, unit_id: str, phase: str | None = None) -> list[Gesture]:
    """What a counter's context menu offers: CA changes (a vehicle moving in its MPh turns by a move
    without a hex instead: turn, Delay MP, Stop) and (un)limbering in a fire phase of its side,
    unhooking, Setting a DC."""
    phase = phase or scenario.phase
    unit = actor(scenario, scenario.unit(unit_id, "unit"))
    name = unit.name or unit.id
    out: list[Gesture] = []
    moving = turns_by_moving(scenario, unit, phase)  # "Turn, delay or stop" below, no CA change
    # a CA change without fire (C3.22) and (un)limbering (C10.21) only in a fire phase of its own side (A3)
    own_fire_phase = phase in friendly_fire_phases(scenario, unit)
    if unit.kind in ("gun", "vehicle") and unit.facing is not None and not moving and own_fire_phase:
        current = unit.firing_arc
        out += [change_ca_gesture(unit, spine, phase) for spine in range(6) if spine != current]
    if unit.kind == "gun" and unit.towed_by is None and not never_limbers(unit) and own_fire_phase:
        kind = "unlimber" if unit.limbered else "limber"
        out.append(Gesture(kind, f"{kind.capitalize()} {name} (C10.21)", {"kind": kind, "gun": unit.id}))
    if unit.kind == "gun" and unit.towed_by is not None:
        out.append(Gesture("unhook", f"Unhook {name} (C10.12)",
                           {"kind": "unhook", "vehicle": unit.towed_by, "gun": unit.id}))
    if moving:  # a move without a hex
        out.append(Gesture("move", f"Turn, delay or stop {name} in {scenario.grid.name(unit.hex)} (D2.1)",
                           {"kind": "move", "unit": unit.id, "path": [], "phase": phase}))
    if unit.kind == "vehicle":
        out += gun_loading(scenario, unit, unit.hex) if phase == "MPh" else []
        for gun in scenario.units.values():
            if gun.kind == "gun" and gun.towed_by == unit.id:
                out.append(Gesture("unhook", f"Unhook {gun.name or gun.id} (C10.12)",
                                   {"kind": "unhook", "vehicle": unit.id, "gun": gun.id}))
            if gun.kind == "gun" and gun.aboard == unit.id:
                out.append(Gesture("portee_unload", f"Unload {gun.name or gun.id} (C10.51)",
                                   {"kind": "portee_unload", "vehicle": unit.id, "gun": gun.id}))
    original = scenario.unit(unit_id, "unit")
    if original.is_infantry and original.dc and phase == "MPh":
        out.append(Gesture("set_dc", f"Set DC in {scenario.grid.name(original.hex)} (A23.7)",
                           {"kind": "set_dc", "unit": original.id}))
    out += [detonation_gesture(scenario, dc, phase) for dc in own_dcs(scenario, original.id, phase)]
    return out


def reaction_fire_gestures(scenario: Scenario, vehicle_id: str,
                           results: Mapping[str, str] | None = None) -> list[list[Gesture]]:
    """After an OVR, each DEFENDER in the vehicle's Location that may react (D7.2) with its choices:
    the Gun it mans fires at the vehicle, its full To Hit rolled (``fire`` with ``reaction_fire``,
    D7.22), then its Non-CC and CC Reaction Fire (D7.22, D7.21). Who may, and how, is the rules'
    answer to each: a DEFENDER none of whose choices is legal is not asked. A unit the OVR's IFT
    result (``results``, by id) attacked is reminded to take it first: Reaction Fire comes after the
    OVR's resolution, and only an unbroken unit reacts (D7.2, D7.21, D7.22)."""
    vehicle = scenario.units[vehicle_id]
    vehicle_name = vehicle.name or vehicle.id
    out: list[list[Gesture]] = []
    for unit in scenario.units_at(vehicle.hex):
        if unit.side == vehicle.side or not unit.is_infantry or unit.aboard is not None:
            continue
        choices = [
            Gesture("fire", f"{gun.name or gun.id}: Reaction Fire at {vehicle_name} (D7.22)",
                    {"kind": "fire", "firer": gun.id, "target": vehicle.id, "target_type": "vehicle",
                     "reaction_fire": True, "phase": "MPh"})
            for gun in scenario.units_at(vehicle.hex)
            if gun.kind == "gun" and gun.crew == unit.id and ordnance_reason(gun) is None
        ]
        choices += [
            Gesture("reaction_fire", f"{unit.name or unit.id}: {label} vs {vehicle_name} ({rule})",
                    {"kind": "reaction_fire", "unit": unit.id, "vehicle": vehicle.id, "type": kind, "phase": "MPh"})
            for kind, label, rule in REACTIONS
        ]
        result = (results or {}).get(unit.id, NO_EFFECT)
        if result != NO_EFFECT:
            after = f" \u2014 after the OVR's {result}: take it first; broken, it may not react (D7.2)"
            choices = [replace(g, label=g.label + after) for g in choices]
        if any(is_legal_gesture(scenario, g) for g in choices):
            out.append(choices)
    return out
