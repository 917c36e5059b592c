"""Threads from one source told blocked without a walk (``judgement.from_source`` for an odds
map, which reads only whether a thread is blocked): per direction from the source, the nearest
obstacles that every thread in that direction surely crosses.

Why it is sure: a feature's ``inner`` circle (pixels about its ``core``) lies inside its hull, so a
line passing within it crosses the feature (``Trace.crosses`` answers so before any other test);
the circle is cut to lie inside its own hexagon as well, so a thread passing through it crosses
that hex's inside and the walk meets the feature there (A6.1). A feature that is neither a
Hindrance nor an orchard's split one (``SPLIT``) then blocks the thread when it is higher than
both ends, or as high as the higher end and above the lower one, unless it is ground that may be
the higher end's own slope (A6.2; ``walked`` returns blocked at it or at an earlier block); a hex's
raised ground is such a feature over the whole hex (B10). Only a thread whose whole sector of
direction lies within the circle's angle seen from the source, and whose end lies beyond the
circle and outside that hex, is told so."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aslgui.geometry import Hex
from aslgui.geometry.thread import HALF_UNIT_PIXELS, STRIDE, VERTEX_OFFSETS
from aslgui.rules.los.features import GROUND, HINDRANCE, SPLIT, LosMap

#: One obstacle of a hex a thread may be told blocked by: its top (half levels), twice its hex's
#: level where it is ground (``Trace.own_slope`` may pass it by), else None, and its sure circle:
#: centre (pixels from the hex centre) and radius.
Sure = tuple[int, int | None, float, float, float]
#: One sure obstacle seen from a source: how far its circle reaches from the source (pixels), its
#: top, its hex's ``index`` and its ground's level as in ``Sure``.
Nearest = tuple[float, int, int, int | None]

#: At most this many sure obstacles are kept per sector of direction, the nearest first.
SURE_MOST = 6
#: Angles (radians) and lengths (pixels) are narrowed by this much, so rounding never tells a thread blocked.
SLACK = 1e-6

_PX, _PY = HALF_UNIT_PIXELS
#: A hexagon's vertices in pixels from its centre, in order around it.
_HEXAGON = tuple((vx * _PX, vy * _PY) for vx, vy in VERTEX_OFFSETS)


def _inside_hexagon(x: float, y: float) -> float:
    """How far ``(x, y)`` (pixels from a hex centre) lies inside its hexagon: the least distance
    to an edge, negative outside."""
    least = math.inf
    for (ax, ay), (bx, by) in zip(_HEXAGON, (*_HEXAGON[1:], _HEXAGON[0]), strict=True):
        ex, ey = bx - ax, by - ay  # the vertices run clockwise on screen (y down): inside is to the right
        least = min(least, (ex * (y - ay) - ey * (x - ax)) / math.hypot(ex, ey))
    return least


def _sure(los: LosMap, at: int) -> tuple[Sure, ...]:
    """The sure obstacles of the hex with ``index`` ``at``: its raised ground, and each feature
    but a Hindrance or a split one, with the part of its inner circle inside its hexagon."""
    cell = los.cells[at]
    whole = _inside_hexagon(0.0, 0.0) - SLACK
    slope = 2 * los.level(Hex(at // STRIDE, at % STRIDE))
    found: list[Sure] = [(cell[0], slope, 0.0, 0.0, whole)] if cell[0] > 0 else []
    for kind, top, radius, core_x, core_y, inner, _ in cell[1]:
        if kind in (HINDRANCE, SPLIT):
            continue
        ground = slope if kind == GROUND else None
        if radius < 0.0:
            found.append((top, ground, 0.0, 0.0, whole))
        elif (sure_inner := min(inner, _inside_hexagon(core_x, core_y)) - SLACK) > 0.0:
            found.append((top, ground, core_x, core_y, sure_inner))
    return tuple(found)


#: ``_sure_cells``' last answer: the cells it was for (a map and its copies with other counters
#: share them), how many they were, and the answer.
_kept: tuple[dict[int, Any], int, dict[int, tuple[Sure, ...]]] | None = None


def _sure_cells(los: LosMap) -> dict[int, tuple[Sure, ...]]:
    """``_sure`` of every hex holding something, worked out once per map (again when it was read
    further since)."""
    global _kept
    cells = los.cells
    if _kept is None or _kept[0] is not cells or _kept[1] != len(cells):
        _kept = (cells, len(cells), {at: sure for at in cells if (sure := _sure(los, at))})
    return _kept[2]


def sure_blocks(los: LosMap, source: Hex, source_level: int, sectors: int) -> Callable[[Hex, int, int, int], bool]:
    """Whether a thread from ``source`` (``source_level`` above its ground) to a hex (its level,
    and its centre's offset ``bx, by`` in half units) surely meets an obstacle that blocks it:
    one higher than both ends, or as high as the higher end (A6.2) where it may not be that end's
    own slope (``Trace.own_slope``), not in the target's hex; ``sectors`` as ``nearest_sure``."""
    nearest = nearest_sure(los, source, sectors)
    source_height = 2 * (los.level(source) + source_level)  # Trace.es
    levels, sector, pi = los.levels, sectors / (2 * math.pi), math.pi

    def blocked(target: Hex, target_level: int, bx: int, by: int) -> bool:
        x, y = bx * _PX, by * _PY
        length, ends = math.hypot(x, y), None
        for reach, top, at, slope in nearest[math.floor((math.atan2(y, x) + pi) * sector) % sectors]:
            if reach >= length:
                return False
            if ends is None:
                ends = (source_height, 2 * (levels.get(target, 0) + target_level))  # Trace.es, et
                low, high = min(ends), max(ends)
            if (top > high or (top == high > low and slope != low)) and at != target.col * STRIDE + target.row:
                return True
        return False

    return blocked


def nearest_sure(los: LosMap, source: Hex, sectors: int) -> list[list[Nearest]]:
    """Per sector of direction from ``source`` (the full turn cut into ``sectors``, angles in
    pixels), the ``SURE_MOST`` sure obstacles whose circles end nearest the source among those
    whose angle holds the whole sector. ``los``: every column read."""
    own = source.col * STRIDE + source.row
    sx, sz = source.col, source.row - (source.col - (source.col & 1)) // 2
    found: list[tuple[float, int, int, int | None, float, float]] = []
    for at, sure in _sure_cells(los).items():
        if at == own:
            continue
        col = at // STRIDE
        dx = col - sx
        cx, cy = 3 * dx * _PX, (dx + 2 * (at - col * STRIDE - (col - (col & 1)) // 2 - sz)) * _PY
        for top, slope, core_x, core_y, inner in sure:
            x, y = cx + core_x, cy + core_y
            far = math.hypot(x, y)
            if far > inner:
                found.append((far + inner + SLACK, top, at, slope, math.atan2(y, x), math.asin(inner / far) - SLACK))
    found.sort(key=lambda item: item[0])
    nearest: list[list[Nearest]] = [[] for _ in range(sectors)]
    width, pi = 2 * math.pi / sectors, math.pi
    for reach, top, at, slope, middle, half in found:
        first, last = math.ceil((middle - half + pi) / width), math.floor((middle + half + pi) / width) - 1
        for sector in range(first, last + 1):  # each sector lies wholly within the angle
            if len(held := nearest[sector % sectors]) < SURE_MOST:
                held.append((reach, top, at, slope))
    return nearest
