"""Costs that grow with the input, not faster (issue 16 item 8), counted rather than timed so a
busy machine cannot fail them: ``ca_hexes`` at range 500 looks at the hexes the map can hold, not
500^2; selecting a unit in Rehearse reads each unit a few times, not once per target; naming a
hex looks at a few boards, not all of them.  benchmarks/bench_growth.py times the same."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.geometry import BoardPlacement, Hex, MapGrid, ca_hexes, hexgrid
from aslgui.model import Unit, scenario_from_json
from aslgui.resource_files import resource_path
from aslgui.rules import resolve
from aslgui.rules.gestures import legal_targets

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def square(side: int) -> list[dict[str, Any]]:
    return [{"id": str(1 + c + side * r), "col": c, "row": r} for r in range(side) for c in range(side)]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    origin=st.builds(Hex, st.integers(-5, 80), st.integers(-5, 40)),
    spine=st.integers(0, 5),
    max_range=st.integers(1, 60),
    box=st.tuples(st.integers(0, 40), st.integers(0, 60), st.integers(0, 20), st.integers(0, 30)),
)
def test_c3_2_a_ca_clipped_to_a_box_keeps_every_hex_of_the_box(origin: Hex, spine: int, max_range: int,
                                                             box: tuple[int, int, int, int]) -> None:
    """Clipping each hexrow of the CA to the map's box drops only hexes outside it (C3.2)."""
    within = hexgrid.Box(box[0], box[0] + box[1], box[2], box[2] + box[3])

    def inside(h: Hex) -> bool:
        return within.col_min <= h.col <= within.col_max and within.row_min <= h.row <= within.row_max

    clipped = list(hexgrid.ca_hexes(origin, spine, max_range, within))
    assert {h for h in ca_hexes(origin, spine, max_range) if inside(h)} == {h for h in clipped if inside(h)}
    assert len(clipped) == len(set(clipped))


def test_ca_hexes_at_range_500_looks_at_what_the_map_holds() -> None:
    """The audit's case, 10 s on 30x30 boards: now the hexes looked at are those near the map."""
    looked_at = 0
    real = ca_hexes

    def counting(*args: Any) -> Iterator[Hex]:
        nonlocal looked_at
        for h in real(*args):
            looked_at += 1
            yield h

    import aslgui.rules.arcs as arcs

    for side in (1, 3):
        middle = 1 + side // 2 + side * (side // 2)
        scenario = scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": square(side), "units": [
            {"id": "g1", "side": "russian", "kind": "gun", "hex": f"{middle}E5", "ca": "S/SW"}]})
        looked_at = 0
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(arcs, "ca_hexes", counting)
            found = resolve(scenario, {"kind": "ca_hexes", "unit": "g1", "range": 500}).values["hexes"]
        unclipped = sum(range(2, 502))  # rng + 1 hexes at each range 1..500
        assert found and looked_at < len(scenario.grid) + 4 * 500 < unclipped


@pytest.fixture
def hex_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every read of a unit's ``hex`` (the field a scan for "units in this hex" reads)."""
    count = [0]
    index = Unit._fields.index("hex")

    def read(unit: Unit) -> Hex:
        count[0] += 1
        return tuple.__getitem__(unit, index)  # type: ignore[no-any-return]

    monkeypatch.setattr(Unit, "hex", property(read))
    return count


def selection(extra_units: int) -> Any:
    """The demo on 16 boards, 40 enemy squads to target, ``extra_units`` friendly squads elsewhere."""
    data = json.loads(resource_path("scenarios", "demo.json").read_text(encoding="utf-8"))
    data["boards"] = square(4)
    for unit in data["units"]:
        unit["hex"] = "1" + unit["hex"][1:]
    data["units"] += [{"id": f"e{i}", "side": "german", "kind": "squad", "hex": f"2{LETTERS[i % 10]}{1 + i // 10}"}
                      for i in range(40)]
    data["units"] += [{"id": f"f{i}", "side": "russian", "kind": "squad",
                       "hex": f"{3 + i % 14}{LETTERS[i % 26]}{1 + i % 10}"} for i in range(extra_units)]
    return scenario_from_json(data)


def test_selecting_a_unit_reads_each_unit_a_few_times_not_once_per_target(hex_reads: list[int]) -> None:
    """The audit: 7.8 s to select a unit among 10,000 (every target hex scanned every unit)."""
    reads = {}
    for extra in (100, 2100):
        scenario = selection(extra)
        hex_reads[0] = 0
        targets = legal_targets(scenario, "g1")
        reads[extra] = hex_reads[0]
        assert len(targets) == 42  # the 40 squads' hexes, the tank and the squad near it
    per_added_unit = (reads[2100] - reads[100]) / 2000
    assert per_added_unit < 6  # a scan per target would be 42 or more


def test_naming_a_hex_looks_at_a_few_boards_not_every_board() -> None:
    looked: list[int] = [0]

    class Counting(dict[tuple[int, int], BoardPlacement]):
        def get(self, key: Any, default: Any = None) -> Any:
            looked[0] += 1
            return super().get(key, default)

    for side in (2, 12):
        grid = MapGrid([BoardPlacement(b["id"], b["col"], b["row"]) for b in square(side)])
        grid._by_place = Counting(grid._by_place)
        looked[0] = 0
        names = [grid.name(h) for h in grid.all_hexes]
        assert len(set(names)) == len(names)
        assert looked[0] <= 4 * len(names)
