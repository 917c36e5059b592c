"""Unit templates for the palette: the basic kinds, every Gun and vehicle of the player's VASL
module (``aslgui.model.counters.module_templates``, placed with its counter's numbers), and the
built-in roster (resources/data/roster.json, read through aslgui.rules.roster), the fallback for a
player without a module."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from aslgui.geometry import SPINE_NAMES, Hex
from aslgui.model import MainArmament, Scenario, Unit
from aslgui.model.counters import CounterTemplate
from aslgui.model.jsonvalues import from_json
from aslgui.model.units import MANNING_KINDS
from aslgui.rules.roster import roster
from aslgui.vasl.vocabulary import ALLIANCES

BASIC, ROSTER = "Basic", "Roster (built in)"


@dataclass(frozen=True)
class Template:
    """A unit waiting for a side, an id and a hex."""

    label: str
    kind: str
    values: dict[str, Any] = field(default_factory=dict)
    #: Where the palette lists it: ``BASIC``, ``ROSTER``, or a nationality of the module.
    group: str = BASIC
    #: A module counter's scenario keys (name, nationality, ``vasl``, its printed values).
    keys: dict[str, Any] | None = None


BASIC_TEMPLATES: tuple[Template, ...] = (
    Template("Squad 4-6-7", "squad", {"name": "4-6-7"}),
    Template("Half-squad 2-4-7", "halfsquad", {"name": "2-4-7"}),
    Template("Crew 2-2-8", "crew", {"name": "2-2-8 crew"}),
    Template("Leader 8-1", "leader", {"name": "8-1"}),
    Template(
        "Gun (37mm AT)", "gun", {"name": "37 AT", "caliber": 37, "mount": "NT", "ca": 3, "rof": 2, "manhandling": 10}
    ),
    Template(
        "Vehicle (turreted AFV)",
        "vehicle",
        {"name": "AFV", "vca": 0, "turret": "T", "tca": 0, "mp": 14, "ma": MainArmament(caliber=37, barrel="L")},
    ),
)


def roster_templates() -> list[Template]:
    """One template per roster entry, its key numbers filled in so the counter shows them."""
    out: list[Template] = []
    for entry in roster().values():
        if entry.kind == "gun":
            values: dict[str, Any] = {
                "caliber": entry.caliber, "barrel": entry.barrel, "mount": entry.mount or "NT", "ca": 3,
                "rof": entry.rof, "breakdown": entry.breakdown, "manhandling": entry.manhandling, "no_if": entry.no_if,
            }
        elif entry.kind == "vehicle":
            values = {
                "vca": 0, "turret": entry.turret, "tca": 0 if entry.turret else None, "mp": entry.mp,
                "towing": entry.towing, "pp": entry.pp, "tracked": entry.tracked, "ct": entry.ct, "gyro": entry.gyro,
                "stabilized": entry.stabilized, "extra": {"type": entry.type},
                "ma": MainArmament(caliber=entry.caliber, barrel=entry.barrel) if entry.caliber is not None else None,
            }
        else:
            continue
        values.update(name=entry.name, nationality=entry.nationality)
        out.append(Template(f"{entry.name} ({entry.nationality})", entry.kind, values, ROSTER))
    return out


def counter_templates(counters: Sequence[CounterTemplate]) -> list[Template]:
    """The module's Guns and vehicles, each under its nationality, in the order given."""
    return [Template(c.label, c.kind, group=c.nationality, keys=c.keys) for c in counters]


def all_templates(counters: Sequence[CounterTemplate] = ()) -> list[Template]:
    """Everything the palette offers: basic kinds first, then the module's counters by nationality,
    then the roster by name."""
    return [*BASIC_TEMPLATES, *counter_templates(counters), *sorted(roster_templates(), key=lambda t: t.label)]


def new_unit_id(scenario: Scenario, kind: str) -> str:
    """A fresh id such as ``g3`` or ``s12`` (first letter of the kind, then a number)."""
    prefix = "hs" if kind == "halfsquad" else kind[0]
    number = 1
    while scenario.has_unit(f"{prefix}{number}"):
        number += 1
    return f"{prefix}{number}"


def unmanned_gun(scenario: Scenario, unit: Unit) -> Unit | None:
    """The Gun a crew or half-squad just placed could man (``MANNING_KINDS``, as an import mans
    them): one of its side in its hex whose crew is not there."""
    if unit.kind not in MANNING_KINDS:
        return None
    here = list(scenario.units_at(unit.hex))
    present = {u.id for u in here}
    return next((g for g in here if g.kind == "gun" and g.side == unit.side and g.crew not in present
                 and g.crew != unit.id), None)


#: A placed Gun or vehicle faces a hexspine, so its CA shows and turns.
_FACING = {"gun": {"ca": SPINE_NAMES[0]}, "vehicle": {"vca": SPINE_NAMES[0]}}


def side_nationality(scenario: Scenario, side: str) -> str:
    """The nationality a new counter of ``side`` takes when its template has none: the commonest of
    the side's units, on the map or off (an imported game's "allied" squads are Russian), else the
    side's own name (the demo's "german"), but none for an alliance (``axis``, ``allied``) without one."""
    found = Counter(u.nationality for u in scenario.units.values() if u.side == side and u.nationality)
    found.update(str(entry["nationality"]) for entry in scenario.off_board.values()
                 if entry.get("side") == side and entry.get("nationality"))
    if found:
        return found.most_common(1)[0][0]
    return "" if side in ALLIANCES else side  # "axis" is no nationality: the unit's colour is then its side's


def make_unit(scenario: Scenario, template: Template, side: str, h: Hex) -> Unit:
    """A new unit of ``side`` from a template, in hex ``h``: a module counter's exactly as its
    keys say (AslError when they do not read), others from their values.

    The side's own colour wins over the roster's nationality only when the template has none.
    """
    unit_id = new_unit_id(scenario, template.kind)
    if template.keys is not None:
        keys = {**_FACING.get(template.kind, {}), **template.keys}
        if template.kind == "vehicle" and keys.get("turret"):
            keys.setdefault("tca", keys["vca"])
        data = {**keys, "id": unit_id, "side": side, "kind": template.kind, "hex": scenario.grid.name(h)}
        placed: Unit = from_json(Unit, data, f"palette counter {template.label!r}", scenario.grid)
        return placed
    values = dict(template.values)
    nationality = values.pop("nationality", None) or side_nationality(scenario, side)
    unit = Unit(id=unit_id, side=side, kind=template.kind, hex=h, nationality=nationality)  # type: ignore[arg-type]
    return unit._replace(**values)
