"""Hooking up, unhooking and (un)limbering a Gun (C10.1-C10.26), and the crew, phase and load checks
every C10 action shares (C10.111).

Each resolver answers whether the action is legal (every reason cites its rule) and the numbers
a player needs: the MP the vehicle spends, the Passenger PP left.  En portee, towed movement and
trailers live in ``portee``; pushing (C10.3) in ``manhandling``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from aslgui.errors import AslError
from aslgui.geometry import SPINE_NAMES, Hex
from aslgui.model import Scenario, Unit
from aslgui.model.units import MF_SPENT, MP_SPENT, PUSHED
from aslgui.resource_files import load_json
from aslgui.rules.actions import FIRE_PHASES, Action
from aslgui.rules.ift_attack import number
from aslgui.rules.resolution import IllegalAction, Resolution, reason
from aslgui.rules.roster import c10_number

if TYPE_CHECKING:
    from fractions import Fraction

T = TypeVar("T")

GUN_TYPES = ("MTR", "AT", "INF", "ART", "RCL", "AA")
#: Readings this project takes where C10 leaves room (stated in the answers' notes).
NM_HOOK_UP_NOTE = reason("read: C10.2's EXC frees an NM/RFNM Gun from limbering before it is hooked up, and "
                         "C10.25/C10.26 forbid only (un)limbering and pushing it, so it may be hooked up in firing "
                         "mode; it can never be unlimbered", "C10.2, C10.26")


def chart() -> dict[str, Any]:
    """resources/data/manhandling.json: C10 numbers, each marked verified or not."""
    data: dict[str, Any] = load_json("data", "manhandling.json")
    return data


def towing_constant(name: str) -> Any:
    return chart()["towing"][name]["value"]


# -- the units involved --------------------------------------------------------------------
def require_kind(unit: Unit, kind: str, path: str, rule: str) -> Unit:
    """The unit under ``path`` must be a ``kind`` (a Gun, a vehicle): else the action is illegal
    (``rule`` says who does it), an answer rather than bad input (IllegalAction)."""
    if unit.kind != kind:
        raise IllegalAction(f"{unit.id} is a {unit.kind}, not a {kind}: the action is done with a {kind}", rule, path)
    return unit


def crew_equivalents(units: Iterable[Unit]) -> Fraction:
    """How many crews the units make (C10.111: HS = crew, five SMC = crew, squad = two HS)."""
    from fractions import Fraction  # here, not at the top: fractions (with decimal) would slow every fire's start-up

    table = chart()["crew_equivalents"]
    return sum((Fraction(str(table[u.kind])) for u in units if u.kind in table), Fraction(0))


def manning_units(action: Action, gun: Unit) -> list[Unit]:
    """Who (un)hooks/(un)limbers/loads the Gun: ``action.crew`` (an id or a list of ids) if
    given, else the Gun's own ``crew``."""
    if "crew" in action.data:
        return action.unit_or_units("crew")
    if gun.crew is not None:
        return [action.scenario.unit(gun.crew, "action.gun")]
    return []


def crew_reasons(units: Sequence[Unit], where: Hex, rule: str, aboard_ok: str | None = None) -> list[str]:
    """Why these units cannot work the Gun in ``where`` (C10.111): each must be Good Order,
    unpinned Infantry on foot in that hex (or aboard ``aboard_ok``), not TI, together at least a crew."""
    if not units:
        return [reason("no crew possesses the Gun: give the Gun a 'crew' or the action a 'crew'", "C10.111")]
    out: list[str] = []
    for unit in units:
        if not unit.is_infantry:
            out.append(reason(f"{unit.id} is a {unit.kind}, not Infantry", "C10.111"))
        if unit.broken:
            out.append(reason(f"{unit.id} is broken, not in Good Order", "C10.111"))
        if unit.pinned:
            out.append(reason(f"{unit.id} is pinned", "C10.111"))
        if unit.extra.get("ti"):
            out.append(reason(f"{unit.id} is TI: busy for the rest of this Player Turn", rule))
        if unit.hex != where:
            out.append(reason(f"{unit.id} is not in the Gun's hex", rule))
        elif unit.aboard is not None and unit.aboard != aboard_ok:
            out.append(reason(f"{unit.id} is aboard {unit.aboard}, not on foot", rule))
    if crew_equivalents(units) < 1:
        out.append(reason("the units make less than a crew (a HS counts as one, five SMC as one)", "C10.111"))
    return out


#: ``extra`` key of a Gun (and its crew) turned without firing in the PFPh: no more movement
#: this Player Turn (C3.22). Set on Commit; cleared when the Player Turn ends.
NO_MOVE = "no_move"


def no_move_reasons(units: Iterable[Unit]) -> list[str]:
    """Units whose CA change in the PFPh cancelled their movement for this Player Turn (C3.22)."""
    return [
        reason(f"{u.id} {'changed its' if u.kind in ('gun', 'vehicle') else 'mans a Gun that changed its'} CA in the "
               "PFPh: no more movement this Player Turn", "C3.22")
        for u in units
        if u.extra.get(NO_MOVE)
    ]


def may_not_move_reasons(unit: Unit) -> list[str]:
    """What keeps a unit from moving for the rest of its Player Turn: it Prep Fired (A3.3), is TI
    (C10.11) or changed its CA in the PFPh (C3.22). A move asks it, and an OVR, made moving (D7.1).
    A vehicle's own shot in its MPh is Bounding First Fire (``bounding_fired``), after which it
    goes on moving (C5.3: it fires again only after another MP), not Prep Fire."""
    prep_fired = unit.fired and not unit.bounding_fired
    reasons = [reason(f"{unit.id} has Prep Fired and may not move this Player Turn", "A3.3")] if prep_fired else []
    if unit.extra.get("ti"):
        reasons.append(reason(f"{unit.id} is TI: no more movement this Player Turn", "C10.11"))
    if unit.extra.get(PUSHED):
        reasons.append(reason(f"{unit.id} has pushed a Gun this MPh: it goes on only by pushing it or hooking it up, "
                              "and is TI once that ends", "C10.3"))
    return reasons + no_move_reasons([unit])


def fired_reasons(units: Iterable[Unit], rule: str) -> list[str]:
    """Units that have fired this Player Turn block (un)hooking/(un)limbering."""
    return [reason(f"{u.id} has already fired this Player Turn", rule) for u in units if u.fired or u.bounding_fired]


def phase_reasons(action: Action, unit: Unit, phases: Sequence[str], rule: str) -> list[str]:
    """The action must happen in one of ``phases``, by the side whose phase it is (A3)."""
    phase, player = action.phase, action.scenario.player
    if phase not in phases:
        return [reason(f"this is done in the {'/'.join(phases)}, not the {phase}", rule)]
    if player and (unit.side == player) != (phase != "DFPh"):
        whose = "DEFENDER" if phase == "DFPh" else "ATTACKER"
        return [reason(f"the {phase} belongs to the {whose}; {unit.id} is {unit.side}", "A3")]
    return []


def gun_type(gun: Unit) -> str:
    """The Gun type (C2.22): the Gun's own ``type`` key (``"MTR"``, as a VASL import writes it from
    the counter), else the type named in its ``name`` (``81mm MTR`` -> ``MTR``, ``75*RCL`` -> ``RCL``)."""
    stated = gun.extra.get("type")
    if isinstance(stated, str) and stated.strip():
        return stated.strip().upper()
    types = [word for word in re.findall(r"[A-Z]+", gun.name.upper()) if word in GUN_TYPES]
    return types[-1] if types else ""


def is_mortar_exception(gun: Unit) -> bool:
    """A 76-107mm MTR is carried, not dragged: no +1 MP nor the Reverse/Bypass/wall/hedge/rubble/
    Deep Stream tow limits (C10.1 EXC). Its caliber is its own, else its roster entry's."""
    if gun_type(gun) != "MTR":
        return False
    low, high = towing_constant("mortar_exception_calibers")
    caliber = c10_number(gun, "caliber")
    return caliber is not None and low <= caliber <= high


def vehicle_load(action: Action, vehicle: Unit) -> list[Unit]:
    """Guns the vehicle tows or portees (a vehicle may do only one of these, C10.5)."""
    return [u for u in action.scenario.units.values() if u.kind == "gun" and vehicle.id in (u.towed_by, u.aboard)]


def passenger_pp(units: Iterable[Unit]) -> int:
    """PP these Infantry use as Passengers (D6.1; UNVERIFIED values, see manhandling.json)."""
    table = chart()["passenger_pp"]
    return sum(int(table.get(u.kind, 0)) for u in units)


def after_action(reasons: Sequence[str], value: T) -> T | None:
    """A value of the state the action leaves (the Gun's CA and mode, the PP left, who may fire or
    push); None when the action is illegal: nothing happens, so there is no such state
    (docs/contract.md: a key the answer does not work out is null)."""
    return None if reasons else value


def marked_ti(reasons: Sequence[str], *units: Unit) -> list[str] | None:
    """The ids of the units the action marks TI (C10.11, C10.12, C10.22, C10.51), sorted; None when
    the action is illegal, as no one is marked (``after_action``)."""
    return after_action(reasons, sorted({u.id for u in units}))


def fraction_fru(allotment: int, fraction: Sequence[int]) -> int:
    """``allotment * a/b`` rounded up (FRU)."""
    return -(-allotment * fraction[0] // fraction[1])


# -- hooking up / unhooking (C10.11-C10.13) ------------------------------------------------
def printed_mp(scenario: Scenario, vehicle: Unit) -> int:
    """A vehicle's printed MP allotment (its own or its roster entry's), which (un)hooking (C10.11)
    and an OVR (D7.1) are counted in; without one, an AslError at the vehicle's own ``mp`` key in
    the file (``units[3].mp``)."""
    allotment = c10_number(vehicle, "mp")
    if allotment is None:
        raise AslError(f'vehicle {vehicle.id} has no printed MP allotment ("mp")',
                       f"{scenario.unit_path(vehicle.id)}.mp")
    return allotment


def hook_mp_cost(allotment: int, gun: Unit) -> int:
    """MP a vehicle of this allotment spends to (un)hook a Gun: half of it FRU, two-thirds for a circled M#."""
    key = "circled_m_hook_fraction" if gun.circled_m else "hook_fraction"
    return fraction_fru(allotment, towing_constant(key))


def ammo_pp(gun: Unit) -> int:
    """Passenger PP a hooked-up Gun's ammunition takes: 4, or 8 for >= 100mm (C10.13)."""
    large = gun.caliber is not None and gun.caliber >= towing_constant("large_gun_caliber")
    return int(towing_constant("large_gun_ammo_pp" if large else "ammo_pp"))


def hooked_pp_left(vehicle: Unit, gun: Unit) -> tuple[int, bool]:
    """(Passenger PP left once the Gun is hooked up, allowed?) (C10.13): an empty vehicle may
    drop to <= 0 PP (then 0 left); a loaded one may not drop below 0."""
    left = (c10_number(vehicle, "pp") or 0) - vehicle.pp_used - ammo_pp(gun)
    if vehicle.pp_used == 0:
        return max(left, 0), True
    return left, left >= 0


def _hook_reasons(action: Action, vehicle: Unit, gun: Unit, crew: Sequence[Unit], rule: str) -> list[str]:
    """What hooking up and unhooking share (C10.11, C10.12)."""
    reasons = phase_reasons(action, vehicle, ("MPh",), rule)
    if vehicle.hex != gun.hex:
        reasons.append(reason(f"{vehicle.id} must be in the Gun's hex", rule))
    if vehicle.side != gun.side:
        reasons.append(reason(f"{gun.id} ({gun.side}) is not friendly to {vehicle.id} ({vehicle.side})", rule))
    if not vehicle.stopped or vehicle.motion:
        reasons.append(reason(f"{vehicle.id} must be Stopped", rule))
    if action.flag("bypass"):
        reasons.append(reason(f"{vehicle.id} is in Bypass", rule))
    # The vehicle's PRC (everyone aboard it) may not have fired in that PFPh/MPh either (C10.11, C10.12).
    crew_ids = {u.id for u in crew}
    prc = [u for u in action.scenario.units.values() if u.aboard == vehicle.id and u.id not in crew_ids]
    reasons += fired_reasons([gun, vehicle, *crew, *prc], rule)
    return reasons


def spent_mp(unit: Unit) -> float:
    """The MP (MF) a unit has spent this MPh (``mp_spent``/``mf_spent``)."""
    value = unit.extra.get(MP_SPENT if unit.kind == "vehicle" else MF_SPENT, 0)
    return float(value)


def allotment(scenario: Scenario, unit: Unit) -> tuple[float, str | None]:
    """The MP (vehicle, printed) or MF (Infantry) a unit has in an MPh, and a note when unverified."""
    if unit.kind == "vehicle":
        return float(printed_mp(scenario, unit)), None
    entry = load_json("data", "movement_costs.json")["infantry_mf_allotment"]
    return float(entry[unit.kind]), None if entry["verified"] else f"MF allotment: {entry['note']}"


def stated_spent(scenario: Scenario, unit: Unit, spent: Any = None, left: Any = None) -> float:
    """What a unit has spent this MPh before an action, as the action states it (``spent``, or its
    allotment less ``left``), else as its committed moves recorded: the answer and its Commit read
    the same."""
    if isinstance(spent, (int, float)) and not isinstance(spent, bool):
        return float(spent)
    if isinstance(left, (int, float)) and not isinstance(left, bool):
        return allotment(scenario, unit)[0] - float(left)
    return spent_mp(unit)


def spent_this_mph(action: Action, key: str, units: Sequence[Unit], unit_key: str) -> float:
    """What ``units`` have spent this MPh: the action's ``key`` when it gives it, else the most any
    of them keeps under ``unit_key`` (a unit that has moved), else 0."""
    given = action.data.get(key)
    if given is not None:
        return float(given)
    return max((float(u.extra.get(unit_key) or 0) for u in units), default=0.0)


def _mp_reasons(action: Action, vehicle: Unit, allotment: int, mp_cost: int) -> list[str]:
    """The vehicle must still have the (un)hooking MP left of its ``allotment`` (C10.11, C10.31)."""
    spent = spent_this_mph(action, "mp_spent", [vehicle], MP_SPENT)
    if spent + mp_cost > allotment:
        return [reason(f"{vehicle.id} has {number(allotment - spent)} MP left, needs {mp_cost}", "C10.11")]
    return []


def resolve_hook_up(action: Action) -> Resolution:
    """``hook_up``: a Stopped vehicle takes a Gun in tow (C10.1, C10.11, C10.13, C10.2, C10.31)."""
    vehicle = require_kind(action.unit("vehicle"), "vehicle", "action.vehicle", "C10.11")
    gun = require_kind(action.unit("gun"), "gun", "action.gun", "C10.11")
    crew = manning_units(action, gun)
    allotment = printed_mp(action.scenario, vehicle)
    mp_cost = hook_mp_cost(allotment, gun)
    reasons = _hook_reasons(action, vehicle, gun, crew, "C10.11")
    reasons += crew_reasons(crew, gun.hex, "C10.11")
    reasons += no_move_reasons([vehicle, gun, *crew])
    reasons += _mp_reasons(action, vehicle, allotment, mp_cost)
    reasons += ca_change_reasons(gun, new_ca(action, gun))
    t_number, m_number = c10_number(vehicle, "towing"), c10_number(gun, "manhandling")
    if t_number is None:
        reasons.append(reason(f"{vehicle.id} has no T# and may not tow", "C10.1"))
    elif m_number is None:
        reasons.append(reason(f"{gun.id} has no M# and cannot be towed", "C10.1"))
    elif t_number > m_number:
        reasons.append(reason(f"T{t_number} is more than the Gun's M{m_number}", "C10.1"))
    if gun.towed_by is not None:
        reasons.append(reason(f"{gun.id} is already in tow by {gun.towed_by}", "C10.11"))
    if gun.aboard is not None:
        reasons.append(reason(f"{gun.id} is en portee on {gun.aboard}", "C10.5"))
    if others := [g.id for g in vehicle_load(action, vehicle) if g.id != gun.id]:
        reasons.append(reason(f"{vehicle.id} already tows or portees {', '.join(others)}", "C10.5"))
    if not (gun.qsu or gun.nm or gun.rfnm or gun.limbered):
        reasons.append(reason(f"{gun.id} is not QSU and must be limbered first", "C10.2"))
    notes = [NM_HOOK_UP_NOTE] if (gun.nm or gun.rfnm) and not gun.limbered else []
    crew_loads = action.flag("crew_loads")
    if is_mortar_exception(gun) and not crew_loads and crew:  # C10.1 EXC: no unhooking it without them
        notes.append(reason(f"only a Passenger of {vehicle.id} unloads this MTR: unless its crew "
                            f"({', '.join(u.id for u in crew)}) rides along, it cannot be unhooked elsewhere", "C10.1"))
    crew_mf = spent_this_mph(action, "crew_mf_spent", crew, MF_SPENT)
    if crew_mf * 2 > chart()["infantry_mf"]["value"]:
        reasons.append(
            reason(f"the crew spent {number(crew_mf)} MF, more than half its MF, pushing/entering the hex", "C10.11")
        )
    if action.flag("push_stopped"):
        reasons.append(reason("the last Manhandling DR equalled the M#: no further pushing, so no hook up", "C10.31"))
    pp_left, pp_ok = hooked_pp_left(vehicle, gun)
    if not pp_ok:
        reasons.append(
            reason(
                f"the ammunition would leave {vehicle.id} with {pp_left} PP; a loaded vehicle may not go below 0",
                "C10.13",
            )
        )
    if crew_loads and pp_ok and passenger_pp(crew) > pp_left:
        reasons.append(reason(f"{pp_left} PP left cannot also carry the crew ({passenger_pp(crew)} PP)", "C10.13"))
    values = {
        "vehicle": vehicle.id,
        "gun": gun.id,
        "mp_cost": mp_cost,
        "pp_left": after_action(reasons, pp_left),
        "ammo_pp": ammo_pp(gun),
        "crew_loads": crew_loads,
        "ca": after_action(reasons, ca_name(new_ca(action, gun))),
        "tow_mp_per_hex": 0 if is_mortar_exception(gun) else towing_constant("tow_mp_per_hex"),
        "may_fire_this_player_turn": after_action(reasons, False),
        "ti": marked_ti(reasons, gun, vehicle, *crew),
        "notes": notes,
    }
    return Resolution(kind=action.kind, legal=not reasons, reasons=tuple(reasons), values=values)


def resolve_unhook(action: Action) -> Resolution:
    """``unhook``: a Stopped vehicle drops its towed Gun in its hex; the Gun may not be pushed
    this Player Turn (C10.12, C10.3)."""
    vehicle = require_kind(action.unit("vehicle"), "vehicle", "action.vehicle", "C10.12")
    gun = require_kind(action.unit("gun"), "gun", "action.gun", "C10.12")
    crew = manning_units(action, gun)
    allotment = printed_mp(action.scenario, vehicle)
    mp_cost = hook_mp_cost(allotment, gun)
    reasons = _hook_reasons(action, vehicle, gun, crew, "C10.12")
    reasons += crew_reasons(crew, gun.hex, "C10.12", aboard_ok=vehicle.id)
    reasons += _mp_reasons(action, vehicle, allotment, mp_cost)
    if gun.towed_by != vehicle.id:
        reasons.append(reason(f"{gun.id} is not in tow by {vehicle.id}", "C10.12"))
    reasons += ca_change_reasons(gun, new_ca(action, gun))
    if is_mortar_exception(gun):
        reasons += [
            reason(f"{u.id} must unload the MTR as a Passenger of {vehicle.id}", "C10.1")
            for u in crew
            if u.aboard != vehicle.id
        ]
    values = {
        "vehicle": vehicle.id,
        "gun": gun.id,
        "mp_cost": mp_cost,
        "pp_left": after_action(reasons, max((c10_number(vehicle, "pp") or 0) - vehicle.pp_used, 0)),
        "ca": after_action(reasons, ca_name(new_ca(action, gun))),
        "must_unlimber": after_action(reasons, gun.limbered and not gun.qsu),
        "may_push_this_player_turn": after_action(reasons, False),
        "ti": marked_ti(reasons, gun, *crew),
    }
    return Resolution(kind=action.kind, legal=not reasons, reasons=tuple(reasons), values=values)


# -- (un)limbering (C10.2-C10.26) ----------------------------------------------------------
def new_ca(action: Action, gun: Unit) -> int | None:
    """A CA change made while (un)limbering/(un)hooking (C10.12, C10.22): ``action.ca``."""
    new = action.spine("ca")
    return gun.ca if new is None else new


def ca_change_reasons(gun: Unit, spine: int | None) -> list[str]:
    """An RFNM Gun can never change its CA (no Case A, C10.25); others may while (un)hooking."""
    if gun.rfnm and spine != gun.ca:
        return [reason(f"{gun.id} is RFNM and cannot change its CA", "C10.25")]
    return []


def ca_name(spine: int | None) -> str | None:
    return SPINE_NAMES[spine] if spine is not None else None


def never_limbers(gun: Unit) -> list[str]:
    """Why a Gun can never be (un)limbered, whatever the phase: QSU (C10.23), RFNM (C10.25), NM
    (C10.26). The GUI offers Limber/Unlimber only for a Gun with none of these."""
    reasons = [reason(f"{gun.id} is QSU and is never (un)limbered", "C10.23")] if gun.qsu else []
    for flag, rule in (("rfnm", "C10.25"), ("nm", "C10.26")):
        if getattr(gun, flag):
            reasons.append(reason(f"{gun.id} is {flag.upper()} and may not (un)limber", rule))
    return reasons


def resolve_limbering(action: Action) -> Resolution:
    """``limber`` / ``unlimber``: the crew flips the Gun in a fire phase it could fire in (C10.21)."""
    gun = require_kind(action.unit("gun"), "gun", "action.gun", "C10.21")
    limbering = action.kind == "limber"
    crew = manning_units(action, gun)
    ca = new_ca(action, gun)
    reasons = phase_reasons(action, gun, FIRE_PHASES, "C10.21")  # a fire phase its crew could fire in
    reasons += crew_reasons(crew, gun.hex, "C10.21")
    reasons += fired_reasons([gun, *crew], "C10.21")
    reasons += never_limbers(gun)
    if gun.limbered == limbering:
        reasons.append(reason(f"{gun.id} is already {'limbered' if limbering else 'unlimbered'}", "C10.21"))
    if gun.towed_by is not None:
        reasons.append(reason(f"{gun.id} is in tow by {gun.towed_by}", "C10.21"))
    if gun.aboard is not None:
        reasons.append(reason(f"{gun.id} is en portee on {gun.aboard}", "C10.51"))
    values = {
        "gun": gun.id,
        "limbered": after_action(reasons, limbering),
        "ca": after_action(reasons, ca_name(ca)),
        "may_fire_this_player_turn": after_action(reasons, False),
        "can_fire_limbered": gun.lf,
        "ti": marked_ti(reasons, *(() if limbering else (gun, *crew))),
    }
    return Resolution(kind=action.kind, legal=not reasons, reasons=tuple(reasons), values=values)
