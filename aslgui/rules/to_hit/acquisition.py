"""Acquisition (TH Case N, C6) carried from shot to shot: a committed shot records the target it
acquired and the level the firer's next shot at it takes (``acquired``), and a ``fire`` naming no
``acquisition`` takes that level.  The C3 EX counts it: -1 on the second shot at an unchanged
target, -2 on the third and after; a Deliberate Immobilization attempt gains it without using it
(C5.71).  C6, where Acquisition is gained and lost in full, is not in the rules folder: it is
read as kept while the firer fires at that target, and lost when it fires at another, or when
the firer or its target moves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aslgui.geometry import Hex
from aslgui.model import Unit
from aslgui.rules.actions import Action
from aslgui.rules.resolution import reason

#: The unit key of a Gun's or vehicle's Acquisition: ``{target: level}``, the target a unit id, or a
#: hex name for the Area Target Type, the level what its next shot there takes (1 or 2).
ACQUIRED = "acquired"
#: The highest Acquisition level (the C3 EX's -2).
MOST = 2


def acquired_target(target_type: Any, target: Any, target_hex: Any) -> str | None:
    """What a shot acquires: the unit it aims at, or the hex it attacks with the Area Target Type
    (or names no unit in); None for a shot that names neither."""
    found = target_hex if target_type == "area" else target or target_hex
    return found if isinstance(found, str) else None


def _answer_target(values: Mapping[str, Any]) -> str | None:
    return acquired_target(values.get("target_type"), values.get("target"), values.get("target_hex"))


def recorded_acquisition(firer: Unit, target: str | None) -> int:
    """The level the firer's committed shots at ``target`` gained, 0 when none did."""
    found = (firer.extra.get(ACQUIRED) or {}).get(target)
    return found if type(found) is int else 0


def shot_acquisition(action: Action, firer: Unit, target: Unit | None, target_hex: Hex, target_type: str) -> int:
    """A shot's Acquisition level: its ``acquisition``, else what the firer's shots gained on its target."""
    if action.has("acquisition"):
        return action.integer("acquisition", 0)
    if ACQUIRED not in firer.extra:  # most shots: no hex named for nothing (a batch asks 100,000)
        return 0
    name = action.scenario.grid.name(target_hex)
    return recorded_acquisition(firer, acquired_target(target_type, target.id if target else None, name))


def acquisition_after(firer: Unit, action: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, int] | None:
    """The firer's ``acquired`` after a committed shot: one level more on its target, up to ``MOST``."""
    target = _answer_target(values)
    if target is None:
        return None
    used = action.get("acquisition")
    level = used if type(used) is int else recorded_acquisition(firer, target)
    return {target: min(level + 1, MOST)}


def acquisition_note(firer: Unit, action: Mapping[str, Any], values: Mapping[str, Any]) -> list[str]:
    """The reading a shot took when it named no ``acquisition`` and its firer's shots had acquired
    the target."""
    target = _answer_target(values)
    level = recorded_acquisition(firer, target)
    if "acquisition" in action or not level or action.get("deliberate_immobilization"):  # DI reads none (C5.71)
        return []
    return [reason(f"read: Acquisition {level} on {target}, gained by {firer.id}'s earlier shots at it (acquired): "
                   "-1 on a second shot at an unchanged target, -2 after (C3 EX); kept while it fires at that target, "
                   "lost when it fires at another or either moves (C6 is not in the rules folder)", "C3, C6")]
