"""Reaction Fire (D7.2-D7.23): a DEFENDER attacks a vehicle in its own Location during the MPh,
by CC (D7.21) or, vs an OVR only, by TPBF/ordnance/FT/DC (D7.22).

``reaction_fire`` answers whether the DEFENDER may (or must, as FPF) react, what it costs
(PAATC, CCV reductions, the NMC risk of FPF) and how the attack is made (CC DRM, rear Target
Facing, a Gun's CA brought to the vehicle's VCA with TH Cases A and E NA). A Gun's shot is asked of
the To Hit rules as the ``fire`` action ``reaction_fire: true`` asks it, and answered in full.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aslgui.errors import AslError
from aslgui.geometry import distance
from aslgui.model import Unit
from aslgui.rules.action_keys import FIRE_COUNTERS, NON_CC_WEAPONS, REACTION_TYPES
from aslgui.rules.actions import Action, leaders_with
from aslgui.rules.kinds import RESOLVERS
from aslgui.rules.los import sight_reason
from aslgui.rules.odds import odds_values
from aslgui.rules.resolution import DrmLine, IllegalAction, Resolution, reason
from aslgui.rules.to_hit import answer_shot
from aslgui.rules.to_hit.legality import reaction_gun_reasons, reaction_phase, reaction_side
from aslgui.rules.to_hit.shot import Shot, fire_counter, read_shot

FPF_WEAPONS = ("tpbf", "ordnance", "ft", "dc")  # D7.221
#: The reading taken where A23.63 (no DC in FPF) meets D7.221 (a Thrown DC among the FPF weapons).
FPF_DC_NOTE = reason("read as D7.221 says: a unit under a Final Fire counter may Throw a DC as FPF Non-CC Reaction "
                     "Fire vs an OVR, an exception to A23.63's FPF clause; one under a First Fire counter may not",
                     "D7.221, A23.63")
NON_STOPPED_CC_DRM = 2  # A11.51, as the D7.22 EX applies it
AMBUSH_DRM = -1  # D7.211: the Street Fighting Ambush CC DRM
#: The reading taken of a PAATC failed when the AFV entered earlier in the MPh (``paatc_taken``).
EARLIER_PAATC_NOTE = reason("read: paatc_passed false with paatc_taken is the PAATC failed when the AFV entered "
                            "earlier in the MPh: it counts as failing the Reaction Fire PAATC, so neither CC nor "
                            "Non-CC Reaction Fire vs that AFV (FPF CC aside)", "D7.21, A12.41")
#: The reading taken of D7.213's "(including its SW)" for a unit whose SW alone has fired.
SW_CCV_NOTE = reason("read: a unit whose SW is marked with a First/Final Fire counter makes CC Reaction Fire with "
                     "its CCV reduced by one, as if the unit itself were marked (the SW is part of its fire); one "
                     "reduction, whichever is marked", "D7.213")


@dataclass(frozen=True)
class _Status:
    """What the DEFENDER's markers oblige it to (D7.212, D7.221, D7.23)."""

    counter: str
    gun_counter: str
    forcing: bool  # OVR by other than an unarmored vehicle with no PRC, so FPF is obligatory
    crew_forced: bool  # it mans a Gun under a fire counter (D7.23)
    gun_must_if: bool  # ... a First Fire counter it can Intensive Fire through
    gun_problem: str | None  # why its Gun cannot fire at the OVRing vehicle (None: it can)
    paatc_failed: bool

    @property
    def as_final(self) -> bool:
        """Attacks as if under a Final Fire counter: its own, or a Gun it cannot fire (D7.23)."""
        return self.counter == "final" or (self.crew_forced and not self.gun_must_if)

    @property
    def fpf(self) -> bool:
        """FPF Reaction Fire, whose attack DR is also a NMC DR on itself (A8.31): under a Final Fire
        counter (or as if, D7.23) FPF is the only fire left, so any Reaction Fire it makes is FPF
        (D7.2 allows the forms of First/Final Fire it can use), and so is a forced Intensive Fire."""
        return self.as_final or self.gun_must_if

    @property
    def mandatory(self) -> bool:
        """FPF it must make: when Overrun by other than an unarmored vehicle with no PRC (D7.212,
        D7.221, D7.23)."""
        return self.forcing and self.fpf


def _counter(action: Action, key: str, unit: Unit) -> str:
    """The fire counter a unit is under: ``key`` if given, else from its markers (C5.64, D7.23)."""
    return action.choice(key, FIRE_COUNTERS, fire_counter(unit))


#: ``reaction_fire`` keys the Gun's shot reads as a ``fire`` action does (dice and dr among them).
SHOT_KEYS = ("dice", "dr", "ammo", "extra_drm")
#: ``fire`` answer keys that only restate the question, left out of the Reaction Fire answer.
_SHOT_ECHO = frozenset({"firer", "target", "target_hex", "ovr_prevention", "ca_change_spines", "reaction_fire"})


def _gun_shot(action: Action, gun: Unit, vehicle: Unit, counter: str) -> tuple[Action, Shot]:
    """The Gun's Reaction Fire at the OVRing vehicle as the ``fire`` action that asks it (D7.22),
    read by the To Hit rules, so both kinds answer the same shot alike."""
    data = {"kind": "fire", "firer": gun.id, "target": vehicle.id, "reaction_fire": True, "phase": action.phase,
            **{key: action.data[key] for key in SHOT_KEYS if key in action.data}}
    fire = Action(data, action.scenario, RESOLVERS["fire"].keys, RESOLVERS["fire"].required)
    return fire, read_shot(fire, counter)


def _manned_gun(action: Action, unit: Unit) -> Unit | None:
    return next((u for u in action.scenario.units.values() if u.kind == "gun" and u.crew == unit.id), None)


def resolve_reaction_fire(action: Action) -> Resolution:
    """``reaction_fire``: ``unit`` (the DEFENDER) reacts to ``vehicle`` with ``type`` cc or non_cc."""
    unit = action.unit("unit")
    vehicle = action.unit("vehicle")
    if vehicle.kind != "vehicle":
        raise IllegalAction(f"{vehicle.id} is a {vehicle.kind}: Reaction Fire is made vs a vehicle", "D7.2",
                            "action.vehicle")
    kind = action.choice("type", REACTION_TYPES)  # required: CC (D7.21) or not (D7.22) decides all the rest
    scenario = action.scenario
    gun = _manned_gun(action, unit)
    gun_counter = _counter(action, "gun_fire_counter", gun) if gun else "none"
    street = action.flag("street_fighting")
    reasons: list[str] = []
    reasons.extend(filter(None, [reaction_phase(action.phase), reaction_side(scenario, unit, vehicle)]))
    span = distance(unit.hex, vehicle.hex)
    if span > 1 or (span == 1 and not (kind == "cc" and street)):
        reasons.append(reason(f"{vehicle.id} is not in {unit.id}'s Location (ADJACENT only for Street Fighting CC)",
                              "D7.2, D7.211"))
    if span <= 1 and (blocked := sight_reason(scenario, unit, vehicle.hex)) is not None:
        reasons.append(blocked)
    if unit.broken:
        reasons.append(reason(f"{unit.id} is broken", "D7.21, D7.22"))
    if action.flag("melee"):
        reasons.append(reason(f"{unit.id} is in Melee / under a CC counter", "D7.21, D7.22"))
    # The FPF obligations (D7.212, D7.221, D7.23) exist only when OVR, and not by an unarmored
    # vehicle with no PRC; a Reaction Fire CC attack need not follow an OVR (D7.21).
    overrun = action.flag("overrun", True)
    forcing = overrun and (vehicle.afv or any(u.aboard == vehicle.id for u in scenario.units.values()))
    crew_forced = gun is not None and gun_counter != "none" and forcing
    shot = _gun_shot(action, gun, vehicle, gun_counter) if gun is not None else None
    problem = ("; ".join(reaction_gun_reasons(shot[1])) or None) if shot is not None else None
    paatc_vs_afv = vehicle.afv and not action.flag("paatc_exempt")
    paatc_due = paatc_vs_afv and not action.flag("paatc_taken")
    status = _Status(
        counter=_counter(action, "fire_counter", unit),
        gun_counter=gun_counter,
        forcing=forcing,
        crew_forced=crew_forced,
        gun_must_if=crew_forced and gun_counter == "first" and problem is None,
        gun_problem=problem,
        # A failed CC Reaction Fire PAATC also rules out Non-CC Reaction Fire (D7.21): the one taken
        # now, or the one taken when the AFV entered earlier in the MPh (paatc_taken, A12.41).
        paatc_failed=paatc_vs_afv and not action.flag("paatc_passed", True),
    )
    values: dict[str, Any] = {
        "type": kind,
        "mandatory": status.mandatory,
        "fpf": status.fpf,
        "nmc_on_attack_dr": status.fpf,
        "paatc_required": kind == "cc" and paatc_due,
    }
    if kind == "cc":
        drm, more = _cc(action, unit, vehicle, status, reasons)
    else:
        drm, more = _non_cc(action, unit, vehicle, gun, status, reasons)
    values.update(more)
    earlier = [EARLIER_PAATC_NOTE] if status.paatc_failed and not paatc_due else []
    notes = [*earlier, *_fpf_notes(action, vehicle, status), *values.pop("notes", ())]
    if notes:
        values["notes"] = notes
    if kind == "non_cc" and values["weapon"] == "gun" and shot is not None:
        return _gun_answer(action, shot, values, reasons)
    return Resolution(action.kind, not reasons, tuple(reasons), tuple(drm), values)


def _gun_answer(action: Action, shot: tuple[Action, Shot], values: dict[str, Any], reasons: list[str]) -> Resolution:
    """A Gun's Non-CC Reaction Fire: its full To Hit as ``fire`` answers it (DRM lines, TH#, B#,
    the numbers to roll, odds and, with dice, the outcome), under the Reaction Fire's own legality."""
    fire, gun_shot = shot
    th = answer_shot(fire, gun_shot)
    own_notes = values.pop("notes", [])
    values.update(th.values["reaction_fire"])
    values.update((key, value) for key, value in th.values.items() if key not in _SHOT_ECHO)
    if own_notes:
        values["notes"] = [*own_notes, *values.get("notes", ())]
    legal = not reasons
    if not legal:
        values.update(odds_values(None))
    return Resolution(action.kind, legal, tuple(reasons), th.drm, values, th.outcome if legal else None)


def _cc(action: Action, unit: Unit, vehicle: Unit, status: _Status,
        reasons: list[str]) -> tuple[list[DrmLine], dict[str, Any]]:
    """CC Reaction Fire (D7.21-D7.213): eligibility, CCV reductions and the CC DRM."""
    if not unit.is_infantry:
        reasons.append(reason(f"{unit.id} is a {unit.kind}; only Infantry/Cavalry use CC Reaction Fire", "D7.21"))
    if action.flag("unarmed"):
        reasons.append(reason(f"{unit.id} is Unarmed", "D7.21"))
    if status.gun_must_if:
        reasons.append(reason(f"{unit.id} must Intensive Fire its Gun instead", "D7.23"))
    if unit.pinned and not status.mandatory:
        reasons.append(reason(f"{unit.id} is pinned; only FPF CC Reaction Fire, when Overrun, may be made pinned",
                              "D7.213, D7.212"))
    if status.paatc_failed and not status.mandatory:
        reasons.append(reason(f"{unit.id} failed its PAATC: it is pinned and may make no Reaction Fire", "D7.21"))
    street = action.flag("street_fighting")
    if street and (status.counter != "none" or status.gun_counter != "none" or action.flag("sw_fired")):
        reasons.append(reason(f"{unit.id} or its SW/Gun is under a fire counter: no Street Fighting", "D7.211"))
    ccv = []
    notes = []
    marked = status.counter in ("first", "final") or status.as_final
    if marked:
        ccv.append({"value": -1, "text": "under a First/Final Fire counter (D7.213)"})
    elif action.flag("sw_fired"):  # "(including its SW)": one reduction, the unit's or its SW's
        ccv.append({"value": -1, "text": "its SW is under a First/Final Fire counter (D7.213)"})
        notes.append(SW_CCV_NOTE)
    if unit.pinned or status.paatc_failed:
        ccv.append({"value": -1, "text": "pinned (D7.22 EX)"})
    drm = []
    if not action.flag("vehicle_stopped"):
        drm.append(DrmLine("CC", "A11.51", NON_STOPPED_CC_DRM, f"{vehicle.id} is Non-Stopped (D7.22 EX)"))
    if street:
        drm.append(DrmLine("ambush", "D7.211", AMBUSH_DRM, "Street Fighting Ambush"))
    if action.has("leadership"):
        if _good_order_leader(action, unit):
            drm.append(DrmLine("leadership", "D7.22 EX", action.integer("leadership", 0), "leader in the attack"))
        else:
            notes.append(reason(f"read as A10.7: every leader with {unit.id} is broken, and only a Good Order leader "
                                "gives his leadership DRM, so the CC takes none", "A10.7, D7.22 EX"))
    fresh = status.counter == "none" and not status.as_final
    return drm, {
        "ccv_modifier": sum(item["value"] for item in ccv),
        "ccv_modifiers": ccv,
        "table": "CC vs vehicle (A11.5)",
        "marks_after": ["CC (if the vehicle survives)", "First Fire" if fresh else "Final Fire"],
        **({"notes": notes} if notes else {}),
    }


def _good_order_leader(action: Action, unit: Unit) -> bool:
    """Whether a leader of the unit's side in its Location can give the CC his leadership DRM: an
    unbroken one (A10.7; the action check makes sure there is a leader at all)."""
    return any(not leader.broken for leader in leaders_with(action.scenario, unit))


def _fpf_notes(action: Action, vehicle: Unit, status: _Status) -> list[str]:
    """Why a Reaction Fire under a Final Fire counter is FPF though not obligatory (D7.2, A8.31)."""
    if not status.fpf or status.mandatory:
        return []
    why = (f"{vehicle.id} is an unarmored vehicle with no PRC" if action.flag("overrun", True)
           else f"{vehicle.id} did not OVR it")
    return [reason(f"read: under a Final Fire counter FPF is the only fire left, so this Reaction Fire is FPF and its "
                   f"attack DR is also a NMC DR on the attacker; it is not obligatory, as {why}",
                   "D7.2, D7.212, D7.221, A8.31")]


def _allowed_weapons(unit: Unit, status: _Status) -> tuple[list[str], str]:
    """Non-CC weapons the DEFENDER may use, and the rule that limits them: a crew whose Gun is
    under a fire counter Intensive Fires it if it can, else TPBF (or CC) as under Final Fire (D7.23)."""
    if status.crew_forced:
        allowed, rule = (["gun"] if status.gun_must_if else ["tpbf"]), "D7.23"
    elif status.as_final:
        allowed, rule = list(FPF_WEAPONS), "D7.221"
    else:
        allowed, rule = [w for w in NON_CC_WEAPONS if w != "gun" or status.gun_problem is None], "D7.22"
    if unit.pinned:
        allowed = [w for w in allowed if w not in ("ft", "dc")]
    return allowed, rule


def _non_cc(action: Action, unit: Unit, vehicle: Unit, gun: Unit | None, status: _Status,
            reasons: list[str]) -> tuple[list[DrmLine], dict[str, Any]]:
    """Non-CC Reaction Fire vs an OVR (D7.22, D7.221, D7.23): weapon, rear Target Facing, Gun CA."""
    if not action.flag("overrun", True):
        reasons.append(reason("Non-CC Reaction Fire is made only vs an OVRing vehicle", "D7.2"))
    if status.paatc_failed:
        reasons.append(reason(f"{unit.id} failed a Reaction Fire PAATC: no Non-CC Reaction Fire either", "D7.21"))
    allowed, rule = _allowed_weapons(unit, status)
    gun_ready = gun is not None and status.gun_problem is None
    weapon = action.choice("weapon", NON_CC_WEAPONS, "gun" if gun_ready and "gun" in allowed else "tpbf")
    if unit.pinned and weapon in ("ft", "dc"):
        reasons.append(reason(f"{unit.id} is pinned and cannot use a FT or DC", "D7.22, A7.81"))
    elif weapon == "gun" and gun is not None and status.gun_problem is not None:
        reasons.append(status.gun_problem)
    elif weapon not in allowed:
        reasons.append(reason(f"{unit.id} must use {' or '.join(allowed)} here, not {weapon}", rule))
    if weapon == "dc" and status.counter == "first":
        reasons.append(reason(f"{unit.id} is marked with a First Fire counter and may not Throw a DC", "A23.63, D7.22"))
    if weapon == "dc" and not unit.dc:
        reasons.append(reason(f"{unit.id} carries no DC", "A23.6"))
    if weapon == "mol" and (status.counter != "none" or status.gun_counter != "none"):
        reasons.append(reason("MOL cannot be used with TPBF by a unit (or its Gun) under a fire counter", "D7.22"))
    values: dict[str, Any] = {"weapon": weapon, "allowed_weapons": allowed, "target_facing": "rear"}
    if weapon == "dc" and status.as_final:
        values["notes"] = [FPF_DC_NOTE]
    if weapon == "gun":
        if gun is None:
            reasons.append(reason(f"{unit.id} mans no Gun", "D7.22"))
        if vehicle.vca is None:
            raise AslError(f"vehicle {vehicle.id!r} has no vca; give it a hexspine such as \"N/NE\"", "action.vehicle")
    return [], values
