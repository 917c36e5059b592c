"""What the status line says about the hex under the cursor: name, terrain, and how the selected
Gun or vehicle relates to it (range, in CA, or the Case A hexspines to bring it in)."""

from __future__ import annotations

from aslgui.geometry import SPINE_NAMES, Hex, distance, spines_to_bring
from aslgui.model import Scenario, Unit
from aslgui.rules.tables import terrain_entry

#: Case A (C5.1): DRM of the first hexspine and of each one after, by Gun type.
_CASE_A_STEPS: dict[str, tuple[int, int]] = {"T": (1, 1), "ST": (2, 1), "NT": (3, 1)}


def case_a_drm(mount: str, spines: int, doubled: bool) -> int:
    """Case A DRM for turning ``spines`` hexspines (C5.1); doubled in woods/building/rubble (C5.11)."""
    if spines <= 0:
        return 0
    first, each = _CASE_A_STEPS[mount]
    value = first + each * (spines - 1)
    return 2 * value if doubled else value


def arc_mount(unit: Unit) -> tuple[int, str] | None:
    """The arc a unit fires its main weapon through and the Case A type of turning it.

    A turreted vehicle turns its TCA (T or ST); a Gun uses its own mount (NT when not given);
    a non-turreted vehicle pivots, which counts as NT (C5.11).
    """
    spine = unit.firing_arc
    if spine is None:
        return None
    if unit.kind == "vehicle":
        return spine, unit.turret if unit.turret is not None and unit.tca is not None else "NT"
    return spine, unit.mount or "NT"


def hover_text(scenario: Scenario, h: Hex, selected: Unit | None) -> str:
    """One line such as ``4E7  road  |  range 2 from 57LL AT: in CA`` for the status bar (on a
    board read from its VASL archive, ``4E5  woods, level 0``)."""
    grid = scenario.grid
    if h not in grid:
        return ""
    terrain = scenario.terrain_at(h)
    parts = [f"{grid.name(h)}  {terrain}"]
    if scenario.board_terrain.from_archive(h):  # a VASL board: its level too (hills, gullies)
        parts[0] += f", level {scenario.elevation_at(h)}"
    units = [u.name or u.id for u in scenario.units_at(h)]
    if units:
        parts.append(", ".join(units))
    arc = arc_mount(selected) if selected is not None else None
    if selected is not None and arc is not None and h != selected.hex:
        spine, mount = arc
        turns = spines_to_bring(selected.hex, spine, h)
        label = selected.name or selected.id
        where = f"range {distance(selected.hex, h)} from {label} ({SPINE_NAMES[spine]})"
        if turns == 0:
            parts.append(f"{where}: in CA")
        else:
            doubled = bool(terrain_entry(scenario.terrain_at(selected.hex)).get("woods_building_rubble"))
            plural = "s" if turns > 1 else ""
            drm = case_a_drm(mount, turns, doubled)
            parts.append(f"{where}: needs {turns} hexspine{plural} (Case A +{drm}, {mount})")
    return "  |  ".join(parts)
