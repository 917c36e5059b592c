"""The path a drag proposes for a ``move`` (DESIGN.md 13), hex by hex as the pointer passes them
(no Qt): back over a hex of the path cuts it there, back to the start empties it, and a hex the
pointer jumped to is reached by the cheapest way there; and what it costs so far (``preview``).
It asks ``resolve`` (a move's OVR), so it sits above the dispatcher, as ``gestures`` does."""

import heapq
from collections.abc import Callable, Sequence, Set
from typing import Any

from aslgui.geometry import Hex, direction_to, distance, neighbours
from aslgui.model import Scenario, Unit
from aslgui.rules.actions import Action
from aslgui.rules.dispatch import resolve
from aslgui.rules.gestures import Gesture, actor, legal_targets, moves_in_this_mph
from aslgui.rules.kinds import RESOLVERS
from aslgui.rules.move import allotment, answer_move, entry_cost, ovr_target, spent_mp
from aslgui.rules.resolution import Resolution

#: How far around the straight way a jump's cheapest path is looked for (hexes).
DETOUR = 3


def extend(scenario: Scenario, unit: Unit, path: Sequence[Hex], h: Hex) -> list[Hex]:
    """The path once the pointer enters ``h``: unchanged where no way leads there."""
    path = list(path)
    if h == unit.hex:
        return []
    if h in path:
        return path[: path.index(h) + 1]
    last = path[-1] if path else unit.hex
    if direction_to(last, h) is not None:
        return [*path, h]
    return path + cheapest(scenario, unit, last, h, {unit.hex, *path})


def cheapest(scenario: Scenario, unit: Unit, start: Hex, goal: Hex, avoid: Set[Hex] = frozenset()) -> list[Hex]:
    """The hexes entered on the cheapest way from ``start`` to ``goal`` (``goal`` last; of equal
    cost, the fewest hexes), within ``DETOUR`` hexes of the straight way and not through ``avoid``
    (the path so far: going back over it cuts it); the goal may hold enemy units (an OVR, or a
    refusal the answer explains), no hex before it may; [] when there is none."""
    reach = distance(start, goal) + DETOUR
    _, came = _search(scenario, unit, start, goal,
                      lambda h: h not in avoid and distance(start, h) + distance(h, goal) <= reach)
    return _way(came, start, goal)


def _search(scenario: Scenario, unit: Unit, start: Hex, goal: Hex | None, allowed: Callable[[Hex], bool],
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


def _way(came: dict[Hex, Hex], start: Hex, goal: Hex) -> list[Hex]:
    """The hexes entered from ``start`` to ``goal`` along ``came`` ([] when it does not reach it)."""
    if goal not in came:
        return []
    way = [goal]
    while came[way[-1]] != start:
        way.append(came[way[-1]])
    return way[::-1]


def move_gesture(scenario: Scenario, unit: Unit, path: Sequence[Hex], phase: str) -> Gesture:
    """The ``move`` a drag along ``path`` proposes; one ending in an enemy Infantry or Gun hex is
    the OVR from the hex before (D7.1), which the popup rolls for (kind ``overrun``)."""
    names = [scenario.grid.name(h) for h in path]
    action: dict[str, Any] = {"kind": "move", "unit": unit.id, "path": names, "phase": phase}
    who = unit.name or unit.id
    if unit.kind == "vehicle" and ovr_target(scenario, unit, path[-1]):
        return Gesture("overrun", f"Move {who} to {names[-1]} and Overrun it (D7.1)", action)
    return Gesture("move", f"Move {who} to {names[-1]} ({len(names)} hex{'es' if len(names) > 1 else ''})", action)


def preview(scenario: Scenario, unit_id: str, path: Sequence[Hex], phase: str) -> Resolution:
    """The ``move`` answer without its threats: what a drag draws at each hex the pointer enters
    (the steps and their running total, whether it is legal), fast enough for every hex."""
    spec = RESOLVERS["move"]
    question = {"kind": "move", "unit": unit_id, "path": [scenario.grid.name(h) for h in path], "phase": phase}
    return answer_move(Action(question, scenario, spec.keys, spec.required, resolve), with_threats=False)


def drags_path(scenario: Scenario, unit: Unit, phase: str) -> bool:
    """Whether dragging ``unit`` in ``phase`` proposes a ``move``: in the MPh, an ATTACKER's unit
    that moves itself (not a Gun, nor a crew dragging the Gun it mans; DESIGN.md 13) and moves in
    this MPh (``moves_in_this_mph``)."""
    mover = actor(scenario, unit)
    return phase == "MPh" and mover.kind != "gun" and moves_in_this_mph(scenario, mover)


def ovr_legality(scenario: Scenario, unit: Unit, path: Sequence[Hex], phase: str) -> Callable[[Hex], bool | None]:
    """For each hex, whether the OVR a drag along ``path`` on to it proposes is legal (D7.1, from
    the hex before; ``preview``), None where a drop there proposes no OVR. With no path yet (a
    counter picked up), the way to each hex is the cheapest one within the MP left, found in one
    search for the whole map; an OVR hex out of that reach is refused without asking (D2.1)."""
    reached: tuple[dict[Hex, tuple[float, int]], dict[Hex, Hex]] | None = None

    def legal(h: Hex) -> bool | None:
        nonlocal reached
        if unit.kind != "vehicle" or not ovr_target(scenario, unit, h):
            return None
        if path:
            way = extend(scenario, unit, path, h)
        else:
            if reached is None:
                budget, _ = allotment(scenario, unit)
                reached = _search(scenario, unit, unit.hex, None, lambda _h: True, budget - spent_mp(unit))
            best, came = reached
            before = [n for n in neighbours(h) if n in best]
            if not before:
                return False
            way = [*_way(came, unit.hex, min(before, key=lambda n: (best[n], n))), h]
        return preview(scenario, unit.id, way, phase).legal if way and way[-1] == h else None
    return legal


def drag_targets(scenario: Scenario, unit_id: str, path: Sequence[Hex] = (),
                 phase: str | None = None) -> dict[Hex, bool]:
    """``legal_targets`` as a drag of ``unit_id`` along ``path`` (from its hex if empty) would
    mean them: in the MPh an enemy Infantry hex is the OVR the path to it proposes (DESIGN.md 13),
    legal from afar, not the bare ``overrun`` that is legal only from next door. Picked up, the
    way is the cheapest within the MP left (``ovr_legality``); the hex a drag reaches is ringed
    again by its own path (``RehearsalController.ring_drag_target``)."""
    phase = phase or scenario.phase
    unit = scenario.unit(unit_id, "unit")
    moving = ovr_legality(scenario, unit, path, phase) if drags_path(scenario, unit, phase) else None
    return legal_targets(scenario, unit_id, phase, moving)
