"""The judgement of one thread (A6): ``trace`` walks it centre dot to centre dot over the hexes,
hexsides and vertices ``geometry.thread`` finds, and applies the height rules (A6.2), blind hexes
(A6.4), Hindrances (B.10), walls, hedges and cliffs on hexsides (B9.2), terrain along a hexside and
at a vertex (A6.1, B.6) and depressions (A6.3), stopping at the first block; ``sight`` does it
from one hex to every hex of the map."""


from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from aslgui.collector import collector_paused
from aslgui.geometry import Hex, distance
from aslgui.geometry.thread import ALONG, CROSS, INTERIOR, STRIDE, VERTEX_OFFSETS, cube_distance
from aslgui.rules.los.blockers import sure_blocks
from aslgui.rules.los.counters import applies
from aslgui.rules.los.depression import along_depression, depression_limits
from aslgui.rules.los.features import (
    GROUND,
    HIGHER,
    HINDERS,
    HINDRANCE,
    NO_RECORDS,
    REACH_PIXELS,
    SPLIT,
    LosMap,
    ground_feature,
    record,
)
from aslgui.rules.los.hexsides import cliff_block, step, vertex_block, wall_block
from aslgui.rules.los.records import Feature, Hindrance, LosResult, Marker
from aslgui.rules.los.trace_line import Trace


def trace(los: LosMap, source: Hex, target: Hex, source_level: int = 0, target_level: int = 0,
          explain: bool = True) -> LosResult:
    """The LOS from ``source`` to ``target`` (levels above each hex's ground): blocked or clear,
    where and why (without ``explain``, not why: ``walked``), and the Hindrances of a clear thread."""
    clear = _open_ground(los, source, target, source_level, target_level)
    return walked(los, source, target, source_level, target_level, explain) if clear is None else clear


def _cube_z(h: Hex) -> int:
    return h.row - (h.col - (h.col & 1)) // 2


@lru_cache(maxsize=4)
def _centres(marked: frozenset[Hex], source: Hex) -> tuple[tuple[int, int], ...]:
    """The centres, in half units from ``source``'s, of the ``marked`` hexes but ``source``: kept
    for the last sources asked (a map is traced from one hex to every hex)."""
    sx, sz = source.col, _cube_z(source)
    return tuple((3 * (h.col - sx), h.col - sx + 2 * (_cube_z(h) - sz)) for h in marked if h != source)


def _open_ground(los: LosMap, source: Hex, target: Hex, source_level: int, target_level: int) -> LosResult | None:
    """The clear thread without a Hindrance, told without walking it, when no hex it touches but
    its ends holds anything (``LosMap.marked``) and nothing of the ends' own counts: no SMOKE in
    them, neither in a depression (A6.3) nor below level 0 (ground would rise above it); else None.
    A hex the thread touches has its hexagon meet the segment between the centres, so a marked hex
    whose hexagon lies wholly to one side of the thread's line, or before or beyond the segment
    along it, is passed by; each is told with integer products (the half units of
    ``geometry.thread``)."""
    marked = los.marked()
    if marked is None or not (_plain_end(los, source, source_level) and _plain_end(los, target, target_level)):
        return None
    dx, dz = target.col - source.col, _cube_z(target) - _cube_z(source)
    bx, by = 3 * dx, dx + 2 * dz
    # the hexagon's reach across the line and along it: its greatest product with a vertex
    across = max(abs(bx + by), abs(2 * by), abs(bx - by))
    along = max(abs(bx - by), abs(2 * bx), abs(bx + by))
    length = bx * bx + by * by
    for cx, cy in _centres(marked, source):
        if (abs(bx * cy - by * cx) <= across and -along <= bx * cx + by * cy <= length + along
                and (cx, cy) != (bx, by)):
            return None
    return LosResult(cube_distance(dx, dz), False, None, "", ())


def _plain_end(los: LosMap, end: Hex, level: int) -> bool:
    """Whether nothing of an end's own hex counts for a thread told clear without a walk
    (``_open_ground``): no SMOKE in it, not in a depression (A6.3), not below level 0."""
    if end in los.depressions or los.level(end) + level < 0:
        return False
    return not any(m.ends for m in los.counters.get(end, ()))


#: Directions from a source (``from_source``): the full turn cut into this many equal sectors.
SECTORS = 1024
#: Angles and lengths (half units) are widened by this much, so rounding never tells a thread clear.
SLACK = 1e-6


def _nearest_marked(marked: frozenset[Hex], source: Hex) -> list[float]:
    """Per sector of direction from ``source``, a length (half units) no thread in that direction
    shorter than which touches a ``marked`` hex but the source: each hexagon's vertices bound the
    directions that meet it (the source lies outside it), and its points lie within 2 of its centre."""
    nearest = [math.inf] * SECTORS
    pi, turn_whole, atan2, floor = math.pi, 2 * math.pi, math.atan2, math.floor
    width = turn_whole / SECTORS
    for cx, cy in _centres(marked, source):
        middle = atan2(cy, cx)
        low = high = 0.0
        for vx, vy in VERTEX_OFFSETS:  # the threat map asks this per firer: min/max written out
            turn = (atan2(cy + vy, cx + vx) - middle + pi) % turn_whole - pi
            if turn < low:
                low = turn
            elif turn > high:
                high = turn
        reach = math.hypot(cx, cy) - 2 - SLACK
        first, last = floor((middle + low - SLACK + pi) / width), floor((middle + high + SLACK + pi) / width)
        for sector in range(first, last + 1):
            if reach < nearest[sector % SECTORS]:
                nearest[sector % SECTORS] = reach
    return nearest


def from_source(los: LosMap, source: Hex, source_level: int = 0, explain: bool = True
                ) -> Callable[[Hex, int], LosResult]:
    """``trace`` from ``source`` to any hex, for many hexes of one source (a firer's odds map): a
    thread whose direction meets no hex holding anything before its end is clear without being
    walked, told by one table per direction (``_open_ground``'s answer, for a map of any size).
    Without ``explain`` only whether a thread is blocked is told of a blocked one (an odds map
    reads no more): no ``reason``, and a thread that surely meets an obstacle that blocks it is
    told blocked without a walk (``blockers``), its ``blocked_at`` None and no Hindrance."""
    nearest = _nearest_marked(los.every_marked(), source) if _plain_end(los, source, source_level) else None
    blocks = sure_blocks(los, source, source_level, SECTORS) if nearest is not None and not explain else None
    sector = SECTORS / (2 * math.pi)
    sx, sz = source.col, _cube_z(source)

    def trace_to(target: Hex, target_level: int = 0) -> LosResult:
        dx, dz = target.col - sx, _cube_z(target) - sz
        if nearest is None or not (dx or dz) or not _plain_end(los, target, target_level):
            return trace(los, source, target, source_level, target_level, explain)
        bx, by = 3 * dx, dx + 2 * dz
        empty = nearest[math.floor((math.atan2(by, bx) + math.pi) * sector) % SECTORS]
        if math.hypot(bx, by) < empty:
            return LosResult(cube_distance(dx, dz), False, None, "", ())
        if blocks is not None and blocks(target, target_level, bx, by):
            return LosResult(cube_distance(dx, dz), True, None, "", ())
        return walked(los, source, target, source_level, target_level, explain, empty)

    return trace_to


def walked(los: LosMap, source: Hex, target: Hex, source_level: int = 0, target_level: int = 0,
           explain: bool = True, empty: float = 0.0) -> LosResult:
    """``trace``, the thread walked hex by hex whatever the map holds; without ``explain`` a block's
    ``reason`` is left empty (``sight`` reads only whether and how much). ``empty``: no point of the
    thread nearer the source than this (half units) lies in a hex holding anything, and nothing of
    either end counts (``from_source``), so the events there are passed by unjudged."""
    if los.partial:
        los.read_around(source, target)
    t = Trace(los, source, target, source_level, target_level)
    path = t.path
    events = path.events
    rng = events[0][4]  # the source's own event: its range to the target
    hindrances: list[Hindrance] = []
    depressions = los.depressions
    depression = depression_limits(t, rng) if depressions and (source in depressions or target in depressions) else None
    cells, side_cells, counter_cells = los.cells, los.side_cells, los.counter_cells() if los.counters else None
    sx, low, high = t.sx, t.low, t.high
    # hexes are read by integer index: the source's plus the event's for the source's column parity
    at, inside, across = sx * STRIDE + source.row, 7 + (sx & 1), 4 + (sx & 1)  # geometry.thread.index
    # The hull test's quick miss (``Trace.crosses``), inlined: most hulls a thread meets are passed by.
    a, b, length, half, hindered = t.a, t.b, t.length, t.half_pixel, t.hindered
    bare = depression is None and low >= 0  # a hex holding nothing is passed by
    # the source's own event (range 0) counts only for its counters (A6.2, A24)
    i, known = 0 if counter_cells or empty else 1, len(events)
    if empty:
        # an event's points lie within 2 of its hex's centre, or along a hexside (2.3 long) from
        # it, and a hex's centre lies within sqrt(10) times its range of the source's
        # so the walk goes on from the first hex at that range or beyond
        first = path.first_at(max(math.ceil((empty - 4.5) / 3.17), 0))
        if first is None:
            return LosResult(rng, False, None, "", ())
        i, known = first, len(events)
    while True:
        if i == known:  # walk on only as far as the thread is judged
            if not path.more():
                return LosResult(rng, False, None, "", tuple(hindrances))
            known = len(events)
        e = events[i]
        i += 1
        kind = e[0]
        if kind == INTERIOR:
            here_at = at + e[inside]
            if (counter_cells and (marked := counter_cells.get(here_at))
                    and (full := _counter_hinder(t, rng, hindrances, *marked, e[3], e[4]))):
                return full
            cell = cells.get(here_at)
            if cell is None and bare:
                continue  # nothing here, and ground at level 0 never blocks
            from_source, to_target = e[3], e[4]
            if from_source == 0 or to_target == 0:
                continue  # terrain in either end's own hex never blocks it (A6.2)
            if cell is None:
                ground, here, hinders_only = 0, NO_RECORDS, False
            else:
                ground, here, grounded, hinders_only = cell
            # ground at or below the lower end never blocks; a gap between boards holds none
            if ground > low:
                hinders_only = False
                if ground:
                    here = grounded
                elif t.hex_at(e[1], e[2]) in t.los.grid:
                    here = (record(ground_feature(0)), *here)
            elif hinders_only and depression is None and from_source in hindered:
                continue  # a Hindrance counted at this range already, and nothing else here
            cx, cy = e[5], e[6]
            if depression is not None:
                if reason := depression(t.hex_at(e[1], e[2]), from_source, to_target, cx, cy):
                    return LosResult(rng, True, t.hex_at(e[1], e[2]), reason, tuple(hindrances))
            elif not here:
                continue
            base = e[9]  # Trace.offset, made with the walk
            edge = base == 0 and t.on_edge(t.hex_at(e[1], e[2]))
            reach = 1.5 * length if edge else half
            for f_kind, top, radius, core_x, core_y, inner, f in here:
                if f_kind == HINDRANCE:  # Trace.effect, its commonest cases inlined
                    if top <= high or from_source in hindered:
                        continue  # lower than an end, or a Hindrance already counted at this range
                    effect = HINDERS
                elif top > high and f_kind != SPLIT:
                    effect = HIGHER
                elif not (effect := t.effect(f, from_source, to_target)):
                    continue
                if radius >= 0.0:  # Trace.crosses, its quick answers inlined: most hulls are passed by
                    core = base + a * core_y - b * core_x
                    if core < 0.0:
                        core = -core
                    if core > radius * length + reach or (core >= inner * length and not t.spans(f, base, edge)):
                        continue
                h = Hex(sx + e[1], here_at - (sx + e[1]) * STRIDE)  # t.hex_at
                if f_kind == GROUND and t.own_slope(f, h, from_source, to_target):
                    continue
                if effect != HINDERS:
                    return LosResult(rng, True, h, t.why(f, h, effect) if explain else "", tuple(hindrances))
                if full := _hinder(t, rng, hindrances, h, f, from_source):
                    return full
                if hinders_only:
                    break  # the rest are Hindrances at the range just counted
        elif kind == CROSS:
            if not side_cells:
                continue
            walls = side_cells.get(at + e[across])
            if walls and (wall := walls[e[3]]):
                h = t.hex_at(e[1], e[2])
                other = step(h, e[3])
                if source in (h, other) or target in (h, other):
                    continue  # a hexside of either end's hex never blocks (B9.2)
                if other not in t.los.grid:
                    continue  # a board's edge toward a gap between boards: no hexside is there
                if why := (cliff_block(t, h, other) if wall == "cliff" else wall_block(t, h, other, wall)):
                    return LosResult(rng, True, other if wall == "cliff" else h, why, tuple(hindrances))
        elif kind == ALONG:
            if depression is not None and (reason := along_depression(t, depression, e)):
                return LosResult(rng, True, t.hex_at(e[1], e[2]), reason, tuple(hindrances))
            result = _along(t, e, rng, hindrances)
            if result is not None:
                if isinstance(result, LosResult):
                    return result
                return LosResult(rng, True, result[0], result[1], tuple(hindrances))
        elif side_cells:  # a vertex: walls or hedges on at least two of its hexsides, or it is passed by
            walled = 0
            for side in e[1]:
                if side[3] and (walls := side_cells.get(at + side[across])) and walls[side[2]] not in (None, "cliff"):
                    walled += 1
            if walled > 1 and (result_v := vertex_block(t, e[1])) is not None:
                return LosResult(rng, True, result_v[0], result_v[1], tuple(hindrances))


def sight(los: LosMap, source: Hex, level: int = 0) -> dict[Hex, int | None]:
    """What a unit at ``source`` (``level`` above its ground) sees of every hex of the map: the
    Hindrance DRM of a clear LOS, None where it is blocked (A6): ``trace`` to each hex, asked as
    one source's threads (``from_source`` without ``explain``: a shading reads only whether and
    how much, so a thread surely blocked is not walked).  Its threads reach every column, so an
    archive map reads them all first; the cycle collector is paused meanwhile
    (``collector_paused``: the walks make many objects and no cycles)."""
    grid = los.grid
    with collector_paused():
        if los.partial:
            cols = [h.col for h in grid]
            if cols:
                los.read_around(Hex(min(cols), 0), Hex(max(cols), 0))
        trace_to = from_source(los, source, level, explain=False)
        return {h: None if (result := trace_to(h, 0)).blocked else result.hindrance for h in grid}


def _hinder(t: Trace, rng: int, hindrances: list[Hindrance], h: Hex, f: Feature,
            at: int | None = None) -> LosResult | None:
    """Count a Hindrance the thread meets in ``h`` (``at`` hexes from the firer, when known), once
    per range from the firer (a corner clipped, a hexside run along); the LosResult blocked by the
    sixth (B.10), else None."""
    if at is None:
        at = distance(t.source, h)
    if at in t.hindered:
        return None
    t.hindered.add(at)
    hindrances.append(Hindrance(h, f.name, f.rule))
    return _six(rng, hindrances, h)


def _six(rng: int, hindrances: list[Hindrance], h: Hex) -> LosResult | None:
    """The LosResult blocked once the Hindrance DRM reaches six (B.10), else None."""
    total = sum(x.drm for x in hindrances)
    if total >= 6:
        reason = f"Hindrances add up to +{total}: six or more block LOS (B.10)"
        return LosResult(rng, True, h, reason, tuple(hindrances))
    return None


def _counter_hinder(t: Trace, rng: int, hindrances: list[Hindrance], h: Hex, marks: tuple[Marker, ...],
                    from_source: int, to_target: int) -> LosResult | None:
    """Count the Hindrances of the counters in a hex the thread passes, once per hex
    (``counters.applies``); the LosResult blocked by six (B.10), else None."""
    if any(x.counter and x.hex == h for x in hindrances):
        return None
    end = t.es if from_source == 0 else t.et if to_target == 0 else None
    hindrances.extend(Hindrance(h, m.name, m.rule, m.drm, counter=True) for m in marks if applies(m, end, t.high))
    return _six(rng, hindrances, h)


#: The cell of a hex holding nothing: ground level 0, no records.
_NO_CELL = (0, NO_RECORDS, NO_RECORDS, False)


def _along(t: Trace, e: Any, rng: int, hindrances: list[Hindrance]) -> LosResult | tuple[Hex, str] | None:
    """A thread exactly along the hexside between two hexes (A6.1): a wall on it counts unless it
    touches either end's hex (B9.2); terrain counts when it is Inherent (B.6) on either side, and
    otherwise only when it lies on both sides (the lesser of the two applies)."""
    _, dx, dz, side, from_source, to_target = e
    a = t.hex_at(dx, dz)
    b = step(a, side)
    if counters := t.los.counters:  # a counter stands for its whole hex: either side counts
        for h in (a, b):
            if (marks := counters.get(h)) and (full := _counter_hinder(t, rng, hindrances, h, marks, from_source,
                                                                      to_target)):
                return full
    walls = t.los.hexsides.get(a)
    if (walls and walls[side] and from_source > 1 and to_target > 1 and b in t.los.grid
            and (why := wall_block(t, a, b, walls[side]))):
        return a, why
    blocks: list[str] = []  # per side, why its terrain would block ("" if it would not)
    hinders: list[Feature | None] = []  # per side, a Hindrance there
    inherent: tuple[Hex, Feature] | None = None
    cells, low, high, length = t.los.cells, t.low, t.high, t.length
    near = REACH_PIXELS * length + t.half_pixel  # Trace.reaches' quick miss, inlined
    for h in (a, b):
        hz = h.row - (h.col - (h.col & 1)) // 2 - t.sz
        base = t.offset(3 * (h.col - t.sx), (h.col - t.sx) + 2 * hz)
        why_blocked, hindering = "", None
        ground, here, grounded, _ = cells.get(h.col * STRIDE + h.row) or _NO_CELL  # geometry.thread.index
        if ground > low:  # ground above the lower end, as the walk reads it
            if ground:
                here = grounded
            elif h in t.los.grid:
                here = (record(ground_feature(0)), *here)
        for f_kind, top, radius, core_x, core_y, _, f in here:
            if f_kind == HINDRANCE:  # Trace.effect's commonest case inlined
                if top <= high or (hindering is not None and (inherent is not None or not f.inherent)):
                    continue  # lower than the ends, or a Hindrance already found on this side
                effect = HINDERS
            elif not (effect := t.effect(f, from_source, to_target)):
                continue
            if radius >= 0.0 and abs(base + t.a * core_y - t.b * core_x) > radius * length + near:
                continue
            if not t.reaches(f, base) or t.own_slope(f, h, from_source, to_target):
                continue
            if effect != HINDERS:
                if f.inherent:
                    return h, t.why(f, h, effect)
                why_blocked = why_blocked or t.why(f, h, effect)
            else:
                hindering = hindering or f
                if f.inherent and inherent is None:
                    inherent = (h, f)
        blocks.append(why_blocked)
        hinders.append(hindering)
    if all(blocks):
        return a, blocks[0]
    if inherent is not None:
        return _hinder(t, rng, hindrances, *inherent)
    sided = [(h, f) for h, f in zip((a, b), hinders, strict=True) if f is not None]
    if sided and all(blocks[i] or hinders[i] for i in (0, 1)):
        return _hinder(t, rng, hindrances, *sided[0])
    return None
