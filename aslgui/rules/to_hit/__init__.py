"""Ordnance To Hit (C3, C4, C5): the ``fire`` action.

``resolve_fire`` reads the shot, looks up the Basic TH# and its C4 modifications, lists every
DRM as its own line, works out the numbers a player needs before rolling, checks legality and,
when dice are given, reads them. Each concern lives in its own module of this package.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from aslgui.errors import AslError
from aslgui.geometry import SPINE_NAMES
from aslgui.model import Unit
from aslgui.rules.actions import Action
from aslgui.rules.nationality import nationality_of
from aslgui.rules.odds import WithOdds
from aslgui.rules.resolution import DrmLine, Resolution, reason
from aslgui.rules.tables import ift_column
from aslgui.rules.to_hit import table
from aslgui.rules.to_hit.effects import attack_fp, fp_number
from aslgui.rules.to_hit.firer_drm import FIRER_CASES
from aslgui.rules.to_hit.legality import reasons
from aslgui.rules.to_hit.notes import rate_of_fire, reading_notes, rof_lost, shot_notes
from aslgui.rules.to_hit.numbers import ThNumbers
from aslgui.rules.to_hit.outcome import Roll, breakdown, fire_odds, resolve_dice
from aslgui.rules.to_hit.shot import Shot, read_shot, unit_path
from aslgui.rules.to_hit.target_drm import NOT_IN_REACTION_FIRE, TARGET_CASES, applies, hindrance_lines


def drm_lines(shot: Shot) -> tuple[DrmLine, ...]:
    """Every firer- and target-based DRM of the shot, its LOS Hindrances, then the user's, in case order."""
    found = (case(shot) for case in (*FIRER_CASES, *TARGET_CASES))
    lines = (*found, *hindrance_lines(shot), *shot.extra)
    return tuple(line for line in lines if line is not None and applies(line, shot))


class ThColour(NamedTuple):
    """The TH# colour of a shot, the reading taken when the file names no nationality (a note),
    and what of it is unverified: a colour the A25 chart gives from memory (``verified`` false)."""

    colour: str
    note: str | None = None
    unverified: str | None = None


def _colour(shot: Shot) -> ThColour:
    """Red for the Area Target Type whoever fires (C3.3 EXC) and for an unfamiliar weapon (C5.8,
    A21.12, A21.13), else by the firer's nationality, else its crew's (A25); without either, by a
    side that names one, else black, as most of the A25 chart is."""
    if shot.target_type == "area" or shot.unfamiliar:
        return ThColour("red")
    found = nationality_of(shot.firer, shot.crew)
    if not found.name:
        return ThColour("black", reason(f"read: {found.reading}, so TH# colour taken as black", "A25"))
    colour, verified = table.th_colour(found.name, f"{unit_path(shot.scenario, found.unit)}.nationality")
    note = None if found.stated else reason(f"read: {found.reading}, so the {colour} TH#", "A25")
    unverified = None if verified else (f"{found.name} {colour} TH# (A25): the chart value as remembered, not "
                                        "checked against the printed chart")
    return ThColour(colour, note, unverified)


def _reaction_values(shot: Shot) -> dict[str, Any]:
    """How a Gun's Reaction Fire is made (D7.22, D7.23): the CA it turns to, the TH Cases NA, the
    Target Facing a hit strikes, and whether it is Intensive Fire."""
    vca = shot.target.vca if shot.target is not None else None
    if vca is None:
        raise AslError("the OVRing vehicle needs a vca (e.g. \"N/NE\"): the Gun turns its CA to it (D7.22)",
                       "action.target")
    return {"gun_ca": SPINE_NAMES[vca], "th_cases_na": list(NOT_IN_REACTION_FIRE), "target_facing": "rear",
            "gun_fire": "intensive" if shot.intensive else "normal"}


#: What ``targets`` tells of each unit an Area Target Type shot at a hex attacks.
_PER_UNIT = ("hit", "critical", "improbable", "location", "final_dr", "needs_dr", "resolve_on", "fp", "ift_column",
             "effects_drm", "effects_total_drm", "result", "destroyed", "notes")
#: Outcome keys that belong to a unit, not to the hex: each unit's are in ``targets`` instead.
_UNIT_ONLY = ("effects_drm", "effects_total_drm", "result")


def hex_units(shot: Shot) -> list[Unit]:
    """The units an Area Target Type shot at a hex (no ``target``) attacks: every unit there, friendly
    too (C3.33), but not Passengers/Riders, whose Collateral Attack (D.8) is not modelled."""
    if shot.target is not None or shot.target_type != "area":
        return []
    return [unit for unit in shot.scenario.units_at(shot.target_hex) if unit.aboard is None]


def _each_unit_in_the_hex(action: Action, shot: Shot, values: dict[str, Any],
                          outcome: dict[str, Any] | None) -> dict[str, Any] | None:
    """An Area Target Type shot at a hex attacks each unit in it as a shot at that unit would (C3.33,
    C3.4): a vehicle as C3.332 says (C1.55 armor lines, no TEM that made it HD, C3.72 under a CH), a
    manned Gun destroyed by a CH (C3.71). ``targets`` lists each; the hex's outcome keeps what all share."""
    units = hex_units(shot)
    if not units:
        return outcome
    answers = [(unit, answer_shot(action, shot._replace(target=unit))) for unit in units]
    values["targets"] = [{"id": unit.id, "total_drm": answer.total_drm,
                          "final_th_needed": answer.values["final_th_needed"]} for unit, answer in answers]
    values["notes"].append(reason("each unit in the hex is attacked as its entry in targets says", "C3.33, C3.332"))
    if outcome is None:
        return None
    shared = {key: value for key, value in outcome.items() if key not in _UNIT_ONLY}
    shared["targets"] = [{"id": unit.id, **{key: answer.outcome[key] for key in _PER_UNIT if key in answer.outcome}}
                         for unit, answer in answers if answer.outcome is not None]
    others = [unit for unit in units if unit.kind != "vehicle"]
    if outcome.get("critical") and len(others) > 1:
        shared["notes"] = [*shared["notes"], reason(
            "each entry is that unit struck by the CH: a vehicle always is, and Random Selection picks which one of "
            "the other units is, the rest taking a normal hit", "C3.74")]
    return shared


def resolve_fire(action: Action) -> Resolution:
    """``fire``: legality, Basic/Modified TH#, DRM lines, the numbers to roll and, with dice, the outcome."""
    return answer_shot(action, read_shot(action))


def answer_shot(action: Action, shot: Shot) -> Resolution:
    """The ``fire`` answer of a shot read from ``action`` (whose dice and ``effects_dr`` it reads):
    also the To Hit of a Gun's Reaction Fire (D7.22), so both kinds answer it alike."""
    colour, colour_note, colour_unverified = _colour(shot)
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
        "notes": [
            *shot_notes(shot), *reading_notes(shot, action.has("target_type")),
            *filter(None, [colour_note, numbers.doubled_ch_note, numbers.doubled_improbable_note,
                           numbers.infantry_original_two_note]),
        ],
    }
    if colour_unverified:
        values["unverified"] = [colour_unverified]
    fp = attack_fp(shot)
    if fp is not None:
        values.update(fp=fp_number(fp), ift_column=ift_column(fp))
    if shot.target_type == "area":
        values["rof_consumed"] = not shot.arms.mortar  # C3.33
    if shot.reaction:
        values["reaction_fire"] = _reaction_values(shot)
    roll = action.dice
    outcome = None
    if roll is not None and not illegal:
        effects_dr = action.integer("effects_dr", 0) if action.has("effects_dr") else None
        outcome = resolve_dice(shot, numbers, Roll(roll, action.dr), effects_dr)
    outcome = _each_unit_in_the_hex(action, shot, values, outcome)
    odds = WithOdds(values, lambda: None if illegal else fire_odds(shot, numbers))
    return Resolution(kind=action.kind, legal=not illegal, reasons=illegal, drm=lines, values=odds, outcome=outcome)


__all__ = ["answer_shot", "drm_lines", "read_shot", "resolve_fire"]
