"""The action log (aslgui.model.log): saved under the scenario's top-level ``log`` key."""

from __future__ import annotations

from pathlib import Path

import pytest

from aslgui.errors import AslError
from aslgui.model import load_scenario, save_scenario
from aslgui.model.log import LogEntry, log_text, log_with, read_log, set_log
from aslgui.resource_files import resource_path

ENTRY = LogEntry(
    turn=2, phase="MPh", player="german", summary="Push 37L AT into 1G4 (C10.3)",
    action={"kind": "push", "gun": "g1", "to_hex": "1G4", "pushers": ["c1"], "dice": {"colored": 2, "white": 3}},
    answer={"kind": "push", "legal": True, "reasons": [], "drm": [], "total_drm": 7, "m_number": 12,
            "max_dr_enter": 5, "outcome": {"final_dr": 12, "entered": True, "stopped": True}},
    drm=("X +3 (C10.3) TEM of the hex entered (stone building)", "Y +4 (C10.3) MF of the hex entered"),
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


def test_entry_text_shows_drm_lines_numbers_dice_and_outcome() -> None:
    assert ENTRY.text.splitlines() == [
        "Turn 2 MPh (german): Push 37L AT into 1G4 (C10.3)",
        "  X +3 (C10.3) TEM of the hex entered (stone building)",
        "  Y +4 (C10.3) MF of the hex entered",
        "  total_drm 7, m_number 12, max_dr_enter 5",
        "  dice: coloured 2 + white 3 = Original DR 5",
        "  outcome: final_dr 12, entered yes, stopped yes",
    ]
    assert log_text([ENTRY, ENTRY]) == ENTRY.text + "\n\n" + ENTRY.text


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
])
def test_a_broken_saved_log_names_its_json_path(broken: object, path: str) -> None:
    scenario = load_scenario(resource_path("examples", "c10_3_push.json"))
    scenario.extra["log"] = broken
    with pytest.raises(AslError) as error:
        read_log(scenario)
    assert error.value.path == path
