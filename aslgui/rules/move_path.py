"""The path a drag proposes for a ``move`` (DESIGN.md 13), hex by hex as the pointer passes them
(no Qt): back over a hex of the path cuts it there, back to the start empties it, and a hex the
pointer jumped to is reached by the cheapest way there; and what it costs so far (``preview``).
It asks ``resolve`` (a move's OVR), so it sits above the dispatcher, as ``gestures`` does."""

from collections.abc import Callable, Sequence
from typing import Any

from aslgui.geometry import Hex, direction_to, neighbours
from aslgui.model import Scenario, Unit
from aslgui.rules.actions import Action
from aslgui.rules.dispatch import resolve
from aslgui.rules.gestures import Gesture, actor, legal_targets, moves_in_this_mph
from aslgui.rules.kinds import RESOLVERS
from aslgui.rules.move import answer_move, ovr_target
from aslgui.rules.move_search import cheapest, cheapest_ways, way_along
from aslgui.rules.resolution import Resolution
from aslgui.rules.towing import allotment, spent_mp


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
                reached = cheapest_ways(scenario, unit, unit.hex, None, lambda _h: True, budget - spent_mp(unit))
            best, came = reached
            before = [n for n in neighbours(h) if n in best]
            if not before:
                return False
            way = [*way_along(came, unit.hex, min(before, key=lambda n: (best[n], n))), h]
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
