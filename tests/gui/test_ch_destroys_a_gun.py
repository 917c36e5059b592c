"""C3.71: a CH on a manned Gun destroys the Gun and its crew; Commit in the popup takes both off the
map in the same undoable step as the firer's marker and the log entry, and Undo puts them back."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from aslgui.model import scenario_from_json
from aslgui.model.log import read_log
from aslgui.ui.rehearsal.answer_words import outcome_summary
from aslgui.ui.rehearsal.options import set_option
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import rehearse

pytestmark = pytest.mark.gui

#: A Russian 76mm Gun in 4E5 (PFPh) and a German 75mm Gun manned by its crew three hexes away.
SITUATION: dict[str, Any] = {
    "boards": [{"id": "4", "col": 0, "row": 0}], "phase": "PFPh", "player": "russian",
    "units": [
        {"id": "g", "side": "russian", "nationality": "russian", "kind": "gun", "name": "76L ART", "hex": "4E5",
         "ca": "S/SW", "crew": "c"},
        {"id": "c", "side": "russian", "nationality": "russian", "kind": "crew", "name": "2-2-8", "hex": "4E5"},
        {"id": "eg", "side": "german", "nationality": "german", "kind": "gun", "name": "75L AT", "hex": "4E8",
         "ca": "N/NE", "crew": "ec"},
        {"id": "ec", "side": "german", "nationality": "german", "kind": "crew", "name": "2-2-8", "hex": "4E8"},
    ],
}


@pytest.mark.parametrize("target_type", ["infantry", "area"])
def test_c3_71_commit_of_a_ch_removes_the_gun_and_its_crew_and_undo_brings_them_back(
        target_type: str, window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = scenario_from_json(SITUATION)
    controller = rehearse(window, scenario)
    seen: dict[str, Any] = {}

    def commit_a_ch(popup: RehearsalPopup) -> int:
        kinds = [g.kind for g in popup.gestures]
        popup.choice.setCurrentIndex(kinds.index("fire"))
        set_option(popup.options["target_type"], target_type)
        popup.roll(1, 1, 1, 7)
        seen["outcome"] = popup.resolution.outcome if popup.resolution else None
        seen["text"] = popup.outcome_label.text()
        assert popup.commit_button.isEnabled()
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(RehearsalPopup, "exec", commit_a_ch)
    with qtbot.waitSignal(controller.committed, timeout=1000):
        window.scene.drop_counter("g", QPointF(*scenario.grid.center(scenario.grid.parse("4E8"))))
    # the Gun and its crew are both in the Location: each is listed, one pick for the CH (C3.32, C3.33, C3.74)
    assert {entry["id"]: entry["destroyed"] for entry in seen["outcome"]["targets"]} == {
        "eg": ["eg", "ec"], "ec": ["eg", "ec"]}
    assert "75L AT: Hit yes, Critical Hit yes" in seen["text"] and "IFT result destroyed" in seen["text"]
    assert "eg" not in window.scenario.units and "ec" not in window.scenario.units
    assert window.scenario.units["g"].fired is True
    [entry] = read_log(window.scenario)
    assert [target["destroyed"] for target in entry.answer["outcome"]["targets"]] == [["eg", "ec"], ["eg", "ec"]]
    summary = outcome_summary("fire", entry.answer["outcome"], entry.names)
    assert summary.startswith("Critical Hit") and summary.endswith(
        "\u2014 75L AT: Critical Hit, destroyed; 2-2-8 in 4E8: Critical Hit, destroyed")
    window.undo_stack.undo()
    assert {"eg", "ec"} <= set(window.scenario.units) and read_log(window.scenario) == []
    assert window.scenario.units["g"].fired is False
    window.undo_stack.redo()
    assert "eg" not in window.scenario.units and len(read_log(window.scenario)) == 1
