"""`ca_hexes` (C3.2) through the rules core: every hexspine, even/odd columns, edges, board joins."""

from __future__ import annotations

import pytest

from aslgui.geometry import distance, in_ca
from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve

MAP = {
    "boards": [{"id": "4", "col": 0, "row": 0}, {"id": "5", "col": 1, "row": 0}, {"id": "6", "col": 0, "row": 1}],
    "units": [],
}


def scenario_with_gun(hex_name: str, spine: str) -> Scenario:
    data = dict(MAP, units=[{"id": "g", "side": "a", "kind": "gun", "hex": hex_name, "ca": spine}])
    return scenario_from_json(data)


@pytest.mark.parametrize("hex_name", ["4E5", "4D5", "4A1", "4B0", "4GG10", "4GG5", "5A5", "6B0", "4B10", "5GG1"])
@pytest.mark.parametrize("spine", ["N/NE", "NE/SE", "SE/S", "S/SW", "SW/NW", "NW/N"])
def test_c3_2_ca_hexes_are_the_on_map_hexes_of_the_ca(hex_name: str, spine: str) -> None:
    scenario = scenario_with_gun(hex_name, spine)
    answer = resolve(scenario, {"kind": "ca_hexes", "unit": "g", "range": 7}).to_json()
    grid = scenario.grid
    gun = scenario.units["g"]
    expected = sorted(grid.name(h) for h in grid if 1 <= distance(gun.hex, h) <= 7 and in_ca(gun.hex, gun.ca, h))
    assert answer["hexes"] == expected
    assert answer["ca"] == spine


def test_c3_2_ex_ca_hexes_at_range_5_include_the_ex_row() -> None:
    scenario = scenario_with_gun("4E5", "S/SW")
    hexes = set(resolve(scenario, {"kind": "ca_hexes", "unit": "g", "range": 5}).to_json()["hexes"])
    assert {"4E6", "4A8", "4B8", "4C9", "4D9", "4E10"} <= hexes
    assert len(hexes) == 19  # 2 + 3 + 4 + 5 + 5: the SW boundary row leaves the board at column A


def test_ca_hexes_of_a_turreted_vehicle_default_to_its_tca() -> None:
    tank = {"id": "t", "side": "a", "kind": "vehicle", "hex": "4E5", "vca": "N/NE", "tca": "S/SW", "turret": "T"}
    data = dict(MAP, units=[tank])
    scenario = scenario_from_json(data)
    tca = resolve(scenario, {"kind": "ca_hexes", "unit": "t", "range": 1}).to_json()
    vca = resolve(scenario, {"kind": "ca_hexes", "unit": "t", "range": 1, "arc": "vca"}).to_json()
    assert tca["hexes"] == ["4D5", "4E6"] and vca["hexes"] == ["4E4", "4F4"]


def test_c3_2_ca_hexes_of_a_unit_without_a_ca_is_answered_illegal() -> None:
    """A squad has no CA (C3.2): a well-formed question answered ``legal: false`` (DESIGN.md 4)."""
    data = dict(MAP, units=[{"id": "s", "side": "a", "kind": "squad", "hex": "4E5"}])
    answer = resolve(scenario_from_json(data), {"kind": "ca_hexes", "unit": "s", "range": 3}).to_json()
    assert (answer["legal"], answer["reasons"]) == (False, ["s is a squad: only a Gun or a vehicle has a CA (C3.2)"])
    assert (answer["hexes"], answer["ca"]) == ([], None)
