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
from aslgui.rules.to_hit.outcome import Roll, agreed, breakdown, destroyed_by_ch, fire_odds, resolve_dice
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


def _entry(unit: Unit, answer: Resolution) -> dict[str, Any]:
    """A unit's entry in the hex outcome's ``targets``: the keys of its own outcome that are the unit's."""
    outcome = answer.outcome or {}
    return {"id": unit.id, **{key: outcome[key] for key in _PER_UNIT if key in outcome}}


def _ch_target(shot: Shot, unit: Unit) -> str:
    """Who Random Selection picks among: a manned Gun and its manning Infantry are one pick, as a CH
    on either destroys both (C3.71, C11.4); any other unit is its own."""
    destroyed = destroyed_by_ch(shot._replace(target=unit))
    return "/".join(destroyed) if destroyed else unit.id


def _critical_hit_entries(action: Action, shot: Shot, struck: list[Unit],
                          entries: dict[str, dict[str, Any]]) -> str:
    """C3.74 for a CH at a hex where several units would take it: the CH's special provisions reach
    only the target Random Selection picks, the rest taking a normal hit; a vehicle always takes the
    CH, the others their normal hit. The answer rolls no Random Selection: an entry it decides keeps
    what both ways agree on (the rest null) and gives both, ``if_selected`` and ``if_not_selected``.
    Answers the note saying which way the hex went."""
    vehicles = [unit for unit in struck if unit.kind == "vehicle"]
    pool = vehicles or struck
    picks = list(dict.fromkeys(_ch_target(shot, unit) for unit in pool))
    rest_ids = [unit.id for unit in struck if unit not in pool]
    for unit in struck:
        if unit in pool and len(picks) == 1:
            continue
        normal = _entry(unit, answer_shot(action, shot._replace(target=unit, ch_applies=False)))
        if unit not in pool:
            entries[unit.id] = normal
            continue
        selected = entries[unit.id]
        both = agreed([selected, normal])
        both["notes"] = [*both["notes"], reason(f"Random Selection decides whether the CH strikes {unit.id}",
                                                "C3.74")]
        entries[unit.id] = {**both, "if_selected": _without_id(selected), "if_not_selected": _without_id(normal)}
    verb = "takes" if len(rest_ids) == 1 else "take"
    rest = f"; {', '.join(rest_ids)} {verb} a normal hit (normal FP, TEM not reversed)" if rest_ids else ""
    if len(picks) == 1:
        what = f"the vehicle {picks[0]}" if vehicles else f"the Gun and its manning Infantry {picks[0]}"
        return reason(f"the CH strikes {what}{rest}", "C3.74")
    among = f"the vehicles {', '.join(picks)}" if vehicles else ", ".join(picks)
    return reason(f"Random Selection picks which of {among} the CH strikes: its entry's if_selected is its attack "
                  f"then, if_not_selected the normal hit (normal FP, TEM not reversed) each other one takes{rest}",
                  "C3.74")


def _without_id(entry: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in entry.items() if key != "id"}


def _each_unit_in_the_hex(action: Action, shot: Shot, values: dict[str, Any],
                          outcome: dict[str, Any] | None) -> dict[str, Any] | None:
    """An Area Target Type shot at a hex attacks each unit in it as a shot at that unit would (C3.33,
    C3.4): a vehicle as C3.332 says (C1.55 armor lines, no TEM that made it HD, C3.72 under a CH), a
    manned Gun destroyed by a CH (C3.71); under a CH that several units would take, as C3.74 says.
    ``targets`` lists each; the hex's outcome keeps what all share."""
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
    entries = {unit.id: _entry(unit, answer) for unit, answer in answers if answer.outcome is not None}
    struck = [unit for unit, answer in answers if (answer.outcome or {}).get("critical") is True]
    if len(struck) > 1:
        shared["notes"] = [*shared["notes"], _critical_hit_entries(action, shot, struck, entries)]
        # the CH's doubled FP is no longer what every unit takes
        shared.update({key: None for key in ("fp", "ift_column") if key in shared})
    shared["targets"] = list(entries.values())
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
