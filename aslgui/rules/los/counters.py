"""What the counters of a situation put on a LOS thread (issue 25): SMOKE and WP (A24) and
vehicles and wrecks (D9), each a Hindrance of the whole hex it stands in.  They move with play,
so they are read per scenario and laid on the (cached) terrain map as ``LosMap.counters``
(``features.with_counters``); the terrain stays cached.  The readings are in docs/los.md ("Counters as Hindrances")."""

from __future__ import annotations

from collections.abc import Mapping

from aslgui.geometry import Hex
from aslgui.model import Scenario
from aslgui.model.markers import Smoke
from aslgui.rules.los.records import Marker

#: SMOKE +3 (Dispersed +2), WP +2 (Dispersed +1): the DRM each counter prints (A24, A24.3).
SMOKE_DRM: dict[tuple[str, bool], int] = {("smoke", False): 3, ("smoke", True): 2, ("wp", False): 2, ("wp", True): 1}
#: SMOKE rises two levels above its hex's ground (A24.4); WP is read the same (docs/los.md).
SMOKE_LEVELS = 2


def applies(m: Marker, end: int | None, high: int) -> bool:
    """Whether a counter hinders the thread: in the firer's or the target's own hex (``end``: that
    end's height, half levels) only SMOKE, when that end stands at or below its top (LOS out of
    and into SMOKE, A24); in a hex between them when the higher end is not above its top (A24.4;
    a vehicle or wreck at its own level, D9)."""
    if end is not None:
        return m.ends and end <= m.top
    return high <= m.top


def smoke_marker(markers: tuple[Smoke, ...], ground: int) -> Marker:
    """The Hindrance of a hex's SMOKE/WP counters: the greatest of them (docs/los.md reading)."""
    best = max(markers, key=lambda m: SMOKE_DRM[m.kind, m.dispersed])
    name = ("Dispersed " if best.dispersed else "") + ("WP" if best.kind == "wp" else "SMOKE")
    rule = "A24.3" if best.kind == "wp" else "A24"
    return Marker(name, rule, SMOKE_DRM[best.kind, best.dispersed], 2 * (ground + SMOKE_LEVELS), True)


def counter_markers(scenario: Scenario, levels: Mapping[Hex, int]) -> dict[Hex, tuple[Marker, ...]]:
    """Per hex, the Hindrances its counters make: its SMOKE/WP, and +1 for its vehicles and wrecks
    together (one per hex, at its ground level: same-level LOS through the hex, never in the
    firer's or target's own hex, D9)."""
    out: dict[Hex, tuple[Marker, ...]] = {}
    for h, markers in scenario.smoke.items():
        if markers:
            out[h] = (smoke_marker(markers, levels.get(h, 0)),)
    vehicles: dict[Hex, bool] = {}
    for unit in scenario.units.values():
        if unit.kind == "vehicle":
            vehicles[unit.hex] = vehicles.get(unit.hex, True) and unit.extra.get("wreck", False) is True
    for h, wrecks_only in vehicles.items():
        marker = Marker("wreck" if wrecks_only else "vehicle", "D9", 1, 2 * levels.get(h, 0), False)
        out[h] = (*out.get(h, ()), marker)
    return out

