"""Whether a shot may be taken at all: each check is a small function answering a reason
(citing its rule) or None. An illegal shot is an answer (``legal: false``), never an error."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from aslgui.model import Scenario, Unit
from aslgui.rules.action_keys import AMMO
from aslgui.rules.actions import ORDNANCE_PHASES
from aslgui.rules.resolution import reason
from aslgui.rules.to_hit.carried import not_towed, portee_fire
from aslgui.rules.to_hit.firer_state import (
    cannot_fire_reasons,
    crew_can_fire,
    gun_state,
    not_ti,
    rfnm,
    rof_left,
    weapon_works,
)
from aslgui.rules.to_hit.shot import SMOKE_AMMO, Shot

Check = Callable[[Shot], str | None]

AREA_AMMO = frozenset({"HE", "SMOKE", "WP"})
UNARMORED_AMMO = frozenset({"AP", "HEAT"})
#: Ammunition a counter lists with its depletion number (C8); HE and AP every Gun fires.
SPECIAL_AMMO = frozenset({"APCR", "APDS", "HEAT", "SMOKE", "WP"})
#: Deliberate Immobilization needs a hull hit at no more than this range (C5.71).
DI_MAX_RANGE = 6


def fire_phase(shot: Shot) -> str | None:
    """Whose phase it is: ordnance fires only in fire phases, and each belongs to one side (A3)."""
    phase = shot.phase
    if phase not in ORDNANCE_PHASES:
        return reason(f"ordnance does not fire in the {phase}", "A3")
    if not shot.scenario.player:
        return None  # no ATTACKER named: either side may be asked about
    if shot.attacker and phase == "DFPh":
        return reason(f"the DFPh belongs to the DEFENDER; {shot.firer.id} is the ATTACKER's", "A3")
    if not shot.attacker and phase in ("PFPh", "AFPh"):
        return reason(f"the {phase} belongs to the ATTACKER; {shot.firer.id} is the DEFENDER's", "A3")
    if shot.attacker and phase == "MPh" and not (shot.is_vehicle or shot.passenger):
        return reason("in its own MPh only a moving vehicle, its Passengers included, fires (Bounding First Fire)",
                      "D3.3, C5.3")
    return None


#: The rule that says at what each Target Type fires.
_TARGET_TYPE_RULE = {"vehicle": "C3.31", "infantry": "C3.32", "area": "C3.33"}


def not_at_own_unit(shot: Shot) -> str | None:
    """A shot is at the enemy: the firer itself or its manning crew is no target, nor is a friendly
    unit for the Infantry/Vehicle Target Type (C3.31, C3.32); a hex holding friendly units is
    attacked with the Area Target Type, which hits them too (C3.33), never in the firer's own hex."""
    target = shot.target
    if target is None:
        return None
    if target.id in (shot.firer.id, shot.crew.id):
        who = "itself" if target.id == shot.firer.id else f"its own crew {target.id}"
        return reason(f"{shot.firer.id} cannot fire at {who}", _TARGET_TYPE_RULE[shot.target_type])
    if target.side != shot.firer.side or shot.target_type == "area":
        return None
    what = "an enemy vehicle" if shot.target_type == "vehicle" else "enemy units"
    where = shot.scenario.grid.name(shot.target_hex)
    return reason(f"{target.id} is friendly: the {shot.target_type.capitalize()} Target Type fires at {what}; "
                  f"the Area Target Type at {where} is the way to attack a hex holding friendly units",
                  f"{_TARGET_TYPE_RULE[shot.target_type]}, C3.33")


def vehicle_type_needs_vehicle(shot: Shot) -> str | None:
    if shot.target_type == "vehicle" and not shot.target_is_vehicle:
        return reason("the Vehicle Target Type may only be used against a specific vehicle", "C3.31")
    return None


def afv_needs_vehicle_type(shot: Shot) -> str | None:
    if shot.target_is_afv and shot.target_type == "infantry":
        return reason("the Infantry Target Type cannot attack an AFV: use the Vehicle (or Area) Target Type", "C3.32")
    return None


def unarmored_target(shot: Shot) -> bool:
    """Whether the shot has an unarmored target: the unit named if one is, else an enemy unit at
    ``target_hex`` that is no AFV, as every AFV there is immune to the Infantry Target Type (C3.32)."""
    if shot.target is not None:
        return not shot.target_is_afv
    return any(unit.side != shot.firer.side and not (unit.kind == "vehicle" and unit.afv)
               for unit in shot.scenario.units_at(shot.target_hex))


def infantry_type_ammo(shot: Shot) -> str | None:
    """The Infantry Target Type fires HE, or AP/HEAT at an unarmored target (C3.32): at a hex with
    no such unit (only AFV, or none) an AP/HEAT round has nothing to hit."""
    if shot.target_type != "infantry" or shot.ammo == "HE":
        return None
    if shot.ammo in UNARMORED_AMMO and unarmored_target(shot):
        return None
    where = ""
    if shot.target is None and shot.ammo in UNARMORED_AMMO:
        where = f": {shot.scenario.grid.name(shot.target_hex)} holds no unarmored enemy unit (AFV are immune to it)"
    return reason(f"the Infantry Target Type fires HE (AP/HEAT only vs an unarmored target), not {shot.ammo}{where}",
                  "C3.32")


def area_type_ammo(shot: Shot) -> str | None:
    if shot.target_type == "area" and shot.ammo not in AREA_AMMO:
        return reason(f"the Area Target Type fires HE, SMOKE or WP, not {shot.ammo}", "C3.33")
    return None


def lists_ammo(unit: Unit, ammo: str) -> bool:
    """Special ammunition (C8: APCR, APDS, HEAT, SMOKE, WP) is fired only by ordnance whose counter
    lists it: a unit stating its ``special_ammo`` (its VASL counter's, DESIGN.md 11) fires none
    other.  A unit that states none is not checked (its counter is unknown), nor a LATW."""
    listed = unit.extra.get("special_ammo")
    return (ammo not in SPECIAL_AMMO or not isinstance(listed, Mapping) or bool(unit.extra.get("latw"))
            or ammo in listed)


def ammo_choices(unit: Unit | None) -> tuple[str, ...]:
    """The ammunition a Gun or vehicle may be asked to fire: HE, AP and what its counter lists (C8);
    the popup offers these only, so no round is refused only once picked. No unit: every round."""
    return tuple(ammo for ammo in AMMO if unit is None or lists_ammo(unit, ammo))


def listed_ammo(shot: Shot) -> str | None:
    """A round the firer's counter does not list (``lists_ammo``, C8)."""
    if lists_ammo(shot.firer, shot.ammo):
        return None
    listed = shot.firer.extra.get("special_ammo") or {}
    has = ", ".join(listed) or "none"
    return reason(f"{shot.firer.id}'s counter lists no {shot.ammo} (its special ammunition: {has})", "C8")


def must_use_area(shot: Shot) -> str | None:
    """A mortar always, and ordnance other than a LATW firing SMOKE, WP being a SMOKE type (C3.76), use the Area
    Target Type, so no SMOKE or WP round is fired on the Vehicle or Infantry Target Type (C3.33)."""
    if shot.target_type == "area":
        return None
    if shot.arms.mortar:
        return reason("a mortar always uses the Area Target Type", "C3.33")
    if shot.ammo in SMOKE_AMMO and not shot.arms.latw:
        kind = "SMOKE" if shot.ammo == "SMOKE" else "WP (a SMOKE type, C3.76)"
        return reason(f"ordnance firing {kind} uses the Area Target Type", "C3.33")
    return None


def area_not_in_own_hex(shot: Shot) -> str | None:
    if shot.target_type == "area" and shot.range == 0:
        return reason("the Area Target Type cannot be used within the firer's own hex", "C3.33")
    return None


def area_not_on_the_move(shot: Shot) -> str | None:
    if shot.target_type == "area" and (shot.bounding_first_fire or shot.motion_fire):
        return reason("the Area Target Type cannot be used as Bounding First Fire or Motion Fire", "C3.33")
    return None


def area_uses_whole_rof(shot: Shot) -> str | None:
    """A non-mortar's Area Target Type shot uses all of its ROF for the turn, so it cannot come after
    any other shot (C3.33): one marked as having fired, or one that kept its Multiple ROF this phase
    (only a shot keeps it, C2.24). A mortar keeps its ROF on the Area Target Type."""
    if shot.target_type != "area" or shot.arms.mortar or not (shot.has_fired or shot.rof_kept):
        return None
    kept = f"; {shot.firer.id} has fired in this {shot.phase} and kept its Multiple ROF" if shot.rof_kept else ""
    return reason(f"a non-mortar's Area Target Type shot uses all its ROF, so it cannot follow a shot{kept}", "C3.33")


def no_ca_change_on_the_move(shot: Shot) -> str | None:
    if shot.spines and shot.bounding_first_fire:
        return reason("a Bounding First Firer fires only within its current CA (no Case A in its own MPh)", "C5.13")
    return None


def ca_fixed_in_woods_building_rubble(shot: Shot) -> str | None:
    """Having fired from woods/building/rubble, a Gun (not a mortar) fires only inside its CA for
    the rest of the phase; a Bounding First Firer is excepted (C5.11 EXC; C5.13 limits it)."""
    fixed = (shot.firer.fired and shot.in_woods_building_rubble and not shot.arms.mortar
             and not shot.bounding_first_fire)
    if shot.spines and fixed:
        return reason(f"having fired from {shot.firer_terrain}, it fires only inside its CA this phase", "C5.11")
    return None


def intensive_allowed(shot: Shot) -> str | None:
    """C5.6/C5.63: who may use Intensive Fire, and when."""
    if not shot.intensive:
        return None
    problems = {
        "only Guns Intensive Fire, not SW such as a LATW": (shot.arms.latw, "C5.6"),
        "its counter says No IF": (shot.arms.no_if, "C5.63"),
        f"its crew {shot.crew.id} is pinned": (shot.crew.pinned, "C5.6"),
        # OVR Prevention comes whatever the Gun fired before, Intensive Fire included (C5.64).
        "it is already marked Intensive Fire": (shot.firer.intensive_fired and not shot.ovr_prevention, "C5.6"),
        "not in the AFPh unless as Opportunity Fire": (shot.phase == "AFPh" and not shot.opportunity, "C5.6"),
        "its normal ROF is not used up yet": (
            (not shot.has_fired or (shot.rof_kept and not shot.rof_forfeited)) and shot.prevention_rule != "C5.64",
            "C5.6",
        ),
    }
    found = [reason(f"no Intensive Fire: {text}", rule) for text, (bad, rule) in problems.items() if bad]
    return "; ".join(found) or None


def opportunity_unmoved(shot: Shot) -> str | None:
    """Opportunity Fire is kept by a unit that did not move: read as A7.25 (not in the rules
    folder), which C5.2 and C5.34 cite. So a firer whose Gun/LATW, manning Infantry or carrying
    vehicle is marked ``moved`` fires in the AFPh with Case B or C3 or not at all."""
    if not shot.opportunity:
        return None
    movers = [u.id for u in (shot.firer, shot.crew, shot.carrier) if u is not None and u.moved]
    if not movers:
        return None
    return reason(f"no Opportunity Fire by a unit that moved this Player Turn ({', '.join(dict.fromkeys(movers))}): "
                  "read so from A7.25, which is not in the rules folder", "A7.25, C5.2")


def ovr_prevention_allowed(shot: Shot) -> str | None:
    """C5.64: OVR Prevention is one more shot by a non-vehicular Gun at the vehicle about to OVR
    its own hex, as the DEFENDER in that vehicle's MPh; never by a Gun with No IF (C5.63)."""
    if not shot.ovr_prevention:
        return None
    target = shot.target
    problems = [
        text
        for text, bad in {
            "only a non-vehicular Gun prevents an OVR": shot.firer.kind != "gun",
            "the target must be the enemy vehicle OVRing the Gun's own hex": not (
                target is not None and target.kind == "vehicle" and target.side != shot.firer.side
                and target.hex == shot.firer.hex
            ),
            "it happens in the OVRing vehicle's MPh": shot.phase != "MPh",
            "the Gun must be the DEFENDER's": bool(shot.scenario.player) and shot.attacker,
            "a Gun with No IF has no OVR Prevention (C5.63)": shot.arms.no_if,
        }.items()
        if bad
    ]
    return reason("no OVR Prevention: " + "; ".join(problems), "C5.64") if problems else None


#: How a reason names each fire counter (D7.23).
COUNTER_NAMES = {"first": "a First Fire counter", "final": "a Final Fire counter",
                 "intensive": "an Intensive Fire counter", "no_fire": "a No Fire counter"}


def reaction_phase(phase: str) -> str | None:
    """Reaction Fire happens in the MPh (D7.2)."""
    return None if phase == "MPh" else reason(f"Reaction Fire happens in the MPh, not the {phase}", "D7.2")


def reaction_side(scenario: Scenario, unit: Unit, vehicle: Unit) -> str | None:
    """Only a DEFENDER reacts, and only to an enemy vehicle (D7.2)."""
    attacker = bool(scenario.player) and unit.side == scenario.player
    if attacker or unit.side == vehicle.side:
        return reason(f"{unit.id} is not a DEFENDER facing enemy vehicle {vehicle.id}", "D7.2")
    return None


def reaction_when(shot: Shot) -> str | None:
    """A Gun's Reaction Fire: in the MPh, by the DEFENDER's crew, after the OVR (so not as the OVR
    Prevention shot that comes before it, C5.64) (D7.2, D7.22)."""
    target = shot.target
    found = [reaction_phase(shot.phase)]
    if target is not None and target.kind == "vehicle":
        found.append(reaction_side(shot.scenario, shot.crew, target))
    if shot.ovr_prevention:
        found.append(reason("OVR Prevention comes before the OVR is resolved, Reaction Fire after it: one or the "
                            "other", "C5.64, D7.2"))
    return "; ".join(filter(None, found)) or None


def reaction_target(shot: Shot) -> str | None:
    """Non-CC Reaction Fire by a Gun is at the enemy vehicle that OVRan the Gun's own hex (D7.22)."""
    target = shot.target
    if shot.firer.kind != "gun":
        return reason(f"{shot.firer.id} is a vehicle: its Reaction Fire is not a Gun's shot", "D7.22")
    if target is None or target.kind != "vehicle" or target.hex != shot.firer.hex:
        return reason(f"Reaction Fire by {shot.firer.id} is at the enemy vehicle OVRing its own hex", "D7.22")
    return None


def reaction_gun(shot: Shot) -> str | None:
    """Why the Gun cannot fire at the OVRing vehicle (D7.23): in tow or limbered it fires not at all
    (C10.1, C10.21); under a First Fire counter only Intensive Fire is left, which No IF or a
    pinned crew rule out (C5.63, C5.6), and an Intensive/Final/No Fire counter leaves none; its CA
    must first turn to the vehicle's VCA (D7.22), which an RFNM Gun never does (C10.25) nor one
    that has fired from woods/building/rubble (C5.11)."""
    gun, counter = shot.firer, shot.counter
    found = cannot_fire_reasons(gun)
    if counter in ("final", "intensive", "no_fire"):
        found.append(reason(f"{gun.id} is under {COUNTER_NAMES[counter]} and may not fire again", "D7.23"))
    if counter == "first" and shot.arms.no_if:
        found.append(reason(f"{gun.id} has No IF, the only fire it has left", "C5.63"))
    if counter == "first" and shot.crew.pinned:
        found.append(reason(f"{shot.crew.id} is pinned and may not Intensive Fire", "C5.6"))
    vehicle = shot.target
    if shot.reaction_turn and vehicle is not None:
        if gun.rfnm:
            found.append(reason(f"{gun.id} must turn its CA to {vehicle.id}'s VCA, but is RFNM", "C10.25, D7.22"))
        elif counter != "none" and shot.in_woods_building_rubble:
            found.append(reason(f"{gun.id} must turn its CA to {vehicle.id}'s VCA, but has fired from "
                                f"{shot.firer_terrain}", "C5.11, D7.22"))
    return "; ".join(found) or None


def deliberate_immobilization_allowed(shot: Shot) -> str | None:
    """C5.71: the limits of a Deliberate Immobilization attempt."""
    if not shot.deliberate:
        return None
    target = shot.target
    hull_af = target.hull_af if target is not None else None
    tk_too_low = hull_af is not None and shot.basic_tk is not None and shot.basic_tk <= hull_af
    problems = {
        "the target is not a vehicle": not shot.target_is_vehicle,
        "not with the Area Target Type": shot.target_type == "area",
        f"range {shot.range} is more than {DI_MAX_RANGE} hexes": shot.range > DI_MAX_RANGE,
        "the target is HD": target is not None and target.hd,
        "the target is already immobilized": target is not None and target.immobilized,
        "not with a MG or IFE": shot.arms.kind != "gun" or shot.arms.ife,
        "its Basic TK# is not above the target's lowest hull AF": tk_too_low,
    }
    found = [text for text, bad in problems.items() if bad]
    return reason("no Deliberate Immobilization: " + ", ".join(found), "C5.71") if found else None


def in_los(shot: Shot) -> str | None:
    """A shot needs a LOS from the firer's hex to the target's (A6.1)."""
    sight = shot.sight
    if sight is None or not sight.blocked:
        return None
    return f"no LOS to {shot.scenario.grid.name(shot.target_hex)}: {sight.reason}"


def within_listed_range(shot: Shot) -> str | None:
    limit = shot.arms.max_range
    if limit is not None and shot.range > limit:
        return reason(f"range {shot.range} is beyond its listed range of {limit}", "C3.52")
    return None


CHECKS: tuple[Check, ...] = (
    fire_phase,
    portee_fire,
    not_at_own_unit,
    not_towed,
    in_los,
    crew_can_fire,
    not_ti,
    gun_state,
    weapon_works,
    rfnm,
    rof_left,
    vehicle_type_needs_vehicle,
    afv_needs_vehicle_type,
    infantry_type_ammo,
    area_type_ammo,
    listed_ammo,
    must_use_area,
    area_not_in_own_hex,
    area_not_on_the_move,
    area_uses_whole_rof,
    no_ca_change_on_the_move,
    ca_fixed_in_woods_building_rubble,
    intensive_allowed,
    opportunity_unmoved,
    ovr_prevention_allowed,
    deliberate_immobilization_allowed,
    within_listed_range,
)


#: What a Gun's Reaction Fire (D7.22) asks of the Gun and its shot: whose turn, ROF, Intensive
#: Fire, RFNM and a CA fixed in woods are all asked by ``reaction_gun``. ``reaction_fire`` asks who
#: reacts and when itself, and these through ``reaction_gun_reasons``.
REACTION_GUN_CHECKS: tuple[Check, ...] = (
    reaction_target,
    not_at_own_unit,
    not_ti,
    weapon_works,
    reaction_gun,
    vehicle_type_needs_vehicle,
    afv_needs_vehicle_type,
    infantry_type_ammo,
    area_type_ammo,
    listed_ammo,
    must_use_area,
    area_not_in_own_hex,
    deliberate_immobilization_allowed,
    within_listed_range,
)
#: Every check of a Gun's Reaction Fire asked as a ``fire`` action.
REACTION_CHECKS: tuple[Check, ...] = (reaction_when, in_los, crew_can_fire, *REACTION_GUN_CHECKS)


#: The checks that read only the firer, the phase and the target unit's own state: never its hex,
#: the range, the arc, Case A hexspines nor LOS (what ``aimed`` and ``sighted`` change), so whether
#: they forbid a shot naming its target unit is the same at every hex an odds map aims it at, which
#: asks them once per firer (DESIGN.md 12). Every other check is asked per hex.
AIM_FREE: frozenset[Check] = frozenset({
    fire_phase, not_at_own_unit, not_towed, crew_can_fire, not_ti, gun_state, weapon_works, rof_left,
    vehicle_type_needs_vehicle, afv_needs_vehicle_type, infantry_type_ammo, area_type_ammo, listed_ammo,
    must_use_area, area_not_on_the_move, area_uses_whole_rof, intensive_allowed, opportunity_unmoved,
})


def _split(checks: tuple[Check, ...]) -> tuple[tuple[Check, ...], tuple[Check, ...]]:
    return tuple(c for c in checks if c in AIM_FREE), tuple(c for c in checks if c not in AIM_FREE)


#: Per ``Shot.reaction``: its checks in ``AIM_FREE``, and the others.
_SPLIT = {False: _split(CHECKS), True: _split(REACTION_CHECKS)}


def _found(shot: Shot, checks: tuple[Check, ...]) -> tuple[str, ...]:
    return tuple([found for check in checks if (found := check(shot))])  # a list: no generator resumed per check


def reasons(shot: Shot) -> tuple[str, ...]:
    """Every reason the shot is illegal (empty when it may be taken)."""
    return _found(shot, REACTION_CHECKS if shot.reaction else CHECKS)


def reaction_gun_reasons(shot: Shot) -> tuple[str, ...]:
    """Why a Gun cannot make this Reaction Fire shot, apart from who reacts and when (D7.22, D7.23)."""
    return _found(shot, REACTION_GUN_CHECKS)


def firer_reasons(shot: Shot) -> tuple[str, ...]:
    """The reasons of the shot's ``AIM_FREE`` checks: whether any forbids it is the same wherever
    the shot is aimed at its target unit (an odds map asks once per firer)."""
    return _found(shot, _SPLIT[shot.reaction][0])


def aim_reasons(shot: Shot) -> tuple[str, ...]:
    """The reasons of the shot's other checks, which read where it is aimed: with ``firer_reasons``,
    every one of ``reasons``."""
    return _found(shot, _SPLIT[shot.reaction][1])
