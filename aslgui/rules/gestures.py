"""What a drag-and-drop means to the rules: unit U dropped on hex H in phase P (no Qt).

The map only knows "this counter went there"; this module turns that into the action
dicts of DESIGN.md section 4 (python-chess's ``find_move``: a gesture becomes legal moves),
and answers ``legal_targets`` so the map can colour targets before the drop lands.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aslgui.errors import AslError
from aslgui.geometry import Hex, distance, neighbours
from aslgui.model import Scenario, Unit
from aslgui.model.dc_counters import DcCounter, dc_counters
from aslgui.rules.actions import FIRE_PHASES, ORDNANCE_PHASES
from aslgui.rules.apply import unit_changes
from aslgui.rules.dispatch import resolve
from aslgui.rules.ift_attack import number
from aslgui.rules.kinds import RESOLVERS
from aslgui.rules.move_search import cheapest
from aslgui.rules.resolution import Resolution
from aslgui.rules.roster import armament, c10_number, ordnance_reason

#: Phases in which a DC may be Thrown: any friendly fire phase or as Defensive First Fire (A23.6).
THROW_PHASES = ORDNANCE_PHASES
#: The phases each form of DC counter goes off in: a Placed DC in its owner's AFPh (A23.3), a Set
#: DC in a friendly fire phase (A23.7).
DETONATION_PHASES = {"placed": ("AFPh",), "set": FIRE_PHASES}


@dataclass(frozen=True)
class Gesture:
    """One thing a drop can mean: a label for the popup and the action dict to resolve.

    ``moves`` are units the drop moves before the action (a vehicle entering a Gun's hex to
    hook it up): the action is resolved, and committed, as if they stood there.
    """

    kind: str
    label: str
    action: dict[str, Any] = field(compare=False)
    moves: tuple[tuple[str, Hex], ...] = ()


def staged(scenario: Scenario, gesture: Gesture) -> Scenario:
    """The scenario the gesture's action is asked about: its ``moves`` made (marked ``moved``), a
    vehicle's legal entry in its MPh as the move rules make it (its MP, VCA and load, ``entering``)."""
    if not gesture.moves:
        return scenario
    moved = copy.copy(scenario)  # shares the map and terrain, which the action does not change
    moved.units = dict(scenario.units)
    for unit_id, h in gesture.moves:
        entry = entering(moved, unit_id, h)
        if entry is not None and entry[1].legal:
            moved.units.update((unit.id, unit) for unit in unit_changes(moved, *entry))
        else:
            moved.units[unit_id] = moved.units[unit_id]._replace(hex=h, moved=True)
    return moved


def entering(scenario: Scenario, unit_id: str, h: Hex) -> tuple[dict[str, Any], Resolution] | None:
    """The ``move`` (DESIGN.md 13) of the ATTACKER's vehicle to ``h`` in its MPh, the cheapest way,
    stopping there, and its answer: what a drop onto a Gun there asks before hooking it up (C10.11:
    the hook-up's MP come on top of the way's); None for any other mover or phase, a unit the move
    cannot read (no printed MP: the hook-up says so itself), or a hex no way reaches."""
    unit = scenario.units.get(unit_id)
    if unit is None or unit.kind != "vehicle" or unit.hex is None or scenario.phase != "MPh" \
            or unit.side != scenario.player:
        return None
    try:
        way = cheapest(scenario, unit, unit.hex, h)
        if not way:
            return None
        action = {"kind": "move", "unit": unit_id, "path": [scenario.grid.name(x) for x in way], "end": "stop"}
        return action, resolve(scenario, action)
    except AslError:
        return None


@dataclass(frozen=True)
class Drop:
    """Every meaning of one drop, or the reasons (each citing a rule) why it has none."""

    gestures: tuple[Gesture, ...]
    reasons: tuple[str, ...] = ()


def actor(scenario: Scenario, unit: Unit) -> Unit:
    """The piece a drag moves for the rules: dragging a Gun's crew drags the Gun it mans; in the MPh
    a Gun in tow or en portee goes where its vehicle goes (C10.1, C10.5), so it drags the vehicle."""
    carrier = scenario.units.get(unit.aboard or unit.towed_by or "") if unit.kind == "gun" else None
    if carrier is not None and scenario.phase == "MPh":
        return carrier
    if unit.is_infantry:
        for gun in scenario.units_at(unit.hex):
            if gun.kind == "gun" and gun.crew == unit.id and gun.towed_by is None and gun.aboard is None:
                return gun
    return unit


def _enemies(scenario: Scenario, mover: Unit, h: Hex) -> list[Unit]:
    return [u for u in scenario.units_at(h) if u.side != mover.side and u.aboard is None and u.towed_by is None]


def fire_gesture(scenario: Scenario, firer: Unit, target: Unit | None, h: Hex, phase: str) -> Gesture:
    """Fire at a unit (``_target_type``) or at a hex (Area, C3.33)."""
    grid = scenario.grid
    action: dict[str, Any] = {"kind": "fire", "firer": firer.id, "phase": phase}
    if target is None:
        action.update(target_hex=grid.name(h), target_type="area")
        return Gesture("fire", f"Fire at {grid.name(h)} (Area Target Type)", action)
    action.update(target=target.id, target_type=_target_type(firer, target))
    return Gesture("fire", f"Fire at {target.name or target.id} in {grid.name(h)}", action)


def _target_type(firer: Unit, target: Unit) -> str:
    """The Target Type a shot at ``target`` opens on: Area for a mortar, which always uses it (C3.33),
    else Vehicle vs a vehicle, Infantry otherwise (C3.31, C3.32)."""
    try:
        mortar = armament(firer, "firer").mortar
    except AslError:  # no ordnance to fire: the answer says so whatever the type
        mortar = False
    return "area" if mortar else "vehicle" if target.kind == "vehicle" else "infantry"


def _vehicle_gestures(scenario: Scenario, vehicle: Unit, h: Hex, phase: str, enemies: list[Unit]) -> list[Gesture]:
    grid = scenario.grid
    out: list[Gesture] = []
    if phase == "MPh" and h != vehicle.hex and any(not (u.kind == "vehicle" and u.afv) for u in enemies):
        out.append(Gesture("overrun", f"Overrun {grid.name(h)} (D7.1)",
                           {"kind": "overrun", "vehicle": vehicle.id, "target_hex": grid.name(h)}))
        out += ovr_prevention_gestures(scenario, vehicle, h, enemies)
    if phase == "MPh":
        out += gun_loading(scenario, vehicle, h)
    return out


def ovr_prevention_gestures(scenario: Scenario, vehicle: Unit, h: Hex, enemies: list[Unit]) -> list[Gesture]:
    """Each enemy Gun in an OVR hex may fire at the vehicle first, once it has entered (C5.64): the
    vehicle moves in and the Gun's CA must take in the hexside it came through (C5.51)."""
    grid = scenario.grid
    return [
        Gesture("fire", f"OVR Prevention: {gun.name or gun.id} fires at {vehicle.name or vehicle.id} first (C5.64)",
                {"kind": "fire", "firer": gun.id, "target": vehicle.id, "target_type": "vehicle",
                 "ovr_prevention": True, "entered_from": grid.name(vehicle.hex), "phase": "MPh"},
                ((vehicle.id, h),))
        for gun in enemies
        if gun.kind == "gun" and distance(vehicle.hex, h) == 1
    ]


def gun_loading(scenario: Scenario, vehicle: Unit, h: Hex) -> list[Gesture]:
    """Hook up or portee a friendly Gun in hex ``h``; the vehicle goes there first, the cheapest way."""
    moves = ((vehicle.id, h),) if h != vehicle.hex else ()
    guns = [gun for gun in scenario.units_at(h)
            if gun.kind == "gun" and gun.side == vehicle.side and gun.towed_by is None and gun.aboard is None]
    entry = entering(scenario, vehicle.id, h) if moves and guns else None
    if entry is None and moves and scenario.phase == "MPh" and vehicle.side == scenario.player:
        return []  # no way there within reach (or no MP to count it): never a hook-up that jumps there
    if entry is not None and not entry[1].legal:  # its popup says why the vehicle may not get there
        return [Gesture("move", f"Enter {scenario.grid.name(h)} to hook up {guns[0].name or guns[0].id} (C10.11)",
                        entry[0])]
    out: list[Gesture] = []
    for gun in guns:
        name = gun.name or gun.id
        label = f"Hook up {name} (C10.11)"
        if entry is not None:  # its MP come before the hook-up's (C10.11)
            way_mp = number(sum(step["mp"] for step in entry[1].values["steps"]))
            label = f"Enter {scenario.grid.name(h)} ({way_mp} MP) and hook up {name} (C10.11)"
        out.append(Gesture("hook_up", label, {"kind": "hook_up", "vehicle": vehicle.id, "gun": gun.id}, moves))
        # Not after spending MP this MPh (C10.51), nor by a vehicle recorded as unable (C10.5).
        if not moves and vehicle.extra.get("portee") is not False:
            out.append(Gesture("portee_load", f"Load {name} en portee (C10.51)",
                               {"kind": "portee_load", "vehicle": vehicle.id, "gun": gun.id}))
    return out


def _dc_gestures(scenario: Scenario, unit: Unit, h: Hex, phase: str) -> list[Gesture]:
    grid = scenario.grid
    out: list[Gesture] = []
    if unit.dc and distance(unit.hex, h) == 1:
        if phase == "MPh" and unit.side == scenario.player:
            out.append(Gesture("place_dc", f"Place DC in {grid.name(h)} (A23.3)",
                               {"kind": "place_dc", "unit": unit.id, "target_hex": grid.name(h)}))
        if phase in THROW_PHASES and not (phase == "MPh" and unit.side == scenario.player):  # MPh: DEFENDER only
            out.append(Gesture("throw_dc", f"Throw DC into {grid.name(h)} (A23.6)",
                               {"kind": "throw_dc", "unit": unit.id, "target_hex": grid.name(h), "phase": phase}))
    out += [detonation_gesture(scenario, dc, phase) for dc in own_dcs(scenario, unit.id, phase) if dc.hex == h]
    return out


def own_dcs(scenario: Scenario, unit_id: str, phase: str) -> list[DcCounter]:
    """The DC counters ``unit_id`` Placed or Set that may go off in ``phase`` (A23.3, A23.7)."""
    return [dc for dc in dc_counters(scenario) if dc.owner == unit_id and phase in DETONATION_PHASES[dc.form]]


def detonation_gesture(scenario: Scenario, dc: DcCounter, phase: str) -> Gesture:
    """Its owner detonates a Placed DC (its AFPh attack, A23.3) or a Set DC (A23.7)."""
    where = scenario.grid.name(dc.hex)
    rule = "A23.3" if dc.form == "placed" else "A23.7"
    return Gesture("detonate_dc", f"Detonate the {dc.form.capitalize()} DC in {where} ({rule})",
                   {"kind": "detonate_dc", "unit": dc.owner, "hex": where, "phase": phase})


def moves_in_this_mph(scenario: Scenario, mover: Unit) -> bool:
    """Whether a unit moves in this MPh (DESIGN.md 13): the ATTACKER's, and a vehicle only with a
    printed MP allotment to count in (``why_it_does_not_move`` says to set it)."""
    counted = mover.kind != "vehicle" or c10_number(mover, "mp") is not None
    return counted and not (scenario.player and mover.side != scenario.player)


def why_it_does_not_move(scenario: Scenario, mover: Unit, phase: str) -> str | None:
    """Why a vehicle or Infantry unit does not move in ``phase`` (its rule; the window says it as
    the unit is picked up and dropped), or None when it moves or is neither."""
    if mover.kind != "vehicle" and not mover.is_infantry:
        return None
    who = mover.name or mover.id
    if scenario.player and mover.side != scenario.player:
        return (f"{who} belongs to the DEFENDER ({mover.side}): only the ATTACKER moves, in its MPh (A3): "
                "switch to Setup to move it")
    if phase == "APh" and mover.is_infantry:
        return f"{who} may advance one hex in the APh (A4.7), which is not rehearsed here: switch to Setup to move it"
    if phase != "MPh":
        rule = "D2.1" if mover.kind == "vehicle" else "A4.1"
        return f"{who} moves in the MPh, not the {phase} ({rule}): switch to Setup to move it"
    if not moves_in_this_mph(scenario, mover):  # the ATTACKER's vehicle without its printed MP
        return f"{who} has no printed MP allotment to move with: set its MP in the side panel (D2.1)"
    return None


def _why_nothing(scenario: Scenario, mover: Unit, h: Hex, phase: str, enemies: list[Unit]) -> tuple[str, ...]:
    """The rule a drop runs into when it means nothing in this phase."""
    if h == mover.hex and not enemies:
        return ("dropped where it stands: nothing to do",)
    if enemies and mover.kind in ("gun", "vehicle") and (no_ordnance := ordnance_reason(mover)) is not None:
        return (no_ordnance,)
    if enemies and mover.kind in ("gun", "vehicle") and phase not in ORDNANCE_PHASES:
        return (f"ordnance fires only in the PFPh, MPh, DFPh or AFPh, not the {phase} (A3)",)
    if mover.dc and distance(mover.hex, h) == 1:
        return (f"a DC is Placed in the MPh (A23.3) or Thrown in a fire phase (A23.6), not in the {phase}",)
    if mover.kind == "gun" and distance(mover.hex, h) == 1 and phase != "MPh":
        return (f"a Gun is pushed only in the MPh, not the {phase} (C10.3)",)
    if mover.kind == "vehicle" and enemies and phase != "MPh":
        return (f"an Overrun happens only in the MPh, not the {phase} (D7.1)",)
    who, where = mover.name or mover.id, scenario.grid.name(h)
    if not enemies and (stays := why_it_does_not_move(scenario, mover, phase)):  # a move: say why it is none
        return (stays,)
    if enemies and mover.is_infantry and phase == "CCPh":  # CC is fought in a Location (A11), not on the IFT
        if h == mover.hex:
            return (f"{who}'s Close Combat in {where} (A11) is not rehearsed here",)
        return (f"{who} fights Close Combat (A11) only in its own Location, not in {where}; CC is not rehearsed here",)
    if enemies and mover.is_infantry and mover.dc:
        return (f"{who}'s DC is Placed or Thrown only into an adjacent hex (A23.3, A23.6); Infantry small-arms fire "
                "on the IFT (A7) is not rehearsed here",)
    if enemies and mover.is_infantry:
        return (f"{who} has no ordnance or DC to use on {where}: Infantry small-arms fire on the IFT (A7) is not "
                "rehearsed here",)
    if mover.kind == "gun" and phase == "MPh" and not enemies:  # a crew dragged drags its Gun (``actor``)
        return (f"{who} is pushed one adjacent hex at a time by its crew, not on to {where} (C10.3)",)
    return (f"{who} has no action onto {where}: switch to Setup to move it",)


def gestures_for_drop(scenario: Scenario, unit_id: str, h: Hex, phase: str | None = None) -> Drop:
    """Every action a drop of ``unit_id`` on hex ``h`` can mean in ``phase`` (default: the scenario's)."""
    phase = phase or scenario.phase
    unit = scenario.unit(unit_id, "unit")
    if h not in scenario.grid:
        raise AslError(f"hex {h} is not on the map", "hex")
    mover = actor(scenario, unit)
    enemies = _enemies(scenario, mover, h)
    gestures: list[Gesture] = []
    if mover.kind == "vehicle":
        gestures += _vehicle_gestures(scenario, mover, h, phase, enemies)
    if mover.kind == "gun" and phase == "MPh" and distance(mover.hex, h) == 1 and not enemies:
        pushers = [u.id for u in (scenario.units.get(mover.crew or ""),) if u is not None and u.hex == mover.hex]
        gestures.append(Gesture("push", f"Push {mover.name or mover.id} into {scenario.grid.name(h)} (C10.3)",
                                {"kind": "push", "gun": mover.id, "to_hex": scenario.grid.name(h), "pushers": pushers}))
    if mover.kind in ("gun", "vehicle") and phase in ORDNANCE_PHASES and ordnance_reason(mover) is None:
        gestures += [fire_gesture(scenario, mover, target, h, phase) for target in enemies]
        if not enemies and h != mover.hex and mover.kind == "gun" and phase != "MPh":
            gestures.append(fire_gesture(scenario, mover, None, h, phase))
    if unit.is_infantry:
        gestures += _dc_gestures(scenario, unit, h, phase)
    if gestures:
        return Drop(tuple(gestures))
    return Drop((), _why_nothing(scenario, mover, h, phase, enemies))


def available(gestures: tuple[Gesture, ...] | list[Gesture]) -> list[Gesture]:
    """The gestures whose kind the rules core resolves today (other helpers add kinds as they land)."""
    return [g for g in gestures if g.kind in RESOLVERS]


def legal_targets(scenario: Scenario, unit_id: str, phase: str | None = None,
                  moving: Callable[[Hex], bool | None] | None = None) -> dict[Hex, bool]:
    """Hexes a drop of ``unit_id`` would mean something on, each True if at least one meaning is legal.

    Checked hexes: enemy-occupied ones, friendly Gun hexes (hook up), and those adjacent to the
    unit in the MPh or when it carries a DC (push, Place/Throw DC). Hexes whose meanings the
    rules core cannot answer yet are left out. ``moving`` (see ``target_legal``) is the move a
    drag in the MPh proposes.
    """
    mover = actor(scenario, scenario.unit(unit_id, "unit"))
    enemy_hexes = {u.hex for u in scenario.units.values() if u.side != mover.side}
    candidates = enemy_hexes | {u.hex for u in scenario.units.values() if u.kind == "gun"}
    if (phase or scenario.phase) == "MPh" or scenario.units[unit_id].dc:  # push, Place/Throw DC, OVR next door
        candidates |= {h for h in neighbours(mover.hex) if h in scenario.grid}
    candidates |= {dc.hex for dc in own_dcs(scenario, unit_id, phase or scenario.phase)}
    candidates -= {mover.hex} - enemy_hexes
    out: dict[Hex, bool] = {}
    for h in sorted(candidates):
        legal = target_legal(scenario, unit_id, h, phase, moving)
        if legal is not None:
            out[h] = legal
    return out


def target_legal(scenario: Scenario, unit_id: str, h: Hex, phase: str | None = None,
                 moving: Callable[[Hex], bool | None] | None = None) -> bool | None:
    """Whether a drop on ``h`` has a legal meaning (None: no meaning the rules core answers).
    ``moving(h)``, where not None, is whether the move a dragged path to ``h`` proposes is legal:
    that move (its OVR from the hex before, D7.1) stands for the bare ``overrun``, as the drop offers it."""
    gestures = available(gestures_for_drop(scenario, unit_id, h, phase).gestures)
    move = moving(h) if moving is not None else None
    if move is not None:
        gestures = [g for g in gestures if g.kind != "overrun"]
        if move:
            return True
    elif not gestures:
        return None
    return any(is_legal_gesture(scenario, g) for g in gestures)


def is_legal_gesture(scenario: Scenario, gesture: Gesture) -> bool:
    """Whether the rules allow the gesture (a malformed action counts as not allowed)."""
    try:
        return resolve(staged(scenario, gesture), gesture.action).legal
    except AslError:
        return False
