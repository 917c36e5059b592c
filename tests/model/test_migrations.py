"""Format versions: older files migrate to format 1, newer ones are refused (DESIGN.md section 3)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.geometry import parse_spine
from aslgui.model import load_scenario, save_scenario, scenario_from_json, scenario_to_json
from aslgui.model.migrations import MIGRATIONS, VERSION, migrate
from aslgui.resource_files import resource_path

DEMO: dict[str, Any] = json.loads(resource_path("scenarios", "demo.json").read_text(encoding="utf-8"))

#: A prototype (version 0) file: no format/version keys and the older key names.
VERSION_0: dict[str, Any] = {
    "name": "old gun",
    "board": "4",
    "attacker": "russian",
    "terrain": {"E6": "woods"},
    "units": [
        {"id": "g1", "side": "russian", "type": "gun", "hex": "E5", "facing": "S/SW", "crew": "c1"},
        {"id": "c1", "side": "russian", "type": "crew", "hex": "E5"},
        {"id": "t1", "side": "german", "type": "vehicle", "hex": "E9", "facing": "NW/N"},
    ],
}


def test_current_version_is_1_and_every_older_version_has_a_step() -> None:
    assert VERSION == 1
    assert sorted(MIGRATIONS) == list(range(VERSION))


def test_version_0_file_migrates_old_key_names() -> None:
    scenario = scenario_from_json(VERSION_0)
    assert [b.id for b in scenario.grid.boards] == ["4"]
    assert scenario.player == "russian"
    gun, crew, tank = scenario.units["g1"], scenario.units["c1"], scenario.units["t1"]
    assert (gun.kind, crew.kind, tank.kind) == ("gun", "crew", "vehicle")
    assert gun.ca == parse_spine("S/SW") and gun.crew == "c1"
    assert tank.vca == parse_spine("NW/N") and tank.ca is None
    assert scenario.terrain_at(scenario.grid.parse("4E6")) == "woods"
    assert scenario.extra == {} and gun.extra == {}


def test_migrated_file_saves_as_the_current_version(tmp_path: Path) -> None:
    target = tmp_path / "old.json"
    target.write_text(json.dumps(VERSION_0), encoding="utf-8")
    save_scenario(load_scenario(target), target)
    saved = json.loads(target.read_text(encoding="utf-8"))
    assert (saved["format"], saved["version"]) == ("aslgui-scenario", 1)
    assert saved["boards"] == [{"id": "4", "col": 0, "row": 0}] and saved["player"] == "russian"
    assert saved["units"][0]["kind"] == "gun" and saved["units"][0]["ca"] == "S/SW"
    assert "type" not in saved["units"][0] and "facing" not in saved["units"][0]


def test_format_1_file_without_version_key_reads_as_before() -> None:
    unversioned = {k: v for k, v in DEMO.items() if k not in ("format", "version")}
    assert scenario_to_json(scenario_from_json(unversioned)) == scenario_to_json(scenario_from_json(DEMO))


def test_an_explicit_new_key_wins_over_the_old_one() -> None:
    data = copy.deepcopy(VERSION_0)
    data["units"][1] = {"id": "c1", "side": "russian", "kind": "crew", "type": "2-2-8", "hex": "E5"}
    data["player"] = "german"
    scenario = scenario_from_json(data)
    assert scenario.units["c1"].kind == "crew" and scenario.units["c1"].extra == {"type": "2-2-8"}
    assert scenario.player == "german" and scenario.extra == {"attacker": "russian"}


def test_migrate_leaves_its_input_alone() -> None:
    before = copy.deepcopy(VERSION_0)
    migrated = migrate(VERSION_0)
    assert before == VERSION_0
    assert migrated["version"] == 1 and migrated["units"][0]["kind"] == "gun"


@pytest.mark.parametrize("version", [2, 17])
def test_newer_version_is_refused_naming_the_version(version: int) -> None:
    words = f"format version {version}, from a newer aslgui; this one reads up to 1"
    with pytest.raises(AslError, match=words) as caught:
        scenario_from_json({**DEMO, "version": version})
    assert caught.value.path == "version"


@pytest.mark.parametrize("version", [-1, "1", True, 1.0, None])
def test_a_version_that_is_no_whole_number_is_refused(version: Any) -> None:
    with pytest.raises(AslError, match="expected a format version number") as caught:
        scenario_from_json({**DEMO, "version": version})
    assert caught.value.path == "version"


def test_newer_file_on_disk_is_refused_and_left_untouched(tmp_path: Path) -> None:
    target = tmp_path / "future.json"
    text = json.dumps({**DEMO, "version": 2, "new_feature": [1, 2]})
    target.write_text(text, encoding="utf-8")
    with pytest.raises(AslError, match="newer aslgui"):
        load_scenario(target)
    assert target.read_text(encoding="utf-8") == text
