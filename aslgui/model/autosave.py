"""Autosave: each running copy of aslgui keeps its own recent copies of the situation and its
own crash marker, in one per-user folder. No Qt.

A session is one running copy, named by its pid and start time (``session-<pid>-<ns>.json`` is
its marker, ``autosave-<pid>-<ns>-...json`` its copies), so two windows never delete or rotate
each other's files.  The marker is written when a session starts and removed, with the
session's autosaves, when it ends cleanly; a marker whose process is gone (or whose pid now
belongs to a process started later) is a crashed session, and its autosaves are offered back.
"Gone" is decided without a race: a session holds a lock on ``session-<pid>-<ns>.lock`` from
before its marker is written, and the system drops it as the process dies; a killed process's
pid still answers until its parent reaps it, so a restart a second after a kill offered nothing.
A session runs only while its lock is held (where it has one) and its pid is alive, no zombie.
Every file is written atomically (``write_atomic``): a full disk leaves no empty marker that
would report a crash that never happened.
"""

from __future__ import annotations

import contextlib
import errno
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
        """Whether this session's process still runs (the same process, not a later one with its
        pid, nor a killed one its parent has not reaped yet)."""
        if not pid_running(self.pid):
            return False
        fields = _proc_stat(self.pid)
        if fields is None:
            return True
        if fields[0] in ("Z", "X", "x"):  # a zombie: killed, waiting for its parent (proc(5))
            return False
        return self.process_start is None or fields[19] == self.process_start


def _proc_stat(pid: int) -> list[str] | None:
    """Fields 3 on of ``/proc/<pid>/stat`` (state first); None where the system does not say."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            fields = handle.read().rsplit(")", 1)[-1].split()
    except OSError:
        return None
    return fields if len(fields) > 19 else None


def process_start(pid: int) -> str | None:
    """When process ``pid`` started, in the kernel's clock ticks since boot (Linux ``/proc``);
    None where the system does not say."""
    fields = _proc_stat(pid)
    return fields[19] if fields else None  # field 22, starttime (proc(5))


def lock_held(path: str) -> bool | None:
    """Whether a live process holds the lock on ``path``; None when no lock can tell (no such
    file, or no ``fcntl``)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return None
    try:
        handle = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError as error:
        return error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES)
    finally:
        os.close(handle)  # closing drops a lock taken here
    return False


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
        self._lock: int | None = None

    @property
    def marker(self) -> str:
        return os.path.join(self.folder, f"{MARKER_PREFIX}{self.session.key}.json")

    @property
    def lock_file(self) -> str:
        return os.path.join(self.folder, f"{MARKER_PREFIX}{self.session.key}.lock")

    def start_session(self) -> None:
        """Lock, then mark this session as running (OSError when the folder cannot be made or
        written): a marker is never seen without its lock held while the session lives."""
        os.makedirs(self.folder, exist_ok=True)
        self._take_lock()
        data = {"pid": self.session.pid, "started_ns": self.session.started_ns,
                "process_start": self.session.process_start}
        try:
            write_atomic(self.marker, json.dumps(data).encode("utf-8"))
        except OSError:
            self.end_session()  # no lock file left behind either
            raise

    def _take_lock(self) -> None:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: the pid decides
            return
        handle = os.open(self.lock_file, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(handle)
            raise
        self._lock = handle

    def is_running(self) -> bool:
        """Whether this session's process still runs: its lock held (when it has one) and its pid
        alive."""
        return lock_held(self.lock_file) is not False and self.session.is_running()

    def end_session(self) -> None:
        """A clean exit: this session's marker, lock and autosaves go (nothing left to recover)."""
        for path in [*self._paths(), self.marker, self.lock_file]:
            with contextlib.suppress(FileNotFoundError):
                os.remove(path)
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

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
            other = Autosaver(self.folder, self.keep, _read_marker(os.path.join(self.folder, name), match.group(1)))
            if not other.is_running():
                found.append(other)
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
        for path in (self.marker, self.lock_file):
            with contextlib.suppress(FileNotFoundError):
                os.remove(path)
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
