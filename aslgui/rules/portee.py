"""En portee, moving with a Gun or trailer in tow, and shots at a trailer (C10.1, C10.4-C10.54).

The units involved are checked as for hooking up (``towing``: crews, phases, PP)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from aslgui.errors import AslError
from aslgui.geometry import Hex, direction_to
from aslgui.model import Scenario, Unit
from aslgui.model.units import MP_SPENT
from aslgui.rules.action_keys import FACINGS, PORTEE_SIDES
from aslgui.rules.actions import Action
from aslgui.rules.odds import WithOdds, counting, tally_dr
from aslgui.rules.resolution import Resolution, reason
from aslgui.rules.roster import c10_number
from aslgui.rules.towing import (
    after_action,
    ca_change_reasons,
    ca_name,
    chart,
    crew_reasons,
    is_mortar_exception,
    manning_units,
    marked_ti,
    new_ca,
    no_move_reasons,
    phase_reasons,
    require_kind,
    spent_this_mph,
    towing_constant,
    vehicle_load,
)

PORTEE_CREW_NOTE = reason("read: C10.51 names a crew counter; C10.111 makes a HS (or five SMC) a crew only to "
                          "(un)hook, (un)limber and push, so a HS does not (un)load a Gun en portee", "C10.51, C10.111")
#: The reading taken of who unloads a Gun en portee (C10.51 does not say its crew is on foot).
RIDING_CREW_NOTE = reason("read: C10.51 does not ask the crew to be on foot; a crew riding the Gun's vehicle, as it "
                          "does to fire it en portee (C10.54), unloads it, spending its whole MF allotment, and gets "
                          "off with it; one aboard another vehicle may not", "C10.51, C10.54")
#: DESIGN.md section 10: a trailer hit on the dr after a miss by one (C10.41).
TRAILER_ODDS = counting(("trailer_hit",))


# -- en portee (C10.5-C10.54) --------------------------------------------------------------
def portee_capable(vehicle: Unit) -> bool:
    """Whether the vehicle may carry a Gun en portee (C10.5): its ``"portee"`` key (true or false,
    checked at load), true when absent (the side record C10.5 asks for is not part of the
    scenario file, so the answer notes the assumption)."""
    return vehicle.extra.get("portee", True) is True


def resolve_portee(action: Action) -> Resolution:
    """``portee_load`` / ``portee_unload``: a crew spends all its MF to put a Gun on (or take it
    off) a vehicle that has not moved this MPh; Hazardous Movement (C10.5, C10.51, C10.53)."""
    vehicle = require_kind(action.unit("vehicle"), "vehicle", "action.vehicle", "C10.5")
    gun = require_kind(action.unit("gun"), "gun", "action.gun", "C10.5")
    loading = action.kind == "portee_load"
    crew = manning_units(action, gun)
    reasons = phase_reasons(action, vehicle, ("MPh",), "C10.51")
    reasons += crew_reasons(crew, gun.hex, "C10.51", aboard_ok=None if loading else vehicle.id)
    not_crews = [u.id for u in crew if u.kind != "crew"]
    if not_crews:
        reasons.append(reason(f"{', '.join(not_crews)}: a Gun is (un)loaded en portee by a crew counter", "C10.51"))
    reasons += [
        reason(f"{u.id} has moved and cannot spend its whole MF allotment here", "C10.51") for u in crew if u.moved
    ]
    if action.flag("entrenched"):
        reasons.append(reason("the crew is entrenched", "C10.51"))
    if vehicle.hex != gun.hex:
        reasons.append(reason(f"{vehicle.id} must be in the Gun's Location", "C10.51"))
    if action.flag("bypass"):
        reasons.append(reason(f"{vehicle.id} is in Bypass", "C10.51"))
    if vehicle.moved or spent_this_mph(action, "mp_spent", [vehicle], MP_SPENT) > 0:
        reasons.append(reason(f"{vehicle.id} has spent MP this MPh", "C10.51"))
    notes: list[str] = [PORTEE_CREW_NOTE] if not_crews else []
    if not loading and any(u.aboard == vehicle.id for u in crew):
        notes.append(RIDING_CREW_NOTE)
    if loading:
        able = portee_capable(vehicle)
        if not able:
            reasons.append(reason(f'{vehicle.id} is recorded as unable to portee a Gun ("portee": false)', "C10.5"))
        elif "portee" not in vehicle.extra:
            notes.append(
                f"{vehicle.id} is assumed able to portee {gun.id}: the scenario file does not carry the side record "
                f'of which vehicle may portee which Gun (C10.5); set "portee": false on {vehicle.id} if it may not'
            )
        if others := [g.id for g in vehicle_load(action, vehicle) if g.id != gun.id]:
            reasons.append(reason(f"{vehicle.id} already tows or portees {', '.join(others)}", "C10.5"))
        if gun.towed_by is not None or gun.aboard is not None:
            reasons.append(reason(f"{gun.id} is already on or behind {gun.towed_by or gun.aboard}", "C10.5"))
        if not (gun.qsu or gun.limbered):
            reasons.append(reason(f"{gun.id} is not QSU and loads only in Limbered mode", "C10.51"))
        pp_left = min(towing_constant("portee_pp_left"), c10_number(vehicle, "pp") or 0) - vehicle.pp_used
        if pp_left < 0:
            reasons.append(
                reason(f"the Gun and its ammo leave 5 PP but {vehicle.id} already carries {vehicle.pp_used}", "C10.5")
            )
        ca = _portee_ca(action, vehicle, gun, reasons, notes)
    else:
        if gun.aboard != vehicle.id:
            reasons.append(reason(f"{gun.id} is not en portee on {vehicle.id}", "C10.51"))
        pp_left = max((c10_number(vehicle, "pp") or 0) - vehicle.pp_used, 0)
        ca = new_ca(action, gun)
    values = {
        "vehicle": vehicle.id,
        "gun": gun.id,
        "pp_left": after_action(reasons, pp_left),
        "ca": after_action(reasons, ca_name(ca)),
        "limbered": after_action(reasons, not gun.qsu),
        "crew_mf_cost": chart()["infantry_mf"]["value"],
        "hazardous_movement": True,
        "ti": marked_ti(reasons, vehicle, *crew),
        "notes": notes,
    }
    return Resolution(kind=action.kind, legal=not reasons, reasons=tuple(reasons), values=values)


def _portee_ca(action: Action, vehicle: Unit, gun: Unit, reasons: list[str], notes: list[str]) -> int | None:
    """The Gun's CA once loaded: the VCA or the rear VCA (C10.53), as ``ca`` says (``vca``/``rear``);
    without it, the one the Gun's CA already coincides with, else the VCA, turning the Gun as it is
    loaded (a note says so), which an RFNM Gun never does (C10.25)."""
    if vehicle.vca is None:
        return None
    sides = {"vca": vehicle.vca, "rear": (vehicle.vca + 3) % 6}
    side = action.optional_choice("ca", PORTEE_SIDES)
    if side is None:
        side = "rear" if gun.ca == sides["rear"] else "vca"
        if gun.ca is not None and gun.ca != sides[side] and not gun.rfnm:  # an RFNM Gun is refused instead
            notes.append(reason(
                f"read: no ca given and {gun.id}'s CA ({ca_name(gun.ca)}) is neither {vehicle.id}'s VCA nor its "
                f"rear, so {gun.id} is turned to the VCA ({ca_name(sides[side])}) as it is loaded, as it must "
                'coincide with one of them; give "ca": "rear" for the other', "C10.53"))
    ca = sides[side]
    if gun.ca is not None and gun.ca != ca:
        reasons += ca_change_reasons(gun, ca)
    return ca


# -- moving with a Gun or trailer in tow (C10.1, C10.4) ------------------------------------
class TowStep(NamedTuple):
    """What towing changes for one hex a vehicle enters: the Guns it tows, whether it pulls a
    trailer, why it may not enter (C10.1, C10.4) and the MP the tow adds (C10.1)."""

    towed: list[Unit]
    trailer: bool
    reasons: list[str]
    mp_extra: int

    @property
    def words(self) -> str:
        """What a step's cost says of the tow: ", towing g1 (C10.1)" when it adds MP."""
        return f", towing {', '.join(g.id for g in self.towed)} (C10.1)" if self.mp_extra else ""


def tow_step(scenario: Scenario, vehicle: Unit, from_hex: Hex, to_hex: Hex, flags: Mapping[str, bool]) -> TowStep:
    """The C10.1/C10.4 limits and cost of entering ``to_hex`` from ``from_hex`` in tow; ``flags``:
    ``breached``, ``bypass``, ``deep_stream``, ``narrow_street``, ``reverse`` (absent = false).
    Read by ``tow_move`` and by each hex of a ``move``."""
    towed = [g for g in scenario.units.values() if g.kind == "gun" and g.towed_by == vehicle.id]
    trailer = vehicle.extra.get("trailer") is True
    if not towed and not trailer:  # nothing in tow: no tow limit (a tank may enter a building)
        return TowStep([], False, [], 0)
    mortar = bool(towed) and all(is_mortar_exception(g) for g in towed)
    rule = "C10.1" if towed else "C10.4"
    hexside = scenario.hexside(from_hex, to_hex)
    terrain = scenario.terrain_at(to_hex)
    reasons = []
    if hexside in ("wall", "hedge") and not (mortar or (not towed and flags.get("breached"))):
        reasons.append(reason(f"no towing over a {hexside}", rule))
    if "building" in terrain or ("rubble" in terrain and not mortar):
        reasons.append(reason(f"no towing into {terrain}", rule))
    if flags.get("reverse") and not mortar:
        reasons.append(reason("no Reverse Movement while towing", rule))
    if towed and not mortar and flags.get("bypass") and not flags.get("narrow_street"):
        reasons.append(reason("no Bypass while towing a Gun (except in Narrow Streets, B31.124)", "C10.1"))
    if towed and not mortar and flags.get("deep_stream"):
        reasons.append(reason("no entering a Deep Stream while towing a Gun", "C10.1"))
    return TowStep(towed, trailer, reasons, towing_constant("tow_mp_per_hex") if towed and not mortar else 0)


def resolve_tow_move(action: Action) -> Resolution:
    """``tow_move``: may a vehicle towing a Gun (or a trailer, ``"trailer": true`` on it) enter
    ``to_hex``, and how many MP does the tow add (C10.1, C10.4)?"""
    vehicle = require_kind(action.unit("vehicle"), "vehicle", "action.vehicle", "C10.1")
    to_hex = action.hex("to_hex")
    scenario = action.scenario
    if direction_to(vehicle.hex, to_hex) is None:
        raise AslError(f"{scenario.grid.name(to_hex)} is not adjacent to {vehicle.id}", "action.to_hex")
    flags = {key: action.flag(key) for key in ("breached", "bypass", "deep_stream", "narrow_street", "reverse")}
    step = tow_step(scenario, vehicle, vehicle.hex, to_hex, flags)
    reasons = no_move_reasons([vehicle])
    if not step.towed and not step.trailer:
        reasons.append(reason(f'{vehicle.id} tows neither a Gun nor a trailer ("trailer": true)', "C10.4"))
    reasons += step.reasons
    values = {
        "vehicle": vehicle.id,
        "to_hex": scenario.grid.name(to_hex),
        "towing": [g.id for g in step.towed] or (["trailer"] if step.trailer else []),
        "mp_extra": step.mp_extra,
    }
    return Resolution(kind=action.kind, legal=not reasons, reasons=tuple(reasons), values=values)


def resolve_trailer_target(action: Action) -> Resolution:
    """``trailer_target``: can a shot at a trailer-towing vehicle pick the trailer (C10.41)?
    ``facing`` is the Target Facing the firer sees (``front``/``side``/``rear``)."""
    vehicle = require_kind(action.unit("vehicle"), "vehicle", "action.vehicle", "C10.4")
    facing = action.choice("facing", FACINGS)
    indirect, ordnance = action.flag("indirect"), action.flag("ordnance", True)
    reasons = []
    if vehicle.extra.get("trailer") is not True:
        reasons.append(reason(f'{vehicle.id} tows no trailer (set "trailer": true on it)', "C10.41"))
    if indirect or not ordnance:
        reasons.append(reason("Indirect Fire and non-ordnance do not attack a trailer separately", "C10.41"))
    if facing == "front" or vehicle.hd:
        reasons.append(
            reason("no Direct Fire hit on a trailer through the front Target Facing or vs a HD vehicle", "C10.41")
        )
    values: dict[str, Any] = {
        "vehicle": vehicle.id,
        "separate_target": not reasons and facing == "side",
        "size_drm": 3 if facing == "side" else 0,
        "rear_hull_hit_is_trailer": not reasons and facing == "rear",
        "miss_by_one_dr": 1 if not reasons else None,
    }
    missed_by_one = action.flag("missed_by_one")

    def read(dr: int) -> dict[str, Any]:
        """A shot that missed by one hits the trailer on a dr of 1 (C10.41)."""
        return {"trailer_hit": missed_by_one and dr <= 1}

    outcome = read(action.dr) if action.dr is not None and not reasons else None
    odds = WithOdds(values, lambda: None if reasons else tally_dr(read, TRAILER_ODDS))
    return Resolution(kind=action.kind, legal=not reasons, reasons=tuple(reasons), values=odds, outcome=outcome)
