"""Overrun (D7.1-D7.17): a vehicle enters an enemy-occupied Location in its MPh and attacks its
occupants on the IFT as Bounding First Fire.

The answer is the MP it costs (entry from resources/data/vehicle_terrain.json plus one-fourth of
the printed allotment, FRU), the OVR FP (D7.11) and the DRM lines (D7.12, D7.15, D7.16).

One OVR attacks every target in the hex with one IFT DR (D7.14), but the DRM can differ by target:
the +2 vs a Motion vehicle and its PRC (D7.12), FFMO vs Infantry only (D7.15).  ``drm`` holds the
lines vs the action's ``target`` if given, else vs the targets that are not (aboard) a Motion
vehicle, else vs all of them; ``targets`` lists each target's own lines and total.  So can the FP:
a concealed target is attacked at half FP as Area Fire, the others in the hex at full FP (D7.11,
A12.13); ``fp``/``ift_column`` are those vs the ``drm`` targets (full FP unless all of them are
concealed), and when the targets' FP differ each entry of ``targets`` has its own.
"""

from __future__ import annotations

import math
import re
from typing import Any

from aslgui.errors import AslError
from aslgui.geometry import Hex, direction_to
from aslgui.model import Scenario, Unit
from aslgui.model.units import MP_SPENT
from aslgui.resource_files import load_json
from aslgui.rules.actions import Action
from aslgui.rules.ift_attack import (
    attacker_role,
    enemies_at,
    halved_fp,
    ift_outcome,
    number,
    tem_line,
)
from aslgui.rules.odds import WithOdds, counting, tally_totals
from aslgui.rules.overrun_fp import overrun_fp, passenger_notes
from aslgui.rules.portee import tow_step
from aslgui.rules.resolution import DrmLine, IllegalAction, Resolution, reason
from aslgui.rules.tables import ground_words, terrain_entry
from aslgui.rules.towing import may_not_move_reasons, printed_mp, spent_this_mph

MOTION_TARGET_DRM = 2  # D7.12
FFMO_DRM = -1  # D7.15
MALFUNCTION_DR = 12  # D7.17
#: DESIGN.md section 10: the IFT result vs the ``drm`` targets, malfunction, immobilization (D7.17).
OVERRUN_ODDS = counting(("malfunction", "immobilized"), ("result",))
#: The reading this project takes of A9.74 (not in its rules folder) for D7.17.
INANIMATE_NOTE = reason("read as A9.74: a Gun with no manning Infantry in its hex is an inanimate object; vs only "
                        "such targets an Original 12 immobilizes the vehicle instead of malfunctioning a weapon",
                        "D7.17")
#: A wagon expends MF, not MP, so it may not OVR (D7.1); read from the vehicle's own ``type``.
WAGON = "wagon"
_LEADERSHIP = re.compile(r"^\s*\d+([+-]\d+)\s*$")


def _vehicle_terrain() -> dict[str, Any]:
    data: dict[str, Any] = load_json("data", "vehicle_terrain.json")
    return data


def bog_check(scenario: Scenario, target: Hex) -> bool:
    """Whether entering the hex calls for a Bog DR, resolved before the OVR (D7.1)."""
    return bool(_vehicle_terrain()["tracked"].get(scenario.terrain_at(target), {}).get("bog", False))


def entry_mp(scenario: Scenario, vehicle: Unit, from_hex: Hex, target: Hex, printed: int
             ) -> tuple[float | None, list[str]]:
    """MP to enter ``target`` from ``from_hex`` (Terrain Chart, vehicle column) and the notes on
    values this project could not source (None when there is no value at all)."""
    data = _vehicle_terrain()
    terrain = scenario.terrain_at(target)
    entry = None if target in scenario.ground else data["tracked"].get(terrain)  # no cost in mud or deep snow
    if entry is None or entry["mp"] is None:
        return None, [f"no vehicle entry cost for {ground_words(scenario, target)} in "
                      "resources/data/vehicle_terrain.json"]
    unverified = [] if entry["verified"] else [f"{terrain}: vehicle entry cost is not sourced"]
    if not vehicle.tracked:
        unverified.append(f"{vehicle.id} is not fully tracked: {data['not_tracked']['note']}")
    feature = scenario.hexside(from_hex, target)
    if entry["mp"] == "half_allotment":
        mp: float = math.ceil(printed / 2)
    elif "road_hexside_mp" in entry and feature == "road":
        # Through a road hexside: 1/2 MP, but a BU vehicle pays the full 1 MP (Terrain Chart, D2.16).
        mp = float(entry["road_hexside_bu_mp"] if vehicle.bu else entry["road_hexside_mp"])
        if not entry["road_hexside_verified"]:
            unverified.append(f"road: {entry['note']}")
    else:
        mp = float(entry["mp"])
    crossing = data["hexside_mp"].get(feature or "")
    if crossing is not None:
        unverified.append(f"{feature} hexside: {crossing['note']}")
    return mp, unverified


def _passengers(action: Action, vehicle: Unit) -> tuple[list[Unit], list[str]]:
    """The Passengers/Riders whose printed FP adds to the OVR (D7.11): those the action names
    (``passengers``), else the Good Order Infantry aboard other than leaders (whose FP is 0).
    Only Infantry aboard add FP: a named unit not aboard, or not Infantry (a Gun en portee), is
    a reason the OVR cannot be made as asked, and adds nothing."""
    aboard = [u for u in action.scenario.units.values() if u.aboard == vehicle.id]
    if not action.has("passengers"):
        return [u for u in aboard
                if u.is_infantry and not u.broken and u.kind != "leader" and not _fire_marked(action.scenario, u)], []
    riders, reasons = [], []
    for rider in action.units("passengers"):
        if rider.aboard == vehicle.id and rider.is_infantry and _fire_marked(action.scenario, rider):
            continue  # it has fired: no FP to add, and the OVR is illegal (D7.1, ``_legality``)
        if rider.aboard != vehicle.id:
            reasons.append(reason(f"{rider.id} is not aboard {vehicle.id}: only its Passengers/Riders add FP",
                                  "D7.11"))
        elif not rider.is_infantry:
            reasons.append(reason(f"{rider.id} is a {rider.kind}, not Infantry: only Infantry Passengers/Riders "
                                  "add their printed FP", "D7.11"))
        else:
            riders.append(rider)
    return riders, reasons


def _prc(scenario: Scenario, vehicle: Unit) -> list[Unit]:
    """The vehicle's Passengers/Riders: the Personnel aboard it (a Gun en portee is none)."""
    return [u for u in scenario.units.values() if u.aboard == vehicle.id and u.is_infantry]


def _fire_marked(scenario: Scenario, rider: Unit) -> bool:
    """Whether a Passenger/Rider is under a Bounding Fire counter in its vehicle's MPh (D7.1):
    ``bounding_fired``, or ``fired``, which in the ATTACKER's MPh is read as that counter; the
    LATW it fired from aboard counts as its fire (a SW's fire is its possessor's, as D7.213's
    "including its SW" counts it)."""
    return rider.bounding_fired or rider.fired or bool(_fired_latws(scenario, rider))


def _fired_latws(scenario: Scenario, rider: Unit) -> list[str]:
    """The LATW a Passenger/Rider mans aboard its vehicle that are under a fire counter (D7.1)."""
    return [u.id for u in scenario.units.values() if u.kind == "gun" and u.crew == rider.id
            and u.aboard == rider.aboard and u.extra.get("latw") is True and (u.bounding_fired or u.fired)]


def _is_wagon(vehicle: Unit) -> bool:
    """A wagon, by the vehicle's own ``type`` (case aside): it expends MF and may not OVR (D7.1)."""
    kind = vehicle.extra.get("type")
    return isinstance(kind, str) and kind.strip().lower() == WAGON


def portee_notes(scenario: Scenario, vehicle: Unit) -> list[str]:
    """A Gun carried en portee adds no FP to its vehicle's OVR (it is no Infantry Passenger, D7.11)
    and cannot fire in it: Portee Fire is NA as Bounding First Fire (C10.54), which an OVR is (D7.1)."""
    guns = [u.id for u in scenario.units.values() if u.aboard == vehicle.id and u.kind == "gun"]
    if not guns:
        return []
    return [reason(f"{', '.join(guns)} en portee on {vehicle.id} adds no FP (only Infantry Passengers/Riders do) and "
                   "cannot fire during the OVR: Portee Fire is NA as Bounding First Fire, which an OVR is",
                   "D7.11, C10.54, D7.1")]


def motion_carrier(scenario: Scenario, unit: Unit) -> Unit | None:
    """The Motion vehicle a target is, or rides as PRC (D7.12): ``motion`` true or not ``stopped``."""
    carrier = scenario.units.get(unit.aboard) if unit.aboard else unit
    if carrier is not None and carrier.kind == "vehicle" and (carrier.motion or not carrier.stopped):
        return carrier
    return None


def _target_lines(action: Action, vehicle: Unit, target: Hex, from_hex: Hex, aimed: list[Unit],
                  ft_only: bool) -> list[DrmLine]:
    """D7.12 Motion target, D7.15 TEM/FFMO/wall and D7.16 leadership DRM lines vs the ``aimed``
    units: FFMO if any is Infantry, the Motion +2 if each is (aboard) a Motion vehicle."""
    scenario = action.scenario
    lines: list[DrmLine] = []
    tem = None if ft_only else tem_line(scenario, target, "D7.15", crossed_from=from_hex)
    if tem:
        lines.append(tem)
    # In any Open Ground hex, cumulative with TEM such as a shellhole's or a wall's; an OVR by a FT
    # alone loses the TEM, not the FFMO (D7.15).
    if terrain_entry(scenario.terrain_at(target)).get("ffmo") and any(u.is_infantry for u in aimed):
        lines.append(DrmLine("FFMO", "D7.15", FFMO_DRM, "Infantry OVR in an Open Ground hex"))
    carriers = [motion_carrier(scenario, u) for u in aimed]
    if aimed and all(carriers):
        moving = ", ".join(dict.fromkeys(c.id for c in carriers if c is not None))
        lines.append(DrmLine("motion", "D7.12", MOTION_TARGET_DRM, f"{moving} is in Motion"))
    leader = action.optional_unit("leader")
    if leader is not None and _leads(leader, vehicle) and not leader.broken:  # a broken one gives none (A10.7)
        lines.append(DrmLine("leadership", "D7.16", _leadership(action, leader), f"{leader.id} aboard {vehicle.id}"))
    return lines


def leader_notes(action: Action, vehicle: Unit) -> list[str]:
    """Why a broken leader aboard gives the OVR no leadership DRM (A10.7 is not in the rules folder)."""
    leader = action.optional_unit("leader")
    if leader is None or not _leads(leader, vehicle) or not leader.broken:
        return []
    return [reason(f"read as A10.7: {leader.id} is broken, and only a Good Order leader gives his leadership DRM, so "
                   "the OVR takes none", "A10.7, D7.16")]


def _leads(leader: Unit, vehicle: Unit) -> bool:
    """Only a leader in the vehicle (Armor Leader or Passenger leader) modifies its OVR (D7.16)."""
    return leader.kind == "leader" and leader.aboard == vehicle.id


def _leadership(action: Action, leader: Unit) -> int:
    """The leader's modifier: ``leadership`` if given, else read from a name such as 8-1 (-1)."""
    if action.has("leadership"):
        return action.integer("leadership", 0)
    match = _LEADERSHIP.match(leader.name)
    if match is None:
        raise AslError(f"give the leadership modifier of {leader.id} (e.g. -1)", "action.leadership")
    return int(match.group(1))


def _legality(action: Action, vehicle: Unit, target: Hex, from_hex: Hex, defenders: list[Unit]) -> list[str]:
    """Every D7.1/D7.12-D7.16 reason this OVR may not happen."""
    scenario = action.scenario
    reasons = []
    if action.phase != "MPh":
        reasons.append(reason(f"an OVR happens in the vehicle's MPh, not the {action.phase}", "D7.1"))
    if attacker_role(action, vehicle) == "defender":
        reasons.append(reason(f"{vehicle.id} belongs to the DEFENDER; only a moving vehicle OVRs", "D7.1"))
    if vehicle.immobilized and not _entered(vehicle, target, from_hex):
        reasons.append(reason(f"{vehicle.id} is Immobile and cannot enter the hex", "D7.1"))
    if from_hex == target:
        reasons.append(reason(f"{vehicle.id} is already in {scenario.grid.name(target)}: an OVR is made on entering a "
                              "hex; it must leave and re-enter", "D7.13, D7.14"))
    elif direction_to(from_hex, target) is None:
        reasons.append(reason(f"{scenario.grid.name(target)} is not adjacent to {scenario.grid.name(from_hex)} "
                              "(give from_hex, the hex it enters from)", "D7.1"))
    if action.flag("reverse"):
        reasons.append(reason("an OVR may not be made using Reverse Movement", "D7.13"))
    if vehicle.bounding_fired:
        reasons.append(reason(f"{vehicle.id} is marked with a Bounding First Fire counter (other than for an OVR)",
                              "D7.1, D7.13"))
    for rider in _prc(scenario, vehicle):
        if rider.bounding_fired or rider.fired:
            reasons.append(reason(f"{rider.id}, a Passenger/Rider of {vehicle.id}, is marked with a Bounding Fire "
                                  "counter (it has fired this MPh)", "D7.1"))
        elif latws := _fired_latws(scenario, rider):
            reasons.append(reason(f"{rider.id}, a Passenger/Rider of {vehicle.id}, has fired its LATW "
                                  f"{', '.join(latws)} this MPh: its fire, under a Bounding Fire counter", "D7.1"))
    reasons += may_not_move_reasons(vehicle)
    if action.flag("pillbox"):
        reasons.append(reason("a vehicle cannot enter a pillbox Location to OVR it", "D7.1"))
    terrain = scenario.terrain_at(target)
    if action.flag("bypass") and ("woods" in terrain or "building" in terrain):
        reasons.append(reason(f"a vehicle in VBM cannot OVR a DEFENDER in the {terrain} obstacle", "D7.13"))
    if not defenders:
        reasons.append(reason(f"{scenario.grid.name(target)} holds no enemy unit", "D7.1"))
    elif all(_is_afv(u) or _in_tow(u) for u in defenders):
        towed = any(_in_tow(u) for u in defenders)
        reasons.append(reason("an AFV may not be OVR (only its Vulnerable PRC)" + (
            ", nor a Gun it tows, which shares its fate" if towed else ""), "D7.12, C10.1" if towed else "D7.12"))
    aimed = action.optional_unit("target")
    if aimed is not None and aimed not in defenders:
        reasons.append(reason(f"{aimed.id} is not an enemy unit in {scenario.grid.name(target)}", "D7.1"))
    elif aimed is not None and _is_afv(aimed):
        reasons.append(reason(f"{aimed.id} is an AFV and may not be OVR", "D7.12"))
    elif aimed is not None and _in_tow(aimed):
        reasons.append(reason(f"{aimed.id} is in tow by {aimed.towed_by} and is not attacked separately from it: it "
                              "shares the vehicle's fate", "C10.1, C10.11"))
    leader = action.optional_unit("leader")
    if leader is not None and not _leads(leader, vehicle):
        reasons.append(reason(f"{leader.id} is not an Armor Leader or Passenger leader in {vehicle.id}", "D7.16"))
    return reasons


def _entered(vehicle: Unit, target: Hex, from_hex: Hex) -> bool:
    """Whether the vehicle already stands in the OVR hex, having come from ``from_hex`` (its OVR
    announced, then e.g. OVR Prevention fired at it; C5.64)."""
    return vehicle.hex == target != from_hex


def _is_afv(unit: Unit) -> bool:
    return unit.kind == "vehicle" and unit.afv


def _in_tow(unit: Unit) -> bool:
    """A Gun in tow is no target of its own: it shares its vehicle's fate (C10.1, C10.11)."""
    return unit.towed_by is not None


def _towed_notes(defenders: list[Unit]) -> list[str]:
    """Which Guns in the hex the OVR leaves out of ``targets``, being in tow (C10.1, C10.11)."""
    return [reason(f"{u.id} is in tow by {u.towed_by}: not attacked separately, it shares {u.towed_by}'s fate",
                   "C10.1, C10.11") for u in defenders if _in_tow(u)]


def resolve_overrun(action: Action) -> Resolution:
    """``overrun``: MP cost, FP, DRM and (with dice) the IFT result, malfunction or immobilization."""
    vehicle = action.unit("vehicle")
    if vehicle.kind != "vehicle":
        raise IllegalAction(f"{vehicle.id} is a {vehicle.kind}: an OVR is made by a vehicle", "D7.1", "action.vehicle")
    if _is_wagon(vehicle):
        raise IllegalAction(f"{vehicle.id} is a wagon: wagons expend MF and may not OVR", "D7.1", "action.vehicle")
    allotment = printed_mp(action.scenario, vehicle)  # an OVR is counted in MP (D7.1)
    target = action.hex("target_hex")
    from_hex = action.hex("from_hex") if action.has("from_hex") else vehicle.hex
    scenario = action.scenario
    defenders = [u for u in enemies_at(scenario, target, vehicle.side) if u.aboard != vehicle.id]
    reasons = _legality(action, vehicle, target, from_hex, defenders)
    ft_only = action.flag("ft_only")
    riders, rider_reasons = _passengers(action, vehicle)
    reasons += rider_reasons
    computed = overrun_fp(vehicle, riders, scenario, ft_only)
    if ft_only and not computed.weapons:
        reasons.append(reason(f"{vehicle.id} has no manned, functioning FT MA", "D7.15"))

    fp = computed.fp
    parts = list(computed.parts)
    # Immobilized after entering, e.g. by OVR Prevention (C5.64): the OVR is still made, at half FP.
    if action.flag("immobilized_before_resolution") or (vehicle.immobilized and _entered(vehicle, target, from_hex)):
        fp /= 2
        parts.append({"source": "halved: Immobile/destroyed before the OVR is resolved (D7.11)", "fp": number(-fp)})

    mp_entry, unverified = entry_mp(scenario, vehicle, from_hex, target, allotment)
    # an OVR enters the hex as a move does (C10.1); Reverse is refused by D7.13 already
    towing = tow_step(scenario, vehicle, from_hex, target, {"bypass": action.flag("bypass")})
    reasons += towing.reasons
    if mp_entry is not None:
        mp_entry += towing.mp_extra
    mp_ovr = math.ceil(allotment / 4)
    mp_cost = None if mp_entry is None else mp_entry + mp_ovr
    mp_spent = spent_this_mph(action, "mp_spent", [vehicle], MP_SPENT)
    if mp_cost is not None and mp_spent + mp_cost > allotment:
        reasons.append(reason(f"{vehicle.id} has {number(allotment - mp_spent)} MP left but entering with an OVR costs "
                              f"{number(mp_cost)}", "D7.1, D7.14"))
    # An AFV itself is never OVR (D7.12); a Gun in tow shares its vehicle's fate (C10.1).
    targets = [u for u in defenders if not _is_afv(u) and not _in_tow(u)]
    aimed = action.optional_unit("target")
    # ``drm`` is vs the aimed target, else vs the targets outside a Motion vehicle, else all (D7.12 +2)
    not_moving = [u for u in targets if motion_carrier(scenario, u) is None]
    group = [aimed] if aimed is not None else not_moving or targets
    drm = _target_lines(action, vehicle, target, from_hex, group, ft_only)
    per_target = [(u, _target_lines(action, vehicle, target, from_hex, [u], ft_only)) for u in targets]
    # Area Fire halving is per target (D7.11, A12.13): vs the ``drm`` targets for ``fp``, each its own.
    concealed = (all(_concealed(action, u, aimed) for u in group) if group
                 else action.flag("target_concealed"))
    whole = fp
    fp, column = halved_fp(whole, concealed)
    if concealed:
        parts.append({"source": "halved: Area Fire vs concealed units (D7.11, A12.13)", "fp": number(-fp)})
    attacks = {u.id: _attack(whole, _concealed(action, u, aimed)) for u in targets}
    mixed = len({hidden for hidden, _, _ in attacks.values()}) > 1
    values: dict[str, Any] = {
        "fp": number(fp),
        "ift_column": column,
        "fp_parts": parts,
        "area_fire": concealed,
        "mp_cost": None if mp_cost is None else number(mp_cost),
        "mp_entry": None if mp_entry is None else number(mp_entry),
        "mp_ovr": mp_ovr,
        "mp_total": None if mp_cost is None else number(mp_spent + mp_cost),
        "weapons": list(computed.weapons),
        "bog_check": bog_check(scenario, target),
        "targets": [
            {"id": u.id, "drm": [line.to_json() for line in lines], "total_drm": sum(line.value for line in lines),
             **(_attack_keys(*attacks[u.id]) if mixed else {})}
            for u, lines in per_target
        ],
    }
    if unverified:
        values["unverified"] = unverified
    inanimate = bool(targets) and all(u.kind == "gun" for u in targets)
    values["notes"] = (passenger_notes(vehicle, riders) + portee_notes(scenario, vehicle) + _towed_notes(defenders)
                       + ([INANIMATE_NOTE] if inanimate else []) + leader_notes(action, vehicle)
                       + (_area_fire_notes(attacks) if mixed else []))

    def read(original: int) -> dict[str, Any]:
        """What an Original DR does: the IFT result vs each target (D7.14), malfunction (D7.17)."""
        outcome = ift_outcome(column, original, sum(line.value for line in drm))
        outcome.update(_malfunction(vehicle, () if inanimate else computed.weapons, original))
        outcome["targets"] = [
            _gun_noted(u, {"id": u.id, **{k: v for k, v in ift_outcome(attacks[u.id][2], original,
                                                                       sum(line.value for line in lines)).items()
                                          if k != "ift_column" or mixed}})
            for u, lines in per_target
        ]
        return outcome

    outcome = read(action.dice.total) if action.dice is not None and not reasons else None
    odds = WithOdds(values, lambda: None if reasons else tally_totals(read, OVERRUN_ODDS))
    return Resolution(action.kind, not reasons, tuple(reasons), tuple(drm), odds, outcome)


#: The IFT's results are Personnel results (A7, its chart): a check of morale is none of a Gun's.
GUN_MORALE_NOTE = reason("the IFT gives Personnel results: a Gun takes no MC or PTC; its crew's own result applies "
                         "to the crew", "A7")


def _gun_noted(unit: Unit, target: dict[str, Any]) -> dict[str, Any]:
    """A Gun's outcome, with a note when its result is a check of morale it does not take."""
    result = str(target.get("result"))
    if unit.kind == "gun" and (result.endswith("MC") or result == "PTC"):
        target["notes"] = [GUN_MORALE_NOTE]
    return target


def _concealed(action: Action, unit: Unit, aimed: Unit | None) -> bool:
    """Whether the OVR attacks ``unit`` as Area Fire for concealment (D7.11, A12.13): as
    ``target_concealed`` says of the ``target`` (of every target when none is named), else as the
    unit's own ``concealed`` says; naming one target leaves the others' as they are."""
    if action.has("target_concealed") and (aimed is None or unit.id == aimed.id):
        return action.flag("target_concealed")
    return unit.concealed


def _attack(fp: float, concealed: bool) -> tuple[bool, float, int | None]:
    """One target's attack: whether it is Area Fire, its FP and IFT column (D7.11, A12.13)."""
    return (concealed, *halved_fp(fp, concealed))


def _attack_keys(concealed: bool, fp: float, column: int | None) -> dict[str, Any]:
    """One target's own FP, IFT column and Area Fire, when the targets' differ (D7.11, A12.13)."""
    return {"fp": number(fp), "ift_column": column, "area_fire": concealed}


def _area_fire_notes(attacks: dict[str, tuple[bool, float, int | None]]) -> list[str]:
    """Which targets the OVR attacks at half FP, being concealed, and which at full FP (A12.13)."""
    hidden = [uid for uid, (concealed, _, _) in attacks.items() if concealed]
    seen = [uid for uid, (concealed, _, _) in attacks.items() if not concealed]
    _, half, half_column = attacks[hidden[0]]
    _, full, full_column = attacks[seen[0]]

    def on(fp: float, column: int | None) -> str:
        return f"{number(fp)} FP, " + ("no IFT column" if column is None else f"the {column} column")

    return [reason(f"{', '.join(hidden)} concealed: attacked as Area Fire at half FP ({on(half, half_column)}); "
                   f"{', '.join(seen)} at full FP ({on(full, full_column)}); one IFT DR for all", "D7.11, A12.13")]


def _malfunction(vehicle: Unit, weapons: tuple[str, ...], original_dr: int) -> dict[str, Any]:
    """D7.17: an Original 12 malfunctions a weapon that took part (A9.71 picks one of several); a
    MA with B# below 12 malfunctions at its B#; with no weapon that can malfunction (none took
    part, or the OVR is vs only inanimate objects) an Original 12 immobilizes the vehicle."""
    ma_breaks = "MA" in weapons and vehicle.breakdown is not None and original_dr >= vehicle.breakdown
    if original_dr < MALFUNCTION_DR and not ma_breaks:
        return {"malfunction": False, "immobilized": False}
    if not weapons:
        return {"malfunction": False, "immobilized": True}
    candidates = ["MA"] if ma_breaks and original_dr < MALFUNCTION_DR else list(weapons)
    return {"malfunction": True, "immobilized": False, "malfunction_candidates": candidates}
