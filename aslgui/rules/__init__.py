"""The rules core: an action and a scenario in, a Resolution out. No Qt, no shapely.

Each rules area registers its action kinds in ``RESOLVERS`` with the action keys each reads;
``resolve`` refuses any other key (DESIGN.md section 9) and is the one entry
point for the CLI, the GUI and the tests.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any, NamedTuple

from aslgui.errors import AslError, shown
from aslgui.model import Scenario
from aslgui.model.scenario import OffBoardError
from aslgui.rules.actions import COMMON_KEYS, Action, action_kind
from aslgui.rules.odds import odds_values
from aslgui.rules.resolution import DrmLine, Resolution

Resolver = Callable[[Action], Resolution]


class ActionKind(NamedTuple):
    """Where an action kind is answered (``module:function``, imported on first use so that
    ``aslgui resolve`` loads only the rules area it is asked about), and every action key its
    resolver reads besides ``COMMON_KEYS``: any other key is refused (DESIGN.md section 9)."""

    resolver: str
    keys: frozenset[str]


def _kind(resolver: str, keys: str) -> ActionKind:
    return ActionKind(resolver, frozenset(keys.split()))


#: Keys shared by the DC attacks on a Location (A23.3, A23.6): who leads, what the DC reaches.
_DC_ATTACK = "unit target_hex leader leadership los target_concealed target_in_bypass target_level vs_afv"
#: Keys shared by the C10 towing and portee actions: who mans the Gun, its CA, MP spent.
_TOWING = "vehicle gun crew ca bypass mp_spent"

#: Action kind -> its resolver and the action keys it reads. A new key or kind is declared here;
#: a resolver reading an undeclared key fails every test that reaches it (``DeclaredKeys``).
RESOLVERS: dict[str, ActionKind] = {
    "ca_hexes": _kind("aslgui.rules.arcs:resolve_ca_hexes", "unit range arc"),
    "hex_info": _kind("aslgui.rules.hex_info:resolve_hex_info", "hex"),
    "los": _kind("aslgui.rules.los:resolve_los", "from to from_level to_level"),
    "fire": _kind(
        "aslgui.rules.to_hit:resolve_fire",
        "firer target target_hex target_type ammo pivot acquisition intensive ovr_prevention deliberate_immobilization"
        " opportunity mp_in_los los_since_mph_start basic_tk entered_from extra_drm effects_drm effects_dr"
        " reaction_fire",
    ),
    "change_ca": _kind("aslgui.rules.change_ca:resolve_change_ca", "unit ca arc"),
    "overrun": _kind(
        "aslgui.rules.overrun:resolve_overrun",
        "vehicle target_hex from_hex target leader leadership passengers mp_spent ft_only bypass reverse pillbox"
        " target_concealed immobilized_before_resolution",
    ),
    "reaction_fire": _kind(
        "aslgui.rules.reaction_fire:resolve_reaction_fire",
        "unit vehicle type weapon fire_counter gun_fire_counter leadership melee overrun unarmed street_fighting"
        " sw_fired vehicle_stopped paatc_exempt paatc_taken paatc_passed ammo extra_drm",
    ),
    "place_dc": _kind(
        "aslgui.rules.demolition:resolve_place_dc",
        f"{_DC_ATTACK} unit_level paatc_passed mf_left placer_after_fire",
    ),
    "throw_dc": _kind(
        "aslgui.rules.demolition:resolve_throw_dc", f"{_DC_ATTACK} thrower_level cavalry opportunity thrower_dice"
    ),
    "set_dc": _kind("aslgui.rules.demolition:resolve_set_dc", "unit leadership us_number"),
    "detonate_dc": _kind("aslgui.rules.demolition:resolve_detonate_dc", "unit hex los ntc_passed target_concealed"),
    "hook_up": _kind("aslgui.rules.towing:resolve_hook_up", f"{_TOWING} crew_loads crew_mf_spent push_stopped"),
    "unhook": _kind("aslgui.rules.towing:resolve_unhook", _TOWING),
    "limber": _kind("aslgui.rules.towing:resolve_limbering", "gun crew ca"),
    "unlimber": _kind("aslgui.rules.towing:resolve_limbering", "gun crew ca"),
    "push": _kind(
        "aslgui.rules.manhandling:resolve_push",
        "gun to_hex pushers crew mf_spent double_time carrying_pp low_ammo paved unhooked_this_turn bypass"
        " assault_move minimum_move wire",
    ),
    "portee_load": _kind("aslgui.rules.towing:resolve_portee", f"{_TOWING} entrenched"),
    "portee_unload": _kind("aslgui.rules.towing:resolve_portee", f"{_TOWING} entrenched"),
    "tow_move": _kind(
        "aslgui.rules.towing:resolve_tow_move", "vehicle to_hex breached bypass deep_stream narrow_street reverse"
    ),
    "trailer_target": _kind(
        "aslgui.rules.towing:resolve_trailer_target", "vehicle facing indirect ordnance missed_by_one"
    ),
}


#: The kinds that roll, whose answers carry ``odds`` (DESIGN.md 10; ``reaction_fire`` when a Gun fires).
ROLLED_KINDS = frozenset({
    "fire", "reaction_fire", "overrun", "place_dc", "throw_dc", "set_dc", "detonate_dc", "push", "trailer_target",
})


def _spec(kind: str) -> ActionKind:
    spec = RESOLVERS.get(kind)
    if spec is None:
        known = ", ".join(sorted(RESOLVERS))
        raise AslError(f"unknown action kind {shown(kind)}; expected one of: {known}", "action.kind")
    return spec


def resolver_for(kind: str) -> Resolver:
    """The resolver function of an action kind (AslError naming ``action.kind`` if unknown)."""
    spec = _spec(kind)
    module, function = spec.resolver.split(":")
    resolver: Resolver = getattr(import_module(module), function)
    return resolver


def resolve(scenario: Scenario, action: dict[str, Any]) -> Resolution:
    """Answer one action about a scenario; AslError (naming ``action.<key>``) for bad input."""
    kind = action_kind(action)
    keys = _spec(kind).keys
    try:
        answer = resolver_for(kind)(Action(action, scenario, keys))
    except OffBoardError as error:
        # A unit in the order of battle is not on the map: nothing it could do there is legal,
        # and nothing is rolled (odds null, as for any illegal rolled action, DESIGN.md 10).
        values = odds_values(None) if kind in ROLLED_KINDS else {}
        answer = Resolution(kind, legal=False, reasons=(f"{error.path}: {error.message}",), values=values)
    if scenario.board_notes:  # boards drawn plain although a board library is set up (DESIGN.md 7)
        notes = [*answer.values.get("notes", ()), *scenario.board_notes]
        answer = answer._replace(values={**answer.values, "notes": notes})
    return answer


def is_legal(scenario: Scenario, action: dict[str, Any]) -> bool:
    """The bool twin of ``resolve`` (python-chess style)."""
    return resolve(scenario, action).legal


__all__ = [
    "COMMON_KEYS", "RESOLVERS", "Action", "ActionKind", "DrmLine", "Resolution", "is_legal", "resolve", "resolver_for",
]
