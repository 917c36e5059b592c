"""Moving in the MPh (DESIGN.md 13): a unit enters hexes one by one and counts what it spends.

A vehicle pays MP to enter each hex (``vehicle_terrain.json``, as its OVR does, D7.1), +1 MP per
hex for a Gun in tow (C10.1), and MP for each VCA change (``movement_costs.json``): it enters only
a hex its VCA hexspine joins, so a turn is its own step, and the turns are chosen to be the fewest
over the whole path (and to end at ``vca`` when given).  Infantry pays MF (``movement_costs.json``).
A cost the rules folder does not give is named in ``unverified``; a terrain or hexside the data
lacks refuses the step that enters it, naming it.  A vehicle whose last hex holds enemy Infantry
or a Gun enters it by an OVR, answered by ``overrun`` itself from the hex before.  ``threats``
are the enemy Guns and vehicles whose ``fire`` at the mover in one of its steps would be legal,
each at its best step, counted by the odds map's shot (``odds_map.FirerOdds``).
"""

from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from aslgui.geometry import SPINE_NAMES, Hex, direction_to
from aslgui.geometry.mapgrid import HexNameError
from aslgui.model import Scenario, Unit
from aslgui.resource_files import load_json
from aslgui.rules.action_keys import hex_names
from aslgui.rules.actions import Action
from aslgui.rules.ift_attack import attacker_role, enemies_at, number
from aslgui.rules.los import los_map
from aslgui.rules.odds_map import FirerOdds, threat_firers
from aslgui.rules.overrun import bog_check, entry_mp
from aslgui.rules.portee import tow_step
from aslgui.rules.resolution import DrmLine, IllegalAction, Resolution, reason
from aslgui.rules.tables import ground_words
from aslgui.rules.to_hit.target_drm import CASE_J_NOTE
from aslgui.rules.towing import allotment, may_not_move_reasons, printed_mp, spent_mp

#: Why a threat's odds leave out the To Hit DRM for a moving target.
MOVING_TARGET_NOTE = f"threats: {CASE_J_NOTE}"
#: A TCA turned as part of a move's MP costs nothing more: D3.12 is not in the rules folder.
TCA_NOTE = "TCA change: no MP counted for it (C5.13 turns it with MP spent; D3.12 is not in the rules folder)"
#: Where a move's own refusals point: Infantry spends MF (A4.1), a vehicle MP (D2.1).
_RULE = {"vehicle": "D2.1", "infantry": "A4.1"}


@cache
def _costs() -> dict[str, Any]:
    data: dict[str, Any] = load_json("data", "movement_costs.json")
    return data


class Step(NamedTuple):
    """One step of a move: the hex it ends in (entered, or turned in), what it costs and why."""

    hex: Hex
    cost: float
    why: str
    turn: bool = False


def _turns(a: int, b: int) -> int:
    return min((a - b) % 6, (b - a) % 6)


def vca_plan(start: int, directions: Sequence[int], end: int | None) -> list[int]:
    """The VCA held entering each hex (and then ``end`` if given): each one of the two hexspines
    that join the hexside crossed (a vehicle enters a hex of its VCA), the fewest hexspines turned
    in all, then the fewest turns."""

    def turn(a: int, b: int) -> tuple[int, int]:
        return (_turns(a, b), int(a != b))

    def plus(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
        return (a[0] + b[0], a[1] + b[1])

    # cost[s]: the least (hexspines, turns) so far ending at spine s; back[i][s]: the spine before
    cost = {start: (0, 0)}
    back: list[dict[int, int]] = []
    for d in directions:
        here: dict[int, tuple[int, int]] = {}
        step: dict[int, int] = {}
        for spine in ((d - 1) % 6, d):
            here[spine], step[spine] = min((plus(cost[s], turn(s, spine)), s) for s in cost)
        back.append(step)
        cost = here
    last = min(cost, key=lambda s: (plus(cost[s], turn(s, end) if end is not None else (0, 0)), s))
    plan = [last]
    for step in reversed(back[1:]):
        plan.append(step[plan[-1]])
    return [*reversed(plan if directions else []), *([end] if end is not None else [])]


class Move(NamedTuple):
    """A move worked out: its steps, why it may not happen, what is unverified, its OVR."""

    steps: list[Step]
    reasons: list[str]
    unverified: list[str]
    final_vca: int | None
    overrun: dict[str, Any] | None
    final_tca: int | None = None


def _is_vehicle(unit: Unit) -> bool:
    return unit.kind == "vehicle"


def _who_may_move(action: Action, unit: Unit) -> list[str]:
    """Whose MPh it is, and what keeps the unit from moving in it (DESIGN.md 13)."""
    phase, reasons = action.phase, []
    rule = _RULE["vehicle" if _is_vehicle(unit) else "infantry"]
    if phase != "MPh":
        reasons.append(reason(f"units move in the MPh, not the {phase}", f"A3, {rule}"))
    if attacker_role(action, unit) == "defender":
        reasons.append(reason(f"{unit.id} belongs to the DEFENDER: only the ATTACKER moves in the MPh", "A3"))
    if unit.aboard:
        reasons.append(reason(f"{unit.id} is aboard {unit.aboard}: a Passenger/Rider moves with its vehicle", "D6"))
    if unit.immobilized:
        reasons.append(reason(f"{unit.id} is Immobile", "D7.1"))
    if unit.broken:
        reasons.append(reason(f"{unit.id} is broken: it does not move in the MPh (it routs in the RtPh)", "A10.5"))
    if unit.pinned:
        reasons.append(reason(f"{unit.id} is pinned and may not move", "A7.8"))
    return reasons + may_not_move_reasons(unit)


def _path_hexes(action: Action, start: Hex, rule: str) -> tuple[list[Hex], list[str]]:
    """The path's hexes up to the first that is off the map or not adjacent to the one before,
    and why that one is refused."""
    grid, before = action.scenario.grid, start
    hexes: list[Hex] = []
    for i, name in enumerate(hex_names(action.data["path"], "action.path")):
        where = f"path[{i}] {name.strip().upper()}"
        try:
            h = grid.parse(name, f"action.path[{i}]")
        except HexNameError as error:
            return hexes, [reason(f"{where} leaves the map: {error.message}", rule)]
        if direction_to(before, h) is None:
            return hexes, [reason(f"{where} is not adjacent to {grid.name(before)}: a unit moves hex by hex", rule)]
        hexes.append(h)
        before = h
    return hexes, []


def ovr_target(scenario: Scenario, unit: Unit, h: Hex) -> bool:
    """Whether a vehicle entering ``h`` would OVR it: enemy Infantry or a Gun there (D7.1)."""
    return any(u.is_infantry or u.kind == "gun" for u in enemies_at(scenario, h, unit.side) if u.aboard is None)


def _no_cost(scenario: Scenario, h: Hex, cost: str, rule: str) -> str:
    """Why a step is refused whose cost resources/data lacks: never guessed (DESIGN.md 13)."""
    return reason(f"{scenario.grid.name(h)}: no {cost} cost for {ground_words(scenario, h)} in resources/data (the "
                  "step is refused, not guessed)", rule)


def _vehicle_entry(scenario: Scenario, unit: Unit, before: Hex, h: Hex, printed: int
                   ) -> tuple[Step | None, list[str], list[str]]:
    """One hex a vehicle enters: its step (None when refused), reasons, unverified notes.  A tow's
    limits come first: a wall, a hedge or a building refuses the step whatever it would cost (C10.1)."""
    towing = tow_step(scenario, unit, before, h, {})
    if towing.reasons:
        return None, towing.reasons, []
    name, terrain = scenario.grid.name(h), scenario.terrain_at(h)
    mp, unverified = entry_mp(scenario, unit, before, h, printed)
    if mp is None:
        return None, [_no_cost(scenario, h, "vehicle MP", "D2.1")], []
    feature = scenario.hexside(before, h)
    if feature is not None and feature != "road":
        crossing = load_json("data", "vehicle_terrain.json")["hexside_mp"].get(feature)
        if crossing is None or crossing["mp"] is None:
            return None, [reason(f"{name}: no vehicle MP cost to cross the {feature} hexside from "
                                 f"{scenario.grid.name(before)} in resources/data (the step is refused, not guessed)",
                                 "D2.1")], []
        mp += crossing["mp"]
    why = terrain if feature is None else f"{terrain}, across a {feature} hexside"
    if towing.towed:
        mp += towing.mp_extra
        why += towing.words
    return Step(h, mp, why), [], unverified


def _infantry_entry(scenario: Scenario, unit: Unit, before: Hex, h: Hex) -> tuple[Step | None, list[str], list[str]]:
    """One hex Infantry enters: its step (None when refused), reasons, unverified notes."""
    name, terrain = scenario.grid.name(h), scenario.terrain_at(h)
    entry = None if h in scenario.ground else _costs()["infantry_mf"].get(terrain)  # none in mud or deep snow
    if entry is None:
        return None, [_no_cost(scenario, h, "Infantry MF", "A4.1")], []
    unverified = [] if entry["verified"] else [f"{terrain}: {entry['mf']} MF to enter is not sourced"]
    mf, why = float(entry["mf"]), terrain
    feature = scenario.hexside(before, h)
    if feature is not None and feature != "road":
        crossing = load_json("data", "vehicle_terrain.json")["infantry_hexside_mf"].get(feature)
        if crossing is None:
            return None, [reason(f"{name}: no Infantry MF cost to cross the {feature} hexside from "
                                 f"{scenario.grid.name(before)} in resources/data (the step is refused, not guessed)",
                                 "A4.1")], []
        mf += crossing["mf"]
        why += f", across a {feature} hexside"
        if not crossing["verified"]:
            unverified.append(f"{feature} hexside: +{crossing['mf']} MF to cross (B9.4) is not sourced")
    if enemies_at(scenario, h, unit.side):
        return None, [reason(f"{name} holds enemy units: Infantry may not enter an enemy-occupied Location in the "
                             "MPh", "A4.14")], unverified
    return Step(h, mf, why), [], unverified


def entry_cost(scenario: Scenario, unit: Unit, before: Hex, h: Hex) -> float | None:
    """What a unit spends to enter ``h`` from ``before`` (VCA turns aside), None where it may not
    (a cost the data lacks, a tow limit, Infantry into enemy units, A4.14): what a path is planned
    by. A vehicle passes through an enemy hex as a move does (D7.1: an OVR is its choice)."""
    if _is_vehicle(unit):
        step, reasons, _ = _vehicle_entry(scenario, unit, before, h, printed_mp(scenario, unit))
    else:
        step, reasons, _ = _infantry_entry(scenario, unit, before, h)
    return None if step is None or reasons else step.cost


def _turn_step(h: Hex, before: int, after: int) -> Step:
    entry = _costs()["vca_change"]
    spines = _turns(before, after)
    return Step(h, float(entry["mp"] * spines), f"VCA {SPINE_NAMES[before]} to {SPINE_NAMES[after]}, {spines} "
                f"hexspine{'s' if spines > 1 else ''} ({entry['rule']})", turn=True)


def _overrun(action: Action, unit: Unit, before: Hex, h: Hex, spent: float) -> dict[str, Any]:
    """The ``overrun`` answer for entering ``h`` from ``before`` with ``spent`` MP, as asked alone."""
    if action.ask is None:
        raise AssertionError("a move is answered through the dispatcher, which gives its Action ``ask``")
    grid = action.scenario.grid
    question: dict[str, Any] = {"kind": "overrun", "vehicle": unit.id, "target_hex": grid.name(h),
                                "from_hex": grid.name(before), "mp_spent": number(spent)}
    question.update({key: action.data[key] for key in ("phase", "dice") if action.has(key)})
    return action.ask(action.scenario, question).to_json()


def work_out(action: Action, unit: Unit) -> Move:
    """The steps of the move and every reason it may not happen (DESIGN.md 13)."""
    scenario, vehicle = action.scenario, _is_vehicle(unit)
    rule = _RULE["vehicle" if vehicle else "infantry"]
    reasons = _who_may_move(action, unit)
    hexes, refused = _path_hexes(action, unit.hex, rule)
    end_vca = action.spine("vca")
    unverified: list[str] = []
    if not vehicle and any(action.has(key) for key in ("vca", "tca", "end", "delay")):
        reasons.append(reason("only a vehicle has a VCA or TCA, spends Delay MP and ends its move Stopped or in "
                              "Motion", "D2.1"))
        end_vca = None
    start_vca = unit.vca if vehicle else None
    if vehicle and start_vca is None and (hexes or end_vca is not None):
        unverified.append(f"{unit.id} has no vca: its VCA changes are not counted")
    before_all = [unit.hex, *hexes][: len(hexes)]
    plan = (vca_plan(start_vca, [direction_to(a, b) or 0 for a, b in zip(before_all, hexes, strict=True)], end_vca)
            if start_vca is not None else [])
    printed = printed_mp(scenario, unit) if vehicle else 0
    steps: list[Step] = []
    overrun = None
    spent, facing, before = spent_mp(unit), start_vca, unit.hex
    for i, h in enumerate(hexes):
        if plan and plan[i] != facing and facing is not None:
            steps.append(_turn_step(before, facing, plan[i]))
            spent += steps[-1].cost
        facing = plan[i] if plan else facing
        last = i == len(hexes) - 1
        if vehicle and last and ovr_target(scenario, unit, h):
            overrun = _overrun(action, unit, before, h, spent)
            reasons += [why for why in overrun["reasons"] if why not in reasons]  # the mover's own said once
            if overrun["mp_cost"] is None:  # no cost in the data to enter it: refused, naming why (D2.1)
                refused.append(_no_cost(scenario, h, "vehicle MP", "D2.1"))
                break
            why = f"{scenario.terrain_at(h)}{tow_step(scenario, unit, before, h, {}).words} + OVR (D7.1)"
            steps.append(Step(h, float(overrun["mp_cost"]), why))
            unverified += [note for note in overrun.get("unverified", ()) if note not in unverified]
        else:
            step, why_not, doubtful = (_vehicle_entry(scenario, unit, before, h, printed) if vehicle
                                       else _infantry_entry(scenario, unit, before, h))
            unverified += [note for note in doubtful if note not in unverified]
            refused += why_not
            if step is None:
                break
            if vehicle and ovr_target(scenario, unit, h):  # a hex before the last: an OVR is a choice (D7.1)
                step = step._replace(why=f"{step.why}, enemy Infantry or a Gun passed without an OVR (D7.1: a move "
                                         "ending here asks it)")
            steps.append(step)
        spent += steps[-1].cost
        before = h
    else:
        if end_vca is not None and facing is not None and end_vca != facing:
            steps.append(_turn_step(before, facing, end_vca))
        delay = action.number("delay") if vehicle and not refused else None  # not past a refused hex
        if delay:  # MP spent where it stands: what lets it fire again with a Multiple ROF (C5.3)
            steps.append(Step(before, delay, "Delay MP (C5.3)"))
    if vehicle and any(step.turn for step in steps):
        entry = _costs()["vca_change"]
        unverified.append(f"VCA change: {entry['note']}")
    if vehicle and steps:
        unverified.append(f"Start/Stop MP: {_costs()['start_stop']['note']}")
    final_vca = (end_vca if end_vca is not None else facing) if vehicle else None
    final_tca, why_not_tca = _turret_at_end(action, unit, spends=bool(steps) or action.has("end"))
    if final_tca != unit.tca and final_tca is not None:
        unverified.append(TCA_NOTE)
    return Move(steps, reasons + refused + why_not_tca, unverified, final_vca, overrun, final_tca)


def _turret_at_end(action: Action, unit: Unit, spends: bool) -> tuple[int | None, list[str]]:
    """The TCA a turreted vehicle holds at the end of its move (``tca``, else its own), and why
    the ``tca`` asked may not be: the turret turns in its MPh only while it spends MP (C5.13: a
    Bounding First Firer fires within its CA and changes it only so; TCA, D3.12)."""
    asked = action.spine("tca") if _is_vehicle(unit) else None
    if asked is None or asked == unit.tca:
        return (unit.tca if unit.turret is not None else None), []
    if unit.turret is None:
        return None, [reason(f"{unit.id} has no turret: its MA turns with its hull (give vca)", "C5.11, C5.13")]
    if not spends:
        return unit.tca, [reason(f"{unit.id}'s turret turns in its MPh only as part of spending MP: enter a hex, "
                                 "turn the hull, delay or stop", "C5.13")]
    return asked, []


def _threats(scenario: Scenario, unit: Unit, steps: list[Step], phase: str) -> list[dict[str, Any]]:
    """Each enemy Gun and vehicle whose ``fire`` at the mover in one of its steps is legal, at its
    best step (the highest chance to hit, the first such step), as that ``fire`` counts it."""
    if not steps:
        return []
    target_type = "vehicle" if _is_vehicle(unit) else "infantry"
    target = unit._replace(moved=True, stopped=unit.stopped and not _is_vehicle(unit))
    first: dict[Hex, int] = {}
    for index, step in enumerate(steps):
        first.setdefault(step.hex, index)
    found, los = [], los_map(scenario)
    for firer in threat_firers(scenario, unit.side):
        if firer.aboard is not None:
            continue
        try:
            odds = FirerOdds(scenario, firer, target, target_type, phase, los)
        except IllegalAction:
            continue
        best = _best_step(odds, first)
        if best is not None:
            found.append({"firer": firer.id, "step": best[0], "hit": best[1]})
    return found


def _best_step(odds: FirerOdds, first: dict[Hex, int]) -> tuple[int, float] | None:
    """The first step of the firer's highest chance to hit.  A shot whose highest DR that hits is
    lower never hits more often (C3.3), so only the steps of the highest are counted (216 rolls
    each, once per TH# numbers)."""
    numbers = odds.numbers(first)
    if not numbers:
        return None
    top = max(found.final_th_needed for found, _ in numbers.values())
    counted = [(-odds.odds(*numbers[h]).hit, first[h]) for h in numbers if numbers[h][0].final_th_needed == top]
    hit, step = min(counted)
    return step, -hit


def resolve_move(action: Action) -> Resolution:
    """``move``: the steps of a path, what they cost, what it leaves, its OVR and its threats."""
    return answer_move(action, with_threats=True)


def answer_move(action: Action, with_threats: bool) -> Resolution:
    """The ``move`` answer; without its threats, what a drag draws at each hex (``move_path``)."""
    unit = action.unit("unit")
    if unit.kind == "gun":
        raise IllegalAction(f"{unit.id} is a Gun: it moves pushed by its crew (push) or towed by a vehicle "
                            "(hook_up)", "C10.1, C10.3", "action.unit")
    scenario = action.scenario
    move = work_out(action, unit)
    budget, note = allotment(scenario, unit)
    unverified = [*([note] if note else []), *move.unverified]
    spent = spent_mp(unit) + sum(step.cost for step in move.steps)
    reasons = list(move.reasons)
    vehicle = _is_vehicle(unit)
    word = "MP" if vehicle else "MF"
    ovr_cost = move.steps[-1].cost if move.overrun is not None and move.steps else 0.0
    if spent - ovr_cost > budget:  # an OVR's own MP are counted by ``overrun`` itself (D7.1)
        reasons.append(reason(f"{unit.id} would spend {number(spent)} {word} of its {number(budget)} this MPh "
                              f"({number(spent_mp(unit))} already spent)", _RULE["vehicle" if vehicle else "infantry"]))
    total = spent_mp(unit)
    steps = []
    for step in move.steps:
        total += step.cost
        steps.append({"hex": scenario.grid.name(step.hex), word.lower(): number(step.cost), "total": number(total),
                      "why": step.why})
    threats = _threats(scenario, unit, move.steps, action.phase) if with_threats else []
    if threats:
        unverified.append(MOVING_TARGET_NOTE)
    left = budget - spent
    values: dict[str, Any] = {
        "unit": unit.id,
        "steps": steps,
        f"{word.lower()}_spent": number(spent),
        f"{word.lower()}_left": number(left),
        "vca": SPINE_NAMES[move.final_vca] if move.final_vca is not None else None,
        "tca": SPINE_NAMES[move.final_tca] if move.final_tca is not None else None,
        "end": action.data.get("end") if vehicle else None,
        "overrun": move.overrun,
        "threats": threats,
    }
    if unverified:
        values["unverified"] = list(dict.fromkeys(unverified))
    bogs = [step for step in move.steps if vehicle and not step.turn and bog_check(scenario, step.hex)]
    notes = [reason(f"{scenario.grid.name(step.hex)}: entering {scenario.terrain_at(step.hex)} calls for a Bog DR "
                    "(not rolled here)", "D8.2") for step in bogs]
    if move.steps and (unit.concealed or unit.extra.get("hip")):  # A12 is not in the rules folder
        notes.append(reason(f"{unit.id} is {'HIP' if unit.extra.get('hip') else 'concealed'}: its loss by moving "
                            "in view of the enemy is not applied here: concealment is not in the rules folder", "A12"))
    if notes:
        values["notes"] = notes
    outcome: dict[str, Any] | None = None
    drm: tuple[DrmLine, ...] = ()
    if move.overrun is not None:  # the move's dice roll its OVR: its DRM, odds and outcome are the move's
        values.update({key: move.overrun[key] for key in ("odds", "odds_216") if key in move.overrun})
        outcome = move.overrun.get("outcome")
        drm = tuple(DrmLine(**line) for line in move.overrun["drm"])
    return Resolution(action.kind, not reasons, tuple(reasons), drm, values, outcome)
