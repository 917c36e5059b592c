"""The rules core: an action and a scenario in, a Resolution out. No Qt, no shapely.

Each rules area registers its action kinds in ``RESOLVERS``; ``resolve`` is the one entry
point for the CLI, the GUI and the tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aslgui.errors import AslError
from aslgui.model import Scenario
from aslgui.rules.actions import Action
from aslgui.rules.arcs import resolve_ca_hexes
from aslgui.rules.change_ca import resolve_change_ca
from aslgui.rules.demolition import resolve_detonate_dc, resolve_place_dc, resolve_set_dc, resolve_throw_dc
from aslgui.rules.manhandling import resolve_push
from aslgui.rules.overrun import resolve_overrun
from aslgui.rules.reaction_fire import resolve_reaction_fire
from aslgui.rules.resolution import DrmLine, Resolution
from aslgui.rules.to_hit import resolve_fire
from aslgui.rules.towing import (
    resolve_hook_up,
    resolve_limbering,
    resolve_portee,
    resolve_tow_move,
    resolve_trailer_target,
    resolve_unhook,
)

Resolver = Callable[[Action], Resolution]

#: Action kind -> resolver. Kinds of DESIGN.md section 4 not listed here are not built yet.
RESOLVERS: dict[str, Resolver] = {
    "ca_hexes": resolve_ca_hexes,
    "fire": resolve_fire,
    "change_ca": resolve_change_ca,
    "overrun": resolve_overrun,
    "reaction_fire": resolve_reaction_fire,
    "place_dc": resolve_place_dc,
    "throw_dc": resolve_throw_dc,
    "set_dc": resolve_set_dc,
    "detonate_dc": resolve_detonate_dc,
    "hook_up": resolve_hook_up,
    "unhook": resolve_unhook,
    "limber": resolve_limbering,
    "unlimber": resolve_limbering,
    "push": resolve_push,
    "portee_load": resolve_portee,
    "portee_unload": resolve_portee,
    "tow_move": resolve_tow_move,
    "trailer_target": resolve_trailer_target,
}
PLANNED_KINDS: tuple[str, ...] = ()


def resolve(scenario: Scenario, action: dict[str, Any]) -> Resolution:
    """Answer one action about a scenario; AslError (naming ``action.<key>``) for bad input."""
    checked = Action(action, scenario)
    resolver = RESOLVERS.get(checked.kind)
    if resolver is None:
        if checked.kind in PLANNED_KINDS:
            raise AslError(f"action kind {checked.kind!r} is not implemented yet", "action.kind")
        kinds = ", ".join(sorted(set(RESOLVERS) | set(PLANNED_KINDS)))
        raise AslError(f"unknown action kind {checked.kind!r}; expected one of: {kinds}", "action.kind")
    return resolver(checked)


def is_legal(scenario: Scenario, action: dict[str, Any]) -> bool:
    """The bool twin of ``resolve`` (python-chess style)."""
    return resolve(scenario, action).legal


__all__ = ["RESOLVERS", "Action", "DrmLine", "Resolution", "is_legal", "resolve"]
