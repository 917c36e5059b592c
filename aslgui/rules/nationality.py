"""Whose nationality a unit fights as (A25), for the rules that hang on it: the Ordnance TH#
colour (A25, C3.3) and Japanese DC use in one's own Location (A23.61).

``nationality`` is optional in a scenario file (DESIGN.md 3), and a VASL import leaves it empty
when the counter's art names none, so a missing one is read, never refused: the unit's ``side``
when that is a nationality the A25 chart lists (files often say ``"side": "russian"``), else
none. The caller words the reading into its answer's notes.
"""

from typing import Any, NamedTuple

from aslgui.model import Unit
from aslgui.resource_files import load_json


def th_colours() -> dict[str, Any]:
    """The A25 chart's Ordnance TH# column: nationality (lower case) -> ``{colour, verified}``."""
    chart: dict[str, Any] = load_json("data", "to_hit_table.json")["ordnance_th_colour"]["nationalities"]
    return chart


class Nationality(NamedTuple):
    """The nationality the rules use (lower case, ``""`` when nothing says), whose unit it comes
    from, and whether the file stated it (``nationality``) or it was read from the ``side``."""

    name: str
    unit: Unit
    stated: bool

    @property
    def reading(self) -> str | None:
        """How it was read when the file did not state it (None when it did), for a note."""
        if self.stated:
            return None
        if self.name:
            return f"no nationality: {self.unit.id}'s side {self.unit.side!r} read as its nationality"
        return f"no nationality, and {self.unit.id}'s side {self.unit.side!r} is none the A25 chart lists"


def nationality_of(unit: Unit, *others: Unit) -> Nationality:
    """The first nationality stated among ``unit`` and ``others`` (a Gun, then its crew), else the
    first side that names a nationality of the A25 chart, else none."""
    units = (unit, *others)
    for each in units:
        if each.nationality:
            return Nationality(each.nationality.lower(), each, True)
    known = th_colours()
    for each in units:
        if each.side.lower() in known:
            return Nationality(each.side.lower(), each, False)
    return Nationality("", unit, False)
