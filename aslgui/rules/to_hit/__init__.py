"""Ordnance To Hit (C3, C4, C5): the ``fire`` action.

``resolve_fire`` reads the shot, looks up the Basic TH# and its C4 modifications, lists every
DRM as its own line, works out the numbers a player needs before rolling, checks legality and,
when dice are given, reads them. Each concern lives in its own module of this package.
"""

from __future__ import annotations

from typing import Any

from aslgui.errors import AslError
from aslgui.geometry import SPINE_NAMES
from aslgui.rules.actions import Action
from aslgui.rules.odds import WithOdds
from aslgui.rules.resolution import DrmLine, Resolution
from aslgui.rules.to_hit import table
from aslgui.rules.to_hit.effects import fp_number, he_attack
from aslgui.rules.to_hit.firer_drm import FIRER_CASES
from aslgui.rules.to_hit.legality import reasons
from aslgui.rules.to_hit.notes import rate_of_fire, rof_lost, shot_notes
from aslgui.rules.to_hit.numbers import ThNumbers
from aslgui.rules.to_hit.outcome import Roll, breakdown, fire_odds, resolve_dice
from aslgui.rules.to_hit.shot import Shot, read_shot, unit_path
from aslgui.rules.to_hit.target_drm import NOT_IN_REACTION_FIRE, TARGET_CASES, applies, hindrance_lines


def drm_lines(shot: Shot) -> tuple[DrmLine, ...]:
    """Every firer- and target-based DRM of the shot, its LOS Hindrances, then the user's, in case order."""
    found = (case(shot) for case in (*FIRER_CASES, *TARGET_CASES))
    lines = (*found, *hindrance_lines(shot), *shot.extra)
    return tuple(line for line in lines if line is not None and applies(line, shot))


def _colour(shot: Shot) -> str:
    """Red for the Area Target Type whoever fires (C3.3 EXC), else by nationality (A25)."""
    if shot.target_type == "area":
        return "red"
    nationality = shot.firer.nationality or shot.crew.nationality
    return table.th_colour(nationality, bool(shot.unfamiliar), f"{unit_path(shot.scenario, shot.firer)}.nationality")


def _reaction_values(shot: Shot) -> dict[str, Any]:
    """How a Gun's Reaction Fire is made (D7.22, D7.23): the CA it turns to, the TH Cases NA, the
    Target Facing a hit strikes, and whether it is Intensive Fire."""
    vca = shot.target.vca if shot.target is not None else None
    if vca is None:
        raise AslError("the OVRing vehicle needs a vca (e.g. \"N/NE\"): the Gun turns its CA to it (D7.22)",
                       "action.target")
    return {"gun_ca": SPINE_NAMES[vca], "th_cases_na": list(NOT_IN_REACTION_FIRE), "target_facing": "rear",
            "gun_fire": "intensive" if shot.intensive else "normal"}


def resolve_fire(action: Action) -> Resolution:
    """``fire``: legality, Basic/Modified TH#, DRM lines, the numbers to roll and, with dice, the outcome."""
    return answer_shot(action, read_shot(action))


def answer_shot(action: Action, shot: Shot) -> Resolution:
    """The ``fire`` answer of a shot read from ``action`` (whose dice and ``effects_dr`` it reads):
    also the To Hit of a Gun's Reaction Fire (D7.22), so both kinds answer it alike."""
    colour = _colour(shot)
    basic = table.basic_th(shot.target_type, colour, shot.range)
    changes = table.modifications(shot.arms, shot.ammo, shot.range)
    modified = basic + sum(change.value for change in changes)
    lines = drm_lines(shot)
    total = sum(line.value for line in lines)
    numbers = ThNumbers(modified, total, shot.target_type, shot.deliberate, shot.doubles_lower_dr)
    illegal = reasons(shot)
    values: dict[str, Any] = {
        "firer": shot.firer.id,
        "target": shot.target.id if shot.target else None,
        "target_hex": action.scenario.grid.name(shot.target_hex),
        "target_type": shot.target_type,
        "ammo": shot.ammo,
        "colour": colour,
        "range": shot.range,
        "basic_th": basic,
        "th_modifications": [change.to_json() for change in changes],
        "modified_th": modified,
        "final_th_needed": numbers.final_th_needed,
        "improbable": numbers.improbable,
        "critical_max_dr": numbers.critical_max_dr,
        "critical_needs_dr": numbers.critical_needs_dr,
        "ca_change_spines": shot.spines,
        "doubled_lower_dr": numbers.doubled_lower_dr,
        "breakdown": breakdown(shot),
        "rof": rate_of_fire(shot),
        "rof_note": rof_lost(shot),
        "ovr_prevention": shot.prevention_rule,
        "notes": [*shot_notes(shot), *filter(None, [numbers.doubled_ch_note])],
    }
    attack = he_attack(shot)
    if attack is not None:
        values.update(fp=fp_number(attack.fp), ift_column=attack.column)
    if shot.target_type == "area":
        values["rof_consumed"] = not shot.arms.mortar  # C3.33
    if shot.reaction:
        values["reaction_fire"] = _reaction_values(shot)
    roll = action.dice
    outcome = None
    if roll is not None and not illegal:
        effects_dr = action.integer("effects_dr", 0, 2, 12) if action.has("effects_dr") else None
        outcome = resolve_dice(shot, numbers, Roll(roll, action.dr), effects_dr)
    odds = WithOdds(values, lambda: None if illegal else fire_odds(shot, numbers))
    return Resolution(kind=action.kind, legal=not illegal, reasons=illegal, drm=lines, values=odds, outcome=outcome)


__all__ = ["answer_shot", "drm_lines", "read_shot", "resolve_fire"]
