"""Loading, validating and saving the scenario file (DESIGN.md section 3)."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.geometry import Hex, parse_spine
from aslgui.model import Unit, load_scenario, save_scenario, scenario_from_json, scenario_to_json
from aslgui.resource_files import resource_path

DESIGN_EXAMPLE: dict[str, Any] = {
    "format": "aslgui-scenario",
    "version": 1,
    "name": "C3.2 example",
    "boards": [{"id": "4", "col": 0, "row": 0}],
    "terrain": {"4E6": "woods", "4F3": "stone building"},
    "phase": "PFPh",
    "turn": 1,
    "player": "russian",
    "units": [
        {
            "id": "g1",
            "side": "russian",
            "nationality": "russian",
            "kind": "gun",
            "name": "57LL AT",
            "hex": "4E5",
            "ca": "S/SW",
            "caliber": 57,
            "barrel": "LL",
            "mount": "NT",
            "manhandling": 12,
            "qsu": False,
            "limbered": False,
            "crew": "c1",
        },
        {"id": "c1", "side": "russian", "nationality": "russian", "kind": "crew", "hex": "4E5"},
        {
            "id": "t1",
            "side": "german",
            "nationality": "german",
            "kind": "vehicle",
            "name": "PzKpfw IIIG",
            "hex": "4E9",
            "vca": "NW/N",
            "tca": "NW/N",
            "afv": True,
            "turret": "T",
            "mp": 16,
            "towing": 9,
            "pp": 0,
            "bu": True,
            "ma": {"caliber": 50, "barrel": "L", "kind": "gun"},
            "mgs": [{"fp": 2, "mount": "CMG"}, {"fp": 2, "mount": "BMG"}],
        },
    ],
}


def broken(path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(DESIGN_EXAMPLE)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def test_design_example_loads_with_defaults() -> None:
    scenario = scenario_from_json(DESIGN_EXAMPLE)
    gun, tank = scenario.units["g1"], scenario.units["t1"]
    assert gun.ca == parse_spine("S/SW") and gun.barrel == "LL" and gun.crew == "c1"
    assert gun.pinned is False and gun.rof is None
    assert tank.turret == "T" and tank.stopped is True and tank.ma is not None and tank.ma.caliber == 50
    assert [mg.mount for mg in tank.mgs] == ["CMG", "BMG"]
    assert scenario.terrain_at(scenario.grid.parse("4E6")) == "woods"
    assert scenario.terrain_at(scenario.grid.parse("4E7")) == "open ground"


def test_round_trip_keeps_values_and_unknown_keys() -> None:
    data = copy.deepcopy(DESIGN_EXAMPLE)
    data["house_rules"] = {"fog": True}
    data["units"][0]["counter_art"] = "ru-57ll.svg"
    data["units"][2]["ma"]["note"] = "kept"
    again = scenario_to_json(scenario_from_json(data))
    assert again["house_rules"] == {"fog": True}
    assert again["units"][0]["counter_art"] == "ru-57ll.svg"
    assert again["units"][2]["ma"]["note"] == "kept"
    assert again["units"][0]["ca"] == "S/SW"
    assert scenario_to_json(scenario_from_json(again)) == again


def test_demo_scenario_loads() -> None:
    scenario = load_scenario(resource_path("scenarios", "demo.json"))
    assert "g1" in scenario.units and scenario.grid.boards[0].id == "4"


@pytest.mark.parametrize(
    ("path", "value", "error_path", "words"),
    [
        (["units", 0, "hex"], "4E11", "units[0].hex", "column E holds rows 1..10"),
        (["units", 0, "hex"], "9E5", "units[0].hex", "not on the map"),
        (["units", 0, "pinned"], "yes", "units[0].pinned", "expected true/false"),
        (["units", 0, "ca"], "S/N", "units[0].ca", "unknown hexspine"),
        (["units", 0, "caliber"], "57mm", "units[0].caliber", "expected a number"),
        (["units", 0, "kind"], "tank", "units[0].kind", "expected 'gun' or"),
        (["units", 0, "crew"], "nobody", "units[0].crew", "no unit with id 'nobody'"),
        (["units", 0, "crew"], "t1", "units[0].crew", "crew must name an Infantry unit other than the unit, but 't1' "
                                                      "is a vehicle"),
        (["units", 0, "towed_by"], "c1", "units[0].towed_by", "towed_by must name a vehicle other than the unit, "
                                                              "but 'c1' is a crew"),
        (["units", 1, "aboard"], "c1", "units[1].aboard", r"aboard must name a vehicle other than the unit, but "
                                                          "'c1' is itself"),
        (["units", 1, "aboard"], "g1", "units[1].aboard", "but 'g1' is a gun"),
        (["units", 1, "id"], "g1", "units[1].id", "duplicate unit id"),
        (["units", 2, "mgs", 1, "fp"], None, "units[2].mgs[1].fp", "expected a number"),
        (["units", 2, "ma", "kind"], "laser", "units[2].ma.kind", "expected 'gun'"),
        (["terrain", "4E6"], "lava", "terrain.4E6", "unknown value 'lava'"),
        (["phase"], "Lunch", "phase", "unknown phase"),
        (["turn"], "1", "turn", "expected a turn number"),
        (["boards"], [], "boards", "at least one board"),
        (["version"], 2, "version", "newer aslgui"),
        (["format"], "vasl", "format", "not an aslgui scenario"),
        (["hexsides"], {"4E5/4E7": "wall"}, "hexsides.4E5/4E7", "not adjacent"),
        (["ground"], {"4E5": "sand"}, "ground.4E5", "unknown value 'sand'"),
        (["first_player"], 5, "first_player", "expected a side name"),
        (["first_player"], ["german"], "first_player", "expected a side name"),
    ],
)
def test_errors_name_the_json_path(path: list[Any], value: Any, error_path: str, words: str) -> None:
    with pytest.raises(AslError, match=words) as caught:
        scenario_from_json(broken(path, value))
    assert caught.value.path == error_path


def test_missing_required_unit_key_is_named() -> None:
    data = copy.deepcopy(DESIGN_EXAMPLE)
    del data["units"][1]["side"]
    with pytest.raises(AslError, match="missing required key 'side'") as caught:
        scenario_from_json(data)
    assert caught.value.path == "units[1].side"


def test_board_is_implied_when_every_hex_names_it() -> None:
    data = copy.deepcopy(DESIGN_EXAMPLE)
    del data["boards"]
    assert scenario_from_json(data).grid.boards[0].id == "4"


def test_hexsides_and_ground_are_read_either_order() -> None:
    data = copy.deepcopy(DESIGN_EXAMPLE)
    data["hexsides"] = {"4E6/4E5": "wall"}
    data["ground"] = {"4E5": "mud"}
    scenario = scenario_from_json(data)
    e5, e6 = scenario.grid.parse("E5"), scenario.grid.parse("E6")
    assert scenario.hexside(e5, e6) == "wall" and scenario.hexside(e6, e5) == "wall"
    assert scenario.ground[e5] == "mud"


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    scenario = scenario_from_json(DESIGN_EXAMPLE)
    target = tmp_path / "situation.json"
    save_scenario(scenario, target)
    assert scenario_to_json(load_scenario(target)) == scenario_to_json(scenario)
    assert [p.name for p in tmp_path.iterdir()] == ["situation.json"]


def test_failed_save_keeps_the_previous_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "situation.json"
    target.write_text(json.dumps(DESIGN_EXAMPLE), encoding="utf-8")
    before = target.read_bytes()
    scenario = scenario_from_json(DESIGN_EXAMPLE)
    scenario.name = "changed"

    def failing_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(OSError, match="disk full"):
        save_scenario(scenario, target)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["situation.json"]


def test_broken_json_names_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "aslgui-scenario",\n "boards": [}', encoding="utf-8")
    with pytest.raises(AslError, match=r"not valid JSON: .* line 2"):
        load_scenario(bad)


def test_units_differing_only_in_unknown_keys_are_different_values() -> None:
    # Markers the model has no field for (e.g. TI) live in ``extra``; an edit to them is a change.
    gun = scenario_from_json(DESIGN_EXAMPLE).units["g1"]
    assert gun._replace(extra={"ti": True}) != gun


def test_units_are_immutable_values_even_their_default_extra() -> None:
    # A NamedTuple's default is one object shared by every unit built without ``extra``: it must
    # refuse writes, or a marker set on one such unit would show on all of them.
    squad = Unit(id="a", side="german", kind="squad", hex=Hex(4, 5))
    other = Unit(id="b", side="german", kind="squad", hex=Hex(4, 6))
    with pytest.raises(TypeError):
        squad.extra["ti"] = True  # type: ignore[index]
    with pytest.raises(AttributeError):
        squad.broken = True  # type: ignore[misc]
    assert squad._replace(extra={"ti": True}).extra == {"ti": True} and other.extra == {}


def test_an_optional_object_key_may_be_null() -> None:
    data = copy.deepcopy(DESIGN_EXAMPLE)
    data["units"][2]["ma"] = None  # the same as leaving "ma" out: no main armament
    assert scenario_from_json(data).units["t1"].ma is None
    data["units"][2]["ma"] = {"caliber": "fifty"}
    with pytest.raises(AslError) as error:
        scenario_from_json(data)
    assert error.value.path == "units[2].ma.caliber"


def test_spines_round_trip_by_name_and_mgs_as_objects() -> None:
    data = copy.deepcopy(DESIGN_EXAMPLE)
    data["units"].append(
        {"id": "v9", "side": "german", "kind": "vehicle", "hex": "4E5", "vca": "N/NE", "turret": "T", "tca": "S/SW",
         "mgs": [{"fp": 2, "mount": "BMG"}], "ma": {"caliber": 75, "barrel": "L", "x": 1}}
    )
    tank = scenario_from_json(data).units["v9"]
    assert (tank.vca, tank.tca, tank.mgs[0].fp, tank.ma is not None and tank.ma.extra) == (0, 3, 2, {"x": 1})
    saved = scenario_to_json(scenario_from_json(data))["units"][-1]
    assert saved == data["units"][-1]
