"""The cheapest way a unit moves from one hex to another (DESIGN.md 13): what a drag proposes for
a hex the pointer jumped to, and the way a vehicle takes to a Gun it is dropped on to hook up (no
Qt, and below ``gestures``, which asks it)."""

import heapq
from collections.abc import Callable, Set

from aslgui.geometry import Hex, distance, neighbours
from aslgui.model import Scenario, Unit
from aslgui.rules.move import entry_cost

#: How far around the straight way a jump's cheapest path is looked for (hexes).
DETOUR = 3


def cheapest(scenario: Scenario, unit: Unit, start: Hex, goal: Hex, avoid: Set[Hex] = frozenset()) -> list[Hex]:
    """The hexes entered on the cheapest way from ``start`` to ``goal`` (``goal`` last; of equal
    cost, the fewest hexes), within ``DETOUR`` hexes of the straight way and not through ``avoid``
    (the path so far: going back over it cuts it); the goal may hold enemy units (an OVR, or a
    refusal the answer explains), no hex before it may; [] when there is none."""
    reach = distance(start, goal) + DETOUR
    _, came = cheapest_ways(scenario, unit, start, goal,
                      lambda h: h not in avoid and distance(start, h) + distance(h, goal) <= reach)
    return way_along(came, start, goal)


def cheapest_ways(scenario: Scenario, unit: Unit, start: Hex, goal: Hex | None, allowed: Callable[[Hex], bool],
            budget: float = float("inf")) -> tuple[dict[Hex, tuple[float, int]], dict[Hex, Hex]]:
    """Cheapest ways from ``start`` (of equal cost, the fewest hexes) through the ``allowed`` hexes
    on the map, up to ``goal`` or, without one, to every hex within ``budget``: each hex reached
    with its (cost, hexes) and the hex it is entered from."""
    best: dict[Hex, tuple[float, int]] = {start: (0.0, 0)}
    came: dict[Hex, Hex] = {}
    queue: list[tuple[float, int, Hex]] = [(0.0, 0, start)]
    while queue:
        spent, hexes, here = heapq.heappop(queue)
        if here == goal:
            break
        if (spent, hexes) > best[here]:
            continue
        for nxt in neighbours(here):
            if nxt not in scenario.grid or not allowed(nxt):
                continue
            cost = entry_cost(scenario, unit, here, nxt)
            if cost is None and nxt == goal:
                cost = 1.0  # the hex let go on: the answer says what entering it costs, or why not
            if cost is None or spent + cost > budget:
                continue
            found = (spent + cost, hexes + 1)
            if found < best.get(nxt, (float("inf"), 0)):
                best[nxt], came[nxt] = found, here
                heapq.heappush(queue, (*found, nxt))
    return best, came


def way_along(came: dict[Hex, Hex], start: Hex, goal: Hex) -> list[Hex]:
    """The hexes entered from ``start`` to ``goal`` along ``came`` ([] when it does not reach it)."""
    if goal not in came:
        return []
    way = [goal]
    while came[way[-1]] != start:
        way.append(came[way[-1]])
    return way[::-1]
