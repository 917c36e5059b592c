"""Autosave: rotating copies, a crash marker, and recovery newest first (no Qt)."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from aslgui.model import load_scenario
from aslgui.model.autosave import FOLDER_ENV, MARKER, Autosaver, default_folder
from aslgui.resource_files import resource_path

DEMO = resource_path("scenarios", "demo.json")


def test_folder_comes_from_the_environment_variable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(FOLDER_ENV, str(tmp_path / "elsewhere"))
    assert default_folder() == str(tmp_path / "elsewhere")
    assert Autosaver().folder == str(tmp_path / "elsewhere")


def test_default_folder_is_per_user_state(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(FOLDER_ENV, raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert default_folder() == str(tmp_path / "aslgui" / "autosave")


def test_clean_sessions_offer_no_recovery(tmp_path: Path) -> None:
    saver = Autosaver(str(tmp_path))
    assert saver.start_session() is False
    assert (tmp_path / MARKER).exists()
    saver.save(load_scenario(DEMO))
    saver.end_session()
    assert not (tmp_path / MARKER).exists()
    assert Autosaver(str(tmp_path)).start_session() is False


def test_saves_rotate_keeping_the_newest(tmp_path: Path) -> None:
    saver = Autosaver(str(tmp_path), keep=3)
    scenario = load_scenario(DEMO)
    for turn in range(1, 8):
        scenario.turn = turn
        saver.save(scenario)
    files = saver.recoverable()
    assert len(list(tmp_path.glob("autosave-*.json"))) == 3
    assert [f.load().turn for f in files] == [7, 6, 5]
    assert files[0].name == scenario.name and files[0].saved_at >= files[-1].saved_at


def test_a_broken_autosave_is_not_offered(tmp_path: Path) -> None:
    saver = Autosaver(str(tmp_path))
    good = saver.save(load_scenario(DEMO))
    (tmp_path / "autosave-99999999999999999999-0001.json").write_text('{"units": [', encoding="utf-8")
    assert [f.path for f in saver.recoverable()] == [good]


def test_a_marker_of_a_finished_process_means_a_crash(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    (tmp_path / MARKER).write_text(f'{{"pid": {done.stdout.strip()}}}', encoding="utf-8")
    assert Autosaver(str(tmp_path)).start_session() is True


def test_a_marker_of_a_running_process_is_another_session_not_a_crash(tmp_path: Path) -> None:
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as other:
        (tmp_path / MARKER).write_text(f'{{"pid": {other.pid}}}', encoding="utf-8")
        assert Autosaver(str(tmp_path)).last_session_crashed() is False
        other.kill()


def test_a_marker_cut_short_means_a_crash(tmp_path: Path) -> None:
    (tmp_path / MARKER).write_text('{"pid": 12', encoding="utf-8")
    assert Autosaver(str(tmp_path)).start_session() is True


CRASHING_SESSION = """
import os, signal, sys
from aslgui.model import load_scenario
from aslgui.model.autosave import Autosaver
from aslgui.resource_files import resource_path

saver = Autosaver(sys.argv[1])
saver.start_session()
scenario = load_scenario(resource_path("scenarios", "demo.json"))
for turn in (1, 2):
    scenario.turn = turn
    saver.save(scenario)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_killed_session_offers_its_autosaves_newest_first(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", CRASHING_SESSION, str(tmp_path)], timeout=60, check=False)
    assert done.returncode == -signal.SIGKILL
    saver = Autosaver(str(tmp_path))
    assert saver.start_session() is True
    assert [f.load().turn for f in saver.recoverable()] == [2, 1]
    saver.discard()
    assert saver.recoverable() == []
    saver.end_session()
    assert Autosaver(str(tmp_path)).start_session() is False
