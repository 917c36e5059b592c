"""The target an odds map places in each hex (DESIGN.md 12): its keys, checked as a unit's are,
and the side it is on.  Apart from ``odds_map`` so that ``actions`` checks an odds map's
``target`` and ``threat_to_side`` keys without importing the resolver."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aslgui.errors import AslError, shown
from aslgui.model import Scenario, Unit
from aslgui.model.jsonvalues import from_json, key_path, to_json
from aslgui.model.units import KeptUnitKeys
from aslgui.rules.action_keys import refuse_unknown_keys

#: The id of the target an odds map places (its answers name no target: ``fire``'s would name this).
TARGET_ID = "odds-map-target"
#: Keys of a target unit the map places itself: where it is, whose it is, who it is.
_PLACED_KEYS = ("id", "hex", "side")
#: The keys a target may be given: a unit's, but those the map sets.
TARGET_KEYS = frozenset((*Unit._fields, *KeptUnitKeys.__annotations__)) - {*_PLACED_KEYS, "extra"}


def enemy_side(scenario: Scenario, side: str) -> str:
    """The side a firer's target is on: the first other side of the file, else ``enemy``."""
    sides = (unit.side for unit in scenario.units.values())
    off = (entry.get("side") for entry in scenario.off_board.values())
    return next((s for s in (*sides, *off) if isinstance(s, str) and s and s != side), "enemy")


def target_unit(scenario: Scenario, side: str, target_type: str, keys: Any, path: str = "action.target") -> Unit:
    """The target an odds map places: a vehicle (an AFV unless its keys say ``afv: false``) for the
    Vehicle Target Type, a squad for the Infantry one, of ``side``, with the keys a target unit
    would have (``{"size": -1, "bu": true}``); AslError naming ``path.<key>`` for a bad one."""
    if keys is None:
        keys = {}
    if not isinstance(keys, Mapping):
        raise AslError(f'expected an object of target unit keys such as {{"size": -1}}, got {shown(keys)}', path)
    placed = next((key for key in _PLACED_KEYS if key in keys), None)
    if placed is not None:
        raise AslError(f"the map places its target in each hex, for the side the firers shoot at: a target takes no "
                       f"{shown(placed)}", key_path(path, placed))
    refuse_unknown_keys(keys, sorted(TARGET_KEYS), path, "a target")
    keys = {key: value for key, value in keys.items() if value is not None}  # null: an absent key, as everywhere
    kind = "vehicle" if target_type == "vehicle" else "squad"
    name = "target AFV" if kind == "vehicle" else "target squad"
    origin = scenario.grid.name(scenario.grid.all_hexes[0])
    data = {"kind": kind, "name": name, **keys, "id": TARGET_ID, "side": side, "hex": origin}
    unit: Unit = from_json(Unit, data, path, scenario.grid)
    return unit


def keys_of(unit: Unit, scenario: Scenario) -> dict[str, Any]:
    """A unit's own keys as an odds map's ``target``: the player's vehicle as the enemy's target."""
    return {key: value for key, value in to_json(unit, scenario.grid).items() if key in TARGET_KEYS}


def file_sides(scenario: Scenario) -> list[str]:
    """The sides of the file's units, on the map and in the order of battle, sorted."""
    return sorted({u.side for u in scenario.units.values()} | {
        s for s in (e.get("side") for e in scenario.off_board.values()) if isinstance(s, str)})


def threatened_side(scenario: Scenario, side: Any) -> str:
    """The ``threat_to_side`` key's domain: a side's name. It need have no unit in the file yet
    (planning a set-up: DESIGN.md 12); every other side's Guns and vehicles are its threat."""
    if not isinstance(side, str) or not side.strip():
        sides = file_sides(scenario)
        raise AslError(f"expected a side's name such as {', '.join(map(repr, sides)) or repr('axis')}, "
                       f"got {shown(side)}", "action.threat_to_side")
    return side


def _alliance(side: str) -> str | None:
    """``axis`` or ``allied`` for those words and for a nationality of VASL's (DESIGN.md 11), else None."""
    from aslgui.vasl.vocabulary import ALLIANCES, KNOWN_NATIONALITIES, side_of  # loaded when asked (issue 30)

    side = side.strip().lower()
    if side in ALLIANCES:
        return side
    return side_of(side) if side in KNOWN_NATIONALITIES else None


def sides_named(scenario: Scenario, side: str) -> tuple[str, ...]:
    """The file's sides a ``threat_to_side`` names, in any case and spaces aside: itself when the file
    has it, else the nationalities of an alliance it names or the alliance of a nationality it
    names, so ``axis`` is the German side of a file whose sides are nationalities (the demo's) and
    ``german`` the ``axis`` side of an import (DESIGN.md 11); none when no side of the file is (a
    side yet to set up)."""
    sides = file_sides(scenario)
    side = side.strip().lower()  # as the file names it or not: "AXIS", " German "
    if same := tuple(s for s in sides if s.strip().lower() == side):
        return same
    wanted = _alliance(side)
    if wanted is None:
        return ()
    # "axis" names the file's Axis nationalities, a nationality the file's "axis": never one nationality another
    return tuple(s for s in sides if _alliance(s) == wanted and (s.strip().lower() == wanted) != (side == wanted))


def check_target(scenario: Scenario, keys: Any, key: str) -> Unit:
    """The ``target`` key's domain: the keys of a target unit, checked as a unit's are."""
    return target_unit(scenario, "enemy", "vehicle", keys, key_path("action", key))
