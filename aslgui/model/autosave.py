"""Autosave: each running copy of aslgui keeps its own recent copies of the situation and its
own crash marker, in one per-user folder. No Qt.

A session is one running copy, named by its pid and start time (``session-<pid>-<ns>.json`` is
its marker, ``autosave-<pid>-<ns>-...json`` its copies), so two windows never delete or rotate
each other's files.  The marker is written when a session starts and removed, with the
session's autosaves, when it ends cleanly; a marker whose process is gone (or whose pid now
belongs to a process started later) is a crashed session, and its autosaves are offered back.
Every file is written atomically (``write_atomic``): a full disk leaves no empty marker that
would report a crash that never happened.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import time
from dataclasses import dataclass
from typing import Any, NamedTuple

from aslgui.errors import AslError
from aslgui.model.scenario import Scenario, load_scenario, save_scenario
from aslgui.user_files import user_folder, write_atomic

#: Environment variable that moves the autosave folder (tests, portable installs).
FOLDER_ENV = "ASLGUI_AUTOSAVE_DIR"
MARKER_PREFIX = "session-"
PREFIX = "autosave-"
#: Prefix of autosaves the user kept for later after a crash: out of the rotation, never deleted.
KEPT_PREFIX = "kept-"
#: How many autosaves a session keeps; its oldest goes when a new one is written.
KEEP = 5
_MARKER_NAME = re.compile(r"session-(\d+-\d+)\.json")


def default_folder() -> str:
    """The per-user folder: ``$ASLGUI_AUTOSAVE_DIR``, else the platform's local state folder."""
    return os.environ.get(FOLDER_ENV) or os.path.join(user_folder("state"), "autosave")


class Session(NamedTuple):
    """One running copy of aslgui: its pid, when it started (ns), and the process's own start
    time as the system records it (Linux), which tells a reused pid from the original."""

    pid: int
    started_ns: int
    process_start: str | None = None

    @property
    def key(self) -> str:
        return f"{self.pid}-{self.started_ns}"

    @classmethod
    def this_process(cls) -> Session:
        return cls(os.getpid(), time.time_ns(), process_start(os.getpid()))

    def is_running(self) -> bool:
        """Whether this session's process still runs (the same process, not a later one with its pid)."""
        if not pid_running(self.pid):
            return False
        return self.process_start is None or process_start(self.pid) in (None, self.process_start)


def process_start(pid: int) -> str | None:
    """When process ``pid`` started, in the kernel's clock ticks since boot (Linux ``/proc``);
    None where the system does not say."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            fields = handle.read().rsplit(")", 1)[-1].split()
    except OSError:
        return None
    return fields[19] if len(fields) > 19 else None  # field 22, starttime (proc(5))


def pid_running(pid: int) -> bool:
    """Whether a process with this id exists."""
    if pid <= 0:
        return False
    if sys.platform == "win32":
        return _windows_pid_running(pid)
    try:
        os.kill(pid, 0)  # signal 0: checks without sending anything
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists but belongs to someone else, or the platform cannot tell
    return True


def _windows_pid_running(pid: int) -> bool:  # pragma: no cover - Windows only
    """There ``os.kill(pid, 0)`` would end the process: ask for its exit code instead."""
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    try:
        code = ctypes.c_ulong()
        return bool(kernel32.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


@dataclass(frozen=True)
class Autosave:
    """One recoverable copy: its file, when it was written (epoch seconds) and the situation's name."""

    path: str
    saved_at: float
    name: str

    def load(self) -> Scenario:
        return load_scenario(self.path)


class Autosaver:
    """The autosaves and marker of one session (this process's unless ``session`` is given)."""

    def __init__(self, folder: str | None = None, keep: int = KEEP, session: Session | None = None) -> None:
        self.folder = folder or default_folder()
        self.keep = keep
        self.session = session or Session.this_process()
        self._counter = 0

    @property
    def marker(self) -> str:
        return os.path.join(self.folder, f"{MARKER_PREFIX}{self.session.key}.json")

    def start_session(self) -> None:
        """Mark this session as running (OSError when the folder cannot be made or written)."""
        os.makedirs(self.folder, exist_ok=True)
        data = {"pid": self.session.pid, "started_ns": self.session.started_ns,
                "process_start": self.session.process_start}
        write_atomic(self.marker, json.dumps(data).encode("utf-8"))

    def end_session(self) -> None:
        """A clean exit: this session's marker and autosaves go (nothing left to recover)."""
        for path in [*self._paths(), self.marker]:
            with contextlib.suppress(FileNotFoundError):
                os.remove(path)

    def crashed_sessions(self) -> list[Autosaver]:
        """The other sessions whose marker is left but whose process is gone, newest first.
        A marker that does not read is a crashed session too (its autosaves tell)."""
        try:
            names = os.listdir(self.folder)
        except OSError:
            return []
        found = []
        for name in names:
            match = _MARKER_NAME.fullmatch(name)
            if match is None or match.group(1) == self.session.key:
                continue
            session = _read_marker(os.path.join(self.folder, name), match.group(1))
            if not session.is_running():
                found.append(Autosaver(self.folder, self.keep, session))
        return sorted(found, key=lambda saver: saver.session.started_ns, reverse=True)

    def save(self, scenario: Scenario) -> str:
        """Write a new autosave and drop this session's oldest beyond ``keep``; returns its path."""
        os.makedirs(self.folder, exist_ok=True)
        # Nanoseconds plus a counter: names sort by age even for saves in the same clock tick.
        self._counter += 1
        path = os.path.join(self.folder, f"{self._prefix}{time.time_ns():020d}-{self._counter:04d}.json")
        save_scenario(scenario, path)
        for old in self._paths()[self.keep :]:
            with contextlib.suppress(FileNotFoundError):
                os.remove(old)
        return path

    @property
    def _prefix(self) -> str:
        return f"{PREFIX}{self.session.key}-"

    def _paths(self) -> list[str]:
        """This session's autosave files, newest first."""
        try:
            names = os.listdir(self.folder)
        except OSError:
            return []
        own = [n for n in names if n.startswith(self._prefix) and n.endswith(".json")]
        return [os.path.join(self.folder, n) for n in sorted(own, reverse=True)]

    def recoverable(self) -> list[Autosave]:
        """This session's autosaves that load, newest first (a broken one is left out, not offered)."""
        out = []
        for path in self._paths():
            try:
                scenario = load_scenario(path)
                saved_at = os.path.getmtime(path)
            except (AslError, OSError):
                continue
            out.append(Autosave(path, saved_at, scenario.name))
        return out

    def set_aside(self) -> list[str]:
        """Keep this session's autosaves out of every rotation (renamed ``kept-autosave-...``) and
        drop its marker, so it is not offered again; the new paths, for telling the user where."""
        kept = []
        for path in self._paths():
            folder, name = os.path.split(path)
            target = os.path.join(folder, KEPT_PREFIX + name)
            with contextlib.suppress(FileNotFoundError):
                os.replace(path, target)
                kept.append(target)
        with contextlib.suppress(FileNotFoundError):
            os.remove(self.marker)
        return kept

    def discard(self) -> None:
        """Remove this session's autosaves and marker (the user said delete)."""
        self.end_session()


def _read_marker(path: str, key: str) -> Session:
    """The session a marker names; from its file name alone when the file does not read."""
    pid, started = (int(part) for part in key.split("-"))
    try:
        with open(path, encoding="utf-8") as handle:
            data: Any = json.load(handle)
    except (OSError, ValueError):
        return Session(pid, started)
    start = data.get("process_start") if isinstance(data, dict) else None
    return Session(pid, started, start if isinstance(start, str) else None)
