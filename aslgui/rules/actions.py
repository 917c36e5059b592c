"""Reading an action object (DESIGN.md section 4) with errors that name ``action.<key>``."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, TypeVar

from aslgui.errors import AslError, cut, shown
from aslgui.geometry import Hex
from aslgui.model import PHASES, Scenario, Unit
from aslgui.model.jsonvalues import refuse_non_finite
from aslgui.rules.dice import DiceRoll

T = TypeVar("T")

#: Fire phases by owner (A3): the ATTACKER's PFPh and AFPh, the DEFENDER's DFPh.
ATTACKER_FIRE_PHASES = ("PFPh", "AFPh")
DEFENDER_FIRE_PHASES = ("DFPh",)
#: Every fire phase, in Player Turn order.
FIRE_PHASES = ("PFPh", "DFPh", "AFPh")
#: Where ordnance fires: the fire phases and the MPh (Defensive First Fire, a moving vehicle's
#: Bounding First Fire; A3, D3.3).
ORDNANCE_PHASES = ("PFPh", "MPh", "DFPh", "AFPh")


#: Keys every kind reads (DESIGN.md sections 3-4): the kind, the phase it is asked in (else the
#: scenario's), and dice: ``dice`` and a subsequent ``dr`` may come with any action.
COMMON_KEYS = frozenset({"kind", "phase", "dice", "dr"})


class UndeclaredActionKey(AssertionError):
    """A resolver read an action key its kind does not declare in ``RESOLVERS``: a bug in the
    program (the key would be refused as unknown on input), never the user's input."""


class DeclaredKeys(Mapping[str, Any]):
    """An action object's keys as its kind's resolver sees them: reading a key the kind does
    not declare fails at once, so the declaration in ``RESOLVERS`` cannot drift from the code."""

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
        self._declared(key)
        return self._data.get(key, default)

    def __contains__(self, key: object) -> bool:
        self._declared(str(key))
        return key in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


def action_kind(data: Any) -> str:
    """The ``kind`` of an action object (AslError naming ``action`` / ``action.kind``)."""
    if not isinstance(data, dict):
        raise AslError(f"an action is one JSON object, got {shown(data)}", "action")
    kind = data.get("kind")
    if not isinstance(kind, str):
        raise AslError(f'expected an action kind such as "fire", got {shown(kind)}', "action.kind")
    return kind


def refuse_unknown_keys(data: dict[str, Any], kind: str, reads: frozenset[str]) -> None:
    """DESIGN.md section 9: a key no part of this kind reads is an error naming it, with the
    closest valid spelling, so a typo (``intensiv``) never drops an option silently."""
    for key in data:
        if key not in reads:
            from difflib import get_close_matches  # only on the error path: resolve starts fast

            close = get_close_matches(key, sorted(reads), n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else f"; {kind} reads: {', '.join(sorted(reads))}"
            raise AslError(f"unknown key {shown(key)} for a {kind} action{hint}", f"action.{cut(key)}")


class Action:
    """An action object checked key by key against the scenario it is asked about.

    ``reads`` are the keys its kind declares (``RESOLVERS``, plus ``COMMON_KEYS``): any other
    key is refused here, and the resolver can read no other (``DeclaredKeys``).
    """

    def __init__(self, data: Any, scenario: Scenario, reads: frozenset[str]) -> None:
        self.kind: str = action_kind(data)
        reads = reads | COMMON_KEYS
        refuse_unknown_keys(data, self.kind, reads)
        refuse_non_finite(data, "action")
        self.data: Mapping[str, Any] = DeclaredKeys(data, self.kind, reads)
        self.scenario = scenario

    def _path(self, key: str) -> str:
        return f"action.{key}"

    def has(self, key: str) -> bool:
        return key in self.data

    def unit(self, key: str) -> Unit:
        """The unit whose id is under ``key`` (required)."""
        if key not in self.data:
            raise AslError(f"missing required key {shown(key)} (a unit id)", self._path(key))
        return self.scenario.unit(self.data[key], self._path(key))

    def optional_unit(self, key: str) -> Unit | None:
        return self.unit(key) if self.data.get(key) is not None else None

    def units(self, key: str) -> list[Unit]:
        """Units whose ids are listed under ``key`` (empty when absent)."""
        raw = self.data.get(key, [])
        if not isinstance(raw, list):
            raise AslError(f"expected a list of unit ids, got {shown(raw)}", self._path(key))
        return [self.scenario.unit(uid, f"{self._path(key)}[{i}]") for i, uid in enumerate(raw)]

    def hex(self, key: str) -> Hex:
        """The hex named under ``key`` (required, must be on the map)."""
        raw = self.data.get(key)
        if not isinstance(raw, str):
            raise AslError(f'missing or not a hex name: expected e.g. "4E6", got {shown(raw)}', self._path(key))
        return self.scenario.grid.parse(raw, self._path(key))

    def integer(self, key: str, default: int, low: int | None = None, high: int | None = None) -> int:
        value = self.data.get(key, default)
        if type(value) is not int or (low is not None and value < low) or (high is not None and value > high):
            bounds = f" from {low} to {high}" if low is not None and high is not None else ""
            raise AslError(f"expected a whole number{bounds}, got {shown(value)}", self._path(key))
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise AslError(f"expected true or false, got {shown(value)}", self._path(key))
        return value

    def choice(self, key: str, options: Sequence[T], default: T | None = None) -> T:
        value = self.data.get(key, default)
        if value not in options:
            raise AslError(f"expected one of {', '.join(map(str, options))}, got {shown(value)}", self._path(key))
        chosen: T = value
        return chosen

    @property
    def phase(self) -> str:
        """The action's own phase, else the scenario's (DESIGN.md section 3)."""
        return self.choice("phase", PHASES, self.scenario.phase)

    @property
    def dice(self) -> DiceRoll | None:
        """``dice: {colored, white}`` when given: the Original DR."""
        return self.dice_at("dice")

    def dice_at(self, key: str) -> DiceRoll | None:
        """An Original DR ``{colored, white}`` under ``key`` when given (a Thrown DC rolls twice)."""
        raw = self.data.get(key)
        if raw is None:
            return None
        if not isinstance(raw, dict):
            raise AslError(f"expected {{\"colored\": 1..6, \"white\": 1..6}}, got {shown(raw)}", self._path(key))
        dice = []
        for die in ("colored", "white"):
            value = raw.get(die)
            if type(value) is not int or not 1 <= value <= 6:
                raise AslError(f"expected a die value 1..6, got {shown(value)}", f"{self._path(key)}.{die}")
            dice.append(value)
        return DiceRoll(dice[0], dice[1])

    @property
    def dr(self) -> int | None:
        """A subsequent dr (C3.6, C3.7) when given."""
        if self.data.get("dr") is None:
            return None
        return self.integer("dr", 0, 1, 6)
