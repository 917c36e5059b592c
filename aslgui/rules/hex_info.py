"""``hex_info`` (DESIGN.md 7): what a hex is -- terrain, base level, hexsides -- and where that
comes from: the board's VASL archive (``"vasl"``) or the scenario file (``"scenario"``, which
also overrides the archive hex by hex, as a scenario special rule does)."""

from __future__ import annotations

from aslgui.geometry import DIRECTION_NAMES, neighbour
from aslgui.rules.actions import Action
from aslgui.rules.resolution import Resolution


def resolve_hex_info(action: Action) -> Resolution:
    """A question, so always legal: terrain, elevation, hexsides keyed N..NW, source."""
    h = action.hex("hex")
    scenario = action.scenario
    from_archive = h not in scenario.terrain and scenario.board_terrain.from_archive(h)
    return Resolution(
        kind=action.kind,
        values={
            "hex": scenario.grid.name(h),
            "terrain": scenario.terrain_at(h),
            "ground": scenario.ground.get(h),  # the file's mud or deep snow (DESIGN.md 3), else null
            "elevation": scenario.elevation_at(h),
            "hexsides": {name: scenario.hexside(h, neighbour(h, d)) for d, name in enumerate(DIRECTION_NAMES)},
            "source": "vasl" if from_archive else "scenario",
        },
    )
