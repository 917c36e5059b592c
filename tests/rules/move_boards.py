"""Small boards for the ``move`` tests (DESIGN.md 13), built here so the tests always run."""

from __future__ import annotations

from typing import Any

from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.apply import unit_changes

#: A German tank (14 MP, VCA N/NE) and a squad on board 4; a Russian 57LL AT Gun with its crew
#: and a Russian squad in 4H5's woods, facing them.
UNITS: dict[str, dict[str, Any]] = {
    "t1": {"side": "german", "kind": "vehicle", "name": "PzKpfw IVH", "hex": "4E6", "vca": "N/NE", "mp": 14,
           "afv": True, "turret": "T", "tca": "N/NE", "ma": {"caliber": 75, "barrel": "L", "kind": "gun"},
           "mgs": [{"fp": 5, "mount": "CMG"}, {"fp": 6, "mount": "BMG"}]},
    "s1": {"side": "german", "kind": "squad", "name": "4-6-7", "hex": "4C6"},
    "l1": {"side": "german", "kind": "leader", "name": "8-1", "hex": "4C7"},
    "g1": {"side": "russian", "kind": "gun", "name": "57LL AT", "hex": "4K3", "ca": "SW/NW", "caliber": 57,
           "barrel": "LL", "mount": "NT", "crew": "c1"},
    "c1": {"side": "russian", "kind": "crew", "name": "2-2-8", "hex": "4K3"},
    "r1": {"side": "russian", "kind": "squad", "name": "4-4-7", "hex": "4H5"},
}


#: The board's terrain with woods in 4G5, which hide the tank's start in 4E6 from the Gun in 4K3 but
#: not 4E5: its LOS to the Gun begins with its move (C5.32, not C5.33).
HIDDEN_START = {"4H5": "woods", "4E8": "woods", "4F8": "marsh", "4G5": "woods"}


def board(units: dict[str, dict[str, Any]] | None = None, extra_units: dict[str, dict[str, Any]] | None = None,
          **top: Any) -> Scenario:
    """The board with unit keys changed (a key set to None is removed), more units, top keys."""
    data: dict[str, Any] = {"format": "aslgui-scenario", "version": 1, "boards": [{"id": "4", "col": 0, "row": 0}],
                            "terrain": {"4H5": "woods", "4E8": "woods", "4F8": "marsh"},
                            "phase": "MPh", "turn": 1, "player": "german"}
    data.update(top)
    listed = []
    for uid, keys in {**UNITS, **(extra_units or {})}.items():
        unit = {"id": uid, "nationality": keys.get("side", ""), **keys, **(units or {}).get(uid, {})}
        listed.append({k: v for k, v in unit.items() if v is not None})
    data["units"] = listed
    return scenario_from_json(data)


def played(scenario: Scenario, action: dict[str, Any]) -> Scenario:
    """The scenario after Commit of a legal action (as the GUI applies it, ``unit_changes``)."""
    answer = resolve(scenario, action)
    assert answer.legal, answer.reasons
    for unit in unit_changes(scenario, action, answer):
        scenario.units[unit.id] = unit
    return scenario


def move(scenario: Scenario, unit: str = "t1", *path: str, **keys: Any) -> dict[str, Any]:
    """The ``move`` answer, as JSON."""
    return resolve(scenario, {"kind": "move", "unit": unit, "path": list(path), **keys}).to_json()


def costs(answer: dict[str, Any]) -> list[tuple[str, float, float]]:
    """Each step's hex, cost and running total."""
    return [(step["hex"], step.get("mp", step.get("mf")), step["total"]) for step in answer["steps"]]
