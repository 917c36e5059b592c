"""One thread being judged (A6): its ends' heights, its line in pixels for the hull tests of
the features it passes, and what one feature does to it (A6.2 heights, A6.4 blind hexes).
``judgement`` walks the thread and ``depression`` reads depressions on it, both through a
``Trace``; it lives apart so that neither imports the other."""

from __future__ import annotations

from aslgui.geometry import Hex
from aslgui.geometry.mapgrid import COLUMN_STEP, ROW_STEP
from aslgui.geometry.thread import PIXEL_AREA, walk
from aslgui.rules.los.features import (
    BLIND,
    GROUND,
    HIGHER,
    HINDERS,
    HINDRANCE,
    LEVEL_WITH_HIGHER,
    REACH_PIXELS,
    SPLIT,
    LosMap,
)
from aslgui.rules.los.records import Feature


def blind(high: int, low: int, top: int, from_high: int, from_low: int, crest: bool) -> bool:
    """A6.4: whether the lower end lies in a blind hex behind an obstacle (heights in half
    levels): one blind hex plus one per full five hexes from the higher end, plus the full levels
    the obstacle rises above the lower end beyond the first, less the full levels the higher end
    stands above the obstacle beyond the first; a hill crest (no terrain on it) casts one fewer.
    A 1½-level building thus counts as rising one full level above ground-level units."""
    above_low, below_high = (top - low) // 2, (high - top) // 2
    count = 1 + from_high // 5 + above_low - 1 - max(below_high - 1, 0) - (1 if crest else 0)
    return from_low <= max(count, 0 if crest else 1)



def _levels(top: int) -> str:
    return f"{top // 2}½" if top % 2 else str(top // 2)


def _obstacle_rule(f: Feature) -> str:
    return "A6.2, B10" if f.kind == GROUND else f"A6.2, {f.rule}"


def _depressed_end(t: Trace) -> bool:
    return t.source in t.los.depressions or t.target in t.los.depressions


class Trace:
    """One thread being judged: the ends, and the line in pixels for hull tests."""

    __slots__ = ("a", "b", "big_x", "big_y", "dx", "dz", "es", "et", "half_pixel", "high", "hindered", "length", "los",
                 "low", "path", "source", "sx", "sz", "target")

    def __init__(self, los: LosMap, source: Hex, target: Hex, source_level: int, target_level: int) -> None:
        self.los = los
        self.source, self.target = source, target
        levels = los.levels
        self.es = es = 2 * (levels.get(source, 0) + source_level)
        self.et = et = 2 * (levels.get(target, 0) + target_level)
        self.low, self.high = (es, et) if es < et else (et, es)
        self.sx = sx = source.col
        self.sz = sz = source.row - (sx - (sx & 1)) // 2
        col = target.col
        self.dx, self.dz = dx, dz = col - sx, target.row - (col - (col & 1)) // 2 - sz
        #: The thread to this offset, and its line in pixels (``Walk``: made once per offset).
        self.path = path = walk(dx, dz)
        self.big_x, self.big_y, self.a, self.b = path.big_x, path.big_y, path.a, path.b
        self.length, self.half_pixel = path.length, path.half_pixel
        #: The ranges from the source of the terrain Hindrances counted so far (one per range, B.10).
        self.hindered: set[int] = set()

    def hex_at(self, dx: int, dz: int) -> Hex:
        col = self.sx + dx
        return Hex(col, self.sz + dz + (col - (col & 1)) // 2)

    def offset(self, cx: int, cy: int) -> float:
        """Signed distance * length of a hex centre (half units from the source) from the line."""
        return (self.big_x * cy - self.big_y * cx) * PIXEL_AREA

    def spread(self, f: Feature, base: float) -> tuple[float, float]:
        """Least and greatest signed distance * length of a feature's hull from the line."""
        assert f.hull is not None
        a, b = self.a, self.b
        xs, ys = f.hull
        values = [base + a * y - b * x for x, y in zip(xs, ys)]  # noqa: B905 - a hull's two halves
        return min(values), max(values)

    def crosses(self, f: Feature, base: float, edge: bool = False) -> bool:
        """Whether the thread passes through a feature of a hex it crosses inside: the depiction
        (its pixels, each a unit square) visible on both sides of it (A6.1), which is so exactly
        when the hull of the pixel centres reaches within half a pixel's extent of the line on
        both sides.  Along the map's edge (``edge``: through the centre dot of a half hex whose
        other half is off the map) coming within 1.5 pixels of the thread is enough.  Told at once
        when the line passes far from the hull's core or through its inner circle, else ``spans``."""
        if f.hull is None:
            return True
        length = self.length
        core = abs(base + self.a * f.core[1] - self.b * f.core[0])
        if core > f.radius * length + (1.5 * length if edge else self.half_pixel):
            return False
        return core < f.inner * length or self.spans(f, base, edge)

    def spans(self, f: Feature, base: float, edge: bool) -> bool:
        """``crosses`` told from the hull's points, for a line neither far from its core nor
        through its inner circle (the walk tells those itself)."""
        low, high = self.spread(f, base)
        if edge:
            reach = 1.5 * self.length
            return low <= reach and high >= -reach
        half = self.half_pixel
        return low < half and high > -half

    def on_edge(self, h: Hex) -> bool:
        """Whether the thread runs through the centre dot of ``h`` along the map's edge: the hex
        beside it across the thread is off the map (a half hex)."""
        grid = self.los.grid
        if self.dx == 0 and h.col % COLUMN_STEP == 0:  # a board's A/GG column, its centres on its edge
            return Hex(h.col - 1, h.row) not in grid or Hex(h.col + 1, h.row) not in grid
        if self.big_y == 0 and h.col & 1 and h.row % ROW_STEP == 0:  # a board's top or bottom half hex
            return Hex(h.col, h.row - 1) not in grid or Hex(h.col, h.row + 1) not in grid
        return False

    def reaches(self, f: Feature, base: float) -> bool:
        """Whether a feature of a hex beside a hexside the thread runs along holds its hex up to
        it (A6.1): its pixel squares come within a pixel of the hexside, and it is more than the
        sliver of a neighbour's drawing that crosses the line by under a pixel (each pixel went
        to the nearer centre, so a depiction reaching the hexside from the other side lies a
        pixel off it)."""
        if f.hull is None:
            return True
        reach = REACH_PIXELS * self.length + self.half_pixel
        if abs(base + self.a * f.core[1] - self.b * f.core[0]) > f.radius * self.length + reach:
            return False
        low, high = self.spread(f, base)
        return -reach < high and low < -reach if base < 0 else low < reach < high

    def own_slope(self, f: Feature, h: Hex, from_source: int, to_target: int) -> bool:
        """Ground at the higher end's own level in an adjacent hex whose centre lies lower (a
        shore or hill edge spilling into it) is the higher end's own slope: it looks down past
        it, as VASL does for a unit beside a water hex."""
        if f.kind != GROUND or f.top != self.high or self.es == self.et:
            return False
        near = from_source if self.es > self.et else to_target
        return near == 1 and 2 * self.los.level(h) == self.low

    # -- the rules for one feature ----------------------------------------------------------
    def effect(self, f: Feature, from_source: int, to_target: int) -> int:
        """What a feature would do to the thread crossing it: 0 nothing, HINDERS, or why it blocks."""
        es, et, low, high, top = self.es, self.et, self.low, self.high, f.top
        if f.kind == HINDRANCE:  # it hinders where it is higher than both ends, as an obstacle would block
            return HINDERS if top > high else 0
        if f.kind == SPLIT and es == et == top - 2:  # under an orchard's boughs
            return HINDERS
        if top > high:
            return HIGHER
        if top == high and top > low:
            return LEVEL_WITH_HIGHER
        if low + 2 <= top < high:  # a full level above the lower end: it casts blind hexes (A6.4)
            high_first = es > et
            from_high, from_low = (from_source, to_target) if high_first else (to_target, from_source)
            if blind(high, low, top, from_high, from_low, f.kind == GROUND):
                return BLIND
        return 0

    def why(self, f: Feature, h: Hex, effect: int) -> str:
        """The words and rules of a block."""
        where, top = self.los.grid.name(h), f.top
        what = f"ground level {top // 2}" if f.kind == GROUND else f"{f.name} (level {_levels(top)})"
        if effect == HIGHER:
            return f"{what} in {where} is higher than both ends ({_obstacle_rule(f)})"
        if effect == LEVEL_WITH_HIGHER:
            rule = "A6.2, A6.3" if f.kind == GROUND and _depressed_end(self) else "A6.2"
            return f"{what} in {where} is as high as the higher end, which needs a height advantage ({rule})"
        end = self.los.grid.name(self.target if self.es > self.et else self.source)
        return f"{end} is a blind hex behind {what} in {where} (A6.4)"

