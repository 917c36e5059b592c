"""Walls, hedges, bocage and cliffs on the hexsides a thread crosses or passes by a vertex of
(B9.1, B9.2, B9.5, B11, A6.4): why one blocks the thread being judged (a ``Trace``), or "".
``judgement`` asks them as its walk meets a hexside holding one."""

from __future__ import annotations

from typing import Any

from aslgui.geometry import Hex, distance
from aslgui.geometry.thread import SIDE_STEPS
from aslgui.resource_files import load_json
from aslgui.rules.los.features import NO_WALLS
from aslgui.rules.los.trace_line import Trace, blind


def step(h: Hex, side: int) -> Hex:
    """The hex across hexside ``side`` of ``h``."""
    col = h.col + SIDE_STEPS[side][0]
    z = h.row - (h.col - (h.col & 1)) // 2 + SIDE_STEPS[side][1]
    return Hex(col, z + (col - (col & 1)) // 2)


def wall_block(t: Trace, a: Hex, b: Hex, wall: str) -> str:
    """Why an obstacle hexside between ``a`` and ``b`` blocks the thread, or "": a wall or hedge
    is a Half-Level obstacle, bocage a Level-1 one that also casts blind hexes (B9.2, B9.5; as a
    hex obstacle in the hex beside it nearer the higher end, A6.4); a cliff is no obstacle."""
    facts = load_json("data", "los.json")["hexsides"][wall]
    if facts.get("cliff"):
        return ""
    los = t.los
    top = 2 * (max(los.level(a), los.level(b)) + facts["height"]) + (1 if facts["half_level"] else 0)
    high, low = t.high, t.low
    names = "/".join(sorted((los.grid.name(a), los.grid.name(b))))
    what = f"the {wall} on hexside {names}"
    if top > high:
        size = "Half-Level" if facts["half_level"] else f"Level-{facts['height']}"
        return f"{what} is a {size} obstacle higher than both ends ({facts['rule']})"
    if top == high and top > low:
        return f"{what} is as high as the higher end, which needs a height advantage (A6.2, {facts['rule']})"
    if low + 2 <= top < high and (why := _blind_behind(t, a, b, top, crest=False)):
        return f"{why} {what} (A6.4, {facts['rule']})"
    return ""


def cliff_block(t: Trace, h: Hex, other: Hex) -> str:
    """A6.4, B11: a thread crossing a cliff hexside down from the higher end's side, toward the
    lower end: the cliff casts blind hexes as an obstacle of its top's height would, without the
    one fewer of a crest line."""
    los = t.los
    upper, lower = (h, other) if t.es > t.et else (other, h)
    top = 2 * los.level(upper)
    if los.level(upper) <= los.level(lower) or not t.low + 2 <= top < t.high:
        return ""
    why = _blind_behind(t, h, other, top, crest=False)
    names = "/".join(sorted((los.grid.name(h), los.grid.name(other))))
    return f"{why} the cliff on hexside {names} (A6.4, B11)" if why else ""


def _blind_behind(t: Trace, a: Hex, b: Hex, top: int, crest: bool) -> str:
    """Whether the lower end is a blind hex behind an obstacle on the hexside between ``a`` and
    ``b``, counted as if in the one of them nearer the higher end (A6.4): "<end> is a blind hex
    behind", or ""."""
    high_end, low_end = (t.source, t.target) if t.es > t.et else (t.target, t.source)
    at = a if distance(high_end, a) <= distance(high_end, b) else b
    if not blind(t.high, t.low, top, distance(high_end, at), distance(at, low_end), crest):
        return ""
    return f"{t.los.grid.name(low_end)} is a blind hex behind"


def vertex_block(t: Trace, sides: tuple[Any, ...]) -> tuple[Hex, str] | None:
    """A thread through a vertex crosses the wall/hedge there only when walls meet it from both
    sides (B9.1, B9.2; a wall that ends at the vertex, or runs on along the thread, is seen from
    one side only); hexsides of either end's hex never count."""
    found: dict[int, tuple[Hex, Hex, str]] = {}
    for dx, dz, side, where, *_ in sides:
        if where == 0:
            continue
        h = t.hex_at(dx, dz)
        wall = (t.los.hexsides.get(h) or NO_WALLS)[side]
        if wall is None or wall == "cliff":  # a cliff is no obstacle to meet at a vertex
            continue
        other = step(h, side)
        if {h, other} & {t.source, t.target} or other not in t.los.grid:
            continue
        found[where] = (h, other, wall)
    if len(found) == 2:
        a, b, wall = found[-1]
        why = wall_block(t, a, b, wall)
        if why:
            return a, why
    return None
