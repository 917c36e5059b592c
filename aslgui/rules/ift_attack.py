"""What DC (A23) and OVR (D7) attacks share: the defenders of a Location, its TEM as a DRM line,
Area Fire halving for concealment, and reading the IFT once the dice are in."""

from __future__ import annotations

from typing import Any

from aslgui.geometry import Hex, entry_hexsides
from aslgui.model import Scenario, Unit
from aslgui.rules.actions import Action
from aslgui.rules.resolution import DrmLine
from aslgui.rules.tables import NO_EFFECT, hexside_tem, ift_column, ift_result, location_tem


def number(value: float) -> float | int:
    """A FP/MP figure as JSON shows it: 20.5 stays fractional, 30.0 becomes 30."""
    return int(value) if float(value).is_integer() else value


def enemies_at(scenario: Scenario, h: Hex, side: str) -> list[Unit]:
    """Every unit of another side in a hex, in file order."""
    return [u for u in scenario.units_at(h) if u.side != side]


def attacker_role(action: Action, unit: Unit) -> str | None:
    """``attacker``/``defender`` from the scenario's ``player`` (the ATTACKER); None when unknown."""
    player = action.scenario.player
    if not player:
        return None
    return "attacker" if unit.side == player else "defender"


def concealed_target(action: Action, targets: list[Unit]) -> bool:
    """Whether the attack is Area Fire for concealment (A12.13): ``target_concealed`` if given,
    else true when every target is concealed."""
    return action.flag("target_concealed", bool(targets) and all(u.concealed for u in targets))


def tem_line(scenario: Scenario, target: Hex, rule: str, crossed_from: Hex | None = None) -> DrmLine | None:
    """The target Location's TEM as one DRM line (None when it is 0).

    ``crossed_from`` is the hex the attack came from when hexside TEM counts: a wall/hedge on
    that hexside replaces a smaller in-hex TEM, never adds to it (B9.31, as D7.15 says).
    """
    terrain = scenario.terrain_at(target)
    fortified = target in scenario.fortified
    value = location_tem(terrain, fortified)
    text = f"{'Fortified ' if fortified and 'building' in terrain else ''}{terrain} TEM"
    if crossed_from is not None:
        feature = scenario.hexside(crossed_from, target)
        side_value = hexside_tem(feature)
        if side_value > value:
            value, text = side_value, f"{feature} hexside TEM (not cumulative with in-hex TEM, B9.31)"
    return DrmLine("TEM", rule, value, text) if value else None


def crossed_tem_line(scenario: Scenario, target: Hex, origin: Hex, rule: str) -> DrmLine | None:
    """The TEM of an attack from ``origin``: the target Location's, or a wall/hedge on the hexside
    the attack crosses into it if that is better; along a hexspine, the better of the two (B9.31)."""
    lines = [tem_line(scenario, target, rule, side) for side in entry_hexsides(target, origin)]
    found = [line for line in lines or [tem_line(scenario, target, rule)] if line is not None]
    return max(found, key=lambda line: line.value) if found else None


def crossed_hexside_line(scenario: Scenario, target: Hex, origin: Hex, rule: str) -> DrmLine | None:
    """Only the wall/hedge TEM an attack from ``origin`` crosses into ``target``'s hex (B9.3)."""
    crossed = [(hexside_tem(scenario.hexside(side, target)), scenario.hexside(side, target))
               for side in entry_hexsides(target, origin)]
    value, feature = max(crossed, default=(0, None), key=lambda pair: pair[0])
    return DrmLine("TEM", rule, value, f"{feature} hexside TEM") if value else None


def ift_outcome(column: int | None, original_dr: int, total_drm: int) -> dict[str, Any]:
    """IFT column, Final DR and the printed result; no column (FP below 1) means no effect."""
    final_dr = original_dr + total_drm
    result = ift_result(column, final_dr) if column is not None else NO_EFFECT
    return {"ift_column": column, "final_dr": final_dr, "result": result}


def halved_fp(fp: float, concealed: bool) -> tuple[float, int | None]:
    """FP after Area Fire halving for a concealed target (A12.13) and the IFT column it uses."""
    if concealed:
        fp /= 2
    return fp, ift_column(fp)
