"""The LOS thread (A6.1): which hexes, hexsides and vertices a line from one hex centre dot to
another passes through, in order, computed exactly.

The grid is drawn in "half units" where every hex centre and vertex has integer coordinates
(x in units of a hex's half radius, y in units of half its height; an affine map of the real
board, so it keeps every incidence and side-of-line question).  A centre at cube ``(x, z)``
sits at ``(3x, x + 2z)``: linear in cube coordinates, so the thread from S to T depends only on
``T - S`` and is cached per offset.  Every test is an integer cross product, so a thread that
runs exactly along a hexside or through a vertex is found exactly, never by a tolerance.

A thread is a tuple of events, each a plain tuple (no objects: ``aslgui resolve`` and the
visibility shading walk thousands of them):

- ``(INTERIOR, dx, dz, from_source, to_target, cx, cy, even, odd, base)``: the thread crosses the
  inside of the hex at cube offset ``(dx, dz)`` from the source; ``(cx, cy)`` is its centre in half
  units; ``even``/``odd``: its ``index`` less the source's, from a source in an even/odd column;
  ``base``: the centre's signed distance from the line times its length, in pixels squared (what
  every hull test of the hex starts from).
- ``(CROSS, dx, dz, side, even, odd)``: it crosses hexside ``side`` (0..5 = N..NW) of that hex,
  between two vertices (``even``, ``odd`` as above).
- ``(ALONG, dx, dz, side, from_source, to_target)``: it runs exactly along that hexside (both
  hexes beside it are the same range from the source).
- ``(VERTEX, sides)``: it passes through a vertex; ``sides`` holds ``(dx, dz, side, where, even,
  odd)`` for the three hexsides meeting there, ``where`` -1 or +1 for the side of the thread the
  hexside lies on, 0 when it lies along the thread.
"""

from __future__ import annotations

import math
from typing import Any

INTERIOR, CROSS, ALONG, VERTEX = 0, 1, 2, 3

#: Cube offsets ``(dx, dz)`` of the neighbour across hexside N, NE, SE, S, SW, NW.
SIDE_STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
#: Vertex ``i`` (between hexsides ``i`` and ``i + 1``) relative to the centre, in half units.
VERTEX_OFFSETS: tuple[tuple[int, int], ...] = ((1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1))
#: Size of a half unit in VASL board pixels (hex radius 37.5 / 2, hex height 64.5 / 2).
HALF_UNIT_PIXELS = (18.75, 32.25)
#: A half unit's area in pixels: a cross product in half units times it is one in pixels.
PIXEL_AREA = HALF_UNIT_PIXELS[0] * HALF_UNIT_PIXELS[1]

#: One event: the plain tuples above (their shapes differ by kind).
Event = tuple[Any, ...]
#: ``index``'s step from one column to the next: rows stay far below it on any map.
STRIDE = 4096


def index(col: int, row: int) -> int:
    """A hex's integer key, ``col * STRIDE + row``: an event's ``even``/``odd`` added to the source's
    gives the hex's without making a tuple (the LOS engine's per-hex tables are keyed so)."""
    return col * STRIDE + row


def _relative(hx: int, hz: int) -> tuple[int, int]:
    """``index`` of the hex at cube offset ``(hx, hz)`` less the source's, from a source in an even
    and in an odd column (a column's row is its cube z plus half its column, rounded down)."""
    return hx * STRIDE + hz + (hx >> 1), hx * STRIDE + hz + ((hx + 1) >> 1)


def cube_distance(dx: int, dz: int) -> int:
    """Range of a cube offset (A.2)."""
    return max(abs(dx), abs(dz), abs(dx + dz))


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


class Walk:
    """The thread to one offset, walked only as far as it is read: ``events`` holds the events
    found so far and ``more()`` walks on.  The LOS engine stops at the first block, and most
    threads of a map's shading are blocked in their first few hexes, so most of a thread is
    never walked."""

    __slots__ = ("a", "b", "big_x", "big_y", "dx", "dz", "events", "exits", "half_pixel", "hx", "hz", "indexed",
                 "length", "side_of", "starts")

    def __init__(self, dx_t: int, dz_t: int) -> None:
        self.dx, self.dz = dx_t, dz_t
        self.big_x, self.big_y = big_x, big_y = 3 * dx_t, dx_t + 2 * dz_t
        # The line's normal in pixels: distance * length = a * y - b * x for a point (x, y).
        self.a, self.b = a, b = big_x * HALF_UNIT_PIXELS[0], big_y * HALF_UNIT_PIXELS[1]
        self.length = math.hypot(a, b)
        #: How far (times the length) a pixel's square reaches across the line: half its extent along
        #: the line's normal.
        self.half_pixel = 0.5 * (abs(a) + abs(b))
        # cross(D, vertex offset) for the six VERTEX_OFFSETS, written out.
        self.side_of = (s0, s1, s2, s3, s4, s5) = (
            -big_x - big_y, -2 * big_y, big_x - big_y, big_x + big_y, 2 * big_y, big_y - big_x)
        # The thread leaves a hex where the vertex signs turn from - to + (clockwise order): only
        # on the half of the hexagon where the side values grow (side_of[i] > side_of[i - 1]: one
        # hexside of each opposite pair), so only those hexsides are tried, each with the
        # neighbour's cube step (SIDE_STEPS) and how much the centre's side value changes by it.
        exits: list[tuple[int, ...]] = []
        self.exits = exits
        if s0 > s5:
            exits.append((0, s5, s0, s1, 0, -1, -2 * big_x))
        if s1 > s0:
            exits.append((1, s0, s1, s2, 1, -1, -big_x - 3 * big_y))
        if s2 > s1:
            exits.append((2, s1, s2, s3, 1, 0, big_x - 3 * big_y))
        if s3 > s2:
            exits.append((3, s2, s3, s4, 0, 1, 2 * big_x))
        if s4 > s3:
            exits.append((4, s3, s4, s5, -1, 1, big_x + 3 * big_y))
        if s5 > s4:
            exits.append((5, s4, s5, s0, -1, 0, 3 * big_y - big_x))
        rng = max(abs(dx_t), abs(dz_t), abs(dx_t + dz_t))  # cube_distance, written out
        self.events: list[Event] = [(INTERIOR, 0, 0, 0, rng, 0, 0, 0, 0, 0.0)]
        #: Per range from the source, the place in ``events`` of the first INTERIOR event at that
        #: range or beyond, for the first ``indexed`` events (``first_at``).
        self.starts, self.indexed = [0], 1
        self.hx = self.hz = 0

    def more(self, steps: int = 2) -> bool:
        """Walk up to ``steps`` hexes further; False when the thread was already complete."""
        hx, hz, dx_t, dz_t = self.hx, self.hz, self.dx, self.dz
        if hx == dx_t and hz == dz_t:
            return False
        events, big_x, big_y, exits = self.events, self.big_x, self.big_y, self.exits
        append = events.append
        # the cross product of the thread with the centre's offset (integer, 0 on the line)
        centre_side = big_x * (hx + 2 * hz) - big_y * 3 * hx
        for _ in range(steps):
            for i, before, here, after, step_x, step_z, shift in exits:
                at = centre_side + here
                if at > 0:
                    if centre_side + before < 0:
                        rel = hx * STRIDE + hz  # _relative, written out
                        append((CROSS, hx, hz, i, rel + (hx >> 1), rel + ((hx + 1) >> 1)))
                        hx, hz, centre_side = hx + step_x, hz + step_z, centre_side + shift
                        break
                elif at == 0 and centre_side + before < 0 < centre_side + after:
                    hx, hz = _through_vertex(events, hx, hz, i, self.side_of, (dx_t, dz_t))
                    centre_side = big_x * (hx + 2 * hz) - big_y * 3 * hx
                    break
            else:  # pragma: no cover - a line through a hex's inside always leaves it
                raise AssertionError("thread lost its way")
            ex, ez, hs, es = dx_t - hx, dz_t - hz, hx + hz, dx_t - hx + dz_t - hz
            rel = hx * STRIDE + hz
            append((  # the ranges: a cube distance is half the sum of the three coordinates' sizes
                INTERIOR, hx, hz,
                ((hx if hx > 0 else -hx) + (hz if hz > 0 else -hz) + (hs if hs > 0 else -hs)) >> 1,
                ((ex if ex > 0 else -ex) + (ez if ez > 0 else -ez) + (es if es > 0 else -es)) >> 1,
                3 * hx, hx + 2 * hz, rel + (hx >> 1), rel + ((hx + 1) >> 1), centre_side * PIXEL_AREA,
            ))
            if ex == 0 and ez == 0:
                break
        self.hx, self.hz = hx, hz
        return True

    def first_at(self, near: int) -> int | None:
        """The place in ``events`` of the first INTERIOR event at range ``near`` or beyond, the
        thread walked on as far as that; None when it ends short of it.  ``from_source`` passes
        a thread's empty first stretch so at once; the index is kept with the walk (a thread is
        walked once per offset, read from many sources) and made only when asked (a shading
        never asks)."""
        starts, events = self.starts, self.events
        while len(starts) <= near:
            if self.indexed == len(events) and not self.more(max(2, near + 1 - len(starts))):
                return None  # a step goes at most one range further (two past a vertex)
            for place in range(self.indexed, len(events)):
                e = events[place]
                if e[0] == INTERIOR:
                    while e[3] >= len(starts):  # two ranges on past a vertex along a hexside
                        starts.append(place)
            self.indexed = len(events)
        return starts[near]


_WALKS: dict[tuple[int, int], Walk] = {}


def walk(dx_t: int, dz_t: int) -> Walk:
    """The (partly walked) thread to cube offset ``(dx_t, dz_t)``, kept per offset: a map's
    offsets are few thousand, and a shading from a neighbouring hex reads nearly the same ones."""
    found = _WALKS.get((dx_t, dz_t))
    if found is None:
        if len(_WALKS) >= 32768:
            _WALKS.clear()
        found = _WALKS[(dx_t, dz_t)] = Walk(dx_t, dz_t)
    return found


def forget_walks() -> None:
    """Drop every thread walked so far (benchmarks time a shading from nothing walked)."""
    _WALKS.clear()


def thread(dx_t: int, dz_t: int) -> tuple[Event, ...]:
    """The events of the thread from the source's centre to the hex at cube offset
    ``(dx_t, dz_t)``, from the source hex (an INTERIOR event at range 0) to the target."""
    whole = walk(dx_t, dz_t)
    while whole.more(64):
        pass
    return tuple(whole.events)


def _vertex_event(hx: int, hz: int, i: int, side_of: tuple[int, ...]) -> Event:
    """The three hexsides at vertex ``i`` of a hex and the side of the thread each lies on."""
    n1 = (hx + SIDE_STEPS[i][0], hz + SIDE_STEPS[i][1])
    j = (i + 1) % 6
    return (
        VERTEX,
        (
            (hx, hz, i, _sign(side_of[i - 1] - side_of[i]), *_relative(hx, hz)),
            (hx, hz, j, _sign(side_of[j] - side_of[i]), *_relative(hx, hz)),
            # the hexside pointing away from the hex
            (n1[0], n1[1], (i + 2) % 6, _sign(side_of[i]), *_relative(*n1)),
        ),
    )


def _through_vertex(
    events: list[Event], hx: int, hz: int, i: int, side_of: tuple[int, ...], target: tuple[int, int]
) -> tuple[int, int]:
    """Record the thread leaving a hex by its vertex ``i``; return the hex it goes on into."""
    events.append(_vertex_event(hx, hz, i, side_of))
    j = (i + 1) % 6
    n1 = (hx + SIDE_STEPS[i][0], hz + SIDE_STEPS[i][1])
    n2 = (hx + SIDE_STEPS[j][0], hz + SIDE_STEPS[j][1])
    if side_of[i] == 0:  # the hexside between n1 and n2 points straight along the thread
        far = (n1[0] + SIDE_STEPS[j][0], n1[1] + SIDE_STEPS[j][1])
        to_target = cube_distance(target[0] - n1[0], target[1] - n1[1])
        events.append((ALONG, n1[0], n1[1], (i + 2) % 6, cube_distance(*n1), to_target))
        events.append(_vertex_event(far[0], far[1], (i + 3) % 6, side_of))
        return far
    # Otherwise it enters whichever of n1, n2 lies on its side of that hexside (both integer
    # cross products with the hexside's direction, which is the vertex offset itself).
    ox, oy = VERTEX_OFFSETS[i]
    n1x, n1y = 3 * (n1[0] - hx) - ox, (n1[0] - hx) + 2 * (n1[1] - hz) - oy
    return n1 if (ox * n1y - oy * n1x > 0) == (side_of[i] < 0) else n2
