"""VASL's own LOS answers (``../shared/vasl/los-sample``) against aslgui's, and the checks that
say why a pair differs.  VASL walks the pixels under a line joining the hex centres truncated to
whole pixels; aslgui follows the exact thread between the centre dots and takes each pixel as
the unit square it covers.  Each check states something measurable about the pair (where VASL's
first blocking pixel lies, how close a depiction comes to the exact thread, which walls meet at a
vertex), so a listed reason that stops being true fails its test."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any, NamedTuple

from aslgui.geometry import Hex, MapGrid, direction_to, distance, neighbours
from aslgui.model import scenario_from_json
from aslgui.rules.los import HINDRANCE, LosMap, LosResult, los_map, trace
from tests.vasl.shared_data import SHARED_VASL

BOARD_IDS = ("01", "02", "03", "04", "05", "06", "07")
Point = tuple[float, float]


class Pair(NamedTuple):
    """One sample pair: VASL's row, and aslgui's answer on the same board."""

    row: dict[str, Any]
    source: Hex
    target: Hex
    mine: LosResult
    the_map: LosMap

    @property
    def vasl_hex(self) -> Hex:
        """The hex VASL blocks in (named on the board by the sample)."""
        return self.the_map.grid.parse(self.row["blocked_at_hex"])


@cache
def board_map(board: str) -> LosMap:
    """aslgui's LOS map of one board alone (the caller points the board library at ../shared)."""
    situation = scenario_from_json({"boards": [{"id": board.lstrip("0"), "col": 0, "row": 0}], "units": []})
    return los_map(situation)


def pairs(board: str) -> Iterator[Pair]:
    """Every sample pair of a board with aslgui's answer."""
    assert SHARED_VASL is not None
    the_map = board_map(board)
    with open(SHARED_VASL / "los-sample" / f"bd{board}-los.jsonl", encoding="utf-8") as rows:
        for line in rows:
            row = json.loads(line)
            source, target = the_map.grid.parse(row["from"]), the_map.grid.parse(row["to"])
            yield Pair(row, source, target, trace(the_map, source, target), the_map)


# -- geometry of the exact thread -------------------------------------------------------------
def offset(pair: Pair, point: Point) -> tuple[float, float]:
    """Signed distance of a pixel point from the exact thread, and how far along it (pixels)."""
    (sx, sy), (tx, ty) = MapGrid.center(pair.source), MapGrid.center(pair.target)
    length = math.hypot(tx - sx, ty - sy)
    px, py = point
    return ((tx - sx) * (py - sy) - (ty - sy) * (px - sx)) / length, (
        (px - sx) * (tx - sx) + (py - sy) * (ty - sy)
    ) / length


def half_pixel(pair: Pair) -> float:
    """How far a unit pixel square reaches across the thread from its centre."""
    (sx, sy), (tx, ty) = MapGrid.center(pair.source), MapGrid.center(pair.target)
    return 0.5 * (abs(tx - sx) + abs(ty - sy)) / math.hypot(tx - sx, ty - sy)


def spreads(pair: Pair, at: Hex, hindrance: bool) -> list[tuple[float, float]]:
    """Per depicted obstacle/ground (or Hindrance) patch of a hex: the least and greatest signed
    distance of its pixel centres from the thread."""
    cx, cy = MapGrid.center(at)
    found = []
    for f in pair.the_map.features.get(at, ()):
        if f.hull is not None and (f.kind == HINDRANCE) == hindrance:
            sides = [offset(pair, (cx + x, cy + y))[0] for x, y in zip(*f.hull, strict=True)]
            found.append((min(sides), max(sides)))
    return found


def one_sided(pair: Pair, at: Hex, hindrance: bool, nearest: float, farthest: float) -> bool:
    """A depiction in ``at`` lies wholly on one side of the thread (pixel centres on it, to a
    hundredth of a pixel, count as either side), coming within ``nearest``..``farthest`` pixels."""
    return any(
        (low > -0.01 or high < 0.01) and nearest <= min(abs(low), abs(high)) <= farthest
        for low, high in spreads(pair, at, hindrance)
    )


def hexes_at_range(pair: Pair, rng: int) -> set[Hex]:
    """The hexes at a range from the source within a hex of the thread (where VASL's line may meet one)."""
    near = {h for h in pair.the_map.grid if distance(pair.source, h) == rng}
    return {h for h in near if abs(offset(pair, MapGrid.center(h))[0]) < 70}


def vertices_on_thread(pair: Pair) -> list[Point]:
    """The hex vertices the exact thread passes through, strictly between its ends."""
    (sx, sy), (tx, ty) = MapGrid.center(pair.source), MapGrid.center(pair.target)
    length = math.hypot(tx - sx, ty - sy)
    corners = {
        v for h in pair.the_map.grid if abs(offset(pair, MapGrid.center(h))[0]) < 40 for v in MapGrid.vertices(h)
    }
    return [v for v in corners if abs(offset(pair, v)[0]) < 1e-6 and 0 < offset(pair, v)[1] < length]


def wall_hexsides(pair: Pair, near: Point, within: float) -> list[tuple[Point, Point]]:
    """The wall/hedge hexsides (as vertex pairs) of aslgui's map within ``within`` pixels of a point."""
    found = []
    for h, walls in pair.the_map.hexsides.items():
        if math.dist(MapGrid.center(h), near) > 60:
            continue
        corners = MapGrid.vertices(h)
        for side, wall in enumerate(walls):
            if wall and _segment_distance(near, corners[side - 1], corners[side]) <= within:
                found.append((corners[side - 1], corners[side]))
    return found


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    (ax, ay), (bx, by) = a, b
    u = max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
    return math.dist(p, (ax + u * (bx - ax), ay + u * (by - ay)))


# -- the reasons --------------------------------------------------------------------------------
def vasl_grazes_block(pair: Pair) -> bool:
    """VASL blocks on a depiction that the exact thread passes by on one side, its nearest pixel
    centre farther than half a pixel but within 1.8 pixels (VASL's line, from centres truncated to
    whole pixels, runs up to a pixel off the thread)."""
    return pair.row["blocked"] and one_sided(pair, pair.vasl_hex, False, half_pixel(pair), 1.8)


def vasl_walls_beside(pair: Pair) -> bool:
    """VASL blocks on wall/hedge pixels (B9.2) drawn beside the thread: no wall hexside near its
    blocking pixel is crossed by the thread (both ends on one side; or one end on the thread with
    every wall meeting there on the same side, B9.2 EX; or a stub either side of a road gap that
    makes no wall hexside), and aslgui's answer is clear or blocked farther along."""
    if not pair.row["blocked"] or "B9.2" not in pair.row["reason"]:
        return False
    point = pair.row["blocked_at_point"]
    for a, b in wall_hexsides(pair, point, 12.0):
        if offset(pair, a)[0] * offset(pair, b)[0] < 0:  # the thread crosses this wall
            return False
    for vertex in vertices_on_thread(pair):
        if math.dist(vertex, point) < 14:  # walls meeting there lie on one side of the thread
            ends = [far for a, b in wall_hexsides(pair, vertex, 0.01) for far in (a, b) if math.dist(far, vertex) > 1]
            if len({offset(pair, far)[0] > 0 for far in ends}) > 1:
                return False
    mine = pair.mine
    if mine.blocked_at is None:
        return not mine.blocked
    return offset(pair, point)[1] < offset(pair, MapGrid.center(mine.blocked_at))[1]


def vasl_blocks_beside_the_thread(pair: Pair) -> bool:
    """VASL blocks (or counts a Hindrance) in a hex the thread only touches, running along one of
    its hexsides or through one of its vertices, where that hex's depiction lies on one side of
    the thread (A6.1: it must be visible on both sides); VASL's line, from centres truncated to
    whole pixels, runs inside that hex's pixels."""
    if pair.row["blocked"]:
        at, hindrance = pair.vasl_hex, False
    elif pair.row["first_hindrance_hex"]:
        at, hindrance = pair.the_map.grid.parse(pair.row["first_hindrance_hex"]), True
        vasl, mine = _ranges(pair)
        if distance(pair.source, at) not in vasl - mine:
            return False
    else:
        return False
    touching = sum(1 for v in MapGrid.vertices(at) if abs(offset(pair, v)[0]) < 1e-6)
    inside = abs(offset(pair, MapGrid.center(at))[0]) < 30  # a thread through the hex's inside
    return touching >= 1 and not (inside and touching < 2) and one_sided(pair, at, hindrance, 0.0, 1.8)


def aslgui_touches_pixel(pair: Pair, at: Hex, hindrance: bool) -> bool:
    """aslgui blocks (or counts a Hindrance) in ``at`` where the exact thread passes within a
    pixel of the depiction's edge: through the square of a pixel whose centre lies on one side
    within half a pixel, or across a corner less than a pixel deep.  VASL's line, up to a pixel
    off the thread, passes it by."""
    half = half_pixel(pair)
    for low, high in spreads(pair, at, hindrance):
        depth = min(-low, high) if low < 0 < high else -min(abs(low), abs(high))
        if -half <= depth < 1.0:
            return True
    return False


def aslgui_touches_block(pair: Pair) -> bool:
    return pair.mine.blocked_at is not None and aslgui_touches_pixel(pair, pair.mine.blocked_at, False)


def vasl_counts_six(pair: Pair) -> bool:
    """VASL reaches six Hindrances (B.10) by counting one aslgui does not: a grazed depiction."""
    mine = pair.mine
    counted = (mine.hindrance == 5 and not mine.blocked) or (mine.hindrance == 6 and "B.10" in mine.reason)
    return pair.row["hindrance"] >= 6 and counted and vasl_extra_hindrance_grazes(pair)


def _ranges(pair: Pair) -> tuple[set[int], set[int]]:
    vasl = {int(r) for r in pair.row["hindrance_by_range"]}
    mine = {distance(pair.source, x.hex) for x in pair.mine.hindrances}
    return vasl, mine


def vasl_extra_hindrance_grazes(pair: Pair) -> bool:
    """At each range where VASL counts a Hindrance and aslgui none, a Hindrance depiction there
    lies on one side of the exact thread within 1.8 pixels (VASL's truncated line meets it)."""
    vasl, mine = _ranges(pair)
    extra = vasl - mine
    return bool(extra) and all(
        any(one_sided(pair, h, True, half_pixel(pair), 1.8) for h in hexes_at_range(pair, r)) for r in extra
    )


def aslgui_extra_hindrance_touches(pair: Pair) -> bool:
    """Where aslgui counts a Hindrance and VASL none, the exact thread passes through the square
    of one of its pixels, the centre on one side within half a pixel."""
    vasl, mine = _ranges(pair)
    extra = [x for x in pair.mine.hindrances if distance(pair.source, x.hex) in mine - vasl]
    return bool(extra) and all(aslgui_touches_pixel(pair, x.hex, True) for x in extra)


def mixed_hindrances(pair: Pair) -> bool:
    """Each side counts one the other does not: a touch for aslgui, a graze for VASL."""
    return aslgui_extra_hindrance_touches(pair) and vasl_extra_hindrance_grazes(pair)


def same_obstacle_across_hexside(pair: Pair) -> bool:
    """VASL's first blocking pixel lies within 2 pixels of the hexside between its hex and the
    one aslgui names (a pixel on the line between two hexes; the same depiction blocks)."""
    mine = pair.mine.blocked_at
    if mine is None or not pair.row["blocked"]:
        return False
    side = direction_to(mine, pair.vasl_hex)
    if side is None:
        return False
    corners = MapGrid.vertices(mine)
    return _segment_distance(pair.row["blocked_at_point"], corners[side - 1], corners[side]) <= 2.0


def either_hex_of_the_wall(pair: Pair) -> bool:
    """aslgui blocks at a wall/hedge hexside; VASL names the other hex of it, or the third hex at
    one of its ends, into which the wall is drawn (the sample's README allows either)."""
    mine = pair.mine
    if not (mine.blocked and pair.row["blocked"]) or mine.blocked_at is None or "B9.2" not in mine.reason:
        return False
    names = mine.reason.split("hexside ")[1].split(" ")[0].split("/")
    a, b = (pair.the_map.grid.parse(n) for n in names)
    v = pair.vasl_hex
    return v in (a, b) or (v in neighbours(a) and v in neighbours(b))


def vasl_names_the_depression(pair: Pair) -> bool:
    """A6.3: both block the thread out of (or into) a depression; VASL names the depression hex
    itself, where its pixels rise to the bank, or the hex beside the one aslgui names; aslgui the
    first hex the thread crosses outside the depression (the depression is the whole hex)."""
    if not pair.row["blocked"] or "A6.3" not in pair.row["reason"] or "A6.3" not in pair.mine.reason:
        return False
    v, mine = pair.vasl_hex, pair.mine.blocked_at
    end = v in (pair.source, pair.target) and v in pair.the_map.depressions
    return end or (mine is not None and direction_to(v, mine) is not None)


REASONS: dict[str, Callable[[Pair], bool]] = {
    "beside": vasl_blocks_beside_the_thread,
    "graze": vasl_grazes_block,
    "wall beside": vasl_walls_beside,
    "touch": aslgui_touches_block,
    "six": vasl_counts_six,
    "hindrance graze": vasl_extra_hindrance_grazes,
    "hindrance touch": aslgui_extra_hindrance_touches,
    "hindrance graze and touch": mixed_hindrances,
    "hexside": same_obstacle_across_hexside,
    "wall": either_hex_of_the_wall,
    "depression": vasl_names_the_depression,
}
