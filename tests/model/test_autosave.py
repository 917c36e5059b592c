"""Autosave: each running copy's own rotating copies and crash marker, and which sessions a
start offers back (no Qt; issue 16 items 2 and 6)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aslgui.model import load_scenario
from aslgui.model.autosave import FOLDER_ENV, Autosaver, Session, default_folder, process_start
from aslgui.resource_files import resource_path

DEMO = resource_path("scenarios", "demo.json")
GONE = Session(0, 1)  # pid 0 is no process of ours: a session whose process is gone


def test_folder_comes_from_the_environment_variable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(FOLDER_ENV, str(tmp_path / "elsewhere"))
    assert default_folder() == str(tmp_path / "elsewhere")
    assert Autosaver().folder == str(tmp_path / "elsewhere")


def test_default_folder_is_per_user_state(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(FOLDER_ENV, raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert default_folder() == str(tmp_path / "aslgui" / "autosave")


def test_a_clean_session_leaves_nothing_to_offer(tmp_path: Path) -> None:
    saver = Autosaver(str(tmp_path))
    saver.start_session()
    assert Path(saver.marker).name == f"session-{os.getpid()}-{saver.session.started_ns}.json"
    saver.save(load_scenario(DEMO))
    saver.end_session()
    assert list(tmp_path.iterdir()) == []
    assert Autosaver(str(tmp_path)).crashed_sessions() == []


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
    (tmp_path / f"autosave-{saver.session.key}-99999999999999999999-0001.json").write_text('{"units": [', "utf-8")
    assert [f.path for f in saver.recoverable()] == [good]


def test_two_sessions_never_touch_each_others_files(tmp_path: Path) -> None:
    """The audit: one window quitting deleted the other's marker, and one rotation held both."""
    first, second = Autosaver(str(tmp_path), keep=2), Autosaver(str(tmp_path), keep=2)
    assert first.session != second.session
    first.start_session()
    second.start_session()
    scenario = load_scenario(DEMO)
    first_paths = [first.save(scenario) for _ in range(2)]
    for _ in range(5):
        second.save(scenario)
    assert [a.path for a in first.recoverable()] == first_paths[::-1]  # the second's rotation left them
    second.end_session()
    assert Path(first.marker).exists() and [a.path for a in first.recoverable()] == first_paths[::-1]
    assert first.crashed_sessions() == []  # a running session is never offered


FINISHED_SESSION = """
import sys
import time
from aslgui.model import load_scenario
from aslgui.model.autosave import Autosaver
from aslgui.resource_files import resource_path

saver = Autosaver(sys.argv[1])
saver.start_session()
scenario = load_scenario(resource_path("scenarios", "demo.json"))
for turn in (1, 2):
    scenario.turn = turn
    saver.save(scenario)
if sys.argv[2] == "kill":
    import os, signal
    os.kill(os.getpid(), signal.SIGKILL)
if sys.argv[2] == "wait":
    print("ready", flush=True)
    sys.stdin.readline()
"""


def session_process(folder: Path, how: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", FINISHED_SESSION, str(folder), how], timeout=60, check=False,
                          capture_output=True, text=True)


def test_a_killed_session_is_offered_with_its_autosaves_newest_first(tmp_path: Path) -> None:
    assert session_process(tmp_path, "kill").returncode == -signal.SIGKILL
    this = Autosaver(str(tmp_path))
    this.start_session()
    [crashed] = this.crashed_sessions()
    assert [f.load().turn for f in crashed.recoverable()] == [2, 1]
    crashed.discard()
    assert this.crashed_sessions() == [] and sorted(tmp_path.iterdir()) == [Path(this.marker), Path(this.lock_file)]


def test_a_session_that_exited_without_ending_is_a_crash(tmp_path: Path) -> None:
    assert session_process(tmp_path, "exit").returncode == 0
    assert len(Autosaver(str(tmp_path)).crashed_sessions()) == 1


def test_a_running_session_is_another_window_not_a_crash(tmp_path: Path) -> None:
    with subprocess.Popen([sys.executable, "-c", FINISHED_SESSION, str(tmp_path), "wait"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True) as other:
        assert other.stdout is not None and other.stdout.readline() == "ready\n"
        this = Autosaver(str(tmp_path))
        assert this.crashed_sessions() == []
        this.start_session()
        this.discard()  # ending this session leaves the other's files alone
        assert len(list(tmp_path.glob("autosave-*.json"))) == 2
        other.communicate("\n", timeout=30)
    assert len(Autosaver(str(tmp_path)).crashed_sessions()) == 1  # it ended without end_session


@pytest.mark.skipif(process_start(os.getpid()) is None, reason="needs /proc start times")
def test_a_pid_reused_by_a_later_process_is_still_a_crash(tmp_path: Path) -> None:
    """The crashed copy's pid now belongs to another process (here: this one), started later."""
    gone = Autosaver(str(tmp_path), session=Session(os.getpid(), 1, "1"))
    gone.start_session()
    gone.save(load_scenario(DEMO))
    assert [s.session.key for s in Autosaver(str(tmp_path)).crashed_sessions()] == [gone.session.key]


def test_a_marker_that_does_not_read_is_judged_by_its_name(tmp_path: Path) -> None:
    (tmp_path / "session-0-5.json").write_text('{"pid": 12', encoding="utf-8")
    (tmp_path / f"session-{os.getpid()}-6.json").write_text("", encoding="utf-8")
    assert [s.session.key for s in Autosaver(str(tmp_path)).crashed_sessions()] == ["0-5"]


@pytest.mark.skipif(sys.platform == "win32", reason="needs RLIMIT_FSIZE")
def test_a_full_disk_leaves_no_marker_to_report_a_false_crash(tmp_path: Path) -> None:
    """The audit: on a full disk the marker was created empty, and the next start reported a crash."""
    script = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))\n"
        "from aslgui.model.autosave import Autosaver\n"
        "try:\n"
        "    Autosaver(sys.argv[1]).start_session()\n"
        "except OSError as error:\n"
        "    print('refused', error.errno)\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.stdout.startswith("refused"), done.stderr
    assert list(tmp_path.iterdir()) == []
    assert Autosaver(str(tmp_path)).crashed_sessions() == []


def test_the_marker_says_who_and_when(tmp_path: Path) -> None:
    saver = Autosaver(str(tmp_path))
    saver.start_session()
    data = json.loads(Path(saver.marker).read_text(encoding="utf-8"))
    assert data["pid"] == os.getpid() and data["started_ns"] == saver.session.started_ns
    assert data["process_start"] == process_start(os.getpid())


@pytest.mark.skipif(sys.platform == "win32", reason="a zombie and flock are POSIX")
def test_a_killed_window_not_yet_reaped_is_offered_at_once(tmp_path: Path) -> None:
    """Issue 28.7: a restart right after a kill offered nothing, as the killed process's pid still
    answered until its parent reaped it. Here it is killed and left unreaped (a zombie): its
    leftovers (marker, lock file, autosaves) are offered at once, every time."""
    with subprocess.Popen([sys.executable, "-c", FINISHED_SESSION, str(tmp_path), "wait"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True) as other:
        assert other.stdout is not None and other.stdout.readline() == "ready\n"
        assert Autosaver(str(tmp_path)).crashed_sessions() == []  # running: another window
        os.kill(other.pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while (process := _proc_state(other.pid)) not in ("Z", None) and time.monotonic() < deadline:
            time.sleep(0.005)  # the kernel tears it down; its parent (this test) does not reap it
        assert len(list(tmp_path.glob("session-*.lock"))) == 1, process
        [crashed] = Autosaver(str(tmp_path)).crashed_sessions()
        assert crashed.session.pid == other.pid and [f.load().turn for f in crashed.recoverable()] == [2, 1]
        other.kill()


def _proc_state(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0]
    except OSError:
        return None
