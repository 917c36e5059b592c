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
from aslgui.rules.resolution import DrmLine, Resolution

Resolver = Callable[[Action], Resolution]

#: Action kind -> resolver. Kinds of DESIGN.md section 4 not listed here are not built yet.
RESOLVERS: dict[str, Resolver] = {
    "ca_hexes": resolve_ca_hexes,
}
PLANNED_KINDS = (
    "fire",
    "change_ca",
    "overrun",
    "place_dc",
    "throw_dc",
    "set_dc",
    "detonate_dc",
    "hook_up",
    "unhook",
    "limber",
    "unlimber",
    "push",
    "portee_load",
    "portee_unload",
)


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
