"""An answer of the rules core in words an ASL player uses: TH#, Case A, hexspines, DR.

The popup and the action log both show answers through this module, so a key is named once
(``mp_ovr`` is "OVR cost (D7.1)", ``ti`` "Marked TI") and no internal name reaches the
player. No Qt: the log's plain text and the popup's labels are built from the same lines.

One piece by design: it is the one table of words (``ANSWER_WORDS``) and the functions
that read it; split, a key's words and the way they are shown would drift apart.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from aslgui.model import Scenario
from aslgui.rules.resolution import DrmLine, Resolution
from aslgui.rules.rolling import ROLLING_KINDS
from aslgui.rules.tables import NO_EFFECT
from aslgui.ui.rehearsal.player_terms import in_player_terms

#: Unit id -> how a player names that counter (``57LL AT``, ``T-34 M43 in 1K6``); ids not known
#: are shown as they are.
UnitNames = Mapping[str, str]

#: Answer keys, in the order they are shown, with the words for them (DESIGN.md 4 and the
#: extensions in docs/contract.md).
ANSWER_WORDS: dict[str, str] = {
    "range": "Range",
    "ovr_prevention": "OVR Prevention shot",
    "reaction_fire": "Reaction Fire by the Gun (D7.22)",
    "colour": "TH# colour (A25, C3.3)",
    "basic_th": "Basic TH#",
    "th_modifications": "TH# modifications (C4)",
    "modified_th": "Modified TH#",
    "final_th_needed": "Hits on Original DR \u2264",
    "critical_max_dr": "Critical Hit on Original DR \u2264",
    "critical_needs_dr": "Critical Hit decided by a subsequent dr",
    "improbable": "Improbable Hit only (C3.6)",
    "doubled_lower_dr": "Motion Fire: lower dr doubled (C5.35)",
    "ca_change_spines": "Hexspines to turn (Case A)",
    "rof": "Multiple ROF kept on coloured dr \u2264",
    "rof_note": "ROF",
    "rof_consumed": "Normal ROF used up",
    "breakdown": "B#",
    "fp": "FP",
    "fp_parts": "FP from",
    "area_fire": "Area Fire (FP halved)",
    "ift_column": "IFT column",
    "weapons": "Weapons",
    "mp_entry": "MP to enter the hex",
    "mp_ovr": "OVR cost in MP (D7.1)",
    "mp_cost": "MP cost",
    "mp_total": "MP spent in all this MPh",
    "bog_check": "Bog Check first (D7.1)",
    "targets": "Per target",
    "mf_cost": "MF cost",
    "x_number": "X#",
    "x_number_text": "X#",
    "detonation_max_dr": "Detonates on Original DR \u2264",
    "paatc_required": "PAATC first (A11.6)",
    "afv_unaffected": "AFV not attacked, as the DC is not aimed at it (A23.5)",
    "vs_afv": "Aimed at the AFV alone (A23.5)",
    "operably_placed": "Placed ready to detonate",
    "target_drm": "DRM vs the target Location",
    "thrower_drm": "DRM vs the thrower's Location",
    "thrower_fp": "FP vs the thrower's Location (A23.6)",
    "thrower_ift_column": "IFT column vs the thrower's Location",
    "thrower_drm_lines": "Thrower's DRM",
    "thrower_attacked": "Thrower attacked too (A23.6)",
    "m_number": "M#",
    "max_dr_continue": "Continues on Original DR \u2264",
    "max_dr_enter": "Enters the hex (and stops) on Original DR \u2264",
    "hazardous_movement": "Hazardous Movement (A4.62)",
    "pp_left": "PP left",
    "ammo_pp": "PP of the Gun's ammunition (C10.13)",
    "crew_loads": "Crew rides as Passengers",
    "crew_mf_cost": "Crew MF cost",
    "tow_mp_per_hex": "Extra MP per hex while towing",
    "limbered": "Limbered",
    "can_fire_limbered": "May fire limbered",
    "may_fire_this_player_turn": "May still fire this Player Turn",
    "ti": "Marked TI",
    "arc": "Arc",
    "from": "From hexspine",
    "to": "To hexspine",
    "spines": "Hexspines turned",
    "cost": "Cost",
    "hexes": "Hexes",
    "dc": "DC going off",
    "enemy_infantry": "Enemy Infantry in the Location (A23.71)",
    "attacked": "Attacks (A23.1)",
    "malfunction_min_dr": "Malfunctions on Original DR \u2265",
    "ntc_required": "NTC first (A23.7)",
    "set_dr_max": "Set on dr \u2264",
    "mandatory": "Mandatory",
    "fpf": "Final Protective Fire (D7.212, D7.221)",
    "nmc_on_attack_dr": "NMC on the attack's Original DR (FPF)",
    "weapon": "Weapon",
    "allowed_weapons": "Weapons allowed",
    "target_facing": "Target Facing",
    "gun_ca": "Gun's CA after turning (D7.22)",
    "th_cases_na": "To Hit Cases NA",
    "gun_fire": "The Gun fires as",
    "ccv": "CCV (A11.5)",
    "final_ccv": "CCV after D7.213",
    "kill_max_final_dr": "Eliminates on Final DR \u2264",
    "burn_max_final_dr": "Burning wreck on Final DR \u2264",
    "immobilize_final_dr": "Immobilizes on Final DR of",
    "unlikely_kill_original_dr": "Unlikely Kill possible on Original DR of (A11.501)",
    "vehicle_effect_note": "On the vehicle",
    "attack_table": "Attack table",
    "ccv_modifier": "CCV change (D7.213)",
    "ccv_modifiers": "CCV changes",
    "table": "Resolved on",
    "marks_after": "Counters after",
    "towing": "Towing",
    "mp_extra": "Extra MP",
    "must_unlimber": "Must unlimber before it fires",
    "may_push_this_player_turn": "May be pushed this Player Turn",
    "separate_target": "The trailer is a separate target (side)",
    "size_drm": "Target size DRM",
    "rear_hull_hit_is_trailer": "A rear hull hit strikes the trailer",
    "miss_by_one_dr": "Missed by one: hits the trailer on dr \u2264",
    "terrain": "Terrain",
    "ground": "Ground (mud, deep snow)",
    "elevation": "Level",
    "hexsides": "Hexsides",
    "source": "From",
    "blocked": "LOS blocked",
    "blocked_at": "Blocked in",
    "reason": "Why",
    "hindrances": "Hindrance DRM",
    "hindrance_hexes": "Hindrance hexes",
    "steps": "Path (each step: cost = running total)",
    "mp_spent": "MP spent this MPh",
    "mp_left": "MP left",
    "mf_spent": "MF spent this MPh",
    "mf_left": "MF left",
    "vca": "VCA at the end",
    "tca": "TCA at the end",
    "end": "At the end",
    "overrun": "Overrun (D7.1)",
    "threats": "Enemy fire it meets (best step)",
    "notes": "Notes",
    "unverified": "Not checked against a printed chart",
}
#: Outcome keys (only when dice are given), in the order they are shown.
OUTCOME_WORDS: dict[str, str] = {
    "needs_dr": "Needs a dr",
    "original_dr": "Original DR",
    "th_dr": "TH DR",
    "final_dr": "Final DR",
    "hit": "Hit",
    "hull_down_miss": "Missed: a hull hit on a hull-down target (C3.9)",
    "critical": "Critical Hit",
    "improbable": "Improbable Hit",
    "location": "Hit location",
    "multiple_hits": "Multiple Hits",
    "rof_retained": "Multiple ROF kept",
    "resolve_on": "Resolve on",
    "fp": "FP",
    "ift_column": "IFT column",
    "effects_drm": "Effects DRM",
    "effects_total_drm": "Effects DRM total",
    "destroyed": "Destroyed (C3.71)",
    "result": "IFT result",
    "cc_result": "CC vs the vehicle (A11.5)",
    "eliminated": "Eliminated",
    "unlikely_kill_possible": "Unlikely Kill possible (A11.501): resolve it by hand",
    "nmc": "Attacker's NMC on the Original DR (A8.31)",
    "targets": "Per target",
    "if_selected": "if Random Selection picks it for the CH (C3.74)",
    "if_not_selected": "else a normal hit",
    "detonated": "Detonated",
    "malfunction": "Malfunction",
    "crew_nmc": "Crew's NMC on the Original DR (C5.64)",
    "voided": "To Hit attempt void (C5.64)",
    "malfunction_candidates": "May malfunction",
    "immobilized": "Immobilized",
    "entered": "Gun enters the hex",
    "stopped": "Gun stops",
    "labor_counter": "Labor counter",
    "set": "DC Set",
    "dr": "dr",
    "thrower_final_dr": "Thrower's Final DR",
    "thrower_result": "Thrower's IFT result",
    "trailer_hit": "Trailer hit",
    "notes": "Notes",
}
#: Answer keys that only repeat the question (ids, hex names, choices shown as options), or that
#: the popup words elsewhere.
ECHO_KEYS = frozenset({
    "kind", "firer", "target", "target_hex", "target_type", "unit", "vehicle", "gun", "to_hex", "pushers",
    "placement_hex", "ammo", "ca", "range_limit", "hex", "phase", "type",
    "odds", "odds_216",  # worded by the popup's OddsView (ui/rehearsal_odds.py)
})
#: "Hits on Original DR <=" when no Final TH DR can hit: the number would be below 2 (C3.6).
IMPROBABLE_WORDS = "none, only an Improbable Hit: an Original DR 2, then a dr of 1-3 (1-2 vs a hull-down target, C3.6)"
#: Flags left out while false: they only say that a special case does not apply.
QUIET_WHEN_FALSE = frozenset({
    "improbable", "critical_needs_dr", "doubled_lower_dr", "area_fire", "bog_check", "rof_consumed",
    "multiple_hits", "immobilized", "ntc_required",
})
#: What only a Set DC's detonation reads (A23.7, A23.71): a Placed DC's popup leaves it out (A23.3).
SET_DC_ONLY = frozenset({"enemy_infantry"})
#: Keys whose value is a list of unit ids.
UNIT_LISTS = frozenset({"ti", "pushers", "destroyed", "eliminated"})
#: Keys whose value is a file's lowercase abbreviation a player writes in capitals (``ca`` -> CA).
ABBREVIATED = frozenset({"arc", "pivot"})
#: A Reaction Fire weapon (``weapon``, ``allowed_weapons``) as the rules name it (D7.22).
WEAPON_WORDS = {"tpbf": "TPBF", "ordnance": "ordnance SW", "ft": "FT", "dc": "Thrown DC", "mol": "MOL",
                "gun": "Gun"}
#: Abbreviations a fallback name keeps in capitals, for keys added after this table.
_ABBREVIATIONS = {"ti": "TI", "mp": "MP", "mf": "MF", "th": "TH#", "ovr": "OVR", "ca": "CA", "vca": "VCA",
                  "tca": "TCA", "fp": "FP", "ift": "IFT", "pp": "PP", "dc": "DC", "rof": "ROF", "drm": "DRM",
                  "dr": "dr", "los": "LOS", "tem": "TEM", "cc": "CC", "ma": "MA", "af": "AF", "tk": "TK#"}


def words_for(key: str, table: Mapping[str, str] = ANSWER_WORDS) -> str:
    """The player's name for a key; a key not in the table still reads as words (``mp_left`` ->
    ``MP left``), never as ``Mp left``."""
    if key in table:
        return table[key]
    parts = [_ABBREVIATIONS.get(part, part) for part in key.split("_")]
    first = parts[0]
    return " ".join([first[:1].upper() + first[1:], *parts[1:]])


#: A DC going off as its form reads: the one Placed in the MPh, or Set (``detonate_dc``'s ``dc``).
DC_FORMS = {"placed": "the one Placed in the MPh (A23.3)", "set": "a Set DC (A23.7)"}


def show_value(value: Any, names: UnitNames | None = None, key: str = "") -> str:
    """A number, flag, DRM line, list or object as a player reads it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key == "end" and (value is None or value in END_WORDS):
        return END_WORDS[value]
    if key == "dc" and value in DC_FORMS:
        return DC_FORMS[value]
    if value is None:
        return "none"
    if key in ("weapon", "allowed_weapons") and isinstance(value, str | list):
        words = [WEAPON_WORDS.get(str(v), str(v)) for v in (value if isinstance(value, list) else [value])]
        return ", ".join(words) or "none"
    if key in ABBREVIATED and isinstance(value, str):
        return value.upper()
    if key in UNIT_LISTS and isinstance(value, list):
        return ", ".join(unit_name(str(v), names) for v in value) or "none"
    if key in MOVE_WORDS:
        return MOVE_WORDS[key](value, names)
    if isinstance(value, dict):
        return _show_object(value, names)
    if isinstance(value, list):
        return "; ".join(show_value(v, names) for v in value) or "none"
    return in_words(value, names) if isinstance(value, str) else str(value)


def shown_number(values: Mapping[str, Any], key: str, names: UnitNames | None = None) -> str:
    """An answer's value as shown (``show_value``); the TH# a shot needs says in words when no
    Original DR reaches it, not as a number below 2 (C3.6)."""
    if key == "final_th_needed" and values.get("improbable"):
        return IMPROBABLE_WORDS
    return show_value(values[key], names, key)


def _steps(value: Any, names: UnitNames | None) -> str:
    """A move's steps: ``4E5 +1 = 1 (open ground)``, each cost in MP or MF (DESIGN.md 13), a Gun
    in tow by its name."""
    return "; ".join(f"{step['hex']} +{step.get('mp', step.get('mf'))} = {step['total']} "
                     f"({in_words(str(step['why']), names)})" for step in value) or "none"


def _threats(value: Any, names: UnitNames | None) -> str:
    """Who may fire at the mover, where and how likely: ``PaK 40 at step 2: 58% to hit``, said to
    leave out the moving-target DRM the rules folder lacks (C6 Case J; ``move.MOVING_TARGET_NOTE``)."""
    if not value:
        return "none"
    return "; ".join(f"{unit_name(str(t['firer']), names)} at step {int(t['step']) + 1}: {t['hit']:.0%} to hit"
                     for t in value) + " (before Case J, moving target: not counted)"


def _overrun(value: Any, _names: UnitNames | None) -> str:
    """The OVR a move ends in, by its key numbers (its DRM, odds and outcome are the move's)."""
    if not isinstance(value, dict):
        return show_value(value)
    column = f"the {value['ift_column']} column" if value.get("ift_column") is not None else "no IFT column"
    return (f"{value.get('fp')} FP on {column}, {value.get('mp_cost')} MP (entry {value.get('mp_entry')} + OVR "
            f"{value.get('mp_ovr')})")


#: Move answer keys read their own way (DESIGN.md 13).
#: A vehicle's status at the end of its move (``move``'s ``end``) as a player says it.
END_WORDS: dict[str | None, str] = {"stop": "Stopped", "motion": "in Motion", None: "still moving"}
MOVE_WORDS: dict[str, Callable[[Any, UnitNames | None], str]] = {
    "steps": _steps, "threats": _threats, "overrun": _overrun,
}


def _show_object(value: dict[str, Any], names: UnitNames | None) -> str:
    if {"case", "rule", "value", "text"} <= value.keys():
        line = DrmLine(str(value["case"]), str(value["rule"]), int(value["value"]), str(value["text"]))
        return in_words(line.label, names)
    if {"rule", "value", "text"} <= value.keys():  # a C4 TH# modification
        return in_words(f"{int(value['value']):+d} ({value['rule']}) {value['text']}", names)
    if {"source", "fp"} <= value.keys():  # one part of an attack's FP: a unit named, never its id
        return in_words(f"{value['source']} {value['fp']}", names)
    if "id" in value:  # one target of an OVR, or one unit of a hex a shot attacks
        return f"{unit_name(str(value['id']), names)}: " + _target_words(value, names)
    return ", ".join(f"{words_for(k)} {show_value(v, names)}" for k, v in value.items())


def _target_words(value: dict[str, Any], names: UnitNames | None, said: Sequence[Any] = ()) -> str:
    """One target's keys in words, leaving out what is quiet (no Improbable Hit, no location) and
    the notes ``said`` already for the whole hex; under a CH that Random Selection gives to one
    unit of the hex (C3.74), what it leaves open reads so and each way follows in brackets."""
    table = {**ANSWER_WORDS, **OUTCOME_WORDS, "drm": "DRM", "total_drm": "total"}
    undecided = "if_selected" in value
    parts = []
    for key, item in value.items():
        if key == "notes" and isinstance(item, list):
            item = [note for note in item if note not in said]
        if key == "id" or item in ([], "") or (item is False and key in QUIET_WHEN_FALSE):
            continue
        if key == "improbable" and "final_th_needed" in value:
            continue  # said by its "Hits on" (``shown_number``); an outcome's Improbable Hit is said as it is
        if item is None and not (undecided and key in ("critical", "fp")):
            continue
        if isinstance(item, dict) and key in ("if_selected", "if_not_selected"):
            parts.append(f"{words_for(key, table)} ({_target_words(item, names, said)})")
        else:
            shown = ("decided by Random Selection" if item is None else shown_number(value, key, names)
                     if key == "final_th_needed" else show_value(item, names))
            parts.append(f"{words_for(key, table)} {shown}")
    return ", ".join(parts)


def target_lines(title: str, targets: list[Any], names: UnitNames | None, said: Sequence[Any] = ()) -> list[str]:
    """A hex's units one line each under ``title`` (``Per target:``), so that the popup reads as
    a list rather than one paragraph."""
    return [f"{title}:", *(f"\u2022 {unit_name(str(t['id']), names)}: {_target_words(t, names, said)}"
                           for t in targets if isinstance(t, dict) and "id" in t)]


def player_names(scenario: Scenario) -> dict[str, str]:
    """Unit id -> the counter as a player names it: its name (``57LL AT``); with its hex when
    several counters share the name (``T-34 M43 in 1K6``), and a number when they share the hex
    too (``2-2-8 crew #2 in 4E5``). The rules' answers name units by id; the GUI shows these."""
    def counter(unit_id: str) -> str:
        unit = scenario.units[unit_id]
        return unit.name or unit.kind

    def where(unit_id: str) -> str:
        h = scenario.units[unit_id].hex
        return f"in {scenario.grid.name(h)}" if h is not None else "off the map"

    shared = Counter(counter(i) for i in scenario.units)
    in_hex = Counter((counter(i), where(i)) for i in scenario.units)
    seen: Counter[tuple[str, str]] = Counter()
    names = {}
    for unit_id in scenario.units:
        name, place = counter(unit_id), where(unit_id)
        seen[name, place] += 1
        number = f" #{seen[name, place]}" if in_hex[name, place] > 1 else ""
        names[unit_id] = name if shared[name] == 1 else f"{name}{number} {place}"
    return names


def name_with_hex(scenario: Scenario, names: UnitNames, unit_id: str) -> str:
    """The unit's player name with its hex, as VASL's report lines name who acted (``57LL AT in 4E5``)."""
    name = unit_name(unit_id, names)
    unit = scenario.units.get(unit_id)
    if unit is None or unit.hex is None or " in " in name or name.endswith(" off the map"):
        return name
    return f"{name} in {scenario.grid.name(unit.hex)}"


def mentioned_names(names: UnitNames, *values: Any) -> dict[str, str]:
    """The player names of the unit ids ``values`` (JSON: an action, an answer) hold or their
    sentences name, to keep with a log entry, so it names units as they were called then."""
    pattern = _id_pattern(tuple(sorted(names, key=len, reverse=True)))
    found: set[str] = set()
    todo = list(values)
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            todo += value.values()
        elif isinstance(value, list):
            todo += value
        elif isinstance(value, str):
            found |= {value} & names.keys() | (set(pattern.findall(value)) if pattern else set())
    return {unit_id: names[unit_id] for unit_id in sorted(found)}


def unit_name(unit_id: str, names: UnitNames | None) -> str:
    """The counter as a player names it (``player_names``); an id not known stays as it is."""
    return (names or {}).get(unit_id) or unit_id


def in_words(text: str, names: UnitNames | None) -> str:
    """A sentence of the rules with each unit id in it turned into the unit's player name
    (``crew c1 is broken`` -> ``crew 2-2-8 crew is broken``) and each file key into the window's
    words (``no mp_in_los given`` -> ``no MP in LOS given``: ``player_terms``)."""
    text = in_player_terms(text)
    pattern = _id_pattern(tuple(sorted(names or (), key=len, reverse=True)))
    if pattern is None or names is None:
        return text
    return pattern.sub(lambda match: names[match.group(0)], text)


#: Short lowercase ids that are words of the rules' sentences too, left as they are.
_SHORT_WORDS = frozenset({"a", "i", "an", "as", "at", "be", "by", "if", "in", "is", "it", "no", "of", "on", "or",
                          "so", "to", "up"})


@lru_cache(maxsize=64)
def _id_pattern(ids: tuple[str, ...]) -> re.Pattern[str] | None:
    """Whole-word ids, but for ids that are lowercase words (``gun``, ``tank``, ``a``), which a
    sentence uses as words too (``g``, ``eg`` are ids); never the ``C5`` of a rule number ``C5.1``
    nor the ``s`` of ``g's``."""
    wanted = [re.escape(i) for i in ids if not (re.fullmatch(r"[a-z]{3,}", i) or i in _SHORT_WORDS)]
    return re.compile(rf"(?<![\w.'-])(?:{'|'.join(wanted)})(?![\w-]|\.\d)") if wanted else None


def number_lines(resolution: Resolution, names: UnitNames | None = None) -> list[str]:
    """The answer's key numbers, one line each: Basic -> Modified TH# on one line, then the
    rest in the table's order, then keys added later; repeats of the question left out."""
    values = {k: v for k, v in resolution.values.items()
              if k not in ECHO_KEYS and v not in (None, [], "", {}) and not (v is False and k in QUIET_WHEN_FALSE)
              and not (k == "rof" and v == 0)  # no ROF printed: no Multiple ROF to keep (C2.24)
              and not (k in SET_DC_ONLY and resolution.values.get("dc") == "placed")}
    if "x_number_text" in values:
        values.pop("x_number", None)
    lines: list[str] = []
    if "basic_th" in values and "modified_th" in values:
        lines.append(f"Basic TH# {values.pop('basic_th')} \u2192 Modified TH# {values.pop('modified_th')}")
    if "final_th_needed" in values:
        values.pop("improbable", None)  # said by the "Hits on" line (``shown_number``)
    ordered = [k for k in ANSWER_WORDS if k in values] + [k for k in values if k not in ANSWER_WORDS]
    for key in ordered:
        if key == "targets" and isinstance(values[key], list):
            lines += target_lines(words_for(key), values[key], names)
        else:  # a value that names itself ("X# 12 (A23.4)") is not labelled again
            label, shown = words_for(key), shown_number(resolution.values, key, names)
            lines.append(shown if shown.startswith(f"{label} ") else f"{label}: {shown}")
    if not resolution.drm and resolution.kind not in ROLLING_KINDS:
        return lines  # nothing rolled, no DRM: no "Total DRM: +0" (a CA change)
    return [f"Total DRM: {resolution.total_drm:+d}", *lines]


def outcome_lines(resolution: Resolution, names: UnitNames | None = None) -> list[str]:
    """The rolled outcome, named for a player; what is still undecided says so."""
    outcome = resolution.outcome or {}
    waiting = bool(outcome.get("needs_dr"))
    lines: list[str] = []
    ordered = [k for k in OUTCOME_WORDS if k in outcome] + [k for k in outcome if k not in OUTCOME_WORDS]
    for key in ordered:
        value = outcome[key]
        if value in ([], "", {}) or (value is None and not waiting) or (value is False and key in QUIET_WHEN_FALSE):
            continue
        if key == "result" and outcome.get("destroyed"):
            continue  # a CH on a Gun makes no IFT attack; the Destroyed line says what happens (C3.71)
        if key == "targets" and isinstance(value, list):
            lines += target_lines(words_for(key, OUTCOME_WORDS), value, names, outcome.get("notes") or ())
            continue
        shown = "decided by the dr" if value is None else show_value(value, names, key)
        if key == "th_dr" and resolution.values.get("doubled_lower_dr"):
            shown += " (lower dr doubled, C5.35)"
        lines.append(f"{words_for(key, OUTCOME_WORDS)}: {shown}")
    results = [outcome.get("result"), outcome.get("thrower_result"),
               *(t.get("result") for t in outcome.get("targets") or () if isinstance(t, dict))]
    if any(isinstance(result, str) and result != NO_EFFECT for result in results):
        lines.append(IFT_BY_HAND)
    return lines


#: What a rolled IFT result leaves to the player: no Morale Check rules (A10) are in aslgui's folder.
IFT_BY_HAND = ("Not applied here: mark each unit's IFT result from its counter menu (Pin, Broken, ...); "
               "Morale Checks (A10) are not in aslgui's rules")


def outcome_summary(kind: str, outcome: Mapping[str, Any], names: UnitNames | None = None) -> str:
    """``Hit, hull, Critical`` / ``Miss`` / ``detonates: 2MC`` / ``enters and stops``; a shot or
    OVR at several units adds each one's own, short (``Hit — 4-4-7: IFT 1MC; 2-2-8: IFT -``): the
    popup shows every number, the log keeps one line a player can read."""
    summarise: Callable[[Mapping[str, Any]], list[str]] = _SUMMARIES.get(kind, _generic_summary)
    parts = summarise(outcome)
    if outcome.get("malfunction"):
        parts.append("Malfunction")
    if outcome.get("rof_retained"):  # it may fire again this phase (C2.24): the log says so, as the popup does
        parts.append("Multiple ROF kept")
    targets = [t for t in outcome.get("targets") or () if isinstance(t, dict)]
    if any(isinstance(t.get("if_selected"), dict) for t in targets):
        parts.append("Random Selection picks the unit it strikes (C3.74)")
    shot = ", ".join(p for p in parts if p)
    if not targets:
        return shot
    each = "; ".join(_target_summary(summarise, target, parts[:1], names) for target in targets)
    return f"{shot} \u2014 {each}" if shot else each


def _target_summary(summarise: Callable[[Mapping[str, Any]], list[str]], target: Mapping[str, Any],
                    shared: list[str], names: UnitNames | None) -> str:
    """One unit's outcome after its name: its IFT result without the Hit the whole shot's already
    says; under a CH that Random Selection gives to one unit (C3.74), both ways."""

    def said(outcome: Mapping[str, Any], known: list[str]) -> str:
        parts = summarise(outcome)
        shown = [p for p in parts if p not in known]
        if not any(p.startswith("IFT ") for p in shown):
            shown = parts  # no result to stand for the hit: a vehicle's hit location, a Gun destroyed
        return ", ".join(shown)

    name = unit_name(str(target.get("id")), names)
    selected, other = target.get("if_selected"), target.get("if_not_selected")
    if isinstance(selected, dict) and isinstance(other, dict):
        return f"{name}: {said(selected, ['Critical Hit'])} if picked, else {said(other, ['Hit'])}"
    return f"{name}: {said(target, shared)}"


def _fire_summary(outcome: Mapping[str, Any]) -> list[str]:
    if outcome.get("needs_dr"):
        return ["waits for a dr"]
    if not outcome.get("hit"):
        return ["Miss (a hull hit on a hull-down target, C3.9)" if outcome.get("hull_down_miss") else "Miss"]
    parts = ["Critical Hit" if outcome.get("critical") else "Hit"]
    if outcome.get("location"):
        parts.append(str(outcome["location"]))
    if outcome.get("multiple_hits"):
        parts.append("Multiple Hits")
    if outcome.get("destroyed"):  # a CH on a Gun: no IFT attack (C3.71)
        parts.append("destroyed")
    elif outcome.get("result"):
        parts.append(f"IFT {outcome['result']}")
    elif outcome.get("resolve_on"):
        parts.append(f"resolve on the {outcome['resolve_on']}")
    return parts


def _push_summary(outcome: Mapping[str, Any]) -> list[str]:
    if outcome.get("entered"):
        return ["enters and stops" if outcome.get("stopped") else "enters, may continue"]
    return ["does not move"]


def _dc_summary(outcome: Mapping[str, Any]) -> list[str]:
    if outcome.get("malfunction"):
        return []
    if not outcome.get("detonated"):
        return ["no detonation"]
    return [f"detonates: {outcome.get('result') or '-'}"]


def _reaction_summary(outcome: Mapping[str, Any]) -> list[str]:
    """CC's result vs the vehicle, a Gun's shot, a Thrown DC or TPBF/FT's IFT result (D7.21, D7.22)."""
    if "cc_result" in outcome:
        return [f"CC: {outcome['cc_result']}"]
    if "hit" in outcome or outcome.get("needs_dr"):
        return _fire_summary(outcome)
    if "detonated" in outcome:
        return _dc_summary(outcome)
    return _generic_summary(outcome)


def _generic_summary(outcome: Mapping[str, Any]) -> list[str]:
    result = outcome.get("result")
    return [f"IFT {result}"] if result else []


_SUMMARIES: dict[str, Callable[[Mapping[str, Any]], list[str]]] = {
    "fire": _fire_summary, "push": _push_summary, "place_dc": _dc_summary, "throw_dc": _dc_summary,
    "detonate_dc": _dc_summary, "reaction_fire": _reaction_summary,
}
