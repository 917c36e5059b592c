"""``change_ca``: turning a Gun to a new CA without firing (C3.22).

Allowed only at the end of one of its side's fire phases (never the MPh) and only while its crew
could still fire it without Intensive Fire. A change in the PFPh costs the Gun and its crew all
movement for the rest of the Player Turn but leaves the AFPh shot, now with no Case A.
"""

from __future__ import annotations

from typing import Any

from aslgui.geometry import SPINE_NAMES
from aslgui.model import Scenario, Unit
from aslgui.rules.action_keys import ARC_KEYS
from aslgui.rules.actions import ATTACKER_FIRE_PHASES, DEFENDER_FIRE_PHASES, FIRE_PHASES, Action
from aslgui.rules.arcs import unit_arc
from aslgui.rules.resolution import Resolution, reason
from aslgui.rules.roster import ROF_KEPT, armament, kept_multiple_rof
from aslgui.rules.to_hit.firer_state import cannot_fire_reasons, malfunction_reason, manning_reasons, ti_reasons
from aslgui.rules.to_hit.shot import NO_FIRE, unit_path

RULE = "C3.22"
#: The reading taken of C3.22's EXC for turreted guns with other turreted armament (D3.51).
CMG_TURNS_NOTE = reason("read: the turret turns by its working CMG, other turreted armament, though its MA is "
                        "malfunctioned", "C3.22, D3.51")


def spines_between(a: int, b: int) -> int:
    """One-hexspine steps from one CA to another, the short way round."""
    turn = (b - a) % 6
    return min(turn, 6 - turn)


def friendly_fire_phases(scenario: Scenario, unit: Unit) -> tuple[str, ...]:
    """The fire phases of ``unit``'s side (A3): the ATTACKER's PFPh and AFPh, the DEFENDER's DFPh;
    every fire phase while no ATTACKER is set. A Gun changes its CA without firing (C3.22) and is
    (un)limbered (C10.21) only in these."""
    if not scenario.player:
        return FIRE_PHASES
    return ATTACKER_FIRE_PHASES if unit.side == scenario.player else DEFENDER_FIRE_PHASES


def _phase_reason(action: Action, unit: Unit) -> str | None:
    phase = action.phase
    if phase == "MPh":
        if unit.kind == "vehicle":  # say how its turret turns instead (C5.13): with a move's MP
            return reason("a CA may not be changed without firing in the MPh; a vehicle's TCA turns in its own MPh "
                          "only as part of spending MP: a move's TCA at the end", f"{RULE}, C5.13")
        return reason("a CA may not be changed without firing in the MPh", RULE)
    if phase not in FIRE_PHASES:
        return reason(f"only at the end of a friendly fire phase, not in the {phase}", RULE)
    if phase not in friendly_fire_phases(action.scenario, unit):
        whose = "ATTACKER" if phase in ATTACKER_FIRE_PHASES else "DEFENDER"
        return reason(f"only at the end of a friendly fire phase: the {phase} is the {whose}'s, and {unit.id} is not "
                      f"the {whose}", f"{RULE}, A3")
    return None


def _turret_armament(unit: Unit) -> bool:
    """Whether a turret has armament besides its MA that still works (a CMG), which may turn it
    whatever its MA's state (C3.22 EXC, D3.51)."""
    return any(mg.mount == "CMG" and mg.functioning for mg in unit.mgs)


def _crew_reasons(action: Action, unit: Unit, arc: str) -> list[str]:
    """Its crew must still be able to fire it without Intensive Fire (C3.22): manned from its
    Location (C5.6), neither it nor its crew TI (C10.11, C10.22, C10.51), not limbered or in tow
    (C10.21, C10.1; only (un)limbering turns those, C10.22), not en portee (C10.53), not
    malfunctioned (A.11; a turret with other working armament turns anyway, C3.22 EXC, D3.51), not
    under a No Fire counter (C5.64), its normal ROF not used up (a Multiple ROF kept this phase is
    not, unless its crew is pinned since: C5.4 forfeits it, C5.6 denies it Intensive Fire)."""
    # the armament is read only for a unit that says it kept one (a truck has none to read)
    kept = unit.extra.get(ROF_KEPT) == action.phase and kept_multiple_rof(
        unit, action.phase, armament(unit, unit_path(action.scenario, unit)).rof)
    used_up = (unit.fired and not kept) or unit.intensive_fired
    crew = action.scenario.units.get(unit.crew) if unit.crew else unit
    found = manning_reasons(action.scenario, unit) + ti_reasons(action.scenario, unit) + cannot_fire_reasons(unit)
    # A malfunctioned MA keeps the arc it fires through still: a turret's TCA (unless other turret
    # armament turns it), a turretless vehicle's VCA; a turreted hull's VCA is not the MA's arc.
    turns_anyway = unit.kind == "vehicle" and (_turret_armament(unit) if arc == "tca" else unit.turret is not None)
    if not turns_anyway and (broken_down := malfunction_reason(unit)):
        found.append(broken_down)
    if unit.extra.get(NO_FIRE):
        found.append(reason(f"{unit.id} is under a No Fire counter: it may not fire again this Player Turn", "C5.64"))
    if unit.kind == "gun" and unit.aboard is not None:
        found.append(reason(f"{unit.id} is en portee: its CA keeps to the VCA of {unit.aboard}", "C10.53"))
    if used_up:
        found.append(reason("its normal ROF is used up (only Intensive Fire could fire it)", RULE))
    elif unit.fired and kept and crew is not None and crew.pinned:
        found.append(reason(f"{crew.id} is pinned and forfeits the Multiple ROF kept in this {action.phase}, and a "
                            "pinned crew may not use Intensive Fire", "C3.22, C5.4, C5.6"))
    return [f"no CA change: {text}" for text in found]


def resolve_change_ca(action: Action) -> Resolution:
    """``change_ca``: legal?, ``from``/``to`` hexspine names and ``spines`` turned."""
    unit = action.unit("unit")
    path = unit_path(action.scenario, unit)
    default_arc = "ca" if unit.kind == "gun" else "tca" if unit.turret else "vca"
    arc = action.choice("arc", ARC_KEYS, default_arc)
    current = unit_arc(unit, arc, f"{path}.{arc}")
    new = action.spine("ca")
    assert new is not None, "ca is required (RESOLVERS)"
    spines = spines_between(current, new)
    values: dict[str, Any] = {
        "unit": unit.id,
        "arc": arc,
        "from": SPINE_NAMES[current],
        "to": SPINE_NAMES[new],
        "spines": spines,
        "phase": action.phase,
    }
    # DESIGN.md 4 asks for a phase: without one, the scenario's is taken, as for every kind (DESIGN.md 3).
    if not action.has("phase"):
        values["notes"] = [reason(f"read: no phase given, so the scenario's {action.phase}, on which the change's "
                                  "legality and cost depend", RULE)]
    if spines == 0:  # a change of no hexspine is no change: nothing to forbid, no movement lost
        values["notes"] = [*values.get("notes", ()), reason(
            f"{unit.id} already points at {SPINE_NAMES[new]}: nothing changes, no movement is lost", RULE)]
        return Resolution(kind=action.kind, values=values)
    if arc == "tca" and _turret_armament(unit) and malfunction_reason(unit):
        values["notes"] = [*values.get("notes", ()), CMG_TURNS_NOTE]
    phase_problem = _phase_reason(action, unit)
    found = ([phase_problem] if phase_problem else []) + _crew_reasons(action, unit, arc)
    if unit.rfnm:
        found.append(reason(f"{unit.id} is RFNM and never changes its CA", "C10.25"))
    if action.phase == "PFPh" and not phase_problem:  # the ATTACKER's: its Gun may still fire in the AFPh
        values["cost"] = ("no more fire this PFPh, whose end it takes, and no more movement for this Gun and its "
                          "crew this Player Turn; it may still fire in the AFPh")
    elif not phase_problem:
        values["cost"] = f"no more fire this {action.phase}, whose end it takes"
    return Resolution(kind=action.kind, legal=not found, reasons=tuple(found), values=values)
