"""Ordnance To Hit (C3, C4, C5): the ``fire`` action.

``resolve_fire`` reads the shot, looks up the Basic TH# and its C4 modifications, lists every
DRM as its own line, works out the numbers a player needs before rolling, checks legality and,
when dice are given, reads them. Each concern lives in its own module of this package.
"""

from collections.abc import Iterable
from typing import Any, NamedTuple

from aslgui.errors import AslError
from aslgui.geometry import SPINE_NAMES
from aslgui.model import Unit
from aslgui.rules.actions import Action
from aslgui.rules.los import los_map, unit_level
from aslgui.rules.nationality import nationality_of
from aslgui.rules.odds import WithOdds
from aslgui.rules.resolution import DrmLine, Resolution, reason
from aslgui.rules.tables import ift_column
from aslgui.rules.to_hit import table
from aslgui.rules.to_hit.acquisition import acquisition_note
from aslgui.rules.to_hit.effects import CH_FP_NOTE, attack_fp, fp_number
from aslgui.rules.to_hit.firer_drm import FIRER_CASES, case_a, case_e
from aslgui.rules.to_hit.notes import reading_notes, rof_lost, shot_notes
from aslgui.rules.to_hit.numbers import ThNumbers
from aslgui.rules.to_hit.outcome import Roll, agreed, manned_gun, reading, reading_odds, resolve_dice
from aslgui.rules.to_hit.shot import SMOKE_AMMO, Shot, read_shot, sight_of, unit_path, with_a_vehicle
from aslgui.rules.to_hit.target_drm import (
    NOT_IN_REACTION_FIRE,
    TARGET_CASES,
    applies,
    case_j_uncounted,
    case_l,
    case_q,
    case_q_counts,
    crossed_q,
    hindrance_lines,
)
from aslgui.rules.to_hit.unit_checks import each_check, unit_reasons

#: Every firer- and target-based DRM case, in case order.
_DRM_CASES = (*FIRER_CASES, *TARGET_CASES)
#: What ``FIRER_CASES`` give a shot, each a line or None: they read neither its target unit nor its
#: LOS, so the units of a hex, each a shot differing from the hex's in those alone, share them.
FirerLines = list[DrmLine | None]


def firer_lines(shot: Shot) -> FirerLines:
    """The lines (or None) of the shot's ``FIRER_CASES``, in case order."""
    return [case(shot) for case in FIRER_CASES]  # lists, not generators: asked for every shot (issue 40)


def drm_lines(shot: Shot, firer: FirerLines | None = None,
              crossed: dict[str, DrmLine | None] | None = None) -> tuple[DrmLine, ...]:
    """Every firer- and target-based DRM of the shot, its LOS Hindrances, then the user's, in case
    order; ``firer``: its ``firer_lines`` when already worked out; ``crossed``: Case Q's
    ``crossed_q`` line once worked out for the hex (under ``"Q"``), shared by its units."""
    lines = firer_lines(shot) if firer is None else [*firer]
    if crossed is None:
        lines += [case(shot) for case in TARGET_CASES]
    else:
        lines += [case(shot) if case is not case_q else _shared_q(shot, crossed) for case in TARGET_CASES]
    lines += hindrance_lines(shot)
    lines += shot.extra
    return tuple([line for line in lines if line is not None and applies(line, shot)])


class ThColour(NamedTuple):
    """The TH# colour of a shot, the reading taken when the file names no nationality (a note),
    and what of it is unverified: a colour the A25 chart gives from memory (``verified`` false)."""

    colour: str
    note: str | None = None
    unverified: str | None = None


def shot_colour(shot: Shot) -> ThColour:
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


class ThCount(NamedTuple):
    """A shot's TH# worked out: the Basic TH#, its C4 modifications, every DRM line, the numbers."""

    basic: int
    changes: tuple[table.ThModification, ...]
    lines: tuple[DrmLine, ...]
    numbers: ThNumbers


def _numbers(shot: Shot, basic: int, changes: tuple[table.ThModification, ...], total: int) -> ThNumbers:
    return ThNumbers(basic + sum(change.value for change in changes), total, shot.target_type, shot.deliberate,
                     shot.doubles_lower_dr)


def th_numbers(shot: Shot, colour: str) -> ThCount:
    """The Basic TH# of the shot's Target Type, colour and range (C3.3), modified by C4, and its
    DRM: what ``fire`` answers and an odds map counts for each hex (DESIGN.md 12)."""
    basic, changes = _basic(shot, colour)
    lines = drm_lines(shot)
    return ThCount(basic, changes, lines, _summed(shot, basic, changes, lines))


def _basic(shot: Shot, colour: str) -> tuple[int, tuple[table.ThModification, ...]]:
    """The Basic TH# of the shot's Target Type, colour and range (C3.3), and its C4 modifications."""
    return table.basic_th(shot.target_type, colour, shot.range), table.modifications(shot.arms, shot.ammo, shot.range)


def _summed(shot: Shot, basic: int, changes: tuple[table.ThModification, ...],
            lines: tuple[DrmLine, ...]) -> ThNumbers:
    return _numbers(shot, basic, changes, sum(line.value for line in lines))


#: The DRM cases that read where the shot is aimed: Case A's hexspines, Case E's and L's range,
#: Case Q's target hex (with the LOS Hindrances, ``hindrance_lines``). The others read only the
#: firer, the phase and the target unit's own state, so an odds map totals them once per firer.
AIMED_CASES = (case_a, case_e, case_l, case_q)
_FIRER_ONLY_CASES = tuple(case for case in _DRM_CASES if case not in AIMED_CASES)


def _total(shot: Shot, lines: Iterable[DrmLine | None]) -> int:
    return sum(line.value for line in lines if line is not None and applies(line, shot))


def _shared_q(shot: Shot, crossed: dict[str, DrmLine | None]) -> DrmLine | None:
    """``case_q(shot)``, its crossed TEM line worked out once for the hex (``crossed``)."""
    if not case_q_counts(shot):
        return None
    if "Q" not in crossed:
        crossed["Q"] = crossed_q(shot)
    return crossed["Q"]


def firer_drm(shot: Shot) -> int:
    """The total of the shot's DRM that are the same wherever it is aimed at its target unit, the
    user's own (``extra``) included: ``aimed_numbers`` adds those of where it is aimed."""
    return _total(shot, (*(case(shot) for case in _FIRER_ONLY_CASES), *shot.extra))


def aimed_numbers(shot: Shot, colour: str, firer_total: int) -> ThNumbers:
    """``th_numbers(shot, colour).numbers`` with ``firer_drm(shot)`` given (an odds map totals it
    once per firer): the same integers summed in another order, so the same numbers."""
    aimed = _total(shot, (*(case(shot) for case in AIMED_CASES), *hindrance_lines(shot)))
    return _modified(shot, colour, firer_total + aimed)


def best_numbers(shot: Shot, colour: str, firer_total: int, least_tem: int) -> ThNumbers:
    """The lowest DRM ``aimed_numbers`` can give a shot aimed as ``shot`` is (same range, same Case
    A hexspines) at a hex whose Case Q is at least ``least_tem``: no LOS Hindrance, each of which
    adds (B.10). A threat map skips a firer whose best cannot beat another's (DESIGN.md 12)."""
    return _modified(shot, colour, firer_total + _total(shot, (case_a(shot), case_e(shot), case_l(shot))) + least_tem)


def _modified(shot: Shot, colour: str, total: int) -> ThNumbers:
    basic = table.basic_th(shot.target_type, colour, shot.range)
    return _numbers(shot, basic, table.modifications(shot.arms, shot.ammo, shot.range), total)


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
_PER_UNIT = ("hit", "hull_down_miss", "critical", "improbable", "location", "final_dr", "needs_dr", "resolve_on", "fp",
             "ift_column", "effects_drm", "effects_total_drm", "result", "destroyed", "notes")
#: Outcome keys that belong to a unit, not to the hex: each unit's are in ``targets`` instead.
_UNIT_ONLY = ("effects_drm", "effects_total_drm", "result")


def hex_units(shot: Shot) -> list[Unit]:
    """The units a hit at the target hex can attack, each as a shot at it would: on the Area Target
    Type every unit there, friendly too (C3.33); on the Infantry Target Type every enemy unit but an
    AFV, immune to it, in the target's Location: its hex and level (C3.32, C3.41), and only when
    there are two or more (a lone target keeps its keys). Never a unit immune as C3.4 says because
    it is not moving under Defensive First Fire (``dff_immune``), nor Passengers/Riders, whose
    Collateral Attack (D.8) is not modelled, nor a Gun in tow, which shares its vehicle's fate (C10.1)."""
    if shot.target_type not in ("area", "infantry"):
        return []  # the Vehicle Target Type, most shots: no unit of the hex listed
    units = [unit for unit in shot.scenario.units_at(shot.target_hex) if not with_a_vehicle(unit)
             and not dff_immune(shot, unit)]
    if shot.target_type == "area":
        return units
    level = unit_level(shot.target)
    enemies = [unit for unit in units if unit.side != shot.firer.side and not (unit.kind == "vehicle" and unit.afv)
               and unit_level(unit) == level]
    return enemies if len(enemies) > 1 else []


def dff_immune(shot: Shot, unit: Unit) -> bool:
    """C3.4: Defensive First Fire (the DEFENDER's, in the ATTACKER's MPh) hits only what moves; a
    unit of the hex that has not moved (``moved``; a vehicle in Motion moves) is immune. The named
    target is the shot's own business, not this."""
    dff = shot.phase == "MPh" and not shot.attacker
    named = shot.target is not None and unit.id == shot.target.id
    return dff and not named and not (unit.moved or (unit.kind == "vehicle" and unit.motion))


def _at_each(shot: Shot, units: list[Unit]) -> list[tuple[Unit, Shot]]:
    """Each unit's shot, its LOS traced to the unit's own level: every DRM, a Hindrance too, is
    worked out vs each target (C3.331 and its EX). The thread to one level of the hex is traced once,
    the hex shot's own reused: it reads no unit, as a target's own counter hinders no thread to its
    hex (D9)."""
    los = los_map(shot.scenario)
    sights = {} if shot.sight is None else {unit_level(shot.target): shot.sight}
    each = []
    for unit in units:
        level = unit_level(unit)
        sight = sights.get(level)
        if sight is None:
            sight = sights[level] = sight_of(los, shot.firer, shot.target_hex, level)
        each.append((unit, shot._replace(target=unit, sight=sight)))
    return each


def _entry(unit: Unit, answer: Resolution) -> dict[str, Any]:
    """A unit's entry in the hex outcome's ``targets``: the keys of its own outcome that are the unit's."""
    outcome = answer.outcome or {}
    return {"id": unit.id, **{key: outcome[key] for key in _PER_UNIT if key in outcome}}


def _ch_target(shot: Shot, unit: Unit) -> str:
    """Who Random Selection picks among: a manned Gun and its manning Infantry are one pick, as a CH
    on either strikes both (C3.71, C11.4), whatever the round; any other unit is its own."""
    gun = manned_gun(shot._replace(target=unit))
    return "/".join(gun) if gun else unit.id


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
        normal = _entry(unit, _answer(action, shot._replace(target=unit, ch_applies=False)))
        if unit not in pool:
            entries[unit.id] = normal
            continue
        selected = entries[unit.id]
        both = agreed([selected, normal])
        both["notes"] = [*both["notes"], reason(f"Random Selection decides whether the CH strikes {unit.id}",
                                                "C3.74")]
        entries[unit.id] = {**both, "if_selected": _without_id(selected), "if_not_selected": _without_id(normal)}
    verb = "takes" if len(rest_ids) == 1 else "take"
    normal_hit = "a normal hit" if shot.ammo in SMOKE_AMMO else "a normal hit (normal FP, TEM not reversed)"
    rest = f"; {', '.join(rest_ids)} {verb} {normal_hit}" if rest_ids else ""
    if len(picks) == 1:
        what = f"the vehicle {picks[0]}" if vehicles else f"the Gun and its manning Infantry {picks[0]}"
        return reason(f"the CH strikes {what}{rest}", "C3.74")
    among = f"the vehicles {', '.join(picks)}" if vehicles else ", ".join(picks)
    return reason(f"Random Selection picks which of {among} the CH strikes: its entry's if_selected is its attack "
                  f"then, if_not_selected {normal_hit.replace('a normal', 'the normal', 1)} each other one takes{rest}",
                  "C3.74")


def _without_id(entry: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in entry.items() if key != "id"}


#: What the hex's notes say of ``targets``, by Target Type.
_EACH_UNIT = {
    "area": reason("each unit in the hex is attacked as its entry in targets says", "C3.33, C3.332"),
    "infantry": reason("each enemy unit in the Location but an AFV is hit or missed as its entry in targets says; "
                       "all hit are attacked with one Effects DR", "C3.32, C3.4"),
}
#: What the hex's notes say of ``targets`` for SMOKE or WP, which make no IFT attack (C3.33).
_SMOKE_HITS = reason("each unit in the hex is hit or missed as its entry in targets says: SMOKE or WP is placed, "
                     "no IFT attack made", "C3.33")
#: An entry's note on the Infantry Target Type when no CH sets a unit apart (C3.32).
_SAME_ATTACK = reason("hit: attacked as every enemy unit hit in the Location is, same FP, one Effects DR", "C3.32")


class _Common(NamedTuple):
    """What a shot at a hex works out that the shot at each unit in it shares, as none reads the
    target unit nor its LOS: the TH# colour (``shot_colour``), the Basic TH# and its C4
    modifications (same Target Type, colour, range, weapon and ammunition), the ``firer_lines``,
    Case Q's crossed TEM line (``crossed_q``, once worked out) and what each legality check found
    (``each_check``, of which each unit asks only ``TARGET_READERS``; issue 40)."""

    colour: ThColour
    basic: int
    changes: tuple[table.ThModification, ...]
    firer: FirerLines
    crossed: dict[str, DrmLine | None]
    checks: list[str | None]


def _each_unit_in_the_hex(action: Action, shot: Shot, values: dict[str, Any], outcome: dict[str, Any] | None,
                          common: _Common) -> dict[str, Any] | None:
    """A shot at a hex on the Area Target Type (C3.33), or at a Location of several enemy units on
    the Infantry Target Type (C3.32), attacks each unit it hits as a shot at that unit would (C3.4):
    a vehicle as C3.332 says (C1.55 armor lines, no TEM that made it HD, C3.72 under a CH), a manned
    Gun destroyed by a CH (C3.71); under a CH that several units would take, as C3.74 says.
    ``targets`` lists each; the hex's outcome keeps what all share (``common``: what the hex's shot
    worked out that each unit's shares)."""
    units = hex_units(shot)
    if not units:
        return outcome
    answers = [(unit, _answer(action, own, common=common)) for unit, own in _at_each(shot, units)]
    values["targets"] = [{"id": unit.id, "total_drm": answer.total_drm,
                          "final_th_needed": answer.values["final_th_needed"],
                          **({"improbable": True} if answer.values.get("improbable") else {})}  # C3.6
                         for unit, answer in answers]
    each = _SMOKE_HITS if shot.ammo in SMOKE_AMMO and shot.target_type == "area" else _EACH_UNIT[shot.target_type]
    values["notes"].append(each)
    if outcome is None:
        return None
    # a named target's outcome is its own; a hex's keeps what all units share
    shared = dict(outcome) if shot.target is not None else {k: v for k, v in outcome.items() if k not in _UNIT_ONLY}
    entries = {unit.id: _entry(unit, answer) for unit, answer in answers if answer.outcome is not None}
    if shot.target_type == "infantry" and shot.ammo == "HE":
        for entry in entries.values():
            if entry.get("hit") and not entry.get("critical"):
                entry["notes"] = [*entry["notes"], _SAME_ATTACK]
    struck = [unit for unit, answer in answers if (answer.outcome or {}).get("critical") is True]
    if len(struck) > 1:
        named = entries.get(shot.target.id) if shot.target is not None else None
        shared["notes"] = [*shared["notes"], _critical_hit_entries(action, shot, struck, entries)]
        if named is None or entries[named["id"]] != named:
            # the CH's doubled FP is no longer what every unit takes, nor is the named target's attack its own:
            # its note is said of the unit the CH strikes (its entry, or its if_selected), not of the hex
            shared = {key: value for key, value in shared.items() if key not in (*_UNIT_ONLY, "destroyed")}
            shared.update({key: None for key in ("fp", "ift_column") if key in shared})
            shared["notes"] = [note for note in shared["notes"] if note != CH_FP_NOTE]
    shared["targets"] = list(entries.values())
    return shared


def resolve_fire(action: Action) -> Resolution:
    """``fire``: legality, Basic/Modified TH#, DRM lines, the numbers to roll and, with dice, the outcome."""
    return answer_shot(action, read_shot(action))


def answer_shot(action: Action, shot: Shot) -> Resolution:
    """The ``fire`` answer of a shot read from ``action`` (whose dice and ``effects_dr`` it reads):
    also the To Hit of a Gun's Reaction Fire (D7.22), so both kinds answer it alike."""
    return _answer(action, shot, each_unit=True)


def _outcome(action: Action, shot: Shot, numbers: ThNumbers, illegal: tuple[str, ...]) -> dict[str, Any] | None:
    """What the action's dice do (None without dice, or for an illegal shot)."""
    roll = action.dice
    if roll is None or illegal:
        return None
    effects_dr = action.integer("effects_dr", 0) if action.has("effects_dr") else None
    return resolve_dice(shot, numbers, Roll(roll, action.dr), effects_dr)


def _answer(action: Action, shot: Shot, each_unit: bool = False, common: _Common | None = None) -> Resolution:
    """The answer of one shot; ``each_unit`` adds what it does to each unit of the hex it hits,
    whose own answers are made without it and hold only what the hex's answer reads of them: the
    DRM, ``final_th_needed`` and the outcome (no notes, no odds: issue 40). ``common``: what the
    hex's shot worked out that this unit's shares."""
    if common is None:
        found_colour = shot_colour(shot)
        basic, changes = _basic(shot, found_colour.colour)
        firer = firer_lines(shot)
        crossed: dict[str, DrmLine | None] = {}
        lines = drm_lines(shot, firer, crossed)
        checks = each_check(shot)
        illegal = tuple([found for found in checks if found])
        common = _Common(found_colour, basic, changes, firer, crossed, checks)
    else:
        basic, changes = common.basic, common.changes
        lines = drm_lines(shot, common.firer, common.crossed)
        illegal = unit_reasons(shot, common.checks)
    numbers = _summed(shot, basic, changes, lines)
    colour, colour_note, colour_unverified = common.colour
    modified = numbers.modified_th
    if not each_unit:
        return Resolution(kind=action.kind, legal=not illegal, reasons=illegal, drm=lines,
                          values={"final_th_needed": numbers.final_th_needed, "improbable": numbers.improbable},
                          outcome=_outcome(action, shot, numbers, illegal))
    rolls = reading(shot, numbers)
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
        "breakdown": rolls.limit,
        "rof": rolls.rof,
        "rof_note": rof_lost(shot),
        "ovr_prevention": shot.prevention_rule,
        "notes": [
            *shot_notes(shot), *reading_notes(shot, action.has("target_type")),
            *filter(None, [colour_note, numbers.doubled_ch_note, numbers.doubled_improbable_note,
                           numbers.infantry_original_two_note]),
        ],
    }
    values["notes"] += acquisition_note(shot.firer, action.data, values)
    unverified = [note for note in (colour_unverified, case_j_uncounted(shot)) if note]
    if unverified:
        values["unverified"] = unverified
    fp = attack_fp(shot)
    if fp is not None:
        values.update(fp=fp_number(fp), ift_column=ift_column(fp))
    if shot.target_type == "area":
        values["rof_consumed"] = not shot.arms.mortar  # C3.33
    if shot.reaction:
        values["reaction_fire"] = _reaction_values(shot)
    outcome = _each_unit_in_the_hex(action, shot, values, _outcome(action, shot, numbers, illegal), common)
    odds = WithOdds(values, lambda: None if illegal else reading_odds(rolls))
    return Resolution(kind=action.kind, legal=not illegal, reasons=illegal, drm=lines, values=odds, outcome=outcome)


__all__ = ["ThCount", "answer_shot", "drm_lines", "read_shot", "resolve_fire", "shot_colour", "th_numbers"]
