"""What every rehearsed turn must keep: undo walks back to where it started, redo replays it, and a
save reopened is the same scenario with the same log (issue 34)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from aslgui.model import scenario_to_json
from aslgui.model.log import read_log
from aslgui.ui.window.main_window import MainWindow


def assert_turn_undoes_redoes_and_saves(window: MainWindow, start: dict[str, Any], tmp_path: Path,
                                        at_start: Callable[[], object] | None = None) -> None:
    """Undo to ``start`` (then ``at_start`` checks the map there), redo to the played turn, save it
    and reopen it: the played scenario and its log each time."""
    played = scenario_to_json(window.scenario)
    log = [entry.to_json() for entry in read_log(window.scenario)]
    while window.undo_stack.canUndo():
        window.undo_stack.undo()
    assert scenario_to_json(window.scenario) == start
    if at_start is not None:
        at_start()
    while window.undo_stack.canRedo():
        window.undo_stack.redo()
    assert scenario_to_json(window.scenario) == played
    path = tmp_path / "turn.json"
    assert window._save_to(path) and window.open_file(path)
    assert scenario_to_json(window.scenario) == played
    assert [entry.to_json() for entry in read_log(window.scenario)] == log
