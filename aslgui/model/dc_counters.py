"""Placed and Set DC counters on the map (A23.3, A23.7).

Each is recorded on the unit that Placed or Set it, under its ``placed_dc`` / ``set_dc`` key (a
hex name, docs/contract.md), so it is saved, loaded and undone with that unit; this module lists
them as counters, for the map to draw and for the rules and the GUI to find by hex.
"""

from typing import Literal, NamedTuple

from aslgui.geometry import Hex
from aslgui.model.scenario import Scenario

DcForm = Literal["placed", "set"]
#: The forms of DC counter, and the unit key that records each.
DC_FORMS: tuple[DcForm, ...] = ("placed", "set")
DC_KEYS: dict[str, str] = {"placed": "placed_dc", "set": "set_dc"}


class DcCounter(NamedTuple):
    """One DC lying on the map: who owns it, where, and whether it was Placed or Set."""

    owner: str
    hex: Hex
    form: DcForm


def recorded_dc(scenario: Scenario, unit_id: str, form: DcForm) -> Hex | None:
    """The hex of the DC ``unit_id`` Placed or Set (``form``), if it records one."""
    unit = scenario.units[unit_id]
    key = DC_KEYS[form]
    value = unit.extra.get(key)
    return scenario.grid.parse(value, f"{scenario.unit_path(unit_id)}.{key}") if isinstance(value, str) else None


def dc_counters(scenario: Scenario) -> list[DcCounter]:
    """Every Placed or Set DC on the map, in the order of the units that own them."""
    out: list[DcCounter] = []
    for unit_id in scenario.units:
        for form in DC_FORMS:
            h = recorded_dc(scenario, unit_id, form)
            if h is not None:
                out.append(DcCounter(unit_id, h, form))
    return out
