"""The rolled forms of Reaction Fire other than a Gun's shot (D7.21, D7.22): CC vs the vehicle,
TPBF and a FT on the IFT, a Thrown DC as ``throw_dc`` answers it. Each gives its numbers and,
with dice, its outcome, so the window rolls it and Commit applies only what was rolled.

The CC Table (A11) is not in the rules folder: its vehicle line is read from the D7.22 EX (see
docs/readings.md) and every value taken from it is named in the answer's ``unverified``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from aslgui.errors import AslError
from aslgui.model import Unit
from aslgui.rules.actions import Action
from aslgui.rules.demolition import resolve_throw_dc
from aslgui.rules.ift_attack import ift_outcome, number
from aslgui.rules.kinds import RESOLVERS
from aslgui.rules.odds import WithOdds, counting, tally_totals
from aslgui.rules.overrun_fp import printed_fp
from aslgui.rules.resolution import DrmLine, Resolution, reason
from aslgui.rules.tables import ift_column
from aslgui.rules.to_hit.outcome import nmc_result
from aslgui.rules.to_hit.shot import printed_morale

#: A unit's CCV vs a vehicle by kind: a squad's 5 as the D7.22 EX gives a 6-2-8 (and a 4-4-7 with
#: an 8-1, 6); a half-squad's or crew's 4 is the A11 value this project cannot check.
CCV_BY_KIND = {"squad": 5, "halfsquad": 4, "crew": 4}
LEADER_CCV = 1  # D7.22 EX: the 4-4-7 and 8-1 attack with a combined CCV of 6
UNLIKELY_KILL_DR = 2  # D7.22 EX, A11.501: an Original DR of 2 may yet be an Unlikely Kill
TPBF_MULTIPLIER = 3  # A7.21, as D7.11 triples TPBF
FT_FP = 24  # A22: a FT's FP, never tripled (A22 is not in the rules folder)
CC_READING = ("CC vs a vehicle (A11.5, as the D7.22 EX reads it): a Final DR below the CCV eliminates it, one "
              "equal to the CCV immobilizes it, one at or below half the CCV (FRD) leaves a burning wreck")
CC_UNVERIFIED = f"{CC_READING}; A11 is not in the rules folder"
CC_ODDS = counting(("unlikely_kill_possible",), ("cc_result",))
IFT_ODDS = counting((), ("result",))
#: The reading that lets a DEFENDER Throw its DC into its own Location at the OVRing vehicle.
DC_OWN_LOCATION_NOTE = reason("read: D7.22 lets the DEFENDER Throw its DC at the vehicle that OVRan its own Location, "
                              "an exception to A23.61's own-Location limit", "D7.22, A23.61")
IFT_VS_AFV_NOTE = ("the IFT result's effect on an AFV (its crew if CE/OT, A7.211; a FT on the HE & Flame To Kill "
                   "Table, C7.34) is not in the rules folder: Commit marks the fire and leaves the AFV as it is")
IFT_VS_VEHICLE_NOTE = ("the IFT result's effect on an unarmored vehicle (D-chapter damage) is not in the rules folder: "
                       "Commit marks the fire and leaves the vehicle as it is")


def _outcome(action: Action, read: Callable[[int], dict[str, Any]], unit: Unit, fpf: bool) -> dict[str, Any] | None:
    """The outcome of the dice, with the FPF attacker's own NMC (A8.31) when the attack is FPF and
    its Morale Level is known."""
    if action.dice is None:
        return None
    outcome = read(action.dice.total)
    morale = printed_morale(unit)
    if fpf and morale is not None:  # the D7.22 EX's 6-2-8: pinned on an 8, broken on 9 or more
        outcome["nmc"] = nmc_result(morale, action.dice.total)
    return outcome


def _base_ccv(action: Action, unit: Unit) -> tuple[int, str]:
    """The attacker's CCV before D7.213's reductions: ``ccv`` when given, else by its kind plus a
    leader attacking along (``leadership``), and what of it is unverified."""
    if action.has("ccv"):
        return action.integer("ccv"), ""
    base = CCV_BY_KIND.get(unit.kind, 0)
    leader = LEADER_CCV if action.has("leadership") else 0
    text = f"CCV {base} of a {unit.kind}" + (f" +{leader} for the leader along (D7.22 EX)" if leader else "")
    return base + leader, text + " (A11; give \"ccv\" to state it)"


def cc_attack(action: Action, unit: Unit, vehicle: Unit, drm: list[DrmLine], ccv_modifier: int, fpf: bool,
              values: dict[str, Any]) -> tuple[WithOdds, dict[str, Any] | None]:
    """CC Reaction Fire's numbers and, with dice, its outcome (D7.21, D7.213, as the EX reads A11.5):
    a vehicle eliminated or burned comes off the map (``eliminated``)."""
    base, base_text = _base_ccv(action, unit)
    ccv = base + ccv_modifier
    total = sum(line.value for line in drm)
    values.update({
        "ccv": base,
        "final_ccv": ccv,
        "burn_max_final_dr": ccv // 2,
        "kill_max_final_dr": ccv - 1,
        "immobilize_final_dr": ccv,
        "unlikely_kill_original_dr": UNLIKELY_KILL_DR,
        "unverified": [CC_UNVERIFIED, *([base_text] if base_text else [])],
    })

    def read(original: int) -> dict[str, Any]:
        final = original + total
        result = ("burned" if final <= ccv // 2 else "eliminated" if final < ccv
                  else "immobilized" if final == ccv else "none")
        out: dict[str, Any] = {"original_dr": original, "final_dr": final, "cc_result": result}
        if result in ("burned", "eliminated"):
            out["eliminated"] = [vehicle.id]
        if original == UNLIKELY_KILL_DR and result in ("immobilized", "none"):
            out["unlikely_kill_possible"] = True  # A11.501, resolved by the player
        return out

    return WithOdds(values, lambda: tally_totals(read, CC_ODDS)), _outcome(action, read, unit, fpf)


def _own_fp(action: Action, unit: Unit, reasons: list[str]) -> float:
    """The unit's printed FP for TPBF: its ``fp``, else the first figure of a name like 4-6-7;
    without either the attack is refused, naming what to give (0 FP meanwhile)."""
    try:
        return printed_fp(unit, action.scenario)
    except AslError:
        reasons.append(reason(f"{unit.id}'s FP is unknown: give it \"fp\" or a name such as \"4-6-7\"", "D7.22"))
        return 0.0


def ift_attack(action: Action, unit: Unit, vehicle: Unit, fpf: bool,
               values: dict[str, Any], reasons: list[str]) -> tuple[WithOdds, dict[str, Any] | None]:
    """TPBF (the unit's FP and ``sw_fp``, tripled, A7.21) or a FT (24 FP) vs the OVRing vehicle on
    the IFT (D7.22): FP, column and, with dice, the printed result."""
    if values["weapon"] == "ft":
        held = unit.extra.get("sw")  # a unit stating no ``sw`` list is not checked, as with ``special_ammo``
        if isinstance(held, list) and not any(str(sw).split(" (")[0] == "FT" for sw in held):
            reasons.append(reason(f"{unit.id} holds no FT (its \"sw\" list names none)", "D7.22, A22"))
        fp: float = FT_FP
        parts = [{"source": "FT (A22)", "fp": FT_FP}]
        unverified = [f"a FT attacks with {FT_FP} FP, never tripled (A22)"]
    else:
        said = len(reasons)
        own = _own_fp(action, unit, reasons)
        sw_fp = action.integer("sw_fp", 0)
        fp = (own + sw_fp) * TPBF_MULTIPLIER
        if fp == 0 and len(reasons) == said:  # a leader alone: nothing to fire (D7.22: within its present capabilities)
            reasons.append(reason(f"{unit.id} has no FP to fire TPBF, nor a SW's (sw_fp)", "D7.22"))
        parts = [{"source": f"{unit.id} FP {number(own)}" + (f" + SW {sw_fp}" if sw_fp else "") + " x 3 (TPBF, A7.21)",
                  "fp": number(fp)}]
        unverified = []
    column = ift_column(fp)
    note = IFT_VS_AFV_NOTE if vehicle.afv else IFT_VS_VEHICLE_NOTE
    values.update({"fp": number(fp), "fp_parts": parts, "ift_column": column, "attack_table": "IFT",
                   "vehicle_effect_note": note})
    if unverified:
        values["unverified"] = unverified

    def read(original: int) -> dict[str, Any]:
        return {"original_dr": original, **ift_outcome(column, original, 0)}

    odds = WithOdds(values, lambda: None if reasons else tally_totals(read, IFT_ODDS))
    return odds, _outcome(action, read, unit, fpf)


def dc_attack(action: Action, unit: Unit, vehicle: Unit, values: dict[str, Any]) -> Resolution:
    """A DC Thrown at the OVRing vehicle in the DEFENDER's own Location (D7.22), as ``throw_dc``
    answers it: vs an AFV predesignated at it (rear Target Facing, A23.5), else on the Location."""
    data: dict[str, Any] = {"kind": "throw_dc", "unit": unit.id, "target_hex": action.scenario.grid.name(unit.hex),
                            "phase": action.phase, "target_in_bypass": True,
                            **({"vs_afv": vehicle.id} if vehicle.afv else {}),
                            **{key: action.data[key] for key in ("dice", "thrower_dice") if key in action.data}}
    # Its fire counter is the Reaction Fire's to read (A23.63 as D7.22/D7.221 read it), not a marker.
    scenario = copy.copy(action.scenario)  # shares the map and terrain, which the throw does not change
    scenario.units = {**scenario.units, unit.id: unit._replace(fired=False)}
    throw = resolve_throw_dc(Action(data, scenario, RESOLVERS["throw_dc"].keys, RESOLVERS["throw_dc"].required))
    thrown = dict(throw.values)
    notes = [*values.pop("notes", ()), DC_OWN_LOCATION_NOTE, *thrown.pop("notes", ())]
    values.update(thrown)
    values["notes"] = notes
    return Resolution(action.kind, throw.legal, throw.reasons, throw.drm, values, throw.outcome)
