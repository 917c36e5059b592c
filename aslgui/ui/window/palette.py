"""Unit templates for the palette: the basic kinds, plus every Gun and AFV of the roster
(resources/data/roster.json, read through aslgui.rules.roster)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from aslgui.geometry import Hex
from aslgui.model import MainArmament, Scenario, Unit
from aslgui.rules.roster import roster


@dataclass(frozen=True)
class Template:
    """A unit waiting for a side, an id and a hex."""

    label: str
    kind: str
    values: dict[str, Any] = field(default_factory=dict)


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
                "towing": entry.towing, "pp": entry.pp, "tracked": entry.tracked, "gyro": entry.gyro,
                "stabilized": entry.stabilized, "extra": {"type": entry.type},
                "ma": MainArmament(caliber=entry.caliber, barrel=entry.barrel) if entry.caliber is not None else None,
            }
        else:
            continue
        values.update(name=entry.name, nationality=entry.nationality)
        out.append(Template(f"{entry.name} ({entry.nationality})", entry.kind, values))
    return out


def all_templates() -> list[Template]:
    """Everything the palette offers: basic kinds first, then the roster by name."""
    return [*BASIC_TEMPLATES, *sorted(roster_templates(), key=lambda t: t.label)]


def new_unit_id(scenario: Scenario, kind: str) -> str:
    """A fresh id such as ``g3`` or ``s12`` (first letter of the kind, then a number)."""
    prefix = "hs" if kind == "halfsquad" else kind[0]
    number = 1
    while scenario.has_unit(f"{prefix}{number}"):
        number += 1
    return f"{prefix}{number}"


def make_unit(scenario: Scenario, template: Template, side: str, h: Hex) -> Unit:
    """A new unit of ``side`` from a template, in hex ``h``.

    The side's own colour wins over the roster's nationality only when the template has none.
    """
    values = dict(template.values)
    nationality = values.pop("nationality", None) or side
    unit = Unit(id=new_unit_id(scenario, template.kind), side=side, kind=template.kind, hex=h, nationality=nationality)  # type: ignore[arg-type]
    return unit._replace(**values)
