"""The action log (aslgui.model.log): saved under the scenario's top-level ``log`` key."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from aslgui.errors import AslError
from aslgui.model import load_scenario, save_scenario
from aslgui.model.log import LogEntry, log_with, read_log, set_log
from aslgui.resource_files import resource_path

ENTRY = LogEntry(
    turn=2, phase="MPh", player="german", summary="Push 37L AT into 1G4 (C10.3)",
    action={"kind": "push", "gun": "g1", "to_hex": "1G4", "pushers": ["c1"], "dice": {"colored": 2, "white": 3}},
    answer={"kind": "push", "legal": True, "reasons": [], "drm": [], "total_drm": 7, "m_number": 12,
            "max_dr_enter": 5, "outcome": {"final_dr": 12, "entered": True, "stopped": True}},
    drm=("X +3 (C10.3) TEM of the hex entered (stone building)", "Y +4 (C10.3) MF of the hex entered"),
    rolled=True, side="german",
)


def test_log_round_trips_through_the_scenario_file(tmp_path: Path) -> None:
    scenario = load_scenario(resource_path("examples", "c10_3_push.json"))
    assert read_log(scenario) == []
    set_log(scenario, log_with(scenario, ENTRY))
    save_scenario(scenario, tmp_path / "s.json")
    again = load_scenario(tmp_path / "s.json")
    [entry] = read_log(again)
    assert entry == ENTRY and entry.action == ENTRY.action and entry.answer == ENTRY.answer
    assert entry.kind == "push"


def test_an_entry_saved_before_rolled_and_side_existed_still_reads() -> None:
    old = {k: v for k, v in ENTRY.to_json().items() if k not in ("rolled", "side")}
    assert LogEntry.from_json(old, "log[0]") == dataclasses.replace(ENTRY, rolled=False, side="")


def test_an_empty_log_leaves_no_key_behind() -> None:
    scenario = load_scenario(resource_path("examples", "c10_3_push.json"))
    set_log(scenario, [ENTRY.to_json()])
    set_log(scenario, [])
    assert "log" not in scenario.extra


@pytest.mark.parametrize(("broken", "path"), [
    ("not a list", "log"),
    (["x"], "log[0]"),
    ([{**ENTRY.to_json(), "turn": "2"}], "log[0].turn"),
    ([ENTRY.to_json(), {**ENTRY.to_json(), "drm": [3]}], "log[1].drm[0]"),
    ([{**ENTRY.to_json(), "rolled": "yes"}], "log[0].rolled"),
    ([{**ENTRY.to_json(), "side": 3}], "log[0].side"),
])
def test_a_broken_saved_log_names_its_json_path(broken: object, path: str) -> None:
    scenario = load_scenario(resource_path("examples", "c10_3_push.json"))
    scenario.extra["log"] = broken
    with pytest.raises(AslError) as error:
        read_log(scenario)
    assert error.value.path == path
