"""Support weapons no unit holds: the scenario's ``support_weapons`` (a VASL import writes them, the
contract's format 1 keeps them), each lying on a hex or, with ``"hex": null``, in the order of
battle, until a player gives it to a unit (A4.4: possession); then it is the unit's ``dc`` (a DC,
A23) or a name in its ``sw`` list, as the import gives a SW stacked with Infantry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aslgui.model.scenario import Scenario
from aslgui.model.units import INFANTRY_KINDS, Unit

SUPPORT_WEAPONS = "support_weapons"


def loose_weapons(scenario: Scenario) -> list[dict[str, Any]]:
    """The support weapons no unit holds, each a JSON object with a text ``id`` and ``name`` (an
    entry of another shape, kept in the file as read, is not offered)."""
    entries = scenario.extra.get(SUPPORT_WEAPONS)
    if not isinstance(entries, list):
        return []
    return [entry for entry in entries if isinstance(entry, dict) and isinstance(entry.get("id"), str)
            and isinstance(entry.get("name"), str) and entry["name"].strip()]


def loose_weapon(scenario: Scenario, weapon_id: str) -> dict[str, Any] | None:
    return next((entry for entry in loose_weapons(scenario) if entry["id"] == weapon_id), None)


def can_take(unit: Unit, weapon: Mapping[str, Any]) -> bool:
    """Infantry takes a SW (A4.4); a DC only when it holds none yet (``dc`` is one DC)."""
    return unit.kind in INFANTRY_KINDS and not (weapon["name"] == "DC" and unit.dc)


def given(unit: Unit, weapon: Mapping[str, Any]) -> Unit:
    """``unit`` holding ``weapon``: a DC as ``dc`` (``"captured"`` from the other side, A23), any
    other SW as a name in its ``sw`` list, its state words after it (``LMG (broken)``)."""
    side = weapon.get("side")
    captured = isinstance(side, str) and side not in ("", "unknown", unit.side)
    if weapon["name"] == "DC":
        return unit._replace(dc="captured" if captured else True)
    words = [str(w) for w in weapon.get("state") or () if isinstance(w, str)]
    listed = unit.extra.get("sw")
    held = [*(listed if isinstance(listed, list) else ()), weapon["name"] + (f" ({', '.join(words)})" if words else "")]
    return unit._replace(extra={**unit.extra, "sw": held})


def without(scenario: Scenario, weapon_id: str) -> list[Any]:
    """The scenario's ``support_weapons`` without the one of ``weapon_id`` (other entries kept as read)."""
    entries = scenario.extra.get(SUPPORT_WEAPONS)
    kept = entries if isinstance(entries, list) else []
    return [entry for entry in kept if not (isinstance(entry, dict) and entry.get("id") == weapon_id)]
