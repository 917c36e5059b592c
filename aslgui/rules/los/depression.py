"""Depressions in the thread's judgement (A6.3, B19 gullies, B20 streams): from a depression up to
a higher end, or down into one, the thread must stay in the depression until the height advantage
covers the rest of the range; along a hexside it leaves the depression only where neither hex
beside it is in it (A6.1: the bank must lie on both sides)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aslgui.geometry import Hex
from aslgui.geometry.thread import SIDE_STEPS
from aslgui.rules.los.features import GROUND
from aslgui.rules.los.trace_line import Trace


def depression_limits(t: Trace, rng: int) -> Any:
    """A6.3: from a depression up to a higher end, or down into one from a higher end, every hex
    the thread crosses farther from the higher end than its height advantage must lie in the
    depression; None when neither end asks that."""
    los = t.los
    out_of = t.source in los.depressions and (
        t.et < t.es or 0 < t.et - t.es < 2 * rng or (t.target in los.depressions and t.et == t.es)
    )
    into = t.target in los.depressions and 0 < t.es - t.et < 2 * rng
    if not (out_of or into):
        return None
    floor_source, floor_target = los.level(t.source), los.level(t.target)

    def check(h: Hex, from_source: int, to_target: int, cx: int, cy: int, along: bool = False) -> str:
        if out_of and 2 * to_target > t.et - t.es:
            floor, end = floor_source, t.source
        elif into and 2 * from_source > t.es - t.et:
            floor, end = floor_target, t.target
        else:
            return ""
        if h in los.depressions and los.floors.get(h, 0) == floor and (along or not _raised(t, h, floor, cx, cy)):
            return ""
        if h not in los.grid:
            return ""  # a gap between boards: no terrain there, no bank to leave the depression by
        name = los.grid.name(end)
        return f"the thread leaves the depression of {name} before the elevation difference covers the range (A6.3)"

    return check


def _raised(t: Trace, h: Hex, floor: int, cx: int, cy: int) -> bool:
    """Whether the thread crosses ground above the depression's floor inside ``h``."""
    base = t.offset(cx, cy)
    return any(f.kind == GROUND and f.top > 2 * floor and t.crosses(f, base) for f in t.los.features.get(h, ()))


def along_depression(t: Trace, check: Callable[..., str], e: Any) -> str:
    """A thread exactly along a hexside out of (or into) a depression: why it leaves it, or ""
    when either hex beside the hexside is in it: along a hexside each hex counts as what it is
    (A6.1), and a depression hex is the depression up to its hexsides, its drawn bank too."""
    _, dx, dz, side, from_source, to_target = e
    reasons = []
    for hx, hz in ((dx, dz), (dx + SIDE_STEPS[side][0], dz + SIDE_STEPS[side][1])):
        reasons.append(check(t.hex_at(hx, hz), from_source, to_target, 3 * hx, hx + 2 * hz, along=True))
    return reasons[0] if all(reasons) else ""
