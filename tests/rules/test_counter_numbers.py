"""A Gun's or vehicle's printed numbers as a player reads its counter, each with its source
(issue 23.5): the VASL counter (``vasl.printed``), the scenario file, or the roster (checked
against its counter or not), with the rules' own merge (the unit's key wins)."""

from __future__ import annotations

from aslgui.rules.counter_numbers import COUNTER, FILE, ROSTER, ROSTER_UNCHECKED, printed_numbers
from aslgui.rules.roster import roster_entry
from tests.rules.fixtures.to_hit_scenarios import german_tank, russian_gun, scenario


def _numbers(situation_units: list, unit_id: str) -> dict[str, tuple[str, str]]:
    situation = scenario(*situation_units)
    return {n.label: (n.text, n.source) for n in printed_numbers(situation.units[unit_id])}


def test_a_module_vehicle_reads_as_its_counter() -> None:
    tank = german_tank(name="PzKw IIIN", turret="T", ma={"caliber": 75, "barrel": "*"}, rof=1, mp=13,
                       af={"hull": [6, 3, 3]}, mgs=[{"fp": 3, "mount": "BMG"}, {"fp": 5, "mount": "CMG"}],
                       vasl={"gpid": "1", "image": "ge/veh/pziiin", "printed": ["ma", "rof", "mp", "af", "mgs"]})
    numbers = _numbers([russian_gun(), tank], "t")
    assert numbers["MA"] == ("75*", COUNTER) and numbers["ROF"] == ("1", COUNTER) and numbers["AF"] == ("6/3", COUNTER)
    assert numbers["MGs"] == ("3/5 (BMG/CMG)", COUNTER) and numbers["MP"] == ("13", COUNTER)
    assert numbers["Turret"] == ("T", FILE)  # stated in the file, not listed as printed


def test_a_gun_stating_some_numbers_takes_the_rest_from_the_roster() -> None:
    numbers = _numbers([russian_gun(name="75L AT", caliber=75, barrel="L")], "g")
    entry = roster_entry("75L AT")
    assert entry is not None and entry.verified
    assert numbers["MA"] == ("75L", FILE)
    assert numbers["M#"] == (str(entry.manhandling), ROSTER) and numbers["ROF"] == (str(entry.rof), ROSTER)


def test_an_unchecked_roster_entry_says_so_and_an_import_copy_too() -> None:
    numbers = _numbers([russian_gun(name="45L AT")], "g")
    assert numbers["MA"] == ("45L", ROSTER_UNCHECKED)
    tank = german_tank(mp=16, vasl={"gpid": "9", "image": "x", "roster": ["mp"]})
    assert _numbers([russian_gun(), tank], "t")["MP"] == ("16", ROSTER_UNCHECKED)


def test_other_kinds_print_no_counter_numbers() -> None:
    squad = {"id": "s", "side": "german", "nationality": "german", "kind": "squad", "hex": "4E9"}
    assert _numbers([russian_gun(), squad], "s") == {}
