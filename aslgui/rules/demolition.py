"""Demolition Charges (A23): Placed (``place_dc``) and Thrown (``throw_dc``) DC attacks on the IFT,
and what every DC attack shares (its carrier, X#, attack values); Set DC lives in ``set_dc``.

A DC attack is a fixed 30 FP (36+ column when Set) that only concealment halves; what varies is
who may use it, the DRM lines, and the X# that decides detonation versus malfunction.
"""

from __future__ import annotations

from typing import Any

from aslgui.errors import AslError
from aslgui.geometry import Hex, direction_to, distance
from aslgui.model import Scenario, Unit
from aslgui.resource_files import load_json
from aslgui.rules.action_keys import PLACER_STATES
from aslgui.rules.actions import Action
from aslgui.rules.ift_attack import (
    attacker_role,
    concealed_target,
    enemies_at,
    halved_fp,
    ift_outcome,
    number,
    tem_line,
)
from aslgui.rules.los import level_in, los_map, sight_reason
from aslgui.rules.nationality import nationality_of
from aslgui.rules.odds import Counted, Odds, WithOdds, counting, outcome_key, tally_totals
from aslgui.rules.resolution import DrmLine, Resolution, reason
from aslgui.rules.tables import infantry_mf
from aslgui.rules.towing import allotment, no_move_reasons, stated_spent

DC_FP = 30  # A23.1
#: Where a DC aimed at an AFV is resolved (A23.5): not in the rules folder, so not worked out here.
AFV_ATTACK_TABLE = "C7.34 HE & Flame To Kill Table, DC column, after a DC Position DR (C7.346)"
DC_X_NUMBER = 12  # A23.4: detonates on an Original DR below 12
CAPTURED_X_PENALTY = 2  # A21.11: a captured Gun/SW has its B#/X# lowered by two (A23.4: below 10)
#: Phases a DC may be Thrown in: friendly fire phases, or Defensive First Fire in the MPh (A23.6).
THROWING_PHASES = {"attacker": ("PFPh", "AFPh"), "defender": ("MPh", "DFPh")}
#: ``leadership_note`` of a DC attack given a leader or leadership (A23.1; its notes say it too).
LEADERSHIP_NOTE = "leadership does not modify a DC attack (A23.1)"
#: Readings this project takes where the rules leave room (stated in the answers' notes).
PREP_FIRED_NOTE = reason("read: a Thrown DC is fire (use of a SW, A23.6), so an ATTACKER unit marked fired in the AFPh "
                         "is taken as Prep-Fired and throws no DC; a squad throwing after its own AFPh fire (A23.2) "
                         "should throw first", "A3.3, A23.2")
CX_NOTE = reason("read: the CX +1 is on the attack Resolution DR vs the target Location only, not on the DC's attack "
                 "on the thrower's own Location", "A23.4")
OWN_LOCATION_AREA_FIRE_NOTE = reason("read: Thrown into the thrower's own Location, the DC's attack on the thrower's "
                                     "Location is on the same concealed units, so it is halved too (Area Fire)",
                                     "A23.1, A23.61")
SHELLHOLE_NOTE = reason("read: Placing into a shellhole hex costs what entering it would cost, at the lower of B2.4's "
                        "two rates (the shellhole is no Location of its own, and its units keep their shellhole TEM "
                        "vs the DC whatever the rate, A23.1), not the two MF of entering in the shellhole",
                        "A23.3, B2.4")
#: DESIGN.md section 10: detonation or malfunction, and each IFT result of the attack (A23.4).
DC_ODDS = counting(("detonated", "malfunction"), ("result",))
#: A Thrown DC's second DR on the thrower's own Location, counted over its own 216 rolls (A23.6).
THROWER_ODDS = Counted({}, {"thrower_result_if_detonated": outcome_key("result")})


def x_number(unit: Unit, captured: bool) -> tuple[int, str]:
    """The DC's X#: an Original DR at or above it malfunctions instead of detonating (A23.4).

    A captured DC detonates below 10 (A23.4); non-elite users take the captured SW X# penalty,
    doubled with a captured DC (A23.2).
    """
    steps = (1 if captured else 0) if unit.elite else (2 if captured else 1)
    penalty = CAPTURED_X_PENALTY * steps
    parts = ["captured DC (A23.4)"] if captured else []
    if not unit.elite:
        parts.append(f"non-elite user: captured SW X# penalty{' doubled' if captured else ''} (A23.2)")
    text = f"X# {DC_X_NUMBER} - {penalty}: " + ", ".join(parts) if penalty else f"X# {DC_X_NUMBER} (A23.4)"
    return DC_X_NUMBER - penalty, text


def _carrier_reasons(unit: Unit, rule: str) -> list[str]:
    """Why this unit cannot use a DC it would carry: not Infantry, no DC, broken or pinned."""
    reasons = []
    if not unit.is_infantry:
        reasons.append(reason(f"{unit.id} is a {unit.kind}; only Infantry use a DC", rule))
    if not unit.dc:
        reasons.append(reason(f"{unit.id} carries no DC (give it \"dc\": true)", rule))
    if unit.broken:
        reasons.append(reason(f"{unit.id} is broken", rule))
    if unit.pinned:
        reasons.append(reason(f"{unit.id} is pinned", rule))
    return reasons


def mover_reasons(action: Action, unit: Unit, rule: str, done: str, does: str) -> list[str]:
    """Placing or Setting a DC spends MF: only in its own side's MPh, by a carrier free to move
    (C3.22). ``done``/``does``: "Placed"/"Places" or "Set"/"Sets"."""
    reasons = _carrier_reasons(unit, rule) + no_move_reasons([unit])
    if action.phase != "MPh":
        reasons.append(reason(f"a DC is {done} during its owner's MPh, not the {action.phase}", rule))
    if attacker_role(action, unit) == "defender":
        reasons.append(reason(f"{unit.id} is a DEFENDER; only the moving side {does} a DC", rule))
    return reasons


def _own_location(action: Action, unit: Unit, same_location: bool) -> tuple[list[str], list[str]]:
    """Reasons and notes of A23.61: a DC goes into its user's own Location only when the user is
    Japanese or the target is a vehicle in Bypass there; the note says how a user the file names
    no nationality for was read (``nationality_of``)."""
    if not same_location or action.flag("target_in_bypass"):
        return [], []
    found = nationality_of(unit)
    japanese = found.name == "japanese"
    notes = [] if found.stated else [reason(f"read: {found.reading}, so {unit.id} is {'' if japanese else 'not '}"
                                            "Japanese", "A23.61")]
    if japanese:
        return [], notes
    return [reason("a DC may not go into its user's own Location unless the user is Japanese or the target is a "
                   "vehicle in Bypass there (set target_in_bypass)", "A23.61")], notes


def _friends_note(action: Action, unit: Unit, target: Hex, aimed: Unit | None) -> list[str]:
    """A DC explodes in its target Location and attacks whoever is there (A23.1, ``attacked``), so it
    may go where only friendly units stand; the answer names them as attacked too."""
    scenario = action.scenario
    friends = [uid for uid in attacked(scenario, target, aimed.id if aimed else None)
               if scenario.units[uid].side == unit.side and uid != unit.id]
    if not friends:
        return []
    return [reason(f"friendly units in {action.scenario.grid.name(target)} ({', '.join(friends)}) are attacked too: "
                   "a DC attacks its target Location", "A23.1")]


def _reach_reasons(action: Action, unit: Unit, target: Hex, rule: str) -> list[str]:
    """Adjacency and LOS (A23.3) checks shared by Placing and Throwing."""
    reasons = []
    if distance(unit.hex, target) > 1:
        reasons.append(reason(f"the target Location is {distance(unit.hex, target)} hexes away; it must be ADJACENT",
                              rule))
    if not action.flag("los", True):
        reasons.append(reason("the target Location is out of the user's LOS", "A23.3, A7.21"))
    elif distance(unit.hex, target) <= 1 and (blocked := sight_reason(action.scenario, unit, target)) is not None:
        reasons.append(blocked)
    return reasons


def facing_toward(afv: Unit, source: Hex, path: str) -> str:
    """The AFV Target Facing (front/side/rear) struck from ``source``: rear from inside its hex,
    else by the hexside the DC crossed (A23.5)."""
    if source == afv.hex:
        return "rear"
    side = direction_to(afv.hex, source)
    if side is None:
        raise AslError(f"{afv.id} is not adjacent to the DC's source hex", path)
    if afv.vca is None:
        raise AslError(f"vehicle {afv.id!r} has no vca; give it a hexspine such as \"N/NE\"", path)
    return ("front", "front", "side", "rear", "rear", "side")[(side - afv.vca) % 6]


def afvs_to_aim_at(scenario: Scenario, unit: Unit, target: Hex) -> list[Unit]:
    """The enemy AFVs in a DC's target Location: the DC may be aimed at one of them alone (A23.5)."""
    return [u for u in enemies_at(scenario, target, unit.side) if u.kind == "vehicle" and u.afv]


def _afv_target(action: Action, unit: Unit, target: Hex, source: Hex) -> tuple[Unit | None, dict[str, Any], list[str]]:
    """The predesignated AFV (``vs_afv``) and its Target Facing (A23.5), or the AFVs left unharmed."""
    enemy_afvs = afvs_to_aim_at(action.scenario, unit, target)
    afv = action.optional_unit("vs_afv")
    if afv is None:
        unaffected: dict[str, Any] = {"afv_unaffected": [u.id for u in enemy_afvs]} if enemy_afvs else {}
        return None, unaffected, []
    if afv not in enemy_afvs:
        return None, {}, [reason(f"{afv.id} is not an enemy AFV in the target Location", "A23.5")]
    values = {
        "vs_afv": afv.id,
        "target_facing": facing_toward(afv, source, "action.vs_afv"),
        "attack_table": AFV_ATTACK_TABLE,
    }
    return afv, values, []


def _cx_line(unit: Unit) -> list[DrmLine]:
    return [DrmLine("CX", "A23.4", 1, f"{unit.id} is CX")] if unit.cx else []


def _fp_values(action: Action, unit: Unit, target: Hex, fp: int) -> dict[str, Any]:
    """FP and column after Area Fire halving for concealed targets (A23.1)."""
    targets = [u for u in enemies_at(action.scenario, target, unit.side) if u.kind != "vehicle"]
    concealed = concealed_target(action, targets)
    halved, column = halved_fp(fp, concealed)
    values: dict[str, Any] = {"fp": number(halved), "ift_column": column, "area_fire": concealed}
    if _leadership_given(action):
        values["leadership_note"] = LEADERSHIP_NOTE
    return values


def _leadership_given(action: Action) -> bool:
    return action.has("leader") or action.has("leadership")


def _leadership_notes(action: Action) -> list[str]:
    """A DC attack takes no leadership DRM (A23.1): a ``leader``/``leadership`` given is left out
    of the DRM, and the answer's notes say so (docs/contract.md)."""
    if not _leadership_given(action):
        return []
    given = f" ({action.integer('leadership', 0):+d})" if action.has("leadership") else ""
    leader = action.optional_unit("leader")
    who = f" of {leader.id}" if leader is not None else ""
    return [reason(f"the leadership DRM{who}{given} is left out: leadership does not modify a DC attack", "A23.1")]


def detonation(values: dict[str, Any], original_dr: int, total_drm: int, limit: int) -> dict[str, Any]:
    """Detonation (Original DR below the X#) or malfunction (A23.4), then the IFT result."""
    if original_dr >= limit:
        return {"detonated": False, "malfunction": True, "original_dr": original_dr}
    outcome: dict[str, Any] = {"detonated": True, "malfunction": False, "original_dr": original_dr}
    if "vs_afv" not in values:
        outcome.update(ift_outcome(values["ift_column"], original_dr, total_drm))
    return outcome


def resolve_place_dc(action: Action) -> Resolution:
    """``place_dc``: a DC Placed in the MPh into an ADJACENT Location, detonating in the AFPh (A23.3)."""
    unit = action.unit("unit")
    target = action.hex("target_hex")
    scenario = action.scenario
    same_location = target == unit.hex
    reasons = mover_reasons(action, unit, "A23.3", "Placed", "Places")
    if unit.fired:
        reasons.append(reason(f"{unit.id} fired in the PFPh", "A23.3"))
    own_reasons, notes = _own_location(action, unit, same_location)
    reasons += own_reasons + _reach_reasons(action, unit, target, "A23.3")
    notes += _leadership_notes(action)
    ground = los_map(scenario)
    if level_in(action, "target_level", target, ground) != level_in(action, "unit_level", unit.hex, ground, unit):
        reasons.append(reason("the placer could not enter that level of the target hex directly from its own "
                              "Location, so it cannot Place a DC there", "A23.3 EX"))
    paatc_required = any(u.kind == "vehicle" and u.afv for u in enemies_at(scenario, target, unit.side))
    if paatc_required and not action.flag("paatc_passed", True):
        reasons.append(reason(f"{unit.id} failed the PAATC for the enemy AFV in the target Location", "A23.3, A11.6"))

    mf_cost, unverified = _placement_mf(action, unit, target, same_location)
    if not same_location and scenario.terrain_at(target) == "shellhole":
        notes.append(SHELLHOLE_NOTE)
    # what it has left: the action's mf_left, else what its committed moves left it (DESIGN.md 13)
    budget, budget_note = allotment(scenario, unit)
    spent = stated_spent(scenario, unit, left=action.data.get("mf_left"))
    if (action.has("mf_left") or spent) and budget - spent < mf_cost:
        reasons.append(reason(f"placing costs {number(mf_cost)} MF but {unit.id} has {number(budget - spent)} left",
                              "A23.3"))
        if budget_note and not action.has("mf_left"):  # the allotment read is not sourced (DESIGN.md 13)
            unverified.append(budget_note)
    placer = action.choice("placer_after_fire", PLACER_STATES, "good_order")
    afv, afv_values, afv_reasons = _afv_target(action, unit, target, unit.hex)
    reasons += afv_reasons
    notes += _friends_note(action, unit, target, afv)
    drm = placed_drm(action, unit, target, afv is None)
    limit, limit_text = x_number(unit, unit.dc == "captured")
    operable = not reasons and placer == "good_order"
    values: dict[str, Any] = {
        "mf_cost": number(mf_cost),
        **_fp_values(action, unit, target, DC_FP),
        "placement_hex": scenario.grid.name(unit.hex),
        "target_hex": scenario.grid.name(target),
        "paatc_required": paatc_required,
        "operably_placed": operable,
        "x_number": limit,
        "x_number_text": limit_text,
        "detonation_max_dr": limit - 1,
        **afv_values,
    }
    if not operable and not reasons:
        where = "in the Placement hex" if placer == "eliminated" else f"with {unit.id}"
        values["dc_remains"] = f"{where}; it may not attack but can be Placed again (A23.3)"
    if unverified:
        values["unverified"] = unverified
    if notes:
        values["notes"] = notes

    def read(original: int) -> dict[str, Any]:
        """An Original DR of the AFPh detonation (A23.3, A23.4); a DC not operably Placed does nothing."""
        if not operable:
            return {"detonated": False, "malfunction": False}
        return detonation(values, original, sum(line.value for line in drm), limit)

    outcome = read(action.dice.total) if action.dice is not None else None
    odds = WithOdds(values, lambda: None if reasons else tally_totals(read, DC_ODDS))
    return Resolution(action.kind, not reasons, tuple(reasons), tuple(drm), odds, outcome)


def placed_drm(action: Action, unit: Unit, target: Hex, on_location: bool) -> list[DrmLine]:
    """A Placed DC's attack DRM: the target Location's TEM, its hexside TEM NA (A23.1), unless it
    attacks a predesignated AFV (A23.5), whose Position DR the placer's CX +1 modifies (A23.4)."""
    if not on_location:
        return on_position_dr(_cx_line(unit))
    tem = tem_line(action.scenario, target, "A23.1")
    return ([tem] if tem else []) + _cx_line(unit)


def on_position_dr(lines: list[DrmLine]) -> list[DrmLine]:
    """The DRM of a DC aimed at an AFV, said to modify its DC Position DR, not an IFT attack (A23.4,
    A23.6 EXC, A23.62; C7.346, not in the rules folder, rolls it)."""
    return [line._replace(text=f"{line.text}, on the DC Position DR (C7.346)") for line in lines]


def attacked(scenario: Scenario, dc_hex: Hex, aimed: str | None = None) -> list[str]:
    """Every unit a DC going off attacks in its Location: the AFV it was aimed at alone, while it is
    there (A23.5), else every unit there, friendly ones and those aboard a vehicle too (A23.1; a
    Rider is not told from a Passenger), but each AFV, which only a DC aimed at it hits (A23.5)."""
    if aimed is not None:
        afv = scenario.units.get(aimed)
        return [aimed] if afv is not None and afv.hex == dc_hex else []
    return [u.id for u in scenario.units_at(dc_hex) if not (u.kind == "vehicle" and u.afv)]


def _placement_mf(action: Action, unit: Unit, target: Hex, same_location: bool) -> tuple[float, list[str]]:
    """MF to Place: what entering the target Location would cost without Bypass (A23.3); one MF
    into its own Location (A23.61)."""
    if same_location:
        return 1, []
    scenario = action.scenario
    mf, in_ground = infantry_mf(scenario, target)
    unverified = [in_ground] if in_ground else []
    feature = scenario.hexside(unit.hex, target)
    crossing = load_json("data", "vehicle_terrain.json")["infantry_hexside_mf"].get(feature or "")
    if crossing is not None:
        mf += crossing["mf"]
        if not crossing["verified"]:
            unverified.append(f"+{crossing['mf']} MF to cross a {feature} hexside (B9.4) is not sourced")
    return mf, unverified


def _thrower_fp(target_area_fire: bool, same_location: bool) -> tuple[float | int, int | None]:
    """FP and IFT column of a Thrown DC's separate attack on the thrower's own Location (A23.6):
    the full 30 column, as the concealment that halves the attack on the target Location is that
    of the units attacked there (A23.1), not of the thrower's; halved too only when the DC was
    Thrown into the thrower's own Location (A23.61), whose units are the same."""
    fp, column = halved_fp(DC_FP, target_area_fire and same_location)
    return number(fp), column


def resolve_throw_dc(action: Action) -> Resolution:
    """``throw_dc``: a DC Thrown into an ADJACENT Location attacks it (+2) and the thrower's own
    Location (+3) at once (A23.6)."""
    unit = action.unit("unit")
    target = action.hex("target_hex")
    scenario = action.scenario
    ground = los_map(scenario)
    thrower_level = level_in(action, "thrower_level", unit.hex, ground, unit)
    target_level = level_in(action, "target_level", target, ground)
    # A23.6 compares elevations: a hill's or cliff's ground counts as a building's levels do
    thrower_elevation = ground.level(unit.hex) + thrower_level
    target_elevation = ground.level(target) + target_level
    reasons = _carrier_reasons(unit, "A23.6")
    role = attacker_role(action, unit)
    allowed = THROWING_PHASES[role] if role else ("PFPh", "MPh", "DFPh", "AFPh")
    if action.phase not in allowed:
        who = f"the {role.upper()}" if role else "any side"
        reasons.append(reason(f"{who} may not Throw a DC in the {action.phase} (only {', '.join(allowed)})", "A23.6"))
    if role == "defender" and unit.fired:
        reasons.append(reason(f"{unit.id} is marked with a First Fire counter", "A23.63"))
    notes: list[str] = []
    if role == "attacker" and unit.fired and action.phase == "AFPh":
        reasons.append(reason(f"{unit.id} is marked with a Prep Fire counter and fires no more this Player Turn",
                              "A3.3, A23.6"))
        notes.append(PREP_FIRED_NOTE)
    same_location = target == unit.hex and target_level == thrower_level
    own_reasons, own_notes = _own_location(action, unit, same_location)
    reasons += own_reasons + _reach_reasons(action, unit, target, "A23.6")
    notes += own_notes + _leadership_notes(action)
    if target_elevation > thrower_elevation:
        reasons.append(reason(f"a DC may not be Thrown to a higher elevation: the target Location is at level "
                              f"{target_elevation}, the thrower at {thrower_elevation}", "A23.6"))

    carrier = scenario.units.get(unit.aboard) if unit.aboard else None
    moving_carrier = carrier is not None and (carrier.motion or not carrier.stopped)
    shaky = moving_carrier or action.flag("cavalry")
    how = "from a non-Stopped/Motion vehicle or Cavalry" if shaky else "Thrown DC"
    afph = action.phase == "AFPh" and not action.flag("opportunity")
    afph_lines = [DrmLine("AFPh", "A23.62", 1, "Thrown in the AFPh")] if afph else []
    afv, afv_values, afv_reasons = _afv_target(action, unit, target, unit.hex)
    reasons += afv_reasons
    notes += _friends_note(action, unit, target, afv)
    target_lines = [DrmLine("thrown", "A23.6", 3 if shaky else 2, how), *_cx_line(unit), *afph_lines]
    if afv is not None:  # vs the AFV they modify its DC Position DR instead (A23.6 EXC, A23.62)
        target_lines = on_position_dr(target_lines)
    else:
        crossed = unit.hex if target != unit.hex and thrower_elevation == target_elevation else None
        tem = tem_line(scenario, target, "A23.1", crossed_from=crossed)
        target_lines = ([tem] if tem else []) + target_lines
    thrower_attacked = thrower_elevation - target_elevation < 2
    thrower_lines: list[DrmLine] = []
    if thrower_attacked:
        tem = tem_line(scenario, unit.hex, "A23.1")
        thrower_lines = [*([tem] if tem else []), DrmLine("thrower", "A23.6", 4 if shaky else 3, f"thrower's Location, "
                         f"{how}"), *afph_lines]  # CX is +1 to the attack on the target only (A23.4)
    limit, limit_text = x_number(unit, unit.dc == "captured")
    target_values = _fp_values(action, unit, target, DC_FP)
    thrower_fp, thrower_column = (_thrower_fp(target_values["area_fire"], same_location) if thrower_attacked
                                  else (None, None))
    values: dict[str, Any] = {
        **target_values,
        "thrower_fp": thrower_fp,
        "thrower_ift_column": thrower_column,
        "target_drm": sum(line.value for line in target_lines),
        "thrower_drm": sum(line.value for line in thrower_lines) if thrower_attacked else None,
        "thrower_attacked": thrower_attacked,
        "thrower_drm_lines": [line.to_json() for line in thrower_lines],
        "x_number": limit,
        "x_number_text": limit_text,
        "detonation_max_dr": limit - 1,
        **afv_values,
    }
    if carrier is not None and carrier.afv:
        values["carrier_note"] = f"{carrier.id} is not attacked, only its Vulnerable PRC (A23.6)"
    if unit.cx and thrower_attacked:
        notes.append(CX_NOTE)
    if thrower_attacked and same_location and target_values["area_fire"]:
        notes.append(OWN_LOCATION_AREA_FIRE_NOTE)
    values["notes"] = notes

    def thrower_attack(original: int) -> dict[str, Any]:
        """The second DR, on the thrower's Location, on its own column; a 12 still detonates (A23.4 EXC)."""
        return ift_outcome(values["thrower_ift_column"], original, values["thrower_drm"])

    def count() -> Odds | None:
        if reasons:
            return None
        odds = tally_totals(lambda original: detonation(values, original, values["target_drm"], limit), DC_ODDS)
        return odds.merged(tally_totals(thrower_attack, THROWER_ODDS)) if thrower_attacked else odds

    outcome = None
    if action.dice is not None and not reasons:
        outcome = detonation(values, action.dice.total, values["target_drm"], limit)
        thrower_dice = action.dice_at("thrower_dice")
        if outcome["detonated"] and thrower_attacked and thrower_dice is not None:
            own = thrower_attack(thrower_dice.total)
            outcome.update(thrower_final_dr=own["final_dr"], thrower_result=own["result"])
        elif thrower_dice is not None and not outcome["detonated"]:  # no attack on either Location (A23.4)
            outcome["notes"] = [reason("the DC malfunctioned: neither Location is attacked, so the thrower's "
                                       "Location DR (thrower_dice) is not read", "A23.4")]
        elif outcome["detonated"] and thrower_attacked and not same_location:  # its own DR: said when not given
            outcome["notes"] = [reason("the thrower's Location is attacked too, by a DR of its own: give it as "
                                       "thrower_dice to resolve it", "A23.6")]
    return Resolution(action.kind, not reasons, tuple(reasons), tuple(target_lines), WithOdds(values, count), outcome)
