"""The autosave timer and the recovery offer after a crash (Qt, offscreen)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from aslgui.model import Scenario, load_scenario
from aslgui.model.autosave import Autosave, Autosaver, Session
from aslgui.resource_files import resource_path
from aslgui.ui.window.autosave import DISCARD, INTERVAL_MS, AutosaveController, RecoveryDialog
from aslgui.ui.window.main_window import MainWindow

pytestmark = pytest.mark.gui


class Window(QObject):
    """Stands in for the main window: a situation and whether it has unsaved changes."""

    def __init__(self) -> None:
        super().__init__()
        self.scenario: Scenario = load_scenario(resource_path("scenarios", "demo.json"))
        self.modified = False


def controller(tmp_path: Path, window: Window, interval_ms: int = INTERVAL_MS) -> AutosaveController:
    return AutosaveController(
        window, lambda: window.scenario, lambda: window.modified, Autosaver(str(tmp_path)), interval_ms
    )


def test_interval_is_a_few_minutes() -> None:
    assert 60_000 <= INTERVAL_MS <= 5 * 60_000


def test_timer_autosaves_only_unsaved_and_new_changes(qtbot: QtBot, tmp_path: Path) -> None:
    window = Window()
    saver = controller(tmp_path, window, interval_ms=20)
    assert saver.start() is None
    qtbot.wait(80)
    assert list(tmp_path.glob("autosave-*.json")) == []  # nothing unsaved yet
    window.modified = True
    window.scenario.turn = 3
    qtbot.waitUntil(lambda: len(list(tmp_path.glob("autosave-*.json"))) == 1, timeout=2000)
    qtbot.wait(80)
    assert len(list(tmp_path.glob("autosave-*.json"))) == 1  # the same situation is not written again
    window.scenario.turn = 4
    qtbot.waitUntil(lambda: len(list(tmp_path.glob("autosave-*.json"))) == 2, timeout=2000)
    assert [a.load().turn for a in saver.autosaver.recoverable()] == [4, 3]
    saver.finish()
    assert not saver.timer.isActive() and list(tmp_path.iterdir()) == []  # a clean exit leaves nothing


def crash_with_autosaves(tmp_path: Path, turns: Sequence[int]) -> None:
    """What a killed session leaves: autosaves and a marker of a process that is gone."""
    saver = Autosaver(str(tmp_path), session=Session(0, 1))  # pid 0: no process of ours
    saver.start_session()
    scenario = load_scenario(resource_path("scenarios", "demo.json"))
    for turn in turns:
        scenario.turn = turn
        saver.save(scenario)


def test_after_a_crash_the_chosen_autosave_is_reopened(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    crash_with_autosaves(tmp_path, [1, 2, 5])
    offered: list[list[int]] = []

    def choose_second(parent: object, autosaves: Sequence[Autosave]) -> Autosave:
        offered.append([a.load().turn for a in autosaves])
        return autosaves[1]

    monkeypatch.setattr(RecoveryDialog, "ask", classmethod(lambda cls, p, a: choose_second(p, a)))
    recovered = controller(tmp_path, Window()).start()
    assert offered == [[5, 2, 1]]  # newest first
    assert recovered is not None and recovered.turn == 2


def test_declining_recovery_keeps_the_autosaves_out_of_the_rotation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    crash_with_autosaves(tmp_path, [1])
    monkeypatch.setattr(RecoveryDialog, "ask", classmethod(lambda cls, parent, autosaves: None))
    assert controller(tmp_path, Window()).start() is None
    assert list(tmp_path.glob("autosave-*.json")) == []
    assert [load_scenario(p).turn for p in tmp_path.glob("kept-autosave-*.json")] == [1]


def test_deleting_on_recovery_removes_the_autosaves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    crash_with_autosaves(tmp_path, [1])
    monkeypatch.setattr(RecoveryDialog, "ask", classmethod(lambda cls, parent, autosaves: DISCARD))
    assert controller(tmp_path, Window()).start() is None
    assert list(tmp_path.glob("*autosave-*.json")) == []


def test_no_offer_after_a_clean_exit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = controller(tmp_path, Window())
    first.start()
    first.autosaver.save(load_scenario(resource_path("scenarios", "demo.json")))
    first.finish()

    def must_not_ask(parent: object, autosaves: Sequence[Autosave]) -> Autosave | None:
        raise AssertionError("asked to recover after a clean exit")

    monkeypatch.setattr(RecoveryDialog, "ask", classmethod(lambda cls, p, a: must_not_ask(p, a)))
    assert controller(tmp_path, Window()).start() is None


def test_the_window_autosaves_unsaved_edits_and_offers_them_back_after_a_crash(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = str(tmp_path / "autosave")
    window.autosave.autosaver = Autosaver(folder, session=Session(0, 1))  # a window whose process then dies
    window.autosave.autosaver.start_session()
    assert window.autosave.autosave_now() is None  # the demo as opened: nothing unsaved
    squad = window.scenario.units["s2"]
    window.move_unit("s2", window.scenario.grid.parse("4D8"))
    assert window.autosave.autosave_now() is not None

    monkeypatch.setattr(RecoveryDialog, "ask", classmethod(lambda cls, parent, autosaves: autosaves[0]))
    again = MainWindow(load_scenario(resource_path("scenarios", "demo.json")), None, window.settings)
    qtbot.addWidget(again)
    again.autosave.autosaver = Autosaver(folder)
    again.start_autosave()
    assert again.scenario.units["s2"].hex == window.scenario.grid.parse("4D8") != squad.hex
    assert not again.undo_stack.isClean() and again.path is None  # recovered work is unsaved work
    assert again.autosave.timer.isActive()
    again.autosave.finish()


def test_an_autosave_cut_short_is_said_unreadable_and_kept_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, infos: list[str]
) -> None:
    """A crashed session whose only copy was cut short offers nothing: the user hears why and where it is."""
    crash_with_autosaves(tmp_path, [1])
    [saved] = tmp_path.glob("autosave-*.json")
    saved.write_bytes(saved.read_bytes()[:700])

    def must_not_ask(parent: object, autosaves: Sequence[Autosave]) -> Autosave | None:
        raise AssertionError("offered a copy that does not read")

    monkeypatch.setattr(RecoveryDialog, "ask", classmethod(lambda cls, p, a: must_not_ask(p, a)))
    assert controller(tmp_path, Window()).start() is None
    [kept] = tmp_path.glob("kept-autosave-*.json")
    [told] = infos
    assert told.startswith("Autosaves kept: An earlier session did not end cleanly, but its autosaved copies could not "
                           "be read:\n")
    assert kept.name in told and "is not valid JSON" in told and f"kept in\n{tmp_path}\n" in told
