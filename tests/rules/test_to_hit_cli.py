"""``aslgui resolve`` for ``fire``: exit 2 naming the field for bad input, exit 0 for any shot
(legal or not), and the in-process speed of one resolution."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aslgui.cli import main
from aslgui.resource_files import resource_path
from tests.rules.fixtures.to_hit_scenarios import german_tank, russian_gun

DEMO = str(resource_path("scenarios", "demo.json"))


def _run(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    action: dict[str, Any],
    units: list[Any] | None = None,
) -> tuple[int, Any]:
    scenario_path = DEMO
    if units is not None:
        scenario_path = str(tmp_path / "scenario.json")
        Path(scenario_path).write_text(json.dumps({"boards": [{"id": "4", "col": 0, "row": 0}], "units": units}))
    action_path = tmp_path / "action.json"
    action_path.write_text(json.dumps({"kind": "fire", **action}))
    code = main(["resolve", scenario_path, str(action_path)])
    out, err = capsys.readouterr()
    return code, json.loads(out if code == 0 else err)


def test_fire_on_the_demo_answers_every_design_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, answer = _run(
        tmp_path,
        capsys,
        {"firer": "g1", "target": "t1", "target_type": "vehicle", "dice": {"colored": 2, "white": 4}},
    )
    assert code == 0
    keys = {
        "legal",
        "reasons",
        "drm",
        "total_drm",
        "range",
        "basic_th",
        "modified_th",
        "final_th_needed",
        "improbable",
        "critical_max_dr",
        "ca_change_spines",
    }
    assert keys <= set(answer)
    assert {"hit", "critical", "improbable", "location", "multiple_hits", "final_dr"} <= set(answer["outcome"])
    assert (answer["range"], answer["final_th_needed"], answer["outcome"]["location"]) == (4, 10, "turret")


@pytest.mark.parametrize(
    ("action", "units", "path"),
    [
        ({"firer": "nobody", "target": "t1"}, None, "action.firer"),
        ({"firer": "g1", "target_hex": "4Z20"}, None, "action.target_hex"),
        ({"firer": "g1"}, None, "action.target"),
        ({"firer": "g1", "target": "t1", "target_type": "tank"}, None, "action.target_type"),
        ({"firer": "g1", "target": "t1", "extra_drm": [{"value": "two"}]}, None, "action.extra_drm[0].value"),
        ({"firer": "g1", "target": "t1", "mp_in_los": -1}, None, "action.mp_in_los"),
        ({"firer": "g", "target": "t"}, [*russian_gun(ca=None), german_tank()], "units[0].ca"),
        ({"firer": "g", "target": "t"}, [*russian_gun(name="Mystery Gun"), german_tank()], "units[0].caliber"),
        ({"firer": "g", "target": "t"}, [*russian_gun(nationality="martian"), german_tank()], "units[0].nationality"),
    ],
)
def test_bad_input_exits_2_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], action: dict[str, Any], units: list[Any] | None, path: str
) -> None:
    code, error = _run(tmp_path, capsys, action, units)
    assert code == 2
    assert error["path"] == path and error["error"]


def test_illegal_shot_exits_0_with_reasons(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, answer = _run(
        tmp_path, capsys, {"firer": "g1", "target": "t1", "target_type": "infantry"}
    )
    assert code == 0
    assert answer["legal"] is False and answer["reasons"][0].endswith("(C3.32)")
