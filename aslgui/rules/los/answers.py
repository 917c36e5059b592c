"""The public answers of the LOS engine: the ``los`` question of ``aslgui resolve`` (DESIGN.md 7),
and LOS as the other rules ask it (a unit's level, its sight to a hex, the Hindrance DRM lines
and why a shot, Thrown DC or Reaction Fire cannot see its target)."""


from __future__ import annotations

from typing import Any

from aslgui.errors import AslError
from aslgui.geometry import Hex
from aslgui.model import Scenario, Unit
from aslgui.rules.actions import Action
from aslgui.rules.los.features import LosMap, los_map
from aslgui.rules.los.judgement import trace
from aslgui.rules.los.records import LosResult
from aslgui.rules.resolution import HINDRANCE_CASE, DrmLine, Resolution


# -- the ``los`` question -----------------------------------------------------------------------
def level_in(action: Action, key: str, h: Hex, los: LosMap | None = None, unit: Unit | None = None) -> int:
    """A level given under ``key`` for a Location of ``h`` (else ``unit``'s own ``level``, else 0):
    no higher than the hex has (B23), so a question never puts a unit on a floor its building
    lacks; an error names the key, or the unit's ``level`` it was read from."""
    given = action.has(key)
    level = action.integer(key, 0) if given or unit is None else unit_level(unit)
    allowed = (los or los_map(action.scenario)).upper_levels.get(h, 0)
    if level > allowed:
        where = action.scenario.grid.name(h)
        has = f"has levels 0..{allowed}" if allowed else "has no level above its ground"
        path = f"action.{key}" if given or unit is None else f"{action.scenario.unit_path(unit.id)}.level"
        raise AslError(f"{where} {has}, so a unit cannot be at level {level} there (B23)", path)
    return level


def resolve_los(action: Action) -> Resolution:
    """``los``: can a unit in ``from`` see ``to``? (A6; legal is always true: it is a question.)"""
    source, target = action.hex("from"), action.hex("to")
    los = los_map(action.scenario)
    if not action.has("from_level") and not action.has("to_level"):  # level 0: every hex has it
        return _ground_los(los, source, target)
    ends = (("from_level", source), ("to_level", target))
    levels = {key: level_in(action, key, h, los) for key, h in ends if action.has(key)}
    result = trace(los, source, target, levels.get("from_level", 0), levels.get("to_level", 0))
    values = los_values(los, result)
    values["notes"] = [_level_note(key, levels[key], h, los) for key, h in ends if key in levels]
    return Resolution(action.kind, values=values)


def quick_los(scenario: Scenario, data: dict[str, Any]) -> Resolution | None:
    """``resolve_los`` of a question of ``from`` and ``to`` alone, each a hex name of the map
    (``MapGrid.parsed``), so well formed: its every key declared, a word, a hex of the map; None
    for any other (``ActionKind.quick``)."""
    if len(data) != 3:  # ``kind`` and the two ends
        return None
    grid = scenario.grid
    source, target = grid.parsed(data.get("from")), grid.parsed(data.get("to"))
    if source is None or target is None:
        return None
    return _ground_los(los_map(scenario), source, target)


def _ground_los(los: LosMap, source: Hex, target: Hex) -> Resolution:
    """The ``los`` answer between two hexes' ground levels."""
    # by position: a NamedTuple called with keywords costs half as much again
    return Resolution("los", True, (), (), los_values(los, trace(los, source, target)))


def _level_note(key: str, level: int, h: Hex, los: LosMap) -> str:
    """How a ``los`` level was read: levels above the hex's own ground, as a building's (B23)."""
    ground = los.level(h)
    return (f"read: {key} {level} counts levels above the ground of {los.grid.name(h)} (level {ground}), so that "
            f"end is at level {ground + level} (B23)")


def los_values(los: LosMap, result: LosResult) -> dict[str, Any]:
    """The ``los`` answer keys (DESIGN.md section 7)."""
    name = los.grid.name
    hindrances = result.hindrances
    # most threads have no Hindrance: nothing to add up or name
    drm = result.hindrance if hindrances else 0
    hexes = [name(x.hex) for x in hindrances] if hindrances else []
    reason = result.reason
    if not result.blocked:
        count = len(hindrances)
        reason = (
            f"clear: {count} Hindrance{'s' if count > 1 else ''} (+{drm} DRM: "
            + ", ".join([f"{x.name} in {where} ({x.rule}{f', +{x.drm}' if x.drm != 1 else ''})"
                         for x, where in zip(hindrances, hexes, strict=True)]) + ")"
            if count else "clear: nothing on the thread blocks or hinders it (A6.1)"
        )
    return {
        "range": result.range,
        "blocked": result.blocked,
        "blocked_at": None if result.blocked_at is None else name(result.blocked_at),
        "hindrances": drm,
        "hindrance_hexes": hexes,
        "reason": reason,
    }


# -- LOS for the other rules --------------------------------------------------------------------
def unit_level(unit: Unit | None) -> int:
    """The level above its hex's ground a unit stands at: its optional ``level`` key (0; a whole
    number 0..9, checked at load)."""
    if unit is None:
        return 0
    level: int = unit.extra.get("level", 0)
    return level


def unit_sight(scenario: Scenario, viewer: Unit, target_hex: Hex, target: Unit | None = None) -> LosResult:
    """The LOS from a unit's hex (and level) to a hex, or to a unit's Location (A6)."""
    return trace(los_map(scenario), viewer.hex, target_hex, unit_level(viewer), unit_level(target))


def hindrance_drm(scenario: Scenario, sight: LosResult) -> list[DrmLine]:
    """One DRM line per Hindrance of a clear LOS (+1 for terrain, a counter's own: SMOKE +3),
    citing its rule."""
    name = scenario.grid.name
    return [DrmLine(HINDRANCE_CASE, x.rule, x.drm, f"{x.name} in {name(x.hex)} hinders the LOS")
            for x in sight.hindrances]


def sight_reason(scenario: Scenario, viewer: Unit, target_hex: Hex) -> str | None:
    """Why a unit cannot see a hex (the blocking hex and rule), or None when it can."""
    sight = unit_sight(scenario, viewer, target_hex)
    return f"no LOS to {scenario.grid.name(target_hex)}: {sight.reason}" if sight.blocked else None
