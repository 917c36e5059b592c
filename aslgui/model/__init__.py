"""The situation: units, terrain, phase; the scenario file. No Qt."""

from aslgui.model.scenario import (
    PHASES,
    Scenario,
    load_scenario,
    save_scenario,
    scenario_from_json,
    scenario_to_json,
)
from aslgui.model.units import INFANTRY_KINDS, MachineGun, MainArmament, Unit

__all__ = [
    "INFANTRY_KINDS",
    "PHASES",
    "MachineGun",
    "MainArmament",
    "Scenario",
    "Unit",
    "load_scenario",
    "save_scenario",
    "scenario_from_json",
    "scenario_to_json",
]
