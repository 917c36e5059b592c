"""The words action keys take and the keys every action reads (DESIGN.md 3-4, 9), each defined
once for the rules and the GUI, the check that refuses a key no one reads, and the view of an
action's keys that lets its resolver read only those its kind declares (``DeclaredKeys``).  Plain
values: every rules module may import them, this module imports no rules module."""

import re
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from aslgui.errors import AslError, close_spelling, shown
from aslgui.limits import MAX_PATH_HEXES
from aslgui.model.jsonvalues import key_path

# -- the words action keys take (DESIGN.md 4), each defined once for the rules and the GUI ------
TARGET_TYPES = ("vehicle", "infantry", "area")
#: The Target Types of an odds map: a target placed in a hex is a vehicle or Infantry (DESIGN.md 12).
MAP_TARGET_TYPES = ("vehicle", "infantry")
AMMO = ("HE", "AP", "HEAT", "APCR", "APDS", "SMOKE", "WP")
#: How a turreted vehicle brings its target into its arc (C5.11).
PIVOTS = ("tca", "vca")
#: A unit's arcs: a Gun's CA, a vehicle's VCA and TCA (C3.2).
ARC_KEYS = ("ca", "vca", "tca")
REACTION_TYPES = ("cc", "non_cc")
NON_CC_WEAPONS = ("tpbf", "ordnance", "ft", "dc", "mol", "gun")
#: The fire counters a unit can be under, as Reaction Fire reads them (D7.22, D7.23).
FIRE_COUNTERS = ("none", "first", "final", "intensive", "no_fire")
#: What became of a DC placer after Defensive First Fire (A23.3).
PLACER_STATES = ("good_order", "pinned", "broken", "eliminated")
#: A vehicle's status at the end of its move: Stopped, or in Motion (D2.13, C5.35; DESIGN.md 13).
MOVE_ENDS = ("stop", "motion")
#: A trailer's Target Facing (C10.4).
FACINGS = ("front", "side", "rear")
#: Which way a Gun en portee points: the vehicle's VCA or its rear (C10.53).
PORTEE_SIDES = ("vca", "rear")


#: The keys of a ``dice`` object (DESIGN.md 4): the Original DR is their sum.
DIE_KEYS = ("colored", "white")
#: The keys of an ``extra_drm`` line.
DRM_LINE_KEYS = ("value", "label")
#: The largest user-given DRM line either way: the whole DR range (2..12) and then some, so a
#: typo such as ``10**30`` is refused rather than answered as an impossible shot.
DRM_LINE_BOUND = 20
#: The most MP a key counting them takes (``mp_in_los``, ``mp_spent``): past any vehicle's MP.
MAX_MP = 999

#: Keys every kind reads (DESIGN.md sections 3-4): the kind, the phase it is asked in (else the
#: scenario's), and dice: ``dice`` and a subsequent ``dr`` may come with any action.
COMMON_KEYS = frozenset({"kind", "phase", "dice", "dr"})


def action_kind(data: Any) -> str:
    """The ``kind`` of an action object (AslError naming ``action`` / ``action.kind``)."""
    if not isinstance(data, dict):
        raise AslError(f"an action is one JSON object, got {shown(data)}", "action")
    kind = data.get("kind")
    if kind is None:  # absent or null (DESIGN.md 9: a null is an absent key)
        raise AslError('missing required key \'kind\' (an action kind such as "fire")', "action.kind")
    if not isinstance(kind, str):
        raise AslError(f'expected an action kind such as "fire", got {shown(kind)}', "action.kind")
    return kind


def refuse_unknown_keys(data: Mapping[str, Any], known: Collection[str], path: str, what: str) -> None:
    """DESIGN.md section 9: a key of the object at ``path`` (``what`` in words: "a fire action",
    "a dice roll") that is not ``known`` is an error naming it, with the closest known spelling
    (case aside: ``DR`` -> ``dr``), so a typo (``intensiv``) never drops an option silently."""
    for key in data:
        if key not in known:
            close = close_spelling(key, known)
            hint = f"did you mean {close!r}?" if close else f"{what} takes: {', '.join(sorted(known))}"
            raise AslError(f"unknown key {shown(key)} in {what}; {hint}", key_path(path, key))


class UndeclaredActionKey(AssertionError):
    """A resolver read an action key its kind does not declare in ``RESOLVERS``: a bug in the
    program (the key would be refused as unknown on input), never the user's input."""


class DeclaredKeys(Mapping[str, Any]):
    """An action object's keys as its kind's resolver sees them: reading a key the kind does
    not declare fails at once, so the declaration in ``RESOLVERS`` cannot drift from the code."""

    __slots__ = ("_data", "_kind", "_reads")  # made once per question: no instance dict

    def __init__(self, data: dict[str, Any], kind: str, reads: frozenset[str]) -> None:
        self._data = data
        self._kind = kind
        self._reads = reads

    def _declared(self, key: str) -> None:
        if key not in self._reads:
            raise UndeclaredActionKey(f"the {self._kind!r} resolver reads {key!r}: declare it in rules.RESOLVERS")

    def __getitem__(self, key: str) -> Any:
        self._declared(key)
        return self._data[key]

    # ``get`` and ``in`` without Mapping's KeyError round trip: resolvers ask for many absent
    # optional keys, and one fire resolution must stay well under a millisecond.
    def get(self, key: str, default: Any = None) -> Any:
        if key not in self._reads:
            self._declared(key)
        return self._data.get(key, default)

    def __contains__(self, key: object) -> bool:
        if key not in self._reads:
            self._declared(str(key))
        return key in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


_HEX_NAME = re.compile(r"^[0-9A-Za-z]*?[A-Za-z]{1,2}[0-9]{1,3}$")


def hex_names(raw: Any, path: str) -> list[str]:
    """A move's ``path`` (DESIGN.md 13): a list of hex names, each error naming ``path[i]``; no
    longer than ``MAX_PATH_HEXES``, as no unit moves so far in one MPh."""
    if not isinstance(raw, list) or len(raw) > MAX_PATH_HEXES:
        got = f"{len(raw):,} of them" if isinstance(raw, list) else shown(raw)
        raise AslError(f'expected a list of hex names such as ["4E6", "4F6"], at most {MAX_PATH_HEXES:,} '
                       f"(MAX_PATH_HEXES), got {got}", path)
    for i, name in enumerate(raw):
        if not isinstance(name, str) or not name.isascii() or not _HEX_NAME.match(name.strip()):
            raise AslError(f'expected a hex name such as "4E6", got {shown(name)}', f"{path}[{i}]")
    return raw
