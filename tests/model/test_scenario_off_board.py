"""Units off the boards (``"hex": null``): the order of battle in the scenario file."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.model import load_scenario, save_scenario, scenario_from_json, scenario_to_json
from aslgui.model.scenario import OffBoardError

FILE: dict[str, Any] = {
    "format": "aslgui-scenario",
    "version": 1,
    "boards": [{"id": "4", "col": 0, "row": 0}],
    "units": [
        {"id": "s1", "side": "russian", "kind": "squad", "name": "4-4-7", "hex": "4E5"},
        {
            "id": "g1",
            "side": "german",
            "kind": "gun",
            "name": "75L AT",
            "hex": None,
            "ca": "SE/S",
            "crew": "c1",
            "note": "kept",
        },
        {"id": "c1", "side": "german", "kind": "crew", "hex": None, "pinned": True},
    ],
}


def test_units_with_no_hex_are_the_order_of_battle() -> None:
    scenario = scenario_from_json(copy.deepcopy(FILE))
    assert list(scenario.units) == ["s1"]
    assert list(scenario.off_board) == ["g1", "c1"]
    assert scenario.off_board["g1"]["hex"] is None
    assert scenario.has_unit("c1") and not scenario.has_unit("zz")


def test_the_order_of_battle_round_trips(tmp_path: Path) -> None:
    scenario = scenario_from_json(copy.deepcopy(FILE))
    path = tmp_path / "s.json"
    save_scenario(scenario, path)
    again = load_scenario(path)
    assert scenario_to_json(again) == scenario_to_json(scenario)
    saved = {u["id"]: u for u in scenario_to_json(again)["units"]}
    assert saved["g1"] == {
        "id": "g1",
        "side": "german",
        "kind": "gun",
        "hex": None,
        "name": "75L AT",
        "ca": "SE/S",
        "crew": "c1",
        "note": "kept",
    }


@pytest.mark.parametrize(
    ("index", "key", "value", "path", "words"),
    [
        (2, "kind", "tank", "units[2].kind", "expected"),  # checked like any unit on the map
        (2, "id", "s1", "units[2].id", "duplicate unit id 's1'"),  # ids unique across map and OOB
        (1, "crew", "c9", "units[1].crew", "no unit with id 'c9'"),
    ],
)
def test_a_bad_off_board_unit_names_its_path(index: int, key: str, value: str, path: str, words: str) -> None:
    data = copy.deepcopy(FILE)
    data["units"][index][key] = value
    with pytest.raises(AslError, match=words) as caught:
        scenario_from_json(data)
    assert caught.value.path == path


def test_placing_a_unit_keeps_its_keys() -> None:
    scenario = scenario_from_json(copy.deepcopy(FILE))
    unit = scenario.placed("g1", scenario.grid.parse("4C3"))
    assert (unit.hex, unit.ca, unit.crew, unit.extra["note"]) == (scenario.grid.parse("4C3"), 2, "c1", "kept")
    assert scenario.off_board_entry(unit) == scenario.off_board["g1"]


def test_asking_for_an_off_board_unit_says_where_it_is() -> None:
    scenario = scenario_from_json(copy.deepcopy(FILE))
    with pytest.raises(OffBoardError, match="c1 is not on the map") as caught:
        scenario.unit("c1", "action.unit")
    assert caught.value.path == "action.unit"
