"""Autosave as a user meets it (issue 16 items 2 and 6): real map windows, two of them running
at once, one killed, and an autosave folder that cannot be written."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from aslgui.model import Scenario, load_scenario
from aslgui.model import autosave as autosave_module
from aslgui.model.autosave import FOLDER_ENV, Autosaver
from aslgui.ui.widgets.dialogs import MessageBox
from aslgui.ui.window.autosave import RecoveryDialog
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow

pytestmark = [pytest.mark.gui, pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")]

#: A map window in a process of its own, as ``aslgui`` starts one: it moves squad s2 to the hex
#: given, autosaves, says so, and quits cleanly (discarding the change) on a line on stdin.
WINDOW = """
import sys
from PySide6.QtCore import QSocketNotifier
from PySide6.QtWidgets import QApplication
from aslgui.model import Scenario, load_scenario
from aslgui.model import autosave as autosave_module
from aslgui.ui.widgets.dialogs import MessageBox
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow

MessageBox.ask_save_changes = classmethod(lambda cls, parent, name: "discard")
app = QApplication(sys.argv[:1])
window = MainWindow(load_scenario(DEMO_PATH))
window.show()
window.start_autosave()
window.move_unit("s2", window.scenario.grid.parse(sys.argv[1]))
print("autosaved", window.autosave.autosave_now(), flush=True)
quit_on_input = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)
quit_on_input.activated.connect(window.close)
app.setQuitOnLastWindowClosed(True)
sys.exit(app.exec())
"""


class WindowProcess:
    """A running map window (its own process) that has autosaved s2 in ``hex_name``."""

    def __init__(self, folder: Path, hex_name: str) -> None:
        env = {**os.environ, FOLDER_ENV: str(folder), "QT_QPA_PLATFORM": "offscreen"}
        self.process = subprocess.Popen([sys.executable, "-c", WINDOW, hex_name], env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line.startswith("autosaved ") and line.strip() != "autosaved None", self.process.stderr
        self.autosave = Path(line.split(" ", 1)[1].strip())

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        assert self.process.wait(timeout=30) == -signal.SIGKILL

    def quit(self) -> None:
        _, err = self.process.communicate("quit\n", timeout=60)
        assert self.process.returncode == 0, err
        assert "Traceback" not in err

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)


@pytest.fixture(autouse=True)
def no_modal_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing a window with unsaved work discards it without asking (a modal box would hang)."""
    monkeypatch.setattr(MessageBox, "ask_save_changes", classmethod(lambda cls, parent, name: "discard"))


def record(monkeypatch: pytest.MonkeyPatch, kind: str) -> list[str]:
    """The texts ``MessageBox.<kind>`` would show (``info``, ``notice``), no box opened."""
    told: list[str] = []
    monkeypatch.setattr(MessageBox, kind, classmethod(lambda cls, parent, title, text: told.append(text)),
                        raising=False)
    return told


@pytest.fixture
def windows(tmp_path: Path) -> Iterator[list[WindowProcess]]:
    started: list[WindowProcess] = []
    yield started
    for window in started:
        window.stop()


def answer_recovery(qtbot: QtBot, row: int | None) -> list[str]:
    """Once the recovery dialog shows, note what it lists, then reopen row ``row`` (None: keep)."""
    listed: list[str] = []

    def press() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, RecoveryDialog)
        listed.extend(dialog.list.item(i).text() for i in range(dialog.list.count()))
        if row is None:
            qtbot.mouseClick(dialog.keep_button, Qt.MouseButton.LeftButton)
        else:
            dialog.list.setCurrentRow(row)
            qtbot.mouseClick(dialog.reopen_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, press)
    return listed


def test_a_killed_window_offers_its_work_and_a_running_one_keeps_its_own(
    qtbot: QtBot, tmp_path: Path, windows: list[WindowProcess], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two windows run; one is killed. The next start offers the killed one's autosave only,
    and the window still running keeps its marker and autosaves, then quits cleanly."""
    record(monkeypatch, "info")
    killed, running = WindowProcess(tmp_path, "4D8"), WindowProcess(tmp_path, "4G7")
    windows += [killed, running]
    assert killed.autosave.exists() and running.autosave.exists()
    killed.kill()

    again = MainWindow(load_scenario(DEMO_PATH))
    qtbot.addWidget(again)
    again.autosave.autosaver = Autosaver(str(tmp_path))
    listed = answer_recovery(qtbot, 0)
    again.start_autosave()
    assert len(listed) == 1  # only the killed window's copy
    assert again.scenario.units["s2"].hex == again.scenario.grid.parse("4D8")
    assert not again.undo_stack.isClean() and again.path is None  # recovered work is unsaved work
    assert running.autosave.exists()  # the running window's autosave is untouched
    assert not killed.autosave.exists() and (tmp_path / f"kept-{killed.autosave.name}").exists()

    running.quit()
    assert not running.autosave.exists()  # a clean exit takes its own files along
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"kept-{killed.autosave.name}", Path(again.autosave.autosaver.marker).name,
         Path(again.autosave.autosaver.lock_file).name])
    again.autosave.finish()


def test_two_killed_windows_each_offer_their_newest(
    qtbot: QtBot, tmp_path: Path, windows: list[WindowProcess], monkeypatch: pytest.MonkeyPatch
) -> None:
    told = record(monkeypatch, "info")
    first, second = WindowProcess(tmp_path, "4D8"), WindowProcess(tmp_path, "4G7")
    windows += [first, second]
    first.kill()
    second.kill()
    again = MainWindow(load_scenario(DEMO_PATH))
    qtbot.addWidget(again)
    again.autosave.autosaver = Autosaver(str(tmp_path))
    listed = answer_recovery(qtbot, None)
    again.start_autosave()
    assert len(listed) == 2
    assert sorted(p.name for p in tmp_path.glob("kept-*")) == sorted(
        f"kept-{w.autosave.name}" for w in (first, second))
    assert str(tmp_path) in told[0]
    again.autosave.finish()


def unwritable_folder(tmp_path: Path) -> Path:
    """A folder that cannot be created, even by root: its parent is a file."""
    (tmp_path / "not-a-folder").write_text("", encoding="utf-8")
    return tmp_path / "not-a-folder" / "autosave"


def test_an_unwritable_autosave_folder_is_said_once_and_the_window_works(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    told = record(monkeypatch, "notice")
    window = MainWindow(load_scenario(DEMO_PATH))
    qtbot.addWidget(window)
    window.autosave.autosaver = Autosaver(str(unwritable_folder(tmp_path)))
    window.start_autosave()
    assert len(told) == 1 and "Autosave is off" in told[0] and "not-a-folder" in told[0]
    window.move_unit("s2", window.scenario.grid.parse("4D8"))
    assert window.autosave.autosave_now() is None
    window.autosave.timer.timeout.emit()
    assert len(told) == 1  # said once, not every tick
    window.undo_stack.undo()
    assert window.scenario.units["s2"].hex == load_scenario(DEMO_PATH).units["s2"].hex
    window.autosave.finish()


def test_autosave_failing_later_is_shown_once_not_a_traceback_per_tick(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    told = record(monkeypatch, "notice")
    window = MainWindow(load_scenario(DEMO_PATH))
    qtbot.addWidget(window)
    folder = tmp_path / "autosave"
    window.autosave.autosaver = Autosaver(str(folder))
    window.start_autosave()
    window.move_unit("s2", window.scenario.grid.parse("4D8"))

    full = [True]
    real_save = autosave_module.save_scenario

    def disk_full(scenario: Scenario, path: str) -> None:
        if full[0]:
            raise OSError(28, "No space left on device")
        real_save(scenario, path)

    monkeypatch.setattr(autosave_module, "save_scenario", disk_full)
    for turn in (2, 3, 4):
        window.scenario.turn = turn
        window.autosave.timer.timeout.emit()
    assert len(told) == 1 and "No space left on device" in told[0]
    full[0] = False
    window.scenario.turn = 5
    assert window.autosave.autosave_now() is not None  # works again once there is room
    window.autosave.finish()


def test_aslgui_starts_with_an_unwritable_state_folder(tmp_path: Path) -> None:
    """The real program, as a user starts it, with ``XDG_STATE_HOME`` that cannot be created:
    it opens and paints its window, says why autosave is off, and exits cleanly."""
    env = {**os.environ, "XDG_STATE_HOME": str(unwritable_folder(tmp_path)), "QT_QPA_PLATFORM": "offscreen",
           "ASLGUI_QUIT_AFTER_FIRST_PAINT": "1"}
    env.pop(FOLDER_ENV, None)
    done = subprocess.run([sys.executable, "-m", "aslgui"], env=env, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "painted" in done.stdout and "Traceback" not in done.stderr
