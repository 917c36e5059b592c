"""Integer hex math for ASL's flat-topped, odd-q offset grid (DESIGN.md section 2).

Hexes are plain ``(col, row)`` pairs in *map* offset coordinates (all boards joined into one
grid); cube coordinates are used only inside the arithmetic.  Nothing here knows board names
or pixels, so it stays fast and importable without shapely.
"""

import math
from collections.abc import Iterator
from typing import NamedTuple


class Hex(NamedTuple):
    """A hex in map offset coordinates: column index from the map's left edge, ASL row number."""

    col: int
    row: int


#: Hexside directions, clockwise from north, as cube deltas ``(dx, dy, dz)``.
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
_CUBE_DIRS: tuple[tuple[int, int, int], ...] = (
    (0, 1, -1),
    (1, 0, -1),
    (1, -1, 0),
    (0, -1, 1),
    (-1, 0, 1),
    (-1, 1, 0),
)
#: Hexspines, clockwise; spine ``i`` joins hexsides ``i`` and ``i + 1`` (C3.2).
SPINE_NAMES: tuple[str, ...] = tuple(f"{DIRECTION_NAMES[i]}/{DIRECTION_NAMES[(i + 1) % 6]}" for i in range(6))


def parse_direction(name: str) -> int:
    """Index of a hexside direction name (``"SW"`` -> 4); ValueError for anything else."""
    try:
        return DIRECTION_NAMES.index(name.strip().upper())
    except ValueError:
        raise ValueError(f"unknown hexside direction {name!r}; expected one of {', '.join(DIRECTION_NAMES)}") from None


def parse_spine(name: str) -> int:
    """Index of a hexspine name; accepts either order of its two hexsides (``"SW/S"``)."""
    parts = [p.strip().upper() for p in name.split("/")]
    if len(parts) == 2 and all(p in DIRECTION_NAMES for p in parts):
        a, b = (DIRECTION_NAMES.index(p) for p in parts)
        for first, second in ((a, b), (b, a)):
            if (first + 1) % 6 == second:
                return first
    raise ValueError(f"unknown hexspine {name!r}; expected one of {', '.join(SPINE_NAMES)}")


def to_cube(h: Hex) -> tuple[int, int, int]:
    """Cube coordinates of an odd-q offset hex."""
    x = h.col
    z = h.row - (h.col - (h.col & 1)) // 2
    return x, -x - z, z


def from_cube(x: int, z: int) -> Hex:
    """Offset hex of cube ``(x, -x - z, z)``."""
    return Hex(x, z + (x - (x & 1)) // 2)


def distance(a: Hex, b: Hex) -> int:
    """Range in hexes (A.2: count the target hex, not the firer's)."""
    ax, ay, az = to_cube(a)
    bx, by, bz = to_cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def neighbour(h: Hex, direction: int) -> Hex:
    """The hex across hexside ``direction`` of ``h``."""
    x, _, z = to_cube(h)
    dx, _, dz = _CUBE_DIRS[direction % 6]
    return from_cube(x + dx, z + dz)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six adjacent hexes, in hexside order N, NE, SE, S, SW, NW."""
    return tuple(neighbour(h, d) for d in range(6))


def _unit_point(h: Hex) -> tuple[float, float]:
    """Centre of ``h`` on a regular grid of unit circumradius (even columns half a hex higher)."""
    return 1.5 * h.col, math.sqrt(3) * (h.row - (0.5 if h.col % 2 == 0 else 0.0))


def entry_hexsides(target: Hex, origin: Hex) -> tuple[Hex, ...]:
    """The neighbours of ``target`` across the hexside(s) by which a line from ``origin``'s centre
    enters it: one, two when the line runs exactly along a hexspine, none within the same hex.
    It tells which wall or hedge a shot crosses into its target's hex (B9.3)."""
    if origin == target:
        return ()
    tx, ty = _unit_point(target)
    ox, oy = _unit_point(origin)
    heading = math.atan2(oy - ty, ox - tx)
    found = []
    for side in neighbours(target):
        sx, sy = _unit_point(side)
        off = abs((math.atan2(sy - ty, sx - tx) - heading + math.pi) % (2 * math.pi) - math.pi)
        if off <= math.pi / 6 + 1e-9:  # each hexside faces a 60 degree sector
            found.append(side)
    return tuple(found)


def direction_to(a: Hex, b: Hex) -> int | None:
    """Hexside of ``a`` that ``b`` lies across, or None when they are not adjacent."""
    ax, _, az = to_cube(a)
    bx, _, bz = to_cube(b)
    delta = (bx - ax, ax - bx + az - bz, bz - az)
    try:
        return _CUBE_DIRS.index(delta)
    except ValueError:
        return None


def _offset(origin: Hex, target: Hex) -> tuple[int, int]:
    """``target - origin`` in cube q and r."""
    ox, _, oz = to_cube(origin)
    tx, _, tz = to_cube(target)
    return tx - ox, tz - oz


def _holds(vq: int, vr: int, spine: int) -> bool:
    """Whether the cube offset lies in the CA facing ``spine`` (``in_ca``): solve it as
    ``a*d1 + b*d2`` for the two hexsides of ``spine`` (C3.2)."""
    q1, _, r1 = _CUBE_DIRS[spine % 6]
    q2, _, r2 = _CUBE_DIRS[(spine + 1) % 6]
    det = q1 * r2 - q2 * r1  # adjacent directions: always +-1
    a, b = (vq * r2 - q2 * vr) * det, (q1 * vr - vq * r1) * det
    return a >= 0 and b >= 0 and a + b > 0


def in_ca(origin: Hex, spine: int, target: Hex) -> bool:
    """Whether ``target`` lies in the CA of a unit in ``origin`` facing ``spine`` (C3.2).

    The CA is every hex ``a*d1 + b*d2`` (a, b >= 0, not both 0): both boundary hexrows belong to
    it, so a hex on the line between two CAs is in both.
    """
    return _holds(*_offset(origin, target), spine)


class Box(NamedTuple):
    """A rectangle of hexes, ends included: the columns and rows a map spans."""

    col_min: int
    col_max: int
    row_min: int
    row_max: int


def ca_hexes(origin: Hex, spine: int, max_range: int, within: Box | None = None) -> Iterator[Hex]:
    """Every hex of the CA at range 1..``max_range``, nearest rows first (unbounded map).

    With ``within``, only the hexes of each row of the CA that can lie in that box (a few more
    at its edges): a range of 500 on a small map costs what the map holds, not 500^2."""
    ox, _, oz = to_cube(origin)
    q1, _, r1 = _CUBE_DIRS[spine % 6]
    q2, _, r2 = _CUBE_DIRS[(spine + 1) % 6]
    dq, dr = q2 - q1, r2 - r1
    for rng in range(1, max_range + 1):
        # The row's hexes are (x0 + b*dq, z0 + b*dr), b = 0..rng, from the d1 end to the d2 end.
        x0, z0 = ox + rng * q1, oz + rng * r1
        first, last = 0, rng
        if within is not None:
            first, last = _steps_inside(x0, dq, within.col_min, within.col_max, first, last)
            # Twice the offset row is 2*z + x, less 0 or 1 (odd-q): one row of slack either way.
            first, last = _steps_inside(2 * z0 + x0, 2 * dr + dq, 2 * within.row_min - 2, 2 * within.row_max + 2,
                                        first, last)
        for b in range(first, last + 1):
            yield from_cube(x0 + b * dq, z0 + b * dr)


def _steps_inside(start: int, step: int, low: int, high: int, first: int, last: int) -> tuple[int, int]:
    """The part of ``first..last`` whose ``b`` keep ``start + b * step`` within ``low..high``."""
    if step < 0:
        start, step, low, high = -start, -step, -high, -low
    if step == 0:
        return (first, last) if low <= start <= high else (1, 0)
    return max(first, -((start - low) // step)), min(last, (high - start) // step)


def spines_to_bring(origin: Hex, spine: int, target: Hex) -> int:
    """Fewest one-hexspine turns that bring ``target`` into the CA (Case A input, C5.1).

    0 when it is already in the CA, and also for a target in the unit's own hex, which no CA
    holds and which Case E (C5.5) covers instead.
    """
    if target == origin:
        return 0
    vq, vr = _offset(origin, target)  # once, for each of the turns tried
    for turn in range(4):
        if _holds(vq, vr, spine + turn) or _holds(vq, vr, spine - turn):
            return turn
    raise AssertionError("the six CAs cover every other hex")  # pragma: no cover


def hexside_in_ca(origin: Hex, spine: int, a: Hex, b: Hex) -> bool:
    """Whether the hexside between adjacent ``a`` and ``b`` is a CA hexside (C3.2).

    Every hexside of a CA hex belongs to the CA: the C3.2 EX has a unit entering the boundary
    hex 4E6 cross a CA hexside.
    """
    if direction_to(a, b) is None:
        raise ValueError(f"{a} and {b} are not adjacent, so share no hexside")
    return in_ca(origin, spine, a) or in_ca(origin, spine, b)
