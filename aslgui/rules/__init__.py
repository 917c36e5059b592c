"""The rules core: an action and a scenario in, a Resolution out. No Qt, no shapely.

Each rules area registers its action kinds in ``RESOLVERS``; ``resolve`` is the one entry
point for the CLI, the GUI and the tests.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from aslgui.errors import AslError
from aslgui.model import Scenario
from aslgui.rules.actions import Action
from aslgui.rules.resolution import DrmLine, Resolution

Resolver = Callable[[Action], Resolution]

#: Action kind -> ``module:function`` of its resolver, imported on first use so that
#: ``aslgui resolve`` loads only the rules area it is asked about (start-up time, issue 8).
RESOLVERS: dict[str, str] = {
    "ca_hexes": "aslgui.rules.arcs:resolve_ca_hexes",
    "fire": "aslgui.rules.to_hit:resolve_fire",
    "change_ca": "aslgui.rules.change_ca:resolve_change_ca",
    "overrun": "aslgui.rules.overrun:resolve_overrun",
    "reaction_fire": "aslgui.rules.reaction_fire:resolve_reaction_fire",
    "place_dc": "aslgui.rules.demolition:resolve_place_dc",
    "throw_dc": "aslgui.rules.demolition:resolve_throw_dc",
    "set_dc": "aslgui.rules.demolition:resolve_set_dc",
    "detonate_dc": "aslgui.rules.demolition:resolve_detonate_dc",
    "hook_up": "aslgui.rules.towing:resolve_hook_up",
    "unhook": "aslgui.rules.towing:resolve_unhook",
    "limber": "aslgui.rules.towing:resolve_limbering",
    "unlimber": "aslgui.rules.towing:resolve_limbering",
    "push": "aslgui.rules.manhandling:resolve_push",
    "portee_load": "aslgui.rules.towing:resolve_portee",
    "portee_unload": "aslgui.rules.towing:resolve_portee",
    "tow_move": "aslgui.rules.towing:resolve_tow_move",
    "trailer_target": "aslgui.rules.towing:resolve_trailer_target",
}


def resolver_for(kind: str) -> Resolver:
    """The resolver function of an action kind (AslError naming ``action.kind`` if unknown)."""
    target = RESOLVERS.get(kind)
    if target is None:
        raise AslError(f"unknown action kind {kind!r}; expected one of: {', '.join(sorted(RESOLVERS))}", "action.kind")
    module, function = target.split(":")
    resolver: Resolver = getattr(import_module(module), function)
    return resolver


def resolve(scenario: Scenario, action: dict[str, Any]) -> Resolution:
    """Answer one action about a scenario; AslError (naming ``action.<key>``) for bad input."""
    checked = Action(action, scenario)
    return resolver_for(checked.kind)(checked)


def is_legal(scenario: Scenario, action: dict[str, Any]) -> bool:
    """The bool twin of ``resolve`` (python-chess style)."""
    return resolve(scenario, action).legal


__all__ = ["RESOLVERS", "Action", "DrmLine", "Resolution", "is_legal", "resolve", "resolver_for"]
