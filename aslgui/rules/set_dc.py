"""Set DC (A23.7): Setting a DC in a Location (``set_dc``) and detonating it from two to six hexes
away by a unit that sees it (``detonate_dc``), attacking on the IFT's 36+ column. ``detonate_dc``
of a DC its unit Placed (``placed_dc``) is that DC's AFPh attack (A23.3), with what its Placement
recorded: a captured DC's X# (A23.4), the AFV it was aimed at and the facing it strikes (A23.5).

Who may use a DC, its X# and the IFT attack are shared with Placed and Thrown DC (``demolition``).
"""

from __future__ import annotations

from typing import Any

from aslgui.geometry import Hex, distance
from aslgui.model import Unit
from aslgui.model.dc_counters import recorded_dc
from aslgui.rules.actions import ATTACKER_FIRE_PHASES, DEFENDER_FIRE_PHASES, FIRE_PHASES, Action
from aslgui.rules.demolition import (
    AFV_ATTACK_TABLE,
    DC_FP,
    DC_ODDS,
    DC_X_NUMBER,
    attacked,
    detonation,
    mover_reasons,
    placed_drm,
    x_number,
)
from aslgui.rules.ift_attack import (
    attacker_role,
    concealed_target,
    enemies_at,
    halved_fp,
    ift_outcome,
    number,
)
from aslgui.rules.los import unit_sight
from aslgui.rules.odds import WithOdds, counting, tally_dr, tally_totals
from aslgui.rules.resolution import DrmLine, Resolution, reason
from aslgui.rules.towing import spent_mp

SET_DC_FP = 36  # A23.71: the 36+ column
SET_DC_DRM = -3  # A23.71
SET_DC_RANGE = (2, 6)  # A23.7: at least two and at most six hexes away
#: Friendly fire phases a Set DC may be detonated in (A23.7).
DETONATION_PHASES = {"attacker": ATTACKER_FIRE_PHASES, "defender": DEFENDER_FIRE_PHASES}
#: A Set DC is Set on a dr <= its US# (A23.7).
SET_ODDS = counting(("set",))


def _set_dc_notes(action: Action, set_dr_max: int | None, reasons: list[str]) -> list[str]:
    """How a Set DC question's dice are read: Setting rolls one dr and no DR (A23.7), so ``dr``
    alone is the roll (DESIGN.md 4 calls ``dr`` a subsequent dr), and ``dice`` are not read; and
    why a legal one without the unit's US# has no odds (that dr is compared with the US#)."""
    notes = []
    if set_dr_max is None and not reasons:
        notes.append(reason("no US# given (us_number, on the action or the unit): the Set DC dr is compared with "
                            "it, so the odds cannot be counted and odds/odds_216 are null"
                            + (", nor the dr read (the outcome's set is null)" if action.dr is not None else ""),
                            "A23.7"))
    if action.dr is not None and set_dr_max is not None and not reasons:
        notes.append(reason(f"read: dr {action.dr} is the Set DC's own dr, which no DR comes before, so no dice are "
                            f"needed: the outcome's set says whether the DC is Set, on a dr of {set_dr_max} or less",
                            "A23.7"))
    if action.dice is not None:
        notes.append(reason('read: Setting a DC rolls a dr, no DR, so the dice are not read: give the dr as "dr"',
                            "A23.7"))
    return notes


def _leadership_lines(leadership: int) -> tuple[DrmLine, ...]:
    """The leadership drm of a leader assisting the unit to Set the DC, on the Set dr (A23.7); the
    leader is checked on input (one of the unit's side in its Location). ``set_dr_max`` counts it,
    as every threshold of an answer is an Original dr/DR."""
    if not leadership:
        return ()
    return (DrmLine("leadership", "A23.7", leadership, "leader assisting the unit to Set the DC"),)


def resolve_set_dc(action: Action) -> Resolution:
    """``set_dc``: an Infantry unit spends all its MF (Hazardous Movement) to Set a DC in its own
    Location; it is Set on a dr <= its US# (A23.7)."""
    unit = action.unit("unit")
    reasons = mover_reasons(action, unit, "A23.7", "Set", "Sets")
    if unit.moved or spent_mp(unit):  # its committed moves recorded MF spent this MPh (DESIGN.md 13)
        reasons.append(reason(f"{unit.id} has moved, so it cannot spend all of its MF to Set the DC", "A23.7"))
    us_number = action.data.get("us_number", unit.extra.get("us_number"))  # both 0..9, checked on input
    leadership = action.integer("leadership", 0)
    drm = _leadership_lines(leadership)
    values: dict[str, Any] = {"hex": action.scenario.grid.name(unit.hex), "mf_cost": "all", "hazardous_movement": True}
    if us_number is not None:
        values["set_dr_max"] = us_number - leadership
    values["notes"] = _set_dc_notes(action, values.get("set_dr_max"), reasons)
    if us_number is None or reasons:
        # without the US# a dr given cannot be read: the outcome says so with ``set`` null (DESIGN.md 4:
        # a well-formed question is answered, what cannot be worked out is null)
        unread = {"set": None, "dr": action.dr} if action.dr is not None and not reasons else None
        return Resolution(action.kind, not reasons, tuple(reasons), drm, WithOdds(values, lambda: None), unread)
    limit = us_number

    def read(dr: int) -> dict[str, Any]:
        return {"set": dr + leadership <= limit, "dr": dr}

    outcome = read(action.dr) if action.dr is not None else None
    return Resolution(action.kind, True, (), drm, WithOdds(values, lambda: tally_dr(read, SET_ODDS)), outcome)


def _detonation_los(action: Action, unit: Unit, dc_hex: Hex) -> list[str]:
    """A Set DC is detonated only within LOS of it (A23.7), traced as any LOS is (A6); ``los: false``
    says what the map cannot show (a SMOKE or LOS Hindrance counter...), it never opens a blocked LOS."""
    where = action.scenario.grid.name(dc_hex)
    if not action.flag("los", True):
        return [reason(f"the Set DC in {where} is out of {unit.id}'s LOS", "A23.7")]
    sight = unit_sight(action.scenario, unit, dc_hex)
    if not sight.blocked:
        return []
    return [f"{unit.id} has no LOS to the Set DC in {where} (A23.7): {sight.reason}"]


def _setter(action: Action, unit: Unit, dc_hex: Hex) -> tuple[list[str], list[str]]:
    """Reasons and notes for who detonates a Set DC: the unit that Set it, or one of its derivative
    HS if that squad was Reduced or Deployed (A23.7). The file records the setter by its ``set_dc``
    (the hex; Commit of a ``set_dc`` writes it), and a derivative HS by the same key. When no unit
    records a Set DC in that hex (Set by SSR, or not recorded) the detonating unit is taken as its
    owner, and a note says so."""
    scenario = action.scenario
    where = scenario.grid.name(dc_hex)

    def recorded(u: Unit) -> Hex | None:
        return recorded_dc(scenario, u.id, "set")

    if recorded(unit) == dc_hex:
        return [], []
    setters = [u.id for u in scenario.units.values() if u.id != unit.id and recorded(u) == dc_hex]
    if setters:
        verb = "is" if len(setters) == 1 else "are"
        return [reason(f"{unit.id} did not Set the DC in {where}: {', '.join(setters)} {verb} recorded with it "
                       "(set_dc); only the unit that Set it, or a HS derived from it, detonates it", "A23.7")], []
    own = recorded(unit)
    if own is not None:
        return [reason(f"{unit.id} Set its DC in {scenario.grid.name(own)}, not in {where}", "A23.7")], []
    return [], [reason(f"read: no unit records a Set DC in {where} (set_dc), so it is taken as Set by {unit.id} "
                       "(or for it by SSR); only the unit that Set it, or its derivative HS, detonates it", "A23.7")]


def resolve_detonate_dc(action: Action) -> Resolution:
    """``detonate_dc``: a Set DC goes off on the 36+ column at -3 with no TEM; enemy Infantry in
    its Location make it likelier to malfunction (A23.7, A23.71). A DC the unit Placed there (and
    did not Set) makes its AFPh attack instead (A23.3)."""
    unit = action.unit("unit")
    dc_hex = action.hex("hex")
    scenario = action.scenario
    if recorded_dc(scenario, unit.id, "placed") == dc_hex and recorded_dc(scenario, unit.id, "set") != dc_hex:
        return detonate_placed(action, unit, dc_hex)  # the DC it Placed in the MPh (A23.3)
    reasons = []
    if not unit.is_infantry:  # the unit that Set it detonates it, and only Infantry Set a DC
        reasons.append(reason(f"{unit.id} is a {unit.kind}; only the Infantry unit that Set a DC detonates it",
                              "A23.7"))
    if unit.broken:
        reasons.append(reason(f"{unit.id} is broken; only a Good Order unit detonates a Set DC", "A23.7"))
    role = attacker_role(action, unit)
    allowed = DETONATION_PHASES[role] if role else FIRE_PHASES
    if action.phase not in allowed:
        reasons.append(reason(f"a Set DC is detonated in a friendly fire phase, not the {action.phase}", "A23.7"))
    low, high = SET_DC_RANGE
    span = distance(unit.hex, dc_hex)
    if not low <= span <= high:
        hexes = "hex" if span == 1 else "hexes"
        reasons.append(reason(f"the Set DC is {span} {hexes} away; it must be {low} to {high}", "A23.7"))
    reasons += _detonation_los(action, unit, dc_hex)
    if unit.extra.get(SET_DC_TURN) == scenario.turn and unit.side == scenario.player:
        reasons.append(reason(f"{unit.id} Set the DC in this Player Turn; it is detonated in a later one", "A23.7"))
    setter_reasons, notes = _setter(action, unit, dc_hex)
    reasons += setter_reasons
    if not action.flag("ntc_passed", True):
        reasons.append(reason(f"{unit.id} failed its NTC", "A23.7"))
    enemies = enemies_at(scenario, dc_hex, unit.side)
    infantry = [u for u in enemies if u.is_infantry]
    # A23.7 gives a Set DC its own malfunction number; the Placed/Thrown X# penalties (A23.2, A23.4) are not applied.
    limit = DC_X_NUMBER
    concealed = concealed_target(action, [u for u in enemies if u.kind != "vehicle"])
    fp, column = halved_fp(SET_DC_FP, concealed)
    drm = (DrmLine("set", "A23.71", SET_DC_DRM, "Set DC; no TEM"),)
    values: dict[str, Any] = {
        "dc": "set",
        "fp": number(fp),
        "ift_column": column,
        "area_fire": concealed,
        "ntc_required": True,
        "hex": scenario.grid.name(dc_hex),
        "enemy_infantry": len(infantry),
        "attacked": attacked(scenario, dc_hex),
        "malfunction_min_dr": limit - len(infantry),
    }
    if notes:
        values["notes"] = notes

    def read(original: int) -> dict[str, Any]:
        """Each enemy Infantry unit in the Location adds one to the malfunction check (A23.71)."""
        if original + len(infantry) >= limit:
            return {"detonated": False, "malfunction": True, "original_dr": original}
        return {"detonated": True, "malfunction": False, "original_dr": original,
                **ift_outcome(column, original, SET_DC_DRM)}

    outcome = read(action.dice.total) if action.dice is not None and not reasons else None
    odds = WithOdds(values, lambda: None if reasons else tally_totals(read, DC_ODDS))
    return Resolution(action.kind, not reasons, tuple(reasons), drm, odds, outcome)


#: Unit key a committed ``set_dc`` writes beside ``set_dc`` (the hex): the turn it was Set in, by its
#: setter in its own Player Turn; it goes off only in a later Player Turn (A23.7).
SET_DC_TURN = "set_dc_turn"
#: Unit keys a committed ``place_dc`` writes beside ``placed_dc`` (the hex), for the AFPh attack:
#: a captured DC (its X#, A23.4), the AFV it was aimed at and the Target Facing it strikes (A23.5).
PLACED_CAPTURED = "placed_dc_captured"
PLACED_VS_AFV = "placed_dc_vs_afv"
PLACED_FACING = "placed_dc_facing"


def detonate_placed(action: Action, unit: Unit, dc_hex: Hex) -> Resolution:
    """A DC operably Placed in the MPh attacks its Location in its owner's AFPh (A23.3): 30 FP,
    halved only vs concealed units (A23.1), with the Location's TEM and the placer's CX (A23.4),
    detonating below its X# (A23.4, A23.2); aimed at an AFV, that AFV alone, on C7.34 (A23.5). Who
    Placed it may have moved away since, or broken: that has no effect on the DC (A23.3), so no LOS,
    range or NTC is asked of him."""
    scenario = action.scenario
    reasons = []
    role = attacker_role(action, unit)
    if action.phase != "AFPh" or role == "defender":
        when = f"the {action.phase}" if action.phase != "AFPh" else "the DEFENDER's AFPh"
        reasons.append(reason(f"a Placed DC attacks in its owner's AFPh, not {when}", "A23.3"))
    aimed = unit.extra.get(PLACED_VS_AFV)
    drm = placed_drm(action, unit, dc_hex, aimed is None)
    limit, limit_text = x_number(unit, bool(unit.extra.get(PLACED_CAPTURED)))
    enemies = enemies_at(scenario, dc_hex, unit.side)
    concealed = concealed_target(action, [u for u in enemies if u.kind != "vehicle"])
    fp, column = halved_fp(DC_FP, concealed)
    values: dict[str, Any] = {
        "dc": "placed",
        "hex": scenario.grid.name(dc_hex),
        "fp": number(fp),
        "ift_column": column,
        "area_fire": concealed,
        "ntc_required": False,
        "enemy_infantry": len([u for u in enemies if u.is_infantry]),
        "attacked": attacked(scenario, dc_hex, aimed),
        "malfunction_min_dr": limit,
        "x_number_text": limit_text,
    }
    notes = []
    if aimed is not None:
        values.update(vs_afv=aimed, target_facing=unit.extra.get(PLACED_FACING), attack_table=AFV_ATTACK_TABLE)
        if not values["attacked"]:
            notes.append(reason(f"{aimed}, the AFV it was aimed at, is no longer in {values['hex']}: the DC attacks "
                                "nothing", "A23.5"))
    if action.has("los") or action.has("ntc_passed"):
        notes.append(reason("read: a Placed DC needs no LOS or NTC of its owner (those are a Set DC's, A23.7), so "
                            "los and ntc_passed are not read", "A23.3"))
    if notes:
        values["notes"] = notes
    total = sum(line.value for line in drm)

    def read(original: int) -> dict[str, Any]:
        return detonation(values, original, total, limit)

    outcome = read(action.dice.total) if action.dice is not None and not reasons else None
    odds = WithOdds(values, lambda: None if reasons else tally_totals(read, DC_ODDS))
    return Resolution(action.kind, not reasons, tuple(reasons), tuple(drm), odds, outcome)
