"""Covered Arc questions (C3.2): which hexes a unit's CA holds."""

from __future__ import annotations

from aslgui.errors import AslError
from aslgui.geometry import SPINE_NAMES, ca_hexes
from aslgui.model import Unit
from aslgui.rules.action_keys import ARC_KEYS
from aslgui.rules.actions import Action
from aslgui.rules.resolution import IllegalAction, Resolution


def unit_arc(unit: Unit, arc: str | None, path: str) -> int:
    """The hexspine of a unit's CA: ``arc`` names one (ca/vca/tca), else the one its main weapon
    fires through (a Gun's CA, a turret's TCA, a vehicle's VCA)."""
    if unit.kind not in ("gun", "vehicle"):
        raise IllegalAction(f"{unit.id} is a {unit.kind}: only a Gun or a vehicle has a CA", "C3.2", path)
    spine = unit.firing_arc if arc is None else getattr(unit, arc)
    if spine is None:
        what = arc.upper() if arc else "CA"
        raise AslError(f'unit {unit.id!r} ({unit.kind}) has no {what}; give it a hexspine such as "S/SW"', path)
    return int(spine)


def resolve_ca_hexes(action: Action) -> Resolution:
    """``ca_hexes``: every on-map hex of the CA at range 1..range, sorted canonical names."""
    unit = action.unit("unit")
    max_range = action.integer("range")
    arc = action.optional_choice("arc", ARC_KEYS)
    spine = unit_arc(unit, arc, "action.unit")
    grid = action.scenario.grid
    names = sorted(grid.name(h) for h in ca_hexes(unit.hex, spine, max_range, grid.box) if h in grid)
    return Resolution(
        kind=action.kind, values={"unit": unit.id, "ca": SPINE_NAMES[spine], "range": max_range, "hexes": names}
    )
