"""What Commit changes on the map for a resolved action (no Qt).

The rules core answers questions; this module turns an answered, legal action into new
``Unit`` values (markers as unit flags, CA changes, moves), which the GUI pushes as one undoable
command. Markers follow DESIGN.md section 3: ``fired`` (Prep/First/Final Fire), ``intensive_fired``,
``bounding_fired``; TI lives in ``extra["ti"]``, a Placed/Set DC in ``extra["placed_dc"]`` /
``extra["set_dc"]`` (hex names), a Gun malfunction in ``extra["malfunctioned"]``, a CA changed in
the PFPh (no more movement, C3.22) in ``extra["no_move"]``, a Multiple ROF kept (C2.24) in
``extra["rof_kept"]`` (the phase it may fire again in), a No Fire counter after OVR Prevention
(C5.64) in ``extra["no_fire"]``. Units destroyed outright (a CH on a Gun, C3.71) come off the map
(``destroyed_units``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from aslgui.errors import AslError
from aslgui.geometry import Hex, in_ca, parse_spine
from aslgui.model import Scenario, Unit
from aslgui.model.units import MF_SPENT, MP_SPENT, PUSHED
from aslgui.rules.ift_attack import number
from aslgui.rules.los import los_map, trace, unit_level
from aslgui.rules.resolution import Resolution
from aslgui.rules.roster import ROF_KEPT
from aslgui.rules.set_dc import PLACED_CAPTURED, PLACED_FACING, PLACED_VS_AFV, SET_DC_TURN
from aslgui.rules.to_hit.acquisition import ACQUIRED, acquisition_after
from aslgui.rules.to_hit.shot import CA_TURNED, FIRED_AT_MP, FIRED_IN, MP_IN_LOS, NO_FIRE
from aslgui.rules.towing import NO_MOVE, allotment, spent_mp, stated_spent

Changes = dict[str, dict[str, Any]]


def _mark(changes: Changes, unit_id: str, **values: Any) -> None:
    changes.setdefault(unit_id, {}).update(values)


def _extra(scenario: Scenario, changes: Changes, unit_id: str, **values: Any) -> None:
    """Set (or, with None, remove) ``extra`` keys, keeping any extra keys changed earlier."""
    current = dict(changes.get(unit_id, {}).get("extra", scenario.units[unit_id].extra))
    for key, value in values.items():
        if value is None:
            current.pop(key, None)
        else:
            current[key] = value
    _mark(changes, unit_id, extra=current)


def nearest_spine(origin: Hex, current: int, target: Hex) -> int:
    """The hexspine reached by the fewest one-spine turns from ``current`` whose CA holds ``target`` (C3.2)."""
    turns = sorted(range(6), key=lambda s: min((s - current) % 6, (current - s) % 6))
    for spine in turns:
        if in_ca(origin, spine, target):
            return spine
    return current  # same hex: every CA holds it (C5.51 keeps the CA)


def _target_hex(scenario: Scenario, action: Mapping[str, Any]) -> Hex:
    if action.get("target") is not None:
        return scenario.unit(action["target"], "action.target").hex
    return scenario.grid.parse(str(action.get("target_hex")), "action.target_hex")


def _fire(scenario: Scenario, action: Mapping[str, Any], resolution: Resolution, changes: Changes) -> None:
    firer = scenario.unit(action.get("firer"), "action.firer")
    _mark(changes, firer.id, fired=True)
    _extra(scenario, changes, firer.id, **{FIRED_IN: action.get("phase", scenario.phase)})
    prevention = resolution.values.get("ovr_prevention")
    # Intensive Fire, asked for or forced (OVR Prevention C5.64, Reaction Fire D7.23): its Case F line.
    if action.get("intensive") or prevention == "C5.64" or any(line.case == "F" for line in resolution.drm):
        _mark(changes, firer.id, intensive_fired=True)
    if prevention == "C5.64":  # No Fire counter: no more fire this Player Turn, even if OVR again
        _extra(scenario, changes, firer.id, **{NO_FIRE: True})
    phase = action.get("phase", scenario.phase)
    # A Bounding First Fire counter: the vehicle's own shot in its MPh, or a Passenger's from it (C5.3).
    if (firer.kind == "vehicle" or firer.aboard is not None) and phase == "MPh" and firer.side == scenario.player:
        _mark(changes, firer.id, bounding_fired=True)
        if firer.kind == "vehicle":  # the MP it has spent at this shot: it fires again only after more (C5.3)
            _extra(scenario, changes, firer.id, **{FIRED_AT_MP: number(float(firer.extra.get(MP_SPENT, 0)))})
    vehicle = scenario.units.get(str(action.get("target"))) if action.get("reaction_fire") else None
    if vehicle is not None and vehicle.vca is not None and firer.kind == "gun":
        _mark(changes, firer.id, ca=vehicle.vca)  # a Reaction Fire Gun turns to the OVRing vehicle's VCA (D7.22)
    elif resolution.values.get("ca_change_spines"):
        target = _target_hex(scenario, action)
        if target == firer.hex and action.get("entered_from") is not None:  # take in that hexside (C5.51)
            target = scenario.grid.parse(str(action["entered_from"]), "action.entered_from")
        if firer.kind == "gun" and firer.ca is not None:
            _mark(changes, firer.id, ca=nearest_spine(firer.hex, firer.ca, target))
        elif firer.turret is not None and firer.tca is not None:
            # The turret is brought onto the target; a pivot turns the hull, turret and all (C5.11).
            tca = nearest_spine(firer.hex, firer.tca, target)
            pivots = action.get("pivot") == "vca"
            turned = {"vca": (firer.vca + tca - firer.tca) % 6} if pivots and firer.vca is not None else {}
            _mark(changes, firer.id, tca=tca, **turned)
        elif firer.vca is not None:
            _mark(changes, firer.id, vca=nearest_spine(firer.hex, firer.vca, target))
    if (acquired := acquisition_after(firer, action, resolution.values)) is not None:  # Case N (C3 EX)
        _extra(scenario, changes, firer.id, **{ACQUIRED: acquired})
    outcome = resolution.outcome or {}
    # A kept Multiple ROF lets it fire again in this phase only (C2.24); any other shot ends it.
    _extra(scenario, changes, firer.id, **{ROF_KEPT: phase if outcome.get("rof_retained") else None})
    if outcome.get("malfunction"):
        _extra(scenario, changes, firer.id, malfunctioned=True)
    if outcome.get("immobilized") and action.get("target") is not None:
        _mark(changes, str(action["target"]), immobilized=True)


def _reaction_fire(scenario: Scenario, action: Mapping[str, Any], resolution: Resolution, changes: Changes) -> None:
    """The DEFENDER is marked First/Final Fire (D7.21); a Gun it fires is marked as the ``fire``
    action of that shot marks it: turned to the VCA (D7.22), Intensive Fire, malfunction. What was
    rolled, only: a vehicle CC immobilized (one eliminated leaves by ``destroyed_units``), the DC
    Thrown, and the FPF attacker's own NMC (A8.31)."""
    unit = scenario.unit(action.get("unit"), "action.unit")
    _mark(changes, unit.id, fired=True)
    _extra(scenario, changes, unit.id, **{FIRED_IN: action.get("phase", scenario.phase)})
    outcome = resolution.outcome or {}
    if outcome.get("cc_result") == "immobilized":
        _mark(changes, str(action.get("vehicle")), immobilized=True)
    if resolution.values.get("weapon") == "dc":
        _mark(changes, unit.id, dc=None)
    if outcome.get("nmc") in ("pinned", "broken"):
        _mark(changes, unit.id, **{str(outcome["nmc"]): True})
    gun = next((g for g in scenario.units.values() if g.kind == "gun" and g.crew == unit.id), None)
    if resolution.values.get("weapon") == "gun" and gun is not None:
        shot = {"kind": "fire", "firer": gun.id, "target": action.get("vehicle"), "reaction_fire": True,
                "phase": action.get("phase", scenario.phase)}
        _fire(scenario, shot, resolution, changes)


def _change_ca(scenario: Scenario, action: Mapping[str, Any], changes: Changes) -> None:
    unit = scenario.unit(action.get("unit"), "action.unit")
    spine = parse_spine(str(action.get("ca")))
    arc = action.get("arc") or ("ca" if unit.kind == "gun" else "tca" if unit.turret is not None else "vca")
    if getattr(unit, str(arc)) == spine:
        return  # turned by no hexspine: no change, so no No Move either (C3.22)
    _mark(changes, unit.id, **{str(arc): spine})
    phase = action.get("phase", scenario.phase)
    _extra(scenario, changes, unit.id, **{CA_TURNED: phase})  # made at the phase's end: no more fire in it (C3.22)
    if phase == "PFPh":  # C3.22: no more movement this Player Turn
        crew = (unit.crew,) if unit.crew in scenario.units else ()
        for uid in (unit.id, *crew):
            _extra(scenario, changes, str(uid), **{NO_MOVE: True})


def carried(scenario: Scenario, vehicle_id: str) -> list[Unit]:
    """What goes where a vehicle goes: the Gun it tows (C10.1) and its Passengers/Riders aboard."""
    return [unit for unit in scenario.units.values() if vehicle_id in (unit.towed_by, unit.aboard)]


def _drive(scenario: Scenario, changes: Changes, vehicle: Unit, to_hex: Hex) -> None:
    """A vehicle enters a hex with what it carries (``carried``)."""
    _mark(changes, vehicle.id, hex=to_hex, moved=True)
    for unit in carried(scenario, vehicle.id):
        _mark(changes, unit.id, hex=to_hex)


def _tow_move(scenario: Scenario, action: Mapping[str, Any], changes: Changes) -> None:
    vehicle = scenario.unit(action.get("vehicle"), "action.vehicle")
    _drive(scenario, changes, vehicle, scenario.grid.parse(str(action.get("to_hex")), "action.to_hex"))


def _overrun(scenario: Scenario, action: Mapping[str, Any], resolution: Resolution, changes: Changes) -> None:
    vehicle = scenario.unit(action.get("vehicle"), "action.vehicle")
    target = scenario.grid.parse(str(action.get("target_hex")), "action.target_hex")
    _drive(scenario, changes, vehicle, target)
    outcome = resolution.outcome or {}
    if outcome.get("immobilized"):
        _mark(changes, vehicle.id, immobilized=True)


def _move(scenario: Scenario, action: Mapping[str, Any], resolution: Resolution, changes: Changes) -> None:
    """A move (DESIGN.md 13): the unit in its last hex, with what it spent, its VCA and status, its
    towed Gun and Passengers/Riders with it; each enemy's ``mp_in_los`` for it (C5.3)."""
    unit = scenario.unit(action.get("unit"), "action.unit")
    values = resolution.values
    steps = [(scenario.grid.parse(str(step["hex"])), float(step.get("mp", step.get("mf", 0))))
             for step in values.get("steps") or ()]
    vehicle = unit.kind == "vehicle"
    if any(h != unit.hex for h, _ in steps):
        if vehicle:
            _drive(scenario, changes, unit, steps[-1][0])
        else:
            _mark(changes, unit.id, hex=steps[-1][0], moved=True)
    key = MP_SPENT if vehicle else MF_SPENT
    _extra(scenario, changes, unit.id, **{key: values[key]})
    if not vehicle:
        return
    for arc in ("vca", "tca"):
        if values.get(arc) is not None:
            _mark(changes, unit.id, **{arc: parse_spine(str(values[arc]))})
    end = action.get("end")
    if steps or end is not None:  # moving: Non-Stopped until it stops or ends in Motion (D2.13, C5.35)
        _mark(changes, unit.id, stopped=end == "stop", motion=end == "motion")
    for enemy_id, mp in los_spent(scenario, unit, steps).items():
        kept = dict(scenario.units[enemy_id].extra.get(MP_IN_LOS) or {})
        _extra(scenario, changes, enemy_id, **{MP_IN_LOS: {**kept, unit.id: number(mp)}})
    ovr = values.get("overrun") or {}
    if (ovr.get("outcome") or {}).get("immobilized"):
        _mark(changes, unit.id, immobilized=True)


#: The MP in LOS a LOS held since before the MPh counts as: more than three, plain Case C (C5.33).
SINCE_BEFORE_THE_MPH = 4.0


def los_spent(scenario: Scenario, mover: Unit, steps: list[tuple[Hex, float]]) -> dict[str, float]:
    """For each enemy on the map, the MP ``mover`` has spent in its continuous LOS by the end of
    ``steps`` (C5.31-C5.33: what its Bounding First Fire there counts), going on from the enemy's
    ``mp_in_los`` for it, or ``SINCE_BEFORE_THE_MPH`` before any MP this MPh, when it starts in it."""
    los = los_map(scenario)
    out: dict[str, float] = {}
    unmoved = spent_mp(mover) == 0
    for enemy in scenario.units.values():
        if enemy.side == mover.side or enemy.aboard is not None:
            continue

        def sees(h: Hex, enemy: Unit = enemy) -> bool:
            return not trace(los, enemy.hex, h, unit_level(enemy), unit_level(mover)).blocked

        kept = enemy.extra.get(MP_IN_LOS) or {}
        start = SINCE_BEFORE_THE_MPH if unmoved and mover.id not in kept else float(kept.get(mover.id, 0))
        total = start if sees(mover.hex) else 0.0
        for h, cost in steps:
            total = total + cost if sees(h) else 0.0
        out[enemy.id] = total
    return out


def _dc(scenario: Scenario, action: Mapping[str, Any], resolution: Resolution, changes: Changes) -> None:
    unit = scenario.unit(action.get("unit"), "action.unit")
    kind = action["kind"]
    if kind == "place_dc":  # what its AFPh attack reads: the hex, a captured DC's X#, its aim (A23.4, A23.5)
        _mark(changes, unit.id, dc=None, moved=True)
        aim = resolution.values  # its MF count in its MPh, spent in the hex it Places from (A23.3)
        spent = stated_spent(scenario, unit, left=action.get("mf_left")) + float(aim.get("mf_cost", 0))
        _extra(scenario, changes, unit.id, **{MF_SPENT: number(spent)})
        _extra(scenario, changes, unit.id, placed_dc=str(action.get("target_hex")),
               **{PLACED_CAPTURED: True if unit.dc == "captured" else None, PLACED_VS_AFV: aim.get("vs_afv"),
                  PLACED_FACING: aim.get("target_facing")})
    elif kind == "throw_dc":
        _mark(changes, unit.id, dc=None, fired=True)
    elif kind == "set_dc":  # all its MF spent, Set or not; a DC not Set stays with it (A23.7)
        _mark(changes, unit.id, moved=True)
        _extra(scenario, changes, unit.id, **{MF_SPENT: number(allotment(scenario, unit)[0])})
        if (resolution.outcome or {}).get("set") is not False:  # Set by its dr, or as declared (no US#)
            _mark(changes, unit.id, dc=None)
            _extra(scenario, changes, unit.id, set_dc=scenario.grid.name(unit.hex), **{SET_DC_TURN: scenario.turn})
    elif resolution.values.get("dc") == "placed":  # its AFPh attack: the counter goes, the placer has not fired (A23.3)
        _extra(scenario, changes, unit.id, placed_dc=None,
               **dict.fromkeys((PLACED_CAPTURED, PLACED_VS_AFV, PLACED_FACING)))
    else:  # detonate_dc of a Set DC, which is then gone (A23.72)
        _mark(changes, unit.id, fired=True)
        _extra(scenario, changes, unit.id, set_dc=None, **{SET_DC_TURN: None})


def _crew_of(scenario: Scenario, gun: Unit) -> Unit | None:
    crew = scenario.units.get(gun.crew or "")
    return crew if crew is not None and crew.hex == gun.hex else None


def _ti(scenario: Scenario, changes: Changes, *units: Unit | None) -> None:
    """Mark TI (C10.11, C10.22, C10.3): no more moving or firing this Player Turn."""
    for unit in units:
        if unit is not None:
            _extra(scenario, changes, unit.id, ti=True)


def _towing(scenario: Scenario, action: Mapping[str, Any], resolution: Resolution, changes: Changes) -> None:
    kind = action["kind"]
    gun = scenario.unit(action.get("gun"), "action.gun")
    crew = _crew_of(scenario, gun)
    if kind in ("limber", "unlimber"):
        _mark(changes, gun.id, limbered=kind == "limber")
        if kind == "unlimber":
            _ti(scenario, changes, gun, crew)
        return
    vehicle = scenario.unit(action.get("vehicle"), "action.vehicle")
    if kind in ("hook_up", "unhook"):  # its MP spent on top of what the vehicle spent before (C10.11, C10.12)
        before = action.get("mp_spent", vehicle.extra.get(MP_SPENT, 0))
        _extra(scenario, changes, vehicle.id, **{MP_SPENT: number(float(before) + float(resolution.values["mp_cost"]))})
    if kind == "hook_up":
        _mark(changes, vehicle.id, hex=gun.hex, moved=vehicle.hex != gun.hex or vehicle.moved)
        _mark(changes, gun.id, towed_by=vehicle.id)
        if crew is not None and action.get("crew_loads"):  # loads at no extra MP (C10.11)
            _mark(changes, crew.id, aboard=vehicle.id)
        _ti(scenario, changes, gun, crew, vehicle)
    elif kind == "unhook":
        _mark(changes, gun.id, towed_by=None, hex=vehicle.hex)
        if crew is not None and crew.aboard == vehicle.id:  # disembarks as part of unhooking (C10.12)
            _mark(changes, crew.id, aboard=None)
        _ti(scenario, changes, gun, crew)
    elif kind == "portee_load":
        _mark(changes, gun.id, aboard=vehicle.id, limbered=not gun.qsu)
        if isinstance(ca := resolution.values.get("ca"), str):  # the VCA or its rear, as answered (C10.53)
            _mark(changes, gun.id, ca=parse_spine(ca))
        _ti(scenario, changes, crew, vehicle)
    else:  # portee_unload
        _mark(changes, gun.id, aboard=None, hex=vehicle.hex)
        _ti(scenario, changes, crew, vehicle)


def _push(scenario: Scenario, action: Mapping[str, Any], resolution: Resolution, changes: Changes) -> None:
    gun = scenario.unit(action.get("gun"), "action.gun")
    to_hex = scenario.grid.parse(str(action.get("to_hex")), "action.to_hex")
    named = resolution.values.get("pushers", action.get("pushers", []))  # the answer's: the crew when none is named
    pushers = [scenario.unit(uid, f"action.pushers[{i}]") for i, uid in enumerate(named)]
    outcome = resolution.outcome or {}
    if outcome.get("entered"):  # the pushers spend the push's MF; both go on pushing, or are TI when it ends
        for unit in (gun, *pushers):
            _mark(changes, unit.id, hex=to_hex, moved=True)
        for unit in pushers:
            spent = stated_spent(scenario, unit, action.get("mf_spent")) + float(resolution.values.get("mf_cost", 0))
            _extra(scenario, changes, unit.id, **{MF_SPENT: number(spent)})
        if outcome.get("stopped"):
            _ti(scenario, changes, gun, *pushers)
        else:
            for unit in (gun, *pushers):
                _extra(scenario, changes, unit.id, **{PUSHED: True})
        return
    for unit in pushers:  # C10.3: a failed push earns a -1 Labor counter for the next attempt
        _mark(changes, unit.id, labor=max(-2, unit.labor - 1))
    _ti(scenario, changes, gun, *pushers)


def unit_changes(scenario: Scenario, action: Mapping[str, Any], resolution: Resolution) -> list[Unit]:
    """The new values of every unit a committed action changes.

    An illegal resolution changes nothing; so does a kind with no map effect (``ca_hexes``).
    """
    if not resolution.legal:
        return []
    kind = action.get("kind")
    changes: Changes = {}
    appliers: dict[str, Callable[[], None]] = {
        "fire": lambda: _fire(scenario, action, resolution, changes),
        "reaction_fire": lambda: _reaction_fire(scenario, action, resolution, changes),
        "change_ca": lambda: _change_ca(scenario, action, changes),
        "overrun": lambda: _overrun(scenario, action, resolution, changes),
        "push": lambda: _push(scenario, action, resolution, changes),
        "tow_move": lambda: _tow_move(scenario, action, changes),
        "move": lambda: _move(scenario, action, resolution, changes),
    }
    for dc_kind in ("place_dc", "throw_dc", "set_dc", "detonate_dc"):
        appliers[dc_kind] = lambda: _dc(scenario, action, resolution, changes)
    for tow_kind in ("hook_up", "unhook", "limber", "unlimber", "portee_load", "portee_unload"):
        appliers[tow_kind] = lambda: _towing(scenario, action, resolution, changes)
    applier = appliers.get(str(kind))
    if applier is None:
        if kind == "ca_hexes":
            return []
        raise AslError(f"no map effect is known for action kind {kind!r}", "action.kind")
    applier()
    _portee_turns(scenario, changes)
    _lose_acquisition(scenario, changes)
    return [scenario.units[uid]._replace(**values) for uid, values in changes.items()]


def _portee_turns(scenario: Scenario, changes: Changes) -> None:
    """A Gun en portee turns with its vehicle: its CA keeps to the VCA or its rear (C10.53)."""
    for vehicle_id, values in list(changes.items()):
        vehicle = scenario.units[vehicle_id]
        if vehicle.vca is None or values.get("vca", vehicle.vca) == vehicle.vca:
            continue
        for gun in carried(scenario, vehicle_id):
            if gun.kind == "gun" and gun.aboard == vehicle_id and gun.ca is not None:
                _mark(changes, gun.id, ca=(gun.ca + values["vca"] - vehicle.vca) % 6)


def _lose_acquisition(scenario: Scenario, changes: Changes) -> None:
    """A firer's Acquisition is lost when it or its target moves (``to_hit.acquisition``)."""
    units = scenario.units
    moved = {uid for uid, values in changes.items() if values.get("hex", units[uid].hex) != units[uid].hex}
    for unit in units.values() if moved else ():
        acquired = changes.get(unit.id, {}).get("extra", unit.extra).get(ACQUIRED)
        if acquired and (unit.id in moved or not moved.isdisjoint(acquired)):
            _extra(scenario, changes, unit.id, **{ACQUIRED: None})


def destroyed_units(resolution: Resolution) -> list[str]:
    """The units a committed action takes off the map: a Gun and its manning Infantry destroyed
    by a CH (C3.71), the shot's target or a unit in the hex an Area Target Type shot attacks, a
    vehicle eliminated by CC Reaction Fire (D7.21); none for an illegal action."""
    outcome = resolution.outcome or {}
    if not resolution.legal:
        return []
    found: dict[str, None] = {}
    for attacked in (outcome, *outcome.get("targets", ())):
        for key in ("destroyed", "eliminated"):  # ``eliminated``: a vehicle CC Reaction Fire kills (D7.21)
            gone = attacked.get(key) if isinstance(attacked, Mapping) else None
            found.update((str(uid), None) for uid in gone or ())
    return list(found)


#: Markers that last one Player Turn and come off when it ends (A3.8 clean-up), with what a unit
#: spent in that turn's MPh and in each enemy's LOS (DESIGN.md 13, C5.3): the next MPh starts afresh.
TURN_MARKERS = ("fired", "intensive_fired", "moved", "bounding_fired")
TURN_EXTRA_MARKERS = ("ti", NO_MOVE, PUSHED, ROF_KEPT, NO_FIRE, CA_TURNED, MP_SPENT, MF_SPENT, MP_IN_LOS, FIRED_AT_MP,
                      FIRED_IN)


def end_of_mph(scenario: Scenario) -> list[Unit]:
    """What the end of the MPh changes: vehicles left Non-Stopped are in Motion, one that spends no
    Stop MP by the end of its MPh remains in Motion (C5.35, D7.2 EX; D2 is not in the rules folder;
    an Immobile one moves no more, so it is not put in Motion, as C10.41 stops a vehicle whose
    trailer is); a Gun pushed this MPh and its pushers, their pushing ended, are TI (C10.3)."""
    out: list[Unit] = []
    for unit in scenario.units.values():
        changed = unit
        if unit.kind == "vehicle" and not unit.stopped and not unit.motion and not unit.immobilized:
            changed = changed._replace(motion=True)
        if unit.extra.get(PUSHED):
            changed = changed._replace(extra={**{k: v for k, v in unit.extra.items() if k != PUSHED}, "ti": True})
        if changed is not unit:
            out.append(changed)
    return out


def end_player_turn(scenario: Scenario) -> list[Unit]:
    """Units whose Player-Turn markers (Fire counters, TI, moved, MP spent) come off at the end of a Player Turn."""
    out: list[Unit] = []
    for unit in scenario.units.values():
        changes: dict[str, Any] = {key: False for key in TURN_MARKERS if getattr(unit, key)}
        extra = {k: v for k, v in unit.extra.items() if k not in TURN_EXTRA_MARKERS}
        if changes or extra != unit.extra:
            out.append(unit._replace(extra=extra, **changes))
    return out
