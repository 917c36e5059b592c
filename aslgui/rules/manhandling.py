"""Pushing a Gun one hex (C10.3, C10.31): the Manhandling DR against the Gun's M#.

The answer lists every DRM of the C10.3 chart that applies, each as its own line, and the highest
Original DR that still enters the hex (Final DR = M#: enter and stop) and that lets the Gun go on
(Final DR < M#).  Chart numbers our rules text does not print come from
resources/data/manhandling.json, where each is marked verified or not.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from aslgui.errors import AslError
from aslgui.geometry import Hex, direction_to
from aslgui.model import Scenario, Unit
from aslgui.model.units import MF_SPENT
from aslgui.rules.actions import Action
from aslgui.rules.ift_attack import number
from aslgui.rules.odds import Counted, WithOdds, outcome_key, tally_totals
from aslgui.rules.resolution import DrmLine, Resolution, reason
from aslgui.rules.roster import c10_number, note_unverified
from aslgui.rules.tables import hexside_tem, infantry_mf, location_tem
from aslgui.rules.towing import (
    chart,
    crew_equivalents,
    crew_reasons,
    manning_units,
    no_move_reasons,
    phase_reasons,
    require_kind,
    spent_this_mph,
)

#: Terrain a Gun cannot be pushed INTO (C10.3), once the Terrain Chart data names it.
NO_PUSH_TERRAIN = frozenset({"deep stream", "bamboo"})
ORIGINAL_DR_MAX = 12
#: DESIGN.md section 10: the Gun enters the hex (and may stop), continues, or fails to enter.
PUSH_ODDS = Counted({
    "enter": outcome_key("entered"),
    "continue": lambda outcome: outcome["entered"] and not outcome["stopped"],
    "fail": lambda outcome: not outcome["entered"],
})


def _drm(name: str) -> int:
    """A C10.3 Manhandling DRM from the chart, named in the answer's ``unverified`` when the
    chart row's number is not in our rules text."""
    entry = chart()["manhandling_drm"][name]
    if not entry["verified"]:
        note_unverified(f"Manhandling DRM {entry['value']:+d} ({name.replace('_', ' ')}, C10.3): "
                        "not checked against the printed chart")
    return int(entry["value"])


def _whole(value: Fraction) -> int:
    """MF as a DRM: a whole number (grain's 1.5 MF doubled is 3); FRU if ever fractional."""
    return math.ceil(value)


def push_mf(scenario: Scenario, origin: Hex, to_hex: Hex) -> tuple[Fraction, str]:
    """MF the pushing unit spends to enter ``to_hex``: the hex's MF plus any hexside MF, all
    doubled (C10.3; the C10.3 EX's +4 is a stone building's 2 MF doubled)."""
    terrain = scenario.terrain_at(to_hex)
    mf, in_ground = infantry_mf(scenario, to_hex)
    base = Fraction(str(mf))
    text = f"{terrain} {base} MF"
    if in_ground:  # C10.3 adds its own DRM for mud or deep snow; what it costs to enter is not sourced
        note_unverified(in_ground)
    feature = scenario.hexside(origin, to_hex)
    if feature is not None:
        entry = chart()["hexside_mf"].get(feature)
        if entry is None:  # a board archive's bocage or cliff: no sourced MF to push across it
            raise AslError(f"no MF to push a Gun across a {feature} hexside in resources/data/manhandling.json "
                           "(not sourced)", "action.to_hex")
        extra = Fraction(entry["value"])
        if extra:
            base += extra
            text += f" + {feature} {extra} MF"
    factor = chart()["push_mf_multiplier"]["value"]
    return base * factor, f"{text}, doubled for pushing"


def manhandling_drm(action: Action, gun: Unit, to_hex: Hex, pushers: Sequence[Unit]) -> list[DrmLine]:
    """Every C10.3 chart DRM for pushing ``gun`` into ``to_hex`` (cumulative)."""
    scenario = action.scenario
    origin = gun.hex
    lines: list[DrmLine] = []
    feature = scenario.hexside(origin, to_hex)
    side_tem = max(hexside_tem(feature), 0)
    if side_tem:
        lines.append(DrmLine("X", "C10.3", side_tem, f"TEM of the {feature} hexside crossed"))
    terrain = scenario.terrain_at(to_hex)
    fortified = to_hex in scenario.fortified and "building" in terrain
    hex_tem = max(location_tem(terrain, fortified), 0)
    if hex_tem:
        what = f"Fortified {terrain}" if fortified else terrain
        lines.append(DrmLine("X", "C10.3", hex_tem, f"TEM of the hex entered ({what})"))
    mf, mf_text = push_mf(scenario, origin, to_hex)
    lines.append(DrmLine("Y", "C10.3", _whole(mf), f"MF of the hex entered: {mf_text}"))
    soft = [scenario.ground[h] for h in (origin, to_hex) if h in scenario.ground]
    if soft:
        lines.append(DrmLine("mud", "C10.3", _drm("mud_or_deep_snow"), f"pushing into/from {soft[0]}"))
    helpers = math.floor(crew_equivalents(pushers)) - 1
    if helpers > 0:
        value = max(helpers * _drm("per_additional_crew_equivalent"), _drm("additional_pushers_cap"))
        lines.append(DrmLine("pushers", "C10.3", value, f"{helpers} more crew/HS-equivalents pushing (they become TI)"))
    if feature == "road" and (not soft or action.flag("paved")):
        lines.append(DrmLine("road", "C10.3", _drm("road_hexside"), "road hexside crossed, no road bonus"))
    if gun.low_ammo or action.flag("low_ammo"):
        lines.append(DrmLine("low ammo", "C10.3", _drm("low_ammo"), "Low Ammo counter placed on the Gun (D3.71)"))
    labor = pushers[0].labor if pushers else 0
    if labor:
        lines.append(DrmLine("labor", "C10.3", labor, f"Labor status (B24.8) of {pushers[0].id}"))
    return lines


def _gun_reasons(action: Action, gun: Unit, m_number: int | None, to_hex: Hex) -> list[str]:
    """The Gun and the path: limbered or QSU, not NM/RFNM, with an M#, not in tow, one hex away (C10.3)."""
    reasons = phase_reasons(action, gun, ("MPh",), "C10.3")
    for flag, rule in (("nm", "C10.26"), ("rfnm", "C10.25")):
        if getattr(gun, flag):
            reasons.append(reason(f"{gun.id} is {flag.upper()} and cannot be pushed", rule))
    if not (gun.limbered or gun.qsu or gun.nm or gun.rfnm):
        reasons.append(reason(f"{gun.id} is neither limbered nor QSU", "C10.2"))
    if m_number is None:
        reasons.append(reason(f'{gun.id} has no M# ("manhandling", nor a roster entry {gun.name!r} giving one) '
                              "and cannot be pushed", "C10.3"))
    if gun.towed_by is not None or gun.aboard is not None:
        reasons.append(reason(f"{gun.id} is on or behind {gun.towed_by or gun.aboard}", "C10.3"))
    if action.flag("unhooked_this_turn"):
        reasons.append(reason(f"{gun.id} was unhooked this Player Turn", "C10.3"))
    if direction_to(gun.hex, to_hex) is None:
        reasons.append(reason("a Gun is pushed one adjacent hex per Manhandling DR", "C10.3"))
    terrain = action.scenario.terrain_at(to_hex)
    if terrain in NO_PUSH_TERRAIN:
        reasons.append(reason(f"a Gun cannot be pushed into {terrain}", "C10.3"))
    for key, what in (
        ("bypass", "using Bypass"),
        ("assault_move", "with Assault Movement"),
        ("minimum_move", "as a Minimum Move"),
        ("wire", "beneath Wire/Panji"),
    ):
        if action.flag(key):
            reasons.append(reason(f"a Gun cannot be pushed {what}", "C10.3"))
    return reasons


def _pusher_reasons(action: Action, gun: Unit, crew: Sequence[Unit], pushers: Sequence[Unit], mf_cost: int
                    ) -> list[str]:
    """The pushing Infantry: the Gun's possessor (``crew``) among them, free of PP, MF enough (C10.3)."""
    reasons = crew_reasons(pushers, gun.hex, "C10.3") + no_move_reasons([gun, *pushers])
    reasons += [reason(f"{u.id} Prep Fired: it may not move in this MPh", "A3.3") for u in (gun, *pushers) if u.fired]
    for unit in (u for u in crew if u not in pushers):  # a pusher's kind is checked above
        if not unit.is_infantry:
            reasons.append(reason(f"{unit.id} is a {unit.kind}, not Infantry: only Infantry possess and push a Gun",
                                  "C10.3, C10.111"))
        elif pushers:
            reasons.append(reason(f"{unit.id}, the Gun's crew, must be among the pushers", "C10.111"))
    reasons += [reason(f"{u.id} carries a DC (PP) and cannot push", "C10.3") for u in pushers if u.dc]
    if action.flag("carrying_pp"):
        reasons.append(reason("the pushers carry PP", "C10.3"))
    allotment = chart()["infantry_mf"]["value"]
    if action.flag("double_time"):
        allotment += chart()["double_time_mf"]["value"]
    left = number(allotment - spent_this_mph(action, "mf_spent", pushers, MF_SPENT))
    if mf_cost > left:
        reasons.append(
            reason(f"pushing costs {mf_cost} MF and the pushers have {left} left (no Minimum Move)", "C10.3")
        )
    return reasons


def _manhandling_dr(m_number: int, total_drm: int) -> Callable[[int], dict[str, Any]]:
    """What an Original DR does: Final DR = M#, the Gun enters and stops; below it, the Gun may
    go on; above it, the Gun stays and the pushers take a Labor -1 counter (C10.3)."""

    def read(original: int) -> dict[str, Any]:
        final = original + total_drm
        outcome: dict[str, Any] = {"final_dr": final, "entered": final <= m_number, "stopped": final >= m_number}
        if final > m_number:
            outcome["labor_counter"] = -1
        return outcome

    return read


def resolve_push(action: Action) -> Resolution:
    """``push``: one Manhandling DR to push a Gun into an adjacent hex (C10.3)."""
    gun = require_kind(action.unit("gun"), "gun", "action.gun", "C10.3")
    to_hex = action.hex("to_hex")
    crew = manning_units(action, gun)
    pushers = action.units("pushers") if action.has("pushers") else crew
    m = c10_number(gun, "manhandling")
    lines = manhandling_drm(action, gun, to_hex, pushers)
    total = sum(line.value for line in lines)
    mf_cost = next(line.value for line in lines if line.case == "Y")
    reasons = _gun_reasons(action, gun, m, to_hex) + _pusher_reasons(action, gun, crew, pushers, mf_cost)
    values: dict[str, Any] = {
        "gun": gun.id,
        "to_hex": action.scenario.grid.name(to_hex),
        "pushers": [u.id for u in pushers],
        "m_number": m,
        "max_dr_enter": None if m is None else min(m - total, ORIGINAL_DR_MAX),
        "max_dr_continue": None if m is None else min(m - 1 - total, ORIGINAL_DR_MAX),
        "mf_cost": mf_cost,
        "hazardous_movement": True,
    }
    if m is None or reasons:
        return Resolution(action.kind, False, tuple(reasons), tuple(lines), WithOdds(values, lambda: None))
    read = _manhandling_dr(m, total)
    outcome = read(action.dice.total) if action.dice is not None else None
    return Resolution(action.kind, True, (), tuple(lines), WithOdds(values, lambda: tally_totals(read, PUSH_ODDS)),
                      outcome)
