"""Odds of a rolled action (DESIGN.md section 10): each outcome's chance over the 216 equally
likely rolls of the coloured die, the white die and a subsequent dr.

Nothing here knows a rule. A resolver hands over the very function that reads its dice (the one
that answers ``outcome`` when dice are given) and says which outcome keys to count; the tally
runs that function on every roll. A reading that never asks for the subsequent dr (it raises
``DrNeeded`` when it would) counts for all six drs at once, so a shot reads its dice 36 times,
plus six more for each DR whose meaning a dr decides (C3.6, C3.7).
"""

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import chain
from operator import methodcaller
from typing import Any, NamedTuple

from aslgui.rules.dice import DiceRoll, DrNeeded

#: Every (coloured, white, subsequent dr) roll, equally likely.
ROLLS = 216
FACES = range(1, 7)
#: The 36 Original DR, lowest total first so that IFT results are counted best-first.
ALL_DICE = tuple(sorted((DiceRoll(c, w) for c in FACES for w in FACES), key=lambda dice: dice.total))
#: How many of the 216 rolls give each Original DR total (the 36 ways times six drs).
TOTAL_WEIGHTS = {total: 6 * sum(1 for dice in ALL_DICE if dice.total == total) for total in range(2, 13)}

Outcome = Mapping[str, Any]
#: Reads one thing an outcome says: a flag (hit, malfunction) or a category (an IFT result).
Extract = Callable[[Outcome], Any]


def outcome_key(name: str) -> Extract:
    """Count an outcome key as it is (``hit``, ``result``); ``outcome.get(name)`` without a
    Python frame, since a shot's odds read it for each of 36 rolls per key (issue 30)."""
    read: Extract = methodcaller("get", name)
    return read


class Counted(NamedTuple):
    """What to count: flags (true on how many rolls) and categories (how many rolls give each value)."""

    flags: Mapping[str, Extract]
    categories: Mapping[str, Extract] = {}


def counting(flags: Sequence[str], categories: Sequence[str] = ()) -> Counted:
    """Count these outcome keys as they are: flags such as ``hit``, categories such as ``result``."""
    return Counted({name: outcome_key(name) for name in flags}, {name: outcome_key(name) for name in categories})


class Odds(NamedTuple):
    """Counts over the 216 rolls: an int per flag, a ``{value: count}`` per category."""

    counts: Mapping[str, Any]

    def merged(self, other: "Odds") -> "Odds":
        """Both tallies in one answer (a Thrown DC's own roll for the thrower's Location)."""
        return Odds({**self.counts, **other.counts})

    def to_json(self) -> dict[str, Any]:
        """``odds`` (probabilities rounded to 4 places) and ``odds_216`` (the exact counts)."""
        return {"odds": _share(self.counts), "odds_216": _plain(self.counts)}


def _share(counts: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _share(v) if isinstance(v, Mapping) else round(v / ROLLS, 4) for k, v in counts.items()}


def _plain(counts: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _plain(v) if isinstance(v, Mapping) else v for k, v in counts.items()}


def odds_values(odds: Odds | None) -> dict[str, Any]:
    """The answer keys: null odds where no roll is made (an illegal action)."""
    return odds.to_json() if odds is not None else {"odds": None, "odds_216": None}


ODDS_KEYS = ("odds", "odds_216")


class WithOdds(Mapping[str, Any]):
    """A resolver's answer values whose ``odds`` and ``odds_216`` are counted on first read.

    A drag asks ``resolve`` about every candidate hex only for legality (``legal_targets``) and
    never reads the odds, so the count waits until the CLI, the popup or a test reads them.
    """

    def __init__(self, values: Mapping[str, Any], count: Callable[[], Odds | None]) -> None:
        self._values = dict(values)
        self._count = count
        self._counted: dict[str, Any] | None = None

    def _odds(self) -> dict[str, Any]:
        if self._counted is None:
            self._counted = odds_values(self._count())
        return self._counted

    def __getitem__(self, name: str) -> Any:
        return self._odds()[name] if name in ODDS_KEYS else self._values[name]

    def __iter__(self) -> Iterator[str]:
        return chain(self._values, ODDS_KEYS)  # no generator frame: a batch's answers iterate it twice

    def __len__(self) -> int:
        return len(self._values) + len(ODDS_KEYS)

    def __contains__(self, name: object) -> bool:
        return name in ODDS_KEYS or name in self._values  # without counting the odds

    def get(self, name: str, default: Any = None) -> Any:
        """``Mapping.get`` without its ``KeyError`` raised and caught for a key not there (every
        answer is asked for ``hexes``, which only odds maps give; issue 40)."""
        return self._odds()[name] if name in ODDS_KEYS else self._values.get(name, default)

    def counted(self) -> dict[str, Any]:
        """Every value, the odds counted, as one dict in this Mapping's order: what an answer's JSON
        reads, without a Python ``__getitem__`` per key (issue 40)."""
        return {**self._values, **self._odds()}

    def updated(self, more: Mapping[str, Any]) -> "WithOdds":
        """These values with ``more`` added, the odds still counted once, on first read."""
        found = WithOdds({**self._values, **more}, self._count)
        found._counted = self._counted
        return found

    def __repr__(self) -> str:
        return f"WithOdds({self._values!r}, odds counted: {self._counted is not None})"


class _Tally:
    def __init__(self, counted: Counted) -> None:
        self._flags = tuple(counted.flags.items())
        self._categories = tuple(counted.categories.items())
        self.flags = dict.fromkeys(counted.flags, 0)
        self.categories: dict[str, dict[str, int]] = {name: {} for name in counted.categories}

    def add(self, outcome: Outcome, weight: int) -> None:
        flags = self.flags
        for name, extract in self._flags:
            if extract(outcome):
                flags[name] += weight
        for name, extract in self._categories:
            value = extract(outcome)
            if value is not None:
                seen = self.categories[name]
                key = str(value)
                seen[key] = seen.get(key, 0) + weight

    def odds(self) -> Odds:
        return Odds({**self.flags, **self.categories})


def tally(read: Callable[[DiceRoll, int | None], Outcome], counted: Counted) -> Odds:
    """Odds of a DR whose meaning may hang on a subsequent dr: ``read(dice, None)`` raises
    ``DrNeeded`` when that DR needs one, and is then read with each dr."""
    found = _Tally(counted)
    for dice in ALL_DICE:
        try:
            found.add(read(dice, None), len(FACES))
        except DrNeeded:
            for dr in FACES:
                found.add(read(dice, dr), 1)
    return found.odds()


def tally_totals(read: Callable[[int], Outcome], counted: Counted) -> Odds:
    """Odds of a DR whose outcome is a function of the Original DR total alone (IFT, Manhandling)."""
    found = _Tally(counted)
    for total, weight in TOTAL_WEIGHTS.items():
        found.add(read(total), weight)
    return found.odds()


def tally_dr(read: Callable[[int], Outcome], counted: Counted) -> Odds:
    """Odds of a single dr (Set DC, a trailer hit): each face is 36 of the 216 rolls."""
    found = _Tally(counted)
    for dr in FACES:
        found.add(read(dr), ROLLS // len(FACES))
    return found.odds()
