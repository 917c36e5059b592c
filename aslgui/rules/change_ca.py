"""``change_ca``: turning a Gun to a new CA without firing (C3.22).

Allowed only at the end of one of its side's fire phases (never the MPh) and only while its crew
could still fire it without Intensive Fire. A change in the PFPh costs the Gun and its crew all
movement for the rest of the Player Turn but leaves the AFPh shot, now with no Case A.
"""

from __future__ import annotations

from aslgui.errors import AslError
from aslgui.geometry import SPINE_NAMES, parse_spine
from aslgui.model import Unit
from aslgui.rules.actions import ATTACKER_FIRE_PHASES, DEFENDER_FIRE_PHASES, FIRE_PHASES, Action
from aslgui.rules.arcs import ARC_KEYS, unit_arc
from aslgui.rules.resolution import Resolution, reason
from aslgui.rules.to_hit.shot import unit_path

RULE = "C3.22"


def spines_between(a: int, b: int) -> int:
    """One-hexspine steps from one CA to another, the short way round."""
    turn = (b - a) % 6
    return min(turn, 6 - turn)


def _friendly_fire_phases(action: Action, unit: Unit) -> tuple[str, ...]:
    player = action.scenario.player
    if not player:
        return FIRE_PHASES
    return ATTACKER_FIRE_PHASES if unit.side == player else DEFENDER_FIRE_PHASES


def _phase_reason(action: Action, unit: Unit) -> str | None:
    phase = action.phase
    if phase == "MPh":
        return reason("a CA may not be changed without firing in the MPh", RULE)
    if phase not in _friendly_fire_phases(action, unit):
        return reason(f"only at the end of a friendly fire phase, not in the {phase}", RULE)
    return None


def _crew_reasons(action: Action, unit: Unit) -> list[str]:
    """The crew must still be able to fire it without Intensive Fire."""
    crew = action.scenario.units.get(unit.crew) if unit.crew else (unit if unit.kind == "vehicle" else None)
    problems = {
        "it has no crew to fire it": crew is None,
        "its crew is broken": crew is not None and crew.broken,
        "its normal ROF is used up (only Intensive Fire could fire it)": unit.fired or unit.intensive_fired,
    }
    return [reason(f"no CA change: {text}", RULE) for text, bad in problems.items() if bad]


def resolve_change_ca(action: Action) -> Resolution:
    """``change_ca``: legal?, ``from``/``to`` hexspine names and ``spines`` turned."""
    unit = action.unit("unit")
    path = unit_path(action.scenario, unit)
    default_arc = "ca" if unit.kind == "gun" else "tca" if unit.turret else "vca"
    arc = action.choice("arc", ARC_KEYS, default_arc)
    current = unit_arc(unit, arc, f"{path}.{arc}")
    raw = action.data.get("ca")
    if not isinstance(raw, str):
        raise AslError(f'expected the new CA as a hexspine name such as "S/SW", got {raw!r}', "action.ca")
    try:
        new = parse_spine(raw)
    except ValueError as error:
        raise AslError(str(error), "action.ca") from None
    phase_problem = _phase_reason(action, unit)
    found = ([phase_problem] if phase_problem else []) + _crew_reasons(action, unit)
    if unit.rfnm:
        found.append(reason(f"{unit.id} is RFNM and never changes its CA", "C10.25"))
    values = {
        "unit": unit.id,
        "arc": arc,
        "from": SPINE_NAMES[current],
        "to": SPINE_NAMES[new],
        "spines": spines_between(current, new),
        "phase": action.phase,
    }
    if action.phase == "PFPh":
        values["cost"] = "no more movement for this Gun and its crew this Player Turn; it may still fire in the AFPh"
    return Resolution(kind=action.kind, legal=not found, reasons=tuple(found), values=values)
