"""The rules core: an action and a scenario in, a Resolution out. No Qt, no shapely.

Read bottom-up: ``resolution``, ``dice`` and ``odds`` (answers and their odds), ``action_keys``
and ``actions`` (an action checked key by key), ``kinds`` (each action kind's keys); then the
resolvers, one module or package per rules area; then ``dispatch``, whose ``resolve`` is the one
entry point for the CLI, the GUI and the tests (docs/architecture.md).  This package only
gathers those names: no module of it imports the package.
"""

from aslgui.rules.action_keys import COMMON_KEYS
from aslgui.rules.actions import Action
from aslgui.rules.dispatch import is_legal, resolve, resolver_for
from aslgui.rules.kinds import HEX_LIST_ANSWERS, HEX_MAP_KINDS, RESOLVERS, SIDE_RULES, ActionKind
from aslgui.rules.resolution import DrmLine, Resolution

__all__ = [
    "COMMON_KEYS", "HEX_LIST_ANSWERS", "HEX_MAP_KINDS", "RESOLVERS", "SIDE_RULES", "Action", "ActionKind", "DrmLine",
    "Resolution", "is_legal", "resolve", "resolver_for",
]
