"""The whole ``fire`` answer one hex of an odds map stands for (DESIGN.md 12): the window's hover
says it, and tests/rules/test_odds_map.py checks the map against it.  It asks ``resolve``, so it
sits above the dispatcher; the odds map's resolver never needs it."""

from aslgui.geometry import Hex
from aslgui.model import Scenario, Unit
from aslgui.rules.dispatch import resolve
from aslgui.rules.odds_map import fire_action, with_target
from aslgui.rules.resolution import Resolution


def fire_at(scenario: Scenario, firer: Unit, target: Unit, target_type: str, phase: str, h: Hex) -> Resolution:
    """The ``fire`` answer an odds map's hex stands for: ``target`` placed in ``h``, shot at."""
    placed = target._replace(hex=h)
    return resolve(with_target(scenario, placed), fire_action(firer, placed, target_type, phase))
